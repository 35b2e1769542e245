//! The testing family: SUnit in the client's own session —
//! `describe_test_failure`, `list_failing_tests`, `list_test_classes`,
//! `run_test_class` and `run_test_method`. Read-only safe, as in the
//! reference: running tests commits nothing.
//!
//! Failures (an assertion did not hold, `TestFailure`) and errors (anything
//! else the test raised) are told apart, each with the exception's class
//! and description. `run_test_class` reports progress after each test.
//!
//! Tests that ran but whose changes the session could not keep (a limit
//! on uncommitted changes refused them, and they were discarded) still
//! answer their report, with `changesDiscarded` beside it and the text
//! opening with that refusal.

use gs_toolset::{
    AbstractTestClasses, IsAbstractFailure, StackFrame, TestDefect, TestProgress, TestReport,
    ToolError, ToolResult,
};
use serde_json::{Map, Value, json};

use crate::args::{Args, Param, ParamType};
use crate::hints::selector_arg;
use crate::shape::{array_of, closed_object, count, nullable_string, string, strings};
use crate::tool::{Call, Family, Handler, Tool, answer};

const CLASS: Param = Param::required(
    "className",
    ParamType::String,
    "the TestCase subclass, e.g. AccountTest",
);
const SELECTOR: Param = Param::required(
    "selector",
    ParamType::String,
    "the test method's selector, e.g. testDeposit (a leading # is ignored)",
);

pub(crate) fn family() -> Family {
    Family {
        name: "testing",
        tools: vec![
            Tool {
                name: "describe_test_failure",
                title: "Describe a test failure",
                description: "Re-run one test method in isolation and describe its outcome: \
                              passed, or the failure or error with the exception class and \
                              description.",
                params: &[CLASS, SELECTOR],
                output_schema: describe_schema,
                handler: Handler::Blocking(describe_test_failure),
            },
            Tool {
                name: "list_failing_tests",
                title: "List failing tests",
                description: "Run the given test classes (or every test class but the \
                              abstract ones, whose isAbstract answers true) and list the test \
                              methods that fail or raise an error. A class whose isAbstract \
                              raises an error is not run unless named; `notRun` names it \
                              with the error.",
                params: const {
                    &[Param::optional(
                        "classNames",
                        ParamType::StringList,
                        "the TestCase subclasses to run; default all of them",
                    )]
                },
                output_schema: failing_schema,
                handler: Handler::Blocking(list_failing_tests),
            },
            Tool {
                name: "list_test_classes",
                title: "List test classes",
                description: "Every TestCase subclass in the image; `abstract` names those \
                              whose tests only their subclasses run, `isAbstractFailed` those \
                              whose isAbstract raised an error, with the error.",
                params: &[],
                output_schema: classes_schema,
                handler: Handler::Blocking(list_test_classes),
            },
            Tool {
                name: "run_test_class",
                title: "Run a test class",
                description: "Run every test method of a TestCase subclass: the summary, and \
                              each failure and error with its exception class and \
                              description. Reports progress after each test.",
                params: &[CLASS],
                output_schema: report_schema,
                handler: Handler::Blocking(run_test_class),
            },
            Tool {
                name: "run_test_method",
                title: "Run a test method",
                description: "Run one test method of a TestCase subclass.",
                params: &[CLASS, SELECTOR],
                output_schema: report_schema,
                handler: Handler::Blocking(run_test_method),
            },
        ],
        read_only_safe: &[
            "describe_test_failure",
            "list_failing_tests",
            "list_test_classes",
            "run_test_class",
            "run_test_method",
        ],
        tasks: &["run_test_class", "list_failing_tests"],
    }
}

fn defect_schema() -> Value {
    closed_object(json!({
        "selector": string(),
        "exceptionClass": string(),
        "description": string(),
        "at": nullable_string()
    }))
}

/// One activation of where a test's exception was signalled.
fn frame_schema() -> Value {
    closed_object(json!({
        "method": string(),
        "line": {"type": ["integer", "null"], "minimum": 1},
        "kernel": {"type": "boolean"}
    }))
}

/// The refusal of a test run's changes: `kind` and `message` as the
/// refusal's error object has them, with its figures (the limit's words are
/// in the message).
fn discarded_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "kind": string(),
            "message": string(),
            "className": string(),
            "uncommittedBytes": count(),
            "maxUncommittedBytes": count(),
            "serverUncommittedBytes": count(),
            "maxServerUncommittedBytes": count()
        },
        "required": ["kind", "message"]
    })
}

/// `schema` with the optional `changesDiscarded` property, there only
/// when a run's changes were discarded.
fn with_changes_discarded(mut schema: Value, discarded: Value) -> Value {
    schema["properties"]["changesDiscarded"] = discarded;
    schema
}

fn report_schema() -> Value {
    with_changes_discarded(
        closed_object(json!({
            "className": string(),
            "run": count(),
            "passed": strings(),
            "failures": array_of(defect_schema()),
            "errors": array_of(defect_schema()),
            "summary": string()
        })),
        discarded_schema(),
    )
}

fn describe_schema() -> Value {
    with_changes_discarded(
        closed_object(json!({
            "className": string(),
            "selector": string(),
            "outcome": {"type": "string", "enum": ["passed", "failure", "error"]},
            "exceptionClass": nullable_string(),
            "description": nullable_string(),
            "at": nullable_string(),
            "stack": array_of(frame_schema())
        })),
        discarded_schema(),
    )
}

/// A test class whose class-side `isAbstract` raised an error.
fn is_abstract_failure_schema() -> Value {
    closed_object(json!({
        "className": string(),
        "exceptionClass": string(),
        "description": string()
    }))
}

fn is_abstract_failure_json(f: &IsAbstractFailure) -> Value {
    json!({
        "className": f.class_name,
        "exceptionClass": f.exception_class,
        "description": f.description
    })
}

fn failing_schema() -> Value {
    with_changes_discarded(
        closed_object(json!({
            "classes": strings(),
            "notRun": array_of(is_abstract_failure_schema()),
            "run": count(),
            "failing": array_of(closed_object(json!({
                "className": string(),
                "selector": string(),
                "outcome": {"type": "string", "enum": ["failure", "error"]},
                "exceptionClass": string(),
                "description": string(),
                "at": nullable_string()
            })))
        })),
        array_of(discarded_schema()),
    )
}

fn classes_schema() -> Value {
    closed_object(json!({
        "count": count(),
        "classes": strings(),
        "abstract": strings(),
        "isAbstractFailed": array_of(is_abstract_failure_schema())
    }))
}

/// Refuses a class that does not exist (`notFound`) or is not a test class
/// (`invalidParams`), before anything runs. Answers the class's own name,
/// which the tests run and report under also when the call named it
/// through an alias.
fn check_test_class(call: &Call<'_>, class_name: &str) -> Result<String, ToolError> {
    let image = call.image();
    let Ok(class) = image.describe_class(class_name) else {
        return Err(ToolError::not_found(format!(
            "there is no class named {class_name}; list_test_classes shows the test classes"
        )));
    };
    let name = class.name;
    if !image.test_classes()?.contains(&name) {
        return Err(ToolError::invalid_params(format!(
            "{class_name} is not a TestCase subclass; list_test_classes shows the test classes"
        )));
    }
    Ok(name)
}

fn check_test_method(
    call: &Call<'_>,
    class_name: &str,
    selector: &str,
) -> Result<String, ToolError> {
    let name = check_test_class(call, class_name)?;
    let image = call.image();
    // The test may be inherited: look up the superclass chain.
    let mut chain = image
        .hierarchy(class_name)
        .map(|h| h.superclasses)
        .unwrap_or_default();
    chain.push(name.clone());
    let found = chain.iter().any(|c| {
        image
            .selectors(c, false)
            .is_ok_and(|sels| sels.iter().any(|x| x == selector))
    });
    if found {
        Ok(name)
    } else {
        Err(ToolError::not_found(format!(
            "{class_name} has no test method {selector}; run_test_class runs them all, \
             list_methods shows them"
        )))
    }
}

/// A test run that ran to the end: its report and, if the session could not
/// keep what the tests changed, that refusal as structured content.
struct TestRun {
    report: TestReport,
    discarded: Option<Map<String, Value>>,
}

impl TestRun {
    /// The line the answer's text opens with when the changes were
    /// discarded, so it is not missed above the report.
    fn discarded_line(&self) -> Option<String> {
        let message = self.discarded.as_ref()?.get("message")?.as_str()?;
        Some(format!("Changes discarded: {message}\n"))
    }

    /// Adds `changesDiscarded` to `structured` when there is one.
    fn with_discarded(&self, mut structured: Value) -> Value {
        if let Some(d) = &self.discarded {
            structured["changesDiscarded"] = Value::Object(d.clone());
        }
        structured
    }
}

fn run(
    call: &Call<'_>,
    class_name: &str,
    selectors: Option<&[String]>,
    progress: bool,
) -> Result<TestRun, ToolError> {
    let notifier = call.ctx.notifier.clone();
    let mut report_progress = move |p: &TestProgress| {
        if progress {
            notifier.progress(
                p.done as f64,
                Some(p.total as f64),
                Some(&format!("{class_name}>>{}", p.selector)),
            );
        }
    };
    let report = call.image().run_tests(
        class_name,
        selectors,
        &call.ctx.cancel,
        &mut report_progress,
    )?;
    let discarded = report.changes_discarded.as_ref().map(discarded_json);
    Ok(TestRun { report, discarded })
}

/// The refusal of a run's changes as `changesDiscarded` has it: its kind,
/// its message and its figures.
fn discarded_json(refused: &ToolError) -> Map<String, Value> {
    let mut discarded = Map::new();
    discarded.insert("kind".into(), json!(refused.kind.as_str()));
    discarded.insert("message".into(), json!(refused.message));
    let figures = refused.details.iter().flatten();
    discarded.extend(figures.map(|(key, value)| (key.clone(), value.clone())));
    discarded
}

fn defects(list: &[TestDefect]) -> Vec<Value> {
    list.iter()
        .map(|d| {
            json!({
                "selector": d.selector,
                "exceptionClass": d.exception_class,
                "description": d.description,
                "at": origin(d)
            })
        })
        .collect()
}

/// Where to look first: the innermost activation of the tested code,
/// `AcmeOrder >> total line 4`.
fn origin(d: &TestDefect) -> Option<String> {
    d.origin().map(|f| f.to_string())
}

/// The defect's line saying where its exception was signalled, if known.
fn at_line(d: &TestDefect) -> String {
    origin(d)
        .map(|at| format!("\n  at {at}"))
        .unwrap_or_default()
}

/// The activations a description shows: innermost first, down to the
/// outermost of the tested code (the test runner's below it tell
/// nothing).
fn shown_stack(d: &TestDefect) -> &[StackFrame] {
    let end = d.stack.iter().rposition(|f| !f.kernel).map_or(0, |i| i + 1);
    &d.stack[..end]
}

fn report_answer(run: TestRun) -> ToolResult {
    let report = &run.report;
    let summary = report.to_string();
    let mut text = run.discarded_line().unwrap_or_default();
    text.push_str(&format!("{}: {summary}", report.class));
    for (label, list) in [("FAILURE", &report.failures), ("ERROR", &report.errors)] {
        for d in list.iter() {
            text.push_str(&format!(
                "\n{label} {}: {}: {}{}",
                d.selector,
                d.exception_class,
                d.description,
                at_line(d)
            ));
        }
    }
    answer(
        text,
        run.with_discarded(json!({
            "className": report.class,
            "run": report.run_count(),
            "passed": report.passed,
            "failures": defects(&report.failures),
            "errors": defects(&report.errors),
            "summary": summary
        })),
    )
}

fn run_test_class(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let class_name = check_test_class(call, args.string("className")?)?;
    call.start_task(&format!("running {class_name}"));
    report_answer(run(call, &class_name, None, true)?)
}

fn run_test_method(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let class_name = args.string("className")?;
    let selector = selector_arg(args, "run_test_method")?;
    let class_name = check_test_method(call, class_name, selector)?;
    report_answer(run(
        call,
        &class_name,
        Some(&[selector.to_string()]),
        false,
    )?)
}

fn describe_test_failure(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let class_name = args.string("className")?;
    let selector = selector_arg(args, "describe_test_failure")?;
    let class_name = check_test_method(call, class_name, selector)?;
    let class_name = class_name.as_str();
    let test_run = run(call, class_name, Some(&[selector.to_string()]), false)?;
    let report = &test_run.report;
    let (outcome, defect) = if let Some(d) = report.failures.first() {
        ("failure", Some(d))
    } else if let Some(d) = report.errors.first() {
        ("error", Some(d))
    } else {
        ("passed", None)
    };
    let mut text = test_run.discarded_line().unwrap_or_default();
    let stack = defect.map(shown_stack).unwrap_or_default();
    text.push_str(&match defect {
        None => format!("{class_name}>>{selector} passed when run on its own."),
        Some(d) => format!(
            "{class_name}>>{selector}: {outcome}\n  exception: {}\n  description: {}",
            d.exception_class, d.description
        ),
    });
    if let Some(at) = defect.and_then(origin) {
        text.push_str(&format!("\n  at: {at}"));
    }
    if !stack.is_empty() {
        text.push_str("\n  stack (innermost first):");
        for f in stack {
            text.push_str(&format!("\n    {f}"));
        }
    }
    let frames: Vec<Value> = stack
        .iter()
        .map(|f| json!({"method": f.method, "line": f.line, "kernel": f.kernel}))
        .collect();
    answer(
        text,
        test_run.with_discarded(json!({
            "className": class_name,
            "selector": selector,
            "outcome": outcome,
            "exceptionClass": defect.map(|d| d.exception_class.clone()),
            "description": defect.map(|d| d.description.clone()),
            "at": defect.and_then(origin),
            "stack": frames
        })),
    )
}

/// Every test class SUnit would run on its own: those whose `isAbstract`
/// answers true are left out, their tests being their subclasses' to run
/// (an abstract class's test run directly would fail for want of what its
/// subclasses supply). Those whose `isAbstract` raised an error are left
/// out too, and answered beside: whether they are abstract is unknown,
/// and one broken class stops no run of the others.
fn concrete_test_classes(
    call: &Call<'_>,
) -> Result<(Vec<String>, Vec<IsAbstractFailure>), ToolError> {
    let image = call.image();
    let mut classes = image.test_classes()?;
    let found = image.abstract_test_classes(&call.ctx.cancel)?;
    classes.retain(|c| !found.is_abstract(c) && found.failure_of(c).is_none());
    Ok((classes, found.failed))
}

fn list_failing_tests(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let (classes, not_run) = match args.opt_strings("classNames") {
        Some(list) => (
            list.iter()
                .map(|c| check_test_class(call, c))
                .collect::<Result<Vec<_>, _>>()?,
            Vec::new(),
        ),
        None => concrete_test_classes(call)?,
    };
    call.start_task(&format!("running {} test class(es)", classes.len()));
    let mut failing = Vec::new();
    let mut discarded = Vec::new();
    let mut discarded_lines = String::new();
    let mut run_count = 0;
    let mut text = String::new();
    for (i, class_name) in classes.iter().enumerate() {
        let test_run = run(call, class_name, None, false)?;
        if let Some(line) = test_run.discarded_line() {
            discarded_lines.push_str(&line);
        }
        if let Some(mut d) = test_run.discarded {
            d.insert("className".into(), json!(class_name));
            discarded.push(Value::Object(d));
        }
        let report = test_run.report;
        call.ctx
            .notifier
            .progress((i + 1) as f64, Some(classes.len() as f64), Some(class_name));
        run_count += report.run_count();
        for (outcome, list) in [("failure", &report.failures), ("error", &report.errors)] {
            for d in list.iter() {
                text.push_str(&format!(
                    "\n{class_name}>>{} ({outcome}): {}: {}{}",
                    d.selector,
                    d.exception_class,
                    d.description,
                    at_line(d)
                ));
                failing.push(json!({
                    "className": class_name,
                    "selector": d.selector,
                    "outcome": outcome,
                    "exceptionClass": d.exception_class,
                    "description": d.description,
                    "at": origin(d)
                }));
            }
        }
    }
    let not_run_text: Vec<String> = not_run
        .iter()
        .map(|f| {
            format!(
                "{}, whose isAbstract raised {}: {}",
                f.class_name, f.exception_class, f.description
            )
        })
        .collect();
    let head = if not_run_text.is_empty() {
        format!(
            "{} failing of {run_count} tests in {} class(es).",
            failing.len(),
            classes.len()
        )
    } else {
        format!(
            "{} failing of {run_count} tests in {} class(es); not run: {}.",
            failing.len(),
            classes.len(),
            not_run_text.join("; ")
        )
    };
    let not_run: Vec<Value> = not_run.iter().map(is_abstract_failure_json).collect();
    let mut structured = json!({
        "classes": classes,
        "notRun": not_run,
        "run": run_count,
        "failing": failing
    });
    if !discarded.is_empty() {
        structured["changesDiscarded"] = Value::Array(discarded);
    }
    answer(format!("{discarded_lines}{head}{text}"), structured)
}

/// Every test class, the abstract ones (see [`concrete_test_classes`])
/// marked: their tests are run in their subclasses; and those whose
/// `isAbstract` raised an error marked with the error.
fn list_test_classes(_: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let image = call.image();
    let classes = image.test_classes()?;
    let AbstractTestClasses {
        abstract_classes,
        failed,
    } = image.abstract_test_classes(&call.ctx.cancel)?;
    let lines: Vec<String> = classes
        .iter()
        .map(|c| {
            if abstract_classes.binary_search(c).is_ok() {
                format!("{c} (abstract: its subclasses run its tests)")
            } else if let Some(f) = failed.iter().find(|f| &f.class_name == c) {
                format!(
                    "{c} (isAbstract raised {}: {})",
                    f.exception_class, f.description
                )
            } else {
                c.clone()
            }
        })
        .collect();
    let failed: Vec<Value> = failed.iter().map(is_abstract_failure_json).collect();
    answer(
        format!("{} test classes:\n{}", classes.len(), lines.join("\n")),
        json!({
            "count": classes.len(),
            "classes": classes,
            "abstract": abstract_classes,
            "isAbstractFailed": failed
        }),
    )
}
