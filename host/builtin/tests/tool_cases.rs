//! The built-in tools, data-driven and without HTTP: each case in
//! `tests/cases/*.json` calls tools in order in one session of a fresh
//! fixture image (tests/fixtures/bank.gs) and states what each call
//! answers — its `structuredContent` exactly, or its error's kind and
//! words. The runner reaches the image only through
//! [`gs_toolset::ImageSession`]: [`open_image`] is the one place that names
//! a backend, so the same cases can run against another one.
//!
//! A case file is a JSON array of cases:
//!
//! ```json
//! {"case": "what it shows", "read_only": false, "steps": [
//!   {"tool": "list_classes", "arguments": {"dictionaryName": "Bank"},
//!    "structured": {...}},
//!   {"tool": "get_method_source", "arguments": {...},
//!    "error": {"kind": "notFound", "contains": "no method"}}
//! ]}
//! ```
//!
//! The HTTP tests (`tests/*.rs` beside this one) keep what only the
//! transport shows: progress notifications, cancellation, the session's
//! lifetime.

use std::sync::Arc;

use gs_builtin::BuiltinToolset;
use gs_toolset::{CallContext, ImageSession, ServerIdentity, Toolset};
use serde_json::Value;

const FIXTURE: &str = include_str!("fixtures/bank.gs");

/// A session on a fresh embedded image holding the fixture application,
/// with the image's directory (kept alive as long as the session).
fn open_image() -> (tempfile::TempDir, Arc<dyn ImageSession>) {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("cases.gsimage")).unwrap();
    let mut session = image.session();
    let report = gs_image::filein::file_in_text(&mut session, "bank.gs", FIXTURE);
    assert!(report.is_clean(), "the fixture files in: {report:?}");
    session.commit().unwrap();
    let session = Arc::new(gs_embedded::EmbeddedSession::new(image.session()));
    (dir, session)
}

fn context(image: Arc<dyn ImageSession>, read_only: bool) -> CallContext {
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

/// Runs one case; answers what went differently, if anything.
fn run_case(case: &Value) -> Result<(), String> {
    let (_dir, image) = open_image();
    let read_only = case["read_only"].as_bool().unwrap_or(false);
    let ctx = context(image, read_only);
    let mut tools = BuiltinToolset::new().open_session();
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
        match (tools.call(tool, &arguments, &ctx), step.get("error")) {
            (Ok(out), None) => {
                if let Some(expected) = step.get("structured")
                    && out.structured.as_ref() != Some(expected)
                {
                    return Err(format!(
                        "{at}: answered\n  {}\nbut the case expects\n  {expected}",
                        out.structured.unwrap_or(Value::Null)
                    ));
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
                if let Some(words) = expected["contains"].as_str()
                    && !e.message.contains(words)
                {
                    return Err(format!(
                        "{at}: the message {:?} does not contain {words:?}",
                        e.message
                    ));
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

#[test]
fn every_case_answers_as_stated() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no case files in {}", dir.display());
    let mut failures = Vec::new();
    let mut count = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let cases: Vec<Value> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not a JSON array of cases: {e}", file.display()));
        for case in &cases {
            count += 1;
            if let Err(e) = run_case(case) {
                failures.push(format!(
                    "{} — {}: {e}",
                    file.file_name().unwrap().to_string_lossy(),
                    case["case"].as_str().unwrap_or("(unnamed)")
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
