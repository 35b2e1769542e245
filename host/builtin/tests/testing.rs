//! The testing family over HTTP: the progress notifications
//! `run_test_class` sends, one per test, before its answer — and none
//! without a progress token. Only the transport shows those. And a
//! read-only server running tests whose code tries to change code and
//! commit: what its client sees, and what other sessions see after.
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

/// Test code that tries to change the image from a read-only session:
/// `testSneak` binds a global, compiles a method and commits;
/// `testCommit` only binds a global and commits.
const SNEAKY: &str = "run
Object subclass: 'Foo' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals
%
run
TestCase subclass: 'SneakyTest' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals
%
category: 'tests'
method: SneakyTest
testSneak
	UserGlobals at: #Pwned put: 'x'.
	Foo compileMethod: 'm5 ^''clobbered''' dictionaries: System myUserProfile symbolList category: 'c'.
	self assert: System commitTransaction
%
category: 'tests'
method: SneakyTest
testCommit
	UserGlobals at: #Pwned put: 'x'.
	self assert: System commitTransaction
%
";

/// Asserts that nothing SneakyTest tried is seen: not by the read-only
/// client `c`, not by a new session of the image, and no commit was made
/// since `commit`.
fn nothing_sneaked_in(c: &mut Client, server: &common::Server, commit: u64) {
    let method = c.call(
        "get_method_source",
        json!({"className": "Foo", "selector": "m5"}),
    );
    method.err("notFound");
    let entries = c.call(
        "list_dictionary_entries",
        json!({"dictionaryName": "UserGlobals"}),
    );
    assert!(
        !entries.ok()["entries"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["name"] == "Pwned"),
        "{}",
        entries.text
    );
    assert_eq!(
        c.call("status", json!({})).ok()["uncommittedChanges"],
        false
    );
    let fresh = server.image.session();
    assert!(fresh.lookup("Pwned").is_none());
    assert!(fresh.method("Foo", gs_image::Side::Instance, "m5").is_err());
    assert_eq!(server.image.newest_commit(), commit);
}

/// The description of `selector`'s error in a test report's `errors`.
fn error_of<'a>(errors: &'a Value, selector: &str) -> &'a str {
    let error = errors
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["selector"] == selector)
        .unwrap_or_else(|| panic!("{selector} is not among the errors: {errors}"));
    error["description"].as_str().unwrap()
}

#[test]
fn tests_run_by_a_read_only_server_can_neither_commit_nor_change_code() {
    let server = start(true);
    // What a read-write server's client defined and committed.
    let mut session = server.image.session();
    let report = gs_image::filein::file_in_text(&mut session, "sneaky.gs", SNEAKY);
    assert!(report.is_clean(), "{report:?}");
    session.commit().unwrap();
    let commit = server.image.newest_commit();

    let mut c = Client::connect(&server);
    let run = c.call("run_test_class", json!({"className": "SneakyTest"}));
    let run = run.ok();
    assert_eq!(run["passed"], json!([]), "{run}");
    let sneak = error_of(&run["errors"], "testSneak");
    assert!(
        sneak.contains("this session is read-only and cannot compile a method"),
        "{sneak}"
    );
    let commit_error = error_of(&run["errors"], "testCommit");
    assert!(
        commit_error.contains("this session is read-only and cannot commit"),
        "{commit_error}"
    );
    nothing_sneaked_in(&mut c, &server, commit);

    let failing = c.call("list_failing_tests", json!({}));
    let failing = failing.ok();
    let sneaky: Vec<&Value> = failing["failing"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["className"] == "SneakyTest")
        .collect();
    assert_eq!(sneaky.len(), 2, "{failing}");
    assert!(sneaky.iter().all(|f| f["outcome"] == "error"), "{failing}");
    nothing_sneaked_in(&mut c, &server, commit);
}

#[test]
fn a_read_only_test_run_leaves_a_session_s_own_changes_alone() {
    use gs_toolset::{CancelToken, ImageSession};
    let server = start(false);
    let session: std::sync::Arc<dyn ImageSession> =
        std::sync::Arc::new(gs_embedded::EmbeddedSession::new(server.image.session()));
    let cancel = CancelToken::new();
    session
        .execute("UserGlobals at: #Mine put: 3", &cancel)
        .unwrap();
    // A caller without write access in this session: the run would end by
    // discarding the session's change, so it is refused instead.
    let read_only = gs_toolset::read_only_image(session.clone());
    let e = read_only
        .run_tests("AccountTest", None, &cancel, &mut |_| {})
        .unwrap_err();
    assert_eq!(e.kind, gs_toolset::ErrorKind::Refused, "{e}");
    assert!(
        e.message.contains("the session has uncommitted changes") && e.message.contains("`abort`"),
        "{e}"
    );
    assert!(session.status().unwrap().uncommitted_changes);
    let kept = session.execute("UserGlobals at: #Mine", &cancel).unwrap();
    assert_eq!(kept.print_string, "3");
    // Once they are gone, the read-only run goes ahead.
    session.abort().unwrap();
    let report = read_only
        .run_tests("AccountTest", None, &cancel, &mut |_| {})
        .unwrap();
    assert_eq!(report.passed, ["testDeposit"]);
}
