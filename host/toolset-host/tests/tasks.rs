//! Tasks (`gemstone:mcp@0.1.5`): the task support a component declares
//! (`tasks.task-support`) on its tool descriptors, checked at load, and a
//! tool's `client.start-task` reaching the notifier, which decides.

mod common;

use std::sync::{Arc, Mutex};

use common::*;
use gs_toolset::{LogLevel, Notifier, TaskSupport, Toolset};
use gs_toolset_host::{LoadErrorKind, WasmToolsetSpec};

fn support(toolset: &dyn Toolset, tool: &str) -> TaskSupport {
    toolset.info().tool(tool).unwrap().task_support
}

#[test]
fn declared_task_support_is_on_the_tools_and_the_rest_have_none() {
    let c = conformance();
    assert_eq!(support(c, "slow_compute"), TaskSupport::Optional);
    assert_eq!(support(c, "failing_job"), TaskSupport::Required);
    assert_eq!(support(c, "test_tool_with_task"), TaskSupport::Required);
    assert_eq!(support(c, "test_simple_text"), TaskSupport::Forbidden);
    // A component built before 0.1.5 exports no `tasks` and still loads.
    let old = shared_host()
        .load(&WasmToolsetSpec::new(gs_test_plugins::HELLO_0_1_2))
        .unwrap();
    assert!(
        old.info()
            .tools
            .iter()
            .all(|t| t.task_support == TaskSupport::Forbidden)
    );
}

#[test]
fn a_declaration_naming_an_unknown_tool_or_one_twice_fails_the_load() {
    for (mode, message) in [
        (
            "unknown",
            "task support names tool `no_such_tool`, which the toolset does not describe",
        ),
        ("twice", "task support names tool `hello` twice"),
    ] {
        let e = hostile_reading("tasks", mode).unwrap_err();
        assert_eq!(e.kind, LoadErrorKind::Describe, "{e}");
        assert!(e.message.ends_with(message), "{mode}: {}", e.message);
    }
}

/// A notifier that answers `start_task` as told and records each ask.
struct Starts {
    answer: bool,
    asked: Mutex<Vec<Option<String>>>,
}

impl Notifier for Starts {
    fn log(&self, _: LogLevel, _: &str, _: &str) {}
    fn progress(&self, _: f64, _: Option<f64>, _: Option<&str>) {}
    fn start_task(&self, message: Option<&str>) -> bool {
        self.asked.lock().unwrap().push(message.map(str::to_string));
        self.answer
    }
}

#[test]
fn start_task_reaches_the_notifier_and_the_tool_goes_on_either_way() {
    for answer in [true, false] {
        let starts = Arc::new(Starts {
            answer,
            asked: Mutex::new(Vec::new()),
        });
        let img = TestImage::new();
        let mut ctx = img.ctx(false);
        ctx.notifier = starts.clone();
        let mut session = conformance().session();
        let r = call(
            &mut session,
            &ctx,
            "slow_compute",
            r#"{"seconds": 0, "label": "now"}"#,
        );
        assert_eq!(text(&r), "Computed now after 0 s");
        assert_eq!(
            *starts.asked.lock().unwrap(),
            [Some("computing now".into())]
        );
    }
}
