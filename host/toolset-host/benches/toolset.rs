//! Benchmarks of the WebAssembly toolset host, printed as a table.
//!
//! Run with `cargo bench -p gs-toolset-host --bench toolset`. Measures, with
//! the `hello` and `misbehave` test plug-ins:
//!
//! - a fresh instance for a new session (target: p50 ≤ 20 µs);
//! - the first call of a fresh instance, what a stateless request's
//!   throwaway instance pays on top of its creation (the guest builds its
//!   toolset on its first call; no target);
//! - a trivial tool call, host side, on a warm instance (target: p50 ≤ 5 µs),
//!   and the host's check of its arguments against the tool's input
//!   schema on its own (target: ≤ 1 µs), for `greet`'s hand-built schema
//!   and for `acme_db`'s `acme_query`, whose schema is derived from its
//!   argument type (`Tool::typed`: a string enum, bounds, a length,
//!   nullable types);
//! - extra resident memory per session holding one instance (target:
//!   ≤ 1 MiB);
//! - how far past its deadline a runaway call ends (target: ≤ 50 ms), for
//!   a call spinning in WebAssembly and for one asleep in WASI;
//! - server start: a new host loading three plug-ins (`acme_db`, `hello`,
//!   `misbehave`) whose compiled artefacts are cached (target: ≤ 300 ms).
//!
//! The latest figures are in docs/benchmarks.md.

use std::sync::Arc;
use std::time::{Duration, Instant};

use gs_embedded::EmbeddedSession;
use gs_toolset::{Arguments, CallContext, ServerIdentity, ToolResult, ToolsetSession};
use gs_toolset_host::{Grants, HostConfig, Limits, ToolsetHost, WasmSession, WasmToolsetSpec};

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    let i = ((samples.len() as f64 - 1.0) * p).round() as usize;
    samples[i]
}

fn resident_bytes() -> usize {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: usize = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

fn report(name: &str, samples: &mut [Duration], target: &str) {
    let p50 = percentile(samples, 0.5);
    let p99 = percentile(samples, 0.99);
    println!(
        "{name:<34} p50 {:>9.2} µs   p99 {:>9.2} µs   (n = {}, target {target})",
        p50.as_secs_f64() * 1e6,
        p99.as_secs_f64() * 1e6,
        samples.len()
    );
}

/// One call run to its end on this thread, as the broker's task polls it.
fn now(
    rt: &tokio::runtime::Runtime,
    s: &mut WasmSession,
    tool: &str,
    arguments: &Arguments,
    ctx: &CallContext,
) -> ToolResult {
    rt.block_on(s.call(tool, arguments, ctx))
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let cache = std::env::temp_dir().join("gs-toolset-bench-cache");
    let host = ToolsetHost::new(HostConfig {
        cache_dir: Some(cache.clone()),
        max_instances: 1100,
        ..HostConfig::default()
    })
    .expect("host");
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::HELLO);
    spec.grants = Grants::from_names(&["image:read"]).unwrap();
    let hello = host.load(&spec).expect("hello loads");

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

    // 1. A fresh instance for a new session.
    let mut samples = Vec::new();
    for _ in 0..3000 {
        let mut s = hello.session();
        let start = Instant::now();
        s.ensure_instance().unwrap();
        samples.push(start.elapsed());
    }
    report("instance for a new session", &mut samples, "≤ 20 µs");

    // 2. A trivial call on a warm instance, host side.
    let mut s = hello.session();
    let args = Arguments::parse("greet", r#"{"name": "bench"}"#).unwrap();
    now(&rt, &mut s, "greet", &args, &ctx).unwrap();
    let mut samples = Vec::new();
    for _ in 0..20000 {
        let start = Instant::now();
        let r = now(&rt, &mut s, "greet", &args, &ctx);
        samples.push(start.elapsed());
        assert!(r.is_ok());
    }
    report("trivial call (greet)", &mut samples, "≤ 5 µs");
    // The first call of a fresh instance, which a stateless request makes.
    let mut samples = Vec::new();
    for _ in 0..3000 {
        let mut fresh = hello.session();
        fresh.ensure_instance().unwrap();
        let start = Instant::now();
        let r = now(&rt, &mut fresh, "greet", &args, &ctx);
        samples.push(start.elapsed());
        assert!(r.is_ok());
    }
    report("first call of a fresh instance", &mut samples, "—");
    // The host's check of the call's arguments against greet's input
    // schema, which the call above includes, timed on its own in batches
    // of 100 (one check is near the clock's resolution).
    let mut samples = Vec::new();
    for _ in 0..2000 {
        let start = Instant::now();
        for _ in 0..100 {
            std::hint::black_box(hello.check_arguments("greet", std::hint::black_box(&args)))
                .unwrap();
        }
        samples.push(start.elapsed() / 100);
    }
    report("its argument check alone", &mut samples, "≤ 1 µs");
    // The same for a schema as the SDK derives it from a Rust type.
    let mut acme_spec = WasmToolsetSpec::new(gs_test_plugins::ACME_DB);
    acme_spec.grants = Grants::from_names(&["image:read", "image:execute"]).unwrap();
    let acme = host.load(&acme_spec).expect("acme_db loads");
    let query = Arguments::parse("acme_query", r#"{"report": "sales", "limit": 10}"#).unwrap();
    let mut samples = Vec::new();
    for _ in 0..2000 {
        let start = Instant::now();
        for _ in 0..100 {
            std::hint::black_box(acme.check_arguments("acme_query", std::hint::black_box(&query)))
                .unwrap();
        }
        samples.push(start.elapsed() / 100);
    }
    report("argument check, derived schema", &mut samples, "≤ 1 µs");
    let no_args = Arguments::none();
    let mut samples = Vec::new();
    for _ in 0..20000 {
        let start = Instant::now();
        let r = now(&rt, &mut s, "counter", &no_args, &ctx);
        samples.push(start.elapsed());
        assert!(r.is_ok());
    }
    report("structured call (counter)", &mut samples, "-");

    // 3. Resident memory per session holding one instance.
    let sessions_n = 1000;
    let before = resident_bytes();
    let mut sessions = Vec::with_capacity(sessions_n);
    for _ in 0..sessions_n {
        let mut s = hello.session();
        now(&rt, &mut s, "greet", &args, &ctx).unwrap();
        sessions.push(s);
    }
    let after = resident_bytes();
    let per = (after.saturating_sub(before)) as f64 / sessions_n as f64;
    println!(
        "{:<34} {:>9.1} KiB per session ({sessions_n} sessions, one call each; target ≤ 1024 KiB)",
        "resident memory",
        per / 1024.0
    );
    drop(sessions);

    // 4. How far past its deadline a runaway call ends.
    let deadline = Duration::from_millis(100);
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::MISBEHAVE);
    spec.limits = Limits {
        deadline,
        ..Limits::default()
    };
    let misbehave = host.load(&spec).expect("misbehave loads");
    let mut s = misbehave.session();
    let mut samples = Vec::new();
    for _ in 0..20 {
        let start = Instant::now();
        let e = now(&rt, &mut s, "spin", &no_args, &ctx).unwrap_err();
        samples.push(start.elapsed().saturating_sub(deadline));
        assert_eq!(e.kind, gs_toolset::ErrorKind::Deadline);
    }
    report("runaway overshoot past deadline", &mut samples, "≤ 50 ms");

    // 5. The same for a call asleep in WASI, where epoch checks do not reach.
    let sleep_args = Arguments::parse("sleep", r#"{"seconds": 60}"#).unwrap();
    let mut samples = Vec::new();
    for _ in 0..20 {
        let start = Instant::now();
        let e = now(&rt, &mut s, "sleep", &sleep_args, &ctx).unwrap_err();
        samples.push(start.elapsed().saturating_sub(deadline));
        assert_eq!(e.kind, gs_toolset::ErrorKind::Deadline);
    }
    report("asleep overshoot past deadline", &mut samples, "≤ 50 ms");
    drop(s);
    drop(misbehave);
    drop(hello);
    drop(host);

    // 6. Server start: a new engine loading three plug-ins whose compiled
    // artefacts are in the cache (as at every start after the first).
    let three = [
        gs_test_plugins::ACME_DB,
        gs_test_plugins::HELLO,
        gs_test_plugins::MISBEHAVE,
    ];
    let start_host = || {
        let host = ToolsetHost::new(HostConfig {
            cache_dir: Some(cache.clone()),
            ..HostConfig::default()
        })
        .expect("host");
        let loaded: Vec<_> = three
            .iter()
            .map(|path| host.load(&WasmToolsetSpec::new(*path)).expect("loads"))
            .collect();
        (host, loaded)
    };
    let (warm, _) = start_host();
    let mut samples = Vec::new();
    for _ in 0..20 {
        let start = Instant::now();
        let (host, loaded) = start_host();
        samples.push(start.elapsed());
        assert_eq!(host.compilations(), 0, "every artefact came from the cache");
        drop(loaded);
        drop(host);
    }
    drop(warm);
    let p50 = percentile(&mut samples, 0.5);
    let p99 = percentile(&mut samples, 0.99);
    println!(
        "{:<34} p50 {:>9.1} ms   p99 {:>9.1} ms   (n = {}, target ≤ 300 ms)",
        "start with 3 cached plug-ins",
        p50.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        samples.len()
    );
}
