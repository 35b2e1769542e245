//! The parser of the answers the backend's Smalltalk writes: the framing
//! documented at the top of `smalltalk.rs` (length-prefixed values, lengths
//! counted in characters). Malformed text is an error naming what was
//! wrong and where, never a panic.

use std::fmt;

/// One framed value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// `n`
    Nil,
    /// `t` or `f`
    Bool(bool),
    /// `i<decimal digits, maybe a leading minus>;`
    Int(i64),
    /// `s<count>:<count characters>`
    Str(String),
    /// `l<count>:<count values>`
    List(Vec<Value>),
}

/// What was malformed, and at which character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WireError {
    /// The character offset where parsing failed.
    pub at: usize,
    /// What was expected or wrong there.
    pub what: String,
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the stone's answer is malformed at character {}: {}",
            self.at, self.what
        )
    }
}

/// Nesting deeper than this is refused (no answer of the backend nests
/// more than four levels).
const MAX_DEPTH: usize = 32;

/// Parses one whole answer: exactly one value and nothing after it. It
/// walks the text in place (no copy of it as characters), so a call's
/// memory is the answer and the values it holds.
pub fn parse(text: &str) -> Result<Value, WireError> {
    let mut p = Parser {
        text,
        byte: 0,
        pos: 0,
    };
    let v = p.value(0)?;
    if p.byte != text.len() {
        return Err(p.error(format!(
            "{} characters follow the answer",
            text[p.byte..].chars().count()
        )));
    }
    Ok(v)
}

struct Parser<'a> {
    text: &'a str,
    /// The byte offset of the next character.
    byte: usize,
    /// The character offset of the next character (for error messages).
    pos: usize,
}

impl Parser<'_> {
    fn error(&self, what: impl Into<String>) -> WireError {
        WireError {
            at: self.pos,
            what: what.into(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.byte..].chars().next()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.byte += c.len_utf8();
        self.pos += 1;
        Some(c)
    }

    /// Decimal digits up to `end`, which is consumed.
    fn number(&mut self, end: char) -> Result<i64, WireError> {
        let start = self.pos;
        let mut text = String::new();
        loop {
            match self.peek() {
                Some(c) if c == end => {
                    self.next();
                    break;
                }
                Some(c) if (c.is_ascii_digit() || (c == '-' && text.is_empty())) => {
                    self.next();
                    text.push(c);
                }
                Some(c) => {
                    return Err(self.error(format!("expected a digit or `{end}`, found {c:?}")));
                }
                None => {
                    return Err(self.error(format!("the answer ends inside a number (no `{end}`)")));
                }
            }
        }
        text.parse().map_err(|_| WireError {
            at: start,
            what: format!("{text:?} is not a number"),
        })
    }

    fn count(&mut self) -> Result<usize, WireError> {
        let at = self.pos;
        let n = self.number(':')?;
        usize::try_from(n).map_err(|_| WireError {
            at,
            what: format!("a count of {n}"),
        })
    }

    /// The next `n` characters, as a string.
    fn string(&mut self, n: usize) -> Result<Value, WireError> {
        let rest = &self.text[self.byte..];
        let end = if n == 0 {
            Some(0)
        } else {
            rest.char_indices()
                .nth(n - 1)
                .map(|(i, c)| i + c.len_utf8())
        };
        let Some(end) = end else {
            return Err(self.error(format!(
                "a string of {n} characters, but only {} follow",
                rest.chars().count()
            )));
        };
        self.byte += end;
        self.pos += n;
        Ok(Value::Str(rest[..end].to_string()))
    }

    fn value(&mut self, depth: usize) -> Result<Value, WireError> {
        if depth > MAX_DEPTH {
            return Err(self.error(format!("nested more than {MAX_DEPTH} levels")));
        }
        match self.peek() {
            Some(c) if "ntfisl".contains(c) => {
                self.next();
            }
            Some(c) => {
                return Err(self.error(format!("expected a value (n t f i s l), found {c:?}")));
            }
            None => return Err(self.error("the answer ends where a value was expected")),
        }
        match self.text.as_bytes()[self.byte - 1] {
            b'n' => Ok(Value::Nil),
            b't' => Ok(Value::Bool(true)),
            b'f' => Ok(Value::Bool(false)),
            b'i' => self.number(';').map(Value::Int),
            b's' => {
                let n = self.count()?;
                self.string(n)
            }
            _ => {
                let n = self.count()?;
                // Each value takes at least one byte.
                if n > self.text.len() - self.byte {
                    return Err(self.error(format!("a list of {n} values in a shorter text")));
                }
                let mut items = Vec::with_capacity(n);
                for _ in 0..n {
                    items.push(self.value(depth + 1)?);
                }
                Ok(Value::List(items))
            }
        }
    }
}

impl Value {
    /// A short name of the kind of value, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Nil => "nil",
            Value::Bool(_) => "a boolean",
            Value::Int(_) => "an integer",
            Value::Str(_) => "a string",
            Value::List(_) => "a list",
        }
    }
}

/// Reads the fields of a list one by one, naming what it expected when a
/// field is missing or of the wrong kind.
#[derive(Debug)]
pub struct Fields {
    items: std::vec::IntoIter<Value>,
    what: &'static str,
    index: usize,
}

impl Fields {
    /// The fields of `value`, which must be a list; `what` names it in
    /// errors.
    pub fn of(value: Value, what: &'static str) -> Result<Fields, String> {
        match value {
            Value::List(items) => Ok(Fields {
                items: items.into_iter(),
                what,
                index: 0,
            }),
            other => Err(format!("{what} should be a list but is {}", other.kind())),
        }
    }

    fn field(&mut self) -> Result<Value, String> {
        self.index += 1;
        self.items
            .next()
            .ok_or_else(|| format!("{} has no field {}", self.what, self.index))
    }

    fn wrong(&self, expected: &str, found: &Value) -> String {
        format!(
            "field {} of {} should be {expected} but is {}",
            self.index,
            self.what,
            found.kind()
        )
    }

    /// The next field, as a string.
    pub fn str(&mut self) -> Result<String, String> {
        match self.field()? {
            Value::Str(s) => Ok(s),
            other => Err(self.wrong("a string", &other)),
        }
    }

    /// The next field, a string or nil.
    pub fn opt_str(&mut self) -> Result<Option<String>, String> {
        match self.field()? {
            Value::Str(s) => Ok(Some(s)),
            Value::Nil => Ok(None),
            other => Err(self.wrong("a string or nil", &other)),
        }
    }

    /// The next field, as a boolean.
    pub fn bool(&mut self) -> Result<bool, String> {
        match self.field()? {
            Value::Bool(b) => Ok(b),
            other => Err(self.wrong("a boolean", &other)),
        }
    }

    /// The next field, as an integer.
    pub fn int(&mut self) -> Result<i64, String> {
        match self.field()? {
            Value::Int(i) => Ok(i),
            other => Err(self.wrong("an integer", &other)),
        }
    }

    /// The next field, a list of strings.
    pub fn strs(&mut self) -> Result<Vec<String>, String> {
        let what = self.what;
        let list = self.list()?;
        list.into_iter()
            .map(|v| match v {
                Value::Str(s) => Ok(s),
                other => Err(format!(
                    "a list in {what} should hold strings but holds {}",
                    other.kind()
                )),
            })
            .collect()
    }

    /// The next field, a list.
    pub fn list(&mut self) -> Result<Vec<Value>, String> {
        match self.field()? {
            Value::List(l) => Ok(l),
            other => Err(self.wrong("a list", &other)),
        }
    }

    /// True if the next field is nil.
    pub fn next_is_nil(&self) -> bool {
        matches!(self.items.as_slice().first(), Some(Value::Nil))
    }

    /// Skips the next field.
    pub fn skip(&mut self) -> Result<(), String> {
        self.field().map(|_| ())
    }

    /// The fields not read yet.
    pub fn rest(self) -> Vec<Value> {
        self.items.collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Value {
        Value::Str(x.into())
    }

    #[test]
    fn every_kind_of_value_parses() {
        let v = parse("l6:s2:oknti-42;l2:s0:fs3:a:b").unwrap();
        assert_eq!(
            v,
            Value::List(vec![
                s("ok"),
                Value::Nil,
                Value::Bool(true),
                Value::Int(-42),
                Value::List(vec![s(""), Value::Bool(false)]),
                s("a:b"),
            ])
        );
    }

    #[test]
    fn lengths_count_characters_not_bytes() {
        // Two- and four-byte UTF-8 characters (a Unicode16 and a Unicode32
        // string on the stone) count one each.
        let v = parse("l2:s3:é€𝄞s2:''").unwrap();
        assert_eq!(v, Value::List(vec![s("é€𝄞"), s("''")]));
        // Framing characters inside a string are just characters.
        assert_eq!(parse("s5:l9:s1").unwrap(), s("l9:s1"));
    }

    #[test]
    fn large_answers_parse() {
        let big = "x".repeat(3_000_000);
        let text = format!("l1:s{}:{big}", big.len());
        let Value::List(items) = parse(&text).unwrap() else {
            panic!("a list")
        };
        assert_eq!(items[0], Value::Str(big));
    }

    #[test]
    fn malformed_answers_name_what_is_wrong() {
        let cases = [
            ("", "ends where a value was expected"),
            ("s5:abc", "only 3 follow"),
            ("s-1:", "a count of -1"),
            ("sx:", "expected a digit"),
            ("s3", "ends inside a number"),
            ("i12", "ends inside a number"),
            ("i-;", "is not a number"),
            ("i1-2;", "expected a digit"),
            ("l2:s0:", "ends where a value was expected"),
            ("l3:nn", "a list of 3 values in a shorter text"),
            ("l99999999999:n", "a list of 99999999999 values"),
            ("nn", "1 characters follow"),
            ("q", "found 'q'"),
            ("s99999999999999999999999:", "is not a number"),
        ];
        for (text, words) in cases {
            let e = parse(text).unwrap_err().to_string();
            assert!(e.contains(words), "{text:?}: {e}");
            assert!(e.starts_with("the stone's answer is malformed"), "{e}");
        }
        let deep = "l1:".repeat(100) + "n";
        assert!(parse(&deep).unwrap_err().to_string().contains("nested"));
    }

    #[test]
    fn fields_name_the_missing_or_wrong_field() {
        let mut f = Fields::of(parse("l2:s1:ai3;").unwrap(), "a class").unwrap();
        assert_eq!(f.str().unwrap(), "a");
        assert_eq!(
            f.str().unwrap_err(),
            "field 2 of a class should be a string but is an integer"
        );
        assert_eq!(f.int().unwrap_err(), "a class has no field 3");
        assert!(Fields::of(Value::Nil, "x").is_err());
        let mut f = Fields::of(parse("l1:l2:s1:an").unwrap(), "names").unwrap();
        assert!(f.strs().unwrap_err().contains("should hold strings"));
    }
}
