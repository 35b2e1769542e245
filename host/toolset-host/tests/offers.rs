//! Resources, prompts and completion of WebAssembly toolsets
//! (`gemstone:mcp@0.1.2`): the declarations read at load, the requests run
//! in the session's instance, and their containment — a request that
//! spins, panics, traps or floods is an error naming it, and the session
//! goes on with a fresh instance.

mod common;

use std::collections::BTreeMap;

use common::*;
use gs_toolset::{
    CallContext, Completion, CompletionRef, CompletionRequest, Content, EmbeddedResource,
    ErrorKind, PromptResult, ResourceBody, Role, ToolError, Toolset, ToolsetSession,
};
use gs_toolset_host::{Limits, WasmSession};

fn read(
    s: &mut dyn ToolsetSession,
    ctx: &CallContext,
    uri: &str,
) -> Result<Vec<EmbeddedResource>, ToolError> {
    runtime().block_on(s.read_resource(uri, ctx))
}

fn get(
    s: &mut dyn ToolsetSession,
    ctx: &CallContext,
    name: &str,
    args: &[(&str, &str)],
) -> Result<PromptResult, ToolError> {
    let args: BTreeMap<String, String> = args
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    runtime().block_on(s.get_prompt(name, &args, ctx))
}

fn complete(
    s: &mut dyn ToolsetSession,
    ctx: &CallContext,
    reference: CompletionRef,
    argument: &str,
    value: &str,
) -> Result<Completion, ToolError> {
    let request = CompletionRequest {
        reference,
        argument: argument.into(),
        value: value.into(),
        context: BTreeMap::new(),
    };
    runtime().block_on(s.complete(&request, ctx))
}

#[test]
fn declarations_are_read_at_load() {
    let t = conformance();
    let uris: Vec<&str> = t.resources().iter().map(|r| r.uri.as_str()).collect();
    assert_eq!(
        uris,
        [
            "test://static-text",
            "test://static-binary",
            "test://watched-resource"
        ]
    );
    assert_eq!(t.resources()[0].name, "static-text");
    assert_eq!(t.resources()[1].mime_type.as_deref(), Some("image/png"));
    assert!(t.resources()[0].description.is_some());
    let templates = t.resource_templates();
    assert_eq!(templates.len(), 1);
    assert_eq!(templates[0].uri_template, "test://template/{id}/data");
    assert_eq!(templates[0].mime_type.as_deref(), Some("application/json"));
    let prompts: Vec<&str> = t.prompts().iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        prompts,
        [
            "test_simple_prompt",
            "test_prompt_with_arguments",
            "test_prompt_with_embedded_resource",
            "test_prompt_with_image",
            "test_input_required_result_prompt"
        ]
    );
    let args = &t.prompts()[1].arguments;
    assert_eq!(args.len(), 2);
    assert_eq!(args[0].name, "arg1");
    assert!(args[0].required);
    assert_eq!(args[0].description.as_deref(), Some("First test argument"));
    assert!(!t.lists_resources());
}

#[test]
fn resources_are_read_in_the_session_instance() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = conformance().session();
    let text = read(&mut s, &ctx, "test://static-text").unwrap();
    assert_eq!(
        text,
        [EmbeddedResource {
            uri: "test://static-text".into(),
            mime_type: Some("text/plain".into()),
            body: ResourceBody::Text("This is the content of the static text resource.".into()),
        }]
    );
    let binary = read(&mut s, &ctx, "test://static-binary").unwrap();
    assert_eq!(binary[0].mime_type.as_deref(), Some("image/png"));
    match &binary[0].body {
        ResourceBody::Blob(b) => assert!(b.starts_with(b"\x89PNG")),
        other => panic!("a blob, not {other:?}"),
    }
    let data = read(&mut s, &ctx, "test://template/123/data").unwrap();
    assert_eq!(data[0].uri, "test://template/123/data");
    assert_eq!(
        data[0].body,
        ResourceBody::Text(r#"{"data":"Data for ID: 123","id":"123","templateTest":true}"#.into())
    );
    let e = read(&mut s, &ctx, "test://nothing").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);
    assert_eq!(
        e.message,
        "toolset `conformance` has no resource `test://nothing`"
    );
    // One instance served every read, and tools on it.
    assert_eq!(s.instances_created(), 1);
    call(&mut s, &ctx, "test_simple_text", "{}").unwrap();
    assert_eq!(s.instances_created(), 1);
}

#[test]
fn prompts_are_filled_in_and_checked() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = conformance().session();
    let simple = get(&mut s, &ctx, "test_simple_prompt", &[]).unwrap();
    assert_eq!(simple.messages.len(), 1);
    assert_eq!(simple.messages[0].role, Role::User);
    assert_eq!(
        simple.messages[0].content,
        Content::Text("This is a simple prompt for testing.".into())
    );
    let with = get(
        &mut s,
        &ctx,
        "test_prompt_with_arguments",
        &[("arg1", "hello"), ("arg2", "world")],
    )
    .unwrap();
    assert_eq!(
        with.messages[0].content,
        Content::Text("Prompt with arguments: arg1='hello', arg2='world'".into())
    );
    let e = get(&mut s, &ctx, "test_prompt_with_arguments", &[("arg1", "x")]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidParams);
    assert_eq!(
        e.message,
        "prompt `test_prompt_with_arguments` needs the argument `arg2`"
    );
    let embedded = get(
        &mut s,
        &ctx,
        "test_prompt_with_embedded_resource",
        &[("resourceUri", "test://example-resource")],
    )
    .unwrap();
    assert_eq!(
        embedded.messages[0].content,
        Content::Resource(EmbeddedResource {
            uri: "test://example-resource".into(),
            mime_type: Some("text/plain".into()),
            body: ResourceBody::Text("Embedded resource content for testing.".into()),
        })
    );
    let image = get(&mut s, &ctx, "test_prompt_with_image", &[]).unwrap();
    assert!(matches!(
        &image.messages[0].content,
        Content::Image { mime_type, data } if mime_type == "image/png" && data.starts_with(b"\x89PNG")
    ));
    let e = get(&mut s, &ctx, "no_such_prompt", &[]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);
}

#[test]
fn completion_answers_the_guests_candidates() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = conformance().session();
    let prompt = || CompletionRef::Prompt("test_prompt_with_arguments".into());
    let c = complete(&mut s, &ctx, prompt(), "arg1", "par").unwrap();
    assert_eq!(c.values, ["paris", "park", "party"]);
    assert_eq!((c.total, c.has_more), (Some(3), false));
    // Nothing completes arg2, nor the template's variable.
    let c = complete(&mut s, &ctx, prompt(), "arg2", "").unwrap();
    assert!(c.values.is_empty());
    let c = complete(
        &mut s,
        &ctx,
        CompletionRef::ResourceTemplate("test://template/{id}/data".into()),
        "id",
        "1",
    )
    .unwrap();
    assert!(c.values.is_empty());
}

#[test]
fn components_of_0_1_0_and_0_1_1_offer_nothing_besides_tools() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    for path in [gs_test_plugins::HELLO_0_1_0, gs_test_plugins::HELLO_0_1_1] {
        let t = load(path, all_grants(), Limits::default());
        assert!(t.resources().is_empty() && t.resource_templates().is_empty());
        assert!(t.prompts().is_empty());
        let mut s = t.session();
        let e = read(&mut s, &ctx, "test://static-text").unwrap_err();
        assert_eq!(e.kind, ErrorKind::NotFound, "{path}");
        assert_eq!(e.message, "toolset `hello` offers no resources");
        let e = get(&mut s, &ctx, "greet", &[]).unwrap_err();
        assert_eq!(e.message, "toolset `hello` offers no prompts");
        let c = complete(&mut s, &ctx, CompletionRef::Prompt("p".into()), "a", "").unwrap();
        assert_eq!(c, Completion::default());
        // None of these started an instance; its tools answer as ever.
        assert!(!s.has_instance());
        let r = call(&mut s, &ctx, "greet", r#"{"name": "Ada"}"#).unwrap();
        assert_eq!(text(&Ok(r)), "Hello, Ada!");
    }
}

/// Reads, gets and completes with `how` on a warmed misbehave session,
/// each answering the error; then checks the session goes on fresh.
fn misbehaving(how: &str) -> [ToolError; 3] {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let t = misbehave();
    let mut s: WasmSession = t.session();
    let mut one = |f: &dyn Fn(&mut WasmSession) -> Result<(), ToolError>| {
        call(&mut s, &ctx, "counter", "{}").unwrap();
        let e = f(&mut s).unwrap_err();
        assert!(
            !s.has_instance(),
            "the poisoned instance is dropped ({how})"
        );
        e
    };
    let uri = format!("misbehave://{how}");
    let errors = [
        one(&|s| read(s, &ctx, &uri).map(drop)),
        one(&|s| get(s, &ctx, "misbehave", &[("how", how)]).map(drop)),
        one(&|s| {
            complete(
                s,
                &ctx,
                CompletionRef::Prompt("misbehave".into()),
                "how",
                how,
            )
            .map(drop)
        }),
    ];
    // The session goes on, on a fresh instance.
    let ok = read(&mut s, &ctx, "misbehave://fine").unwrap();
    assert_eq!(ok[0].body, ResourceBody::Text("fine 1".into()));
    errors
}

#[test]
fn a_request_that_spins_is_stopped_at_its_deadline() {
    let [r, g, c] = misbehaving("spin");
    for e in [&r, &g, &c] {
        assert_eq!(e.kind, ErrorKind::Deadline, "{}", e.message);
    }
    assert_eq!(
        r.message,
        "resources/read `misbehave://spin` of toolset `misbehave` ran past its deadline of \
         0.300 s and was stopped; the session goes on with a fresh instance"
    );
    assert!(
        g.message
            .starts_with("prompts/get `misbehave` of toolset `misbehave` ran past")
    );
    assert!(
        c.message
            .starts_with("completion/complete of `how` of toolset `misbehave` ran past")
    );
}

#[test]
fn a_request_that_panics_or_traps_is_an_error_naming_it() {
    let [r, g, c] = misbehaving("panic");
    for e in [&r, &g, &c] {
        assert_eq!(e.kind, ErrorKind::Panic, "{}", e.message);
        assert!(
            e.message.contains("this request panics on purpose"),
            "{}",
            e.message
        );
    }
    assert!(
        r.message
            .starts_with("resources/read `misbehave://panic` of toolset `misbehave` panicked")
    );
    let [r, g, c] = misbehaving("trap");
    for e in [&r, &g, &c] {
        assert_eq!(e.kind, ErrorKind::Trap, "{}", e.message);
    }
    assert!(
        g.message
            .starts_with("prompts/get `misbehave` of toolset `misbehave` trapped: "),
        "{}",
        g.message
    );
    let [r, _, _] = misbehaving("recurse");
    assert_eq!(r.kind, ErrorKind::StackOverflow, "{}", r.message);
}

#[test]
fn an_answer_over_the_output_cap_is_refused() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = misbehave().session();
    let e = read(&mut s, &ctx, "misbehave://flood").unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutputTooLarge, "{}", e.message);
    assert!(
        e.message
            .starts_with("resources/read `misbehave://flood` of toolset `misbehave` answered")
    );
    // The oversized instance is dropped; the next read works.
    assert!(!s.has_instance());
    assert!(read(&mut s, &ctx, "misbehave://fine").is_ok());
}

#[test]
fn empty_items_count_against_the_output_cap() {
    // Each empty item is a few bytes of framing for the client, though it
    // holds no text: 100,000 of them are over a 1 MiB cap.
    let t = load(
        gs_test_plugins::MISBEHAVE,
        gs_toolset_host::Grants::default(),
        Limits {
            output: 1 << 20,
            ..Limits::default()
        },
    );
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = t.session();
    let e = read(&mut s, &ctx, "misbehave://empty-items").unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutputTooLarge, "{}", e.message);
    assert_eq!(
        e.message,
        "resources/read `misbehave://empty-items` of toolset `misbehave` answered 2100014 bytes, \
         over its output cap of 1048576 bytes; the operator may raise `[toolset.limits] output_bytes`"
    );
    assert!(!s.has_instance());
    let e = get(&mut s, &ctx, "misbehave", &[("how", "empty-items")]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutputTooLarge, "{}", e.message);
    assert!(
        e.message
            .starts_with("prompts/get `misbehave` of toolset `misbehave` answered "),
        "{}",
        e.message
    );
    assert!(read(&mut s, &ctx, "misbehave://fine").is_ok());
}
