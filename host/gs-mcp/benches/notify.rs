//! Change notifications, measured on the `gs-mcp` binary serving the
//! built-in toolset over a real embedded image on loopback. Run with
//! `cargo bench -p gs-mcp --bench notify`.
//!
//! 1. Notify latency: a watcher subscribes to a method's resource; a
//!    second session changes the method and commits, 200 times. Measured
//!    from the moment the commit request is written until the watcher's
//!    stream holds `notifications/resources/updated` for the method:
//!    through a session's GET stream (`resources/subscribe`) and through a
//!    stateless `subscriptions/listen` stream. Beside them, the commit's
//!    own round trip, which the latency includes. Target: p50 ≤ 50 ms.
//! 2. Bytes per subscription: 20 sessions, then each subscribes to 1,000
//!    method resources; the server's resident memory before and after,
//!    divided by the 20,000 subscriptions. Target: ≤ 1 KiB each.

#[path = "../tests/common/mod.rs"]
mod common;

use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::streams::{listen, open_stream, read_until, rpc, session, tool};
use serde_json::json;

const ROUNDS: usize = 200;
const SESSIONS: usize = 20;
const SUBSCRIPTIONS: usize = 1000;
const METHOD: &str = "gemstone://method/Gadget/instance/size";

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("toolsets.toml");
    std::fs::write(&cfg, "[[toolset]]\nbuiltin = true\n").unwrap();
    let image = dir.path().join("bench.gsimage");
    let (server, addr, _) =
        common::serve(dir.path(), &cfg, &[], &["--image", image.to_str().unwrap()]);
    let pid = server.0.id();

    let (changer, _) = session(addr);
    tool(
        addr,
        &changer,
        "execute_code",
        json!({"code": "Object subclass: 'Gadget' instVarNames: #(size) classVars: #() \
                        classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals \
                        options: #()"}),
    );
    tool(
        addr,
        &changer,
        "compile_method",
        json!({"className": "Gadget", "source": "size ^0"}),
    );
    tool(addr, &changer, "commit", json!({}));

    println!("1. notify latency, {ROUNDS} commits each (ms)");
    let (watcher, _) = session(addr);
    let r = rpc(
        addr,
        &watcher,
        "resources/subscribe",
        json!({"uri": METHOD}),
    );
    assert_eq!(r["result"], json!({}), "{r}");
    let mut stream = open_stream(addr, &watcher);
    let (notify, commit) = measure(addr, &changer, &mut stream, 0);
    report("session GET stream", &notify, &commit);
    drop(stream);
    let mut stream = listen(addr, 1, json!({"resourceSubscriptions": [METHOD]}));
    read_until(&mut stream, &mut String::new(), "acknowledged", 1);
    let (notify, commit) = measure(addr, &changer, &mut stream, ROUNDS);
    report("subscriptions/listen", &notify, &commit);
    drop(stream);

    println!("\n2. memory per subscription");
    let sessions: Vec<String> = (0..SESSIONS).map(|_| session(addr).0).collect();
    std::thread::sleep(Duration::from_millis(500));
    let before = rss_kib(pid);
    for (s, sid) in sessions.iter().enumerate() {
        for m in 0..SUBSCRIPTIONS {
            let uri = format!("gemstone://method/Gadget/instance/m{s}x{m}");
            let r = rpc(addr, sid, "resources/subscribe", json!({"uri": uri}));
            assert!(r.get("result").is_some(), "{r}");
        }
    }
    std::thread::sleep(Duration::from_millis(500));
    let after = rss_kib(pid);
    let total = SESSIONS * SUBSCRIPTIONS;
    let per = (after.saturating_sub(before) as f64 * 1024.0) / total as f64;
    println!(
        "  {total} subscriptions: resident {before} KiB before, {after} KiB after: {per:.0} \
         bytes each (target ≤ 1024)"
    );
    drop(server);
}

/// Runs [`ROUNDS`] change-and-commit rounds (method bodies numbered from
/// `from`), each timed until `stream` reports the method's update: the
/// latencies and the commits' round trips, sorted, in milliseconds.
fn measure(
    addr: SocketAddr,
    changer: &str,
    stream: &mut TcpStream,
    from: usize,
) -> (Vec<f64>, Vec<f64>) {
    let mut notify = Vec::with_capacity(ROUNDS);
    let mut commit = Vec::with_capacity(ROUNDS);
    let mut seen = String::new();
    for n in from..from + ROUNDS {
        let source = format!("size ^{}", n + 1);
        tool(
            addr,
            changer,
            "compile_method",
            json!({"className": "Gadget", "source": source}),
        );
        let before = seen.matches(METHOD).count();
        let started = Instant::now();
        tool(addr, changer, "commit", json!({}));
        commit.push(started.elapsed().as_secs_f64() * 1e3);
        read_until(stream, &mut seen, METHOD, before + 1);
        notify.push(started.elapsed().as_secs_f64() * 1e3);
    }
    notify.sort_by(f64::total_cmp);
    commit.sort_by(f64::total_cmp);
    (notify, commit)
}

fn report(row: &str, notify: &[f64], commit: &[f64]) {
    let p = |v: &[f64], q: f64| v[((v.len() as f64 * q) as usize).min(v.len() - 1)];
    println!(
        "  {row:<22} notified p50 {:>6.2}  p99 {:>6.2}   commit round trip p50 {:>6.2}  p99 \
         {:>6.2}   (target p50 ≤ 50)",
        p(notify, 0.5),
        p(notify, 0.99),
        p(commit, 0.5),
        p(commit, 0.99)
    );
}

/// The process's resident memory, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}
