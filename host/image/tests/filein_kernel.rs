//! The kernel class library loads into every new image through the
//! file-in, and its classes are kernel classes.

use gs_image::{DictionaryEntry, GlobalValue, Image, Side};

#[test]
fn filein_kernel_loads_on_a_fresh_image_and_is_marked_kernel() {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open(dir.path().join("k.gsimage")).expect("a new image with its kernel");
    let session = image.session();
    let classes = session.all_classes();
    for name in [
        "Object",
        "OrderedCollection",
        "Dictionary",
        "String",
        "Error",
        "TestCase",
        "TranscriptStream",
    ] {
        assert!(
            classes.contains(&name.to_string()),
            "kernel lacks {name}: {classes:?}"
        );
    }
    for name in &classes {
        let record = session.class(name).unwrap();
        assert!(record.kernel, "{name} is not marked kernel");
        assert_eq!(record.definition.dictionary, "Globals", "{name}");
    }
    assert!(session.method_count() > 300, "{}", session.method_count());
    assert!(!session.implementors("printOn:").is_empty());
    // Transcript is declared (its value needs the interpreter).
    let globals = session.entries("Globals").unwrap();
    assert!(globals.contains(&(
        "Transcript".to_string(),
        DictionaryEntry::Global(GlobalValue::Nil)
    )));
    // … and the expression for it is there for the interpreter.
    let deferred = gs_image::filein::kernel_deferred_globals();
    let transcript = deferred
        .iter()
        .find(|d| d.name == "Transcript")
        .expect("Transcript deferred");
    assert_eq!(
        (
            transcript.dictionary.as_str(),
            transcript.expression.as_str()
        ),
        ("Globals", "TranscriptStream new")
    );
    assert!(
        transcript.at.file.starts_with("kernel/"),
        "{}",
        transcript.at
    );
    // Users cannot change kernel classes.
    let mut session = session;
    let err = session
        .compile_method("Object", Side::Instance, "x", "foo ^1")
        .unwrap_err();
    assert_eq!(err.kind(), "refused");
}
