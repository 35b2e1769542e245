//! The testing family through the real server: `describe_test_failure`,
//! `list_failing_tests`, `list_test_classes`, `run_test_class` and
//! `run_test_method`, against the fixture's AccountTest (one passing, one
//! failing and one erroring test).

mod common;

use common::{Client, start};
use serde_json::{Value, json};

const FAILURE_DESCRIPTION: &str = "Expected 0 but was -5";
const ERROR_DESCRIPTION: &str = "deposit must be positive";

/// Adds a second, all-green test class through the tools themselves.
fn add_green_test_class(c: &mut Client) {
    c.call(
        "compile_class_definition",
        json!({"source": "TestCase subclass: 'GreenTest' instVarNames: #() classVars: #() \
               classInstVars: #() poolDictionaries: #() inDictionary: Bank"}),
    )
    .ok();
    c.call(
        "compile_method",
        json!({
            "className": "GreenTest",
            "source": "testArithmetic\n\tself assert: 3 + 4 equals: 7",
            "category": "tests"
        }),
    )
    .ok();
}

fn selectors(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|d| d["selector"].as_str().unwrap())
        .collect()
}

#[test]
fn run_test_class_tells_passes_failures_and_errors_apart() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("run_test_class", json!({"className": "AccountTest"}));
    let s = answer.ok();
    assert_eq!(s["className"], "AccountTest");
    assert_eq!(s["run"], 3);
    assert_eq!(s["passed"], json!(["testDeposit"]));
    assert_eq!(
        s["failures"],
        json!([{
            "selector": "testWithdrawGoesNegative",
            "exceptionClass": "TestFailure",
            "description": FAILURE_DESCRIPTION
        }])
    );
    assert_eq!(
        s["errors"],
        json!([{
            "selector": "testBadDeposit",
            "exceptionClass": "Error",
            "description": ERROR_DESCRIPTION
        }])
    );
    let summary = s["summary"].as_str().unwrap();
    assert_eq!(summary, "3 run, 1 passes, 1 failures, 1 errors");
    assert_eq!(
        answer.text,
        format!(
            "AccountTest: {summary}\n\
             FAILURE testWithdrawGoesNegative: TestFailure: {FAILURE_DESCRIPTION}\n\
             ERROR testBadDeposit: Error: {ERROR_DESCRIPTION}"
        )
    );
}

#[test]
fn run_test_class_reports_progress_per_test_before_its_answer() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let (response, notifications) = c.request(
        "tools/call",
        json!({
            "name": "run_test_class",
            "arguments": {"className": "AccountTest"},
            "_meta": {"progressToken": "p1"}
        }),
    );
    assert_eq!(response["result"]["structuredContent"]["run"], 3);
    let progress: Vec<&Value> = notifications
        .iter()
        .filter(|n| n["method"] == "notifications/progress")
        .collect();
    assert_eq!(progress.len(), 3, "one per test: {notifications:?}");
    let mut seen = Vec::new();
    for (i, n) in progress.iter().enumerate() {
        let p = &n["params"];
        assert_eq!(p["progressToken"], "p1", "{n}");
        assert_eq!(p["progress"].as_f64(), Some((i + 1) as f64), "{n}");
        assert_eq!(p["total"].as_f64(), Some(3.0), "{n}");
        let message = p["message"].as_str().unwrap();
        assert!(message.starts_with("AccountTest>>test"), "{n}");
        seen.push(message.trim_start_matches("AccountTest>>").to_string());
    }
    seen.sort();
    assert_eq!(
        seen,
        ["testBadDeposit", "testDeposit", "testWithdrawGoesNegative"]
    );

    // Without a progress token, no progress is sent.
    let (_, notifications) = c.request(
        "tools/call",
        json!({"name": "run_test_class", "arguments": {"className": "AccountTest"}}),
    );
    assert!(
        !notifications
            .iter()
            .any(|n| n["method"] == "notifications/progress"),
        "{notifications:?}"
    );
}

#[test]
fn run_test_method_runs_just_that_test() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call(
        "run_test_method",
        json!({"className": "AccountTest", "selector": "testDeposit"}),
    );
    let s = answer.ok();
    assert_eq!(s["run"], 1);
    assert_eq!(s["passed"], json!(["testDeposit"]));
    assert_eq!(s["failures"], json!([]));
    assert_eq!(s["errors"], json!([]));
    assert_eq!(
        answer.text,
        "AccountTest: 1 run, 1 passes, 0 failures, 0 errors"
    );
    let s = c
        .call(
            "run_test_method",
            json!({"className": "AccountTest", "selector": "testBadDeposit"}),
        )
        .ok()
        .clone();
    assert_eq!(s["run"], 1);
    assert_eq!(s["passed"], json!([]));
    assert_eq!(selectors(&s["errors"]), ["testBadDeposit"]);
    // An inherited test runs on the subclass.
    c.call(
        "compile_class_definition",
        json!({"source": "AccountTest subclass: 'AccountSubTest' instVarNames: #() \
               classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: Bank"}),
    )
    .ok();
    let s = c
        .call(
            "run_test_method",
            json!({"className": "AccountSubTest", "selector": "testDeposit"}),
        )
        .ok()
        .clone();
    assert_eq!(s["className"], "AccountSubTest");
    assert_eq!(s["passed"], json!(["testDeposit"]));
}

#[test]
fn describe_test_failure_describes_a_failure_an_error_and_a_pass() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call(
        "describe_test_failure",
        json!({"className": "AccountTest", "selector": "testWithdrawGoesNegative"}),
    );
    assert_eq!(
        answer.ok(),
        &json!({
            "className": "AccountTest",
            "selector": "testWithdrawGoesNegative",
            "outcome": "failure",
            "exceptionClass": "TestFailure",
            "description": FAILURE_DESCRIPTION
        })
    );
    assert_eq!(
        answer.text,
        format!(
            "AccountTest>>testWithdrawGoesNegative: failure\n  exception: TestFailure\n  \
             description: {FAILURE_DESCRIPTION}"
        )
    );
    let answer = c.call(
        "describe_test_failure",
        json!({"className": "AccountTest", "selector": "testBadDeposit"}),
    );
    assert_eq!(
        answer.ok(),
        &json!({
            "className": "AccountTest",
            "selector": "testBadDeposit",
            "outcome": "error",
            "exceptionClass": "Error",
            "description": ERROR_DESCRIPTION
        })
    );
    assert!(
        answer.text.contains("testBadDeposit: error"),
        "{}",
        answer.text
    );
    let answer = c.call(
        "describe_test_failure",
        json!({"className": "AccountTest", "selector": "testDeposit"}),
    );
    assert_eq!(
        answer.ok(),
        &json!({
            "className": "AccountTest",
            "selector": "testDeposit",
            "outcome": "passed",
            "exceptionClass": null,
            "description": null
        })
    );
    assert_eq!(
        answer.text,
        "AccountTest>>testDeposit passed when run on its own."
    );
}

#[test]
fn list_failing_tests_lists_failures_and_errors_of_all_or_the_given_classes() {
    let server = start(false);
    let mut c = Client::connect(&server);
    add_green_test_class(&mut c);
    let answer = c.call("list_failing_tests", json!({}));
    let s = answer.ok();
    // GsTestCase, the kernel's abstract test class, runs no tests.
    assert_eq!(
        s["classes"],
        json!(["AccountTest", "GreenTest", "GsTestCase"])
    );
    assert_eq!(s["run"], 4);
    assert_eq!(
        s["failing"],
        json!([
            {
                "className": "AccountTest",
                "selector": "testWithdrawGoesNegative",
                "outcome": "failure",
                "exceptionClass": "TestFailure",
                "description": FAILURE_DESCRIPTION
            },
            {
                "className": "AccountTest",
                "selector": "testBadDeposit",
                "outcome": "error",
                "exceptionClass": "Error",
                "description": ERROR_DESCRIPTION
            }
        ])
    );
    assert_eq!(
        answer.text,
        format!(
            "2 failing of 4 tests in 3 class(es).\n\
             AccountTest>>testWithdrawGoesNegative (failure): TestFailure: {FAILURE_DESCRIPTION}\n\
             AccountTest>>testBadDeposit (error): Error: {ERROR_DESCRIPTION}"
        )
    );
    let answer = c.call("list_failing_tests", json!({"classNames": ["GreenTest"]}));
    assert_eq!(
        answer.ok(),
        &json!({"classes": ["GreenTest"], "run": 1, "failing": []})
    );
    assert_eq!(answer.text, "0 failing of 1 tests in 1 class(es).");
    let s = c
        .call("list_failing_tests", json!({"classNames": ["AccountTest"]}))
        .ok()
        .clone();
    assert_eq!(s["run"], 3);
    assert_eq!(
        selectors(&s["failing"]),
        ["testWithdrawGoesNegative", "testBadDeposit"]
    );
}

#[test]
fn list_test_classes_lists_every_test_case_subclass() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("list_test_classes", json!({}));
    assert_eq!(
        answer.ok(),
        &json!({"count": 2, "classes": ["AccountTest", "GsTestCase"]})
    );
    assert_eq!(answer.text, "2 test classes:\nAccountTest\nGsTestCase");
    add_green_test_class(&mut c);
    let s = c.call("list_test_classes", json!({})).ok().clone();
    assert_eq!(
        s,
        json!({"count": 3, "classes": ["AccountTest", "GreenTest", "GsTestCase"]})
    );
    let message = c
        .call("list_test_classes", json!({"className": "AccountTest"}))
        .err("invalidParams")
        .to_string();
    assert!(message.contains("takes no arguments"), "{message}");
}

#[test]
fn a_test_class_named_through_an_alias_runs_under_its_own_name() {
    let server = start(false);
    let mut s = server.image.session();
    let id = s.class_id("AccountTest").unwrap();
    s.bind("UserGlobals", "AT", gs_image::DictionaryEntry::Class(id))
        .unwrap();
    s.commit().unwrap();
    let mut c = Client::connect(&server);
    let s = c
        .call("run_test_class", json!({"className": "AT"}))
        .ok()
        .clone();
    assert_eq!(s["className"], "AccountTest");
    assert_eq!(s["run"], 3);
    let s = c
        .call(
            "describe_test_failure",
            json!({"className": "AT", "selector": "testBadDeposit"}),
        )
        .ok()
        .clone();
    assert_eq!(s["className"], "AccountTest");
    assert_eq!(s["outcome"], "error");
    c.call(
        "run_test_method",
        json!({"className": "AT", "selector": "testDeposit"}),
    )
    .ok();
    let s = c
        .call("list_failing_tests", json!({"classNames": ["AT"]}))
        .ok()
        .clone();
    assert_eq!(s["classes"], json!(["AccountTest"]));
    assert_eq!(s["failing"].as_array().unwrap().len(), 2);
}

#[test]
fn a_class_that_is_not_a_test_case_is_invalid_and_an_unknown_one_not_found() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let calls = |class: &str| {
        [
            ("run_test_class", json!({"className": class})),
            (
                "run_test_method",
                json!({"className": class, "selector": "testDeposit"}),
            ),
            (
                "describe_test_failure",
                json!({"className": class, "selector": "testDeposit"}),
            ),
            ("list_failing_tests", json!({"classNames": [class]})),
        ]
    };
    for (tool, args) in calls("Account") {
        let answer = c.call(tool, args);
        let message = answer.err("invalidParams");
        assert!(
            message.contains("Account is not a TestCase subclass")
                && message.contains("list_test_classes"),
            "{tool}: {message}"
        );
    }
    for (tool, args) in calls("AcountTest") {
        let answer = c.call(tool, args);
        let message = answer.err("notFound");
        assert!(
            message.contains("no class named AcountTest"),
            "{tool}: {message}"
        );
    }
}

#[test]
fn unknown_test_selectors_are_not_found_and_empty_arguments_invalid() {
    let server = start(false);
    let mut c = Client::connect(&server);
    for tool in ["run_test_method", "describe_test_failure"] {
        let answer = c.call(
            tool,
            json!({"className": "AccountTest", "selector": "testOverdraft"}),
        );
        let message = answer.err("notFound");
        assert!(
            message.contains("AccountTest has no test method testOverdraft"),
            "{tool}: {message}"
        );
        let message = c
            .call(tool, json!({"className": "AccountTest", "selector": ""}))
            .err("invalidParams")
            .to_string();
        assert!(message.contains("`selector`"), "{tool}: {message}");
    }
    let message = c
        .call("run_test_class", json!({"className": ""}))
        .err("invalidParams")
        .to_string();
    assert!(message.contains("`className`"), "{message}");
    let message = c
        .call("list_failing_tests", json!({"classNames": "AccountTest"}))
        .err("invalidParams")
        .to_string();
    assert!(message.contains("an array of strings"), "{message}");
}

#[test]
fn the_testing_tools_run_in_a_read_only_session_and_commit_nothing() {
    let server = start(true);
    let mut c = Client::connect(&server);
    assert_eq!(
        c.call("run_test_class", json!({"className": "AccountTest"}))
            .ok()["run"],
        3
    );
    c.call(
        "run_test_method",
        json!({"className": "AccountTest", "selector": "testDeposit"}),
    )
    .ok();
    c.call(
        "describe_test_failure",
        json!({"className": "AccountTest", "selector": "testBadDeposit"}),
    )
    .ok();
    c.call("list_failing_tests", json!({})).ok();
    c.call("list_test_classes", json!({})).ok();
    let status = c.call("status", json!({})).ok().clone();
    assert_eq!(status["readOnly"], true);
    assert_eq!(status["uncommittedChanges"], false);
}
