//! The execution family over HTTP: what only the transport or a second
//! client shows — a doit's objects are not seen by another client's
//! session (nothing was committed), a read-only server answers
//! `execute_code` with a JSON-RPC error and hides it from `tools/list`, a
//! cancelled runaway doit stops and gets no answer — and the family's
//! end-to-end smoke test: a compile error reported by line and column
//! (kept here whole, since it checks a column of at least 1 and a
//! non-empty message, which a case states only as exact values), and the
//! length bounds of a cut printString.
//!
//! Every other execution check — printString and Transcript, the session's
//! objects between doits, exceptions by class, empty code, a read-only
//! session's refusal — is a case in `cases/execution.json`, run without
//! HTTP by `tool_cases.rs`.

mod common;

use common::{Client, start};
use serde_json::json;

#[test]
fn a_doits_objects_are_not_seen_by_another_clients_session() {
    let server = start(false);
    let mut c = Client::connect(&server);
    c.call(
        "execute_code",
        json!({"code": "UserGlobals at: #ExecSeen put: (OrderedCollection with: 1)"}),
    )
    .ok();
    // Nothing was committed: another client's session does not see it.
    let mut other = Client::connect(&server);
    let answer = other.call(
        "execute_code",
        json!({"code": "UserGlobals includesKey: #ExecSeen"}),
    );
    assert_eq!(answer.ok()["result"], "false");
}

#[test]
fn a_compile_error_is_a_compile_error_with_each_errors_line_and_column() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("execute_code", json!({"code": "| a |\na := 3.\na + ."}));
    let message = answer.err("compileError");
    assert!(message.contains("compile error"), "{message}");
    let errors = answer.structured["error"]["errors"].as_array().unwrap();
    assert!(!errors.is_empty(), "{answer:?}");
    assert_eq!(errors[0]["line"], 3, "{answer:?}");
    assert!(errors[0]["column"].as_u64().unwrap() >= 1, "{answer:?}");
    assert!(
        errors[0]["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{answer:?}"
    );
    // The message states the same position.
    assert!(message.contains("line 3, column"), "{message}");
}

#[test]
fn a_long_print_string_is_cut_and_says_so() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call(
        "execute_code",
        json!({"code": "String new: 150000 withAll: $x"}),
    );
    // `truncated` and the text's closing note are a case; the length is
    // a bound, which a case does not state.
    let result = answer.ok()["result"].as_str().unwrap();
    assert!(
        result.len() < 150000 && result.len() >= 100_000,
        "{}",
        result.len()
    );
}

#[test]
fn a_read_only_session_cannot_execute_code() {
    let server = start(true);
    let mut c = Client::connect(&server);
    let (response, _) = c.request(
        "tools/call",
        json!({"name": "execute_code", "arguments": {"code": "3 + 4"}}),
    );
    assert_eq!(response["error"]["code"], -32601, "{response}");
    assert_eq!(response["error"]["data"]["kind"], "readOnly", "{response}");
    assert!(
        !c.tools().iter().any(|t| t["name"] == "execute_code"),
        "execute_code is hidden from a read-only session"
    );
}

#[test]
fn a_cancelled_runaway_doit_stops_and_the_session_goes_on() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let started = std::time::Instant::now();
    let reply = std::thread::scope(|scope| {
        let client = &c;
        let call = scope.spawn(move || {
            client.post(&json!({
                "jsonrpc": "2.0", "id": 900, "method": "tools/call",
                "params": {"name": "execute_code", "arguments": {"code": "[true] whileTrue: [3 + 4]"}}
            }))
        });
        std::thread::sleep(std::time::Duration::from_millis(500));
        let cancel = client.post(&json!({
            "jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": 900, "reason": "taking too long"}
        }));
        assert_eq!(cancel.status, 202, "{cancel:?}");
        call.join().unwrap()
    });
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "the loop was broken, not left to run"
    );
    // A cancelled request gets no answer.
    assert!(
        !reply
            .messages()
            .iter()
            .any(|m| m.get("id") == Some(&json!(900))),
        "{reply:?}"
    );
    let answer = c.call("execute_code", json!({"code": "1 + 1"}));
    assert_eq!(answer.ok()["result"], "2");
}

#[test]
fn a_primitive_declared_by_smalltalk_s_compile_is_refused_not_run() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call(
        "execute_code",
        json!({"code": "| c |\nc := Object subclass: 'Prim' instVarNames: #() classVars: #() \
                        classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals.\n\
                        c compile: 'q <primitive: 75> ^#failed'.\nc new q"}),
    );
    let message = answer.err("other");
    assert!(
        message.contains("only the kernel's own methods may call a primitive"),
        "{message}"
    );
    assert!(
        !message.contains("interpreter failed unexpectedly"),
        "{message}"
    );
}

#[test]
fn an_unhandled_error_says_where_it_was_signalled_two_calls_deep() {
    let server = start(false);
    let mut c = Client::connect(&server);
    c.call(
        "compile_method",
        json!({"className": "Account", "category": "operations",
               "source": "move: amount to: other\n\tself withdraw: amount.\n\tother deposit: amount"}),
    )
    .ok();
    let answer = c.call(
        "execute_code",
        json!({"code": "| a |\na := Account new.\na move: 0 to: Account new"}),
    );
    let message = answer.err("other");
    assert!(
        message.contains("deposit must be positive\nat Account >> deposit: line 2"),
        "{message}"
    );
    let stack = answer.structured["error"]["stack"].as_array().unwrap();
    let tested: Vec<(String, u64)> = stack
        .iter()
        .filter(|f| f["kernel"] == false)
        .map(|f| {
            (
                f["method"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        tested,
        [
            ("Account >> deposit:".to_string(), 2),
            ("Account >> move:to:".to_string(), 3),
            ("Executed Code".to_string(), 3),
        ],
        "{answer:?}"
    );
}
