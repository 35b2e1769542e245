//! The tool surface: union, exposure filters, collisions and read-only
//! filtering, and the broker's per-session serialisation and lazy toolset
//! state, over a real embedded image.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use gs_broker::{
    Broker, CallControl, CallRefused, CallRequest, ImageSessionFactory, Stopped, ToolSurface,
};
use gs_embedded::EmbeddedSession;
use gs_toolset::{
    Arguments, CallContext, CallFuture, ErrorKind, ImageSession, PromptInfo, ResourceInfo,
    ResourceTemplate, ServerIdentity, SilentNotifier, ToolDescriptor, ToolError, ToolOutput,
    ToolResult, Toolset, ToolsetInfo, ToolsetSession,
};
use serde_json::{Value, json};

struct Set {
    info: ToolsetInfo,
    opened: Arc<AtomicUsize>,
    prompts: Vec<PromptInfo>,
    resources: Vec<ResourceInfo>,
    templates: Vec<ResourceTemplate>,
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
                    grants: Vec::new(),
                    task_support: gs_toolset::TaskSupport::Forbidden,
                })
                .collect(),
        },
        opened: Arc::new(AtomicUsize::new(0)),
        prompts: Vec::new(),
        resources: Vec::new(),
        templates: Vec::new(),
    }
}

/// A toolset with no tools offering `prompts`, fixed resources at `uris`
/// and `templates`.
fn offering(name: &str, prompts: &[&str], uris: &[&str], templates: &[&str]) -> Arc<dyn Toolset> {
    let mut s = set(name, &[]);
    s.prompts = prompts
        .iter()
        .map(|n| PromptInfo {
            name: (*n).into(),
            title: None,
            description: None,
            arguments: Vec::new(),
        })
        .collect();
    s.resources = uris
        .iter()
        .map(|u| ResourceInfo {
            uri: (*u).into(),
            name: (*u).into(),
            title: None,
            description: None,
            mime_type: None,
        })
        .collect();
    s.templates = templates
        .iter()
        .map(|t| ResourceTemplate {
            uri_template: (*t).into(),
            name: (*t).into(),
            title: None,
            description: None,
            mime_type: None,
        })
        .collect();
    ts(s)
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
    fn prompts(&self) -> &[PromptInfo] {
        &self.prompts
    }
    fn resources(&self) -> &[ResourceInfo] {
        &self.resources
    }
    fn resource_templates(&self) -> &[ResourceTemplate] {
        &self.templates
    }
}

impl ToolsetSession for Sess {
    fn call<'a>(
        &'a mut self,
        tool: &'a str,
        args: &'a Arguments,
        ctx: &'a CallContext,
    ) -> CallFuture<'a> {
        gs_toolset::image_call(tool, args, ctx, sess_call)
    }
}

fn sess_call(tool: &str, args: &Value, ctx: &CallContext) -> ToolResult {
    if tool == "sleep" {
        std::thread::sleep(Duration::from_millis(args["ms"].as_u64().unwrap_or(0)));
    }
    if tool == "spin" {
        // Runs `ms`, heeding a cancellation `heed_ms` after first
        // seeing it (never, without `heed_ms`).
        let end = Instant::now() + Duration::from_millis(args["ms"].as_u64().unwrap_or(0));
        let heed = args["heed_ms"].as_u64().map(Duration::from_millis);
        let mut seen = None;
        while Instant::now() < end {
            if ctx.cancel.is_cancelled() {
                let first: Instant = *seen.get_or_insert_with(Instant::now);
                if heed.is_some_and(|h| first.elapsed() >= h) {
                    return Err(ToolError::new(ErrorKind::Cancelled, "stopped"));
                }
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    Ok(ToolOutput::text(format!(
        "{} dictionaries",
        ctx.image.dictionaries()?.len()
    )))
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
fn a_prompt_or_resource_two_toolsets_would_answer_to_is_refused_naming_both() {
    let builtin = || {
        offering(
            "builtin",
            &["explain_class"],
            &["gemstone://dictionaries"],
            &["gemstone://class/{className}"],
        )
    };
    let refused = |other: Arc<dyn Toolset>| {
        ToolSurface::new(vec![(builtin(), None), (other, None)])
            .unwrap_err()
            .to_string()
    };
    let rule = "; only one toolset may answer to a prompt or resource: leave one of them out of \
                the configuration, or ask the toolset's vendor to rename it";
    assert_eq!(
        refused(offering("acme", &["explain_class"], &[], &[])),
        format!(
            "prompt `explain_class` is offered by both toolset `builtin` and toolset `acme`{rule}"
        )
    );
    assert_eq!(
        refused(offering("acme", &[], &["gemstone://dictionaries"], &[])),
        format!(
            "resource `gemstone://dictionaries` is offered by both toolset `builtin` and \
             toolset `acme`{rule}"
        )
    );
    assert_eq!(
        refused(offering(
            "acme",
            &[],
            &[],
            &["gemstone://class/{className}"]
        )),
        format!(
            "resource template `gemstone://class/{{className}}` is offered by both toolset \
             `builtin` and toolset `acme`{rule}"
        )
    );
    // A fixed resource would be read before any template: a plug-in's
    // must not stand in for what another toolset's template answers.
    assert_eq!(
        refused(offering("acme", &[], &["gemstone://class/Object"], &[])),
        format!(
            "resource `gemstone://class/Object` of toolset `acme` is at a URI of toolset \
             `builtin`'s template `gemstone://class/{{className}}`{rule}"
        )
    );
    let e = ToolSurface::new(vec![
        (offering("acme", &[], &["acme://report/daily"], &[]), None),
        (
            offering("reports", &[], &[], &["acme://report/{name}"]),
            None,
        ),
    ])
    .unwrap_err();
    assert!(
        e.to_string().starts_with(
            "resource `acme://report/daily` of toolset `acme` is at a URI of toolset \
             `reports`'s template `acme://report/{name}`"
        ),
        "{e}"
    );
    // Offers of their own sit side by side.
    let s = ToolSurface::new(vec![
        (builtin(), None),
        (
            offering(
                "acme",
                &["count_review"],
                &["acme://schema"],
                &["acme://table/{name}"],
            ),
            None,
        ),
    ])
    .unwrap();
    assert_eq!(s.toolsets().len(), 2);
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
        arguments: Arguments::from_value(tool, &args).unwrap(),
        notifier: Arc::new(SilentNotifier),
        control: CallControl::new(),
        deadline: None,
        read_only: false,
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

#[test]
fn stopping_a_call_escalates_soft_then_hard_then_stuck() {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("s.gsimage")).unwrap();
    let a = set("a", &[("spin", true)]);
    let opened = a.opened.clone();
    let surface = ToolSurface::new(vec![(ts(a), None)]).unwrap();
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
        let broker = Broker::new(surface, Arc::new(Factory(image)), identity, false);
        let s = Arc::new(broker.open_session().await.unwrap());
        let grace = Duration::from_millis(300);
        let start = |args: Value| {
            let control = CallControl::new();
            let mut r = req("spin", args);
            r.control = control.clone();
            let s = s.clone();
            (control, tokio::spawn(async move { s.call(r).await }))
        };

        // A call that heeds the break stops on the soft one; its toolset
        // state is kept.
        let (c, call) = start(json!({"ms": 5000, "heed_ms": 0}));
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(c.stop_within(grace, grace).await, Stopped::Soft);
        let e = call.await.unwrap().unwrap().unwrap_err();
        assert_eq!(e.kind, ErrorKind::Cancelled);
        assert_eq!(opened.load(Ordering::SeqCst), 1);

        // One whose cleanup outlasts the soft grace ends on the hard
        // break, and the session's next call gets fresh toolset state.
        let (c, call) = start(json!({"ms": 5000, "heed_ms": 450}));
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(c.stop_within(grace, grace).await, Stopped::Hard);
        assert!(call.await.unwrap().unwrap().is_err());
        let (_, call) = start(json!({"ms": 0}));
        assert!(call.await.unwrap().unwrap().is_ok());
        assert_eq!(
            opened.load(Ordering::SeqCst),
            2,
            "state reset after a hard break"
        );

        // One that ignores both is stuck; it is known to have ended only
        // once it really returns.
        let t = Instant::now();
        let (c, call) = start(json!({"ms": 1200}));
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(c.stop_within(grace, grace).await, Stopped::Stuck);
        assert!(!c.has_ended());
        c.ended().await;
        assert!(t.elapsed() >= Duration::from_millis(1200));
        assert!(call.await.unwrap().unwrap().is_ok());

        // A queued call whose caller gives up before its turn counts as
        // ended, and never runs.
        let (_, running) = start(json!({"ms": 300}));
        tokio::time::sleep(Duration::from_millis(50)).await;
        let (queued, waiting) = start(json!({"ms": 0}));
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!queued.has_ended());
        waiting.abort();
        let _ = waiting.await;
        assert!(queued.has_ended());
        assert!(running.await.unwrap().is_ok());
    });
}
