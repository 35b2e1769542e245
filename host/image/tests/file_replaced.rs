//! An image file deleted, renamed over or rewritten by another program
//! while an `Image` has it open: the next commit is refused before it
//! writes, naming what happened, and the session keeps its changes.
//! Before, such commits were acknowledged and then lost (written into an
//! unlinked file) or wrote through pages another program had rewritten,
//! damaging both files.

#![cfg(unix)]

use std::path::Path;

use gs_image::{ClassDefinition, Image, OpenOptions, RecompilePolicy};

fn open(path: &Path) -> Image {
    Image::open_with(
        path,
        OpenOptions {
            install_kernel: false,
            ..OpenOptions::default()
        },
    )
    .unwrap()
}

fn define(name: &str) -> ClassDefinition {
    ClassDefinition {
        name: name.into(),
        dictionary: "UserGlobals".into(),
        ..Default::default()
    }
}

/// Opens a new image at `dir/live.gsimage` with one class committed, and
/// keeps a copy of the file beside it.
fn live_image(dir: &Path) -> (Image, std::path::PathBuf, std::path::PathBuf) {
    let live = dir.join("live.gsimage");
    let image = open(&live);
    let mut s = image.session();
    s.define_class(define("Before"), RecompilePolicy::Refuse)
        .unwrap();
    s.commit().unwrap();
    let copy = dir.join("copy.gsimage");
    std::fs::copy(&live, &copy).unwrap();
    (image, live, copy)
}

/// Commits one more class and answers the commit's error.
fn commit_after(image: &Image) -> String {
    let mut s = image.session();
    s.define_class(define("After"), RecompilePolicy::Refuse)
        .unwrap();
    let e = s.commit().unwrap_err().to_string();
    assert!(
        s.uncommitted_changes().iter().any(|c| c.contains("After")),
        "the session keeps its change: {:?}",
        s.uncommitted_changes()
    );
    e
}

#[test]
fn a_commit_after_the_file_was_deleted_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (image, live, _) = live_image(dir.path());
    std::fs::remove_file(&live).unwrap();
    let e = commit_after(&image);
    assert!(
        e.contains("was deleted or renamed while this server had it open")
            && e.contains("nothing was committed"),
        "{e}"
    );
}

#[test]
fn a_commit_after_another_file_was_renamed_over_it_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (image, live, copy) = live_image(dir.path());
    std::fs::rename(&copy, &live).unwrap();
    let e = commit_after(&image);
    assert!(e.contains("was replaced by another file"), "{e}");
}

#[test]
fn a_commit_after_the_file_was_rewritten_in_place_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (image, live, copy) = live_image(dir.path());
    // A later commit, then the older copy written over the same inode, as
    // `cp backup live` does.
    let mut s = image.session();
    s.define_class(define("Middle"), RecompilePolicy::Refuse)
        .unwrap();
    s.commit().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(&live, std::fs::read(&copy).unwrap()).unwrap();
    let e = commit_after(&image);
    assert!(e.contains("was changed by another program"), "{e}");
}

#[test]
fn commits_of_an_untouched_file_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let (image, live, _) = live_image(dir.path());
    for name in ["One", "Two", "Three"] {
        let mut s = image.session();
        s.define_class(define(name), RecompilePolicy::Refuse)
            .unwrap();
        s.commit().unwrap();
    }
    drop(image);
    let reopened = open(&live);
    assert!(reopened.session().class("Three").is_ok());
    assert!(
        !reopened.was_repaired(),
        "a file closed cleanly needs no repair"
    );
}
