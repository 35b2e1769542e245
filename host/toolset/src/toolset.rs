//! The one toolset trait: a loaded toolset, and its per-MCP-session state.
//!
//! A [`Toolset`] is shared by all sessions; each MCP session asks it for a
//! [`ToolsetSession`] (lazily, on its first call to one of the toolset's
//! tools) and routes its calls there. For a WebAssembly toolset the
//! session holds that client's own instance; for the built-in toolset it
//! is nearly empty.

use serde_json::Value;

use crate::{CallContext, ToolError, ToolResult, ToolsetInfo};

/// A loaded toolset, shared by every session.
pub trait Toolset: Send + Sync {
    /// Its name, version and tools.
    fn info(&self) -> &ToolsetInfo;

    /// State for one MCP session. Cheap: a WebAssembly toolset creates its
    /// instance on the session's first call, not here.
    fn open_session(&self) -> Box<dyn ToolsetSession>;
}

/// One MCP session's use of one toolset. Calls are serialised by the
/// session broker (one in flight per session), hence `&mut self`.
pub trait ToolsetSession: Send {
    /// Calls `tool` with `arguments` (a JSON object).
    ///
    /// Implementations answer `notFound` for a tool the toolset does not
    /// have and `readOnly` for a tool that is not read-only-safe when
    /// `ctx.read_only` is set (fail closed, even if the caller forgot to
    /// hide it). They never panic on bad input.
    fn call(&mut self, tool: &str, arguments: &Value, ctx: &CallContext) -> ToolResult;

    /// Calls `tool` with `arguments` given as the text of a JSON object,
    /// as a client sent them. The session broker calls this one.
    ///
    /// The default parses the text and calls [`ToolsetSession::call`]. A
    /// toolset that takes its arguments as text anyway (a WebAssembly
    /// guest) overrides it and never builds the value.
    fn call_json(&mut self, tool: &str, arguments: &str, ctx: &CallContext) -> ToolResult {
        let arguments: Value = serde_json::from_str(arguments).map_err(|e| {
            ToolError::invalid_params(format!("the arguments of `{tool}` are not JSON: {e}"))
        })?;
        self.call(tool, &arguments, ctx)
    }
}
