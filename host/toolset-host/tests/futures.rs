//! Where a WebAssembly call runs: the guest on the async thread that polls
//! the call, yielding at every epoch tick so that the thread's other tasks
//! (other sessions' requests) go on; its image work on the session's image
//! worker, never on the async thread.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::*;
use gs_toolset::{Arguments, ErrorKind, ToolsetSession};

/// A runtime with one async thread: whatever else runs on it while a call
/// is in flight shows that the call gave the thread back.
fn one_async_thread() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

#[test]
fn a_quick_call_runs_on_the_polling_thread() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = hello().session();
    let rt = one_async_thread();
    for name in ["first", "second"] {
        let greeting = args(&format!(r#"{{"name":"{name}"}}"#));
        let answer = rt.block_on(s.call("greet", &greeting, &ctx));
        assert_eq!(text(&answer), format!("Hello, {name}!"));
    }
}

#[test]
fn image_work_runs_on_the_sessions_worker_while_the_async_thread_goes_on() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = hello().session();
    let rt = one_async_thread();
    rt.block_on(async {
        let ticks = Arc::new(AtomicUsize::new(0));
        let t = ticks.clone();
        let ticker = tokio::spawn(async move {
            loop {
                t.fetch_add(1, Ordering::AcqRel);
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        });
        // A doit that takes tens of milliseconds at least: the async
        // thread is free meanwhile.
        let code = args(r#"{"code":"| n | n := 0. 1 to: 300000 do: [:i | n := n + i]. n"}"#);
        let before = ticks.load(Ordering::Acquire);
        let answer = s.call("execute", &code, &ctx).await;
        let during = ticks.load(Ordering::Acquire) - before;
        ticker.abort();
        assert_eq!(text(&answer), "45000150000");
        let describe = args(r#"{"className":"Object"}"#);
        let described = s.call("describe_class", &describe, &ctx).await;
        assert_eq!(described.unwrap().structured.unwrap()["name"], "Object");
        assert!(during >= 3, "the async thread was held: {during} ticks");
    });
}

#[test]
fn a_notification_is_sent_while_the_call_goes_on() {
    let img = TestImage::new();
    let recorder = Arc::new(Recorder::default());
    let mut ctx = img.ctx(false);
    ctx.notifier = recorder.clone();
    let mut s = hello().session();
    let none = Arguments::none();
    let answer = one_async_thread().block_on(s.call("chatty", &none, &ctx));
    assert_eq!(text(&answer), "logged");
    let sent = recorder.0.lock().unwrap();
    assert_eq!(sent.len(), 5);
    assert_eq!(sent[0], "info:hello:starting");
}

#[test]
fn a_long_computation_gives_its_thread_back_at_every_tick() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = misbehave().session();
    let none = Arguments::none();
    one_async_thread().block_on(async {
        let ticks = Arc::new(AtomicUsize::new(0));
        let t = ticks.clone();
        let ticker = tokio::spawn(async move {
            loop {
                t.fetch_add(1, Ordering::AcqRel);
                tokio::task::yield_now().await;
            }
        });
        // `spin` computes until its deadline; the test host ticks every
        // 5 ms, and the other task runs between the guest's slices.
        let e = s.call("spin", &none, &ctx).await.unwrap_err();
        ticker.abort();
        assert_eq!(e.kind, ErrorKind::Deadline);
        let seen = ticks.load(Ordering::Acquire);
        assert!(
            seen >= 5,
            "the guest held the thread: {seen} turns for the other task"
        );
    });
}
