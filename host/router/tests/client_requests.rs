//! A tool asking its client something (elicitation here) over real HTTP on
//! loopback: the request goes out on the call's own SSE stream, the
//! client's answer POSTed back reaches the tool, and a client that did not
//! declare the capability is never asked.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{Options, post, start};
use gs_toolset::{
    Arguments, CallContext, CallFuture, ClientRequest, ToolDescriptor, ToolOutput, Toolset,
    ToolsetInfo, ToolsetSession,
};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One tool, `ask`, that elicits a name and answers what the client said.
struct Asking(ToolsetInfo);

struct AskingSession;

impl Toolset for Asking {
    fn info(&self) -> &ToolsetInfo {
        &self.0
    }
    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(AskingSession)
    }
}

impl ToolsetSession for AskingSession {
    fn call<'a>(
        &'a mut self,
        _: &'a str,
        _: &'a Arguments,
        ctx: &'a CallContext,
    ) -> CallFuture<'a> {
        Box::pin(async move {
            let params = json!({"message": "Your name?", "requestedSchema": {
                "type": "object", "properties": {"name": {"type": "string"}}}});
            let answer = ctx
                .notifier
                .ask("name", ClientRequest::Elicitation, params)
                .await?;
            Ok(ToolOutput::text(format!("the client said {answer}")))
        })
    }
}

fn asking() -> Arc<dyn Toolset> {
    Arc::new(Asking(ToolsetInfo {
        name: "asking".into(),
        version: "1".into(),
        tools: vec![ToolDescriptor {
            name: "ask".into(),
            title: None,
            description: "asks the client for a name".into(),
            input_schema: json!({"type": "object", "properties": {}}),
            output_schema: None,
            read_only_safe: true,
            grants: Vec::new(),
            task_support: gs_toolset::TaskSupport::Forbidden,
        }],
    }))
}

/// Opens a session declaring `capabilities`.
async fn initialize(addr: std::net::SocketAddr, capabilities: Value) -> String {
    let r = post(
        addr,
        None,
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"protocolVersion": "2025-11-25", "capabilities": capabilities,
                           "clientInfo": {"name": "t", "version": "1"}}}),
    )
    .await;
    r.header("mcp-session-id").unwrap().to_string()
}

const CALL: &str =
    r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ask","arguments":{}}}"#;

/// Reads `stream` until its bytes so far contain `needle`.
async fn read_until(stream: &mut tokio::net::TcpStream, seen: &mut String, needle: &str) {
    let mut buf = [0u8; 4096];
    while !seen.contains(needle) {
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buf))
            .await
            .expect("the server went quiet")
            .unwrap();
        assert!(n > 0, "the stream ended before {needle}: {seen}");
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
}

#[tokio::test]
async fn the_request_goes_out_on_the_calls_stream_and_the_answer_reaches_the_tool() {
    let s = start(Options {
        more_toolsets: vec![asking()],
        ..Options::default()
    })
    .await;
    let sid = initialize(s.addr, json!({"elicitation": {}})).await;
    let mut stream = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: \
         application/json, text/event-stream\r\nMCP-Session-Id: {sid}\r\nMCP-Protocol-Version: \
         2025-11-25\r\nContent-Length: {}\r\n\r\n{CALL}",
        s.addr,
        CALL.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut seen = String::new();
    read_until(&mut stream, &mut seen, "\n\n").await;
    read_until(&mut stream, &mut seen, "elicitation/create").await;
    assert!(seen.contains("text/event-stream"), "{seen}");
    let event = seen[seen.find("data: ").unwrap() + 6..]
        .lines()
        .next()
        .unwrap();
    let request: Value = serde_json::from_str(event).unwrap();
    assert_eq!(request["method"], "elicitation/create");
    assert_eq!(request["params"]["message"], "Your name?");
    let srv_id = request["id"].clone();
    assert!(srv_id.as_str().unwrap().starts_with("srv-"), "{request}");

    let r = post(
        s.addr,
        Some(&sid),
        &json!({"jsonrpc": "2.0", "id": srv_id,
                "result": {"action": "accept", "content": {"name": "Ada"}}}),
    )
    .await;
    assert_eq!(r.status, 202);
    read_until(&mut stream, &mut seen, r#""id":5"#).await;
    assert!(
        seen.contains(r#"the client said {\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}"#),
        "{seen}"
    );
}

#[tokio::test]
async fn a_client_without_the_capability_is_not_asked() {
    let s = start(Options {
        more_toolsets: vec![asking()],
        ..Options::default()
    })
    .await;
    let sid = initialize(s.addr, json!({"sampling": {}})).await;
    let r = post(
        s.addr,
        Some(&sid),
        &serde_json::from_str::<Value>(CALL).unwrap(),
    )
    .await;
    let result = &r.json()["result"];
    assert_eq!(result["isError"], true, "{}", r.text());
    assert_eq!(result["structuredContent"]["error"]["kind"], "refused");
    assert!(
        result["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("did not declare the `elicitation` capability"),
        "{result}"
    );
    assert_eq!(s.router.session(&sid).unwrap().pending_requests(), 0);
}

/// POSTs a stateless (2026-07-28) `tools/call` of `ask` declaring
/// `capabilities`.
async fn stateless_ask(addr: std::net::SocketAddr, capabilities: Value) -> common::Reply {
    stateless_retry(addr, capabilities, json!({})).await
}

/// As [`stateless_ask`], with `more` params (`inputResponses`,
/// `requestState`).
async fn stateless_retry(
    addr: std::net::SocketAddr,
    capabilities: Value,
    more: Value,
) -> common::Reply {
    let mut body = json!({"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {
        "name": "ask", "arguments": {},
        "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                  "io.modelcontextprotocol/clientCapabilities": capabilities}}});
    for (k, v) in more.as_object().unwrap() {
        body["params"][k] = v.clone();
    }
    common::request(
        addr,
        "POST",
        &[
            ("Content-Type", "application/json"),
            ("Accept", "application/json, text/event-stream"),
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "tools/call"),
            ("Mcp-Name", "ask"),
        ],
        &serde_json::to_vec(&body).unwrap(),
    )
    .await
}

#[tokio::test]
async fn a_stateless_request_missing_the_capability_is_refused_with_its_name() {
    let s = start(Options {
        more_toolsets: vec![asking()],
        ..Options::default()
    })
    .await;
    let r = stateless_ask(s.addr, json!({})).await;
    assert_eq!(r.status, 400, "{}", r.text());
    let v = r.json();
    assert_eq!(v["id"], 8);
    assert_eq!(v["error"]["code"], -32021);
    assert_eq!(
        v["error"]["data"],
        json!({"requiredCapabilities": {"elicitation": {}}})
    );

    assert_eq!(s.router.session_count(), 0);
}

/// At 2026-07-28 the question goes back to the client as `input_required`
/// under the tool's key, and the retried request, with the answer and the
/// sealed state, runs the tool to its end; a changed state, or an answer
/// that is not an elicitation result, is refused with -32602.
#[tokio::test]
async fn a_stateless_request_asks_by_input_required_and_completes_on_retry() {
    let s = start(Options {
        more_toolsets: vec![asking()],
        ..Options::default()
    })
    .await;
    let caps = json!({"elicitation": {}});
    let r = stateless_ask(s.addr, caps.clone()).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let result = r.json()["result"].clone();
    assert_eq!(result["resultType"], "input_required", "{result}");
    assert_eq!(
        result["inputRequests"],
        json!({"name": {"method": "elicitation/create", "params": {
            "message": "Your name?",
            "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}}})
    );
    let state = result["requestState"].as_str().unwrap().to_string();
    assert_eq!(s.router.session_count(), 0);

    let answer = json!({"action": "accept", "content": {"name": "Ann"}});
    let r = stateless_retry(
        s.addr,
        caps.clone(),
        json!({"inputResponses": {"name": answer}, "requestState": state}),
    )
    .await;
    let result = r.json()["result"].clone();
    assert_eq!(result["resultType"], "complete", "{result}");
    assert_eq!(
        result["content"][0]["text"],
        format!("the client said {answer}")
    );

    let r = stateless_retry(
        s.addr,
        caps.clone(),
        json!({"inputResponses": {"name": answer}, "requestState": format!("{state}x")}),
    )
    .await;
    let error = &r.json()["error"];
    assert_eq!(error["code"], -32602, "{}", r.text());
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("requestState failed its integrity check"),
        "{error}"
    );

    let r = stateless_retry(
        s.addr,
        caps,
        json!({"inputResponses": {"name": {"roots": []}}}),
    )
    .await;
    assert_eq!(
        r.json()["error"]["message"],
        "Invalid params: inputResponses.name is not a result of elicitation/create: its `action` \
         must be `accept`, `decline` or `cancel`"
    );
}
