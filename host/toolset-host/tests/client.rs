//! Plug-ins asking their client (`gemstone:mcp/client`, 0.1.2): the
//! conformance fixture's tools elicit and sample through a notifier that
//! plays the client. What the guest sends, what it gets back, and how the
//! host ends a request the client refuses, cannot take, or never answers.

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::*;
use gs_toolset::{
    AskFuture, ClientRequest, ErrorKind, LogLevel, Notifier, ToolError, ToolResult, ToolsetSession,
};
use serde_json::{Value, json};

/// How the played client answers.
enum Plays {
    /// Its result, whatever was asked.
    Answers(Value),
    /// A refusal, as the router gives for an undeclared capability.
    Refuses,
    /// Never.
    Hangs,
}

/// A client as a [`Notifier`]: records what it was asked and answers as
/// it plays.
struct Client {
    plays: Plays,
    asked: Mutex<Vec<(ClientRequest, Value)>>,
    /// The key of each request, in order.
    keys: Mutex<Vec<String>>,
}

impl Client {
    fn new(plays: Plays) -> Arc<Client> {
        Arc::new(Client {
            plays,
            asked: Mutex::new(Vec::new()),
            keys: Mutex::new(Vec::new()),
        })
    }

    fn asked(&self) -> Vec<(ClientRequest, Value)> {
        self.asked.lock().unwrap().clone()
    }
}

impl Notifier for Client {
    fn log(&self, _: LogLevel, _: &str, _: &str) {}
    fn progress(&self, _: f64, _: Option<f64>, _: Option<&str>) {}

    fn ask(&self, key: &str, request: ClientRequest, params: Value) -> AskFuture<'_> {
        self.asked.lock().unwrap().push((request, params));
        self.keys.lock().unwrap().push(key.to_string());
        match &self.plays {
            Plays::Answers(result) => Box::pin(std::future::ready(Ok(result.clone()))),
            Plays::Refuses => Box::pin(std::future::ready(Err(ToolError::new(
                ErrorKind::Refused,
                "the client did not declare the `sampling` capability",
            )))),
            Plays::Hangs => Box::pin(std::future::pending()),
        }
    }
}

/// Calls `tool` of the fixture with `args`, its client played by `client`.
fn call_with(client: &Arc<Client>, tool: &str, args: &str) -> ToolResult {
    let img = TestImage::new();
    let mut ctx = img.ctx(false);
    ctx.notifier = client.clone();
    call(&mut conformance().session(), &ctx, tool, args)
}

#[test]
fn sampling_sends_the_request_and_the_tool_reads_the_answer() {
    let client = Client::new(Plays::Answers(json!({
        "role": "assistant", "model": "m", "stopReason": "endTurn",
        "content": {"type": "text", "text": "Forty-two."},
    })));
    let result = call_with(&client, "test_sampling", r#"{"prompt": "Why?"}"#);
    assert_eq!(text(&result), "LLM response: Forty-two.");
    assert_eq!(
        client.asked(),
        [(
            ClientRequest::Sampling,
            json!({"messages": [{"role": "user", "content": {"type": "text", "text": "Why?"}}],
                   "maxTokens": 100})
        )]
    );
}

#[test]
fn elicitation_passes_defaults_and_enums_through_and_reads_the_action() {
    let client = Client::new(Plays::Answers(json!({"action": "decline"})));
    let result = call_with(&client, "test_elicitation_sep1034_defaults", "{}");
    assert_eq!(
        text(&result),
        "Elicitation completed: action=decline, content={}"
    );
    let (request, params) = client.asked().remove(0);
    assert_eq!(request, ClientRequest::Elicitation);
    let fields = &params["requestedSchema"]["properties"];
    assert_eq!(fields["age"], json!({"type": "integer", "default": 30}));
    assert_eq!(
        fields["status"]["enum"],
        json!(["active", "inactive", "pending"])
    );
    assert_eq!(fields["status"]["default"], "active");

    let client = Client::new(Plays::Answers(json!({
        "action": "accept", "content": {"username": "ada", "email": "ada@example.com"},
    })));
    let result = call_with(&client, "test_elicitation", r#"{"message": "Who?"}"#);
    assert_eq!(
        text(&result),
        r#"User response: action=accept, content={"email":"ada@example.com","username":"ada"}"#
    );
    assert_eq!(client.asked()[0].1["message"], "Who?");
}

#[test]
fn a_refusal_reaches_the_tool_and_the_client_with_its_kind() {
    let client = Client::new(Plays::Refuses);
    let e = call_with(&client, "test_sampling", r#"{"prompt": "Why?"}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused);
    assert!(
        e.message.contains("did not declare the `sampling`"),
        "{}",
        e.message
    );
}

#[test]
fn without_a_client_the_request_fails_cleanly() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let e = call(
        &mut conformance().session(),
        &ctx,
        "test_elicitation",
        r#"{"message": "Who?"}"#,
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Other);
    assert!(
        e.message
            .starts_with("elicitation/create needs an MCP client to ask"),
        "{}",
        e.message
    );
}

#[test]
fn a_request_never_answered_ends_with_the_calls_cancellation_or_deadline() {
    let client = Client::new(Plays::Hangs);
    let img = TestImage::new();
    let mut ctx = img.ctx(false);
    ctx.notifier = client.clone();
    let cancel = ctx.cancel.clone();
    // Cancels once the request has reached the client, not after a fixed
    // sleep: on a loaded machine the guest may not have asked yet, and the
    // call would end before its request rather than while it waits.
    let asking = client.clone();
    let canceller = std::thread::spawn(move || {
        let waited = Instant::now();
        while asking.asked().is_empty() && waited.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(10));
        }
        cancel.cancel();
    });
    let started = Instant::now();
    let mut session = conformance().session();
    let e = call(&mut session, &ctx, "test_sampling", r#"{"prompt": "?"}"#).unwrap_err();
    canceller.join().unwrap();
    assert!(started.elapsed() < Duration::from_secs(25));
    assert!(e.message.contains("cancelled"), "{e:?}");
    assert_eq!(client.asked().len(), 1);

    let mut ctx = img.ctx(false);
    ctx.notifier = client.clone();
    let started = Instant::now();
    // Long enough for the guest to reach its request on a loaded machine
    // (a second is not, with other builds sharing two cores), far below
    // the 30 s a request would otherwise wait.
    ctx.deadline = Some(started + Duration::from_secs(5));
    let e = call(&mut session, &ctx, "test_sampling", r#"{"prompt": "?"}"#).unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(10));
    // The host's answer to the guest names the deadline; if the host
    // stops the guest at its next tick first, the kind does.
    assert!(
        e.message.contains("deadline") || e.kind == ErrorKind::Deadline,
        "{e:?}"
    );
    assert_eq!(client.asked().len(), 2);
    // Each call numbers its own requests without a key of their own.
    assert_eq!(*client.keys.lock().unwrap(), ["sampling", "sampling"]);
}

/// A prompt may ask its client too, under the key the toolset names.
#[test]
fn a_prompt_asks_its_client_under_the_toolsets_key() {
    let client = Client::new(Plays::Answers(json!({
        "action": "accept", "content": {"context": "a GemStone image"},
    })));
    let img = TestImage::new();
    let mut ctx = img.ctx(false);
    ctx.notifier = client.clone();
    let mut session = conformance().session();
    let prompt = runtime()
        .block_on(session.get_prompt(
            "test_input_required_result_prompt",
            &std::collections::BTreeMap::new(),
            &ctx,
        ))
        .unwrap();
    let text = serde_json::to_string(&prompt.messages[0].content.to_json()).unwrap();
    assert!(text.contains("a GemStone image"), "{text}");
    assert_eq!(*client.keys.lock().unwrap(), ["user_context"]);
    assert_eq!(client.asked()[0].0, ClientRequest::Elicitation);
}

/// A toolset names its own keys, but not one the host gives requests sent
/// without a key: the two would share one answer in a stateless request.
#[test]
fn a_toolsets_own_key_is_sent_unless_it_is_an_automatic_one() {
    let client = Client::new(Plays::Answers(json!({"action": "decline"})));
    let hostile = load(
        gs_test_plugins::HOSTILE,
        gs_toolset_host::Grants::default(),
        gs_toolset_host::Limits::default(),
    );
    let img = TestImage::new();
    let mut ctx = img.ctx(false);
    ctx.notifier = client.clone();
    let ask = |key: &str| {
        call(
            &mut hostile.session(),
            &ctx,
            "ask_keyed",
            &json!({ "key": key }).to_string(),
        )
    };
    assert_eq!(text(&ask("confirm.delete")), r#"{"action":"decline"}"#);
    for key in ["elicitation", "sampling-2", "roots"] {
        let e = ask(key).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams, "{key}");
        assert!(e.message.contains("choose another"), "{}", e.message);
    }
    let e = ask("two words").unwrap_err();
    assert!(
        e.message.contains("must be 1 to 64 ASCII letters"),
        "{}",
        e.message
    );
    assert_eq!(*client.keys.lock().unwrap(), ["confirm.delete"]);
}
