//! The reader: Topaz text to [`Command`]s.
//!
//! Topaz is line oriented, so the reader walks lines, never characters of
//! Smalltalk: it recognises the command word at the start of each line
//! (case-insensitively, as Topaz does) and, for block commands, collects the
//! body verbatim up to the `%` line. A bad line is reported with its number
//! and skipped, so one mistake does not hide the rest of the file.

use crate::{Body, Command, CommandKind, MethodSide};

/// A problem found while reading, at a 1-based line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ReadError {
    /// Where the problem is.
    pub line: usize,
    /// What is wrong and what to do about it.
    pub message: String,
}

/// What [`read`] found: every command it could read, and every problem.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reading {
    /// The commands, in file order.
    pub commands: Vec<Command>,
    /// The lines that could not be read, in file order.
    pub errors: Vec<ReadError>,
}

/// Topaz directives the reader keeps as [`CommandKind::Other`]. Any other
/// leading word is reported, because a line Topaz would not understand
/// almost always means the file is damaged or a `%` is missing.
const OTHER_DIRECTIVES: &[&str] = &[
    "begin",
    "break",
    "c",
    "continue",
    "display",
    "down",
    "edit",
    "env",
    "errorcount",
    "exec",
    "exit",
    "expecterror",
    "frame",
    "gcitrace",
    "help",
    "hierarchy",
    "iferr",
    "iferr_clear",
    "iferr_list",
    "iferror",
    "implementors",
    "inspect",
    "interp",
    "level",
    "limit",
    "list",
    "login",
    "logout",
    "lookup",
    "obj1",
    "obj2",
    "omit",
    "output",
    "pauseonerror",
    "protectmethods",
    "quit",
    "release",
    "send",
    "senders",
    "shell",
    "stack",
    "status",
    "stk",
    "strings",
    "temporaries",
    "time",
    "unset",
    "up",
    "where",
];

/// Reads Topaz text into commands.
///
/// Line breaks may be `\n` or `\r\n`; block bodies keep whatever the file
/// has. Blank lines between commands carry no meaning and are dropped.
pub fn read(text: &str) -> Reading {
    let mut reading = Reading::default();
    let mut lines = Lines::new(text);
    while let Some((line_no, raw)) = lines.next_line() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = raw.trim_start().strip_prefix('!') {
            reading.commands.push(Command {
                line: line_no,
                kind: CommandKind::Comment(comment.trim_end_matches('\r').to_string()),
            });
            continue;
        }
        let (word, rest) = split_word(line);
        let lower = word.to_ascii_lowercase();
        let kind = match lower.as_str() {
            "doit" | "printit" | "run" if rest.is_empty() => {
                match block_body(&mut lines, line_no, &lower) {
                    Ok(body) => match lower.as_str() {
                        "doit" => CommandKind::Doit(body),
                        "printit" => CommandKind::Printit(body),
                        _ => CommandKind::Run(body),
                    },
                    Err(e) => {
                        reading.errors.push(e);
                        break;
                    }
                }
            }
            "method:" | "classmethod:" => {
                let side = if lower == "method:" {
                    MethodSide::Instance
                } else {
                    MethodSide::Class
                };
                let class = match optional_class(rest, line_no, word) {
                    Ok(c) => c,
                    Err(e) => {
                        reading.errors.push(e);
                        // The body still follows; skip it so its lines are
                        // not misread as commands.
                        if let Err(e) = block_body(&mut lines, line_no, word) {
                            reading.errors.push(e);
                            break;
                        }
                        continue;
                    }
                };
                match block_body(&mut lines, line_no, word) {
                    Ok(body) => CommandKind::Method { class, side, body },
                    Err(e) => {
                        reading.errors.push(e);
                        break;
                    }
                }
            }
            "category:" => match category_name(rest) {
                Ok(name) => CommandKind::Category(name),
                Err(message) => {
                    reading.errors.push(ReadError {
                        line: line_no,
                        message,
                    });
                    continue;
                }
            },
            "removeallmethods" | "removeallclassmethods" => {
                let side = if lower == "removeallmethods" {
                    MethodSide::Instance
                } else {
                    MethodSide::Class
                };
                match optional_class(rest, line_no, word) {
                    Ok(class) => CommandKind::RemoveAllMethods { class, side },
                    Err(e) => {
                        reading.errors.push(e);
                        continue;
                    }
                }
            }
            "set" => {
                let (key, value) = split_word(rest);
                if key.eq_ignore_ascii_case("class") && is_single_word(value) {
                    CommandKind::SetClass(value.to_string())
                } else if rest.is_empty() {
                    reading.errors.push(ReadError {
                        line: line_no,
                        message: "`set` needs a setting, e.g. `set compile_env: 0`".into(),
                    });
                    continue;
                } else {
                    CommandKind::Set(rest.to_string())
                }
            }
            "expectvalue" => CommandKind::ExpectValue(rest.to_string()),
            "fileformat" if is_single_word(rest) => CommandKind::FileFormat(rest.to_string()),
            "input" if !rest.is_empty() => CommandKind::Input(rest.to_string()),
            "commit" if rest.is_empty() => CommandKind::Commit,
            "abort" if rest.is_empty() => CommandKind::Abort,
            _ if OTHER_DIRECTIVES.contains(&lower.as_str()) => CommandKind::Other(line.to_string()),
            _ => {
                reading.errors.push(ReadError {
                    line: line_no,
                    message: format!(
                        "`{}` is not a Topaz command; is a `%` line missing above it?",
                        shorten(line)
                    ),
                });
                continue;
            }
        };
        reading.commands.push(Command {
            line: line_no,
            kind,
        });
    }
    reading
}

/// Splits a line into its first whitespace-delimited word and the trimmed rest.
fn split_word(line: &str) -> (&str, &str) {
    match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    }
}

fn is_single_word(s: &str) -> bool {
    !s.is_empty() && !s.contains(char::is_whitespace)
}

/// The class name after `method:` or `removeallmethods`: absent, or one word.
fn optional_class(rest: &str, line: usize, word: &str) -> Result<Option<String>, ReadError> {
    if rest.is_empty() {
        Ok(None)
    } else if is_single_word(rest) {
        Ok(Some(rest.to_string()))
    } else {
        Err(ReadError {
            line,
            message: format!("`{word}` takes one class name, found `{}`", shorten(rest)),
        })
    }
}

/// The category after `category:`, either a Smalltalk string literal
/// (quotes doubled inside) or the bare rest of the line.
fn category_name(rest: &str) -> Result<String, String> {
    let Some(quoted) = rest.strip_prefix('\'') else {
        if rest.is_empty() {
            return Err("`category:` needs a name, e.g. `category: 'accessing'`".into());
        }
        return Ok(rest.to_string());
    };
    let mut name = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\'' {
            let mut after = chars.clone();
            if after.next() == Some('\'') {
                name.push('\'');
                chars = after;
            } else if chars.as_str().trim().is_empty() {
                return Ok(name);
            } else {
                return Err(format!(
                    "unexpected `{}` after the category name",
                    shorten(chars.as_str().trim())
                ));
            }
        } else {
            name.push(c);
        }
    }
    Err("the category name's closing quote is missing".into())
}

/// Collects a block body up to the line holding only `%`, unindented (as
/// Topaz reads it: an indented `%` is part of the body; trailing white
/// space, a carriage return included, is not text).
fn block_body(lines: &mut Lines<'_>, start: usize, word: &str) -> Result<Body, ReadError> {
    let body_start = lines.offset;
    let first_line = start + 1;
    loop {
        let line_start = lines.offset;
        match lines.next_line() {
            Some((_, raw)) if raw.trim_end() == "%" => {
                let text = &lines.text[body_start..line_start];
                let text = text
                    .strip_suffix("\r\n")
                    .or_else(|| text.strip_suffix('\n'))
                    .unwrap_or(text);
                return Ok(Body {
                    first_line,
                    text: text.to_string(),
                });
            }
            Some(_) => {}
            None => {
                return Err(ReadError {
                    line: start,
                    message: format!(
                        "`{word}` is never closed: add a line holding only `%` after its body"
                    ),
                });
            }
        }
    }
}

/// Shortens a line for an error message so binary garbage stays readable.
fn shorten(s: &str) -> String {
    let clean: String = s
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .take(60)
        .collect();
    if s.chars().count() > 60 {
        format!("{clean}…")
    } else {
        clean
    }
}

/// Line iteration that remembers byte offsets, so bodies are sliced out of
/// the original text rather than rebuilt.
struct Lines<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        Lines {
            text,
            offset: 0,
            line: 0,
        }
    }

    /// The next line (without its `\n`, but keeping any `\r`) and its number.
    fn next_line(&mut self) -> Option<(usize, &'a str)> {
        if self.offset >= self.text.len() {
            return None;
        }
        let rest = &self.text[self.offset..];
        let (line, advance) = match rest.find('\n') {
            Some(i) => (&rest[..i], i + 1),
            None => (rest, rest.len()),
        };
        self.offset += advance;
        self.line += 1;
        Some((self.line, line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<CommandKind> {
        let r = read(text);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        r.commands.into_iter().map(|c| c.kind).collect()
    }

    #[test]
    fn method_body_is_byte_exact_and_numbered() {
        let text = "category: 'accessing'\nmethod: Account\nbalance\n\t^balance\n\n%\n";
        let r = read(text);
        assert_eq!(r.commands.len(), 2);
        assert_eq!(r.commands[1].line, 2);
        let CommandKind::Method { class, side, body } = &r.commands[1].kind else {
            panic!("{:?}", r.commands[1]);
        };
        assert_eq!(class.as_deref(), Some("Account"));
        assert_eq!(*side, MethodSide::Instance);
        assert_eq!(body.first_line, 3);
        assert_eq!(body.text, "balance\n\t^balance\n");
    }

    #[test]
    fn crlf_bodies_keep_inner_carriage_returns() {
        let k = kinds("doit\r\nFoo bar.\r\nBaz qux\r\n%\r\n");
        assert_eq!(
            k,
            vec![CommandKind::Doit(Body {
                first_line: 2,
                text: "Foo bar.\r\nBaz qux".into()
            })]
        );
    }

    #[test]
    fn category_forms() {
        assert_eq!(
            kinds("category: 'it''s'\ncategory: as yet unclassified\nCATEGORY: 'x' \n"),
            vec![
                CommandKind::Category("it's".into()),
                CommandKind::Category("as yet unclassified".into()),
                CommandKind::Category("x".into()),
            ]
        );
        let r = read("category: 'open\n");
        assert_eq!(r.errors[0].line, 1);
        assert!(r.errors[0].message.contains("closing quote"));
    }

    #[test]
    fn directives_of_real_file_outs() {
        let text = "fileformat utf8\nset compile_env: 0\n! ---- Class definition\nexpectvalue /Class\n\
                    doit\nObject subclass: 'A'\n%\nremoveAllMethods A\nremoveallclassmethods\nset class A\n\
                    classmethod:\nnew\n^super new\n%\noutput push x.out\ncommit\nabort\ninput load.gs\n";
        assert_eq!(
            kinds(text),
            vec![
                CommandKind::FileFormat("utf8".into()),
                CommandKind::Set("compile_env: 0".into()),
                CommandKind::Comment(" ---- Class definition".into()),
                CommandKind::ExpectValue("/Class".into()),
                CommandKind::Doit(Body {
                    first_line: 6,
                    text: "Object subclass: 'A'".into()
                }),
                CommandKind::RemoveAllMethods {
                    class: Some("A".into()),
                    side: MethodSide::Instance
                },
                CommandKind::RemoveAllMethods {
                    class: None,
                    side: MethodSide::Class
                },
                CommandKind::SetClass("A".into()),
                CommandKind::Method {
                    class: None,
                    side: MethodSide::Class,
                    body: Body {
                        first_line: 12,
                        text: "new\n^super new".into()
                    }
                },
                CommandKind::Other("output push x.out".into()),
                CommandKind::Commit,
                CommandKind::Abort,
                CommandKind::Input("load.gs".into()),
            ]
        );
    }

    #[test]
    fn unclosed_block_names_its_line() {
        let r = read("category: 'a'\nmethod: Foo\nbar\n  ^1\n");
        assert_eq!(
            r.errors,
            vec![ReadError {
                line: 2,
                message: "`method:` is never closed: add a line holding only `%` after its body"
                    .into()
            }]
        );
        assert_eq!(r.commands.len(), 1);
    }

    #[test]
    fn unknown_lines_are_reported_and_reading_goes_on() {
        let r = read("Foo bar baz\ncommit\n\u{1}\u{2}garbage\n");
        assert_eq!(r.errors.len(), 2);
        assert_eq!(r.errors[0].line, 1);
        assert!(
            r.errors[0]
                .message
                .contains("`Foo bar baz` is not a Topaz command")
        );
        assert_eq!(r.errors[1].line, 3);
        assert!(r.errors[1].message.contains("??garbage"));
        assert_eq!(r.commands.len(), 1);
    }

    #[test]
    fn method_with_two_words_is_malformed_but_its_body_is_skipped() {
        let r = read("method: Foo Bar\nbaz\n%\ncommit\n");
        assert_eq!(r.errors.len(), 1);
        assert_eq!(r.errors[0].line, 1);
        assert_eq!(r.commands.len(), 1);
        assert_eq!(r.commands[0].kind, CommandKind::Commit);
    }

    #[test]
    fn only_an_unindented_percent_ends_a_body() {
        let k = kinds("method: A\nfoo\n  %\n\t%\n^1\n%\n");
        assert_eq!(k.len(), 1);
        assert_eq!(
            k[0].body().map(|b| b.text.as_str()),
            Some("foo\n  %\n\t%\n^1")
        );
    }

    #[test]
    fn percent_with_trailing_space_closes_and_empty_body_is_empty() {
        let k = kinds("method: A\n%  \nmethod: A\n\n%\n");
        for kind in k {
            assert_eq!(kind.body().map(|b| b.text.as_str()), Some(""));
        }
    }
}
