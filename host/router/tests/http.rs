//! The HTTP transport, driven over a real loopback socket: one test per
//! rule, asserting what a client sees (status, headers, JSON-RPC codes).

mod common;

use std::time::{Duration, Instant};

use common::*;
use gs_router::{HttpSettings, SessionLifetime};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[test]
fn initialize_opens_a_session_and_negotiates_the_revision() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let r = post(
            s.addr,
            None,
            &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                    "params": {"protocolVersion": "2025-06-18"}}),
        )
        .await;
        assert_eq!(r.status, 200);
        assert_eq!(r.header("content-type"), Some("application/json"));
        let id = r.header("mcp-session-id").unwrap();
        assert_eq!(id.len(), 32);
        assert!(id.chars().all(|c| c.is_ascii_hexdigit()));
        let v = r.json();
        assert_eq!(v["id"], 1);
        assert_eq!(v["result"]["protocolVersion"], "2025-06-18");
        assert_eq!(
            v["result"]["serverInfo"],
            json!({"name": "gs-mcp", "version": "9.9.9"})
        );
        assert!(
            v["result"]["instructions"]
                .as_str()
                .is_some_and(|i| i.contains("image session of its own")),
            "{v}"
        );
        assert_eq!(
            v["result"]["capabilities"]["tools"],
            json!({"listChanged": false})
        );

        for asked in ["2025-03-26", "2026-07-28"] {
            let r = post(
                s.addr,
                None,
                &json!({"jsonrpc": "2.0", "id": 2, "method": "initialize",
                        "params": {"protocolVersion": asked}}),
            )
            .await;
            assert_eq!(r.json()["result"]["protocolVersion"], "2025-11-25");
            assert_ne!(
                r.header("mcp-session-id").unwrap(),
                id,
                "each session has its own id"
            );
        }
    });
}

#[test]
fn server_title_is_sent_only_when_configured() {
    rt().block_on(async {
        let s = start(Options {
            title: Some("GemStone (read-only)".into()),
            ..Options::default()
        })
        .await;
        let r = post(
            s.addr,
            None,
            &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize"}),
        )
        .await;
        assert_eq!(
            r.json()["result"]["serverInfo"]["title"],
            "GemStone (read-only)"
        );
    });
}

#[test]
fn tools_list_shows_the_surface_and_read_only_hides_unsafe_tools() {
    rt().block_on(async {
        let names = |v: Value| -> Vec<String> {
            v["result"]["tools"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t["name"].as_str().unwrap().to_string())
                .collect()
        };
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
        )
        .await;
        assert_eq!(r.status, 200);
        let v = r.json();
        assert_eq!(
            names(v.clone()),
            [
                "chatty",
                "define_class",
                "doit",
                "flood",
                "list_classes",
                "stubborn",
                "wait"
            ]
        );
        assert_eq!(
            v["result"]["tools"][0]["inputSchema"]["additionalProperties"],
            false
        );
        assert!(v["result"].get("nextCursor").is_none());

        let ro = start(Options {
            read_only: true,
            ..Options::default()
        })
        .await;
        let sid = initialize(ro.addr).await;
        let r = post(
            ro.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
        )
        .await;
        assert_eq!(
            names(r.json()),
            ["chatty", "flood", "list_classes", "stubborn", "wait"]
        );
    });
}

#[test]
fn tools_call_runs_against_the_sessions_own_image_view() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let a = initialize(s.addr).await;
        let b = initialize(s.addr).await;
        let r = call(
            s.addr,
            &a,
            3,
            "list_classes",
            json!({"dictionary": "Globals"}),
        )
        .await;
        assert_eq!(r.status, 200);
        let v = r.json();
        assert_eq!(v["id"], 3);
        assert_eq!(v["result"]["isError"], false);
        let classes = v["result"]["structuredContent"]["classes"]
            .as_array()
            .unwrap();
        assert!(classes.contains(&json!("Object")), "{v}");
        assert!(
            v["result"]["content"][0]["text"]
                .as_str()
                .unwrap()
                .contains("Object")
        );

        let r = call(s.addr, &a, 4, "define_class", json!({"name": "Account"})).await;
        assert_eq!(r.json()["result"]["content"][0]["text"], "defined Account");
        let mine = call(
            s.addr,
            &a,
            5,
            "list_classes",
            json!({"dictionary": "UserGlobals"}),
        )
        .await;
        assert_eq!(
            mine.json()["result"]["structuredContent"]["classes"],
            json!(["Account"])
        );
        // The toolset's per-session state lives on between calls.
        assert_eq!(mine.json()["result"]["structuredContent"]["call"], 3);
        // Uncommitted work is invisible to another client's session.
        let theirs = call(
            s.addr,
            &b,
            6,
            "list_classes",
            json!({"dictionary": "UserGlobals"}),
        )
        .await;
        assert_eq!(
            theirs.json()["result"]["structuredContent"]["classes"],
            json!([])
        );
        assert_eq!(theirs.json()["result"]["structuredContent"]["call"], 1);
    });
}

#[test]
fn tool_failures_are_results_with_an_error_kind() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let r = call(s.addr, &sid, 7, "list_classes", json!({})).await;
        assert_eq!(r.status, 200);
        let v = r.json();
        assert_eq!(v["result"]["isError"], true);
        assert_eq!(
            v["result"]["structuredContent"]["error"]["kind"],
            "invalidParams"
        );
        assert_eq!(
            v["result"]["content"][0]["text"],
            "`dictionary` (a string) is required"
        );
        let r = call(
            s.addr,
            &sid,
            8,
            "list_classes",
            json!({"dictionary": "Nowhere"}),
        )
        .await;
        assert_eq!(
            r.json()["result"]["structuredContent"]["error"]["kind"],
            "notFound"
        );
    });
}

#[test]
fn unknown_tool_and_missing_name_are_invalid_params_with_a_kind() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let r = call(s.addr, &sid, 9, "nope", json!({})).await;
        assert_eq!(r.status, 200);
        assert_eq!(error_code(&r), -32602);
        assert_eq!(r.json()["id"], 9);
        assert_eq!(
            r.json()["error"]["message"],
            "Unknown tool: `nope`; tools/list shows the tools this server offers"
        );
        // A client tells "no such tool" from "hidden by read-only".
        assert_eq!(
            r.json()["error"]["data"],
            json!({"kind": "notFound", "tool": "nope"})
        );
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": 10, "method": "tools/call", "params": {}}),
        )
        .await;
        assert_eq!(error_code(&r), -32602);
        assert_eq!(
            r.json()["error"]["message"],
            "Invalid params: tools/call needs the tool's name in params.name"
        );
        assert_eq!(r.json()["error"]["data"]["kind"], "invalidParams");
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": 14, "method": "tools/call", "params": {"name": 3}}),
        )
        .await;
        assert_eq!(error_code(&r), -32602);
        assert_eq!(r.json()["error"]["data"]["kind"], "invalidParams");
        let r = call(s.addr, &sid, 11, "bad\u{7f}name", json!({})).await;
        assert_eq!(r.status, 200);
        assert_eq!(error_code(&r), -32602);
        assert_eq!(r.json()["error"]["data"]["kind"], "invalidParams");
    });
}

/// The router owns "arguments are an object" (an envelope gate, so the
/// answer is HTTP 400): a toolset never sees any other arguments, so none
/// checks them again.
#[test]
fn tool_arguments_that_are_not_an_object_are_invalid_params() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        for (id, arguments, kind) in [
            (20, json!([]), "an array"),
            (21, json!(null), "null"),
            (22, json!("{}"), "a string"),
        ] {
            let r = post(
                s.addr,
                Some(&sid),
                &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                        "params": {"name": "list_classes", "arguments": arguments}}),
            )
            .await;
            assert_eq!((r.status, error_code(&r)), (400, -32602), "{arguments}");
            assert_eq!(r.json()["id"], id);
            assert_eq!(
                r.json()["error"]["message"],
                format!("Invalid params: arguments must be a JSON object, not {kind}")
            );
            assert_eq!(r.json()["error"]["data"]["kind"], "invalidParams");
        }
        // An object no parse reads (nested past serde's depth, a number out
        // of range, an unpaired surrogate) is refused too, never run as a
        // call without arguments.
        let deep = format!("{{\"a\": {}1{}}}", "[".repeat(130), "]".repeat(130));
        for (id, arguments) in [(24, deep.as_str()), (25, r#"{"a": 1e400}"#), (26, r#"{"\ud800": 1}"#)] {
            let body = format!(
                r#"{{"jsonrpc": "2.0", "id": {id}, "method": "tools/call", "params": {{"name": "list_classes", "arguments": {arguments}}}}}"#
            );
            let headers = [JSON, ("MCP-Session-Id", sid.as_str())];
            let r = request(s.addr, "POST", &headers, body.as_bytes()).await;
            assert_eq!((r.status, error_code(&r)), (400, -32602), "{}", r.text());
            assert!(
                r.json()["error"]["message"]
                    .as_str()
                    .unwrap()
                    .starts_with("Invalid params: arguments are not JSON this server reads"),
                "{}",
                r.text()
            );
        }
        // The session goes on.
        let r = call(
            s.addr,
            &sid,
            23,
            "list_classes",
            json!({"dictionary": "UserGlobals"}),
        )
        .await;
        assert_eq!(r.json()["result"]["isError"], false, "{}", r.json());
    });
}

#[test]
fn hidden_tool_in_read_only_session_is_method_not_found_with_kind() {
    rt().block_on(async {
        let s = start(Options {
            read_only: true,
            ..Options::default()
        })
        .await;
        let sid = initialize(s.addr).await;
        let r = call(s.addr, &sid, 12, "define_class", json!({"name": "X"})).await;
        assert_eq!(r.status, 200);
        let v = r.json();
        assert_eq!(v["error"]["code"], -32601);
        assert_eq!(v["error"]["data"]["kind"], "readOnly");
        // A safe tool still runs.
        let r = call(s.addr, &sid, 13, "wait", json!({"ms": 1})).await;
        assert_eq!(r.json()["result"]["isError"], false);
    });
}

#[test]
fn ping_notifications_responses_and_undeclared_methods() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": "p", "method": "ping"}),
        )
        .await;
        assert_eq!(r.json(), json!({"jsonrpc": "2.0", "id": "p", "result": {}}));
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        )
        .await;
        assert_eq!(r.status, 202);
        assert!(r.body.is_empty());
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": "srv-1", "result": {}}),
        )
        .await;
        assert_eq!(r.status, 202);
        assert!(r.body.is_empty());
        for m in ["resources/list", "prompts/list", "completion/complete"] {
            let r = post(
                s.addr,
                Some(&sid),
                &json!({"jsonrpc": "2.0", "id": 1, "method": m}),
            )
            .await;
            assert_eq!(r.status, 200);
            assert_eq!(error_code(&r), -32601, "{m}");
        }
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"cursor": "x"}}),
        )
        .await;
        assert_eq!(error_code(&r), -32602);
    });
}

#[test]
fn a_surface_bigger_than_a_page_is_listed_page_by_page() {
    rt().block_on(async {
        let s = start(Options {
            more_toolsets: vec![std::sync::Arc::new(ManyTools::new(1200))],
            ..Options::default()
        })
        .await;
        let sid = initialize(s.addr).await;
        let (mut names, mut cursor, mut pages) = (Vec::new(), None::<Value>, 0);
        loop {
            let mut req = json!({"jsonrpc": "2.0", "id": pages, "method": "tools/list"});
            if let Some(c) = &cursor {
                req["params"] = json!({"cursor": c});
            }
            let r = post(s.addr, Some(&sid), &req).await;
            let page = r.json()["result"]["tools"].as_array().unwrap().clone();
            assert!(page.len() <= gs_router::TOOLS_PAGE);
            names.extend(page.iter().map(|t| t["name"].as_str().unwrap().to_owned()));
            pages += 1;
            match r.json()["result"].get("nextCursor") {
                Some(c) => cursor = Some(c.clone()),
                None => break,
            }
        }
        // ClassTools' seven tools and the 1,200, each exactly once, in name
        // order across the pages.
        assert_eq!(pages, 3);
        assert_eq!(names.len(), 1207);
        assert_eq!(names[0], "chatty");
        assert_eq!(names[1205], "tool_01199");
        assert_eq!(names[1206], "wait");
        assert!(names.is_sorted());
        let distinct: std::collections::BTreeSet<_> = names.iter().collect();
        assert_eq!(distinct.len(), names.len());
        // Only a cursor this server gave names a page: not a start within
        // a page, past the end, signed, or another type.
        for bad in [
            json!("1"),
            json!("+500"),
            json!("1500"),
            json!("99999999999"),
            json!(500),
        ] {
            let req = json!({"jsonrpc": "2.0", "id": 9, "method": "tools/list",
                             "params": {"cursor": bad}});
            let r = post(s.addr, Some(&sid), &req).await;
            assert_eq!(error_code(&r), -32602, "{bad}: {}", r.text());
        }
    });
}

#[test]
fn a_tool_name_longer_than_any_tool_is_refused_without_echoing_it() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let r = call(s.addr, &sid, 3, &"x".repeat(1 << 20), json!({})).await;
        assert_eq!(error_code(&r), -32602);
        assert_eq!(
            r.json()["error"]["message"],
            "Invalid params: the tool name is 1048576 bytes, longer than any tool's (128 at \
             most); tools/list shows the tools this server offers"
        );
        assert_eq!(r.json()["error"]["data"], json!({"kind": "invalidParams"}));
        assert!(r.text().len() < 1024, "the name is not echoed back");
    });
}

#[test]
fn every_invalid_params_answer_carries_its_kind() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        for body in [
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": [1]}),
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                   "params": {"name": "list_classes", "arguments": [1]}}),
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"cursor": "x"}}),
            json!({"jsonrpc": "2.0", "id": 1, "method": "logging/setLevel", "params": {}}),
        ] {
            let r = post(s.addr, Some(&sid), &body).await;
            assert_eq!(error_code(&r), -32602, "{body}");
            assert_eq!(
                r.json()["error"]["data"],
                json!({"kind": "invalidParams"}),
                "{body}"
            );
        }
    });
}

#[test]
fn delete_ends_the_session() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let r = request(s.addr, "DELETE", &[], b"").await;
        assert_eq!(r.status, 400);
        let r = request(s.addr, "DELETE", &[("MCP-Session-Id", &sid)], b"").await;
        assert_eq!(r.status, 200);
        let r = request(s.addr, "DELETE", &[("MCP-Session-Id", &sid)], b"").await;
        assert_eq!(r.status, 404);
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
        )
        .await;
        assert_eq!(r.status, 404);
    });
}

#[test]
fn other_http_methods_get_405_with_allow() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        for m in ["PUT", "PATCH"] {
            let r = request(s.addr, m, &[JSON], b"{}").await;
            assert_eq!(r.status, 405, "{m}");
            assert_eq!(r.header("allow"), Some("GET, POST, DELETE"));
            assert_eq!(error_code(&r), -32600);
        }
    });
}

#[test]
fn session_gates_missing_is_400_unknown_is_404() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let r = post(
            s.addr,
            None,
            &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        )
        .await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["id"], 1);
        let r = post(
            s.addr,
            Some("00000000000000000000000000000000"),
            &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        )
        .await;
        assert_eq!(r.status, 404);
        let r = request(s.addr, "GET", &[("Accept", "text/event-stream")], b"").await;
        assert_eq!(r.status, 400);
    });
}

fn initialize_body(id: i64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "initialize",
           "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                      "clientInfo": {"name": "test", "version": "1"}}})
}

/// An initialize naming an ended session is a request containing that
/// session's id, so it meets the 404 every such request meets (2025-11-25
/// transports, session management 3), and opens nothing: the client is to
/// start afresh without the header (4).
#[test]
fn initialize_naming_an_ended_or_unknown_session_is_404_and_opens_none() {
    rt().block_on(async {
        // The cap held: an initialize that opened, or only tried to open,
        // a session would be answered 503 instead.
        let s = start(Options {
            http: HttpSettings {
                max_sessions: 2,
                max_sessions_per_caller: None,
                ..HttpSettings::default()
            },
            ..Options::default()
        })
        .await;
        let ended = initialize(s.addr).await;
        let r = request(s.addr, "DELETE", &[("MCP-Session-Id", &ended)], b"").await;
        assert_eq!(r.status, 200);
        let live = initialize(s.addr).await;
        initialize(s.addr).await;
        assert_eq!(s.router.session_count(), 2);

        for sid in [ended.as_str(), "00000000000000000000000000000000"] {
            let r = post(s.addr, Some(sid), &initialize_body(3)).await;
            assert_eq!(r.status, 404, "{sid}: {}", r.text());
            assert!(r.header("mcp-session-id").is_none());
            let v = r.json();
            assert_eq!(v["id"], 3);
            assert_eq!(v["error"]["code"], -32600);
            assert!(
                v["error"]["message"]
                    .as_str()
                    .unwrap()
                    .starts_with("Session not found"),
                "{v}"
            );
        }
        assert_eq!(s.router.session_count(), 2);
        assert_eq!(s.opened.load(std::sync::atomic::Ordering::SeqCst), 3);
        // The ended id stays ended.
        let r = post(
            s.addr,
            Some(&ended),
            &json!({"jsonrpc": "2.0", "id": 4, "method": "ping"}),
        )
        .await;
        assert_eq!(r.status, 404);
        // Without the header, as the 404 asks, a session opens once there
        // is room.
        request(s.addr, "DELETE", &[("MCP-Session-Id", &live)], b"").await;
        let r = post(s.addr, None, &initialize_body(5)).await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(r.header("mcp-session-id").is_some());
        assert_eq!(s.router.session_count(), 2);
    });
}

/// A session is initialised once: an initialize naming a live session is
/// refused and leaves that session as it was.
#[test]
fn initialize_naming_a_live_session_is_refused_and_the_session_goes_on() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let live = initialize(s.addr).await;
        let r = post(s.addr, Some(&live), &initialize_body(2)).await;
        assert_eq!(r.status, 400, "{}", r.text());
        assert!(r.header("mcp-session-id").is_none());
        let v = r.json();
        assert_eq!(v["id"], 2);
        assert_eq!(v["error"]["code"], -32600);
        assert!(
            v["error"]["message"]
                .as_str()
                .unwrap()
                .contains("already initialized"),
            "{v}"
        );
        assert_eq!(s.router.session_count(), 1);
        assert_eq!(s.opened.load(std::sync::atomic::Ordering::SeqCst), 1);
        let r = post(
            s.addr,
            Some(&live),
            &json!({"jsonrpc": "2.0", "id": 3, "method": "ping"}),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
    });
}

/// A session the reaper released is ended like a deleted one.
#[test]
fn initialize_naming_a_reaped_session_is_404() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let quiet = initialize(s.addr).await;
        let reaped = s
            .router
            .maintain(Instant::now() + Duration::from_secs(61), Duration::ZERO);
        assert_eq!(reaped, std::slice::from_ref(&quiet));
        let r = post(s.addr, Some(&quiet), &initialize_body(1)).await;
        assert_eq!(r.status, 404, "{}", r.text());
        assert_eq!(s.router.session_count(), 0);
    });
}

/// A request of a session the server ended is told why, and that its
/// uncommitted changes are gone; an id the server never gave is not.
#[test]
fn a_request_of_a_session_the_server_ended_is_told_why() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let quiet = initialize(s.addr).await;
        s.router
            .maintain(Instant::now() + Duration::from_secs(61), Duration::ZERO);
        let ping = json!({"jsonrpc": "2.0", "id": 3, "method": "ping"});
        let r = post(s.addr, Some(&quiet), &ping).await;
        assert_eq!(r.status, 404, "{}", r.text());
        assert_eq!(
            r.json()["error"]["message"],
            "Session not found: the server ended it because it never opened a stream and was idle past \
             the streamless timeout; \
             its uncommitted changes were discarded; send initialize to start a new one"
        );
        let r = post(s.addr, Some("0123456789ABCDEF0123456789ABCDEF"), &ping).await;
        assert_eq!(r.status, 404, "{}", r.text());
        assert_eq!(
            r.json()["error"]["message"],
            "Session not found: it ended or never existed; send initialize to start a new one"
        );
    });
}

async fn raw_post(addr: std::net::SocketAddr, headers: &[(&str, &str)], body: &str) -> Reply {
    request(addr, "POST", headers, body.as_bytes()).await
}

#[test]
fn body_gates() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let hs: Vec<(&str, &str)> = vec![JSON, ("MCP-Session-Id", &sid)];
        let ping = |id: &str| format!("{{\"jsonrpc\":\"2.0\",\"id\":\"{id}\",\"method\":\"ping\"}}");
        let longest_id = ping(&"i".repeat(gs_router::protocol::MAX_ID_BYTES));
        let r = raw_post(s.addr, &hs, &longest_id).await;
        assert_eq!(r.json()["result"], json!({}), "{}", r.text());
        let too_long_id = ping(&"i".repeat(gs_router::protocol::MAX_ID_BYTES + 1));
        let cases: &[(&str, u16, i64)] = &[
            ("{not json", 400, -32700),
            ("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]", 400, -32600),
            ("42", 400, -32600),
            ("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}", 400, -32600),
            ("{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"ping\"}", 400, -32600),
            ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}", 400, -32600),
            ("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}", 400, -32600),
            ("{\"id\":1,\"method\":\"ping\"}", 400, -32600),
            ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":[1]}", 400, -32602),
            ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"wait\",\"arguments\":\"x\"}}", 400, -32602),
            ("{\"jsonrpc\":\"2.0\",\"id\":1}", 400, -32600),
            (&too_long_id, 400, -32600),
        ];
        for (body, status, code) in cases {
            let r = raw_post(s.addr, &hs, body).await;
            assert_eq!(r.status, *status, "{body}: {}", r.text());
            assert_eq!(error_code(&r), *code, "{body}");
        }
        let bad = [0xffu8, 0xfe, b'{'];
        let r = request(s.addr, "POST", &hs, &bad).await;
        assert_eq!((r.status, error_code(&r)), (400, -32700));
        // An id that could not be read is left out, never null: MCP's
        // schema has it optional, a string or a number when given.
        assert_eq!(r.json().get("id"), None, "{}", r.text());
    });
}

#[test]
fn media_type_and_charset_gates() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}";
        for ct in [
            "text/plain",
            "application/*",
            "application/json; charset=iso-8859-1",
        ] {
            let r = raw_post(s.addr, &[("Content-Type", ct)], body).await;
            assert_eq!(r.status, 415, "{ct}");
            assert_eq!(error_code(&r), -32600);
        }
        for ct in ["application/json; charset=UTF-8", "Application/JSON"] {
            let r = raw_post(s.addr, &[("Content-Type", ct)], body).await;
            assert_eq!(r.status, 200, "{ct}");
        }
    });
}

#[test]
fn body_over_the_cap_is_413() {
    rt().block_on(async {
        let s = start(Options {
            http: HttpSettings { body_limit: 2048, ..HttpSettings::default() },
            ..Options::default()
        })
        .await;
        let big = format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{{\"x\":\"{}\"}}}}",
            "a".repeat(4096)
        );
        let r = raw_post(s.addr, &[JSON], &big).await;
        assert_eq!(r.status, 413);
        assert_eq!(
            r.json()["error"]["message"],
            "Payload Too Large: the body exceeds the server's limit of 2048 bytes"
        );
    });
}

#[test]
fn a_body_that_stops_arriving_is_answered_408() {
    rt().block_on(async {
        let s = start(Options {
            http: HttpSettings {
                read_timeout: Duration::from_millis(300),
                ..HttpSettings::default()
            },
            ..Options::default()
        })
        .await;
        // Declares 100 bytes, sends 10, then waits: the connection and its
        // task are not held beyond the read timeout.
        let started = Instant::now();
        let r = request(
            s.addr,
            "POST",
            &[JSON, ("Content-Length", "100")],
            b"{\"jsonrpc\"",
        )
        .await;
        assert_eq!(r.status, 408, "{}", r.text());
        assert_eq!(error_code(&r), -32600);
        assert_eq!(
            r.json()["error"]["message"],
            "Request Timeout: the body stopped arriving for 0.3 s; send it whole"
        );
        assert!(started.elapsed() < Duration::from_secs(5));
        // A body that keeps coming, if slowly, is read whole.
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let body = br#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#;
        let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
        let head = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: \
             application/json\r\nAccept: application/json, text/event-stream\r\n\
             Content-Length: {}\r\n\r\n",
            s.addr,
            body.len()
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        for piece in body.chunks(16) {
            tokio::time::sleep(Duration::from_millis(150)).await;
            stream.write_all(piece).await.unwrap();
        }
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await.unwrap();
        assert_eq!(parse_reply(&raw).status, 200);
        // But one that only trickles, a byte each 150 ms, is not waited
        // for beyond four read timeouts in all.
        let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
        let head = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: 1000\r\n\r\n",
            s.addr
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        let started = Instant::now();
        let (mut reader, mut writer) = stream.into_split();
        let trickle = tokio::spawn(async move {
            while writer.write_all(b" ").await.is_ok() {
                tokio::time::sleep(Duration::from_millis(150)).await;
            }
        });
        let mut raw = Vec::new();
        let _ = reader.read_to_end(&mut raw).await;
        trickle.abort();
        let r = parse_reply(&raw);
        assert_eq!(r.status, 408, "{}", r.text());
        assert_eq!(
            r.json()["error"]["message"],
            "Request Timeout: the body did not arrive whole within 1.2 s; send it whole at once"
        );
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{:?}",
            started.elapsed()
        );
    });
}

#[test]
fn connections_past_the_cap_are_answered_503_until_one_closes() {
    rt().block_on(async {
        let s = start(Options {
            http: HttpSettings {
                max_connections: 2,
                ..HttpSettings::default()
            },
            ..Options::default()
        })
        .await;
        // Two connections held open (a keep-alive client between requests).
        let held: Vec<_> = held_connections(s.addr, 2).await;
        let r = raw_post(
            s.addr,
            &[JSON],
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#,
        )
        .await;
        assert_eq!(r.status, 503);
        assert_eq!(r.header("retry-after"), Some("1"));
        assert_eq!(
            r.json()["error"]["message"],
            "Service Unavailable: the server is serving its maximum of 2 connections; retry \
             shortly (the operator can raise http.max_connections)"
        );
        drop(held);
        // The server sees them closed and serves again.
        assert_eq!(initialize_within_2_s(s.addr).await, 200);
    });
}

/// One address holds at most `http.max_connections_per_address`
/// connections: one more is answered 429 and closed, while another
/// address is served. Before, one host could hold every connection the
/// server allows, and every other client was answered 503.
#[test]
fn one_address_holds_at_most_its_cap_of_connections_and_others_are_served() {
    rt().block_on(async {
        let s = start(Options {
            http: HttpSettings {
                max_connections_per_address: Some(2),
                ..HttpSettings::default()
            },
            ..Options::default()
        })
        .await;
        let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#;
        let held: Vec<_> = held_connections(s.addr, 2).await;
        let r = raw_post(s.addr, &[JSON], init).await;
        assert_eq!(r.status, 429, "{}", r.text());
        assert_eq!(r.header("retry-after"), Some("1"));
        assert_eq!(
            r.json()["error"]["message"],
            "Too Many Requests: this address holds its maximum of 2 connections open; close \
             some, or retry shortly (the operator can raise http.max_connections_per_address)"
        );
        let other = "127.0.0.2".parse().unwrap();
        let r = request_from(Some(other), s.addr, "POST", &[JSON], init.as_bytes()).await;
        assert_eq!(r.status, 200, "another address: {}", r.text());
        drop(held);
        assert_eq!(
            initialize_within_2_s(s.addr).await,
            200,
            "served again once its connections closed"
        );
    });
}

#[test]
fn request_bodies_together_are_held_to_the_server_s_total() {
    rt().block_on(async {
        let s = start(Options {
            http: HttpSettings {
                total_body_bytes: 600,
                ..HttpSettings::default()
            },
            ..Options::default()
        })
        .await;
        let (a, b) = (initialize(s.addr).await, initialize(s.addr).await);
        // A call of about 400 bytes, held while it runs.
        let pad = "p".repeat(300);
        let long = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                          "params": {"name": "wait", "arguments": {"ms": 1500}, "_meta": {"pad": pad}}});
        let addr = s.addr;
        let running = tokio::spawn(async move { post(addr, Some(&a), &long).await });
        tokio::time::sleep(Duration::from_millis(300)).await;
        // About 250 more would pass 600.
        let other = json!({"jsonrpc": "2.0", "id": 2, "method": "ping", "params": {"_meta": {"pad": "q".repeat(150)}}});
        let r = post(s.addr, Some(&b), &other).await;
        assert_eq!(r.status, 503, "{}", r.text());
        assert_eq!(r.header("retry-after"), Some("1"));
        assert_eq!(
            r.json()["error"]["message"],
            "Service Unavailable: the requests being answered hold the server's maximum of 600 \
             bytes of bodies; retry shortly (the operator can raise http.total_body_bytes)"
        );
        // Answered, the first gives its bytes back.
        assert_eq!(running.await.unwrap().status, 200);
        assert_eq!(post(s.addr, Some(&b), &other).await.status, 200);
    });
}

/// `n` connections to `addr`, each having sent nothing yet.
/// Posts `initialize` until it is answered 200, for up to 2 s: the last
/// status.
async fn initialize_within_2_s(addr: std::net::SocketAddr) -> u16 {
    let mut status = 0;
    for _ in 0..100 {
        status = raw_post(
            addr,
            &[JSON],
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#,
        )
        .await
        .status;
        if status == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    status
}

async fn held_connections(addr: std::net::SocketAddr, n: usize) -> Vec<tokio::net::TcpStream> {
    let mut held = Vec::new();
    for _ in 0..n {
        held.push(tokio::net::TcpStream::connect(addr).await.unwrap());
    }
    // Accepted before the next connection is counted against the cap.
    tokio::time::sleep(Duration::from_millis(100)).await;
    held
}

#[test]
fn accept_is_normalised() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}";
        let r = raw_post(s.addr, &[JSON, ("Accept", "text/html")], body).await;
        assert_eq!(r.status, 406);
        let r = raw_post(s.addr, &[JSON, ("Accept", "*/*;q=0.8")], body).await;
        assert_eq!(r.status, 200);
        let r = raw_post(
            s.addr,
            &[
                JSON,
                ("Accept", "application/json;q=0.9, text/event-stream"),
            ],
            body,
        )
        .await;
        assert_eq!(r.status, 200);
        let sid = r.header("mcp-session-id").unwrap().to_string();
        // A client that accepts only SSE gets its answer as one event.
        let r = raw_post(
            s.addr,
            &[
                JSON,
                ("Accept", "text/event-stream"),
                ("MCP-Session-Id", &sid),
            ],
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}",
        )
        .await;
        assert_eq!(r.status, 200);
        assert_eq!(r.header("content-type"), Some("text/event-stream"));
        assert_eq!(
            r.text(),
            "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n\n"
        );
    });
}

#[test]
fn origin_is_checked_before_the_body() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}";
        let r = raw_post(s.addr, &[JSON, ("Origin", "http://evil.example")], body).await;
        assert_eq!(r.status, 403);
        assert_eq!(error_code(&r), -32600);
        let r = raw_post(s.addr, &[JSON, ("Origin", "null")], body).await;
        assert_eq!(r.status, 403);
        // Even an unroutable method is refused for a bad origin first.
        let r = request(s.addr, "PUT", &[("Origin", "http://evil.example")], b"").await;
        assert_eq!(r.status, 403);
        for ok in [
            "http://localhost:6274",
            "http://127.0.0.1",
            "http://[::1]:3000",
        ] {
            let r = raw_post(s.addr, &[JSON, ("Origin", ok)], body).await;
            assert_eq!(r.status, 200, "{ok}");
        }
        let allowed = start(Options {
            http: HttpSettings {
                allowed_origin_hosts: vec!["app.example.com".into()],
                ..HttpSettings::default()
            },
            ..Options::default()
        })
        .await;
        let r = raw_post(
            allowed.addr,
            &[JSON, ("Origin", "https://app.example.com")],
            body,
        )
        .await;
        assert_eq!(r.status, 200);
        // The configured origin's app may read the answer and its session
        // id (CORS); a loopback origin, let through the gate, gets no such
        // leave: no local web page drives the server from a browser unless
        // the operator names it.
        assert_eq!(
            r.header("access-control-allow-origin"),
            Some("https://app.example.com")
        );
        assert!(
            r.header("access-control-expose-headers")
                .is_some_and(|h| h.contains("Mcp-Session-Id")),
            "{:?}",
            r.headers
        );
        let r = raw_post(
            allowed.addr,
            &[JSON, ("Origin", "http://localhost:3000")],
            body,
        )
        .await;
        assert_eq!(r.status, 200);
        assert_eq!(r.header("access-control-allow-origin"), None);
        // The browser's preflight before its JSON POST.
        let preflight = |origin: &'static str| async move {
            let headers = [
                ("Origin", origin),
                ("Access-Control-Request-Method", "POST"),
                (
                    "Access-Control-Request-Headers",
                    "content-type, mcp-session-id, mcp-param-region",
                ),
            ];
            request(allowed.addr, "OPTIONS", &headers, b"").await
        };
        let r = preflight("https://app.example.com").await;
        assert_eq!(r.status, 204, "{}", r.text());
        assert_eq!(
            r.header("access-control-allow-origin"),
            Some("https://app.example.com")
        );
        let allowed_headers = r.header("access-control-allow-headers").unwrap_or_default();
        assert!(
            allowed_headers.contains("Mcp-Session-Id")
                && allowed_headers.contains("mcp-param-region"),
            "{allowed_headers}"
        );
        assert_eq!(preflight("http://localhost:3000").await.status, 405);
    });
}

#[test]
fn host_header_guards_against_dns_rebinding() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}";
        let r = raw_post(s.addr, &[JSON, ("Host", "evil.example:8000")], body).await;
        assert_eq!(r.status, 403);
        assert_eq!(
            r.json()["error"]["message"],
            "Forbidden: the request's Host \"evil.example:8000\" is not this server's; add its \
             host to http.allowed_hosts in toolsets.toml"
        );
        let r = raw_post(s.addr, &[JSON, ("Host", "localhost:8000")], body).await;
        assert_eq!(r.status, 200);
        // The host a request is for is read as RFC 9112 has it: exactly one
        // Host in HTTP/1.1, and an absolute-form target's authority over
        // it; no prefix of a malformed authority passes for this server.
        let send = |head: String| async move {
            use tokio::io::{AsyncReadExt, AsyncWriteExt};
            let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
            let text = format!(
                "{head}Content-Type: application/json\r\nConnection: close\r\n\
                 Content-Length: {}\r\n\r\n{body}",
                body.len()
            );
            stream.write_all(text.as_bytes()).await.unwrap();
            let mut raw = Vec::new();
            stream.read_to_end(&mut raw).await.unwrap();
            parse_reply(&raw)
        };
        let here = format!("Host: {}\r\n", s.addr);
        for (head, status) in [
            ("POST /mcp HTTP/1.1\r\n".to_string(), 400),
            (format!("POST /mcp HTTP/1.1\r\n{here}Host: evil.example\r\n"), 400),
            (format!("POST http://evil.example/mcp HTTP/1.1\r\n{here}"), 403),
            (format!("POST /mcp HTTP/1.1\r\n{here}Origin: http://localhost\r\nOrigin: http://evil.example\r\n"), 403),
            (format!("POST /mcp HTTP/1.1\r\n{here}Origin: http://localhost:80@evil.example\r\n"), 403),
            (format!("POST /mcp HTTP/1.1\r\n{here}Origin: http://[::1].evil.example\r\n"), 403),
            ("POST /mcp HTTP/1.1\r\nHost: localhost:80@evil.example\r\n".to_string(), 403),
            (format!("POST http://localhost/mcp HTTP/1.1\r\n{here}"), 200),
            ("POST /mcp HTTP/1.0\r\n".to_string(), 200),
        ] {
            let r = send(head.clone()).await;
            assert_eq!(r.status, status, "{head}: {}", r.text());
        }
    });
}

#[test]
fn protocol_version_header_is_checked() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
        for bad in ["2025-03-26", "2026-07-28", "junk"] {
            let r = raw_post(
                s.addr,
                &[
                    JSON,
                    ("MCP-Session-Id", &sid),
                    ("MCP-Protocol-Version", bad),
                ],
                ping,
            )
            .await;
            assert_eq!(r.status, 400, "{bad}");
            assert!(
                r.json()["error"]["message"]
                    .as_str()
                    .unwrap()
                    .contains("2025-06-18 and 2025-11-25")
            );
        }
        // The stateless revision has no GET stream and no session to end.
        for method in ["GET", "DELETE"] {
            let headers = [
                ("Accept", "text/event-stream"),
                ("MCP-Session-Id", sid.as_str()),
                ("MCP-Protocol-Version", "2026-07-28"),
            ];
            let r = request(s.addr, method, &headers, b"").await;
            assert_eq!(r.status, 405, "{method}: {}", r.text());
            assert_eq!(r.header("allow"), Some("POST"));
        }
        for good in ["2025-06-18", "2025-11-25"] {
            let r = raw_post(
                s.addr,
                &[
                    JSON,
                    ("MCP-Session-Id", &sid),
                    ("MCP-Protocol-Version", good),
                ],
                ping,
            )
            .await;
            assert_eq!(r.status, 200, "{good}");
        }
    });
}

#[test]
fn server_cap_answers_503_and_caller_cap_429_with_retry_after() {
    rt().block_on(async {
        let s = start(Options {
            http: HttpSettings {
                max_sessions: 2,
                max_sessions_per_caller: None,
                ..HttpSettings::default()
            },
            ..Options::default()
        })
        .await;
        let first = initialize(s.addr).await;
        initialize(s.addr).await;
        let r = post(
            s.addr,
            None,
            &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize"}),
        )
        .await;
        assert_eq!(r.status, 503);
        assert!(r.header("mcp-session-id").is_none());
        // Ending one frees its place.
        request(s.addr, "DELETE", &[("MCP-Session-Id", &first)], b"").await;
        initialize(s.addr).await;

        let c = start(Options {
            http: HttpSettings {
                max_sessions_per_caller: Some(1),
                ..HttpSettings::default()
            },
            ..Options::default()
        })
        .await;
        let first = initialize(c.addr).await;
        let r = post(
            c.addr,
            None,
            &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize"}),
        )
        .await;
        assert_eq!(r.status, 429);
        assert_eq!(r.header("retry-after"), Some("60"));
        // Ending one frees the slot.
        request(c.addr, "DELETE", &[("MCP-Session-Id", &first)], b"").await;
        initialize(c.addr).await;
    });
}

#[test]
fn a_burst_of_initialize_opens_no_more_image_sessions_than_the_cap() {
    rt().block_on(async {
        // Each image session takes a while to open, as a stone login does:
        // the sessions being opened hold their places under the caps, so
        // the burst past the cap is refused at once, not after a login.
        let s = start(Options {
            http: HttpSettings {
                max_sessions: 5,
                max_sessions_per_caller: None,
                ..HttpSettings::default()
            },
            open_delay: Some(Duration::from_millis(200)),
            ..Options::default()
        })
        .await;
        let burst: Vec<_> = (0..40)
            .map(|i| {
                let addr = s.addr;
                tokio::spawn(async move {
                    post(
                        addr,
                        None,
                        &json!({"jsonrpc": "2.0", "id": i, "method": "initialize"}),
                    )
                    .await
                    .status
                })
            })
            .collect();
        let mut statuses = Vec::new();
        for call in burst {
            statuses.push(call.await.unwrap());
        }
        let count = |code| statuses.iter().filter(|s| **s == code).count();
        assert_eq!(count(200), 5, "{statuses:?}");
        assert_eq!(count(503), 35, "{statuses:?}");
        assert_eq!(s.opened.load(std::sync::atomic::Ordering::SeqCst), 5);
        assert_eq!(s.router.session_count(), 5);
    });
}

#[test]
fn a_long_call_stalls_no_other_session_and_calls_queue_within_one() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let a = initialize(s.addr).await;
        let b = initialize(s.addr).await;
        let addr = s.addr;
        let a2 = a.clone();
        let long =
            tokio::spawn(async move { call(addr, &a2, 1, "wait", json!({"ms": 1500})).await });
        tokio::time::sleep(Duration::from_millis(100)).await;
        let t = Instant::now();
        let r = call(s.addr, &b, 2, "wait", json!({"ms": 1})).await;
        assert_eq!(r.json()["result"]["isError"], false);
        assert!(
            t.elapsed() < Duration::from_millis(700),
            "other session waited {:?}",
            t.elapsed()
        );
        // A second call in the busy session waits for the first.
        let t = Instant::now();
        let r = call(s.addr, &a, 3, "wait", json!({"ms": 1})).await;
        assert_eq!(r.json()["result"]["isError"], false);
        assert!(
            t.elapsed() > Duration::from_millis(900),
            "queued call ran after {:?}",
            t.elapsed()
        );
        assert_eq!(
            long.await.unwrap().json()["result"]["content"][0]["text"],
            "waited 1500 ms"
        );
    });
}

#[test]
fn notifications_cancelled_stops_the_call_and_it_gets_no_response() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let addr = s.addr;
        let sid2 = sid.clone();
        let t = Instant::now();
        let long = tokio::spawn(async move { call(addr, &sid2, 41, "wait", json!({"ms": 10000})).await });
        tokio::time::sleep(Duration::from_millis(200)).await;
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 41, "reason": "Esc"}}),
        )
        .await;
        assert_eq!(r.status, 202);
        // A request's POST is answered with a stream, not 202 (which is for
        // notifications): one with no events, the cancelled call having
        // no response.
        let r = long.await.unwrap();
        assert_eq!(r.status, 200);
        assert_eq!(r.header("content-type"), Some("text/event-stream"));
        assert!(r.body.is_empty());
        assert!(t.elapsed() < Duration::from_secs(3));
        // The session is usable again at once: the call really stopped.
        let t = Instant::now();
        let r = call(s.addr, &sid, 42, "wait", json!({"ms": 1})).await;
        assert_eq!(r.json()["result"]["isError"], false);
        assert!(t.elapsed() < Duration::from_secs(1));
    });
}

#[test]
fn a_second_call_under_an_id_in_flight_is_refused_and_the_first_stays_cancellable() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let (addr, sid2) = (s.addr, sid.clone());
        let t = Instant::now();
        let long = tokio::spawn(async move { call(addr, &sid2, 41, "wait", json!({"ms": 10000})).await });
        tokio::time::sleep(Duration::from_millis(200)).await;
        let r = call(s.addr, &sid, 41, "wait", json!({"ms": 1})).await;
        assert_eq!(r.status, 200);
        let v = r.json();
        assert_eq!(v["id"], 41);
        assert_eq!(v["error"]["code"], -32600);
        assert_eq!(v["error"]["data"]["kind"], "invalidRequest");
        assert!(
            v["error"]["message"]
                .as_str()
                .unwrap()
                .contains("already the id of a request in flight"),
            "{v}"
        );
        // The refusal took nothing from the first call: it is still the
        // one its id names, and cancelling it stops it.
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 41}}),
        )
        .await;
        assert_eq!(r.status, 202);
        assert_eq!(long.await.unwrap().status, 200);
        assert!(t.elapsed() < Duration::from_secs(3));
        // Answered, the id is free again.
        let r = call(s.addr, &sid, 41, "wait", json!({"ms": 1})).await;
        assert_eq!(r.json()["result"]["isError"], false);
    });
}

#[test]
fn a_session_holds_at_most_its_maximum_of_calls_in_flight() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        // One long call runs; the rest of the maximum wait their turn.
        let mut calls = Vec::new();
        for i in 0..gs_router::MAX_CALLS_IN_FLIGHT as i64 {
            let (addr, sid) = (s.addr, sid.clone());
            let ms = if i == 0 { 2000 } else { 1 };
            calls.push(tokio::spawn(async move {
                call(addr, &sid, 100 + i, "wait", json!({ "ms": ms })).await
            }));
            if i == 0 {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let r = call(s.addr, &sid, 1, "wait", json!({"ms": 1})).await;
        let v = r.json();
        assert_eq!(v["result"]["isError"], true, "{v}");
        assert_eq!(
            v["result"]["structuredContent"]["error"]["kind"],
            "unavailable"
        );
        assert!(
            v["result"]["content"][0]["text"]
                .as_str()
                .unwrap()
                .contains("64 calls in flight"),
            "{v}"
        );
        // Every call in flight is answered, and then there is room again.
        for c in calls {
            assert_eq!(c.await.unwrap().json()["result"]["isError"], false);
        }
        let r = call(s.addr, &sid, 2, "wait", json!({"ms": 1})).await;
        assert_eq!(r.json()["result"]["isError"], false);
    });
}

#[test]
fn request_deadline_answers_32001_with_the_requests_id() {
    rt().block_on(async {
        let s = start(Options {
            sessions: SessionLifetime {
                request_timeout: Some(Duration::from_millis(300)),
                ..SessionLifetime::default()
            },
            ..Options::default()
        })
        .await;
        let sid = initialize(s.addr).await;
        let t = Instant::now();
        let r = call(s.addr, &sid, 77, "wait", json!({"ms": 5000})).await;
        assert_eq!(r.status, 200);
        let v = r.json();
        assert_eq!(v["id"], 77);
        assert_eq!(v["error"]["code"], -32001);
        assert!(t.elapsed() < Duration::from_secs(2));
        // The call was stopped, so the session goes on.
        let r = call(s.addr, &sid, 78, "wait", json!({"ms": 1})).await;
        assert_eq!(r.json()["result"]["isError"], false);
    });
}

#[test]
fn reaper_releases_idle_sessions_and_a_late_pass_reaps_nobody() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let quiet = initialize(s.addr).await;
        let now = Instant::now();
        // A pass that ran two hours late says nothing about the clients.
        assert!(
            s.router
                .maintain(now + Duration::from_secs(7200), Duration::from_secs(7200))
                .is_empty()
        );
        assert_eq!(s.router.session_count(), 1);
        // Its clocks restarted at that pass; on time, a streamless session
        // idle past 60 s from there is released.
        let late = now + Duration::from_secs(7200);
        assert!(
            s.router
                .maintain(late + Duration::from_secs(30), Duration::ZERO)
                .is_empty()
        );
        let reaped = s
            .router
            .maintain(late + Duration::from_secs(61), Duration::ZERO);
        assert_eq!(reaped, std::slice::from_ref(&quiet));
        let r = post(
            s.addr,
            Some(&quiet),
            &json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
        )
        .await;
        assert_eq!(r.status, 404);
    });
}

#[test]
fn get_opens_the_stream_and_a_hang_up_starts_the_grace() {
    rt().block_on(async {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
        let head = format!(
            "GET /mcp HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\nMCP-Session-Id: {sid}\r\n\r\n",
            s.addr
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        let mut buf = vec![0u8; 1024];
        let n = stream.read(&mut buf).await.unwrap();
        let text = String::from_utf8_lossy(&buf[..n]);
        assert!(text.starts_with("HTTP/1.1 200"), "{text}");
        assert!(text.to_ascii_lowercase().contains("content-type: text/event-stream"), "{text}");
        // With a stream open, the streamless timeout no longer applies.
        assert!(s.router.maintain(Instant::now() + Duration::from_secs(120), Duration::ZERO).is_empty());
        drop(stream);
        tokio::time::sleep(Duration::from_millis(300)).await;
        // Past the 10 s grace after the hang-up, the session is released.
        let reaped = s.router.maintain(Instant::now() + Duration::from_secs(11), Duration::ZERO);
        assert_eq!(reaped, [sid]);
    });
}

#[test]
fn a_call_with_notifications_is_answered_as_sse_when_the_client_accepts_it() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let body = json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
                          "params": {"name": "chatty", "arguments": {}, "_meta": {"progressToken": "tok"}}});
        let hs = [JSON, ("Accept", "application/json, text/event-stream"), ("MCP-Session-Id", sid.as_str())];
        let r = request(s.addr, "POST", &hs, &serde_json::to_vec(&body).unwrap()).await;
        assert_eq!(r.status, 200);
        assert_eq!(r.header("content-type"), Some("text/event-stream"));
        let ev = events(&r.text());
        let methods: Vec<&str> = ev.iter().map(|e| e["method"].as_str().unwrap_or("response")).collect();
        assert_eq!(
            methods,
            ["notifications/message", "notifications/progress", "notifications/message", "notifications/progress", "response"]
        );
        assert_eq!(ev[1]["params"], json!({"progressToken": "tok", "progress": 1.0, "total": 2.0, "message": "half"}));
        assert_eq!(ev[4]["id"], 5);
        assert_eq!(ev[4]["result"]["content"][0]["text"], "3 dictionaries");

        // logging/setLevel filters log lines; without a progressToken no
        // progress is sent.
        let r = post(s.addr, Some(&sid), &json!({"jsonrpc": "2.0", "id": 6, "method": "logging/setLevel", "params": {"level": "warning"}})).await;
        assert_eq!(r.json()["result"], json!({}));
        let body = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "chatty", "arguments": {}}});
        let r = request(s.addr, "POST", &hs, &serde_json::to_vec(&body).unwrap()).await;
        let ev = events(&r.text());
        assert_eq!(ev.len(), 2, "{}", r.text());
        assert_eq!(ev[0]["params"]["level"], "warning");
        assert_eq!(ev[0]["params"]["data"], "careful");
        assert_eq!(ev[1]["id"], 7);
        let r = post(s.addr, Some(&sid), &json!({"jsonrpc": "2.0", "id": 8, "method": "logging/setLevel", "params": {"level": "loud"}})).await;
        assert_eq!(error_code(&r), -32602);

        // A client accepting only JSON gets the answer alone.
        let hs = [JSON, ("Accept", "application/json"), ("MCP-Session-Id", sid.as_str())];
        let body = json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"name": "chatty", "arguments": {}}});
        let r = request(s.addr, "POST", &hs, &serde_json::to_vec(&body).unwrap()).await;
        assert_eq!(r.header("content-type"), Some("application/json"));
        assert_eq!(r.json()["result"]["content"][0]["text"], "3 dictionaries");
    });
}

#[test]
fn quiet_sessions_with_a_stream_are_pinged_and_released_if_silent() {
    rt().block_on(async {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
        let head = format!(
            "GET /mcp HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\nMCP-Session-Id: {sid}\r\n\r\n",
            s.addr
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        let mut buf = vec![0u8; 4096];
        let n = stream.read(&mut buf).await.unwrap();
        assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
        let base = Instant::now();
        // Past 25 min of silence the server pings down the stream.
        assert!(s.router.maintain(base + Duration::from_secs(1501), Duration::ZERO).is_empty());
        let n = tokio::time::timeout(Duration::from_secs(2), stream.read(&mut buf)).await.unwrap().unwrap();
        let text = String::from_utf8_lossy(&buf[..n]).into_owned();
        let data = text.split("data: ").nth(1).unwrap().split('\n').next().unwrap();
        let ping: Value = serde_json::from_str(data).unwrap();
        assert_eq!(ping["method"], "ping");
        let ping_id = ping["id"].as_str().unwrap().to_string();
        assert!(ping_id.starts_with("srv-"));
        // Answered: proven live, kept (the answer is not activity).
        let r = post(s.addr, Some(&sid), &json!({"jsonrpc": "2.0", "id": ping_id, "result": {}})).await;
        assert_eq!(r.status, 202);
        assert!(s.router.maintain(base + Duration::from_secs(1540), Duration::ZERO).is_empty());
        // The next probe reaches the client and goes unanswered for 30 s:
        // released early.
        assert!(s.router.maintain(base + Duration::from_secs(1541), Duration::ZERO).is_empty());
        let n = tokio::time::timeout(Duration::from_secs(2), stream.read(&mut buf)).await.unwrap().unwrap();
        assert!(String::from_utf8_lossy(&buf[..n]).contains("\"method\":\"ping\""));
        let reaped = s.router.maintain(base + Duration::from_secs(1572), Duration::ZERO);
        assert_eq!(reaped, std::slice::from_ref(&sid));
    });
}

#[test]
fn a_call_whose_notes_outrun_its_client_keeps_only_a_bounded_backlog_and_still_answers() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        // More progress than the socket's buffers hold: the client reads
        // nothing until the tool has sent all of it.
        let n = 200_000;
        let body = json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
                          "params": {"name": "flood", "arguments": {"n": n},
                                     "_meta": {"progressToken": "tok"}}});
        let body = serde_json::to_vec(&body).unwrap();
        let head = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nMCP-Session-Id: {sid}\r\n\
             Content-Length: {}\r\n\r\n",
            s.addr,
            body.len()
        );
        let before = FLOODS.load(std::sync::atomic::Ordering::SeqCst);
        let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
        stream.write_all(head.as_bytes()).await.unwrap();
        stream.write_all(&body).await.unwrap();
        floods_reach(before + 1).await;
        let mut raw = Vec::new();
        tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut raw))
            .await
            .expect("the stream ends within 30 s")
            .unwrap();
        let reply = parse_reply(&raw);
        assert_eq!(reply.header("content-type"), Some("text/event-stream"));
        let (notes, last, answer) = flood_seen(&events(&reply.text()), 9);
        assert!(notes < n as usize / 4, "{notes} of {n} notes were held for the client");
        assert_eq!(last, n as f64, "the newest progress is kept");
        assert_eq!(answer, format!("flooded {n}"));
    });
}

#[test]
fn a_progress_token_is_at_most_256_bytes_since_every_notification_repeats_it() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let hs = [JSON, ("Accept", "application/json, text/event-stream"), ("MCP-Session-Id", sid.as_str())];
        let chatty = |id: i64, token: &str| {
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                   "params": {"name": "chatty", "arguments": {}, "_meta": {"progressToken": token}}})
        };
        let longest = "t".repeat(gs_router::MAX_PROGRESS_TOKEN);
        let r = request(s.addr, "POST", &hs, &serde_json::to_vec(&chatty(1, &longest)).unwrap()).await;
        let ev = events(&r.text());
        let progress: Vec<&Value> = ev.iter().filter(|e| e["method"] == "notifications/progress").collect();
        assert_eq!(progress.len(), 2, "{ev:?}");
        assert_eq!(progress[0]["params"]["progressToken"], longest.as_str());

        let too_long = format!("{longest}t");
        let r = request(s.addr, "POST", &hs, &serde_json::to_vec(&chatty(2, &too_long)).unwrap()).await;
        assert_eq!(r.status, 200);
        assert_eq!(error_code(&r), -32602, "{}", r.text());
        let message = r.json()["error"]["message"].as_str().unwrap().to_string();
        assert!(message.contains("257 bytes") && message.contains("at most 256"), "{message}");
        // The session goes on.
        let r = call(s.addr, &sid, 3, "list_classes", json!({"dictionary": "Globals"})).await;
        assert_eq!(r.json()["result"]["isError"], false, "{}", r.text());
    });
}

/// A request whose session is ended (DELETE) while its call runs still
/// gets an answer: the call is broken, and its request is answered with
/// what the broken call gives, never left with an empty 202.
#[test]
fn a_call_whose_session_is_deleted_is_answered() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let (addr, sid2) = (s.addr, sid.clone());
        let long =
            tokio::spawn(async move { call(addr, &sid2, 5, "wait", json!({"ms": 10000})).await });
        tokio::time::sleep(Duration::from_millis(200)).await;
        let r = request(s.addr, "DELETE", &[("MCP-Session-Id", &sid)], b"").await;
        assert_eq!(r.status, 200);
        let r = long.await.unwrap();
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["id"], 5, "{}", r.text());
        assert_eq!(r.json()["result"]["isError"], true, "{}", r.text());
    });
}

/// Refusals name what is wrong, not something else: an initialize without
/// an id is told it needs one (not that a session header is missing), and
/// a session id that is not text is an unknown session (not a missing
/// header).
#[test]
fn refusals_name_what_is_wrong() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let r = raw_post(
            s.addr,
            &[JSON],
            r#"{"jsonrpc":"2.0","method":"initialize","params":{}}"#,
        )
        .await;
        assert_eq!(r.status, 400, "{}", r.text());
        assert!(
            r.text().contains("initialize is a request and needs an id"),
            "{}",
            r.text()
        );
        let r = request(
            s.addr,
            "POST",
            &[JSON, ("MCP-Session-Id", "s\u{e9}ance")],
            br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        )
        .await;
        assert_eq!(r.status, 404, "{}", r.text());
    });
}
