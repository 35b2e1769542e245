//! The execution family through the real server: `execute_code` answers
//! the printString of the last statement with the Transcript output, keeps
//! the session's objects between calls, and reports compile errors by
//! position and unhandled exceptions by class.

mod common;

use common::{Client, start};
use serde_json::json;

#[test]
fn execute_code_answers_the_print_string_and_the_transcript() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call(
        "execute_code",
        json!({"code": "| a |\nTranscript show: 'hello'; cr; show: 'world'.\na := 3 + 4. a * 2"}),
    );
    let s = answer.ok();
    assert_eq!(s["result"], "14");
    assert_eq!(s["transcript"], "hello\nworld");
    assert_eq!(s["truncated"], false);
    assert_eq!(answer.text, "14\n--- Transcript ---\nhello\nworld");

    // Without Transcript output the text is the printString alone.
    let answer = c.call("execute_code", json!({"code": "'abc' , 'def'"}));
    assert_eq!(answer.ok()["result"], "'abcdef'");
    assert_eq!(answer.ok()["transcript"], "");
    assert_eq!(answer.text, "'abcdef'");
}

#[test]
fn execute_code_runs_against_the_image_and_keeps_the_sessions_objects() {
    let server = start(false);
    let mut c = Client::connect(&server);
    // The fixture's application code is callable.
    let answer = c.call(
        "execute_code",
        json!({"code": "| a | a := Account new. a deposit: 30; withdraw: 5. a balance"}),
    );
    assert_eq!(answer.ok()["result"], "25");
    // A global a doit sets is there for the next doit of the same session…
    c.call(
        "execute_code",
        json!({"code": "UserGlobals at: #ExecSeen put: (OrderedCollection with: 1)"}),
    )
    .ok();
    let answer = c.call(
        "execute_code",
        json!({"code": "(UserGlobals at: #ExecSeen) add: 2; yourself"}),
    );
    assert_eq!(answer.ok()["result"], "anOrderedCollection( 1, 2)");
    // …but not for another client's session: nothing was committed.
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
fn an_unhandled_exception_names_its_class_and_keeps_the_transcript_before_it() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call(
        "execute_code",
        json!({"code": "Transcript show: 'before'. 1 / 0"}),
    );
    let message = answer.err("other").to_string();
    assert_eq!(
        answer.structured["error"]["exceptionClass"], "ZeroDivide",
        "{answer:?}"
    );
    assert!(message.contains("ZeroDivide"), "{message}");
    assert!(
        message.contains("Transcript before the error:\nbefore"),
        "{message}"
    );

    let answer = c.call("execute_code", json!({"code": "nil frobnicate"}));
    let message = answer.err("other");
    assert_eq!(
        answer.structured["error"]["exceptionClass"], "MessageNotUnderstood",
        "{answer:?}"
    );
    assert!(message.contains("frobnicate"), "{message}");

    // The application's own error: #error: is an Error with its text.
    let answer = c.call("execute_code", json!({"code": "Account new deposit: 0"}));
    answer.err("other");
    assert_eq!(answer.structured["error"]["exceptionClass"], "Error");
    assert!(
        answer.structured["error"]["description"]
            .as_str()
            .unwrap()
            .contains("deposit must be positive"),
        "{answer:?}"
    );
}

#[test]
fn a_long_print_string_is_cut_and_says_so() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call(
        "execute_code",
        json!({"code": "String new: 150000 withAll: $x"}),
    );
    let s = answer.ok();
    assert_eq!(s["truncated"], true);
    let result = s["result"].as_str().unwrap();
    assert!(
        result.len() < 150000 && result.len() >= 100_000,
        "{}",
        result.len()
    );
    assert!(
        answer
            .text
            .ends_with("[result truncated: the printString was longer than the cap]"),
        "{}",
        &answer.text[answer.text.len() - 100..]
    );
}

#[test]
fn empty_code_is_invalid_params() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let message = c
        .call("execute_code", json!({"code": "  "}))
        .err("invalidParams")
        .to_string();
    assert!(
        message.contains("`code`") && message.contains("empty"),
        "{message}"
    );
    let message = c
        .call("execute_code", json!({}))
        .err("invalidParams")
        .to_string();
    assert!(message.contains("needs the argument `code`"), "{message}");
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
