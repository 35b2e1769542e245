//! The canonical printer.
//!
//! Prints an AST back to source in one fixed layout: the pattern on the first
//! line, then pragmas, temporaries and statements each on their own line,
//! indented by a tab; blocks, cascades and brace arrays stay on one line.
//! Comments and the original layout are not reproduced.
//!
//! The promise, checked by the round-trip tests: printing a tree the parser
//! produced and parsing the result gives an equal tree once spans are cleared.
//! Parentheses come only from [`ExprKind::Paren`] nodes; when a hand-built
//! tree needs grouping it has no node for (a keyword send as the receiver of
//! a unary send, say), the printer adds parentheses so the text still means
//! the tree, and the re-parsed tree then holds `Paren` nodes there.

use std::fmt::Write;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};

use crate::ast::{Block, DoitNode, Expr, ExprKind, Literal, Message, MethodNode, Statement};
use crate::lexer::{is_binary_char, is_selector_like};

/// Prints a method in canonical layout.
///
/// ```
/// let method = gs_smalltalk::parse_method("max: a   ^self >a ifTrue: [self] ifFalse: [a]").unwrap();
/// assert_eq!(
///     gs_smalltalk::print_method(&method),
///     "max: a\n\t^self > a ifTrue: [self] ifFalse: [a]\n"
/// );
/// ```
pub fn print_method(method: &MethodNode) -> String {
    let mut out = String::new();
    let pattern = &method.pattern;
    if pattern.arguments.is_empty() {
        out.push_str(&pattern.selector);
    } else {
        let parts = selector_parts(&pattern.selector, pattern.arguments.len());
        for (i, (part, arg)) in parts.iter().zip(&pattern.arguments).enumerate() {
            if i > 0 {
                out.push(' ');
            }
            let _ = write!(out, "{part} {}", arg.name);
        }
    }
    out.push('\n');
    for pragma in &method.pragmas {
        out.push_str("\t<");
        if pragma.arguments.is_empty() {
            out.push_str(&pragma.selector);
        } else {
            let parts = selector_parts(&pragma.selector, pragma.arguments.len());
            for (i, (part, arg)) in parts.iter().zip(&pragma.arguments).enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(part);
                out.push(' ');
                literal(&mut out, arg);
            }
        }
        // A last argument ending in an operator character (`#+`) would
        // swallow the closing `>` into one binary symbol (`#+>`).
        if out.bytes().last().is_some_and(is_binary_char) {
            out.push(' ');
        }
        out.push_str(">\n");
    }
    if !method.temporaries.is_empty() {
        out.push('\t');
        temporaries(&mut out, method.temporaries.iter().map(|t| t.name.as_str()));
        out.push('\n');
    }
    statement_lines(&mut out, &method.body);
    out
}

/// Prints an expression sequence in canonical layout: temporaries, then one
/// statement per line.
pub fn print_doit(doit: &DoitNode) -> String {
    let mut out = String::new();
    if !doit.temporaries.is_empty() {
        temporaries(&mut out, doit.temporaries.iter().map(|t| t.name.as_str()));
        out.push('\n');
    }
    for (i, statement) in doit.body.iter().enumerate() {
        if i > 0 {
            out.push_str(".\n");
        }
        print_statement(&mut out, statement);
    }
    if !doit.body.is_empty() {
        out.push('\n');
    }
    out
}

/// Prints one expression on one line.
pub fn print_expression(expr: &Expr) -> String {
    let mut out = String::new();
    expression(&mut out, expr, Level::Statement);
    out
}

/// Prints a literal as it would appear in an expression, e.g. `#(1 $a)`.
pub fn print_literal(value: &Literal) -> String {
    let mut out = String::new();
    literal(&mut out, value);
    out
}

/// How loosely an expression binds, from tightest to loosest. A position
/// in the text accepts expressions up to some level without parentheses.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Primary,
    Unary,
    Binary,
    Keyword,
    Statement,
}

fn level(expr: &Expr) -> Level {
    match &expr.kind {
        ExprKind::Send(send) => message_level(&send.message),
        ExprKind::Cascade(_) | ExprKind::Assignment { .. } => Level::Statement,
        _ => Level::Primary,
    }
}

fn message_level(message: &Message) -> Level {
    if message.arguments.is_empty() {
        Level::Unary
    } else if message.selector.ends_with(':') {
        Level::Keyword
    } else {
        Level::Binary
    }
}

/// The receiver level a message accepts without parentheses.
fn receiver_limit(message: &Message) -> Level {
    match message_level(message) {
        Level::Unary => Level::Unary,
        _ => Level::Binary,
    }
}

fn statement_lines(out: &mut String, body: &[Statement]) {
    for (i, statement) in body.iter().enumerate() {
        out.push('\t');
        print_statement(out, statement);
        if i + 1 < body.len() {
            out.push('.');
        }
        out.push('\n');
    }
}

fn print_statement(out: &mut String, statement: &Statement) {
    match statement {
        Statement::Expression(e) => expression(out, e, Level::Statement),
        Statement::Return { value, .. } => {
            out.push('^');
            expression(out, value, Level::Statement);
        }
    }
}

fn temporaries<'a>(out: &mut String, names: impl Iterator<Item = &'a str>) {
    out.push('|');
    for name in names {
        out.push(' ');
        out.push_str(name);
    }
    out.push_str(" |");
}

/// Prints `expr`, in parentheses if it binds more loosely than `limit`.
fn expression(out: &mut String, expr: &Expr, limit: Level) {
    if level(expr) > limit {
        out.push('(');
        expression(out, expr, Level::Statement);
        out.push(')');
        return;
    }
    match &expr.kind {
        ExprKind::Literal(value) => literal(out, value),
        ExprKind::Variable(name) => out.push_str(name),
        ExprKind::Pseudo(pseudo) => out.push_str(pseudo.name()),
        ExprKind::Assignment { target, value } => {
            out.push_str(&target.name);
            out.push_str(" := ");
            expression(out, value, Level::Statement);
        }
        ExprKind::Send(send) => {
            expression(out, &send.receiver, receiver_limit(&send.message));
            message(out, &send.message);
        }
        ExprKind::Cascade(cascade) => {
            let limit = cascade
                .parts
                .first()
                .and_then(|p| p.first())
                .map_or(Level::Binary, receiver_limit);
            expression(out, &cascade.receiver, limit);
            for (i, part) in cascade.parts.iter().enumerate() {
                if i > 0 {
                    out.push(';');
                }
                for m in part {
                    message(out, m);
                }
            }
        }
        ExprKind::Block(block) => print_block(out, block),
        ExprKind::Brace(elements) => {
            out.push('{');
            for (i, e) in elements.iter().enumerate() {
                if i > 0 {
                    out.push_str(". ");
                }
                expression(out, e, Level::Statement);
            }
            out.push('}');
        }
        ExprKind::Paren(inner) => {
            out.push('(');
            expression(out, inner, Level::Statement);
            out.push(')');
        }
    }
}

/// Prints ` selector` or ` op arg` or ` key: arg key: arg`, with a leading
/// space.
fn message(out: &mut String, m: &Message) {
    match message_level(m) {
        Level::Unary => {
            out.push(' ');
            out.push_str(&m.selector);
        }
        Level::Binary => {
            out.push(' ');
            out.push_str(&m.selector);
            for arg in &m.arguments {
                out.push(' ');
                expression(out, arg, Level::Unary);
            }
        }
        _ => {
            let parts = selector_parts(&m.selector, m.arguments.len());
            for (part, arg) in parts.iter().zip(&m.arguments) {
                out.push(' ');
                out.push_str(part);
                out.push(' ');
                expression(out, arg, Level::Binary);
            }
        }
    }
}

fn print_block(out: &mut String, block: &Block) {
    out.push('[');
    for p in &block.parameters {
        out.push(':');
        out.push_str(&p.name);
        out.push(' ');
    }
    if !block.parameters.is_empty() {
        out.push_str("| ");
    }
    if !block.temporaries.is_empty() {
        temporaries(out, block.temporaries.iter().map(|t| t.name.as_str()));
        out.push(' ');
    }
    for (i, statement) in block.body.iter().enumerate() {
        if i > 0 {
            out.push_str(". ");
        }
        print_statement(out, statement);
    }
    if out.ends_with(' ') && block.body.is_empty() {
        out.pop();
    }
    out.push(']');
}

/// Splits a keyword selector into its keywords (`at:put:` → `at:`, `put:`).
/// A selector that does not have `count` keywords is split as well as
/// possible, so printing never fails.
fn selector_parts(selector: &str, count: usize) -> Vec<&str> {
    let mut parts: Vec<&str> = selector.split_inclusive(':').collect();
    if parts.len() != count || !selector.ends_with(':') {
        parts = vec![selector; count.max(1)];
        parts.truncate(count);
    }
    parts
}

fn quoted(out: &mut String, text: &str) {
    out.push('\'');
    for c in text.chars() {
        if c == '\'' {
            out.push('\'');
        }
        out.push(c);
    }
    out.push('\'');
}

/// Prints a literal. Inside `#( … )` nested arrays, symbols, `true`, `false`
/// and `nil` are printed in the same form as outside, which reads back the
/// same.
fn literal(out: &mut String, value: &Literal) {
    match value {
        Literal::Integer(n) => {
            let _ = write!(out, "{n}");
        }
        Literal::Float(f) => float(out, *f),
        Literal::ScaledDecimal {
            numerator,
            denominator,
            scale,
        } => scaled(out, numerator, denominator, *scale),
        Literal::Character(c) => {
            out.push('$');
            out.push(*c);
        }
        Literal::String(s) => quoted(out, s),
        Literal::Symbol(s) => {
            out.push('#');
            if is_selector_like(s) {
                out.push_str(s);
            } else {
                quoted(out, s);
            }
        }
        Literal::Array(elements) => {
            out.push_str("#(");
            for (i, e) in elements.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                literal(out, e);
            }
            out.push(')');
        }
        Literal::ByteArray(bytes) => {
            out.push_str("#[");
            for (i, b) in bytes.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{b}");
            }
            out.push(']');
        }
        Literal::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Literal::Nil => out.push_str("nil"),
    }
}

/// Prints a float so that it reads back as the same float: the shortest
/// digits that round-trip, always with a fraction part (`1e300` would read as
/// an integer).
fn float(out: &mut String, f: f64) {
    let text = format!("{f:?}");
    match text.find('e') {
        Some(e) if !text[..e].contains('.') => {
            out.push_str(&text[..e]);
            out.push_str(".0");
            out.push_str(&text[e..]);
        }
        _ => out.push_str(&text),
    }
}

/// Prints `numerator / denominator` as an exact decimal with a scale suffix,
/// e.g. `1.25s2`. A value with no finite decimal expansion (which the parser
/// never produces) is truncated a few hundred places after the point.
fn scaled(out: &mut String, numerator: &BigInt, denominator: &BigInt, scale: u32) {
    let ten = BigInt::from(10u32);
    let mut places = 0u32;
    let mut d = denominator.abs();
    if d.is_zero() {
        d = BigInt::from(1u32);
    }
    let mut scaled_n = numerator.abs();
    while !(&scaled_n % &d).is_zero() && places < scale.max(1) + 400 {
        scaled_n *= &ten;
        places += 1;
    }
    let (q, _) = scaled_n.div_rem(&d);
    let digits = q.to_string();
    if numerator.is_negative() != denominator.is_negative() && !numerator.is_zero() {
        out.push('-');
    }
    if places == 0 {
        out.push_str(&digits);
    } else {
        let width = places as usize + 1;
        let padded = format!("{digits:0>width$}");
        let split = padded.len() - places as usize;
        out.push_str(&padded[..split]);
        out.push('.');
        out.push_str(&padded[split..]);
    }
    let _ = write!(out, "s{scale}");
}
