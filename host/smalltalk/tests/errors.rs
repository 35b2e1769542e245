//! Syntax errors: the message and exact line and column for typical
//! mistakes, several errors from one text, the nesting limit, huge inputs and
//! random bytes.

use gs_smalltalk::parser::decode_source;
use gs_smalltalk::{MAX_NESTING, parse_doit, parse_expression, parse_method};
use proptest::prelude::*;

/// Parses `source` as a method and compares the errors, rendered as
/// `line L, column C: message`, one per line.
#[track_caller]
fn check(source: &str, expected: &str) {
    let errors = parse_method(source).expect_err(source);
    let rendered: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(rendered.join("\n"), expected, "errors of {source:?}");
}

#[test]
fn typical_mistakes() {
    check(
        "",
        "line 1, column 1: expected a message pattern such as `foo`, `+ other` or \
         `at: index put: value`, found the end of the text",
    );
    check(
        "123 foo",
        "line 1, column 1: expected a message pattern such as `foo`, `+ other` or \
         `at: index put: value`, found `123`",
    );
    check(
        "at: ^x",
        "line 1, column 5: expected an argument name after `at:`, found `^`",
    );
    check(
        "foo\n\tx := [:a |\n\t\ta + 1.\n",
        "line 4, column 1: expected ']' to close the block opened at line 2, column 7, \
         found the end of the text",
    );
    check(
        "foo\n\t^(3 + 4",
        "line 2, column 9: expected ')' to close the parenthesis opened at line 2, column 3, \
         found the end of the text",
    );
    check(
        "foo\n\t^'abc\n\n",
        "line 2, column 3: unterminated string started at line 2, column 3",
    );
    check(
        "foo\n  ^#'abc",
        "line 2, column 4: unterminated quoted symbol started at line 2, column 4",
    );
    check(
        "foo \"abc\n^1",
        "line 1, column 5: unterminated comment started at line 1, column 5",
    );
    check(
        "foo\n\tx := 3\n\ty := 4",
        "line 3, column 2: expected a period before `y` to end the previous statement \
         (`:=` must follow the variable name that starts a statement)",
    );
    check(
        "foo ^3 +",
        "line 1, column 9: expected an argument after `+`, found the end of the text",
    );
    check(
        "foo ^a at: ]",
        "line 1, column 12: expected an argument after `at:`, found `]`",
    );
    check(
        "foo ^x := ",
        "line 1, column 11: expected an expression after `:=`, found the end of the text",
    );
    check(
        "foo ^",
        "line 1, column 6: expected an expression after `^`, found the end of the text",
    );
    check(
        "foo ^1)",
        "line 1, column 7: unexpected `)`: no parenthesis is open here",
    );
    check(
        "foo ^1]",
        "line 1, column 7: unexpected `]`: no block is open here",
    );
    check(
        "foo ^;",
        "line 1, column 6: expected an expression after `^`, found `;`",
    );
    check(
        "foo ^3; bar",
        "line 1, column 7: a cascade needs a message before `;`, as in `stream nextPutAll: 'a'; cr`",
    );
    check(
        "foo ^a bar;",
        "line 1, column 12: expected a message after `;`, found the end of the text",
    );
    check(
        "foo | a b",
        "line 1, column 10: expected a temporary variable name or `|` to close the declaration \
         opened at line 1, column 5, found the end of the text",
    );
    check(
        "foo | a | | b | ^a",
        "line 1, column 11: temporaries are declared twice; declare them all between one pair of bars",
    );
    check(
        "foo <primitive: 60 ^1",
        "line 1, column 20: expected `>` to close the pragma opened at line 1, column 5, found `^`",
    );
    check(
        "foo <primitive: x> ^1",
        "line 1, column 17: expected a literal argument after `primitive:` in the pragma, found `x`",
    );
    check(
        "foo ^#(1 2",
        "line 1, column 11: expected ')' to close the literal array opened at line 1, column 6, found the end of the text",
    );
    check(
        "foo ^#(1 [)",
        "line 1, column 10: `[` cannot appear in a literal array; elements are numbers, characters, strings, symbols, true, false, nil and nested arrays",
    );
    check(
        "foo ^{1. 2",
        "line 1, column 11: expected '}' to close the brace array opened at line 1, column 6, found the end of the text",
    );
    check(
        "foo ^[:x x]",
        "line 1, column 10: expected `|` after the block parameters, found `x`",
    );
    check(
        "foo ^[: | x]",
        "line 1, column 9: expected a block parameter name after `:`, found `|`",
    );
    check(
        "foo ^$",
        "line 1, column 6: `$` at the end of the text; a character literal needs a character after `$`, as in `$a`",
    );
    check(
        "foo ^1 \u{0} 2",
        "line 1, column 8: unexpected character U+0000; source text must be Smalltalk code",
    );
    check(
        "foo ^1 \u{e9}t\u{e9} 2",
        "line 1, column 8: unexpected character `\u{e9}`",
    );
    check(
        "foo ^\u{e9}\u{e9} \u{a7}",
        "line 1, column 6: unexpected character `\u{e9}`",
    );
    check(
        "foo ^ # 1",
        "line 1, column 7: expected an expression after `^`, found `#`",
    );
    // A byte-order mark is not a mistake.
    assert!(parse_method("\u{FEFF}foo ^1").is_ok());
}

#[test]
fn several_independent_mistakes_are_reported() {
    check(
        "foo\n\ta := 1 +.\n\tb := (2.\n\tc := 3 ]\n\t^c",
        "line 2, column 10: expected an argument after `+`, found `.`\n\
         line 3, column 9: expected ')' to close the parenthesis opened at line 3, column 7, found `.`\n\
         line 4, column 9: unexpected `]`: no block is open here",
    );
    // A mistake inside a block skips the rest of the block, not just the
    // statement, so the block's `]` does not look like a second mistake.
    check(
        "foo\n\t#(1 2) do: [:x | a := . b].\n\t^c +",
        "line 2, column 24: expected an expression after `:=`, found `.`\n\
         line 3, column 6: expected an argument after `+`, found the end of the text",
    );
    check(
        "foo\n\tx := #[1 300 2].\n\t^{1. 2 +}",
        "line 2, column 11: byte array elements must be integers from 0 to 255; found `300`\n\
         line 3, column 10: expected an argument after `+`, found `}`",
    );
    let errors = parse_doit("1 +. 2 +. 3 +").unwrap_err();
    assert_eq!(errors.len(), 3);
    let many = "x +. ".repeat(100);
    assert_eq!(
        parse_doit(&many).unwrap_err().len(),
        20,
        "errors are capped"
    );
}

#[test]
fn doit_and_expression_errors() {
    let e = parse_doit("| a b | a := .").unwrap_err();
    assert_eq!(
        e[0].to_string(),
        "line 1, column 14: expected an expression after `:=`, found `.`"
    );
    let e = parse_expression("3 4").unwrap_err();
    assert_eq!(
        e[0].to_string(),
        "line 1, column 3: expected the end of the expression, found `4`"
    );
    let e = parse_expression("").unwrap_err();
    assert_eq!(
        e[0].to_string(),
        "line 1, column 1: expected an expression, found the end of the text"
    );
}

#[test]
fn nesting_is_limited() {
    let limit_message = format!("nested more than {MAX_NESTING} levels deep");
    for (open, count) in [
        ("[", 1_000_000),
        ("(", 1_000_000),
        ("{", 100_000),
        ("#(", 100_000),
        ("#(#(", 100_000),
        ("[:x | ", 100_000),
        ("x := ", 100_000),
        ("[(", 100_000),
        ("a foo: (", 100_000),
    ] {
        let source = format!("foo ^{}", open.repeat(count));
        let errors = parse_method(&source).unwrap_err();
        assert!(
            errors[0].message.contains(&limit_message),
            "{open:?}: {}",
            errors[0]
        );
    }
    let chained = format!("foo ^1{}", " + 1".repeat(10_000));
    assert!(
        parse_method(&chained).unwrap_err()[0]
            .message
            .contains(&limit_message)
    );
    let chained = format!("foo ^1{}", " abs".repeat(10_000));
    assert!(
        parse_method(&chained).unwrap_err()[0]
            .message
            .contains(&limit_message)
    );
    // Exactly at the limit is fine; one more is not.
    let nested = |n: usize| format!("foo ^{}1{}", "[".repeat(n), "]".repeat(n));
    assert!(parse_method(&nested(MAX_NESTING)).is_ok());
    let errors = parse_method(&nested(MAX_NESTING + 1)).unwrap_err();
    assert_eq!(errors[0].column, 6 + MAX_NESTING as u32);
    assert!(errors[0].message.contains(&limit_message));
    // Deep but legal text on a small stack: the parser moves to its own.
    let source = nested(MAX_NESTING);
    let small = std::thread::Builder::new().stack_size(512 << 10);
    assert!(
        small
            .spawn(move || parse_method(&source).is_ok())
            .unwrap()
            .join()
            .unwrap()
    );
}

#[test]
fn ten_megabyte_method() {
    let mut source = String::from("bigMethod\n\t| a |\n");
    let statement = "\ta := a + (self foo: 1 bar: 'text' baz: #(1 2 $c)) ; yourself.\n";
    while source.len() < 10 << 20 {
        source.push_str(statement);
    }
    source.push_str("\t^a");
    let start = std::time::Instant::now();
    let method = parse_method(&source).unwrap();
    assert_eq!(method.body.len(), (source.len() - 20) / statement.len() + 1);
    assert!(start.elapsed().as_secs() < 30, "took {:?}", start.elapsed());
    // Broken at the very end: the error is still found and placed.
    source.push_str(" +");
    let errors = parse_method(&source).unwrap_err();
    assert_eq!(errors[0].line as usize, source.lines().count());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        if let Err(error) = decode_source(&bytes) {
            prop_assert!(error.span.start as usize <= bytes.len());
        }
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_method(&text);
        let _ = parse_doit(&text);
        let _ = parse_expression(&text);
    }

    #[test]
    fn random_smalltalk_like_text_never_panics(
        text in "[a-z:=^|\\[\\](){}#$'\". ;<>+\\-0-9rsed_]{0,80}"
    ) {
        for result in [parse_method(&text).err(), parse_doit(&text).err()].into_iter().flatten() {
            for error in result {
                prop_assert!(error.line >= 1 && error.column >= 1);
                prop_assert!(error.span.end as usize <= text.len());
            }
        }
        let _ = parse_expression(&text);
    }
}

/// The deepest trees the parser accepts can be checked, printed, cloned,
/// compared and dropped on an ordinary thread.
#[test]
fn deepest_accepted_trees_are_usable() {
    let n = MAX_NESTING - 2;
    let sources = [
        format!("foo ^{}1{}", "[".repeat(n), "]".repeat(n)),
        format!("foo ^{}1{}", "(".repeat(n), ")".repeat(n)),
        format!("foo ^{}1{}", "[:x | x + ".repeat(n / 2), "]".repeat(n / 2)),
        // A deep receiver followed by a long chain.
        format!(
            "foo ^{}1{}{}",
            "(".repeat(n),
            ")".repeat(n),
            " abs".repeat(n)
        ),
        format!("foo ^#{}1{}", "(".repeat(n), ")".repeat(n)),
    ];
    let scope = |_: &str| None;
    for source in &sources {
        let method = parse_method(source).unwrap_or_else(|e| panic!("{}", e[0]));
        let checked = gs_smalltalk::check::check_method(&method, source, &scope);
        assert!(checked.is_ok(), "{:?}", checked.diagnostics.first());
        let printed = gs_smalltalk::print_method(&method);
        let mut again = parse_method(&printed).unwrap();
        let mut copy = method.clone();
        copy.clear_spans();
        again.clear_spans();
        assert!(copy == again);
    }
}
