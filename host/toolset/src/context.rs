//! What a tool call receives besides its arguments: the caller's image
//! session, whether the session is read-only, where log lines and progress
//! go, how to ask the client something, and how the caller can stop the
//! call.
//!
//! Everything here is owned and cheap to clone (`Arc`s and flags), so a
//! toolset can move it into whatever runs the call — a WebAssembly store
//! needs `'static` state — without borrowing from the session broker.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use serde_json::Value;

use crate::{ErrorKind, ImageSession, ImageWorker, ReadLedger, ToolError};

/// Severity of a log line (RFC 5424, as MCP logging uses it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LogLevel {
    /// Detailed diagnostics.
    Debug,
    /// Normal operation.
    Info,
    /// Normal but significant.
    Notice,
    /// Recovered from something unexpected.
    Warning,
    /// One operation failed.
    Error,
    /// A component failed.
    Critical,
    /// Act now.
    Alert,
    /// Unusable.
    Emergency,
}

impl LogLevel {
    /// The level's MCP name (`debug`, `info`, … `emergency`).
    pub fn as_str(self) -> &'static str {
        match self {
            LogLevel::Debug => "debug",
            LogLevel::Info => "info",
            LogLevel::Notice => "notice",
            LogLevel::Warning => "warning",
            LogLevel::Error => "error",
            LogLevel::Critical => "critical",
            LogLevel::Alert => "alert",
            LogLevel::Emergency => "emergency",
        }
    }
}

/// A request a call may make of the MCP client that called it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClientRequest {
    /// Ask the user for input (`elicitation/create`), in a form or at a
    /// URL.
    Elicitation,
    /// Ask the client's model for a completion (`sampling/createMessage`).
    Sampling,
    /// Ask for the client's roots (`roots/list`).
    Roots,
}

impl ClientRequest {
    /// The MCP method that carries it.
    pub fn method(self) -> &'static str {
        match self {
            ClientRequest::Elicitation => "elicitation/create",
            ClientRequest::Sampling => "sampling/createMessage",
            ClientRequest::Roots => "roots/list",
        }
    }

    /// The client capability it needs (a member of the client's
    /// `capabilities`).
    pub fn capability(self) -> &'static str {
        match self {
            ClientRequest::Elicitation => "elicitation",
            ClientRequest::Sampling => "sampling",
            ClientRequest::Roots => "roots",
        }
    }
}

/// True if `key` may name a request to the client within a call: 1 to 64
/// ASCII letters, digits, `_`, `-` or `.`.
pub fn is_input_key(key: &str) -> bool {
    (1..=64).contains(&key.len())
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// The key of a call's `n`th request of `request` (from 1) made without
/// a key of its own: `elicitation`, then `elicitation-2`, and so on.
pub fn automatic_key(request: ClientRequest, n: usize) -> String {
    match n {
        0 | 1 => request.capability().to_string(),
        n => format!("{}-{n}", request.capability()),
    }
}

/// True if `key` has the form of an [`automatic_key`], which a toolset
/// may not choose for a request of its own: the two would share an answer.
pub fn is_automatic_key(key: &str) -> bool {
    ["elicitation", "sampling", "roots"].iter().any(|base| {
        key.strip_prefix(base).is_some_and(|rest| {
            rest.is_empty()
                || rest
                    .strip_prefix('-')
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
    })
}

/// The client's answer to a [`ClientRequest`]: its `result` object.
pub type AskFuture<'a> = Pin<Box<dyn Future<Output = Result<Value, ToolError>> + Send + 'a>>;

/// Where a call's log lines and progress reports go (the session's
/// server-to-client message stream), and through which it asks the client.
/// Implementations must not block for long: they are called from inside
/// tool calls.
pub trait Notifier: Send + Sync {
    /// A log line from `logger` (the toolset's name) at `level`.
    fn log(&self, level: LogLevel, logger: &str, message: &str);
    /// Progress of the current call.
    fn progress(&self, progress: f64, total: Option<f64>, message: Option<&str>);
    /// Sends `request` with `params` (the MCP request's `params` object) to
    /// the client and waits for its `result`. `key` names the request
    /// within the call (see [`is_input_key`]): a stateless (2026-07-28)
    /// request is answered from the client's `inputResponses` under it,
    /// and an unanswered one ends the request with `input_required`; a
    /// session's request does not send it. Fails with
    /// [`ErrorKind::Refused`] when the client did not declare the
    /// capability, and with [`ErrorKind::Unavailable`] when there is no
    /// client to ask (the default), it did not answer in time, or its
    /// answer must come in a retried request; the caller bounds the wait
    /// by its own deadline too.
    fn ask(&self, key: &str, request: ClientRequest, params: Value) -> AskFuture<'_> {
        let _ = (key, params);
        Box::pin(std::future::ready(Err(ToolError::new(
            ErrorKind::Unavailable,
            format!(
                "{} needs an MCP client to ask, and this call has none (it was not made by a \
                 client over MCP)",
                request.method()
            ),
        ))))
    }
    /// Asks that the rest of the call run as a task: the client's request
    /// is answered now with the task's handle, and the call goes on in the
    /// background, its result kept for the client to fetch
    /// (`tasks/get`). True when the call now runs as a task (or already
    /// did); false when it cannot become one (the default: no client
    /// request declared the tasks extension, the tool did not declare task
    /// support, or the server holds its most tasks), and the call goes on
    /// to answer with its result. `message` is the task's first status
    /// message.
    fn start_task(&self, message: Option<&str>) -> bool {
        let _ = message;
        false
    }
}

/// A [`Notifier`] that drops everything: for callers that have no client
/// stream (benchmarks, command-line tool runs).
#[derive(Debug, Clone, Copy, Default)]
pub struct SilentNotifier;

impl Notifier for SilentNotifier {
    fn log(&self, _: LogLevel, _: &str, _: &str) {}
    fn progress(&self, _: f64, _: Option<f64>, _: Option<&str>) {}
}

/// A flag the caller raises to stop a running call (MCP
/// `notifications/cancelled`). Clones share the flag.
#[derive(Debug, Clone, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A token not yet cancelled.
    pub fn new() -> CancelToken {
        CancelToken::default()
    }

    /// Asks the call to stop. WebAssembly toolsets stop within one epoch
    /// tick; native tools check [`CancelToken::is_cancelled`] at their own
    /// safe points.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// True once [`CancelToken::cancel`] was called on any clone.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for an image backend whose interpreter polls a flag
    /// of its own type: sharing it means a cancel reaches running Smalltalk
    /// at its next send, with no thread relaying it.
    pub fn shared_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

thread_local! {
    /// The cancel token of the tool call whose image work this thread
    /// runs ([`CallContext::blocking`]), if any.
    static CALL_CANCEL: std::cell::RefCell<Option<CancelToken>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `f` with `cancel` as this thread's [`call_cancel`], restoring
/// whatever was there before when it ends.
pub fn with_call_cancel<T>(cancel: &CancelToken, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<CancelToken>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            CALL_CANCEL.with(|c| *c.borrow_mut() = previous);
        }
    }
    let previous = CALL_CANCEL.with(|c| c.borrow_mut().replace(cancel.clone()));
    let _restore = Restore(previous);
    f()
}

/// The cancel token of the tool call whose image work is running on this
/// thread, if any. The [`ImageSession`] methods other than doits and test
/// runs take no token, so a backend that can stop any of its calls (a
/// stone's, by a break) reads the call's token here; [`CallContext::blocking`]
/// sets it for the length of each job.
pub fn call_cancel() -> Option<CancelToken> {
    CALL_CANCEL.with(|c| c.borrow().clone())
}

/// The MCP server's identity, as toolsets may ask for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerIdentity {
    /// E.g. `gs-mcp`.
    pub name: String,
    /// The server's version.
    pub version: String,
    /// A human-readable title, if configured.
    pub title: Option<String>,
}

/// Everything one tool call receives besides its name and arguments.
#[derive(Clone)]
pub struct CallContext {
    /// The caller's own image session (its own transaction view).
    pub image: Arc<dyn ImageSession>,
    /// True if the session is read-only: only read-only-safe tools run,
    /// and every mutating or executing image operation is refused.
    pub read_only: bool,
    /// Where log lines and progress go.
    pub notifier: Arc<dyn Notifier>,
    /// Raised by the caller to stop the call.
    pub cancel: CancelToken,
    /// The caller's own deadline for the call, if any. A toolset with its
    /// own (shorter) limit applies whichever comes first.
    pub deadline: Option<Instant>,
    /// The server's identity.
    pub server: Arc<ServerIdentity>,
    /// The session's image worker, where [`CallContext::blocking`] runs
    /// image work.
    pub worker: ImageWorker,
    /// What the session's client was shown of each method and class,
    /// whichever toolset showed it: the session's, not a toolset's, so
    /// that a read through one toolset guards a write through another.
    /// Every context of one session shares it (the broker makes it with
    /// the session's image session).
    pub ledger: ReadLedger,
}

impl CallContext {
    /// A context for `image` with no deadline, a fresh cancel token, a
    /// silent notifier and an empty ledger, as for a session just opened
    /// (its clones share the ledger, as a session's calls do). A read-only
    /// context's image refuses changes and arbitrary code
    /// ([`crate::read_only_image`]).
    pub fn new(image: Arc<dyn ImageSession>, read_only: bool, server: Arc<ServerIdentity>) -> Self {
        let image = if read_only {
            crate::read_only_image(image)
        } else {
            image
        };
        CallContext {
            worker: ImageWorker::new(image.worker_stack_bytes()),
            image,
            read_only,
            notifier: Arc::new(SilentNotifier),
            cancel: CancelToken::new(),
            deadline: None,
            server,
            ledger: ReadLedger::default(),
        }
    }

    /// Runs `job` on the session's image worker, off the async threads, and
    /// answers what it answers: how a tool call reaches the image, whose
    /// calls may block (see [`crate::ImageWorker`]). The job gets its own
    /// clone of this context. If the caller stops waiting, the job still
    /// runs to its end, and the session's next image work waits for it.
    ///
    /// A session whose backend needs no thread of its own
    /// ([`ImageSession::needs_own_worker`]) runs the job on the async
    /// runtime's shared blocking pool instead, when there is a runtime.
    pub async fn blocking<T, F>(&self, job: F) -> Result<T, ToolError>
    where
        T: Send + 'static,
        F: FnOnce(&CallContext) -> Result<T, ToolError> + Send + 'static,
    {
        let ctx = self.clone();
        let job = move || {
            let cancel = ctx.cancel.clone();
            with_call_cancel(&cancel, || job(&ctx))
        };
        if !self.image.needs_own_worker()
            && let Ok(runtime) = tokio::runtime::Handle::try_current()
        {
            return runtime
                .spawn_blocking(job)
                .await
                .map_err(|_| crate::worker::image_call_panicked())?;
        }
        self.worker.run(job).await?
    }

    /// Runs `code` as a doit in the session ([`ImageSession::execute`], or
    /// [`ImageSession::execute_bounded`] with `memory_bytes`), watching the
    /// call's cancel token: waiting for the image without holding a thread
    /// where the backend can ([`ImageSession::execute_waiting`]), as
    /// blocking work otherwise.
    pub async fn execute(
        &self,
        code: String,
        memory_bytes: Option<usize>,
    ) -> Result<crate::Doit, ToolError> {
        if let Some(waiting) = self.image.execute_waiting(&code, &self.cancel) {
            return waiting.await;
        }
        self.blocking(move |ctx| match memory_bytes {
            Some(bytes) => ctx.image.execute_bounded(&code, &ctx.cancel, bytes),
            None => ctx.image.execute(&code, &ctx.cancel),
        })
        .await
    }
}

impl std::fmt::Debug for CallContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CallContext")
            .field("read_only", &self.read_only)
            .field("cancelled", &self.cancel.is_cancelled())
            .field("deadline", &self.deadline)
            .field("server", &self.server)
            .field("ledger", &self.ledger)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn automatic_keys_are_known_by_their_form() {
        assert_eq!(automatic_key(ClientRequest::Elicitation, 1), "elicitation");
        assert_eq!(automatic_key(ClientRequest::Roots, 3), "roots-3");
        for key in ["elicitation", "sampling-2", "roots-10"] {
            assert!(is_automatic_key(key), "{key}");
        }
        for key in [
            "user_name",
            "elicitation-",
            "sampling-x",
            "rootsy",
            "elicitation2",
        ] {
            assert!(!is_automatic_key(key), "{key}");
        }
    }
}
