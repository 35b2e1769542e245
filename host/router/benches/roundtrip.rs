//! tools/call round trip through the router versus a bare hyper server
//! answering the same JSON body: p50 latency of sequential calls and
//! throughput with concurrent keep-alive clients, side by side, with the
//! ratios. Run with `cargo bench -p gs-router`.
//!
//! The tool is trivial on purpose (it echoes a string), so the figures
//! measure the transport, the gates, the session lookup, the per-session
//! queue and the hop to the blocking pool — everything but tool work.

use std::convert::Infallible;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use bytes::Bytes;
use gs_broker::{Broker, ImageSessionFactory, ToolSurface};
use gs_config::{HttpSettings, Identity, SessionLifetime, Trace};
use gs_embedded::EmbeddedSession;
use gs_router::{Router, RouterSettings};
use gs_toolset::{
    CallContext, ImageSession, ServerIdentity, ToolDescriptor, ToolOutput, ToolResult, Toolset,
    ToolsetInfo, ToolsetSession,
};
use http_body_util::Full;
use serde_json::{Value, json};

struct Echo(ToolsetInfo);
struct EchoSession;

impl Toolset for Echo {
    fn info(&self) -> &ToolsetInfo {
        &self.0
    }
    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(EchoSession)
    }
}

impl ToolsetSession for EchoSession {
    fn call(&mut self, _: &str, args: &Value, _: &CallContext) -> ToolResult {
        Ok(ToolOutput::text(
            args["text"].as_str().unwrap_or("").to_string(),
        ))
    }
}

struct Factory(gs_image::Image);

impl ImageSessionFactory for Factory {
    fn open(&self) -> Result<Arc<dyn ImageSession>, String> {
        Ok(Arc::new(EmbeddedSession::new(self.0.session())))
    }
}

const CALL: &str = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}"#;
const ANSWER: &str = r#"{"id":2,"jsonrpc":"2.0","result":{"content":[{"text":"hi","type":"text"}],"isError":false}}"#;

/// One keep-alive connection: sends a POST, reads one response.
struct Client {
    stream: TcpStream,
    request: Vec<u8>,
    buf: Vec<u8>,
}

impl Client {
    fn new(addr: SocketAddr, session: Option<&str>) -> Client {
        let stream = TcpStream::connect(addr).unwrap();
        stream.set_nodelay(true).unwrap();
        let mut request = format!(
            "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\n",
            CALL.len()
        );
        if let Some(s) = session {
            request.push_str(&format!("MCP-Session-Id: {s}\r\n"));
        }
        request.push_str("\r\n");
        request.push_str(CALL);
        Client {
            stream,
            request: request.into_bytes(),
            buf: Vec::with_capacity(4096),
        }
    }

    fn round_trip(&mut self) -> usize {
        self.stream.write_all(&self.request).unwrap();
        self.buf.clear();
        let mut chunk = [0u8; 4096];
        loop {
            let n = self.stream.read(&mut chunk).unwrap();
            assert!(n > 0, "server closed the connection");
            self.buf.extend_from_slice(&chunk[..n]);
            if let Some(end) = self.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&self.buf[..end]).to_ascii_lowercase();
                let len: usize = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .map(|v| v.trim().parse().unwrap())
                    .unwrap_or(0);
                if self.buf.len() >= end + 4 + len {
                    return len;
                }
            }
        }
    }
}

fn initialize(addr: SocketAddr) -> String {
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}"#;
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    raw.lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .starts_with("mcp-session-id:")
                .then(|| l[15..].trim().to_string())
        })
        .expect("session id")
}

struct Figures {
    p50: Duration,
    p99: Duration,
    rps: f64,
}

fn measure(addr: SocketAddr, sessions: &[Option<String>]) -> Figures {
    let mut c = Client::new(addr, sessions[0].as_deref());
    for _ in 0..500 {
        c.round_trip();
    }
    let mut times: Vec<Duration> = (0..3000)
        .map(|_| {
            let t = Instant::now();
            c.round_trip();
            t.elapsed()
        })
        .collect();
    times.sort();
    let stop = Arc::new(AtomicBool::new(false));
    let count = Arc::new(AtomicU64::new(0));
    let threads: Vec<_> = sessions
        .iter()
        .cloned()
        .map(|s| {
            let (stop, count) = (stop.clone(), count.clone());
            std::thread::spawn(move || {
                let mut c = Client::new(addr, s.as_deref());
                while !stop.load(Ordering::Relaxed) {
                    c.round_trip();
                    count.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    let window = Duration::from_secs(3);
    std::thread::sleep(window);
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    Figures {
        p50: times[times.len() / 2],
        p99: times[times.len() * 99 / 100],
        rps: count.load(Ordering::Relaxed) as f64 / window.as_secs_f64(),
    }
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = std::env::temp_dir().join(format!("gs-router-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let image = gs_image::Image::open(dir.join("bench.gsimage")).unwrap();
    let info = ToolsetInfo {
        name: "echo".into(),
        version: "1".into(),
        tools: vec![ToolDescriptor {
            name: "echo".into(),
            title: None,
            description: "echo".into(),
            input_schema: json!({"type": "object"}),
            output_schema: None,
            read_only_safe: true,
        }],
    };
    let surface = ToolSurface::new(vec![(Arc::new(Echo(info)) as Arc<dyn Toolset>, None)]).unwrap();
    let identity = ServerIdentity {
        name: "gs-mcp".into(),
        version: "0".into(),
        title: None,
    };
    let broker = Arc::new(Broker::new(
        surface,
        Arc::new(Factory(image)),
        identity,
        false,
    ));
    let (router_addr, bare_addr) = rt.block_on(async {
        let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = l.local_addr().unwrap();
        let router = Router::new(
            broker,
            RouterSettings {
                identity: Identity::default(),
                listen: addr,
                http: HttpSettings {
                    max_sessions_per_caller: None,
                    ..HttpSettings::default()
                },
                sessions: SessionLifetime::default(),
                trace: Trace::default(),
            },
        );
        tokio::spawn(gs_router::serve(l, router));
        let bare = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let bare_addr = bare.local_addr().unwrap();
        tokio::spawn(async move {
            loop {
                let (s, _) = bare.accept().await.unwrap();
                s.set_nodelay(true).unwrap();
                tokio::spawn(async move {
                    let svc = hyper::service::service_fn(|_req| async {
                        let mut r =
                            hyper::Response::new(Full::new(Bytes::from_static(ANSWER.as_bytes())));
                        r.headers_mut().insert(
                            "content-type",
                            hyper::header::HeaderValue::from_static("application/json"),
                        );
                        Ok::<_, Infallible>(r)
                    });
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(hyper_util::rt::TokioIo::new(s), svc)
                        .await;
                });
            }
        });
        (addr, bare_addr)
    });
    let clients = 4;
    let sessions: Vec<Option<String>> = (0..clients)
        .map(|_| Some(initialize(router_addr)))
        .collect();
    let bare_sessions: Vec<Option<String>> = vec![None; clients];
    let bare = measure(bare_addr, &bare_sessions);
    let ours = measure(router_addr, &sessions);
    println!("tools/call round trip, {clients} concurrent keep-alive clients for throughput");
    println!(
        "{:<12} {:>10} {:>10} {:>12}",
        "", "p50", "p99", "requests/s"
    );
    for (name, f) in [("bare hyper", &bare), ("gs-router", &ours)] {
        println!(
            "{name:<12} {:>8.1}µs {:>8.1}µs {:>12.0}",
            f.p50.as_secs_f64() * 1e6,
            f.p99.as_secs_f64() * 1e6,
            f.rps
        );
    }
    println!(
        "ratio        {:>9.2}x {:>9.2}x {:>11.2}x",
        ours.p50.as_secs_f64() / bare.p50.as_secs_f64(),
        ours.p99.as_secs_f64() / bare.p99.as_secs_f64(),
        ours.rps / bare.rps
    );
    let _ = std::fs::remove_dir_all(&dir);
}
