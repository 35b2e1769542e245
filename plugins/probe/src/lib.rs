//! `probe`: one tool per image host function of `gemstone:mcp@0.1.1` and
//! later (`search-source-lines` and `evaluate` of 0.1.4), and for the
//! 0.1.0 functions that read and replace code (`method-source`,
//! `describe-class`, `compile-method`, `delete-method`,
//! `set-class-comment`: the read ledger's reads and writes), each
//! answering the host's answer as structured JSON and passing the host's
//! failure on unchanged. The toolset host's case list
//! (`host/toolset-host/tests/image_cases/`) runs through it, so what a
//! plug-in sees — totals, pages, the kernel-class guard's words, failure
//! details — is checked against the same expected answers as the image
//! session itself.
//!
//! Every tool is declared read-only-safe, including those that execute and
//! compile: in a read-only session the call must reach the host function,
//! whose image refuses it, so that the refusal a plug-in sees is tested.

use gs_mcp_sdk::types::{ClassDefinition, MethodPage, MethodRef};
use gs_mcp_sdk::{Error, Output, Schema, Tool, Toolset, code, execution, image};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
struct Selector {
    selector: String,
    limit: u32,
}

#[derive(Deserialize)]
struct Name {
    name: String,
    limit: u32,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Search {
    text: String,
    #[serde(default)]
    ignore_case: bool,
    dictionary: Option<String>,
    limit: u32,
}

#[derive(Deserialize)]
struct Code {
    code: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Compile {
    class_name: String,
    #[serde(default)]
    meta: bool,
    category: Option<String>,
    source: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Define {
    name: String,
    superclass: Option<String>,
    dictionary: String,
    #[serde(default)]
    instance_variables: Vec<String>,
}

fn method(m: &MethodRef) -> Value {
    json!({"className": m.class_name, "meta": m.meta, "selector": m.selector})
}

fn page(p: &MethodPage) -> Result<Output, Error> {
    let methods: Vec<Value> = p.refs.iter().map(method).collect();
    Output::json(&json!({"total": p.total, "methods": methods}))
}

fn implementors(a: Selector) -> Result<Output, Error> {
    page(&image::implementors_page(&a.selector, a.limit)?)
}

fn senders(a: Selector) -> Result<Output, Error> {
    page(&image::senders_page(&a.selector, a.limit)?)
}

fn references(a: Name) -> Result<Output, Error> {
    page(&image::references_page(&a.name, a.limit)?)
}

fn search_source(a: Search) -> Result<Output, Error> {
    page(&image::search_source_page(
        &a.text,
        a.ignore_case,
        a.dictionary.as_deref(),
        a.limit,
    )?)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LineSearch {
    text: String,
    #[serde(default)]
    ignore_case: bool,
    dictionary: Option<String>,
    class_name: Option<String>,
    limit: u32,
}

fn search_source_lines(a: LineSearch) -> Result<Output, Error> {
    let p = image::search_source_lines(
        &a.text,
        a.ignore_case,
        a.dictionary.as_deref(),
        a.class_name.as_deref(),
        a.limit,
    )?;
    let matches: Vec<Value> = p
        .matches
        .iter()
        .map(|m| json!({"method": method(&m.method), "lines": m.lines}))
        .collect();
    Output::json(&json!({"total": p.total, "matches": matches}))
}

fn evaluate(a: Code) -> Result<Output, Error> {
    let e = execution::evaluate(&a.code)?;
    Output::json(&json!({
        "className": e.class_name,
        "printString": e.print_string,
        "truncated": e.truncated,
        "transcript": e.transcript,
    }))
}

fn execute(a: Code) -> Result<Output, Error> {
    let d = execution::execute_detailed(&a.code)?;
    Output::json(&json!({
        "printString": d.print_string,
        "truncated": d.truncated,
        "transcript": d.transcript,
    }))
}

/// As `execute`, but failing with a message of its own: a tool's own
/// error, which must not carry the host failure's details.
fn execute_reworded(a: Code) -> Result<Output, Error> {
    match execution::execute_detailed(&a.code) {
        Ok(d) => Output::json(&json!({"printString": d.print_string})),
        Err(f) => Err(Error::new(f.kind, format!("the probe says: {}", f.message))),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MethodName {
    class_name: String,
    #[serde(default)]
    meta: bool,
    selector: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ClassName {
    class_name: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Comment {
    class_name: String,
    comment: String,
}

fn method_source(a: MethodName) -> Result<Output, Error> {
    let source = image::method_source(&a.class_name, a.meta, &a.selector)?;
    Output::json(&json!({"source": source}))
}

fn describe_class(a: ClassName) -> Result<Output, Error> {
    let c = image::describe_class(&a.class_name)?;
    Output::json(&json!({"name": c.name, "comment": c.comment}))
}

/// `compile-method`, the 0.1.0 function: its failures carry no details.
fn compile_method_plain(a: Compile) -> Result<Output, Error> {
    let selector = code::compile_method(&a.class_name, a.meta, a.category.as_deref(), &a.source)?;
    Output::json(&json!({"selector": selector}))
}

fn delete_method(a: MethodName) -> Result<Output, Error> {
    code::delete_method(&a.class_name, a.meta, &a.selector)?;
    Output::json(&json!({"deleted": a.selector}))
}

fn set_class_comment(a: Comment) -> Result<Output, Error> {
    code::set_class_comment(&a.class_name, &a.comment)?;
    Output::json(&json!({"commented": a.class_name}))
}

fn compile_method(a: Compile) -> Result<Output, Error> {
    let m = code::compile_method_detailed(&a.class_name, a.meta, a.category.as_deref(), &a.source)?;
    Output::json(&method(&m))
}

fn define_class(a: Define) -> Result<Output, Error> {
    code::define_class_detailed(&ClassDefinition {
        name: a.name.clone(),
        superclass: a.superclass,
        dictionary: a.dictionary,
        instance_variables: a.instance_variables,
        class_variables: Vec::new(),
        class_instance_variables: Vec::new(),
        category: None,
    })?;
    Output::json(&json!({"defined": a.name}))
}

fn toolset() -> Toolset {
    let selector = || {
        Schema::object()
            .required("selector", Schema::string())
            .required("limit", Schema::integer())
    };
    let method_name = || {
        Schema::object()
            .required("className", Schema::string())
            .optional("meta", Schema::boolean())
            .required("selector", Schema::string())
    };
    let compile = || {
        Schema::object()
            .required("className", Schema::string())
            .optional("meta", Schema::boolean())
            .optional("category", Schema::string())
            .required("source", Schema::string())
    };
    Toolset::new("probe", "0.1.0")
        .tool(
            Tool::new("implementors", "implementors-page", implementors)
                .input(selector())
                .read_only_safe(),
        )
        .tool(
            Tool::new("senders", "senders-page", senders)
                .input(selector())
                .read_only_safe(),
        )
        .tool(
            Tool::new("references", "references-page", references)
                .input(
                    Schema::object()
                        .required("name", Schema::string())
                        .required("limit", Schema::integer()),
                )
                .read_only_safe(),
        )
        .tool(
            Tool::new("search_source", "search-source-page", search_source)
                .input(
                    Schema::object()
                        .required("text", Schema::string())
                        .optional("ignoreCase", Schema::boolean())
                        .optional("dictionary", Schema::string())
                        .required("limit", Schema::integer()),
                )
                .read_only_safe(),
        )
        .tool(
            Tool::new(
                "search_source_lines",
                "search-source-lines",
                search_source_lines,
            )
            .input(
                Schema::object()
                    .required("text", Schema::string())
                    .optional("ignoreCase", Schema::boolean())
                    .optional("dictionary", Schema::string())
                    .optional("className", Schema::string())
                    .required("limit", Schema::integer()),
            )
            .read_only_safe(),
        )
        .tool(
            Tool::new("evaluate", "evaluate", evaluate)
                .input(Schema::object().required("code", Schema::string()))
                .read_only_safe(),
        )
        .tool(
            Tool::new("execute", "execute-detailed", execute)
                .input(Schema::object().required("code", Schema::string()))
                .read_only_safe(),
        )
        .tool(
            Tool::new(
                "execute_reworded",
                "execute-detailed, failing in its own words",
                execute_reworded,
            )
            .input(Schema::object().required("code", Schema::string()))
            .read_only_safe(),
        )
        .tool(
            Tool::new("compile_method", "compile-method-detailed", compile_method)
                .input(compile())
                .read_only_safe(),
        )
        .tool(
            Tool::new("method_source", "method-source", method_source)
                .input(method_name())
                .read_only_safe(),
        )
        .tool(
            Tool::new("describe_class", "describe-class", describe_class)
                .input(Schema::object().required("className", Schema::string()))
                .read_only_safe(),
        )
        .tool(
            Tool::new(
                "compile_method_plain",
                "compile-method",
                compile_method_plain,
            )
            .input(compile())
            .read_only_safe(),
        )
        .tool(
            Tool::new("delete_method", "delete-method", delete_method)
                .input(method_name())
                .read_only_safe(),
        )
        .tool(
            Tool::new("set_class_comment", "set-class-comment", set_class_comment)
                .input(
                    Schema::object()
                        .required("className", Schema::string())
                        .required("comment", Schema::string()),
                )
                .read_only_safe(),
        )
        .tool(
            Tool::new("define_class", "define-class-detailed", define_class)
                .input(
                    Schema::object()
                        .required("name", Schema::string())
                        .optional("superclass", Schema::string())
                        .required("dictionary", Schema::string())
                        .optional("instanceVariables", Schema::array(Schema::string())),
                )
                .read_only_safe(),
        )
}

gs_mcp_sdk::export_toolset!(toolset);
