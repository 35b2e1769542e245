//! Symbol dictionaries reached as globals (`UserGlobals`, an application
//! dictionary such as `Acme`) answer the session's entries, classes
//! included, to the common dictionary protocol, and stay in step with
//! classes defined or removed by Smalltalk or by a tool.

use gs_image::{Image, RemoveClassPolicy, Session};
use gs_interp::{BreakHandle, Interpreter, Limits};

const ACME: &str = "doit
Object subclass: 'AcmeWidget'
  instVarNames: #(size)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Acme
  options: #()
%
doit
Object subclass: 'AcmeGadget'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Acme
  options: #()
%
";

struct Client {
    session: Session,
    interp: Interpreter,
}

impl Client {
    fn run(&mut self, source: &str) -> String {
        match self.interp.execute(
            &mut self.session,
            source,
            &Limits::default(),
            &BreakHandle::new(),
        ) {
            Ok(out) => out.print_string,
            Err(e) => panic!("{source} failed: {e}"),
        }
    }
}

/// An image whose `Acme` dictionary holds two classes filed in and a
/// literal global, and a client session on it.
fn acme() -> (tempfile::TempDir, Image, Client) {
    let dir = tempfile::tempdir().expect("temp dir");
    let image = Image::open(dir.path().join("acme.image")).expect("image");
    let mut session = image.session();
    session.add_dictionary("Acme").expect("Acme dictionary");
    let report = gs_image::filein::file_in_text(&mut session, "acme.gs", ACME);
    assert!(report.failures.is_empty(), "file-in: {:?}", report.failures);
    session.commit().expect("commit the file-in");
    let client = Client {
        session: image.session(),
        interp: Interpreter::new(),
    };
    (dir, image, client)
}

#[test]
fn an_application_dictionary_answers_its_classes_and_values() {
    let (_dir, _image, mut c) = acme();
    assert_eq!(
        c.run("Acme keys asSortedCollection asArray"),
        "anArray( #'AcmeGadget', #'AcmeWidget')"
    );
    assert_eq!(c.run("Acme size"), "2");
    assert_eq!(c.run("Acme at: #AcmeWidget"), "AcmeWidget");
    assert_eq!(c.run("(Acme at: #AcmeWidget) new class"), "AcmeWidget");
    assert_eq!(c.run("Acme at: #Nope ifAbsent: [#none]"), "#'none'");
    assert_eq!(c.run("Acme includesKey: #AcmeGadget"), "true");
    assert_eq!(c.run("Acme includesKey: #Nope"), "false");
    assert_eq!(c.run("Acme at: #Limit put: 10"), "10");
    assert_eq!(
        c.run(
            "| names | names := SortedCollection new.
             Acme keysAndValuesDo: [:k :v | names add: k , '=' , v printString].
             names asArray"
        ),
        "anArray( 'AcmeGadget=AcmeGadget', 'AcmeWidget=AcmeWidget', 'Limit=10')"
    );
    assert_eq!(c.run("Acme size"), "3");
    assert_eq!(c.run("Limit + 1"), "11");
}

#[test]
fn user_globals_answers_the_classes_and_globals_it_binds() {
    let (_dir, _image, mut c) = acme();
    assert_eq!(c.run("UserGlobals keys size"), "0");
    c.run(
        "Object subclass: 'Ledger' instVarNames: #() classVars: #() classInstVars: #()
           poolDictionaries: #() inDictionary: UserGlobals options: #()",
    );
    c.run("UserGlobals at: #Rate put: 3");
    assert_eq!(
        c.run("UserGlobals keys asSortedCollection asArray"),
        "anArray( #'Ledger', #'Rate')"
    );
    assert_eq!(c.run("(UserGlobals at: #Ledger) name"), "#'Ledger'");
}

#[test]
fn classes_defined_or_removed_meanwhile_show_in_the_dictionary() {
    let (_dir, _image, mut c) = acme();
    assert_eq!(c.run("Acme size"), "2");
    // Defined by Smalltalk in the same call that reads the dictionary.
    assert_eq!(
        c.run(
            "Object subclass: 'AcmeGizmo' instVarNames: #() classVars: #() classInstVars: #()
               poolDictionaries: #() inDictionary: Acme options: #().
             Acme keys asSortedCollection asArray"
        ),
        "anArray( #'AcmeGadget', #'AcmeGizmo', #'AcmeWidget')"
    );
    // Removed by a tool between calls.
    c.session
        .remove_class("AcmeGadget", RemoveClassPolicy::RefuseIfSubclasses)
        .expect("remove AcmeGadget");
    assert_eq!(
        c.run("Acme keys asSortedCollection asArray"),
        "anArray( #'AcmeGizmo', #'AcmeWidget')"
    );
    // Filed in by a tool between calls.
    let report = gs_image::filein::file_in_text(
        &mut c.session,
        "more.gs",
        &ACME.replace("AcmeGadget", "AcmeSprocket"),
    );
    assert!(report.failures.is_empty(), "file-in: {:?}", report.failures);
    assert_eq!(
        c.run("Acme keys asSortedCollection asArray"),
        "anArray( #'AcmeGizmo', #'AcmeSprocket', #'AcmeWidget')"
    );
}

#[test]
fn committing_a_view_does_not_bring_back_a_class_a_tool_removed() {
    let (_dir, image, mut c) = acme();
    assert_eq!(c.run("Acme at: #Limit put: 10"), "10");
    c.session
        .remove_class("AcmeGadget", RemoveClassPolicy::RefuseIfSubclasses)
        .expect("remove AcmeGadget");
    c.interp.commit(&mut c.session).expect("commit");
    let mut other = Client {
        session: image.session(),
        interp: Interpreter::new(),
    };
    assert_eq!(
        other.run("Acme keys asSortedCollection asArray"),
        "anArray( #'AcmeWidget', #'Limit')"
    );
    assert!(other.session.class_id("AcmeGadget").is_err());
}

#[test]
fn a_class_bound_under_a_second_name_by_smalltalk_commits_as_an_alias() {
    let (_dir, image, mut c) = acme();
    assert_eq!(
        c.run("Acme at: #Widget put: AcmeWidget. (Acme at: #Widget) name"),
        "#'AcmeWidget'"
    );
    c.interp.commit(&mut c.session).expect("commit");
    let mut other = Client {
        session: image.session(),
        interp: Interpreter::new(),
    };
    assert_eq!(other.run("Widget new class"), "AcmeWidget");
    assert_eq!(
        other.run("Acme keys asSortedCollection asArray"),
        "anArray( #'AcmeGadget', #'AcmeWidget', #'Widget')"
    );
}

#[test]
fn pool_variables_resolve_through_the_class_pools_first() {
    let (_dir, image, _c) = acme();
    let mut session = image.session();
    session.add_dictionary("BankPool").expect("pool dictionary");
    // A pool is not searched as a global: keep it out of the symbol list.
    let list: Vec<String> = session
        .symbol_list()
        .into_iter()
        .filter(|d| d != "BankPool")
        .collect();
    let list: Vec<&str> = list.iter().map(String::as_str).collect();
    session.set_symbol_list(&list).expect("symbol list");
    let int = |n: &str| gs_image::DictionaryEntry::Global(gs_image::GlobalValue::Integer(n.into()));
    session
        .bind("BankPool", "Rate", int("7"))
        .expect("pool entry");
    session
        .bind("BankPool", "Fee", int("2"))
        .expect("pool entry");
    // A global of the same name: the pool must win inside the class.
    session
        .bind("UserGlobals", "Rate", int("100"))
        .expect("global");
    session.commit().expect("commit");
    let mut c = Client {
        session: image.session(),
        interp: Interpreter::new(),
    };
    c.run(
        "Object subclass: 'Bank' instVarNames: #() classVars: #() classInstVars: #()
           poolDictionaries: #(BankPool) inDictionary: UserGlobals options: #().
         Bank subclass: 'Branch' instVarNames: #() classVars: #() classInstVars: #()
           poolDictionaries: #() inDictionary: UserGlobals options: #().
         Bank compile: 'rate ^Rate' classified: 'x'.
         Bank compile: 'raiseFee Fee := Fee + 1. ^Fee' classified: 'x'.
         Bank class compile: 'classRate ^Rate * 2' classified: 'x'.
         Branch compile: 'branchRate ^Rate + Fee' classified: 'x'",
    );
    assert_eq!(c.run("Bank new rate"), "7");
    assert_eq!(c.run("Bank classRate"), "14");
    assert_eq!(c.run("Rate"), "100");
    assert_eq!(c.run("Branch new branchRate"), "9");
    assert_eq!(c.run("Bank new raiseFee"), "3");
    assert_eq!(c.run("Branch new branchRate"), "10");
    // The assignment went to the pool, which commits with the session.
    c.interp.commit(&mut c.session).expect("commit");
    let mut other = Client {
        session: image.session(),
        interp: Interpreter::new(),
    };
    assert_eq!(other.run("Bank new raiseFee"), "4");
    assert_eq!(other.run("Rate"), "100");
}
