//! The one toolset trait: a loaded toolset, and its per-MCP-session state.
//!
//! A [`Toolset`] is shared by all sessions; each MCP session asks it for a
//! [`ToolsetSession`] (lazily, on its first call to one of the toolset's
//! tools) and routes its calls there. For a WebAssembly toolset the
//! session holds that client's own instance; for the built-in toolset it
//! is nearly empty.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use std::thread::Thread;

use serde_json::Value;

use crate::{CallContext, ToolError, ToolResult, ToolsetInfo};

/// A tool call as a future, from [`ToolsetSession::call_async`].
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

    /// Starts a call as a future, for a toolset whose calls may begin on
    /// the async thread that received the request.
    ///
    /// The session broker polls the future once where the request arrived:
    /// a quick call (a trivial WebAssembly tool) is answered there, with no
    /// hand-over to another thread. If the first poll answers `Pending`, the
    /// broker runs the rest of the call on a call thread. So the future's
    /// first poll must not block or run long: before any step that may
    /// (image access, blocking I/O, a long computation, a notification the
    /// client should see at once) it answers `Pending` (waking its waker).
    /// Later polls may block.
    ///
    /// `None`, the default: the toolset's calls block, and the broker runs
    /// [`ToolsetSession::call_json`] on a call thread.
    fn call_async<'a>(
        &'a mut self,
        tool: &'a str,
        arguments: &'a str,
        ctx: &'a CallContext,
    ) -> Option<CallFuture<'a>> {
        let _ = (tool, arguments, ctx);
        None
    }
}

/// Wakes the thread blocked in [`block_on`].
struct ThreadWaker(Thread);

impl Wake for ThreadWaker {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.0.unpark();
    }
}

/// Runs `future` to its end on the current thread, parking the thread
/// while it waits: how a call future is finished off the async threads,
/// and how a toolset whose calls are futures answers a blocking call.
pub fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let waker = Waker::from(Arc::new(ThreadWaker(std::thread::current())));
    let mut cx = Context::from_waker(&waker);
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut cx) {
            return output;
        }
        // A wake that came during the poll left the token set, so this
        // returns at once; spurious returns only cost another poll.
        std::thread::park();
    }
}
