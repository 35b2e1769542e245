//! The testing family over HTTP: the progress notifications
//! `run_test_class` sends, one per test, before its answer — and none
//! without a progress token. Only the transport shows those.
//!
//! Every other testing check — each tool's `structuredContent`, text and
//! errors, aliases, read-only sessions — is a case in
//! `cases/testing.json`, run without HTTP by `tool_cases.rs`. The progress
//! test is also the family's end-to-end smoke test: it runs the fixture's
//! AccountTest (one passing, one failing and one erroring test) through the
//! real server.

mod common;

use common::{Client, start};
use serde_json::{Value, json};

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
