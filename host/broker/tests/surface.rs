//! The tool surface: union, exposure filters, collisions and read-only
//! filtering, and the broker's per-session serialisation and lazy toolset
//! state, over a real embedded image.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use gs_broker::{Broker, CallRefused, CallRequest, ImageSessionFactory, ToolSurface};
use gs_toolset::embedded::EmbeddedSession;
use gs_toolset::{
    CallContext, CancelToken, ImageSession, ServerIdentity, SilentNotifier, ToolDescriptor,
    ToolOutput, ToolResult, Toolset, ToolsetInfo, ToolsetSession,
};
use serde_json::{Value, json};

struct Set {
    info: ToolsetInfo,
    opened: Arc<AtomicUsize>,
}

fn set(name: &str, tools: &[(&str, bool)]) -> Set {
    Set {
        info: ToolsetInfo {
            name: name.into(),
            version: "1".into(),
            tools: tools
                .iter()
                .map(|(n, safe)| ToolDescriptor {
                    name: (*n).into(),
                    title: None,
                    description: String::new(),
                    input_schema: json!({"type": "object"}),
                    output_schema: None,
                    read_only_safe: *safe,
                })
                .collect(),
        },
        opened: Arc::new(AtomicUsize::new(0)),
    }
}

struct Sess;

impl Toolset for Set {
    fn info(&self) -> &ToolsetInfo {
        &self.info
    }
    fn open_session(&self) -> Box<dyn ToolsetSession> {
        self.opened.fetch_add(1, Ordering::SeqCst);
        Box::new(Sess)
    }
}

impl ToolsetSession for Sess {
    fn call(&mut self, tool: &str, args: &Value, ctx: &CallContext) -> ToolResult {
        if tool == "sleep" {
            std::thread::sleep(Duration::from_millis(args["ms"].as_u64().unwrap_or(0)));
        }
        Ok(ToolOutput::text(format!(
            "{} dictionaries",
            ctx.image.dictionaries()?.len()
        )))
    }
}

fn ts(s: Set) -> Arc<dyn Toolset> {
    Arc::new(s)
}

#[test]
fn collisions_name_both_toolsets() {
    let e = ToolSurface::new(vec![
        (ts(set("a", &[("x", true)])), None),
        (ts(set("b", &[("x", true)])), None),
    ])
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "tool `x` is offered by both toolset `a` and toolset `b`; list only one of them in its `tools` key"
    );
    // Exposing only one side resolves it.
    let s = ToolSurface::new(vec![
        (
            ts(set("a", &[("x", true), ("y", false)])),
            Some(vec!["y".into()]),
        ),
        (ts(set("b", &[("x", true)])), None),
    ])
    .unwrap();
    let names: Vec<_> = s.tools(false).map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["y", "x"]);
    assert_eq!(
        s.tools(true).map(|t| t.name.as_str()).collect::<Vec<_>>(),
        ["x"]
    );
    assert_eq!(s.lookup("x").unwrap().0, 1);
}

#[test]
fn exposing_a_missing_tool_is_refused() {
    let e = ToolSurface::new(vec![(
        ts(set("a", &[("x", true), ("y", true)])),
        Some(vec!["z".into()]),
    )])
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "toolset `a` has no tool `z` to expose; its tools are `x`, `y`"
    );
}

struct Factory(gs_image::Image);

impl ImageSessionFactory for Factory {
    fn open(&self) -> Result<Arc<dyn ImageSession>, String> {
        Ok(Arc::new(EmbeddedSession::new(self.0.session())))
    }
}

fn req(tool: &str, args: Value) -> CallRequest {
    CallRequest {
        tool: tool.into(),
        arguments: args,
        notifier: Arc::new(SilentNotifier),
        cancel: CancelToken::new(),
        deadline: None,
    }
}

#[test]
fn sessions_serialise_calls_and_open_toolset_state_lazily() {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("i.gsimage")).unwrap();
    let a = set("a", &[("sleep", true), ("w", false)]);
    let opened = a.opened.clone();
    let b = set("b", &[("other", true)]);
    let surface = ToolSurface::new(vec![(ts(a), None), (ts(b), None)]).unwrap();
    let identity = ServerIdentity {
        name: "t".into(),
        version: "1".into(),
        title: None,
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let broker = Broker::new(surface, Arc::new(Factory(image)), identity.clone(), false);
        let s = Arc::new(broker.open_session().await.unwrap());
        assert_eq!(
            opened.load(Ordering::SeqCst),
            0,
            "toolset state is created on first use"
        );
        let t = Instant::now();
        let (x, y) = tokio::join!(
            s.call(req("sleep", json!({"ms": 300}))),
            s.call(req("sleep", json!({"ms": 300})))
        );
        assert!(
            t.elapsed() >= Duration::from_millis(590),
            "calls overlapped: {:?}",
            t.elapsed()
        );
        assert_eq!(
            x.unwrap().unwrap().content,
            vec![gs_toolset::Content::text("3 dictionaries")]
        );
        assert!(y.unwrap().is_ok());
        assert_eq!(
            opened.load(Ordering::SeqCst),
            1,
            "one toolset session per MCP session"
        );
        assert_eq!(s.pending(), 0);
        assert_eq!(
            s.call(req("nope", json!({}))).await.unwrap_err(),
            CallRefused::UnknownTool("nope".into())
        );

        let ro = Broker::new(
            ToolSurface::new(vec![(ts(set("a", &[("w", false)])), None)]).unwrap(),
            Arc::new(Factory(
                gs_image::Image::open(dir.path().join("j.gsimage")).unwrap(),
            )),
            identity,
            true,
        );
        let s = ro.open_session().await.unwrap();
        assert_eq!(
            s.call(req("w", json!({}))).await.unwrap_err(),
            CallRefused::ReadOnly("w".into())
        );
    });
}
