//! The tasks extension (revision 2026-07-28, SEP-2663) over real HTTP on
//! loopback: a tool that starts a task answers its request with the task,
//! the client polls it, answers its questions and cancels it, and what
//! needs the extension is refused to a client that did not declare it.
//!
//! The tools are a native toolset here; the same contract through a
//! WebAssembly component is the conformance suite's (`scripts/clients.sh`,
//! `plugins/conformance`) and toolset-host's tests.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::*;
use gs_toolset::{
    Arguments, CallContext, CallFuture, ClientRequest, TaskSupport, ToolDescriptor, ToolError,
    ToolOutput, Toolset, ToolsetInfo, ToolsetSession,
};
use serde_json::{Value, json};

const EXTENSION: &str = "io.modelcontextprotocol/tasks";

/// `work` (optional tasks): starts a task, then works `ms` milliseconds,
/// stopping when cancelled. `confirm` (optional): starts a task, then asks
/// the user to confirm. `greet_later` (required): asks the user's name,
/// then starts a task that greets them.
struct Jobs(ToolsetInfo);

struct JobsSession;

impl Toolset for Jobs {
    fn info(&self) -> &ToolsetInfo {
        &self.0
    }
    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(JobsSession)
    }
}

impl ToolsetSession for JobsSession {
    fn call<'a>(
        &'a mut self,
        tool: &'a str,
        arguments: &'a Arguments,
        ctx: &'a CallContext,
    ) -> CallFuture<'a> {
        Box::pin(async move {
            let args: Value = serde_json::from_str(arguments.text()).unwrap_or(json!({}));
            match tool {
                "work" => {
                    let as_task = ctx.notifier.start_task(Some("working"));
                    let ms = args["ms"].as_u64().unwrap_or(0);
                    let end = tokio::time::Instant::now() + Duration::from_millis(ms);
                    while tokio::time::Instant::now() < end {
                        if ctx.cancel.is_cancelled() {
                            return Err(ToolError::other("cancelled"));
                        }
                        tokio::time::sleep(Duration::from_millis(5)).await;
                    }
                    Ok(ToolOutput::text(format!(
                        "worked {ms} ms (task: {as_task})"
                    )))
                }
                "confirm" => {
                    ctx.notifier.start_task(None);
                    let form = json!({"message": "Go on?", "requestedSchema": {
                        "type": "object", "properties": {"ok": {"type": "boolean"}}}});
                    let answer = ctx
                        .notifier
                        .ask("ok", ClientRequest::Elicitation, form)
                        .await?;
                    Ok(ToolOutput::text(format!(
                        "confirmed: {}",
                        answer["content"]["ok"]
                    )))
                }
                _ => {
                    let form = json!({"message": "Your name?", "requestedSchema": {
                        "type": "object", "properties": {"name": {"type": "string"}}}});
                    let answer = ctx
                        .notifier
                        .ask("name", ClientRequest::Elicitation, form)
                        .await?;
                    ctx.notifier.start_task(Some("greeting"));
                    Ok(ToolOutput::text(format!(
                        "Hello, {}!",
                        answer["content"]["name"].as_str().unwrap_or("?")
                    )))
                }
            }
        })
    }
}

fn tool(name: &str, support: TaskSupport) -> ToolDescriptor {
    ToolDescriptor {
        name: name.into(),
        title: None,
        description: format!("{name} (tasks test)"),
        input_schema: json!({"type": "object", "properties": {"ms": {"type": "integer"}}}),
        output_schema: None,
        read_only_safe: true,
        grants: Vec::new(),
        task_support: support,
    }
}

fn jobs() -> Arc<dyn Toolset> {
    Arc::new(Jobs(ToolsetInfo {
        name: "jobs".into(),
        version: "1".into(),
        tools: vec![
            tool("work", TaskSupport::Optional),
            tool("confirm", TaskSupport::Optional),
            tool("greet_later", TaskSupport::Required),
        ],
    }))
}

async fn server() -> Server {
    start(Options {
        more_toolsets: vec![jobs()],
        ..Options::default()
    })
    .await
}

/// A server whose tasks live `ttl`.
async fn server_keeping_tasks(ttl: Duration) -> Server {
    start(Options {
        more_toolsets: vec![jobs()],
        tasks: gs_router::TaskLimits {
            ttl,
            ..gs_router::TaskLimits::default()
        },
        ..Options::default()
    })
    .await
}

/// `_meta` of a request that declares the extension (and elicitation).
fn with_tasks() -> Value {
    let mut m = meta();
    m["io.modelcontextprotocol/clientCapabilities"] =
        json!({"elicitation": {}, "extensions": {EXTENSION: {}}});
    m
}

async fn call(s: &Server, tool: &str, arguments: Value, meta: Value) -> Reply {
    let params = json!({"name": tool, "arguments": arguments, "_meta": meta});
    modern(s.addr, "tools/call", params, &[]).await
}

async fn task_request(s: &Server, method: &str, params: Value) -> Value {
    let mut params = params;
    params["_meta"] = with_tasks();
    let r = modern(s.addr, method, params, &[]).await;
    r.json()
}

async fn get(s: &Server, task: &str) -> Value {
    task_request(s, "tasks/get", json!({"taskId": task})).await["result"].clone()
}

/// Polls the task until `done` holds of it (at most 10 s).
async fn poll_until(s: &Server, task: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..1000 {
        let t = get(s, task).await;
        if done(&t) {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("task {task} never got there: {}", get(s, task).await);
}

/// Starts a `confirm` task and waits until it asks its question; its id.
async fn confirm_waiting(s: &Server) -> String {
    let created = call(s, "confirm", json!({}), with_tasks()).await.json()["result"].clone();
    let id = created["taskId"].as_str().unwrap().to_string();
    let waiting = poll_until(s, &id, |t| t["status"] != "working").await;
    assert_eq!(waiting["status"], "input_required", "{waiting}");
    id
}

/// Answers a `confirm` task's question with `ok`: the update's answer.
async fn confirm(s: &Server, id: &str, ok: bool) -> Value {
    let answer = json!({"ok": {"action": "accept", "content": {"ok": ok}}});
    task_request(
        s,
        "tasks/update",
        json!({"taskId": id, "inputResponses": answer}),
    )
    .await
}

fn is_terminal(t: &Value) -> bool {
    ["completed", "failed", "cancelled"].contains(&t["status"].as_str().unwrap_or(""))
}

/// The image sessions open, once every throwaway one has closed.
async fn sessions_settle_to_zero(s: &Server) {
    for _ in 0..500 {
        if s.router.session_count() == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("{} sessions still open", s.router.session_count());
}

#[test]
fn discover_advertises_the_extension() {
    rt().block_on(async {
        let s = server().await;
        let r = modern(s.addr, "server/discover", json!({}), &[]).await;
        let caps = &r.json()["result"]["capabilities"];
        assert_eq!(caps["extensions"][EXTENSION], json!({}), "{caps}");
        assert!(caps.get("tasks").is_none(), "no 2025-11-25 tasks slot");
    });
}

#[test]
fn a_call_that_starts_a_task_is_answered_with_it_and_its_result_is_polled() {
    rt().block_on(async {
        let s = server().await;
        let r = call(&s, "work", json!({"ms": 300}), with_tasks()).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let created = r.json()["result"].clone();
        assert_eq!(created["resultType"], "task", "{created}");
        assert_eq!(created["status"], "working");
        assert_eq!(created["statusMessage"], "working");
        for field in ["result", "error", "inputRequests", "task", "requestState"] {
            assert!(created.get(field).is_none(), "{field} in {created}");
        }
        let id = created["taskId"].as_str().unwrap().to_string();
        assert_eq!(id.len(), 32, "128 random bits: {id}");
        for stamp in ["createdAt", "lastUpdatedAt"] {
            let text = created[stamp].as_str().unwrap();
            assert!(text.len() == 24 && text.ends_with('Z'), "{stamp}: {text}");
        }
        assert!(created["ttlMs"].as_u64().unwrap() > 0);
        assert!(created["pollIntervalMs"].as_u64().unwrap() > 0);

        // Found at once, still working.
        let now = get(&s, &id).await;
        assert_eq!(now["taskId"], id.as_str());
        assert_eq!(now["status"], "working");
        assert_eq!(now["resultType"], "complete");

        let done = poll_until(&s, &id, is_terminal).await;
        assert_eq!(done["status"], "completed", "{done}");
        assert_eq!(
            done["result"]["content"][0]["text"],
            "worked 300 ms (task: true)"
        );
        assert!(done.get("error").is_none());
        assert!(
            done.get("statusMessage").is_none(),
            "the working message goes"
        );
        // The task's image session closed with its call; the task stays.
        sessions_settle_to_zero(&s).await;
        assert_eq!(get(&s, &id).await["status"], "completed");
    });
}

#[test]
fn without_the_extension_an_optional_tool_answers_at_once_and_a_required_one_is_refused() {
    rt().block_on(async {
        let s = server().await;
        let r = call(&s, "work", json!({"ms": 1}), meta()).await;
        let result = &r.json()["result"];
        assert_eq!(result["resultType"], "complete", "{result}");
        assert!(result.get("taskId").is_none());
        assert_eq!(result["content"][0]["text"], "worked 1 ms (task: false)");

        let opened = s.opened.load(std::sync::atomic::Ordering::SeqCst);
        let r = call(&s, "greet_later", json!({}), meta()).await;
        assert_eq!(r.status, 400, "{}", r.text());
        let error = &r.json()["error"];
        assert_eq!(error["code"], -32021, "{error}");
        assert_eq!(
            error["data"]["requiredCapabilities"]["extensions"][EXTENSION],
            json!({})
        );
        assert_eq!(
            s.opened.load(std::sync::atomic::Ordering::SeqCst),
            opened,
            "refused before any image session opened"
        );
    });
}

#[test]
fn the_task_methods_need_the_extension_a_known_task_and_matching_headers() {
    rt().block_on(async {
        let s = server().await;
        for method in ["tasks/get", "tasks/update", "tasks/cancel"] {
            let params = json!({"taskId": "x", "inputResponses": {}});
            let r = modern(s.addr, method, params, &[]).await;
            assert_eq!(r.status, 400, "{method}: {}", r.text());
            assert_eq!(r.json()["error"]["code"], -32021, "{method}");

            let unknown = task_request(&s, method, json!({"taskId": "nope", "inputResponses": {}}));
            let e = unknown.await["error"].clone();
            assert_eq!(e["code"], -32602, "{method}: {e}");
            assert!(e["message"].as_str().unwrap().contains("no task `nope`"));
        }
        for removed in ["tasks/result", "tasks/list"] {
            let r = modern(s.addr, removed, json!({"_meta": with_tasks()}), &[]).await;
            assert_eq!(r.json()["error"]["code"], -32601, "{removed}");
        }
        let id = call(&s, "work", json!({"ms": 50}), with_tasks())
            .await
            .json()["result"]["taskId"]
            .as_str()
            .unwrap()
            .to_string();
        let params = json!({"taskId": id, "_meta": with_tasks()});
        let r = modern(s.addr, "tasks/get", params, &[("Mcp-Name", "another")]).await;
        assert_eq!(r.status, 400);
        assert_eq!(r.json()["error"]["code"], -32020, "{}", r.text());
        poll_until(&s, &id, is_terminal).await;
    });
}

#[test]
fn a_tasks_question_waits_for_tasks_update_and_the_call_runs_again_with_the_answer() {
    rt().block_on(async {
        let s = server().await;
        let id = confirm_waiting(&s).await;
        let waiting = get(&s, &id).await;
        assert_eq!(
            waiting["inputRequests"]["ok"]["method"],
            "elicitation/create"
        );
        assert_eq!(
            waiting["inputRequests"]["ok"]["params"]["message"],
            "Go on?"
        );

        // An answer to a key not asked is ignored; a bad answer to one
        // asked is refused.
        let ack = task_request(
            &s,
            "tasks/update",
            json!({"taskId": id, "inputResponses": {"other": {"x": 1}}}),
        )
        .await;
        assert_eq!(ack["result"]["resultType"], "complete", "{ack}");
        assert!(ack["result"].get("status").is_none());
        assert_eq!(get(&s, &id).await["status"], "input_required");
        let bad = task_request(
            &s,
            "tasks/update",
            json!({"taskId": id, "inputResponses": {"ok": "yes"}}),
        )
        .await;
        assert_eq!(bad["error"]["code"], -32602, "{bad}");

        let ack = confirm(&s, &id, true).await;
        assert_eq!(ack["result"]["resultType"], "complete");
        let done = poll_until(&s, &id, is_terminal).await;
        assert_eq!(done["status"], "completed", "{done}");
        assert_eq!(done["result"]["content"][0]["text"], "confirmed: true");
        assert!(done.get("inputRequests").is_none());
    });
}

#[test]
fn a_cancelled_task_stops_its_call_and_stays_cancelled() {
    rt().block_on(async {
        let s = server().await;
        let id = call(&s, "work", json!({"ms": 60_000}), with_tasks())
            .await
            .json()["result"]["taskId"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(s.router.session_count(), 1, "the task's image session");
        let ack = task_request(&s, "tasks/cancel", json!({"taskId": id})).await["result"].clone();
        assert_eq!(ack["resultType"], "complete", "{ack}");
        for field in ["taskId", "status", "result", "error", "inputRequests"] {
            assert!(ack.get(field).is_none(), "{field} in {ack}");
        }
        let t = get(&s, &id).await;
        assert_eq!(t["status"], "cancelled", "{t}");
        sessions_settle_to_zero(&s).await;
        // Cancelling a finished task is acknowledged the same way.
        let again = task_request(&s, "tasks/cancel", json!({"taskId": id})).await;
        assert_eq!(again["result"]["resultType"], "complete");
        assert_eq!(get(&s, &id).await["status"], "cancelled");
    });
}

#[test]
fn questions_before_the_task_starts_are_the_requests_then_the_retry_becomes_a_task() {
    rt().block_on(async {
        let s = server().await;
        let first = call(&s, "greet_later", json!({}), with_tasks())
            .await
            .json()["result"]
            .clone();
        assert_eq!(first["resultType"], "input_required", "{first}");
        assert!(first.get("taskId").is_none());
        assert_eq!(
            first["inputRequests"]["name"]["method"],
            "elicitation/create"
        );
        let params = json!({
            "name": "greet_later",
            "arguments": {},
            "_meta": with_tasks(),
            "inputResponses": {"name": {"action": "accept", "content": {"name": "Ada"}}},
            "requestState": first["requestState"],
        });
        let second = modern(s.addr, "tools/call", params, &[]).await.json()["result"].clone();
        assert_eq!(second["resultType"], "task", "{second}");
        assert!(second.get("requestState").is_none());
        let id = second["taskId"].as_str().unwrap();
        let done = poll_until(&s, id, is_terminal).await;
        assert_eq!(
            done["result"]["content"][0]["text"], "Hello, Ada!",
            "{done}"
        );
    });
}

#[test]
fn in_a_legacy_session_a_task_capable_tool_runs_as_an_ordinary_call() {
    rt().block_on(async {
        let s = server().await;
        let sid = initialize(s.addr).await;
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                    "params": {"name": "work", "arguments": {"ms": 1}}}),
        )
        .await;
        let text = r.text();
        assert!(text.contains("worked 1 ms (task: false)"), "{text}");
        let r = post(
            s.addr,
            Some(&sid),
            &json!({"jsonrpc": "2.0", "id": 3, "method": "tasks/get",
                    "params": {"taskId": "x"}}),
        )
        .await;
        assert!(r.text().contains("-32601"), "{}", r.text());
    });
}

#[test]
fn a_task_waiting_for_its_clients_answer_keeps_its_image_session() {
    rt().block_on(async {
        let s = server().await;
        let id = confirm_waiting(&s).await;
        // Minutes later, past the streamless idle timeout (60 s): the
        // maintenance pass keeps the session the task will run in again.
        let later = std::time::Instant::now() + Duration::from_secs(5 * 60);
        let reaped = s.router.maintain(later, Duration::ZERO);
        assert!(reaped.is_empty(), "{reaped:?}");
        assert_eq!(s.router.session_count(), 1);
        confirm(&s, &id, false).await;
        let done = poll_until(&s, &id, is_terminal).await;
        assert_eq!(
            done["result"]["content"][0]["text"], "confirmed: false",
            "{done}"
        );
        sessions_settle_to_zero(&s).await;
    });
}

#[test]
fn in_a_kept_session_a_task_holds_the_session_and_a_required_tool_needs_the_extension() {
    rt().block_on(async {
        let s = server().await;
        let r = call(&s, "open_session", json!({}), meta()).await;
        let handle = r.json()["result"]["structuredContent"]["session"]
            .as_str()
            .unwrap_or_else(|| panic!("{}", r.text()))
            .to_string();
        let r = call(&s, "greet_later", json!({"session": handle}), meta()).await;
        assert_eq!(r.json()["error"]["code"], -32021, "{}", r.text());

        let created = call(
            &s,
            "work",
            json!({"ms": 200, "session": handle}),
            with_tasks(),
        )
        .await;
        let id = created.json()["result"]["taskId"]
            .as_str()
            .unwrap()
            .to_string();
        // The session's next request waits its turn behind the task.
        let next = call(&s, "work", json!({"ms": 1, "session": handle}), meta()).await;
        assert_eq!(get(&s, &id).await["status"], "completed");
        assert_eq!(
            next.json()["result"]["content"][0]["text"],
            "worked 1 ms (task: false)"
        );
        assert_eq!(s.router.session_count(), 1, "the kept session stays");
    });
}

/// Opens `subscriptions/listen` with `notifications` and `meta` on a raw
/// connection, for reading its event stream.
async fn listen(s: &Server, notifications: Value, meta: Value) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let body = json!({"jsonrpc": "2.0", "id": 40, "method": "subscriptions/listen",
                      "params": {"notifications": notifications, "_meta": meta}})
    .to_string();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: \
         application/json, text/event-stream\r\nMCP-Protocol-Version: {V}\r\nMcp-Method: \
         subscriptions/listen\r\nContent-Length: {}\r\n\r\n{body}",
        s.addr,
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    stream
}

/// Reads `stream` until its text so far contains `needle`.
async fn read_until(stream: &mut tokio::net::TcpStream, seen: &mut String, needle: &str) {
    use tokio::io::AsyncReadExt;
    let mut buf = [0u8; 4096];
    while !seen.contains(needle) {
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buf))
            .await
            .unwrap_or_else(|_| panic!("no {needle} in: {seen}"))
            .unwrap();
        assert!(n > 0, "the stream ended before {needle}: {seen}");
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
}

#[test]
fn a_listen_stream_naming_a_task_hears_its_status_change() {
    rt().block_on(async {
        let s = server().await;
        let id = confirm_waiting(&s).await;

        let mut stream = listen(&s, json!({"taskIds": [id, "not-a-task"]}), with_tasks()).await;
        let mut seen = String::new();
        read_until(&mut stream, &mut seen, "acknowledged").await;
        assert!(
            seen.contains(&format!(r#""notifications":{{"taskIds":["{id}"]}}"#)),
            "only the caller's known tasks are acknowledged: {seen}"
        );
        confirm(&s, &id, true).await;
        read_until(&mut stream, &mut seen, r#""status":"completed""#).await;
        let events: Vec<Value> = seen
            .lines()
            .filter_map(|l| l.strip_prefix("data: "))
            .filter_map(|d| serde_json::from_str(d).ok())
            .filter(|m: &Value| m["method"] == "notifications/tasks")
            .collect();
        let last = events.last().unwrap();
        assert_eq!(last["params"]["taskId"], id.as_str());
        assert_eq!(
            last["params"]["result"]["content"][0]["text"],
            "confirmed: true"
        );
        assert_eq!(
            last["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"],
            40
        );
        assert!(
            events.iter().any(|e| e["params"]["status"] == "working"),
            "the resumption too: {events:?}"
        );

        // Task notifications need the extension.
        let mut refused = listen(&s, json!({"taskIds": [id]}), meta()).await;
        let mut text = String::new();
        read_until(&mut refused, &mut text, "-32021").await;
        assert!(text.starts_with("HTTP/1.1 400"), "{text}");
    });
}

#[test]
fn over_stdio_a_task_is_created_polled_and_answered_by_lines() {
    rt().block_on(async {
        let s = server().await;
        let mut pipe = Pipe::open(s.router.clone());
        let line = |id: i64, method: &str, mut params: Value| {
            params["_meta"] = with_tasks();
            json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
        };
        pipe.send(line(
            1,
            "tools/call",
            json!({"name": "work", "arguments": {"ms": 100}}),
        ))
        .await;
        let created = pipe.read().await;
        assert_eq!(created["id"], 1);
        assert_eq!(created["result"]["resultType"], "task", "{created}");
        let id = created["result"]["taskId"].clone();
        let mut status = Value::Null;
        for n in 2..500 {
            pipe.send(line(n, "tasks/get", json!({"taskId": id}))).await;
            let got = pipe.read().await;
            assert_eq!(got["id"], n);
            status = got["result"].clone();
            if status["status"] == "completed" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(
            status["result"]["content"][0]["text"], "worked 100 ms (task: true)",
            "{status}"
        );
        pipe.close().await;
    });
}

#[test]
fn a_task_is_kept_its_ttl_then_forgotten_and_one_still_waiting_ends_with_its_session() {
    rt().block_on(async {
        let s = server_keeping_tasks(Duration::from_millis(600)).await;
        let created = call(&s, "work", json!({"ms": 1}), with_tasks())
            .await
            .json()["result"]
            .clone();
        assert_eq!(created["ttlMs"], 600, "{created}");
        let done = created["taskId"].as_str().unwrap().to_string();
        poll_until(&s, &done, is_terminal).await;
        let waiting = confirm_waiting(&s).await;
        assert_eq!(s.router.session_count(), 1, "the waiting task's session");
        tokio::time::sleep(Duration::from_millis(700)).await;
        // Past its TTL the waiting task is cancelled and its session
        // closed; both tasks are forgotten.
        sessions_settle_to_zero(&s).await;
        for id in [done, waiting] {
            let gone = task_request(&s, "tasks/get", json!({"taskId": id})).await;
            assert_eq!(gone["error"]["code"], -32602, "{gone}");
            assert!(
                gone["error"]["message"]
                    .as_str()
                    .unwrap()
                    .contains("forgotten"),
                "{gone}"
            );
        }
    });
}

/// What the tasks hold together (results, errors, their clients' answers)
/// is capped by `tasks.total_bytes`, and given back when they are
/// forgotten: answers past it are refused and the question stays open; a
/// result past it fails its task, saying how to receive it. Before, the
/// store's 1,024 tasks could each hold a 4 MiB result and every answer
/// their clients gave, uncounted.
#[test]
fn what_tasks_hold_together_is_capped_and_given_back_when_forgotten() {
    rt().block_on(async {
        let s = start(Options {
            more_toolsets: vec![jobs()],
            tasks: gs_router::TaskLimits {
                ttl: Duration::from_millis(800),
                // Room for a small answer and one result, not two results.
                total_bytes: 250,
                ..gs_router::TaskLimits::default()
            },
            ..Options::default()
        })
        .await;
        let id = confirm_waiting(&s).await;
        let padded = json!({"ok": {"action": "accept",
                                   "content": {"ok": true, "note": "x".repeat(300)}}});
        let refused = task_request(
            &s,
            "tasks/update",
            json!({"taskId": id, "inputResponses": padded}),
        )
        .await;
        assert_eq!(refused["error"]["code"], -32603, "{refused}");
        let message = refused["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("would take what the server's tasks hold past its maximum of 250 bytes; retry once other tasks are forgotten (the operator can raise tasks.total_bytes)"),
            "{message}"
        );
        assert_eq!(get(&s, &id).await["status"], "input_required");
        confirm(&s, &id, true).await;
        let confirmed = poll_until(&s, &id, is_terminal).await;
        assert_eq!(confirmed["status"], "completed", "{confirmed}");

        let work = |s: &Server| {
            let addr = s.addr;
            async move {
                let params = json!({"name": "work", "arguments": {"ms": 1}, "_meta": with_tasks()});
                modern(addr, "tools/call", params, &[]).await.json()["result"]["taskId"]
                    .as_str()
                    .unwrap()
                    .to_string()
            }
        };
        let over = work(&s).await;
        let failed = poll_until(&s, &over, is_terminal).await;
        assert_eq!(failed["status"], "failed", "{failed}");
        assert_eq!(failed["error"]["code"], -32603);
        assert!(
            failed["error"]["message"]
                .as_str()
                .unwrap()
                .contains("call the tool without the tasks extension to receive its answer directly"),
            "{failed}"
        );

        // Forgotten past their TTL, the tasks give their room back.
        tokio::time::sleep(Duration::from_millis(900)).await;
        let later = work(&s).await;
        let done = poll_until(&s, &later, is_terminal).await;
        assert_eq!(done["status"], "completed", "{done}");
    });
}
