//! The writer: [`Command`]s and classes back to Topaz text.
//!
//! [`write()`] is the inverse of [`crate::read`]: for any commands it accepts,
//! reading its output yields the same commands (line numbers aside). It
//! refuses what the format cannot carry — a body with a line holding only
//! `%`, a one-line value containing a line break — instead of writing a
//! file that would read back differently.
//!
//! [`write_class`] lays one class out as GemStone's `fileOutClass` does:
//! definition, comment and category doits, the `removeall…` lines, then the
//! class-side and instance-side methods, each grouped by category.

use crate::reader::{self};
use crate::{Body, Command, CommandKind, MethodSide};
use std::fmt::Write as _;

/// Something the Topaz format cannot represent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot write {what}: {reason}")]
pub struct WriteError {
    /// The command or item that could not be written.
    pub what: String,
    /// Why, and what to change.
    pub reason: String,
}

/// One method of a [`ClassFileOut`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodFileOut {
    /// Instance or class side.
    pub side: MethodSide,
    /// The method category.
    pub category: String,
    /// The selector, used only to order methods within a category.
    pub selector: String,
    /// The source, written byte-exact.
    pub source: String,
}

/// Everything [`write_class`] writes about one class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassFileOut {
    /// The class name.
    pub name: String,
    /// The class-definition statement, e.g.
    /// `Object subclass: 'Account' instVarNames: #(…) … options: #()`.
    pub definition: String,
    /// The class comment; no comment doit is written when empty.
    pub comment: String,
    /// The class category, if any.
    pub category: Option<String>,
    /// The methods, in any order.
    pub methods: Vec<MethodFileOut>,
}

/// Writes commands as Topaz text that [`crate::read`] reads back to the
/// same commands.
pub fn write(commands: &[Command]) -> Result<String, WriteError> {
    let mut out = String::new();
    for command in commands {
        write_command(&mut out, &command.kind)?;
    }
    Ok(out)
}

/// Writes one class in `fileOutClass` layout.
///
/// Methods are grouped by side (class side first, as GemStone writes them),
/// then by category, then ordered by selector, each preceded by its
/// `category:` line.
pub fn write_class(class: &ClassFileOut) -> Result<String, WriteError> {
    let name = &class.name;
    check_word(name, "the class name")?;
    let mut commands = vec![
        CommandKind::Set("compile_env: 0".into()),
        CommandKind::Comment(format!(" ------------------- Class definition for {name}")),
        CommandKind::ExpectValue("/Class".into()),
        doit(&class.definition),
    ];
    if !class.comment.is_empty() {
        commands.push(CommandKind::ExpectValue("/Class".into()));
        commands.push(doit(&format!(
            "{name} comment: \n{}",
            string_literal(&class.comment)
        )));
    }
    if let Some(category) = &class.category {
        commands.push(CommandKind::ExpectValue("/Class".into()));
        commands.push(doit(&format!(
            "{name} category: {}",
            string_literal(category)
        )));
    }
    commands.push(CommandKind::Comment(format!(
        " ------------------- Remove existing behavior from {name}"
    )));
    for side in [MethodSide::Instance, MethodSide::Class] {
        commands.push(CommandKind::RemoveAllMethods {
            class: Some(name.clone()),
            side,
        });
    }
    for (side, label) in [
        (MethodSide::Class, "Class"),
        (MethodSide::Instance, "Instance"),
    ] {
        commands.push(CommandKind::Comment(format!(
            " ------------------- {label} methods for {name}"
        )));
        let mut methods: Vec<&MethodFileOut> =
            class.methods.iter().filter(|m| m.side == side).collect();
        methods.sort_by(|a, b| (&a.category, &a.selector).cmp(&(&b.category, &b.selector)));
        for m in methods {
            commands.push(CommandKind::Category(m.category.clone()));
            commands.push(CommandKind::Method {
                class: Some(name.clone()),
                side,
                body: Body {
                    first_line: 0,
                    text: m.source.clone(),
                },
            });
        }
    }
    let mut out = String::new();
    for kind in &commands {
        write_command(&mut out, kind)?;
    }
    Ok(out)
}

/// A Smalltalk string literal for `s`, quotes doubled.
pub(crate) fn string_literal(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

fn doit(text: &str) -> CommandKind {
    CommandKind::Doit(Body {
        first_line: 0,
        text: text.to_string(),
    })
}

fn write_command(out: &mut String, kind: &CommandKind) -> Result<(), WriteError> {
    match kind {
        CommandKind::Doit(body) => write_block(out, "doit", body),
        CommandKind::Printit(body) => write_block(out, "printit", body),
        CommandKind::Run(body) => write_block(out, "run", body),
        CommandKind::Method { class, side, body } => {
            let word = match side {
                MethodSide::Instance => "method:",
                MethodSide::Class => "classmethod:",
            };
            let head = match class {
                Some(c) => {
                    check_word(c, "a method's class name")?;
                    format!("{word} {c}")
                }
                None => word.to_string(),
            };
            write_block(out, &head, body)
        }
        CommandKind::Category(name) => {
            check_line(name, "a category")?;
            let _ = writeln!(out, "category: {}", string_literal(name));
            Ok(())
        }
        CommandKind::RemoveAllMethods { class, side } => {
            let word = match side {
                MethodSide::Instance => "removeallmethods",
                MethodSide::Class => "removeallclassmethods",
            };
            match class {
                Some(c) => {
                    check_word(c, "a removeall class name")?;
                    let _ = writeln!(out, "{word} {c}");
                }
                None => {
                    let _ = writeln!(out, "{word}");
                }
            }
            Ok(())
        }
        CommandKind::SetClass(c) => {
            check_word(c, "a `set class` name")?;
            let _ = writeln!(out, "set class {c}");
            Ok(())
        }
        CommandKind::Set(text) => {
            check_trimmed(text, "a `set` line")?;
            let (key, value) = split(text);
            if text.is_empty()
                || (key.eq_ignore_ascii_case("class") && check_word(value, "").is_ok())
            {
                return Err(WriteError {
                    what: format!("`set {text}`"),
                    reason: "use CommandKind::SetClass for `set class`; a `set` needs a setting"
                        .into(),
                });
            }
            let _ = writeln!(out, "set {text}");
            Ok(())
        }
        CommandKind::ExpectValue(text) => {
            check_trimmed(text, "an `expectvalue` line")?;
            if text.is_empty() {
                out.push_str("expectvalue\n");
            } else {
                let _ = writeln!(out, "expectvalue {text}");
            }
            Ok(())
        }
        CommandKind::FileFormat(name) => {
            check_word(name, "a file format")?;
            let _ = writeln!(out, "fileformat {name}");
            Ok(())
        }
        CommandKind::Input(path) => {
            check_trimmed(path, "an `input` path")?;
            if path.is_empty() {
                return Err(WriteError {
                    what: "an `input` line".into(),
                    reason: "the path is empty".into(),
                });
            }
            let _ = writeln!(out, "input {path}");
            Ok(())
        }
        CommandKind::Commit => {
            out.push_str("commit\n");
            Ok(())
        }
        CommandKind::Abort => {
            out.push_str("abort\n");
            Ok(())
        }
        CommandKind::Comment(text) => {
            if text.contains(['\n', '\r']) {
                return Err(WriteError {
                    what: "a `!` comment".into(),
                    reason: "it contains a line break; write one comment per line".into(),
                });
            }
            let _ = writeln!(out, "!{text}");
            Ok(())
        }
        CommandKind::Other(text) => {
            check_trimmed(text, "a directive")?;
            let reread = reader::read(text);
            if reread.errors.is_empty()
                && reread.commands.len() == 1
                && reread.commands[0].kind == *kind
            {
                let _ = writeln!(out, "{text}");
                Ok(())
            } else {
                Err(WriteError {
                    what: format!("directive `{text}`"),
                    reason: "it is not a Topaz directive the reader would keep as such".into(),
                })
            }
        }
    }
}

fn write_block(out: &mut String, head: &str, body: &Body) -> Result<(), WriteError> {
    // The reader's rule (`block_body`): only an unindented `%` ends a body.
    if body.text.split('\n').any(|l| l.trim_end() == "%") {
        return Err(WriteError {
            what: format!("the `{head}` body"),
            reason: "a line of it holds only `%` at its start, which Topaz reads as the end of \
                     the body; indent that line (an indented `%` is text) or change it"
                .into(),
        });
    }
    if body.text.ends_with('\r') {
        return Err(WriteError {
            what: format!("the `{head}` body"),
            reason: "it ends with a carriage return, which Topaz reads as part of the line \
                     break before `%`; remove it"
                .into(),
        });
    }
    out.push_str(head);
    out.push('\n');
    out.push_str(&body.text);
    out.push_str("\n%\n");
    Ok(())
}

fn split(text: &str) -> (&str, &str) {
    match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim()),
        None => (text, ""),
    }
}

fn check_word(s: &str, what: &str) -> Result<(), WriteError> {
    if s.is_empty() || s.contains(char::is_whitespace) {
        Err(WriteError {
            what: format!("{what} `{s}`"),
            reason: "it must be one word with no spaces".into(),
        })
    } else {
        Ok(())
    }
}

fn check_line(s: &str, what: &str) -> Result<(), WriteError> {
    if s.contains(['\n', '\r']) {
        Err(WriteError {
            what: format!("{what} `{}`", s.escape_debug()),
            reason: "it contains a line break, and Topaz reads it from one line".into(),
        })
    } else {
        Ok(())
    }
}

fn check_trimmed(s: &str, what: &str) -> Result<(), WriteError> {
    check_line(s, what)?;
    if s.trim() != s {
        Err(WriteError {
            what: format!("{what} `{s}`"),
            reason: "it has leading or trailing spaces, which Topaz drops".into(),
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read;

    #[test]
    fn write_class_matches_file_out_layout() {
        let class = ClassFileOut {
            name: "Account".into(),
            definition: "Object subclass: 'Account'\n  instVarNames: #(balance)\n  classVars: #()\n  classInstVars: #()\n  poolDictionaries: #()\n  inDictionary: UserGlobals\n  options: #()\n".into(),
            comment: "A bank account's balance.".into(),
            category: Some("Bank".into()),
            methods: vec![
                MethodFileOut {
                    side: MethodSide::Instance,
                    category: "accessing".into(),
                    selector: "balance".into(),
                    source: "balance\n\t^balance".into(),
                },
                MethodFileOut {
                    side: MethodSide::Class,
                    category: "instance creation".into(),
                    selector: "new".into(),
                    source: "new\n\t^super new init".into(),
                },
                MethodFileOut {
                    side: MethodSide::Instance,
                    category: "accessing".into(),
                    selector: "add:".into(),
                    source: "add: n\n\tbalance := balance + n".into(),
                },
            ],
        };
        let text = write_class(&class).unwrap();
        let expected = "set compile_env: 0
! ------------------- Class definition for Account
expectvalue /Class
doit
Object subclass: 'Account'
  instVarNames: #(balance)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: UserGlobals
  options: #()

%
expectvalue /Class
doit
Account comment: 
'A bank account''s balance.'
%
expectvalue /Class
doit
Account category: 'Bank'
%
! ------------------- Remove existing behavior from Account
removeallmethods Account
removeallclassmethods Account
! ------------------- Class methods for Account
category: 'instance creation'
classmethod: Account
new
\t^super new init
%
! ------------------- Instance methods for Account
category: 'accessing'
method: Account
add: n
\tbalance := balance + n
%
category: 'accessing'
method: Account
balance
\t^balance
%
";
        assert_eq!(text, expected);
        let r = read(&text);
        assert!(r.errors.is_empty());
        assert_eq!(r.commands.len(), 19);
    }

    #[test]
    fn an_unindented_percent_line_in_a_body_is_refused_and_an_indented_one_round_trips() {
        let doit = |text: &str| Command {
            line: 1,
            kind: CommandKind::Doit(Body {
                first_line: 2,
                text: text.into(),
            }),
        };
        let err = write(&[doit("a\n% \nb")]).unwrap_err();
        assert!(err.reason.contains("holds only `%` at its start"), "{err}");
        assert!(err.reason.contains("indent that line"), "{err}");
        // The advice holds: indented, the line is text, read back as it was.
        let text = write(&[doit("a\n %\n\t%\nb")]).unwrap();
        let reread = read(&text);
        assert!(reread.errors.is_empty(), "{:?}", reread.errors);
        assert_eq!(reread.commands[0].kind, doit("a\n %\n\t%\nb").kind);
    }

    #[test]
    fn other_must_be_a_known_directive() {
        let bad = Command {
            line: 1,
            kind: CommandKind::Other("frobnicate now".into()),
        };
        assert!(write(&[bad]).is_err());
        let good = Command {
            line: 1,
            kind: CommandKind::Other("output push out.txt".into()),
        };
        assert_eq!(write(&[good]).unwrap(), "output push out.txt\n");
    }
}
