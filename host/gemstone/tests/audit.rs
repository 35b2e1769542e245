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

/// A class of the fixture whose class-side `selector` never returns.
fn looping(s: &dyn ImageSession, class: &str, source: &str) {
    s.define_class_from_source(
        &format!("Object subclass: '{class}' instVarNames: #() inDictionary: UserGlobals"),
        RecompilePolicy::Refuse,
    )
    .unwrap();
    s.compile_method(class, true, None, source).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_call_stops_on_its_cancel_token_and_the_session_goes_on() {
    let running = common::start();
    let session = running.stone.login(None).unwrap();
    looping(
        &session,
        "Looper",
        "comment: aString\n\t[true] whileTrue: [3 + 4]",
    );
    let image: std::sync::Arc<dyn ImageSession> = std::sync::Arc::new(session);
    let server = std::sync::Arc::new(gs_toolset::ServerIdentity {
        name: "gs-mcp".into(),
        version: "0".into(),
        title: None,
    });
    let ctx = gs_toolset::CallContext::new(image, false, server);
    let stopper = ctx.cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        stopper.cancel();
    });
    let started = std::time::Instant::now();
    let e = tokio::time::timeout(
        std::time::Duration::from_secs(20),
        ctx.blocking(|ctx| ctx.image.set_class_comment("Looper", "x")),
    )
    .await
    .expect("the call ended")
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Cancelled, "{e}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert!(!ctx.image.is_lost());
    let fresh = gs_toolset::CallContext::new(
        std::sync::Arc::clone(&ctx.image),
        false,
        std::sync::Arc::clone(&ctx.server),
    );
    let dictionaries = fresh
        .blocking(|ctx| ctx.image.dictionaries())
        .await
        .unwrap();
    assert!(dictionaries.iter().any(|d| d == "UserGlobals"));
}

#[test]
fn the_image_s_texts_cross_cut_at_their_caps() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let doit = s
        .execute(
            "Transcript show: (String new: 3000000 withAll: $x). 3",
            &CancelToken::new(),
        )
        .unwrap();
    assert_eq!(doit.print_string, "3");
    assert!(
        doit.transcript.len() < (1 << 20) + 100,
        "{}",
        doit.transcript.len()
    );
    assert!(
        doit.transcript
            .ends_with("… [output truncated: 1951424 more characters not shown]"),
        "{}",
        &doit.transcript[doit.transcript.len() - 80..]
    );
    let e = s
        .execute(
            "Transcript show: (String new: 3000000 withAll: $t). Error signal: (String new: \
             300000 withAll: $y)",
            &CancelToken::new(),
        )
        .unwrap_err();
    let details = e.details.clone().expect("details");
    let description = details["description"].as_str().unwrap();
    assert!(description.len() < 100_100, "{}", description.len());
    assert!(
        description.ends_with("[output truncated: 200000 more characters not shown]"),
        "{e}"
    );
    assert!(e.message.len() < (1 << 20) + 200_000, "{}", e.message.len());
}

/// A global whose value does not understand `isBehavior` (an instance of
/// a class made with `nil subclass:`) is listed as a global, not a
/// failure of the whole dictionary's listing or search, as on the
/// embedded image.
#[test]
fn a_global_that_understands_nothing_is_listed_not_fatal() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let made = s.execute(
        "nil subclass: 'Opaque' instVarNames: #() classVars: #() classInstVars: #() \
         poolDictionaries: #() inDictionary: UserGlobals options: #(). \
         UserGlobals at: #Mute put: (UserGlobals at: #Opaque) basicNew. #done",
        &CancelToken::new(),
    );
    assert!(made.is_ok(), "{made:?}");
    let classes = s.classes("UserGlobals").unwrap();
    assert!(!classes.iter().any(|c| c == "Mute"), "{classes:?}");
    let entries = s.entries("UserGlobals").unwrap();
    assert!(entries.iter().any(|e| e.name == "Mute"), "{entries:?}");
    assert!(s.describe_class("Account").is_ok());
    assert!(s.describe_class("Mute").is_err());
}
