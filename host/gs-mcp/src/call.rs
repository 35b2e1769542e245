//! `gs-mcp call`: one tool call through the real server, without a client.
//!
//! The call goes the way a client's does: the configuration, the toolsets
//! loaded and checked (`wiring::load_toolsets`, `wiring::surface`), the
//! image backend the configuration names, and a broker session, exactly
//! as `serve` builds them. Only the transport is missing: the result is
//! printed (its text blocks, then its structured content as JSON, or with
//! `--json` the whole MCP `CallToolResult` on one line), and the tool's
//! log lines and progress go to stderr. Exit status: 0 for a result, 1
//! when the result is `isError` (or the call could not run), 2 for a bad
//! configuration, an unknown tool or arguments that are not a JSON object.
//!
//! The call runs in a session of its own, as a client's first call would;
//! changes a tool makes stay uncommitted unless the tool commits them, and
//! end with the session.

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use gs_broker::{CallControl, CallRefused, CallRequest};
use gs_toolset::{Arguments, LogLevel, Notifier, call_result_json};
use serde_json::Value;

use crate::wiring::{self, Failure};

/// What `gs-mcp call` was asked.
pub struct CallArgs<'a> {
    /// The configuration file, if any.
    pub config: Option<&'a Path>,
    /// The embedded image to use instead of the configured one.
    pub image: Option<&'a Path>,
    /// The tool's name.
    pub tool: &'a str,
    /// The arguments, JSON text of an object.
    pub arguments: &'a str,
    /// Print the whole `CallToolResult` as one line of JSON.
    pub json: bool,
}

/// Runs the call and prints its result; `Err` carries the exit status.
pub fn call(args: CallArgs<'_>) -> Result<(), Failure> {
    // Checked before anything loads: a typo costs no start-up.
    let arguments = Arguments::parse(args.tool, args.arguments).map_err(|e| {
        Failure::config(format!(
            "{}; give the arguments as one JSON object, e.g. '{{\"className\": \"Object\"}}'",
            e.message
        ))
    })?;
    let rt = crate::runtime()?;
    // Loading a WebAssembly toolset runs its `describe`, whose WASI
    // functions may need the runtime.
    let entered = rt.enter();
    let config = wiring::load_config(args.config, args.image)?;
    let mut loaded = wiring::load_toolsets(&config, false);
    for note in &loaded.notes {
        eprintln!("gs-mcp: note: {note}");
    }
    let host = loaded.host.clone();
    let left_out = std::mem::take(&mut loaded.left_out);
    let surface = wiring::surface(loaded)?;
    match surface.lookup(args.tool) {
        None if let Some((_, why)) = left_out.iter().find(|(t, _)| t == args.tool) => {
            return Err(Failure::config(format!(
                "no tool named `{}` in this configuration: {why}; add the grant to that \
                 `[[toolset]]` entry to offer it",
                args.tool
            )));
        }
        None => {
            let mut names: Vec<&str> = surface
                .tools(config.read_only)
                .map(|t| t.name.as_str())
                .collect();
            names.sort_unstable();
            let near: Vec<&str> = names
                .iter()
                .copied()
                .filter(|n| similar(n, args.tool))
                .collect();
            return Err(Failure::config(format!(
                "no tool named `{}` in this configuration{}; `gs-mcp tools{}` lists the {} tools",
                args.tool,
                if near.is_empty() {
                    String::new()
                } else {
                    format!(" (did you mean {}?)", near.join(", "))
                },
                args.config
                    .map_or(String::new(), |c| format!(" --config {}", c.display())),
                names.len()
            )));
        }
        Some((_, d)) if config.read_only && !d.read_only_safe => {
            return Err(Failure::config(format!(
                "tool `{}` changes the image, and this configuration is read-only \
                 (`read_only = true` or GS_MCP_READONLY); use a read-write configuration",
                args.tool
            )));
        }
        Some(_) => {}
    }
    let factory = wiring::image_factory(&config, false)?;
    let (broker, settings) = wiring::server_parts(&config, surface, factory)?;
    drop(entered);
    let tool = args.tool.to_string();
    let result = rt.block_on(async move {
        let session = broker.open_session().await.map_err(|e| {
            Failure::failed(format!(
                "cannot open an image session ({e}); `gs-mcp check` tests the configuration"
            ))
        })?;
        let control = CallControl::new();
        let request = CallRequest {
            tool: tool.clone(),
            arguments,
            notifier: Arc::new(StderrNotifier),
            control: control.clone(),
            deadline: settings
                .sessions
                .request_timeout
                .map(|t| Instant::now() + t),
            read_only: false,
        };
        tokio::select! {
            answer = session.call(request) => match answer {
                Ok(result) => Ok(result),
                Err(CallRefused::UnknownTool(t)) => Err(Failure::config(format!(
                    "no tool named `{t}`; `gs-mcp tools` lists them"
                ))),
                Err(CallRefused::ReadOnly(t)) => Err(Failure::config(format!(
                    "tool `{t}` is hidden from read-only sessions; use a read-write configuration"
                ))),
            },
            _ = tokio::signal::ctrl_c() => {
                eprintln!("gs-mcp: interrupted; stopping the call");
                control.stop().await;
                Err(Failure::failed(format!("the call of `{tool}` was interrupted")))
            }
        }
    });
    // The engine's epoch ticker enforces the call's deadline: it lives
    // until the call is over.
    drop(host);
    let result = result?;
    let answer = call_result_json(&result);
    if args.json {
        emit(&answer.to_string());
    } else {
        print_result(&answer);
    }
    match &result {
        Ok(_) => Ok(()),
        Err(e) => Err(Failure::failed(format!(
            "tool `{}` answered an error ({}): isError is true",
            args.tool, e.kind
        ))),
    }
}

/// True if `a` and `b` are alike enough to suggest one for the other: one
/// contains the other, ignoring case and `_`.
fn similar(a: &str, b: &str) -> bool {
    let norm = |s: &str| s.to_ascii_lowercase().replace(['_', '-'], "");
    let (a, b) = (norm(a), norm(b));
    !b.is_empty() && (a.contains(&b) || b.contains(&a))
}

/// Prints a `CallToolResult`: each text block as it is, other blocks as a
/// line saying what they are, then the structured content as indented
/// JSON (unless a text block is only its rendering).
fn print_result(answer: &Value) {
    let structured = answer.get("structuredContent");
    let rendering = structured.map(Value::to_string);
    for block in answer["content"].as_array().into_iter().flatten() {
        match block["type"].as_str() {
            Some("text") => {
                let text = block["text"].as_str().unwrap_or_default();
                if rendering.as_deref() != Some(text) {
                    emit(text);
                }
            }
            Some(kind @ ("image" | "audio")) => emit(&format!(
                "[{kind} {}, {} bytes of base64]",
                block["mimeType"].as_str().unwrap_or("?"),
                block["data"].as_str().map_or(0, str::len)
            )),
            Some("resource") => emit(&format!(
                "[resource {}]",
                block["resource"]["uri"].as_str().unwrap_or("?")
            )),
            _ => emit(&block.to_string()),
        }
    }
    if let Some(s) = structured {
        emit(&serde_json::to_string_pretty(s).unwrap_or_else(|_| s.to_string()));
    }
}

/// Writes one line to stdout; a closed pipe (`gs-mcp call … | head`) is
/// not an error worth a panic.
fn emit(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
}

/// The tool's log lines and progress, on stderr (stdout is the result's).
struct StderrNotifier;

impl Notifier for StderrNotifier {
    fn log(&self, level: LogLevel, logger: &str, message: &str) {
        eprintln!("gs-mcp: {logger}: {}: {message}", level.as_str());
    }

    fn progress(&self, progress: f64, total: Option<f64>, message: Option<&str>) {
        eprintln!(
            "gs-mcp: progress {progress}{}{}",
            total.map_or(String::new(), |t| format!("/{t}")),
            message.map_or(String::new(), |m| format!(": {m}"))
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn similar_names_are_suggested() {
        assert!(similar("execute_code", "executecode"));
        assert!(similar("class_summary", "summary"));
        assert!(!similar("greet", "add"));
    }
}
