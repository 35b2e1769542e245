//! SUnit classes filed in from a `.gs` fixture run with the right pass,
//! failure and error counts, as GemStone's SUnit reports them.

use std::path::Path;

use gs_interp::{BreakHandle, Interpreter, Limits};

fn filed_in() -> (tempfile::TempDir, gs_image::Session) {
    let dir = tempfile::tempdir().expect("temp dir");
    let image = gs_image::Image::open(dir.path().join("t.image")).expect("image");
    let mut session = image.session();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bank_tests.gs");
    let report = gs_image::filein::file_in_path(&mut session, &fixture).expect("file-in");
    assert!(report.is_clean(), "fixture did not file in: {report:?}");
    (dir, session)
}

#[test]
fn a_filed_in_test_class_reports_passes_failures_and_errors() {
    let (_dir, mut session) = filed_in();
    let mut interp = Interpreter::new();
    let mut seen = Vec::new();
    let report = interp
        .run_tests(
            &mut session,
            "BankAccountTest",
            None,
            &Limits::default(),
            &BreakHandle::new(),
            &mut |p| seen.push((p.done, p.total)),
        )
        .expect("tests run");
    assert_eq!(
        report.passed,
        [
            "testDeposit",
            "testEnsureRuns",
            "testOverdraftRaises",
            "testWithdraw"
        ]
    );
    let failures: Vec<(&str, &str, &str)> = report
        .failures
        .iter()
        .map(|d| {
            (
                d.selector.as_str(),
                d.exception_class.as_str(),
                d.description.as_str(),
            )
        })
        .collect();
    assert_eq!(
        failures,
        [
            ("testDenied", "TestFailure", "Denial failed"),
            (
                "testWrongExpectation",
                "TestFailure",
                "Expected 99 but was 100"
            ),
        ]
    );
    let errors: Vec<(&str, &str, &str)> = report
        .errors
        .iter()
        .map(|d| {
            (
                d.selector.as_str(),
                d.exception_class.as_str(),
                d.description.as_str(),
            )
        })
        .collect();
    assert_eq!(
        errors,
        [
            (
                "testNotUnderstood",
                "MessageNotUnderstood",
                "aBankAccount does not understand #'fly'"
            ),
            (
                "testZeroDivide",
                "ZeroDivide",
                "attempt to divide 100 by zero"
            ),
        ]
    );
    assert_eq!(report.to_string(), "8 run, 4 passes, 2 failures, 2 errors");
    assert_eq!(seen.len(), 8);
    assert_eq!(seen.last(), Some(&(8, 8)));
}

#[test]
fn chosen_selectors_run_alone_and_the_kernel_suite_agrees() {
    let (_dir, mut session) = filed_in();
    let mut interp = Interpreter::new();
    let only = vec!["testWithdraw".to_string(), "testZeroDivide".to_string()];
    let report = interp
        .run_tests(
            &mut session,
            "BankAccountTest",
            Some(&only),
            &Limits::default(),
            &BreakHandle::new(),
            &mut |_| {},
        )
        .expect("tests run");
    assert_eq!(report.passed, ["testWithdraw"]);
    assert_eq!(report.errors.len(), 1);
    // The kernel's own TestSuite reports the same counts.
    let out = interp
        .execute(
            &mut session,
            "BankAccountTest suite run printString",
            &Limits::default(),
            &BreakHandle::new(),
        )
        .expect("suite runs");
    assert_eq!(out.print_string, "'8 run, 4 passes, 2 failures, 2 errors'");
}

#[test]
fn a_class_that_is_not_a_test_case_is_refused_with_a_reason() {
    let (_dir, mut session) = filed_in();
    let mut interp = Interpreter::new();
    let err = interp
        .run_tests(
            &mut session,
            "BankAccount",
            None,
            &Limits::default(),
            &BreakHandle::new(),
            &mut |_| {},
        )
        .expect_err("not a test class");
    assert!(
        err.to_string().contains("not a subclass of TestCase"),
        "{err}"
    );
}
