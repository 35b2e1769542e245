//! Instances stored before their class was reshaped read in the new shape
//! in every later session without being that session's change: a session
//! that only reads them has nothing to commit, may refresh, and does not
//! conflict with another reader's commit.

use gs_embedded::EmbeddedSession;
use gs_toolset::{CancelToken, ImageSession, RecompilePolicy};

const APP: &str = "Object subclass: 'LibBook'
    instVarNames: #(isbn title)
    classVars: #(NextId) classInstVars: #() poolDictionaries: #()
    inDictionary: UserGlobals options: #().
LibBook compile: 'title ^title' classified: 'accessing'.
LibBook compile: 'title: t title := t' classified: 'accessing'.
Object subclass: 'LibCatalog'
    instVarNames: #(books)
    classVars: #(Default) classInstVars: #() poolDictionaries: #()
    inDictionary: UserGlobals options: #().
LibCatalog class compile: 'default ^Default ifNil: [Default := self new]' classified: 'accessing'.
LibCatalog compile: 'books ^books ifNil: [books := Dictionary new]' classified: 'accessing'.
LibCatalog compile: 'bookAt: k ^self books at: k' classified: 'accessing'.
LibCatalog compile: 'size ^self books size' classified: 'accessing'.
#('978-0' '978-1' '978-2') do: [:k |
    LibCatalog default books at: k put: (LibBook new title: 'T', k; yourself)].
LibCatalog default size";

fn run(s: &EmbeddedSession, code: &str) -> String {
    s.execute(code, &CancelToken::new())
        .unwrap_or_else(|e| panic!("{code}: {e}"))
        .print_string
}

#[test]
fn reading_instances_of_a_reshaped_class_is_no_change_of_the_reader_s() {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("reshape.gsimage")).unwrap();
    let app = EmbeddedSession::new(image.session());
    assert_eq!(run(&app, APP), "3");
    app.commit().unwrap();
    app.define_class_from_source(
        "Object subclass: 'LibBook'
            instVarNames: #(isbn title year)
            classVars: #(NextId) classInstVars: #() poolDictionaries: #()
            inDictionary: UserGlobals options: #()",
        RecompilePolicy::Refuse,
    )
    .unwrap();
    app.commit().unwrap();

    let x = EmbeddedSession::new(image.session());
    let y = EmbeddedSession::new(image.session());
    for reader in [&x, &y] {
        assert_eq!(
            run(reader, "(LibCatalog default bookAt: '978-1') title"),
            "'T978-1'"
        );
        assert!(
            !reader.status().unwrap().uncommitted_changes,
            "reading is no change"
        );
        reader.refresh().unwrap();
    }
    y.compile_method(
        "LibCatalog",
        false,
        Some("testing"),
        "isEmpty ^self size = 0",
    )
    .unwrap();
    y.commit().unwrap();
    x.compile_method("LibBook", false, Some("accessing"), "year ^year")
        .unwrap();
    x.commit().expect("no conflict over what both only read");
    let z = EmbeddedSession::new(image.session());
    assert_eq!(run(&z, "(LibCatalog default bookAt: '978-2') year"), "nil");
    assert_eq!(run(&z, "LibCatalog default isEmpty"), "false");
}
