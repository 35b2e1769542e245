//! File-out: a class, or every class of a dictionary, as Topaz text in
//! `fileOutClass` layout that files in to the same classes and method
//! sources.

use std::collections::{BTreeMap, HashSet};

use gs_topaz::{ClassFileOut, MethodFileOut, MethodSide};

use crate::classdef;
use crate::error::{ImageError, Result};
use crate::image::STANDARD_DICTIONARIES;
use crate::model::{DictionaryEntry, GlobalValue, Side};
use crate::session::Session;

/// Class `name` as Topaz text in `fileOutClass` layout: its definition,
/// comment and category doits, `removeall…` lines and every method.
pub fn file_out_class(session: &Session, name: &str) -> Result<String> {
    let record = session.class(name)?;
    let mut methods = Vec::new();
    for side in [Side::Instance, Side::Class] {
        for (category, selectors) in session.categories(name, side)? {
            for selector in selectors {
                let source = session.method_source(name, side, &selector)?;
                methods.push(MethodFileOut {
                    side: match side {
                        Side::Instance => MethodSide::Instance,
                        Side::Class => MethodSide::Class,
                    },
                    category: category.clone(),
                    selector,
                    source,
                });
            }
        }
    }
    let mut definition = record.definition.clone();
    let category = definition.category.take();
    let class = ClassFileOut {
        name: record.definition.name.clone(),
        definition: classdef::definition_source(&definition),
        comment: record.comment.clone(),
        category,
        methods,
    };
    gs_topaz::write_class(&class)
        .map_err(|e| ImageError::Refused(format!("class {name} cannot be filed out: {e}")))
}

/// Every class whose home is `dictionary` (superclasses first) and every
/// literal global it binds, as one Topaz text. A dictionary that is not one
/// of the image's standard ones is created by the text's first doit.
/// Aliases (a class bound under a second name) are not written.
pub fn file_out_dictionary(session: &Session, dictionary: &str) -> Result<String> {
    let entries = session.entries(dictionary)?;
    let mut out = String::new();
    out.push_str(&format!(
        "! ------------------- Symbol dictionary {dictionary}\nfileformat utf8\nset compile_env: 0\n"
    ));
    if !STANDARD_DICTIONARIES.contains(&dictionary) {
        out.push_str(&format!(
            "doit\nSystem myUserProfile symbolList createDictionaryNamed: #{dictionary} at: 1.\ntrue.\n%\n"
        ));
    }
    let mut globals = String::new();
    let mut homed: BTreeMap<String, Option<String>> = BTreeMap::new();
    for (name, entry) in &entries {
        match entry {
            DictionaryEntry::Global(value) => {
                let Some(literal) = global_literal(value) else {
                    return Err(ImageError::Refused(format!(
                        "global {name} in {dictionary} holds a value a file-out cannot write \
                         ({value:?})"
                    )));
                };
                globals.push_str(&format!("{dictionary} at: #{name} put: {literal}.\n"));
            }
            // Persistent objects are data, not code: a file-out leaves them.
            DictionaryEntry::Object(_) => {}
            DictionaryEntry::Class(id) => {
                if let Some(record) = session.class_by_id(*id)
                    && record.definition.dictionary == dictionary
                    && record.definition.name == *name
                {
                    homed.insert(name.clone(), record.definition.superclass.clone());
                }
            }
        }
    }
    if !globals.is_empty() {
        out.push_str(&format!("doit\n{globals}%\n"));
    }
    let mut written: HashSet<String> = HashSet::new();
    fn emit(
        name: &str,
        homed: &BTreeMap<String, Option<String>>,
        written: &mut HashSet<String>,
        session: &Session,
        out: &mut String,
    ) -> Result<()> {
        if !written.insert(name.to_string()) {
            return Ok(());
        }
        if let Some(Some(sup)) = homed.get(name)
            && homed.contains_key(sup)
        {
            emit(sup, homed, written, session, out)?;
        }
        out.push_str(&file_out_class(session, name)?);
        Ok(())
    }
    for name in homed.keys() {
        emit(name, &homed, &mut written, session, &mut out)?;
    }
    Ok(out)
}

/// A global value as a Smalltalk literal, when it has one.
fn global_literal(value: &GlobalValue) -> Option<String> {
    Some(match value {
        GlobalValue::Nil => "nil".into(),
        GlobalValue::Boolean(b) => b.to_string(),
        GlobalValue::Integer(digits) => digits.clone(),
        GlobalValue::Float(f) if f.is_finite() => {
            let text = format!("{f:?}");
            // `1e300` would read back as an Integer; a float needs its point.
            match text.split_once('e') {
                Some((mantissa, exp)) if !mantissa.contains('.') => format!("{mantissa}.0e{exp}"),
                _ => text,
            }
        }
        GlobalValue::Float(_) => return None,
        GlobalValue::String(s) => format!("'{}'", s.replace('\'', "''")),
        GlobalValue::Symbol(s) => format!("#'{}'", s.replace('\'', "''")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classdef::FileDoit;

    #[test]
    fn global_literals_read_back_as_the_same_value() {
        let values = [
            GlobalValue::Nil,
            GlobalValue::Boolean(true),
            GlobalValue::Integer("-123456789012345678901234567890".into()),
            GlobalValue::Float(1e300),
            GlobalValue::Float(-0.025),
            GlobalValue::String("it's".into()),
            GlobalValue::Symbol("with space".into()),
        ];
        for value in values {
            let text = format!(
                "UserGlobals at: #G put: {}",
                global_literal(&value).unwrap()
            );
            assert_eq!(
                classdef::recognise(&text, "UserGlobals").unwrap(),
                vec![FileDoit::Global {
                    dictionary: "UserGlobals".into(),
                    name: "G".into(),
                    value: value.clone()
                }],
                "{text}"
            );
        }
        assert_eq!(global_literal(&GlobalValue::Float(f64::NAN)), None);
    }
}
