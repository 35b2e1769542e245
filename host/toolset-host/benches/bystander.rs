//! A bystander's latency beside hostile sessions, printed as a table.
//!
//! Run with `cargo bench -p gs-toolset-host --bench bystander`. One session
//! calls `hello`'s `greet` in a loop and its latency is measured twice:
//! on an idle host, then while 50 sessions of `plugins/misbehave` and
//! `plugins/hostile` attack beside it — spinning to their deadline,
//! bombing memory to the cap, and starting instances whose start-up code
//! never returns — each on a thread of its own, as the session broker
//! runs long calls. The issue's target: the bystander's p99 within 2× of
//! the idle figure. One run (dev profile, shared 2-core machine at load
//! average ~7): idle p50 137 µs, p99 229 µs; beside 50 hostile sessions
//! p50 310 µs, p99 701 µs (ratio 3.1, target not met: the hostile threads
//! compete for the same two cores).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use gs_embedded::EmbeddedSession;
use gs_toolset::{CallContext, ServerIdentity, ToolsetSession};
use gs_toolset_host::{DirGrant, Grants, HostConfig, Limits, ToolsetHost, WasmToolsetSpec};

const HOSTILE_SESSIONS: usize = 50;
const SAMPLES: usize = 3000;

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() as f64 - 1.0) * p).round() as usize]
}

fn ctx(image: &gs_image::Image) -> CallContext {
    CallContext::new(
        Arc::new(EmbeddedSession::new(image.session())),
        false,
        Arc::new(ServerIdentity {
            name: "gs-mcp".into(),
            version: "0.1.0".into(),
            title: None,
        }),
    )
}

/// The bystander's call latencies.
fn measure(session: &mut dyn ToolsetSession, ctx: &CallContext) -> Vec<Duration> {
    let mut samples = Vec::with_capacity(SAMPLES);
    for _ in 0..SAMPLES {
        let start = Instant::now();
        session
            .call_json("greet", r#"{"name": "bystander"}"#, ctx)
            .expect("greet answers");
        samples.push(start.elapsed());
        // A client's think time between calls.
        std::thread::sleep(Duration::from_micros(500));
    }
    samples
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

fn main() {
    let cache = std::env::temp_dir().join("gs-toolset-bench-cache");
    let host = Arc::new(
        ToolsetHost::new(HostConfig {
            cache_dir: Some(cache),
            max_instances: 200,
            ..HostConfig::default()
        })
        .expect("host"),
    );
    let hello = host
        .load(&WasmToolsetSpec::new(gs_test_plugins::HELLO))
        .expect("hello loads");
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
    let hostile = host.load(&spec).expect("hostile loads");
    std::fs::write(cfg.path().join("hang"), b"").unwrap();

    let dir = tempfile::tempdir().unwrap();
    let image = Arc::new(gs_image::Image::open(dir.path().join("bench.image")).unwrap());
    let by_ctx = ctx(&image);
    let mut bystander = hello.session();
    measure(&mut bystander, &by_ctx); // warm-up
    let idle = report(
        "bystander, idle host",
        &mut measure(&mut bystander, &by_ctx),
    );

    let stop = Arc::new(AtomicBool::new(false));
    let attacks = Arc::new(AtomicU64::new(0));
    let threads: Vec<_> = (0..HOSTILE_SESSIONS)
        .map(|i| {
            let (stop, attacks, image) = (stop.clone(), attacks.clone(), image.clone());
            let (misbehave, hostile) = (misbehave.clone(), hostile.clone());
            std::thread::spawn(move || {
                let ctx = ctx(&image);
                let mut m = misbehave.session();
                let mut h = hostile.session();
                while !stop.load(Ordering::Relaxed) {
                    let _ = match i % 3 {
                        0 => m.call_json("spin", "{}", &ctx),
                        1 => m.call_json("bomb", "{}", &ctx),
                        _ => h.call_json("hello", "{}", &ctx),
                    };
                    attacks.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let loaded = report(
        "bystander, 50 hostile",
        &mut measure(&mut bystander, &by_ctx),
    );
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    println!(
        "hostile calls stopped: {}; p99 ratio {:.2} (target ≤ 2); instance memory now {} bytes",
        attacks.load(Ordering::Relaxed),
        loaded.as_secs_f64() / idle.as_secs_f64(),
        host.memory_in_use()
    );
}
