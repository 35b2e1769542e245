//! Calls as futures: what a call may do in its first poll, which the
//! session broker makes on the async thread that received the request. A
//! quick call ends there; a call that reaches the image, sends a
//! notification or computes past an epoch tick answers `Pending` first, so
//! that the broker moves it to a call thread.

mod common;

use std::path::Path;
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use common::*;
use gs_toolset::{Arguments, CallFuture, ErrorKind, ToolResult, ToolsetSession, block_on};
use gs_toolset_host::{HostConfig, ToolsetHost, WasmToolset, WasmToolsetSpec};

/// `hello` on a host whose epoch never ticks during a test: what a call
/// does in its first poll, apart from the tick, must not depend on how
/// fast the machine is (a debug build on a loaded machine can take longer
/// than the shared host's 5 ms tick to create an instance).
fn hello_without_ticks() -> &'static WasmToolset {
    static HOST: OnceLock<ToolsetHost> = OnceLock::new();
    static HELLO: OnceLock<WasmToolset> = OnceLock::new();
    HELLO.get_or_init(|| {
        let host = HOST.get_or_init(|| {
            ToolsetHost::new(HostConfig {
                cache_dir: Some(Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolset-cache")),
                max_instances: 8,
                max_memory: 512 << 20,
                epoch_tick: Duration::from_secs(3600),
                ..HostConfig::default()
            })
            .expect("the toolset host starts")
        });
        let mut spec = WasmToolsetSpec::new(gs_test_plugins::HELLO);
        spec.grants = all_grants();
        host.load(&spec).expect("hello loads")
    })
}

/// One poll, as the broker's first.
fn first_poll(call: &mut CallFuture<'_>) -> Poll<ToolResult> {
    call.as_mut().poll(&mut Context::from_waker(Waker::noop()))
}

#[test]
fn a_quick_call_ends_in_its_first_poll() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = hello_without_ticks().session();
    // The first call also creates the session's instance, within the poll.
    for name in ["first", "second"] {
        let greeting = args(&format!(r#"{{"name":"{name}"}}"#));
        let mut call = s.call_async("greet", &greeting, &ctx).expect("a future");
        match first_poll(&mut call) {
            Poll::Ready(result) => assert_eq!(text(&result), format!("Hello, {name}!")),
            Poll::Pending => panic!("greet did not end in its first poll"),
        }
    }
}

#[test]
fn a_call_that_reaches_the_image_yields_before_it_does() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = hello_without_ticks().session();
    let arguments = args(r#"{"className":"Object"}"#);
    let mut call = s
        .call_async("describe_class", &arguments, &ctx)
        .expect("a future");
    assert!(first_poll(&mut call).is_pending());
    let answer = block_on(call).expect("describe_class answers");
    assert_eq!(answer.structured.unwrap()["name"], "Object");
}

#[test]
fn a_notification_goes_out_before_the_call_yields() {
    let img = TestImage::new();
    let recorder = Arc::new(Recorder::default());
    let mut ctx = img.ctx(false);
    ctx.notifier = recorder.clone();
    let mut s = hello_without_ticks().session();
    let none = Arguments::none();
    let mut call = s.call_async("chatty", &none, &ctx).expect("a future");
    assert!(first_poll(&mut call).is_pending());
    // The client can be sent the first line while the call goes on.
    assert_eq!(
        *recorder.0.lock().unwrap(),
        ["info:hello:starting".to_string()]
    );
    assert_eq!(text(&block_on(call)), "logged");
    assert_eq!(recorder.0.lock().unwrap().len(), 5);
}

#[test]
fn a_long_computation_yields_at_its_first_epoch_tick() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = misbehave().session();
    let start = Instant::now();
    let none = Arguments::none();
    let mut call = s.call_async("spin", &none, &ctx).expect("a future");
    assert!(first_poll(&mut call).is_pending());
    // The test host ticks every 5 ms.
    let held = start.elapsed();
    assert!(
        held < Duration::from_millis(150),
        "the first poll held its thread for {held:?}"
    );
    // Off the async thread, the deadline still stops it.
    let e = block_on(call).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Deadline);
}
