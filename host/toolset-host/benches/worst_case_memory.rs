//! The server's memory while 50 sessions each run the worst plug-in the
//! limits allow, against the configured ceilings; printed as a table.
//!
//! Run with `cargo bench -p gs-toolset-host --bench worst_case_memory`.
//! Fifty sessions, each on a thread of its own as the session broker runs
//! long calls, call without pause for 20 s. A third bomb WebAssembly
//! memory up to their 64 MiB cap; a third have the host hold 60 KB header
//! values for them (wasi:http `fields` made from one small buffer, so the
//! guest's own memory stays flat), counted against the same cap; the rest
//! run Smalltalk through `execution.execute` that hoards 1 MB strings in
//! UserGlobals, held to the plug-in's 64 MiB memory cap and kept,
//! uncommitted, in the session between calls. Without ceilings that is 50 × 64 MiB = 3.2 GiB. The host
//! is configured with a 256 MiB ceiling for all plug-in instances
//! (`[engine] total_memory_bytes`) and a 256 MiB ceiling for the objects
//! of all sessions (`memory_ceiling_bytes`). A monitor thread samples the
//! process's resident memory every 10 ms. The target: the peak, less the
//! resident memory before the sessions start, stays under the two ceilings
//! together. Figures are in docs/benchmarks.md.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gs_embedded::EmbeddedSession;
use gs_toolset::{Arguments, CallContext, ServerIdentity, ToolsetSession};
use gs_toolset_host::{Grants, HostConfig, Limits, ToolsetHost, WasmToolsetSpec};

const SESSIONS: usize = 50;
const RUN: Duration = Duration::from_secs(20);
const INSTANCE_CEILING: usize = 256 << 20;
const OBJECT_CEILING: usize = 256 << 20;
const HEADERS: &str = r#"{"what": "fields", "count": 100000, "bytes": 60000}"#;
const HOARD: &str = r#"{"code": "(UserGlobals includesKey: #Hoard) ifFalse: [UserGlobals at: #Hoard put: OrderedCollection new]. 1 to: 200 do: [:i | (UserGlobals at: #Hoard) add: (String new: 1000000)]. #done"}"#;

/// The process's resident memory in bytes, from /proc.
fn resident() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| {
            v.trim()
                .trim_end_matches(" kB")
                .trim()
                .parse::<usize>()
                .ok()
        })
        .map_or(0, |kb| kb * 1024)
}

fn mib(bytes: usize) -> f64 {
    bytes as f64 / (1 << 20) as f64
}

fn main() {
    gs_interp::set_memory_ceiling(OBJECT_CEILING);
    let host = ToolsetHost::new(HostConfig {
        cache_dir: Some(std::env::temp_dir().join("gs-toolset-bench-cache")),
        max_instances: 200,
        total_memory: INSTANCE_CEILING,
        ..HostConfig::default()
    })
    .expect("host");
    let limits = Limits {
        memory: 64 << 20,
        ..Limits::default()
    };
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::MISBEHAVE);
    spec.limits = limits;
    let misbehave = host.load(&spec).expect("misbehave loads");
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::HOSTILE);
    spec.limits = limits;
    spec.grants = Grants::from_names(&["image:execute"]).unwrap();
    let hostile = host.load(&spec).expect("hostile loads");

    let dir = tempfile::tempdir().unwrap();
    let image = Arc::new(gs_image::Image::open(dir.path().join("bench.image")).unwrap());
    let baseline = resident();
    let stop = Arc::new(AtomicBool::new(false));
    let peak = Arc::new(AtomicUsize::new(baseline));
    let monitor = {
        let (stop, peak) = (stop.clone(), peak.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                peak.fetch_max(resident(), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(10));
            }
        })
    };
    let outcomes = Arc::new(Mutex::new(BTreeMap::<String, (usize, String)>::new()));
    let threads: Vec<_> = (0..SESSIONS)
        .map(|i| {
            let (stop, image, outcomes) = (stop.clone(), image.clone(), outcomes.clone());
            let mut session = if i % 3 == 2 {
                hostile.session()
            } else {
                misbehave.session()
            };
            std::thread::spawn(move || {
                let ctx = CallContext::new(
                    Arc::new(EmbeddedSession::new(image.session())),
                    false,
                    Arc::new(ServerIdentity {
                        name: "gs-mcp".into(),
                        version: "0.1.0".into(),
                        title: None,
                    }),
                );
                let (tool, args) = match i % 3 {
                    0 => ("bomb", "{}"),
                    1 => ("hoard", HEADERS),
                    _ => ("execute", HOARD),
                };
                let args = Arguments::parse(tool, args).unwrap();
                // Memory, not scheduling, is measured: each session drives
                // its calls on a runtime of its own.
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("a tokio runtime");
                while !stop.load(Ordering::Relaxed) {
                    let answer = rt.block_on(session.call(tool, &args, &ctx));
                    let (outcome, message) = match answer {
                        Ok(_) => (format!("{tool}: answered"), String::new()),
                        Err(e) => (format!("{tool}: {}", e.kind.as_str()), e.message),
                    };
                    let mut outcomes = outcomes.lock().unwrap();
                    let seen = outcomes.entry(outcome).or_insert((0, message));
                    seen.0 += 1;
                }
            })
        })
        .collect();
    std::thread::sleep(RUN);
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    monitor.join().unwrap();
    let grown = peak.load(Ordering::Relaxed).saturating_sub(baseline);
    let ceilings = INSTANCE_CEILING + OBJECT_CEILING;
    println!("calls by outcome over {} s:", RUN.as_secs());
    for (outcome, (n, message)) in outcomes.lock().unwrap().iter() {
        let message: String = message.chars().take(160).collect();
        println!("  {outcome:<24} {n:>7}  {message}");
    }
    println!(
        "resident before {:.1} MiB, peak {:.1} MiB: grew {:.1} MiB against ceilings of {:.0} MiB \
         ({:.2} of them; target ≤ 1.00; without ceilings the sessions would hold {:.0} MiB)",
        mib(baseline),
        mib(peak.load(Ordering::Relaxed)),
        mib(grown),
        mib(ceilings),
        grown as f64 / ceilings as f64,
        mib(SESSIONS * (64 << 20)),
    );
}
