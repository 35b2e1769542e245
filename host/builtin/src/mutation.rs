//! The mutation family: changing code — `add_dictionary`,
//! `compile_class_definition`, `compile_method`, `delete_class`,
//! `delete_method`, `remove_dictionary` and `set_class_comment`. None is
//! read-only safe.
//!
//! Each tool applies its change and commits, as the reference server does,
//! so the change is durable and other sessions see it after their next
//! abort or refresh. A change that fails changes nothing. Every tool that
//! touches a class passes the kernel-class guard first.

use gs_embedded::{Committed, DEFAULT_CATEGORY, tool_error};
use gs_image::classdef::{self, FileDoit};
use gs_image::{
    ClassDefined, ClassDefinition, DefinitionChange, ImageError, RecompilePolicy,
    RemoveClassPolicy, Side,
};
use gs_toolset::{ToolError, ToolResult};
use serde_json::{Map, Value, json};

use crate::args::{Args, Param, ParamType};
use crate::shape::{
    array_of, boolean, closed_object, count, method_label, method_ref, method_ref_schema, string,
    strings,
};
use crate::tool::{Call, Family, Tool, answer, refuse_kernel_class};

const CLASS: Param = Param::required("className", ParamType::String, "the class, e.g. Account");
const DICTIONARY: Param = Param::required(
    "dictionaryName",
    ParamType::String,
    "the symbol dictionary's name, e.g. AcmeApp",
);
const META: Param = Param::optional(
    "meta",
    ParamType::Boolean,
    "true for the class side (a class method); default false",
);

/// Where a class definition without `inDictionary:` puts its class.
const DEFAULT_DICTIONARY: &str = "UserGlobals";

pub(crate) fn family() -> Family {
    Family {
        name: "mutation",
        tools: vec![
            Tool {
                name: "add_dictionary",
                title: "Add a symbol dictionary",
                description: "Create a symbol dictionary, append it to the session's symbol \
                              list, and commit.",
                params: &[DICTIONARY],
                output_schema: change_schema,
                handler: add_dictionary,
            },
            Tool {
                name: "compile_class_definition",
                title: "Define or redefine a class",
                description: "Evaluate a class-definition expression (e.g. `Object subclass: \
                              'Account' instVarNames: #(balance) classVars: #() classInstVars: \
                              #() poolDictionaries: #() inDictionary: UserGlobals options: \
                              #()`) and commit. The source must define exactly one class \
                              (`Name comment: '…'` and `Name category: '…'` for it may \
                              follow); other code is rejected (use execute_code). On a shape change \
                              the class's methods are recompiled onto the new shape and any \
                              that fail are reported (and removed); with recompileMethods \
                              false such a redefinition is refused instead. Refused when the \
                              shape changes and the class has subclasses.",
                params: const {
                    &[
                        Param::required(
                            "source",
                            ParamType::String,
                            "the class-definition expression",
                        ),
                        Param::optional(
                            "recompileMethods",
                            ParamType::Boolean,
                            "on a shape change, recompile the methods and report failures \
                         (default true); false refuses a redefinition that would break a method",
                        ),
                    ]
                },
                output_schema: class_definition_schema,
                handler: compile_class_definition,
            },
            Tool {
                name: "compile_method",
                title: "Compile a method",
                description: "Compile a method into a class (instance side unless `meta`) and \
                              commit. A compile error lists every error with its line and \
                              column and changes nothing.",
                params: const {
                    &[
                        CLASS,
                        Param::required(
                            "source",
                            ParamType::String,
                            "the method source, starting with its pattern, e.g. `deposit: amount \
                         balance := balance + amount`",
                        ),
                        Param::optional(
                            "category",
                            ParamType::String,
                            "the method category; default 'as yet unclassified'",
                        ),
                        META,
                    ]
                },
                output_schema: compile_method_schema,
                handler: compile_method,
            },
            Tool {
                name: "delete_class",
                title: "Delete a class",
                description: "Remove a class and its methods, and commit (destructive). \
                              Refused while the class has subclasses.",
                params: &[CLASS],
                output_schema: change_schema,
                handler: delete_class,
            },
            Tool {
                name: "delete_method",
                title: "Delete a method",
                description: "Remove one method and commit (destructive).",
                params: const {
                    &[
                        CLASS,
                        Param::required("selector", ParamType::String, "the method's selector"),
                        META,
                    ]
                },
                output_schema: change_schema,
                handler: delete_method,
            },
            Tool {
                name: "remove_dictionary",
                title: "Remove a symbol dictionary",
                description: "Remove a symbol dictionary from the image and every symbol list, \
                              and commit (destructive). Refused for the image's standard \
                              dictionaries and while classes live in it.",
                params: &[DICTIONARY],
                output_schema: change_schema,
                handler: remove_dictionary,
            },
            Tool {
                name: "set_class_comment",
                title: "Set a class comment",
                description: "Replace a class's comment and commit.",
                params: const {
                    &[
                        CLASS,
                        Param::required("comment", ParamType::String, "the new comment"),
                    ]
                },
                output_schema: change_schema,
                handler: set_class_comment,
            },
        ],
        read_only_safe: &[],
    }
}

fn change_schema() -> Value {
    closed_object(json!({"message": string(), "commit": count()}))
}

fn class_definition_schema() -> Value {
    closed_object(json!({
        "className": string(),
        "dictionary": string(),
        "change": {"type": "string", "enum": ["created", "unchanged", "updated", "reshaped"]},
        "recompiled": array_of(method_ref_schema()),
        "failed": array_of(closed_object(json!({
            "className": string(),
            "meta": boolean(),
            "selector": string(),
            "source": string(),
            "errors": strings()
        }))),
        "message": string(),
        "commit": count()
    }))
}

fn compile_method_schema() -> Value {
    closed_object(json!({
        "className": string(),
        "meta": boolean(),
        "selector": string(),
        "category": string(),
        "message": string(),
        "commit": count()
    }))
}

/// Commits what a tool just changed. On a conflict the change stays in the
/// session (nothing is lost) and the error says how to go on.
fn commit(call: &Call<'_>, what: &str) -> Result<Committed, ToolError> {
    call.session.commit().map_err(|mut e| {
        e.message = format!(
            "{what} was made in this session but could not be committed: {}. Use `abort` to \
             discard it (with any other uncommitted change), or resolve the conflict and \
             `commit` again",
            e.message
        );
        e
    })
}

/// The answer of a tool whose result is a message and a commit number.
fn committed(message: String, info: Committed) -> ToolResult {
    answer(
        format!("{message} (commit {})", info.commit),
        json!({"message": message, "commit": info.commit}),
    )
}

fn add_dictionary(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("dictionaryName")?;
    call.session
        .lock()
        .session
        .add_dictionary(name)
        .map_err(tool_error)?;
    let info = commit(call, &format!("adding dictionary {name}"))?;
    committed(
        format!("Added symbol dictionary {name} at the end of the symbol list."),
        info,
    )
}

fn remove_dictionary(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("dictionaryName")?;
    call.session
        .lock()
        .session
        .remove_dictionary(name)
        .map_err(tool_error)?;
    let info = commit(call, &format!("removing dictionary {name}"))?;
    committed(format!("Removed symbol dictionary {name}."), info)
}

/// What a class-definition source holds: the one definition and the
/// statements about that same class a file-out puts beside it.
struct DefinitionSource {
    definition: ClassDefinition,
    comment: Option<String>,
    category: Option<String>,
}

/// Recognises `source` as one class definition, optionally followed by
/// `Name comment: '…'`, `Name category: '…'`, `Name class instVarNames:
/// #(…)` or `Name immediateInvariant` for the same class — the shape of a
/// file-out (and of `export_class_source`). Anything else is refused rather
/// than silently dropped: this tool evaluates definitions, not code.
fn definition_source(source: &str) -> Result<DefinitionSource, ToolError> {
    const ONE_DEFINITION: &str = "`source` must be one class-definition expression (with, if \
                                  you like, `comment:` and `category:` statements for that \
                                  class)";
    let doits = classdef::recognise(source, DEFAULT_DICTIONARY).map_err(|e| {
        if e.message.starts_with("syntax error") {
            let mut d = Map::new();
            d.insert(
                "errors".into(),
                json!([{"line": e.line, "column": 1, "message": e.message}]),
            );
            ToolError::compile_error(format!("line {}: {}", e.line, e.message)).with_details(d)
        } else {
            ToolError::invalid_params(format!(
                "{ONE_DEFINITION}; line {}: {}. To run any other code, use execute_code",
                e.line, e.message
            ))
        }
    })?;
    let other = |what: String| {
        ToolError::invalid_params(format!(
            "{ONE_DEFINITION}, but it also holds {what}. To run any other code, use execute_code"
        ))
    };
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
    let mut out = DefinitionSource {
        definition: definition.clone(),
        comment: None,
        category: None,
    };
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
            FileDoit::Comment { class, comment } => {
                about(&class)?;
                out.comment = Some(comment);
            }
            FileDoit::Category { class, category } => {
                about(&class)?;
                out.category = Some(category);
            }
            FileDoit::ClassInstVars { class, names } => {
                about(&class)?;
                definition.class_inst_vars = names;
            }
            FileDoit::NoEffect { class, .. } => about(&class)?,
            FileDoit::CreateDictionary { name } => {
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
    out.definition = definition;
    Ok(out)
}

fn compile_class_definition(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let source = args.string("source")?;
    let recompile = args.flag("recompileMethods", true);
    let DefinitionSource {
        definition: def,
        comment,
        category,
    } = definition_source(source)?;
    refuse_kernel_class(call, &def.name, "redefine")?;
    let name = def.name.clone();
    let dictionary = def.dictionary.clone();
    let outcome: ClassDefined = {
        let mut ws = call.session.lock();
        let s = &mut ws.session;
        if let Ok(existing) = s.class(&name)
            && existing.definition.dictionary == def.dictionary
        {
            let old = &existing.definition;
            let reshape = old.inst_vars != def.inst_vars
                || old.class_vars != def.class_vars
                || old.class_inst_vars != def.class_inst_vars
                || old.pool_dictionaries != def.pool_dictionaries
                || old.superclass != def.superclass;
            let subclasses = s.subclasses(&name).map_err(tool_error)?;
            if reshape && !subclasses.is_empty() {
                return Err(ToolError::refused(format!(
                    "{name} has subclasses ({}), and this definition changes its shape; \
                     redefining it would leave them on the old shape. Delete or redefine the \
                     subclasses first, or keep {name}'s variables and superclass as they are",
                    subclasses.join(", ")
                )));
            }
        }
        let policy = if recompile {
            RecompilePolicy::RemoveFailing
        } else {
            RecompilePolicy::Refuse
        };
        let mut outcome = s.define_class(def, policy).map_err(|e| match e {
            // The image names its Rust API; a tool user's remedy is the argument.
            ImageError::Refused(message) if !recompile => ToolError::refused(message.replace(
                "or redefine with RecompilePolicy::RemoveFailing",
                "or call again without `recompileMethods: false` to remove them and get \
                     their source back in the answer",
            )),
            e => tool_error(e),
        })?;
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
        outcome
    };
    let info = commit(call, &format!("defining class {name}"))?;
    let change = match outcome.change {
        DefinitionChange::Created => "created",
        DefinitionChange::Unchanged => "unchanged",
        DefinitionChange::Updated => "updated",
        DefinitionChange::Reshaped => "reshaped",
    };
    let recompiled: Vec<Value> = outcome
        .recompiled
        .iter()
        .map(|m| method_ref(&m.class_name, m.side.is_meta(), &m.selector))
        .collect();
    let failed: Vec<Value> = outcome
        .removed
        .iter()
        .map(|r| {
            json!({
                "className": r.method.class_name,
                "meta": r.method.side.is_meta(),
                "selector": r.method.selector,
                "source": r.source,
                "errors": r.errors.iter().map(|e| format!("line {}, column {}: {}", e.line, e.column, e.message)).collect::<Vec<_>>()
            })
        })
        .collect();
    let mut message = format!("Class {name} {change} in {dictionary}.");
    if !recompiled.is_empty() {
        message.push_str(&format!(" {} method(s) recompiled.", recompiled.len()));
    }
    if !outcome.removed.is_empty() {
        message.push_str(&format!(
            " {} method(s) no longer compile and were removed (their source is in the result; \
             fix and compile them again):",
            outcome.removed.len()
        ));
        for r in &outcome.removed {
            message.push_str(&format!(
                "\n  {}: {}",
                method_label(
                    &r.method.class_name,
                    r.method.side.is_meta(),
                    &r.method.selector
                ),
                r.errors
                    .iter()
                    .map(|e| format!("line {}, column {}: {}", e.line, e.column, e.message))
                    .collect::<Vec<_>>()
                    .join("; ")
            ));
        }
    }
    answer(
        format!("{message} (commit {})", info.commit),
        json!({
            "className": name,
            "dictionary": dictionary,
            "change": change,
            "recompiled": recompiled,
            "failed": failed,
            "message": message,
            "commit": info.commit
        }),
    )
}

fn compile_method(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let class_name = args.string("className")?;
    let source = args.string("source")?;
    let meta = args.flag("meta", false);
    let category = args
        .opt_string("category")
        .filter(|c| !c.trim().is_empty())
        .unwrap_or(DEFAULT_CATEGORY);
    refuse_kernel_class(call, class_name, "compile a method into")?;
    // The answer names the class by its own name, also when the call
    // reached it through an alias.
    let method = call
        .session
        .lock()
        .session
        .compile_method(class_name, Side::from_meta(meta), category, source)
        .map_err(tool_error)?;
    let (class_name, selector) = (method.class_name, method.selector);
    let label = method_label(&class_name, meta, &selector);
    let info = commit(call, &format!("compiling {label}"))?;
    let message = format!("Compiled {label} in category '{category}'.");
    answer(
        format!("{message} (commit {})", info.commit),
        json!({
            "className": class_name,
            "meta": meta,
            "selector": selector,
            "category": category,
            "message": message,
            "commit": info.commit
        }),
    )
}

fn delete_class(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("className")?;
    refuse_kernel_class(call, name, "delete")?;
    {
        let mut ws = call.session.lock();
        let s = &mut ws.session;
        // Checked here so the remedy names this tool, not the image's API.
        let below = s.all_subclasses(name).map_err(tool_error)?;
        if !below.is_empty() {
            return Err(ToolError::refused(format!(
                "{name} has subclasses ({}); delete them first with delete_class, \
                 subclasses before their superclasses",
                below.join(", ")
            )));
        }
        s.remove_class(name, RemoveClassPolicy::RefuseIfSubclasses)
            .map_err(tool_error)?;
    }
    let info = commit(call, &format!("deleting class {name}"))?;
    committed(format!("Deleted class {name} and its methods."), info)
}

fn delete_method(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let class_name = args.string("className")?;
    let selector = args.string("selector")?;
    let meta = args.flag("meta", false);
    refuse_kernel_class(call, class_name, "delete a method of")?;
    call.session
        .lock()
        .session
        .remove_method(class_name, Side::from_meta(meta), selector)
        .map_err(tool_error)?;
    let label = method_label(class_name, meta, selector);
    let info = commit(call, &format!("deleting {label}"))?;
    committed(format!("Deleted {label}."), info)
}

fn set_class_comment(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("className")?;
    // An empty comment is a legitimate value (clearing it).
    let comment = args.opt_string("comment").unwrap_or_default();
    refuse_kernel_class(call, name, "change the comment of")?;
    call.session
        .lock()
        .session
        .set_class_comment(name, comment)
        .map_err(tool_error)?;
    let info = commit(call, &format!("setting the comment of {name}"))?;
    committed(format!("Set the comment of {name}."), info)
}
