//! Whatever a client sends, the server answers in the protocol's own form
//! and goes on serving: generated messages — known and unknown methods,
//! ids, params and envelopes of every JSON shape, and bodies that are not
//! JSON at all — POSTed over a real loopback socket in a session of the
//! 2025-11-25 era and as stateless 2026-07-28 requests, and written as
//! lines to the stdio transport. Every answer is below 500, a JSON answer
//! is one JSON-RPC response, a stream's events are JSON, every line the
//! server writes is a JSON-RPC message, and the session still answers
//! `ping` after each message.

mod common;

use common::*;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{Map, Value, json};
use std::future::Future;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

/// Methods a client may send, with a few that no revision has.
const METHODS: &[&str] = &[
    "initialize",
    "ping",
    "tools/list",
    "tools/call",
    "resources/list",
    "resources/templates/list",
    "resources/read",
    "resources/subscribe",
    "resources/unsubscribe",
    "prompts/list",
    "prompts/get",
    "completion/complete",
    "logging/setLevel",
    "tasks/get",
    "tasks/list",
    "tasks/result",
    "tasks/cancel",
    "server/discover",
    "subscriptions/listen",
    "notifications/initialized",
    "notifications/cancelled",
    "notifications/progress",
    "notifications/roots/list_changed",
    "sampling/createMessage",
    "tools/",
    "",
];

/// Keys the methods above read, so that generated params reach past the
/// first check.
const KEYS: &[&str] = &[
    "name",
    "arguments",
    "uri",
    "cursor",
    "_meta",
    "task",
    "taskId",
    "ttl",
    "level",
    "ref",
    "argument",
    "value",
    "type",
    "requestId",
    "progressToken",
    "protocolVersion",
    "capabilities",
    "clientInfo",
    "dictionary",
    "code",
    "io.modelcontextprotocol/protocolVersion",
    "io.modelcontextprotocol/clientCapabilities",
    "io.modelcontextprotocol/clientInfo",
];

/// Strings the methods above look up. The test toolset's tools that run
/// for as long as they are told (`wait`, `stubborn`) are left out.
const STRINGS: &[&str] = &[
    "list_classes",
    "define_class",
    "doit",
    "chatty",
    "UserGlobals",
    "gemstone://class/Object",
    "2026-07-28",
    "2025-11-25",
    "debug",
    "ref/prompt",
    "ref/resource",
    "2.0",
    "3 + 4",
];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("JSON numbers are finite", |f| f.is_finite())
            .prop_map(Value::from),
        "\\PC{0,16}".prop_map(Value::from),
        prop::sample::select(STRINGS).prop_map(Value::from),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(KEYS).prop_map(String::from),
        1 => "[a-zA-Z_/.]{0,10}",
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(3, 32, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map(key(), inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Mostly ids of the kinds JSON-RPC allows.
fn id() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => (0..1000_i64).prop_map(Value::from),
        1 => "[a-z0-9-]{1,8}".prop_map(Value::from),
        1 => leaf(),
    ]
}

/// Mostly an object of the keys methods read, each with any value.
fn params() -> impl Strategy<Value = Value> {
    prop_oneof![
        6 => prop::collection::btree_map(key(), value(), 0..5)
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        1 => value(),
    ]
}

fn method() -> impl Strategy<Value = Value> {
    prop_oneof![
        8 => prop::sample::select(METHODS).prop_map(Value::from),
        1 => leaf(),
    ]
}

/// A JSON-RPC envelope with parts missing or of the wrong type.
fn envelope() -> impl Strategy<Value = Value> {
    (
        method(),
        prop::option::weighted(0.85, id()),
        prop::option::weighted(0.9, params()),
        prop_oneof![4 => Just(Some(json!("2.0"))), 1 => prop::option::of(leaf())],
        any::<bool>(),
    )
        .prop_map(|(method, id, params, jsonrpc, with_meta)| {
            let mut m = Map::new();
            if let Some(v) = jsonrpc {
                m.insert("jsonrpc".into(), v);
            }
            m.insert("method".into(), method);
            if let Some(id) = id {
                m.insert("id".into(), id);
            }
            if let Some(mut params) = params {
                // A stateless request's facts, so that generated params
                // also reach the methods themselves.
                if with_meta && let Some(p) = params.as_object_mut() {
                    p.insert("_meta".into(), meta());
                }
                m.insert("params".into(), params);
            }
            Value::Object(m)
        })
}

/// What a client sends as its answer to a server's request, for an id
/// the server may never have used.
fn answer() -> impl Strategy<Value = Value> {
    (id(), value(), any::<bool>()).prop_map(|(id, v, ok)| {
        if ok {
            json!({"jsonrpc": "2.0", "id": id, "result": v})
        } else {
            json!({"jsonrpc": "2.0", "id": id, "error": v})
        }
    })
}

/// A message: mostly an envelope, sometimes an answer, a batch or a bare
/// value.
fn message() -> impl Strategy<Value = Value> {
    prop_oneof![
        8 => envelope(),
        1 => answer(),
        1 => prop::collection::vec(envelope(), 0..3).prop_map(Value::Array),
        1 => value(),
    ]
}

/// A body as bytes: the message's JSON, or cut short, or not JSON.
fn body() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        8 => message().prop_map(|m| serde_json::to_vec(&m).unwrap()),
        1 => (message(), any::<prop::sample::Index>()).prop_map(|(m, at)| {
            let bytes = serde_json::to_vec(&m).unwrap();
            let cut = at.index(bytes.len().max(1));
            bytes[..cut].to_vec()
        }),
        1 => prop::collection::vec(any::<u8>(), 0..64),
    ]
}

/// What a client may rely on in any answer.
fn check_answer(what: &str, r: &Reply) -> Result<(), TestCaseError> {
    prop_assert!(r.status < 500, "{what}: {} {}", r.status, r.text());
    let content_type = r.header("content-type").unwrap_or("");
    if r.status == 202 {
        prop_assert!(r.body.is_empty(), "{what}: 202 with {}", r.text());
    } else if content_type.starts_with("text/event-stream") {
        let text = r.text();
        let answers = events(&text);
        prop_assert!(!answers.is_empty(), "{what}: a stream of {text:?}");
        for a in answers {
            prop_assert!(a.is_object(), "{what}: an event of {a}");
        }
    } else if content_type.starts_with("application/json") {
        let v: Value = serde_json::from_slice(&r.body)
            .map_err(|e| TestCaseError::fail(format!("{what}: not JSON ({e}): {}", r.text())))?;
        prop_assert_eq!(&v["jsonrpc"], &json!("2.0"), "{}: {}", what, v);
        let result = v.get("result").is_some();
        let error = v.get("error");
        prop_assert!(result != error.is_some(), "{what}: {v}");
        if let Some(e) = error {
            prop_assert!(e["code"].is_i64(), "{what}: {v}");
            prop_assert!(e["message"].is_string(), "{what}: {v}");
        }
    }
    Ok(())
}

/// `reply`, which must come within 10 s: a request left unanswered is a
/// failure, not a hung test.
async fn answer_within(reply: impl Future<Output = Reply>) -> Result<Reply, TestCaseError> {
    tokio::time::timeout(Duration::from_secs(10), reply)
        .await
        .map_err(|_| TestCaseError::fail("no answer within 10 s"))
}

/// The stateless revision's headers for `body`, naming its method (and
/// tool or resource) when it has them.
fn stateless_headers(message: Option<&Value>) -> Vec<(String, String)> {
    let mut headers = vec![
        ("Content-Type".to_string(), "application/json".to_string()),
        (
            "Accept".into(),
            "application/json, text/event-stream".into(),
        ),
        ("MCP-Protocol-Version".into(), V.into()),
    ];
    if let Some(m) = message {
        if let Some(method) = m["method"].as_str() {
            headers.push(("Mcp-Method".into(), method.into()));
        }
        let params = &m["params"];
        if let Some(name) = params["name"].as_str().or(params["uri"].as_str()) {
            headers.push(("Mcp-Name".into(), name.into()));
        }
    }
    headers
}

#[test]
fn any_message_gets_a_protocol_answer_and_the_session_goes_on() {
    let rt = rt();
    let (server, session) = rt.block_on(async {
        let s = start(Options::default()).await;
        let id = initialize(s.addr).await;
        (s, id)
    });
    let addr = server.addr;
    let mut runner = TestRunner::new(Config {
        cases: 500,
        failure_persistence: None,
        ..Config::default()
    });
    let outcome = runner.run(&body(), |body| {
        rt.block_on(async {
            let legacy = answer_within(request(
                addr,
                "POST",
                &[
                    JSON,
                    ("Accept", "application/json, text/event-stream"),
                    ("MCP-Session-Id", &session),
                    ("MCP-Protocol-Version", "2025-11-25"),
                ],
                &body,
            ))
            .await?;
            check_answer("in a session", &legacy)?;

            let parsed: Option<Value> = serde_json::from_slice(&body).ok();
            let headers = stateless_headers(parsed.as_ref());
            let headers: Vec<(&str, &str)> = headers
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            let listen = parsed
                .as_ref()
                .is_some_and(|m| m["method"] == "subscriptions/listen");
            let limit = Duration::from_millis(if listen { 300 } else { 10_000 });
            match tokio::time::timeout(limit, request(addr, "POST", &headers, &body)).await {
                Ok(stateless) => check_answer("stateless", &stateless)?,
                // A listen that was accepted streams until the client
                // hangs up, which this client does now.
                Err(_) if listen => {}
                Err(_) => prop_assert!(false, "stateless: no answer within {limit:?}"),
            }

            let ping = answer_within(post(
                addr,
                Some(&session),
                &json!({"jsonrpc": "2.0", "id": 99, "method": "ping"}),
            ))
            .await?;
            prop_assert_eq!(ping.status, 200, "the session after it: {}", ping.text());
            prop_assert_eq!(&ping.json()["result"], &json!({}));
            Ok(())
        })
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }
}

#[test]
fn any_line_gets_a_protocol_answer_over_stdio_and_the_session_goes_on() {
    let rt = rt();
    let (_server, pipe) = rt.block_on(async {
        let s = start(Options::default()).await;
        let mut pipe = Pipe::open(s.router.clone());
        pipe.send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                         "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                                    "clientInfo": {"name": "test", "version": "1"}}}))
            .await;
        assert!(pipe.read().await["result"].is_object());
        pipe.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
        (s, pipe)
    });
    let pipe = std::cell::RefCell::new(pipe);
    let mut runner = TestRunner::new(Config {
        cases: 500,
        failure_persistence: None,
        ..Config::default()
    });
    let outcome = runner.run(&body(), |body| {
        let mut pipe = pipe.borrow_mut();
        rt.block_on(async {
            // One line: a line break would make it two messages.
            let mut line: Vec<u8> = body.into_iter().filter(|b| *b != b'\n').collect();
            line.push(b'\n');
            pipe.input.write_all(&line).await.unwrap();
            pipe.send(json!({"jsonrpc": "2.0", "id": "ping-after-each", "method": "ping"}))
                .await;
            // Whatever the server writes before the ping's answer (an
            // answer, an error, a listen's notifications) is JSON-RPC.
            loop {
                let message = pipe.read().await;
                prop_assert_eq!(&message["jsonrpc"], &json!("2.0"), "{}", message);
                if message["id"] == "ping-after-each" {
                    prop_assert_eq!(&message["result"], &json!({}), "{}", message);
                    break;
                }
                if let Some(e) = message.get("error") {
                    prop_assert!(e["code"].is_i64(), "{message}");
                    prop_assert!(e["message"].is_string(), "{message}");
                }
            }
            Ok(())
        })
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }
}
