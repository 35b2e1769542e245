//! What the backend lets a caller do beyond what a call's tool says, on
//! the test stone (gs-teststone, a test double for GemStone): a class
//! definition that runs other code, calls that cannot be stopped,
//! answers of any size, browsing that runs image code.

mod common;

use gs_toolset::{CancelToken, ErrorKind, ImageSession, RecompilePolicy};

const HARMLESS: &str = "Object subclass: 'Harmless' instVarNames: #() classVars: #() \
                        classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals \
                        options: #()";

/// The printString of `UserGlobals at: name` (`nil` if unbound).
fn global(s: &dyn ImageSession, name: &str) -> String {
    s.execute(
        &format!("UserGlobals at: #{name} ifAbsent: [nil]"),
        &CancelToken::new(),
    )
    .unwrap()
    .print_string
}

#[test]
fn a_class_definition_runs_no_other_statement() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    for (source, pwned) in [
        (
            format!("{HARMLESS}. UserGlobals at: #Pwned put: 42"),
            "Pwned",
        ),
        (
            "\"Object subclass: #Foo\" UserGlobals at: #Pwned2 put: 7. Object".to_string(),
            "Pwned2",
        ),
        (
            format!("{HARMLESS}. Harmless comment: (UserGlobals at: #Pwned3 put: 'x')"),
            "Pwned3",
        ),
        (
            "Object subclass: 'Harmless' instVarNames: (UserGlobals at: #Pwned4 put: #()) \
             inDictionary: UserGlobals"
                .to_string(),
            "Pwned4",
        ),
    ] {
        let e = s
            .define_class_from_source(&source, RecompilePolicy::Refuse)
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams, "{source}: {e}");
        assert!(e.message.contains("execute_code"), "{e}");
        assert_eq!(global(&s, pwned), "nil", "{source} ran its statement");
    }
    assert_eq!(global(&s, "Harmless"), "nil", "nothing was defined");
}

#[test]
fn the_kernel_guard_sees_the_name_the_stone_would_define() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let e = s
        .define_class_from_source(
            "Object subclass: 'Strin' , 'g' instVarNames: #() inDictionary: UserGlobals",
            RecompilePolicy::Refuse,
        )
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidParams, "{e}");
    assert!(e.message.contains("literal"), "{e}");
    let e = s
        .define_class_from_source(
            "\"a comment\" Object subclass: #'String' instVarNames: #() inDictionary: Globals",
            RecompilePolicy::Refuse,
        )
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused, "{e}");
    assert!(e.message.contains("kernel class"), "{e}");
}

#[test]
fn a_definition_with_its_comment_and_category_is_rebuilt_and_applied() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let report = s
        .define_class_from_source(
            &format!(
                "\"a file-out\"\n{HARMLESS}.\nHarmless comment: 'it''s \"fine\"'.\nHarmless \
                 category: 'Safe'"
            ),
            RecompilePolicy::Refuse,
        )
        .unwrap();
    assert_eq!(report.class_name, "Harmless");
    let info = s.describe_class("Harmless").unwrap();
    assert_eq!(info.comment, "it's \"fine\"");
    assert_eq!(info.category.as_deref(), Some("Safe"));
}
