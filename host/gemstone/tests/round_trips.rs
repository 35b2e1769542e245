//! What each built-in browsing tool costs on a stone: one program (one
//! execution and one fetch of its answer), counted by the session
//! (`GemStoneSession::programs_run`) against the test stone
//! (gs-teststone, the test double for GemStone). A class resource and an
//! export (which also reads the class for the stale-read check) are two.

#[path = "../../builtin/tests/support/cases.rs"]
mod cases;
mod common;

use std::sync::Arc;

use gs_builtin::BuiltinToolset;
use gs_toolset::{ImageSession, Toolset};
use serde_json::json;

#[test]
fn each_browsing_tool_is_one_program_on_a_stone() {
    let running = common::start();
    let session = Arc::new(running.stone.login(None).expect("the backend logs in"));
    let image: Arc<dyn ImageSession> = session.clone();
    let ctx = cases::context(image.clone(), false);
    let toolset = BuiltinToolset::new();
    let mut tools = toolset.open_session();
    let class = json!({"className": "Account"});
    let method = json!({"className": "Account", "selector": "balance"});
    // export_class_source also reads the class's facts, which the
    // stale-read check compares a later redefinition with: two programs.
    for (tool, arguments, programs) in [
        ("describe_class", &class, 1),
        ("list_methods", &class, 1),
        ("get_method_source", &method, 1),
        ("get_class_hierarchy", &class, 1),
        ("get_class_definition", &class, 1),
        ("export_class_source", &class, 2),
        ("find_senders", &json!({"selector": "balance"}), 1),
        ("find_implementors", &json!({"selector": "balance"}), 1),
    ] {
        let before = session.programs_run();
        let answer = cases::call_now(&mut *tools, tool, arguments, &ctx);
        assert!(answer.is_ok(), "{tool}: {answer:?}");
        assert_eq!(
            session.programs_run() - before,
            programs,
            "{tool} ran another number of programs"
        );
    }
    // An unknown class is found out by the same single program; the
    // error's suggestions (the classes it may have meant) take two more:
    // one confirming which name is unknown, one listing every class.
    let before = session.programs_run();
    let answer = cases::call_now(
        &mut *tools,
        "get_class_definition",
        &json!({"className": "Acount"}),
        &ctx,
    );
    let e = answer.expect_err("no class Acount");
    assert_eq!(e.details.unwrap()["suggestions"], json!(["Account"]));
    assert_eq!(session.programs_run() - before, 3);

    let before = session.programs_run();
    let read = gs_builtin::offers::read(&*image, "gemstone://class/Account");
    assert!(read.is_ok(), "{read:?}");
    assert_eq!(session.programs_run() - before, 2, "a class resource");
}
