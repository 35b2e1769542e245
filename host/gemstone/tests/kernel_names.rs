//! The kernel-name guard on the GemStone backend: a definition may not
//! bind, in front of `Globals`, a name every session relies on finding
//! there (docs/gemstone.md, "The kernel-name guard"). The built-in tools'
//! shared cases (`session.json`) check the tools' answers on both
//! backends; on the test stone the image inside the stone would refuse
//! most of them too, so these tests check what only the backend's own
//! check refuses, and the plug-in path (`define_class`), which no tool
//! case reaches, against the embedded backend's words.

mod common;

use gs_toolset::{ClassDefinition, ErrorKind, ImageSession, RecompilePolicy, ToolError};

/// A class-definition source for `name` in `dictionary`.
fn source(name: &str, dictionary: &str) -> String {
    format!(
        "Object subclass: '{name}' instVarNames: #() classVars: #() classInstVars: #() \
         poolDictionaries: #() inDictionary: {dictionary}"
    )
}

/// The same class, from parts (a plug-in's `define-class`).
fn parts(name: &str, dictionary: &str) -> ClassDefinition {
    ClassDefinition {
        name: name.into(),
        superclass: Some("Object".into()),
        dictionary: dictionary.into(),
        instance_variables: vec![],
        class_variables: vec![],
        class_instance_variables: vec![],
        category: None,
    }
}

fn kernel_global(name: &str, dictionary: &str) -> String {
    format!(
        "{name} is a kernel global; binding the name in {dictionary} would hide it from every \
         session; choose another name"
    )
}

/// An embedded session on a fresh image holding the fixture.
fn embedded() -> (tempfile::TempDir, gs_embedded::EmbeddedSession) {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("embedded.image")).unwrap();
    let mut session = image.session();
    let report = gs_image::filein::file_in_text(&mut session, "bank.gs", common::FIXTURE);
    assert!(report.is_clean(), "the fixture files in: {report:?}");
    session.commit().unwrap();
    (dir, gs_embedded::EmbeddedSession::new(image.session()))
}

fn refused(result: Result<impl std::fmt::Debug, ToolError>) -> ToolError {
    let e = result.expect_err("refused");
    assert_eq!(e.kind, ErrorKind::Refused, "{e}");
    e
}

/// A name an application bound in `Globals` is, on a stone, a kernel
/// global: the stone cannot tell what its kernel installed. The image the
/// test stone serves knows its kernel's globals and lets this one be
/// shadowed, so only the backend's own check refuses it here.
#[test]
fn the_backend_refuses_a_name_globals_binds_where_the_image_inside_the_stone_would_not() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let cancel = gs_toolset::CancelToken::new();
    s.execute("Globals at: #AppRate put: 3. true", &cancel)
        .unwrap();
    let e = refused(
        s.define_class_from_source(&source("AppRate", "UserGlobals"), RecompilePolicy::Refuse),
    );
    assert_eq!(e.message, kernel_global("AppRate", "UserGlobals"));
    let e = refused(s.define_class(&parts("AppRate", "Bank")));
    assert_eq!(e.message, kernel_global("AppRate", "Bank"));
    assert!(
        !s.entries("Bank")
            .unwrap()
            .iter()
            .any(|entry| entry.name == "AppRate"),
        "nothing was bound"
    );
    // Globals itself may bind it, and a redefinition where the name is
    // already bound is left to the other checks.
    s.define_class(&parts("AppRate2", "Globals")).unwrap();
    let account = "Object subclass: 'Account' instVarNames: #(balance owner) classVars: #() \
                   classInstVars: #() poolDictionaries: #() inDictionary: Bank";
    s.define_class_from_source(account, RecompilePolicy::Refuse)
        .unwrap();

    // The embedded image, which knows its kernel's globals, lets it be.
    let (_dir, e) = embedded();
    e.execute("Globals at: #AppRate put: 3. true", &cancel)
        .unwrap();
    e.define_class_from_source(&source("AppRate", "UserGlobals"), RecompilePolicy::Refuse)
        .expect("the embedded image guards only its kernel's globals");
}

/// A plug-in's `define-class` is refused on both backends in the same
/// words, whatever the name would shadow.
#[test]
fn define_class_from_parts_is_refused_in_the_embedded_image_s_words() {
    let running = common::start();
    let stone = running.stone.login(None).unwrap();
    let (_dir, embedded) = embedded();
    let cancel = gs_toolset::CancelToken::new();
    for s in [&stone as &dyn ImageSession, &embedded] {
        s.execute("UserGlobals at: #Array put: 3. true", &cancel)
            .unwrap();
    }
    for (name, dictionary, words) in [
        ("Transcript", "UserGlobals", "is a kernel global"),
        ("AllUsers", "Bank", "is a kernel global"),
        ("Published", "Bank", "is the name of a symbol dictionary"),
        ("Bank", "UserGlobals", "is the name of a symbol dictionary"),
        (
            "UserGlobals",
            "Globals",
            "is the name of a symbol dictionary",
        ),
        ("Array", "Bank", "is a kernel class"),
    ] {
        let on_stone = refused(stone.define_class(&parts(name, dictionary)));
        let on_embedded = refused(embedded.define_class(&parts(name, dictionary)));
        assert_eq!(
            on_stone.message, on_embedded.message,
            "{name} in {dictionary}"
        );
        assert!(
            on_stone.message.starts_with(&format!("{name} {words}")),
            "{on_stone}"
        );
    }
}
