//! The session broker of gs-mcp: what stands between the MCP transport and
//! the toolsets.
//!
//! Core concepts:
//!
//! - [`ToolSurface`]: the union of the loaded toolsets' tools, built once at
//!   start-up. Two toolsets offering one tool name is an error there, not a
//!   warning, and so is exposing a tool a toolset does not have.
//! - [`ImageSessionFactory`]: how a new MCP session gets its own image
//!   session (its own transaction view). The binary provides it for the
//!   configured backend; the broker only calls it.
//! - [`Broker`] opens a [`BrokerSession`] per MCP session. A session runs
//!   one call at a time; later calls queue in arrival order. Each toolset's
//!   per-session state ([`gs_toolset::ToolsetSession`]) is created on the
//!   session's first call to one of its tools; what the client was shown
//!   ([`gs_toolset::ReadLedger`]) is the session's, in every call's
//!   context, so a read through one toolset guards a write through
//!   another. A call runs on the
//!   session's own image worker thread ([`gs_toolset::ImageWorker`]): the
//!   async threads only wait for its answer, so a long call never stalls
//!   the accept loop or any other session. A call that computes has its
//!   first slice polled where it was asked, and a quick call ends there,
//!   sparing two hand-overs between threads (`first_slice`). A call that
//!   only waits — its toolset does not compute ([`Toolset::computes`])
//!   and its image needs no thread of its own (a stone) — runs as a task
//!   instead, and holds no thread while it waits.
//! - Resources, prompts and completion ([`BrokerSession::list_resources`],
//!   [`BrokerSession::read_resource`], [`BrokerSession::get_prompt`],
//!   [`BrokerSession::complete`]) go to one toolset's session state, in
//!   turn with the session's calls and on the same image worker, so a read
//!   sees the session's own uncommitted changes.
//! - [`CallControl`]: the caller's hold on one call. [`CallControl::stop`]
//!   escalates as the reference server does for a request deadline or a
//!   `notifications/cancelled`: a soft break (the call's [`CancelToken`] is
//!   raised), then a hard break (raised again, and the toolset's state for
//!   the session is dropped when the call ends), then — if the call still
//!   runs — [`Stopped::Stuck`], on which the router ends the session.
//!
//! Architecture invariant: the broker knows the toolset contract
//! (`gs-toolset`) and nothing else — no HTTP, no JSON-RPC framing, no
//! wasmtime, no image backend.

mod first_slice;
mod shared_offers;

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use gs_toolset::{
    Arguments, CallContext, CancelToken, CommitListener, Completion, CompletionRequest,
    EmbeddedResource, ImageSession, ImageWorker, Notifier, PromptResult, ReadLedger, ResourcePage,
    ServerIdentity, SilentNotifier, ToolDescriptor, ToolError, ToolResult, Toolset, ToolsetSession,
};

/// Opens one image session per MCP session.
pub trait ImageSessionFactory: Send + Sync {
    /// A fresh image session, or a message saying why none could be opened
    /// and what to do.
    fn open(&self) -> Result<Arc<dyn ImageSession>, String>;

    /// A fresh image session running as `owner`'s image user (the
    /// authenticated caller). A backend without named users refuses.
    fn open_as(&self, owner: &SessionOwner) -> Result<Arc<dyn ImageSession>, String> {
        Err(format!(
            "this image backend cannot open a session as user `{}`; serve it without `[auth]`",
            owner.user
        ))
    }

    /// True when opening a session never waits (no login, no I/O: the
    /// embedded image's is a snapshot of its newest view). The broker then
    /// opens it on the calling task; otherwise on the blocking pool, so a
    /// stone login of seconds holds no async thread. Opening at once saves
    /// a stateless request, which opens a session per call, the hop to the
    /// blocking pool and back (`cargo bench -p gs-router`, the stateless
    /// row).
    fn opens_at_once(&self) -> bool {
        false
    }

    /// Has `listener` told what every later commit changes, by any
    /// session; false for a backend that cannot report it (the server then
    /// does not offer resource subscriptions).
    fn watch_commits(&self, listener: CommitListener) -> bool {
        let _ = listener;
        false
    }
}

/// The authenticated caller an image session is opened for: the image
/// user, and the bearer token that proved it, which a backend may pass on
/// to the image (a GemStone login by JWT). The token is never printed.
#[derive(Clone)]
pub struct SessionOwner {
    /// The image user.
    pub user: String,
    /// The caller's bearer token.
    pub token: String,
    /// True when the token that opened the session lacks the write scope:
    /// the session was opened for reading, as the user it logs in as.
    pub opened_read_only: bool,
}

impl fmt::Debug for SessionOwner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SessionOwner")
            .field("user", &self.user)
            .field("token", &"<redacted>")
            .field("opened_read_only", &self.opened_read_only)
            .finish()
    }
}

/// A tool surface that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SurfaceError(pub String);

impl fmt::Display for SurfaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SurfaceError {}

struct Entry {
    toolset: usize,
    descriptor: ToolDescriptor,
}

/// A loaded toolset with the names of the tools to expose (`None`: all).
pub type Exposed = (Arc<dyn Toolset>, Option<Vec<String>>);

/// The union of the toolsets' tools, in configuration order.
pub struct ToolSurface {
    toolsets: Vec<Arc<dyn Toolset>>,
    tools: Vec<Entry>,
    index: HashMap<String, usize>,
}

impl fmt::Debug for ToolSurface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolSurface")
            .field(
                "toolsets",
                &self
                    .toolsets
                    .iter()
                    .map(|t| &t.info().name)
                    .collect::<Vec<_>>(),
            )
            .field("tools", &self.tools.len())
            .finish()
    }
}

impl ToolSurface {
    /// The surface of `toolsets`, each with the names of the tools to
    /// expose (`None` exposes all). Refuses a tool name two toolsets share,
    /// naming both, an exposed name its toolset does not have, and a
    /// prompt or resource two toolsets would both answer to.
    pub fn new(toolsets: Vec<Exposed>) -> Result<ToolSurface, SurfaceError> {
        let mut surface = ToolSurface {
            toolsets: Vec::new(),
            tools: Vec::new(),
            index: HashMap::new(),
        };
        for (i, (toolset, expose)) in toolsets.into_iter().enumerate() {
            let info = toolset.info();
            if let Some(names) = &expose
                && let Some(missing) = names.iter().find(|n| info.tool(n).is_none())
            {
                {
                    return Err(SurfaceError(format!(
                        "toolset `{}` has no tool `{missing}` to expose; its tools are {}",
                        info.name,
                        info.tools
                            .iter()
                            .map(|t| format!("`{}`", t.name))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )));
                }
            }
            for tool in &info.tools {
                if expose.as_ref().is_some_and(|n| !n.contains(&tool.name)) {
                    continue;
                }
                if let Some(&other) = surface.index.get(&tool.name) {
                    let other = &surface.toolsets[surface.tools[other].toolset];
                    return Err(SurfaceError(format!(
                        "tool `{}` is offered by both toolset `{}` and toolset `{}`; list only one \
                         of them in its `tools` key",
                        tool.name,
                        other.info().name,
                        info.name
                    )));
                }
                surface.index.insert(tool.name.clone(), surface.tools.len());
                surface.tools.push(Entry {
                    toolset: i,
                    descriptor: tool.clone(),
                });
            }
            surface.toolsets.push(toolset);
        }
        shared_offers::refuse_shared_offers(&surface.toolsets)?;
        Ok(surface)
    }

    /// The loaded toolsets, in configuration order.
    pub fn toolsets(&self) -> &[Arc<dyn Toolset>] {
        &self.toolsets
    }

    /// The tools a session sees: all, or in a read-only session only the
    /// read-only-safe ones.
    pub fn tools(&self, read_only: bool) -> impl Iterator<Item = &ToolDescriptor> {
        self.tools
            .iter()
            .map(|e| &e.descriptor)
            .filter(move |d| !read_only || d.read_only_safe)
    }

    /// Each exposed tool with the name of the toolset offering it.
    pub fn tools_by_toolset(&self) -> impl Iterator<Item = (&str, &ToolDescriptor)> {
        self.tools
            .iter()
            .map(|e| (self.toolsets[e.toolset].info().name.as_str(), &e.descriptor))
    }

    /// The tool called `name`: its toolset's position and its descriptor.
    pub fn lookup(&self, name: &str) -> Option<(usize, &ToolDescriptor)> {
        let e = &self.tools[*self.index.get(name)?];
        Some((e.toolset, &e.descriptor))
    }

    /// The position of the toolset that may run `tool` in a session that
    /// is `read_only` or not, or why none may: no such tool, or one that is
    /// hidden from a read-only session.
    pub fn admit(&self, tool: &str, read_only: bool) -> Result<usize, CallRefused> {
        match self.lookup(tool) {
            None => Err(CallRefused::UnknownTool(tool.to_string())),
            Some((_, d)) if read_only && !d.read_only_safe => {
                Err(CallRefused::ReadOnly(tool.to_string()))
            }
            Some((toolset, _)) => Ok(toolset),
        }
    }
}

/// Why a call was not started. The router maps these to JSON-RPC errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallRefused {
    /// No exposed tool has this name.
    UnknownTool(String),
    /// The tool exists but is hidden because the session is read-only.
    ReadOnly(String),
}

/// One tool call to make.
pub struct CallRequest {
    /// The tool's name.
    pub tool: String,
    /// Its arguments, as the client sent them. A toolset that wants a
    /// value parses them on the call's own thread; a WebAssembly toolset
    /// hands the text to its guest as it is.
    pub arguments: Arguments,
    /// Where the call's log lines and progress go.
    pub notifier: Arc<dyn Notifier>,
    /// How the caller stops the call and learns that it ended.
    pub control: CallControl,
    /// The caller's deadline, if any.
    pub deadline: Option<Instant>,
    /// True when the caller may not change the image (a token without the
    /// write scope): the call gets a read-only session's gates, decided
    /// per request so that a token's scopes apply to every request it
    /// carries. A read-only session's calls have them whatever this says.
    pub read_only: bool,
}

/// How long a soft break may take to stop a call before the hard break.
pub const SOFT_BREAK_GRACE: Duration = Duration::from_secs(2);

/// How long a hard break may take before the call counts as stuck.
pub const HARD_BREAK_GRACE: Duration = Duration::from_secs(3);

/// How far [`CallControl::stop`] had to go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// The call ended on the soft break (or had already ended).
    Soft,
    /// The call ended only after the hard break; its toolset's state for
    /// the session was dropped, so the session's next call to that toolset
    /// starts afresh.
    Hard,
    /// The call still runs after both breaks. The session cannot be
    /// trusted with another call: end it.
    Stuck,
}

struct ControlState {
    cancel: CancelToken,
    ended: AtomicBool,
    ended_signal: tokio::sync::Notify,
    hard: AtomicBool,
}

/// A caller's hold on one call: stops it, and says when it has really
/// ended — which may be after the caller stopped waiting for its answer,
/// because a call off the async threads runs until it returns. Clones share
/// the call.
#[derive(Clone)]
pub struct CallControl(Arc<ControlState>);

impl Default for CallControl {
    fn default() -> Self {
        CallControl::new()
    }
}

impl fmt::Debug for CallControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CallControl")
            .field("cancelled", &self.0.cancel.is_cancelled())
            .field("ended", &self.has_ended())
            .field("hard_broken", &self.0.hard.load(Ordering::Acquire))
            .finish()
    }
}

impl CallControl {
    /// A control for a call not yet made.
    pub fn new() -> CallControl {
        CallControl(Arc::new(ControlState {
            cancel: CancelToken::new(),
            ended: AtomicBool::new(false),
            ended_signal: tokio::sync::Notify::new(),
            hard: AtomicBool::new(false),
        }))
    }

    /// The token the call sees in its [`CallContext`].
    pub fn cancel_token(&self) -> &CancelToken {
        &self.0.cancel
    }

    /// True once the call has returned (or was dropped before it started).
    pub fn has_ended(&self) -> bool {
        self.0.ended.load(Ordering::Acquire)
    }

    /// Waits until the call has ended.
    pub async fn ended(&self) {
        loop {
            let mut signal = std::pin::pin!(self.0.ended_signal.notified());
            // Registered before the flag is read, so an end between the
            // two still wakes this waiter.
            signal.as_mut().enable();
            if self.has_ended() {
                return;
            }
            signal.await;
        }
    }

    fn mark_ended(&self) {
        self.0.ended.store(true, Ordering::Release);
        self.0.ended_signal.notify_waiters();
    }

    /// Stops the call with the default graces ([`SOFT_BREAK_GRACE`],
    /// [`HARD_BREAK_GRACE`]).
    pub async fn stop(&self) -> Stopped {
        self.stop_within(SOFT_BREAK_GRACE, HARD_BREAK_GRACE).await
    }

    /// Stops the call: a soft break, then after `soft_grace` a hard break,
    /// then after `hard_grace` gives up and answers [`Stopped::Stuck`].
    pub async fn stop_within(&self, soft_grace: Duration, hard_grace: Duration) -> Stopped {
        self.0.cancel.cancel();
        if tokio::time::timeout(soft_grace, self.ended()).await.is_ok() {
            return Stopped::Soft;
        }
        // Raised again: a backend may clear its break flag as a break
        // unwinds, and a tool that swallowed the first one must see this.
        self.0.hard.store(true, Ordering::Release);
        self.0.cancel.cancel();
        if tokio::time::timeout(hard_grace, self.ended()).await.is_ok() {
            return Stopped::Hard;
        }
        Stopped::Stuck
    }
}

/// Marks a call ended however it ends: returned, panicked, or dropped by
/// its caller while still queued.
struct EndGuard(CallControl);

impl Drop for EndGuard {
    fn drop(&mut self) {
        self.0.mark_ended();
    }
}

/// Opens sessions over one tool surface and one image.
pub struct Broker {
    surface: Arc<ToolSurface>,
    factory: Arc<dyn ImageSessionFactory>,
    identity: Arc<ServerIdentity>,
    read_only: bool,
}

impl fmt::Debug for Broker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Broker")
            .field("surface", &self.surface)
            .field("identity", &self.identity)
            .field("read_only", &self.read_only)
            .finish_non_exhaustive()
    }
}

impl Broker {
    /// A broker serving `surface`, opening image sessions with `factory`.
    /// Every session it opens is read-only when `read_only` is set.
    pub fn new(
        surface: ToolSurface,
        factory: Arc<dyn ImageSessionFactory>,
        identity: ServerIdentity,
        read_only: bool,
    ) -> Broker {
        Broker {
            surface: Arc::new(surface),
            factory,
            identity: Arc::new(identity),
            read_only,
        }
    }

    /// Has `listener` told what every later commit changes; false when the
    /// image backend cannot report it.
    pub fn watch_commits(&self, listener: CommitListener) -> bool {
        self.factory.watch_commits(listener)
    }

    /// The tool surface.
    pub fn surface(&self) -> &ToolSurface {
        &self.surface
    }

    /// True if every session is read-only.
    pub fn read_only(&self) -> bool {
        self.read_only
    }

    /// The server's identity.
    pub fn identity(&self) -> &ServerIdentity {
        &self.identity
    }

    /// Opens a session with its own image session. The factory runs on the
    /// blocking pool: opening an image session may touch the disk.
    pub async fn open_session(&self) -> Result<BrokerSession, String> {
        self.open_session_as(None).await
    }

    /// Opens a session whose image session runs as `owner` (the factory's
    /// default user when `None`). The session is read-only if the broker
    /// is; a caller without the write scope is read-only per request
    /// ([`CallRequest::read_only`]).
    pub async fn open_session_as(
        &self,
        owner: Option<SessionOwner>,
    ) -> Result<BrokerSession, String> {
        let factory = self.factory.clone();
        let open = move || match owner {
            Some(owner) => factory.open_as(&owner),
            None => factory.open(),
        };
        let image = if self.factory.opens_at_once() {
            open()?
        } else {
            tokio::task::spawn_blocking(open)
                .await
                .map_err(|e| format!("opening an image session failed: {e}"))??
        };
        let read_only = self.read_only;
        // Read-only is the image's to refuse, beneath every toolset.
        let image = if read_only {
            gs_toolset::read_only_image(image)
        } else {
            image
        };
        Ok(BrokerSession {
            surface: self.surface.clone(),
            identity: self.identity.clone(),
            read_only,
            queue: Arc::new(tokio::sync::Mutex::new(())),
            slots: Arc::new(Mutex::new(
                (0..self.surface.toolsets.len()).map(|_| None).collect(),
            )),
            pending: Arc::new(AtomicUsize::new(0)),
            worker: ImageWorker::new(image.worker_stack_bytes()),
            ledger: ReadLedger::default(),
            image,
        })
    }
}

type Slots = Arc<Mutex<Vec<Option<Box<dyn ToolsetSession>>>>>;

/// One MCP session's state in the broker.
pub struct BrokerSession {
    image: Arc<dyn ImageSession>,
    surface: Arc<ToolSurface>,
    identity: Arc<ServerIdentity>,
    read_only: bool,
    queue: Arc<tokio::sync::Mutex<()>>,
    slots: Slots,
    pending: Arc<AtomicUsize>,
    /// Where the session's image work runs: one thread, started on the
    /// first image call and ended with the session.
    worker: ImageWorker,
    /// What the client was shown, by every toolset: made with the image
    /// session it describes and kept as long as it, so that a toolset's
    /// state being reset (a panic, a hard break) forgets no read.
    ledger: ReadLedger,
}

impl fmt::Debug for BrokerSession {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BrokerSession")
            .field("read_only", &self.read_only)
            .field("pending", &self.pending.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

/// Decrements the pending count however the call ends (finished, panicked,
/// or its caller stopped waiting).
struct PendingGuard(Arc<AtomicUsize>);

impl Drop for PendingGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl BrokerSession {
    /// True if the session is read-only.
    pub fn read_only(&self) -> bool {
        self.read_only
    }

    /// The session's image session.
    pub fn image(&self) -> &Arc<dyn ImageSession> {
        &self.image
    }

    /// Calls running or queued. The reaper leaves a busy session alone.
    pub fn pending(&self) -> usize {
        self.pending.load(Ordering::Acquire)
    }

    /// Runs a call after every earlier call of this session has finished.
    ///
    /// The call runs on the session's image worker
    /// ([`gs_toolset::ImageWorker`]), toolset code and image work alike,
    /// so a long call never stalls the accept loop or another session; a
    /// call that computes has its first slice, at most an epoch tick of
    /// guest code, polled in place, and answers from there if it ends in
    /// it. If the caller stops waiting (drops the future), the call still
    /// runs to its end — stop it with `request.control` — and the next
    /// call waits for it, so a session never has two calls in flight. An
    /// unknown tool, or one hidden from a read-only session, is refused at
    /// once, without queueing.
    pub async fn call(&self, request: CallRequest) -> Result<ToolResult, CallRefused> {
        let ended = EndGuard(request.control.clone());
        let read_only = self.read_only || request.read_only;
        let toolset = self.surface.admit(&request.tool, read_only)?;
        self.pending.fetch_add(1, Ordering::AcqRel);
        let pending = PendingGuard(self.pending.clone());
        let turn = self.queue.clone().lock_owned().await;
        let slots = self.slots.clone();
        let surface = self.surface.clone();
        let ctx = self.context(
            request.notifier,
            request.control.cancel_token().clone(),
            request.deadline,
            read_only,
        );
        let tool = request.tool;
        let arguments = request.arguments;
        let control = request.control;
        let call = async move {
            // Dropped last: the call counts as ended only once its turn is
            // given up and the pending count is down.
            let _ended = ended;
            // Held until the call really ends, even if the caller gave up.
            let _turn = turn;
            let _pending = pending;
            if ctx.cancel.is_cancelled() {
                return Err(ToolError::new(
                    gs_toolset::ErrorKind::Cancelled,
                    "the call was cancelled before it started",
                ));
            }
            // Taken out for the call: if the toolset panics, its possibly
            // inconsistent state is dropped and the next call starts afresh.
            let taken = slots.lock().unwrap_or_else(PoisonError::into_inner)[toolset].take();
            let mut session = taken.unwrap_or_else(|| surface.toolsets[toolset].open_session());
            let result = session.call(&tool, &arguments, &ctx).await;
            // After a hard break the toolset's state may be half-updated:
            // dropped, so the next call opens it afresh.
            if !control.0.hard.load(Ordering::Acquire) {
                slots.lock().unwrap_or_else(PoisonError::into_inner)[toolset] = Some(session);
            }
            result
        };
        // The call runs on the session's image worker: a toolset that
        // computes for long (a WebAssembly guest between epoch ticks) holds
        // its own session's thread, never an async thread that every other
        // session's requests need; only its first slice, at most a tick,
        // is polled here. A call that only waits, on an image needing no
        // thread of its own (a stone), is polled in place instead, so it
        // holds no thread while it waits.
        match self.run_whole(toolset, call).await {
            Ok(Ok(result)) => Ok(result),
            Ok(Err(Panicked)) => Ok(Err(ToolError::other(
                "the tool failed unexpectedly (it panicked); the session goes on, and the \
                 toolset's state for this session was reset",
            ))),
            // The worker could not start (out of threads or memory): its
            // error says so.
            Err(e) => Ok(Err(e)),
        }
    }

    /// Runs a whole call or offer request of `toolset` to its end, even if
    /// the caller stops waiting, catching a panic: on the session's image
    /// worker when the image needs a thread of its own or the toolset
    /// computes between image calls — after a first slice polled in place
    /// when it computes (see [`first_slice`]); otherwise as a task of its
    /// own on the async threads, where waiting holds no thread.
    async fn run_whole<T: Send + 'static>(
        &self,
        toolset: usize,
        work: impl Future<Output = T> + Send + 'static,
    ) -> Result<Result<T, Panicked>, ToolError> {
        let mut work = CatchPanic(Box::pin(work));
        let computes = self.surface.toolsets[toolset].computes();
        if computes && let Some(slice) = first_slice::Slice::try_take() {
            let ended = first_slice::poll_once(&mut work).await;
            drop(slice);
            if let Some(answer) = ended {
                return Ok(answer);
            }
        }
        if self.image.needs_own_worker() || computes {
            return self.worker.run_future(work).await;
        }
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => runtime.spawn(work).await.map_err(|_| {
                ToolError::other("the call's task ended before answering; the session goes on")
            }),
            Err(_) => Ok(work.await),
        }
    }

    /// The context a call or an offer request of this session runs with:
    /// a `read_only` caller of a read-write session reaches the image
    /// through the same read-only gate as a read-only session.
    fn context(
        &self,
        notifier: Arc<dyn Notifier>,
        cancel: CancelToken,
        deadline: Option<Instant>,
        read_only: bool,
    ) -> CallContext {
        let image = if read_only && !self.read_only {
            gs_toolset::read_only_image(self.image.clone())
        } else {
            self.image.clone()
        };
        CallContext {
            image,
            read_only: self.read_only || read_only,
            notifier,
            cancel,
            deadline,
            server: self.identity.clone(),
            worker: self.worker.clone(),
            ledger: self.ledger.clone(),
        }
    }

    /// True once the session's image is lost (a stone's connection gone):
    /// the session can do nothing more, and its caller should end it.
    pub fn image_lost(&self) -> bool {
        self.image.is_lost()
    }

    /// Waits until every call of this session has finished.
    pub async fn idle(&self) {
        drop(self.queue.lock().await);
    }
}

/// Why a call ended without an answer: its toolset panicked.
struct Panicked;

/// A call's future with its toolset's panic caught, so that the caller is
/// told, and the call's state (its toolset state for the session among it)
/// is dropped as it unwinds.
struct CatchPanic<F>(std::pin::Pin<Box<F>>);

impl<F: Future> Future for CatchPanic<F> {
    type Output = Result<F::Output, Panicked>;

    fn poll(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Self::Output> {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.0.as_mut().poll(cx))) {
            Ok(std::task::Poll::Pending) => std::task::Poll::Pending,
            Ok(std::task::Poll::Ready(answer)) => std::task::Poll::Ready(Ok(answer)),
            Err(_) => std::task::Poll::Ready(Err(Panicked)),
        }
    }
}

/// A request to a toolset session other than a tool call.
enum Offer {
    List(Option<String>),
    Read(String),
    Prompt(String, BTreeMap<String, String>),
    Complete(CompletionRequest),
}

/// What an [`Offer`] answers, in the same order.
enum Offered {
    Page(ResourcePage),
    Contents(Vec<EmbeddedResource>),
    Prompt(PromptResult),
    Completion(Completion),
}

impl BrokerSession {
    /// A page of the resources toolset `toolset` lists for this session
    /// beyond its fixed ones, from its own `cursor`. `read_only` is as in
    /// [`CallRequest::read_only`].
    pub async fn list_resources(
        &self,
        toolset: usize,
        cursor: Option<String>,
        deadline: Option<Instant>,
        read_only: bool,
    ) -> Result<ResourcePage, ToolError> {
        match self
            .offer(
                toolset,
                Offer::List(cursor),
                deadline,
                Arc::new(SilentNotifier),
                read_only,
            )
            .await?
        {
            Offered::Page(page) => Ok(page),
            _ => Err(mismatched()),
        }
    }

    /// The contents of the resource at `uri`, read by toolset `toolset`
    /// through this session's transaction view; what the read asks the
    /// client goes through `notifier`. `read_only` is as in
    /// [`CallRequest::read_only`].
    pub async fn read_resource(
        &self,
        toolset: usize,
        uri: String,
        deadline: Option<Instant>,
        notifier: Arc<dyn Notifier>,
        read_only: bool,
    ) -> Result<Vec<EmbeddedResource>, ToolError> {
        match self
            .offer(toolset, Offer::Read(uri), deadline, notifier, read_only)
            .await?
        {
            Offered::Contents(contents) => Ok(contents),
            _ => Err(mismatched()),
        }
    }

    /// Toolset `toolset`'s prompt `name` filled in with `arguments`; what
    /// it asks the client goes through `notifier`. `read_only` is as in
    /// [`CallRequest::read_only`].
    pub async fn get_prompt(
        &self,
        toolset: usize,
        name: String,
        arguments: BTreeMap<String, String>,
        deadline: Option<Instant>,
        notifier: Arc<dyn Notifier>,
        read_only: bool,
    ) -> Result<PromptResult, ToolError> {
        match self
            .offer(
                toolset,
                Offer::Prompt(name, arguments),
                deadline,
                notifier,
                read_only,
            )
            .await?
        {
            Offered::Prompt(prompt) => Ok(prompt),
            _ => Err(mismatched()),
        }
    }

    /// Toolset `toolset`'s completions for `request`. `read_only` is as in
    /// [`CallRequest::read_only`].
    pub async fn complete(
        &self,
        toolset: usize,
        request: CompletionRequest,
        deadline: Option<Instant>,
        read_only: bool,
    ) -> Result<Completion, ToolError> {
        match self
            .offer(
                toolset,
                Offer::Complete(request),
                deadline,
                Arc::new(SilentNotifier),
                read_only,
            )
            .await?
        {
            Offered::Completion(completion) => Ok(completion),
            _ => Err(mismatched()),
        }
    }

    /// Runs one offer request as [`BrokerSession::call`] runs a call: in
    /// turn with the session's calls, on its image worker, with the
    /// toolset's session state (opened on first use) and a toolset panic
    /// reported, not propagated. It is not cancellable: the requests it
    /// serves are reads that end on their own.
    async fn offer(
        &self,
        toolset: usize,
        offer: Offer,
        deadline: Option<Instant>,
        notifier: Arc<dyn Notifier>,
        read_only: bool,
    ) -> Result<Offered, ToolError> {
        if toolset >= self.surface.toolsets.len() {
            return Err(ToolError::not_found("no such toolset"));
        }
        self.pending.fetch_add(1, Ordering::AcqRel);
        let pending = PendingGuard(self.pending.clone());
        let turn = self.queue.clone().lock_owned().await;
        let slots = self.slots.clone();
        let surface = self.surface.clone();
        let ctx = self.context(notifier, CancelToken::new(), deadline, read_only);
        let work = async move {
            let _turn = turn;
            let _pending = pending;
            let taken = slots.lock().unwrap_or_else(PoisonError::into_inner)[toolset].take();
            let mut session = taken.unwrap_or_else(|| surface.toolsets[toolset].open_session());
            let answer = match offer {
                Offer::List(cursor) => session
                    .list_resources(cursor.as_deref(), &ctx)
                    .await
                    .map(Offered::Page),
                Offer::Read(uri) => session
                    .read_resource(&uri, &ctx)
                    .await
                    .map(Offered::Contents),
                Offer::Prompt(name, arguments) => session
                    .get_prompt(&name, &arguments, &ctx)
                    .await
                    .map(Offered::Prompt),
                Offer::Complete(request) => session
                    .complete(&request, &ctx)
                    .await
                    .map(Offered::Completion),
            };
            slots.lock().unwrap_or_else(PoisonError::into_inner)[toolset] = Some(session);
            answer
        };
        match self.run_whole(toolset, work).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(Panicked)) => Err(ToolError::other(
                "the toolset failed unexpectedly (it panicked); the session goes on, and the \
                 toolset's state for this session was reset",
            )),
            Err(e) => Err(e),
        }
    }
}

/// An [`Offered`] of another kind than its [`Offer`] asked: cannot happen,
/// since `offer` answers each kind with its own.
fn mismatched() -> ToolError {
    ToolError::other("internal error: a toolset request got an answer of another kind")
}
