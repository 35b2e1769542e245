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

use crate::{Arguments, CallContext, ToolResult, ToolsetInfo};

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
    /// The session broker has already checked that this session may call
    /// `tool` (it exists, and is read-only-safe in a read-only session);
    /// a toolset answers `notFound` for a name it does not have, as any
    /// dispatch must, and never panics on bad input. Read-only sessions
    /// are enforced beneath, by the image ([`crate::read_only_image`]).
    fn call(&mut self, tool: &str, arguments: &Value, ctx: &CallContext) -> ToolResult;

    /// Calls `tool` with `arguments` kept as the client's text. The
    /// session broker calls this one.
    ///
    /// The default parses the text and calls [`ToolsetSession::call`]. A
    /// toolset that takes its arguments as text anyway (a WebAssembly
    /// guest) overrides it and never builds the value.
    fn call_json(&mut self, tool: &str, arguments: &Arguments, ctx: &CallContext) -> ToolResult {
        self.call(tool, &arguments.to_value(), ctx)
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
        arguments: &'a Arguments,
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
