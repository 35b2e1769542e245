//! Settings (`gemstone:mcp@0.1.4`): the operator's `[toolset.config]`
//! values checked at load against what the toolset declares, read by the
//! plug-in through `config.get`, and a secret's value kept out of every log
//! line, error, crash report and result the host passes on, however the
//! plug-in (`plugins/hostile`'s `leak`) tries to get it out.

mod common;

use std::sync::Arc;

use common::*;
use gs_toolset::{ErrorKind, ToolResult, Toolset, ToolsetSession};
use gs_toolset_host::{
    LoadError, LoadErrorKind, SettingDecl, SettingInput, SettingType, WasmToolset, WasmToolsetSpec,
    Written,
};
use serde_json::json;

const SECRET: &str = "sk-live-0123456789abcdef";

fn by_env(value: &str) -> SettingInput {
    SettingInput {
        written: Written::Reference("environment variable `HOSTILE_KEY`".into()),
        text: value.into(),
    }
}

fn inline(written: Written, value: &str) -> SettingInput {
    SettingInput {
        written,
        text: value.into(),
    }
}

fn spec_with(path: &str, config: Vec<(&str, SettingInput)>) -> WasmToolsetSpec {
    let mut spec = WasmToolsetSpec::new(path);
    spec.config = config
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    spec
}

fn hostile_with(config: Vec<(&str, SettingInput)>) -> Result<WasmToolset, LoadError> {
    shared_host().load(&spec_with(gs_test_plugins::HOSTILE, config))
}

fn call_hostile(
    t: &WasmToolset,
    ctx: &gs_toolset::CallContext,
    tool: &str,
    args: &str,
) -> ToolResult {
    call(&mut t.session(), ctx, tool, args)
}

#[test]
fn the_declaration_is_read_at_load_and_listed_without_values() {
    let t = hostile_with(vec![("key", by_env(SECRET))]).unwrap();
    assert_eq!(
        t.settings(),
        [
            SettingDecl {
                name: "key".into(),
                description: "Hostile setting `key`.".into(),
                ty: SettingType::Text,
                required: false,
                default: None,
                secret: true,
            },
            SettingDecl {
                name: "level".into(),
                description: "Hostile setting `level`.".into(),
                ty: SettingType::Integer,
                required: false,
                default: Some("2".into()),
                secret: false,
            },
        ]
    );
    let shown = format!("{t:?} {:?}", spec_with("x", vec![("key", by_env(SECRET))]));
    assert!(!shown.contains(SECRET), "{shown}");
}

#[test]
fn a_plugin_reads_its_values_and_defaults_and_nothing_undeclared() {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let t = hostile_with(vec![("level", inline(Written::Integer, "5"))]).unwrap();
    let get = |name: &str| call_hostile(&t, &ctx, "setting", &json!({ "name": name }).to_string());
    assert_eq!(text(&get("level")), "5");
    assert_eq!(text(&get("key")), "unset");
    let e = get("password").unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidParams);
    assert_eq!(
        e.message,
        "setting `password` is not declared; a toolset reads only the settings its \
         `settings.declare` names"
    );
    let defaults = hostile_with(vec![]).unwrap();
    let got = call_hostile(&defaults, &ctx, "setting", r#"{"name": "level"}"#);
    assert_eq!(text(&got), "2");
}

#[test]
fn operator_mistakes_fail_the_load_naming_the_key_and_never_the_secret() {
    let cases: Vec<(Vec<(&str, SettingInput)>, &str)> = vec![
        (
            vec![("lvl", inline(Written::Integer, "1"))],
            "`config.lvl` is not a setting of toolset `hostile`; its settings are `key`, `level`",
        ),
        (
            vec![("level", inline(Written::Text, "high"))],
            "`config.level` of toolset `hostile` is an integer setting; write a whole number: \
             `level = 3`",
        ),
        (
            vec![("key", inline(Written::Text, SECRET))],
            "`config.key` of toolset `hostile` is a secret, so it is never written inline; set \
             it by reference: `key = { env = \"VARIABLE\" }` or `key = { file = \"path\" }`",
        ),
        (
            vec![("key", by_env("abc"))],
            "`config.key` of toolset `hostile` is a secret, and the value in its environment \
             variable `HOSTILE_KEY` is shorter than 4 bytes, too short to keep out of logs; use \
             a longer one",
        ),
    ];
    for (config, message) in cases {
        let e = hostile_with(config).unwrap_err();
        assert_eq!(e.kind, LoadErrorKind::Config, "{e}");
        assert_eq!(e.message, message);
        assert!(!e.to_string().contains(SECRET));
    }
}

#[test]
fn a_bad_declaration_fails_the_load_naming_the_setting() {
    for (mode, message) in [
        ("twice", "setting `key` is declared twice"),
        (
            "secret_default",
            "setting `key` is a secret with a default; a secret comes from the operator only",
        ),
        (
            "bad_default",
            "setting `level`: its default `two` is not an integer value",
        ),
        (
            "bad_name",
            "setting `API-Key`: a setting's name is 1 to 64 lowercase ASCII letters, digits or \
             `_`, starting with a letter",
        ),
    ] {
        let e = hostile_reading("settings", mode).unwrap_err();
        assert_eq!(e.kind, LoadErrorKind::Describe, "{e}");
        assert!(e.message.ends_with(message), "{mode}: {}", e.message);
    }
}

#[test]
fn a_component_built_before_settings_is_refused_any_config() {
    let e = shared_host()
        .load(&spec_with(
            gs_test_plugins::HELLO_0_1_2,
            vec![("greeting", inline(Written::Text, "hi"))],
        ))
        .unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Config);
    assert_eq!(
        e.message,
        "`config.greeting` is not a setting of toolset `hello`; it declares none"
    );
}

#[test]
fn a_secret_never_leaves_through_logs_progress_results_errors_or_crashes() {
    let (host, crashes) = recording_host(true);
    let t = host
        .load(&spec_with(
            gs_test_plugins::HOSTILE,
            vec![("key", by_env(SECRET))],
        ))
        .unwrap();
    let img = TestImage::new();
    let recorder = Arc::new(Recorder::default());
    let mut ctx = img.ctx(false);
    ctx.notifier = recorder.clone();

    let out = call_hostile(&t, &ctx, "leak", r#"{"how": "result"}"#).unwrap();
    assert_eq!(out.content, [gs_toolset::Content::text("key=[redacted]")]);
    assert_eq!(
        out.structured.unwrap(),
        json!({"key": "[redacted]", "[redacted]": "as a name"})
    );
    assert_eq!(
        *recorder.0.lock().unwrap(),
        [
            "info:hostile:the key is [redacted]",
            "progress:1/NaN:sent [redacted]"
        ]
    );

    let e = call_hostile(&t, &ctx, "leak", r#"{"how": "error"}"#).unwrap_err();
    assert_eq!(e.message, "the service refused key [redacted]");

    let e = call_hostile(&t, &ctx, "leak", r#"{"how": "panic"}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Panic);
    assert!(
        e.message.contains("cannot use key [redacted]"),
        "{}",
        e.message
    );
    let crashes = crashes.lock().unwrap();
    assert_eq!(crashes.len(), 1);
    assert!(
        crashes[0].message.contains("[redacted]"),
        "{:?}",
        crashes[0]
    );
    assert_eq!(crashes[0].stderr, "retrying with key [redacted]");
    let everything = format!("{crashes:?} {e:?} {:?}", recorder.0.lock().unwrap());
    assert!(!everything.contains(SECRET), "{everything}");
    // A toolset's name and tools are unchanged by its settings.
    assert_eq!(t.info().name, "hostile");
}

/// A client that answers every request and remembers what it was asked.
#[derive(Default)]
struct Asked(std::sync::Mutex<Vec<(String, serde_json::Value)>>);

impl gs_toolset::Notifier for Asked {
    fn log(&self, _: gs_toolset::LogLevel, _: &str, _: &str) {}

    fn progress(&self, _: f64, _: Option<f64>, _: Option<&str>) {}

    fn ask(
        &self,
        key: &str,
        _: gs_toolset::ClientRequest,
        params: serde_json::Value,
    ) -> gs_toolset::AskFuture<'_> {
        self.0.lock().unwrap().push((key.to_string(), params));
        Box::pin(std::future::ready(Ok(json!({"action": "accept"}))))
    }
}

#[test]
fn a_secret_never_leaves_through_content_offers_requests_to_the_client_or_a_cut_panic() {
    use gs_toolset::{Content, EmbeddedResource, ResourceBody};
    let (host, crashes) = recording_host(false);
    let t = host
        .load(&spec_with(
            gs_test_plugins::HOSTILE,
            vec![("key", by_env(SECRET))],
        ))
        .unwrap();
    let img = TestImage::new();
    let asked = Arc::new(Asked::default());
    let mut ctx = img.ctx(false);
    ctx.notifier = asked.clone();

    // Every text a content block carries, bytes the client decodes too.
    let out = call_hostile(&t, &ctx, "leak", r#"{"how": "content"}"#).unwrap();
    let bytes = b"\xff\xfebytes [redacted]".to_vec();
    assert_eq!(
        out.content,
        [
            Content::Resource(EmbeddedResource {
                uri: "leak://[redacted]".into(),
                mime_type: Some("text/[redacted]".into()),
                body: ResourceBody::Text("key=[redacted]".into()),
            }),
            Content::Resource(EmbeddedResource {
                uri: "leak://blob".into(),
                mime_type: None,
                body: ResourceBody::Blob(bytes.clone()),
            }),
            Content::Image {
                data: bytes,
                mime_type: "image/[redacted]".into(),
            },
        ]
    );

    // What a plug-in asks the client, and under which key.
    let answer = call_hostile(&t, &ctx, "leak", r#"{"how": "ask"}"#);
    assert_eq!(text(&answer), r#"{"action":"accept"}"#);
    assert_eq!(
        *asked.0.lock().unwrap(),
        [(
            "k1".to_string(),
            json!({"message": "send [redacted]", "[redacted]": 1})
        )]
    );
    let e = call_hostile(&t, &ctx, "leak", r#"{"how": "ask_key"}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidParams);
    assert_eq!(
        e.message,
        "the key of this elicitation/create request holds the value of a secret setting, which \
         never leaves the host; choose another"
    );
    assert_eq!(asked.0.lock().unwrap().len(), 1, "nothing more was asked");

    // A panic message cut where the secret is: redacted before it is cut.
    let long = call_hostile(&t, &ctx, "leak", r#"{"how": "panic", "pad": 3000}"#).unwrap_err();
    let text_at = long.message.find("panicked at ").unwrap();
    let before_pad = long.message[text_at..].find("ppp").unwrap();
    let pad = 1024 - 10 - before_pad - "cannot use key ".len();
    let args = json!({"how": "panic", "pad": pad}).to_string();
    let cut = call_hostile(&t, &ctx, "leak", &args).unwrap_err();
    assert_eq!(cut.kind, ErrorKind::Panic);
    assert!(
        cut.message
            .ends_with("cannot use key [redacted]; the session goes on with a fresh instance"),
        "{}",
        &cut.message[cut.message.len() - 60..]
    );

    // Resources, prompts and completions.
    let mut s = t.session();
    let read = runtime()
        .block_on(s.read_resource("leak:it", &ctx))
        .unwrap();
    assert_eq!(
        read,
        [EmbeddedResource {
            uri: "leak://[redacted]".into(),
            mime_type: Some("text/[redacted]".into()),
            body: ResourceBody::Text("key=[redacted]".into()),
        }]
    );
    let prompt = runtime()
        .block_on(s.get_prompt("leak", &Default::default(), &ctx))
        .unwrap();
    assert_eq!(prompt.description.as_deref(), Some("about [redacted]"));
    assert_eq!(prompt.messages[0].content, Content::text("use [redacted]"));
    let request = gs_toolset::CompletionRequest {
        reference: gs_toolset::CompletionRef::Prompt("leak".into()),
        argument: "a".into(),
        value: "leak".into(),
        context: Default::default(),
    };
    let completion = runtime().block_on(s.complete(&request, &ctx)).unwrap();
    assert_eq!(completion.values, ["[redacted]"]);

    let everything = format!(
        "{out:?} {e:?} {long:?} {cut:?} {read:?} {prompt:?} {completion:?} {:?} {:?}",
        asked.0.lock().unwrap(),
        crashes.lock().unwrap()
    );
    assert!(!everything.contains(&SECRET[..8]), "{everything}");
}
