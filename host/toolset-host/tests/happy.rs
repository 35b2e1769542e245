//! The happy path: a well-behaved toolset (`plugins/hello`) described,
//! listed and called through the real wasmtime host, with its results and
//! errors as an MCP client sees them.

mod common;

use std::sync::Arc;

use common::*;
use gs_toolset::{Content, ErrorKind, ResourceBody, Toolset, call_result_json};
use gs_toolset_host::Limits;
use serde_json::json;

#[test]
fn describe_lists_the_tools_with_schemas_and_safety() {
    let t = hello();
    let info = t.info();
    assert_eq!(info.name, "hello");
    assert_eq!(info.version, "1.0.0");
    let greet = info.tool("greet").unwrap();
    assert_eq!(greet.title.as_deref(), Some("Greet"));
    assert_eq!(greet.description, "Greets someone by name.");
    assert_eq!(
        greet.input_schema,
        json!({
            "type": "object",
            "properties": {"name": {"type": "string", "description": "Who"}},
            "required": ["name"],
            "additionalProperties": false,
        })
    );
    assert!(greet.read_only_safe);
    assert_eq!(
        info.tool("add").unwrap().output_schema,
        Some(json!({
            "type": "object",
            "properties": {"sum": {"type": "integer"}},
            "required": ["sum"],
            "additionalProperties": false,
        }))
    );
    assert!(!info.tool("execute").unwrap().read_only_safe);
    assert_eq!(
        visible(t, false),
        [
            // `http_get` needs `net`, which this host does not give it
            // (tests/net.rs).
            "greet",
            "add",
            "fail",
            "media",
            "counter",
            "describe_class",
            "implementors",
            "execute",
            "compile",
            "facts",
            "chatty"
        ]
    );
}

#[test]
fn a_call_answers_text_and_structured_content() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = hello().open_session();
    let r = call(&mut *s, &ctx, "greet", r#"{"name": "Ada"}"#);
    assert_eq!(text(&r), "Hello, Ada!");
    let r = call(&mut *s, &ctx, "add", r#"{"a": 40, "b": 2}"#);
    assert_eq!(
        call_result_json(&r),
        json!({
            "content": [{"type": "text", "text": "{\"sum\":42}"}],
            "structuredContent": {"sum": 42},
            "isError": false,
        })
    );
}

#[test]
fn every_content_kind_crosses_the_boundary() {
    let img = TestImage::new();
    let mut s = hello().open_session();
    let out = call(&mut *s, &img.ctx(false), "media", "{}").unwrap();
    assert_eq!(out.content.len(), 5);
    assert_eq!(out.content[0], Content::text("four blocks follow"));
    assert_eq!(
        out.content[1],
        Content::Image {
            data: vec![0x89, b'P', b'N', b'G'],
            mime_type: "image/png".into()
        }
    );
    assert!(
        matches!(&out.content[2], Content::Audio { mime_type, .. } if mime_type == "audio/wav")
    );
    match &out.content[3] {
        Content::Resource(r) => {
            assert_eq!(r.uri, "hello://notes/1");
            assert_eq!(r.body, ResourceBody::Text("a note".into()));
        }
        other => panic!("expected a resource, got {other:?}"),
    }
    assert_eq!(
        call_result_json(&Ok(out))["content"][4],
        json!({"type": "resource", "resource": {"uri": "hello://blobs/1", "blob": "AQID"}})
    );
}

#[test]
fn tool_errors_keep_their_kind_and_message() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = hello().open_session();
    for kind in [
        "invalidParams",
        "notFound",
        "refused",
        "readOnly",
        "compileError",
        "other",
    ] {
        let e = call(&mut *s, &ctx, "fail", &format!(r#"{{"kind": "{kind}"}}"#)).unwrap_err();
        assert_eq!(e.kind.as_str(), kind);
        assert_eq!(e.message, format!("failed on purpose with {kind}"));
        assert_eq!(
            call_result_json(&Err(e.clone()))["structuredContent"]["error"]["kind"],
            json!(kind)
        );
    }
    // A tool error is not a trap: the instance is kept.
    assert_eq!(hello().session().instances_created(), 0);
}

#[test]
fn bad_arguments_are_refused_before_the_tool_runs() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = hello().open_session();
    let e = call(&mut *s, &ctx, "greet", r#"{"nom": "Ada"}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidParams);
    assert_eq!(e.message, "`greet` needs the argument `name`");
    let e = call(&mut *s, &ctx, "greet", r#"{"name": "Ada", "loud": true}"#).unwrap_err();
    assert_eq!(
        e.message,
        "`greet` has no argument `loud`; its arguments are `name`"
    );
    let e = call(&mut *s, &ctx, "add", r#"{"a": 1, "b": "2"}"#).unwrap_err();
    assert_eq!(
        e.message,
        "argument `b` of `add` is a string, not of type \"integer\""
    );
    let e = call(&mut *s, &ctx, "greet", " [1]").unwrap_err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (
            ErrorKind::InvalidParams,
            "the arguments of `greet` must be a JSON object, not an array"
        )
    );
    // Arguments given as a value take the same path.
    let e = s.call_value("greet", &json!("Ada"), &ctx).unwrap_err();
    assert_eq!(
        e.message,
        "the arguments of `greet` must be a JSON object, not a string"
    );
    assert_eq!(
        text(&s.call_value("greet", &json!({"name": "Ada"}), &ctx)),
        "Hello, Ada!"
    );
    let e = call(&mut *s, &ctx, "nope", "{}").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);
    assert_eq!(
        e.message,
        "toolset `hello` has no tool named `nope`; tools/list shows the tools it offers"
    );
}

#[test]
fn each_session_has_its_own_instance() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut a = hello().session();
    let mut b = hello().session();
    assert!(!a.has_instance(), "instances are created on first use");
    for n in 1..=3 {
        let r = call(&mut a, &ctx, "counter", "{}").unwrap();
        assert_eq!(r.structured, Some(json!({"calls": n})));
    }
    let r = call(&mut b, &ctx, "counter", "{}").unwrap();
    assert_eq!(r.structured, Some(json!({"calls": 1})));
    assert_eq!(a.instances_created(), 1);
}

#[test]
fn image_host_functions_answer_from_the_callers_session() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = hello().open_session();
    let r = call(
        &mut *s,
        &ctx,
        "describe_class",
        r#"{"className": "Object"}"#,
    )
    .unwrap();
    let c = r.structured.unwrap();
    assert_eq!(c["name"], "Object");
    assert_eq!(c["kernel"], true);
    let e = call(&mut *s, &ctx, "describe_class", r#"{"className": "Nope"}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);
    assert!(e.message.contains("no class named Nope"), "{}", e.message);

    // A method compiled through the plug-in is visible to the same session
    // (its own transaction view) and not to another one.
    ctx.image
        .define_class(&gs_toolset::ClassDefinition {
            name: "Greeter".into(),
            superclass: Some("Object".into()),
            dictionary: "UserGlobals".into(),
            instance_variables: vec![],
            class_variables: vec![],
            class_instance_variables: vec![],
            category: None,
        })
        .unwrap();
    let r = call(
        &mut *s,
        &ctx,
        "compile",
        r#"{"className": "Greeter", "source": "greeting\n\t^ 'hi'"}"#,
    );
    assert_eq!(text(&r), "compiled Greeter>>greeting");
    let r = call(&mut *s, &ctx, "implementors", r#"{"selector": "greeting"}"#).unwrap();
    assert_eq!(
        r.structured,
        Some(json!({"implementors": ["Greeter>>greeting"], "truncated": false}))
    );
    let other = img.ctx(false);
    let r = call(
        &mut *s,
        &other,
        "implementors",
        r#"{"selector": "greeting"}"#,
    )
    .unwrap();
    assert_eq!(
        r.structured,
        Some(json!({"implementors": [], "truncated": false}))
    );

    let e = call(
        &mut *s,
        &ctx,
        "compile",
        r#"{"className": "Greeter", "source": "x ^ ^"}"#,
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::CompileError);
}

#[test]
fn session_facts_and_notifications_reach_the_plugin_and_the_client() {
    let img = TestImage::new();
    let mut ctx = img.ctx(false);
    let recorder = Arc::new(Recorder::default());
    ctx.notifier = recorder.clone();
    let mut s = hello().open_session();
    let r = call(&mut *s, &ctx, "facts", "{}").unwrap();
    assert_eq!(
        r.structured,
        Some(json!({
            "readOnly": false,
            "user": gs_image::DEFAULT_USER,
            "server": "gs-mcp",
            "grants": ["image:read", "image:execute", "image:write"],
        }))
    );
    assert_eq!(text(&call(&mut *s, &ctx, "chatty", "{}")), "logged");
    assert_eq!(
        *recorder.0.lock().unwrap(),
        [
            "info:hello:starting",
            "progress:1/3:step",
            "progress:2/3:step",
            "progress:3/3:step",
            "warning:hello:done"
        ]
    );
}

#[test]
fn notifications_beyond_the_cap_are_dropped() {
    let t = load(
        gs_test_plugins::HELLO,
        all_grants(),
        Limits {
            max_notifications: 2,
            ..Limits::default()
        },
    );
    let img = TestImage::new();
    let mut ctx = img.ctx(false);
    let recorder = Arc::new(Recorder::default());
    ctx.notifier = recorder.clone();
    let mut s = t.open_session();
    assert_eq!(text(&call(&mut *s, &ctx, "chatty", "{}")), "logged");
    assert_eq!(recorder.0.lock().unwrap().len(), 2);
}

#[test]
fn execute_runs_smalltalk_in_the_callers_session() {
    // The embedded session carries its own interpreter (gs-embedded), so
    // a plug-in's doit runs there and answers its print string.
    let img = TestImage::new();
    let mut s = hello().open_session();
    let r = call(&mut *s, &img.ctx(false), "execute", r#"{"code": "3 + 4"}"#);
    assert_eq!(text(&r), "7");
    let e = call(&mut *s, &img.ctx(false), "execute", r#"{"code": "3 +"}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::CompileError, "{}", e.message);
}
