//! The mutation family: changing code — `add_dictionary`,
//! `compile_class_definition`, `compile_method`, `delete_class`,
//! `delete_method`, `remove_dictionary` and `set_class_comment`. None is
//! read-only safe.
//!
//! Each tool applies its change and commits, as the reference server does,
//! so the change is durable and other sessions see it after their next
//! abort or refresh. A change that fails changes nothing. Every tool that
//! touches a class passes the kernel-class guard first.

use gs_embedded::{DEFAULT_CATEGORY, tool_error};
use gs_image::{
    ClassDefined, CommitInfo, DefinitionChange, RecompilePolicy, RemoveClassPolicy, Side, classdef,
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
                              #()`) and commit. The source must define exactly one class; \
                              other code is rejected (use execute_code). On a shape change \
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
fn commit(call: &Call<'_>, what: &str) -> Result<CommitInfo, ToolError> {
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
fn committed(message: String, info: CommitInfo) -> ToolResult {
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

fn compile_class_definition(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let source = args.string("source")?;
    let recompile = args.flag("recompileMethods", true);
    let def = classdef::class_definition(source, DEFAULT_DICTIONARY).map_err(|e| {
        if e.message.starts_with("syntax error") {
            let mut d = Map::new();
            d.insert(
                "errors".into(),
                json!([{"line": e.line, "column": 1, "message": e.message}]),
            );
            ToolError::compile_error(format!("line {}: {}", e.line, e.message)).with_details(d)
        } else {
            ToolError::invalid_params(format!(
                "`source` must be one class-definition expression (line {}: {}). To run any \
                 other code, use execute_code",
                e.line, e.message
            ))
        }
    })?;
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
        s.define_class(def, policy).map_err(tool_error)?
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
    let selector = call
        .session
        .lock()
        .session
        .compile_method(class_name, Side::from_meta(meta), category, source)
        .map_err(tool_error)?
        .selector;
    let label = method_label(class_name, meta, &selector);
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
    call.session
        .lock()
        .session
        .remove_class(name, RemoveClassPolicy::RefuseIfSubclasses)
        .map_err(tool_error)?;
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
