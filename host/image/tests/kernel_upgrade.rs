//! Opening an image whose kernel class library came from an earlier build
//! brings it up to this build's, in one commit, keeping what the image
//! added to kernel classes. The fixture is a real image of the first
//! release (`tests/fixtures/first-release/`), whose kernel lacked, among
//! others, `DoubleByteString`: before, such an image kept its kernel, and
//! a string literal of wider characters read as nil.

use std::path::{Path, PathBuf};

use gs_image::{Image, OpenOptions, Side};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/first-release/first-release.gsimage"
);

/// A writable copy of the fixture in `dir`.
fn copy(dir: &Path) -> PathBuf {
    let path = dir.join("first-release.gsimage");
    std::fs::write(&path, std::fs::read(FIXTURE).unwrap()).unwrap();
    path
}

#[test]
fn an_image_of_the_first_release_gets_this_build_s_kernel_and_keeps_its_extensions() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy(dir.path());
    let image = Image::open(&path).unwrap();
    let upgrade = image.kernel_upgrade().expect("the kernel was upgraded");
    assert_eq!(upgrade.error, None);
    assert_eq!(
        upgrade.kept,
        [
            "Integer >> shopCents",
            "OffsetError >> object",
            "String >> shopShout"
        ]
    );
    assert!(upgrade.failed.is_empty(), "{:?}", upgrade.failed);
    assert!(
        upgrade
            .superseded
            .contains(&"TestCase >> assert:".to_string()),
        "{:?}",
        upgrade.superseded
    );
    let s = image.session();
    for class in [
        "DoubleByteString",
        "QuadByteString",
        "System",
        "DateAndTime",
    ] {
        assert!(s.class(class).is_ok_and(|r| r.kernel), "{class}");
    }
    assert!(
        s.method_source("String", Side::Instance, "shopShout")
            .unwrap()
            .contains("asUppercase")
    );
    assert_eq!(
        s.method_category("Integer", Side::Instance, "shopCents")
            .unwrap(),
        "*shop-extensions"
    );
    // The users' own classes are as they were.
    assert!(s.class("ShopItem").is_ok() && s.class("AcmeOrder").is_ok());
    assert!(image.kernel_is_current());
    drop(s);
    drop(image);
    // Once upgraded, opening again changes nothing.
    let image = Image::open(&path).unwrap();
    assert_eq!(image.kernel_upgrade(), None);
    assert!(image.kernel_is_current());
}

#[test]
fn opened_without_installing_a_kernel_the_image_is_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy(dir.path());
    let options = OpenOptions {
        install_kernel: false,
        ..OpenOptions::default()
    };
    let image = Image::open_with(&path, options).unwrap();
    let commit = image.newest_commit();
    assert_eq!(image.kernel_upgrade(), None);
    assert!(!image.kernel_is_current());
    assert!(image.session().class("DoubleByteString").is_err());
    drop(image);
    let image = Image::open_with(
        &path,
        OpenOptions {
            install_kernel: false,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    assert_eq!(image.newest_commit(), commit);
}

#[test]
fn a_new_image_has_this_build_s_kernel_and_is_not_upgraded_when_reopened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.gsimage");
    let image = Image::open(&path).unwrap();
    assert_eq!(image.kernel_upgrade(), None);
    let commit = image.newest_commit();
    drop(image);
    let image = Image::open(&path).unwrap();
    assert_eq!(image.kernel_upgrade(), None);
    assert_eq!(image.newest_commit(), commit);
}
