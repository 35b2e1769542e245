//! Bad input ends the call with a clear error or break, and the session
//! (and interpreter) go on: infinite loops, infinite recursion, runaway
//! allocation and output, printOn: methods that raise or never return,
//! huge printStrings, primitive misuse.

use std::time::Duration;

use gs_interp::{BreakHandle, ExecErrorKind, Interpreter, Limits};

struct Fixture {
    _dir: tempfile::TempDir,
    session: gs_image::Session,
    interp: Interpreter,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = tempfile::tempdir().expect("temp dir");
        let image = gs_image::Image::open(dir.path().join("t.image")).expect("image");
        Fixture {
            session: image.session(),
            _dir: dir,
            interp: Interpreter::new(),
        }
    }

    fn run(&mut self, source: &str, limits: &Limits) -> Result<String, ExecErrorKind> {
        self.interp
            .execute(&mut self.session, source, limits, &BreakHandle::new())
            .map(|o| o.print_string)
            .map_err(|e| e.kind)
    }

    fn ok(&mut self, source: &str) -> String {
        self.run(source, &Limits::default())
            .unwrap_or_else(|e| panic!("{source} failed: {e:?}"))
    }

    /// Still answers simple expressions after a bad call.
    fn assert_usable(&mut self) {
        assert_eq!(self.ok("3 + 4"), "7");
    }
}

/// A break handle, and the thread that requests the break 100 ms from now.
fn break_in_100_ms() -> (BreakHandle, std::thread::JoinHandle<()>) {
    let brk = BreakHandle::new();
    let requester = brk.clone();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        requester.request();
    });
    (brk, setter)
}

#[test]
fn a_break_ends_an_infinite_loop_and_the_session_goes_on() {
    let mut f = Fixture::new();
    for source in [
        "[true] whileTrue",
        "[:x | x] value: 1. [true] whileTrue: [3 + 4]",
        "1 to: 1000000000000 do: [:i | i]",
        "| b | b := [:n | b value: n]. [1] repeat",
    ] {
        let (brk, setter) = break_in_100_ms();
        let r = f
            .interp
            .execute(&mut f.session, source, &Limits::default(), &brk);
        setter.join().expect("setter");
        assert_eq!(r.map_err(|e| e.kind), Err(ExecErrorKind::Break), "{source}");
        assert!(!brk.is_requested(), "a break that ended a call is cleared");
        f.assert_usable();
    }
}

#[test]
fn a_break_ends_a_long_delay_wait_promptly() {
    let mut f = Fixture::new();
    for source in [
        "(Delay forSeconds: 3600) wait",
        "(Delay forMilliseconds: 3600000) wait. 'never'",
        "Semaphore new waitForSeconds: 3600",
        "[(Delay forSeconds: 3600) wait] ensure: [3]",
    ] {
        let (brk, setter) = break_in_100_ms();
        let start = std::time::Instant::now();
        let r = f
            .interp
            .execute(&mut f.session, source, &Limits::default(), &brk);
        setter.join().expect("setter");
        assert_eq!(r.map_err(|e| e.kind), Err(ExecErrorKind::Break), "{source}");
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{source}: the wait ended {:?} after it began",
            start.elapsed()
        );
        f.assert_usable();
    }
}

#[test]
fn infinite_recursion_is_a_smalltalk_error_not_a_crash() {
    let mut f = Fixture::new();
    f.ok("Object subclass: 'Deep' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #()");
    f.ok("Deep compile: 'down: n ^self down: n + 1' classified: 'x'");
    let e = f
        .run("Deep new down: 1", &Limits::default())
        .expect_err("too deep");
    match e {
        ExecErrorKind::Unhandled { class, description } => {
            assert_eq!(class, "Error");
            assert!(description.contains("recursion limit"), "{description}");
        }
        other => panic!("unexpected {other:?}"),
    }
    // The recursion error can be handled like any other.
    assert_eq!(
        f.ok("[Deep new down: 1] on: Error do: [:e | e messageText size > 0]"),
        "true"
    );
    // Blocks recurse too.
    let e = f
        .run(
            "| b | b := nil. b := [:n | b value: n + 1]. b value: 1",
            &Limits::default(),
        )
        .expect_err("too deep");
    assert!(matches!(e, ExecErrorKind::Unhandled { .. }), "{e:?}");
    // Deep but finite recursion within the limit works.
    f.ok("Deep compile: 'count: n ^n = 0 ifTrue: [0] ifFalse: [1 + (self count: n - 1)]' classified: 'x'");
    assert_eq!(f.ok("Deep new count: 5000"), "5000");
    f.assert_usable();
}

#[test]
fn recursion_ends_in_an_error_on_a_worker_that_runs_calls_in_place() {
    // A session's long-lived image worker has `WORKER_STACK_BYTES`: the
    // interpreter runs there without a thread of its own, so the recursion
    // limit must hold on that thread's stack too.
    let worker = std::thread::Builder::new()
        .name("worker".into())
        .stack_size(gs_interp::WORKER_STACK_BYTES)
        .spawn(|| {
            let mut f = Fixture::new();
            f.ok("Object subclass: 'Deep' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #()");
            f.ok("Deep compile: 'down: n ^self down: n + 1' classified: 'x'");
            let e = f.run("Deep new down: 1", &Limits::default());
            assert!(
                matches!(&e, Err(ExecErrorKind::Unhandled { description, .. }) if description.contains("recursion limit")),
                "{e:?}"
            );
            f.assert_usable();
        })
        .expect("a worker thread");
    worker.join().expect("no stack overflow on the worker");
}

#[test]
fn recursion_through_deeply_nested_expressions_ends_in_an_error_not_a_stack_overflow() {
    // Each activation evaluates an expression nested about as deep as the
    // parser allows before it recurses: fewer activations than the limit
    // fill the stack, so the stack itself must be watched, or the process
    // aborts for every session.
    let mut f = Fixture::new();
    f.ok("Object subclass: 'Nest' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #()");
    let n = 240;
    for (selector, body) in [
        (
            "ifs:",
            format!(
                "{}self ifs: n + 1{}",
                "true ifTrue: [".repeat(n),
                "]".repeat(n)
            ),
        ),
        (
            "braces:",
            format!("{}self braces: n + 1{}", "{".repeat(n), "}".repeat(n)),
        ),
    ] {
        let source = format!("{selector} n ^{body}").replace('\'', "''");
        f.ok(&format!("Nest compile: '{source}' classified: 'x'"));
        let send = format!("Nest new {selector} 1");
        match f.run(&send, &Limits::default()) {
            Err(ExecErrorKind::Unhandled { class, description }) => {
                assert_eq!(class, "Error", "{send}");
                assert!(description.contains("recursion limit"), "{description}");
            }
            other => panic!("{send}: unexpected {other:?}"),
        }
        // A handler that recurses again is ended, not left to overflow.
        let again = format!("[{send}] on: Error do: [:e | {send}]");
        assert!(f.run(&again, &Limits::default()).is_err(), "{again}");
        f.assert_usable();
    }
}

#[test]
fn perform_chains_count_toward_the_recursion_limit() {
    // `perform:withArguments:` sending itself runs no Smalltalk activation
    // between one send and the next.
    let mut f = Fixture::new();
    let chain = "| a | a := Array new: 2. a at: 1 put: #perform:withArguments:. a at: 2 put: a. \
                 3 perform: #perform:withArguments: withArguments: a";
    match f.run(chain, &Limits::default()) {
        Err(ExecErrorKind::Unhandled { description, .. }) => {
            assert!(description.contains("recursion limit"), "{description}")
        }
        other => panic!("unexpected {other:?}"),
    }
    f.assert_usable();
}

#[test]
fn symbols_count_against_the_memory_budget() {
    // Symbols are never collected: uncounted, a call could keep any amount
    // of memory by making Symbols of big strings.
    let mut f = Fixture::new();
    let limits = Limits {
        memory_bytes: 64 << 20,
        ..Limits::default()
    };
    let e = f
        .run(
            "| s | s := String new: 10000000. \
             1 to: 100 do: [:i | s at: 1 put: (Character value: i). s asSymbol]",
            &limits,
        )
        .expect_err("over budget");
    assert!(
        matches!(&e, ExecErrorKind::Limit(m) if m.contains("memory")),
        "{e:?}"
    );
    assert_eq!(f.run("#abc == 'abc' asSymbol", &limits), Ok("true".into()));
    f.assert_usable();
}

#[test]
fn compiling_source_a_call_built_counts_against_the_memory_budget() {
    // A syntax tree and compiled code are tens of times the size of their
    // text and live outside the object memory: a call that builds a big
    // source and compiles it must meet the budget, not the machine's end.
    let mut f = Fixture::new();
    let limits = Limits {
        memory_bytes: 64 << 20,
        ..Limits::default()
    };
    let build = "| ws s | ws := WriteStream on: String new. ws nextPutAll: 'foo | a | a := 0. '. \
                 1 to: 200000 do: [:i | ws nextPutAll: 'a := a + 1. ']. s := ws contents.";
    for use_it in [
        "(s copyFrom: 5 to: s size) evaluate",
        "s _pragmaSpecs",
        "Object compile: s classified: 'x'",
    ] {
        let source = format!("{build} {use_it}");
        let e = f.run(&source, &limits).expect_err("over budget");
        assert!(
            matches!(&e, ExecErrorKind::Limit(m) if m.contains("memory")),
            "{use_it}: {e:?}"
        );
    }
    // Small sources evaluated over and over are not charged cumulatively.
    assert_eq!(
        f.run(
            "| s | s := '3 + 4'. 1 to: 100000 do: [:i | s evaluate]. s evaluate",
            &limits
        ),
        Ok("7".into())
    );
    f.assert_usable();
}

#[test]
fn runaway_allocation_hits_the_memory_budget() {
    let mut f = Fixture::new();
    let limits = Limits {
        memory_bytes: 64 << 20,
        ..Limits::default()
    };
    let e = f
        .run(
            "| o | o := OrderedCollection new. [o add: (Array new: 1000)] repeat",
            &limits,
        )
        .expect_err("over budget");
    assert!(
        matches!(&e, ExecErrorKind::Limit(m) if m.contains("memory")),
        "{e:?}"
    );
    let e = f
        .run("String new: 100000000", &limits)
        .expect_err("too big");
    assert!(matches!(&e, ExecErrorKind::Limit(_)), "{e:?}");
    // The garbage of the failed call was collected: the session goes on.
    assert_eq!(f.run("(Array new: 1000) size", &limits), Ok("1000".into()));
}

#[test]
fn transcript_output_is_captured_and_capped() {
    let mut f = Fixture::new();
    let out = f
        .interp
        .execute(
            &mut f.session,
            "Transcript show: 'hello'; cr; show: 3 printString. 42",
            &Limits::default(),
            &BreakHandle::new(),
        )
        .expect("runs");
    assert_eq!(out.transcript, "hello\n3");
    assert_eq!(out.print_string, "42");
    let limits = Limits {
        output_bytes: 1000,
        ..Limits::default()
    };
    // Past its cap the Transcript keeps what it has and says so; the code
    // runs on to its answer (GemStone's backend cuts it the same way).
    let out = f
        .interp
        .execute(
            &mut f.session,
            "1 to: 10000 do: [:i | Transcript show: 'spam']. 42",
            &limits,
            &BreakHandle::new(),
        )
        .expect("runs to its answer");
    assert_eq!(out.print_string, "42");
    assert_eq!(
        out.transcript,
        format!(
            "{}\n… [output truncated: the Transcript keeps at most 1000 bytes; the rest was not \
             kept]",
            "spam".repeat(250)
        )
    );
    f.assert_usable();
}

#[test]
fn print_on_that_raises_or_never_returns_ends_the_call() {
    let mut f = Fixture::new();
    f.ok("Object subclass: 'Odd' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #()");
    f.ok("Odd compile: 'printOn: aStream ^1/0' classified: 'printing'");
    match f.run("Odd new", &Limits::default()) {
        Err(ExecErrorKind::Unhandled { class, description }) => {
            assert_eq!(class, "ZeroDivide");
            assert_eq!(
                description,
                "while printing the result: attempt to divide 1 by zero"
            );
        }
        other => panic!("unexpected {other:?}"),
    }
    f.ok("Odd compile: 'printOn: aStream [true] whileTrue' classified: 'printing'");
    let brk = BreakHandle::new();
    let setter = {
        let brk = brk.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            brk.request();
        })
    };
    let r = f
        .interp
        .execute(&mut f.session, "Odd new", &Limits::default(), &brk);
    setter.join().expect("setter");
    assert_eq!(r.map_err(|e| e.kind), Err(ExecErrorKind::Break));
    f.assert_usable();
}

#[test]
fn huge_print_strings_are_truncated() {
    let mut f = Fixture::new();
    let limits = Limits {
        print_chars: 50,
        ..Limits::default()
    };
    let out = f
        .interp
        .execute(
            &mut f.session,
            "(1 to: 1000) asArray",
            &limits,
            &BreakHandle::new(),
        )
        .expect("runs");
    assert!(out.truncated);
    assert_eq!(
        out.print_string,
        "anArray( 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13"
    );
}

#[test]
fn primitive_misuse_fails_into_smalltalk_errors() {
    let mut f = Fixture::new();
    // A method's literals are invariant, as in GemStone.
    f.ok("Object subclass: 'Lit' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #()");
    f.ok("Lit compile: 'lit ^#(1 2 3)' classified: 'x'");
    for (source, class) in [
        ("Array new: -1", "Error"),
        ("3 instVarAt: 5", "Error"),
        ("nil basicAt: 1", "Error"),
        ("3 perform: #between:and: withArguments: #(1)", "Error"),
        ("#sym at: 1 put: $a", "Error"),
        ("Lit new lit at: 1 put: 5", "Error"),
        ("SmallInteger new", "Error"),
        ("Object class new", "Error"),
        ("[:a | a] value", "ArgumentTypeError"),
    ] {
        match f.run(source, &Limits::default()) {
            Err(ExecErrorKind::Unhandled {
                class: c,
                description,
            }) => {
                assert!(
                    c == class || c.ends_with("Error"),
                    "{source}: {c}: {description}"
                );
                assert!(!description.is_empty(), "{source}");
            }
            other => panic!("{source}: unexpected {other:?}"),
        }
    }
    f.assert_usable();
}

#[test]
fn a_string_literal_of_any_text_is_that_text_and_a_symbol_past_latin1_is_refused() {
    let mut f = Fixture::new();
    // Latin-1 is what a String holds; past it, the literal is the
    // DoubleByteString or QuadByteString of the same text.
    for (source, printed) in [
        ("'caf\u{e9}' last asInteger", "233"),
        ("'caf\u{e9}' class", "String"),
        ("'\u{d81}' first asInteger", "3457"),
        ("'\u{d81}' class", "DoubleByteString"),
        ("'a\u{1f600}' class", "QuadByteString"),
        ("'a\u{1f600}'", "'a\u{1f600}'"),
    ] {
        match f.run(source, &Limits::default()) {
            Ok(got) => assert_eq!(got, printed, "{source}"),
            other => panic!("{source}: unexpected {other:?}"),
        }
    }
    // A Symbol holds bytes: a symbol literal past Latin-1 is refused where
    // it stands, never made into another symbol (such as the character's
    // low byte).
    for (source, at) in [
        ("| s |\ns := #'a\u{20ac}'", (2, 6)),
        ("#(1 ('x' #'\u{1f600}')) size", (1, 1)),
    ] {
        match f.run(source, &Limits::default()) {
            Err(ExecErrorKind::Compile(problems)) => {
                assert_eq!(problems.len(), 1, "{problems:?}");
                assert_eq!((problems[0].line, problems[0].column), at, "{source}");
                assert!(
                    problems[0].message.contains("up to U+00FF"),
                    "{}",
                    problems[0].message
                );
            }
            other => panic!("{source}: unexpected {other:?}"),
        }
    }
    match f.run("$\u{20ac} asInteger", &Limits::default()) {
        Ok(printed) => assert_eq!(printed, "8364"),
        other => panic!("unexpected {other:?}"),
    }
    f.assert_usable();
}

#[test]
fn text_from_outside_smalltalk_reads_as_the_same_text_of_any_width() {
    let mut f = Fixture::new();
    f.ok(
        "Object subclass: 'Probe' instVarNames: #() classVars: #() classInstVars: #() \
         poolDictionaries: #() inDictionary: UserGlobals",
    );
    // Set from outside Smalltalk (the image API takes any text)…
    for (comment, class) in [
        ("price \u{20ac}", "DoubleByteString"),
        ("smile \u{1f600}", "QuadByteString"),
        ("caf\u{e9}", "String"),
    ] {
        f.session
            .set_class_comment("Probe", comment)
            .expect("the comment is stored");
        // …it is read in Smalltalk as the same text.
        assert_eq!(f.ok("Probe comment"), format!("'{comment}'"));
        assert_eq!(f.ok("Probe comment class"), class);
    }
}

#[test]
fn compile_errors_come_with_positions() {
    let mut f = Fixture::new();
    match f.run("| a |\na := 3 +.\nb := 2", &Limits::default()) {
        Err(ExecErrorKind::Compile(problems)) => {
            assert!(!problems.is_empty());
            assert_eq!(
                (problems[0].line, problems[0].column),
                (2, 9),
                "{problems:?}"
            );
        }
        other => panic!("unexpected {other:?}"),
    }
    match f.run("a := 3", &Limits::default()) {
        Err(ExecErrorKind::Compile(problems)) => {
            assert_eq!((problems[0].line, problems[0].column), (1, 1));
            assert!(problems[0].message.contains("undefined symbol a"));
        }
        other => panic!("unexpected {other:?}"),
    }
}
