//! The listing family: what the image holds, by symbol dictionary —
//! `list_all_classes`, `list_classes`, `list_dictionaries` and
//! `list_dictionary_entries`. All read-only safe.

use gs_toolset::ToolResult;
use serde_json::{Value, json};

use crate::args::{Args, Param, ParamType};
use crate::shape::{array_of, closed_object, count, nullable_string, string, strings};
use crate::tool::{Call, Family, Handler, Tool, answer};

const DICTIONARY: Param = Param::required(
    "dictionaryName",
    ParamType::String,
    "the symbol dictionary, e.g. UserGlobals",
);

pub(crate) fn family() -> Family {
    Family {
        name: "listing",
        tools: vec![
            Tool {
                name: "list_all_classes",
                title: "List all classes",
                description: "Every class in the session's symbol list, with the dictionary \
                              that defines it, sorted by name.",
                params: &[],
                output_schema: all_classes_schema,
                handler: Handler::Blocking(list_all_classes),
            },
            Tool {
                name: "list_classes",
                title: "List a dictionary's classes",
                description: "The classes bound in one symbol dictionary, sorted by name.",
                params: &[DICTIONARY],
                output_schema: classes_schema,
                handler: Handler::Blocking(list_classes),
            },
            Tool {
                name: "list_dictionaries",
                title: "List symbol dictionaries",
                description: "The session's symbol dictionaries in lookup order (the order \
                              names are resolved in).",
                params: &[],
                output_schema: dictionaries_schema,
                handler: Handler::Blocking(list_dictionaries),
            },
            Tool {
                name: "list_dictionary_entries",
                title: "List a dictionary's entries",
                description: "Every entry of one symbol dictionary, each tagged (class) or \
                              (global); a class bound under another name says which class.",
                params: &[DICTIONARY],
                output_schema: entries_schema,
                handler: Handler::Blocking(list_dictionary_entries),
            },
        ],
        read_only_safe: &[
            "list_all_classes",
            "list_classes",
            "list_dictionaries",
            "list_dictionary_entries",
        ],
        tasks: &[],
    }
}

fn all_classes_schema() -> Value {
    closed_object(json!({
        "count": count(),
        "classes": array_of(closed_object(json!({"name": string(), "dictionary": string()})))
    }))
}

fn classes_schema() -> Value {
    closed_object(json!({"dictionary": string(), "count": count(), "classes": strings()}))
}

fn dictionaries_schema() -> Value {
    closed_object(json!({"dictionaries": strings()}))
}

fn entries_schema() -> Value {
    closed_object(json!({
        "dictionary": string(),
        "count": count(),
        "entries": array_of(closed_object(json!({
            "name": string(),
            "kind": {"type": "string", "enum": ["class", "global"]},
            "className": nullable_string()
        })))
    }))
}

fn list_all_classes(_: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let image = call.image();
    let mut classes = Vec::new();
    for dictionary in image.dictionaries()? {
        for entry in image.entries(&dictionary)? {
            if entry.class_name.as_ref() == Some(&entry.name) {
                classes.push((entry.name, dictionary.clone()));
            }
        }
    }
    classes.sort();
    // A class defined in two dictionaries under its own name appears twice:
    // both definitions exist, and the first in lookup order wins.
    let lines: Vec<String> = classes
        .iter()
        .map(|(name, dictionary)| format!("{name} ({dictionary})"))
        .collect();
    let list: Vec<Value> = classes
        .iter()
        .map(|(name, dictionary)| json!({"name": name, "dictionary": dictionary}))
        .collect();
    answer(
        listed(&lines, ("class", "classes"), ""),
        json!({"count": list.len(), "classes": list}),
    )
}

fn list_classes(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let dictionary = args.string("dictionaryName")?;
    let classes = call.image().classes(dictionary)?;
    answer(
        listed(&classes, ("class", "classes"), &format!(" in {dictionary}")),
        json!({"dictionary": dictionary, "count": classes.len(), "classes": classes}),
    )
}

fn list_dictionaries(_: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let dictionaries = call.image().dictionaries()?;
    answer(
        dictionaries.join("\n"),
        json!({"dictionaries": dictionaries}),
    )
}

fn list_dictionary_entries(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let dictionary = args.string("dictionaryName")?;
    let entries = call.image().entries(dictionary)?;
    let lines: Vec<String> = entries
        .iter()
        .map(|e| match &e.class_name {
            Some(c) if *c != e.name => format!("{} (class {c})", e.name),
            Some(_) => format!("{} (class)", e.name),
            None => format!("{} (global)", e.name),
        })
        .collect();
    let entries: Vec<Value> = entries
        .into_iter()
        .map(|e| {
            let kind = if e.class_name.is_some() {
                "class"
            } else {
                "global"
            };
            json!({"name": e.name, "kind": kind, "className": e.class_name})
        })
        .collect();
    answer(
        listed(&lines, ("entry", "entries"), &format!(" in {dictionary}")),
        json!({"dictionary": dictionary, "count": entries.len(), "entries": entries}),
    )
}

/// A counted list as text: `3 classes in Bank:` then one line each, or
/// `No classes in Published.` — never a heading over nothing.
fn listed(lines: &[String], (one, many): (&str, &str), scope: &str) -> String {
    match lines.len() {
        0 => format!("No {many}{scope}."),
        1 => format!("1 {one}{scope}:\n{}", lines[0]),
        n => format!("{n} {many}{scope}:\n{}", lines.join("\n")),
    }
}
