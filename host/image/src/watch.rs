//! Commit listeners: what each commit added, changed or removed, by name,
//! told to whoever asked (the server, to notify clients subscribed to a
//! class or a method).

use crate::error::ChangeKind;
use crate::model::Side;
use crate::state::{Interner, Key, State};

/// One class or method a commit added, changed or removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommittedChange {
    /// A class: its definition, comment or category (or the class itself,
    /// when added or removed).
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
        /// Which side of the class.
        side: Side,
        /// Its selector.
        selector: String,
        /// How it changed.
        kind: ChangeKind,
    },
}

/// Called after each commit with its number and what it changed. It runs
/// on the committing thread while commits wait, so it must be quick.
pub type CommitListener = Box<dyn Fn(u64, &[CommittedChange]) + Send + Sync>;

/// The classes and methods among `writes`, named from the state after the
/// commit (`after`) or, for what it removed, the state before (`before`).
pub(crate) fn committed_changes(
    writes: &[(Key, ChangeKind)],
    before: &State,
    after: &State,
    interner: &Interner,
) -> Vec<CommittedChange> {
    let class_name = |id| {
        after
            .classes
            .get(id)
            .or_else(|| before.classes.get(id))
            .map(|r| r.definition.name.clone())
    };
    writes
        .iter()
        .filter_map(|(key, kind)| match key {
            Key::Class(id) => Some(CommittedChange::Class {
                name: class_name(id)?,
                kind: *kind,
            }),
            Key::Method(m) => Some(CommittedChange::Method {
                class_name: class_name(&m.class)?,
                side: m.side,
                selector: interner.resolve(m.selector).to_string(),
                kind: *kind,
            }),
            _ => None,
        })
        .collect()
}
