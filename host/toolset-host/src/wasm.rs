//! A loaded WebAssembly toolset behind the [`Toolset`] trait, and its
//! per-session state: one instance per MCP session, created from the
//! pre-instantiated component on the session's first call, dropped after
//! any trap so the next call starts fresh.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use std::collections::BTreeMap;

use gs_toolset::{
    Arguments, CallContext, CallFuture, Completion, CompletionRequest, EmbeddedResource, ErrorKind,
    OfferFuture, PromptInfo, PromptResult, ResourceInfo, ResourceTemplate, ToolError, ToolOutput,
    ToolResult, Toolset, ToolsetInfo, ToolsetSession,
};
use serde_json::Value;
use wasmtime::component::ResourceTableError;
use wasmtime::{Engine, Store, Trap};

use crate::bindings::gemstone::mcp::types;
use crate::config::{Crash, CrashLog};
use crate::host::{new_store, run_to_end};
use crate::imports::from_wit_error;
use crate::offers::{self, Declarations, Exports, Pre};
use crate::policy::Policy;
use crate::schema;
use crate::settings::Settings;
use crate::state::{Call, HostShared, HostState, Stop};

/// Everything a loaded toolset shares between its sessions.
pub(crate) struct Inner {
    pub info: ToolsetInfo,
    /// Its resources, templates and prompts, read and checked at load.
    pub offers: Declarations,
    pub pre: Pre,
    pub engine: Engine,
    pub policy: Arc<Policy>,
    pub shared: HostShared,
    pub sha256: String,
    pub from_cache: bool,
    pub path: PathBuf,
    /// Whether a crash's backtrace goes in the client's error details.
    pub client_backtraces: bool,
    /// Where crashes are reported.
    pub crash_log: CrashLog,
}

/// The last session number given (see [`Crash::session`]).
static SESSIONS: AtomicU64 = AtomicU64::new(0);

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
            number: SESSIONS.fetch_add(1, Ordering::Relaxed) + 1,
            last_call_long: false,
        }
    }

    /// The tools left out of the surface because the operator did not give
    /// a grant they declared they need (`requirements`, 0.1.3), each with
    /// the grants missing; the server says so at start-up.
    pub fn left_out(&self) -> &[(String, Vec<String>)] {
        &self.inner.offers.left_out
    }

    /// The resources, templates and prompts left out of the surface because
    /// the operator did not give a grant they declared they need
    /// (`offer-requirements`, 0.1.6), each with the grants missing; the
    /// server says so at start-up.
    pub fn offers_left_out(&self) -> &[(crate::Offer, Vec<String>)] {
        &self.inner.offers.offers_left_out
    }

    /// The settings the toolset declares (`settings`, 0.1.4), whose values
    /// the operator gave in `[toolset.config]`; `gs-mcp tools` lists them.
    pub fn settings(&self) -> &[crate::SettingDecl] {
        &self.inner.offers.settings
    }

    /// The check every call's arguments pass before the guest runs: the
    /// tool's declared input schema, in full. Answers the error the client
    /// would get, or `Ok` if the call would reach the guest (benchmarks
    /// time it on its own).
    pub fn check_arguments(&self, tool: &str, arguments: &Arguments) -> Result<(), ToolError> {
        let descriptor = self.inner.info.dispatch(tool)?;
        check_arguments(tool, arguments, &descriptor.input_schema)
    }
}

impl Toolset for WasmToolset {
    fn info(&self) -> &ToolsetInfo {
        &self.inner.info
    }

    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(self.session())
    }

    fn resources(&self) -> &[ResourceInfo] {
        &self.inner.offers.resources
    }

    fn resource_templates(&self) -> &[ResourceTemplate] {
        &self.inner.offers.templates
    }

    fn prompts(&self) -> &[PromptInfo] {
        &self.inner.offers.prompts
    }

    fn hidden_when_read_only(&self) -> &[String] {
        &self.inner.offers.read_only_hidden
    }
}

/// One session's live instance.
struct Live {
    store: Store<HostState>,
    bindings: Exports,
    /// Its directories are mounted read-only because it was made for a
    /// read-only call; it serves only calls of the same kind.
    read_only: bool,
}

/// One MCP session's use of a WebAssembly toolset: its own instance,
/// created on first use.
pub struct WasmSession {
    inner: Arc<Inner>,
    live: Option<Live>,
    instances_created: u64,
    /// Its number in crash reports.
    number: u64,
    /// The session's last call was long (it reached an epoch tick) or was
    /// stopped by the host (a trap, the memory cap): its next call starts
    /// on a lane. A session that keeps making long calls
    /// (a spinning or hostile plug-in) so never runs beside the lanes'
    /// holders, even for its calls' first tick, and only short calls run
    /// unlaned; a long call that comes back short frees the session again.
    last_call_long: bool,
}

impl std::fmt::Debug for WasmSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WasmSession")
            .field("toolset", &self.inner.info.name)
            .field("has_instance", &self.live.is_some())
            .field("instances_created", &self.instances_created)
            .field("number", &self.number)
            .finish()
    }
}

impl WasmSession {
    /// The session's number, as crash reports give it.
    pub fn number(&self) -> u64 {
        self.number
    }

    /// Reports a failed guest run (one that dropped, or never made, the
    /// instance) to the crash log, and gives the client its backtrace too
    /// if the operator said so. A cancelled call is the client's doing,
    /// not a crash.
    fn crashed(
        &self,
        tool: &str,
        error: ToolError,
        backtrace: Vec<String>,
        state: &HostState,
    ) -> ToolError {
        // A panic message, a trap's text or what the guest printed may
        // quote a secret.
        let error = self.inner.policy.settings.redact_error(error);
        let printed = state.stderr.before_panic();
        let stderr = self.inner.policy.settings.redact(&printed);
        if error.kind == ErrorKind::Cancelled {
            return error;
        }
        self.inner.crash_log.report(&Crash {
            toolset: self.inner.info.name.clone(),
            tool: tool.to_string(),
            session: self.number,
            kind: error.kind,
            message: error.message.clone(),
            backtrace: backtrace.clone(),
            stderr: stderr.into_owned(),
        });
        if !self.inner.client_backtraces || backtrace.is_empty() {
            return error;
        }
        let mut details = error.details.clone().unwrap_or_default();
        details.insert(
            "backtrace".into(),
            Value::Array(backtrace.into_iter().map(Value::String).collect()),
        );
        error.with_details(details)
    }

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
    /// (benchmarks; warming a session). Does nothing if it has one. Start-up
    /// code runs under the toolset's deadline.
    pub fn ensure_instance(&mut self) -> Result<(), ToolError> {
        if self.live.is_none() {
            let now = Instant::now();
            let window = (now, now + self.inner.policy.limits.deadline);
            self.live = Some(run_to_end(self.instantiate(None, window, "start"))?);
        }
        Ok(())
    }

    /// A fresh instance. The component's start-up code (its `_initialize`)
    /// runs here, so the store is armed first: `call`'s cancellation and
    /// `deadline` stop it like any guest code, and a stopped start-up drops
    /// the store, giving its pool slot back.
    async fn instantiate(
        &mut self,
        call: Option<&CallContext>,
        window: (Instant, Instant),
        tool: &str,
    ) -> Result<Live, ToolError> {
        let name = &self.inner.info.name;
        let unavailable = |m: String| {
            ToolError::new(
                ErrorKind::Unavailable,
                format!("toolset `{name}` could not start an instance for this session: {m}"),
            )
        };
        let read_only = call.is_some_and(|c| c.read_only);
        let mut store = new_store(
            &self.inner.engine,
            self.inner.policy.clone(),
            self.inner.shared.clone(),
            read_only,
        )
        .map_err(unavailable)?;
        arm(
            &mut store,
            call,
            window,
            self.inner.policy.limits.max_notifications,
        );
        if self.last_call_long {
            start_on_a_lane(&mut store);
        }
        let started = self.inner.pre.instantiate_async(&mut store).await;
        // A start-up that ran past a tick, or failed, counts as a long call.
        self.last_call_long = store.data().reached_tick || started.is_err();
        match started {
            Ok(bindings) => {
                store.data_mut().end_run();
                self.instances_created += 1;
                Ok(Live {
                    store,
                    bindings,
                    read_only,
                })
            }
            // The guest ran and was stopped, or trapped, in its start-up.
            Err(e) if store.data().stopped() || e.downcast_ref::<Trap>().is_some() => {
                let backtrace = backtrace_frames(&e);
                let error = classify_failure(
                    e,
                    store.data(),
                    &format!(
                        "{} of toolset `{name}` (starting its instance)",
                        subject(tool)
                    ),
                    FRESH,
                );
                Err(self.crashed(tool, error, backtrace, store.data()))
            }
            Err(e) => Err(unavailable(format!("{e:#}"))),
        }
    }
}

/// Prepares `store` to run guest code for `call` (none while warming)
/// until `deadline`, given when the call started.
fn arm(
    store: &mut Store<HostState>,
    call: Option<&CallContext>,
    (started, deadline): (Instant, Instant),
    notifications: usize,
) {
    let data = store.data_mut();
    data.call = call.map(|ctx| Call::new(ctx.clone(), notifications));
    data.deadline = Some(deadline);
    data.budget = deadline.saturating_duration_since(started);
    data.stop = None;
    data.limiter.stop = None;
    data.stderr.clear();
    data.reached_tick = false;
    data.start_laned = false;
    let fuel = hostcall_fuel(&data.policy.limits);
    store.set_hostcall_fuel(fuel);
    store.set_epoch_deadline(1);
}

/// The least a host call may copy out of a guest at once whatever its
/// output cap, within its memory cap: room for one large file write.
const HOSTCALL_FUEL_FLOOR: usize = 64 << 20;

/// The most bytes the host copies out of an instance in one host call or
/// in lifting a call's result, as it holds them (wasmtime's hostcall
/// fuel, 128 MiB by default): the toolset's output cap, at least
/// [`HOSTCALL_FUEL_FLOOR`], and never more than its memory cap, which
/// bounds what the guest may hold itself. A copy past it stops the call
/// before the host holds it (see [`classify_failure`]). Every store that
/// runs guest code should have it set.
pub(crate) fn hostcall_fuel(limits: &crate::Limits) -> usize {
    limits.memory.min(limits.output.max(HOSTCALL_FUEL_FLOOR))
}

/// What wasmtime's error says when a copy ran out of hostcall fuel (its
/// type is private).
const FUEL_EXHAUSTED: &str = "fuel allocated for hostcalls has been exhausted";

/// Makes the call `store` is armed for take its turn on a lane before it
/// runs any guest code: the epoch callback runs at the guest's first check.
fn start_on_a_lane(store: &mut Store<HostState>) {
    store.data_mut().start_laned = true;
    store.set_epoch_deadline(0);
}

/// How a failure message names what ran: a tool by its name; the 0.1.2
/// requests (whose labels hold a space, `resources/read `uri``) as they are.
fn subject(label: &str) -> String {
    if label.contains(' ') {
        label.to_string()
    } else {
        format!("tool `{label}`")
    }
}

/// What the client is told after a call that dropped its instance.
const FRESH: &str = "; the session goes on with a fresh instance";

impl ToolsetSession for WasmSession {
    /// The guest takes its arguments as JSON text: the client's text goes
    /// to it as it is, never parsed on the host. The guest runs on the
    /// thread that polls the call (in the server, the session's image
    /// worker, where the broker runs every call), yielding at every epoch
    /// tick; its image host functions run on the session's image worker.
    fn call<'a>(
        &'a mut self,
        tool: &'a str,
        arguments: &'a Arguments,
        ctx: &'a CallContext,
    ) -> CallFuture<'a> {
        Box::pin(async move {
            let result = self.run_call(tool, arguments, ctx).await;
            self.inner.policy.settings.redact_result(result)
        })
    }

    /// Runs the component's `resources.read` in the session's instance,
    /// contained as a tool call is.
    fn read_resource<'a>(
        &'a mut self,
        uri: &'a str,
        ctx: &'a CallContext,
    ) -> OfferFuture<'a, Vec<EmbeddedResource>> {
        Box::pin(async move {
            let answer = self.run_offer(Request::Read(uri), ctx).await;
            match self.redact_offer(answer)? {
                Answer::Read(contents) => Ok(contents),
                _ => unreachable!("a read answers a read"),
            }
        })
    }

    /// Runs the component's `prompts.get` in the session's instance.
    fn get_prompt<'a>(
        &'a mut self,
        name: &'a str,
        arguments: &'a BTreeMap<String, String>,
        ctx: &'a CallContext,
    ) -> OfferFuture<'a, PromptResult> {
        Box::pin(async move {
            let answer = self.run_offer(Request::Get(name, arguments), ctx).await;
            match self.redact_offer(answer)? {
                Answer::Get(prompt) => Ok(prompt),
                _ => unreachable!("a get answers a prompt"),
            }
        })
    }

    /// Runs the component's `completion.complete` in the session's
    /// instance; no values from a component without that export.
    fn complete<'a>(
        &'a mut self,
        request: &'a CompletionRequest,
        ctx: &'a CallContext,
    ) -> OfferFuture<'a, Completion> {
        Box::pin(async move {
            if !self.inner.pre.has_completion() {
                return Ok(Completion::default());
            }
            let answer = self.run_offer(Request::Complete(request), ctx).await;
            match self.redact_offer(answer)? {
                Answer::Complete(c) => Ok(c),
                _ => unreachable!("a completion answers a completion"),
            }
        })
    }
}

/// A 0.1.2 request to a session's instance.
enum Request<'a> {
    /// `resources.read` of a URI.
    Read(&'a str),
    /// `prompts.get` of a name with arguments.
    Get(&'a str, &'a BTreeMap<String, String>),
    /// `completion.complete`.
    Complete(&'a CompletionRequest),
}

impl Request<'_> {
    /// How failures and crash reports name it.
    fn label(&self) -> String {
        match self {
            Request::Read(uri) => format!("resources/read `{}`", cut(uri, 256)),
            Request::Get(name, _) => format!("prompts/get `{}`", cut(name, 128)),
            Request::Complete(r) => format!("completion/complete of `{}`", cut(&r.argument, 128)),
        }
    }
}

/// What a [`Request`] answered.
enum Answer {
    Read(Vec<EmbeddedResource>),
    Get(PromptResult),
    Complete(Completion),
}

/// The answer to one request as the guest gave it.
enum Raw {
    Read(Result<Vec<types::EmbeddedResource>, types::Failure>),
    Get(Result<types::Prompt, types::Failure>),
    Complete(Result<types::Completion, types::Failure>),
}

impl WasmSession {
    /// One call of the guest's `call` export, as a future.
    async fn run_call(
        &mut self,
        tool: &str,
        arguments: &Arguments,
        ctx: &CallContext,
    ) -> ToolResult {
        // Held apart from `self`, which instantiating borrows.
        let inner = self.inner.clone();
        let descriptor = inner.info.dispatch(tool)?;
        check_arguments(tool, arguments, &descriptor.input_schema)?;
        let limits = self.inner.policy.limits;
        let mut live = self.armed_instance(ctx, tool).await?;
        let answer = live
            .bindings
            .tools
            .call_call(&mut live.store, tool, arguments.text())
            .await;
        self.last_call_long = live.store.data().reached_tick;
        let finished = {
            let data = live.store.data_mut();
            data.deadline = None;
            data.end_run();
            data.call.take()
        };
        let subject = format!("tool `{tool}` of toolset `{}`", self.inner.info.name);
        // An answer over the output cap returns at once, dropping the
        // instance: its memory grew to hold the answer, and dropping it
        // gives that memory back.
        let schema = descriptor.output_schema.as_ref();
        let result = match answer {
            Ok(Ok(output)) => convert_output(&subject, tool, output, schema, limits.output)?,
            Ok(Err(e)) => {
                let e = from_wit_error(e);
                let e = match &finished {
                    Some(call) => call.passed_on(e),
                    None => e,
                };
                within_cap(&subject, Err(e), limits.output)?
            }
            Err(e) => {
                // A call the host had to stop (trap, memory cap, deadline)
                // counts as long: a session that keeps crashing waits its
                // turn too.
                self.last_call_long = true;
                let backtrace = backtrace_frames(&e);
                let error = classify_failure(e, live.store.data(), &subject, FRESH);
                return Err(self.crashed(tool, error, backtrace, live.store.data()));
            }
        };
        self.live = Some(live);
        result
    }
}

impl WasmSession {
    /// `answer` with every secret's value redacted: from the resources'
    /// URIs, MIME types and bodies, the prompt's description and messages,
    /// the completion's values, or the error.
    fn redact_offer(&self, answer: Result<Answer, ToolError>) -> Result<Answer, ToolError> {
        let settings = &self.inner.policy.settings;
        match answer {
            Ok(Answer::Read(contents)) => Ok(Answer::Read(settings.redact_resources(contents))),
            Ok(Answer::Get(prompt)) => Ok(Answer::Get(settings.redact_prompt(prompt))),
            Ok(Answer::Complete(c)) => Ok(Answer::Complete(settings.redact_completion(c))),
            Err(e) => Err(settings.redact_error(e)),
        }
    }

    /// The session's instance (made now if it has none, or none fit for
    /// `ctx`), armed for one call or request named `what`: under the
    /// toolset's deadline or the caller's, if sooner, and on a lane when
    /// the session's last call was long.
    async fn armed_instance(&mut self, ctx: &CallContext, what: &str) -> Result<Live, ToolError> {
        let limits = self.inner.policy.limits;
        let now = Instant::now();
        let mut deadline = now + limits.deadline;
        if let Some(d) = ctx.deadline {
            deadline = deadline.min(d);
        }
        let window = (now, deadline);
        let mut live = match self.live.take() {
            // An instance's mounts are fixed when it starts, so a read-only
            // call never runs on one made read-write (a warmed one).
            Some(mut live) if live.read_only == ctx.read_only => {
                arm(&mut live.store, Some(ctx), window, limits.max_notifications);
                live
            }
            _ => self.instantiate(Some(ctx), window, what).await?,
        };
        if self.last_call_long {
            start_on_a_lane(&mut live.store);
        }
        Ok(live)
    }

    /// One 0.1.2 request, run as a tool call runs: in the session's
    /// instance (made on first use), under the toolset's deadline (or the
    /// request's, if sooner), memory cap and grants, on a lane when the
    /// session's last call was long; a trap, a panic or a stopped guest is
    /// an error naming the request, and the session goes on with a fresh
    /// instance. An answer over the output cap is refused.
    async fn run_offer(
        &mut self,
        request: Request<'_>,
        ctx: &CallContext,
    ) -> Result<Answer, ToolError> {
        let inner = self.inner.clone();
        let name = &inner.info.name;
        let label = request.label();
        let exported = match request {
            Request::Read(_) => inner.pre.has_resources(),
            Request::Get(..) => inner.pre.has_prompts(),
            Request::Complete(_) => inner.pre.has_completion(),
        };
        if !exported {
            return Err(offers::not_offered(
                name,
                match request {
                    Request::Read(_) => "resources",
                    Request::Get(..) => "prompts",
                    Request::Complete(_) => "completion",
                },
            ));
        }
        let limits = inner.policy.limits;
        let mut live = self.armed_instance(ctx, &label).await?;
        let answer: wasmtime::Result<Raw> = {
            let e = &live.bindings;
            let store = &mut live.store;
            match request {
                Request::Read(uri) => match &e.resources {
                    Some(r) => r.call_read(store, uri).await.map(Raw::Read),
                    None => unreachable!("checked above"),
                },
                Request::Get(prompt, arguments) => match &e.prompts {
                    Some(p) => {
                        let args: Vec<(String, String)> = arguments
                            .iter()
                            .map(|(k, v)| (k.clone(), v.clone()))
                            .collect();
                        p.call_get(store, prompt, &args).await.map(Raw::Get)
                    }
                    None => unreachable!("checked above"),
                },
                Request::Complete(r) => match &e.completion {
                    Some(c) => c
                        .call_complete(store, &offers::completion_request(r))
                        .await
                        .map(Raw::Complete),
                    None => unreachable!("checked above"),
                },
            }
        };
        self.last_call_long = live.store.data().reached_tick;
        {
            let data = live.store.data_mut();
            data.deadline = None;
            data.end_run();
            data.call = None;
        }
        let raw = match answer {
            Ok(raw) => raw,
            Err(e) => {
                self.last_call_long = true;
                let backtrace = backtrace_frames(&e);
                let error = classify_failure(
                    e,
                    live.store.data(),
                    &format!("{label} of toolset `{name}`"),
                    FRESH,
                );
                return Err(self.crashed(&label, error, backtrace, live.store.data()));
            }
        };
        let converted = (|| -> Result<(Answer, usize), ToolError> {
            Ok(match raw {
                Raw::Read(r) => {
                    let contents: Vec<EmbeddedResource> = r
                        .map_err(offers::from_failure)?
                        .into_iter()
                        .map(offers::embedded)
                        .collect();
                    let bytes = offers::read_wire_size(&contents);
                    (Answer::Read(contents), bytes)
                }
                Raw::Get(p) => {
                    let prompt = offers::prompt(p.map_err(offers::from_failure)?);
                    let bytes = offers::prompt_wire_size(&prompt);
                    (Answer::Get(prompt), bytes)
                }
                Raw::Complete(c) => {
                    let c = offers::completion(c.map_err(offers::from_failure)?);
                    let bytes = offers::completion_wire_size(&c);
                    (Answer::Complete(c), bytes)
                }
            })
        })();
        let (answer, bytes) = match converted {
            Ok(answered) => answered,
            Err(failure) => {
                // A failure the guest answered leaves its instance sound.
                self.live = Some(live);
                return Err(failure);
            }
        };
        if bytes > limits.output {
            // As for a call: the instance's memory grew to hold the
            // oversized answer, and dropping it gives that memory back.
            return Err(ToolError::new(
                ErrorKind::OutputTooLarge,
                format!(
                    "{label} of toolset `{name}` answered {bytes} bytes, over its output cap \
                     of {} bytes; the operator may raise `[toolset.limits] output_bytes`",
                    limits.output
                ),
            ));
        }
        self.live = Some(live);
        Ok(answer)
    }
}

/// `result` if what the client would receive of it (its
/// [`gs_toolset::wire_size`]: framing, escapes, base64, an error's message
/// twice) is within `cap`; else the `outputTooLarge` error naming
/// `subject`.
fn within_cap(subject: &str, result: ToolResult, cap: usize) -> Result<ToolResult, ToolError> {
    let size = gs_toolset::wire_size(&result);
    if size <= cap {
        return Ok(result);
    }
    let what = match &result {
        // A vendor who sent one JSON value is told why it counts twice.
        Ok(o) if o.structured.is_some() => format!(
            "a result of {size} bytes as the client receives it (its structured content and \
             its text content each count; a result with no text of its own is sent its JSON \
             again as text)"
        ),
        Ok(_) => format!("a result of {size} bytes"),
        Err(_) => format!("an error of {size} bytes"),
    };
    Err(over_cap(subject, &what, cap))
}

/// The `outputTooLarge` error of `subject`, which answered `what`.
fn over_cap(subject: &str, what: &str, cap: usize) -> ToolError {
    ToolError::new(
        ErrorKind::OutputTooLarge,
        format!(
            "{subject} answered {what}, over its output cap of {cap} bytes; ask it for less, \
             or the operator may raise `[toolset.limits] output_bytes`"
        ),
    )
}

/// A guest's result as the contract's: its structured content parsed and
/// checked against the output schema. The error is `outputTooLarge`, the
/// answer over `cap`; that is checked before the structured content's
/// text is parsed (a parsed value takes many times its text's memory) and
/// before it is checked against the schema. A result the host refuses for
/// what it says (not JSON, breaking its schema) is the answer's error.
fn convert_output(
    subject: &str,
    tool: &str,
    o: types::ToolOutput,
    output_schema: Option<&Value>,
    cap: usize,
) -> Result<ToolResult, ToolError> {
    let content = o.content.into_iter().map(offers::content).collect();
    let mut output = ToolOutput {
        content,
        structured: None,
    };
    let Some(text) = o.structured else {
        if output_schema.is_some() {
            return within_cap(
                subject,
                Err(ToolError::other(format!(
                    "tool `{tool}` declares an output schema but returned no structured \
                     content; this is a bug in the toolset"
                ))),
                cap,
            );
        }
        return within_cap(subject, Ok(output), cap);
    };
    let framed = gs_toolset::json_size(&output.content);
    if text.len().saturating_add(framed) > cap {
        return Err(over_cap(
            subject,
            &format!(
                "structured content of {} bytes of JSON text beside {framed} bytes of content",
                text.len()
            ),
            cap,
        ));
    }
    let structured = match serde_json::from_str::<Value>(&text) {
        Ok(value) => value,
        Err(e) => {
            return Ok(Err(ToolError::other(format!(
                "tool `{tool}` returned structured content that is not JSON ({e}); this is a \
                 bug in the toolset"
            ))));
        }
    };
    output.structured = Some(structured);
    let result = within_cap(subject, Ok(output), cap)?;
    if let (Some(schema), Ok(output)) = (output_schema, &result)
        && let Some(value) = &output.structured
        && let Err(e) = schema::validate(value, schema)
    {
        return Ok(Err(ToolError::other(e.of_output(tool))));
    }
    Ok(result)
}

/// Checks a call's arguments against the tool's declared input schema —
/// nested properties, numeric bounds, string lengths and enums included —
/// so that arguments the schema does not admit never reach the guest. A
/// missing or unknown argument is worded as the built-in tools word it.
fn check_arguments(tool: &str, arguments: &Arguments, schema: &Value) -> Result<(), ToolError> {
    let value: Value = serde_json::from_str(arguments.text()).map_err(|e| {
        ToolError::invalid_params(format!("the arguments of `{tool}` are not JSON: {e}"))
    })?;
    if let (Value::Object(given), Value::Object(schema)) = (&value, schema) {
        let declared = schema.get("properties").and_then(Value::as_object);
        let required = schema.get("required").and_then(Value::as_array);
        if let Some(missing) = required
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .find(|name| !given.contains_key(*name))
        {
            return Err(ToolError::invalid_params(format!(
                "`{tool}` needs the argument `{missing}`"
            )));
        }
        if schema.get("additionalProperties") == Some(&Value::Bool(false))
            && let Some(unknown) = given
                .keys()
                .find(|k| !declared.is_some_and(|d| d.contains_key(*k)))
        {
            let known: Vec<String> = declared
                .into_iter()
                .flat_map(|d| d.keys())
                .map(|k| format!("`{k}`"))
                .collect();
            return Err(ToolError::invalid_params(format!(
                "`{tool}` has no argument `{unknown}`; its arguments are {}",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            )));
        }
    }
    schema::validate(&value, schema).map_err(|e| ToolError::invalid_params(e.of_arguments(tool)))
}

/// Longest panic or trap message reported to the client, in bytes.
const MAX_FAILURE_MESSAGE: usize = 1024;

/// Extracts a Rust panic's message from a guest's stderr: the
/// `panicked at <location>:` line and the message after it, without the
/// backtrace hint, with `settings`' secrets redacted and then cut at
/// [`MAX_FAILURE_MESSAGE`]: redacted first, since a cut through a secret
/// would leave its start.
fn panic_message(stderr: &str, settings: &Settings) -> Option<String> {
    let start = stderr.rfind("panicked at ")?;
    let text: Vec<&str> = stderr[start..]
        .lines()
        .filter(|l| !l.starts_with("note:") && !l.trim().is_empty())
        .collect();
    // The stderr tail may itself have cut the message short.
    let clean = settings.redact_clipped(&text.join(" "));
    Some(cut(&clean, MAX_FAILURE_MESSAGE))
}

/// The panic message componentize-py's runtime gives when a Python
/// exception escapes an export, after printing its traceback to stderr.
const PYTHON_UNCAUGHT: &str = "Python function threw an unexpected exception";

/// What a Python toolset's uncaught exception is called in the client's
/// message: the exception and its text, the last part of the traceback
/// componentize-py printed (`ValueError: the ledger is unbalanced`), its
/// file and code lines left to the crash log; with `settings`' secrets
/// redacted before it is cut.
fn python_exception(printed: &str, settings: &Settings) -> String {
    // The exception's own lines follow the traceback's last `  File` line
    // and the indented source and caret lines after it.
    let lines: Vec<&str> = printed.lines().collect();
    let frame = lines.iter().rposition(|l| l.starts_with("  File "));
    let rest = match frame {
        Some(at) => {
            let after = &lines[at + 1..];
            let first = after
                .iter()
                .position(|l| !l.starts_with("    "))
                .unwrap_or(after.len());
            &after[first..]
        }
        None => &lines[lines.len().saturating_sub(1)..],
    };
    let exception = rest
        .iter()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    if exception.is_empty() {
        return format!("raised a Python exception it did not catch ({PYTHON_UNCAUGHT})");
    }
    let exception = cut(&settings.redact(&exception), MAX_FAILURE_MESSAGE);
    format!("raised a Python exception it did not catch: {exception}")
}

/// `text` cut to at most `max` bytes (on a character boundary), marked
/// when cut.
pub(crate) fn cut(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… (cut)", &text[..end])
}

/// A guest failure that is not a trap code, as one line: the root cause
/// only, never wasmtime's backtrace of the guest's frames (the guest's
/// internals are no business of the client's), with `settings`' secrets
/// redacted before it is cut.
fn failure_line(error: &wasmtime::Error, settings: &Settings) -> String {
    let root = error.root_cause().to_string();
    let line = root.lines().next().unwrap_or("unknown failure");
    cut(&settings.redact(line), MAX_FAILURE_MESSAGE)
}

/// Longest function name a backtrace frame keeps, in bytes.
const MAX_FRAME_NAME: usize = 256;

/// The guest's WebAssembly frames when a call failed, innermost first:
/// each its function's name from the component's name section (Rust
/// names demangled)
/// (`<wasm function N>` without one), and its core module's name when it
/// has one. Empty when wasmtime recorded no backtrace (a failure raised by
/// the host, not the guest).
pub(crate) fn backtrace_frames(error: &wasmtime::Error) -> Vec<String> {
    let Some(trace) = error.downcast_ref::<wasmtime::WasmBacktrace>() else {
        return Vec::new();
    };
    trace
        .frames()
        .iter()
        .take(crate::host::MAX_BACKTRACE_FRAMES)
        .map(|frame| {
            let function = match frame.func_name() {
                // `{:#}`: without the hash suffix.
                Some(name) => cut(
                    &format!("{:#}", rustc_demangle::demangle(name)),
                    MAX_FRAME_NAME,
                ),
                None => format!("<wasm function {}>", frame.func_index()),
            };
            match frame.module().name() {
                Some(module) => format!("{} ({})", function, cut(module, MAX_FRAME_NAME)),
                None => function,
            }
        })
        .collect()
}

/// Turns a failed guest call into the error the client sees, from what the
/// host recorded (deadline, cancellation, memory cap), the trap code, and
/// the guest's stderr (a panic message). `subject` begins the message
/// (`tool `x` of toolset `y``) and `after` ends it (what happens next,
/// e.g. [`FRESH`]).
pub(crate) fn classify_failure(
    error: wasmtime::Error,
    state: &HostState,
    subject: &str,
    after: &str,
) -> ToolError {
    let (kind, what) = match state.stop.or(state.limiter.stop) {
        Some(Stop::Deadline) => (
            ErrorKind::Deadline,
            format!(
                "ran past its deadline of {:.3} s and was stopped",
                state.budget.as_secs_f64()
            ),
        ),
        Some(Stop::Cancelled) => (
            ErrorKind::Cancelled,
            "was cancelled by the client and stopped".to_string(),
        ),
        Some(Stop::HostClosed) => (
            ErrorKind::Unavailable,
            "was stopped because the server's WebAssembly host shut down".to_string(),
        ),
        Some(Stop::OutOfMemory { desired, cap }) => (
            ErrorKind::OutOfMemory,
            format!(
                "tried to grow its memory to {} MiB, over its cap of {} MiB, and was stopped \
                 (ask it for less, or the operator may raise the toolset's \
                 `[toolset.limits] memory_bytes`)",
                desired.div_ceil(1 << 20),
                cap >> 20
            ),
        ),
        Some(Stop::OpenFiles) => (
            ErrorKind::OutOfMemory,
            format!(
                "tried to have more than {} files open at once (granted directories and directory listings included), \
                 the most an instance may, and was stopped",
                crate::handles::MAX_OPEN_FILES
            ),
        ),
        Some(Stop::Descriptors { ceiling }) => (
            ErrorKind::OutOfMemory,
            format!(
                "tried to open a file while all instances together hold the host's ceiling of \
                 {ceiling} open files and connections, and was stopped"
            ),
        ),
        Some(Stop::HostHeld { held, linear, cap }) => (
            ErrorKind::OutOfMemory,
            format!(
                "had the host hold {} MiB for it (HTTP fields and requests) beside its {} MiB \
                 of memory, over its cap of {} MiB, and was stopped",
                held.div_ceil(1 << 20),
                linear.div_ceil(1 << 20),
                cap >> 20
            ),
        ),
        Some(Stop::MemoryCeiling { desired, ceiling }) => (
            ErrorKind::OutOfMemory,
            format!(
                "tried to grow its memory to {} MiB while all instances together already hold \
                 the host's ceiling of {} MiB (`[engine] total_memory_bytes`), and was stopped",
                desired.div_ceil(1 << 20),
                ceiling >> 20
            ),
        ),
        None if error
            .chain()
            .any(|e| e.to_string().contains(FUEL_EXHAUSTED)) =>
        {
            (
                ErrorKind::OutputTooLarge,
                format!(
                    "handed the host more than {} bytes at once (its answer, or a host function's \
                 arguments, as the host holds them) and was stopped before the host held them: \
                 the most one call may copy is its output cap, at least {} MiB, within its \
                 memory cap; ask it for less, or the operator may raise `[toolset.limits] output_bytes`",
                    hostcall_fuel(&state.policy.limits),
                    HOSTCALL_FUEL_FLOOR >> 20
                ),
            )
        }
        None if matches!(
            error.downcast_ref::<ResourceTableError>(),
            Some(ResourceTableError::Full)
        ) =>
        {
            (
                ErrorKind::OutOfMemory,
                format!(
                    "held {} handles at once (streams, pollables, HTTP fields and requests), \
                     the most an instance may, and was stopped",
                    crate::handles::MAX_HANDLES
                ),
            )
        }
        None => match error.downcast_ref::<Trap>() {
            Some(Trap::StackOverflow) => (
                ErrorKind::StackOverflow,
                "overflowed its call stack (runaway recursion?) and was stopped".to_string(),
            ),
            Some(Trap::Interrupt) => (ErrorKind::Deadline, "was interrupted".to_string()),
            trap => match panic_message(&state.stderr.text(), &state.policy.settings) {
                Some(panic) if panic.contains(PYTHON_UNCAUGHT) => (
                    ErrorKind::Panic,
                    python_exception(&state.stderr.before_panic(), &state.policy.settings),
                ),
                Some(panic) => (ErrorKind::Panic, format!("panicked: {panic}")),
                None => {
                    let what = match trap {
                        Some(t) => t.to_string(),
                        None => failure_line(&error, &state.policy.settings),
                    };
                    (ErrorKind::Trap, format!("trapped: {what}"))
                }
            },
        },
    };
    ToolError::new(kind, format!("{subject} {what}{after}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panic_message_keeps_location_and_message() {
        let stderr = "\nthread '<unnamed>' panicked at src/lib.rs:12:9:\nboom\nnote: run with \
                      `RUST_BACKTRACE=1` environment variable to display a backtrace\n";
        assert_eq!(
            panic_message(stderr, &Settings::default()).unwrap(),
            "panicked at src/lib.rs:12:9: boom"
        );
        assert_eq!(panic_message("just a log line", &Settings::default()), None);
    }

    #[test]
    fn a_python_exception_is_named_by_its_last_line_without_its_frames() {
        // As CPython 3.14 prints it, carets and a chained cause included.
        let printed = "Traceback (most recent call last):\n  File \"/app.py\", line 9, in f\n    \
                       return 1 / 0\n           ~~^~~\nZeroDivisionError: division by zero\n\n\
                       During handling of the above exception, another exception occurred:\n\n\
                       Traceback (most recent call last):\n  File \"/app.py\", line 12, in call\n    \
                       raise ValueError(\"the ledger\\nis unbalanced\")\nValueError: the ledger\n\
                       is unbalanced";
        assert_eq!(
            python_exception(printed, &Settings::default()),
            "raised a Python exception it did not catch: ValueError: the ledger is unbalanced"
        );
        assert_eq!(
            python_exception("", &Settings::default()),
            "raised a Python exception it did not catch (Python function threw an unexpected \
             exception)"
        );
    }
}
