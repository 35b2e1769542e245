//! One case list of image operations, two paths: every case in
//! `tests/image_cases/*.json` runs straight against the caller's
//! [`ImageSession`] of the backend, and again through the `probe`
//! plug-in (plugins/probe) on the real toolset host, and both must give
//! the one expected answer. So a plug-in sees the same totals, pages,
//! kernel-class guard words and failure details as a built-in tool.
//!
//! Each case runs its steps in order in one session of a fresh image
//! holding the built-in toolset's fixture application
//! (host/builtin/tests/fixtures/bank.gs), embedded or, with
//! `GS_TEST_BACKEND=gemstone`, served by a test stone through the GemStone
//! backend: the same answers are expected of both.
//!
//! ```json
//! {"case": "what it shows", "read_only": false, "steps": [
//!   {"op": "senders", "args": {"selector": "balance", "limit": 2},
//!    "answer": {"total": 5, "methods": [...]}},
//!   {"op": "execute", "args": {"code": "1/0"},
//!    "error": {"kind": "other", "contains": "ZeroDivide",
//!              "details": {"exceptionClass": "ZeroDivide", ...}}}
//! ]}
//! ```
//!
//! An `error` states the kind, and optionally the exact `message` or
//! words it `contains`, and the exact `details` (absent means none). The
//! operations are the probe's tools: `implementors`, `senders`,
//! `references` (each with `limit`), `search_source` (`text`,
//! `ignoreCase`, `dictionary`, `limit`), `search_source_lines` (those and
//! `className`), `execute`, `evaluate`, `compile_method` (the `-detailed`
//! function), `compile_method_plain` (`compile-method`), `define_class`,
//! `method_source` and `delete_method` (`className`, `meta`,
//! `selector`), `describe_class` (its `name` and `comment`) and
//! `set_class_comment`. The direct path applies the kernel-class guard as
//! the built-in tools do, with their words.
//!
//! Two more operations are the session's, not a plug-in's, and run on the
//! image session itself on either path: `commit` and `abort`. A step
//! with `"session": "other"` runs on a second session of the same image,
//! always straight on its image session: another client, whose commits
//! the case's session sees after its own abort.
//!
//! A case with `"plug_in_only": true` runs only through the plug-in: the
//! read ledger (what the session was shown, refusing a write over a form
//! it was not shown) is the host functions' rule, in front of the image
//! session, which the direct path calls without it.

mod common;

use common::{CallNow, TestImage, args};

use gs_toolset::{Arguments, CallContext, ImageSession, ToolError, ToolsetSession};
use gs_toolset_host::Limits;
use serde_json::{Value, json};

const FIXTURE: &str = include_str!("../../builtin/tests/fixtures/bank.gs");

/// A fresh image holding the fixture, committed, on the backend the run
/// picks ([`common::on_gemstone`]).
fn fixture_image() -> TestImage {
    TestImage::prepared(|image| {
        let mut session = image.session();
        let report = gs_image::filein::file_in_text(&mut session, "bank.gs", FIXTURE);
        assert!(report.is_clean(), "the fixture files in: {report:?}");
        session.commit().unwrap();
    })
}

/// A way of running an operation: answers its JSON or its failure.
type Path<'a> = dyn FnMut(&str, &Value, &CallContext) -> Result<Value, ToolError> + 'a;

fn page(p: gs_toolset::MethodPage) -> Value {
    let methods: Vec<Value> = p.methods.iter().map(method).collect();
    json!({"total": p.total, "methods": methods})
}

fn method(m: &gs_toolset::MethodRef) -> Value {
    json!({"className": m.class_name, "meta": m.meta, "selector": m.selector})
}

/// The operation on the session's [`ImageSession`] itself.
fn direct(op: &str, args: &Value, ctx: &CallContext) -> Result<Value, ToolError> {
    let image: &dyn ImageSession = ctx.image.as_ref();
    let text = |key: &str| args[key].as_str().unwrap_or_default().to_string();
    let limit = usize::try_from(args["limit"].as_u64().unwrap_or(0)).unwrap();
    match op {
        "implementors" => Ok(page(image.implementors(&text("selector"), limit)?)),
        "senders" => Ok(page(image.senders(&text("selector"), limit)?)),
        "references" => Ok(page(image.references_to(&text("name"), limit)?)),
        "search_source" => {
            let search = gs_toolset::SourceSearch {
                text: &text("text"),
                ignore_case: args["ignoreCase"].as_bool().unwrap_or(false),
                dictionary: args["dictionary"].as_str(),
                class_name: None,
            };
            Ok(page(image.search_source(&search, limit)?))
        }
        "search_source_lines" => {
            let search = gs_toolset::SourceSearch {
                text: &text("text"),
                ignore_case: args["ignoreCase"].as_bool().unwrap_or(false),
                dictionary: args["dictionary"].as_str(),
                class_name: args["className"].as_str(),
            };
            let found = image.search_source(&search, limit)?;
            let mut matches = Vec::new();
            for m in &found.methods {
                let source = image.method_source(&m.class_name, m.meta, &m.selector)?;
                matches.push(json!({"method": method(m), "lines": search.lines_in(&source)}));
            }
            Ok(json!({"total": found.total, "matches": matches}))
        }
        "evaluate" => {
            let d = image.execute(&text("code"), &ctx.cancel)?;
            Ok(
                json!({"className": d.class_name, "printString": d.print_string,
                      "truncated": d.truncated, "transcript": d.transcript}),
            )
        }
        "execute" => {
            let d = image.execute(&text("code"), &ctx.cancel)?;
            Ok(
                json!({"printString": d.print_string, "truncated": d.truncated,
                      "transcript": d.transcript}),
            )
        }
        "compile_method" => {
            let class = text("className");
            gs_toolset::refuse_kernel_class(ctx, &class, "compile a method into")?;
            let m = image.compile_method(
                &class,
                args["meta"].as_bool().unwrap_or(false),
                args["category"].as_str(),
                &text("source"),
            )?;
            Ok(method(&m))
        }
        "compile_method_plain" => {
            let class = text("className");
            gs_toolset::refuse_kernel_class(ctx, &class, "compile a method into")?;
            let m = image.compile_method(
                &class,
                args["meta"].as_bool().unwrap_or(false),
                args["category"].as_str(),
                &text("source"),
            )?;
            Ok(json!({"selector": m.selector}))
        }
        "method_source" => {
            let meta = args["meta"].as_bool().unwrap_or(false);
            let source = image.method_source(&text("className"), meta, &text("selector"))?;
            Ok(json!({"source": source}))
        }
        "describe_class" => {
            let c = image.describe_class(&text("className"))?;
            Ok(json!({"name": c.name, "comment": c.comment}))
        }
        "delete_method" => {
            let class = text("className");
            gs_toolset::refuse_kernel_class(ctx, &class, "delete a method of")?;
            let meta = args["meta"].as_bool().unwrap_or(false);
            image.delete_method(&class, meta, &text("selector"))?;
            Ok(json!({"deleted": text("selector")}))
        }
        "set_class_comment" => {
            let class = text("className");
            gs_toolset::refuse_kernel_class(ctx, &class, "change the comment of")?;
            image.set_class_comment(&class, &text("comment"))?;
            Ok(json!({"commented": class}))
        }
        "define_class" => {
            let name = text("name");
            gs_toolset::refuse_kernel_class(ctx, &name, "redefine")?;
            let names = |key: &str| -> Vec<String> {
                args[key]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|v| v.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default()
            };
            image.define_class(&gs_toolset::ClassDefinition {
                name: name.clone(),
                superclass: args["superclass"].as_str().map(String::from),
                dictionary: text("dictionary"),
                instance_variables: names("instanceVariables"),
                class_variables: Vec::new(),
                class_instance_variables: Vec::new(),
                category: None,
            })?;
            Ok(json!({"defined": name}))
        }
        other => panic!("the case list names an unknown operation `{other}`"),
    }
}

/// The operation as the probe plug-in's tool of the same name.
fn through_plug_in(
    session: &mut dyn ToolsetSession,
) -> impl FnMut(&str, &Value, &CallContext) -> Result<Value, ToolError> + '_ {
    move |op, args, ctx| {
        let out = session.call_now(op, &Arguments::from_value(op, args)?, ctx)?;
        Ok(out.structured.unwrap_or(Value::Null))
    }
}

/// The session's own operations, the same on either path: answers
/// `None` for any other, which the path runs.
fn session_op(op: &str, ctx: &CallContext) -> Option<Result<Value, ToolError>> {
    match op {
        "commit" => Some(ctx.image.commit().map(|_| json!({"committed": true}))),
        "abort" => Some(ctx.image.abort().map(|()| json!({"aborted": true}))),
        _ => None,
    }
}

/// Runs one case on `path`; answers what went differently, if anything.
fn run_case(case: &Value, path: &mut Path<'_>) -> Result<(), String> {
    let image = fixture_image();
    let ctx = image.ctx(case["read_only"].as_bool().unwrap_or(false));
    // Another client of the same image, opened at its first step.
    let mut other: Option<CallContext> = None;
    let steps = case["steps"].as_array().ok_or("a case needs `steps`")?;
    for (i, step) in steps.iter().enumerate() {
        let op = step["op"].as_str().ok_or("a step needs `op`")?;
        let args = step.get("args").cloned().unwrap_or_else(|| json!({}));
        let at = format!("step {} ({op} {args})", i + 1);
        let answer = match step["session"].as_str() {
            None => session_op(op, &ctx).unwrap_or_else(|| path(op, &args, &ctx)),
            Some("other") => {
                let other = other.get_or_insert_with(|| image.ctx(false));
                session_op(op, other).unwrap_or_else(|| direct(op, &args, other))
            }
            Some(name) => return Err(format!("{at}: no session is called `{name}`")),
        };
        match (answer, step.get("error")) {
            (Ok(answer), None) => {
                if let Some(expected) = step.get("answer")
                    && &answer != expected
                {
                    return Err(format!(
                        "{at}: answered\n  {answer}\nbut the case expects\n  {expected}"
                    ));
                }
            }
            (Ok(answer), Some(expected)) => {
                return Err(format!(
                    "{at}: answered {answer} but the case expects the error {expected}"
                ));
            }
            (Err(e), Some(expected)) => {
                check_error(&e, expected).map_err(|m| format!("{at}: {m}"))?
            }
            (Err(e), None) => {
                return Err(format!(
                    "{at}: failed ({}: {}, details {:?}) but the case expects an answer",
                    e.kind.as_str(),
                    e.message,
                    e.details
                ));
            }
        }
    }
    Ok(())
}

fn check_error(e: &ToolError, expected: &Value) -> Result<(), String> {
    let seen = format!(
        "{}: {} (details {:?})",
        e.kind.as_str(),
        e.message,
        e.details
    );
    if expected["kind"].as_str() != Some(e.kind.as_str()) {
        return Err(format!(
            "failed with {seen} but the case expects kind {}",
            expected["kind"]
        ));
    }
    if let Some(message) = expected["message"].as_str()
        && e.message != message
    {
        return Err(format!(
            "failed with {seen} but the case expects the message {message:?}"
        ));
    }
    if let Some(words) = expected["contains"].as_str()
        && !e.message.contains(words)
    {
        return Err(format!("failed with {seen}, whose message lacks {words:?}"));
    }
    let details = compared_details(e);
    if details.as_ref() != expected.get("details") {
        return Err(format!(
            "failed with {seen} but the case expects the details {}",
            expected.get("details").unwrap_or(&Value::Null)
        ));
    }
    Ok(())
}

/// Every case of the list, with the file it is in.
fn cases() -> Vec<(String, Value)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/image_cases");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no case files in {}", dir.display());
    let mut cases = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let list: Vec<Value> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not a JSON array of cases: {e}", file.display()));
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        cases.extend(list.into_iter().map(|c| (name.clone(), c)));
    }
    cases
}

/// Runs every case, each on a path `open` makes for it; only through a
/// plug-in when `plug_in`, every case but those marked `plug_in_only`
/// otherwise.
fn run_all(
    plug_in: bool,
    mut open: impl FnMut(&mut dyn FnMut(&mut Path<'_>) -> Result<(), String>) -> Result<(), String>,
) {
    let cases: Vec<_> = cases()
        .into_iter()
        .filter(|(_, case)| plug_in || !case["plug_in_only"].as_bool().unwrap_or(false))
        .collect();
    let mut failures = Vec::new();
    for (file, case) in &cases {
        if let Err(e) = open(&mut |path| run_case(case, path)) {
            failures.push(format!(
                "{file} — {}: {e}",
                case["case"].as_str().unwrap_or("(unnamed)")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_case_answers_as_stated_on_the_image_session() {
    run_all(false, |run| run(&mut direct));
}

#[test]
fn every_case_answers_as_stated_through_a_plug_in() {
    let probe = common::load(
        gs_test_plugins::PROBE,
        common::all_grants(),
        Limits::default(),
    );
    run_all(true, |run| {
        // A session of its own per case, as each MCP session has.
        let mut session = probe.session();
        let mut path = through_plug_in(&mut session);
        run(&mut path)
    });
}

/// A failure's details as the cases state them: without the `stack` of
/// an execution's failure, whose kernel activations are each backend's
/// own (the built-in tools' and the GemStone backend's tests check it),
/// so one expected answer holds on both.
fn compared_details(e: &ToolError) -> Option<Value> {
    let mut details = e.details.clone()?;
    details.remove("stack");
    Some(Value::Object(details))
}

#[test]
fn only_a_failure_passed_on_unchanged_keeps_its_details() {
    let probe = common::load(
        gs_test_plugins::PROBE,
        common::all_grants(),
        Limits::default(),
    );
    let image = fixture_image();
    let ctx = image.ctx(false);
    let mut session = probe.session();
    let passed_on = session
        .call_now("execute", &args(r#"{"code": "1/0"}"#), &ctx)
        .unwrap_err();
    assert_eq!(
        compared_details(&passed_on),
        Some(json!({"exceptionClass": "ZeroDivide", "description": "attempt to divide 1 by zero"}))
    );
    // Where it was raised comes with it.
    let stack = &passed_on.details.as_ref().unwrap()["stack"];
    assert_eq!(
        stack.as_array().and_then(|s| s.last()),
        Some(&json!({"method": "Executed Code", "line": 1, "kernel": false})),
        "{stack}"
    );
    let reworded = session
        .call_now("execute_reworded", &args(r#"{"code": "1/0"}"#), &ctx)
        .unwrap_err();
    assert_eq!(reworded.kind.as_str(), "other");
    assert!(
        reworded.message.starts_with("the probe says: "),
        "{}",
        reworded.message
    );
    assert_eq!(
        reworded.details, None,
        "a tool's own words carry no host details"
    );
    // Nor does a later call inherit an earlier call's failure.
    let own = session
        .call_now("execute_reworded", &args(r#"{"code": "3 + 4"}"#), &ctx)
        .unwrap();
    assert_eq!(own.structured, Some(json!({"printString": "7"})));
}

#[test]
fn a_page_keeps_to_the_toolsets_result_cap_and_still_counts_every_match() {
    let capped = common::load(
        gs_test_plugins::PROBE,
        common::all_grants(),
        Limits {
            max_results: 2,
            ..Limits::default()
        },
    );
    let image = fixture_image();
    let ctx = image.ctx(false);
    let mut session = capped.session();
    let out = session
        .call_now(
            "senders",
            &args(r#"{"selector": "balance", "limit": 1000}"#),
            &ctx,
        )
        .unwrap();
    assert_eq!(
        out.structured,
        Some(json!({"total": 5, "methods": [
            {"className": "Account", "meta": false, "selector": "deposit:"},
            {"className": "Account", "meta": false, "selector": "withdraw:"}]}))
    );
}
