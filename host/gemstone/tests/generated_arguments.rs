//! Whatever arguments a client gives a built-in tool, it answers and the
//! session goes on, on the GemStone backend (the generated calls of
//! `gs-builtin`'s `tests/support/generated.rs`, 300 in one session on the
//! test stone, gs-teststone, the test double for GemStone). Every string a
//! call carries crosses into the backend's Smalltalk, so quotes, `#`,
//! NUL and characters beyond Latin-1 must stay text.

#[path = "../../builtin/tests/support/cases.rs"]
mod cases;
mod common;
#[path = "../../builtin/tests/support/generated.rs"]
mod generated;

use std::sync::Arc;

#[test]
fn any_arguments_get_an_answer_and_the_session_goes_on_on_a_stone() {
    let running = common::start();
    let session = running.stone.login(None).expect("the backend logs in");
    generated::every_call_answers_and_the_session_goes_on(Arc::new(session), 300);
}
