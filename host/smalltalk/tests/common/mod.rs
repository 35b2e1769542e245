//! Helpers shared by the integration tests: a compact, fully bracketed
//! rendering of expressions, so expectations show the tree's shape at a
//! glance.

#![allow(dead_code)]

use gs_smalltalk::ast::{Block, Expr, ExprKind, Message, Statement};
use gs_smalltalk::print_literal;

/// Renders an expression as an S-expression: sends as `(selector receiver
/// args…)`, cascades as `(cascade receiver (sel args…)…)` with `;` between
/// parts, blocks as `[params | temps | statements]`.
pub fn sexp(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Literal(l) => print_literal(l),
        ExprKind::Variable(name) => name.clone(),
        ExprKind::Pseudo(p) => p.name().to_owned(),
        ExprKind::Assignment { target, value } => format!("(:= {} {})", target.name, sexp(value)),
        ExprKind::Send(send) => message(&sexp(&send.receiver), &send.message),
        ExprKind::Cascade(c) => {
            let parts: Vec<String> = c
                .parts
                .iter()
                .map(|part| part.iter().fold("_".to_owned(), |r, m| message(&r, m)))
                .collect();
            format!("(cascade {} {})", sexp(&c.receiver), parts.join("; "))
        }
        ExprKind::Block(b) => block(b),
        ExprKind::Brace(elements) => {
            let inner: Vec<String> = elements.iter().map(sexp).collect();
            format!("{{{}}}", inner.join(" "))
        }
        ExprKind::Paren(inner) => format!("(paren {})", sexp(inner)),
    }
}

fn message(receiver: &str, m: &Message) -> String {
    let mut out = format!("({} {receiver}", m.selector);
    for a in &m.arguments {
        out.push(' ');
        out.push_str(&sexp(a));
    }
    out.push(')');
    out
}

/// Renders a statement: `^x` for a return.
pub fn statement(s: &Statement) -> String {
    match s {
        Statement::Expression(e) => sexp(e),
        Statement::Return { value, .. } => format!("^{}", sexp(value)),
    }
}

/// Renders statements separated by `. `.
pub fn statements(body: &[Statement]) -> String {
    body.iter().map(statement).collect::<Vec<_>>().join(". ")
}

fn block(b: &Block) -> String {
    let params: Vec<&str> = b.parameters.iter().map(|p| p.name.as_str()).collect();
    let temps: Vec<&str> = b.temporaries.iter().map(|p| p.name.as_str()).collect();
    format!(
        "[{} | {} | {}]",
        params.join(" "),
        temps.join(" "),
        statements(&b.body)
    )
}
