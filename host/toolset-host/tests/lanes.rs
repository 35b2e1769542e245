//! Long calls take turns on the host's lanes (`long_call_lanes`): with
//! more long calls than lanes, every one still runs, still stops at its
//! deadline, or when its caller cancels while it waits its turn, and a
//! short call never waits for a lane. (What this buys a bystander is a
//! figure of `cargo bench -p gs-toolset-host --bench bystander`, in
//! docs/benchmarks.md.)

mod common;

use std::time::{Duration, Instant};

use common::*;
use gs_toolset::ErrorKind;
use gs_toolset_host::{Grants, HostConfig, Limits, ToolsetHost, WasmToolset, WasmToolsetSpec};

/// As in the containment tests: wide, for a loaded 2-core CI machine, and
/// still far from a call left to run (spin never returns).
const OVERSHOOT_ALLOWED: Duration = Duration::from_millis(500);

/// A host with one lane, and `misbehave` on it with `deadline`.
fn one_lane(deadline: Duration) -> (ToolsetHost, WasmToolset) {
    let host = ToolsetHost::new(HostConfig {
        cache_dir: Some(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolset-cache")),
        max_instances: 16,
        max_memory: 512 << 20,
        epoch_tick: Duration::from_millis(5),
        long_call_lanes: 1,
        ..HostConfig::default()
    })
    .expect("the toolset host starts");
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::MISBEHAVE);
    spec.grants = Grants::default();
    spec.limits = Limits {
        deadline,
        ..Limits::default()
    };
    let misbehave = host.load(&spec).expect("misbehave loads");
    (host, misbehave)
}

/// Spinning calls, each on a thread of its own. Dropping them cancels
/// and joins those still running: a spinner left behind would spin on
/// after its test (its host's ticker gone with the host), taking a
/// processor from the tests that follow.
struct Spinners {
    cancels: Vec<gs_toolset::CancelToken>,
    threads: Vec<std::thread::JoinHandle<(ErrorKind, Duration)>>,
}

impl Spinners {
    /// True while every spinner still runs.
    fn all_running(&self) -> bool {
        self.threads.iter().all(|t| !t.is_finished())
    }

    /// Waits for every spinner, answering the error kind each ended with
    /// and how long each took.
    fn join(mut self) -> Vec<(ErrorKind, Duration)> {
        self.threads
            .drain(..)
            .map(|t| t.join().expect("a spinner thread"))
            .collect()
    }
}

impl Drop for Spinners {
    fn drop(&mut self) {
        self.cancels
            .iter()
            .for_each(gs_toolset::CancelToken::cancel);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// Starts `n` spinning calls.
fn spinners(misbehave: &WasmToolset, img: &TestImage, n: usize) -> Spinners {
    let mut cancels = Vec::new();
    let threads = (0..n)
        .map(|_| {
            let mut s = misbehave.session();
            let ctx = img.ctx(false);
            cancels.push(ctx.cancel.clone());
            std::thread::spawn(move || {
                let start = Instant::now();
                let e = call(&mut s, &ctx, "spin", "{}").unwrap_err();
                (e.kind, start.elapsed())
            })
        })
        .collect();
    Spinners { cancels, threads }
}

#[test]
fn more_long_calls_than_lanes_each_stop_at_their_deadline() {
    let deadline = Duration::from_millis(300);
    let (_host, misbehave) = one_lane(deadline);
    let img = TestImage::new();
    for (kind, took) in spinners(&misbehave, &img, 4).join() {
        assert_eq!(kind, ErrorKind::Deadline);
        assert!(
            took >= deadline && took < deadline + OVERSHOOT_ALLOWED,
            "took {took:?}"
        );
    }
}

#[test]
fn a_call_waiting_for_its_turn_stops_when_its_caller_cancels() {
    let (_host, misbehave) = one_lane(Duration::from_secs(10));
    let img = &TestImage::new();
    let others = spinners(&misbehave, img, 2);
    let mut s = misbehave.session();
    let ctx = img.ctx(false);
    let cancel = ctx.cancel.clone();
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        cancel.cancel();
    });
    let start = Instant::now();
    let e = call(&mut s, &ctx, "spin", "{}").unwrap_err();
    canceller.join().unwrap();
    assert_eq!(e.kind, ErrorKind::Cancelled, "{}", e.message);
    assert!(
        start.elapsed() < Duration::from_millis(200) + OVERSHOOT_ALLOWED,
        "took {:?}",
        start.elapsed()
    );
    // The others were never cancelled: they run on, taking turns.
    assert!(others.all_running());
}

#[test]
fn a_short_call_runs_while_long_calls_wait_for_the_only_lane() {
    let deadline = Duration::from_secs(3);
    let (_host, misbehave) = one_lane(deadline);
    let img = &TestImage::new();
    let spinning = spinners(&misbehave, img, 3);
    std::thread::sleep(Duration::from_millis(100));
    let mut s = misbehave.session();
    let start = Instant::now();
    let answer = call(&mut s, &img.ctx(false), "counter", "{}").expect("counter answers");
    assert_eq!(answer.structured, Some(serde_json::json!({"calls": 1})));
    assert!(
        start.elapsed() < deadline / 2,
        "the short call took {:?}",
        start.elapsed()
    );
    assert!(spinning.all_running(), "the long calls still run");
}

/// Makes a 200 ms call on the only lane while another long call (the
/// `waiter`, named in the message) waits in the host, and asserts it did
/// not wait that one out.
fn a_long_call_is_served_beside(misbehave: &WasmToolset, img: &TestImage, waiter: &str) {
    let mut s = misbehave.session();
    let start = Instant::now();
    let answer = call(
        &mut s,
        &img.ctx(false),
        "busy",
        r#"{"ms": 200, "then_sleep_seconds": 0}"#,
    );
    assert!(answer.is_ok(), "{answer:?}");
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "it waited for the {waiter}'s lane: {:?}",
        start.elapsed()
    );
}

#[test]
fn a_long_call_asleep_in_wasi_leaves_the_lane_to_another() {
    let (_host, misbehave) = one_lane(Duration::from_secs(5));
    let img = &TestImage::new();
    let mut sleeper = misbehave.session();
    let ctx = img.ctx(false);
    let asleep = std::thread::spawn(move || {
        // Long enough to take the lane, then asleep past the other call.
        call(
            &mut sleeper,
            &ctx,
            "busy",
            r#"{"ms": 100, "then_sleep_seconds": 3}"#,
        )
    });
    std::thread::sleep(Duration::from_millis(300));
    a_long_call_is_served_beside(&misbehave, img, "sleeper");
    assert!(asleep.join().unwrap().is_ok());
}

/// A loopback HTTP server whose one response's body arrives slowly: a
/// byte after 50 ms (while the client waits, epoch ticks pass, so the
/// call is long when it reads on), the second byte `stall` later.
fn trickling(stall: Duration) -> std::net::SocketAddr {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let Ok((mut stream, _)) = listener.accept() else {
            return;
        };
        let mut request = Vec::new();
        let mut byte = [0u8];
        while !request.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
            request.push(byte[0]);
        }
        let _ = stream.write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n");
        std::thread::sleep(Duration::from_millis(50));
        let _ = stream.write_all(b"a");
        std::thread::sleep(stall);
        let _ = stream.write_all(b"b");
    });
    address
}

#[test]
fn a_long_call_reading_a_slow_body_leaves_the_lane_to_another() {
    // The fetcher reads its response body with wasi:io/streams'
    // `blocking-read`, which waits inside the host; the lane it holds
    // as a long call must be free for that wait.
    let (host, misbehave) = one_lane(Duration::from_secs(10));
    let server = trickling(Duration::from_secs(3));
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::FETCHER);
    spec.grants = Grants {
        net: vec![gs_toolset_host::NetGrant {
            https: false,
            host: server.ip().to_string(),
            port: server.port(),
        }],
        ..Grants::default()
    };
    let fetcher = host.load(&spec).expect("fetcher loads");
    let img = &TestImage::new();
    let mut reader = fetcher.session();
    let url = format!("http://{server}/slow");
    let ctx = img.ctx(false);
    let reading = std::thread::spawn(move || {
        call(
            &mut reader,
            &ctx,
            "fetch",
            &serde_json::json!({ "url": url }).to_string(),
        )
    });
    std::thread::sleep(Duration::from_millis(300));
    a_long_call_is_served_beside(&misbehave, img, "reader");
    let read = reading.join().unwrap().expect("the fetch answers");
    assert_eq!(
        read.structured.as_ref().map(|v| v["body"].clone()),
        Some(serde_json::json!("ab"))
    );
}

#[test]
fn after_a_long_call_a_session_takes_its_turn_and_is_served() {
    // A session whose last call was long starts its next call on a lane
    // (so a session that keeps spinning never runs beside the lane's
    // holder); it still gets its turn beside spinners holding the only
    // lane, and a short call frees it again.
    let deadline = Duration::from_secs(3);
    let (_host, misbehave) = one_lane(deadline);
    let img = &TestImage::new();
    let mut s = misbehave.session();
    let long = call(
        &mut s,
        &img.ctx(false),
        "busy",
        r#"{"ms": 60, "then_sleep_seconds": 0}"#,
    );
    assert!(long.is_ok(), "{long:?}");
    let spinning = spinners(&misbehave, img, 2);
    std::thread::sleep(Duration::from_millis(100));
    for expected in 1..=2 {
        let start = Instant::now();
        let answer = call(&mut s, &img.ctx(false), "counter", "{}").expect("counter answers");
        assert_eq!(
            answer.structured,
            Some(serde_json::json!({"calls": expected}))
        );
        assert!(
            start.elapsed() < deadline / 2,
            "the call took {:?}",
            start.elapsed()
        );
    }
    assert!(spinning.all_running());
}
