//! Any text crosses into the stone and back unchanged: generated strings
//! (quotes, `#`, NUL and every other control character, Latin-1, and
//! characters beyond it, which the stone holds in a DoubleByteString or
//! QuadByteString) set as a class comment on the test stone
//! (gs-teststone, the test double for GemStone) are read back exactly;
//! text with a NUL, which GemStone's C interface cannot take, is refused
//! before it is sent.

mod common;

use gs_toolset::ImageSession;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        // Latin-1, which a String holds.
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
fn a_class_comment_of_any_text_is_read_back_exactly() {
    let running = common::start();
    let s = running.stone.login(None).expect("the backend logs in");
    let mut runner = TestRunner::new(Config {
        cases: 200,
        failure_persistence: None,
        ..Config::default()
    });
    let outcome = runner.run(&text(), |comment| {
        // GemStone's C interface takes source as a C string: text with a
        // NUL is refused, as invalid parameters, before it is sent.
        if comment.contains('\0') {
            let refused = s.set_class_comment("Account", &comment).unwrap_err();
            prop_assert_eq!(refused.kind, gs_toolset::ErrorKind::InvalidParams);
            return Ok(());
        }
        s.set_class_comment("Account", &comment)
            .map_err(|e| TestCaseError::fail(format!("setting {comment:?}: {e}")))?;
        let read = s
            .describe_class("Account")
            .map_err(|e| TestCaseError::fail(format!("describing after {comment:?}: {e}")))?;
        prop_assert_eq!(read.comment, comment);
        Ok(())
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }
}
