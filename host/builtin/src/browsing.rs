//! The browsing family: one class at a time — `describe_class`,
//! `export_class_source`, `get_class_definition`, `get_class_hierarchy`,
//! `get_method_source` and `list_methods`. All read-only safe.

use gs_embedded::tool_error;
use gs_image::{Side, classdef, filein};
use gs_toolset::ToolResult;
use serde_json::{Value, json};

use crate::args::{Args, Param, ParamType};
use crate::shape::{
    array_of, boolean, closed_object, method_label, nullable_string, string, strings,
};
use crate::tool::{Call, Family, Tool, answer};

const CLASS: Param = Param::required("className", ParamType::String, "the class, e.g. Account");
const SELECTOR: Param = Param::required(
    "selector",
    ParamType::String,
    "the method's selector, e.g. deposit:",
);
const META: Param = Param::optional(
    "meta",
    ParamType::Boolean,
    "true for the class side (a class method); default false",
);

pub(crate) fn family() -> Family {
    Family {
        name: "browsing",
        tools: vec![
            Tool {
                name: "describe_class",
                title: "Describe a class",
                description: "A class's superclass, dictionary, category, comment, variables \
                              and the selectors of both sides.",
                params: &[CLASS],
                output_schema: describe_schema,
                handler: describe_class,
            },
            Tool {
                name: "export_class_source",
                title: "Export a class as Topaz",
                description: "The class as a Topaz file-in: its definition, comment, category \
                              and every method, ready to file into another image.",
                params: &[CLASS],
                output_schema: export_schema,
                handler: export_class_source,
            },
            Tool {
                name: "get_class_definition",
                title: "Get a class definition",
                description: "The class-definition expression that (re)creates the class, \
                              as `compile_class_definition` accepts it.",
                params: &[CLASS],
                output_schema: definition_schema,
                handler: get_class_definition,
            },
            Tool {
                name: "get_class_hierarchy",
                title: "Get a class hierarchy",
                description: "The class's superclass chain (from the root down) and its \
                              direct subclasses.",
                params: &[CLASS],
                output_schema: hierarchy_schema,
                handler: get_class_hierarchy,
            },
            Tool {
                name: "get_method_source",
                title: "Get method source",
                description: "The source of one method (instance side unless `meta`).",
                params: &[CLASS, SELECTOR, META],
                output_schema: method_schema,
                handler: get_method_source,
            },
            Tool {
                name: "list_methods",
                title: "List a class's methods",
                description: "The selectors of the instance and class sides, grouped by \
                              category.",
                params: &[CLASS],
                output_schema: methods_schema,
                handler: list_methods,
            },
        ],
        read_only_safe: &[
            "describe_class",
            "export_class_source",
            "get_class_definition",
            "get_class_hierarchy",
            "get_method_source",
            "list_methods",
        ],
    }
}

fn describe_schema() -> Value {
    closed_object(json!({
        "name": string(),
        "superclass": nullable_string(),
        "dictionary": string(),
        "category": nullable_string(),
        "comment": string(),
        "kernel": boolean(),
        "instanceVariables": strings(),
        "classVariables": strings(),
        "classInstanceVariables": strings(),
        "instanceSelectors": strings(),
        "classSelectors": strings()
    }))
}

fn export_schema() -> Value {
    closed_object(json!({"className": string(), "source": string()}))
}

fn definition_schema() -> Value {
    closed_object(json!({"className": string(), "definition": string()}))
}

fn hierarchy_schema() -> Value {
    closed_object(json!({
        "className": string(),
        "superclasses": strings(),
        "subclasses": strings()
    }))
}

fn method_schema() -> Value {
    closed_object(json!({
        "className": string(),
        "meta": boolean(),
        "selector": string(),
        "category": string(),
        "source": string()
    }))
}

fn methods_schema() -> Value {
    let side = array_of(closed_object(
        json!({"category": string(), "selectors": strings()}),
    ));
    closed_object(json!({
        "className": string(),
        "instance": side.clone(),
        "class": side
    }))
}

fn describe_class(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("className")?;
    let ws = call.session.lock();
    let s = &ws.session;
    let record = s.class(name).map_err(tool_error)?;
    let instance = s.selectors(name, Side::Instance).map_err(tool_error)?;
    let class = s.selectors(name, Side::Class).map_err(tool_error)?;
    drop(ws);
    let d = &record.definition;
    let mut text = format!(
        "{}\n  superclass: {}\n  dictionary: {}\n  category: {}\n  instance variables: {}\n  \
         class variables: {}\n  class-instance variables: {}\n  instance selectors: {}\n  \
         class selectors: {}",
        d.name,
        d.superclass.as_deref().unwrap_or("nil"),
        d.dictionary,
        d.category.as_deref().unwrap_or("(none)"),
        or_none(&d.inst_vars),
        or_none(&d.class_vars),
        or_none(&d.class_inst_vars),
        or_none(&instance),
        or_none(&class),
    );
    if record.kernel {
        text.push_str("\n  (kernel class: read-only to the tools)");
    }
    if !record.comment.is_empty() {
        text.push_str(&format!("\n  comment: {}", record.comment));
    }
    answer(
        text,
        json!({
            "name": d.name,
            "superclass": d.superclass,
            "dictionary": d.dictionary,
            "category": d.category,
            "comment": record.comment,
            "kernel": record.kernel,
            "instanceVariables": d.inst_vars,
            "classVariables": d.class_vars,
            "classInstanceVariables": d.class_inst_vars,
            "instanceSelectors": instance,
            "classSelectors": class
        }),
    )
}

fn or_none(names: &[String]) -> String {
    if names.is_empty() {
        "(none)".into()
    } else {
        names.join(" ")
    }
}

fn export_class_source(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("className")?;
    let ws = call.session.lock();
    let class_name = ws.session.class(name).map_err(tool_error)?.definition.name;
    let source = filein::file_out_class(&ws.session, name).map_err(tool_error)?;
    drop(ws);
    answer(
        source.clone(),
        json!({"className": class_name, "source": source}),
    )
}

fn get_class_definition(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("className")?;
    let record = call
        .session
        .lock()
        .session
        .class(name)
        .map_err(tool_error)?;
    let mut definition = classdef::definition_source(&record.definition)
        .trim_end()
        .to_string();
    if let Some(category) = &record.definition.category {
        // The definition expression carries no category; the statement
        // that sets it follows (after a period: the answer must compile
        // as one source, by compile_class_definition or as a doit).
        definition.push_str(&format!(
            ".\n{} category: '{}'",
            record.definition.name,
            category.replace('\'', "''")
        ));
    }
    answer(
        definition.clone(),
        json!({"className": record.definition.name, "definition": definition}),
    )
}

fn get_class_hierarchy(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("className")?;
    let ws = call.session.lock();
    let s = &ws.session;
    let record = s.class(name).map_err(tool_error)?;
    let mut superclasses = s.superclass_chain(name).map_err(tool_error)?;
    superclasses.retain(|c| c != &record.definition.name);
    superclasses.reverse();
    let subclasses = s.subclasses(name).map_err(tool_error)?;
    drop(ws);
    let mut text = String::new();
    for (depth, class) in superclasses.iter().enumerate() {
        text.push_str(&format!("{}{class}\n", "  ".repeat(depth)));
    }
    let depth = superclasses.len();
    text.push_str(&format!(
        "{}{}\n",
        "  ".repeat(depth),
        record.definition.name
    ));
    for sub in &subclasses {
        text.push_str(&format!("{}{sub}\n", "  ".repeat(depth + 1)));
    }
    answer(
        text.trim_end().to_string(),
        json!({
            "className": record.definition.name,
            "superclasses": superclasses,
            "subclasses": subclasses
        }),
    )
}

fn get_method_source(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("className")?;
    let selector = args.string("selector")?;
    let meta = args.flag("meta", false);
    let side = Side::from_meta(meta);
    let ws = call.session.lock();
    let s = &ws.session;
    // The class first: an unknown class must not get the other-side hint,
    // and an alias answers the class it binds, as describe_class does.
    let class_name = &s.class(name).map_err(tool_error)?.definition.name;
    let source = s
        .method_source(class_name, side, selector)
        .map_err(|e| not_found_hint(tool_error(e), meta))?;
    let category = s
        .categories(class_name, side)
        .map_err(tool_error)?
        .into_iter()
        .find(|(_, selectors)| selectors.iter().any(|x| x == selector))
        .map(|(c, _)| c)
        .unwrap_or_default();
    drop(ws);
    answer(
        format!(
            "\"{} ({category})\"\n{source}",
            method_label(class_name, meta, selector)
        ),
        json!({
            "className": class_name,
            "meta": meta,
            "selector": selector,
            "category": category,
            "source": source
        }),
    )
}

/// A missing method is often on the other side: say how to look there.
fn not_found_hint(mut e: gs_toolset::ToolError, meta: bool) -> gs_toolset::ToolError {
    if e.kind == gs_toolset::ErrorKind::NotFound {
        e.message.push_str(if meta {
            " (looked on the class side; omit `meta` for an instance method)"
        } else {
            " (looked on the instance side; pass `meta: true` for a class method)"
        });
    }
    e
}

fn list_methods(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let given = args.string("className")?;
    let ws = call.session.lock();
    let s = &ws.session;
    let name = &s.class(given).map_err(tool_error)?.definition.name;
    let instance = s.categories(name, Side::Instance).map_err(tool_error)?;
    let class = s.categories(name, Side::Class).map_err(tool_error)?;
    drop(ws);
    let mut text = String::new();
    for (label, side) in [("instance side", &instance), ("class side", &class)] {
        text.push_str(&format!("{label}:\n"));
        if side.is_empty() {
            text.push_str("  (no methods)\n");
        }
        for (category, selectors) in side.iter() {
            text.push_str(&format!("  {category}\n"));
            for selector in selectors {
                text.push_str(&format!("    {selector}\n"));
            }
        }
    }
    let shape = |side: &std::collections::BTreeMap<String, Vec<String>>| -> Vec<Value> {
        side.iter()
            .map(|(category, selectors)| json!({"category": category, "selectors": selectors}))
            .collect()
    };
    answer(
        text.trim_end().to_string(),
        json!({"className": name, "instance": shape(&instance), "class": shape(&class)}),
    )
}
