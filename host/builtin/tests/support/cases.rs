//! The runner of the built-in tools' data-driven cases
//! (`tests/cases/*.json`, described in `tool_cases.rs`), shared by
//! `tool_cases.rs` (the embedded backend) and other backends' tests (the
//! GemStone backend's include this file with `#[path]`): each case runs in
//! a session the caller's `open_image` gives, reached only through
//! [`ImageSession`].

#![allow(dead_code)] // each includer uses part of it

#[path = "call_now.rs"]
mod call_now;
#[path = "schema.rs"]
pub mod schema;

use std::path::Path;
use std::sync::Arc;

pub use call_now::call_now;
use gs_builtin::BuiltinToolset;
use gs_toolset::{CallContext, Content, ImageSession, ServerIdentity, Toolset};
use serde_json::Value;

/// The fixture application every case runs against.
pub const FIXTURE: &str = include_str!("../fixtures/bank.gs");

/// A session on a fresh embedded image holding the fixture application,
/// with the image's directory (kept alive as long as the session).
pub fn open_fixture_image() -> (tempfile::TempDir, Arc<dyn ImageSession>) {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("cases.gsimage")).unwrap();
    let mut session = image.session();
    let report = gs_image::filein::file_in_text(&mut session, "bank.gs", FIXTURE);
    assert!(report.is_clean(), "the fixture files in: {report:?}");
    session.commit().unwrap();
    let session = Arc::new(gs_embedded::EmbeddedSession::new(image.session()));
    (dir, session)
}

/// A call context over `image`, as the server would make it.
pub fn context(image: Arc<dyn ImageSession>, read_only: bool) -> CallContext {
    CallContext::new(
        image,
        read_only,
        Arc::new(ServerIdentity {
            name: "gs-mcp".into(),
            version: "0.0.0-test".into(),
            title: None,
        }),
    )
}

/// The case files of `dir`, sorted.
pub fn case_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no case files in {}", dir.display());
    files
}

/// Runs every case of every file in `dir`, each in a fresh session from
/// `open_image`; answers each case's name (`file — case`) with what went
/// differently, if anything.
pub fn run_case_files<K>(
    dir: &Path,
    open_image: &dyn Fn() -> (K, Arc<dyn ImageSession>),
) -> Vec<(String, Result<(), String>)> {
    let mut results = Vec::new();
    for file in case_files(dir) {
        let text = std::fs::read_to_string(&file).unwrap();
        let cases: Vec<Value> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not a JSON array of cases: {e}", file.display()));
        for case in &cases {
            let name = format!(
                "{} — {}",
                file.file_name().unwrap().to_string_lossy(),
                case["case"].as_str().unwrap_or("(unnamed)")
            );
            results.push((name, run_case(case, open_image)));
        }
    }
    results
}

/// Runs one case; answers what went differently, if anything.
pub fn run_case<K>(
    case: &Value,
    open_image: &dyn Fn() -> (K, Arc<dyn ImageSession>),
) -> Result<(), String> {
    let (_keep, image) = open_image();
    let read_only = case["read_only"].as_bool().unwrap_or(false);
    let ctx = context(image, read_only);
    let toolset = BuiltinToolset::new();
    let mut tools = toolset.open_session();
    let steps = case["steps"].as_array().ok_or("a case needs `steps`")?;
    for (i, step) in steps.iter().enumerate() {
        let tool = step["tool"].as_str().ok_or("a step needs `tool`")?;
        let arguments = step.get("arguments").cloned().unwrap_or(Value::Null);
        let arguments = if arguments.is_null() {
            serde_json::json!({})
        } else {
            arguments
        };
        let at = format!("step {} ({tool} {arguments})", i + 1);
        match (
            call_now(&mut *tools, tool, &arguments, &ctx),
            step.get("error"),
        ) {
            (Ok(out), None) => {
                let structured = out.structured.clone().unwrap_or(Value::Null);
                if let Some(expected) = step.get("structured")
                    && out.structured.as_ref() != Some(expected)
                {
                    return Err(format!(
                        "{at}: answered\n  {structured}\nbut the case expects\n  {expected}"
                    ));
                }
                if let Some(schema) = toolset
                    .info()
                    .tool(tool)
                    .and_then(|t| t.output_schema.as_ref())
                {
                    schema::conforms(schema, &structured, "structuredContent")
                        .map_err(|e| format!("{at}: not of its outputSchema: {e}"))?;
                }
                if let Some(pattern) = step.get("includes")
                    && !includes(&structured, pattern)
                {
                    return Err(format!(
                        "{at}: answered\n  {structured}\nwhich does not include\n  {pattern}"
                    ));
                }
                if let Some(pattern) = step.get("excludes")
                    && includes(&structured, pattern)
                {
                    return Err(format!(
                        "{at}: answered\n  {structured}\nwhich includes\n  {pattern}"
                    ));
                }
                for (pointer, expected) in step["at"].as_object().into_iter().flatten() {
                    let found = structured.pointer(pointer);
                    if found != Some(expected) {
                        return Err(format!(
                            "{at}: {pointer} is {} but the case expects {expected}",
                            found.map_or("missing".into(), Value::to_string)
                        ));
                    }
                }
                for pointer in step["absent"].as_array().into_iter().flatten() {
                    let pointer = pointer.as_str().ok_or("`absent` holds JSON pointers")?;
                    if let Some(v) = structured.pointer(pointer) {
                        return Err(format!("{at}: {pointer} is there ({v})"));
                    }
                }
                let text = out
                    .content
                    .iter()
                    .find_map(|c| match c {
                        Content::Text(t) => Some(t.as_str()),
                        _ => None,
                    })
                    .unwrap_or_default();
                if let Some(expected) = step.get("text") {
                    matches_text(text, expected).map_err(|e| format!("{at}: the text {e}"))?;
                }
                if let Some(pointer) = step["text_is"].as_str()
                    && structured.pointer(pointer).and_then(Value::as_str) != Some(text)
                {
                    return Err(format!("{at}: the text {text:?} is not {pointer}"));
                }
            }
            (Ok(out), Some(expected)) => {
                return Err(format!(
                    "{at}: answered {:?} but the case expects the error {expected}",
                    out.structured
                ));
            }
            (Err(e), Some(expected)) => {
                if expected["kind"].as_str() != Some(e.kind.as_str()) {
                    return Err(format!(
                        "{at}: failed with kind {} ({}) but the case expects {}",
                        e.kind.as_str(),
                        e.message,
                        expected["kind"]
                    ));
                }
                let mut words = expected.clone();
                if let Some(w) = words.as_object_mut() {
                    w.remove("kind");
                }
                matches_text(&e.message, &words).map_err(|e| format!("{at}: the message {e}"))?;
                let mut error = e.details.clone().unwrap_or_default();
                error.insert("kind".into(), e.kind.as_str().into());
                error.insert("message".into(), e.message.clone().into());
                let error = Value::Object(error);
                for (pointer, value) in expected["at"].as_object().into_iter().flatten() {
                    let found = error.pointer(pointer);
                    if found != Some(value) {
                        return Err(format!(
                            "{at}: the error's {pointer} is {} but the case expects {value}",
                            found.map_or("missing".into(), Value::to_string)
                        ));
                    }
                }
            }
            (Err(e), None) => {
                return Err(format!(
                    "{at}: failed ({}: {}) but the case expects an answer",
                    e.kind.as_str(),
                    e.message
                ));
            }
        }
    }
    Ok(())
}

/// True if `value` matches `pattern` as `includes` reads it.
fn includes(value: &Value, pattern: &Value) -> bool {
    match (value, pattern) {
        (Value::Object(v), Value::Object(p)) => p
            .iter()
            .all(|(k, p)| v.get(k).is_some_and(|v| includes(v, p))),
        (Value::Array(v), Value::Array(p)) => p.iter().all(|p| v.iter().any(|v| includes(v, p))),
        _ => value == pattern,
    }
}

/// Checks `text` against a string (exactly) or an object of `is`, `starts_with`,
/// `ends_with`, `contains` and `lacks`; answers how it differs.
fn matches_text(text: &str, expected: &Value) -> Result<(), String> {
    if let Some(exact) = expected.as_str() {
        return if text == exact {
            Ok(())
        } else {
            Err(format!("{text:?} is not {exact:?}"))
        };
    }
    let strings = |key: &str| -> Vec<&str> {
        match &expected[key] {
            Value::String(s) => vec![s.as_str()],
            Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        }
    };
    for exact in strings("is") {
        if text != exact {
            return Err(format!("{text:?} is not {exact:?}"));
        }
    }
    for start in strings("starts_with") {
        if !text.starts_with(start) {
            return Err(format!("{text:?} does not start with {start:?}"));
        }
    }
    for end in strings("ends_with") {
        if !text.ends_with(end) {
            return Err(format!("{text:?} does not end with {end:?}"));
        }
    }
    for words in strings("contains") {
        if !text.contains(words) {
            return Err(format!("{text:?} does not contain {words:?}"));
        }
    }
    for words in strings("lacks") {
        if text.contains(words) {
            return Err(format!("{text:?} contains {words:?}"));
        }
    }
    Ok(())
}
