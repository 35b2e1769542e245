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
    // Every panic redb raises while opening is one the store catches and
    // says so of (`panic_is_caught_as_damage`), so that a program's panic
    // hook can leave it unprinted: recorded here for this test's thread.
    let here = std::thread::current().id();
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let record = seen.clone();
    let print = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() == here {
            record
                .lock()
                .unwrap()
                .push(gs_image::panic_is_caught_as_damage());
        } else {
            print(info);
        }
    }));
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
    let _ = std::panic::take_hook();
    assert!(
        panics.is_empty(),
        "opening panicked for (offset, zeroed) {panics:?}"
    );
    let seen = seen.lock().unwrap();
    assert!(!seen.is_empty(), "some damage makes redb panic");
    assert!(
        seen.iter().all(|&caught| caught),
        "a panic while opening was not marked as caught: {seen:?}"
    );
}

/// Text no other part of a test image holds, so a byte search of the file
/// finds the row that stores it.
const MARKER: &str = "ChecksumMarkerQzjxvKwpf";

/// The image `make` writes, with method `A>>marked` answering a string
/// that holds [`MARKER`], committed after `later` further commits that
/// change other methods (so the page holding the method is written by an
/// older commit than the file's newest when `later > 0`). Answers the
/// method's source.
fn make_marked(path: &Path, later: usize) -> String {
    make(path);
    let source = format!("marked\n\t^'{MARKER}'");
    let image = Image::open_with(path, options()).unwrap();
    let mut s = image.session();
    s.compile_method("A", gs_image::Side::Instance, "marks", &source)
        .unwrap();
    s.commit().unwrap();
    for i in 0..later {
        s.compile_method(
            "B",
            gs_image::Side::Instance,
            "other",
            &format!("other{i}\n\t^{i}"),
        )
        .unwrap();
        s.commit().unwrap();
    }
    source
}

/// Flips one bit of the byte at `at` in every place the file holds
/// `needle` (each flipped byte stays ASCII, so the text still decodes:
/// only a checksum can tell). Answers how many places there were.
fn flip_in(path: &Path, needle: &[u8], at: usize) -> usize {
    let mut bytes = std::fs::read(path).unwrap();
    let places: Vec<usize> = bytes
        .windows(needle.len())
        .enumerate()
        .filter(|(_, w)| *w == needle)
        .map(|(i, _)| i)
        .collect();
    for &place in &places {
        bytes[place + at] ^= 0x01;
    }
    std::fs::write(path, &bytes).unwrap();
    places.len()
}

/// Asserts that opening `path` is refused as damaged, naming the file and
/// saying what to do, rather than serving what the flipped page says.
fn assert_refused_as_damaged(path: &Path, served: impl Fn(&Image) -> String) {
    match Image::open_with(path, options()) {
        Ok(image) => panic!(
            "a file with a flipped byte opened, serving {:?}",
            served(&image)
        ),
        Err(err) => {
            assert!(matches!(err, ImageError::Store(_)), "{err:?}");
            let text = err.to_string();
            assert!(
                text.contains("damaged")
                    && text.contains(&path.display().to_string())
                    && text.contains("backup"),
                "{text}"
            );
        }
    }
}

fn marked_source(image: &Image) -> String {
    image
        .session()
        .method_source("A", gs_image::Side::Instance, "marked")
        .unwrap_or_else(|e| format!("no method ({e})"))
}

#[test]
fn a_flipped_byte_in_a_method_s_source_is_refused_not_served() {
    let dir = tempfile::tempdir().unwrap();
    // The method's page written by the newest commit, and by an older one.
    for later in [0, 2] {
        let path = dir.path().join(format!("flipped-source-{later}.image"));
        make_marked(&path, later);
        assert!(
            flip_in(&path, MARKER.as_bytes(), 7) >= 1,
            "the marker is in the file"
        );
        assert_refused_as_damaged(&path, marked_source);
    }
}

#[test]
fn a_flipped_byte_in_a_class_record_is_refused_not_served() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("flipped-comment.image");
    make(&path);
    {
        let image = Image::open_with(&path, options()).unwrap();
        let mut s = image.session();
        s.set_class_comment("B", &format!("B keeps {MARKER}"))
            .unwrap();
        s.commit().unwrap();
    }
    assert!(
        flip_in(&path, MARKER.as_bytes(), 3) >= 1,
        "the marker is in the file"
    );
    assert_refused_as_damaged(&path, |image| {
        image
            .session()
            .class("B")
            .map(|c| c.comment)
            .unwrap_or_else(|e| format!("no class ({e})"))
    });
}

#[test]
fn an_intact_image_opens_and_serves_its_sources_after_clean_reopens() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("intact.image");
    let source = make_marked(&path, 2);
    for round in 0..3 {
        let image = Image::open_with(&path, options()).unwrap();
        assert_eq!(marked_source(&image), source, "round {round}");
        // A commit between reopens: the next open checks what it wrote.
        let mut s = image.session();
        s.compile_method(
            "A",
            gs_image::Side::Instance,
            "round",
            &format!("round\n\t^{round}"),
        )
        .unwrap();
        s.commit().unwrap();
    }
    let image = Image::open_with(&path, options()).unwrap();
    let s = image.session();
    assert_eq!(
        s.method_source("A", gs_image::Side::Instance, "round")
            .unwrap(),
        "round\n\t^2"
    );
}

/// After a failed commit the store opens the file again for the next one,
/// and checks it as opening does: a file damaged meanwhile refuses the
/// commit (and the next) as damaged, and what the image already loaded is
/// still served as it was.
#[test]
fn a_file_damaged_while_open_refuses_the_commit_after_a_failed_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged-while-open.image");
    let source = make_marked(&path, 0);
    let image = Image::open_with(&path, options()).unwrap();
    let mut s = image.session();
    s.compile_method("B", gs_image::Side::Instance, "later", "later\n\t^1")
        .unwrap();
    image.fail_next_commit_for_tests();
    s.commit().unwrap_err();
    // The failed commit closed the file; it is damaged before the next.
    assert_eq!(flip_in(&path, MARKER.as_bytes(), 7), 1);
    for _ in 0..2 {
        let err = s.commit().unwrap_err();
        let text = err.to_string();
        assert!(matches!(err, ImageError::Store(_)), "{err:?}");
        assert!(
            text.contains("damaged")
                && text.contains("after a failed commit")
                && text.contains("nothing was committed")
                && text.contains("backup"),
            "{text}"
        );
    }
    assert_eq!(marked_source(&image), source);
    drop(s);
    drop(image);
    assert_refused_as_damaged(&path, marked_source);
}
