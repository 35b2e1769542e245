//! The stdio transport over a pipe, in both eras: in a session, what the
//! server sends first reaches the client as lines on the same output, and
//! the client's answer, written as a line, settles the server's request;
//! at revision 2026-07-28, each request is served on its own, its
//! notifications as lines before its answer, and `notifications/cancelled`
//! stops it with no further line.

mod common;

use std::time::Duration;

use common::*;
use gs_router::ClientAnswer;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

#[test]
fn server_requests_travel_over_stdio_and_the_answer_line_settles_them() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let s = start(Options::default()).await;
        let (mut client_in, server_in) = tokio::io::duplex(1 << 16);
        let (server_out, client_out) = tokio::io::duplex(1 << 16);
        let served = tokio::spawn(gs_router::serve_stdio(
            s.router.clone(),
            BufReader::new(server_in),
            server_out,
        ));
        let mut lines = BufReader::new(client_out).lines();
        let mut read = async || -> Value {
            let line = tokio::time::timeout(Duration::from_secs(5), lines.next_line())
                .await
                .expect("a line within 5 s")
                .unwrap()
                .expect("the server's output is open");
            serde_json::from_str(&line).unwrap()
        };
        client_in
            .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}\n")
            .await
            .unwrap();
        assert_eq!(read().await["id"], 1);
        let ids = s.router.session_ids();
        assert_eq!(ids.len(), 1);
        let session = s.router.session(&ids[0]).unwrap();

        let asked = s.router.send_request(&session, "roots/list", None).unwrap();
        let seen = read().await;
        assert_eq!(seen["method"], "roots/list");
        assert_eq!(seen["id"], asked.id());
        let answer = json!({"jsonrpc": "2.0", "id": asked.id(), "result": {"roots": []}});
        client_in
            .write_all(format!("{answer}\n").as_bytes())
            .await
            .unwrap();
        assert_eq!(
            asked.answer().await,
            ClientAnswer::Result(json!({"roots": []}))
        );

        // End of input ends the session and the transport.
        drop(client_in);
        served.await.unwrap().unwrap();
        assert_eq!(s.router.session_count(), 0);
    });
}

#[test]
fn a_stateless_client_discovers_lists_and_calls_over_stdio_without_a_session() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let mut pipe = Pipe::open(s.router.clone());

        let found = pipe.ask(1, "server/discover", json!({})).await;
        let result = &found["result"];
        assert_eq!(result["supportedVersions"][0], "2026-07-28", "{found}");
        assert_eq!(result["resultType"], "complete");
        assert_eq!(
            result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
            "gs-mcp"
        );
        assert!(result["ttlMs"].is_u64(), "{found}");

        let listed = pipe.ask(2, "tools/list", json!({})).await;
        let names: Vec<&str> = listed["result"]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted);
        assert!(names.contains(&"open_session"), "{names:?}");

        let called = pipe
            .ask(
                3,
                "tools/call",
                json!({"name": "list_classes", "arguments": {"dictionary": "Globals"}}),
            )
            .await;
        assert_eq!(called["id"], 3);
        assert_eq!(called["result"]["isError"], false, "{called}");
        assert_eq!(called["result"]["resultType"], "complete");
        assert_eq!(
            s.router.session_count(),
            0,
            "no session outlives its request"
        );

        // A call with a log level and a progress token: its notifications
        // come as lines before its answer.
        let mut meta = stateless_meta();
        meta["io.modelcontextprotocol/logLevel"] = json!("warning");
        meta["progressToken"] = json!("p1");
        pipe.send(stateless_line(
            4,
            "tools/call",
            json!({"name": "chatty", "_meta": meta}),
        ))
        .await;
        let mut methods = Vec::new();
        let answer = loop {
            let line = pipe.read().await;
            match line["method"].as_str() {
                Some(m) => methods.push(m.to_string()),
                None => break line,
            }
        };
        assert_eq!(
            methods,
            [
                "notifications/progress",
                "notifications/message",
                "notifications/progress"
            ]
        );
        assert_eq!(answer["id"], 4);
        assert_eq!(answer["result"]["resultType"], "complete", "{answer}");
        pipe.close().await;
        assert_eq!(s.router.session_count(), 0);
    });
}

#[test]
fn stateless_requests_over_stdio_are_refused_in_the_revisions_form() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let mut pipe = Pipe::open(s.router.clone());
        let mut meta = stateless_meta();
        meta["io.modelcontextprotocol/protocolVersion"] = json!("2099-01-01");
        let r = pipe.ask(1, "tools/list", json!({"_meta": meta})).await;
        assert_eq!(r["error"]["code"], -32022, "{r}");
        assert_eq!(r["error"]["data"]["supported"][0], "2026-07-28");

        let r = pipe
            .ask(
                2,
                "server/discover",
                json!({"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}),
            )
            .await;
        assert_eq!(r["error"]["code"], -32602, "{r}");
        assert!(
            r["error"]["message"]
                .as_str()
                .unwrap()
                .contains("clientCapabilities"),
            "{r}"
        );

        let r = pipe.ask(3, "ping", json!({})).await;
        assert_eq!(r["error"]["code"], -32601, "{r}");
        let r = pipe
            .ask(4, "resources/read", json!({"uri": "nothing://here"}))
            .await;
        assert_eq!(r["id"], 4);
        assert!(r["error"].is_object(), "{r}");
        // Nothing above opened a session, so a session-era client could
        // still begin here.
        assert_eq!(s.router.session_count(), 0);
        pipe.close().await;
    });
}

#[test]
fn a_cancelled_stateless_call_over_stdio_stops_and_writes_nothing_more_and_its_id_stays_its_own() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let mut pipe = Pipe::open(s.router.clone());
        pipe.send(stateless_line(
            1,
            "tools/call",
            json!({"name": "wait", "arguments": {"ms": 30_000}}),
        ))
        .await;
        // The call runs in a session of its own.
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while s.router.session_count() == 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "the call never started"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        // A second request under the id in flight is refused, and takes
        // nothing from the first: the cancellation below still stops it.
        let again = pipe
            .ask(
                1,
                "tools/call",
                json!({"name": "wait", "arguments": {"ms": 1}}),
            )
            .await;
        assert_eq!(again["id"], 1, "{again}");
        assert_eq!(again["error"]["code"], -32600, "{again}");
        assert_eq!(again["error"]["data"]["kind"], "invalidRequest", "{again}");
        pipe.send(
            json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                         "params": {"requestId": 1, "reason": "changed my mind"}}),
        )
        .await;
        // The next line answers the next request: the cancelled one got
        // none, and its session is gone.
        let r = pipe.ask(2, "server/discover", json!({})).await;
        assert_eq!(r["id"], 2, "{r}");
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while s.router.session_count() > 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "the cancelled call's session stayed open"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let started = std::time::Instant::now();
        pipe.close().await;
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the server waited for the cancelled call"
        );
    });
}

#[test]
fn a_session_era_client_still_begins_with_initialize_over_stdio() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let mut pipe = Pipe::open(s.router.clone());
        pipe.send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                         "params": {"protocolVersion": "2025-11-25", "capabilities": {}}}))
            .await;
        let init = pipe.read().await;
        assert_eq!(init["result"]["protocolVersion"], "2025-11-25", "{init}");
        assert_eq!(s.router.session_count(), 1);
        pipe.send(json!({"jsonrpc": "2.0", "id": 2, "method": "ping"}))
            .await;
        assert_eq!(pipe.read().await["result"], json!({}));
        // In a session, results keep the session era's form.
        pipe.send(json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                         "params": {"name": "list_classes", "arguments": {}}}))
            .await;
        let r = pipe.read().await;
        assert!(r["result"].get("resultType").is_none(), "{r}");
        // Initialisation is the session's first exchange only: a second
        // one would change the version and capabilities under it.
        pipe.send(json!({"jsonrpc": "2.0", "id": 4, "method": "initialize",
                         "params": {"protocolVersion": "2025-06-18", "capabilities": {}}}))
            .await;
        let again = pipe.read().await;
        assert_eq!(again["error"]["code"], -32600, "{again}");
        assert!(
            again["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("already initialized")),
            "{again}"
        );
        pipe.send(json!({"jsonrpc": "2.0", "id": 5, "method": "ping"}))
            .await;
        assert_eq!(pipe.read().await["result"], json!({}));
        pipe.close().await;
        assert_eq!(s.router.session_count(), 0);
    });
}

#[test]
fn bad_lines_over_stdio_are_answered_and_the_server_reads_on() {
    rt().block_on(async {
        let s = start(Options {
            http: gs_router::HttpSettings {
                body_limit: 1024,
                ..gs_router::HttpSettings::default()
            },
            ..Options::default()
        })
        .await;
        let mut pipe = Pipe::open(s.router.clone());
        // Not UTF-8: a parse error, not the end of the transport.
        pipe.input
            .write_all(b"{\"jsonrpc\": \"\xff\xfe\"}\n")
            .await
            .unwrap();
        let r = pipe.read().await;
        assert_eq!(r["error"]["code"], -32700, "{r}");
        assert_eq!(r.get("id"), None, "{r}");
        // Longer than the limit: refused, naming the limit, and skipped.
        let big = stateless_line(1, "tools/list", json!({"padding": "x".repeat(2000)}));
        pipe.send(big).await;
        let r = pipe.read().await;
        assert_eq!(r["error"]["code"], -32600, "{r}");
        assert!(
            r["error"]["message"]
                .as_str()
                .unwrap()
                .contains("1024 bytes"),
            "{r}"
        );
        let r = pipe.ask(2, "server/discover", json!({})).await;
        assert_eq!(r["id"], 2, "{r}");
        pipe.close().await;
    });
}

#[test]
fn a_call_whose_notes_outrun_a_client_that_reads_nothing_keeps_a_bounded_backlog() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let mut pipe = Pipe::open(s.router.clone());
        pipe.send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}))
            .await;
        assert_eq!(pipe.read().await["id"], 1);
        let n = 20_000;
        let before = FLOODS.load(std::sync::atomic::Ordering::SeqCst);
        pipe.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                         "params": {"name": "flood", "arguments": {"n": n},
                                    "_meta": {"progressToken": "tok"}}}))
            .await;
        floods_reach(before + 1).await;
        let mut seen = Vec::new();
        loop {
            let line = pipe.read().await;
            let answered = line["id"] == 2;
            seen.push(line);
            if answered {
                break;
            }
        }
        let (notes, last, answer) = flood_seen(&seen, 2);
        assert!(
            notes < n as usize / 4,
            "{notes} of {n} notes were held for the client"
        );
        assert_eq!(last, n as f64, "the newest progress is kept");
        assert_eq!(answer, format!("flooded {n}"));
        pipe.close().await;
    });
}

#[test]
fn a_client_that_sends_without_reading_has_at_most_its_cap_of_requests_in_flight() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let (mut input, server_in) = tokio::io::duplex(1 << 16);
        // Room for a few answers only: the rest wait for the client.
        let (server_out, client_out) = tokio::io::duplex(1 << 10);
        let served = tokio::spawn(gs_router::serve_stdio(
            s.router.clone(),
            BufReader::new(server_in),
            server_out,
        ));
        let mut lines = BufReader::new(client_out).lines();
        input
            .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{}}\n")
            .await
            .unwrap();
        let sent = gs_router::MAX_STDIO_IN_FLIGHT + 100;
        let writing = tokio::spawn(async move {
            for id in 1..=sent {
                let ping = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"ping\"}}\n");
                input.write_all(ping.as_bytes()).await.unwrap();
            }
            input
        });
        // The client reads nothing until the server has stopped taking
        // its input: past the cap, refusals wait for the writer too.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let mut answered = std::collections::BTreeMap::new();
        while answered.len() < sent + 1 {
            let line = tokio::time::timeout(Duration::from_secs(10), lines.next_line())
                .await
                .expect("a line within 10 s")
                .unwrap()
                .expect("the server's output is open");
            let v: Value = serde_json::from_str(&line).unwrap();
            let id = v["id"].as_u64().unwrap();
            assert!(answered.insert(id, v).is_none(), "{id} answered twice");
        }
        let refused: Vec<&Value> = answered
            .values()
            .filter(|v| v["error"]["data"]["kind"] == "unavailable")
            .collect();
        assert!(!refused.is_empty(), "some pings were refused past the cap");
        let message = refused[0]["error"]["message"].as_str().unwrap();
        assert!(message.contains("256 requests in flight"), "{message}");
        let ponged = answered
            .values()
            .filter(|v| v["result"] == json!({}))
            .count();
        assert_eq!(ponged + refused.len(), sent, "every ping answered once");
        drop(writing.await.unwrap());
        served.await.unwrap().unwrap();
    });
}

/// Waits until `router` has no session left, failing after `secs`.
async fn sessions_gone(router: &gs_router::Router, secs: u64) {
    let deadline = std::time::Instant::now() + Duration::from_secs(secs);
    while router.session_count() > 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "a session outlived its departed client"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Waits until at least `n` `wait` calls have seen their cancellation
/// (a stopped call sees it a moment after its session has gone).
async fn waits_cancelled(n: usize) {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while WAITS_CANCELLED.load(std::sync::atomic::Ordering::SeqCst) < n {
        assert!(
            std::time::Instant::now() < deadline,
            "a call in flight was left to run"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[test]
fn a_client_that_closes_the_servers_output_ends_the_connection_and_its_calls_with_input_open() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let (mut input, server_in) = tokio::io::duplex(1 << 16);
        let (server_out, client_out) = tokio::io::duplex(1 << 16);
        let served = tokio::spawn(gs_router::serve_stdio(
            s.router.clone(),
            BufReader::new(server_in),
            server_out,
        ));
        let mut lines = BufReader::new(client_out).lines();
        input
            .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}\n")
            .await
            .unwrap();
        lines.next_line().await.unwrap().unwrap();
        let before = WAITS_CANCELLED.load(std::sync::atomic::Ordering::SeqCst);
        let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                          "params": {"name": "wait", "arguments": {"ms": 60_000, "announce": true},
                                     "_meta": {"progressToken": "w"}}});
        input
            .write_all(format!("{call}\n").as_bytes())
            .await
            .unwrap();
        let started: Value =
            serde_json::from_str(&lines.next_line().await.unwrap().unwrap()).unwrap();
        assert_eq!(started["method"], "notifications/progress", "{started}");
        // The client stops reading for good; the next answer cannot be
        // written. Its input stays open.
        drop(lines);
        input
            .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n")
            .await
            .unwrap();
        let ended = tokio::time::timeout(Duration::from_secs(10), served)
            .await
            .expect("the server ends once its output is gone, its input still open");
        ended
            .unwrap()
            .expect("a client hanging up is no failure of the transport");
        sessions_gone(&s.router, 10).await;
        waits_cancelled(before + 1).await;
        drop(input);
    });
}

#[test]
fn a_hangup_after_the_end_of_input_stops_the_calls_still_running_in_both_eras() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let (mut input, server_in) = tokio::io::duplex(1 << 16);
        let (server_out, client_out) = tokio::io::duplex(1 << 16);
        let (hang_up, hangup) = tokio::sync::oneshot::channel::<()>();
        let served = tokio::spawn(gs_router::serve_stdio_until(
            s.router.clone(),
            BufReader::new(server_in),
            server_out,
            async move {
                let _ = hangup.await;
            },
        ));
        let mut lines = BufReader::new(client_out).lines();
        let before = WAITS_CANCELLED.load(std::sync::atomic::Ordering::SeqCst);
        // A stateless call, then a session and a call in it; each says
        // when it has started.
        let mut meta = stateless_meta();
        meta["progressToken"] = json!("stateless");
        let stateless = stateless_line(
            1,
            "tools/call",
            json!({"name": "wait", "arguments": {"ms": 60_000, "announce": true}, "_meta": meta}),
        );
        input
            .write_all(format!("{stateless}\n").as_bytes())
            .await
            .unwrap();
        input
            .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\",\"params\":{}}\n")
            .await
            .unwrap();
        let mut progress = 0;
        let mut read = async || -> Value {
            serde_json::from_str(&lines.next_line().await.unwrap().unwrap()).unwrap()
        };
        loop {
            let line = read().await;
            if line["id"] == 2 {
                break;
            }
            assert_eq!(line["method"], "notifications/progress", "{line}");
            progress += 1;
        }
        let call = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                          "params": {"name": "wait", "arguments": {"ms": 60_000, "announce": true},
                                     "_meta": {"progressToken": "session"}}});
        input
            .write_all(format!("{call}\n").as_bytes())
            .await
            .unwrap();
        while progress < 2 {
            let line = read().await;
            assert_eq!(line["method"], "notifications/progress", "{line}");
            progress += 1;
        }
        assert_eq!(s.router.session_count(), 2);
        // The end of input alone waits for the calls to be answered.
        drop(input);
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(!served.is_finished(), "calls in flight are still awaited");
        hang_up.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(10), served)
            .await
            .expect("the server ends once its client has hung up")
            .unwrap()
            .unwrap();
        sessions_gone(&s.router, 10).await;
        waits_cancelled(before + 2).await;
    });
}

/// Input that gives `first`, then fails.
struct FailingInput {
    first: Option<Vec<u8>>,
}

impl tokio::io::AsyncRead for FailingInput {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::task::Poll::Ready(match self.first.take() {
            Some(bytes) => {
                buf.put_slice(&bytes);
                Ok(())
            }
            None => Err(std::io::Error::other("the input broke")),
        })
    }
}

#[test]
fn input_that_cannot_be_read_ends_the_connection_with_its_error_and_closes_the_session() {
    rt().block_on(async {
        let s = start(Options::default()).await;
        let (server_out, client_out) = tokio::io::duplex(1 << 16);
        let input = FailingInput {
            first: Some(
                b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}\n"
                    .to_vec(),
            ),
        };
        let served = tokio::time::timeout(
            Duration::from_secs(10),
            gs_router::serve_stdio(s.router.clone(), BufReader::new(input), server_out),
        )
        .await
        .expect("the server ends when its input fails");
        let e = served.expect_err("the read's failure is the transport's");
        assert_eq!(e.to_string(), "the input broke");
        assert_eq!(s.router.session_count(), 0, "the session was closed");
        drop(client_out);
    });
}
