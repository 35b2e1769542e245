//! Queries: implementors, senders, references, source search, class
//! listings and test classes, answered from the session's own view.

use std::collections::BTreeMap;

use gs_image::{
    ClassDefinition, DictionaryEntry, Image, ImageError, MethodRef, OpenOptions, RecompilePolicy,
    Session, Side,
};

fn image() -> (tempfile::TempDir, Image) {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open_with(
        dir.path().join("q.image"),
        OpenOptions {
            install_kernel: false,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    (dir, image)
}

fn define(s: &mut Session, name: &str, superclass: Option<&str>, dictionary: &str) {
    s.define_class(
        ClassDefinition {
            name: name.into(),
            superclass: superclass.map(Into::into),
            dictionary: dictionary.into(),
            ..Default::default()
        },
        RecompilePolicy::Refuse,
    )
    .unwrap();
}

fn refs(list: &[MethodRef]) -> Vec<String> {
    list.iter().map(|m| m.to_string()).collect()
}

/// Object, Account and Report in UserGlobals, Tools in its own dictionary.
fn populated(image: &Image) -> Session {
    let mut s = image.session();
    s.add_dictionary("Tooling").unwrap();
    define(&mut s, "Object", None, "Globals");
    define(&mut s, "Account", Some("Object"), "UserGlobals");
    define(&mut s, "Report", Some("Object"), "UserGlobals");
    define(&mut s, "Tools", Some("Object"), "Tooling");
    for (class, side, category, source) in [
        (
            "Account",
            Side::Instance,
            "printing",
            "printOn: aStream\n\taStream nextPutAll: 'Account'",
        ),
        ("Account", Side::Instance, "accessing", "size\n\t^0"),
        (
            "Account",
            Side::Class,
            "instance creation",
            "new\n\t^self basicNew",
        ),
        (
            "Report",
            Side::Instance,
            "printing",
            "printOn: aStream\n\taStream print: Account new",
        ),
        (
            "Tools",
            Side::Instance,
            "running",
            "run\n\t^Account new size",
        ),
    ] {
        s.compile_method(class, side, category, source).unwrap();
    }
    s
}

#[test]
fn implementors_senders_and_references() {
    let (_dir, image) = image();
    let s = populated(&image);
    assert_eq!(
        refs(&s.implementors("printOn:")),
        ["Account>>printOn:", "Report>>printOn:"]
    );
    assert_eq!(refs(&s.implementors("new")), ["Account class>>new"]);
    assert_eq!(refs(&s.senders("new")), ["Report>>printOn:", "Tools>>run"]);
    assert_eq!(refs(&s.senders("size")), ["Tools>>run"]);
    assert_eq!(
        refs(&s.references("Account")),
        ["Report>>printOn:", "Tools>>run"]
    );
    assert_eq!(s.implementors("noSuchSelector"), vec![]);
    assert_eq!(s.references("Nobody"), vec![]);
}

#[test]
fn queries_include_uncommitted_changes_and_removals() {
    let (_dir, image) = image();
    let mut s = populated(&image);
    s.commit().unwrap();
    s.compile_method("Report", Side::Instance, "x", "size\n\t^Account new size")
        .unwrap();
    s.remove_method("Tools", Side::Instance, "run").unwrap();
    assert_eq!(
        refs(&s.implementors("size")),
        ["Account>>size", "Report>>size"]
    );
    assert_eq!(refs(&s.senders("size")), ["Report>>size"]);
    assert_eq!(
        refs(&s.references("Account")),
        ["Report>>printOn:", "Report>>size"]
    );
    // Another session still sees the committed view.
    let other = image.session();
    assert_eq!(refs(&other.implementors("size")), ["Account>>size"]);
    assert_eq!(refs(&other.senders("size")), ["Tools>>run"]);
    // Recompiling a method replaces its index entries.
    s.compile_method("Report", Side::Instance, "x", "size\n\t^1")
        .unwrap();
    assert_eq!(s.senders("size"), vec![]);
    assert_eq!(refs(&s.references("Account")), ["Report>>printOn:"]);
}

#[test]
fn source_search_everywhere_or_in_one_dictionary() {
    let (_dir, image) = image();
    let mut s = populated(&image);
    assert_eq!(
        refs(&s.search_source("Account", None).unwrap()),
        ["Account>>printOn:", "Report>>printOn:", "Tools>>run"]
    );
    assert_eq!(
        refs(&s.search_source("Account new", Some("Tooling")).unwrap()),
        ["Tools>>run"]
    );
    assert_eq!(
        s.search_source("account", None).unwrap(),
        vec![],
        "case-sensitive"
    );
    s.compile_method("Tools", Side::Class, "x", "helper\n\t^'needle'")
        .unwrap();
    assert_eq!(
        refs(&s.search_source("needle", None).unwrap()),
        ["Tools class>>helper"]
    );
    assert!(matches!(
        s.search_source("", None),
        Err(ImageError::InvalidArgument(_))
    ));
    assert!(matches!(
        s.search_source("x", Some("Nowhere")),
        Err(ImageError::NotFound(_))
    ));
}

#[test]
fn class_listings() {
    let (_dir, image) = image();
    let mut s = populated(&image);
    let account = s.class_id("Account").unwrap();
    s.bind("Tooling", "Acct", DictionaryEntry::Class(account))
        .unwrap();
    assert_eq!(s.classes_in("UserGlobals").unwrap(), ["Account", "Report"]);
    assert_eq!(s.classes_in("Tooling").unwrap(), ["Acct", "Tools"]);
    assert_eq!(s.all_classes(), ["Account", "Object", "Report", "Tools"]);
    assert_eq!(
        s.subclasses("Object").unwrap(),
        ["Account", "Report", "Tools"]
    );
    define(&mut s, "Savings", Some("Account"), "UserGlobals");
    assert_eq!(
        s.all_subclasses("Object").unwrap(),
        ["Account", "Report", "Savings", "Tools"]
    );
    assert!(matches!(s.subclasses("Nope"), Err(ImageError::NotFound(_))));
}

#[test]
fn test_classes_are_every_transitive_subclass_of_test_case() {
    let (_dir, image) = image();
    let mut s = populated(&image);
    assert_eq!(s.test_classes(), Vec::<String>::new());
    define(&mut s, "TestCase", Some("Object"), "Globals");
    define(&mut s, "AccountTest", Some("TestCase"), "UserGlobals");
    define(&mut s, "BankTestBase", Some("TestCase"), "UserGlobals");
    define(&mut s, "LedgerTest", Some("BankTestBase"), "Tooling");
    assert_eq!(
        s.test_classes(),
        ["AccountTest", "BankTestBase", "LedgerTest"]
    );
}

#[test]
fn selectors_and_categories_per_side() {
    let (_dir, image) = image();
    let s = populated(&image);
    assert_eq!(
        s.categories("Account", Side::Instance).unwrap(),
        BTreeMap::from([
            ("accessing".to_string(), vec!["size".to_string()]),
            ("printing".to_string(), vec!["printOn:".to_string()]),
        ])
    );
    assert_eq!(s.selectors("Account", Side::Class).unwrap(), ["new"]);
    assert_eq!(
        s.selectors_in_category("Account", Side::Class, "instance creation")
            .unwrap(),
        ["new"]
    );
    let m = s.method("Account", Side::Class, "new").unwrap();
    assert_eq!(m.category, "instance creation");
    assert_eq!(m.source, "new\n\t^self basicNew");
    assert!(matches!(
        s.method_source("Account", Side::Instance, "new"),
        Err(ImageError::NotFound(_))
    ));
}

#[test]
fn kernel_methods_are_indexed_and_test_case_itself_is_not_a_test_class() {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open(dir.path().join("k.image")).unwrap();
    let mut s = image.session();
    assert!(s.class("TestCase").unwrap().kernel);
    assert_eq!(refs(&s.implementors("assert:")), ["TestAsserter>>assert:"]);
    let before = s.test_classes();
    assert!(!before.contains(&"TestCase".to_string()), "{before:?}");
    define(&mut s, "MyTest", Some("TestCase"), "UserGlobals");
    let after = s.test_classes();
    assert_eq!(after.len(), before.len() + 1);
    assert!(after.contains(&"MyTest".to_string()));
}
