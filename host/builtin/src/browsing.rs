//! The browsing family: one class at a time — `describe_class`,
//! `export_class_source`, `get_class_definition`, `get_class_hierarchy`,
//! `get_method_source` and `list_methods`. All read-only safe.

use gs_toolset::{ClassCategories, ClassOverview, FileOut, ToolResult};
use serde_json::{Value, json};

use crate::args::{Args, Param, ParamType};
use crate::hints::{method_elsewhere, selector_arg};
use crate::shape::{
    array_of, boolean, closed_object, method_label, nullable_string, string, strings,
};
use crate::tool::{Call, Family, Handler, Tool, answer};

const CLASS: Param = Param::required("className", ParamType::String, "the class, e.g. Account");
const SELECTOR: Param = Param::required(
    "selector",
    ParamType::String,
    "the method's selector, e.g. deposit: or at:put: (a leading # is ignored)",
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
                handler: Handler::Blocking(describe_class),
            },
            Tool {
                name: "export_class_source",
                title: "Export a class as Topaz",
                description: "The class as a Topaz file-in: its definition, comment, category \
                              and every method, ready to file into another image.",
                params: &[CLASS],
                output_schema: export_schema,
                handler: Handler::Blocking(export_class_source),
            },
            Tool {
                name: "get_class_definition",
                title: "Get a class definition",
                description: "The class-definition expression that (re)creates the class, \
                              as `compile_class_definition` accepts it.",
                params: &[CLASS],
                output_schema: definition_schema,
                handler: Handler::Blocking(get_class_definition),
            },
            Tool {
                name: "get_class_hierarchy",
                title: "Get a class hierarchy",
                description: "The class's superclass chain (from the root down) and its \
                              direct subclasses.",
                params: &[CLASS],
                output_schema: hierarchy_schema,
                handler: Handler::Blocking(get_class_hierarchy),
            },
            Tool {
                name: "get_method_source",
                title: "Get method source",
                description: "The source of one method (instance side unless `meta`).",
                params: &[CLASS, SELECTOR, META],
                output_schema: method_schema,
                handler: Handler::Blocking(get_method_source),
            },
            Tool {
                name: "list_methods",
                title: "List a class's methods",
                description: "The selectors of the instance and class sides, grouped by \
                              category.",
                params: &[CLASS],
                output_schema: methods_schema,
                handler: Handler::Blocking(list_methods),
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
        tasks: &[],
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
    // The selectors by the name given: the class's own name may no longer
    // be bound.
    let ClassOverview {
        info: c,
        instance_selectors: instance,
        class_selectors: class,
    } = call.image().class_overview(name)?;
    call.ledger().saw_class(&c);
    let mut text = format!(
        "{}\n  superclass: {}\n  dictionary: {}\n  category: {}\n  instance variables: {}\n  \
         class variables: {}\n  class-instance variables: {}\n  instance selectors: {}\n  \
         class selectors: {}",
        c.name,
        c.superclass.as_deref().unwrap_or("nil"),
        c.dictionary,
        c.category.as_deref().unwrap_or("(none)"),
        or_none(&c.instance_variables),
        or_none(&c.class_variables),
        or_none(&c.class_instance_variables),
        or_none(&instance),
        or_none(&class),
    );
    if c.kernel {
        text.push_str("\n  (kernel class: read-only to the tools)");
    }
    if !c.comment.is_empty() {
        text.push_str(&format!("\n  comment: {}", c.comment));
    }
    answer(
        text,
        json!({
            "name": c.name,
            "superclass": c.superclass,
            "dictionary": c.dictionary,
            "category": c.category,
            "comment": c.comment,
            "kernel": c.kernel,
            "instanceVariables": c.instance_variables,
            "classVariables": c.class_variables,
            "classInstanceVariables": c.class_instance_variables,
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
    let FileOut { class_name, source } = call.image().file_out(name)?;
    // The file-out shows the definition and every method: an edit of any
    // of them is checked against what it showed.
    call.ledger().saw_file_out(&class_name, &source);
    call.ledger()
        .saw_class(&call.image().describe_class(&class_name)?);
    answer(
        source.clone(),
        json!({"className": class_name, "source": source}),
    )
}

fn get_class_definition(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("className")?;
    let (class, definition) = class_definition(call, name)?;
    answer(
        definition.clone(),
        json!({"className": class.name, "definition": definition}),
    )
}

/// The class's facts and its definition as `get_class_definition` shows
/// it (and `compile_class_definition` accepts), noted as shown.
pub(crate) fn class_definition(
    call: &Call<'_>,
    name: &str,
) -> Result<(gs_toolset::ClassInfo, String), gs_toolset::ToolError> {
    let shown = call.image().definition_source(name)?;
    let definition = shown.with_category();
    let class = shown.info;
    call.ledger().saw_class(&class);
    Ok((class, definition))
}

fn get_class_hierarchy(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("className")?;
    let h = call.image().hierarchy(name)?;
    let class_name = &h.class_name;
    let mut text = String::new();
    for (depth, class) in h.superclasses.iter().enumerate() {
        text.push_str(&format!("{}{class}\n", "  ".repeat(depth)));
    }
    let depth = h.superclasses.len();
    text.push_str(&format!("{}{class_name}\n", "  ".repeat(depth)));
    for sub in &h.subclasses {
        text.push_str(&format!("{}{sub}\n", "  ".repeat(depth + 1)));
    }
    answer(
        text.trim_end().to_string(),
        json!({
            "className": class_name,
            "superclasses": h.superclasses,
            "subclasses": h.subclasses
        }),
    )
}

fn get_method_source(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("className")?;
    let selector = selector_arg(args, "get_method_source")?;
    let meta = args.flag("meta", false);
    let image = call.image();
    // An alias answers the class it binds, as describe_class does.
    let m = match image.method(name, meta, selector) {
        Ok(m) => m,
        Err(e) if e.kind == gs_toolset::ErrorKind::NotFound => {
            // An unknown class is refused as describe_class refuses it,
            // without the other-side hint.
            image.describe_class(name)?;
            return Err(method_elsewhere(e, image, name, meta, selector));
        }
        Err(e) => return Err(e),
    };
    let class_name = &m.class_name;
    call.ledger()
        .saw_method(class_name, meta, selector, &m.source);
    answer(
        format!(
            "\"{} ({})\"\n{}",
            method_label(class_name, meta, selector),
            m.category,
            m.source
        ),
        json!({
            "className": class_name,
            "meta": meta,
            "selector": selector,
            "category": m.category,
            "source": m.source
        }),
    )
}

fn list_methods(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let given = args.string("className")?;
    let ClassCategories {
        info,
        instance,
        class,
    } = call.image().class_categories(given)?;
    let name = &info.name;
    let mut text = String::new();
    for (label, side) in [("instance side", &instance), ("class side", &class)] {
        text.push_str(&format!("{label}:\n"));
        if side.is_empty() {
            text.push_str("  (no methods)\n");
        }
        for (category, selectors) in side {
            text.push_str(&format!("  {category}\n"));
            for selector in selectors {
                text.push_str(&format!("    {selector}\n"));
            }
        }
    }
    let shape = |side: &[(String, Vec<String>)]| -> Vec<Value> {
        side.iter()
            .map(|(category, selectors)| json!({"category": category, "selectors": selectors}))
            .collect()
    };
    answer(
        text.trim_end().to_string(),
        json!({"className": name, "instance": shape(&instance), "class": shape(&class)}),
    )
}
