//! `GsProcess stackReportToLevel:` names every running activation with
//! the line it was at, and a test that did not pass reports where its
//! exception was signalled.

use gs_image::{Image, Session, Side};
use gs_interp::{BreakHandle, Interpreter, Limits};

const ORDER: &str = "Object subclass: 'AcmeOrder'
    instVarNames: #(items) classVars: #() classInstVars: #() poolDictionaries: #()
    inDictionary: UserGlobals options: #().
TestCase subclass: 'AcmeOrderTest'
    instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #()
    inDictionary: UserGlobals options: #().
true";

/// `total` (line 4 sends `do:`, its block's line 5 sends `priceOf:`),
/// whose `priceOf:` raises an error on line 3 for an item without a price.
const METHODS: &[(Side, &str, &str)] = &[
    (
        Side::Instance,
        "AcmeOrder",
        "items: anArray\n  items := anArray",
    ),
    (
        Side::Instance,
        "AcmeOrder",
        "total\n  | sum |\n  sum := 0.\n  items do: [:each |\n    sum := sum + (self priceOf: each)].\n  ^sum",
    ),
    (
        Side::Instance,
        "AcmeOrder",
        "priceOf: anItem\n  anItem isNil\n    ifTrue: [self error: 'no price'].\n  ^anItem",
    ),
    (
        Side::Class,
        "AcmeOrder",
        "sample\n  \"An order with an item without a price.\"\n  ^self new items: #(1 nil); total",
    ),
    (
        Side::Instance,
        "AcmeOrderTest",
        "testTotal\n  | order |\n  order := AcmeOrder new items: #(1 2).\n  self assert: order total = 4",
    ),
    (
        Side::Instance,
        "AcmeOrderTest",
        "testSample\n  self assert: AcmeOrder sample = 1",
    ),
];

fn run(interp: &mut Interpreter, session: &mut Session, source: &str) -> Result<String, String> {
    interp
        .execute(session, source, &Limits::default(), &BreakHandle::new())
        .map(|out| out.print_string)
        .map_err(|e| e.to_string())
}

fn with_order() -> (tempfile::TempDir, Session, Interpreter) {
    let dir = tempfile::tempdir().expect("temp dir");
    let image = Image::open(dir.path().join("stack.image")).expect("image");
    let mut session = image.session();
    let mut interp = Interpreter::new();
    run(&mut interp, &mut session, ORDER).expect("classes defined");
    for (side, class, source) in METHODS {
        session
            .compile_method(class, *side, "acme", source)
            .expect("method compiles");
    }
    (dir, session, interp)
}

/// The lines of `report` that are not the kernel's, in order.
fn application_lines(report: &str) -> Vec<&str> {
    report
        .lines()
        .filter(|l| l.contains("Acme") || l.contains("Executed Code"))
        .collect()
}

#[test]
fn a_handler_reports_the_activations_that_signalled_with_their_lines() {
    let (_dir, mut session, mut interp) = with_order();
    let report = run(
        &mut interp,
        &mut session,
        "[AcmeOrder sample]\n  on: Error\n  do: [:ex | ex return: (GsProcess stackReportToLevel: 50)]",
    )
    .expect("runs");
    let report = report.trim_matches('\'').replace("''", "'");
    assert_eq!(
        application_lines(&report),
        [
            "[] in Executed Code line 3",
            "AcmeOrder >> priceOf: line 3",
            "[] in AcmeOrder >> total line 5",
            "AcmeOrder >> total line 4",
            "AcmeOrder class >> sample line 3",
            "[] in Executed Code line 1",
            "Executed Code line 2",
        ],
        "{report}"
    );
    // The kernel's activations in between are named as GemStone names
    // them, innermost first.
    assert!(report.contains("Object >> error: line"), "{report}");
}

#[test]
fn the_report_is_cut_to_the_level_asked_for_and_answers_the_same_from_the_process() {
    let (_dir, mut session, mut interp) = with_order();
    assert_eq!(
        run(&mut interp, &mut session, "GsProcess stackReportToLevel: 1").unwrap(),
        "'Executed Code line 1\n'"
    );
    assert_eq!(
        run(
            &mut interp,
            &mut session,
            "Processor activeProcess stackReportToLevel: 5"
        )
        .unwrap(),
        "'Executed Code line 1\n'"
    );
    let e = run(&mut interp, &mut session, "GsProcess stackReportToLevel: 0").unwrap_err();
    assert!(e.contains("SmallInteger of 1 or more"), "{e}");
}

#[test]
fn a_test_that_did_not_pass_reports_where_its_exception_was_signalled() {
    let (_dir, mut session, mut interp) = with_order();
    let report = interp
        .run_tests(
            &mut session,
            "AcmeOrderTest",
            None,
            &Limits::default(),
            &BreakHandle::new(),
            &mut |_| {},
        )
        .expect("tests run");
    let shown = |d: &gs_interp::TestDefect| -> Vec<String> {
        d.stack
            .iter()
            .filter(|f| !f.kernel)
            .map(|f| f.to_string())
            .collect()
    };
    let failure = &report.failures[0];
    assert_eq!(failure.selector, "testTotal");
    assert_eq!(shown(failure)[0], "AcmeOrderTest >> testTotal line 4");
    assert!(failure.stack[0].kernel, "{:?}", failure.stack);
    let error = &report.errors[0];
    assert_eq!(error.selector, "testSample");
    assert_eq!(
        shown(error)[..4],
        [
            "AcmeOrder >> priceOf: line 3",
            "[] in AcmeOrder >> total line 5",
            "AcmeOrder >> total line 4",
            "AcmeOrder class >> sample line 3",
        ]
    );
    assert_eq!(shown(error)[4], "AcmeOrderTest >> testSample line 2");
    assert!(error.stack.len() <= gs_interp::STACK_KEPT);
}

#[test]
fn an_activation_that_sent_nothing_yet_has_no_line_not_its_caller_s() {
    let (_dir, mut session, mut interp) = with_order();
    session
        .compile_method(
            "AcmeOrder",
            Side::Instance,
            "acme",
            "flag: aValue\n  \"No message is sent before the test of aValue.\"\n  aValue ifTrue: [^1].\n  ^2",
        )
        .expect("method compiles");
    let report = run(
        &mut interp,
        &mut session,
        "| order |\norder := AcmeOrder new.\n[\n  order flag: nil]\n  on: Error\n  do: [:ex | ex return: (GsProcess stackReportToLevel: 50)]",
    )
    .expect("runs");
    let report = report.trim_matches('\'').replace("''", "'");
    let flag: Vec<&str> = report.lines().filter(|l| l.contains("flag:")).collect();
    // The doit sent `flag:` from its line 4; the method's own line is not
    // known, and is not taken for 4.
    assert_eq!(flag, ["AcmeOrder >> flag:"], "{report}");
}
