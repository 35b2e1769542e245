//! The limit on what one session holds uncommitted, as a client meets it
//! through the built-in tools: a session whose doits left a large value
//! uncommitted is refused a further change (`refused`, saying how much it
//! holds, the most it may, and to commit or abort), and goes on once it
//! aborts; a doit whose objects would pass the limit is refused in its own
//! answer (its changes discarded, none kept in silence), and the session's
//! earlier work still commits; a test run whose changes would pass it
//! still answers its report, saying the changes were discarded. The cases
//! run as the data-driven cases do (`tool_cases.rs`), on an image opened
//! with a 1 MiB limit, which a case file cannot set.

#[path = "support/cases.rs"]
mod cases;

use std::sync::Arc;

use gs_toolset::ImageSession;
use serde_json::json;

const LIMIT: usize = 1 << 20;

/// The fixture image of the cases, opened with a 1 MiB limit.
fn open_small_limit_image() -> (tempfile::TempDir, Arc<dyn ImageSession>) {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open_with(
        dir.path().join("cases.gsimage"),
        gs_image::OpenOptions {
            max_uncommitted_bytes: LIMIT,
            ..gs_image::OpenOptions::default()
        },
    )
    .unwrap();
    let mut session = image.session();
    let report = gs_image::filein::file_in_text(&mut session, "bank.gs", cases::FIXTURE);
    assert!(report.is_clean(), "the fixture files in: {report:?}");
    session.commit().unwrap();
    let session = Arc::new(gs_embedded::EmbeddedSession::new(image.session()));
    (dir, session)
}

#[test]
fn a_change_past_the_limit_is_refused_saying_to_commit_or_abort() {
    let method = format!("bigConstant\n\t^ '{}'", "x".repeat(200 << 10));
    let case = json!({
        "case": "uncommitted changes past the session's limit",
        "steps": [
            {"tool": "execute_code",
             "arguments": {"code": "UserGlobals at: #Big put: (String new: 900000). #done"}},
            {"tool": "compile_method",
             "arguments": {"className": "Account", "source": method},
             "error": {"kind": "refused",
                       "contains": ["cannot compile a method: this session holds 879.",
                                    "KiB of uncommitted changes and this change adds 200.",
                                    "the most one session may hold is 1 MiB; commit or abort \
                                     them, then continue"],
                       "at": {"/maxUncommittedBytes": LIMIT}}},
            {"tool": "abort"},
            {"tool": "compile_method",
             "arguments": {"className": "Account", "source": method},
             "includes": {"selector": "bigConstant"}}
        ]
    });
    cases::run_case(&case, &open_small_limit_image).unwrap();
}

#[test]
fn a_doit_past_the_limit_is_refused_in_its_own_answer_and_the_earlier_work_commits() {
    let case = json!({
        "case": "a doit whose objects would pass the session's limit",
        "steps": [
            {"tool": "execute_code",
             "arguments": {"code": "UserGlobals at: #Earlier put: (String new: 500000). #done"},
             "includes": {"result": "#'done'"}},
            {"tool": "execute_code",
             "arguments": {"code": "UserGlobals at: #Big put: (String new: 600000). #done"},
             "error": {"kind": "refused",
                       "contains": ["the code ran, but its changes to globals and persistent \
                                     objects could not be kept and were discarded",
                                    "this session holds 489.",
                                    "the most one session may hold is 1 MiB; commit or abort \
                                     them, then continue"],
                       "at": {"/maxUncommittedBytes": LIMIT}}},
            {"tool": "execute_code",
             "arguments": {"code": "UserGlobals includesKey: #Big"},
             "includes": {"result": "false"}},
            {"tool": "commit",
             "includes": {"committed": true}},
            {"tool": "execute_code",
             "arguments": {"code": "UserGlobals at: #Big put: (String new: 600000). #done"},
             "includes": {"result": "#'done'"}},
            {"tool": "commit",
             "includes": {"committed": true}},
            {"tool": "execute_code",
             "arguments": {"code": "(UserGlobals at: #Big) size + (UserGlobals at: #Earlier) size"},
             "includes": {"result": "1100000"}}
        ]
    });
    cases::run_case(&case, &open_small_limit_image).unwrap();
}

/// Every testing tool answers the report of tests whose changes the limit
/// refused, opening its text with the refusal and carrying it as
/// `changesDiscarded`; the tests' changes are gone and the session's
/// earlier work still commits.
#[test]
fn a_test_run_past_the_limit_answers_its_report_saying_its_changes_were_discarded() {
    let big_test =
        "testBig\n\tUserGlobals at: #Big put: (String new: 2000000).\n\tself assert: true";
    let discarded = "Changes discarded: the tests of AccountTest ran, but their changes to \
                     globals and persistent objects could not be kept and were discarded";
    let limit_words = "the most one session may hold is 1 MiB; commit or abort them, then continue";
    let case = json!({
        "case": "a test run whose changes would pass the session's limit",
        "steps": [
            {"tool": "compile_method",
             "arguments": {"className": "AccountTest", "source": big_test},
             "includes": {"selector": "testBig"}},
            {"tool": "execute_code",
             "arguments": {"code": "UserGlobals at: #Earlier put: (String new: 500000). #done"},
             "includes": {"result": "#'done'"}},
            {"tool": "run_test_class",
             "arguments": {"className": "AccountTest"},
             "includes": {"passed": ["testBig", "testDeposit"]},
             "at": {"/run": 4,
                    "/summary": "4 run, 2 passes, 1 failures, 1 errors",
                    "/changesDiscarded/kind": "refused",
                    "/changesDiscarded/maxUncommittedBytes": LIMIT},
             "text": {"starts_with": discarded,
                      "contains": [limit_words,
                                   "AccountTest: 4 run, 2 passes, 1 failures, 1 errors",
                                   "FAILURE testWithdrawGoesNegative"]}},
            {"tool": "execute_code",
             "arguments": {"code": "UserGlobals includesKey: #Big"},
             "includes": {"result": "false"}},
            {"tool": "run_test_method",
             "arguments": {"className": "AccountTest", "selector": "testBig"},
             "at": {"/passed": ["testBig"], "/changesDiscarded/kind": "refused"},
             "text": {"starts_with": discarded, "contains": ["AccountTest: 1 run, 1 passes"]}},
            {"tool": "describe_test_failure",
             "arguments": {"className": "AccountTest", "selector": "testBig"},
             "at": {"/outcome": "passed", "/changesDiscarded/kind": "refused"},
             "text": {"starts_with": discarded, "contains": ["AccountTest>>testBig passed"]}},
            {"tool": "list_failing_tests",
             "arguments": {"classNames": ["AccountTest"]},
             "at": {"/run": 4,
                    "/changesDiscarded/0/className": "AccountTest",
                    "/changesDiscarded/0/maxUncommittedBytes": LIMIT},
             "text": {"starts_with": discarded, "contains": ["2 failing of 4 tests"]}},
            {"tool": "run_test_method",
             "arguments": {"className": "AccountTest", "selector": "testDeposit"},
             "absent": ["/changesDiscarded"]},
            {"tool": "commit",
             "includes": {"committed": true}},
            {"tool": "execute_code",
             "arguments": {"code": "{UserGlobals includesKey: #Big. (UserGlobals at: #Earlier) size}"},
             "includes": {"result": "anArray( false, 500000)"}}
        ]
    });
    cases::run_case(&case, &open_small_limit_image).unwrap();
}
