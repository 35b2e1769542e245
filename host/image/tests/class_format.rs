//! A class's format follows its superclass's, as in GemStone: `subclass:`
//! of an indexable class is indexable, of a byte class a byte class (which
//! has no named instance variables).

use gs_image::{ClassDefinition, ClassKind, Image, ImageError, OpenOptions, RecompilePolicy};

fn class(name: &str, superclass: Option<&str>, kind: ClassKind, vars: &[&str]) -> ClassDefinition {
    ClassDefinition {
        name: name.into(),
        superclass: superclass.map(Into::into),
        kind,
        inst_vars: vars.iter().map(|v| v.to_string()).collect(),
        dictionary: "UserGlobals".into(),
        ..Default::default()
    }
}

#[test]
fn a_plain_subclass_takes_its_superclass_s_format() {
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
    let mut define = |d: ClassDefinition| s.define_class(d, RecompilePolicy::Refuse).map(|_| ());
    define(class("Object", None, ClassKind::Pointers, &[])).unwrap();
    define(class("Slots", Some("Object"), ClassKind::Indexable, &[])).unwrap();
    define(class("Bytes", Some("Object"), ClassKind::Bytes, &[])).unwrap();
    define(class(
        "MySlots",
        Some("Slots"),
        ClassKind::Pointers,
        &["extra"],
    ))
    .unwrap();
    define(class("MyBytes", Some("Bytes"), ClassKind::Pointers, &[])).unwrap();
    define(class("Plain", Some("Object"), ClassKind::Pointers, &[])).unwrap();
    let refused = define(class("Named", Some("Bytes"), ClassKind::Pointers, &["a"])).unwrap_err();
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
