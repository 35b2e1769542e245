//! The search family: across the whole image — `find_implementors`,
//! `find_references_to`, `find_senders` and `search_method_source`. All
//! read-only safe. Answers are capped at [`SEARCH_CAP`] methods, and the
//! true total is always stated; finding nothing is an empty answer, not an
//! error — except `find_references_to` of a name that names nothing,
//! which is `notFound`.

use gs_toolset::{MethodPage, SourceSearch, ToolError, ToolResult};
use serde_json::{Value, json};

use crate::args::{Args, Param, ParamType};
use crate::hints::selector_arg;
use crate::shape::{
    array_of, boolean, closed_object, count, method_label, method_ref, method_ref_schema, string,
};
use crate::tool::{Call, Family, Handler, SEARCH_CAP, Tool, answer};

const SELECTOR: Param = Param::required(
    "selector",
    ParamType::String,
    "the selector, e.g. deposit: or at:put: (a leading # is ignored)",
);

pub(crate) fn family() -> Family {
    Family {
        name: "search",
        tools: vec![
            Tool {
                name: "find_implementors",
                title: "Find implementors",
                description: "The methods implementing a selector (capped at 200; the total \
                              is stated).",
                params: &[SELECTOR],
                output_schema: schema,
                handler: Handler::Blocking(find_implementors),
            },
            Tool {
                name: "find_references_to",
                title: "Find references",
                description: "The methods referring to a named global, class, or class or \
                              pool variable (capped at 200; the total is stated).",
                params: const {
                    &[Param::required(
                        "name",
                        ParamType::String,
                        "the global or class name, e.g. Account (a leading # is ignored)",
                    )]
                },
                output_schema: schema,
                handler: Handler::Blocking(find_references_to),
            },
            Tool {
                name: "find_senders",
                title: "Find senders",
                description: "The methods sending a selector (capped at 200; the total is \
                              stated).",
                params: &[SELECTOR],
                output_schema: schema,
                handler: Handler::Blocking(find_senders),
            },
            Tool {
                name: "search_method_source",
                title: "Search method source",
                description: "The methods whose source contains a substring \
                              (case-sensitive), optionally only in classes of one dictionary \
                              (capped at 200; the total is stated).",
                params: const {
                    &[
                        Param::required("pattern", ParamType::String, "the text to look for"),
                        Param::optional(
                            "dictionaryName",
                            ParamType::String,
                            "only classes whose home is this symbol dictionary",
                        ),
                    ]
                },
                output_schema: schema,
                handler: Handler::Blocking(search_method_source),
            },
        ],
        read_only_safe: &[
            "find_implementors",
            "find_references_to",
            "find_senders",
            "search_method_source",
        ],
        tasks: &[],
    }
}

fn schema() -> Value {
    closed_object(json!({
        "query": string(),
        "total": count(),
        "truncated": boolean(),
        "methods": array_of(method_ref_schema())
    }))
}

/// What a search looked for, as the verb phrase of its answer's first
/// line, for one method and for several (`implements #foo` /
/// `implement #foo`).
struct Question {
    one: String,
    many: String,
}

/// The answer of every search: a first line saying how many methods
/// answer the question (the true total), then one line per listed method.
/// No trailing colon: many selectors end in one, and `#deposit::` misleads.
fn page_answer(query: &str, question: Question, page: MethodPage) -> ToolResult {
    page_answer_noting(query, question, page, None)
}

/// [`page_answer`] with `note` as the text's last line.
fn page_answer_noting(
    query: &str,
    question: Question,
    page: MethodPage,
    note: Option<String>,
) -> ToolResult {
    let shown = page.methods.len();
    let truncated = page.truncated();
    let mut text = match page.total {
        0 => format!("No methods {}.", question.many),
        1 => format!("1 method {}", question.one),
        n => format!("{n} methods {}", question.many),
    };
    for m in &page.methods {
        text.push('\n');
        text.push_str(&method_label(&m.class_name, m.meta, &m.selector));
    }
    if truncated {
        text.push_str(&format!(
            "\n… [showing the first {shown} of {} methods; narrow the search to see the rest]",
            page.total
        ));
    }
    if let Some(note) = note {
        text.push('\n');
        text.push_str(&note);
    }
    let methods: Vec<Value> = page
        .methods
        .iter()
        .map(|m| method_ref(&m.class_name, m.meta, &m.selector))
        .collect();
    answer(
        text,
        json!({"query": query, "total": page.total, "truncated": truncated, "methods": methods}),
    )
}

fn find_implementors(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let selector = selector_arg(args, "find_implementors")?;
    let page = call.image().implementors(selector, SEARCH_CAP)?;
    let note = missing_colon(call, &page, selector)?;
    page_answer_noting(
        selector,
        Question {
            one: format!("implements #{selector}"),
            many: format!("implement #{selector}"),
        },
        page,
        note,
    )
}

fn find_senders(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let selector = selector_arg(args, "find_senders")?;
    let page = call.image().senders(selector, SEARCH_CAP)?;
    let note = missing_colon(call, &page, selector)?;
    page_answer_noting(
        selector,
        Question {
            one: format!("sends #{selector}"),
            many: format!("send #{selector}"),
        },
        page,
        note,
    )
}

/// When a search for a unary selector found nothing but the keyword
/// selector with a colon added is implemented (`ordersFor` for
/// `ordersFor:`), the line saying so: the colon is the slip most often
/// made, and the empty answer would read as "unused".
fn missing_colon(
    call: &Call<'_>,
    page: &MethodPage,
    selector: &str,
) -> Result<Option<String>, ToolError> {
    if page.total > 0 || selector.ends_with(':') || !selector.starts_with(char::is_alphabetic) {
        return Ok(None);
    }
    let keyword = format!("{selector}:");
    if call.image().implementors(&keyword, 1)?.total == 0 {
        return Ok(None);
    }
    Ok(Some(format!(
        "#{keyword} (with a colon) is implemented: did you mean it? A keyword selector keeps \
         the colon of every keyword."
    )))
}

fn find_references_to(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    // `#Account`, as a symbol, names the same global.
    let given = args.string("name")?.trim();
    let name = given.strip_prefix('#').unwrap_or(given);
    let page = call
        .image()
        .references_to(name, SEARCH_CAP)
        .map_err(|mut e| {
            if e.kind == gs_toolset::ErrorKind::NotFound && is_variable_name(name) {
                // The name may be an instance or temporary variable, which no
                // dictionary binds: say how to find those.
                e.message.push_str(&format!(
                    ". An instance variable is not a global: search_method_source {{\"pattern\": \
                 \"{name}\"}} finds the methods that use it"
                ));
            }
            e
        })?;
    page_answer(
        name,
        Question {
            one: format!("refers to {name}"),
            many: format!("refer to {name}"),
        },
        page,
    )
}

fn search_method_source(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let pattern = args.string("pattern")?;
    let dictionary = args.opt_string("dictionaryName");
    if dictionary.is_some_and(|d| d.trim().is_empty()) {
        // Blank is not "every dictionary": say how to get that.
        return Err(ToolError::invalid_params(
            "the argument `dictionaryName` of `search_method_source` is empty; name a symbol \
             dictionary, or omit the argument to search every dictionary",
        ));
    }
    let search = SourceSearch {
        text: pattern,
        ignore_case: false,
        dictionary,
        class_name: None,
    };
    let page = call.image().search_source(&search, SEARCH_CAP)?;
    let scope = dictionary.map(|d| format!(" in {d}")).unwrap_or_default();
    page_answer(
        pattern,
        Question {
            one: format!("contains {pattern:?}{scope}"),
            many: format!("contain {pattern:?}{scope}"),
        },
        page,
    )
}

/// True for a name that could be a variable's (`balance`), lower-case
/// first as Smalltalk writes instance variables.
fn is_variable_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_lowercase() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}
