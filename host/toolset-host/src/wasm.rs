//! A loaded WebAssembly toolset behind the [`Toolset`] trait, and its
//! per-session state: one instance per MCP session, created from the
//! pre-instantiated component on the session's first call, dropped after
//! any trap so the next call starts fresh.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use gs_toolset::{
    CallContext, CallFuture, Content, EmbeddedResource, ErrorKind, ResourceBody, ToolError,
    ToolOutput, ToolResult, Toolset, ToolsetInfo, ToolsetSession,
};
use serde_json::Value;
use wasmtime::{Engine, Store, Trap};

use crate::bindings::gemstone::mcp::types;
use crate::bindings::{Toolset as Bindings, ToolsetPre};
use crate::host::{new_store, run_to_end};
use crate::policy::Policy;
use crate::state::{Call, HostState, Stop};

/// Everything a loaded toolset shares between its sessions.
pub(crate) struct Inner {
    pub info: ToolsetInfo,
    pub pre: ToolsetPre<HostState>,
    pub engine: Engine,
    pub policy: Arc<Policy>,
    pub sha256: String,
    pub from_cache: bool,
    pub path: PathBuf,
}

/// A loaded WebAssembly toolset. Cheap to clone (shared state).
#[derive(Clone)]
pub struct WasmToolset {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for WasmToolset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WasmToolset")
            .field("name", &self.inner.info.name)
            .field("path", &self.inner.path)
            .field("sha256", &self.inner.sha256)
            .finish_non_exhaustive()
    }
}

impl WasmToolset {
    pub(crate) fn new(inner: Inner) -> WasmToolset {
        WasmToolset {
            inner: Arc::new(inner),
        }
    }

    /// The component file's SHA-256 (64 hex digits), e.g. for pinning.
    pub fn sha256(&self) -> &str {
        &self.inner.sha256
    }

    /// True if the compiled artefact came from the on-disk cache (no
    /// compilation at load).
    pub fn loaded_from_cache(&self) -> bool {
        self.inner.from_cache
    }

    /// A session state object of the concrete type, for callers (tests,
    /// benchmarks) that want to inspect it; [`Toolset::open_session`]
    /// answers the same thing boxed.
    pub fn session(&self) -> WasmSession {
        WasmSession {
            inner: self.inner.clone(),
            live: None,
            instances_created: 0,
        }
    }
}

impl Toolset for WasmToolset {
    fn info(&self) -> &ToolsetInfo {
        &self.inner.info
    }

    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(self.session())
    }
}

/// One session's live instance.
struct Live {
    store: Store<HostState>,
    bindings: Bindings,
}

/// One MCP session's use of a WebAssembly toolset: its own instance,
/// created on first use.
pub struct WasmSession {
    inner: Arc<Inner>,
    live: Option<Live>,
    instances_created: u64,
}

impl std::fmt::Debug for WasmSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WasmSession")
            .field("toolset", &self.inner.info.name)
            .field("has_instance", &self.live.is_some())
            .field("instances_created", &self.instances_created)
            .finish()
    }
}

impl WasmSession {
    /// True if the session currently holds an instance.
    pub fn has_instance(&self) -> bool {
        self.live.is_some()
    }

    /// How many instances this session has created (one, plus one after
    /// each call that dropped its instance).
    pub fn instances_created(&self) -> u64 {
        self.instances_created
    }

    /// Creates the session's instance now rather than on its first call
    /// (benchmarks; warming a session). Does nothing if it has one.
    pub fn ensure_instance(&mut self) -> Result<(), ToolError> {
        if self.live.is_none() {
            self.live = Some(run_to_end(self.instantiate())?);
        }
        Ok(())
    }

    async fn instantiate(&mut self) -> Result<Live, ToolError> {
        let unavailable = |m: String| {
            ToolError::new(
                ErrorKind::Unavailable,
                format!(
                    "toolset `{}` could not start an instance for this session: {m}",
                    self.inner.info.name
                ),
            )
        };
        let mut store =
            new_store(&self.inner.engine, self.inner.policy.clone()).map_err(unavailable)?;
        let bindings = self
            .inner
            .pre
            .instantiate_async(&mut store)
            .await
            .map_err(|e| unavailable(format!("{e:#}")))?;
        self.instances_created += 1;
        Ok(Live { store, bindings })
    }
}

impl ToolsetSession for WasmSession {
    fn call(&mut self, tool: &str, arguments: &Value, ctx: &CallContext) -> ToolResult {
        self.call_json(tool, &arguments.to_string(), ctx)
    }

    /// The guest takes its arguments as JSON text: the client's text goes
    /// to it as it is, never parsed on the host.
    fn call_json(&mut self, tool: &str, arguments: &str, ctx: &CallContext) -> ToolResult {
        run_to_end(self.run_call(tool, arguments, ctx))
    }

    /// A quick guest call ends within the broker's first poll; the host
    /// functions that may take long and the epoch tick of a long call
    /// yield first (see [`HostState::step_off_async_thread`]).
    fn call_async<'a>(
        &'a mut self,
        tool: &'a str,
        arguments: &'a str,
        ctx: &'a CallContext,
    ) -> Option<CallFuture<'a>> {
        Some(Box::pin(self.run_call(tool, arguments, ctx)))
    }
}

impl WasmSession {
    /// One call of the guest's `call` export, as a future.
    async fn run_call(&mut self, tool: &str, arguments: &str, ctx: &CallContext) -> ToolResult {
        let descriptor = self.inner.info.gate(tool, ctx.read_only)?;
        // The guest parses the text; only an object's text may reach it.
        if arguments.trim_start().as_bytes().first() != Some(&b'{') {
            return Err(ToolError::invalid_params(format!(
                "the arguments of `{tool}` must be a JSON object, not {}",
                arguments.trim()
            )));
        }
        if ctx.cancel.is_cancelled() {
            return Err(ToolError::new(
                ErrorKind::Cancelled,
                format!("tool `{tool}` was cancelled before it started"),
            ));
        }
        let has_output_schema = descriptor.output_schema.is_some();
        let mut live = match self.live.take() {
            Some(live) => live,
            None => self.instantiate().await?,
        };
        let limits = self.inner.policy.limits;
        let now = Instant::now();
        let mut deadline = now + limits.deadline;
        if let Some(d) = ctx.deadline {
            deadline = deadline.min(d);
        }
        {
            let data = live.store.data_mut();
            data.call = Some(Call {
                ctx: ctx.clone(),
                notifications_left: limits.max_notifications,
            });
            data.deadline = Some(deadline);
            data.budget = deadline.saturating_duration_since(now);
            data.stop = None;
            data.yielded = false;
            data.limiter.stop = None;
            data.stderr.clear();
        }
        live.store.set_epoch_deadline(1);
        let answer = live
            .bindings
            .gemstone_mcp_tools()
            .call_call(&mut live.store, tool, arguments)
            .await;
        {
            let data = live.store.data_mut();
            data.call = None;
            data.deadline = None;
        }
        match answer {
            Ok(Ok(output)) => {
                let size = output_size(&output);
                if size > limits.output {
                    // The instance's memory grew to hold the oversized
                    // answer; dropping it gives that memory back.
                    return Err(ToolError::new(
                        ErrorKind::OutputTooLarge,
                        format!(
                            "tool `{tool}` of toolset `{}` returned {size} bytes, over its \
                             output cap of {} bytes; ask it for less, or the operator may raise \
                             `limits.output`",
                            self.inner.info.name, limits.output
                        ),
                    ));
                }
                self.live = Some(live);
                convert_output(tool, output, has_output_schema)
            }
            Ok(Err(e)) => {
                self.live = Some(live);
                Err(from_wit_error(e))
            }
            Err(e) => Err(classify_failure(
                e,
                live.store.data(),
                tool,
                &format!("toolset `{}`", self.inner.info.name),
            )),
        }
    }
}

fn from_wit_error(e: types::Error) -> ToolError {
    let kind = match e.kind {
        types::ErrorKind::InvalidParams => ErrorKind::InvalidParams,
        types::ErrorKind::NotFound => ErrorKind::NotFound,
        types::ErrorKind::Refused => ErrorKind::Refused,
        types::ErrorKind::ReadOnly => ErrorKind::ReadOnly,
        types::ErrorKind::CompileError => ErrorKind::CompileError,
        types::ErrorKind::Other => ErrorKind::Other,
    };
    ToolError::new(kind, e.message)
}

fn output_size(o: &types::ToolOutput) -> usize {
    let content: usize = o
        .content
        .iter()
        .map(|c| match c {
            types::Content::Text(t) => t.len(),
            types::Content::Image(b) | types::Content::Audio(b) => b.data.len() + b.mime_type.len(),
            types::Content::Resource(r) => {
                r.uri.len()
                    + r.mime_type.as_ref().map_or(0, String::len)
                    + match &r.body {
                        types::ResourceBody::Text(t) => t.len(),
                        types::ResourceBody::Blob(b) => b.len(),
                    }
            }
        })
        .sum();
    content + o.structured.as_ref().map_or(0, String::len)
}

fn convert_output(tool: &str, o: types::ToolOutput, needs_structured: bool) -> ToolResult {
    let structured = match o.structured {
        Some(text) => Some(serde_json::from_str::<Value>(&text).map_err(|e| {
            ToolError::other(format!(
                "tool `{tool}` returned structured content that is not JSON ({e}); this is a \
                 bug in the toolset"
            ))
        })?),
        None => None,
    };
    if needs_structured && structured.is_none() {
        return Err(ToolError::other(format!(
            "tool `{tool}` declares an output schema but returned no structured content; this \
             is a bug in the toolset"
        )));
    }
    let content = o
        .content
        .into_iter()
        .map(|c| match c {
            types::Content::Text(t) => Content::Text(t),
            types::Content::Image(b) => Content::Image {
                data: b.data,
                mime_type: b.mime_type,
            },
            types::Content::Audio(b) => Content::Audio {
                data: b.data,
                mime_type: b.mime_type,
            },
            types::Content::Resource(r) => Content::Resource(EmbeddedResource {
                uri: r.uri,
                mime_type: r.mime_type,
                body: match r.body {
                    types::ResourceBody::Text(t) => ResourceBody::Text(t),
                    types::ResourceBody::Blob(b) => ResourceBody::Blob(b),
                },
            }),
        })
        .collect();
    Ok(ToolOutput {
        content,
        structured,
    })
}

/// Extracts a Rust panic's message from a guest's stderr tail: the
/// `panicked at <location>:` line and the message after it, without the
/// backtrace hint.
fn panic_message(stderr: &str) -> Option<String> {
    let start = stderr.rfind("panicked at ")?;
    let text: Vec<&str> = stderr[start..]
        .lines()
        .filter(|l| !l.starts_with("note:") && !l.trim().is_empty())
        .collect();
    Some(text.join(" "))
}

/// Turns a failed guest call into the error the client sees, from what the
/// host recorded (deadline, cancellation, memory cap), the trap code, and
/// the guest's stderr (a panic message).
pub(crate) fn classify_failure(
    error: wasmtime::Error,
    state: &HostState,
    tool: &str,
    owner: &str,
) -> ToolError {
    let fresh = "the session goes on with a fresh instance";
    match state.stop.or(state.limiter.stop) {
        Some(Stop::Deadline) => {
            return ToolError::new(
                ErrorKind::Deadline,
                format!(
                    "tool `{tool}` of {owner} ran past its deadline of {:.3} s and was stopped; \
                     {fresh}",
                    state.budget.as_secs_f64()
                ),
            );
        }
        Some(Stop::Cancelled) => {
            return ToolError::new(
                ErrorKind::Cancelled,
                format!(
                    "tool `{tool}` of {owner} was cancelled by the client and stopped; {fresh}"
                ),
            );
        }
        Some(Stop::OutOfMemory { desired, cap }) => {
            return ToolError::new(
                ErrorKind::OutOfMemory,
                format!(
                    "tool `{tool}` of {owner} tried to grow its memory to {} MiB, over its cap of \
                     {} MiB, and was stopped; {fresh}",
                    desired.div_ceil(1 << 20),
                    cap >> 20
                ),
            );
        }
        None => {}
    }
    let stderr = state.stderr.text();
    match error.downcast_ref::<Trap>() {
        Some(Trap::StackOverflow) => ToolError::new(
            ErrorKind::StackOverflow,
            format!(
                "tool `{tool}` of {owner} overflowed its call stack (runaway recursion?) and was \
                 stopped; {fresh}"
            ),
        ),
        Some(Trap::Interrupt) => ToolError::new(
            ErrorKind::Deadline,
            format!("tool `{tool}` of {owner} was interrupted; {fresh}"),
        ),
        trap => {
            if let Some(panic) = panic_message(&stderr) {
                return ToolError::new(
                    ErrorKind::Panic,
                    format!("tool `{tool}` of {owner} panicked: {panic}; {fresh}"),
                );
            }
            let what = match trap {
                Some(t) => t.to_string(),
                None => format!("{error:#}"),
            };
            ToolError::new(
                ErrorKind::Trap,
                format!("tool `{tool}` of {owner} trapped: {what}; {fresh}"),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panic_message_keeps_location_and_message() {
        let stderr = "\nthread '<unnamed>' panicked at src/lib.rs:12:9:\nboom\nnote: run with \
                      `RUST_BACKTRACE=1` environment variable to display a backtrace\n";
        assert_eq!(
            panic_message(stderr).unwrap(),
            "panicked at src/lib.rs:12:9: boom"
        );
        assert_eq!(panic_message("just a log line"), None);
    }
}
