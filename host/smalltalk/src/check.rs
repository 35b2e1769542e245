//! Static checks and method facts.
//!
//! After parsing, GemStone's compiler refuses methods that use names nobody
//! declared, assign to arguments or to `self`, declare a name twice, or
//! declare an argument or temporary named like an instance, class or pool
//! variable of the class (which it would hide). This
//! module performs those checks on an AST. What names exist outside the
//! method (instance variables, class and pool variables, globals) is the
//! caller's knowledge, supplied through [`NameScope`]: the image answers it
//! from the class, its superclass chain, its pools and the session's symbol
//! list.
//!
//! The same walk collects the facts the image indexes for browsing: the
//! selectors a method sends (for "senders of"), and the class variables,
//! pool variables and globals it references (for "references to").

use std::fmt;

use crate::ast::{
    Block, DoitNode, Expr, ExprKind, Identifier, Literal, Message, MethodNode, PseudoVariable,
    Statement,
};
use crate::lexer::is_selector_like;
use crate::parser::MAX_ERRORS;
use crate::span::{LineIndex, Span};

/// What a name outside the method's own arguments and temporaries denotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// An instance variable of the receiver's class (for a class-side
    /// method: of the metaclass, i.e. a class-instance variable the image
    /// chose to report this way).
    InstanceVariable,
    /// A class variable of the class or a superclass.
    ClassVariable,
    /// A class-instance variable, seen from a class-side method.
    ClassInstanceVariable,
    /// A variable of a pool dictionary the class imports.
    PoolVariable,
    /// A global found in the session's symbol list.
    Global,
}

/// The names visible to a method besides its own arguments and
/// temporaries.
///
/// Closures implement it, which is handy in tests:
///
/// ```
/// use gs_smalltalk::check::{NameKind, NameScope};
/// let scope = |name: &str| (name == "Transcript").then_some(NameKind::Global);
/// assert_eq!(scope.resolve("Transcript"), Some(NameKind::Global));
/// assert_eq!(scope.resolve("Nope"), None);
/// ```
pub trait NameScope {
    /// What `name` denotes, or `None` if it is not declared anywhere.
    fn resolve(&self, name: &str) -> Option<NameKind>;
}

impl<F: Fn(&str) -> Option<NameKind>> NameScope for F {
    fn resolve(&self, name: &str) -> Option<NameKind> {
        self(name)
    }
}

/// A scope in which no name outside the method exists.
#[derive(Clone, Copy, Debug, Default)]
pub struct EmptyScope;

impl NameScope for EmptyScope {
    fn resolve(&self, _name: &str) -> Option<NameKind> {
        None
    }
}

/// A mistake the compiler refuses, found by the static checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What is wrong, e.g. "undeclared variable `Foo`".
    pub message: String,
    /// The offending name.
    pub span: Span,
    /// 1-based line of `span.start`.
    pub line: u32,
    /// 1-based column of `span.start`, in characters.
    pub column: u32,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for Diagnostic {}

/// The result of checking a method: its mistakes and its facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedMethod {
    /// Every mistake found, in source order; empty if the method compiles.
    pub diagnostics: Vec<Diagnostic>,
    /// The method's selector.
    pub selector: String,
    /// Every selector the method sends (including cascaded and super sends)
    /// and every symbol literal that has the form of a selector (as in
    /// `perform: #foo`), sorted and without duplicates. Symbols inside literal
    /// arrays are not counted.
    pub sends: Vec<String>,
    /// Class variables, pool variables and globals the method uses, sorted
    /// and without duplicates.
    pub references: Vec<String>,
    /// The `<primitive: …>` pragma's argument, if any.
    pub primitive: Option<String>,
}

impl CheckedMethod {
    /// Whether the method has no mistakes.
    pub fn is_ok(&self) -> bool {
        self.diagnostics.is_empty()
    }
}

/// The result of checking an expression sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedDoit {
    /// Every mistake found, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// Selectors sent and selector-like symbols, as for methods.
    pub sends: Vec<String>,
    /// Class variables, pool variables and globals used.
    pub references: Vec<String>,
}

impl CheckedDoit {
    /// Whether the doit has no mistakes.
    pub fn is_ok(&self) -> bool {
        self.diagnostics.is_empty()
    }
}

/// Checks `method`, whose text is `source` (used for line and column
/// numbers), against the names `scope` knows.
///
/// ```
/// use gs_smalltalk::check::{check_method, NameKind};
/// let source = "total: x\n\tx := x + Rate.\n\t^Missing";
/// let method = gs_smalltalk::parse_method(source).unwrap();
/// let scope = |n: &str| (n == "Rate").then_some(NameKind::ClassVariable);
/// let checked = check_method(&method, source, &scope);
/// let messages: Vec<String> = checked.diagnostics.iter().map(|d| d.to_string()).collect();
/// assert_eq!(messages, [
///     "line 2, column 2: cannot assign to argument `x`",
///     "line 3, column 3: undeclared variable `Missing`",
/// ]);
/// assert_eq!(checked.references, ["Rate"]);
/// assert_eq!(checked.sends, ["+"]);
/// ```
pub fn check_method(method: &MethodNode, source: &str, scope: &dyn NameScope) -> CheckedMethod {
    let mut checker = Checker::new(scope);
    checker.frames.push(checker.locals.len());
    for arg in &method.pattern.arguments {
        checker.declare(arg, LocalKind::Argument);
    }
    for temp in &method.temporaries {
        checker.declare(temp, LocalKind::Temporary);
    }
    checker.statements(&method.body);
    let (diagnostics, sends, references) = checker.finish(source);
    CheckedMethod {
        diagnostics,
        selector: method.pattern.selector.clone(),
        sends,
        references,
        primitive: method.primitive(),
    }
}

/// Checks an expression sequence whose text is `source` against the names
/// `scope` knows.
pub fn check_doit(doit: &DoitNode, source: &str, scope: &dyn NameScope) -> CheckedDoit {
    let mut checker = Checker::new(scope);
    checker.frames.push(0);
    for temp in &doit.temporaries {
        checker.declare(temp, LocalKind::Temporary);
    }
    checker.statements(&doit.body);
    let (diagnostics, sends, references) = checker.finish(source);
    CheckedDoit {
        diagnostics,
        sends,
        references,
    }
}

/// The symbol literals of `body` (those inside literal arrays too) that
/// hold a character above `limit`, each a diagnostic naming the character,
/// in source order: for an image whose Symbols hold no character above
/// `limit`, where such a literal could not be the symbol that was written.
/// String literals hold any character (a wider string class holds them).
///
/// ```
/// let source = "^ #'caf\u{e9}' -> #'\u{20ac}' -> '\u{20ac}'";
/// let doit = gs_smalltalk::parse_doit(source).unwrap();
/// let found = gs_smalltalk::check::symbols_above(&doit.body, source, '\u{ff}');
/// assert_eq!(found.len(), 1);
/// assert_eq!((found[0].line, found[0].column), (1, 14));
/// assert!(found[0].message.contains("U+20AC"), "{}", found[0].message);
/// ```
pub fn symbols_above(body: &[Statement], source: &str, limit: char) -> Vec<Diagnostic> {
    fn first_above(literal: &Literal, limit: char) -> Option<char> {
        match literal {
            Literal::Symbol(s) => s.chars().find(|&c| c > limit),
            Literal::Array(items) => items.iter().find_map(|l| first_above(l, limit)),
            _ => None,
        }
    }
    let mut found: Vec<(Span, char)> = Vec::new();
    for statement in body {
        statement.expr().walk(&mut |e| {
            if let ExprKind::Literal(literal) = &e.kind
                && let Some(c) = first_above(literal, limit)
            {
                found.push((e.span, c));
            }
        });
    }
    let lines = LineIndex::new(source);
    found
        .into_iter()
        .map(|(span, c)| {
            let (line, column) = lines.line_col(span.start);
            Diagnostic {
                message: format!(
                    "this literal holds the symbol character {c:?} (U+{:04X}), but a Symbol \
                     here holds characters up to U+{:04X} only, so it would not be the symbol \
                     written; use a string, or leave the character out",
                    u32::from(c),
                    u32::from(limit)
                ),
                span,
                line,
                column,
            }
        })
        .collect()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum LocalKind {
    Argument,
    Temporary,
    BlockParameter,
    BlockTemporary,
}

/// How a message names a variable of the class that a local would hide,
/// or `None` for a name a local may hide (a global).
fn class_variable_kind(kind: NameKind) -> Option<&'static str> {
    match kind {
        NameKind::InstanceVariable => Some("an instance variable"),
        NameKind::ClassInstanceVariable => Some("a class-instance variable"),
        NameKind::ClassVariable => Some("a class variable"),
        NameKind::PoolVariable => Some("a pool variable"),
        NameKind::Global => None,
    }
}

struct Local<'a> {
    name: &'a str,
    kind: LocalKind,
}

struct Checker<'a> {
    scope: &'a dyn NameScope,
    /// Every declared name in scope, innermost last.
    locals: Vec<Local<'a>>,
    /// Index into `locals` where each open scope (method, block) begins.
    frames: Vec<usize>,
    problems: Vec<(Span, String)>,
    /// Collected unsorted, with repeats; sorted once at the end.
    sends: Vec<&'a str>,
    references: Vec<&'a str>,
}

impl<'a> Checker<'a> {
    fn new(scope: &'a dyn NameScope) -> Checker<'a> {
        Checker {
            scope,
            locals: Vec::new(),
            frames: Vec::new(),
            problems: Vec::new(),
            sends: Vec::new(),
            references: Vec::new(),
        }
    }

    fn finish(mut self, source: &str) -> (Vec<Diagnostic>, Vec<String>, Vec<String>) {
        self.problems.sort_by_key(|(span, _)| span.start);
        // As many as the parser reports at most: a generated method with
        // 100,000 undeclared names gets the first ones, not a report the
        // size of the method.
        let more = self.problems.len().saturating_sub(MAX_ERRORS);
        self.problems.truncate(MAX_ERRORS);
        if more > 0
            && let Some((_, last)) = self.problems.last_mut()
        {
            last.push_str(&format!(" (and {more} more mistakes after this one)"));
        }
        let lines = LineIndex::new(if self.problems.is_empty() { "" } else { source });
        let diagnostics = self
            .problems
            .into_iter()
            .map(|(span, message)| {
                let (line, column) = lines.line_col(span.start);
                Diagnostic {
                    message,
                    span,
                    line,
                    column,
                }
            })
            .collect();
        let owned = |mut names: Vec<&str>| {
            names.sort_unstable();
            names.dedup();
            names.into_iter().map(str::to_owned).collect()
        };
        (diagnostics, owned(self.sends), owned(self.references))
    }

    fn problem(&mut self, span: Span, message: String) {
        self.problems.push((span, message));
    }
}

/// How much of a name a message shows: a name of any length is legal, but
/// a message repeating a 10 MB identifier helps no one.
const NAME_SHOWN: usize = 64;

/// `name` as a message shows it: whole, or its first [`NAME_SHOWN`]
/// characters and how many more there are.
fn shown(name: &str) -> std::borrow::Cow<'_, str> {
    match name.char_indices().nth(NAME_SHOWN) {
        None => name.into(),
        Some((cut, _)) => format!("{}… ({} characters)", &name[..cut], name.chars().count()).into(),
    }
}

impl<'a> Checker<'a> {
    fn declare(&mut self, ident: &'a Identifier, kind: LocalKind) {
        let name = ident.name.as_str();
        if PseudoVariable::from_name(name).is_some() {
            self.problem(
                ident.span,
                format!(
                    "`{}` is a reserved name and cannot be declared as a variable",
                    shown(name)
                ),
            );
            return;
        }
        // GemStone's compiler refuses a local that would hide a variable of
        // the class: an instance variable (a class-instance variable on the
        // class side), a class variable or a pool variable. Hiding a global
        // is allowed.
        if let Some(hidden) = self.scope.resolve(name).and_then(class_variable_kind) {
            let what = match kind {
                LocalKind::Argument => "an argument",
                LocalKind::Temporary => "a temporary",
                LocalKind::BlockParameter => "a block argument",
                LocalKind::BlockTemporary => "a block temporary",
            };
            self.problem(
                ident.span,
                format!(
                    "`{}` is {hidden} of the class and cannot also be {what}; rename it",
                    shown(name)
                ),
            );
            return;
        }
        let frame = self.frames.last().copied().unwrap_or(0);
        if let Some(earlier) = self.locals[frame..].iter().find(|l| l.name == name) {
            let message = if earlier.kind == kind
                && matches!(kind, LocalKind::Temporary | LocalKind::BlockTemporary)
            {
                format!("duplicate temporary `{}`", shown(name))
            } else {
                format!("`{}` is declared twice", shown(name))
            };
            self.problem(ident.span, message);
            return;
        }
        self.locals.push(Local { name, kind });
    }

    fn lookup(&self, name: &str) -> Option<LocalKind> {
        self.locals
            .iter()
            .rev()
            .find(|l| l.name == name)
            .map(|l| l.kind)
    }

    /// Notes a use of the outer name `name`; false if it is undeclared.
    fn outer_name(&mut self, name: &'a str) -> bool {
        match self.scope.resolve(name) {
            Some(NameKind::ClassVariable | NameKind::PoolVariable | NameKind::Global) => {
                self.references.push(name);
                true
            }
            Some(NameKind::InstanceVariable | NameKind::ClassInstanceVariable) => true,
            None => false,
        }
    }

    fn statements(&mut self, body: &'a [Statement]) {
        for statement in body {
            self.expr(statement.expr());
        }
    }

    fn expr(&mut self, expr: &'a Expr) {
        match &expr.kind {
            ExprKind::Literal(literal) => self.literal(literal),
            ExprKind::Variable(name) => {
                if self.lookup(name).is_none() && !self.outer_name(name) {
                    self.problem(expr.span, format!("undeclared variable `{}`", shown(name)));
                }
            }
            ExprKind::Pseudo(_) => {}
            ExprKind::Assignment { target, value } => {
                self.assignment_target(target);
                self.expr(value);
            }
            ExprKind::Send(send) => {
                self.expr(&send.receiver);
                self.message(&send.message);
            }
            ExprKind::Cascade(cascade) => {
                self.expr(&cascade.receiver);
                for part in &cascade.parts {
                    part.iter().for_each(|m| self.message(m));
                }
            }
            ExprKind::Block(block) => self.block(block),
            ExprKind::Brace(elements) => elements.iter().for_each(|e| self.expr(e)),
            ExprKind::Paren(inner) => self.expr(inner),
        }
    }

    fn assignment_target(&mut self, target: &'a Identifier) {
        let name = target.name.as_str();
        let message = if PseudoVariable::from_name(name).is_some() {
            format!("cannot assign to `{name}`")
        } else {
            let name_shown = shown(name);
            match self.lookup(name) {
                Some(LocalKind::Argument) => format!("cannot assign to argument `{name_shown}`"),
                Some(LocalKind::BlockParameter) => {
                    format!("cannot assign to block argument `{name_shown}`")
                }
                Some(_) => return,
                None if self.outer_name(name) => return,
                None => format!("undeclared variable `{name_shown}`"),
            }
        };
        self.problem(target.span, message);
    }

    fn message(&mut self, message: &'a Message) {
        self.sends.push(&message.selector);
        message.arguments.iter().for_each(|a| self.expr(a));
    }

    fn literal(&mut self, literal: &'a Literal) {
        if let Literal::Symbol(symbol) = literal
            && is_selector_like(symbol)
        {
            self.sends.push(symbol);
        }
    }

    fn block(&mut self, block: &'a Block) {
        let mark = self.locals.len();
        self.frames.push(mark);
        for p in &block.parameters {
            self.declare(p, LocalKind::BlockParameter);
        }
        for t in &block.temporaries {
            self.declare(t, LocalKind::BlockTemporary);
        }
        self.statements(&block.body);
        self.frames.pop();
        self.locals.truncate(mark);
    }
}
