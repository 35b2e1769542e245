//! Outbound HTTP by grant: the `fetcher` plug-in sends requests through
//! wasi:http to HTTP servers this test starts on loopback (granted by
//! address, as the operator would have to). What is not granted never
//! reaches a server; what is granted arrives, and its response is held to
//! the toolset's cap, the call's deadline and its caller's cancellation.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::*;
use gs_toolset::{ErrorKind, ToolResult};
use gs_toolset_host::{
    Grants, HostConfig, Limits, NetGrant, ToolsetHost, WasmToolset, WasmToolsetSpec,
};
use serde_json::{Value, json};

/// What a test server does with one request, given its request line.
type Respond = Arc<dyn Fn(&str, &mut TcpStream) + Send + Sync>;

/// An HTTP server on a loopback port, answering each request with
/// `respond` and recording the request lines and Host headers it saw.
struct Server {
    address: SocketAddr,
    seen: Arc<Mutex<Vec<String>>>,
}

impl Server {
    fn start(respond: Respond) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { return };
                let log = log.clone();
                let respond = respond.clone();
                std::thread::spawn(move || {
                    let mut reader = BufReader::new(stream.try_clone().unwrap());
                    let mut line = String::new();
                    if reader.read_line(&mut line).is_err() {
                        return;
                    }
                    let mut host = String::new();
                    loop {
                        let mut header = String::new();
                        if reader.read_line(&mut header).unwrap_or(0) == 0 || header == "\r\n" {
                            break;
                        }
                        if let Some(h) = header.to_ascii_lowercase().strip_prefix("host:") {
                            host = h.trim().to_string();
                        }
                    }
                    let line = line.trim_end().to_string();
                    log.lock().unwrap().push(format!("{line} host={host}"));
                    respond(&line, &mut stream);
                });
            }
        });
        Server { address, seen }
    }

    /// A server answering `200 OK` with `body`.
    fn answering(body: &'static str) -> Server {
        Server::start(Arc::new(move |_, stream| {
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
        }))
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    fn grant(&self) -> NetGrant {
        NetGrant {
            https: false,
            host: self.address.ip().to_string(),
            port: self.address.port(),
        }
    }

    fn seen(&self) -> Vec<String> {
        self.seen.lock().unwrap().clone()
    }
}

/// The `fetcher` toolset on a host of its own (kept alive with it: the
/// host's ticker enforces deadlines).
struct Fetcher {
    _host: ToolsetHost,
    toolset: WasmToolset,
}

impl Fetcher {
    fn session(&self) -> gs_toolset_host::WasmSession {
        self.toolset.session()
    }
}

/// `component` granted `net` and nothing else, under `limits`.
fn loaded(component: &str, net: Vec<NetGrant>, limits: Limits) -> Fetcher {
    let mut spec = WasmToolsetSpec::new(component);
    spec.grants = Grants {
        net,
        ..Grants::default()
    };
    spec.limits = limits;
    let host = host();
    let toolset = host.load(&spec).expect("the plug-in loads");
    Fetcher {
        _host: host,
        toolset,
    }
}

fn fetcher(net: Vec<NetGrant>, limits: Limits) -> Fetcher {
    loaded(gs_test_plugins::FETCHER, net, limits)
}

fn fetch(toolset: &Fetcher, read_only: bool, arguments: Value) -> ToolResult {
    fetch_in(&TestImage::new(), toolset, read_only, arguments)
}

/// As [`fetch`], on a session of `img`: for a test timing the call alone
/// (an image takes a moment to make, a stone's longer).
fn fetch_in(img: &TestImage, toolset: &Fetcher, read_only: bool, arguments: Value) -> ToolResult {
    let mut s = toolset.session();
    call(&mut s, &img.ctx(read_only), "fetch", &arguments.to_string())
}

fn answer(result: ToolResult) -> Value {
    result
        .expect("the tool answers")
        .structured
        .expect("structured")
}

#[test]
fn a_granted_origin_is_reached_and_answers() {
    let server = Server::answering("hello from the vendor");
    let t = fetcher(vec![server.grant()], Limits::default());
    let a = answer(fetch(
        &t,
        false,
        json!({"url": server.url("/v1/items?q=1")}),
    ));
    assert_eq!(a["status"], 200, "{a}");
    assert_eq!(a["body"], "hello from the vendor");
    assert_eq!(
        server.seen(),
        [format!(
            "GET /v1/items?q=1 HTTP/1.1 host={}",
            server.address
        )]
    );
}

#[test]
fn nothing_is_granted_by_default_and_nothing_leaves() {
    let server = Server::answering("secret");
    let t = fetcher(Vec::new(), Limits::default());
    let a = answer(fetch(&t, false, json!({"url": server.url("/")})));
    assert_eq!(a["error"], "HttpRequestDenied", "{a}");
    assert!(server.seen().is_empty());
}

#[test]
fn another_port_or_scheme_of_a_granted_host_is_refused() {
    let granted = Server::answering("granted");
    let other = Server::answering("other");
    let t = fetcher(vec![granted.grant()], Limits::default());
    let a = answer(fetch(&t, false, json!({"url": other.url("/")})));
    assert_eq!(a["error"], "HttpRequestDenied", "{a}");
    let https = format!("https://{}/", granted.address);
    let a = answer(fetch(&t, false, json!({"url": https})));
    assert_eq!(a["error"], "HttpRequestDenied", "{a}");
    assert!(other.seen().is_empty() && granted.seen().is_empty());
}

#[test]
fn a_name_that_resolves_to_loopback_is_refused_unless_granted_by_address() {
    let server = Server::answering("internal");
    let by_name = NetGrant {
        host: "localhost".into(),
        ..server.grant()
    };
    let t = fetcher(vec![by_name], Limits::default());
    let url = format!("http://localhost:{}/", server.address.port());
    let a = answer(fetch(&t, false, json!({"url": url})));
    assert_eq!(a["error"], "DestinationIpProhibited", "{a}");
    assert!(server.seen().is_empty());
}

#[test]
fn a_redirect_is_answered_not_followed() {
    let elsewhere = Server::answering("elsewhere");
    let location = elsewhere.url("/moved");
    let server = Server::start(Arc::new(move |_, stream| {
        let _ = write!(
            stream,
            "HTTP/1.1 302 Found\r\nlocation: {location}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
        );
    }));
    let t = fetcher(vec![server.grant()], Limits::default());
    let a = answer(fetch(&t, false, json!({"url": server.url("/old")})));
    assert_eq!(a["status"], 302, "{a}");
    let a = answer(fetch(&t, false, json!({"url": elsewhere.url("/moved")})));
    assert_eq!(a["error"], "HttpRequestDenied", "{a}");
    assert!(elsewhere.seen().is_empty());
}

#[test]
fn a_read_only_call_may_read_but_not_send() {
    let server = Server::answering("ok");
    let t = fetcher(vec![server.grant()], Limits::default());
    let a = answer(fetch(
        &t,
        true,
        json!({"url": server.url("/x"), "method": "POST", "body": "change"}),
    ));
    assert_eq!(a["error"], "HttpRequestDenied", "{a}");
    assert!(server.seen().is_empty());
    let a = answer(fetch(&t, true, json!({"url": server.url("/x")})));
    assert_eq!(a["status"], 200, "{a}");
}

#[test]
fn a_response_over_the_cap_is_cut_off() {
    let server = Server::start(Arc::new(|_, stream| {
        let _ = write!(
            stream,
            "HTTP/1.1 200 OK\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
            1 << 20
        );
        let _ = stream.write_all(&vec![b'x'; 1 << 20]);
    }));
    let limits = Limits {
        net_response: 64 << 10,
        ..Limits::default()
    };
    let t = fetcher(vec![server.grant()], limits);
    let a = answer(fetch(&t, false, json!({"url": server.url("/big")})));
    let error = a["error"].as_str().unwrap_or_default();
    assert!(error.contains("exceeds limit: 65536 bytes"), "{a}");
    assert!(a["received"].as_u64().unwrap() <= 64 << 10, "{a}");
}

/// A server that reads the request and never answers.
fn silent() -> Server {
    Server::start(Arc::new(|_, _| std::thread::sleep(Duration::from_secs(30))))
}

#[test]
fn a_call_waiting_on_a_silent_server_stops_at_its_deadline() {
    let server = silent();
    let deadline = Duration::from_millis(500);
    let limits = Limits {
        deadline,
        ..Limits::default()
    };
    let t = fetcher(vec![server.grant()], limits);
    let img = TestImage::new();
    let start = Instant::now();
    let e = fetch_in(&img, &t, false, json!({"url": server.url("/slow")})).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Deadline, "{}", e.message);
    assert!(
        start.elapsed() < deadline + Duration::from_secs(1),
        "took {:?}",
        start.elapsed()
    );
}

#[test]
fn a_call_waiting_on_a_silent_server_stops_when_cancelled() {
    let server = silent();
    let t = fetcher(vec![server.grant()], Limits::default());
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let cancel = ctx.cancel.clone();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        cancel.cancel();
    });
    let mut s = t.session();
    let start = Instant::now();
    let e = call(
        &mut s,
        &ctx,
        "fetch",
        &json!({"url": server.url("/slow")}).to_string(),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Cancelled, "{}", e.message);
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "took {:?}",
        start.elapsed()
    );
}

#[test]
fn an_https_server_whose_certificate_is_not_trusted_is_refused() {
    // A TLS server on loopback with a self-signed certificate for
    // 127.0.0.1: the handshake fails on the certificate, so no request is
    // ever sent.
    let generated = rcgen::generate_simple_self_signed(vec!["127.0.0.1".into()]).unwrap();
    let key =
        rustls_pki_types::PrivateKeyDer::try_from(generated.signing_key.serialize_der()).unwrap();
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_no_client_auth()
    .with_single_cert(vec![generated.cert.der().clone()], key)
    .unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    let requests = Arc::new(Mutex::new(0));
    let counted = requests.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut tcp) = stream else { return };
            let mut tls = rustls::ServerConnection::new(Arc::new(config.clone())).unwrap();
            let mut stream = rustls::Stream::new(&mut tls, &mut tcp);
            let mut line = [0u8; 64];
            if matches!(stream.read(&mut line), Ok(n) if n > 0) {
                *counted.lock().unwrap() += 1;
            }
        }
    });
    let t = fetcher(
        vec![NetGrant {
            https: true,
            host: "127.0.0.1".into(),
            port: address.port(),
        }],
        Limits::default(),
    );
    let a = answer(fetch(
        &t,
        false,
        json!({"url": format!("https://127.0.0.1:{}/", address.port())}),
    ));
    assert_eq!(a["error"], "TlsCertificateError", "{a}");
    assert_eq!(*requests.lock().unwrap(), 0, "no request was sent");
}

/// `hello`'s `http_get`, which uses the SDK's `http` module: the same
/// grant check, and a refusal worded for the model and the operator.
#[test]
fn the_sdk_s_http_module_reaches_a_granted_origin_and_names_an_ungranted_one() {
    let server = Server::answering("{\"ok\": true}");
    let load = |net| loaded(gs_test_plugins::HELLO, net, Limits::default());
    let img = TestImage::new();
    let granted = load(vec![server.grant()]);
    let url = server.url("/status");
    let args = json!({ "url": url }).to_string();
    let a = call(&mut granted.session(), &img.ctx(false), "http_get", &args)
        .expect("the GET answers")
        .structured
        .expect("structured");
    assert_eq!(
        a,
        json!({"status": 200, "contentType": null, "text": "{\"ok\": true}"})
    );
    let elsewhere = NetGrant {
        port: server.address.port() ^ 1,
        ..server.grant()
    };
    let denied = load(vec![elsewhere]);
    let e = call(&mut denied.session(), &img.ctx(false), "http_get", &args).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused, "{}", e.message);
    assert_eq!(
        e.message,
        format!(
            "GET to `http://{0}` is not granted to this toolset; the operator grants origins \
             with `net = [\"http://{0}\"]` in toolsets.toml (a read-only session sends only \
             GET, HEAD and OPTIONS)",
            server.address
        )
    );
    assert_eq!(server.seen().len(), 1, "only the granted GET arrived");
}

/// A tool that declares it needs `net` (0.1.3 `requirements`) is left out
/// of a toolset granted no origin, and the host says which grant it
/// lacks; a 0.1.2 build of the same plug-in declares nothing, so its tool
/// is offered and fails at its host call.
#[test]
fn a_tool_needing_net_is_left_out_without_an_origin() {
    let load = |component| loaded(component, Vec::new(), Limits::default());
    let today = load(gs_test_plugins::HELLO);
    assert_eq!(
        today.toolset.left_out(),
        [("http_get".to_string(), vec!["net".to_string()])]
    );
    let info = gs_toolset::Toolset::info(&today.toolset);
    assert!(info.tool("http_get").is_none());
    assert!(info.tool("greet").is_some_and(|t| t.grants.is_empty()));

    let origin = NetGrant {
        https: true,
        host: "api.acme.example".into(),
        port: 443,
    };
    let granted = loaded(gs_test_plugins::HELLO, vec![origin], Limits::default());
    let info = gs_toolset::Toolset::info(&granted.toolset);
    assert_eq!(
        info.tool("http_get").map(|t| t.grants.clone()),
        Some(vec!["net".to_string()])
    );

    let older = load(gs_test_plugins::HELLO_0_1_2);
    assert!(older.toolset.left_out().is_empty());
    let img = TestImage::new();
    let args = json!({"url": "http://127.0.0.1:9/"}).to_string();
    let e = call(&mut older.session(), &img.ctx(false), "http_get", &args).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused, "{}", e.message);
}

#[test]
fn an_instance_has_at_most_sixteen_connections_open() {
    // Each response's head arrives and its body never does, so every
    // connection stays open while the plug-in holds its response.
    let server = Server::start(Arc::new(|_, stream| {
        let _ = write!(stream, "HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n");
        std::thread::sleep(Duration::from_secs(30));
    }));
    let t = fetcher(vec![server.grant()], Limits::default());
    let img = TestImage::new();
    let mut s = t.session();
    let count = |answers: &Value, what: &Value| {
        answers["answers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| *a == what)
            .count()
    };
    for round in 0..2 {
        let arguments = json!({"url": server.url("/held"), "count": 20}).to_string();
        let a = answer(call(&mut s, &img.ctx(false), "fetch_many", &arguments));
        assert_eq!(count(&a, &json!({"status": 200})), 16, "round {round}: {a}");
        assert_eq!(
            count(&a, &json!({"error": "ConnectionLimitReached"})),
            4,
            "round {round}: {a}"
        );
        // The call dropped its responses, closing their connections.
        std::thread::sleep(Duration::from_millis(500));
    }
}

#[test]
fn connections_count_against_the_host_s_descriptors() {
    let server = Server::start(Arc::new(|_, stream| {
        let _ = write!(stream, "HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n");
        std::thread::sleep(Duration::from_secs(30));
    }));
    let host = ToolsetHost::new(HostConfig {
        cache_dir: Some(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolset-cache")),
        max_descriptors: 4,
        ..HostConfig::default()
    })
    .unwrap();
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::FETCHER);
    spec.grants = Grants {
        net: vec![server.grant()],
        ..Grants::default()
    };
    let t = host.load(&spec).unwrap();
    let img = TestImage::new();
    let mut s = t.session();
    let arguments = json!({"url": server.url("/held"), "count": 6}).to_string();
    let a = answer(call(&mut s, &img.ctx(false), "fetch_many", &arguments));
    let answers = a["answers"].as_array().unwrap();
    let refused = json!({"error": "ConnectionLimitReached"});
    assert_eq!(answers.iter().filter(|x| **x == refused).count(), 2, "{a}");
    assert_eq!(
        answers.iter().filter(|x| x["status"] == 200).count(),
        4,
        "{a}"
    );
}
