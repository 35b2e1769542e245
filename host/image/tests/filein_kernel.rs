//! The kernel class library loads into every new image through the
//! file-in, and its classes are kernel classes; an operator's file-in may
//! opt in to extension methods on kernel classes.

use gs_image::filein::{FileInOptions, Source, file_in_sources, file_in_sources_with};
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

/// A package that extends kernel classes: two new methods, one replaced
/// kernel method, and two things no file-in may do to a kernel class.
const EXTENSIONS: &str = "\
category: '*mypackage'
method: Object
isMyThing
\t^false
%
classmethod: Object
myDefault
\t^self new
%
method: Object
~~ anObject
\t^(self == anObject) == false
%
removeallmethods Object
doit
Object subclass: 'Object'
\tinstVarNames: #(extra)
\tclassVars: #()
\tclassInstVars: #()
\tpoolDictionaries: #()
\tinDictionary: Globals
%
";

fn extensions() -> Vec<Source> {
    vec![Source {
        name: "mypackage.gs".into(),
        text: EXTENSIONS.into(),
    }]
}

#[test]
fn filein_refuses_kernel_extension_methods_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open(dir.path().join("k.gsimage")).unwrap();
    let mut session = image.session();
    let before = session
        .method_source("Object", Side::Instance, "~~")
        .unwrap();
    let report = file_in_sources(&mut session, &extensions());
    assert_eq!((report.methods, report.kernel_extensions), (0, 0));
    let lines: Vec<usize> = report.failures.iter().map(|f| f.line).collect();
    assert_eq!(lines.len(), 5, "{:#?}", report.failures);
    let method_failures: Vec<&str> = report
        .failures
        .iter()
        .filter(|f| f.message.starts_with("method not compiled"))
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(method_failures.len(), 3, "{:#?}", report.failures);
    for message in method_failures {
        assert!(
            message.contains("Object is a kernel class")
                && message.contains("allow_kernel_extensions"),
            "{message}"
        );
    }
    assert!(session.implementors("isMyThing").is_empty());
    assert_eq!(
        session
            .method_source("Object", Side::Instance, "~~")
            .unwrap(),
        before
    );
}

#[test]
fn filein_with_kernel_extensions_adds_methods_but_never_reshapes_kernel_classes() {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open(dir.path().join("k.gsimage")).unwrap();
    let mut session = image.session();
    let object = session.class("Object").unwrap();
    let methods_before = session.method_count();
    let report = file_in_sources_with(
        &mut session,
        &extensions(),
        FileInOptions {
            allow_kernel_extensions: true,
        },
    );
    assert_eq!((report.methods, report.kernel_extensions), (3, 3));
    assert!(
        report
            .to_string()
            .contains("3 method(s) compiled (3 of them kernel extension method(s))"),
        "{report}"
    );
    // The class definition and `removeallmethods` are still refused.
    assert_eq!(report.failures.len(), 2, "{:#?}", report.failures);
    for failure in &report.failures {
        assert!(failure.message.contains("kernel class"), "{failure}");
    }
    session.commit().unwrap();

    let session = image.session();
    assert_eq!(session.class("Object").unwrap(), object);
    assert_eq!(session.method_count(), methods_before + 2);
    let implementors: Vec<String> = session
        .implementors("isMyThing")
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(implementors, ["Object>>isMyThing"]);
    assert_eq!(
        session
            .method_source("Object", Side::Instance, "~~")
            .unwrap(),
        "~~ anObject\n\t^(self == anObject) == false"
    );
    assert_eq!(
        session
            .method("Object", Side::Class, "myDefault")
            .unwrap()
            .category,
        "*mypackage"
    );

    // Every other path keeps the guard.
    let mut session = session;
    let err = session
        .compile_method("Object", Side::Instance, "x", "another ^1")
        .unwrap_err();
    assert_eq!(err.kind(), "refused");
    assert_eq!(
        file_in_sources(&mut session, &extensions()).kernel_extensions,
        0
    );
}

#[test]
fn the_kernel_s_globals_cannot_be_shadowed_like_its_classes() {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open(dir.path().join("k.gsimage")).unwrap();
    let mut session = image.session();
    let refused = |e: gs_image::ImageError, name: &str, dictionary: &str| {
        assert!(matches!(e, gs_image::ImageError::Refused(_)), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!(
                "{name} is a kernel global; binding the name in {dictionary} would hide it from \
                 every session; choose another name"
            )
        );
    };
    for name in ["Transcript", "AllUsers", "Processor"] {
        let entry = DictionaryEntry::Global(GlobalValue::Integer("3".into()));
        let e = session.bind("UserGlobals", name, entry).unwrap_err();
        refused(e, name, "UserGlobals");
        let definition = gs_image::ClassDefinition {
            name: name.into(),
            superclass: Some("Object".into()),
            dictionary: "UserGlobals".into(),
            ..Default::default()
        };
        let e = session
            .define_class(definition, gs_image::RecompilePolicy::Refuse)
            .unwrap_err();
        refused(e, name, "UserGlobals");
    }
    assert!(!session.needs_commit());
    // A global of the application's own stays free to bind anywhere.
    let entry = DictionaryEntry::Global(GlobalValue::Integer("3".into()));
    session.bind("UserGlobals", "Ledger", entry).unwrap();
}
