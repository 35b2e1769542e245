//! The read ledger is the session's, not a toolset's: through the session
//! broker, as the server runs them, a method a session was shown by one
//! toolset guards its write through another, across calls, and a session
//! that was shown nothing writes as before.
//!
//! The built-in tools stand here as `reader`, a native toolset that reads
//! a method as `get_method_source` does: through the call's image session,
//! noting what it showed in the call context's ledger (gs-builtin's own
//! tests show its tools note and check there). The plug-in is `probe`.
//! Runs on the embedded image, and on a test stone with
//! `GS_TEST_BACKEND=gemstone`.

mod common;

use std::sync::Arc;

use common::TestImage;
use gs_broker::{
    Broker, BrokerSession, CallControl, CallRequest, ImageSessionFactory, ToolSurface,
};
use gs_toolset::{
    Arguments, CallContext, CallFuture, ImageSession, ServerIdentity, SilentNotifier,
    ToolDescriptor, ToolOutput, ToolResult, Toolset, ToolsetInfo, ToolsetSession,
};
use gs_toolset_host::Limits;
use serde_json::{Value, json};

const FIXTURE: &str = include_str!("../../builtin/tests/fixtures/bank.gs");

/// What the fixture's `Account>>balance` is.
const ORIGINAL: &str = "balance\n\t^ balance ifNil: [0]";
/// Another session's fix of it.
const FIX: &str = "balance\n\t\"fix\"\n\t^ balance ifNil: [0.0]";
/// This session's edit of the original.
const MINE: &str = "balance\n\t\"mine\"\n\t^ balance ifNil: [0]";

/// A native toolset with one tool, `read_method`, which shows a method's
/// source and notes it in the session's ledger, as the built-in
/// `get_method_source` does.
struct Reader(ToolsetInfo);

impl Reader {
    fn new() -> Reader {
        Reader(ToolsetInfo {
            name: "reader".into(),
            version: "1".into(),
            tools: vec![ToolDescriptor {
                name: "read_method".into(),
                title: None,
                description: "a method's source".into(),
                input_schema: json!({"type": "object"}),
                output_schema: None,
                read_only_safe: true,
                grants: Vec::new(),
                task_support: gs_toolset::TaskSupport::Forbidden,
            }],
        })
    }
}

impl Toolset for Reader {
    fn info(&self) -> &ToolsetInfo {
        &self.0
    }

    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(ReaderSession)
    }
}

struct ReaderSession;

impl ToolsetSession for ReaderSession {
    fn call<'a>(
        &'a mut self,
        _tool: &'a str,
        arguments: &'a Arguments,
        ctx: &'a CallContext,
    ) -> CallFuture<'a> {
        let arguments = arguments.to_value();
        Box::pin(ctx.blocking(move |ctx| {
            let class = arguments["className"].as_str().unwrap_or_default();
            let selector = arguments["selector"].as_str().unwrap_or_default();
            let m = ctx.image.method(class, false, selector)?;
            ctx.ledger
                .saw_method(&m.class_name, false, selector, &m.source);
            Ok(ToolOutput::text(m.source))
        }))
    }
}

/// Opens each broker session on a new session of the test image.
struct Factory(Arc<TestImage>);

impl ImageSessionFactory for Factory {
    fn open(&self) -> Result<Arc<dyn ImageSession>, String> {
        Ok(self.0.session())
    }
}

/// A broker serving `reader` and `probe` over the fixture image, and the
/// image, for other clients.
fn broker() -> (Broker, Arc<TestImage>) {
    let image = Arc::new(TestImage::prepared(|image| {
        let mut session = image.session();
        let report = gs_image::filein::file_in_text(&mut session, "bank.gs", FIXTURE);
        assert!(report.is_clean(), "the fixture files in: {report:?}");
        session.commit().unwrap();
    }));
    let probe = common::load(
        gs_test_plugins::PROBE,
        common::all_grants(),
        Limits::default(),
    );
    let surface = ToolSurface::new(vec![
        (Arc::new(Reader::new()) as Arc<dyn Toolset>, None),
        (Arc::new(probe) as Arc<dyn Toolset>, None),
    ])
    .expect("the two toolsets' tool names differ");
    let identity = ServerIdentity {
        name: "gs-mcp".into(),
        version: "0.1.0".into(),
        title: None,
    };
    let broker = Broker::new(surface, Arc::new(Factory(image.clone())), identity, false);
    (broker, image)
}

/// Calls `tool` in `session` as the router does.
fn call(session: &BrokerSession, tool: &str, arguments: Value) -> ToolResult {
    let request = CallRequest {
        tool: tool.into(),
        arguments: Arguments::from_value(tool, &arguments).unwrap(),
        notifier: Arc::new(SilentNotifier),
        control: CallControl::new(),
        deadline: None,
        read_only: false,
    };
    common::runtime()
        .block_on(session.call(request))
        .expect("the broker admits the call")
}

/// Another client compiles [`FIX`] and commits; `session`'s view then
/// moves on by an abort, as after a conflict.
fn another_session_fixes_balance(image: &TestImage, session: &BrokerSession) {
    let other = image.session();
    other
        .compile_method("Account", false, Some("accessing"), FIX)
        .unwrap();
    other.commit().unwrap();
    session.image().abort().unwrap();
}

fn source(session: &BrokerSession) -> String {
    session
        .image()
        .method_source("Account", false, "balance")
        .unwrap()
}

#[test]
fn a_read_through_one_toolset_guards_a_write_through_another() {
    let (broker, image) = broker();
    let session = common::runtime().block_on(broker.open_session()).unwrap();
    let read = call(
        &session,
        "read_method",
        json!({"className": "Account", "selector": "balance"}),
    );
    assert_eq!(common::text(&read), ORIGINAL);
    another_session_fixes_balance(&image, &session);

    let refused = call(
        &session,
        "compile_method",
        json!({"className": "Account", "source": MINE}),
    )
    .unwrap_err();
    assert_eq!(refused.kind.as_str(), "other", "{refused}");
    assert!(
        refused
            .message
            .starts_with("Account>>balance changed since this session's tools read it"),
        "{refused}"
    );
    assert_eq!(
        refused.details.map(Value::Object),
        Some(
            json!({"className": "Account", "meta": false, "selector": "balance",
                     "currentSource": FIX, "category": "accessing"})
        )
    );
    assert_eq!(source(&session), FIX, "the other session's fix survives");
}

#[test]
fn a_plug_ins_read_in_one_call_guards_its_write_in_a_later_one() {
    let (broker, image) = broker();
    let session = common::runtime().block_on(broker.open_session()).unwrap();
    let read = call(
        &session,
        "method_source",
        json!({"className": "Account", "selector": "balance"}),
    )
    .unwrap();
    assert_eq!(read.structured, Some(json!({"source": ORIGINAL})));
    another_session_fixes_balance(&image, &session);
    let refused = call(
        &session,
        "compile_method_plain",
        json!({"className": "Account", "source": MINE}),
    )
    .unwrap_err();
    assert!(refused.message.contains("changed since"), "{refused}");
    assert_eq!(source(&session), FIX);

    // Another session of the same server was shown nothing: its write
    // goes through as before.
    let fresh = common::runtime().block_on(broker.open_session()).unwrap();
    let compiled = call(
        &fresh,
        "compile_method_plain",
        json!({"className": "Account", "source": MINE}),
    )
    .unwrap();
    assert_eq!(compiled.structured, Some(json!({"selector": "balance"})));
}
