//! Many sessions on the `gemstone` backend, each with a long call in
//! flight: the server's threads and resident memory. Run with
//! `cargo bench -p gs-mcp --bench stone_sessions` (`STONE_SESSIONS=n`
//! for another count than 500).
//!
//! The stone is the GCI-compatible test stone (docs/teststone.md), a test
//! double for GemStone, run as a process of its own so that its threads
//! and memory are not the server's. The server is the `gs-mcp` binary
//! serving the built-in toolset. Measured on the server's process
//! (`/proc/<pid>/status`):
//!
//! 1. after one warm-up session (a login and a doit);
//! 2. with the sessions open, each logged in to the stone, idle;
//! 3. with each of them running `execute_code` of a doit that waits 30 s
//!    on the stone (`Delay`), all in flight at once.
//!
//! Targets: the thread count in 3 no higher than in 1, and the resident
//! memory per session (3 against 1) at most 128 KiB.

#[path = "../tests/common/mod.rs"]
mod common;

use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::stone::{PASSWORD_VAR, Site};
use common::{execute, initialize};
use serde_json::json;

const DOIT: &str = "(Delay forSeconds: 30) wait. #slept";

fn main() {
    let sessions: usize = std::env::var("STONE_SESSIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(500);
    let site = Site::new("benchstone");
    let cfg = site.config_with(
        "toolsets.toml",
        PASSWORD_VAR,
        "login_concurrency = 16\n[http]\nmax_sessions = 2000\nmax_sessions_per_caller = 0\n\
         max_connections_per_address = 0\n",
    );
    let env = site.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (server, addr, _log) = common::serve(site.dir.path(), &cfg, &env, &[]);
    let pid = server.0.id();

    let (_, warm, _) = initialize(addr);
    let (status, body) = execute(addr, &warm, "3 + 4");
    assert_eq!(status, 200, "{body}");
    let base = Sample::of(pid);

    let started = Instant::now();
    let ids: Vec<String> = (0..sessions)
        .map(|_| {
            let (status, id, body) = initialize(addr);
            assert_eq!(status, 200, "initialize: {body}");
            id
        })
        .collect();
    let opened = started.elapsed();
    let idle = Sample::of(pid);

    // Each call's connection stays open, unread, until the measurement.
    let sent = Instant::now();
    let calls: Vec<TcpStream> = ids.iter().map(|id| start_call(addr, id)).collect();
    std::thread::sleep(Duration::from_secs(5));
    let busy = Sample::of(pid);
    // Every call answers, all within about one doit's 30 s: they were in
    // flight together.
    let answered = calls.iter().filter(|s| answered(s)).count();
    let all_done = sent.elapsed();
    assert_eq!(answered, sessions, "every call answers its doit");

    println!("{sessions} sessions on the gemstone backend (test stone), opened in {opened:.1?}");
    println!("| Measure | after warm-up | sessions idle | each with a call in flight |");
    println!("|---|---|---|---|");
    println!(
        "| Server threads | {} | {} | {} |",
        base.threads, idle.threads, busy.threads
    );
    println!(
        "| Server resident memory | {} KiB | {} KiB | {} KiB |",
        base.rss_kib, idle.rss_kib, busy.rss_kib
    );
    let per_session = |s: &Sample| s.rss_kib.saturating_sub(base.rss_kib) as f64 / sessions as f64;
    println!(
        "| Resident memory per session | — | {:.1} KiB | {:.1} KiB (target ≤ 128 KiB) |",
        per_session(&idle),
        per_session(&busy)
    );
    println!(
        "threads with every call in flight against after warm-up: {} (target: no more); \
         every call answered {all_done:.1?} after the first was sent (each waits 30 s)",
        busy.threads as i64 - base.threads as i64
    );
}

/// True once the call on `stream` has answered its doit (within 120 s).
fn answered(mut stream: &TcpStream) -> bool {
    use std::io::Read;
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    while let Ok(n) = stream.read(&mut buf) {
        if n == 0 {
            break;
        }
        seen.extend_from_slice(&buf[..n]);
        if String::from_utf8_lossy(&seen).contains("slept") {
            return true;
        }
    }
    false
}

/// Sends `execute_code` of [`DOIT`] in session `id` and leaves the answer
/// unread.
fn start_call(addr: SocketAddr, id: &str) -> TcpStream {
    let body = serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "execute_code", "arguments": {"code": DOIT}}}))
    .unwrap();
    let mut s = TcpStream::connect(addr).unwrap();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nMCP-Session-Id: {id}\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(&body).unwrap();
    s
}

/// What `/proc/<pid>/status` says of a process.
struct Sample {
    threads: usize,
    rss_kib: usize,
}

impl Sample {
    fn of(pid: u32) -> Sample {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        let field = |name: &str| -> usize {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.split_whitespace().next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("no {name} in /proc/{pid}/status"))
        };
        Sample {
            threads: field("Threads:"),
            rss_kib: field("VmRSS:"),
        }
    }
}
