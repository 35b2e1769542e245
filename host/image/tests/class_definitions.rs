//! Defining classes as GemStone code expects: a class takes a name bound
//! to nil (a project's declared class names), a plain `subclass:` takes its
//! superclass's format, and a removed instance variable's values stay gone
//! when the variable comes back.

mod common;

use std::path::Path;

use gs_image::{
    ClassDefinition, ClassKind, DictionaryEntry, GlobalValue, Image, ImageError, ObjectBody,
    ObjectValue, OpenOptions, RecompilePolicy, StoredObject,
};

/// `name` under `superclass` in UserGlobals, of `kind`, with `vars`.
fn class(name: &str, superclass: &str, kind: ClassKind, vars: &[&str]) -> ClassDefinition {
    ClassDefinition {
        name: name.into(),
        superclass: Some(superclass.into()),
        kind,
        inst_vars: vars.iter().map(|v| v.to_string()).collect(),
        dictionary: "UserGlobals".into(),
        ..Default::default()
    }
}

/// The image at `path` without the kernel, holding only the root class
/// `Object` (committed).
fn image_with_object(path: &Path) -> Image {
    let image = Image::open_with(
        path,
        OpenOptions {
            install_kernel: false,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    common::commit_root_class(&image, "Object");
    image
}

/// GemStone code declares a project's class names so (`UserGlobals at:
/// #Foo put: nil`) before defining the classes, so they can refer to each
/// other in any order. A name bound to any other value is still refused.
#[test]
fn a_class_takes_a_name_declared_as_nil_but_not_one_bound_to_a_value() {
    let dir = tempfile::tempdir().unwrap();
    let image = image_with_object(&dir.path().join("t.image"));
    let mut s = image.session();
    s.bind(
        "UserGlobals",
        "Literal",
        DictionaryEntry::Global(GlobalValue::Nil),
    )
    .unwrap();
    s.bind(
        "UserGlobals",
        "Stored",
        DictionaryEntry::Object(ObjectValue::Nil),
    )
    .unwrap();
    s.bind(
        "UserGlobals",
        "Taken",
        DictionaryEntry::Global(GlobalValue::Integer("3".into())),
    )
    .unwrap();
    s.commit().unwrap();

    let plain = |name: &str| class(name, "Object", ClassKind::Pointers, &[]);
    for name in ["Literal", "Stored"] {
        s.define_class(plain(name), RecompilePolicy::Refuse)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            matches!(
                s.entry("UserGlobals", name),
                Some(DictionaryEntry::Class(_))
            ),
            "{name}"
        );
    }
    let refused = s
        .define_class(plain("Taken"), RecompilePolicy::Refuse)
        .unwrap_err();
    assert!(
        matches!(&refused, ImageError::Refused(m) if m.contains("Taken in UserGlobals is bound to a global value, not a class")),
        "{refused}"
    );
    s.commit().unwrap();
    let reread = image.session();
    assert!(matches!(
        reread.entry("UserGlobals", "Stored"),
        Some(DictionaryEntry::Class(_))
    ));
}

/// As in GemStone, `subclass:` of an indexable class is indexable, of a
/// byte class a byte class (which has no named instance variables).
#[test]
fn a_plain_subclass_takes_its_superclass_s_format() {
    let dir = tempfile::tempdir().unwrap();
    let image = image_with_object(&dir.path().join("t.image"));
    let mut s = image.session();
    let mut define = |d: ClassDefinition| s.define_class(d, RecompilePolicy::Refuse).map(|_| ());
    define(class("Slots", "Object", ClassKind::Indexable, &[])).unwrap();
    define(class("Bytes", "Object", ClassKind::Bytes, &[])).unwrap();
    define(class("MySlots", "Slots", ClassKind::Pointers, &["extra"])).unwrap();
    define(class("MyBytes", "Bytes", ClassKind::Pointers, &[])).unwrap();
    define(class("Plain", "Object", ClassKind::Pointers, &[])).unwrap();
    let refused = define(class("Named", "Bytes", ClassKind::Pointers, &["a"])).unwrap_err();
    assert!(
        matches!(&refused, ImageError::InvalidArgument(m) if m == "byte class Named cannot have \
            named instance variables (a); it is a byte class because its superclass is; remove them"),
        "{refused}"
    );
    let kind = |name: &str| s.class(name).unwrap().definition.kind;
    assert_eq!(kind("MySlots"), ClassKind::Indexable);
    assert_eq!(kind("MyBytes"), ClassKind::Bytes);
    assert_eq!(kind("Plain"), ClassKind::Pointers);
}

/// An object migrates by name when it is next stored, so an instance never
/// stored since a variable was removed still held its value, and the
/// variable's return brought it back; now it reads nil, as an instance
/// stored in between does.
#[test]
fn a_variable_removed_and_added_again_brings_no_old_value_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.image");
    let image = image_with_object(&path);
    let mut s = image.session();
    let shape = |vars: &[&str]| class("Cd", "Object", ClassKind::Pointers, vars);
    let id = s
        .define_class(shape(&["a", "b"]), RecompilePolicy::Refuse)
        .unwrap()
        .id;
    let object = |names: &[&str], named: Vec<ObjectValue>| StoredObject {
        class: id,
        invariant: false,
        names: names.iter().map(|n| n.to_string()).collect(),
        named,
        body: ObjectBody::None,
    };
    let (untouched, rewritten) = (s.new_object_id(), s.new_object_id());
    for oid in [untouched, rewritten] {
        s.store_object(
            oid,
            object(
                &["a", "b"],
                vec![ObjectValue::Integer(1), ObjectValue::Integer(2)],
            ),
        )
        .unwrap();
    }
    s.commit().unwrap();

    s.define_class(shape(&["a"]), RecompilePolicy::RemoveFailing)
        .unwrap();
    s.commit().unwrap();
    // One instance is stored again under the new shape; the other is not.
    s.store_object(rewritten, object(&["a"], vec![ObjectValue::Integer(5)]))
        .unwrap();
    s.commit().unwrap();

    s.define_class(shape(&["a", "b"]), RecompilePolicy::RemoveFailing)
        .unwrap();
    for oid in [untouched, rewritten] {
        assert_eq!(s.object(oid).unwrap().named_value("b"), None, "{oid:?}");
    }
    assert_eq!(
        s.object(untouched).unwrap().named_value("a"),
        Some(&ObjectValue::Integer(1))
    );
    s.commit().unwrap();
    drop(s);
    drop(image);

    let reopened = Image::open_with(
        &path,
        OpenOptions {
            install_kernel: false,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    let s = reopened.session();
    assert_eq!(s.object(untouched).unwrap().named_value("b"), None);
    assert_eq!(
        s.object(untouched).unwrap().named_value("a"),
        Some(&ObjectValue::Integer(1))
    );
}

/// A class whose last binding Smalltalk removes (`UserGlobals removeKey:
/// #Ghost`) is gone from browsing, as GemStone finds classes through the
/// symbol list, and comes back when bound again.
#[test]
fn a_class_no_dictionary_binds_is_gone_from_browsing_until_bound_again() {
    let dir = tempfile::tempdir().unwrap();
    let image = image_with_object(&dir.path().join("t.image"));
    let mut s = image.session();
    let id = s
        .define_class(
            class("Ghost", "Object", ClassKind::Pointers, &[]),
            RecompilePolicy::Refuse,
        )
        .unwrap()
        .id;
    s.compile_method("Ghost", gs_image::Side::Instance, "haunting", "boo ^1")
        .unwrap();
    s.commit().unwrap();
    let shown = |s: &gs_image::Session| {
        (
            s.all_classes().contains(&"Ghost".to_string()),
            s.subclasses("Object")
                .unwrap()
                .contains(&"Ghost".to_string()),
            s.implementors("boo").len(),
            s.search_source("boo", None).unwrap().len(),
        )
    };
    assert_eq!(shown(&s), (true, true, 1, 1));

    s.unbind("UserGlobals", "Ghost").unwrap();
    assert_eq!(shown(&s), (false, false, 0, 0));
    s.commit().unwrap();
    assert_eq!(shown(&image.session()), (false, false, 0, 0));

    s.bind("UserGlobals", "Ghost", DictionaryEntry::Class(id))
        .unwrap();
    assert_eq!(shown(&s), (true, true, 1, 1));
}
