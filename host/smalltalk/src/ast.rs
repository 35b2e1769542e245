//! The abstract syntax tree.
//!
//! The tree is complete enough to interpret: every construct of the language
//! has its own node, every node carries the [`Span`] of the text it came from,
//! and literals carry their values (integers of any size as [`BigInt`]).
//! Parentheses are kept as [`ExprKind::Paren`] nodes so the canonical printer
//! can reproduce the tree exactly, and comments are dropped.
//!
//! Two entry shapes exist: a [`MethodNode`] (a message pattern, temporaries,
//! pragmas and statements) and a [`DoitNode`] (temporaries and statements, as
//! `execute_code` or a Topaz `doit` receives them).

use std::fmt;

use num_bigint::BigInt;

use crate::span::Span;

/// A name as written in the source, with where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Identifier {
    /// The name, e.g. `index`.
    pub name: String,
    /// Where the name appears.
    pub span: Span,
}

/// A compiled method's source: `pattern`, then temporaries and pragmas in any
/// order, then statements.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodNode {
    /// The message pattern: selector and argument names.
    pub pattern: MessagePattern,
    /// Names declared between bars after the pattern, in order.
    pub temporaries: Vec<Identifier>,
    /// Pragmas such as `<primitive: 60>` or `<protected>`, in order.
    pub pragmas: Vec<Pragma>,
    /// The statements of the method body.
    pub body: Vec<Statement>,
    /// The whole text the method was parsed from, leading comments
    /// included.
    pub span: Span,
}

impl MethodNode {
    /// The method's selector, e.g. `at:put:`.
    pub fn selector(&self) -> &str {
        &self.pattern.selector
    }

    /// The primitive this method calls, if it has a `<primitive: …>` pragma:
    /// the number as decimal text (`"60"`) or the string argument (`"name"`).
    pub fn primitive(&self) -> Option<String> {
        self.pragmas.iter().find_map(|pragma| {
            if pragma.selector != "primitive:" {
                return None;
            }
            match pragma.arguments.first()? {
                Literal::Integer(n) => Some(n.to_string()),
                Literal::String(s) | Literal::Symbol(s) => Some(s.clone()),
                _ => None,
            }
        })
    }

    /// Calls `f` on every expression of the method body, outer expressions
    /// before the ones inside them, in source order.
    pub fn walk(&self, f: &mut dyn FnMut(&Expr)) {
        walk_statements(&self.body, f);
    }

    /// Forgets where the tree was written: sets every span to the empty span
    /// at offset 0 and empties every `keyword_spans`, so two trees parsed from
    /// differently laid-out text compare equal when their structure and
    /// values are equal.
    pub fn clear_spans(&mut self) {
        self.span = Span::default();
        self.pattern.span = Span::default();
        self.pattern.selector_span = Span::default();
        self.pattern.keyword_spans.clear();
        self.pattern
            .arguments
            .iter_mut()
            .for_each(|a| a.span = Span::default());
        self.temporaries
            .iter_mut()
            .for_each(|t| t.span = Span::default());
        self.pragmas
            .iter_mut()
            .for_each(|p| p.span = Span::default());
        self.body.iter_mut().for_each(Statement::clear_spans);
    }
}

/// The three shapes of selector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SelectorKind {
    /// An identifier with no arguments: `size`.
    Unary,
    /// An operator with one argument: `+`, `->`, `==>`.
    Binary,
    /// Keywords, one argument each: `at:put:`.
    Keyword,
}

impl SelectorKind {
    /// The kind of `selector`, judged by its text: ending in `:` is keyword,
    /// starting with a letter or `_` is unary, anything else binary.
    pub fn of(selector: &str) -> SelectorKind {
        match selector.as_bytes() {
            [.., b':'] => SelectorKind::Keyword,
            [first, ..] if first.is_ascii_alphabetic() || *first == b'_' => SelectorKind::Unary,
            _ => SelectorKind::Binary,
        }
    }
}

/// The first line of a method: its selector and the names of its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct MessagePattern {
    /// The full selector: `size`, `+` or `at:put:`.
    pub selector: String,
    /// Where the selector is written: the identifier or operator of a unary
    /// or binary selector; from the first keyword to the end of the last one
    /// for a keyword selector.
    pub selector_span: Span,
    /// Where each keyword of a keyword selector is written; empty for unary
    /// and binary selectors.
    pub keyword_spans: Vec<Span>,
    /// The argument names, in order (none for a unary selector).
    pub arguments: Vec<Identifier>,
    /// The whole pattern.
    pub span: Span,
}

impl MessagePattern {
    /// Whether the selector is unary, binary or keyword.
    pub fn kind(&self) -> SelectorKind {
        SelectorKind::of(&self.selector)
    }
}

/// A pragma: `<primitive: 60>`, `<protected>`, `<foo: 1 bar: #baz>`.
#[derive(Clone, Debug, PartialEq)]
pub struct Pragma {
    /// The pragma's selector, e.g. `primitive:` or `protected`.
    pub selector: String,
    /// The literal arguments, one per keyword.
    pub arguments: Vec<Literal>,
    /// From `<` to `>`.
    pub span: Span,
}

/// An expression sequence: optional `| temps |` and statements separated by
/// periods, as a Topaz `doit` or `execute_code` receives it.
#[derive(Clone, Debug, PartialEq)]
pub struct DoitNode {
    /// Names declared between bars at the start.
    pub temporaries: Vec<Identifier>,
    /// The statements, in order.
    pub body: Vec<Statement>,
    /// The whole text.
    pub span: Span,
}

impl DoitNode {
    /// Calls `f` on every expression, outer before inner, in source order.
    pub fn walk(&self, f: &mut dyn FnMut(&Expr)) {
        walk_statements(&self.body, f);
    }

    /// Sets every span in the tree to the empty span at offset 0 (see
    /// [`MethodNode::clear_spans`]).
    pub fn clear_spans(&mut self) {
        self.span = Span::default();
        self.temporaries
            .iter_mut()
            .for_each(|t| t.span = Span::default());
        self.body.iter_mut().for_each(Statement::clear_spans);
    }
}

/// One statement of a method, block or doit.
#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    /// An expression evaluated for its value or effect.
    Expression(Expr),
    /// `^ expression`: return the value from the method (from a block: from
    /// the method that created the block).
    Return {
        /// The value returned.
        value: Expr,
        /// From `^` to the end of the value.
        span: Span,
    },
}

impl Statement {
    /// The span of the whole statement.
    pub fn span(&self) -> Span {
        match self {
            Statement::Expression(e) => e.span,
            Statement::Return { span, .. } => *span,
        }
    }

    /// The expression the statement evaluates (the returned value for a
    /// return).
    pub fn expr(&self) -> &Expr {
        match self {
            Statement::Expression(e) | Statement::Return { value: e, .. } => e,
        }
    }

    fn clear_spans(&mut self) {
        match self {
            Statement::Expression(e) => e.clear_spans(),
            Statement::Return { value, span } => {
                *span = Span::default();
                value.clear_spans();
            }
        }
    }
}

/// An expression and where it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What kind of expression this is.
    pub kind: ExprKind,
    /// The text of the whole expression (for a parenthesised expression,
    /// including the parentheses).
    pub span: Span,
}

impl Expr {
    /// Makes an expression node.
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    /// Calls `f` on this expression and every expression inside it, outer
    /// before inner, in source order.
    pub fn walk(&self, f: &mut dyn FnMut(&Expr)) {
        f(self);
        match &self.kind {
            ExprKind::Literal(_) | ExprKind::Variable(_) | ExprKind::Pseudo(_) => {}
            ExprKind::Assignment { value, .. } => value.walk(f),
            ExprKind::Send(send) => {
                send.receiver.walk(f);
                send.message.arguments.iter().for_each(|a| a.walk(f));
            }
            ExprKind::Cascade(cascade) => {
                cascade.receiver.walk(f);
                for m in cascade.parts.iter().flatten() {
                    m.arguments.iter().for_each(|a| a.walk(f));
                }
            }
            ExprKind::Block(block) => walk_statements(&block.body, f),
            ExprKind::Brace(elements) => elements.iter().for_each(|e| e.walk(f)),
            ExprKind::Paren(inner) => inner.walk(f),
        }
    }

    /// Sets every span in this expression to the empty span at offset 0.
    pub fn clear_spans(&mut self) {
        self.span = Span::default();
        match &mut self.kind {
            ExprKind::Literal(_) | ExprKind::Variable(_) | ExprKind::Pseudo(_) => {}
            ExprKind::Assignment { target, value } => {
                target.span = Span::default();
                value.clear_spans();
            }
            ExprKind::Send(send) => {
                send.receiver.clear_spans();
                send.message.clear_spans();
            }
            ExprKind::Cascade(cascade) => {
                cascade.receiver.clear_spans();
                for part in &mut cascade.parts {
                    part.iter_mut().for_each(Message::clear_spans);
                }
            }
            ExprKind::Block(block) => {
                block
                    .parameters
                    .iter_mut()
                    .for_each(|p| p.span = Span::default());
                block
                    .temporaries
                    .iter_mut()
                    .for_each(|t| t.span = Span::default());
                block.body.iter_mut().for_each(Statement::clear_spans);
            }
            ExprKind::Brace(elements) => elements.iter_mut().for_each(Expr::clear_spans),
            ExprKind::Paren(inner) => inner.clear_spans(),
        }
    }
}

/// The kinds of expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A literal constant: `3`, `'abc'`, `#foo`, `#(1 2)`, …
    Literal(Literal),
    /// A variable reference by name (argument, temporary, instance, class or
    /// pool variable, or global).
    Variable(String),
    /// One of the reserved names `self`, `super`, `true`, `false`, `nil`,
    /// `thisContext`.
    Pseudo(PseudoVariable),
    /// `target := value`.
    Assignment {
        /// The variable assigned to.
        target: Identifier,
        /// The value assigned; also the value of the whole expression.
        value: Box<Expr>,
    },
    /// A unary, binary or keyword message send.
    Send(Box<MessageSend>),
    /// `receiver msg1; msg2; msg3`: several messages to one receiver.
    Cascade(Box<Cascade>),
    /// `[:a :b | | t | statements]`.
    Block(Box<Block>),
    /// `{a. b. c}`: an Array built from the values of the expressions.
    Brace(Vec<Expr>),
    /// `( expression )`, kept so printing reproduces the source's grouping.
    Paren(Box<Expr>),
}

/// The reserved names that are not variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PseudoVariable {
    /// `self`: the receiver.
    SelfRef,
    /// `super`: the receiver, with lookup starting above the method's class.
    Super,
    /// `true`.
    True,
    /// `false`.
    False,
    /// `nil`.
    Nil,
    /// `thisContext`: the running activation.
    ThisContext,
}

impl PseudoVariable {
    /// The reserved name for `name`, if it is one.
    pub fn from_name(name: &str) -> Option<PseudoVariable> {
        Some(match name {
            "self" => PseudoVariable::SelfRef,
            "super" => PseudoVariable::Super,
            "true" => PseudoVariable::True,
            "false" => PseudoVariable::False,
            "nil" => PseudoVariable::Nil,
            "thisContext" => PseudoVariable::ThisContext,
            _ => return None,
        })
    }

    /// The name as written in source.
    pub fn name(self) -> &'static str {
        match self {
            PseudoVariable::SelfRef => "self",
            PseudoVariable::Super => "super",
            PseudoVariable::True => "true",
            PseudoVariable::False => "false",
            PseudoVariable::Nil => "nil",
            PseudoVariable::ThisContext => "thisContext",
        }
    }
}

/// A message: a selector and its arguments, without the receiver.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The full selector: `size`, `+` or `at:put:`.
    pub selector: String,
    /// Where the selector is written: the identifier or operator of a unary
    /// or binary message; from the first keyword to the end of the last one
    /// (arguments between them included) for a keyword message.
    pub selector_span: Span,
    /// Where each keyword of a keyword message is written; empty for unary
    /// and binary messages (so they cost no allocation).
    pub keyword_spans: Vec<Span>,
    /// The arguments, one per keyword (one for a binary selector).
    pub arguments: Vec<Expr>,
    /// From the selector's first part to the end of the last argument.
    pub span: Span,
}

impl Message {
    /// Whether the message is unary, binary or keyword.
    pub fn kind(&self) -> SelectorKind {
        SelectorKind::of(&self.selector)
    }

    /// The keywords of a keyword selector (`at:put:` gives `at:` and
    /// `put:`); a unary or binary selector gives itself.
    pub fn keywords(&self) -> impl Iterator<Item = &str> {
        self.selector.split_inclusive(':')
    }

    fn clear_spans(&mut self) {
        self.span = Span::default();
        self.selector_span = Span::default();
        self.keyword_spans.clear();
        self.arguments.iter_mut().for_each(Expr::clear_spans);
    }
}

/// `receiver message`.
#[derive(Clone, Debug, PartialEq)]
pub struct MessageSend {
    /// The receiver; [`ExprKind::Pseudo`] `Super` for a super send.
    pub receiver: Expr,
    /// The message sent.
    pub message: Message,
}

/// `receiver m1; m2; m3`: every part is sent to the value of `receiver`,
/// and the value of the cascade is that of the last part.
///
/// A part is a chain of messages: `; foo bar` sends `foo` to the receiver and
/// `bar` to the result. The first part always holds one message, because
/// everything before the last message of the first expression is the receiver
/// (`a foo bar; baz` cascades `bar` and `baz` to `a foo`).
#[derive(Clone, Debug, PartialEq)]
pub struct Cascade {
    /// The expression whose value receives every part.
    pub receiver: Expr,
    /// The parts, in order; each is non-empty.
    pub parts: Vec<Vec<Message>>,
}

/// A block: `[:a :b | | t u | statements]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// The block's parameters, in order.
    pub parameters: Vec<Identifier>,
    /// The block's temporaries.
    pub temporaries: Vec<Identifier>,
    /// The statements; an empty block evaluates to `nil`.
    pub body: Vec<Statement>,
}

/// A literal value.
#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    /// An integer of any size: `42`, `-7`, `16r1F`, `1e10`.
    Integer(BigInt),
    /// A floating-point number: `1.5`, `2.0e-3`, `1.0d0`.
    Float(f64),
    /// A scaled decimal `1.23s2`: the exact value `numerator / denominator`
    /// (in lowest terms, denominator positive) shown with `scale` digits after
    /// the decimal point.
    ScaledDecimal {
        /// Numerator of the exact value.
        numerator: BigInt,
        /// Denominator of the exact value; positive.
        denominator: BigInt,
        /// Number of decimal places to show.
        scale: u32,
    },
    /// A character: `$a`.
    Character(char),
    /// A string: `'it''s'` is `it's`.
    String(String),
    /// A symbol: `#foo`, `#at:put:`, `#+`, `#'hello world'`.
    Symbol(String),
    /// A literal array `#(1 $a 'b' #c (nested))`.
    Array(Vec<Literal>),
    /// A byte array `#[0 255]`.
    ByteArray(Vec<u8>),
    /// `true` or `false` inside a literal array or pragma.
    Boolean(bool),
    /// `nil` inside a literal array or pragma.
    Nil,
}

fn walk_statements(body: &[Statement], f: &mut dyn FnMut(&Expr)) {
    body.iter().for_each(|s| s.expr().walk(f));
}

impl fmt::Display for Literal {
    /// Writes the literal as source text, e.g. `#(1 $a 'it''s')`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::print::print_literal(self))
    }
}
