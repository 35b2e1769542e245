//! GemStone's session API from Smalltalk: `System` commits and aborts the
//! session's transaction (answering false on a conflict, which
//! `transactionConflicts` then describes), and a symbol dictionary a
//! file-in's doit inserts with `insertDictionary:at:` is the image's
//! dictionary at once, so the class definitions after it can name it.

use std::path::PathBuf;

use gs_image::filein::FileInOptions;
use gs_image::{Image, Session};
use gs_interp::{BreakHandle, FileInDoits, Interpreter, Limits};

/// A session with an interpreter of its own, as a gem has.
struct Gem {
    session: Session,
    interp: Interpreter,
}

impl Gem {
    fn new(image: &Image) -> Gem {
        Gem {
            session: image.session(),
            interp: Interpreter::new(),
        }
    }

    /// What `source` printed, or `!` and the error.
    fn run(&mut self, source: &str) -> String {
        match self.interp.execute(
            &mut self.session,
            source,
            &Limits::default(),
            &BreakHandle::new(),
        ) {
            Ok(out) => out.print_string,
            Err(e) => format!("!{e}"),
        }
    }
}

/// A fresh image in a temporary directory.
fn image() -> (tempfile::TempDir, Image) {
    let dir = tempfile::tempdir().expect("temp dir");
    let image = Image::open(dir.path().join("t.image")).expect("image");
    (dir, image)
}

const APP: &str = "! A file-out that makes its symbol dictionary when it is missing.
run
| names |
names := System myUserProfile symbolList names.
(names includes: #App) ifFalse: [
  System myUserProfile insertDictionary: (SymbolDictionary new name: #App; yourself) at: names size + 1 ]
%
doit
Object subclass: 'AppThing'
  instVarNames: #( size)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: App
  options: #()
%
category: 'accessing'
method: AppThing
size
  ^size ifNil: [0]
%
run
App at: #Answer put: 42
%
";

#[test]
fn a_file_in_that_inserts_its_dictionary_loads_its_classes_into_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let image = Image::open(dir.path().join("app.image")).expect("image");
    let path: PathBuf = dir.path().join("app.gs");
    std::fs::write(&path, APP).expect("write the file-out");
    let mut session = image.session();
    let mut doits = FileInDoits::new();
    let report = gs_image::filein::file_in_paths_running(
        &mut session,
        &[path],
        FileInOptions::default(),
        &mut doits,
    )
    .expect("file-in");
    assert!(
        report.failures.is_empty(),
        "failures: {:?}",
        report.failures
    );
    assert_eq!(
        session.symbol_list(),
        ["UserGlobals", "Globals", "Published", "App"]
    );
    let class = session.class("AppThing").expect("AppThing is defined");
    assert_eq!(class.definition.dictionary, "App");
    session.commit().expect("commit the file-in");

    // Another session sees the dictionary, its class and its global.
    let mut other = Gem::new(&image);
    assert_eq!(
        other.run("System myUserProfile symbolList names"),
        "anArray( #'UserGlobals', #'Globals', #'Published', #'App')"
    );
    assert_eq!(other.run("AppThing new size"), "0");
    assert_eq!(other.run("App at: #Answer"), "42");
    assert_eq!(other.run("App name"), "#'App'");
    assert_eq!(
        other.run("(System myUserProfile symbolList dictionaryAndSymbolOf: AppThing) last"),
        "#'AppThing'"
    );
    // Filing it in again finds the dictionary and leaves the list alone.
    assert_eq!(
        other.run("| names | names := System myUserProfile symbolList names. (names includes: #App) ifFalse: [ System myUserProfile insertDictionary: (SymbolDictionary new name: #App; yourself) at: names size + 1 ]. System myUserProfile symbolList names size"
        ),
        "4"
    );
}

#[test]
fn inserting_a_dictionary_puts_it_where_asked_and_removing_takes_it_out() {
    let (_dir, image) = image();
    let mut session = Gem::new(&image);
    assert_eq!(
        session.run("System myUserProfile insertDictionary: (SymbolDictionary new name: #First; yourself) at: 1. System myUserProfile symbolList names"
        ),
        "anArray( #'First', #'UserGlobals', #'Globals', #'Published')"
    );
    assert_eq!(session.session.symbol_list()[0], "First");
    assert!(
        session
            .session
            .dictionary_names()
            .contains(&"First".to_string())
    );
    assert_eq!(
        session.run(
            "System myUserProfile removeDictionary: First. System myUserProfile symbolList names"
        ),
        "anArray( #'UserGlobals', #'Globals', #'Published')"
    );
    assert_eq!(
        session.session.symbol_list(),
        ["UserGlobals", "Globals", "Published"]
    );
    assert_eq!(
        session.run("System myUserProfile insertDictionary: (SymbolDictionary new name: #Globals; yourself) at: 1"
        ),
        "!unhandled Error: a symbol dictionary named Globals already exists in the image; insert that one (System myUserProfile symbolList objectNamed: #Globals) or choose another name"
    );
    assert_eq!(
        session.run("System myUserProfile insertDictionary: (SymbolDictionary new name: #Late; yourself) at: 9"
        ),
        "!unhandled OffsetError: index 9 is outside the symbol list (1 to 4)"
    );
    assert_eq!(
        session.run("System myUserProfile insertDictionary: SymbolDictionary new at: 1"),
        "!unhandled Error: the dictionary has no name; send it name: (e.g. SymbolDictionary new name: #App; yourself) before inserting it"
    );
}

#[test]
fn commit_transaction_answers_false_on_a_conflict_and_abort_clears_it() {
    let (_dir, image) = image();
    let (mut a, mut b) = (Gem::new(&image), Gem::new(&image));
    assert_eq!(
        a.run("UserGlobals at: #Rate put: 1. System needsCommit"),
        "true"
    );
    assert_eq!(b.run("UserGlobals at: #Rate put: 2. 0"), "0");
    assert_eq!(a.run("System commitTransaction"), "true");
    assert_eq!(a.run("System needsCommit"), "false");
    assert_eq!(b.run("System commitTransaction"), "false");
    assert_eq!(
        b.run("System transactionConflicts"),
        "aSymbolDictionary( #'Write-Write'->anArray( 'dictionary entry UserGlobals at #Rate'), #'commitResult'->#'failure')"
    );
    assert_eq!(
        b.run("System abortTransaction. {System transactionConflicts at: #commitResult. UserGlobals at: #Rate}"
        ),
        "anArray( #'success', 1)"
    );
    assert_eq!(
        b.run("UserGlobals at: #Rate put: 3. System commitTransaction"),
        "true"
    );
    // The first session sees the second's commit once it begins a new
    // transaction.
    assert_eq!(a.run("System beginTransaction. UserGlobals at: #Rate"), "3");
}

#[test]
fn session_temps_are_the_sessions_own_and_never_committed() {
    let (_dir, image) = image();
    let (mut a, mut b) = (Gem::new(&image), Gem::new(&image));
    assert_eq!(
        a.run("SessionTemps current at: #Scratch put: 42. System commitTransaction"),
        "true"
    );
    assert_eq!(a.run("SessionTemps current at: #Scratch"), "42");
    assert_eq!(
        b.run("System abortTransaction. SessionTemps current at: #Scratch otherwise: nil"),
        "nil"
    );
    assert_ne!(a.run("System session"), b.run("System session"));
}

#[test]
fn a_commit_a_tool_makes_is_what_transaction_conflicts_reports() {
    let (_dir, image) = image();
    let (mut a, mut b) = (Gem::new(&image), Gem::new(&image));
    a.run("UserGlobals at: #Rate put: 1");
    b.run("UserGlobals at: #Rate put: 2");
    a.interp.commit(&mut a.session).expect("the first commit");
    assert!(
        b.interp.commit(&mut b.session).is_err(),
        "the second commit conflicts"
    );
    assert_eq!(
        b.run("System transactionConflicts at: #commitResult"),
        "#'failure'"
    );
    b.interp.abort(&mut b.session);
    assert_eq!(
        b.run("System transactionConflicts at: #commitResult"),
        "#'success'"
    );
}

#[test]
fn an_inserted_dictionarys_entries_are_the_images_and_reinserting_one_moves_it() {
    let (_dir, image) = image();
    let mut session = Gem::new(&image);
    assert_eq!(
        session.run("| d | d := SymbolDictionary new. d at: #Rate put: 5; at: #Names put: #('a' 'b'). d name: #Cfg. System myUserProfile insertDictionary: d at: 2. System commitTransaction"
        ),
        "true"
    );
    let mut other = Gem::new(&image);
    assert_eq!(
        other.run("{System myUserProfile symbolList names. Cfg at: #Rate. Cfg at: #Names. Rate}"),
        "anArray( anArray( #'UserGlobals', #'Cfg', #'Globals', #'Published'), 5, anArray( 'a', 'b'), 5)"
    );
    assert_eq!(
        other.run("System myUserProfile insertDictionary: Published at: 1. System myUserProfile symbolList names"
        ),
        "anArray( #'Published', #'UserGlobals', #'Cfg', #'Globals')"
    );
    assert_eq!(
        other.session.symbol_list(),
        ["Published", "UserGlobals", "Cfg", "Globals"]
    );
}

#[test]
fn a_file_in_checks_each_run_doit_against_its_expectvalue() {
    let (dir, image) = image();
    let path: PathBuf = dir.path().join("checks.gs");
    let text = "expectvalue 7\nrun\n3 + 4\n%\nexpectvalue /Integer\nrun\n3 + 4\n%\n\
                expectvalue 'seven'\nrun\n'sev', 'en'\n%\nexpectvalue true\nrun\n3 + 4\n%\n\
                expectvalue /NoSuchClass\nrun\n3\n%\nexpectvalue nil\nrun\nUserGlobals at: \
                #Checked put: 1. nil\n%\n";
    std::fs::write(&path, text).expect("write the file");
    let mut session = image.session();
    let report = gs_image::filein::file_in_paths_running(
        &mut session,
        &[path],
        FileInOptions::default(),
        &mut FileInDoits::new(),
    )
    .expect("file-in");
    let failures: Vec<(usize, &str)> = report
        .failures
        .iter()
        .map(|f| (f.line, f.message.as_str()))
        .collect();
    assert_eq!(
        failures,
        [
            (
                15,
                "doit failed: `expectvalue true` not met: it answered 7 (a SmallInteger)"
            ),
            (
                19,
                "doit failed: `expectvalue /NoSuchClass` names no class of this image"
            ),
        ]
    );
    assert_eq!(report.doits_run, 4);
    // A doit that ran keeps its changes, met or not, as in Topaz.
    session.commit().expect("commit the file-in");
    assert_eq!(Gem::new(&image).run("UserGlobals at: #Checked"), "1");
}

#[test]
fn an_abort_in_a_file_in_doit_fails_that_doit_and_loses_nothing_before_it() {
    let (dir, image) = image();
    let path: PathBuf = dir.path().join("abort.gs");
    let text = "doit\nObject subclass: 'BeforeAbort'\n  instVarNames: #()\n  classVars: #()\n  \
                classInstVars: #()\n  poolDictionaries: #()\n  inDictionary: UserGlobals\n%\n\
                method: BeforeAbort\nfoo\n ^1\n%\n\
                doit\nUserGlobals at: #G1 put: 1.\n%\n\
                doit\nUserGlobals at: #G3 put: 3 factorial.\n%\n\
                doit\nSystem abortTransaction.\n%\n\
                doit\nUserGlobals at: #G2 put: 2.\n%\n";
    std::fs::write(&path, text).expect("write the file");
    let mut session = image.session();
    let report = gs_image::filein::file_in_paths_running(
        &mut session,
        &[path],
        FileInOptions::default(),
        &mut FileInDoits::new(),
    )
    .expect("file-in");
    assert_eq!(report.failures.len(), 1, "{:#?}", report.failures);
    assert_eq!(report.failures[0].line, 20);
    assert!(
        report.failures[0]
            .message
            .contains("System abortTransaction is refused in a file-in"),
        "{}",
        report.failures[0]
    );
    session.commit().expect("commit the file-in");
    assert_eq!(
        Gem::new(&image).run(
            "{BeforeAbort new foo. UserGlobals at: #G1. UserGlobals at: #G3. UserGlobals at: #G2}"
        ),
        "anArray( 1, 1, 6, 2)"
    );
    // Outside a file-in an abort still aborts.
    assert_eq!(
        Gem::new(&image).run("System abortTransaction. UserGlobals at: #G1"),
        "1"
    );
}

#[test]
fn a_file_named_by_input_takes_effect_at_the_input_line() {
    let (dir, image) = image();
    let class = |name: &str, superclass: &str| {
        format!(
            "doit\n{superclass} subclass: '{name}'\n  instVarNames: #()\n  classVars: #()\n  \
             classInstVars: #()\n  poolDictionaries: #()\n  inDictionary: UserGlobals\n%\n"
        )
    };
    // inc.gs subclasses a class main.gs defines after its `input` line:
    // class definitions are still ordered across the files of a stretch.
    std::fs::write(
        dir.path().join("inc.gs"),
        format!("{}method: Inc\nval\n  ^42\n%\n", class("Inc", "IncBase")),
    )
    .expect("write inc.gs");
    let main = dir.path().join("main.gs");
    std::fs::write(
        &main,
        format!(
            "input inc.gs\n{}doit\nUserGlobals at: #IncVal put: Inc new val.\n%\n",
            class("IncBase", "Object")
        ),
    )
    .expect("write main.gs");
    let mut session = image.session();
    let report = gs_image::filein::file_in_paths_running(
        &mut session,
        &[main],
        FileInOptions::default(),
        &mut FileInDoits::new(),
    )
    .expect("file-in");
    assert!(report.is_clean(), "{:#?}", report.failures);
    assert_eq!(report.doits_run, 1);
    assert_eq!(report.files.len(), 2);
    session.commit().expect("commit the file-in");
    assert_eq!(Gem::new(&image).run("UserGlobals at: #IncVal"), "42");
}

#[test]
fn a_doit_whose_changes_cannot_be_kept_is_the_only_one_reported() {
    let (dir, image) = image();
    let path: PathBuf = dir.path().join("blk.gs");
    let text = "doit\nUserGlobals at: #Before put: 1.\n%\n\
                doit\n| y | y := 3. UserGlobals at: #Act put: [:x | x + y]. UserGlobals at: \
                #During put: 2.\n%\n\
                doit\nUserGlobals at: #After put: (UserGlobals at: #Before) + 2.\n%\n";
    std::fs::write(&path, text).expect("write the file");
    let mut session = image.session();
    let report = gs_image::filein::file_in_paths_running(
        &mut session,
        &[path],
        FileInOptions::default(),
        &mut FileInDoits::new(),
    )
    .expect("file-in");
    let lines: Vec<usize> = report.failures.iter().map(|f| f.line).collect();
    assert_eq!(lines, [5], "{:#?}", report.failures);
    session.commit().expect("commit the file-in");
    assert_eq!(Gem::new(&image).run("UserGlobals at: #After"), "3");
}
