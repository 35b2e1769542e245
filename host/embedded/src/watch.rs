//! The embedded image's commits, told to a backend-neutral listener.

use gs_image::{ChangeKind as ImageKind, CommittedChange, Image, Side};
use gs_toolset::{ChangeKind, CommitListener, ImageChange};

/// Has `listener` told what every later commit to `image` changes, by any
/// session of this process.
pub fn watch_commits(image: &Image, listener: CommitListener) {
    image.on_commit(move |_, changes| {
        let changes: Vec<ImageChange> = changes.iter().map(image_change).collect();
        if !changes.is_empty() {
            listener(&changes);
        }
    });
}

fn image_change(c: &CommittedChange) -> ImageChange {
    let kind = |k: &ImageKind| match k {
        ImageKind::Added => ChangeKind::Added,
        ImageKind::Modified => ChangeKind::Changed,
        ImageKind::Removed => ChangeKind::Removed,
    };
    match c {
        CommittedChange::Class { name, kind: k } => ImageChange::Class {
            name: name.clone(),
            kind: kind(k),
        },
        CommittedChange::Method {
            class_name,
            side,
            selector,
            kind: k,
        } => ImageChange::Method {
            class_name: class_name.clone(),
            meta: *side == Side::Class,
            selector: selector.clone(),
            kind: kind(k),
        },
    }
}
