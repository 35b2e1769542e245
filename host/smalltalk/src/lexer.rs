//! The tokenizer.
//!
//! [`Lexer`] cuts source text into [`Token`]s on demand. A token is only a
//! kind and a byte range: the text is sliced from the source when needed and
//! literal values are computed by the parser, so lexing allocates nothing.
//! Comments and white space are skipped. A malformed token (an unterminated
//! string, a stray character) becomes a [`TokenKind::Error`] token and the
//! reason is available from [`Lexer::error`].

use crate::span::Span;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// An identifier: `foo`, `Foo_bar2`, also `self`, `true`, … .
    Identifier,
    /// A keyword: an identifier immediately followed by a colon, `at:`.
    Keyword,
    /// A binary operator: one or more of `+-*/\<>=~@%&?,|!`.
    Binary,
    /// A number in any of its forms: `42`, `16r1F`, `1.5e3`, `1.23s2`.
    Number,
    /// A character literal `$a`.
    Character,
    /// A string literal `'…'`, quotes included.
    String,
    /// A symbol literal `#foo`, `#at:put:`, `#+` (not quoted).
    Symbol,
    /// A quoted symbol literal `#'…'`.
    QuotedSymbol,
    /// `#(`, opening a literal array.
    LiteralArrayOpen,
    /// `#[`, opening a byte array.
    ByteArrayOpen,
    /// `(`.
    LeftParen,
    /// `)`.
    RightParen,
    /// `[`.
    LeftBracket,
    /// `]`.
    RightBracket,
    /// `{`.
    LeftBrace,
    /// `}`.
    RightBrace,
    /// `^`.
    Caret,
    /// `.`.
    Period,
    /// `;`.
    Semicolon,
    /// `:` not part of a keyword or assignment, as before block parameters.
    Colon,
    /// `:=`.
    Assign,
    /// A `#` that starts nothing valid.
    Hash,
    /// The end of the text.
    End,
    /// Malformed text; see [`Lexer::error`].
    Error,
}

/// One token: its kind and the bytes it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// The kind of token.
    pub kind: TokenKind,
    /// The bytes of the token in the source.
    pub span: Span,
}

impl Token {
    /// The token's text in `source` (the text the lexer was made from).
    pub fn text(self, source: &str) -> &str {
        self.span.text(source)
    }
}

/// Produces the tokens of a source text one at a time.
///
/// ```
/// use gs_smalltalk::lexer::{Lexer, TokenKind};
/// let kinds: Vec<TokenKind> = Lexer::new("x := 3 + 4").map(|t| t.kind).collect();
/// assert_eq!(kinds, [TokenKind::Identifier, TokenKind::Assign, TokenKind::Number,
///                    TokenKind::Binary, TokenKind::Number]);
/// ```
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    error: Option<String>,
    error_origin: Option<u32>,
}

/// Whether `b` may appear in a binary operator.
pub(crate) fn is_binary_char(b: u8) -> bool {
    matches!(
        b,
        b'+' | b'-'
            | b'*'
            | b'/'
            | b'\\'
            | b'<'
            | b'>'
            | b'='
            | b'~'
            | b'@'
            | b'%'
            | b'&'
            | b'?'
            | b','
            | b'|'
            | b'!'
    )
}

/// Whether `b` may start an identifier.
pub(crate) fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

/// Whether `b` may continue an identifier.
pub(crate) fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Whether `text` has the form of a selector: unary (`foo`), binary (`+`)
/// or keyword (`at:put:`). Exactly these symbols can be written without
/// quotes.
pub(crate) fn is_selector_like(text: &str) -> bool {
    let bytes = text.as_bytes();
    let Some(&first) = bytes.first() else {
        return false;
    };
    if is_binary_char(first) {
        return bytes.iter().all(|&b| is_binary_char(b));
    }
    if !is_ident_start(first) {
        return false;
    }
    if !text.contains(':') {
        return bytes.iter().all(|&b| is_ident_char(b));
    }
    // Keyword form: one or more `identifier:`.
    text.ends_with(':')
        && text[..text.len() - 1].split(':').all(|part| {
            part.as_bytes().first().is_some_and(|&b| is_ident_start(b))
                && part.bytes().all(is_ident_char)
        })
}

impl<'a> Lexer<'a> {
    /// A lexer positioned at the start of `src` (after a byte-order mark, if
    /// the text starts with one).
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src,
            bytes: src.as_bytes(),
            pos: if src.starts_with('\u{FEFF}') { 3 } else { 0 },
            error: None,
            error_origin: None,
        }
    }

    /// Why the last [`TokenKind::Error`] token is malformed, and for an
    /// unterminated string, symbol or comment the byte offset where it
    /// started (the message then ends with "started at" and the caller adds
    /// the position in the form it prefers).
    pub fn error(&self) -> Option<(&str, Option<u32>)> {
        self.error.as_deref().map(|m| (m, self.error_origin))
    }

    /// The byte offset of the next unread character.
    pub fn position(&self) -> u32 {
        self.pos as u32
    }

    fn peek_at(&self, i: usize) -> u8 {
        self.bytes.get(i).copied().unwrap_or(0)
    }

    /// Skips white space and comments. Returns an error token for an
    /// unterminated comment.
    fn skip_trivia(&mut self) -> Option<Token> {
        loop {
            while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if self.peek_at(self.pos) != b'"' {
                return None;
            }
            let start = self.pos;
            match memchr::memchr(b'"', &self.bytes[start + 1..]) {
                Some(i) => self.pos = start + 1 + i + 1,
                None => {
                    self.pos = self.bytes.len();
                    self.error = Some("unterminated comment started at".to_owned());
                    self.error_origin = Some(start as u32);
                    return Some(self.token(TokenKind::Error, start));
                }
            }
        }
    }

    fn token(&self, kind: TokenKind, start: usize) -> Token {
        Token {
            kind,
            span: Span::new(start as u32, self.pos as u32),
        }
    }

    fn fail(&mut self, start: usize, message: String) -> Token {
        self.error = Some(message);
        self.token(TokenKind::Error, start)
    }

    /// Reads the next token; at the end of the text, [`TokenKind::End`]
    /// forever.
    pub fn next_token(&mut self) -> Token {
        if let Some(error) = self.skip_trivia() {
            return error;
        }
        let start = self.pos;
        let Some(&b) = self.bytes.get(start) else {
            return self.token(TokenKind::End, start);
        };
        if is_ident_start(b) {
            self.scan_identifier();
            // `foo:` is a keyword unless the colon begins `:=`.
            if self.peek_at(self.pos) == b':' && self.peek_at(self.pos + 1) != b'=' {
                self.pos += 1;
                return self.token(TokenKind::Keyword, start);
            }
            return self.token(TokenKind::Identifier, start);
        }
        if b.is_ascii_digit() {
            return self.scan_number(start);
        }
        self.pos += 1;
        let kind = match b {
            b'(' => TokenKind::LeftParen,
            b')' => TokenKind::RightParen,
            b'[' => TokenKind::LeftBracket,
            b']' => TokenKind::RightBracket,
            b'{' => TokenKind::LeftBrace,
            b'}' => TokenKind::RightBrace,
            b'^' => TokenKind::Caret,
            b'.' => TokenKind::Period,
            b';' => TokenKind::Semicolon,
            b':' => {
                if self.peek_at(self.pos) == b'=' {
                    self.pos += 1;
                    TokenKind::Assign
                } else {
                    TokenKind::Colon
                }
            }
            b'\'' => return self.scan_string(start, TokenKind::String, "string"),
            b'$' => return self.scan_character(start),
            b'#' => return self.scan_hash(start),
            _ if is_binary_char(b) => {
                self.scan_binary_rest();
                TokenKind::Binary
            }
            _ => {
                self.pos = start;
                let c = self.src[start..].chars().next().unwrap_or('\u{FFFD}');
                self.pos += c.len_utf8();
                let message = if c.is_control() || c == '\u{FFFD}' {
                    format!(
                        "unexpected character U+{:04X}; source text must be Smalltalk code",
                        c as u32
                    )
                } else {
                    format!("unexpected character `{c}`")
                };
                return self.fail(start, message);
            }
        };
        self.token(kind, start)
    }

    fn scan_identifier(&mut self) {
        while self.pos < self.bytes.len() && is_ident_char(self.bytes[self.pos]) {
            self.pos += 1;
        }
    }

    /// Continues a binary operator whose first character was consumed. A `-`
    /// directly before a digit is left alone: in `3+-4` it is the sign of
    /// `-4`, not part of the operator.
    fn scan_binary_rest(&mut self) {
        while let Some(&c) = self.bytes.get(self.pos) {
            if !is_binary_char(c) || (c == b'-' && self.peek_at(self.pos + 1).is_ascii_digit()) {
                break;
            }
            self.pos += 1;
        }
    }

    fn scan_digits(&mut self) -> usize {
        let from = self.pos;
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        self.pos - from
    }

    /// Scans a number's extent; its value is computed by the parser. Forms:
    /// `123`, `16r1F`, `16r-1F`, `1.5`, `1e10`, `1.5e-3`, `1.5d0`, `1.5q0`,
    /// `1.23s2`, `3s`.
    fn scan_number(&mut self, start: usize) -> Token {
        self.scan_digits();
        if self.peek_at(self.pos) == b'r' {
            let after = self.pos + 1;
            let digit_at = if self.peek_at(after) == b'-' {
                after + 1
            } else {
                after
            };
            if self.peek_at(digit_at).is_ascii_alphanumeric() {
                self.pos = digit_at;
                while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_alphanumeric() {
                    self.pos += 1;
                }
                return self.token(TokenKind::Number, start);
            }
            return self.token(TokenKind::Number, start);
        }
        let mut fractional = false;
        if self.peek_at(self.pos) == b'.' && self.peek_at(self.pos + 1).is_ascii_digit() {
            self.pos += 1;
            self.scan_digits();
            fractional = true;
        }
        let letter = self.peek_at(self.pos);
        if matches!(letter, b'e' | b'd' | b'q') {
            let mut at = self.pos + 1;
            if self.peek_at(at) == b'-' {
                at += 1;
            }
            if self.peek_at(at).is_ascii_digit() {
                self.pos = at;
                self.scan_digits();
                return self.token(TokenKind::Number, start);
            }
            // `1.0d` with no exponent digits is still a Float in GemStone.
            if letter != b'e' && fractional && !is_ident_char(self.peek_at(self.pos + 1)) {
                self.pos += 1;
            }
            return self.token(TokenKind::Number, start);
        }
        if letter == b's' {
            let mut at = self.pos + 1;
            while self.peek_at(at).is_ascii_digit() {
                at += 1;
            }
            if !is_ident_char(self.peek_at(at)) {
                self.pos = at;
            }
        }
        self.token(TokenKind::Number, start)
    }

    /// Scans a quoted literal whose opening quote was consumed; `''` stands
    /// for one quote.
    fn scan_string(&mut self, start: usize, kind: TokenKind, what: &str) -> Token {
        loop {
            match memchr::memchr(b'\'', &self.bytes[self.pos..]) {
                None => {
                    self.pos = self.bytes.len();
                    self.error_origin = Some(start as u32);
                    return self.fail(start, format!("unterminated {what} started at"));
                }
                Some(i) => {
                    self.pos += i + 1;
                    if self.peek_at(self.pos) == b'\'' {
                        self.pos += 1;
                    } else {
                        return self.token(kind, start);
                    }
                }
            }
        }
    }

    fn scan_character(&mut self, start: usize) -> Token {
        match self.src[self.pos..].chars().next() {
            Some(c) => {
                self.pos += c.len_utf8();
                self.token(TokenKind::Character, start)
            }
            None => self.fail(
                start,
                "`$` at the end of the text; a character literal needs a character after `$`, as in `$a`".to_owned(),
            ),
        }
    }

    fn scan_hash(&mut self, start: usize) -> Token {
        let b = self.peek_at(self.pos);
        match b {
            b'(' => {
                self.pos += 1;
                self.token(TokenKind::LiteralArrayOpen, start)
            }
            b'[' => {
                self.pos += 1;
                self.token(TokenKind::ByteArrayOpen, start)
            }
            b'\'' => {
                self.pos += 1;
                self.scan_string(start, TokenKind::QuotedSymbol, "quoted symbol")
            }
            _ if is_ident_start(b) => {
                // `#at:put:` and even `#foo:bar` are one symbol.
                while let Some(&c) = self.bytes.get(self.pos) {
                    if is_ident_char(c) || (c == b':' && self.peek_at(self.pos + 1) != b'=') {
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                self.token(TokenKind::Symbol, start)
            }
            _ if is_binary_char(b) => {
                self.pos += 1;
                self.scan_binary_rest();
                self.token(TokenKind::Symbol, start)
            }
            _ => self.token(TokenKind::Hash, start),
        }
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    /// Yields tokens up to, not including, [`TokenKind::End`]; stops after
    /// the first [`TokenKind::Error`].
    fn next(&mut self) -> Option<Token> {
        if self.error.is_some() {
            return None;
        }
        let token = self.next_token();
        (token.kind != TokenKind::End).then_some(token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(src: &str, expected: &[(TokenKind, &str)]) {
        let tokens: Vec<(TokenKind, &str)> =
            Lexer::new(src).map(|t| (t.kind, t.text(src))).collect();
        assert_eq!(tokens, expected, "tokens of {src:?}");
    }

    #[test]
    fn tokens() {
        use TokenKind::*;
        check(
            "at: 1 put: x",
            &[
                (Keyword, "at:"),
                (Number, "1"),
                (Keyword, "put:"),
                (Identifier, "x"),
            ],
        );
        check(
            "x:=y_z",
            &[(Identifier, "x"), (Assign, ":="), (Identifier, "y_z")],
        );
        check(
            "3+-4",
            &[(Number, "3"), (Binary, "+"), (Binary, "-"), (Number, "4")],
        );
        check(
            "a >= b",
            &[(Identifier, "a"), (Binary, ">="), (Identifier, "b")],
        );
        check(
            "1.5e-3 2r101 16r-1F 1.23s2 3s 1.0d0",
            &[
                (Number, "1.5e-3"),
                (Number, "2r101"),
                (Number, "16r-1F"),
                (Number, "1.23s2"),
                (Number, "3s"),
                (Number, "1.0d0"),
            ],
        );
        check(
            "x := 1. y",
            &[
                (Identifier, "x"),
                (Assign, ":="),
                (Number, "1"),
                (Period, "."),
                (Identifier, "y"),
            ],
        );
        check(
            "2 exp 3 sqrt",
            &[
                (Number, "2"),
                (Identifier, "exp"),
                (Number, "3"),
                (Identifier, "sqrt"),
            ],
        );
        check(
            "#foo #at:put: #+ #'a b' #( #[",
            &[
                (Symbol, "#foo"),
                (Symbol, "#at:put:"),
                (Symbol, "#+"),
                (QuotedSymbol, "#'a b'"),
                (LiteralArrayOpen, "#("),
                (ByteArrayOpen, "#["),
            ],
        );
        check(
            "$' $  'it''s' \"comment\" [:x | ^x]",
            &[
                (Character, "$'"),
                (Character, "$ "),
                (String, "'it''s'"),
                (LeftBracket, "["),
                (Colon, ":"),
                (Identifier, "x"),
                (Binary, "|"),
                (Caret, "^"),
                (Identifier, "x"),
                (RightBracket, "]"),
            ],
        );
    }

    #[test]
    fn errors() {
        let mut lexer = Lexer::new("  'abc");
        assert_eq!(lexer.next_token().kind, TokenKind::Error);
        assert_eq!(
            lexer.error(),
            Some(("unterminated string started at", Some(2)))
        );
        let mut lexer = Lexer::new("\"abc");
        assert_eq!(lexer.next_token().kind, TokenKind::Error);
        assert_eq!(
            lexer.error(),
            Some(("unterminated comment started at", Some(0)))
        );
        let mut lexer = Lexer::new("\u{0}");
        assert_eq!(lexer.next_token().kind, TokenKind::Error);
    }
}
