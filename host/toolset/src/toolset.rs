//! The one toolset trait: a loaded toolset, and its per-MCP-session state.
//!
//! A [`Toolset`] is shared by all sessions; each MCP session asks it for a
//! [`ToolsetSession`] (lazily, on its first call to one of the toolset's
//! tools) and routes its calls there. For a WebAssembly toolset the
//! session holds that client's own instance; for the built-in toolset it
//! is nearly empty.

use std::future::Future;
use std::pin::Pin;

use serde_json::Value;

use crate::{Arguments, CallContext, ToolResult, ToolsetInfo};

/// A tool call as a future, from [`ToolsetSession::call`].
pub type CallFuture<'a> = Pin<Box<dyn Future<Output = ToolResult> + Send + 'a>>;

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
    /// Calls `tool` with `arguments` (the text of a JSON object).
    ///
    /// The session broker has already checked that this session may call
    /// `tool` (it exists, and is read-only-safe in a read-only session);
    /// a toolset answers `notFound` for a name it does not have, as any
    /// dispatch must, and never panics on bad input. Read-only sessions
    /// are enforced beneath, by the image ([`crate::read_only_image`]).
    ///
    /// The future is polled on the server's async threads, so it must not
    /// block: image work goes through [`CallContext::blocking`], which runs
    /// it on the session's own worker thread, and other waits are awaited.
    fn call<'a>(
        &'a mut self,
        tool: &'a str,
        arguments: &'a Arguments,
        ctx: &'a CallContext,
    ) -> CallFuture<'a>;
}

/// A call that is image work from its first step, for a toolset whose
/// tools are plain functions of their arguments (the built-in toolset):
/// `work` runs on the session's image worker with the tool's name, its
/// arguments as a value and the call's context.
pub fn image_call<'a, F>(
    tool: &str,
    arguments: &Arguments,
    ctx: &'a CallContext,
    work: F,
) -> CallFuture<'a>
where
    F: FnOnce(&str, &Value, &CallContext) -> ToolResult + Send + 'static,
{
    let (tool, arguments) = (tool.to_string(), arguments.clone());
    Box::pin(ctx.blocking(move |ctx| work(&tool, &arguments.to_value(), ctx)))
}
