//! Where the broker runs a call: a call future that ends in its first poll
//! on the caller's async thread; one that answers `Pending` there, and
//! every call of a toolset whose calls block, on a call thread. A panic in
//! the first poll is reported like one on a call thread.

use std::sync::Arc;

use gs_broker::{Broker, CallControl, CallRequest, ImageSessionFactory, ToolSurface};
use gs_embedded::EmbeddedSession;
use gs_toolset::{
    Arguments, CallContext, CallFuture, ImageSession, ServerIdentity, SilentNotifier,
    ToolDescriptor, ToolOutput, ToolResult, Toolset, ToolsetInfo, ToolsetSession,
};
use serde_json::{Value, json};

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
        };
        Threads(ToolsetInfo {
            name: "threads".into(),
            version: "1".into(),
            tools: ["quick", "yields", "blocking", "panics", "count"]
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

fn thread_name() -> ToolResult {
    let name = std::thread::current().name().unwrap_or("").to_string();
    Ok(ToolOutput::text(name))
}

impl ToolsetSession for Calls {
    fn call(&mut self, _tool: &str, _arguments: &Value, _ctx: &CallContext) -> ToolResult {
        thread_name()
    }

    fn call_async<'a>(
        &'a mut self,
        tool: &'a str,
        _arguments: &'a Arguments,
        _ctx: &'a CallContext,
    ) -> Option<CallFuture<'a>> {
        self.0 += 1;
        let calls = self.0;
        match tool {
            "blocking" => None,
            "yields" => Some(Box::pin(async {
                tokio::task::yield_now().await;
                thread_name()
            })),
            "panics" => Some(Box::pin(async { panic!("a bug in the toolset") })),
            "count" => Some(Box::pin(
                async move { Ok(ToolOutput::text(calls.to_string())) },
            )),
            _ => Some(Box::pin(async { thread_name() })),
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
    }
}

fn text(result: ToolResult) -> String {
    match result.expect("the call succeeds").content.first() {
        Some(gs_toolset::Content::Text(t)) => t.clone(),
        other => panic!("expected a text block, got {other:?}"),
    }
}

#[test]
fn calls_run_where_their_first_poll_says() {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("i.gsimage")).unwrap();
    let surface = ToolSurface::new(vec![(Arc::new(Threads::new()) as Arc<dyn Toolset>, None)])
        .expect("a surface");
    let identity = ServerIdentity {
        name: "t".into(),
        version: "1".into(),
        title: None,
    };
    let broker = Broker::new(surface, Arc::new(Factory(image)), identity, false);
    // One async thread: this test's own.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let here = std::thread::current().name().unwrap().to_string();
    rt.block_on(async {
        let s = broker.open_session().await.unwrap();
        let ran_on = |tool: &'static str| {
            let s = &s;
            async move { text(s.call(request(tool)).await.unwrap()) }
        };
        assert_eq!(ran_on("quick").await, here, "a quick call stays in place");
        let yielded = ran_on("yields").await;
        assert!(yielded.starts_with("gs-call"), "ran on {yielded}");
        let blocked = ran_on("blocking").await;
        assert!(blocked.starts_with("gs-call"), "ran on {blocked}");
        assert_eq!(ran_on("count").await, "4");

        let e = s.call(request("panics")).await.unwrap().unwrap_err();
        assert!(e.message.contains("panicked"), "{}", e.message);
        // The session goes on, with the toolset's state started afresh.
        assert_eq!(ran_on("count").await, "1");
        assert_eq!(s.pending(), 0);
    });
}
