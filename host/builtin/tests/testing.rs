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

/// A stateless (revision 2026-07-28) request declaring the tasks
/// extension; the response message.
fn with_tasks(server: &common::Server, method: &str, mut params: Value, name: &str) -> Value {
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {
            "extensions": {"io.modelcontextprotocol/tasks": {}}
        },
    });
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).to_string();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: \
         application/json\r\nMCP-Protocol-Version: 2026-07-28\r\nMcp-Method: {method}\r\n\
         Mcp-Name: {name}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        server.addr,
        body.len()
    );
    let mut stream = std::net::TcpStream::connect(server.addr).unwrap();
    std::io::Write::write_all(&mut stream, format!("{head}{body}").as_bytes()).unwrap();
    let mut raw = String::new();
    std::io::Read::read_to_string(&mut stream, &mut raw).unwrap();
    let at = raw.find("\r\n\r\n").expect("a complete HTTP response");
    serde_json::from_str(&raw[at + 4..]).unwrap_or_else(|e| panic!("{e}: {raw}"))
}

#[test]
fn a_client_declaring_the_tasks_extension_gets_the_test_run_as_a_task() {
    let server = start(false);
    let call = json!({"name": "run_test_class", "arguments": {"className": "AccountTest"}});
    let created = with_tasks(&server, "tools/call", call, "run_test_class")["result"].clone();
    assert_eq!(created["resultType"], "task", "{created}");
    assert_eq!(created["statusMessage"], "running AccountTest");
    let id = created["taskId"].as_str().unwrap().to_string();
    let mut task = Value::Null;
    for _ in 0..1000 {
        task = with_tasks(&server, "tasks/get", json!({"taskId": id}), &id)["result"].clone();
        if task["status"] != "working" {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(task["status"], "completed", "{task}");
    assert_eq!(task["result"]["structuredContent"]["run"], 3, "{task}");

    // A bad class name is answered at once, not as a task.
    let call = json!({"name": "run_test_class", "arguments": {"className": "NoSuchTest"}});
    let answer = with_tasks(&server, "tools/call", call, "run_test_class")["result"].clone();
    assert_eq!(answer["isError"], true, "{answer}");
    assert!(answer.get("taskId").is_none());
}
