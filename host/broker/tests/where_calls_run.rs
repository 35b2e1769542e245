//! Where the broker runs a call: toolset code and image work alike on the
//! session's image worker, one long-lived thread per session, except a
//! computing call's first slice, polled on the async thread that asked
//! when the runtime has another to spare: a call that ends there never
//! leaves it, one that waits goes on on the worker, and image work never
//! runs there. A panic in either is reported, and the session goes on.
//! (A call that only waits, on a stone, runs as a task instead: gs-mcp's
//! tests/gemstone.rs shows it holds no thread.)

use std::sync::Arc;

use gs_broker::{Broker, CallControl, CallRequest, ImageSessionFactory, ToolSurface};
use gs_embedded::EmbeddedSession;
use gs_toolset::{
    Arguments, CallContext, CallFuture, ImageSession, ServerIdentity, SilentNotifier,
    ToolDescriptor, ToolOutput, ToolResult, Toolset, ToolsetInfo, ToolsetSession,
};
use serde_json::json;

/// Tools that answer the name of the thread they ended on, and a count of
/// the calls their session state has seen.
struct Threads(ToolsetInfo);

impl Threads {
    fn new() -> Threads {
        let tool = |name: &str| ToolDescriptor {
            name: name.into(),
            title: None,
            description: String::new(),
            input_schema: json!({"type": "object"}),
            output_schema: None,
            read_only_safe: true,
            grants: Vec::new(),
            task_support: gs_toolset::TaskSupport::Forbidden,
        };
        Threads(ToolsetInfo {
            name: "threads".into(),
            version: "1".into(),
            tools: [
                "quick",
                "yields",
                "blocks",
                "image",
                "panics",
                "image_panics",
                "count",
            ]
            .into_iter()
            .map(tool)
            .collect(),
        })
    }
}

impl Toolset for Threads {
    fn info(&self) -> &ToolsetInfo {
        &self.0
    }

    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(Calls(0))
    }
}

/// A session's state: how many calls it has seen.
struct Calls(u64);

/// How long the `blocks` tool computes without yielding.
const BLOCKS_FOR: std::time::Duration = std::time::Duration::from_millis(400);

/// The name and id of the thread the call ends on.
fn thread_name() -> ToolResult {
    let t = std::thread::current();
    Ok(ToolOutput::text(format!(
        "{} {:?}",
        t.name().unwrap_or(""),
        t.id()
    )))
}

impl ToolsetSession for Calls {
    fn call<'a>(
        &'a mut self,
        tool: &'a str,
        _arguments: &'a Arguments,
        ctx: &'a CallContext,
    ) -> CallFuture<'a> {
        self.0 += 1;
        let calls = self.0;
        match tool {
            "image" => Box::pin(ctx.blocking(|ctx| {
                ctx.image.dictionaries()?;
                thread_name()
            })),
            "image_panics" => {
                Box::pin(ctx.blocking(|_| -> ToolResult { panic!("a bug in the image backend") }))
            }
            "panics" => Box::pin(async { panic!("a bug in the toolset") }),
            "count" => Box::pin(async move { Ok(ToolOutput::text(calls.to_string())) }),
            // Computes without yielding, as a guest does up to its first
            // epoch tick: the worst a first slice can hold a thread.
            "blocks" => Box::pin(async {
                std::thread::sleep(BLOCKS_FOR);
                thread_name()
            }),
            "yields" => Box::pin(async {
                tokio::task::yield_now().await;
                thread_name()
            }),
            _ => Box::pin(async { thread_name() }),
        }
    }
}

struct Factory(gs_image::Image);

impl ImageSessionFactory for Factory {
    fn open(&self) -> Result<Arc<dyn ImageSession>, String> {
        Ok(Arc::new(EmbeddedSession::new(self.0.session())))
    }
}

fn request(tool: &str) -> CallRequest {
    CallRequest {
        tool: tool.into(),
        arguments: Arguments::none(),
        notifier: Arc::new(SilentNotifier),
        control: CallControl::new(),
        deadline: None,
        read_only: false,
    }
}

fn text(result: ToolResult) -> String {
    match result.expect("the call succeeds").content.first() {
        Some(gs_toolset::Content::Text(t)) => t.clone(),
        other => panic!("expected a text block, got {other:?}"),
    }
}

/// What `tool` answered (the thread it ended on, or a count).
async fn ran_on(s: &gs_broker::BrokerSession, tool: &str) -> String {
    text(s.call(request(tool)).await.unwrap())
}

/// Held by the tests that count on the process's first slices, which
/// every runtime in it shares: they take turns.
static SLICES: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A runtime of two async threads, named `async`.
fn two_async_threads() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("async")
        .enable_all()
        .build()
        .unwrap()
}

/// A broker serving the `Threads` tools over a fresh image in `dir`.
fn threads_broker(dir: &std::path::Path) -> Broker {
    let image = gs_image::Image::open(dir.join("i.gsimage")).unwrap();
    let surface = ToolSurface::new(vec![(Arc::new(Threads::new()) as Arc<dyn Toolset>, None)])
        .expect("a surface");
    let identity = ServerIdentity {
        name: "t".into(),
        version: "1".into(),
        title: None,
    };
    Broker::new(surface, Arc::new(Factory(image)), identity, false)
}

#[test]
fn image_work_runs_on_one_worker_per_session() {
    let dir = tempfile::tempdir().unwrap();
    let broker = threads_broker(dir.path());
    // One async thread: this test's own.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let s = broker.open_session().await.unwrap();
        let other = broker.open_session().await.unwrap();
        let here = text(thread_name());
        let worker = ran_on(&s, "quick").await;
        assert!(worker.starts_with("gs-image-worker "), "ran on {worker}");
        assert_ne!(worker, here, "no call runs on the async thread");
        assert_eq!(ran_on(&s, "image").await, worker, "nor does image work");
        // The same thread each time: the worker lives as long as the
        // session. Another session has a worker of its own.
        assert_eq!(ran_on(&s, "image").await, worker);
        let others = ran_on(&other, "image").await;
        assert!(others.starts_with("gs-image-worker "), "ran on {others}");
        assert_ne!(others, worker);
        assert_eq!(ran_on(&s, "count").await, "4");

        let e = s.call(request("panics")).await.unwrap().unwrap_err();
        assert!(e.message.contains("panicked"), "{}", e.message);
        // The session goes on, with the toolset's state started afresh.
        assert_eq!(ran_on(&s, "count").await, "1");
        let e = s.call(request("image_panics")).await.unwrap().unwrap_err();
        assert!(e.message.contains("panicked"), "{}", e.message);
        assert_eq!(
            ran_on(&s, "image").await,
            worker,
            "the worker goes on after a panicking job"
        );
        assert_eq!(s.pending(), 0);
    });
}

/// A factory that records the thread each session is opened on.
struct Recording {
    image: gs_image::Image,
    at_once: bool,
    opened_on: std::sync::Mutex<Vec<std::thread::ThreadId>>,
}

impl ImageSessionFactory for Recording {
    fn open(&self) -> Result<Arc<dyn ImageSession>, String> {
        self.opened_on
            .lock()
            .unwrap()
            .push(std::thread::current().id());
        Ok(Arc::new(EmbeddedSession::new(self.image.session())))
    }

    fn opens_at_once(&self) -> bool {
        self.at_once
    }
}

/// A session of a backend whose opening may wait (a stone login) opens on
/// the blocking pool, never on the async thread; one that opens at once
/// (the embedded image's snapshot) opens right there, with no hop.
#[test]
fn sessions_open_on_the_blocking_pool_unless_they_open_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("i.gsimage")).unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    for at_once in [false, true] {
        let factory = Arc::new(Recording {
            image: image.clone(),
            at_once,
            opened_on: std::sync::Mutex::new(Vec::new()),
        });
        let surface =
            ToolSurface::new(vec![(Arc::new(Threads::new()) as Arc<dyn Toolset>, None)]).unwrap();
        let identity = ServerIdentity {
            name: "t".into(),
            version: "1".into(),
            title: None,
        };
        let broker = Broker::new(surface, factory.clone(), identity, false);
        rt.block_on(async {
            let s = broker.open_session().await.unwrap();
            assert_eq!(ran_on(&s, "count").await, "1", "the session works");
        });
        let here = std::thread::current().id();
        let on = factory.opened_on.lock().unwrap()[0];
        assert_eq!(on == here, at_once, "opens_at_once = {at_once}");
    }
}

/// On a runtime with async threads to spare, a computing call's first
/// slice is polled where it was asked: a call that ends in it answers from
/// the async thread, one that yields goes on on the session's worker, and
/// image work runs on the worker whatever asked for it.
#[test]
fn a_quick_call_ends_in_its_first_slice_and_the_rest_go_on_on_the_worker() {
    let _turn = SLICES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir = tempfile::tempdir().unwrap();
    let broker = Arc::new(threads_broker(dir.path()));
    let rt = two_async_threads();
    // Run as a task, so the calls are asked from one of the async threads.
    rt.block_on(rt.spawn(async move {
        let s = broker.open_session().await.unwrap();
        let quick = ran_on(&s, "quick").await;
        assert!(quick.starts_with("async "), "a quick call ended on {quick}");
        let yields = ran_on(&s, "yields").await;
        assert!(yields.starts_with("gs-image-worker "), "ran on {yields}");
        let image = ran_on(&s, "image").await;
        assert_eq!(image, yields, "image work runs on the session's worker");
        let e = s.call(request("panics")).await.unwrap().unwrap_err();
        assert!(e.message.contains("panicked"), "{}", e.message);
        assert_eq!(ran_on(&s, "count").await, "1", "a fresh toolset state");
        assert_eq!(s.pending(), 0);
    }))
    .unwrap();
}

/// At most one fewer first slices run at once than the runtime has async
/// threads: of two calls that compute without yielding, asked at once on a
/// runtime of two async threads, at most one has its slice where it was
/// asked and the other goes to its session's worker, so a timer on the
/// async threads fires while both compute. (With a slice each, both async
/// threads would be held, and the timer late by the calls' whole length.)
#[test]
fn slices_leave_one_async_thread_free() {
    let _turn = SLICES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir = tempfile::tempdir().unwrap();
    let broker = Arc::new(threads_broker(dir.path()));
    let rt = two_async_threads();
    rt.block_on(async move {
        let mut calls = Vec::new();
        for _ in 0..2 {
            let s = broker.open_session().await.unwrap();
            calls.push(tokio::spawn(async move { ran_on(&s, "blocks").await }));
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let timer = tokio::spawn(async {
            let asked = std::time::Instant::now();
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
            asked.elapsed()
        });
        let waited = timer.await.unwrap();
        let mut ran = Vec::new();
        for call in calls {
            ran.push(call.await.unwrap());
        }
        assert!(
            ran.iter().filter(|on| on.starts_with("async ")).count() <= 1,
            "at most one slice at once: {ran:?}"
        );
        assert!(
            waited < BLOCKS_FOR / 2,
            "a 1 ms timer waited {waited:?} while the calls computed"
        );
    });
}
