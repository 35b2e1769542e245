//! Topaz `expectvalue`: what a file says its next doit answers.
//!
//! Topaz checks the next execution's result against the line and counts a
//! mismatch as an error (`expectvalue /Class` before a class definition,
//! `expectvalue true` before a doit that answers a Boolean). A file-in
//! checks the same: a doit it applies itself answers what the message
//! would answer in GemStone (a class definition, `comment:`, `category:`
//! and the other messages sent to a class answer that class; `Foo class
//! instVarNames:` answers its metaclass), and a doit a
//! [`DoitRunner`](super::DoitRunner) runs is checked by the runner,
//! which has the value.

use std::fmt;

use crate::classdef::FileDoit;

/// What an `expectvalue` line says the next doit answers: the forms
/// files use. [`Expected::parse`] answers `None` for any other form, which
/// the file-in reports as not checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// `/Name`: an object whose class is `Name` or inherits from it
    /// (`isKindOf:`).
    KindOf(String),
    /// `true`, `false`, `nil`, an integer or a quoted string: a result
    /// equal (`=`) to that literal, kept as written.
    Equal(String),
}

impl Expected {
    /// Reads the text after `expectvalue`.
    pub fn parse(text: &str) -> Option<Expected> {
        let text = text.trim();
        if let Some(name) = text.strip_prefix('/') {
            return is_identifier(name).then(|| Expected::KindOf(name.to_string()));
        }
        let literal =
            matches!(text, "true" | "false" | "nil") || is_integer(text) || is_quoted(text);
        literal.then(|| Expected::Equal(text.to_string()))
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::KindOf(name) => write!(f, "/{name}"),
            Expected::Equal(literal) => f.write_str(literal),
        }
    }
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn is_integer(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A Smalltalk string literal: quoted, every inner quote doubled.
fn is_quoted(text: &str) -> bool {
    text.len() >= 2
        && text.starts_with('\'')
        && text.ends_with('\'')
        && text[1..text.len() - 1]
            .replace("''", "")
            .find('\'')
            .is_none()
}

/// Checks an expectation against the doits the file-in applies itself
/// (their last statement's answer): `Some(Ok(()))` when met,
/// `Some(Err(why))` when not, `None` when only running the doit can tell.
pub(super) fn check_applied(expected: &Expected, doits: &[FileDoit]) -> Option<Result<(), String>> {
    let (class, meta) = match doits.last()? {
        FileDoit::Define(def) => (def.name.as_str(), false),
        FileDoit::Comment { class, .. }
        | FileDoit::Category { class, .. }
        | FileDoit::NoEffect { class, .. } => (class.as_str(), false),
        FileDoit::ClassInstVars { class, .. } => (class.as_str(), true),
        FileDoit::CreateDictionary { .. }
        | FileDoit::Global { .. }
        | FileDoit::GlobalExpression { .. } => return None,
    };
    // A class is an instance of its metaclass, which inherits from Class;
    // a metaclass is a Metaclass3 (GemStone/S 64's metaclass class).
    let (answer, kinds): (String, &[&str]) = match meta {
        false => (
            format!("the class {class}"),
            &["Class", "Behavior", "Object"],
        ),
        true => (
            format!("the metaclass {class} class"),
            &["Metaclass3", "Behavior", "Object"],
        ),
    };
    Some(match expected {
        Expected::KindOf(name) if kinds.contains(&name.as_str()) => Ok(()),
        Expected::KindOf(name) => Err(format!("it answers {answer}, which is not a {name}")),
        Expected::Equal(literal) => Err(format!("it answers {answer}, not {literal}")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_files_use_are_read_and_others_are_not() {
        assert_eq!(
            Expected::parse(" /Class "),
            Some(Expected::KindOf("Class".into()))
        );
        for literal in ["true", "false", "nil", "42", "-7", "'it''s'", "''"] {
            assert_eq!(
                Expected::parse(literal),
                Some(Expected::Equal(literal.into())),
                "{literal}"
            );
        }
        for other in [
            "%String", "/", "/Foo Bar", "'open", "'a'b'", "3.5", "-", "#sym",
        ] {
            assert_eq!(Expected::parse(other), None, "{other}");
        }
    }

    #[test]
    fn a_message_to_a_class_answers_the_class_and_instvarnames_its_metaclass() {
        let comment = [FileDoit::Comment {
            class: "Account".into(),
            comment: "c".into(),
        }];
        let kind = |n: &str| Expected::KindOf(n.into());
        assert_eq!(check_applied(&kind("Class"), &comment), Some(Ok(())));
        assert_eq!(
            check_applied(&kind("Metaclass3"), &comment),
            Some(Err(
                "it answers the class Account, which is not a Metaclass3".into()
            ))
        );
        assert_eq!(
            check_applied(&Expected::Equal("true".into()), &comment),
            Some(Err("it answers the class Account, not true".into()))
        );
        let inst_vars = [FileDoit::ClassInstVars {
            class: "Account".into(),
            names: vec!["count".into()],
        }];
        assert_eq!(check_applied(&kind("Metaclass3"), &inst_vars), Some(Ok(())));
        let dictionary = [FileDoit::CreateDictionary {
            name: "D".into(),
            at: None,
        }];
        assert_eq!(check_applied(&kind("SymbolDictionary"), &dictionary), None);
    }
}
