//! Each way `plugins/misbehave` misbehaves, contained: the call fails with
//! the right kind and a readable message, the instance is dropped, the
//! same session's next call works on a fresh instance, and other sessions
//! never notice.

mod common;

use std::time::{Duration, Instant};

use common::*;
use gs_toolset::{ErrorKind, ToolsetSession};
use gs_toolset_host::{Grants, Limits, WasmSession};
use serde_json::json;

/// How far past its deadline a stopped call may end in these tests. The
/// host stops a call within one epoch tick (5 ms here); the margin is wide
/// because a loaded 2-core CI machine can hold the test thread off the
/// processor for tens of milliseconds, and it still tells a stopped call
/// from one left to run (the tools spin forever or sleep 60 s). The
/// overshoot itself is a figure of `cargo bench -p gs-toolset-host`.
const OVERSHOOT_ALLOWED: Duration = Duration::from_millis(500);

/// Asserts the session's instance was dropped and that its next call runs
/// on a fresh one.
fn next_call_is_fresh(s: &mut WasmSession, img: &TestImage) {
    assert!(!s.has_instance(), "the poisoned instance must be dropped");
    let before = s.instances_created();
    let r = call(s, &img.ctx(false), "counter", "{}").unwrap();
    assert_eq!(r.structured, Some(json!({"calls": 1})), "a fresh instance");
    assert_eq!(s.instances_created(), before + 1);
}

/// Warms `s` (so its state is observable) and calls `tool`.
fn misbehave_once(
    s: &mut WasmSession,
    img: &TestImage,
    tool: &str,
    args: &str,
) -> gs_toolset::ToolError {
    call(s, &img.ctx(false), "counter", "{}").unwrap();
    call(s, &img.ctx(false), tool, args).unwrap_err()
}

#[test]
fn an_infinite_loop_is_stopped_at_its_deadline() {
    let img = TestImage::new();
    let mut s = misbehave().session();
    call(&mut s, &img.ctx(false), "counter", "{}").unwrap();
    let start = Instant::now();
    let e = call(&mut s, &img.ctx(false), "spin", "{}").unwrap_err();
    let took = start.elapsed();
    assert_eq!(e.kind, ErrorKind::Deadline);
    assert_eq!(
        e.message,
        "tool `spin` of toolset `misbehave` ran past its deadline of 0.300 s and was stopped; \
         the session goes on with a fresh instance"
    );
    assert!(took >= DEADLINE, "stopped early: {took:?}");
    assert!(
        took <= DEADLINE + OVERSHOOT_ALLOWED,
        "overshot the deadline by {:?}",
        took - DEADLINE
    );
    next_call_is_fresh(&mut s, &img);
}

#[test]
fn a_call_asleep_in_wasi_is_stopped_at_its_deadline() {
    let img = TestImage::new();
    let mut s = misbehave().session();
    call(&mut s, &img.ctx(false), "counter", "{}").unwrap();
    let start = Instant::now();
    let e = call(&mut s, &img.ctx(false), "sleep", r#"{"seconds": 60}"#).unwrap_err();
    let took = start.elapsed();
    assert_eq!(e.kind, ErrorKind::Deadline, "{}", e.message);
    assert_eq!(
        e.message,
        "tool `sleep` of toolset `misbehave` ran past its deadline of 0.300 s and was stopped; \
         the session goes on with a fresh instance"
    );
    assert!(took >= DEADLINE, "stopped early: {took:?}");
    assert!(
        took <= DEADLINE + OVERSHOOT_ALLOWED,
        "overshot the deadline by {:?}",
        took - DEADLINE
    );
    next_call_is_fresh(&mut s, &img);

    // A sleep shorter than the deadline is a sleep like any other.
    let r = call(&mut s, &img.ctx(false), "sleep", r#"{"seconds": 0}"#).unwrap();
    assert_eq!(text(&Ok(r)), "slept 0 s");
}

#[test]
fn a_cancelled_call_asleep_in_wasi_stops_within_a_tick() {
    let img = TestImage::new();
    let mut s = misbehave().session();
    let ctx = img.ctx(false);
    let cancel = ctx.cancel.clone();
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        cancel.cancel();
    });
    let start = Instant::now();
    let e = call(&mut s, &ctx, "sleep", r#"{"seconds": 60}"#).unwrap_err();
    canceller.join().unwrap();
    assert_eq!(e.kind, ErrorKind::Cancelled, "{}", e.message);
    assert!(start.elapsed() < DEADLINE, "took {:?}", start.elapsed());
    next_call_is_fresh(&mut s, &img);
}

#[test]
fn the_callers_own_deadline_applies_when_earlier() {
    let img = TestImage::new();
    let mut s = misbehave().session();
    let mut ctx = img.ctx(false);
    ctx.deadline = Some(Instant::now() + Duration::from_millis(50));
    let start = Instant::now();
    let e = call(&mut s, &ctx, "spin", "{}").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Deadline);
    assert!(start.elapsed() < DEADLINE, "took {:?}", start.elapsed());
    assert!(e.message.contains("its deadline of 0.0"), "{}", e.message);
}

#[test]
fn a_cancelled_call_stops_within_a_tick() {
    let img = TestImage::new();
    let mut s = misbehave().session();
    let ctx = img.ctx(false);
    let cancel = ctx.cancel.clone();
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        cancel.cancel();
    });
    let start = Instant::now();
    let e = call(&mut s, &ctx, "spin", "{}").unwrap_err();
    canceller.join().unwrap();
    assert_eq!(e.kind, ErrorKind::Cancelled);
    assert!(
        e.message.contains("cancelled by the client"),
        "{}",
        e.message
    );
    assert!(start.elapsed() < DEADLINE, "took {:?}", start.elapsed());
    next_call_is_fresh(&mut s, &img);
}

/// Runs `f` on its own thread and waits at most ten seconds for it, so a
/// call the host fails to stop fails the test instead of hanging it.
fn within<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(10))
        .expect("the call was never stopped: it still waits in the host")
}

/// The ways `misbehave`'s `wait` waits inside the host for what never
/// comes (room in the body of a request it never sends).
const WAITS: [&str; 4] = ["write", "flush", "block", "poll"];

#[test]
fn a_call_waiting_in_the_host_for_what_never_comes_stops_at_its_deadline_and_frees_its_slot() {
    // A pool of two slots, and more waits than slots: a wait that kept
    // its instance would leave the next session none.
    let host = gs_toolset_host::ToolsetHost::new(gs_toolset_host::HostConfig {
        cache_dir: Some(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolset-cache")),
        max_instances: 2,
        epoch_tick: Duration::from_millis(5),
        ..gs_toolset_host::HostConfig::default()
    })
    .unwrap();
    let mut spec = gs_toolset_host::WasmToolsetSpec::new(gs_test_plugins::MISBEHAVE);
    spec.limits.deadline = DEADLINE;
    let t = host.load(&spec).unwrap();
    let img = std::sync::Arc::new(TestImage::new());
    for how in WAITS {
        let (t, img) = (t.clone(), img.clone());
        let start = Instant::now();
        let (e, mut s) = within(move || {
            let mut s = t.session();
            let args = format!(r#"{{"how": "{how}"}}"#);
            (call(&mut s, &img.ctx(false), "wait", &args), s)
        });
        let took = start.elapsed();
        let e = e.unwrap_err();
        assert_eq!(e.kind, ErrorKind::Deadline, "{how}: {}", e.message);
        assert_eq!(
            e.message,
            "tool `wait` of toolset `misbehave` ran past its deadline of 0.300 s and was \
             stopped; the session goes on with a fresh instance",
            "{how}"
        );
        assert!(took >= DEADLINE, "{how} stopped early: {took:?}");
        assert!(took <= DEADLINE + OVERSHOOT_ALLOWED, "{how} took {took:?}");
        let img = TestImage::new();
        next_call_is_fresh(&mut s, &img);
    }
}

#[test]
fn a_call_waiting_in_the_host_for_what_never_comes_stops_when_cancelled() {
    for how in WAITS {
        let img = TestImage::new();
        let ctx = img.ctx(false);
        let cancel = ctx.cancel.clone();
        let canceller = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            cancel.cancel();
        });
        let start = Instant::now();
        let (e, mut s) = within(move || {
            let mut s = misbehave().session();
            let args = format!(r#"{{"how": "{how}"}}"#);
            (call(&mut s, &ctx, "wait", &args), s)
        });
        canceller.join().unwrap();
        let e = e.unwrap_err();
        assert_eq!(e.kind, ErrorKind::Cancelled, "{how}: {}", e.message);
        assert_eq!(
            e.message,
            "tool `wait` of toolset `misbehave` was cancelled by the client and stopped; the \
             session goes on with a fresh instance",
            "{how}"
        );
        assert!(
            start.elapsed() < DEADLINE,
            "{how} took {:?}",
            start.elapsed()
        );
        next_call_is_fresh(&mut s, &img);
    }
}

#[test]
fn a_memory_bomb_hits_the_memory_cap() {
    let img = TestImage::new();
    let mut s = misbehave().session();
    let e = misbehave_once(&mut s, &img, "bomb", "{}");
    assert_eq!(e.kind, ErrorKind::OutOfMemory);
    assert!(
        e.message
            .starts_with("tool `bomb` of toolset `misbehave` tried to grow its memory to "),
        "{}",
        e.message
    );
    assert!(
        e.message.contains("over its cap of 64 MiB"),
        "{}",
        e.message
    );
    next_call_is_fresh(&mut s, &img);
}

#[test]
fn deep_recursion_is_a_stack_overflow() {
    let img = TestImage::new();
    let mut s = misbehave().session();
    let e = misbehave_once(&mut s, &img, "recurse", "{}");
    assert_eq!(e.kind, ErrorKind::StackOverflow, "{}", e.message);
    assert!(
        e.message.contains("overflowed its call stack"),
        "{}",
        e.message
    );
    next_call_is_fresh(&mut s, &img);
}

#[test]
fn a_panic_is_reported_with_its_message() {
    let img = TestImage::new();
    let mut s = misbehave().session();
    let e = misbehave_once(&mut s, &img, "panic", "{}");
    assert_eq!(e.kind, ErrorKind::Panic, "{}", e.message);
    assert!(
        e.message
            .starts_with("tool `panic` of toolset `misbehave` panicked: panicked at "),
        "{}",
        e.message
    );
    assert!(
        e.message.contains("this tool panics on purpose"),
        "{}",
        e.message
    );
    next_call_is_fresh(&mut s, &img);
}

#[test]
fn a_100_mb_output_is_refused() {
    // With room to build it, the answer is more than one call may hand
    // the host (its output cap, at least 64 MiB): it is refused while it
    // is copied, before the host holds it.
    let roomy = load(
        gs_test_plugins::MISBEHAVE,
        Grants::default(),
        Limits {
            memory: 256 << 20,
            ..Limits::default()
        },
    );
    let img = TestImage::new();
    let mut s = roomy.session();
    let e = misbehave_once(&mut s, &img, "flood", r#"{"megabytes": 100}"#);
    assert_eq!(e.kind, ErrorKind::OutputTooLarge, "{}", e.message);
    assert_eq!(
        e.message,
        "tool `flood` of toolset `misbehave` handed the host more than 67108864 bytes at once \
         (its answer, or a host function's arguments, as the host holds them) and was stopped \
         before the host held them: the most one call may copy is its output cap, at least 64 \
         MiB, within its memory cap; ask it for less, or the operator may raise \
         `[toolset.limits] output_bytes`; the session goes on with a fresh instance"
    );
    next_call_is_fresh(&mut s, &img);

    // One it may hand over counts as the client would receive it.
    let e = misbehave_once(&mut s, &img, "flood", r#"{"megabytes": 8}"#);
    assert_eq!(e.kind, ErrorKind::OutputTooLarge);
    let size: usize = e
        .message
        .strip_prefix("tool `flood` of toolset `misbehave` answered a result of ")
        .and_then(|m| m.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{}", e.message));
    assert!(size > 8 << 20, "the text and its JSON framing: {size}");
    assert!(
        e.message.ends_with(
            " bytes, over its output cap of 4194304 bytes; ask it for less, or the operator may \
             raise `[toolset.limits] output_bytes`"
        ),
        "{}",
        e.message
    );
    next_call_is_fresh(&mut s, &img);

    // Structured content is sent twice, and the message says so.
    let e = misbehave_once(
        &mut s,
        &img,
        "flood",
        r#"{"megabytes": 3, "structured": true}"#,
    );
    assert_eq!(e.kind, ErrorKind::OutputTooLarge);
    assert!(
        e.message.contains(
            "bytes as the client receives it (its structured content and its text content each \
             count; a result with no text of its own is sent its JSON again as text), over its \
             output cap of 4194304 bytes"
        ),
        "{}",
        e.message
    );
    next_call_is_fresh(&mut s, &img);

    // Under the default memory cap it cannot even be built.
    let mut s = misbehave().session();
    let e = misbehave_once(&mut s, &img, "flood", r#"{"megabytes": 100}"#);
    assert_eq!(e.kind, ErrorKind::OutOfMemory);
    next_call_is_fresh(&mut s, &img);

    // A modest answer passes.
    let r = call(&mut s, &img.ctx(false), "flood", r#"{"megabytes": 1}"#);
    assert_eq!(text(&r).len(), 1 << 20);
}

#[test]
fn files_are_out_of_reach_without_a_grant() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = misbehave().session();
    for path in ["/etc/passwd", "Cargo.toml", "../../Cargo.toml", "/"] {
        let r = call(
            &mut s,
            &ctx,
            "read_file",
            &json!({"path": path}).to_string(),
        );
        assert!(text(&r).starts_with("denied: "), "{path}: {}", text(&r));
    }
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("planted");
    let r = call(
        &mut s,
        &ctx,
        "write_file",
        &json!({"path": target.display().to_string()}).to_string(),
    );
    assert!(text(&r).starts_with("denied: "), "{}", text(&r));
    assert!(!target.exists());
}

/// The misbehaving plug-in with `dir` preopened as `/data`.
fn misbehave_granted(dir: &std::path::Path, writable: bool) -> gs_toolset_host::WasmToolset {
    load(
        gs_test_plugins::MISBEHAVE,
        data_dir(dir, writable),
        Limits::default(),
    )
}

#[test]
fn a_granted_directory_is_reachable_and_read_only_when_granted_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("data.txt"), "twelve bytes").unwrap();
    let t = misbehave_granted(dir.path(), false);
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = t.session();
    let r = call(&mut s, &ctx, "read_file", r#"{"path": "/data/data.txt"}"#);
    assert_eq!(text(&r), "read 12 bytes");
    let r = call(&mut s, &ctx, "write_file", r#"{"path": "/data/new.txt"}"#);
    assert!(text(&r).starts_with("denied: "), "{}", text(&r));
    assert!(!dir.path().join("new.txt").exists());
    let r = call(&mut s, &ctx, "read_file", r#"{"path": "/etc/passwd"}"#);
    assert!(text(&r).starts_with("denied: "), "{}", text(&r));
}

/// A read-write grant is read-only to a read-only session, even through a
/// tool that claims to be read-only-safe (misbehave's `write_file` does),
/// and even when the session's instance was started read-write.
#[test]
fn a_read_only_session_cannot_write_through_a_read_write_grant() {
    let dir = tempfile::tempdir().unwrap();
    let t = misbehave_granted(dir.path(), true);
    let img = TestImage::new();
    let write = |s: &mut WasmSession, read_only: bool, file: &str| {
        let args = json!({"path": format!("/data/{file}")}).to_string();
        text(&call(s, &img.ctx(read_only), "write_file", &args))
    };

    let mut read_only = t.session();
    let said = write(&mut read_only, true, "from-read-only");
    assert!(said.starts_with("denied: "), "{said}");
    assert!(!dir.path().join("from-read-only").exists());

    // A warmed instance is read-write; a read-only call gets a fresh one.
    let mut warmed = t.session();
    warmed.ensure_instance().unwrap();
    let said = write(&mut warmed, true, "from-warmed");
    assert!(said.starts_with("denied: "), "{said}");
    assert!(!dir.path().join("from-warmed").exists());

    let mut writer = t.session();
    assert_eq!(write(&mut writer, false, "from-writer"), "written");
    assert!(dir.path().join("from-writer").exists());
}

#[test]
fn the_environment_and_arguments_are_empty() {
    // The test process has variables (PATH at least); none must show.
    assert!(std::env::vars().next().is_some());
    let img = TestImage::new();
    let mut s = misbehave().session();
    let r = call(&mut s, &img.ctx(false), "environment", "{}").unwrap();
    let seen = r.structured.unwrap();
    assert_eq!(seen["vars"], json!([]));
    assert_eq!(seen["args"], json!([]));
    // WASI's working directory is a virtual "/", not the host's.
    let host_cwd = std::env::current_dir().unwrap().display().to_string();
    assert_ne!(seen["cwd"], json!(host_cwd), "{seen}");
}

#[test]
fn the_network_is_out_of_reach() {
    let img = TestImage::new();
    let mut s = misbehave().session();
    let r = call(&mut s, &img.ctx(false), "connect", "{}").unwrap();
    let seen = r.structured.unwrap();
    for what in ["tcp", "dns", "udp"] {
        assert!(
            seen[what].as_str().unwrap().starts_with("denied: "),
            "{what}: {seen}"
        );
    }
}

#[test]
fn a_runaway_in_one_session_does_not_delay_another() {
    let slow = load(
        gs_test_plugins::MISBEHAVE,
        Grants::default(),
        Limits {
            deadline: Duration::from_secs(2),
            ..Limits::default()
        },
    );
    let img = TestImage::new();
    let runaway_ctx = img.ctx(false);
    let mut runaway = slow.session();
    runaway.ensure_instance().unwrap();
    let spinner = std::thread::spawn(move || {
        let start = Instant::now();
        let e = call(&mut runaway, &runaway_ctx, "spin", "{}").unwrap_err();
        (e.kind, start.elapsed())
    });
    // While it spins, another session of the same toolset calls away.
    std::thread::sleep(Duration::from_millis(100));
    let ctx = img.ctx(false);
    let mut other = slow.session();
    let mut worst = Duration::ZERO;
    for n in 1..=20 {
        let start = Instant::now();
        let r = call(&mut other, &ctx, "counter", "{}").unwrap();
        worst = worst.max(start.elapsed());
        assert_eq!(r.structured, Some(json!({"calls": n})));
    }
    assert!(
        !spinner.is_finished(),
        "the runaway should still be running"
    );
    // Far below the runaway's 2 s: nothing waits for it (the margin only
    // absorbs a loaded test machine).
    assert!(worst < Duration::from_millis(500), "a call took {worst:?}");
    let (kind, took) = spinner.join().unwrap();
    assert_eq!(kind, ErrorKind::Deadline);
    assert!(took >= Duration::from_secs(2));
}

#[test]
fn a_trap_in_one_session_leaves_other_sessions_instances_alone() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut a = misbehave().session();
    let mut b = misbehave().session();
    call(&mut b, &ctx, "counter", "{}").unwrap();
    call(&mut a, &ctx, "panic", "{}").unwrap_err();
    let r = call(&mut b, &ctx, "counter", "{}").unwrap();
    assert_eq!(
        r.structured,
        Some(json!({"calls": 2})),
        "b kept its instance"
    );
}

#[test]
fn a_boxed_session_behaves_the_same() {
    let img = TestImage::new();
    let mut s: Box<dyn ToolsetSession> = gs_toolset::Toolset::open_session(misbehave());
    let e = s
        .call_value("panic", &json!({}), &img.ctx(false))
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Panic);
    let r = s
        .call_value("counter", &json!({}), &img.ctx(false))
        .unwrap();
    assert_eq!(r.structured, Some(json!({"calls": 1})));
}

/// The misbehaving plug-in on a host of its own whose instance pool has
/// `slots` slots.
fn misbehave_on_a_pool_of(
    slots: u32,
) -> (gs_toolset_host::ToolsetHost, gs_toolset_host::WasmToolset) {
    let host = gs_toolset_host::ToolsetHost::new(gs_toolset_host::HostConfig {
        cache_dir: Some(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolset-cache")),
        max_instances: slots,
        ..gs_toolset_host::HostConfig::default()
    })
    .unwrap();
    let t = host
        .load(&gs_toolset_host::WasmToolsetSpec::new(
            gs_test_plugins::MISBEHAVE,
        ))
        .unwrap();
    (host, t)
}

#[test]
fn a_full_instance_pool_refuses_a_new_session_until_one_ends() {
    let (_host, t) = misbehave_on_a_pool_of(2);
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut a = t.session();
    let mut b = t.session();
    let mut c = t.session();
    call(&mut a, &ctx, "counter", "{}").unwrap();
    call(&mut b, &ctx, "counter", "{}").unwrap();
    let e = call(&mut c, &ctx, "counter", "{}").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unavailable);
    assert!(
        e.message
            .starts_with("toolset `misbehave` could not start an instance for this session: "),
        "{}",
        e.message
    );
    drop(a);
    let r = call(&mut c, &ctx, "counter", "{}").unwrap();
    assert_eq!(r.structured, Some(json!({"calls": 1})));
}

/// A host dropped while a guest spins (at a server's shutdown, say) stops
/// the guest at its next tick: the call ends as `unavailable`, rather than
/// spinning on with no tick left to interrupt it.
#[test]
fn dropping_the_host_stops_the_guests_still_running() {
    let host = common::host();
    let mut spec = gs_toolset_host::WasmToolsetSpec::new(gs_test_plugins::MISBEHAVE);
    spec.limits = Limits {
        deadline: Duration::from_secs(120),
        ..Limits::default()
    };
    let toolset = host.load(&spec).unwrap();
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let (tx, rx) = std::sync::mpsc::channel();
    let mut session = toolset.session();
    std::thread::spawn(move || {
        let _ = tx.send(call(&mut session, &ctx, "spin", "{}"));
    });
    std::thread::sleep(Duration::from_millis(300));
    drop(toolset);
    drop(host);
    let e = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("the guest still spins after its host was dropped")
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unavailable, "{}", e.message);
    assert!(
        e.message.contains("WebAssembly host shut down"),
        "{}",
        e.message
    );
}

/// A pool slot is reset in place when its instance ends (the pages it
/// dirtied rewritten from the component's image, the rest unmapped), so
/// the next session to get the slot starts from the component's own
/// start-up state, not from what the last instance left in its memory.
#[test]
fn a_reused_pool_slot_keeps_nothing_of_its_last_instance() {
    // One slot: the second session's instance is the first's slot.
    let (_host, t) = misbehave_on_a_pool_of(1);
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut first = t.session();
    for n in 1..=3 {
        let r = call(&mut first, &ctx, "counter", "{}").unwrap();
        assert_eq!(r.structured, Some(json!({"calls": n})));
    }
    // Dirty far more than the part of the memory reset in place.
    let _ = call(&mut first, &ctx, "flood", "{}");
    let _ = call(&mut first, &ctx, "counter", "{}");
    drop(first);
    let mut second = t.session();
    let r = call(&mut second, &ctx, "counter", "{}").unwrap();
    assert_eq!(
        r.structured,
        Some(json!({"calls": 1})),
        "a fresh slot state"
    );
}

/// `misbehave` with a 16 MiB memory cap, and time enough to pass it.
fn misbehave_capped() -> gs_toolset_host::WasmToolset {
    let limits = Limits {
        memory: 16 << 20,
        deadline: Duration::from_secs(20),
        ..Limits::default()
    };
    load(gs_test_plugins::MISBEHAVE, Grants::default(), limits)
}

#[test]
fn what_the_host_holds_for_a_plug_in_counts_against_its_memory_cap() {
    // Header values, request paths and request bodies copied into the host
    // from one small buffer: the guest's own memory stays flat while the
    // host's grows.
    let t = misbehave_capped();
    let img = TestImage::new();
    for what in ["fields", "requests", "bodies"] {
        let mut s = t.session();
        let args = json!({"what": what, "count": 100_000, "bytes": 60_000}).to_string();
        let e = misbehave_once(&mut s, &img, "hoard", &args);
        assert_eq!(e.kind, ErrorKind::OutOfMemory, "{what}: {}", e.message);
        assert!(
            e.message
                .starts_with("tool `hoard` of toolset `misbehave` had the host hold "),
            "{what}: {}",
            e.message
        );
        assert!(
            e.message.contains("over its cap of 16 MiB"),
            "{what}: {}",
            e.message
        );
        next_call_is_fresh(&mut s, &img);
    }
}

#[test]
fn an_instance_holds_at_most_ten_thousand_handles() {
    let t = misbehave_capped();
    let img = TestImage::new();
    let mut s = t.session();
    let args = json!({"what": "pollables", "count": 20_000, "bytes": 0}).to_string();
    let e = misbehave_once(&mut s, &img, "hoard", &args);
    assert_eq!(e.kind, ErrorKind::OutOfMemory, "{}", e.message);
    assert_eq!(
        e.message,
        "tool `hoard` of toolset `misbehave` held 10000 handles at once (streams, pollables, \
         HTTP fields and requests), the most an instance may, and was stopped; the session goes \
         on with a fresh instance"
    );
    next_call_is_fresh(&mut s, &img);
}

#[test]
fn a_plug_in_holding_handles_within_its_cap_keeps_them() {
    let t = misbehave_capped();
    let img = TestImage::new();
    let mut s = t.session();
    let args = json!({"what": "fields", "count": 100, "bytes": 1_000}).to_string();
    let r = call(&mut s, &img.ctx(false), "hoard", &args).expect("within the cap");
    assert_eq!(r.structured, Some(json!({"kept": 100, "refused": null})));
}

/// How a call that opened one file too many is answered.
const TOO_MANY_FILES: &str = "tool `hoard` of toolset `misbehave` tried to have more than 64 \
    files open at once (granted directories and directory listings included), the most an \
    instance may, and was stopped; the session goes on with a fresh instance";

#[test]
fn an_instance_has_at_most_sixty_four_files_open() {
    // Files, and directory listings, each of which holds a descriptor of
    // the server's on its directory.
    for what in ["files", "listings"] {
        let dir = tempfile::tempdir().unwrap();
        let t = misbehave_granted(dir.path(), false);
        let img = TestImage::new();
        let mut s = t.session();
        let args = json!({"what": what, "count": 1_000, "bytes": 0}).to_string();
        let e = misbehave_once(&mut s, &img, "hoard", &args);
        assert_eq!(e.kind, ErrorKind::OutOfMemory, "{what}: {}", e.message);
        assert_eq!(e.message, TOO_MANY_FILES, "{what}");
        next_call_is_fresh(&mut s, &img);
        let within = json!({"what": what, "count": 60, "bytes": 0}).to_string();
        let r = call(&mut s, &img.ctx(false), "hoard", &within).expect("within the cap");
        assert_eq!(
            r.structured,
            Some(json!({"kept": 60, "refused": null})),
            "{what}"
        );
    }
}

#[test]
fn a_directory_is_listed_whole_a_batch_at_a_time() {
    // Far more entries than one batch of the host's holds, of every kind
    // the guest can tell apart.
    let dir = tempfile::tempdir().unwrap();
    let names: Vec<String> = (0..3_000)
        .map(|i| format!("entry-with-a-longish-name-{i:05}"))
        .collect();
    for name in &names {
        std::fs::write(dir.path().join(name), "").unwrap();
    }
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::os::unix::fs::symlink("sub", dir.path().join("to-sub")).unwrap();
    let t = misbehave_granted(dir.path(), false);
    let img = TestImage::new();
    let mut s = t.session();
    let r = call(&mut s, &img.ctx(false), "list_dir", r#"{"path": "/data"}"#).expect("listed");
    let mut expected: Vec<serde_json::Value> = names.iter().map(|n| json!([n, "file"])).collect();
    expected.push(json!(["sub", "directory"]));
    expected.push(json!(["to-sub", "symlink"]));
    assert_eq!(
        r.structured,
        Some(json!({"count": 3_002, "entries": expected, "failed": []}))
    );
    // The same listing again, and of the subdirectory: each from its start.
    let again = call(&mut s, &img.ctx(false), "list_dir", r#"{"path": "/data"}"#).unwrap();
    assert_eq!(again.structured, r.structured);
    let sub = call(
        &mut s,
        &img.ctx(false),
        "list_dir",
        r#"{"path": "/data/sub"}"#,
    )
    .unwrap();
    assert_eq!(
        sub.structured,
        Some(json!({"count": 0, "entries": [], "failed": []}))
    );
}

#[test]
fn random_bytes_are_answered_a_megabyte_at_a_time() {
    let t = misbehave_capped();
    let img = TestImage::new();
    let mut s = t.session();
    let within = json!({"what": "random", "count": 1, "bytes": 1 << 20}).to_string();
    let r = call(&mut s, &img.ctx(false), "hoard", &within).expect("a megabyte");
    assert_eq!(r.structured, Some(json!({"kept": 1, "refused": null})));
    let over = json!({"what": "random", "count": 1, "bytes": (1 << 20) + 1}).to_string();
    let e = call(&mut s, &img.ctx(false), "hoard", &over).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Trap);
    assert!(
        e.message.contains("exceeds limit 1048576"),
        "{:?}: {}",
        e.kind,
        e.message
    );
    next_call_is_fresh(&mut s, &img);
}
