//! A real server on a loopback port, a real toolset over a real embedded
//! image, and a plain HTTP/1.1 client: what every router test drives.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gs_broker::{Broker, ImageSessionFactory, ToolSurface};
use gs_embedded::EmbeddedSession;
use gs_router::{HttpSettings, Router, RouterSettings, SessionLifetime, Trace};
use gs_toolset::{
    Arguments, CallContext, CallFuture, ClassDefinition, ImageSession, ServerIdentity,
    ToolDescriptor, ToolError, ToolOutput, ToolResult, Toolset, ToolsetInfo, ToolsetSession,
};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

/// A small native toolset doing real work against the caller's image
/// session: list a dictionary's classes, define a class (not read-only
/// safe), and a `wait` that runs until its time is up or it is cancelled.
pub struct ClassTools {
    info: ToolsetInfo,
}

fn tool(name: &str, safe: bool, props: Value) -> ToolDescriptor {
    ToolDescriptor {
        name: name.into(),
        title: None,
        description: format!("test tool {name}"),
        input_schema: json!({"type": "object", "properties": props, "additionalProperties": false}),
        output_schema: None,
        read_only_safe: safe,
        grants: Vec::new(),
        task_support: gs_toolset::TaskSupport::Forbidden,
    }
}

impl ClassTools {
    pub fn new() -> ClassTools {
        ClassTools {
            info: ToolsetInfo {
                name: "classes".into(),
                version: "1.0.0".into(),
                tools: vec![
                    tool(
                        "list_classes",
                        true,
                        json!({"dictionary": {"type": "string"}}),
                    ),
                    tool("define_class", false, json!({"name": {"type": "string"}})),
                    tool(
                        "wait",
                        true,
                        json!({"ms": {"type": "integer"}, "announce": {"type": "boolean"}}),
                    ),
                    tool("chatty", true, json!({})),
                    tool("flood", true, json!({"n": {"type": "integer"}})),
                    tool("doit", false, json!({"code": {"type": "string"}})),
                    tool(
                        "stubborn",
                        true,
                        json!({"ms": {"type": "integer"}, "heed_after_ms": {"type": "integer"}}),
                    ),
                ],
            },
        }
    }
}

struct ClassSession {
    calls: u64,
}

/// A toolset of `n` tools that do nothing but answer their own name: a
/// surface too big for one `tools/list` page.
pub struct ManyTools {
    info: ToolsetInfo,
}

impl ManyTools {
    pub fn new(n: usize) -> ManyTools {
        ManyTools {
            info: ToolsetInfo {
                name: "many".into(),
                version: "1.0.0".into(),
                tools: (0..n)
                    .map(|i| tool(&format!("tool_{i:05}"), true, json!({})))
                    .collect(),
            },
        }
    }
}

impl Toolset for ManyTools {
    fn info(&self) -> &ToolsetInfo {
        &self.info
    }
    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(NameSession)
    }
}

struct NameSession;

impl ToolsetSession for NameSession {
    fn call<'a>(
        &'a mut self,
        tool: &'a str,
        _: &'a Arguments,
        _: &'a CallContext,
    ) -> CallFuture<'a> {
        Box::pin(async move { Ok(ToolOutput::text(tool)) })
    }
}

impl Toolset for ClassTools {
    fn info(&self) -> &ToolsetInfo {
        &self.info
    }
    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(ClassSession { calls: 0 })
    }
}

fn arg<'a>(args: &'a Value, key: &str) -> Result<&'a str, ToolError> {
    args.get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| ToolError::invalid_params(format!("`{key}` (a string) is required")))
}

impl ToolsetSession for ClassSession {
    /// Every tool runs on the session's image worker, as image work must.
    fn call<'a>(
        &'a mut self,
        tool: &'a str,
        args: &'a Arguments,
        ctx: &'a CallContext,
    ) -> CallFuture<'a> {
        self.calls += 1;
        let calls = self.calls;
        gs_toolset::image_call(tool, args, ctx, move |tool, args, ctx| {
            class_tool(calls, tool, args, ctx)
        })
    }
}

fn class_tool(calls: u64, tool: &str, args: &Value, ctx: &CallContext) -> ToolResult {
    match tool {
        "list_classes" => {
            let names = ctx.image.classes(arg(args, "dictionary")?)?;
            Ok(ToolOutput {
                content: vec![gs_toolset::Content::text(names.join(" "))],
                structured: Some(json!({"classes": names, "call": calls})),
            })
        }
        "define_class" => {
            let name = arg(args, "name")?;
            ctx.image.define_class(&ClassDefinition {
                name: name.into(),
                superclass: Some("Object".into()),
                dictionary: "UserGlobals".into(),
                instance_variables: vec![],
                class_variables: vec![],
                class_instance_variables: vec![],
                category: None,
            })?;
            Ok(ToolOutput::text(format!("defined {name}")))
        }
        // Waits `ms`, first sending a progress note if it is to
        // `announce` itself; a cancellation ends it, counted in
        // WAITS_CANCELLED.
        "wait" => {
            let ms = args.get("ms").and_then(Value::as_u64).unwrap_or(0);
            if args.get("announce") == Some(&Value::Bool(true)) {
                ctx.notifier.progress(0.0, None, Some("waiting"));
            }
            let end = Instant::now() + Duration::from_millis(ms);
            while Instant::now() < end {
                if ctx.cancel.is_cancelled() {
                    WAITS_CANCELLED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    return Err(ToolError::new(
                        gs_toolset::ErrorKind::Cancelled,
                        "cancelled",
                    ));
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            Ok(ToolOutput::text(format!("waited {ms} ms")))
        }
        // Smalltalk in the session's own image session, stopped by the
        // call's cancel token like any execute_code.
        "doit" => {
            let printed = ctx
                .image
                .execute(arg(args, "code")?, &ctx.cancel)?
                .print_string;
            Ok(ToolOutput::text(printed))
        }
        // Runs `ms`, heeding a cancellation only `heed_after_ms` after
        // it first sees one (never, without it): a tool whose cleanup
        // outlasts a soft break, or one that ignores breaks entirely.
        "stubborn" => {
            let ms = args.get("ms").and_then(Value::as_u64).unwrap_or(0);
            let heed = args
                .get("heed_after_ms")
                .and_then(Value::as_u64)
                .map(Duration::from_millis);
            let end = Instant::now() + Duration::from_millis(ms);
            let mut seen: Option<Instant> = None;
            while Instant::now() < end {
                if ctx.cancel.is_cancelled() {
                    let first = *seen.get_or_insert_with(Instant::now);
                    if heed.is_some_and(|h| first.elapsed() >= h) {
                        return Err(ToolError::new(
                            gs_toolset::ErrorKind::Cancelled,
                            "cancelled late",
                        ));
                    }
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            Ok(ToolOutput::text(format!("ran {ms} ms")))
        }
        "chatty" => {
            let n = ctx.image.dictionaries()?.len();
            ctx.notifier
                .log(gs_toolset::LogLevel::Debug, "classes", "counting");
            ctx.notifier.progress(1.0, Some(2.0), Some("half"));
            ctx.notifier
                .log(gs_toolset::LogLevel::Warning, "classes", "careful");
            ctx.notifier.progress(2.0, Some(2.0), None);
            Ok(ToolOutput::text(format!("{n} dictionaries")))
        }
        // `n` progress notes as fast as they can be sent, then counted in
        // FLOODS: a tool whose output outruns any client.
        "flood" => {
            let n = args.get("n").and_then(Value::as_u64).unwrap_or(0);
            for i in 1..=n {
                ctx.notifier.progress(i as f64, Some(n as f64), None);
            }
            FLOODS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(ToolOutput::text(format!("flooded {n}")))
        }
        other => Err(ToolError::not_found(format!("no tool {other}"))),
    }
}

/// How many `wait` calls a cancellation ended.
pub static WAITS_CANCELLED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// How many `flood` calls have sent all their notes.
pub static FLOODS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Waits until `flood` calls have finished sending, `count` in all.
pub async fn floods_reach(count: usize) {
    let waited = tokio::time::timeout(Duration::from_secs(30), async {
        while FLOODS.load(std::sync::atomic::Ordering::SeqCst) < count {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    assert!(waited.is_ok(), "the flood ends within 30 s");
}

/// Progress notes and the answer to request `id`, read off `messages`:
/// how many notes came, the last one's progress, the answer's text.
pub fn flood_seen(messages: &[Value], id: i64) -> (usize, f64, String) {
    let notes: Vec<&Value> = messages
        .iter()
        .filter(|m| m["method"] == "notifications/progress")
        .collect();
    let last = notes.last().expect("some progress")["params"]["progress"]
        .as_f64()
        .unwrap();
    let answer = messages.iter().find(|m| m["id"] == id).expect("the answer");
    let text = answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    (notes.len(), last, text)
}

/// Image sessions of one shared embedded image, each taking `delay` to
/// open (as a stone login takes time), counted in `opened`.
pub struct EmbeddedFactory {
    image: gs_image::Image,
    delay: Option<Duration>,
    opened: Arc<std::sync::atomic::AtomicUsize>,
}

impl ImageSessionFactory for EmbeddedFactory {
    fn open(&self) -> Result<Arc<dyn ImageSession>, String> {
        if let Some(d) = self.delay {
            std::thread::sleep(d);
        }
        self.opened
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(Arc::new(EmbeddedSession::new(self.image.session())))
    }
}

pub struct Server {
    pub addr: SocketAddr,
    pub router: Arc<Router>,
    /// How many image sessions were opened.
    pub opened: Arc<std::sync::atomic::AtomicUsize>,
    _dir: tempfile::TempDir,
}

#[derive(Default)]
pub struct Options {
    pub read_only: bool,
    pub http: HttpSettings,
    pub sessions: SessionLifetime,
    pub tasks: gs_router::TaskLimits,
    pub title: Option<String>,
    /// Toolsets offered after `ClassTools`.
    pub more_toolsets: Vec<Arc<dyn Toolset>>,
    /// How long each image session takes to open.
    pub open_delay: Option<Duration>,
}

/// The runtime each test runs on: two worker threads, as small as a
/// server's can be while still running a call beside the transport.
pub fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

pub async fn start(options: Options) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("test.gsimage")).unwrap();
    let mut toolsets = vec![(Arc::new(ClassTools::new()) as Arc<dyn Toolset>, None)];
    toolsets.extend(options.more_toolsets.iter().map(|t| (t.clone(), None)));
    let surface = ToolSurface::new(toolsets).unwrap();
    let identity = ServerIdentity {
        name: "gs-mcp".into(),
        version: "9.9.9".into(),
        title: options.title.clone(),
    };
    let opened = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let broker = Broker::new(
        surface,
        Arc::new(EmbeddedFactory {
            image,
            delay: options.open_delay,
            opened: opened.clone(),
        }),
        identity.clone(),
        options.read_only,
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = Router::new(
        Arc::new(broker),
        RouterSettings {
            identity,
            listen: addr,
            http: options.http,
            sessions: options.sessions,
            tasks: options.tasks,
            trace: Trace::default(),
        },
    );
    tokio::spawn(gs_router::serve(listener, router.clone()));
    Server {
        addr,
        router,
        opened,
        _dir: dir,
    }
}

/// A client's open GET stream, read event by event.
pub struct EventStream {
    stream: tokio::net::TcpStream,
    buf: Vec<u8>,
}

impl EventStream {
    /// Opens the session's GET stream and reads the response head.
    pub async fn open(addr: SocketAddr, session: &str) -> EventStream {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let head = format!(
            "GET /mcp HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\
             MCP-Session-Id: {session}\r\n\r\n"
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        let mut s = EventStream {
            stream,
            buf: Vec::new(),
        };
        let end = loop {
            if let Some(end) = s.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break end;
            }
            s.fill().await;
        };
        let head = String::from_utf8_lossy(&s.buf[..end]).into_owned();
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        // A buffering proxy must not hold the events back.
        assert!(
            head.to_ascii_lowercase().contains("x-accel-buffering: no"),
            "{head}"
        );
        s.buf.drain(..end + 4);
        s
    }

    async fn fill(&mut self) {
        let mut chunk = [0u8; 8192];
        let n = tokio::time::timeout(Duration::from_secs(5), self.stream.read(&mut chunk))
            .await
            .expect("the stream sent nothing for 5 s")
            .unwrap();
        assert!(n > 0, "the server ended the stream");
        self.buf.extend_from_slice(&chunk[..n]);
    }

    /// The next message on the stream (keepalive comments skipped).
    pub async fn next(&mut self) -> Value {
        loop {
            if let Some(start) = self.buf.windows(6).position(|w| w == b"data: ")
                && let Some(len) = self.buf[start..].iter().position(|b| *b == b'\n')
            {
                let line = self.buf[start + 6..start + len].to_vec();
                self.buf.drain(..start + len);
                return serde_json::from_slice(&line).unwrap();
            }
            self.fill().await;
        }
    }
}

/// An HTTP response as a client reads it.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "body is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Sends one raw request (headers given without Host/Content-Length, which
/// are added unless `raw_headers` already has them) and reads the reply.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    request_from(None, addr, method, headers, body).await
}

/// As [`request`], from the loopback address `source` when given (Linux
/// routes all of 127.0.0.0/8 to loopback), else 127.0.0.1.
pub async fn request_from(
    source: Option<std::net::IpAddr>,
    addr: SocketAddr,
    method: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    let mut head = format!("{method} /mcp HTTP/1.1\r\nConnection: close\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: {addr}\r\n"));
    }
    if !headers
        .iter()
        .any(|(k, _)| k.eq_ignore_ascii_case("content-length"))
    {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    let mut stream = match source {
        None => tokio::net::TcpStream::connect(addr).await.unwrap(),
        Some(ip) => {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(SocketAddr::new(ip, 0)).unwrap();
            socket.connect(addr).await.unwrap()
        }
    };
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw).await;
    parse_reply(&raw)
}

pub fn parse_reply(raw: &[u8]) -> Reply {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end in {:?}", String::from_utf8_lossy(raw)));
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let headers: Vec<(String, String)> = headers;
    let chunked = headers.iter().any(|(k, v)| {
        k.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked")
    });
    let mut body = raw[split + 4..].to_vec();
    if chunked {
        body = dechunk(&body);
    }
    Reply {
        status,
        headers,
        body,
    }
}

/// Decodes an HTTP/1.1 chunked body.
fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = raw.windows(2).position(|w| w == b"\r\n") {
        let size =
            usize::from_str_radix(std::str::from_utf8(&raw[..eol]).unwrap().trim(), 16).unwrap();
        if size == 0 {
            break;
        }
        out.extend_from_slice(&raw[eol + 2..eol + 2 + size]);
        raw = &raw[eol + 2 + size + 2..];
    }
    out
}

pub const JSON: (&str, &str) = ("Content-Type", "application/json");

/// POSTs a JSON value with a session id (if any).
pub async fn post(addr: SocketAddr, session: Option<&str>, body: &Value) -> Reply {
    let mut headers = vec![JSON];
    if let Some(s) = session {
        headers.push(("MCP-Session-Id", s));
    }
    request(addr, "POST", &headers, &serde_json::to_vec(body).unwrap()).await
}

/// Initializes a session and answers its id.
pub async fn initialize(addr: SocketAddr) -> String {
    let r = post(
        addr,
        None,
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                           "clientInfo": {"name": "test", "version": "1"}}}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.header("mcp-session-id")
        .expect("initialize answers a session id")
        .to_string()
}

pub async fn call(addr: SocketAddr, session: &str, id: i64, tool: &str, args: Value) -> Reply {
    post(
        addr,
        Some(session),
        &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": tool, "arguments": args}}),
    )
    .await
}

/// The JSON messages of an SSE body, in order.
pub fn events(text: &str) -> Vec<Value> {
    text.split("\n\n")
        .filter_map(|e| e.strip_prefix("event: message\ndata: "))
        .map(|d| serde_json::from_str(d).unwrap())
        .collect()
}

/// The JSON-RPC error code of a reply that must be an error.
pub fn error_code(r: &Reply) -> i64 {
    r.json()["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("no error in {}", r.text()))
}

/// The stateless revision the `modern` requests speak.
pub const V: &str = "2026-07-28";

pub fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": V,
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "1"},
    })
}

/// POSTs a stateless request (revision 2026-07-28) with the revision's headers; `extra`
/// replaces a header of the same name, and a header given as "" is left
/// out.
pub async fn modern(
    addr: std::net::SocketAddr,
    method: &str,
    params: Value,
    extra: &[(&str, &str)],
) -> Reply {
    let mut params = params;
    if params.get("_meta").is_none() {
        params["_meta"] = meta();
    }
    let name = params
        .get("name")
        .or_else(|| params.get("uri"))
        .or_else(|| params.get("taskId"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let body = json!({"jsonrpc": "2.0", "id": 7, "method": method, "params": params});
    let mut headers: Vec<(String, String)> = vec![
        ("Content-Type".into(), "application/json".into()),
        (
            "Accept".into(),
            "application/json, text/event-stream".into(),
        ),
        ("MCP-Protocol-Version".into(), V.into()),
        ("Mcp-Method".into(), method.into()),
    ];
    if let Some(n) = name {
        headers.push(("Mcp-Name".into(), n));
    }
    for (k, v) in extra {
        headers.retain(|(h, _)| !h.eq_ignore_ascii_case(k));
        if !v.is_empty() {
            headers.push(((*k).into(), (*v).into()));
        }
    }
    let headers: Vec<(&str, &str)> = headers
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    request(addr, "POST", &headers, &serde_json::to_vec(&body).unwrap()).await
}

/// A client on the other end of a stdio pipe.
pub struct Pipe {
    /// The server's input, for writing raw bytes.
    pub input: tokio::io::DuplexStream,
    lines: tokio::io::Lines<BufReader<tokio::io::DuplexStream>>,
    served: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Pipe {
    pub fn open(router: std::sync::Arc<gs_router::Router>) -> Pipe {
        let (input, server_in) = tokio::io::duplex(1 << 16);
        let (server_out, client_out) = tokio::io::duplex(1 << 16);
        let served = tokio::spawn(gs_router::serve_stdio(
            router,
            BufReader::new(server_in),
            server_out,
        ));
        Pipe {
            input,
            lines: BufReader::new(client_out).lines(),
            served,
        }
    }

    pub async fn send(&mut self, message: Value) {
        self.input
            .write_all(format!("{message}\n").as_bytes())
            .await
            .unwrap();
    }

    pub async fn read(&mut self) -> Value {
        let line = tokio::time::timeout(Duration::from_secs(10), self.lines.next_line())
            .await
            .expect("a line within 10 s")
            .unwrap()
            .expect("the server's output is open");
        serde_json::from_str(&line).unwrap()
    }

    /// A stateless request: `params` with the revision's `_meta`.
    pub async fn ask(&mut self, id: i64, method: &str, params: Value) -> Value {
        self.send(stateless_line(id, method, params)).await;
        self.read().await
    }

    /// Closes the input and waits for the server to finish.
    pub async fn close(self) {
        drop(self.input);
        tokio::time::timeout(Duration::from_secs(10), self.served)
            .await
            .expect("the server ends within 10 s of its input")
            .unwrap()
            .unwrap();
    }
}

/// The `_meta` of a stateless request over stdio that declares nothing.
pub fn stateless_meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    })
}

/// The line of a stateless request: `params` with [`stateless_meta`]
/// unless they carry a `_meta` of their own.
pub fn stateless_line(id: i64, method: &str, mut params: Value) -> Value {
    if params.get("_meta").is_none() {
        params["_meta"] = stateless_meta();
    }
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
}
