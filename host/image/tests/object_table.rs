//! The object table: persistent objects stored by id commit with the rest
//! of a session's changes, conflict when two sessions store the same
//! object, survive reopening, and vanish on abort.

use gs_image::{
    ClassDefinition, DictionaryEntry, Image, ImageError, ObjectBody, ObjectId, ObjectValue,
    OpenOptions, RecompilePolicy, StoredObject,
};

fn open(path: &std::path::Path) -> Image {
    Image::open_with(
        path,
        OpenOptions {
            install_kernel: false,
            ..OpenOptions::default()
        },
    )
    .unwrap()
}

/// An image with a root class `Object` and `Point` (x, y).
fn setup(path: &std::path::Path) -> Image {
    let image = open(path);
    let mut s = image.session();
    for (name, superclass, vars) in [
        ("Object", None, vec![]),
        ("Point", Some("Object"), vec!["x", "y"]),
    ] {
        s.define_class(
            ClassDefinition {
                name: name.into(),
                superclass: superclass.map(Into::into),
                inst_vars: vars.into_iter().map(Into::into).collect(),
                dictionary: "UserGlobals".into(),
                ..Default::default()
            },
            RecompilePolicy::Refuse,
        )
        .unwrap();
    }
    s.commit().unwrap();
    image
}

fn point(image: &Image, x: i64, next: Option<ObjectId>) -> StoredObject {
    let s = image.session();
    StoredObject {
        class: s.class_id("Point").unwrap(),
        invariant: false,
        names: vec!["x".into(), "y".into()],
        named: vec![
            ObjectValue::Integer(x),
            next.map_or(ObjectValue::Nil, ObjectValue::Object),
        ],
        body: ObjectBody::None,
    }
}

#[test]
fn objects_commit_atomically_with_their_binding_and_survive_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("objects.image");
    let (a, b);
    {
        let image = setup(&path);
        let mut s = image.session();
        a = s.new_object_id();
        b = s.new_object_id();
        assert_ne!(a, b);
        // A cycle: a -> b -> a.
        s.store_object(a, point(&image, 1, Some(b))).unwrap();
        s.store_object(b, point(&image, 2, Some(a))).unwrap();
        s.bind(
            "UserGlobals",
            "Origin",
            DictionaryEntry::Object(ObjectValue::Object(a)),
        )
        .unwrap();
        let other = image.session();
        assert!(other.object(a).is_none(), "not visible before commit");
        s.commit().unwrap();
        assert_eq!(image.session().object(b), Some(&point(&image, 2, Some(a))));
    }
    let image = open(&path);
    let s = image.session();
    assert_eq!(s.object_count(), 2);
    assert_eq!(s.object(a), Some(&point(&image, 1, Some(b))));
    assert_eq!(
        s.entry("UserGlobals", "Origin"),
        Some(DictionaryEntry::Object(ObjectValue::Object(a)))
    );
    // Ids are never reused after a reopen.
    let c = s.new_object_id();
    assert!(c.0 > b.0, "{c:?} after {b:?}");
}

#[test]
fn aborting_drops_stored_objects() {
    let dir = tempfile::tempdir().unwrap();
    let image = setup(&dir.path().join("abort.image"));
    let mut s = image.session();
    let id = s.new_object_id();
    s.store_object(id, point(&image, 5, None)).unwrap();
    assert!(s.needs_commit());
    s.abort();
    assert!(s.object(id).is_none());
    assert!(!s.needs_commit());
}

#[test]
fn storing_the_same_object_in_two_sessions_conflicts_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let image = setup(&dir.path().join("conflict.image"));
    let mut s = image.session();
    let id = s.new_object_id();
    let other = s.new_object_id();
    s.store_object(id, point(&image, 0, None)).unwrap();
    s.store_object(other, point(&image, 0, None)).unwrap();
    s.commit().unwrap();

    let mut first = image.session();
    let mut second = image.session();
    first.store_object(id, point(&image, 1, None)).unwrap();
    second.store_object(id, point(&image, 2, None)).unwrap();
    // A different object does not conflict.
    second.store_object(other, point(&image, 3, None)).unwrap();
    first.commit().unwrap();
    let err = second.commit().unwrap_err();
    let ImageError::Conflict(report) = &err else {
        panic!("{err:?}")
    };
    assert_eq!(report.conflicts.len(), 1, "{err}");
    assert_eq!(
        report.conflicts[0].what,
        format!("object #{} (an instance of Point)", id.0)
    );
    // Nothing of the failed commit landed.
    assert_eq!(image.session().object(other), Some(&point(&image, 0, None)));
}

#[test]
fn storing_an_unchanged_object_is_not_a_change() {
    let dir = tempfile::tempdir().unwrap();
    let image = setup(&dir.path().join("same.image"));
    let mut s = image.session();
    let id = s.new_object_id();
    s.store_object(id, point(&image, 4, None)).unwrap();
    s.commit().unwrap();
    s.store_object(id, point(&image, 4, None)).unwrap();
    assert!(!s.needs_commit());
}

#[test]
fn bad_objects_and_bindings_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let image = setup(&dir.path().join("bad.image"));
    let mut s = image.session();
    let id = s.new_object_id();
    let mut bad = point(&image, 1, None);
    bad.class = gs_image::ClassId(999_999);
    let err = s.store_object(id, bad).unwrap_err();
    assert!(err.to_string().contains("no class with id 999999"), "{err}");
    let mut bad = point(&image, 1, None);
    bad.names.pop();
    let err = s.store_object(id, bad).unwrap_err();
    assert!(
        err.to_string()
            .contains("1 instance variable names but 2 values"),
        "{err}"
    );
    let err = s
        .bind(
            "UserGlobals",
            "Nowhere",
            DictionaryEntry::Object(ObjectValue::Object(ObjectId(424_242))),
        )
        .unwrap_err();
    assert!(
        err.to_string().contains("no persistent object #424242"),
        "{err}"
    );
    assert!(!s.needs_commit());
}
