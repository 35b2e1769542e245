//! Topaz `expectvalue` lines in a file-in: checked against what the next
//! doit answers, whether the file-in applies the doit itself or a runner
//! runs it, and reported when they cannot be checked.

use gs_image::filein::{self, DoitRunner, Expected, FileInOptions, FileInReport};
use gs_image::{Image, Session};

const DEFINE: &str = "doit\nObject subclass: 'Account'\n  instVarNames: #(balance)\n  \
                      classVars: #()\n  classInstVars: #()\n  poolDictionaries: #()\n  \
                      inDictionary: UserGlobals\n  options: #()\n%\n";

fn load(text: &str) -> (FileInReport, Session) {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open(dir.path().join("e.image")).unwrap();
    let mut session = image.session();
    let report = filein::file_in_text(&mut session, "e.gs", text);
    (report, session)
}

fn lines(notes: &[filein::Failure]) -> Vec<(usize, &str)> {
    notes.iter().map(|n| (n.line, n.message.as_str())).collect()
}

#[test]
fn a_class_definition_comment_and_category_answer_their_class() {
    let text = format!(
        "expectvalue /Class\n{DEFINE}expectvalue /Class\ndoit\nAccount comment: 'Money'\n%\n\
         expectvalue /Class\ndoit\nAccount category: 'Bank'\n%\n\
         expectvalue /Metaclass3\ndoit\nAccount class instVarNames: #(count)\n%\n"
    );
    let (report, session) = load(&text);
    assert!(report.is_clean(), "{:#?}", report.failures);
    assert!(report.skipped.is_empty(), "{:#?}", report.skipped);
    assert_eq!(session.class("Account").unwrap().comment, "Money");
}

#[test]
fn an_expectation_the_applied_doit_does_not_meet_is_a_failure_at_the_doit() {
    let text = format!(
        "{DEFINE}expectvalue true\ndoit\nAccount comment: 'Money'\n%\n\
         expectvalue /Metaclass3\ndoit\nAccount category: 'Bank'\n%\n"
    );
    let (report, session) = load(&text);
    assert_eq!(
        lines(&report.failures),
        [
            (
                12,
                "`expectvalue true` not met: it answers the class Account, not true"
            ),
            (
                16,
                "`expectvalue /Metaclass3` not met: it answers the class Account, which is \
                 not a Metaclass3"
            ),
        ]
    );
    // The doits themselves still apply, as in Topaz.
    assert_eq!(session.class("Account").unwrap().comment, "Money");
}

#[test]
fn an_expectation_that_cannot_be_checked_is_reported_with_the_reason() {
    let text = format!(
        "expectvalue %String\n{DEFINE}expectvalue 3\ndoit\nUserGlobals at: #Limit put: 3\n%\n\
         expectvalue true\nexpectvalue /Class\n{DEFINE}expectvalue nil\n"
    );
    let (report, _) = load(&text);
    assert!(report.is_clean(), "{:#?}", report.failures);
    assert_eq!(
        lines(&report.skipped),
        [
            (
                1,
                "`expectvalue %String` not checked: a file-in checks `/ClassName`, `true`, \
                 `false`, `nil`, integers and quoted strings"
            ),
            (
                11,
                "`expectvalue 3` not checked: only running the doit tells what it answers, \
                 and this load runs no doits"
            ),
            (
                15,
                "`expectvalue true` not checked: another `expectvalue` follows it before any \
                 doit"
            ),
            (
                26,
                "`expectvalue nil` not checked: no doit follows it in its file"
            ),
        ]
    );
}

#[test]
fn an_expectation_before_a_method_is_not_carried_to_a_later_doit() {
    let text = format!(
        "{DEFINE}expectvalue 42\nmethod: Account\nbalance\n  ^balance\n%\n\
         expectvalue /Class\ndoit\nAccount comment: 'Money'\n%\n"
    );
    let (report, session) = load(&text);
    assert!(report.is_clean(), "{:#?}", report.failures);
    assert_eq!(
        lines(&report.skipped),
        [(
            10,
            "`expectvalue 42` not checked: the next command compiles or removes methods, not a \
             doit; the file-in reports what those do itself"
        )]
    );
    assert_eq!(session.class("Account").unwrap().comment, "Money");
}

/// Runs no Smalltalk: keeps each doit with what the file said it answers.
#[derive(Default)]
struct Recorder(Vec<(String, Option<Expected>)>);

impl DoitRunner for Recorder {
    fn run(
        &mut self,
        _: &mut Session,
        source: &str,
        expected: Option<&Expected>,
    ) -> Result<(), String> {
        self.0.push((source.trim().to_string(), expected.cloned()));
        match expected {
            Some(Expected::Equal(v)) if v == "7" => Err("it answered 8".into()),
            _ => Ok(()),
        }
    }
}

#[test]
fn a_runner_is_told_what_each_doit_it_runs_should_answer() {
    let dir = tempfile::tempdir().unwrap();
    let image = Image::open(dir.path().join("r.image")).unwrap();
    let mut session = image.session();
    let path = dir.path().join("r.gs");
    let text = format!(
        "expectvalue /Class\n{DEFINE}expectvalue 'ok'\nrun\n#ok asString\n%\n\
         run\n3 + 4\n%\nexpectvalue 3\ndoit\nUserGlobals at: #Limit put: 3\n%\n\
         expectvalue 7\nrun\n4 + 4\n%\n"
    );
    std::fs::write(&path, text).unwrap();
    let mut recorder = Recorder::default();
    let report = filein::file_in_paths_running(
        &mut session,
        &[path],
        FileInOptions::default(),
        &mut recorder,
    )
    .unwrap();
    let equal = |v: &str| Some(Expected::Equal(v.into()));
    assert_eq!(
        recorder.0,
        [
            ("#ok asString".to_string(), equal("'ok'")),
            ("3 + 4".to_string(), None),
            // A binding the file-in could apply runs, so its answer is checked.
            ("UserGlobals at: #Limit put: 3".to_string(), equal("3")),
            ("4 + 4".to_string(), equal("7")),
        ]
    );
    assert_eq!(
        lines(&report.failures),
        [(24, "doit failed: it answered 8")]
    );
    assert!(report.skipped.is_empty(), "{:#?}", report.skipped);
}
