//! The GemStone backend's session behaviour on the test stone: checking a
//! stone, logins and their failures, the login-concurrency limit, logout,
//! Unicode and large answers, cancellation (soft then hard break) and a
//! lost connection.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use gs_gemstone::{Stone, StoneSettings};
use gs_teststone::Command;
use gs_toolset::{CancelToken, ErrorKind, ImageSession};

/// Waits (up to 5 s) until the stone has seen every logout.
fn wait_for_no_sessions(running: &common::Running) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while running.test_stone.sessions() > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn check_logs_in_and_out_and_answers_the_version_and_name() {
    let running = common::start();
    let facts = running.stone.check().expect("the check passes");
    assert_eq!(facts.version, "3.7.5");
    assert_eq!(facts.stone, running.test_stone.name());
    assert!(facts.library_version.starts_with("3.7.5"), "{facts:?}");
    wait_for_no_sessions(&running);
    assert_eq!(running.test_stone.sessions(), 0, "check logged out");
}

#[test]
fn login_failures_say_what_to_fix() {
    let running = common::start();
    let mut settings = running.stone.settings().clone();
    settings.password = gs_gci::Password::Plain("wrong".into());
    let bad = Stone::open(settings).unwrap();
    let e = bad.check().unwrap_err();
    assert_eq!(e.gci_kind(), Some(gs_gci::ErrorKind::LoginDenied), "{e}");
    assert!(
        e.message()
            .contains("check the GemStone user name and password"),
        "{e}"
    );

    let mut settings = running.stone.settings().clone();
    settings.stone = "nosuchstone".into();
    let e = Stone::open(settings).unwrap().check().unwrap_err();
    assert_eq!(e.gci_kind(), Some(gs_gci::ErrorKind::NoSuchStone), "{e}");
    assert!(e.message().contains("GEMSTONE_GLOBAL_DIR"), "{e}");

    let settings = StoneSettings {
        gemstone: "/nonexistent/gemstone".into(),
        ..running.stone.settings().clone()
    };
    let e = Stone::open(settings).unwrap_err();
    assert!(e.message().contains("GEMSTONE"), "{e}");
}

#[test]
fn sessions_log_out_when_dropped_and_logins_wait_for_the_limit() {
    let running = common::start();
    let mut settings = running.stone.settings().clone();
    settings.login_concurrency = 1;
    let stone = Arc::new(Stone::open(settings).unwrap());
    let threads: Vec<_> = (0..4)
        .map(|_| {
            let stone = Arc::clone(&stone);
            std::thread::spawn(move || stone.login(None).map(|s| s.user()))
        })
        .collect();
    for t in threads {
        assert_eq!(t.join().unwrap().unwrap(), "DataCurator");
    }
    // The stone counts a dropped session until its logout arrives.
    wait_for_no_sessions(&running);
    let a = stone.login(None).unwrap();
    let b = stone.login(None).unwrap();
    assert_eq!(running.test_stone.sessions(), 2);
    assert_ne!(
        a.status().unwrap().session_id,
        b.status().unwrap().session_id
    );
    drop(a);
    drop(b);
    wait_for_no_sessions(&running);
    assert_eq!(
        running.test_stone.sessions(),
        0,
        "dropping a session logs it out"
    );
}

#[test]
fn any_character_and_any_size_cross() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let comment = "it's a 'quoted' comment: l3:s1:x and newline\nand tab\t";
    s.set_class_comment("Account", comment).unwrap();
    assert_eq!(s.describe_class("Account").unwrap().comment, comment);
    let big = s
        .execute("String new: 300000 withAll: $y", &CancelToken::new())
        .unwrap();
    assert!(big.truncated);
    assert_eq!(big.print_string.chars().count(), gs_gemstone::PRINT_CHARS);
    // Text of any character crosses both ways, in a comment and in a
    // literal the method answers.
    let source = "greeting\n\t\"é \u{20ac}\"\n\t^ 'naïve ü \u{3bb} \u{1f600}'";
    let m = s
        .compile_method("Account", false, Some("x"), source)
        .unwrap();
    assert_eq!(
        s.method_source("Account", false, &m.selector).unwrap(),
        source
    );
    let greeting = s
        .execute("Account new greeting", &CancelToken::new())
        .unwrap();
    assert_eq!(greeting.print_string, "'naïve ü \u{3bb} \u{1f600}'");
}

#[test]
fn answers_too_long_for_one_round_trip_cross_whole_and_leave_nothing_behind() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let none = CancelToken::new();
    let long = gs_gemstone::smalltalk::DIRECT_ANSWER_BYTES + 1000;
    let source = format!("wordy\n\t\"{}\"\n\t^ 1", "w\u{e9}".repeat(long / 3));
    let m = s
        .compile_method("Account", false, Some("x"), &source)
        .unwrap();
    assert_eq!(
        s.method_source("Account", false, &m.selector).unwrap(),
        source
    );
    let doit = s
        .execute(
            "Transcript show: (String new: 300000 withAll: $t). 1",
            &none,
        )
        .unwrap();
    assert_eq!(doit.transcript.len(), 300_000, "the whole Transcript");
    let kept = s
        .execute(
            &format!(
                "SessionTemps current includesKey: #{}",
                gs_gemstone::smalltalk::LONG_ANSWER_KEY
            ),
            &none,
        )
        .unwrap();
    assert_eq!(kept.print_string, "false", "a long answer is taken once");
}

#[test]
fn a_cancelled_call_is_broken_and_the_session_goes_on() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let (cancel, t) = common::cancel_after(Duration::from_millis(200));
    let started = Instant::now();
    let e = s.execute("[true] whileTrue: [3 + 4]", &cancel).unwrap_err();
    t.join().unwrap();
    assert_eq!(e.kind, ErrorKind::Cancelled, "{e}");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(cancel.is_cancelled());
    assert!(!s.is_dead());
    assert_eq!(
        s.execute("3 + 4", &CancelToken::new())
            .unwrap()
            .print_string,
        "7"
    );
}

#[test]
fn a_lost_connection_ends_the_session_with_an_error_naming_it() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    assert!(s.dictionaries().unwrap().iter().any(|d| d == "UserGlobals"));
    running.test_stone.command(Command::DropConnections);
    let e = s.dictionaries().unwrap_err();
    assert!(
        e.message
            .contains("connection to the GemStone stone was lost"),
        "{e}"
    );
    assert!(
        e.message
            .contains("this session has ended and its uncommitted changes are lost"),
        "{e}"
    );
    assert!(
        !e.message.contains("whether the commit"),
        "not a commit: {e}"
    );
    assert!(s.is_dead());
    assert!(s.is_lost(), "the server is told to end the MCP session");
    let again = s.dictionaries().unwrap_err();
    assert!(again.message.contains("connection"), "{again}");
    drop(s); // a failed logout is not a panic
    // A commit whose connection is lost may or may not have committed:
    // it says so.
    let s = running.stone.login(None).unwrap();
    running.test_stone.command(Command::DropConnections);
    let e = s.commit().unwrap_err();
    assert!(
        e.message
            .contains("whether the commit reached the stone is unknown"),
        "{e}"
    );
    let fresh = running.stone.login(None).unwrap();
    assert!(fresh.dictionaries().is_ok(), "a new login works");
}

#[test]
fn a_class_defined_from_parts_is_there_with_its_category() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let mut def = gs_toolset::ClassDefinition {
        name: "Ledger".into(),
        superclass: Some("Object".into()),
        dictionary: "Bank".into(),
        instance_variables: vec!["entries".into()],
        class_variables: vec!["Default".into()],
        class_instance_variables: vec![],
        category: Some("Bank-Books".into()),
    };
    s.define_class(&def).unwrap();
    let info = s.describe_class("Ledger").unwrap();
    assert_eq!(info.dictionary, "Bank");
    assert_eq!(info.instance_variables, ["entries"]);
    assert_eq!(info.class_variables, ["Default"]);
    assert_eq!(info.category.as_deref(), Some("Bank-Books"));
    assert!(!info.kernel);
    def.superclass = Some("NoSuchClass".into());
    let e = s.define_class(&def).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound, "{e}");
    assert!(
        e.message.contains("superclass NoSuchClass of class Ledger"),
        "{e}"
    );
    def.superclass = Some("Object".into());
    def.dictionary = "Nowhere".into();
    assert_eq!(s.define_class(&def).unwrap_err().kind, ErrorKind::NotFound);
    let status = s.status().unwrap();
    assert!(status.uncommitted_changes);
    // `System stoneName` answers the stone's name, not its image file's.
    assert_eq!(status.stone, running.test_stone.name());
    let committed = s.commit().unwrap();
    assert!(committed.wrote);
    assert!(!s.status().unwrap().uncommitted_changes);
    assert_eq!(s.status().unwrap().view, committed.commit);
}

#[test]
fn a_commit_is_seen_by_another_session_after_abort() {
    let running = common::start();
    let a = running.stone.login(None).unwrap();
    let b = running.stone.login(None).unwrap();
    a.set_class_comment("Account", "seen elsewhere").unwrap();
    assert_ne!(
        b.describe_class("Account").unwrap().comment,
        "seen elsewhere"
    );
    a.commit().unwrap();
    b.abort().unwrap();
    assert_eq!(
        b.describe_class("Account").unwrap().comment,
        "seen elsewhere"
    );
}

#[test]
fn a_doit_s_failures_carry_their_class_and_position() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let none = CancelToken::new();
    let e = s
        .execute("Halt new signal: 'stop here'", &none)
        .unwrap_err();
    let d = e.details.clone().unwrap();
    assert_eq!(
        (d["exceptionClass"].as_str(), d["description"].as_str()),
        (Some("Halt"), Some("stop here")),
        "{e}"
    );
    let e = s.execute("| a |\na := 3 +.\na", &none).unwrap_err();
    assert_eq!(e.kind, ErrorKind::CompileError, "{e}");
    assert_eq!(e.details.unwrap()["errors"][0]["line"], 2);
    let e = s.execute("Object new foo: 1", &none).unwrap_err();
    assert_eq!(e.details.unwrap()["exceptionClass"], "MessageNotUnderstood");
    // What ensure: blocks write while the error unwinds is kept too.
    let e = s
        .execute(
            "Transcript show: 'a'. [Transcript show: 'b'. 1/0] ensure: [Transcript show: 'c']",
            &none,
        )
        .unwrap_err();
    assert!(
        e.message.ends_with("Transcript before the error:\nabc"),
        "{e}"
    );
    assert_eq!(s.execute("^ 6 * 7", &none).unwrap().print_string, "42");
}

#[test]
fn an_unhandled_error_says_where_it_was_signalled_two_calls_deep() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let none = CancelToken::new();
    s.compile_method(
        "Account",
        false,
        Some("operations"),
        "move: amount to: other\n\tself withdraw: amount.\n\tother deposit: amount",
    )
    .unwrap();
    let e = s
        .execute(
            "| a |\na := Account new.\n[:x | a move: x to: Account new] value: 0",
            &none,
        )
        .unwrap_err();
    assert!(
        e.message
            .contains("deposit must be positive\nat Account >> deposit: line 2"),
        "{e}"
    );
    let stack = e.details.as_ref().unwrap()["stack"].as_array().unwrap();
    let tested: Vec<(&str, u64)> = stack
        .iter()
        .filter(|f| f["kernel"] == false)
        .map(|f| (f["method"].as_str().unwrap(), f["line"].as_u64().unwrap()))
        .collect();
    // The doit's activations end the stack: none of the program that ran
    // it, nor its handler's, is reported.
    assert_eq!(
        tested,
        [
            ("Account >> deposit:", 2),
            ("Account >> move:to:", 3),
            ("[] in Executed Code", 3),
            ("Executed Code", 3),
        ],
        "{e:?}"
    );
    assert_eq!(stack.last().unwrap()["method"], "Executed Code", "{e:?}");
    // A doit evaluating another keeps both.
    let e = s.execute("'1/0' evaluate", &none).unwrap_err();
    let stack = &e.details.as_ref().unwrap()["stack"];
    let doits = stack
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["method"] == "Executed Code")
        .count();
    assert_eq!(doits, 2, "{stack}");
}

#[test]
fn frames_of_kernel_classes_are_marked_kernel_by_the_stone_s_own_test() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let none = CancelToken::new();
    // `Integer >> /` is a kernel class's method: the error is the doit's.
    let e = s.execute("3 + 4.\n1 / 0", &none).unwrap_err();
    assert!(e.message.contains("\nat Executed Code line 2"), "{e}");
    let stack = e.details.as_ref().unwrap()["stack"].as_array().unwrap();
    let theirs: Vec<&str> = stack
        .iter()
        .filter(|f| f["kernel"] == false)
        .map(|f| f["method"].as_str().unwrap())
        .collect();
    assert_eq!(theirs, ["Executed Code"], "{stack:?}");
    // And in a test: the test method, not the kernel's division.
    s.define_class_from_source(
        "TestCase subclass: 'DivTest' instVarNames: #() classVars: #() classInstVars: #() \
         poolDictionaries: #() inDictionary: UserGlobals",
        gs_toolset::RecompilePolicy::Refuse,
    )
    .unwrap();
    s.compile_method(
        "DivTest",
        false,
        Some("tests"),
        "testDiv\n\t| x |\n\tx := 0.\n\t^ 10 / x",
    )
    .unwrap();
    let report = s.run_tests("DivTest", None, &none, &mut |_| {}).unwrap();
    let origin = report.errors[0].origin().unwrap();
    assert_eq!(
        origin.to_string(),
        "DivTest >> testDiv line 4",
        "{report:?}"
    );
}

#[test]
fn a_reshape_answers_the_methods_it_removed_with_their_source() {
    use gs_toolset::{DefinitionChange, RecompilePolicy};
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let loan = |vars: &str| {
        format!(
            "Object subclass: 'Loan' instVarNames: #({vars}) classVars: #() classInstVars: #() \
             poolDictionaries: #() inDictionary: UserGlobals"
        )
    };
    s.define_class_from_source(&loan("amount rate"), RecompilePolicy::Refuse)
        .unwrap();
    for source in [
        "rate\n\t^ rate",
        "amount\n\t^ amount",
        "interest\n\t^ amount * rate",
        "label\n\t\"the rate\" ^ 'rate'",
    ] {
        s.compile_method("Loan", false, Some("loans"), source)
            .unwrap();
    }
    // Refused, naming only the methods that use the dropped variable.
    let e = s
        .define_class_from_source(&loan("amount term"), RecompilePolicy::Refuse)
        .unwrap_err();
    assert!(
        e.message
            .contains("would break 2 method(s): Loan>>interest (it names rate"),
        "{e}"
    );
    assert!(!e.message.contains("label"), "{e}");
    // Allowed: the methods gone are answered with their source, category
    // and errors, the others as recompiled.
    let report = s
        .define_class_from_source(&loan("amount term"), RecompilePolicy::RemoveFailing)
        .unwrap();
    assert_eq!(report.change, DefinitionChange::Reshaped);
    let mut failed: Vec<(&str, &str, &str)> = report
        .failed
        .iter()
        .map(|f| {
            (
                f.method.selector.as_str(),
                f.source.as_str(),
                f.category.as_str(),
            )
        })
        .collect();
    failed.sort();
    assert_eq!(
        failed,
        [
            ("interest", "interest\n\t^ amount * rate", "loans"),
            ("rate", "rate\n\t^ rate", "loans")
        ],
        "{report:?}"
    );
    assert!(
        report
            .failed
            .iter()
            .all(|f| !f.errors.is_empty() && f.errors.iter().any(|p| p.message.contains("rate"))),
        "{report:?}"
    );
    let mut recompiled: Vec<&str> = report
        .recompiled
        .iter()
        .map(|m| m.selector.as_str())
        .collect();
    recompiled.sort();
    assert_eq!(recompiled, ["amount", "label"]);
    let mut kept = s.selectors("Loan", false).unwrap();
    kept.sort();
    assert_eq!(kept, ["amount", "label"]);
}

#[test]
fn definitions_in_the_shorter_and_other_forms_define_their_classes_on_a_stone() {
    use gs_toolset::{DefinitionChange, RecompilePolicy};
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    for (source, name) in [
        (
            "Object subclass: 'NoDict' instVarNames: #(a) classVars: #() classInstVars: #() \
             poolDictionaries: #()",
            "NoDict",
        ),
        (
            "Object indexableSubclass: 'Idx' instVarNames: #() classVars: #() classInstVars: #() \
             poolDictionaries: #() inDictionary: UserGlobals",
            "Idx",
        ),
        (
            "Object byteSubclass: 'Bytes' classVars: #() classInstVars: #() poolDictionaries: #() \
             inDictionary: UserGlobals",
            "Bytes",
        ),
        (
            "Object subclass: #Ph instanceVariableNames: 'a b' classVariableNames: '' \
             package: 'Pkg'",
            "Ph",
        ),
        (
            "(Object subclass: 'Cas' instVarNames: #() inDictionary: UserGlobals) comment: 'c'; \
             category: 'Y'",
            "Cas",
        ),
    ] {
        let report = s
            .define_class_from_source(source, RecompilePolicy::Refuse)
            .unwrap_or_else(|e| panic!("{source}: {e}"));
        assert_eq!(
            (report.class_name.as_str(), report.change),
            (name, DefinitionChange::Created),
            "{source}"
        );
    }
    assert_eq!(
        s.describe_class("Ph").unwrap().category.as_deref(),
        Some("Pkg")
    );
    assert_eq!(s.describe_class("Cas").unwrap().comment, "c");
    // A kernel name is guarded also when no dictionary is named.
    let e = s
        .define_class_from_source(
            "Object subclass: 'Transcript' instVarNames: #() classVars: #() classInstVars: #() \
             poolDictionaries: #()",
            RecompilePolicy::Refuse,
        )
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Refused, "{e}");
}

#[test]
fn the_backend_s_helpers_come_back_after_a_doit_clears_session_temps() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let none = CancelToken::new();
    assert_eq!(s.describe_class("Account").unwrap().name, "Account");
    let cleared = s
        .execute(
            "SessionTemps current keys asArray do: [:k | SessionTemps current removeKey: k]. \
             SessionTemps current size",
            &none,
        )
        .unwrap();
    assert_eq!(cleared.print_string, "0");
    assert_eq!(s.describe_class("Account").unwrap().name, "Account");
    let e = s.describe_class("Acount").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound, "{e}");
}

#[test]
fn the_joined_class_calls_are_each_one_program_answering_as_the_calls_they_join() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let overview = s.class_overview("Account").unwrap();
    let categories = s.class_categories("Account").unwrap();
    let info = s.describe_class("Account").unwrap();
    assert_eq!((&overview.info, &categories.info), (&info, &info));
    assert_eq!(
        overview.instance_selectors,
        s.selectors("Account", false).unwrap()
    );
    assert_eq!(
        overview.class_selectors,
        s.selectors("Account", true).unwrap()
    );
    assert_eq!(categories.instance, s.categories("Account", false).unwrap());
    assert_eq!(categories.class, s.categories("Account", true).unwrap());
    assert!(overview.instance_selectors.contains(&"balance".to_string()));
    let definition = s.definition_source("Account").unwrap();
    assert_eq!(definition.info, info);
    assert!(
        definition.source.starts_with("Object subclass: 'Account'"),
        "{}",
        definition.source
    );
    let file_out = s.file_out("Account").unwrap();
    assert_eq!(file_out.class_name, info.name);
    assert!(
        file_out.source.contains("method: Account\nbalance"),
        "{}",
        file_out.source
    );
    let alone = s.describe_class("Acount").unwrap_err();
    for e in [
        s.class_overview("Acount").unwrap_err(),
        s.class_categories("Acount").unwrap_err(),
        s.definition_source("Acount").unwrap_err(),
        s.file_out("Acount").unwrap_err(),
    ] {
        assert_eq!((&e.kind, &e.message), (&alone.kind, &alone.message));
    }
}

/// Infinite recursion is reported where it recursed: the handler that
/// asks for the stack report runs in the head-room the recursion limit
/// keeps for handlers, so the report is not lost to a second overflow.
#[test]
fn a_recursion_limit_error_says_where_it_recursed() {
    let running = common::start();
    let s = running.stone.login(None).unwrap();
    let none = CancelToken::new();
    s.compile_method("Account", false, Some("x"), "down: n\n\t^ self down: n + 1")
        .unwrap();
    let e = s.execute("Account new down: 1", &none).unwrap_err();
    assert!(e.message.contains("recursion limit exceeded"), "{e}");
    assert!(e.message.contains("\nat Account >> down: line 2"), "{e}");
    let stack = e.details.as_ref().unwrap()["stack"].as_array().unwrap();
    assert!(!stack.is_empty(), "{e:?}");
    assert!(
        stack
            .iter()
            .all(|f| f["method"] == "Account >> down:" && f["line"] == 2),
        "{stack:?}"
    );
}
