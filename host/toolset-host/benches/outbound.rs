//! What a granted outbound HTTP request costs a plug-in: the `fetcher`
//! plug-in's GET to a loopback server (granted by address), against the
//! same request made natively by this process (a new TCP connection, one
//! HTTP/1.1 GET, the response read to its end), the two alternating
//! request by request, side by side in one run.
//!
//! Target (issue 21): the plug-in's request adds ≤ 2 ms to the native
//! round trip (p50). Figures are in docs/benchmarks.md.
//!
//! Run: `cargo bench -p gs-toolset-host --bench outbound`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

use gs_embedded::EmbeddedSession;
use gs_toolset::{Arguments, CallContext, ServerIdentity, ToolsetSession};
use gs_toolset_host::{Grants, HostConfig, NetGrant, ToolsetHost, WasmToolsetSpec};

const SAMPLES: usize = 1000;
const BODY: &str = "{\"ok\": true, \"items\": [1, 2, 3]}";

/// A loopback HTTP server answering every request with [`BODY`] and
/// closing the connection.
fn server() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            while reader.read_line(&mut line).unwrap_or(0) > 0 && line != "\r\n" {
                line.clear();
            }
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{BODY}",
                BODY.len()
            );
        }
    });
    address
}

/// The same GET, natively: connect, send, read to the end.
fn native(address: SocketAddr) {
    let mut stream = TcpStream::connect(address).unwrap();
    write!(
        stream,
        "GET /items HTTP/1.1\r\nhost: {address}\r\nconnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    assert!(answer.ends_with(BODY.as_bytes()));
}

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort_unstable();
    samples[((samples.len() - 1) as f64 * p) as usize]
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn main() {
    let address = server();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let host = ToolsetHost::new(HostConfig {
        cache_dir: Some(std::env::temp_dir().join("gs-toolset-bench-cache")),
        ..HostConfig::default()
    })
    .expect("host");
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::FETCHER);
    spec.grants = Grants {
        net: vec![NetGrant {
            https: false,
            host: address.ip().to_string(),
            port: address.port(),
        }],
        ..Grants::default()
    };
    let fetcher = host.load(&spec).expect("fetcher loads");
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("bench.image")).unwrap();
    let ctx = CallContext::new(
        Arc::new(EmbeddedSession::new(image.session())),
        false,
        Arc::new(ServerIdentity {
            name: "gs-mcp".into(),
            version: "bench".into(),
            title: None,
        }),
    );
    let mut session = fetcher.session();
    let arguments = Arguments::parse(
        "fetch",
        &serde_json::json!({ "url": format!("http://{address}/items") }).to_string(),
    )
    .unwrap();
    let mut through_plugin = || {
        let answer = rt
            .block_on(session.call("fetch", &arguments, &ctx))
            .expect("the fetch answers");
        let structured = answer.structured.expect("structured");
        assert_eq!(structured["status"], 200, "{structured}");
    };

    for _ in 0..50 {
        native(address);
        through_plugin();
    }
    let (mut plain, mut plugin) = (Vec::new(), Vec::new());
    for _ in 0..SAMPLES {
        let start = Instant::now();
        native(address);
        plain.push(start.elapsed());
        let start = Instant::now();
        through_plugin();
        plugin.push(start.elapsed());
    }
    let (n50, n99) = (percentile(&mut plain, 0.5), percentile(&mut plain, 0.99));
    let (p50, p99) = (percentile(&mut plugin, 0.5), percentile(&mut plugin, 0.99));
    println!("{SAMPLES} GETs each, alternating, to a loopback server");
    println!(
        "native             p50 {:>8.1} µs   p99 {:>8.1} µs",
        micros(n50),
        micros(n99)
    );
    println!(
        "through the plug-in p50 {:>8.1} µs   p99 {:>8.1} µs",
        micros(p50),
        micros(p99)
    );
    println!(
        "added by the plug-in and the host: p50 {:.1} µs (target ≤ 2000 µs), {:.2}× native",
        micros(p50.saturating_sub(n50)),
        p50.as_secs_f64() / n50.as_secs_f64()
    );
}
