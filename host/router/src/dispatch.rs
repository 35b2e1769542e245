//! Request dispatch: what the router answers to each request and
//! notification a client sends in a session, whatever the transport.
//!
//! `ping`, `logging/setLevel`, `initialize`, `tools/list` (paged) and
//! `tools/call`, whose envelope is checked here before the call goes to
//! the broker under the request deadline; `notifications/cancelled` stops
//! a call. Kept apart from the transports (which only frame messages) and
//! from the session lifetime (which decides when a session ends).

use std::sync::Arc;
use std::time::{Duration, Instant};

use gs_auth::Principal;
use gs_broker::{CallControl, CallRefused, CallRequest};
use gs_toolset::{Arguments, CallResultJson, LogLevel};
use serde_json::{Map, Value, json};

use crate::in_flight::InFlight;
use crate::notifications::{ChannelNotifier, ClientAsker};
use crate::protocol::{
    self, Answer, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, REQUEST_TIMEOUT, error,
    error_with, negotiate, result,
};
use crate::session::ClientCapabilities;
use crate::{NoteSink, Router, Session};

/// The methods [`Router::handle_request`] answers besides the offers
/// (resources, prompts, completion) some toolset makes.
const SESSION_METHODS: [&str; 5] = [
    "ping",
    "logging/setLevel",
    "initialize",
    "tools/list",
    "tools/call",
];

/// What a session's client is told of the server (`initialize`'s
/// `instructions`); `server/discover` tells a stateless client its own.
const SESSION_INSTRUCTIONS: &str = "gs-mcp serves a GemStone/S Smalltalk image. This MCP \
    session is an image session of its own, with its own transaction view: what its tools change \
    stays this session's until `commit`, and other sessions' commits are seen after `abort` or \
    `refresh`.";

/// The answer to a method this server does not serve.
pub(crate) fn method_not_found(id: &Value, method: &str) -> Answer {
    error(
        id,
        METHOD_NOT_FOUND,
        &format!("Method not found: `{method}` is not served by this server"),
    )
}

impl Router {
    /// The `initialize` result for a client that asked for `requested`.
    pub fn initialize_result(&self, requested: Option<&str>) -> Value {
        let id = &self.settings.identity;
        let mut info = Map::new();
        info.insert("name".into(), Value::String(id.name.clone()));
        info.insert("version".into(), Value::String(id.version.clone()));
        if let Some(title) = &id.title {
            info.insert("title".into(), Value::String(title.clone()));
        }
        json!({
            "protocolVersion": negotiate(requested),
            "capabilities": self.capabilities(),
            "serverInfo": info,
            "instructions": SESSION_INSTRUCTIONS,
        })
    }

    /// Records what the client declared in `initialize` (`params`): the
    /// capabilities a call's requests to it are checked against.
    pub(crate) fn client_declared(&self, session: &Session, params: Option<&Map<String, Value>>) {
        session.state().client_capabilities =
            ClientCapabilities::of(params.and_then(|p| p.get("capabilities")));
    }

    /// Handles a notification for `session` (cancellation stops the named
    /// call; everything else is acknowledged and dropped).
    ///
    /// A cancelled call's request gets no answer at all. The call is
    /// stopped the way a request deadline stops one: soft break, hard
    /// break, and if it still runs the session ends.
    pub fn handle_notification(
        self: &Arc<Self>,
        session: &Arc<Session>,
        method: &str,
        params: Option<&Map<String, Value>>,
    ) {
        session.touch();
        if method == "notifications/cancelled"
            && let Some(id) = params.and_then(|p| p.get("requestId"))
        {
            self.cancel_request(session, id);
        }
    }

    /// Stops the call of `session`'s request `id`, if one runs: the
    /// request gets no answer, and the call is stopped as a request
    /// deadline stops one.
    pub(crate) fn cancel_request(self: &Arc<Self>, session: &Arc<Session>, id: &Value) {
        let key = id.to_string();
        let found = session.state().in_flight.get(&key).cloned();
        if let Some((control, notify)) = found {
            notify.notify_one();
            self.escalate(session, control);
        }
    }

    /// Stops a call in the background ([`Router::stop_call`]).
    fn escalate(self: &Arc<Self>, session: &Arc<Session>, control: CallControl) {
        control.cancel_token().cancel();
        let router = self.clone();
        let session = session.clone();
        tokio::spawn(async move { router.stop_call(&session, control).await });
    }

    /// Answers one request for `session`. `None` means the request was
    /// cancelled by the client and gets no response.
    pub async fn handle_request(
        self: &Arc<Self>,
        session: &Arc<Session>,
        id: Value,
        method: &str,
        params: Option<Map<String, Value>>,
        arguments: Option<Arguments>,
        notes: Option<NoteSink>,
    ) -> Option<Answer> {
        session.touch();
        let answer = match method {
            "ping" => result(&id, json!({})),
            "logging/setLevel" => set_level(session, &id, params.as_ref()),
            // Reached on stdio only (HTTP opens a session at `initialize`):
            // initialisation is a session's first exchange, and a second one
            // would change the negotiated version and capabilities under
            // calls already made.
            "initialize" if std::mem::replace(&mut session.state().initialized, true) => error(
                &id,
                INVALID_REQUEST,
                "Invalid Request: this session is already initialized; to start afresh, end \
                 this connection and start a new one",
            ),
            "initialize" => {
                let requested = params
                    .as_ref()
                    .and_then(|p| p.get("protocolVersion"))
                    .and_then(Value::as_str);
                self.client_declared(session, params.as_ref());
                result(&id, self.initialize_result(requested))
            }
            "tools/list" => self.tools_list(&id, session, params.as_ref()),
            // Before the offers' guard, which asks every toolset what it
            // offers: the call is the request a session makes most.
            "tools/call" => {
                return self.call_tool(session, id, params, arguments, notes).await;
            }
            m if self.serves_offer(m) => match m {
                "resources/list" => self.resources_list(session, &id, params.as_ref()).await,
                "resources/templates/list" => {
                    self.resource_templates_list(session, &id, params.as_ref())
                }
                "resources/read" => self.resources_read(session, &id, params.as_ref()).await,
                "prompts/list" => self.prompts_list(session, &id, params.as_ref()),
                "resources/subscribe" => self.subscription(session, &id, params.as_ref(), true),
                "resources/unsubscribe" => self.subscription(session, &id, params.as_ref(), false),
                "prompts/get" => self.prompts_get(session, &id, params.as_ref()).await,
                _ => self.complete(session, &id, params.as_ref()).await,
            },
            _ => method_not_found(&id, method),
        };
        session.touch();
        Some(answer)
    }

    /// The answer a `tools/call` with `params` gets before any session
    /// would run it, when it gets one: its tool name is missing or bad, it
    /// names no tool, or a tool hidden from a `read_only` caller. `None`
    /// when a session is to run the call.
    pub(crate) fn call_refused(
        &self,
        id: &Value,
        params: &Map<String, Value>,
        read_only: bool,
    ) -> Option<Answer> {
        let name = match tool_name(params, id) {
            Ok(name) => name,
            Err(refused) => return Some(refused),
        };
        let admitted = self.broker.surface().admit(name, read_only);
        admitted.err().map(|refused| self.refusal(id, refused))
    }

    /// True when [`Router::handle_request`] serves `method` (with anything
    /// but -32601).
    pub(crate) fn serves(&self, method: &str) -> bool {
        SESSION_METHODS.contains(&method) || self.serves_offer(method)
    }

    /// True unless the session's token lacks a scope `tool` needs: such a
    /// tool is hidden from tools/list as a read-only session hides gated
    /// tools (a call to it is answered 403 at the HTTP gate).
    fn tool_visible(&self, principal: Option<&Principal>, tool: &str) -> bool {
        match (&self.auth, principal) {
            (Some(auth), Some(p)) => auth.check_tool(p, tool).is_ok(),
            _ => true,
        }
    }

    /// One page of the session's tools: [`TOOLS_PAGE`] of them from the
    /// cursor on, with `nextCursor` when more follow.
    fn tools_list(
        &self,
        id: &Value,
        session: &Arc<Session>,
        params: Option<&Map<String, Value>>,
    ) -> Answer {
        let principal = session.principal();
        let surface = self.broker.surface();
        // In name order, as at revision 2026-07-28: a client's cache and
        // a model's prompt cache see the same list every time.
        let mut sorted: Vec<_> = surface
            .tools(self.read_only_for(principal.as_deref()))
            .filter(|t| self.tool_visible(principal.as_deref(), &t.name))
            .collect();
        let Some(start) = protocol::page_start(params, sorted.len(), TOOLS_PAGE) else {
            return protocol::bad_cursor(id, "tools/list");
        };
        sorted.sort_by(|a, b| a.name.cmp(&b.name));
        let mut tools = sorted.into_iter().skip(start);
        let page: Vec<Value> = tools
            .by_ref()
            .take(TOOLS_PAGE)
            .map(protocol::tool_json)
            .collect();
        let mut answer = json!({ "tools": page });
        if tools.next().is_some() {
            answer["nextCursor"] = json!((start + TOOLS_PAGE).to_string());
        }
        result(id, answer)
    }

    async fn call_tool(
        self: &Arc<Self>,
        session: &Arc<Session>,
        id: Value,
        params: Option<Map<String, Value>>,
        arguments: Option<Arguments>,
        notes: Option<NoteSink>,
    ) -> Option<Answer> {
        let params = params.unwrap_or_default();
        // Every refusal here carries `data.kind`, as a tool's own errors
        // do, so a client branches on it rather than on the message.
        let name = match tool_name(&params, &id) {
            Ok(name) => name.to_string(),
            Err(refused) => return Some(refused),
        };
        let arguments = arguments.unwrap_or_else(Arguments::none);
        let progress_token = match progress_token(&params, &id) {
            Ok(token) => token,
            Err(refused) => return Some(refused),
        };
        let control = CallControl::new();
        let notify = Arc::new(tokio::sync::Notify::new());
        let key = id.to_string();
        {
            // An id names one request of the session until it is answered:
            // a second call under it would take the first's cancellation.
            let mut st = session.state();
            if st.in_flight.contains_key(&key) {
                return Some(protocol::id_in_flight(&id));
            }
            if st.in_flight.len() >= MAX_CALLS_IN_FLIGHT {
                let busy: gs_toolset::ToolResult = Err(gs_toolset::ToolError::new(
                    gs_toolset::ErrorKind::Unavailable,
                    format!(
                        "this session already has {MAX_CALLS_IN_FLIGHT} calls in flight, which \
                         run one at a time; wait for their answers before sending more"
                    ),
                ));
                return Some(result(&id, CallResultJson(&busy)));
            }
            st.in_flight
                .insert(key.clone(), (control.clone(), notify.clone()));
        }
        let timeout = self.settings.sessions.request_timeout;
        // Removed once the call ends, even if this future is dropped first
        // by a connection that closed before the answer.
        let _in_flight = InFlight {
            router: self.clone(),
            session: session.clone(),
            key,
            control: control.clone(),
            deadline: timeout.and_then(|d| Instant::now().checked_add(d)),
        };
        let request = CallRequest {
            tool: name,
            arguments,
            notifier: Arc::new(ChannelNotifier {
                asker: Some(ClientAsker {
                    session: session.clone(),
                    numbers: self.server_requests.clone(),
                    deadline: timeout.and_then(|d| Instant::now().checked_add(d)),
                }),
                sink: notes,
                progress_token,
                min_level: {
                    let st = session.state();
                    (!st.logs_off).then_some(st.log_level)
                },
            }),
            control: control.clone(),
            deadline: timeout.and_then(|d| Instant::now().checked_add(d)),
            read_only: self.read_only_in(session),
        };
        let call = session.broker.call(request);
        // In this order: a cancelled request gets no answer even when its
        // call, broken by the same cancellation, has already returned; an
        // answer that is ready wins over the deadline.
        let outcome = tokio::select! {
            biased;
            () = notify.notified() => None,
            r = call => Some(r),
            () = sleep_or_forever(timeout) => {
                // Answered at once; the call is stopped in the background
                // and costs the session only if both breaks fail.
                self.escalate(session, control);
                session.touch();
                return Some(error(
                    &id,
                    REQUEST_TIMEOUT,
                    &format!(
                        "Request timed out: the call ran past the server's request deadline of \
                         {:?} and was stopped",
                        timeout.unwrap_or_default()
                    ),
                ));
            }
        };
        session.touch();
        // A session whose image is gone ends now: the client's next request
        // is told to start a new one (404), rather than failing call after
        // call. This call's own answer still goes out.
        if session.broker.image_lost() {
            self.end(&session.id, "the connection to its image was lost");
        }
        match outcome {
            None => None,
            Some(Err(refused)) => Some(self.refusal(&id, refused)),
            Some(Ok(r)) => Some(result(&id, CallResultJson(&r))),
        }
    }
}

/// The answer to `logging/setLevel`, which sets the least level of the
/// log lines the session's calls send.
fn set_level(session: &Session, id: &Value, params: Option<&Map<String, Value>>) -> Answer {
    match params.and_then(|p| p.get("level")).and_then(Value::as_str) {
        Some(name) => match parse_level(name) {
            Some(level) => {
                session.state().log_level = Some(level);
                result(id, json!({}))
            }
            None => error(
                id,
                INVALID_PARAMS,
                &format!("Invalid params: `{name}` is not a log level; use {LOG_LEVEL_NAMES}"),
            ),
        },
        None => error(
            id,
            INVALID_PARAMS,
            "Invalid params: logging/setLevel needs params.level",
        ),
    }
}

/// The tool a `tools/call` names in its params, or the `invalidParams`
/// answer for a name that names no tool.
fn tool_name<'p>(params: &'p Map<String, Value>, id: &Value) -> Result<&'p str, Answer> {
    let name = match params.get("name") {
        Some(Value::String(n)) => n.as_str(),
        Some(other) => {
            return Err(invalid_params(
                id,
                &format!(
                    "Invalid params: name must be a string, not {}",
                    gs_toolset::json_type_name(other)
                ),
            ));
        }
        None => {
            return Err(invalid_params(
                id,
                "Invalid params: tools/call needs the tool's name in params.name",
            ));
        }
    };
    if name.len() > MAX_TOOL_NAME {
        return Err(error(
            id,
            INVALID_PARAMS,
            &format!(
                "Invalid params: the tool name is {} bytes, longer than any tool's ({} at \
                 most); tools/list shows the tools this server offers",
                name.len(),
                MAX_TOOL_NAME
            ),
        ));
    }
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_graphic()) {
        return Err(invalid_params(
            id,
            &format!(
                "Invalid params: tool name {:?} is not printable ASCII; tools/list shows \
                 the tools this server offers",
                name
            ),
        ));
    }
    Ok(name)
}

/// The names [`parse_level`] reads, as a refusal lists them.
pub(crate) const LOG_LEVEL_NAMES: &str =
    "debug, info, notice, warning, error, critical, alert or emergency";

pub(crate) fn parse_level(name: &str) -> Option<LogLevel> {
    [
        LogLevel::Debug,
        LogLevel::Info,
        LogLevel::Notice,
        LogLevel::Warning,
        LogLevel::Error,
        LogLevel::Critical,
        LogLevel::Alert,
        LogLevel::Emergency,
    ]
    .into_iter()
    .find(|l| l.as_str() == name)
}

async fn sleep_or_forever(d: Option<Duration>) {
    match d {
        Some(d) => tokio::time::sleep(d).await,
        None => std::future::pending().await,
    }
}

/// The call's `_meta.progressToken`, if it has one (a string or a
/// number; any other value is refused); a string token longer than
/// [`MAX_PROGRESS_TOKEN`] is refused,
/// since every progress notification repeats it and a call's backlog
/// holds up to [`crate::CALL_BACKLOG`] of them.
fn progress_token(params: &Map<String, Value>, id: &Value) -> Result<Option<Value>, Answer> {
    let token = params.get("_meta").and_then(|m| m.get("progressToken"));
    match token {
        Some(Value::String(t)) if t.len() > MAX_PROGRESS_TOKEN => Err(invalid_params(
            id,
            &format!(
                "Invalid params: the progressToken is {} bytes; this server takes tokens of at \
                 most {MAX_PROGRESS_TOKEN} bytes, since every progress notification repeats it",
                t.len()
            ),
        )),
        Some(t) if t.is_string() || t.is_number() => Ok(Some(t.clone())),
        None | Some(Value::Null) => Ok(None),
        // Ignored, it would leave the client waiting for progress that
        // never comes.
        Some(other) => Err(invalid_params(
            id,
            &format!(
                "Invalid params: the progressToken is {}; a progress token is a string or a \
                 number",
                gs_toolset::json_type_name(other)
            ),
        )),
    }
}

/// The longest string `progressToken` a call may carry, in bytes.
pub const MAX_PROGRESS_TOKEN: usize = 256;

/// A -32602 answer to a `tools/call` whose envelope is wrong, with
/// `data.kind = "invalidParams"`.
fn invalid_params(id: &Value, message: &str) -> Answer {
    error(id, INVALID_PARAMS, message)
}

/// Most tools one tools/list page holds.
pub const TOOLS_PAGE: usize = 500;

/// Most calls one session may have in flight, running or waiting their
/// turn: a client that sends calls without awaiting their answers would
/// otherwise queue work without end, each call holding a connection.
pub const MAX_CALLS_IN_FLIGHT: usize = 64;

/// Longest tool name MCP allows; a longer name in a call names no tool.
const MAX_TOOL_NAME: usize = 128;

impl Router {
    /// The answer to a call the surface refused. A read-only refusal says
    /// why the caller is read-only: the server is, or (with `[auth]`) the
    /// request's token lacks the write scope.
    fn refusal(&self, id: &Value, refused: CallRefused) -> Answer {
        match refused {
            CallRefused::UnknownTool(name) => error_with(
                id,
                INVALID_PARAMS,
                &format!("Unknown tool: `{name}`; tools/list shows the tools this server offers"),
                // Not `readOnly`: there is no such tool at all.
                &json!({"kind": "notFound", "tool": name}),
            ),
            CallRefused::ReadOnly(name) => {
                let message = match &self.auth {
                    Some(auth) if !self.broker.read_only() => format!(
                        "Tool `{name}` may change the image and this request's token lacks the \
                         `{}` scope; get a token with that scope to use it",
                        auth.config().write_scope
                    ),
                    _ => format!(
                        "Tool `{name}` may change the image and this server is read-only; \
                         connect to a read-write server to use it"
                    ),
                };
                error_with(
                    id,
                    METHOD_NOT_FOUND,
                    &message,
                    &json!({"kind": "readOnly", "tool": name}),
                )
            }
        }
    }
}
