//! Any text crosses into the stone and back unchanged: generated strings
//! (quotes, `#`, NUL and every other control character, Latin-1, and
//! characters beyond it) set as a class comment on the test stone
//! (gs-teststone, the test double for GemStone) are read back exactly, or
//! refused with an error that says why, never answered changed.

mod common;

use gs_toolset::ImageSession;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        // Latin-1, which the test stone's Strings hold.
        prop::collection::vec(0_u8..=255, 0..40)
            .prop_map(|bytes| bytes.into_iter().map(char::from).collect()),
        // The characters the backend's quoting and framing must keep text.
        "['\"#:$ls0-9;\\n\\t\\r]{0,24}",
        // Anything.
        "\\PC{0,24}",
        any::<String>(),
    ]
}

#[test]
fn a_class_comment_of_any_text_is_read_back_exactly_or_refused() {
    let running = common::start();
    let s = running.stone.login(None).expect("the backend logs in");
    let mut runner = TestRunner::new(Config {
        cases: 200,
        failure_persistence: None,
        ..Config::default()
    });
    let outcome = runner.run(&text(), |comment| {
        match s.set_class_comment("Account", &comment) {
            Ok(()) => {
                let read = s.describe_class("Account").map_err(|e| {
                    TestCaseError::fail(format!("describing after {comment:?}: {e}"))
                })?;
                prop_assert_eq!(read.comment, comment);
            }
            Err(e) => prop_assert!(
                !e.message.contains("malformed"),
                "{comment:?} was answered malformed: {e}"
            ),
        }
        Ok(())
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }
}
