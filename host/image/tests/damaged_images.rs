//! Damaged image files are refused as damaged, never crash the process:
//! class links that lead nowhere or loop (which the interpreter would
//! follow without checking) and pages redb cannot make sense of.

use std::path::Path;

use gs_image::{ClassDefinition, Image, ImageError, OpenOptions, RecompilePolicy};
use redb::{ReadableTable, TableDefinition};

const CLASSES: TableDefinition<u64, &[u8]> = TableDefinition::new("classes");
const ENTRIES: TableDefinition<(&str, &str), &[u8]> = TableDefinition::new("entries");

fn options() -> OpenOptions {
    OpenOptions {
        install_kernel: false,
        ..OpenOptions::default()
    }
}

/// An image with Object, A (under Object) and B (under A); the ids of A
/// and B.
fn make(path: &Path) -> (u64, u64) {
    let image = Image::open_with(path, options()).unwrap();
    let mut s = image.session();
    for (name, superclass) in [("Object", None), ("A", Some("Object")), ("B", Some("A"))] {
        s.define_class(
            ClassDefinition {
                name: name.into(),
                superclass: superclass.map(Into::into),
                dictionary: "UserGlobals".into(),
                ..Default::default()
            },
            RecompilePolicy::Refuse,
        )
        .unwrap();
    }
    s.commit().unwrap();
    (s.class("A").unwrap().id.0, s.class("B").unwrap().id.0)
}

/// Rewrites the class row `id` with its superclass id set to `superclass`.
/// A class row is postcard: its id, then its superclass as `1` and the id
/// (each one byte for ids below 128).
fn set_superclass(path: &Path, id: u64, superclass: u64) {
    let db = redb::Database::open(path).unwrap();
    let txn = db.begin_write().unwrap();
    {
        let mut classes = txn.open_table(CLASSES).unwrap();
        let mut row = classes.get(id).unwrap().unwrap().value().to_vec();
        assert_eq!(&row[..2], &[id as u8, 1], "a class row with a superclass");
        row[2] = superclass as u8;
        classes.insert(id, row.as_slice()).unwrap();
    }
    txn.commit().unwrap();
}

fn assert_damaged(path: &Path, detail: &str) {
    let err = Image::open_with(path, options()).unwrap_err();
    assert!(matches!(err, ImageError::Store(_)), "{err:?}");
    let text = err.to_string();
    assert!(text.contains("damaged") && text.contains(detail), "{text}");
}

#[test]
fn a_superclass_chain_that_loops_is_refused_as_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cycle.image");
    let (a, b) = make(&path);
    set_superclass(&path, a, b);
    assert_damaged(&path, "loops");
}

#[test]
fn a_missing_superclass_is_refused_as_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("missing.image");
    let (_, b) = make(&path);
    set_superclass(&path, b, 99);
    assert_damaged(&path, "superclass id 99");
}

#[test]
fn a_dictionary_entry_naming_a_missing_class_is_refused_as_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("entry.image");
    make(&path);
    {
        let db = redb::Database::open(&path).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let mut entries = txn.open_table(ENTRIES).unwrap();
            // DictionaryEntry::Class(99): variant 0, then the id.
            entries
                .insert(("UserGlobals", "B"), [0u8, 99].as_slice())
                .unwrap();
        }
        txn.commit().unwrap();
    }
    assert_damaged(&path, "class id 99");
}

/// Zeroes each page of an image in turn, and flips a bit in each: opening
/// must answer (an image or an error), never panic.
#[test]
fn damaged_pages_never_crash_opening() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.image");
    make(&good);
    {
        // Some rows beyond the first page.
        let image = Image::open_with(&good, options()).unwrap();
        let mut s = image.session();
        for i in 0..200 {
            s.compile_method(
                "A",
                gs_image::Side::Instance,
                "gen",
                &format!("m{i}\n\t^'{}'", "x".repeat(64)),
            )
            .unwrap();
        }
        s.commit().unwrap();
    }
    let bytes = std::fs::read(&good).unwrap();
    let page = 4096;
    let mut panics = Vec::new();
    for at in (page..bytes.len()).step_by(page) {
        for zero in [true, false] {
            let mut damaged = bytes.clone();
            let end = (at + page).min(damaged.len());
            if zero {
                damaged[at..end].fill(0);
            } else {
                damaged[at + 100.min(end - at - 1)] ^= 0x10;
            }
            let path = dir.path().join(format!("bad-{at}-{zero}.image"));
            std::fs::write(&path, &damaged).unwrap();
            let opened = std::panic::catch_unwind(|| {
                let _ = Image::open_with(&path, options()).map(|image| {
                    // Reading every class must not crash either.
                    let s = image.session();
                    for name in s.all_classes() {
                        let _ = s.superclass_chain(&name);
                    }
                });
            });
            if opened.is_err() {
                panics.push((at, zero));
            }
        }
    }
    assert!(
        panics.is_empty(),
        "opening panicked for (offset, zeroed) {panics:?}"
    );
}
