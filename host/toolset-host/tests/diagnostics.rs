//! Crash diagnostics: every plug-in crash is reported to the host's crash
//! log (stderr in the server) with toolset, tool, session and the guest's
//! WebAssembly backtrace, function names included; the client gets the
//! backtrace in the error's details only when the operator says so
//! (`[engine] client_backtraces`). Run with `plugins/hostile` (a raw
//! `unreachable` twenty frames deep) and `plugins/misbehave` (a panic,
//! runaway recursion, a deadline).

mod common;

use std::time::Duration;

use common::*;
use gs_toolset::{ErrorKind, ToolError};
use gs_toolset_host::{Limits, ToolsetHost, WasmToolsetSpec};
use serde_json::Value;

fn load(host: &ToolsetHost, path: &str) -> gs_toolset_host::WasmToolset {
    let mut spec = WasmToolsetSpec::new(path);
    spec.limits = Limits {
        deadline: Duration::from_millis(300),
        ..Limits::default()
    };
    host.load(&spec).unwrap()
}

/// The frames of an error's `backtrace` detail, if it has one.
fn backtrace_detail(e: &ToolError) -> Option<Vec<String>> {
    let frames = e.details.as_ref()?.get("backtrace")?.as_array()?;
    Some(
        frames
            .iter()
            .map(|f| f.as_str().unwrap().to_string())
            .collect(),
    )
}

#[test]
fn a_trap_is_logged_with_its_backtrace_and_function_names() {
    let (host, crashes) = recording_host(false);
    let hostile = load(&host, gs_test_plugins::HOSTILE);
    let img = TestImage::new();
    let mut s = hostile.session();
    let e = call(&mut s, &img.ctx(false), "trap", "{}").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Trap, "{}", e.message);
    // The client is told what happened, without the guest's internals.
    assert_eq!(backtrace_detail(&e), None);
    assert!(!e.message.contains("trap_deep"), "{}", e.message);

    let crashes = crashes.lock().unwrap();
    assert_eq!(crashes.len(), 1, "{crashes:?}");
    let c = &crashes[0];
    assert_eq!(
        (c.toolset.as_str(), c.tool.as_str(), c.session),
        ("hostile", "trap", s.number())
    );
    assert_eq!(c.kind, ErrorKind::Trap);
    assert_eq!(c.message, e.message);
    // Twenty frames of the recursion that ended in `unreachable`, by name,
    // innermost first.
    let deep = c
        .backtrace
        .iter()
        .filter(|f| f.contains("trap_deep"))
        .count();
    assert!(deep >= 20, "{:#?}", c.backtrace);
    assert!(c.backtrace[0].contains("trap_deep"), "{:#?}", c.backtrace);
    let line = c.to_string();
    assert!(
        line.starts_with(&format!(
            "toolset `hostile`, tool `trap`, session {}: ",
            s.number()
        )),
        "{line}"
    );
    assert!(line.contains("WebAssembly backtrace:\n     0: "), "{line}");
}

#[test]
fn clients_get_the_backtrace_when_the_operator_says_so() {
    let (host, crashes) = recording_host(true);
    let hostile = load(&host, gs_test_plugins::HOSTILE);
    let img = TestImage::new();
    let mut s = hostile.session();
    let e = call(&mut s, &img.ctx(false), "trap", "{}").unwrap_err();
    let frames = backtrace_detail(&e).expect("a backtrace in the details");
    assert!(frames[0].contains("trap_deep"), "{frames:#?}");
    assert_eq!(frames, crashes.lock().unwrap()[0].backtrace);
    // In MCP's shape: beside kind and message in structuredContent.error.
    let json = gs_toolset::call_result_json(&Err(e));
    assert_eq!(json["isError"], Value::Bool(true));
    assert!(json["structuredContent"]["error"]["backtrace"].is_array());
    assert_eq!(json["structuredContent"]["error"]["kind"], "trap");
}

#[test]
fn every_crash_of_misbehave_is_logged_and_ordinary_errors_are_not() {
    let (host, crashes) = recording_host(false);
    let misbehave = load(&host, gs_test_plugins::MISBEHAVE);
    let img = TestImage::new();
    let mut a = misbehave.session();
    let mut b = misbehave.session();
    assert_ne!(a.number(), b.number());
    let ctx = img.ctx(false);
    let panic = call(&mut a, &ctx, "panic", "{}").unwrap_err();
    assert_eq!(panic.kind, ErrorKind::Panic);
    let overflow = call(&mut b, &ctx, "recurse", "{}").unwrap_err();
    assert_eq!(overflow.kind, ErrorKind::StackOverflow);
    let deadline = call(&mut a, &ctx, "spin", "{}").unwrap_err();
    assert_eq!(deadline.kind, ErrorKind::Deadline);
    // Refused arguments and a working call are no crash.
    call(&mut a, &ctx, "panic", r#"{"x": 1}"#).unwrap_err();
    call(&mut b, &ctx, "counter", "{}").unwrap();

    let crashes = crashes.lock().unwrap();
    let seen: Vec<(&str, u64, ErrorKind)> = crashes
        .iter()
        .map(|c| (c.tool.as_str(), c.session, c.kind))
        .collect();
    assert_eq!(
        seen,
        [
            ("panic", a.number(), ErrorKind::Panic),
            ("recurse", b.number(), ErrorKind::StackOverflow),
            ("spin", a.number(), ErrorKind::Deadline),
        ]
    );
    assert!(crashes.iter().all(|c| c.toolset == "misbehave"));
    // The panic's frames name the tool's function, demangled; the spin's
    // where it was stopped.
    assert!(
        crashes[0]
            .backtrace
            .iter()
            .any(|f| f.starts_with("misbehave::panic ")),
        "{:#?}",
        crashes[0].backtrace
    );
    assert!(
        crashes[2].backtrace.iter().any(|f| f.contains("spin")),
        "{:#?}",
        crashes[2].backtrace
    );
}
