//! A bystander's latency beside hostile sessions, printed as a table.
//!
//! Run with `cargo bench -p gs-toolset-host --bench bystander`. One session
//! calls `hello`'s `greet` in a loop and its latency is measured twice:
//! on an idle host, then while 50 sessions of `plugins/misbehave` and
//! `plugins/hostile` attack beside it — spinning to their deadline,
//! bombing memory to the cap, and starting instances whose start-up code
//! never returns — each a task on the async threads (two, as on the
//! project's machine) calling through the session broker, as the server
//! does (a call's first slice where it was asked, the rest on the
//! session's image worker). The bystander's calls are made the same way,
//! and its doits as a built-in tool's image work runs. The target: the
//! bystander's p99 within 2× of the idle figure. The loaded run is made
//! twice, side by side: with the host's default long-call lanes, and with
//! as many lanes as hostile sessions. Figures are in docs/benchmarks.md.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use gs_broker::{
    Broker, BrokerSession, CallControl, CallRequest, ImageSessionFactory, ToolSurface,
};
use gs_embedded::EmbeddedSession;
use gs_toolset::{
    Arguments, CallContext, CancelToken, ImageSession, ServerIdentity, SilentNotifier, ToolResult,
    Toolset,
};

use gs_toolset_host::{DirGrant, Grants, HostConfig, Limits, ToolsetHost, WasmToolsetSpec};

const HOSTILE_SESSIONS: usize = 50;
const SAMPLES: usize = 3000;
const DOIT_SAMPLES: usize = 300;
const DOIT: &str = "(1 to: 20000) inject: 0 into: [:sum :each | sum + each]";

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() as f64 - 1.0) * p).round() as usize]
}

fn identity() -> ServerIdentity {
    ServerIdentity {
        name: "gs-mcp".into(),
        version: "0.1.0".into(),
        title: None,
    }
}

fn ctx(image: &gs_image::Image) -> CallContext {
    CallContext::new(
        Arc::new(EmbeddedSession::new(image.session())),
        false,
        Arc::new(identity()),
    )
}

/// Each broker session an embedded image session of its own.
struct Sessions(Arc<gs_image::Image>);

impl ImageSessionFactory for Sessions {
    fn open(&self) -> Result<Arc<dyn ImageSession>, String> {
        Ok(Arc::new(EmbeddedSession::new(self.0.session())))
    }

    fn opens_at_once(&self) -> bool {
        true
    }
}

/// A broker serving one toolset's tools over `image`.
fn broker(toolset: impl Toolset + 'static, image: &Arc<gs_image::Image>) -> Arc<Broker> {
    let surface = ToolSurface::new(vec![(Arc::new(toolset) as Arc<dyn Toolset>, None)])
        .expect("one toolset's tools");
    Arc::new(Broker::new(
        surface,
        Arc::new(Sessions(image.clone())),
        identity(),
        false,
    ))
}

/// Makes one call through the session broker, as the server does.
async fn call(session: &BrokerSession, tool: &str, arguments: &Arguments) -> ToolResult {
    session
        .call(CallRequest {
            tool: tool.into(),
            arguments: arguments.clone(),
            notifier: Arc::new(SilentNotifier),
            control: CallControl::new(),
            deadline: None,
            read_only: false,
        })
        .await
        .expect("the broker knows the tool")
}

/// The bystander: one session of `hello` and one image session.
struct Caller {
    session: BrokerSession,
    ctx: CallContext,
    greeting: Arguments,
}

impl Caller {
    /// The latencies of `n` `greet` calls.
    async fn greet(&mut self, n: usize) -> Vec<Duration> {
        let mut samples = Vec::with_capacity(n);
        for _ in 0..n {
            let start = Instant::now();
            call(&self.session, "greet", &self.greeting)
                .await
                .expect("greet answers");
            samples.push(start.elapsed());
            think().await;
        }
        samples
    }

    /// The latencies of `n` doits: about 2 ms of interpreter work, the kind
    /// a built-in tool runs, on the session's image worker.
    async fn doit(&mut self, n: usize) -> Vec<Duration> {
        let mut samples = Vec::with_capacity(n);
        for _ in 0..n {
            let start = Instant::now();
            self.ctx
                .blocking(|ctx| ctx.image.execute(DOIT, &CancelToken::new()))
                .await
                .expect("the doit answers");
            samples.push(start.elapsed());
            think().await;
        }
        samples
    }

    /// The p99s of both kinds of call, printed under `when`.
    async fn measure(&mut self, lanes: usize, when: &str) -> Bystander {
        Bystander {
            greet: report(
                &format!("{lanes} lanes: greet, {when}"),
                &mut self.greet(SAMPLES).await,
            ),
            doit: report(
                &format!("{lanes} lanes: doit, {when}"),
                &mut self.doit(DOIT_SAMPLES).await,
            ),
        }
    }
}

/// A client's think time between calls.
async fn think() {
    tokio::time::sleep(Duration::from_micros(500)).await;
}

fn report(name: &str, samples: &mut [Duration]) -> Duration {
    let p50 = percentile(samples, 0.5);
    let p99 = percentile(samples, 0.99);
    println!(
        "{name:<28} p50 {:>9.1} µs   p99 {:>9.1} µs   (n = {})",
        p50.as_secs_f64() * 1e6,
        p99.as_secs_f64() * 1e6,
        samples.len()
    );
    p99
}

/// One host with `lanes` long-call lanes: the bystander's p99 idle and
/// beside the hostile sessions.
fn run(lanes: usize) -> (Bystander, Bystander) {
    let cache = std::env::temp_dir().join("gs-toolset-bench-cache");
    let host = Arc::new(
        ToolsetHost::new(HostConfig {
            cache_dir: Some(cache),
            max_instances: 200,
            long_call_lanes: lanes,
            ..HostConfig::default()
        })
        .expect("host"),
    );
    let hello = host
        .load(&WasmToolsetSpec::new(gs_test_plugins::HELLO))
        .expect("hello loads");
    let dir = tempfile::tempdir().unwrap();
    let image = Arc::new(gs_image::Image::open(dir.path().join("bench.image")).unwrap());
    let hello = broker(hello, &image);
    let quick = Limits {
        deadline: Duration::from_millis(200),
        ..Limits::default()
    };
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::MISBEHAVE);
    spec.limits = quick;
    let misbehave = host.load(&spec).expect("misbehave loads");
    let cfg = tempfile::tempdir().unwrap();
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::HOSTILE);
    spec.limits = quick;
    spec.grants = Grants {
        dirs: vec![DirGrant {
            host_path: cfg.path().to_owned(),
            guest_path: "/cfg".into(),
            writable: false,
        }],
        ..Grants::default()
    };
    let hostile = broker(host.load(&spec).expect("hostile loads"), &image);
    let misbehave = broker(misbehave, &image);
    std::fs::write(cfg.path().join("hang"), b"").unwrap();

    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let (idle, mut caller) = rt.block_on(async move {
        tokio::spawn(async move {
            let mut caller = Caller {
                session: hello.open_session().await.expect("a session"),
                ctx: ctx(&image),
                greeting: Arguments::parse("greet", r#"{"name": "bystander"}"#).unwrap(),
            };
            caller.greet(SAMPLES).await; // warm-up
            caller.doit(DOIT_SAMPLES).await;
            (caller.measure(lanes, "idle").await, caller)
        })
        .await
        .expect("the bystander runs")
    });

    let stop = Arc::new(AtomicBool::new(false));
    let attacks = Arc::new(AtomicU64::new(0));
    let tasks: Vec<_> = (0..HOSTILE_SESSIONS)
        .map(|i| {
            let (stop, attacks) = (stop.clone(), attacks.clone());
            let (misbehave, hostile) = (misbehave.clone(), hostile.clone());
            rt.spawn(async move {
                let m = misbehave.open_session().await.expect("a session");
                let h = hostile.open_session().await.expect("a session");
                let none = Arguments::none();
                while !stop.load(Ordering::Relaxed) {
                    let _ = match i % 3 {
                        0 => call(&m, "spin", &none).await,
                        1 => call(&m, "bomb", &none).await,
                        _ => call(&h, "hello", &none).await,
                    };
                    attacks.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let loaded = rt.block_on(async move {
        tokio::spawn(async move { caller.measure(lanes, "50 hostile").await })
            .await
            .expect("the bystander runs")
    });
    stop.store(true, Ordering::Relaxed);
    rt.block_on(async {
        for t in tasks {
            t.await.unwrap();
        }
    });
    println!(
        "{lanes} lanes: hostile calls stopped: {}; instance memory now {} bytes",
        attacks.load(Ordering::Relaxed),
        host.memory_in_use()
    );
    (idle, loaded)
}

/// A bystander's p99 latencies.
struct Bystander {
    greet: Duration,
    doit: Duration,
}

fn ratio(loaded: Duration, idle: Duration) -> f64 {
    loaded.as_secs_f64() / idle.as_secs_f64()
}

fn main() {
    let default = gs_toolset_host::default_long_call_lanes();
    let (idle, loaded) = run(default);
    let (idle_all, loaded_all) = run(HOSTILE_SESSIONS);
    println!(
        "p99 beside 50 hostile sessions, against idle (target ≤ 2×): greet {:.2}× with \
         {default} lane(s), {:.2}× with {HOSTILE_SESSIONS}; doit {:.2}× with {default}, {:.2}× \
         with {HOSTILE_SESSIONS}",
        ratio(loaded.greet, idle.greet),
        ratio(loaded_all.greet, idle_all.greet),
        ratio(loaded.doit, idle.doit),
        ratio(loaded_all.doit, idle_all.doit),
    );
}
