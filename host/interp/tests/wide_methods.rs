//! A method of tens of thousands of distinct sends and literals — the
//! widest a client can make one compile, short of the source size cap —
//! compiles through the session, is found by the senders of any of its
//! selectors, and runs every send and literal in source order.
//!
//! How long such a compile takes is the image benchmark's business
//! (`cargo bench -p gs-image --bench image`); this test checks the answers.

use gs_image::{Image, Session, Side};
use gs_interp::{BreakHandle, Interpreter, Limits};

/// Distinct selectors the generated method sends, and distinct Symbols
/// its literal Array holds.
const WIDTH: usize = 30_000;

const WIDE: &str = "Object subclass: 'Wide'
    instVarNames: #('log') classVars: #() classInstVars: #() poolDictionaries: #()
    inDictionary: UserGlobals options: #().
Wide compile: 'doesNotUnderstand: aMessage log add: aMessage selector' classified: 'probing'.
Wide name";

fn run(interp: &mut Interpreter, session: &mut Session, source: &str) -> String {
    interp
        .execute(session, source, &Limits::default(), &BreakHandle::new())
        .map(|out| out.print_string)
        .unwrap_or_else(|e| panic!("{source}: {e}"))
}

/// `sends`: `self s1. self s2. …`, each answered by `doesNotUnderstand:`,
/// which logs the selector.
fn sends_source() -> String {
    let mut source = String::from("sends\n\tlog := OrderedCollection new.\n");
    for i in 1..=WIDTH {
        source.push_str(&format!("\tself s{i}.\n"));
    }
    source.push_str("\t^log");
    source
}

/// `literals`: `{#k1. #k2. … #k30000. #k1. 'k1'}`: every Symbol once, then
/// the first again (the same object) and a String of its characters (not
/// the same, nor a Symbol).
fn literals_source() -> String {
    let mut source = String::from("literals\n\t^{");
    for i in 1..=WIDTH {
        source.push_str(&format!("#k{i}. "));
    }
    source.push_str("#k1. 'k1'}");
    source
}

#[test]
fn a_method_of_thirty_thousand_distinct_sends_and_literals_compiles_and_runs_in_order() {
    let dir = tempfile::tempdir().expect("temp dir");
    let image = Image::open(dir.path().join("wide.image")).expect("image");
    let mut session = image.session();
    let mut interp = Interpreter::new();
    assert_eq!(run(&mut interp, &mut session, WIDE), "#'Wide'");
    for source in [sends_source(), literals_source()] {
        session
            .compile_method("Wide", Side::Instance, "probing", &source)
            .expect("the wide method compiles");
    }

    for selector in ["s1", "s12345", &format!("s{WIDTH}")] {
        let senders = session.senders(selector);
        assert_eq!(
            senders.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["Wide>>sends"],
            "senders of {selector}"
        );
    }

    let logged = "| log | log := Wide new sends.";
    let expect = [
        ("log size", WIDTH.to_string()),
        ("log first", "#'s1'".into()),
        ("log at: 12345", "#'s12345'".into()),
        ("log last", format!("#'s{WIDTH}'")),
        ("log asSet size", WIDTH.to_string()),
    ];
    for (expr, answer) in expect {
        let doit = format!("{logged} {expr}");
        assert_eq!(run(&mut interp, &mut session, &doit), answer, "{expr}");
    }

    let literals = "| k | k := Wide new literals.";
    let expect = [
        ("k size", (WIDTH + 2).to_string()),
        ("k first", "#'k1'".into()),
        ("k at: 12345", "#'k12345'".into()),
        ("k at: k size - 2", format!("#'k{WIDTH}'")),
        ("(k at: k size - 1) == k first", "true".into()),
        ("k last = 'k1'", "true".into()),
        ("k last == k first", "false".into()),
        ("k last isSymbol", "false".into()),
        (
            "(k collect: [:each | each asString]) asSet size",
            WIDTH.to_string(),
        ),
    ];
    for (expr, answer) in expect {
        let doit = format!("{literals} {expr}");
        assert_eq!(run(&mut interp, &mut session, &doit), answer, "{expr}");
    }
}
