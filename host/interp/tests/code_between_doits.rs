//! A doit keeps the lookups and compiled methods of the one before only
//! while the session's code is unchanged: however the code changed in
//! between — through the session itself, as the tools compile and
//! remove methods, or by another session's commit brought in with a plain
//! `Session::abort` — the next doit runs the code as it now is.

use gs_image::{Image, Session, Side};
use gs_interp::{BreakHandle, Interpreter, Limits};

const PROBE: &str = "Object subclass: 'Probe'
    instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #()
    inDictionary: UserGlobals options: #().
Probe compile: 'answer ^1' classified: 'probing'.
Probe name";

fn run(interp: &mut Interpreter, session: &mut Session, source: &str) -> Result<String, String> {
    interp
        .execute(session, source, &Limits::default(), &BreakHandle::new())
        .map(|out| out.print_string)
        .map_err(|e| e.to_string())
}

fn image() -> (tempfile::TempDir, Image) {
    let dir = tempfile::tempdir().expect("temp dir");
    let image = Image::open(dir.path().join("code.image")).expect("image");
    (dir, image)
}

#[test]
fn a_method_changed_through_the_session_between_doits_is_the_one_run() {
    let (_dir, image) = image();
    let mut session = image.session();
    let mut interp = Interpreter::new();
    run(&mut interp, &mut session, PROBE).unwrap();
    assert_eq!(
        run(&mut interp, &mut session, "Probe new answer").unwrap(),
        "1"
    );
    assert_eq!(
        run(&mut interp, &mut session, "Probe new answer").unwrap(),
        "1"
    );

    session
        .compile_method("Probe", Side::Instance, "probing", "answer ^2")
        .unwrap();
    assert_eq!(
        run(&mut interp, &mut session, "Probe new answer").unwrap(),
        "2"
    );

    session
        .remove_method("Probe", Side::Instance, "answer")
        .unwrap();
    let e = run(&mut interp, &mut session, "Probe new answer").unwrap_err();
    assert!(e.contains("answer"), "{e}");
}

#[test]
fn another_sessions_commit_is_run_after_a_plain_abort() {
    let (_dir, image) = image();
    let mut writer = image.session();
    let mut writing = Interpreter::new();
    run(&mut writing, &mut writer, PROBE).unwrap();
    writing.commit(&mut writer).unwrap();

    let mut reader = image.session();
    let mut reading = Interpreter::new();
    assert_eq!(
        run(&mut reading, &mut reader, "Probe new answer").unwrap(),
        "1"
    );

    run(
        &mut writing,
        &mut writer,
        "Probe compile: 'answer ^3' classified: 'probing'",
    )
    .unwrap();
    writing.commit(&mut writer).unwrap();
    // Not yet in the reader's view…
    assert_eq!(
        run(&mut reading, &mut reader, "Probe new answer").unwrap(),
        "1"
    );
    // …and run once it moves to the newest view, through the session alone.
    reader.abort();
    assert_eq!(
        run(&mut reading, &mut reader, "Probe new answer").unwrap(),
        "3"
    );
}
