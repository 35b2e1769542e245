//! Recognising the doits a Topaz file-out holds, without an interpreter.
//!
//! A file-out defines its classes with `doit`s — `Object subclass: 'Account'
//! instVarNames: #(…) … inDictionary: UserGlobals options: #()`, then
//! `Account comment: '…'`, `Account category: '…'` — and loaders often bind
//! globals first (`UserGlobals at: #Account put: nil`). Loading such a file
//! must not depend on a Smalltalk interpreter, so this module parses the
//! doit with gs-smalltalk and matches these statement shapes, turning them
//! into [`FileDoit`]s. Anything else is refused with a message saying that
//! only class definitions and their companions are accepted, so the loader
//! can report it and go on.
//!
//! It also writes the definition back ([`definition_source`]) in the
//! GemStone 3.x form `fileOutClass` uses, which this module reads again to
//! the same [`ClassDefinition`].

use std::collections::HashMap;

use crate::model::{ClassDefinition, ClassKind, GlobalValue};
use gs_smalltalk::ast::{Cascade, Expr, ExprKind, Literal, Message, PseudoVariable, Statement};
use gs_smalltalk::span::LineIndex;

/// One statement of a file-out doit, understood.
#[derive(Debug, Clone, PartialEq)]
pub enum FileDoit {
    /// A class-definition message.
    Define(ClassDefinition),
    /// `Foo comment: '…'`.
    Comment {
        /// The class.
        class: String,
        /// The new comment.
        comment: String,
    },
    /// `Foo category: '…'`.
    Category {
        /// The class.
        class: String,
        /// The new class category.
        category: String,
    },
    /// `Foo immediateInvariant` (and other messages that change nothing the
    /// image models, such as `Foo compileAccessingMethodsFor: …`'s absence):
    /// accepted so that a file-out loads, with no effect.
    NoEffect {
        /// The class.
        class: String,
        /// The selector that was sent.
        selector: String,
    },
    /// `Foo class instVarNames: #(a b)`: sets the class-instance variables.
    ClassInstVars {
        /// The class.
        class: String,
        /// The class-instance variable names.
        names: Vec<String>,
    },
    /// `System myUserProfile symbolList createDictionaryNamed: #Name at: n`
    /// (or `System myUserProfile createDictionary: #Name`): a new symbol
    /// dictionary in the user's symbol list.
    CreateDictionary {
        /// The new dictionary's name.
        name: String,
        /// Where `createDictionaryNamed:at:` puts it in the symbol list
        /// (1 is first, as in GemStone), when the index is a literal
        /// integer; `None` appends it (`createDictionary:`, or an index
        /// computed at run time, which only an interpreter can evaluate).
        at: Option<usize>,
    },
    /// `Globals at: #Transcript put: TranscriptStream new`: a global whose
    /// value only an interpreter can compute.
    GlobalExpression {
        /// The dictionary the global is bound in.
        dictionary: String,
        /// The key.
        name: String,
        /// The value's expression, as written.
        expression: String,
    },
    /// `UserGlobals at: #Name put: <literal>`.
    Global {
        /// The dictionary the global is bound in.
        dictionary: String,
        /// The key.
        name: String,
        /// The value.
        value: GlobalValue,
    },
}

/// Why a doit was not recognised, with the line inside the doit (1-based).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct DoitError {
    /// The 1-based line inside the doit's text.
    pub line: u32,
    /// What is wrong and what to do.
    pub message: String,
}

/// Selectors that begin a class-definition message, and the kind each makes.
const DEFINING_KEYWORDS: &[(&str, ClassKind)] = &[
    ("subclass:", ClassKind::Pointers),
    ("indexableSubclass:", ClassKind::Indexable),
    ("variableSubclass:", ClassKind::Indexable),
    ("byteSubclass:", ClassKind::Bytes),
    ("variableByteSubclass:", ClassKind::Bytes),
];

/// Class messages a file-out sends that the image has nothing to record for.
const NO_EFFECT_SELECTORS: &[&str] = &["immediateInvariant", "makeInstancesNonPersistent"];

/// Why a statement of a doit was not recognised: the file-in's own
/// words, which a caller outside a file-in words its own way.
pub const NOT_ACCEPTED: &str = "only class definitions (`X subclass: 'Name' instVarNames: … \
     inDictionary: …`), `X comment: '…'`, `X category: '…'`, `X immediateInvariant`, \
     `X class instVarNames: #(…)`, `Dictionary at: #Name put: <value>` and \
     `System myUserProfile symbolList createDictionaryNamed: #Name at: 1` are accepted in a \
     file-in doit without an interpreter; `gs-mcp image load` runs any other doit";

/// Recognises every statement of a doit.
///
/// `default_dictionary` is where a definition without `inDictionary:` (or
/// with `inDictionary: ''`) puts its class. Statements that are plain
/// literals (the `true.` Rowan ends its definitions with) are ignored.
pub fn recognise(source: &str, default_dictionary: &str) -> Result<Vec<FileDoit>, DoitError> {
    let lines = LineIndex::new(source);
    let at = |expr_start: u32, message: String| DoitError {
        line: lines.line_col(expr_start).0,
        message,
    };
    let doit = gs_smalltalk::parser::parse_doit(source).map_err(|errors| {
        let first = errors.first();
        at(
            first.map(|e| e.span.start).unwrap_or(0),
            format!(
                "syntax error: {}",
                first.map(|e| e.message.clone()).unwrap_or_default()
            ),
        )
    })?;
    let mut out = Vec::new();
    // Temporaries a definition was assigned to (`cls := Object subclass: …`),
    // by name, with the class each names.
    let mut temps = HashMap::new();
    for statement in &doit.body {
        let expr = match statement {
            Statement::Expression(e) => e,
            Statement::Return { value, .. } => value,
        };
        statement_doits(source, expr, default_dictionary, &mut temps, &mut out)
            .map_err(|message| at(expr.span.start, message))?;
    }
    Ok(out)
}

/// Recognises a doit that must define exactly one class.
pub fn class_definition(
    source: &str,
    default_dictionary: &str,
) -> Result<ClassDefinition, DoitError> {
    let doits = recognise(source, default_dictionary)?;
    let mut defs = doits.into_iter().filter_map(|d| match d {
        FileDoit::Define(def) => Some(def),
        _ => None,
    });
    match (defs.next(), defs.next()) {
        (Some(def), None) => Ok(def),
        _ => Err(DoitError {
            line: 1,
            message: "expected exactly one class definition, e.g. `Object subclass: 'Account' \
                      instVarNames: #(balance) classVars: #() classInstVars: #() \
                      poolDictionaries: #() inDictionary: UserGlobals options: #()`"
                .into(),
        }),
    }
}

fn strip_parens(mut e: &Expr) -> &Expr {
    while let ExprKind::Paren(inner) = &e.kind {
        e = inner;
    }
    e
}

fn statement_doits(
    src: &str,
    expr: &Expr,
    dict: &str,
    temps: &mut HashMap<String, String>,
    out: &mut Vec<FileDoit>,
) -> Result<(), String> {
    let expr = strip_parens(expr);
    match &expr.kind {
        ExprKind::Literal(_) | ExprKind::Pseudo(_) => Ok(()),
        ExprKind::Assignment { target, value } => {
            let value = strip_parens(value);
            match &value.kind {
                ExprKind::Send(send) if is_definition(&send.message) => {
                    let def = definition(&send.receiver, &send.message, dict)?;
                    temps.insert(target.name.clone(), def.name.clone());
                    out.push(FileDoit::Define(def));
                    Ok(())
                }
                _ => Err(NOT_ACCEPTED.into()),
            }
        }
        ExprKind::Send(send) => {
            if is_definition(&send.message) {
                out.push(FileDoit::Define(definition(
                    &send.receiver,
                    &send.message,
                    dict,
                )?));
                return Ok(());
            }
            let class = receiver_class(&send.receiver, dict, temps, out)?;
            match class {
                Some(class) => class_message(src, &class, &send.message, out),
                None => other_send(&send.receiver, &send.message, out),
            }
        }
        ExprKind::Cascade(cascade) => cascade_doits(src, cascade, dict, temps, out),
        _ => Err(NOT_ACCEPTED.into()),
    }
}

fn cascade_doits(
    src: &str,
    cascade: &Cascade,
    dict: &str,
    temps: &mut HashMap<String, String>,
    out: &mut Vec<FileDoit>,
) -> Result<(), String> {
    let Some(class) = receiver_class(&cascade.receiver, dict, temps, out)? else {
        return Err(NOT_ACCEPTED.into());
    };
    for part in &cascade.parts {
        match part.as_slice() {
            [message] => class_message(src, &class, message, out)?,
            _ => return Err(NOT_ACCEPTED.into()),
        }
    }
    Ok(())
}

/// The class a message is sent to, when the receiver is a class name, a
/// temporary holding a definition's class, or a class definition (which is
/// then recorded first).
fn receiver_class(
    receiver: &Expr,
    dict: &str,
    temps: &HashMap<String, String>,
    out: &mut Vec<FileDoit>,
) -> Result<Option<String>, String> {
    let receiver = strip_parens(receiver);
    match &receiver.kind {
        ExprKind::Variable(name) if starts_upper(name) => Ok(Some(name.clone())),
        ExprKind::Variable(name) => Ok(temps.get(name).cloned()),
        ExprKind::Send(send) if is_definition(&send.message) => {
            let def = definition(&send.receiver, &send.message, dict)?;
            let name = def.name.clone();
            out.push(FileDoit::Define(def));
            Ok(Some(name))
        }
        _ => Ok(None),
    }
}

fn class_message(
    src: &str,
    class: &str,
    message: &Message,
    out: &mut Vec<FileDoit>,
) -> Result<(), String> {
    let text = |what: &str| -> Result<String, String> {
        literal_text(&message.arguments[0])
            .ok_or_else(|| format!("`{class} {what}` needs a string literal argument"))
    };
    match message.selector.as_str() {
        "comment:" => out.push(FileDoit::Comment {
            class: class.to_string(),
            comment: text("comment:")?,
        }),
        "category:" => out.push(FileDoit::Category {
            class: class.to_string(),
            category: text("category:")?,
        }),
        s if NO_EFFECT_SELECTORS.contains(&s) => out.push(FileDoit::NoEffect {
            class: class.to_string(),
            selector: s.to_string(),
        }),
        "at:put:" => {
            out.push(global(src, class, message)?);
        }
        _ => return Err(NOT_ACCEPTED.into()),
    }
    Ok(())
}

/// `Foo class instVarNames: #(…)` and dictionary creation, the other send
/// shapes accepted.
fn other_send(receiver: &Expr, message: &Message, out: &mut Vec<FileDoit>) -> Result<(), String> {
    let receiver_selector = match &strip_parens(receiver).kind {
        ExprKind::Send(inner) => inner.message.selector.as_str(),
        _ => "",
    };
    if (message.selector == "createDictionaryNamed:at:" && receiver_selector == "symbolList")
        || (message.selector == "createDictionary:" && receiver_selector == "myUserProfile")
    {
        let name = literal_text(&message.arguments[0]).ok_or_else(|| {
            format!(
                "`{}` needs the dictionary name as a symbol",
                message.selector
            )
        })?;
        let at = match message.arguments.get(1).map(|a| &strip_parens(a).kind) {
            Some(ExprKind::Literal(Literal::Integer(n))) => usize::try_from(n).ok(),
            _ => None,
        };
        out.push(FileDoit::CreateDictionary { name, at });
        return Ok(());
    }
    if let ExprKind::Send(inner) = &strip_parens(receiver).kind
        && inner.message.selector == "class"
        && let ExprKind::Variable(class) = &strip_parens(&inner.receiver).kind
        && message.selector == "instVarNames:"
    {
        out.push(FileDoit::ClassInstVars {
            class: class.clone(),
            names: names(&message.arguments[0], "instVarNames:")?,
        });
        return Ok(());
    }
    Err(NOT_ACCEPTED.into())
}

fn global(src: &str, dictionary: &str, message: &Message) -> Result<FileDoit, String> {
    let name = match &strip_parens(&message.arguments[0]).kind {
        ExprKind::Literal(Literal::Symbol(s) | Literal::String(s)) => s.clone(),
        _ => {
            return Err(format!(
                "`{dictionary} at:put:` needs a symbol key, e.g. `{dictionary} at: #Name put: nil`"
            ));
        }
    };
    let value = match &strip_parens(&message.arguments[1]).kind {
        ExprKind::Pseudo(PseudoVariable::Nil) | ExprKind::Literal(Literal::Nil) => GlobalValue::Nil,
        ExprKind::Pseudo(PseudoVariable::True) | ExprKind::Literal(Literal::Boolean(true)) => {
            GlobalValue::Boolean(true)
        }
        ExprKind::Pseudo(PseudoVariable::False) | ExprKind::Literal(Literal::Boolean(false)) => {
            GlobalValue::Boolean(false)
        }
        ExprKind::Literal(Literal::Integer(i)) => GlobalValue::Integer(i.to_string()),
        ExprKind::Literal(Literal::Float(f)) => GlobalValue::Float(*f),
        ExprKind::Literal(Literal::String(s)) => GlobalValue::String(s.clone()),
        ExprKind::Literal(Literal::Symbol(s)) => GlobalValue::Symbol(s.clone()),
        _ => {
            let value = &message.arguments[1];
            return Ok(FileDoit::GlobalExpression {
                dictionary: dictionary.to_string(),
                name,
                expression: value.span.text(src).to_string(),
            });
        }
    };
    Ok(FileDoit::Global {
        dictionary: dictionary.to_string(),
        name,
        value,
    })
}

fn is_definition(message: &Message) -> bool {
    let first = first_keyword(&message.selector);
    DEFINING_KEYWORDS.iter().any(|(k, _)| *k == first)
}

fn first_keyword(selector: &str) -> &str {
    match selector.find(':') {
        Some(i) => &selector[..=i],
        None => selector,
    }
}

fn keywords(selector: &str) -> impl Iterator<Item = &str> {
    selector.split_inclusive(':')
}

fn definition(receiver: &Expr, message: &Message, dict: &str) -> Result<ClassDefinition, String> {
    let mut def = ClassDefinition {
        dictionary: dict.to_string(),
        ..ClassDefinition::default()
    };
    def.superclass = match &strip_parens(receiver).kind {
        ExprKind::Pseudo(PseudoVariable::Nil) => None,
        ExprKind::Variable(name) => Some(name.clone()),
        _ => {
            return Err(
                "a class definition's receiver must be a class name or nil, e.g. `Object \
                 subclass: 'Account' …`"
                    .into(),
            );
        }
    };
    for (keyword, arg) in keywords(&message.selector).zip(&message.arguments) {
        match keyword {
            k if DEFINING_KEYWORDS.iter().any(|(d, _)| *d == k) => {
                def.kind = DEFINING_KEYWORDS
                    .iter()
                    .find(|(d, _)| *d == k)
                    .map(|p| p.1)
                    .unwrap_or_default();
                def.name = literal_text(arg).filter(|n| !n.is_empty()).ok_or_else(|| {
                    format!("`{k}` needs the new class's name as a string, e.g. `{k} 'Account'`")
                })?;
            }
            "instVarNames:" | "instanceVariableNames:" => def.inst_vars = names(arg, keyword)?,
            "classVars:" | "classVariableNames:" => def.class_vars = names(arg, keyword)?,
            "classInstVars:" | "classInstanceVariableNames:" => {
                def.class_inst_vars = names(arg, keyword)?
            }
            "poolDictionaries:" => def.pool_dictionaries = names(arg, keyword)?,
            "inDictionary:" => match &strip_parens(arg).kind {
                ExprKind::Variable(d) => def.dictionary = d.clone(),
                ExprKind::Literal(Literal::String(s) | Literal::Symbol(s)) if !s.is_empty() => {
                    def.dictionary = s.clone()
                }
                ExprKind::Literal(Literal::String(_)) | ExprKind::Pseudo(PseudoVariable::Nil) => {}
                _ => {
                    return Err(
                        "`inDictionary:` needs a dictionary name, e.g. `inDictionary: UserGlobals`"
                            .into(),
                    );
                }
            },
            "category:" | "package:" => {
                def.category = Some(literal_text(arg).ok_or_else(|| {
                    format!("`{keyword}` needs a string, e.g. `{keyword} 'Banking'`")
                })?)
            }
            "options:" => def.options.extend(names(arg, keyword)?),
            "instancesInvariant:" | "isModifiable:" => {
                if matches!(
                    strip_parens(arg).kind,
                    ExprKind::Pseudo(PseudoVariable::True)
                ) {
                    let option = if keyword == "isModifiable:" {
                        "modifiable"
                    } else {
                        "instancesInvariant"
                    };
                    def.options.push(option.to_string());
                }
            }
            // Facts the image does not model: kept out of the definition.
            "newVersionOf:" | "description:" | "constraints:" => {}
            other => {
                return Err(format!(
                    "`{other}` is not part of any GemStone class-definition message; use \
                     `subclass:instVarNames:classVars:classInstVars:poolDictionaries:\
                     inDictionary:options:`"
                ));
            }
        }
    }
    if def.kind == ClassKind::Bytes && !def.inst_vars.is_empty() {
        return Err(format!(
            "byte class {} cannot have named instance variables; remove `instVarNames:` or \
             use `subclass:`",
            def.name
        ));
    }
    Ok(def)
}

/// A string or symbol literal's text.
fn literal_text(arg: &Expr) -> Option<String> {
    match &strip_parens(arg).kind {
        ExprKind::Literal(Literal::String(s) | Literal::Symbol(s)) => Some(s.clone()),
        _ => None,
    }
}

/// A list of names: `#(a b)`, `#('a' #b)`, `{#a. 'b'}`, or the older
/// space-separated string `'a b'`.
fn names(arg: &Expr, keyword: &str) -> Result<Vec<String>, String> {
    let example = match keyword {
        "options:" => "#(dbTransient)",
        "classVars:" | "classVariableNames:" => "#(Rate)",
        "poolDictionaries:" => "#()",
        _ => "#(balance owner)",
    };
    let bad = || format!("`{keyword}` needs a literal array of names, e.g. `{keyword} {example}`");
    match &strip_parens(arg).kind {
        // `options: #()` then a next statement without the period between:
        // the next statement's first word was sent to the array.
        ExprKind::Send(send)
            if matches!(
                strip_parens(&send.receiver).kind,
                ExprKind::Literal(Literal::Array(_))
            ) =>
        {
            Err(format!(
                "`{keyword}` is followed by a message `{}` sent to its array: is a period \
                 missing after the array, before the next statement?",
                send.message.selector
            ))
        }
        ExprKind::Literal(Literal::Array(items)) => items
            .iter()
            .map(|item| match item {
                Literal::String(s) | Literal::Symbol(s) => Ok(s.clone()),
                _ => Err(bad()),
            })
            .collect(),
        // `#[]` is how 2.x file-outs wrote an empty pool list.
        ExprKind::Literal(Literal::ByteArray(bytes)) if bytes.is_empty() => Ok(Vec::new()),
        ExprKind::Literal(Literal::String(s)) => {
            Ok(s.split_whitespace().map(str::to_string).collect())
        }
        ExprKind::Brace(items) => items
            .iter()
            .map(|item| match &strip_parens(item).kind {
                ExprKind::Variable(v) => Ok(v.clone()),
                _ => literal_text(item).ok_or_else(bad),
            })
            .collect(),
        ExprKind::Pseudo(PseudoVariable::Nil) => Ok(Vec::new()),
        _ => Err(bad()),
    }
}

fn starts_upper(name: &str) -> bool {
    name.chars().next().is_some_and(char::is_uppercase)
}

/// The class-definition statement for `def`, in the GemStone 3.x form
/// `fileOutClass` writes (without the category, which a file-out sets in its
/// own doit). [`recognise`] reads it back to `def` apart from `category`.
pub fn definition_source(def: &ClassDefinition) -> String {
    let superclass = def.superclass.as_deref().unwrap_or("nil");
    let keyword = match def.kind {
        ClassKind::Pointers => "subclass:",
        ClassKind::Indexable => "indexableSubclass:",
        ClassKind::Bytes => "byteSubclass:",
    };
    let mut out = format!("{superclass} {keyword} {}\n", string_literal(&def.name));
    if def.kind != ClassKind::Bytes {
        out.push_str(&format!("  instVarNames: {}\n", name_array(&def.inst_vars)));
    }
    out.push_str(&format!("  classVars: {}\n", name_array(&def.class_vars)));
    out.push_str(&format!(
        "  classInstVars: {}\n",
        name_array(&def.class_inst_vars)
    ));
    out.push_str(&format!(
        "  poolDictionaries: {}\n",
        name_array(&def.pool_dictionaries)
    ));
    out.push_str(&format!("  inDictionary: {}\n", def.dictionary));
    out.push_str(&format!("  options: {}\n", name_array(&def.options)));
    out
}

fn string_literal(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// `#( a b)` as GemStone writes it (each name preceded by a space),
/// quoting any name that is not a plain identifier.
fn name_array(names: &[String]) -> String {
    let mut out = String::from("#(");
    for n in names {
        let plain = n
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !matches!(n.as_str(), "nil" | "true" | "false");
        out.push(' ');
        if plain {
            out.push_str(n);
        } else {
            out.push_str(&string_literal(n));
        }
    }
    out.push(')');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def(source: &str) -> ClassDefinition {
        class_definition(source, "UserGlobals").unwrap_or_else(|e| panic!("{e}\n{source}"))
    }

    #[test]
    fn gemstone_3_form() {
        let d = def(
            "Object subclass: 'Account'\n  instVarNames: #(balance owner)\n  classVars: #(Rate)\n  \
                     classInstVars: #(count)\n  poolDictionaries: #(BankPool)\n  inDictionary: Banking\n  \
                     options: #(#modifiable)\n",
        );
        assert_eq!(
            d,
            ClassDefinition {
                name: "Account".into(),
                superclass: Some("Object".into()),
                inst_vars: vec!["balance".into(), "owner".into()],
                class_vars: vec!["Rate".into()],
                class_inst_vars: vec!["count".into()],
                pool_dictionaries: vec!["BankPool".into()],
                dictionary: "Banking".into(),
                category: None,
                options: vec!["modifiable".into()],
                kind: ClassKind::Pointers,
            }
        );
    }

    #[test]
    fn a_period_missing_after_the_definition_is_named() {
        let e = class_definition(
            "Object subclass: 'Zed'\n  instVarNames: #()\n  classVars: #()\n  \
             classInstVars: #()\n  poolDictionaries: #()\n  inDictionary: UserGlobals\n  \
             options: #()\nZed category: 'x'",
            "UserGlobals",
        )
        .unwrap_err();
        assert_eq!(
            e.message,
            "`options:` is followed by a message `Zed` sent to its array: is a period missing \
             after the array, before the next statement?"
        );
        let e = class_definition(
            "Object subclass: 'Zed' instVarNames: #() classVars: #() classInstVars: #() \
             poolDictionaries: #() inDictionary: UserGlobals options: 3",
            "UserGlobals",
        )
        .unwrap_err();
        assert_eq!(
            e.message,
            "`options:` needs a literal array of names, e.g. `options: #(dbTransient)`"
        );
    }

    #[test]
    fn shorter_and_older_forms() {
        let d = def(
            "Object subclass: 'A' instVarNames: #() classVars: #() poolDictionaries: #[] inDictionary: UserGlobals",
        );
        assert_eq!(d.name, "A");
        let d = def(
            "Object subclass: 'A' instVarNames: #(x) classVars: #() classInstVars: #() \
                     poolDictionaries: #() inDictionary: '' category: 'MagLev-AST' options: #()",
        );
        assert_eq!(d.dictionary, "UserGlobals");
        assert_eq!(d.category.as_deref(), Some("MagLev-AST"));
        let d = def(
            "Object subclass: 'A' instVarNames: #( a ) classVars: #() poolDictionaries: #() \
                     inDictionary: Globals constraints: #() instancesInvariant: false isModifiable: true",
        );
        assert_eq!(d.options, vec!["modifiable".to_string()]);
        let d = def(
            "Object subclass: #A instanceVariableNames: 'x y' classVariableNames: 'Z' \
                     poolDictionaries: '' category: 'Squeak'",
        );
        assert_eq!(d.inst_vars, vec!["x".to_string(), "y".to_string()]);
        assert_eq!(d.class_vars, vec!["Z".to_string()]);
    }

    #[test]
    fn byte_indexable_and_root_classes() {
        let d = def(
            "Object byteSubclass: 'Blob' classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #()",
        );
        assert_eq!(d.kind, ClassKind::Bytes);
        let d = def(
            "Object indexableSubclass: 'Bag2' instVarNames: #(tally) classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #()",
        );
        assert_eq!(d.kind, ClassKind::Indexable);
        let d = def(
            "nil subclass: 'Root' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #()",
        );
        assert_eq!(d.superclass, None);
        let err = class_definition("Object byteSubclass: 'B' instVarNames: #(x) classVars: #() poolDictionaries: #() inDictionary: UserGlobals", "UserGlobals").unwrap_err();
        assert!(
            err.message.contains("cannot have named instance variables"),
            "{err}"
        );
    }

    #[test]
    fn rowan_cascade_and_companion_doits() {
        let doits = recognise(
            "(TestCase\n\tsubclass: 'BankTest'\n\tinstVarNames: #()\n\tclassVars: #()\n\tclassInstVars: #()\n\t\
             poolDictionaries: #()\n\tinDictionary: Banking\n\toptions: #()\n)\n\t\tcategory: 'Bank-Tests';\n\t\t\
             immediateInvariant.\ntrue.\n",
            "UserGlobals",
        )
        .unwrap();
        assert_eq!(doits.len(), 3);
        assert!(
            matches!(&doits[0], FileDoit::Define(d) if d.name == "BankTest" && d.superclass.as_deref() == Some("TestCase"))
        );
        assert_eq!(
            doits[1],
            FileDoit::Category {
                class: "BankTest".into(),
                category: "Bank-Tests".into()
            }
        );
        assert_eq!(
            doits[2],
            FileDoit::NoEffect {
                class: "BankTest".into(),
                selector: "immediateInvariant".into()
            }
        );
        assert_eq!(
            recognise("Account comment: \n'It''s an account.'", "UserGlobals").unwrap(),
            vec![FileDoit::Comment {
                class: "Account".into(),
                comment: "It's an account.".into()
            }]
        );
        assert_eq!(
            recognise("Account class instVarNames: #(count)", "UserGlobals").unwrap(),
            vec![FileDoit::ClassInstVars {
                class: "Account".into(),
                names: vec!["count".into()]
            }]
        );
        assert_eq!(
            recognise("UserGlobals at: #Rate put: 42.\nUserGlobals at: #Name put: 'x'. UserGlobals at: #Later put: nil", "UserGlobals").unwrap(),
            vec![
                FileDoit::Global { dictionary: "UserGlobals".into(), name: "Rate".into(), value: GlobalValue::Integer("42".into()) },
                FileDoit::Global { dictionary: "UserGlobals".into(), name: "Name".into(), value: GlobalValue::String("x".into()) },
                FileDoit::Global { dictionary: "UserGlobals".into(), name: "Later".into(), value: GlobalValue::Nil },
            ]
        );
        assert_eq!(
            recognise(
                "Globals at: #Transcript put: TranscriptStream new",
                "UserGlobals"
            )
            .unwrap(),
            vec![FileDoit::GlobalExpression {
                dictionary: "Globals".into(),
                name: "Transcript".into(),
                expression: "TranscriptStream new".into()
            }]
        );
    }

    #[test]
    fn definition_assigned_to_a_temporary() {
        let doits = recognise(
            "| cls |\ncls := Object subclass: 'RBNode'\n  instVarNames: #('parent')\n  classVars: #('Formatter')\n  \
             classInstVars: #()\n  poolDictionaries: #()\n  inDictionary: UserGlobals.\ncls category: 'AST-Core'.\n\
             cls comment: 'A node.'.\ntrue.",
            "UserGlobals",
        )
        .unwrap();
        assert!(
            matches!(&doits[0], FileDoit::Define(d) if d.name == "RBNode" && d.inst_vars == ["parent"])
        );
        assert_eq!(
            doits[1..],
            [
                FileDoit::Category {
                    class: "RBNode".into(),
                    category: "AST-Core".into()
                },
                FileDoit::Comment {
                    class: "RBNode".into(),
                    comment: "A node.".into()
                },
            ]
        );
        let err = recognise("| x |\nx := 3 + 4", "UserGlobals").unwrap_err();
        assert!(err.message.contains("only class definitions"), "{err}");
    }

    #[test]
    fn dictionary_creation() {
        assert_eq!(
            recognise(
                "System myUserProfile symbolList createDictionaryNamed: #Banking at: 1.\n\
                 System myUserProfile createDictionary: #Pool.\ntrue.",
                "UserGlobals"
            )
            .unwrap(),
            vec![
                FileDoit::CreateDictionary {
                    name: "Banking".into(),
                    at: Some(1)
                },
                FileDoit::CreateDictionary {
                    name: "Pool".into(),
                    at: None
                },
            ]
        );
    }

    #[test]
    fn other_code_is_refused_with_its_line() {
        let err = recognise(
            "Account comment: 'x'.\nTranscript show: 'hi'",
            "UserGlobals",
        )
        .unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("only class definitions"), "{err}");
        let err = recognise(
            "Object subclass: 'A' instVarNames: #() frobs: 3",
            "UserGlobals",
        )
        .unwrap_err();
        assert!(
            err.message
                .contains("`frobs:` is not part of any GemStone class-definition"),
            "{err}"
        );
        let err = recognise("Object subclass: 'A' instVarNames: #(", "UserGlobals").unwrap_err();
        assert!(err.message.starts_with("syntax error"), "{err}");
    }

    #[test]
    fn definition_source_reads_back() {
        for kind in [ClassKind::Pointers, ClassKind::Indexable, ClassKind::Bytes] {
            let d = ClassDefinition {
                name: "Ledger".into(),
                superclass: Some("Object".into()),
                inst_vars: if kind == ClassKind::Bytes {
                    vec![]
                } else {
                    vec!["entries".into(), "owner".into()]
                },
                class_vars: vec!["Default".into()],
                class_inst_vars: vec!["count".into()],
                pool_dictionaries: vec!["BankPool".into()],
                dictionary: "Banking".into(),
                category: None,
                options: vec!["modifiable".into()],
                kind,
            };
            assert_eq!(def(&definition_source(&d)), d);
        }
        let root = ClassDefinition {
            name: "Root".into(),
            dictionary: "UserGlobals".into(),
            ..Default::default()
        };
        assert_eq!(def(&definition_source(&root)), root);
    }
}
