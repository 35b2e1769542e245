//! Every literal form and the value it denotes.

use gs_smalltalk::ast::{ExprKind, Literal};
use gs_smalltalk::parse_expression;
use num_bigint::BigInt;

fn int(n: i64) -> Literal {
    Literal::Integer(BigInt::from(n))
}

fn sym(s: &str) -> Literal {
    Literal::Symbol(s.to_owned())
}

fn scaled(numerator: i64, denominator: i64, scale: u32) -> Literal {
    Literal::ScaledDecimal {
        numerator: numerator.into(),
        denominator: denominator.into(),
        scale,
    }
}

/// Parses `source` as an expression and asserts it is the literal `expected`
/// covering the whole text.
#[track_caller]
fn check(source: &str, expected: Literal) {
    let expr = parse_expression(source).unwrap_or_else(|e| panic!("{source:?}: {e:?}"));
    match expr.kind {
        ExprKind::Literal(value) => assert_eq!(value, expected, "value of {source:?}"),
        other => panic!("{source:?} parsed as {other:?}, not a literal"),
    }
    assert_eq!(expr.span.text(source), source, "span of {source:?}");
}

/// Asserts that `source` is refused with a message containing `message`.
#[track_caller]
fn check_error(source: &str, message: &str) {
    let errors = parse_expression(source).expect_err(source);
    assert!(
        errors[0].message.contains(message),
        "error for {source:?} was {:?}, expected it to contain {message:?}",
        errors[0].message
    );
}

#[test]
fn integers() {
    check("0", int(0));
    check("42", int(42));
    check("-5", int(-5));
    check("16r1F", int(31));
    check("2r1010", int(10));
    check("36rZZ", int(1295));
    check("16r-1F", int(-31));
    check("-16r1F", int(-31));
    check("1e10", int(10_000_000_000));
    check("2e0", int(2));
    check(
        "123456789012345678901234567890",
        Literal::Integer("123456789012345678901234567890".parse().unwrap()),
    );
    check(
        "-16rFFFFFFFFFFFFFFFFFFFF",
        Literal::Integer(-BigInt::parse_bytes(b"FFFFFFFFFFFFFFFFFFFF", 16).unwrap()),
    );
}

#[test]
fn floats() {
    check("1.5", Literal::Float(1.5));
    check("-0.5", Literal::Float(-0.5));
    check("1.5e-3", Literal::Float(0.0015));
    check("1.5e3", Literal::Float(1500.0));
    check("2.5d2", Literal::Float(250.0));
    check("2.5q-1", Literal::Float(0.25));
    check("3d2", Literal::Float(300.0));
    check("1.0d", Literal::Float(1.0));
    check("1e-2", Literal::Float(0.01));
}

#[test]
fn scaled_decimals() {
    check("1.23s2", scaled(123, 100, 2));
    check("1.25s", scaled(5, 4, 2));
    check("3s", scaled(3, 1, 0));
    check("3s4", scaled(3, 1, 4));
    check("-0.5s1", scaled(-1, 2, 1));
}

#[test]
fn characters_and_strings() {
    check("$a", Literal::Character('a'));
    check("$ ", Literal::Character(' '));
    check("$'", Literal::Character('\''));
    check("$$", Literal::Character('$'));
    check("$\u{e9}", Literal::Character('\u{e9}'));
    check("''", Literal::String(String::new()));
    check("'it''s'", Literal::String("it's".to_owned()));
    check(
        "'two\nlines \"not a comment\"'",
        Literal::String("two\nlines \"not a comment\"".to_owned()),
    );
}

#[test]
fn symbols() {
    check("#foo", sym("foo"));
    check("#foo:bar:", sym("foo:bar:"));
    check("#at:put:", sym("at:put:"));
    check("#+", sym("+"));
    check("#->", sym("->"));
    check("#'hello world'", sym("hello world"));
    check("#'it''s'", sym("it's"));
    check("#with_underscore", sym("with_underscore"));
}

#[test]
fn literal_arrays() {
    check("#()", Literal::Array(vec![]));
    check(
        "#(1 $a 'b' #c foo bar: true false nil (1 2) #(3) #[1 2] -5 1.5 at:put: + #'x y')",
        Literal::Array(vec![
            int(1),
            Literal::Character('a'),
            Literal::String("b".to_owned()),
            sym("c"),
            sym("foo"),
            sym("bar:"),
            Literal::Boolean(true),
            Literal::Boolean(false),
            Literal::Nil,
            Literal::Array(vec![int(1), int(2)]),
            Literal::Array(vec![int(3)]),
            Literal::ByteArray(vec![1, 2]),
            int(-5),
            Literal::Float(1.5),
            sym("at:put:"),
            sym("+"),
            sym("x y"),
        ]),
    );
    check("#(#true)", Literal::Array(vec![sym("true")]));
    check("#(- 1)", Literal::Array(vec![sym("-"), int(1)]));
}

#[test]
fn byte_arrays() {
    check("#[]", Literal::ByteArray(vec![]));
    check("#[0 255 16]", Literal::ByteArray(vec![0, 255, 16]));
    check("#[16rFF 2r11]", Literal::ByteArray(vec![255, 3]));
    check_error(
        "#[0 256]",
        "byte array elements must be integers from 0 to 255; found `256`",
    );
    check_error("#[1.5]", "found `1.5`");
    check_error("#[1 -1]", "found `-`");
    check_error("#[1 $a]", "found `$a`");
}

#[test]
fn malformed_numbers() {
    check_error("2r102", "`2` is not a digit in radix 2");
    check_error("1r0", "radix of `1r0` must be from 2 to 36");
    check_error("37rZ", "must be from 2 to 36");
    check_error("1.0e400", "too large");
    check_error("1e100000", "exponent of `1e100000` is larger than 10000");
    check_error("-16r-1", "two minus signs");
    check_error(&"9".repeat(200_000), "longer than the limit of 100000");
}

#[test]
fn negative_literal_only_in_operand_position() {
    // `3-4` and `3 -4` subtract; `3 - -4` subtracts a negative literal.
    for source in ["3-4", "3 -4", "3 - -4"] {
        let expr = parse_expression(source).unwrap();
        let ExprKind::Send(send) = expr.kind else {
            panic!("{source}: not a send")
        };
        assert_eq!(send.message.selector, "-", "{source}");
    }
    let ExprKind::Send(send) = parse_expression("3 - -4").unwrap().kind else {
        unreachable!()
    };
    assert_eq!(send.message.arguments[0].kind, ExprKind::Literal(int(-4)));
}
