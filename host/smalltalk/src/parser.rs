//! The parser: source text to [`ast`](crate::ast) nodes.
//!
//! A hand-written recursive-descent parser over the [`Lexer`]'s tokens with
//! Smalltalk's precedence (unary, then binary, then keyword messages;
//! cascades and assignments around them). It never panics and never
//! overflows the stack: nesting (parentheses, blocks, braces, literal arrays,
//! chained messages) is limited to [`MAX_NESTING`] levels. On a mistake it
//! reports where, in words a person can act on, and at the statement level
//! it skips to the next period to report later mistakes too.

use std::fmt;

use crate::ast::{
    Block, Cascade, DoitNode, Expr, ExprKind, Identifier, Literal, Message, MessagePattern,
    MessageSend, MethodNode, Pragma, PseudoVariable, Statement,
};
use crate::lexer::{Lexer, Token, TokenKind};
use crate::number::number_value;
use crate::span::{LineIndex, Span};

/// How deeply constructs may nest: parentheses, blocks, brace arrays,
/// literal arrays and chained messages each count one level.
pub const MAX_NESTING: usize = 256;

/// At most this many errors are reported for one text.
pub(crate) const MAX_ERRORS: usize = 20;

/// A mistake in the source text and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What is wrong, e.g. "expected ']' to close the block opened at line
    /// 3, column 7".
    pub message: String,
    /// The offending text (empty at the end of the text).
    pub span: Span,
    /// 1-based line of `span.start`.
    pub line: u32,
    /// 1-based column of `span.start`, in characters.
    pub column: u32,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for SyntaxError {}

/// Parses a method: its message pattern, temporaries, pragmas and
/// statements.
///
/// ```
/// let method = gs_smalltalk::parse_method("at: i put: v\n\t<primitive: 61>\n\t^self error: 'bad'").unwrap();
/// assert_eq!(method.selector(), "at:put:");
/// assert_eq!(method.primitive().as_deref(), Some("61"));
/// ```
pub fn parse_method(source: &str) -> Result<MethodNode, Vec<SyntaxError>> {
    run(source, Parser::method)
}

/// Parses an expression sequence: optional `| temporaries |`, then
/// statements separated by periods, as `execute_code` or a Topaz `doit`
/// receives it.
pub fn parse_doit(source: &str) -> Result<DoitNode, Vec<SyntaxError>> {
    run(source, Parser::doit)
}

/// Parses a single expression (no temporaries, no period-separated
/// statements), such as a class-definition message.
pub fn parse_expression(source: &str) -> Result<Expr, Vec<SyntaxError>> {
    run(source, Parser::expression_text)
}

/// Checks that `bytes` are UTF-8 text and returns them as a string, so
/// source read from a file can be handed to the parser. Invalid bytes are
/// reported with their line and column.
///
/// ```
/// let error = gs_smalltalk::parser::decode_source(b"foo\n  ^'a\xFFb'").unwrap_err();
/// assert_eq!(error.to_string(), "line 2, column 6: the text is not valid UTF-8 (byte 0xFF); \
///     save the source as UTF-8");
/// ```
pub fn decode_source(bytes: &[u8]) -> Result<&str, SyntaxError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = e.valid_up_to();
        // The prefix is valid UTF-8 by definition of `valid_up_to`.
        let prefix = std::str::from_utf8(&bytes[..good]).unwrap_or("");
        let (line, column) = LineIndex::new(prefix).line_col(good as u32);
        SyntaxError {
            message: format!(
                "the text is not valid UTF-8 (byte 0x{:02X}); save the source as UTF-8",
                bytes[good]
            ),
            span: Span::new(good as u32, good as u32 + 1),
            line,
            column,
        }
    })
}

/// Nesting the parser handles on the caller's stack. Deeper text is parsed
/// again from the start on a thread of its own with [`DEEP_STACK`] bytes of
/// stack, so a caller on a small stack never overflows it, while ordinary
/// methods (which rarely nest beyond a few levels) cost no thread.
const SHALLOW_NESTING: usize = 16;

/// Stack for parsing deeply nested text: enough for [`MAX_NESTING`] levels
/// even in an unoptimised build (about 10 KiB per level there).
const DEEP_STACK: usize = 32 << 20;

fn run<'s, T: Send>(
    source: &'s str,
    rule: fn(&mut Parser<'s>) -> PResult<T>,
) -> Result<T, Vec<SyntaxError>> {
    if u32::try_from(source.len()).is_err() {
        return Err(vec![SyntaxError {
            message: format!(
                "the source text is {} bytes long; at most 4 GiB can be parsed",
                source.len()
            ),
            span: Span::new(0, 0),
            line: 1,
            column: 1,
        }]);
    }
    let mut parser = Parser::new(source, SHALLOW_NESTING);
    let result = rule(&mut parser);
    if !parser.needs_deep_stack {
        return parser.finish(result);
    }
    drop(parser);
    let deep = || {
        let mut parser = Parser::new(source, MAX_NESTING);
        let result = rule(&mut parser);
        parser.finish(result)
    };
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("gs-smalltalk deep parse".to_owned())
            .stack_size(DEEP_STACK)
            .spawn_scoped(scope, deep)
            .ok()
            .and_then(|handle| handle.join().ok())
    })
    .unwrap_or_else(|| {
        Err(vec![SyntaxError {
            message: format!(
                "the text nests more than {SHALLOW_NESTING} levels deep and no thread could be \
                 started to parse it; simplify the nesting"
            ),
            span: Span::new(0, 0),
            line: 1,
            column: 1,
        }])
    })
}

/// Parsing was abandoned; the reason is in `Parser::errors`.
struct Stop;

type PResult<T> = Result<T, Stop>;

struct Parser<'a> {
    src: &'a str,
    lexer: Lexer<'a>,
    tok: Token,
    /// The token before `tok`, for messages about what came before.
    prev: Token,
    peeked: Option<Token>,
    depth: usize,
    /// Nesting allowed on this stack; beyond it parsing stops and sets
    /// `needs_deep_stack` (if below [`MAX_NESTING`]).
    depth_limit: usize,
    needs_deep_stack: bool,
    /// Brackets opened and not yet closed, so recovery knows how far out
    /// the statement it abandons ends.
    brackets: usize,
    errors: Vec<SyntaxError>,
    lines: Option<LineIndex>,
}

fn is_closer(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::End | TokenKind::RightBracket | TokenKind::RightParen | TokenKind::RightBrace
    )
}

impl<'a> Parser<'a> {
    fn new(src: &'a str, depth_limit: usize) -> Parser<'a> {
        let mut lexer = Lexer::new(src);
        let tok = lexer.next_token();
        Parser {
            src,
            lexer,
            tok,
            prev: tok,
            peeked: None,
            depth: 0,
            depth_limit,
            needs_deep_stack: false,
            brackets: 0,
            errors: Vec::new(),
            lines: None,
        }
    }

    fn finish<T>(self, result: PResult<T>) -> Result<T, Vec<SyntaxError>> {
        match result {
            Ok(value) if self.errors.is_empty() => Ok(value),
            _ => Err(self.errors),
        }
    }

    // ----- tokens -------------------------------------------------------

    fn advance(&mut self) -> Token {
        let current = self.tok;
        self.prev = current;
        self.tok = match self.peeked.take() {
            Some(t) => t,
            None => self.lexer.next_token(),
        };
        current
    }

    fn peek(&mut self) -> Token {
        match self.peeked {
            Some(t) => t,
            None => {
                let t = self.lexer.next_token();
                self.peeked = Some(t);
                t
            }
        }
    }

    fn text(&self, token: Token) -> &'a str {
        token.span.text(self.src)
    }

    fn at(&self, kind: TokenKind) -> bool {
        self.tok.kind == kind
    }

    fn at_binary(&self, op: &str) -> bool {
        self.tok.kind == TokenKind::Binary && self.text(self.tok) == op
    }

    /// Whether the current token is `-` written directly before a number,
    /// which in operand position is a negative literal.
    fn at_negative_number(&mut self) -> bool {
        if !self.at_binary("-") {
            return false;
        }
        let next = self.peek();
        next.kind == TokenKind::Number && next.span.start == self.tok.span.end
    }

    fn at_primary(&mut self) -> bool {
        use TokenKind::*;
        match self.tok.kind {
            Identifier | Number | String | Character | Symbol | QuotedSymbol | LiteralArrayOpen
            | ByteArrayOpen | LeftParen | LeftBracket | LeftBrace => true,
            Binary => self.at_negative_number(),
            _ => false,
        }
    }

    // ----- errors -------------------------------------------------------

    fn position(&mut self, offset: u32) -> (u32, u32) {
        let src = self.src;
        self.lines
            .get_or_insert_with(|| LineIndex::new(src))
            .line_col(offset)
    }

    fn location(&mut self, offset: u32) -> String {
        let (line, column) = self.position(offset);
        format!("line {line}, column {column}")
    }

    fn error_at(&mut self, span: Span, message: String) -> Stop {
        if self
            .errors
            .last()
            .is_some_and(|e| e.span.start == span.start)
        {
            return Stop;
        }
        let (line, column) = self.position(span.start);
        self.errors.push(SyntaxError {
            message,
            span,
            line,
            column,
        });
        Stop
    }

    /// The error for a construct whose closing token never came: `closer`
    /// (e.g. `']'`) to close the `what` opened at `open`. The construct no
    /// longer counts as open, so recovery does not wait for its closer.
    fn missing_closer(&mut self, closer: &str, what: &str, open: Span) -> Stop {
        self.brackets -= 1;
        let expected = format!(
            "{closer} to close the {what} opened at {}",
            self.location(open.start)
        );
        self.expected(&expected)
    }

    /// Reports that the current token is not what `expected` describes. A
    /// malformed token reports its own problem instead.
    fn expected(&mut self, expected: &str) -> Stop {
        let token = self.tok;
        if token.kind == TokenKind::Error {
            return self.lex_error();
        }
        let found = self.describe(token);
        self.error_at(token.span, format!("expected {expected}, found {found}"))
    }

    fn lex_error(&mut self) -> Stop {
        let token = self.tok;
        let (message, origin) = match self.lexer.error() {
            Some((m, o)) => (m.to_owned(), o),
            None => ("malformed token".to_owned(), None),
        };
        let message = match origin {
            Some(offset) => format!("{message} {}", self.location(offset)),
            None => message,
        };
        let span = match origin {
            Some(offset) => Span::new(offset, token.span.end),
            None => token.span,
        };
        self.error_at(span, message)
    }

    fn describe(&self, token: Token) -> String {
        if token.kind == TokenKind::End {
            return "the end of the text".to_owned();
        }
        let text = self.text(token);
        let mut shown: String = text.chars().take(30).collect();
        if shown.len() < text.len() {
            shown.push('…');
        }
        format!("`{shown}`")
    }

    /// Enters one level of nesting at `span`, refusing to go deeper than
    /// [`MAX_NESTING`].
    fn enter(&mut self, span: Span) -> PResult<()> {
        self.depth += 1;
        if self.depth > self.depth_limit && self.depth_limit < MAX_NESTING {
            self.needs_deep_stack = true;
            return Err(Stop);
        }
        if self.depth > MAX_NESTING {
            return Err(self.error_at(
                span,
                format!(
                    "expression nested more than {MAX_NESTING} levels deep (parentheses, blocks, \
                     braces, literal arrays and chained messages all count); split it using \
                     temporary variables or helper methods"
                ),
            ));
        }
        Ok(())
    }

    /// Enters a bracketed construct opened by the token at `span`.
    fn open_bracket(&mut self, span: Span) -> PResult<()> {
        self.brackets += 1;
        self.enter(span)
    }

    /// Leaves the construct `what` entered by the matching
    /// [`Parser::open_bracket`] at `open`, consuming its closing token
    /// `closer` (shown as `shown`, e.g. `')'`), and answers the span of the
    /// whole construct. When the current token is not the closer, this is
    /// the missing-closer error instead (see [`Parser::missing_closer`]).
    fn close_bracket(
        &mut self,
        closer: TokenKind,
        shown: &str,
        what: &str,
        open: Span,
    ) -> PResult<Span> {
        if !self.at(closer) {
            return Err(self.missing_closer(shown, what, open));
        }
        let close = self.advance();
        self.brackets -= 1;
        self.depth -= 1;
        Ok(open.to(close.span))
    }

    // ----- top level ----------------------------------------------------

    fn method(&mut self) -> PResult<MethodNode> {
        let pattern = self.pattern()?;
        let mut temporaries = None;
        let mut pragmas = Vec::new();
        loop {
            if self.at_binary("<") {
                pragmas.push(self.pragma()?);
            } else if self.at_binary("|") || self.at_binary("||") {
                let open = self.tok;
                let temps = self.temporaries()?;
                if temporaries.is_some() {
                    return Err(self.error_at(
                        open.span,
                        "temporaries are declared twice; declare them all between one pair of bars"
                            .to_owned(),
                    ));
                }
                temporaries = Some(temps);
            } else {
                break;
            }
        }
        let body = self.top_level_statements();
        Ok(MethodNode {
            pattern,
            temporaries: temporaries.unwrap_or_default(),
            pragmas,
            body,
            span: Span::new(0, self.src.len() as u32),
        })
    }

    fn doit(&mut self) -> PResult<DoitNode> {
        let temporaries = if self.at_binary("|") || self.at_binary("||") {
            self.temporaries()?
        } else {
            Vec::new()
        };
        let body = self.top_level_statements();
        Ok(DoitNode {
            temporaries,
            body,
            span: Span::new(0, self.src.len() as u32),
        })
    }

    fn expression_text(&mut self) -> PResult<Expr> {
        if !self.at_primary() {
            return Err(self.expected("an expression"));
        }
        let expr = self.expression()?;
        if !self.at(TokenKind::End) {
            return Err(self.expected("the end of the expression"));
        }
        Ok(expr)
    }

    /// Statements up to the end of the text. After a mistake it skips to the
    /// next period outside brackets and goes on, so one pass reports several
    /// independent mistakes.
    fn top_level_statements(&mut self) -> Vec<Statement> {
        let mut body = Vec::new();
        loop {
            let result = self.statements_into(&mut body).and_then(|()| {
                if self.at(TokenKind::End) {
                    Ok(())
                } else {
                    Err(self.unexpected_after_statement())
                }
            });
            if result.is_ok()
                || self.needs_deep_stack
                || self.errors.len() >= MAX_ERRORS
                || !self.recover()
            {
                return body;
            }
        }
    }

    /// Skips to just after the next period outside every bracket open at
    /// the mistake (so a mistake inside a block skips the rest of the
    /// block); false at the end of the text.
    fn recover(&mut self) -> bool {
        self.depth = 0;
        let mut nesting = std::mem::take(&mut self.brackets);
        loop {
            match self.tok.kind {
                TokenKind::End => return false,
                TokenKind::LeftParen
                | TokenKind::LeftBracket
                | TokenKind::LeftBrace
                | TokenKind::LiteralArrayOpen
                | TokenKind::ByteArrayOpen => nesting += 1,
                TokenKind::RightParen | TokenKind::RightBracket | TokenKind::RightBrace => {
                    nesting = nesting.saturating_sub(1)
                }
                TokenKind::Period if nesting == 0 => {
                    self.advance();
                    return true;
                }
                _ => {}
            }
            self.advance();
        }
    }

    fn unexpected_after_statement(&mut self) -> Stop {
        let token = self.tok;
        let message = match token.kind {
            TokenKind::Error => return self.lex_error(),
            TokenKind::RightParen => "unexpected `)`: no parenthesis is open here".to_owned(),
            TokenKind::RightBracket => "unexpected `]`: no block is open here".to_owned(),
            TokenKind::RightBrace => "unexpected `}`: no brace array is open here".to_owned(),
            TokenKind::Assign if self.prev.kind == TokenKind::Identifier => {
                let name = self.describe(self.prev);
                return self.error_at(
                    self.prev.span,
                    format!(
                        "expected a period before {name} to end the previous statement \
                         (`:=` must follow the variable name that starts a statement)"
                    ),
                );
            }
            _ => format!(
                "expected a period before {} to end the previous statement",
                self.describe(token)
            ),
        };
        self.error_at(token.span, message)
    }

    // ----- declarations -------------------------------------------------

    fn pattern(&mut self) -> PResult<MessagePattern> {
        let start = self.tok.span;
        const HELP: &str = "a message pattern such as `foo`, `+ other` or `at: index put: value`";
        match self.tok.kind {
            TokenKind::Identifier => {
                let t = self.advance();
                Ok(MessagePattern {
                    selector: self.text(t).to_owned(),
                    selector_span: t.span,
                    keyword_spans: Vec::new(),
                    arguments: Vec::new(),
                    span: t.span,
                })
            }
            TokenKind::Binary => {
                let op = self.advance();
                let arg = self.declared_name(&format!(
                    "an argument name after the binary selector `{}`",
                    self.text(op)
                ))?;
                Ok(MessagePattern {
                    selector: self.text(op).to_owned(),
                    selector_span: op.span,
                    keyword_spans: Vec::new(),
                    span: start.to(arg.span),
                    arguments: vec![arg],
                })
            }
            TokenKind::Keyword => {
                let mut selector = String::new();
                let mut parts = Vec::new();
                let mut arguments = Vec::new();
                while self.at(TokenKind::Keyword) {
                    let k = self.advance();
                    selector.push_str(self.text(k));
                    parts.push(k.span);
                    let what = format!("an argument name after `{}`", self.text(k));
                    arguments.push(self.declared_name(&what)?);
                }
                let end = arguments.last().map_or(start, |a| a.span);
                Ok(MessagePattern {
                    selector,
                    selector_span: start.to(*parts.last().unwrap_or(&start)),
                    keyword_spans: parts,
                    arguments,
                    span: start.to(end),
                })
            }
            TokenKind::Error => Err(self.lex_error()),
            _ => Err(self.expected(HELP)),
        }
    }

    fn declared_name(&mut self, what: &str) -> PResult<Identifier> {
        if !self.at(TokenKind::Identifier) {
            return Err(self.expected(what));
        }
        let t = self.advance();
        Ok(Identifier {
            name: self.text(t).to_owned(),
            span: t.span,
        })
    }

    /// `| a b c |` (or `||`); the current token is the opening bar.
    fn temporaries(&mut self) -> PResult<Vec<Identifier>> {
        let open = self.advance();
        if self.text(open) == "||" {
            return Ok(Vec::new());
        }
        self.temporary_names(open)
    }

    /// The names after an opening bar, and the closing bar.
    fn temporary_names(&mut self, open: Token) -> PResult<Vec<Identifier>> {
        let mut names = Vec::new();
        loop {
            match self.tok.kind {
                TokenKind::Identifier => {
                    let t = self.advance();
                    names.push(Identifier {
                        name: self.text(t).to_owned(),
                        span: t.span,
                    });
                }
                TokenKind::Binary if self.text(self.tok) == "|" => {
                    self.advance();
                    return Ok(names);
                }
                _ => {
                    let what = format!(
                        "a temporary variable name or `|` to close the declaration opened at {}",
                        self.location(open.span.start)
                    );
                    return Err(self.expected(&what));
                }
            }
        }
    }

    /// `<primitive: 60>`, `<protected>`, `<foo: 1 bar: #x>`.
    fn pragma(&mut self) -> PResult<Pragma> {
        let open = self.advance();
        let mut selector = String::new();
        let mut arguments = Vec::new();
        match self.tok.kind {
            TokenKind::Identifier => {
                let t = self.advance();
                selector.push_str(self.text(t));
            }
            TokenKind::Keyword => {
                while self.at(TokenKind::Keyword) {
                    let k = self.advance();
                    selector.push_str(self.text(k));
                    let what = format!("a literal argument after `{}` in the pragma", self.text(k));
                    arguments.push(self.pragma_literal(&what)?);
                }
            }
            _ => {
                return Err(
                    self.expected("a pragma such as `<primitive: 60>` or `<protected>` after `<`")
                );
            }
        }
        if !self.at_binary(">") {
            let what = format!(
                "`>` to close the pragma opened at {}",
                self.location(open.span.start)
            );
            return Err(self.expected(&what));
        }
        let close = self.advance();
        Ok(Pragma {
            selector,
            arguments,
            span: open.span.to(close.span),
        })
    }

    fn pragma_literal(&mut self, what: &str) -> PResult<Literal> {
        if self.at(TokenKind::Identifier) {
            let value = match self.text(self.tok) {
                "true" => Literal::Boolean(true),
                "false" => Literal::Boolean(false),
                "nil" => Literal::Nil,
                _ => return Err(self.expected(what)),
            };
            self.advance();
            return Ok(value);
        }
        match self.literal()? {
            Some((literal, _)) => Ok(literal),
            None => Err(self.expected(what)),
        }
    }

    // ----- statements and expressions -------------------------------------

    /// Statements separated by periods, appended to `body`, up to a closing
    /// token (which is not consumed) or a token that cannot continue.
    fn statements_into(&mut self, body: &mut Vec<Statement>) -> PResult<()> {
        loop {
            while self.at(TokenKind::Period) {
                self.advance();
            }
            if is_closer(self.tok.kind) {
                return Ok(());
            }
            body.push(self.statement()?);
            if !self.at(TokenKind::Period) {
                return Ok(());
            }
        }
    }

    fn statement(&mut self) -> PResult<Statement> {
        if self.at(TokenKind::Caret) {
            let caret = self.advance();
            if !self.at_primary() {
                return Err(self.expected("an expression after `^`"));
            }
            let value = self.expression()?;
            return Ok(Statement::Return {
                span: caret.span.to(value.span),
                value,
            });
        }
        if !self.at_primary() {
            return Err(self.expected("a statement"));
        }
        Ok(Statement::Expression(self.expression()?))
    }

    /// An assignment or a cascade (or anything simpler).
    fn expression(&mut self) -> PResult<Expr> {
        let saved = self.depth;
        let result = if self.at(TokenKind::Identifier) && self.peek().kind == TokenKind::Assign {
            // Chained assignments `a := b := c` nest one level each.
            self.enter(self.tok.span)?;
            let t = self.advance();
            self.advance();
            if !self.at_primary() {
                return Err(self.expected("an expression after `:=`"));
            }
            let value = self.expression()?;
            let span = t.span.to(value.span);
            let target = Identifier {
                name: self.text(t).to_owned(),
                span: t.span,
            };
            Ok(Expr::new(
                ExprKind::Assignment {
                    target,
                    value: Box::new(value),
                },
                span,
            ))
        } else {
            self.cascade()
        };
        self.depth = saved;
        result
    }

    fn cascade(&mut self) -> PResult<Expr> {
        let first = self.keyword_expression()?;
        if !self.at(TokenKind::Semicolon) {
            return Ok(first);
        }
        let span_start = first.span;
        let ExprKind::Send(send) = first.kind else {
            return Err(self.error_at(
                self.tok.span,
                "a cascade needs a message before `;`, as in `stream nextPutAll: 'a'; cr`"
                    .to_owned(),
            ));
        };
        let MessageSend { receiver, message } = *send;
        let mut end = message.span;
        let mut parts = vec![vec![message]];
        while self.at(TokenKind::Semicolon) {
            self.advance();
            let part = self.cascade_part()?;
            end = part.last().map_or(end, |m| m.span);
            parts.push(part);
        }
        Ok(Expr::new(
            ExprKind::Cascade(Box::new(Cascade { receiver, parts })),
            span_start.to(end),
        ))
    }

    /// The messages after a `;`: unary messages, then binary ones, then at
    /// most one keyword message, each sent to the previous one's result.
    fn cascade_part(&mut self) -> PResult<Vec<Message>> {
        let saved = self.depth;
        let mut part = Vec::new();
        while self.at(TokenKind::Identifier) {
            self.enter(self.tok.span)?;
            part.push(self.unary_message());
        }
        while self.at(TokenKind::Binary) {
            self.enter(self.tok.span)?;
            part.push(self.binary_message()?);
        }
        if self.at(TokenKind::Keyword) {
            part.push(self.keyword_message()?);
        }
        self.depth = saved;
        if part.is_empty() {
            return Err(self.expected("a message after `;`"));
        }
        Ok(part)
    }

    fn keyword_expression(&mut self) -> PResult<Expr> {
        let receiver = self.binary_expression()?;
        if !self.at(TokenKind::Keyword) {
            return Ok(receiver);
        }
        let message = self.keyword_message()?;
        Ok(send(receiver, message))
    }

    fn keyword_message(&mut self) -> PResult<Message> {
        let start = self.tok.span;
        let mut selector = String::new();
        let mut parts = Vec::new();
        let mut arguments = Vec::new();
        while self.at(TokenKind::Keyword) {
            let k = self.advance();
            selector.push_str(self.text(k));
            parts.push(k.span);
            if !self.at_primary() {
                let what = format!("an argument after `{}`", self.text(k));
                return Err(self.expected(&what));
            }
            arguments.push(self.binary_expression()?);
        }
        let end = arguments.last().map_or(start, |a: &Expr| a.span);
        Ok(Message {
            selector,
            selector_span: start.to(*parts.last().unwrap_or(&start)),
            keyword_spans: parts,
            arguments,
            span: start.to(end),
        })
    }

    fn binary_expression(&mut self) -> PResult<Expr> {
        let saved = self.depth;
        let mut receiver = self.unary_expression()?;
        while self.at(TokenKind::Binary) {
            self.enter(self.tok.span)?;
            let message = self.binary_message()?;
            receiver = send(receiver, message);
        }
        self.depth = saved;
        Ok(receiver)
    }

    fn binary_message(&mut self) -> PResult<Message> {
        let op = self.advance();
        if !self.at_primary() {
            let what = format!("an argument after `{}`", self.text(op));
            return Err(self.expected(&what));
        }
        let argument = self.unary_expression()?;
        Ok(Message {
            selector: self.text(op).to_owned(),
            selector_span: op.span,
            keyword_spans: Vec::new(),
            span: op.span.to(argument.span),
            arguments: vec![argument],
        })
    }

    fn unary_expression(&mut self) -> PResult<Expr> {
        let saved = self.depth;
        let mut receiver = self.primary()?;
        while self.at(TokenKind::Identifier) {
            self.enter(self.tok.span)?;
            let message = self.unary_message();
            receiver = send(receiver, message);
        }
        self.depth = saved;
        Ok(receiver)
    }

    fn unary_message(&mut self) -> Message {
        let t = self.advance();
        Message {
            selector: self.text(t).to_owned(),
            selector_span: t.span,
            keyword_spans: Vec::new(),
            arguments: Vec::new(),
            span: t.span,
        }
    }

    /// A primary; the caller has checked [`Parser::at_primary`].
    fn primary(&mut self) -> PResult<Expr> {
        match self.tok.kind {
            TokenKind::Identifier => {
                let t = self.advance();
                let name = self.text(t);
                let kind = match PseudoVariable::from_name(name) {
                    Some(pseudo) => ExprKind::Pseudo(pseudo),
                    None => ExprKind::Variable(name.to_owned()),
                };
                Ok(Expr::new(kind, t.span))
            }
            TokenKind::LeftParen => {
                let open = self.advance();
                self.open_bracket(open.span)?;
                if !self.at_primary() {
                    return Err(self.expected("an expression after `(`"));
                }
                let inner = self.expression()?;
                let span =
                    self.close_bracket(TokenKind::RightParen, "')'", "parenthesis", open.span)?;
                Ok(Expr::new(ExprKind::Paren(Box::new(inner)), span))
            }
            TokenKind::LeftBracket => self.block(),
            TokenKind::LeftBrace => self.brace(),
            _ => match self.literal()? {
                Some((literal, span)) => Ok(Expr::new(ExprKind::Literal(literal), span)),
                None => Err(self.expected("an expression")),
            },
        }
    }

    fn block(&mut self) -> PResult<Expr> {
        let open = self.advance();
        self.open_bracket(open.span)?;
        let mut parameters = Vec::new();
        while self.at(TokenKind::Colon) {
            self.advance();
            parameters.push(self.declared_name("a block parameter name after `:`")?);
        }
        let mut temporaries = Vec::new();
        if !parameters.is_empty() {
            if self.at_binary("||") {
                // `[:x || t | …]`: the bar ending the parameters and the
                // one opening the temporaries, written together.
                let bars = self.advance();
                temporaries = self.temporary_names(bars)?;
            } else if self.at_binary("|") {
                self.advance();
            } else if !self.at(TokenKind::RightBracket) {
                return Err(self.expected("`|` after the block parameters"));
            }
        }
        if self.at_binary("|") || self.at_binary("||") {
            temporaries = self.temporaries()?;
        }
        let mut body = Vec::new();
        self.statements_into(&mut body)?;
        // A malformed token reports its own problem, and the block stays
        // open, so recovery skips the rest of it.
        if self.at(TokenKind::Error) {
            return Err(self.lex_error());
        }
        let span = self.close_bracket(TokenKind::RightBracket, "']'", "block", open.span)?;
        Ok(Expr::new(
            ExprKind::Block(Box::new(Block {
                parameters,
                temporaries,
                body,
            })),
            span,
        ))
    }

    fn brace(&mut self) -> PResult<Expr> {
        let open = self.advance();
        self.open_bracket(open.span)?;
        let mut elements = Vec::new();
        loop {
            while self.at(TokenKind::Period) {
                self.advance();
            }
            if !self.at_primary() {
                break;
            }
            elements.push(self.expression()?);
            if !self.at(TokenKind::Period) {
                break;
            }
        }
        let span = self.close_bracket(TokenKind::RightBrace, "'}'", "brace array", open.span)?;
        Ok(Expr::new(ExprKind::Brace(elements), span))
    }

    // ----- literals -----------------------------------------------------

    /// A literal at the current token, or `None` (nothing consumed) if the
    /// token does not start one.
    fn literal(&mut self) -> PResult<Option<(Literal, Span)>> {
        let t = self.tok;
        let text = self.text(t);
        let literal = match t.kind {
            TokenKind::Number => {
                self.advance();
                return self.number(t, false, t.span).map(Some);
            }
            TokenKind::Binary if self.at_negative_number() => {
                self.advance();
                let number = self.advance();
                return self.number(number, true, t.span.to(number.span)).map(Some);
            }
            TokenKind::String => Literal::String(unquote(&text[1..])),
            TokenKind::QuotedSymbol => Literal::Symbol(unquote(&text[2..])),
            TokenKind::Symbol => Literal::Symbol(text[1..].to_owned()),
            TokenKind::Character => Literal::Character(text[1..].chars().next().unwrap_or(' ')),
            TokenKind::LiteralArrayOpen => {
                self.advance();
                return self.literal_array(t).map(Some);
            }
            TokenKind::ByteArrayOpen => {
                self.advance();
                return self.byte_array(t).map(Some);
            }
            TokenKind::Error => return Err(self.lex_error()),
            _ => return Ok(None),
        };
        self.advance();
        Ok(Some((literal, t.span)))
    }

    fn number(&mut self, t: Token, negative: bool, span: Span) -> PResult<(Literal, Span)> {
        match number_value(self.text(t), negative) {
            Ok(value) => Ok((value, span)),
            Err(message) => Err(self.error_at(span, message)),
        }
    }

    /// The elements of `#( … )` after the opening token `open`.
    fn literal_array(&mut self, open: Token) -> PResult<(Literal, Span)> {
        self.open_bracket(open.span)?;
        let mut elements = Vec::new();
        loop {
            let t = self.tok;
            match t.kind {
                TokenKind::RightParen | TokenKind::End => break,
                TokenKind::LeftParen => {
                    self.advance();
                    elements.push(self.literal_array(t)?.0);
                }
                TokenKind::Identifier => {
                    self.advance();
                    elements.push(match self.text(t) {
                        "true" => Literal::Boolean(true),
                        "false" => Literal::Boolean(false),
                        "nil" => Literal::Nil,
                        name => Literal::Symbol(name.to_owned()),
                    });
                }
                TokenKind::Keyword => {
                    // `foo:bar:` arrives as two keyword tokens; written
                    // without a space they are one symbol.
                    let mut end = self.advance().span.end;
                    while self.at(TokenKind::Keyword) && self.tok.span.start == end {
                        end = self.advance().span.end;
                    }
                    let text = Span::new(t.span.start, end).text(self.src);
                    elements.push(Literal::Symbol(text.to_owned()));
                }
                TokenKind::Binary if !self.at_negative_number() => {
                    self.advance();
                    elements.push(Literal::Symbol(self.text(t).to_owned()));
                }
                _ => match self.literal()? {
                    Some((literal, _)) => elements.push(literal),
                    None => {
                        let found = self.describe(t);
                        return Err(self.error_at(
                            t.span,
                            format!(
                                "{found} cannot appear in a literal array; elements are \
                                 numbers, characters, strings, symbols, true, false, nil and \
                                 nested arrays"
                            ),
                        ));
                    }
                },
            }
        }
        let span = self.close_bracket(TokenKind::RightParen, "')'", "literal array", open.span)?;
        Ok((Literal::Array(elements), span))
    }

    /// The elements of `#[ … ]` after the opening token `open`.
    fn byte_array(&mut self, open: Token) -> PResult<(Literal, Span)> {
        // Only numbers go inside, so it nests nothing: it is a bracket for
        // recovery but no nesting level, and closes without
        // `close_bracket`.
        self.brackets += 1;
        let mut bytes = Vec::new();
        loop {
            let t = self.tok;
            match t.kind {
                TokenKind::RightBracket => break,
                TokenKind::Number => {
                    self.advance();
                    let text = self.text(t);
                    let value = match number_value(text, false) {
                        Ok(Literal::Integer(n)) => u8::try_from(&n).ok(),
                        _ => None,
                    };
                    match value {
                        Some(b) => bytes.push(b),
                        None => {
                            return Err(self.error_at(
                                t.span,
                                format!(
                                    "byte array elements must be integers from 0 to 255; \
                                     found `{text}`"
                                ),
                            ));
                        }
                    }
                }
                TokenKind::End => {
                    return Err(self.missing_closer("']'", "byte array", open.span));
                }
                TokenKind::Error => return Err(self.lex_error()),
                _ => {
                    let found = self.describe(t);
                    return Err(self.error_at(
                        t.span,
                        format!(
                            "byte array elements must be integers from 0 to 255; found {found}"
                        ),
                    ));
                }
            }
        }
        let close = self.advance();
        self.brackets -= 1;
        Ok((Literal::ByteArray(bytes), open.span.to(close.span)))
    }
}

fn send(receiver: Expr, message: Message) -> Expr {
    let span = receiver.span.to(message.span);
    Expr::new(
        ExprKind::Send(Box::new(MessageSend { receiver, message })),
        span,
    )
}

/// The contents of a quoted literal given the text after its opening quote
/// (closing quote included), with each doubled quote made single.
fn unquote(after_open: &str) -> String {
    let inner = &after_open[..after_open.len().saturating_sub(1)];
    if inner.contains('\'') {
        inner.replace("''", "'")
    } else {
        inner.to_owned()
    }
}
