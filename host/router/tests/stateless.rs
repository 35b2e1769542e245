//! Revision 2026-07-28 (stateless) beside the legacy sessions on one
//! endpoint, over a real loopback socket: what a client of each era sees.

mod common;

use std::time::Duration;

use common::*;
use serde_json::json;

#[test]
fn discover_answers_versions_capabilities_and_identity() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let r = modern(s.addr, "server/discover", json!({}), &[]).await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(r.header("mcp-session-id").is_none(), "no session is minted");
        let v = r.json();
        assert_eq!(v["id"], 7);
        let result = &v["result"];
        assert_eq!(result["resultType"], "complete");
        let versions = result["supportedVersions"].as_array().unwrap();
        for want in ["2026-07-28", "2025-11-25", "2025-06-18"] {
            assert!(versions.contains(&json!(want)), "{versions:?}");
        }
        assert!(result["capabilities"]["tools"].is_object());
        assert_eq!(
            result["_meta"]["io.modelcontextprotocol/serverInfo"],
            json!({"name": "gs-mcp", "version": "9.9.9"})
        );
        assert!(result["ttlMs"].as_u64().is_some());
        assert_eq!(result["cacheScope"], "public");
        assert_eq!(s.router.session_count(), 0);
    });
}

#[test]
fn stateless_tools_list_is_in_name_order_with_caching_hints() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let r = modern(s.addr, "tools/list", json!({}), &[]).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let result = r.json()["result"].clone();
        let names: Vec<String> = result["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
        assert!(names.contains(&"list_classes".to_string()));
        assert_eq!(result["resultType"], "complete");
        assert_eq!(result["cacheScope"], "public");
        assert!(result["ttlMs"].as_u64().is_some());
        assert_eq!(
            result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
            "gs-mcp"
        );

        // The legacy era lists the same tools in the same order.
        let sid = initialize(s.addr).await;
        let legacy = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
        )
        .await;
        let legacy_names: Vec<String> = legacy.json()["result"]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect();
        // ... but for the two tools of kept image sessions, which only a
        // stateless client needs.
        let without_handles: Vec<String> = names
            .iter()
            .filter(|n| *n != "open_session" && *n != "close_session")
            .cloned()
            .collect();
        assert_eq!(names.len(), without_handles.len() + 2);
        assert_eq!(legacy_names, without_handles);
        assert!(legacy.json()["result"].get("resultType").is_none());
    });
}

/// A stateless client keeps an image session by handle: calls naming it
/// share its uncommitted changes, calls without it do not see them, the
/// session header cannot reach it, and once closed it is unknown.
#[test]
fn a_log_level_or_progress_token_that_is_none_is_refused_not_ignored() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let mut loud = meta();
        loud["io.modelcontextprotocol/logLevel"] = json!("loud");
        let r = modern(s.addr, "tools/list", json!({"_meta": loud}), &[]).await;
        let message = r.json()["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert_eq!(r.json()["error"]["code"], -32602, "{}", r.text());
        assert!(
            message.contains("is `loud`, not a log level; use debug"),
            "{message}"
        );

        let mut odd = meta();
        odd["progressToken"] = json!({"a": 1});
        let r = modern(
            s.addr,
            "tools/call",
            json!({"name": "doit", "arguments": {"code": "3 + 4"}, "_meta": odd}),
            &[],
        )
        .await;
        assert_eq!(r.json()["error"]["code"], -32602, "{}", r.text());
        assert!(
            r.text().contains(
                "the progressToken is an object; a progress token is a string or a number"
            ),
            "{}",
            r.text()
        );
    });
}

#[test]
fn a_stateless_body_without_its_version_header_is_told_the_headers_disagree() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        for (header, says) in [("", "is missing"), ("2025-11-25", "says `2025-11-25`")] {
            let r = modern(
                s.addr,
                "tools/list",
                json!({}),
                &[("MCP-Protocol-Version", header)],
            )
            .await;
            assert_eq!(r.status, 400, "{}", r.text());
            let body = r.json();
            assert_eq!(body["id"], 7, "{body}");
            assert_eq!(body["error"]["code"], -32020, "{body}");
            let message = body["error"]["message"].as_str().unwrap();
            assert!(
                message.contains(&format!("the MCP-Protocol-Version header {says}")),
                "{message}"
            );
            assert!(!message.contains("MCP-Session-Id"), "{message}");
        }
    });
}

#[test]
fn a_caller_at_its_cap_of_kept_sessions_is_told_when_one_would_be_released() {
    rt().block_on(async {
        let s = start(Options {
            http: gs_router::HttpSettings {
                max_sessions_per_caller: Some(1),
                ..gs_router::HttpSettings::default()
            },
            ..Options::default()
        })
        .await;
        let open = || modern(s.addr, "tools/call", json!({"name": "open_session", "arguments": {}}), &[]);
        let r = open().await;
        assert_ne!(r.json()["result"]["isError"], true, "{}", r.text());
        let r = open().await;
        let text = r.json()["result"]["content"][0]["text"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        // A kept session lives to the idle timeout (30 min), not the
        // streamless one (60 s).
        assert!(
            text.contains("you hold your maximum of 1 image sessions; close one (close_session) or retry in 1800 s"),
            "{}",
            r.text()
        );
    });
}

#[test]
fn a_kept_session_holds_uncommitted_changes_across_stateless_calls() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let r = modern(s.addr, "tools/list", json!({}), &[]).await;
        let doit = r.json()["result"]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == "doit")
            .cloned()
            .unwrap();
        assert_eq!(
            doit["inputSchema"]["properties"]["session"]["type"],
            "string"
        );

        let r = modern(
            s.addr,
            "tools/call",
            json!({"name": "open_session", "arguments": {}}),
            &[],
        )
        .await;
        let handle = r.json()["result"]["structuredContent"]["session"]
            .as_str()
            .unwrap_or_else(|| panic!("{}", r.text()))
            .to_string();
        assert_eq!(handle.len(), 32);
        let doit_in = |code: &str, session: Option<&str>| {
            let mut arguments = json!({"code": code});
            if let Some(h) = session {
                arguments["session"] = json!(h);
            }
            json!({"name": "doit", "arguments": arguments})
        };
        let r = modern(
            s.addr,
            "tools/call",
            doit_in("UserGlobals at: #Kept put: 7", Some(&handle)),
            &[],
        )
        .await;
        assert_ne!(r.json()["result"]["isError"], true, "{}", r.text());
        let r = modern(
            s.addr,
            "tools/call",
            doit_in("UserGlobals at: #Kept", Some(&handle)),
            &[],
        )
        .await;
        assert_eq!(
            r.json()["result"]["content"][0]["text"],
            "7",
            "{}",
            r.text()
        );
        let r = modern(
            s.addr,
            "tools/call",
            doit_in("UserGlobals at: #Kept ifAbsent: ['none']", None),
            &[],
        )
        .await;
        assert_eq!(
            r.json()["result"]["content"][0]["text"],
            "'none'",
            "{}",
            r.text()
        );

        // Not a legacy session: the header finds nothing.
        let legacy = post(
            s.addr,
            Some(&handle),
            &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
        )
        .await;
        assert_eq!(legacy.status, 404, "{}", legacy.text());

        let r = modern(
            s.addr,
            "tools/call",
            json!({"name": "close_session", "arguments": {"session": handle}}),
            &[],
        )
        .await;
        assert_eq!(r.json()["result"]["isError"], false, "{}", r.text());
        assert_eq!(s.router.session_count(), 0);
        let r = modern(s.addr, "tools/call", doit_in("1", Some(&handle)), &[]).await;
        assert_eq!(r.json()["error"]["code"], -32602, "{}", r.text());
        assert!(
            r.json()["error"]["message"]
                .as_str()
                .unwrap()
                .contains("open another with open_session"),
            "{}",
            r.text()
        );
        let r = modern(s.addr, "tools/call", doit_in("1", Some("7")), &[]).await;
        assert_eq!(r.json()["error"]["code"], -32602);
        let r = modern(
            s.addr,
            "tools/call",
            json!({"name": "doit", "arguments": {"code": "1", "session": 7}}),
            &[],
        )
        .await;
        assert_eq!(r.json()["error"]["code"], -32602, "{}", r.text());
    });
}

#[test]
fn a_throwaway_sessions_commit_is_seen_by_a_later_stateless_read() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let r = modern(
            s.addr,
            "tools/call",
            json!({"name": "doit", "arguments": {
                "code": "UserGlobals at: #Marker put: 42. System commitTransaction"}}),
            &[],
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let result = &r.json()["result"];
        assert_eq!(result["resultType"], "complete", "{}", r.text());
        assert_ne!(result["isError"], true, "{}", r.text());
        assert!(result.get("ttlMs").is_none(), "a call is not cacheable");
        // The call's session is gone with the call.
        assert_eq!(s.router.session_count(), 0);

        let r = modern(
            s.addr,
            "tools/call",
            json!({"name": "doit", "arguments": {"code": "UserGlobals at: #Marker"}}),
            &[],
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(
            r.json()["result"]["content"][0]["text"],
            "42",
            "{}",
            r.text()
        );
        assert_eq!(s.opened.load(std::sync::atomic::Ordering::SeqCst), 2);
    });
}

#[test]
fn legacy_and_stateless_clients_share_one_server() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let sid = initialize(s.addr).await;
        let r = modern(
            s.addr,
            "tools/call",
            json!({"name": "list_classes", "arguments": {"dictionary": "Globals"}}),
            &[],
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let legacy = call(
            s.addr,
            &sid,
            3,
            "list_classes",
            json!({"dictionary": "Globals"}),
        )
        .await;
        assert_eq!(legacy.status, 200, "{}", legacy.text());
        assert!(legacy.json()["result"].get("resultType").is_none());
        assert_eq!(
            legacy.json()["result"]["content"],
            r.json()["result"]["content"]
        );
        // Only the legacy session remains; it still serves its client.
        assert_eq!(s.router.session_ids(), vec![sid.clone()]);
        let again = call(
            s.addr,
            &sid,
            4,
            "list_classes",
            json!({"dictionary": "Globals"}),
        )
        .await;
        assert_eq!(again.status, 200);
        // A session header keeps a request in the legacy era, whatever
        // its version header says.
        let r = request(
            s.addr,
            "POST",
            &[
                JSON,
                ("MCP-Session-Id", &sid),
                ("MCP-Protocol-Version", "2025-11-25"),
            ],
            br#"{"jsonrpc":"2.0","id":5,"method":"ping"}"#,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        // A stateless request naming a session is neither era's: refused,
        // live session or not, and no session is minted or echoed.
        for named in [sid.as_str(), "00000000000000000000000000000000"] {
            let r = modern(
                s.addr,
                "tools/list",
                json!({}),
                &[("MCP-Session-Id", named)],
            )
            .await;
            assert_eq!(r.status, 400, "{}", r.text());
            assert!(r.text().contains("names no session"), "{}", r.text());
            assert!(r.header("mcp-session-id").is_none());
        }
        assert_eq!(s.router.session_ids(), vec![sid.clone()]);
    });
}

#[test]
fn unsupported_versions_and_bad_meta_are_refused_in_the_revisions_form() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let mut m = meta();
        m["io.modelcontextprotocol/protocolVersion"] = json!("1900-01-01");
        let r = modern(
            s.addr,
            "server/discover",
            json!({"_meta": m}),
            &[("MCP-Protocol-Version", "1900-01-01")],
        )
        .await;
        assert_eq!(r.status, 400, "{}", r.text());
        assert_eq!(error_code(&r), -32022);
        let data = &r.json()["error"]["data"];
        assert_eq!(data["requested"], "1900-01-01");
        assert!(data["supported"].as_array().unwrap().contains(&json!(V)));
        assert_eq!(r.json()["id"], 7);

        // The header and the body disagree.
        let r = modern(s.addr, "server/discover", json!({"_meta": m}), &[]).await;
        assert_eq!(r.status, 400);
        assert_eq!(error_code(&r), -32020);

        // _meta missing, or missing a required member.
        for m in [
            json!(null),
            json!({"io.modelcontextprotocol/clientCapabilities": {}}),
            json!({"io.modelcontextprotocol/protocolVersion": V}),
        ] {
            let params = if m.is_null() {
                json!({"_meta": "nothing"})
            } else {
                json!({"_meta": m})
            };
            let r = modern(s.addr, "server/discover", params, &[]).await;
            assert_eq!(r.status, 400, "{}", r.text());
            assert_eq!(error_code(&r), -32602, "{}", r.text());
            if m.is_null() {
                assert!(
                    r.text().contains("params._meta is not an object"),
                    "{}",
                    r.text()
                );
            }
        }
    });
}

#[test]
fn routing_headers_must_match_the_body() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let r = modern(
            s.addr,
            "tools/list",
            json!({}),
            &[("Mcp-Method", "prompts/list")],
        )
        .await;
        assert_eq!((r.status, error_code(&r)), (400, -32020), "{}", r.text());
        let r = modern(
            s.addr,
            "tools/list",
            json!({}),
            &[("Mcp-Method", "TOOLS/LIST")],
        )
        .await;
        assert_eq!((r.status, error_code(&r)), (400, -32020));
        let r = modern(s.addr, "tools/list", json!({}), &[("Mcp-Method", "")]).await;
        assert_eq!((r.status, error_code(&r)), (400, -32020));
        // Header names are case-insensitive; values are trimmed.
        let r = modern(
            s.addr,
            "tools/list",
            json!({}),
            &[("mcp-method", "tools/list")],
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());

        let call = json!({"name": "list_classes", "arguments": {"dictionary": "Globals"}});
        let r = modern(s.addr, "tools/call", call.clone(), &[("Mcp-Name", "wait")]).await;
        assert_eq!((r.status, error_code(&r)), (400, -32020));
        let r = modern(s.addr, "tools/call", call.clone(), &[("Mcp-Name", "")]).await;
        assert_eq!((r.status, error_code(&r)), (400, -32020));
        let r = modern(
            s.addr,
            "tools/call",
            call.clone(),
            &[("Mcp-Name", "  list_classes  ")],
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        // The Base64 sentinel form is decoded before comparing.
        let r = modern(
            s.addr,
            "tools/call",
            call,
            &[("Mcp-Name", "=?base64?bGlzdF9jbGFzc2Vz?=")],
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        // No request left a session behind.
        assert_eq!(s.router.session_count(), 0);
    });
}

#[test]
fn unknown_and_removed_methods_are_404() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        for method in [
            "unknown/method",
            "tasks/result",
            "initialize",
            "ping",
            "logging/setLevel",
        ] {
            let r = modern(s.addr, method, json!({}), &[]).await;
            assert_eq!(r.status, 404, "{method}: {}", r.text());
            assert_eq!(error_code(&r), -32601, "{method}");
            assert_eq!(r.json()["id"], 7);
        }
        assert_eq!(s.router.session_count(), 0);
        // Refused before any image session is opened (on a stone, each
        // would be a login).
        assert_eq!(s.opened.load(std::sync::atomic::Ordering::SeqCst), 0);
    });
}

#[test]
fn an_unknown_tool_is_invalid_params_and_read_only_servers_refuse_mutation() {
    rt().block_on(async {
        let s = start(Options {
            read_only: true,
            ..Options::default()
        })
        .await;
        let r = modern(
            s.addr,
            "tools/call",
            json!({"name": "nope", "arguments": {}}),
            &[],
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(error_code(&r), -32602);
        let r = modern(s.addr, "tools/list", json!({}), &[]).await;
        let names = r.json()["result"]["tools"].to_string();
        assert!(!names.contains("define_class"), "{names}");
        let r = modern(
            s.addr,
            "tools/call",
            json!({"name": "define_class", "arguments": {"name": "Evil"}}),
            &[],
        )
        .await;
        assert_eq!(
            r.json()["error"]["data"]["kind"],
            "readOnly",
            "{}",
            r.text()
        );
        assert_eq!(s.router.session_count(), 0);
        // Both refused before any image session is opened.
        assert_eq!(s.opened.load(std::sync::atomic::Ordering::SeqCst), 0);
    });
}

#[test]
fn a_stateless_call_streams_log_lines_at_its_requested_level_and_progress() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        // No logLevel, no progressToken: nothing to stream, a JSON answer.
        let r = modern(s.addr, "tools/call", json!({"name": "chatty"}), &[]).await;
        assert_eq!(r.header("content-type"), Some("application/json"));
        assert_eq!(r.json()["result"]["resultType"], "complete");

        // Warnings and worse, and progress: an SSE stream whose last event
        // is the answer in the revision's form.
        let mut m = meta();
        m["io.modelcontextprotocol/logLevel"] = json!("warning");
        m["progressToken"] = json!("p1");
        let r = modern(
            s.addr,
            "tools/call",
            json!({"name": "chatty", "_meta": m}),
            &[],
        )
        .await;
        assert_eq!(r.status, 200);
        assert_eq!(r.header("content-type"), Some("text/event-stream"));
        let messages = events(&r.text());
        let methods: Vec<&str> = messages
            .iter()
            .filter_map(|m| m["method"].as_str())
            .collect();
        assert_eq!(
            methods,
            [
                "notifications/progress",
                "notifications/message",
                "notifications/progress"
            ],
            "{messages:?}"
        );
        assert_eq!(messages[1]["params"]["data"], "careful");
        let last = messages.last().unwrap();
        assert_eq!(last["id"], 7);
        assert_eq!(last["result"]["resultType"], "complete");
        assert!(
            last["result"]["_meta"]["io.modelcontextprotocol/serverInfo"]["name"].is_string(),
            "{last}"
        );
        assert_eq!(s.router.session_count(), 0);
    });
}

/// At 2026-07-28 closing a request's stream is its cancellation: a call in
/// a kept session whose client closed the connection is stopped, so the
/// session's next call runs at once, well before the first call's request
/// deadline.
#[test]
fn closing_a_stateless_requests_stream_cancels_its_call() {
    rt().block_on(async {
        let s = start(Options {
            sessions: gs_router::SessionLifetime {
                request_timeout: Some(Duration::from_secs(20)),
                ..gs_router::SessionLifetime::default()
            },
            ..Options::default()
        })
        .await;
        let r = modern(
            s.addr,
            "tools/call",
            json!({"name": "open_session", "arguments": {}}),
            &[],
        )
        .await;
        let handle = r.json()["result"]["structuredContent"]["session"]
            .as_str()
            .unwrap_or_else(|| panic!("{}", r.text()))
            .to_string();
        let doit =
            |code: &str| json!({"name": "doit", "arguments": {"code": code, "session": handle}});
        let addr = s.addr;
        let runaway = doit("[true] whileTrue: [3 + 4]");
        let looping = tokio::spawn(async move { modern(addr, "tools/call", runaway, &[]).await });
        tokio::time::sleep(Duration::from_millis(200)).await;
        looping.abort();
        let t = std::time::Instant::now();
        let r = modern(s.addr, "tools/call", doit("6 * 7"), &[]).await;
        assert_eq!(
            r.json()["result"]["content"][0]["text"],
            "42",
            "{}",
            r.text()
        );
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    });
}

/// Closing a stateless call's event stream, after its first progress note,
/// cancels the call (the transport's rule at this revision), rather than
/// letting it run on to its end with no one to answer.
#[test]
fn closing_a_calls_event_stream_cancels_it() {
    rt().block_on(async {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let s = start(Options::default()).await;
        let cancelled = WAITS_CANCELLED.load(std::sync::atomic::Ordering::SeqCst);
        let mut params = json!({"name": "wait", "arguments": {"ms": 20000, "announce": true},
                                "_meta": meta()});
        params["_meta"]["progressToken"] = json!("p");
        let body = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": params})
            .to_string();
        let head = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: {V}\r\n\
             Mcp-Method: tools/call\r\nMcp-Name: wait\r\nContent-Length: {}\r\n\r\n{body}",
            s.addr,
            body.len()
        );
        let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
        stream.write_all(head.as_bytes()).await.unwrap();
        let mut seen = Vec::new();
        while !String::from_utf8_lossy(&seen).contains("notifications/progress") {
            let mut chunk = [0u8; 4096];
            let n = stream.read(&mut chunk).await.unwrap();
            assert!(n > 0, "{}", String::from_utf8_lossy(&seen));
            seen.extend_from_slice(&chunk[..n]);
        }
        drop(stream);
        let t = std::time::Instant::now();
        while WAITS_CANCELLED.load(std::sync::atomic::Ordering::SeqCst) == cancelled {
            assert!(t.elapsed() < Duration::from_secs(5), "the call ran on");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    });
}
