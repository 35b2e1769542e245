//! What a commit changed, as an image backend reports it: the classes and
//! methods it added, changed or removed, by name. The server turns them
//! into `notifications/resources/updated` for the clients subscribed to
//! the resources that show them.

use std::sync::Arc;

/// How a class or method changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChangeKind {
    /// It did not exist before the commit.
    Added,
    /// It existed and changed.
    Changed,
    /// It no longer exists.
    Removed,
}

/// One class or method a commit added, changed or removed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ImageChange {
    /// A class: its definition, comment or category, or the class itself.
    Class {
        /// Its name.
        name: String,
        /// How it changed.
        kind: ChangeKind,
    },
    /// A method.
    Method {
        /// Its class's name.
        class_name: String,
        /// True for the class side.
        meta: bool,
        /// Its selector.
        selector: String,
        /// How it changed.
        kind: ChangeKind,
    },
}

impl ImageChange {
    /// True if the commit added or removed a class: a listing of classes
    /// changed.
    pub fn adds_or_removes_class(&self) -> bool {
        matches!(
            self,
            ImageChange::Class {
                kind: ChangeKind::Added | ChangeKind::Removed,
                ..
            }
        )
    }
}

/// Told what each commit changed (see
/// `gs_broker::ImageSessionFactory::watch_commits`). It runs on the
/// committing thread while other commits wait, so it must only hand the
/// news on.
pub type CommitListener = Arc<dyn Fn(&[ImageChange]) + Send + Sync>;
