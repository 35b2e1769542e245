//! Kept image sessions for stateless clients (revision 2026-07-28).
//!
//! A GemStone session is a transaction view that lives across calls, and
//! the stateless revision has no protocol session to keep it in. Its
//! answer is an explicit handle passed as an ordinary tool argument: the
//! router offers two tools of its own beside the toolsets' in a stateless
//! `tools/list` — `open_session`, which opens an image session and answers
//! its handle, and `close_session` — and every tool there takes an
//! optional `session` argument naming a handle. A call with one runs in
//! that session (its uncommitted changes, its plug-in instances), after
//! the session's earlier calls; a call without one runs in a throwaway
//! session as before.
//!
//! A kept session is a router [`Session`] reached by handle rather than
//! by header, so the lifetime policy (idle and absolute timeouts, the
//! token's expiry) and the deadline's break-and-close escalation apply to
//! it unchanged. Its handle is its 128-bit random id, bound to the user
//! who opened it: another user's handle is answered as unknown, as a
//! session header is; and the session header never reaches a kept
//! session.

use std::sync::Arc;

use hyper::StatusCode;
use serde_json::{Map, Value, json};

use super::{Refusal, Requester, Stateless};
use crate::protocol::{self, Answer, INVALID_PARAMS};
use crate::{OpenRefused, Router, Session};

/// The tool that opens a kept session.
pub(crate) const OPEN: &str = "open_session";
/// The tool that closes one.
pub(crate) const CLOSE: &str = "close_session";
/// The argument naming the kept session a call runs in.
pub(crate) const ARGUMENT: &str = "session";

/// Where a stateless request goes.
pub(crate) enum Route {
    /// Answered already (`open_session`, `close_session`).
    Answered(Answer),
    /// A call in this kept session.
    Kept(Arc<Session>),
    /// A request in a throwaway session.
    Throwaway,
}

/// Routes `request`: the two session tools are answered here; a tool
/// call naming a kept session loses its `session` argument and goes to
/// that session. An unknown handle is -32602.
#[allow(clippy::result_large_err)]
pub(crate) async fn route(
    router: &Arc<Router>,
    caller: &Requester,
    request: &mut Stateless,
) -> Result<Route, Refusal> {
    if request.method != "tools/call" {
        return Ok(Route::Throwaway);
    }
    match request.params.get("name").and_then(Value::as_str) {
        Some(OPEN) => return Ok(Route::Answered(open(router, caller, &request.id).await)),
        Some(CLOSE) => {
            let handle = handle_of(request)?;
            return Ok(Route::Answered(close(router, caller, &request.id, handle)));
        }
        _ => {}
    }
    let Some(handle) = handle_of(request)? else {
        return Ok(Route::Throwaway);
    };
    match find(router, caller, &handle) {
        Some(session) => Ok(Route::Kept(session)),
        None => Err(unknown(&request.id, &handle)),
    }
}

/// The tool descriptors of `open_session` and `close_session`, as a
/// stateless `tools/list` shows them.
pub(crate) fn tools() -> [Value; 2] {
    [
        json!({
            "name": OPEN,
            "title": "Open an image session",
            "description": "Opens an image session of your own and answers its handle. Pass \
                the handle as the `session` argument of later tool calls to run them in that \
                session: its changes stay uncommitted until you commit, and no other session \
                sees them. Without a `session` argument each call runs in a fresh session \
                that sees the newest committed state and ends with the call. Close the \
                session with close_session when done; an idle one ends by itself.",
            "inputSchema": {"type": "object", "properties": {}},
            "outputSchema": {"type": "object", "properties": {
                "session": {"type": "string"}}, "required": ["session"]},
            "annotations": {"readOnlyHint": true},
        }),
        json!({
            "name": CLOSE,
            "title": "Close an image session",
            "description": "Closes the image session whose handle open_session answered, \
                abandoning its uncommitted changes.",
            "inputSchema": {"type": "object", "properties": {
                ARGUMENT: {"type": "string", "description": "The handle open_session answered."}},
                "required": [ARGUMENT]},
            "annotations": {"readOnlyHint": true},
        }),
    ]
}

/// `tool`'s descriptor with the optional `session` argument added.
pub(crate) fn with_session_argument(mut tool: Value) -> Value {
    if let Some(schema) = tool.get_mut("inputSchema").and_then(Value::as_object_mut) {
        let properties = schema
            .entry("properties")
            .or_insert_with(|| Value::Object(Map::new()));
        if let Some(p) = properties.as_object_mut() {
            p.entry(ARGUMENT).or_insert(json!({
                "type": "string",
                "description": "Optional: the handle of an image session open_session \
                    answered, to run the call in it.",
            }));
        }
    }
    tool
}

/// Opens a kept session for the caller and answers its handle.
async fn open(router: &Arc<Router>, caller: &Requester, id: &Value) -> Answer {
    let session = match router
        .open_session_as(caller.peer, caller.principal.as_ref())
        .await
    {
        Ok(s) => s,
        Err(refusal) => {
            let why = match refusal {
                OpenRefused::ServerFull(cap) => format!(
                    "the server holds its maximum of {cap} image sessions; close one \
                     (close_session) or retry later"
                ),
                OpenRefused::CallerFull(cap, wait) => format!(
                    "you hold your maximum of {cap} image sessions; close one \
                     (close_session) or retry in {wait} s"
                ),
                OpenRefused::Failed(why) => format!("no image session could be opened: {why}"),
            };
            return tool_error(id, &why);
        }
    };
    {
        let mut st = session.state();
        st.held = true;
        st.stateless = true;
    }
    let handle = session.id().to_string();
    protocol::result(
        id,
        json!({
            "content": [{"type": "text", "text": format!(
                "Opened image session {handle}. Pass \"session\": \"{handle}\" in the \
                 arguments of the tool calls that should run in it.")}],
            "structuredContent": {"session": handle},
            "isError": false,
        }),
    )
}

/// Closes the caller's kept session `handle`.
fn close(router: &Arc<Router>, caller: &Requester, id: &Value, handle: Option<String>) -> Answer {
    let Some(handle) = handle else {
        return protocol::error(
            id,
            INVALID_PARAMS,
            "Invalid params: close_session needs the handle open_session answered, as the \
             `session` argument",
        );
    };
    match find(router, caller, &handle) {
        Some(session) => {
            router.close(session.id());
            protocol::result(
                id,
                json!({
                    "content": [{"type": "text", "text": format!(
                        "Closed image session {handle}; its uncommitted changes are gone.")}],
                    "isError": false,
                }),
            )
        }
        None => protocol::error(id, INVALID_PARAMS, &unknown_message(&handle)),
    }
}

/// The caller's kept session `handle`, if it is one.
fn find(router: &Router, caller: &Requester, handle: &str) -> Option<Arc<Session>> {
    let session = router
        .session(handle)
        .filter(|s| s.user() == caller.user() && s.state().held)?;
    if let Some(p) = &caller.principal {
        session.authenticated(p);
    }
    Some(session)
}

/// Takes the `session` argument out of a tool call's arguments, so the
/// tool never sees it: the handle, or `None` without one. Not a string:
/// -32602.
#[allow(clippy::result_large_err)]
fn handle_of(request: &mut Stateless) -> Result<Option<String>, Refusal> {
    let Some(arguments) = &request.arguments else {
        return Ok(None);
    };
    let mut value = arguments.to_value();
    let Some(object) = value.as_object_mut() else {
        return Ok(None);
    };
    let handle = match object.remove(ARGUMENT) {
        None => return Ok(None),
        Some(Value::String(h)) => h,
        Some(_) => {
            return Err(Refusal::new(
                StatusCode::OK,
                &request.id,
                INVALID_PARAMS,
                "Invalid params: the `session` argument must be the handle open_session \
                 answered (a string)",
            ));
        }
    };
    request.arguments = Some(gs_toolset::Arguments::from_object(object));
    if let Some(Value::Object(a)) = request.params.get_mut("arguments") {
        a.remove(ARGUMENT);
    }
    Ok(Some(handle))
}

fn unknown_message(handle: &str) -> String {
    let shown = crate::input::cut(handle);
    format!(
        "Invalid params: no image session `{shown}`: it was closed or ended (idle too long), or \
         never existed; open another with open_session"
    )
}

fn unknown(id: &Value, handle: &str) -> Refusal {
    Refusal::new(StatusCode::OK, id, INVALID_PARAMS, &unknown_message(handle))
}

/// A tool result that failed, with its message.
fn tool_error(id: &Value, message: &str) -> Answer {
    protocol::result(
        id,
        json!({"content": [{"type": "text", "text": message}], "isError": true}),
    )
}
