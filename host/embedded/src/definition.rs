//! Class definitions from source: recognising one definition expression
//! with its companion statements (the shape of a file-out), and applying
//! it under a recompile policy with its full report.

use gs_image::classdef::{self, FileDoit};
use std::collections::HashMap;

use gs_image::{ClassDefinition, DefinitionChange, ImageError, Session, Side};
use gs_toolset::{
    CompileProblem, DefinitionReport, FailedMethod, MethodRef, RecompilePolicy, ToolError,
};
use serde_json::{Map, json};

use crate::tool_error;

/// The dictionary a definition without `inDictionary:` goes to.
const DEFAULT_DICTIONARY: &str = "UserGlobals";

/// What a class-definition source holds: the one definition and the
/// statements about that same class a file-out puts beside it.
pub(crate) struct DefinitionSource {
    pub definition: ClassDefinition,
    comment: Option<String>,
    category: Option<String>,
}

const ONE_DEFINITION: &str = "`source` must be one class-definition expression (with, if you \
                              like, `comment:` and `category:` statements for that class)";

fn other(what: String) -> ToolError {
    ToolError::invalid_params(format!(
        "{ONE_DEFINITION}, but it also holds {what}. To run any other code, use execute_code"
    ))
}

/// Recognises `source` as one class definition, optionally followed by
/// `Name comment: '…'`, `Name category: '…'`, `Name class instVarNames:
/// #(…)` or `Name immediateInvariant` for the same class. Anything else is
/// refused rather than silently dropped: this evaluates definitions, not
/// code.
pub(crate) fn recognise(source: &str) -> Result<DefinitionSource, ToolError> {
    let doits = classdef::recognise(source, DEFAULT_DICTIONARY).map_err(|e| {
        if e.message.starts_with("syntax error") {
            let mut d = Map::new();
            d.insert(
                "errors".into(),
                json!([{"line": e.line, "column": 1, "message": e.message}]),
            );
            ToolError::compile_error(format!("line {}: {}", e.line, e.message)).with_details(d)
        } else if e.message == classdef::NOT_ACCEPTED {
            // The file-in's words speak of file-ins; a client is told
            // what its source holds.
            other(format!(
                "a statement other than a class definition (line {})",
                e.line
            ))
        } else {
            ToolError::invalid_params(format!(
                "{ONE_DEFINITION}; line {}: {}. To run any other code, use execute_code",
                e.line, e.message
            ))
        }
    })?;
    let mut definitions = doits.iter().filter_map(|d| match d {
        FileDoit::Define(def) => Some(def.clone()),
        _ => None,
    });
    let mut definition = match (definitions.next(), definitions.next()) {
        (Some(def), None) => def,
        (None, _) => {
            return Err(ToolError::invalid_params(format!(
                "{ONE_DEFINITION}, e.g. `Object subclass: 'Account' instVarNames: #(balance) \
                 classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: \
                 UserGlobals`; this source defines no class. To run any other code, use \
                 execute_code"
            )));
        }
        (Some(first), Some(second)) => {
            return Err(other(format!(
                "more than one class definition ({} and {}); compile them one at a time",
                first.name, second.name
            )));
        }
    };
    let (mut comment, mut category) = (None, None);
    for doit in doits {
        let about = |class: &str| {
            if class == definition.name {
                Ok(())
            } else {
                Err(other(format!(
                    "a statement about {class}, not the class it defines ({})",
                    definition.name
                )))
            }
        };
        match doit {
            FileDoit::Define(_) => {}
            FileDoit::Comment { class, comment: c } => {
                about(&class)?;
                comment = Some(c);
            }
            FileDoit::Category { class, category: c } => {
                about(&class)?;
                category = Some(c);
            }
            FileDoit::ClassInstVars { class, names } => {
                about(&class)?;
                definition.class_inst_vars = names;
            }
            FileDoit::NoEffect { class, .. } => about(&class)?,
            FileDoit::CreateDictionary { name, .. } => {
                return Err(other(format!(
                    "the creation of dictionary {name} (use add_dictionary)"
                )));
            }
            FileDoit::Global {
                dictionary, name, ..
            }
            | FileDoit::GlobalExpression {
                dictionary, name, ..
            } => {
                return Err(other(format!(
                    "the assignment of global {name} in {dictionary}"
                )));
            }
        }
    }
    Ok(DefinitionSource {
        definition,
        comment,
        category,
    })
}

/// Refuses to reshape a class that has subclasses: they would be left on
/// the old shape.
fn refuse_reshaping_a_superclass(s: &Session, def: &ClassDefinition) -> Result<(), ToolError> {
    let Ok(existing) = s.class(&def.name) else {
        return Ok(());
    };
    let old = &existing.definition;
    if old.dictionary != def.dictionary {
        return Ok(());
    }
    let reshape = old.inst_vars != def.inst_vars
        || old.class_vars != def.class_vars
        || old.class_inst_vars != def.class_inst_vars
        || old.pool_dictionaries != def.pool_dictionaries
        || old.superclass != def.superclass;
    let subclasses = s.subclasses(&def.name).map_err(tool_error)?;
    if reshape && !subclasses.is_empty() {
        return Err(gs_toolset::reshaping_a_superclass(&def.name, &subclasses));
    }
    Ok(())
}

/// The image's policy for the API's.
fn image_policy(policy: RecompilePolicy) -> gs_image::RecompilePolicy {
    match policy {
        RecompilePolicy::RemoveFailing => gs_image::RecompilePolicy::RemoveFailing,
        RecompilePolicy::Refuse => gs_image::RecompilePolicy::Refuse,
    }
}

/// Applies a definition under `policy`. A redefinition the policy refuses
/// is `refused` with `details.reason` `wouldBreakMethods`.
pub(crate) fn define(
    s: &mut Session,
    def: ClassDefinition,
    policy: RecompilePolicy,
) -> Result<gs_image::ClassDefined, ToolError> {
    s.define_class(def, image_policy(policy))
        .map_err(|e| match e {
            ImageError::Refused(message) if policy == RecompilePolicy::Refuse => {
                let mut d = Map::new();
                d.insert("reason".into(), json!("wouldBreakMethods"));
                ToolError::refused(message).with_details(d)
            }
            e => tool_error(e),
        })
}

/// The category of each method of class `name` (by side and selector),
/// read before a redefinition may remove some; none for a new class.
fn method_categories(s: &Session, name: &str, exists: bool) -> HashMap<(bool, String), String> {
    let mut out = HashMap::new();
    if !exists {
        return out;
    }
    for side in [Side::Instance, Side::Class] {
        for (category, selectors) in s.categories(name, side).unwrap_or_default() {
            for selector in selectors {
                out.insert((side.is_meta(), selector), category.clone());
            }
        }
    }
    out
}

/// Applies a recognised class-definition source in `s` (see
/// [`gs_toolset::ImageSession::define_class_from_source`]).
pub(crate) fn apply(
    s: &mut Session,
    parsed: DefinitionSource,
    policy: RecompilePolicy,
) -> Result<DefinitionReport, ToolError> {
    let DefinitionSource {
        definition: mut def,
        comment,
        category,
    } = parsed;
    refuse_reshaping_a_superclass(s, &def)?;
    let existing = s
        .class(&def.name)
        .ok()
        .filter(|r| r.definition.dictionary == def.dictionary);
    // A redefinition that names no category keeps the class's own, as it
    // keeps its comment: a definition written without one (by hand, or by
    // another tool) must not clear it.
    if def.category.is_none() {
        def.category = category
            .clone()
            .or_else(|| existing.as_ref()?.definition.category.clone());
    }
    let categories = method_categories(s, &def.name, existing.is_some());
    let (name, dictionary) = (def.name.clone(), def.dictionary.clone());
    let mut outcome = define(s, def, policy)?;
    let record = s.class_by_id(outcome.id);
    let mut companion_changed = false;
    if let Some(comment) = comment
        && record.as_ref().is_some_and(|r| r.comment != comment)
    {
        s.set_class_comment(&name, &comment).map_err(tool_error)?;
        companion_changed = true;
    }
    if let Some(category) = category
        && record
            .as_ref()
            .is_some_and(|r| r.definition.category.as_deref() != Some(category.as_str()))
    {
        s.set_class_category(&name, Some(&category))
            .map_err(tool_error)?;
        companion_changed = true;
    }
    if companion_changed && outcome.change == DefinitionChange::Unchanged {
        outcome.change = DefinitionChange::Updated;
    }
    let method = |m: gs_image::MethodRef| MethodRef {
        class_name: m.class_name,
        meta: m.side.is_meta(),
        selector: m.selector,
    };
    Ok(DefinitionReport {
        class_name: name,
        dictionary,
        change: match outcome.change {
            DefinitionChange::Created => gs_toolset::DefinitionChange::Created,
            DefinitionChange::Unchanged => gs_toolset::DefinitionChange::Unchanged,
            DefinitionChange::Updated => gs_toolset::DefinitionChange::Updated,
            DefinitionChange::Reshaped => gs_toolset::DefinitionChange::Reshaped,
        },
        recompiled: outcome.recompiled.into_iter().map(method).collect(),
        failed: outcome
            .removed
            .into_iter()
            .map(|r| FailedMethod {
                category: categories
                    .get(&(r.method.side.is_meta(), r.method.selector.clone()))
                    .cloned()
                    .unwrap_or_default(),
                method: method(r.method),
                source: r.source,
                errors: r
                    .errors
                    .into_iter()
                    .map(|e| CompileProblem {
                        line: e.line,
                        column: e.column,
                        message: e.message,
                    })
                    .collect(),
            })
            .collect(),
    })
}
