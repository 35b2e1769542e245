//! Reading the stone's answers: the fields of an `ok` answer into the
//! toolset's types, and an `error` frame into the [`ToolError`] the
//! embedded backend answers, in the same words.

use gs_toolset::{ClassInfo, CompileProblem, Doit, MethodPage, MethodRef, ToolError};
use serde_json::{Map, Value as Json, json};

use crate::smalltalk;
use crate::wire::{Fields, Value};

/// A doit's answer: its printString, whether that was cut, its Transcript.
pub(crate) fn doit_of(mut f: Fields) -> Result<Doit, ToolError> {
    let mut read = || -> Result<Doit, String> {
        Ok(Doit {
            print_string: f.str()?,
            truncated: f.bool()?,
            transcript: f.str()?,
            class_name: f.str()?,
        })
    };
    read().map_err(malformed)
}

/// The fields of an `ok` answer, or the error frame's message.
pub(crate) fn ok_fields(answer: Value, what: &'static str) -> Result<Fields, String> {
    match frame(answer, what)? {
        Frame::Ok(f) => Ok(f),
        Frame::Error(code, args) => Err(format!("the stone answered {code} {args:?}")),
    }
}

/// What an answer is: the fields of an `ok` answer, or an `error` frame's
/// code and arguments.
pub(crate) enum Frame {
    Ok(Fields),
    Error(String, Vec<String>),
}

/// Reads `answer` (`what` the program answers, for messages) as a
/// [`Frame`]; neither an `ok` nor an `error` answer is malformed.
pub(crate) fn frame(answer: Value, what: &'static str) -> Result<Frame, String> {
    let mut f = Fields::of(answer, what)?;
    match f.str()?.as_str() {
        "ok" => Ok(Frame::Ok(f)),
        "error" => {
            let code = f.str()?;
            let args: Vec<String> = f
                .rest()
                .into_iter()
                .map(|v| match v {
                    Value::Str(s) => s,
                    other => format!("{other:?}"),
                })
                .collect();
            Ok(Frame::Error(code, args))
        }
        other => Err(format!("{what} starts with {other:?}, not ok or error")),
    }
}

/// A malformed answer as a ToolError.
/// The fields of [`smalltalk::class_facts`]: the class's facts, then its
/// kind (`bytes`, `indexable` or `pointers`).
pub(crate) fn read_facts(f: &mut Fields) -> Result<(ClassInfo, String), String> {
    let info = ClassInfo {
        name: f.str()?,
        superclass: f.opt_str()?,
        dictionary: f.opt_str()?.unwrap_or_default(),
        instance_variables: f.strs()?,
        class_variables: f.strs()?,
        class_instance_variables: f.strs()?,
        category: f.opt_str()?.filter(|c| !c.is_empty()),
        comment: f.opt_str()?.unwrap_or_default(),
        kernel: f.bool()?,
    };
    Ok((info, f.str()?))
}

/// The fields [`smalltalk::selectors`] writes: each selector of a side
/// with its category (empty for none).
pub(crate) fn read_side(f: &mut Fields) -> Result<Vec<(String, String)>, String> {
    let selectors = f.strs()?;
    let categories = f.strs()?;
    if selectors.len() != categories.len() {
        return Err(format!(
            "{} selectors came with {} categories",
            selectors.len(),
            categories.len()
        ));
    }
    Ok(selectors.into_iter().zip(categories).collect())
}

/// Selectors grouped by category, the categories sorted, each one's
/// selectors sorted.
pub(crate) fn by_category(selectors: Vec<(String, String)>) -> Vec<(String, Vec<String>)> {
    let mut by: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (selector, category) in selectors {
        by.entry(category).or_default().push(selector);
    }
    by.into_iter()
        .map(|(c, mut s)| {
            s.sort();
            (c, s)
        })
        .collect()
}

pub(crate) fn malformed(what: String) -> ToolError {
    ToolError::other(format!(
        "the GemStone backend could not read the stone's answer: {what}"
    ))
}

/// Compile problems from a compile error's description: each `line L,
/// column C: message` part (the form the embedded image and the test
/// stone give). A description without one is one problem at 1:1.
fn compile_problems(description: &str) -> Vec<CompileProblem> {
    let mut problems = Vec::new();
    let mut rest = description;
    while let Some(at) = rest.find("line ") {
        let part = &rest[at + 5..];
        let parsed = (|| {
            let (line, after) = part.split_once(", column ")?;
            let (column, after) = after.split_once(": ")?;
            let line: u32 = line.trim().parse().ok()?;
            let column: u32 = column.trim().parse().ok()?;
            let end = after.find("; line ").unwrap_or(after.len());
            Some((line, column, after[..end].to_string(), &after[end..]))
        })();
        match parsed {
            Some((line, column, message, after)) => {
                problems.push(CompileProblem {
                    line,
                    column,
                    message,
                });
                rest = after;
            }
            None => rest = part,
        }
    }
    if problems.is_empty() {
        problems.push(CompileProblem {
            line: 1,
            column: 1,
            message: description.to_string(),
        });
    }
    problems
}

fn compile_details(problems: &[CompileProblem]) -> Map<String, Json> {
    let list = problems
        .iter()
        .map(|p| json!({"line": p.line, "column": p.column, "message": p.message}))
        .collect();
    let mut d = Map::new();
    d.insert("errors".into(), Json::Array(list));
    d
}

fn problems_text(problems: &[CompileProblem]) -> String {
    problems
        .iter()
        .map(|p| format!("line {}, column {}: {}", p.line, p.column, p.message))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The classes of an execution failure's stack (`details.stack`) whose
/// frames are not marked kernel: those the stone is asked about
/// ([`smalltalk::kernel_classes_among`]).
pub(crate) fn unmarked_stack_classes(e: &ToolError) -> Vec<String> {
    smalltalk::unmarked_classes(stack_of(e).iter().map(|f| {
        (
            f["method"].as_str().unwrap_or_default(),
            f["kernel"] != Json::Bool(false),
        )
    }))
}

/// `e` with the frames of `kernel` classes marked kernel, and its `at`
/// line moved to the first frame left unmarked (none if there is none).
pub(crate) fn mark_kernel_frames(mut e: ToolError, kernel: &[String]) -> ToolError {
    let at = |frames: &[Json]| {
        frames
            .iter()
            .find(|f| f["kernel"] == Json::Bool(false))
            .map(|f| {
                let method = f["method"].as_str().unwrap_or_default();
                match f["line"].as_u64() {
                    Some(line) => format!("\nat {method} line {line}"),
                    None => format!("\nat {method}"),
                }
            })
    };
    let Some(Json::Array(frames)) = e.details.as_mut().and_then(|d| d.get_mut("stack")) else {
        return e;
    };
    let before = at(frames);
    for f in frames.iter_mut() {
        if smalltalk::of_a_class_among(f["method"].as_str().unwrap_or_default(), kernel) {
            f["kernel"] = Json::Bool(true);
        }
    }
    let after = at(frames);
    if let Some(before) = before
        && before != after.clone().unwrap_or_default()
    {
        e.message = e.message.replacen(&before, &after.unwrap_or_default(), 1);
    }
    e
}

fn stack_of(e: &ToolError) -> &[Json] {
    e.details
        .as_ref()
        .and_then(|d| d.get("stack"))
        .and_then(Json::as_array)
        .map_or(&[], Vec::as_slice)
}

/// The ToolError of an `error` frame, in the embedded backend's words.
/// `doit` says the code was a doit (compile errors then read as the
/// interpreter's, `compile error; line …`).
pub(crate) fn frame_error(code: &str, args: &[String], user: &str, doit: bool) -> ToolError {
    let arg = |i: usize| args.get(i).map(String::as_str).unwrap_or("");
    let rest = |i: usize| args.get(i..).unwrap_or(&[]).join(", ");
    match code {
        "noClass" => ToolError::not_found(format!(
            "no class named {} in the symbol list of user {} ({}); check the spelling or define \
             the class first",
            arg(0),
            arg(1),
            rest(2)
        )),
        "notAClass" => ToolError::not_found(format!(
            "{} is bound to a global value in {}, not to a class; name a class",
            arg(0),
            arg(1)
        )),
        "noDictionary" => ToolError::not_found(format!(
            "no symbol dictionary named {}; the image has {}",
            arg(0),
            rest(1)
        )),
        "noMethod" => {
            let side = if arg(1) == "class" { " class" } else { "" };
            ToolError::not_found(format!(
                "no method {}{side}>>{}; list the class's selectors to find the right one",
                arg(0),
                arg(2)
            ))
        }
        "noName" => no_such_name(arg(0)),
        "noSuperclass" => ToolError::not_found(format!(
            "superclass {} of class {} is not a class in the symbol list of user {}; define it \
             first or correct the name",
            arg(0),
            arg(1),
            arg(2)
        )),
        "compile" => {
            let problems = compile_problems(arg(0));
            let message = if doit {
                format!("compile error; {}", problems_text(&problems))
            } else {
                format!(
                    "compile failed with {} error(s): {}",
                    problems.len(),
                    problems_text(&problems)
                )
            };
            ToolError::compile_error(message).with_details(compile_details(&problems))
        }
        "exception" => {
            let mut d = Map::new();
            d.insert("exceptionClass".into(), json!(arg(0)));
            d.insert("description".into(), json!(arg(1)));
            let mut message = format!("unhandled {}: {}", arg(0), arg(1));
            if args.len() > 3 {
                let stack = smalltalk::doit_stack(arg(3), arg(4));
                if let Some(at) = stack.iter().find(|f| !f.kernel) {
                    message.push_str(&format!("\nat {at}"));
                }
                let frames = stack
                    .iter()
                    .map(|f| json!({"method": f.method, "line": f.line, "kernel": f.kernel}))
                    .collect();
                d.insert("stack".into(), Json::Array(frames));
            }
            if !arg(2).is_empty() {
                message.push_str("\nTranscript before the error:\n");
                message.push_str(arg(2));
            }
            ToolError::other(message).with_details(d)
        }
        "notTestCase" => ToolError::invalid_params(format!(
            "{} is not a TestCase subclass; name a test class (list_test_classes shows them)",
            arg(0)
        )),
        "pending" => ToolError::refused(
            "cannot refresh: this session has uncommitted changes; commit them or abort them first",
        ),
        "commitRefused" => ToolError::refused(arg(0).to_string()),
        "conflict" => {
            let mut d = Map::new();
            d.insert(
                "conflicts".into(),
                Json::Array(args.iter().map(|c| json!(c)).collect()),
            );
            ToolError::other(format!(
                "the commit conflicts with another session's: {}. Nothing was committed. Abort \
                 to drop your changes and see the newest view, then read again what conflicted \
                 (get_method_source, get_class_definition) and apply your edits to what it is \
                 now: redoing them as they were would overwrite the other session's change",
                args.join("; ")
            ))
            .with_details(d)
        }
        "defineRefused" => ToolError::refused(arg(0).to_string()),
        "notAClassValue" => ToolError::invalid_params(
            "`source` must be one class-definition expression (with, if you like, `comment:` \
             and `category:` statements for that class), but it does not answer a class. To run \
             any other code, use execute_code",
        ),
        "dictionaryExists" => ToolError::invalid_params(format!(
            "a symbol dictionary named {} already exists; choose another name",
            arg(0)
        )),
        "standardDictionary" => ToolError::refused(format!(
            "{} is a standard dictionary of the image and cannot be removed; remove the entries \
             you no longer need instead",
            arg(0)
        )),
        "homeOfClasses" => ToolError::refused(format!(
            "dictionary {} is the home of class(es) {}; remove those classes first",
            arg(0),
            rest(1)
        )),
        "hasSubclasses" => ToolError::refused(format!(
            "class {} has subclasses ({}); remove them first",
            arg(0),
            rest(1)
        )),
        other => ToolError::other(format!(
            "the stone answered the unknown error {other} ({}) to user {user}",
            args.join(", ")
        )),
    }
}

pub(crate) fn no_such_name(name: &str) -> ToolError {
    ToolError::not_found(format!(
        "no global, class, class variable or pool variable is named `{name}` in this image; \
         check the spelling (list_dictionary_entries shows the globals)"
    ))
}

/// A name the Smalltalk side can only resolve if it is an identifier.
pub(crate) fn is_identifier(name: &str) -> bool {
    name.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

pub(crate) fn method_page(mut refs: Vec<MethodRef>, limit: usize) -> MethodPage {
    refs.sort();
    refs.dedup();
    let total = refs.len();
    refs.truncate(limit);
    MethodPage {
        methods: refs,
        total,
    }
}

/// The definition expression, as the embedded image writes it
/// (`gs_image::classdef::definition_source`): the same text, so both
/// backends answer alike.
pub(crate) fn definition_text(info: &ClassInfo, kind: &str) -> String {
    fn names(list: &[String]) -> String {
        let mut out = String::from("#(");
        for n in list {
            out.push(' ');
            if is_identifier(n) && !matches!(n.as_str(), "nil" | "true" | "false") {
                out.push_str(n);
            } else {
                out.push_str(&smalltalk::lit(n));
            }
        }
        out.push(')');
        out
    }
    let superclass = info.superclass.as_deref().unwrap_or("nil");
    let keyword = match kind {
        "bytes" => "byteSubclass:",
        "indexable" => "indexableSubclass:",
        _ => "subclass:",
    };
    let mut out = format!("{superclass} {keyword} {}\n", smalltalk::lit(&info.name));
    if kind != "bytes" {
        out.push_str(&format!(
            "  instVarNames: {}\n",
            names(&info.instance_variables)
        ));
    }
    out.push_str(&format!("  classVars: {}\n", names(&info.class_variables)));
    out.push_str(&format!(
        "  classInstVars: {}\n",
        names(&info.class_instance_variables)
    ));
    out.push_str("  poolDictionaries: #()\n");
    out.push_str(&format!("  inDictionary: {}\n", info.dictionary));
    out.push_str("  options: #()\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use gs_toolset::ErrorKind;

    #[test]
    fn compile_problems_are_read_from_the_description() {
        let p = compile_problems(
            "compile failed with 2 error(s): line 1, column 5: expected an expression; line 3, \
             column 12: undeclared variable 'x'",
        );
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].line, p[0].column), (1, 5));
        assert_eq!(p[0].message, "expected an expression");
        assert_eq!((p[1].line, p[1].column), (3, 12));
        assert_eq!(p[1].message, "undeclared variable 'x'");
        let p = compile_problems("something GemStone said");
        assert_eq!((p[0].line, p[0].column), (1, 1));
    }

    #[test]
    fn error_frames_read_as_the_embedded_backend_words_them() {
        let e = frame_error(
            "noClass",
            &[
                "Acount".into(),
                "DataCurator".into(),
                "UserGlobals".into(),
                "Globals".into(),
            ],
            "DataCurator",
            false,
        );
        assert_eq!(e.kind, ErrorKind::NotFound);
        assert_eq!(
            e.message,
            "no class named Acount in the symbol list of user DataCurator (UserGlobals, Globals); \
             check the spelling or define the class first"
        );
        let e = frame_error(
            "noMethod",
            &["Account".into(), "class".into(), "balance".into()],
            "u",
            false,
        );
        assert!(e.message.starts_with("no method Account class>>balance;"));
        let e = frame_error("compile", &["line 1, column 3: oops".into()], "u", true);
        assert_eq!(e.kind, ErrorKind::CompileError);
        assert_eq!(e.message, "compile error; line 1, column 3: oops");
        assert_eq!(e.details.unwrap()["errors"][0]["column"], 3);
        let e = frame_error(
            "exception",
            &["ZeroDivide".into(), "by zero".into()],
            "u",
            true,
        );
        assert_eq!(e.details.unwrap()["exceptionClass"], "ZeroDivide");
    }
}
