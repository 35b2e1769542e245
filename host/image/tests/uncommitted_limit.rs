//! The limit on what one session holds uncommitted
//! (`OpenOptions::max_uncommitted_bytes`): a change past it is refused,
//! saying what to do, and changes nothing; commit and abort empty the
//! count, a failed commit keeps it; another session is not held to this
//! one's count; an operator's file-in is not held to it at all.

mod common;

use gs_image::{
    DictionaryEntry, GlobalValue, Image, ImageError, ObjectBody, OpenOptions, Session, Side,
    StoredObject,
};

const LIMIT: usize = 1 << 20;

fn open(dir: &std::path::Path, install_kernel: bool) -> Image {
    Image::open_with(
        dir.join("limit.gsimage"),
        OpenOptions {
            install_kernel,
            max_uncommitted_bytes: LIMIT,
            ..OpenOptions::default()
        },
    )
    .unwrap()
}

/// An image with the root class `Big`, committed.
fn image_with_class(dir: &std::path::Path) -> Image {
    let image = open(dir, false);
    common::commit_root_class(&image, "Big");
    image
}

/// A method `selector` of about `bytes` bytes of source.
fn method(selector: &str, bytes: usize) -> String {
    format!("{selector}\n\t^ '{}'", "x".repeat(bytes))
}

/// Compiles 100 KiB methods `m0`, `m1`, … until one is refused; answers
/// how many were compiled and the refusal.
fn compile_until_refused(s: &mut Session) -> (usize, ImageError) {
    for i in 0.. {
        let source = method(&format!("m{i}"), 100 << 10);
        if let Err(e) = s.compile_method("Big", Side::Instance, "big", &source) {
            return (i, e);
        }
        assert!(
            i < 100,
            "never refused: {} bytes held",
            s.uncommitted_bytes()
        );
    }
    unreachable!()
}

fn assert_limit_message(e: &ImageError) {
    assert!(
        matches!(e, ImageError::UncommittedLimit { limit: LIMIT, .. }),
        "{e:?}"
    );
    let text = e.to_string();
    for words in [
        "cannot compile a method: this session holds 1003.",
        "KiB of uncommitted changes and this change adds 100.",
        "the most one session may hold is 1 MiB; commit or abort them, then continue",
    ] {
        assert!(text.contains(words), "{text:?} lacks {words:?}");
    }
    assert_eq!(e.kind(), "uncommitted-limit");
}

#[test]
fn compiling_past_the_limit_is_refused_until_a_commit_empties_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let image = image_with_class(dir.path());
    let mut s = image.session();
    let (compiled, e) = compile_until_refused(&mut s);
    assert_eq!(compiled, 10, "100 KiB methods fit ten times in 1 MiB");
    assert_limit_message(&e);
    // The refused method changed nothing.
    let held = s.uncommitted_bytes();
    assert!(held > 10 * (100 << 10) && held <= LIMIT, "{held}");
    assert!(s.method_source("Big", Side::Instance, "m10").is_err());
    assert_eq!(s.uncommitted_changes().len(), 10);

    s.commit().unwrap();
    assert_eq!(s.uncommitted_bytes(), 0);
    let (more, _) = compile_until_refused(&mut s);
    assert_eq!(more, 10, "after the commit, as many fit again");
}

#[test]
fn abort_empties_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let image = image_with_class(dir.path());
    let mut s = image.session();
    let (compiled, e) = compile_until_refused(&mut s);
    assert_limit_message(&e);
    s.abort();
    assert_eq!(s.uncommitted_bytes(), 0);
    let (again, _) = compile_until_refused(&mut s);
    assert_eq!(again, compiled);
}

#[test]
fn a_failed_commit_keeps_the_count_with_the_changes() {
    let dir = tempfile::tempdir().unwrap();
    let image = image_with_class(dir.path());
    let mut ours = image.session();
    let mut theirs = image.session();
    ours.compile_method("Big", Side::Instance, "big", &method("m0", 600 << 10))
        .unwrap();
    theirs
        .compile_method("Big", Side::Instance, "big", &method("m0", 10))
        .unwrap();
    theirs.commit().unwrap();
    let held = ours.uncommitted_bytes();
    assert!(matches!(ours.commit(), Err(ImageError::Conflict(_))));
    assert_eq!(ours.uncommitted_bytes(), held);
    let refused = ours.compile_method("Big", Side::Instance, "big", &method("m1", 600 << 10));
    assert!(
        matches!(refused, Err(ImageError::UncommittedLimit { .. })),
        "{refused:?}"
    );
}

#[test]
fn another_session_is_not_held_to_this_one_s_count() {
    let dir = tempfile::tempdir().unwrap();
    let image = image_with_class(dir.path());
    let mut full = image.session();
    let (_, e) = compile_until_refused(&mut full);
    assert_limit_message(&e);
    let mut other = image.session();
    assert_eq!(other.uncommitted_bytes(), 0);
    for i in 0..10 {
        other
            .compile_method(
                "Big",
                Side::Instance,
                "big",
                &method(&format!("n{i}"), 100 << 10),
            )
            .unwrap();
    }
    other.commit().unwrap();
}

#[test]
fn a_value_set_again_counts_once_and_taking_changes_back_is_never_refused() {
    let dir = tempfile::tempdir().unwrap();
    let image = image_with_class(dir.path());
    let mut s = image.session();
    // A comment, a global and an object, each set again and again: only
    // the newest of each is held.
    for round in 0..5 {
        let text = format!("{round}{}", "c".repeat(200 << 10));
        s.set_class_comment("Big", &text).unwrap();
        s.bind(
            "UserGlobals",
            "Text",
            DictionaryEntry::Global(GlobalValue::String(text.clone())),
        )
        .unwrap();
        let class = s.class_id("Big").unwrap();
        let object = StoredObject {
            class,
            invariant: false,
            names: Vec::new(),
            named: Vec::new(),
            body: ObjectBody::Bytes(text.into_bytes()),
        };
        let id = gs_image::ObjectId(1);
        s.store_object(id, object).unwrap();
    }
    let held = s.uncommitted_bytes();
    assert!(held > 600 << 10 && held < 700 << 10, "{held}");
    // A new object past the limit is refused; nothing is stored.
    let class = s.class_id("Big").unwrap();
    let big = StoredObject {
        class,
        invariant: false,
        names: Vec::new(),
        named: Vec::new(),
        body: ObjectBody::Bytes(vec![b'o'; 500 << 10]),
    };
    let refused = s.store_object(gs_image::ObjectId(2), big);
    assert!(
        matches!(
            &refused,
            Err(e @ ImageError::UncommittedLimit { what: "store an object", .. })
                if e.to_string().contains("cannot store an object")
        ),
        "{refused:?}"
    );
    assert!(s.object(gs_image::ObjectId(2)).is_none());
    // Taking changes back gives their bytes back and is never refused.
    s.unbind("UserGlobals", "Text").unwrap();
    s.set_class_comment("Big", "").unwrap();
    assert!(s.uncommitted_bytes() < 300 << 10);
}

/// A project of `classes` classes with `methods` methods of about
/// `bytes` bytes each, as Topaz text.
fn project(classes: usize, methods: usize, bytes: usize) -> String {
    let mut text = String::new();
    for c in 0..classes {
        text.push_str(&format!(
            "doit\nObject subclass: 'Proj{c}'\n  instVarNames: #(a b)\n  classVars: #()\n  \
             classInstVars: #()\n  poolDictionaries: #()\n  inDictionary: UserGlobals\n%\n\
             doit\nUserGlobals at: #Proj{c}Note put: '{}'\n%\n\
             doit\nProj{c} comment: '{}'\n%\ncategory: 'proj'\n",
            "n".repeat(bytes),
            "c".repeat(bytes)
        ));
        for m in 0..methods {
            text.push_str(&format!(
                "method: Proj{c}\nm{m}\n\t^ a + b + '{}' size\n%\n",
                "x".repeat(bytes)
            ));
        }
    }
    text
}

#[test]
fn an_operator_s_file_in_of_a_large_project_is_not_held_to_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let image = open(dir.path(), true);
    let mut s = image.session();
    // 4 MiB of method source, four times the limit, in one load.
    let text = project(20, 50, 4 << 10);
    assert!(text.len() > 4 * LIMIT);
    let report = gs_image::filein::file_in_text(&mut s, "project.gs", &text);
    assert!(report.is_clean(), "{:#?}", report.failures);
    assert_eq!(report.methods, 1000);
    s.commit().unwrap();
    let source = s.method_source("Proj19", Side::Instance, "m49").unwrap();
    assert!(source.len() > 4 << 10, "{}", source.len());
    assert_eq!(s.class("Proj19").unwrap().comment.len(), 4 << 10);
    assert!(matches!(
        s.entry("UserGlobals", "Proj19Note"),
        Some(DictionaryEntry::Global(GlobalValue::String(note))) if note.len() == 4 << 10
    ));
    // The limit holds again after the load.
    s.compile_method("Proj0", Side::Instance, "proj", &method("x", 100 << 10))
        .unwrap();
    let refused = s.compile_method("Proj0", Side::Instance, "proj", &method("y", LIMIT));
    assert!(
        matches!(refused, Err(ImageError::UncommittedLimit { .. })),
        "{refused:?}"
    );
}
