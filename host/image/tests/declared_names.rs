//! A class defined over a name bound to nil takes the name: GemStone code
//! declares a project's class names so (`UserGlobals at: #Foo put: nil`)
//! before defining the classes, so they can refer to each other in any
//! order. A name bound to any other value is still refused.

use gs_image::{
    ClassDefinition, DictionaryEntry, GlobalValue, Image, ImageError, ObjectValue, OpenOptions,
    RecompilePolicy,
};

fn class(name: &str) -> ClassDefinition {
    ClassDefinition {
        name: name.into(),
        superclass: Some("Object".into()),
        dictionary: "UserGlobals".into(),
        ..Default::default()
    }
}

#[test]
fn a_class_takes_a_name_declared_as_nil_but_not_one_bound_to_a_value() {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open_with(
        dir.path().join("t.image"),
        OpenOptions {
            install_kernel: false,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    let mut s = image.session();
    s.define_class(
        ClassDefinition {
            name: "Object".into(),
            dictionary: "UserGlobals".into(),
            ..Default::default()
        },
        RecompilePolicy::Refuse,
    )
    .unwrap();
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

    for name in ["Literal", "Stored"] {
        s.define_class(class(name), RecompilePolicy::Refuse)
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
        .define_class(class("Taken"), RecompilePolicy::Refuse)
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
