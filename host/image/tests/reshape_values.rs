//! A removed instance variable's values are gone, also from instances not
//! stored since it was removed: when the variable comes back, those read
//! nil, as instances stored in between do. (An object migrates by name
//! when it is next stored, so an instance never stored since still held
//! the old value, and the variable's return brought it back.)

use gs_image::{
    ClassDefinition, Image, ObjectBody, ObjectValue, OpenOptions, RecompilePolicy, StoredObject,
};

fn shape(vars: &[&str]) -> ClassDefinition {
    ClassDefinition {
        name: "Cd".into(),
        superclass: Some("Object".into()),
        inst_vars: vars.iter().map(|v| v.to_string()).collect(),
        dictionary: "UserGlobals".into(),
        ..Default::default()
    }
}

#[test]
fn a_variable_removed_and_added_again_brings_no_old_value_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.image");
    let options = OpenOptions {
        install_kernel: false,
        ..OpenOptions::default()
    };
    let image = Image::open_with(&path, options.clone()).unwrap();
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
    let class = s
        .define_class(shape(&["a", "b"]), RecompilePolicy::Refuse)
        .unwrap()
        .id;
    let object = |names: &[&str], named: Vec<ObjectValue>| StoredObject {
        class,
        invariant: false,
        names: names.iter().map(|n| n.to_string()).collect(),
        named,
        body: ObjectBody::None,
    };
    let (untouched, rewritten) = (s.new_object_id(), s.new_object_id());
    for id in [untouched, rewritten] {
        s.store_object(
            id,
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
    for id in [untouched, rewritten] {
        assert_eq!(s.object(id).unwrap().named_value("b"), None, "{id:?}");
    }
    assert_eq!(
        s.object(untouched).unwrap().named_value("a"),
        Some(&ObjectValue::Integer(1))
    );
    s.commit().unwrap();
    drop(s);
    drop(image);

    let image = Image::open_with(&path, options).unwrap();
    let s = image.session();
    assert_eq!(s.object(untouched).unwrap().named_value("b"), None);
    assert_eq!(
        s.object(untouched).unwrap().named_value("a"),
        Some(&ObjectValue::Integer(1))
    );
}
