//! The real server for the built-in toolset's tests: gs-router on a
//! loopback port, the broker, the built-in toolset, and a fresh embedded
//! image with the fixture application (tests/fixtures/bank.gs) filed in —
//! never the kernel itself. Plus a small blocking MCP client over plain
//! HTTP/1.1, so each test reads like a client's session.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;

use gs_broker::{Broker, ImageSessionFactory, ToolSurface};
use gs_builtin::BuiltinToolset;
use gs_embedded::EmbeddedSession;
use gs_router::{Router, RouterSettings};
use gs_toolset::{ImageSession, ServerIdentity, Toolset};
use serde_json::{Value, json};

#[path = "../support/schema.rs"]
mod schema;
pub use schema::conforms;

const FIXTURE: &str = include_str!("../fixtures/bank.gs");

struct Factory(gs_image::Image);

impl ImageSessionFactory for Factory {
    fn open(&self) -> Result<Arc<dyn ImageSession>, String> {
        Ok(Arc::new(EmbeddedSession::new(self.0.session())))
    }
}

/// A running server; dropping it stops it.
pub struct Server {
    pub addr: SocketAddr,
    pub image: gs_image::Image,
    runtime: Option<tokio::runtime::Runtime>,
    _dir: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

/// Starts a server over a fresh image with the fixture application; the
/// built-in toolset is the whole tool surface. `read_only` makes every
/// session read-only.
pub fn start(read_only: bool) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("fixture.gsimage")).unwrap();
    let mut session = image.session();
    let report = gs_image::filein::file_in_text(&mut session, "bank.gs", FIXTURE);
    assert!(
        report.is_clean(),
        "the fixture files in cleanly: {report:?}"
    );
    session.commit().unwrap();
    let surface = ToolSurface::new(vec![(
        Arc::new(BuiltinToolset::new()) as Arc<dyn Toolset>,
        None,
    )])
    .unwrap();
    let identity = ServerIdentity {
        name: "gs-mcp".into(),
        version: "0.0.0-test".into(),
        title: None,
    };
    let broker = Broker::new(
        surface,
        Arc::new(Factory(image.clone())),
        identity.clone(),
        read_only,
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let (addr, _) = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let router = Router::new(
            Arc::new(broker),
            RouterSettings {
                identity,
                listen: addr,
                ..RouterSettings::default()
            },
        );
        tokio::spawn(gs_router::serve(listener, router.clone()));
        (addr, router)
    });
    Server {
        addr,
        image,
        runtime: Some(runtime),
        _dir: dir,
    }
}

/// An HTTP response: status, headers (lower-cased names) and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The JSON-RPC messages of the body: one JSON document, or the
    /// `data:` events of an SSE stream.
    pub fn messages(&self) -> Vec<Value> {
        if self
            .header("content-type")
            .is_some_and(|t| t.starts_with("text/event-stream"))
        {
            self.body
                .lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .map(|d| serde_json::from_str(d.trim()).unwrap())
                .collect()
        } else if self.body.trim().is_empty() {
            Vec::new()
        } else {
            vec![serde_json::from_str(&self.body).unwrap()]
        }
    }
}

/// One MCP client session.
pub struct Client {
    addr: SocketAddr,
    session: Option<String>,
    next_id: u64,
    /// Output schemas by tool name, from `tools/list`: every successful
    /// answer is checked against its tool's schema.
    output_schemas: std::collections::HashMap<String, Value>,
}

impl Client {
    /// Connects and initializes a session.
    pub fn connect(server: &Server) -> Client {
        connect_to(server.addr)
    }

    /// POSTs one JSON-RPC message.
    pub fn post(&self, body: &Value) -> Reply {
        let body = body.to_string();
        let mut head = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n\
             Connection: close\r\n",
            self.addr,
            body.len()
        );
        if let Some(id) = &self.session {
            head.push_str(&format!(
                "MCP-Session-Id: {id}\r\nMCP-Protocol-Version: 2025-11-25\r\n"
            ));
        }
        head.push_str("\r\n");
        let mut stream = TcpStream::connect(self.addr).unwrap();
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body.as_bytes()).unwrap();
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).unwrap();
        parse_reply(&raw)
    }

    /// A JSON-RPC request; answers the response message (and, first, any
    /// notifications the server sent before it).
    pub fn request(&mut self, method: &str, params: Value) -> (Value, Vec<Value>) {
        let id = self.next_id;
        self.next_id += 1;
        let reply =
            self.post(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        assert_eq!(reply.status, 200, "{reply:?}");
        let mut messages = reply.messages();
        let at = messages
            .iter()
            .position(|m| m.get("id") == Some(&json!(id)))
            .unwrap_or_else(|| panic!("no response to request {id}: {reply:?}"));
        let response = messages.remove(at);
        (response, messages)
    }

    /// `tools/call`; answers the `CallToolResult` (panics on a JSON-RPC
    /// error — use [`Client::request`] to see those).
    pub fn call(&mut self, tool: &str, arguments: Value) -> ToolAnswer {
        let (response, _) =
            self.request("tools/call", json!({"name": tool, "arguments": arguments}));
        let answer = ToolAnswer::from_response(tool, response);
        let advertised = self
            .output_schemas
            .get(tool)
            .unwrap_or_else(|| panic!("{tool} is not in tools/list"));
        // What a client validates: the advertised schema, errors included.
        if let Err(e) = conforms(advertised, &answer.structured, "structuredContent") {
            panic!("{tool}: structuredContent does not match its outputSchema: {e}");
        }
        // And a success has the tool's own declared shape, not just any
        // alternative of the advertised one.
        if !answer.is_error
            && let Err(e) = conforms(
                &advertised["anyOf"][0],
                &answer.structured,
                "structuredContent",
            )
        {
            panic!("{tool}: structuredContent does not match its declared shape: {e}");
        }
        answer
    }

    /// `tools/list`: the tools as the client sees them.
    pub fn tools(&mut self) -> Vec<Value> {
        let (response, _) = self.request("tools/list", json!({}));
        response["result"]["tools"].as_array().unwrap().clone()
    }
}

/// A tool's answer as a client reads it.
#[derive(Debug)]
pub struct ToolAnswer {
    pub tool: String,
    pub is_error: bool,
    pub text: String,
    pub structured: Value,
}

impl ToolAnswer {
    fn from_response(tool: &str, response: Value) -> ToolAnswer {
        let result = response
            .get("result")
            .unwrap_or_else(|| panic!("{tool}: a JSON-RPC error, not a result: {response}"));
        ToolAnswer {
            tool: tool.into(),
            is_error: result["isError"].as_bool().unwrap_or(false),
            text: result["content"][0]["text"]
                .as_str()
                .unwrap_or_default()
                .into(),
            structured: result["structuredContent"].clone(),
        }
    }

    /// Asserts success and answers the structured content.
    pub fn ok(&self) -> &Value {
        assert!(!self.is_error, "{} failed: {}", self.tool, self.text);
        &self.structured
    }

    /// Asserts an error of `kind` and answers its message.
    pub fn err(&self, kind: &str) -> &str {
        assert!(self.is_error, "{} succeeded: {}", self.tool, self.text);
        assert_eq!(
            self.structured["error"]["kind"], kind,
            "{}: {}",
            self.tool, self.text
        );
        &self.text
    }
}

fn parse_reply(raw: &[u8]) -> Reply {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a complete HTTP head");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"))
    {
        body = dechunk(&body);
    }
    Reply {
        status,
        headers,
        body: String::from_utf8(body).unwrap(),
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size_text = String::from_utf8_lossy(&data[..eol]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        let start = eol + 2;
        out.extend_from_slice(&data[start..start + size]);
        data = &data[start + size + 2..];
    }
}

/// Connects and initializes a session with the server at `addr` — in this
/// process ([`Client::connect`]) or another: the benchmark runs its client
/// in a process of its own, as a real client is, so the server's heap and
/// threads do not share the client's.
pub fn connect_to(addr: SocketAddr) -> Client {
    let mut c = Client {
        addr,
        session: None,
        next_id: 1,
        output_schemas: Default::default(),
    };
    let reply = c.post(&json!({
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "builtin-tests", "version": "1"}
        }
    }));
    assert_eq!(reply.status, 200, "{reply:?}");
    c.session = reply.header("mcp-session-id").map(String::from);
    assert!(c.session.is_some(), "initialize answers a session id");
    let reply = c.post(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    assert_eq!(reply.status, 202, "{reply:?}");
    for tool in c.tools() {
        c.output_schemas.insert(
            tool["name"].as_str().unwrap().to_string(),
            tool["outputSchema"].clone(),
        );
    }
    c
}
