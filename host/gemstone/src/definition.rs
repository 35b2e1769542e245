//! What a class-definition source says, parsed on this side before
//! anything is sent: exactly one class-definition message with literal
//! arguments, and `comment:` / `category:` statements for that class.
//! Anything else is refused, and the stone is sent a definition rebuilt
//! from the parsed parts, every argument quoted by the backend's own
//! quoting ([`crate::smalltalk::lit`], [`crate::smalltalk::sym`]), never the client's
//! text: a definition tool must not run other code, and the kernel-class
//! and kernel-name guards must see the name and dictionary the stone will
//! define.

use gs_smalltalk::ast::{Expr, ExprKind, Literal, Message, MessageSend, PseudoVariable, Statement};
use gs_smalltalk::lexer::{Lexer, TokenKind};

use crate::answers::is_identifier;
use crate::smalltalk::{lit, sym};

/// One class-definition message, as parsed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Scanned {
    /// The class it defines.
    pub name: String,
    /// The receiver of the message: the superclass's name (`None` for
    /// `nil`).
    pub superclass: Option<String>,
    /// `instVarNames:`, if given.
    pub instance_variables: Option<Vec<String>>,
    /// `classVars:`, if given.
    pub class_variables: Option<Vec<String>>,
    /// `classInstVars:`, if given.
    pub class_instance_variables: Option<Vec<String>>,
    /// `inDictionary:`, if written as a name.
    pub dictionary: Option<String>,
}

/// A parsed class-definition source: its facts, and the text the stone is
/// sent in its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The definition's facts.
    pub scanned: Scanned,
    /// The definition rebuilt from the parsed parts: the message, then a
    /// cascade of `comment:` and `category:` and `yourself`, so it
    /// answers the class.
    pub text: String,
}

/// Why a source was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The source is not Smalltalk: the line and the parser's message.
    Syntax(u32, String),
    /// The source is Smalltalk, but not one definition: what else it
    /// holds (a noun phrase).
    Shape(String),
    /// The source is one definition, but a part of it is wrong: what, and
    /// what to write instead (a sentence).
    Part(String),
}

/// The keywords that start a class-definition message.
const DEFINING: [&str; 5] = [
    "subclass:",
    "byteSubclass:",
    "indexableSubclass:",
    "variableSubclass:",
    "variableByteSubclass:",
];

/// Every other keyword a GemStone class-definition message may have, each
/// with a literal argument (`inDictionary:` also a name).
const OTHER_KEYWORDS: [&str; 15] = [
    "instVarNames:",
    "instanceVariableNames:",
    "classVars:",
    "classVariableNames:",
    "classInstVars:",
    "classInstanceVariableNames:",
    "poolDictionaries:",
    "inDictionary:",
    "category:",
    "package:",
    "options:",
    "instancesInvariant:",
    "isModifiable:",
    "description:",
    "constraints:",
];

fn shape(what: impl Into<String>) -> Refusal {
    Refusal::Shape(what.into())
}

fn part(why: impl Into<String>) -> Refusal {
    Refusal::Part(why.into())
}

fn strip_parens(mut e: &Expr) -> &Expr {
    while let ExprKind::Paren(inner) = &e.kind {
        e = inner;
    }
    e
}

/// `literal` written again with the backend's quoting, or `None` for a
/// kind of literal no definition needs.
fn quote(literal: &Literal) -> Option<String> {
    Some(match literal {
        Literal::String(s) => lit(s),
        Literal::Symbol(s) => sym(s),
        Literal::Integer(i) => i.to_string(),
        Literal::Boolean(b) => b.to_string(),
        Literal::Nil => "nil".into(),
        Literal::Array(items) => {
            let items: Option<Vec<String>> = items.iter().map(quote).collect();
            format!("#({})", items?.join(" "))
        }
        Literal::ByteArray(bytes) => {
            let bytes: Vec<String> = bytes.iter().map(u8::to_string).collect();
            format!("#[{}]", bytes.join(" "))
        }
        _ => return None,
    })
}

/// A definition argument written again: a literal, `true`, `false` or
/// `nil`, or (for `inDictionary:`) a dictionary's name.
fn argument(keyword: &str, arg: &Expr) -> Result<String, Refusal> {
    let not_literal = || {
        part(format!(
            "`{keyword}` needs a literal argument (a string, a symbol or a literal array), not \
             an expression"
        ))
    };
    match &strip_parens(arg).kind {
        ExprKind::Literal(l) => quote(l).ok_or_else(not_literal),
        ExprKind::Pseudo(PseudoVariable::True) => Ok("true".into()),
        ExprKind::Pseudo(PseudoVariable::False) => Ok("false".into()),
        ExprKind::Pseudo(PseudoVariable::Nil) => Ok("nil".into()),
        ExprKind::Variable(name) if keyword == "inDictionary:" && is_identifier(name) => {
            Ok(name.clone())
        }
        _ => Err(not_literal()),
    }
}

/// The names a variable-list argument gives: a literal array of names,
/// or the older space-separated string.
fn names(arg: &Expr) -> Option<Vec<String>> {
    match &strip_parens(arg).kind {
        ExprKind::Literal(Literal::Array(items)) => items
            .iter()
            .map(|item| match item {
                Literal::String(s) | Literal::Symbol(s) => Some(s.clone()),
                _ => None,
            })
            .collect(),
        ExprKind::Literal(Literal::String(s)) => {
            Some(s.split_whitespace().map(str::to_string).collect())
        }
        _ => None,
    }
}

fn is_definition(message: &Message) -> bool {
    DEFINING.iter().any(|k| message.selector.starts_with(k))
}

/// The facts and the rebuilt text of one definition message, and the
/// category it names (`category:`, `package:`), which is sent as a
/// companion statement.
///
/// The text is always GemStone 3.x's full form of the message for the
/// class's kind (`subclass:`, `indexableSubclass:` or `byteSubclass:`,
/// then `instVarNames:` — not for bytes —, `classVars:`,
/// `classInstVars:`, `poolDictionaries:`, `inDictionary:` and
/// `options:`), with `#()` and UserGlobals (where the embedded image puts
/// such a class) for what the source leaves out: the shorter and older
/// forms the embedded image reads are not all a stone's.
fn definition(
    receiver: &Expr,
    message: &Message,
) -> Result<(Scanned, String, Option<String>), Refusal> {
    let mut facts = Scanned::default();
    let superclass = match &strip_parens(receiver).kind {
        ExprKind::Pseudo(PseudoVariable::Nil) => "nil".to_string(),
        ExprKind::Variable(name) if is_identifier(name) => {
            facts.superclass = Some(name.clone());
            name.clone()
        }
        _ => {
            return Err(part(
                "a class definition's receiver must be a class name or nil, e.g. `Object \
                 subclass: 'Account' …`",
            ));
        }
    };
    let mut kind = "subclass:";
    let mut pools = "#()".to_string();
    let mut dictionary = "UserGlobals".to_string();
    let mut options: Vec<String> = Vec::new();
    let mut category = None;
    for (keyword, arg) in message
        .selector
        .split_inclusive(':')
        .zip(&message.arguments)
    {
        if DEFINING.contains(&keyword) {
            kind = match keyword {
                "indexableSubclass:" | "variableSubclass:" => "indexableSubclass:",
                "byteSubclass:" | "variableByteSubclass:" => "byteSubclass:",
                _ => "subclass:",
            };
            facts.name = match &strip_parens(arg).kind {
                ExprKind::Literal(Literal::String(s) | Literal::Symbol(s)) if !s.is_empty() => {
                    s.clone()
                }
                _ => {
                    return Err(part(format!(
                        "`{keyword}` needs the new class's name as a string literal, e.g. \
                         `{keyword} 'Account'`"
                    )));
                }
            };
            continue;
        } else if !OTHER_KEYWORDS.contains(&keyword) {
            return Err(part(format!(
                "`{keyword}` is not part of any GemStone class-definition message; use \
                 `subclass:instVarNames:classVars:classInstVars:poolDictionaries:\
                 inDictionary:options:`"
            )));
        }
        let quoted = argument(keyword, arg)?;
        let listed = || {
            names(arg).ok_or_else(|| {
                part(format!(
                    "`{keyword}` needs a literal array of names, e.g. `{keyword} #(balance)`"
                ))
            })
        };
        match keyword {
            "instVarNames:" | "instanceVariableNames:" => {
                facts.instance_variables = Some(listed()?)
            }
            "classVars:" | "classVariableNames:" => facts.class_variables = Some(listed()?),
            "classInstVars:" | "classInstanceVariableNames:" => {
                facts.class_instance_variables = Some(listed()?)
            }
            // Pharo's `poolDictionaries: ''` (a string of names) is
            // GemStone's array of them.
            "poolDictionaries:" => pools = names(arg).map_or(quoted, |n| sym_array(&n)),
            "inDictionary:" => {
                // `inDictionary: ''` is the default dictionary, as on the
                // embedded image.
                facts.dictionary = match &strip_parens(arg).kind {
                    ExprKind::Variable(d) => Some(d.clone()),
                    ExprKind::Literal(Literal::String(s) | Literal::Symbol(s)) => Some(s.clone()),
                    _ => None,
                }
                .filter(|d| !d.is_empty());
                if facts.dictionary.is_some() {
                    dictionary = quoted;
                }
            }
            "options:" => options.extend(listed()?),
            "instancesInvariant:" | "isModifiable:" if quoted == "true" => {
                options.push(if keyword == "isModifiable:" {
                    "modifiable".into()
                } else {
                    "instancesInvariant".into()
                });
            }
            "category:" | "package:" => category = Some(quoted),
            // `instancesInvariant: false`, `description:`, and the older
            // form's `constraints:` (instance-variable types GemStone 3.x
            // no longer keeps): nothing a stone needs told.
            _ => {}
        }
    }
    if kind == "byteSubclass:"
        && facts
            .instance_variables
            .as_ref()
            .is_some_and(|v| !v.is_empty())
    {
        return Err(part(format!(
            "byte class {} cannot have named instance variables; remove `instVarNames:` or use \
             `subclass:`",
            facts.name
        )));
    }
    let array = |names: &Option<Vec<String>>| sym_array(names.as_deref().unwrap_or_default());
    let mut text = format!("{superclass} {kind} {}", lit(&facts.name));
    if kind != "byteSubclass:" {
        text.push_str(&format!(
            " instVarNames: {}",
            array(&facts.instance_variables)
        ));
    }
    text.push_str(&format!(
        " classVars: {} classInstVars: {} poolDictionaries: {pools} inDictionary: {dictionary} \
         options: {}",
        array(&facts.class_variables),
        array(&facts.class_instance_variables),
        sym_array(&options)
    ));
    Ok((facts, text, category))
}

/// A literal Array of Symbols, as the backend quotes them.
fn sym_array(names: &[String]) -> String {
    let items: Vec<String> = names.iter().map(|n| sym(n)).collect();
    format!("#({})", items.join(" "))
}

/// A statement about the defined class: `Name comment: '…'` or `Name
/// category: '…'` (also as a cascade), written again as cascade parts.
fn companion(expr: &Expr, name: &str, parts: &mut Vec<String>) -> Result<(), Refusal> {
    let receiver = match &strip_parens(expr).kind {
        ExprKind::Send(send) => &send.receiver,
        ExprKind::Cascade(c) => &c.receiver,
        _ => return Err(shape("a statement other than a class definition")),
    };
    match &strip_parens(receiver).kind {
        ExprKind::Variable(v) if v == name => {}
        ExprKind::Variable(v) => {
            return Err(shape(format!(
                "a statement about {v}, not the class it defines ({name})"
            )));
        }
        _ => return Err(shape("a statement other than a class definition")),
    }
    companion_messages(expr, name, parts)
}

/// The `comment:` and `category:` messages `expr` sends (one, or a
/// cascade of them) to the class `name`, written again as cascade parts.
fn companion_messages(expr: &Expr, name: &str, parts: &mut Vec<String>) -> Result<(), Refusal> {
    let messages: Vec<&Message> = match &strip_parens(expr).kind {
        ExprKind::Send(send) => vec![&send.message],
        ExprKind::Cascade(c) if c.parts.iter().all(|p| p.len() == 1) => {
            c.parts.iter().map(|p| &p[0]).collect()
        }
        _ => return Err(shape("a statement other than a class definition")),
    };
    for message in messages {
        let selector = message.selector.as_str();
        let arg = message.arguments.first().map(|a| &strip_parens(a).kind);
        match (selector, arg) {
            ("comment:" | "category:", Some(ExprKind::Literal(Literal::String(s)))) => {
                parts.push(format!("{selector} {}", lit(s)));
            }
            ("comment:" | "category:", _) => {
                return Err(part(format!("`{name} {selector}` needs a string literal")));
            }
            _ => {
                return Err(shape(format!(
                    "`{name} {selector}`, which is not `comment:` or `category:`"
                )));
            }
        }
    }
    Ok(())
}

/// The expression of a statement, without its parentheses.
fn statement_expr(statement: &Statement) -> &Expr {
    match statement {
        Statement::Expression(e) | Statement::Return { value: e, .. } => strip_parens(e),
    }
}

/// The class-definition message `expr` sends, if it sends one.
fn defining(expr: &Expr) -> Option<&MessageSend> {
    match &expr.kind {
        ExprKind::Send(send) if is_definition(&send.message) => Some(send),
        _ => None,
    }
}

/// The class-definition message statement `expr` sends: itself, or the
/// receiver of the messages it sends (`(definition) comment: '…';
/// category: '…'`), then given as the second part.
fn definition_in(expr: &Expr) -> (Option<&MessageSend>, Option<&Expr>) {
    if let Some(send) = defining(expr) {
        return (Some(send), None);
    }
    let receiver = match &expr.kind {
        ExprKind::Send(s) => &s.receiver,
        ExprKind::Cascade(c) => &c.receiver,
        _ => return (None, None),
    };
    match defining(strip_parens(receiver)) {
        Some(send) => (Some(send), Some(expr)),
        None => (None, None),
    }
}

/// Parses `source` as one class definition and its companion statements
/// (see the module's documentation).
pub fn parse(source: &str) -> Result<Parsed, Refusal> {
    let doit = gs_smalltalk::parser::parse_doit(source).map_err(|errors| {
        let first = errors.first();
        Refusal::Syntax(
            first.map_or(1, |e| e.line),
            first.map(|e| e.message.clone()).unwrap_or_default(),
        )
    })?;
    if !doit.temporaries.is_empty() {
        return Err(shape("temporary variables"));
    }
    if !doit
        .body
        .iter()
        .any(|s| definition_in(statement_expr(s)).0.is_some())
    {
        return Err(Refusal::Shape(String::new()));
    }
    let mut found: Option<(Scanned, String)> = None;
    let mut parts = Vec::new();
    for statement in &doit.body {
        let expr = statement_expr(statement);
        let (send, about_it) = definition_in(expr);
        if let Some(send) = send {
            let (facts, text, category) = definition(&send.receiver, &send.message)?;
            if let Some((first, _)) = &found {
                return Err(shape(format!(
                    "more than one class definition ({} and {}); compile them one at a time",
                    first.name, facts.name
                )));
            }
            if let Some(category) = category {
                parts.push(format!("category: {category}"));
            }
            if let Some(about_it) = about_it {
                companion_messages(about_it, &facts.name, &mut parts)?;
            }
            found = Some((facts, text));
            continue;
        }
        let Some((facts, _)) = &found else {
            return Err(shape("a statement before the class definition"));
        };
        companion(expr, &facts.name, &mut parts)?;
    }
    let Some((scanned, definition)) = found else {
        return Err(Refusal::Shape(String::new()));
    };
    let text = if parts.is_empty() {
        definition
    } else {
        format!("({definition}) {}; yourself", parts.join("; "))
    };
    Ok(Parsed { scanned, text })
}

/// True if method `source` names `word` as a variable: an identifier in
/// its body, not in a comment, a string or a symbol, nor its selector.
pub fn mentions(source: &str, word: &str) -> bool {
    let mut tokens = Lexer::new(source)
        .filter(|t| t.kind != TokenKind::Error)
        .peekable();
    // The selector pattern: `rate`, `+ other`, `at: i put: v`.
    match tokens.peek().map(|t| t.kind) {
        Some(TokenKind::Identifier) => {
            tokens.next();
        }
        Some(TokenKind::Binary) => {
            tokens.next();
            tokens.next();
        }
        _ => {
            while tokens.peek().is_some_and(|t| t.kind == TokenKind::Keyword) {
                tokens.next();
                tokens.next();
            }
        }
    }
    tokens.any(|t| t.kind == TokenKind::Identifier && t.text(source) == word)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(source: &str) -> Scanned {
        parse(source).expect("a definition").scanned
    }

    fn refused(source: &str) -> String {
        match parse(source) {
            Err(Refusal::Shape(why) | Refusal::Part(why)) => why,
            other => panic!("{source:?} was not refused as a shape: {other:?}"),
        }
    }

    #[test]
    fn a_definition_is_read_in_its_literal_forms() {
        let d = facts(
            "Object subclass: 'Account'\n  instVarNames: #( balance #owner 'x y')\n  classVars: #()\n  \
             classInstVars: #(count)\n  poolDictionaries: #()\n  inDictionary: Bank\n  options: #().\n\
             Account category: 'Bank-Core'",
        );
        assert_eq!(d.name, "Account");
        assert_eq!(d.superclass.as_deref(), Some("Object"));
        assert_eq!(
            d.instance_variables.as_deref(),
            Some(&["balance".to_string(), "owner".into(), "x y".into()][..])
        );
        assert_eq!(d.class_variables.as_deref(), Some(&[][..]));
        assert_eq!(
            d.class_instance_variables.as_deref(),
            Some(&["count".to_string()][..])
        );
        assert_eq!(d.dictionary.as_deref(), Some("Bank"));
        assert_eq!(
            facts("nil subclass: #Two instVarNames: #(a)").superclass,
            None
        );
        assert_eq!(facts("Object byteSubclass: 'Blob'").name, "Blob");
    }

    #[test]
    fn the_stone_is_sent_the_definition_rebuilt_with_the_backend_s_quoting() {
        let p = parse(
            "\"a file-out\" Object subclass: 'It''s' instVarNames: #(a #'b c') inDictionary: \
             UserGlobals.\n\"x\" It comment: 'say ''hi'''; category: 'Cat'",
        );
        // `It` is not the class defined (`It's`): refused.
        assert!(p.is_err());
        let p = parse(
            "Object subclass: #Acct instVarNames: #(a #'b c') inDictionary: UserGlobals.\n\"x\" \
             Acct comment: 'say ''hi'''. Acct category: 'Cat'",
        )
        .expect("a definition");
        assert_eq!(
            p.text,
            "(Object subclass: 'Acct' instVarNames: #(#'a' #'b c') classVars: #() \
             classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #()) \
             comment: 'say ''hi'''; category: 'Cat'; yourself"
        );
    }

    #[test]
    fn every_form_is_sent_as_the_full_gemstone_3_message_of_its_kind() {
        let text = |source: &str| parse(source).expect("a definition").text;
        // No dictionary: UserGlobals, as on the embedded image.
        assert_eq!(
            text(
                "Object subclass: 'A' instVarNames: #(x) classVars: #() classInstVars: #() \
                  poolDictionaries: #()"
            ),
            "Object subclass: 'A' instVarNames: #(#'x') classVars: #() classInstVars: #() \
             poolDictionaries: #() inDictionary: UserGlobals options: #()"
        );
        assert_eq!(
            text("Object variableSubclass: 'V' instVarNames: #() inDictionary: Bank"),
            "Object indexableSubclass: 'V' instVarNames: #() classVars: #() classInstVars: #() \
             poolDictionaries: #() inDictionary: Bank options: #()"
        );
        assert_eq!(
            text("Object byteSubclass: 'B' classVars: #() inDictionary: ''"),
            "Object byteSubclass: 'B' classVars: #() classInstVars: #() poolDictionaries: #() \
             inDictionary: UserGlobals options: #()"
        );
        // Pharo's form, its package as the category; flags as options.
        assert_eq!(
            text(
                "Object subclass: #P instanceVariableNames: 'a b' classVariableNames: '' \
                  package: 'Pkg'"
            ),
            "(Object subclass: 'P' instVarNames: #(#'a' #'b') classVars: #() classInstVars: #() \
             poolDictionaries: #() inDictionary: UserGlobals options: #()) category: 'Pkg'; \
             yourself"
        );
        assert!(
            text(
                "Object subclass: 'I' instVarNames: #() inDictionary: Bank \
                  instancesInvariant: true isModifiable: false"
            )
            .ends_with("options: #(#'instancesInvariant')")
        );
        // A definition in parentheses with its companions cascaded on it.
        assert_eq!(
            text(
                "(Object subclass: 'F' instVarNames: #() inDictionary: Bank) comment: 'x'; \
                  category: 'Y'"
            ),
            "(Object subclass: 'F' instVarNames: #() classVars: #() classInstVars: #() \
             poolDictionaries: #() inDictionary: Bank options: #()) comment: 'x'; category: 'Y'; \
             yourself"
        );
        assert!(
            refused("Object byteSubclass: 'B' instVarNames: #(a) inDictionary: Bank")
                .contains("cannot have named instance variables")
        );
        assert!(
            refused("(Object subclass: 'F' instVarNames: #() inDictionary: Bank) foo: 3")
                .contains("not `comment:` or `category:`")
        );
    }

    #[test]
    fn anything_but_one_definition_and_its_companions_is_refused() {
        let harmless = "Object subclass: 'Harmless' instVarNames: #() classVars: #() \
                        classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals \
                        options: #()";
        assert!(
            refused(&format!("{harmless}. UserGlobals at: #Pwned put: 42")).contains("UserGlobals")
        );
        refused(&format!("{harmless}. Harmless foo: 1"));
        refused(&format!("{harmless}. Harmless comment: 'a' , 'b'"));
        refused("\"Object subclass: #Foo\" UserGlobals at: #Pwned2 put: 7. Object");
        refused("Object subclass: 'Strin' , 'g' instVarNames: #() inDictionary: UserGlobals");
        refused("Object subclass: 'A' instVarNames: (UserGlobals at: #X put: 1)");
        refused("(Smalltalk at: #Object) subclass: 'A'");
        refused("| t | Object subclass: 'A'");
        refused("Object subclass: 'A' ifTrue: [3]");
        assert!(refused("Object subclass: 'One'. nil subclass: #Two").contains("One and Two"));
        assert_eq!(refused("3 + 4"), "");
        assert!(matches!(
            parse("Object subclass: 'A"),
            Err(Refusal::Syntax(1, _))
        ));
    }

    #[test]
    fn mentions_whole_identifiers_only() {
        assert!(mentions("interest\n\t^ rate * 2", "rate"));
        assert!(!mentions("interest\n\t^ rates * 2", "rate"));
        assert!(!mentions("interest\n\t^ prorate", "rate"));
        // Not in a comment, a string, a symbol or the selector.
        assert!(!mentions(
            "label\n\t\"the rate\" ^ 'rate: ' , #rate printString",
            "rate"
        ));
        assert!(!mentions("rate\n\t^ 3", "rate"));
        assert!(mentions("rate\n\t^ rate", "rate"));
        assert!(!mentions("rate: x\n\t^ x", "rate"));
        assert!(mentions("at: i put: v\n\trate := v", "rate"));
        assert!(mentions("+ other\n\t^ rate + other", "rate"));
        assert!(!mentions("+ rate2\n\t^ rate2", "rate"));
    }
}
