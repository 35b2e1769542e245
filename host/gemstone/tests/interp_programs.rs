//! The backend's Smalltalk run in the embedded interpreter (the kernel the
//! test stone serves), program by program: each must answer a framed
//! String that parses. A quick check that needs no stone.

use gs_gemstone::smalltalk as st;
use gs_gemstone::wire;
use gs_interp::{Answer, BreakHandle, Interpreter, Limits};

const FIXTURE: &str = include_str!("../../builtin/tests/fixtures/bank.gs");

/// Runs `programs` in order in one session of the fixture image, after
/// the backend's helpers are installed, each program's block made before
/// it runs (as the backend does when a program answers `NOT_INSTALLED`).
fn run(programs: &[(&str, st::Program)]) -> Vec<(String, Result<wire::Value, String>)> {
    let mut all = vec![("install", st::install())];
    for (name, p) in programs {
        all.push(("make", p.install_text()));
        all.push((name, p.run_text()));
    }
    let answers = run_texts(&all);
    let mut out = Vec::new();
    for (name, text) in answers {
        if name == "install" || name == "make" {
            assert_eq!(text, Ok("ok".to_string()), "{name}");
            continue;
        }
        let parsed = text.and_then(|t| wire::parse(&t).map_err(|e| format!("{e}: {t}")));
        out.push((name, parsed));
    }
    out
}

/// Runs `programs` in order in one session of the fixture image, each
/// answering its text.
fn run_texts(programs: &[(&str, String)]) -> Vec<(String, Result<String, String>)> {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("p.gsimage")).unwrap();
    let mut session = image.session();
    let report = gs_image::filein::file_in_text(&mut session, "bank.gs", FIXTURE);
    assert!(report.is_clean(), "{report:?}");
    session.commit().unwrap();
    let mut session = image.session();
    let mut interp = Interpreter::new();
    programs
        .iter()
        .map(|(name, source)| {
            let r = interp.execute_answer(
                &mut session,
                source,
                &Limits::default(),
                &BreakHandle::new(),
            );
            let text = match r {
                Ok(Answer::Bytes { bytes, .. }) => {
                    String::from_utf8(bytes).map_err(|e| e.to_string())
                }
                Ok(other) => Err(format!("not bytes: {other:?}")),
                Err(e) => Err(format!("{e}")),
            };
            (name.to_string(), text)
        })
        .collect()
}

#[test]
fn every_program_answers_a_framed_string() {
    let programs = vec![
        ("facts", st::stone_facts()),
        ("dictionaries", st::dictionaries()),
        ("classes", st::classes("Bank")),
        ("classes of nothing", st::classes("Nope")),
        ("entries", st::entries("Bank")),
        ("class facts", st::class_facts("Account")),
        ("no class", st::class_facts("Acount")),
        ("kernel", st::is_kernel_class("Object")),
        ("selectors", st::selectors("Account", false)),
        ("class selectors", st::selectors("Account", true)),
        ("hierarchy", st::hierarchy("Account")),
        ("file out", st::file_out("Account")),
        ("method", st::method("Account", false, "balance")),
        ("no method", st::method("Account", false, "owner:")),
        ("implementors", st::implementors("balance")),
        ("senders", st::senders("balance")),
        ("references", st::references_to("Account")),
        ("class variable references", st::references_to("Nothing")),
        ("class sources", st::class_sources("Account")),
        ("no references", st::references_to("NoSuchGlobal")),
        ("search", st::search_source("balance :=", false, None)),
        (
            "search ic",
            st::search_source("BALANCE :=", true, Some("Bank")),
        ),
        ("test classes", st::test_classes()),
        ("test selectors", st::test_selectors("AccountTest")),
        ("resources", st::test_resources("AccountTest", true)),
        ("run test", st::run_test("AccountTest", "testDeposit")),
        (
            "run failing test",
            st::run_test("AccountTest", "testWithdrawGoesNegative"),
        ),
        (
            "run erroring test",
            st::run_test("AccountTest", "testBadDeposit"),
        ),
        ("status", st::status()),
        (
            "compile",
            st::compile_method("Account", false, "x", "answer\n\t^ 42"),
        ),
        (
            "compile error",
            st::compile_method("Account", false, "x", "answer\n\t^ ^"),
        ),
        (
            "define",
            st::define_class(
                "Thing",
                Some("Object"),
                "Bank",
                &["a".into()],
                &[],
                &[],
                Some("Things"),
            ),
        ),
        ("comment", st::set_class_comment("Thing", "it's a thing")),
        (
            "delete method",
            st::delete_method("Account", false, "answer"),
        ),
        ("add dictionary", st::add_dictionary("Extra")),
        ("remove dictionary", st::remove_dictionary("Extra")),
        ("delete class", st::delete_class("Thing")),
        ("execute", st::execute("3 + 4")),
        ("commit", st::commit()),
        ("refresh", st::refresh()),
        ("abort", st::abort()),
    ];
    let mut bad = Vec::new();
    for (name, answer) in run(&programs) {
        println!("{name}: {answer:?}");
        if answer.is_err() {
            bad.push(name);
        }
    }
    assert!(bad.is_empty(), "failed: {bad:?}");
}

#[test]
fn a_session_without_the_helpers_or_a_block_is_told_so_and_keeps_them_once_made() {
    let (dictionaries, facts, no_facts) = (
        st::dictionaries(),
        st::class_facts("Account"),
        st::class_facts("Acount"),
    );
    let answers = run_texts(&[
        ("before", dictionaries.run_text()),
        ("make without helpers", dictionaries.install_text()),
        ("install", st::install()),
        ("make", dictionaries.install_text()),
        ("after", dictionaries.run_text()),
        ("another program", facts.run_text()),
        ("make it", facts.install_text()),
        ("again", facts.run_text()),
        ("an error frame", no_facts.run_text()),
        ("after an error", dictionaries.run_text()),
    ]);
    let texts: Vec<String> = answers
        .iter()
        .map(|(name, text)| text.clone().unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect();
    let u = st::NOT_INSTALLED;
    assert_eq!(texts[..4], [u, u, "ok", "ok"]);
    assert_eq!(texts[5..7], [u, "ok"]);
    let heads: Vec<wire::Value> = [4, 7, 8, 9]
        .iter()
        .map(
            |&n| match wire::parse(&texts[n]).expect("a framed answer") {
                wire::Value::List(items) => items[0].clone(),
                other => panic!("not a list: {other:?}"),
            },
        )
        .collect();
    let [ok, error] = ["ok", "error"].map(|s| wire::Value::Str(s.into()));
    assert_eq!(heads, [ok.clone(), ok.clone(), error, ok]);
}
