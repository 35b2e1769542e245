//! The MCP transport against a bare hyper server, side by side in one run.
//! Run with `cargo bench -p gs-router` (`GS_BENCH_LANES=N` gives the
//! WebAssembly host N long-call lanes instead of its default).
//!
//! `GS_BENCH_PROFILE=sequential|concurrent` runs one workload alone
//! against gs-mcp for 20 s (one client calling in turn, or 32 at once),
//! printing the server's process id first, for a profiler to attach to
//! (`perf record -p PID`, `perf stat -p PID`); `sequential-bare` and
//! `concurrent-bare` run it against the bare server instead, and
//! `sequential-bare-reading` against the bare server that reads each body.
//!
//! `GS_BENCH_BEFORE=PATH`, the path of this benchmark's binary built from
//! an earlier commit, adds that build's router as one more server in 1 and
//! 2, measured in the same blocks (its session and stateless calls in 1):
//! how a change to the call path is compared before and after in one run.
//!
//! Both servers run in child processes of this benchmark (the same binary,
//! started again in a server role), so the clients' threads and sockets
//! never count toward a server's memory. The bare server is hyper 1 over
//! tokio with TCP_NODELAY, answering every POST with the exact JSON body
//! gs-mcp answered for the call. Measured:
//!
//! 1. `tools/call` round trip, p50 and p99, for the `hello` plug-in's
//!    `greet` (a trivial WebAssembly tool), one keep-alive connection,
//!    sequential calls; the two servers alternate in blocks so a change in
//!    the machine's load hits both. Each block starts afresh (the client
//!    pauses, then makes a few unmeasured calls): on a virtual machine a
//!    block that followed straight on from another inherited where the
//!    other's threads had left the scheduler, and the same server measured
//!    anything from 14 µs to 70 µs depending on which row it followed.
//!    Target: gs-mcp p50 ≤ 1.3 × bare.
//!    Two more rows alternate with them to show where the gap lies: the
//!    bare server reading each request's body before it answers (hyper's
//!    body channel costs a wake-up of its own), and gs-mcp answering `ping`
//!    (the transport without a tool call). The four rows are measured
//!    twice: as the scheduler places the threads, then with every
//!    processor kept awake by a thread that only yields (see
//!    [`KeepAwake`] for why the first pass alone misleads on a virtual
//!    machine whose idle processors halt).
//! 2. Throughput with 32 concurrent sessions, each its own keep-alive
//!    connection calling as fast as it can. Target: ≥ 0.7 × bare. Beside
//!    it, each server's CPU time per call, user and system: the clients
//!    share the two cores with the server, so throughput follows the
//!    server's CPU per call, and the split shows whether the kernel's
//!    socket work or the server's own code makes the difference.
//! 3. 1,000 concurrent sessions each holding a GET stream: the resident
//!    memory the server process gains per idle session (its image session,
//!    its stream, its connection). Plug-in instances are not counted: a
//!    session creates one only at its first call. Target: ≤ 64 KiB.
//!    A sixth row is the same call as a stateless request of the
//!    2026-07-28 revision (no session; each call runs in a throwaway image
//!    session). Target: p50 ≤ 1.3 × bare.
//! 4. With `[auth]` (ES256 tokens, the JWKS served by the server process
//!    itself on another loopback port): the `tools/call` round trip with a
//!    bearer token is a fifth row of 1 (target: p50 ≤ 1.4 × bare; a
//!    validated token is cached by its hash, so its signature is checked
//!    once). Then, twice, 10,000 requests with invalid tokens of every
//!    kind (garbage, forged signature, expired, unknown key id, HMAC,
//!    `none`) while a legitimate session keeps calling: the server's
//!    resident memory before and after each, and that session's p50/p99
//!    before and during the floods.

mod common;
use common::Factory;

use std::convert::Infallible;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use bytes::Bytes;
use gs_broker::{Broker, ToolSurface};
use gs_router::{HttpSettings, Router, RouterSettings};
use gs_toolset::{ServerIdentity, Toolset};
use gs_toolset_host::{Grants, HostConfig, ToolsetHost, WasmToolsetSpec};
use http_body_util::{BodyExt, Full};
use hyper::Request;
use hyper::body::Incoming;

/// The environment variable that puts this binary in a server role.
const ROLE: &str = "GS_ROUTER_BENCH_ROLE";
/// The body the bare server answers with.
const BODY: &str = "GS_ROUTER_BENCH_BODY";

const CALL: &str = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"greet","arguments":{"name":"bench"}}}"#;
/// A request the router answers itself: its round trip is the transport's
/// share of a call's, printed beside it to show where the time goes.
const PING: &str = r#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#;
/// The same `greet` call as a stateless request of the 2026-07-28
/// revision: no session, the client's facts in `_meta`, the method and
/// tool name repeated in the routing headers.
const STATELESS_CALL: &str = r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"greet","arguments":{"name":"bench"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"bench","version":"1"}}}}"#;

const CONCURRENT: usize = 32;
const IDLE_SESSIONS: usize = 1000;

/// The public key (a JWK) the authenticating server trusts.
const JWK: &str = "GS_ROUTER_BENCH_JWK";
/// The resource id the benchmark's tokens are for.
const RESOURCE: &str = "https://bench.example/mcp";

/// Serves `{"keys": [jwk]}` at `/jwks` on a loopback port; answers its
/// URL.
async fn serve_jwks(jwk: String) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/jwks", l.local_addr().unwrap());
    let body = format!("{{\"keys\":[{jwk}]}}");
    tokio::spawn(async move {
        loop {
            let Ok((mut s, _)) = l.accept().await else {
                return;
            };
            let body = body.clone();
            tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                let _ = s.read(&mut buf).await;
                let reply = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = s.write_all(reply.as_bytes()).await;
            });
        }
    });
    url
}

/// A P-256 key: the signing half and its public JWK.
fn es256_key() -> (jsonwebtoken::EncodingKey, String) {
    use base64::Engine;
    use ring::signature::KeyPair;
    let rng = ring::rand::SystemRandom::new();
    let alg = &ring::signature::ECDSA_P256_SHA256_FIXED_SIGNING;
    let pkcs8 = ring::signature::EcdsaKeyPair::generate_pkcs8(alg, &rng).unwrap();
    let pair = ring::signature::EcdsaKeyPair::from_pkcs8(alg, pkcs8.as_ref(), &rng).unwrap();
    let public = pair.public_key().as_ref();
    let b64 = |b: &[u8]| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b);
    let jwk = format!(
        r#"{{"kty":"EC","crv":"P-256","kid":"bench","x":"{}","y":"{}"}}"#,
        b64(&public[1..33]),
        b64(&public[33..65])
    );
    (jsonwebtoken::EncodingKey::from_ec_der(pkcs8.as_ref()), jwk)
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// A token for the benchmark's resource, signed with `key` under `kid`,
/// expiring `ttl` seconds from now (negative: already expired).
fn token(key: &jsonwebtoken::EncodingKey, kid: &str, ttl: i64, jti: usize) -> String {
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
    header.kid = Some(kid.into());
    let claims = serde_json::json!({
        "iss": "https://idp.bench.example", "aud": RESOURCE, "sub": "DataCurator",
        "scope": "mcp:use mcp:write", "exp": unix_now() as i64 + ttl, "jti": jti,
    });
    jsonwebtoken::encode(&header, &claims, key).unwrap()
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Serves gs-mcp with the `hello` plug-in until stdin closes; with `[auth]`
/// trusting the JWK in the environment when `auth` is set.
fn serve_router(auth: bool) {
    let dir = tempfile::tempdir().unwrap();
    let host = ToolsetHost::new(HostConfig {
        cache_dir: Some(dir.path().join("cache")),
        max_instances: (IDLE_SESSIONS + CONCURRENT + 16) as u32,
        long_call_lanes: std::env::var("GS_BENCH_LANES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(gs_toolset_host::default_long_call_lanes),
        ..HostConfig::default()
    })
    .expect("the WebAssembly host starts");
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::HELLO);
    spec.grants = Grants::from_names(&["image:read"]).unwrap();
    let hello = host.load(&spec).expect("the hello plug-in loads");
    let surface = ToolSurface::new(vec![(Arc::new(hello) as Arc<dyn Toolset>, None)]).unwrap();
    let image = gs_image::Image::open(dir.path().join("bench.gsimage")).unwrap();
    let broker = Arc::new(Broker::new(
        surface,
        Arc::new(Factory(image)),
        ServerIdentity {
            name: "gs-mcp".into(),
            version: "bench".into(),
            title: None,
        },
        false,
    ));
    let rt = runtime();
    rt.block_on(async {
        let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = l.local_addr().unwrap();
        let authenticator = match auth {
            false => None,
            true => {
                let jwks = serve_jwks(std::env::var(JWK).expect("the JWK to trust")).await;
                let config = gs_auth::AuthConfig {
                    issuer: "https://idp.bench.example".into(),
                    audience: RESOURCE.into(),
                    jwks_uri: Some(jwks),
                    required_scopes: vec!["mcp:use".into()],
                    write_scope: "mcp:write".into(),
                    extra_scopes: vec![],
                    user_claim: "sub".into(),
                    // The benchmark's tokens name the embedded image's own user.
                    allow_system_users: vec!["DataCurator".into()],
                    clock_skew: Duration::from_secs(60),
                    jwks_min_refresh: Duration::from_secs(30),
                    on_token_expiry: gs_auth::TokenExpiry::KeepUntilNextRequest,
                };
                let a = Arc::new(gs_auth::Authenticator::new(config, Default::default()));
                a.prefetch().await.expect("the JWKS is served");
                Some(a)
            }
        };
        let router = Router::with_auth(
            broker,
            RouterSettings {
                listen: addr,
                http: HttpSettings {
                    max_sessions: IDLE_SESSIONS + CONCURRENT + 16,
                    max_sessions_per_caller: None,
                    // The idle sessions' streams all come from this process.
                    max_connections_per_address: None,
                    ..HttpSettings::default()
                },
                ..RouterSettings::default()
            },
            authenticator,
        );
        tokio::spawn(gs_router::serve(l, router));
        announce(addr).await;
    });
}

/// Serves the bare hyper answer until stdin closes. With `read_body` the
/// server first reads each request's body, as any server that answers the
/// request (rather than ignoring it) must.
fn serve_bare(read_body: bool) {
    let body = Bytes::from(std::env::var(BODY).expect("the body to answer"));
    let rt = runtime();
    rt.block_on(async {
        let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = l.local_addr().unwrap();
        tokio::spawn(async move {
            loop {
                let (s, _) = l.accept().await.unwrap();
                s.set_nodelay(true).unwrap();
                let body = body.clone();
                tokio::spawn(async move {
                    let svc = hyper::service::service_fn(move |req: Request<Incoming>| {
                        let body = body.clone();
                        async move {
                            if read_body {
                                let _ = req.into_body().collect().await;
                            }
                            let mut r = hyper::Response::new(Full::new(body));
                            r.headers_mut().insert(
                                "content-type",
                                hyper::header::HeaderValue::from_static("application/json"),
                            );
                            Ok::<_, Infallible>(r)
                        }
                    });
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(hyper_util::rt::TokioIo::new(s), svc)
                        .await;
                });
            }
        });
        announce(addr).await;
    });
}

/// Prints the address for the parent, then serves until the parent closes
/// stdin (so a benchmark that dies leaves no server behind).
async fn announce(addr: SocketAddr) {
    println!("{addr}");
    tokio::task::spawn_blocking(|| {
        let mut sink = Vec::new();
        let _ = std::io::stdin().read_to_end(&mut sink);
    })
    .await
    .unwrap();
}

/// A server in a child process.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(role: &str, body: Option<&str>) -> Server {
        Server::start_with(role, body.map(|b| (BODY, b)))
    }

    fn start_with(role: &str, env: Option<(&str, &str)>) -> Server {
        Server::start_from(&std::env::current_exe().unwrap(), role, env)
    }

    /// A server in `role` from the benchmark binary `exe`.
    fn start_from(exe: &std::path::Path, role: &str, env: Option<(&str, &str)>) -> Server {
        let mut cmd = Command::new(exe);
        cmd.env(ROLE, role)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        if let Some((k, v)) = env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("the server process starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .parse()
            .expect("the server announces its address");
        Server { child, addr }
    }

    /// The server process's resident memory in bytes.
    fn resident(&self) -> usize {
        let statm =
            std::fs::read_to_string(format!("/proc/{}/statm", self.child.id())).unwrap_or_default();
        statm
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse::<usize>().ok())
            .unwrap_or(0)
            * 4096
    }

    /// The CPU time the server process has used so far, user and system.
    fn cpu(&self) -> (Duration, Duration) {
        // Fields 14 and 15 of /proc/<pid>/stat, counted after the command
        // name (which may hold spaces) in clock ticks of 1/100 s (Linux's
        // USER_HZ on every architecture it runs this benchmark on).
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .split_whitespace()
            .collect();
        let ticks = |i: usize| {
            let n = fields
                .get(i)
                .and_then(|f| f.parse::<u64>().ok())
                .unwrap_or(0);
            Duration::from_millis(n * 10)
        };
        (ticks(11), ticks(12))
    }
}

/// Calls answered under load, over how long, and the CPU the server used
/// for them.
#[derive(Default)]
struct Load {
    calls: f64,
    elapsed: Duration,
    user: Duration,
    system: Duration,
}

impl Load {
    /// Adds one window of [`throughput`] against `server`.
    fn add(&mut self, server: &Server, sessions: &[Option<String>], window: Duration) {
        let w = throughput(server, sessions, window);
        self.calls += w.calls;
        self.elapsed += w.elapsed;
        self.user += w.user;
        self.system += w.system;
    }

    fn rate(&self) -> f64 {
        self.calls / self.elapsed.as_secs_f64()
    }
}

impl std::fmt::Display for Load {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let per_call = |d: Duration| micros(d) / self.calls.max(1.0);
        write!(
            f,
            "{:>9.0} calls/s  server CPU per call: user {:>5.1} µs, system {:>5.1} µs",
            self.rate(),
            per_call(self.user),
            per_call(self.system)
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}

/// One keep-alive connection: sends a POST, reads one response.
struct Client {
    stream: TcpStream,
    request: Vec<u8>,
    buf: Vec<u8>,
    /// The status every answer must have (200 but for the flood).
    status: &'static str,
}

impl Client {
    fn new(addr: SocketAddr, session: Option<&str>) -> Client {
        Client::sending(addr, session, CALL)
    }

    fn sending(addr: SocketAddr, session: Option<&str>, body: &str) -> Client {
        Client::authorized(addr, session, body, None)
    }

    /// A client of the 2026-07-28 revision's stateless `tools/call`.
    fn stateless(addr: SocketAddr) -> Client {
        let mut c = Client::sending(addr, None, STATELESS_CALL);
        let headers =
            "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: greet\r\n\r\n";
        let text = String::from_utf8(c.request).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        c.request = format!("{head}\r\n{headers}{body}").into_bytes();
        c
    }

    fn authorized(
        addr: SocketAddr,
        session: Option<&str>,
        body: &str,
        token: Option<&str>,
    ) -> Client {
        let stream = TcpStream::connect(addr).unwrap();
        stream.set_nodelay(true).unwrap();
        let mut request = format!(
            "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\n",
            body.len()
        );
        if let Some(s) = session {
            request.push_str(&format!("MCP-Session-Id: {s}\r\n"));
        }
        if let Some(t) = token {
            request.push_str(&format!("Authorization: Bearer {t}\r\n"));
        }
        request.push_str("\r\n");
        request.push_str(body);
        Client {
            stream,
            request: request.into_bytes(),
            buf: Vec::with_capacity(4096),
            status: "http/1.1 200",
        }
    }

    /// One call; answers the response body.
    fn round_trip(&mut self) -> &[u8] {
        self.stream.write_all(&self.request).unwrap();
        self.buf.clear();
        let mut chunk = [0u8; 4096];
        loop {
            let n = self.stream.read(&mut chunk).unwrap();
            assert!(n > 0, "server closed the connection");
            self.buf.extend_from_slice(&chunk[..n]);
            if let Some(end) = self.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&self.buf[..end]).to_ascii_lowercase();
                assert!(head.starts_with(self.status), "{head}");
                let len: usize = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .map(|v| v.trim().parse().unwrap())
                    .expect("a JSON answer with a Content-Length");
                if self.buf.len() >= end + 4 + len {
                    return &self.buf[end + 4..end + 4 + len];
                }
            }
        }
    }
}

fn initialize(addr: SocketAddr) -> String {
    initialize_as(addr, None)
}

fn initialize_as(addr: SocketAddr, token: Option<&str>) -> String {
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}"#;
    let mut s = TcpStream::connect(addr).unwrap();
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        s,
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{auth}Connection: close\r\nContent-Length: {}\r\n\r\n{body}",
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
        .unwrap_or_else(|| panic!("no session id in {raw}"))
}

/// Opens the session's GET stream and reads its response head.
fn open_stream(addr: SocketAddr, session: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET /mcp HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\nMCP-Session-Id: {session}\r\n\r\n"
    )
    .unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        assert_eq!(s.read(&mut byte).unwrap(), 1, "the stream closed");
        head.push(byte[0]);
    }
    assert!(head.starts_with(b"HTTP/1.1 200"));
    s
}

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

/// One window of calls from every session at once, each on its own
/// connection as fast as it can: how many were answered in how long, and
/// the server's CPU time over that span.
fn throughput(server: &Server, sessions: &[Option<String>], window: Duration) -> Load {
    let addr = server.addr;
    let stop = Arc::new(AtomicBool::new(false));
    let count = Arc::new(AtomicU64::new(0));
    let go = Arc::new(std::sync::Barrier::new(sessions.len() + 1));
    let threads: Vec<_> = sessions
        .iter()
        .cloned()
        .map(|s| {
            let (stop, count, go) = (stop.clone(), count.clone(), go.clone());
            std::thread::spawn(move || {
                let mut c = Client::new(addr, s.as_deref());
                c.round_trip();
                go.wait();
                let mut n = 0;
                while !stop.load(Ordering::Relaxed) {
                    c.round_trip();
                    n += 1;
                }
                count.fetch_add(n, Ordering::Relaxed);
            })
        })
        .collect();
    go.wait();
    let (user, system) = server.cpu();
    let start = Instant::now();
    std::thread::sleep(window);
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    let elapsed = start.elapsed();
    let (user_after, system_after) = server.cpu();
    Load {
        calls: count.load(Ordering::Relaxed) as f64,
        elapsed,
        user: user_after.saturating_sub(user),
        system: system_after.saturating_sub(system),
    }
}

/// One client's stateless calls in turn for `window`, for a profiler.
fn throughput_stateless(server: &Server, window: Duration) -> Load {
    let mut c = Client::stateless(server.addr);
    c.round_trip();
    let (user, system) = server.cpu();
    let start = Instant::now();
    let mut calls = 0;
    while start.elapsed() < window {
        c.round_trip();
        calls += 1;
    }
    let (user_after, system_after) = server.cpu();
    Load {
        calls: calls as f64,
        elapsed: start.elapsed(),
        user: user_after.saturating_sub(user),
        system: system_after.saturating_sub(system),
    }
}

/// Runs one workload alone against gs-mcp, for a profiler: `sequential`
/// (one session calling in turn), `concurrent` (32 sessions at once) or
/// `stateless` (one client's 2026-07-28 calls in turn, no session),
/// against the bare server instead with the suffix `-bare`, or against
/// the bare server that reads each body with `-bare-reading`.
fn profile(workload: &str) {
    let (workload_name, bare_role) = match workload.rsplit_once('-') {
        Some((name, "bare")) => (name, Some("bare")),
        Some((name, "reading")) => (name.trim_end_matches("-bare"), Some("bare-reading")),
        _ => (workload, None),
    };
    let bare = bare_role.is_some();
    let router = match bare_role {
        None => Server::start("router", None),
        Some(role) => Server::start(role, Some("{}")),
    };
    let clients = match workload_name {
        "sequential" | "stateless" => 1,
        "concurrent" => CONCURRENT,
        other => panic!("GS_BENCH_PROFILE is sequential, concurrent or stateless, not {other:?}"),
    };
    if workload == "stateless" {
        println!("server process {}", router.child.id());
        let load = throughput_stateless(&router, Duration::from_secs(20));
        println!("{workload}: {load}");
        return;
    }
    let sessions: Vec<Option<String>> = (0..clients)
        .map(|_| (!bare).then(|| initialize(router.addr)))
        .collect();
    println!("server process {}", router.child.id());
    let load = throughput(&router, &sessions, Duration::from_secs(20));
    println!("{workload}: {load}");
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// Measures the rows' round trips, alternating blocks, and prints them.
fn latency(rows: &mut [(&str, Client, Vec<Duration>)], how: &str) {
    for (_, _, samples) in rows.iter_mut() {
        samples.clear();
    }
    for _ in 0..10 {
        for (_, client, samples) in rows.iter_mut() {
            // A fresh start for every block: the processors idle, then a
            // few round trips unmeasured, so that no block inherits where
            // the previous block's threads left the scheduler.
            std::thread::sleep(Duration::from_millis(20));
            for _ in 0..50 {
                client.round_trip();
            }
            for _ in 0..500 {
                let t = Instant::now();
                client.round_trip();
                samples.push(t.elapsed());
            }
        }
    }
    println!(
        "\n1. tools/call round trip (greet, WebAssembly), one connection, n = 5000 each, {how}"
    );
    let mut p50s = Vec::new();
    for (name, _, samples) in rows.iter_mut() {
        let (p50, p99) = (percentile(samples, 0.5), percentile(samples, 0.99));
        p50s.push(p50.as_secs_f64());
        println!(
            "   {name:<17} p50 {:>7.1} µs  p99 {:>7.1} µs  ({:.2}× bare)",
            micros(p50),
            micros(p99),
            p50s[p50s.len() - 1] / p50s[0]
        );
    }
    println!(
        "   p50 ratio {:.2}× (target ≤ 1.3×); against the bare server reading its body {:.2}×",
        p50s[1] / p50s[0],
        p50s[1] / p50s[2]
    );
    println!(
        "   with [auth] (bearer token on every call): p50 ratio {:.2}× (target ≤ 1.4×)",
        p50s[4] / p50s[0]
    );
    println!(
        "   stateless (2026-07-28, a throwaway image session per call): p50 ratio {:.2}× (target ≤ 1.3×)",
        p50s[5] / p50s[0]
    );
    if let (Some(before), Some(before_stateless)) = (p50s.get(6), p50s.get(7)) {
        println!(
            "   against the earlier build: session call {:.2}×, stateless call {:.2}×",
            p50s[1] / before,
            p50s[5] / before_stateless
        );
    }
}

/// 10,000 requests with invalid tokens of every kind, twice, from two
/// client threads, each request on a connection of its own, while `legit`
/// keeps calling: memory and the legitimate session's latency before and
/// during.
fn invalid_token_flood(server: &Server, legit: &mut Client, key: &jsonwebtoken::EncodingKey) {
    use base64::Engine;
    const FLOOD: usize = 10_000;
    let measure = |legit: &mut Client, n: usize| {
        let mut samples: Vec<Duration> = (0..n)
            .map(|_| {
                let t = Instant::now();
                legit.round_trip();
                t.elapsed()
            })
            .collect();
        (
            percentile(&mut samples, 0.5),
            percentile(&mut samples, 0.99),
        )
    };
    let (p50_before, p99_before) = measure(legit, 2000);
    let before = server.resident();
    let b64 = |s: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(s);
    let (forger, _) = es256_key();
    let hmac = {
        let mut h = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256);
        h.kid = Some("bench".into());
        move |i: usize| {
            let c = serde_json::json!({"iss": "https://idp.bench.example", "aud": RESOURCE,
                "sub": "DataCurator", "scope": "mcp:use", "exp": unix_now() + 3600, "jti": i});
            jsonwebtoken::encode(&h, &c, &jsonwebtoken::EncodingKey::from_secret(b"x")).unwrap()
        }
    };
    let bad: Vec<String> = (0..FLOOD)
        .map(|i| match i % 6 {
            0 => format!("garbage{i}"),
            1 => token(&forger, "bench", 3600, i),
            2 => token(key, "bench", -3600, i),
            3 => token(&forger, &format!("kid{i}"), 3600, i),
            4 => hmac(i),
            _ => format!(
                "{}.{}.",
                b64(r#"{"alg":"none"}"#),
                b64(&format!(r#"{{"jti":{i}}}"#))
            ),
        })
        .collect();
    let addr = server.addr;
    // Each item a request on a connection of its own: with a token, a
    // call that token must fail (401); without, a GET of the protected
    // resource metadata, which needs no token (200).
    let flood = |legit: &mut Client, items: Vec<Option<String>>| {
        let halves: Vec<Vec<Option<String>>> = items
            .chunks(FLOOD / 2)
            .map(<[Option<String>]>::to_vec)
            .collect();
        let flooders: Vec<_> = halves
            .into_iter()
            .map(|items| {
                std::thread::spawn(move || {
                    for item in items {
                        let mut c = Client::authorized(addr, None, CALL, item.as_deref());
                        match item {
                            Some(_) => c.status = "http/1.1 401",
                            None => {
                                c.request = format!(
                                    "GET /.well-known/oauth-protected-resource HTTP/1.1\r\n\
                                     Host: {addr}\r\n\r\n"
                                )
                                .into_bytes()
                            }
                        }
                        c.round_trip();
                    }
                })
            })
            .collect();
        let mut during = Vec::new();
        while flooders.iter().any(|f| !f.is_finished()) {
            let t = Instant::now();
            legit.round_trip();
            during.push(t.elapsed());
        }
        for f in flooders {
            f.join().unwrap();
        }
        std::thread::sleep(Duration::from_millis(300));
        during
    };
    let invalid: Vec<Option<String>> = bad.into_iter().map(Some).collect();
    // The flood runs twice: the first's growth includes what any load
    // first makes the allocator keep (its arenas, connection buffers);
    // memory that grows with the requests grows again in the second.
    let mut during = flood(legit, invalid.clone());
    let after_first = server.resident();
    during.extend(flood(legit, invalid));
    let after = server.resident();
    // The same load of requests that carry no token: what the legitimate
    // session would see beside any 10,000 requests on as many connections
    // sharing these two processors.
    let mut control = flood(legit, vec![None; FLOOD]);
    let (p50_during, p99_during) = (percentile(&mut during, 0.5), percentile(&mut during, 0.99));
    let (p50_control, p99_control) = (
        percentile(&mut control, 0.5),
        percentile(&mut control, 0.99),
    );
    let kib = |from: usize, to: usize| (to as f64 - from as f64) / 1024.0;
    println!(
        "\n4. [auth]: {FLOOD} requests with invalid tokens (6 kinds) beside a legitimate \
         session, twice"
    );
    println!(
        "   server resident {:.1} MiB → {:.1} MiB after the first ({:+.1} KiB) → {:.1} MiB \
         after the second ({:+.1} KiB)",
        before as f64 / 1048576.0,
        after_first as f64 / 1048576.0,
        kib(before, after_first),
        after as f64 / 1048576.0,
        kib(after_first, after)
    );
    println!(
        "   legitimate calls: before p50 {:.1} µs p99 {:.1} µs; during (n = {}) p50 {:.1} µs p99 {:.1} µs",
        micros(p50_before),
        micros(p99_before),
        during.len(),
        micros(p50_during),
        micros(p99_during)
    );
    println!(
        "   beside {FLOOD} metadata GETs, which need no token (n = {}): p50 {:.1} µs p99 {:.1} µs; \
         the invalid tokens' p99 against it {:.2}×",
        control.len(),
        micros(p50_control),
        micros(p99_control),
        micros(p99_during) / micros(p99_control)
    );
}

/// One thread per processor that gives way to any other thread at once
/// (it only yields) but never lets the processor go idle.
///
/// Why: on a virtual machine whose idle processors halt at once (guest halt
/// polling off, as on this project's machine), waking one costs tens of
/// microseconds, more than either server's work. A sequential client's
/// round trip then measures whether the scheduler happened to put the
/// client and the server's threads where no processor idles between them,
/// and the same server measures 10 µs or 115 µs from one placement to the
/// next. With every processor kept awake the round trip is the servers'
/// work and their threads' hand-offs, as on a machine whose idle processors
/// wake quickly.
struct KeepAwake {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl KeepAwake {
    fn start(cores: usize) -> KeepAwake {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..cores)
            .map(|_| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::thread::yield_now();
                    }
                })
            })
            .collect();
        KeepAwake { stop, threads }
    }
}

impl Drop for KeepAwake {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

fn main() {
    match std::env::var(ROLE).as_deref() {
        Ok("router") => return serve_router(false),
        Ok("router-auth") => return serve_router(true),
        Ok("bare") => return serve_bare(false),
        Ok("bare-reading") => return serve_bare(true),
        _ => {}
    }
    // `cargo bench` passes `--bench`; anything else (the test harness
    // probing a bench target) runs nothing.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    if let Ok(workload) = std::env::var("GS_BENCH_PROFILE") {
        return profile(&workload);
    }
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    println!(
        "gs-router vs bare hyper — {cores} cores, load average {} at start",
        load_average()
    );

    let router = Server::start("router", None);
    let session = initialize(router.addr);
    let mut c = Client::new(router.addr, Some(&session));
    let answer = String::from_utf8(c.round_trip().to_vec()).unwrap();
    assert!(answer.contains("Hello, bench!"), "{answer}");
    let bare = Server::start("bare", Some(&answer));
    let mut b = Client::new(bare.addr, None);
    assert_eq!(
        b.round_trip(),
        answer.as_bytes(),
        "both answer the same body"
    );

    let reading = Server::start("bare-reading", Some(&answer));
    let r = Client::new(reading.addr, None);
    let p = Client::sending(router.addr, Some(&session), PING);
    let (key, jwk) = es256_key();
    let authed = Server::start_with("router-auth", Some((JWK, &jwk)));
    let good = token(&key, "bench", 3600, 0);
    let authed_session = initialize_as(authed.addr, Some(&good));
    let mut a = Client::authorized(authed.addr, Some(&authed_session), CALL, Some(&good));
    assert_eq!(
        a.round_trip(),
        answer.as_bytes(),
        "the authenticated call answers alike"
    );

    let mut st = Client::stateless(router.addr);
    let stateless_answer = String::from_utf8(st.round_trip().to_vec()).unwrap();
    assert!(
        stateless_answer.contains("Hello, bench!"),
        "{stateless_answer}"
    );

    // 1. Latency, alternating blocks. Beside the target's two rows: the bare
    // server reading each body, and `ping` (the router answering by itself),
    // to show how much of the gap is reading the request and how much the
    // call.
    let mut rows: Vec<(&str, Client, Vec<Duration>)> = vec![
        ("bare hyper", b, Vec::new()),
        ("gs-router", c, Vec::new()),
        ("bare, reads body", r, Vec::new()),
        ("gs-router ping", p, Vec::new()),
        ("gs-router +auth", a, Vec::new()),
        ("gs-router stateless", st, Vec::new()),
    ];
    let before = std::env::var_os("GS_BENCH_BEFORE")
        .map(|exe| Server::start_from(std::path::Path::new(&exe), "router", None));
    if let Some(before) = &before {
        let session = initialize(before.addr);
        let mut c = Client::new(before.addr, Some(&session));
        assert_eq!(
            c.round_trip(),
            answer.as_bytes(),
            "the earlier build answers alike"
        );
        rows.push(("gs-router before", c, Vec::new()));
        rows.push((
            "before stateless",
            Client::stateless(before.addr),
            Vec::new(),
        ));
    }
    for _ in 0..1000 {
        for (_, client, _) in rows.iter_mut() {
            client.round_trip();
        }
    }
    latency(&mut rows, "as the scheduler places the threads");
    {
        let _awake = KeepAwake::start(cores);
        latency(&mut rows, "with every processor kept awake");
    }
    let (_, mut a, _) = rows.swap_remove(4);
    drop(reading);
    invalid_token_flood(&authed, &mut a, &key);
    drop(authed);

    // 2. Throughput with 32 sessions, alternating windows.
    let sessions: Vec<Option<String>> = (0..CONCURRENT)
        .map(|_| Some(initialize(router.addr)))
        .collect();
    let anonymous = vec![None; CONCURRENT];
    let window = Duration::from_secs(3);
    let before_sessions: Vec<Option<String>> = match &before {
        Some(b) => (0..CONCURRENT).map(|_| Some(initialize(b.addr))).collect(),
        None => Vec::new(),
    };
    let (mut ours, mut theirs, mut earlier) = (Load::default(), Load::default(), Load::default());
    for _ in 0..2 {
        theirs.add(&bare, &anonymous, window);
        ours.add(&router, &sessions, window);
        if let Some(b) = &before {
            earlier.add(b, &before_sessions, window);
        }
    }
    println!("\n2. throughput, {CONCURRENT} concurrent sessions (keep-alive), 2 × 3 s each");
    println!("   bare hyper  {theirs}");
    println!("   gs-router   {ours}");
    println!(
        "   ratio {:.2}× (target ≥ 0.7×)",
        ours.rate() / theirs.rate()
    );
    if before.is_some() {
        println!("   before      {earlier}");
        println!(
            "   before's ratio {:.2}×; now against before {:.2}×",
            earlier.rate() / theirs.rate(),
            ours.rate() / earlier.rate()
        );
    }
    drop(before);
    drop(bare);
    drop(router);

    // 3. Memory per idle session, in a fresh server process.
    let router = Server::start("router", None);
    let warm = initialize(router.addr);
    let warm_stream = open_stream(router.addr, &warm);
    std::thread::sleep(Duration::from_millis(300));
    let before = router.resident();
    let mut streams = Vec::with_capacity(IDLE_SESSIONS);
    for _ in 0..IDLE_SESSIONS {
        let s = initialize(router.addr);
        streams.push(open_stream(router.addr, &s));
    }
    std::thread::sleep(Duration::from_millis(500));
    let after = router.resident();
    let per = after.saturating_sub(before) as f64 / IDLE_SESSIONS as f64;
    println!("\n3. {IDLE_SESSIONS} idle sessions, each holding a GET stream");
    println!(
        "   server resident {:.1} MiB → {:.1} MiB: {:.1} KiB per session (target ≤ 64 KiB)",
        before as f64 / 1048576.0,
        after as f64 / 1048576.0,
        per / 1024.0
    );
    drop((streams, warm_stream));
    println!("\nload average {} at end", load_average());
}
