//! `hello`: a small, well-behaved toolset. It exercises every part of the
//! contract once — plain and structured results, every content kind, every
//! error kind, each image host interface, session facts, logging and
//! progress — for the host's happy-path tests and benchmarks.

use std::cell::Cell;

use gs_mcp_sdk::{
    Error, ErrorKind, Output, Schema, Tool, Toolset, code, execution, image, log, session,
};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
struct Greet {
    name: String,
}

#[derive(Deserialize)]
struct Add {
    a: i64,
    b: i64,
}

#[derive(Deserialize)]
struct Fail {
    kind: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ClassArg {
    class_name: String,
}

#[derive(Deserialize)]
struct Code {
    code: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Compile {
    class_name: String,
    source: String,
}

#[derive(Deserialize)]
struct Selector {
    selector: String,
}

#[derive(Deserialize)]
struct NoArgs {}

thread_local! {
    /// Per-instance state: proves each session has its own instance and
    /// that a dropped instance is replaced by a fresh one.
    static CALLS: Cell<u64> = const { Cell::new(0) };
}

fn greet(a: Greet) -> Result<Output, Error> {
    Ok(Output::text(format!("Hello, {}!", a.name)))
}

fn add(a: Add) -> Result<Output, Error> {
    let sum =
        a.a.checked_add(a.b)
            .ok_or_else(|| Error::invalid_params("the sum overflows a 64-bit integer"))?;
    Output::json(&json!({ "sum": sum }))
}

fn fail(a: Fail) -> Result<Output, Error> {
    let kind = match a.kind.as_str() {
        "invalidParams" => ErrorKind::InvalidParams,
        "notFound" => ErrorKind::NotFound,
        "refused" => ErrorKind::Refused,
        "readOnly" => ErrorKind::ReadOnly,
        "compileError" => ErrorKind::CompileError,
        _ => ErrorKind::Other,
    };
    Err(Error::new(
        kind,
        format!("failed on purpose with {}", a.kind),
    ))
}

fn media(_: NoArgs) -> Result<Output, Error> {
    Ok(Output::text("four blocks follow")
        .with_image(vec![0x89, b'P', b'N', b'G'], "image/png")
        .with_audio(vec![b'R', b'I', b'F', b'F'], "audio/wav")
        .with_text_resource("hello://notes/1", Some("text/plain"), "a note")
        .with_blob_resource("hello://blobs/1", None, vec![1, 2, 3]))
}

fn counter(_: NoArgs) -> Result<Output, Error> {
    let n = CALLS.with(|c| {
        c.set(c.get() + 1);
        c.get()
    });
    Output::json(&json!({ "calls": n }))
}

fn describe_class(a: ClassArg) -> Result<Output, Error> {
    let c = image::describe_class(&a.class_name)?;
    Output::json(&json!({
        "name": c.name,
        "superclass": c.superclass,
        "dictionary": c.dictionary,
        "instanceVariables": c.instance_variables,
        "kernel": c.kernel,
    }))
}

fn implementors(a: Selector) -> Result<Output, Error> {
    let refs = image::implementors(&a.selector)?;
    let names: Vec<String> = refs
        .refs
        .iter()
        .map(|r| {
            let side = if r.meta { " class" } else { "" };
            format!("{}{side}>>{}", r.class_name, r.selector)
        })
        .collect();
    Output::json(&json!({ "implementors": names, "truncated": refs.truncated }))
}

fn execute(a: Code) -> Result<Output, Error> {
    Ok(Output::text(execution::execute(&a.code)?))
}

fn compile(a: Compile) -> Result<Output, Error> {
    let selector = code::compile_method(&a.class_name, false, Some("hello"), &a.source)?;
    Ok(Output::text(format!(
        "compiled {}>>{selector}",
        a.class_name
    )))
}

fn facts(_: NoArgs) -> Result<Output, Error> {
    let server = session::server();
    Output::json(&json!({
        "readOnly": session::read_only(),
        "user": session::user(),
        "server": server.name,
        "grants": session::grants(),
    }))
}

fn chatty(_: NoArgs) -> Result<Output, Error> {
    log::info("starting");
    for i in 1..=3 {
        log::progress(f64::from(i), Some(3.0), Some("step"));
    }
    log::warning("done");
    Ok(Output::text("logged"))
}

#[derive(Deserialize)]
struct Url {
    url: String,
}

/// A GET through the SDK's `http` (the operator must grant the origin).
fn http_get(a: Url) -> Result<Output, Error> {
    let answer = gs_mcp_sdk::http::get(&a.url)?;
    Output::json(&json!({
        "status": answer.status,
        "contentType": answer.header("content-type"),
        "text": answer.text(),
    }))
}

fn toolset() -> Toolset {
    let no_args = || Schema::object();
    Toolset::new("hello", "1.0.0")
        .tool(
            Tool::new("greet", "Greets someone by name.", greet)
                .title("Greet")
                .input(Schema::object().required("name", Schema::string().describe("Who")))
                .read_only_safe(),
        )
        .tool(
            Tool::new("add", "Adds two integers; answers {sum}.", add)
                .input(
                    Schema::object()
                        .required("a", Schema::integer())
                        .required("b", Schema::integer()),
                )
                .output(Schema::object().required("sum", Schema::integer()))
                .read_only_safe(),
        )
        .tool(
            Tool::new(
                "http_get",
                "GETs a URL through the SDK's http (needs the origin granted); answers \
                 {status, contentType, text}.",
                http_get,
            )
            .input(Schema::object().required("url", Schema::string()))
            .read_only_safe()
            .needs(&["net"]),
        )
        .tool(
            Tool::new("fail", "Fails with the error kind asked for.", fail)
                .input(Schema::object().required("kind", Schema::string()))
                .read_only_safe(),
        )
        .tool(
            Tool::new("media", "Answers one block of each content kind.", media)
                .input(no_args())
                .read_only_safe(),
        )
        .tool(
            Tool::new("counter", "Counts calls to this instance.", counter)
                .input(no_args())
                .read_only_safe(),
        )
        .tool(
            Tool::new(
                "describe_class",
                "Describes a class (image:read).",
                describe_class,
            )
            .input(Schema::object().required("className", Schema::string()))
            .read_only_safe(),
        )
        .tool(
            Tool::new(
                "implementors",
                "Lists implementors (image:read).",
                implementors,
            )
            .input(Schema::object().required("selector", Schema::string()))
            .read_only_safe(),
        )
        .tool(
            Tool::new("execute", "Runs Smalltalk (image:execute).", execute)
                .input(Schema::object().required("code", Schema::string())),
        )
        .tool(
            Tool::new("compile", "Compiles a method (image:write).", compile).input(
                Schema::object()
                    .required("className", Schema::string())
                    .required("source", Schema::string()),
            ),
        )
        .tool(
            Tool::new("facts", "Session facts.", facts)
                .input(no_args())
                .read_only_safe(),
        )
        .tool(
            Tool::new("chatty", "Logs and reports progress.", chatty)
                .input(no_args())
                .read_only_safe(),
        )
}

gs_mcp_sdk::export_toolset!(toolset);
