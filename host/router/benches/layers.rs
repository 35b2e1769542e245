//! What each layer of a `tools/call` costs, in one process, with no HTTP.
//! Run with `cargo bench -p gs-router --bench layers`.
//!
//! The same call (the `hello` plug-in's `greet`, a trivial WebAssembly
//! tool) is made at each layer it passes through on its way in:
//!
//! 1. the toolset session (`ToolsetSession::call`: the argument check, the
//!    guest's call and the answer's conversion);
//! 2. the broker session (`BrokerSession::call`: the session's turn, the
//!    call's context, its first slice on this async thread);
//! 3. the router (`Router::handle_request`: the in-flight entry, the
//!    notifier, the JSON-RPC answer's serialisation);
//!
//! with the router answering `ping` beside them (its dispatch alone).
//! Each row is timed twice, alternating in blocks: hot (calls back to
//! back) and cold (4 MiB of other memory written before each call, as the
//! kernel, the client and other sessions do between one request of a real
//! session and the next). The cold figures are the ones that add up to
//! the gap between gs-mcp and the bare server in `roundtrip`: a call over
//! loopback finds the caches as cold as this.

mod common;
use common::Factory;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use gs_broker::{Broker, BrokerSession, CallControl, CallRequest, ToolSurface};
use gs_embedded::EmbeddedSession;
use gs_router::{Router, RouterSettings, Session};
use gs_toolset::{Arguments, CallContext, ServerIdentity, SilentNotifier, Toolset, ToolsetSession};
use gs_toolset_host::{Grants, HostConfig, ToolsetHost, WasmToolsetSpec};
use serde_json::{Map, Value, json};

const ARGUMENTS: &str = r#"{"name":"bench"}"#;
const BLOCKS: usize = 10;
const BLOCK: usize = 2_000;
/// More than the machine's last-level cache share of one core.
const EVICTION_BYTES: usize = 4 << 20;

fn identity() -> ServerIdentity {
    ServerIdentity {
        name: "gs-mcp".into(),
        version: "bench".into(),
        title: None,
    }
}

/// The four layers' callers, each ready to make its call.
struct Layers {
    toolset: Box<dyn ToolsetSession>,
    context: CallContext,
    broker: BrokerSession,
    router: Arc<Router>,
    session: Arc<Session>,
}

impl Layers {
    /// One call at `layer` (0 toolset, 1 broker, 2 router, 3 router ping).
    async fn call(&mut self, layer: usize) {
        let arguments = || Arguments::parse("greet", ARGUMENTS).expect("an object");
        match layer {
            0 => {
                let answer = self
                    .toolset
                    .call("greet", &arguments(), &self.context)
                    .await;
                assert!(answer.is_ok(), "{answer:?}");
            }
            1 => {
                let request = CallRequest {
                    tool: "greet".into(),
                    arguments: arguments(),
                    notifier: Arc::new(SilentNotifier),
                    control: CallControl::new(),
                    deadline: None,
                    read_only: false,
                };
                let answer = self.broker.call(request).await.expect("admitted");
                assert!(answer.is_ok(), "{answer:?}");
            }
            2 => {
                let params: Map<String, Value> =
                    Map::from_iter([("name".to_string(), json!("greet"))]);
                let answer = self
                    .router
                    .handle_request(
                        &self.session,
                        json!(2),
                        "tools/call",
                        Some(params),
                        Some(arguments()),
                        None,
                    )
                    .await;
                assert!(answer.is_some());
            }
            _ => {
                let answer = self
                    .router
                    .handle_request(&self.session, json!(3), "ping", None, None, None)
                    .await;
                assert!(answer.is_some());
            }
        }
    }
}

/// Writes every cache line of a buffer larger than the caches hold.
fn evict(buffer: &Mutex<Vec<u8>>) {
    let mut b = buffer.lock().unwrap();
    for i in (0..b.len()).step_by(64) {
        b[i] = b[i].wrapping_add(1);
    }
}

fn p50(samples: &mut [Duration]) -> f64 {
    samples.sort_unstable();
    samples[samples.len() / 2].as_secs_f64() * 1e6
}

fn main() {
    // `cargo bench` passes `--bench`; the test harness probing a bench
    // target runs nothing.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let host = ToolsetHost::new(HostConfig {
        cache_dir: Some(dir.path().join("cache")),
        ..HostConfig::default()
    })
    .expect("the WebAssembly host starts");
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::HELLO);
    spec.grants = Grants::from_names(&["image:read"]).unwrap();
    let hello: Arc<dyn Toolset> = Arc::new(host.load(&spec).expect("the hello plug-in loads"));
    let image = gs_image::Image::open(dir.path().join("bench.gsimage")).unwrap();
    let surface = ToolSurface::new(vec![(hello.clone(), None)]).unwrap();
    let broker = Arc::new(Broker::new(
        surface,
        Arc::new(Factory(image.clone())),
        identity(),
        false,
    ));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    // On an async thread, as the server makes its calls (a broker call
    // polls its first slice only there).
    let rows = runtime.block_on(async move {
        tokio::spawn(async move {
            let router = Router::new(broker.clone(), RouterSettings::default());
            let mut layers = Layers {
                toolset: hello.open_session(),
                context: CallContext::new(
                    Arc::new(EmbeddedSession::new(image.session())),
                    false,
                    Arc::new(identity()),
                ),
                broker: broker.open_session().await.expect("a broker session"),
                session: router.open_session(None).await.expect("a router session"),
                router,
            };
            measure(&mut layers).await
        })
        .await
        .unwrap()
    });
    println!(
        "A tools/call at each layer, in process, no HTTP: p50 of {} calls each",
        BLOCKS * BLOCK
    );
    println!(
        "   {:<28} {:>9} {:>9} {:>16}",
        "", "hot", "cold", "cold, own share"
    );
    let names = [
        "toolset session",
        "broker session",
        "router handle_request",
        "router ping",
    ];
    for (i, name) in names.iter().enumerate() {
        let (hot, cold) = rows[i];
        let own = match i {
            1 | 2 => format!("{:>6.2} µs", cold - rows[i - 1].1),
            _ => String::new(),
        };
        println!("   {name:<28} {hot:>6.2} µs {cold:>6.2} µs {own:>16}");
    }
}

/// Each layer's p50, hot and cold, measured in alternating blocks.
async fn measure(layers: &mut Layers) -> [(f64, f64); 4] {
    let buffer = Mutex::new(vec![1u8; EVICTION_BYTES]);
    let mut samples: Vec<[Vec<Duration>; 2]> = (0..4).map(|_| [Vec::new(), Vec::new()]).collect();
    for layer in 0..4 {
        for _ in 0..200 {
            layers.call(layer).await;
        }
    }
    for _ in 0..BLOCKS {
        for (layer, [hot, cold]) in samples.iter_mut().enumerate() {
            for _ in 0..BLOCK {
                let t = Instant::now();
                layers.call(layer).await;
                hot.push(t.elapsed());
            }
            for _ in 0..BLOCK {
                evict(&buffer);
                let t = Instant::now();
                layers.call(layer).await;
                cold.push(t.elapsed());
            }
        }
    }
    let mut rows = [(0.0, 0.0); 4];
    for (row, [hot, cold]) in rows.iter_mut().zip(samples.iter_mut()) {
        *row = (p50(hot), p50(cold));
    }
    rows
}
