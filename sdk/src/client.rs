//! Requests to the MCP client that made the current call
//! (`gemstone:mcp/client`, added in 0.1.2; keyed requests in 0.1.4): ask
//! the user for input (elicitation), ask the client's model (sampling),
//! list the client's roots, and see whether the call was cancelled.
//!
//! No grant is needed. A request whose capability the client did not
//! declare fails with [`ErrorKind::Refused`]
//! (so does one the client answers with an error); one that gets no answer
//! in time fails with [`ErrorKind::Other`]. Pass
//! the failure on with `?` and the model reads why.
//!
//! # Two eras, one tool
//!
//! How a request reaches the client depends on how the client called:
//!
//! - **In a session** (MCP revision 2025-11-25: the client sent
//!   `initialize`), the host sends the request to the client while the
//!   call runs and waits: the function answers the client's result.
//! - **In a stateless request** (revision 2026-07-28, *multi round-trip
//!   requests*), the host cannot send the client anything during the call.
//!   It answers from the results the client sent with the request
//!   (`inputResponses`), by **key**. A request with no result there fails
//!   ([`ErrorKind::Other`]); however the call then ends, the server
//!   answers the client `input_required`, listing by key every request the
//!   call made without a result, and the client retries the whole request
//!   with them. The tool runs again from the start, and this time its
//!   requests are answered (the earlier rounds' results come along too).
//!
//! Every request has a key, then: a name for it within the call, 1 to 64
//! ASCII letters, digits, `_`, `-` or `.`. [`elicit`], [`sample`],
//! [`roots`] and their siblings use automatic keys (`elicitation`,
//! `sampling`, `roots`, then `elicitation-2` and so on, in the order
//! asked); the keyed forms — [`elicit_keyed`], [`sample_text_keyed`],
//! [`roots_keyed`], …, [`ask`] and [`Question`] — take one. Name your
//! requests when a client expects a name, or when which requests a tool
//! makes varies between runs.
//!
//! A tool that works in both eras:
//!
//! - makes the same requests under the same keys on every run (it runs
//!   again from the start in each round);
//! - changes nothing it cannot change again before its last request is
//!   answered (in the stateless era, what comes before runs once a round);
//! - asks everything it can before it gives up on any answer, with
//!   [`ask_all`] (or [`ask_each`]), so that a stateless client gets every
//!   question in one round. A question that depends on an earlier answer
//!   comes in a later round.
//!
//! ```
//! use gs_mcp_sdk::client::{self, Question};
//! use gs_mcp_sdk::{Error, Output, Schema};
//!
//! fn greet(_: serde_json::Value) -> Result<Output, Error> {
//!     let answers = client::ask_all([
//!         Question::elicit(
//!             "user_name",
//!             "What is your name?",
//!             Schema::object().required("name", Schema::string()),
//!         ),
//!         Question::sample_text("greeting", "Write a one-line greeting.", 50),
//!     ])?;
//!     let name = answers[0].elicited()?.content["name"].clone();
//!     let greeting = answers[1].text()?;
//!     Ok(Output::text(format!("{greeting} {name}")))
//! }
//! # #[cfg(feature = "testing")] {
//! # use gs_mcp_sdk::testing::MockHost;
//! # use gs_mcp_sdk::{Tool, Toolset};
//! # let toolset = Toolset::new("t", "1.0.0").tool(Tool::new("greet", "Greets.", greet)
//! #     .input(Schema::object().open()));
//! # let host = MockHost::new().stateless();
//! # assert!(host.call(&toolset, "greet", "{}").is_err());
//! # assert_eq!(host.input_requests().len(), 2);
//! # }
//! ```

// Without a host, the functions only panic: their arguments go unused.
#![cfg_attr(
    all(not(target_arch = "wasm32"), not(any(test, feature = "testing"))),
    allow(unused_variables)
)]

use serde_json::{Map, Value, json};

#[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
use crate::__private::bindings::gemstone::mcp as wit;
use crate::host::host_fn;
use crate::{ErrorKind, Failure, Schema};

/// What a tool asks of the client: the MCP request it sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClientRequest {
    /// `elicitation/create`: ask the user, in a form or at a URL.
    Elicitation,
    /// `sampling/createMessage`: ask the client's model.
    Sampling,
    /// `roots/list`: the client's roots.
    Roots,
}

impl ClientRequest {
    /// The MCP method: `elicitation/create`, `sampling/createMessage` or
    /// `roots/list`.
    ///
    /// ```
    /// use gs_mcp_sdk::client::ClientRequest;
    /// assert_eq!(ClientRequest::Sampling.method(), "sampling/createMessage");
    /// ```
    pub fn method(self) -> &'static str {
        match self {
            ClientRequest::Elicitation => "elicitation/create",
            ClientRequest::Sampling => "sampling/createMessage",
            ClientRequest::Roots => "roots/list",
        }
    }

    /// The client capability it needs, which is also its automatic key's
    /// stem: `elicitation`, `sampling` or `roots`.
    ///
    /// ```
    /// use gs_mcp_sdk::client::ClientRequest;
    /// assert_eq!(ClientRequest::Roots.capability(), "roots");
    /// ```
    pub fn capability(self) -> &'static str {
        match self {
            ClientRequest::Elicitation => "elicitation",
            ClientRequest::Sampling => "sampling",
            ClientRequest::Roots => "roots",
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    fn into_wit(self) -> wit::types::ClientRequest {
        match self {
            ClientRequest::Elicitation => wit::types::ClientRequest::Elicitation,
            ClientRequest::Sampling => wit::types::ClientRequest::Sampling,
            ClientRequest::Roots => wit::types::ClientRequest::Roots,
        }
    }
}

/// What the user did with an elicitation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Submitted the form (its values are in [`Elicited::content`]), or
    /// agreed to open the URL.
    Accept,
    /// Said no.
    Decline,
    /// Dismissed it without choosing.
    Cancel,
}

/// The user's answer to an elicitation.
#[derive(Debug, Clone, PartialEq)]
pub struct Elicited {
    /// What the user did.
    pub action: Action,
    /// The submitted values by field name; empty unless accepted.
    pub content: Map<String, Value>,
}

/// One root the client exposes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Root {
    /// Its URI (`file://…`).
    pub uri: String,
    /// Its name, if the client gave one.
    pub name: Option<String>,
}

/// Asks the user to fill in a form: `message` says why, `requested_schema`
/// is an object schema of primitive fields (strings, numbers, booleans,
/// enums; defaults allowed), e.g.
/// `Schema::object().required("name", Schema::string())`. Its key is
/// automatic; [`elicit_keyed`] names it.
pub fn elicit(message: &str, requested_schema: impl Into<Schema>) -> Result<Elicited, Failure> {
    elicited(elicit_raw(&form_params(message, requested_schema))?)
}

/// Asks the user to visit `url` (URL-mode elicitation, e.g. to sign in
/// elsewhere); `elicitation_id` names this request. Its key is automatic;
/// [`elicit_url_keyed`] names it.
pub fn elicit_url(message: &str, url: &str, elicitation_id: &str) -> Result<Elicited, Failure> {
    elicited(elicit_raw(&url_params(message, url, elicitation_id))?)
}

/// `elicitation/create` with `params` as given; the client's result. Its
/// key is automatic; [`ask`] names it.
pub fn elicit_raw(params: &Value) -> Result<Value, Failure> {
    answer(elicit_text(&params.to_string()))
}

fn elicit_text(text: &str) -> Result<String, Failure> {
    host_fn!(
        "client::elicit",
        wit::client::elicit(text).map_err(Failure::from),
        |host| host.ask(None, ClientRequest::Elicitation, Some(text))
    )
}

/// Asks the client's model to answer `prompt` in at most `max_tokens`;
/// the text it answered. Its key is automatic; [`sample_text_keyed`]
/// names it.
pub fn sample_text(prompt: &str, max_tokens: u32) -> Result<String, Failure> {
    sampled_text(&sample(&text_params(prompt, max_tokens))?)
}

/// `sampling/createMessage` with `params` as given (`messages`,
/// `maxTokens`, `systemPrompt`, `modelPreferences`, …); the client's
/// result (`role`, `content`, `model`, `stopReason`). Its key is
/// automatic; [`sample_keyed`] names it.
pub fn sample(params: &Value) -> Result<Value, Failure> {
    answer(sample_text_json(&params.to_string()))
}

fn sample_text_json(text: &str) -> Result<String, Failure> {
    host_fn!(
        "client::sample",
        wit::client::sample(text).map_err(Failure::from),
        |host| host.ask(None, ClientRequest::Sampling, Some(text))
    )
}

/// The client's roots (`roots/list`). Its key is automatic;
/// [`roots_keyed`] names it.
pub fn roots() -> Result<Vec<Root>, Failure> {
    listed_roots(&answer(roots_text())?)
}

fn roots_text() -> Result<String, Failure> {
    host_fn!(
        "client::list_roots",
        wit::client::list_roots().map_err(Failure::from),
        |host| host.ask(None, ClientRequest::Roots, None)
    )
}

/// Sends `request` with `params` (an object; `None` for
/// [`ClientRequest::Roots`], which takes none) under `key`, and answers
/// the client's result as it came: the low-level form of every function
/// here (see [the module](self) for what the key does).
///
/// A key that is not 1 to 64 ASCII letters, digits, `_`, `-` or `.`, or
/// that has the form of the keys the functions without one get
/// (`elicitation`, `sampling-2`, …), fails with
/// [`ErrorKind::InvalidParams`]. In a stateless request, a key with
/// no result in the request fails with [`ErrorKind::Other`] (and the
/// client is asked for it), and a result under the key that is not one of
/// `request` fails with [`ErrorKind::InvalidParams`].
///
/// ```
/// # #[cfg(feature = "testing")] {
/// use gs_mcp_sdk::client::{self, ClientRequest};
/// use gs_mcp_sdk::testing::MockHost;
/// use serde_json::json;
///
/// let host = MockHost::new().client(|_, _| Ok(json!({"action": "decline"})));
/// let _installed = host.install();
/// let params = json!({"message": "Proceed?", "requestedSchema": {"type": "object"}});
/// let result = client::ask("proceed", ClientRequest::Elicitation, Some(&params)).unwrap();
/// assert_eq!(result["action"], "decline");
/// assert_eq!(host.asked_keys(), ["proceed"]);
/// # }
/// ```
pub fn ask(key: &str, request: ClientRequest, params: Option<&Value>) -> Result<Value, Failure> {
    let params = params.map(Value::to_string);
    answer(ask_text(key, request, params.as_deref()))
}

fn ask_text(key: &str, request: ClientRequest, params: Option<&str>) -> Result<String, Failure> {
    host_fn!(
        "client::ask",
        wit::client::ask(key, request.into_wit(), params).map_err(Failure::from),
        |host| host.ask(Some(key), request, params)
    )
}

/// [`elicit`] under `key`.
///
/// ```
/// # #[cfg(feature = "testing")] {
/// use gs_mcp_sdk::client::{self, Action};
/// use gs_mcp_sdk::testing::MockHost;
/// use gs_mcp_sdk::Schema;
/// use serde_json::json;
///
/// // A stateless request that came with the user's answer under `user_name`.
/// let host = MockHost::new()
///     .input_response("user_name", json!({"action": "accept", "content": {"name": "Ada"}}));
/// let _installed = host.install();
/// let form = Schema::object().required("name", Schema::string());
/// let answer = client::elicit_keyed("user_name", "What is your name?", form).unwrap();
/// assert_eq!(answer.action, Action::Accept);
/// assert_eq!(answer.content["name"], "Ada");
/// # }
/// ```
pub fn elicit_keyed(
    key: &str,
    message: &str,
    requested_schema: impl Into<Schema>,
) -> Result<Elicited, Failure> {
    Question::elicit(key, message, requested_schema)
        .ask()?
        .elicited()
}

/// [`elicit_url`] under `key`.
pub fn elicit_url_keyed(
    key: &str,
    message: &str,
    url: &str,
    elicitation_id: &str,
) -> Result<Elicited, Failure> {
    Question::elicit_url(key, message, url, elicitation_id)
        .ask()?
        .elicited()
}

/// [`sample_text`] under `key`.
///
/// ```
/// # #[cfg(feature = "testing")] {
/// use gs_mcp_sdk::client;
/// use gs_mcp_sdk::testing::MockHost;
/// use serde_json::json;
///
/// let host = MockHost::new().client(|_, _| {
///     Ok(json!({"role": "assistant", "content": {"type": "text", "text": "Paris"}}))
/// });
/// let _installed = host.install();
/// let capital = client::sample_text_keyed("capital", "The capital of France?", 10).unwrap();
/// assert_eq!(capital, "Paris");
/// # }
/// ```
pub fn sample_text_keyed(key: &str, prompt: &str, max_tokens: u32) -> Result<String, Failure> {
    Question::sample_text(key, prompt, max_tokens).ask()?.text()
}

/// [`sample`] under `key`.
pub fn sample_keyed(key: &str, params: &Value) -> Result<Value, Failure> {
    ask(key, ClientRequest::Sampling, Some(params))
}

/// [`roots`] under `key`.
///
/// ```
/// # #[cfg(feature = "testing")] {
/// use gs_mcp_sdk::client;
/// use gs_mcp_sdk::testing::MockHost;
/// use serde_json::json;
///
/// let host = MockHost::new().input_response("client_roots", json!({"roots": [{"uri": "file:///src"}]}));
/// let _installed = host.install();
/// assert_eq!(client::roots_keyed("client_roots").unwrap()[0].uri, "file:///src");
/// # }
/// ```
pub fn roots_keyed(key: &str) -> Result<Vec<Root>, Failure> {
    Question::roots(key).ask()?.roots()
}

/// One request to the client under a key, not sent yet: what [`ask_all`]
/// and [`ask_each`] take. [`Question::ask`] sends it alone.
///
/// ```
/// use gs_mcp_sdk::client::{ClientRequest, Question};
/// use gs_mcp_sdk::Schema;
///
/// let q = Question::elicit("user_name", "What is your name?",
///     Schema::object().required("name", Schema::string()));
/// assert_eq!(q.key(), "user_name");
/// assert_eq!(q.request(), ClientRequest::Elicitation);
/// assert_eq!(q.params().unwrap()["message"], "What is your name?");
/// assert_eq!(Question::roots("client_roots").params(), None);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    key: String,
    request: ClientRequest,
    params: Option<Value>,
}

impl Question {
    /// `request` with `params` as given (see [`ask`]) under `key`.
    pub fn new(key: &str, request: ClientRequest, params: Option<Value>) -> Question {
        Question {
            key: key.to_string(),
            request,
            params,
        }
    }

    /// A form for the user, as [`elicit`] sends it.
    pub fn elicit(key: &str, message: &str, requested_schema: impl Into<Schema>) -> Question {
        Question::new(
            key,
            ClientRequest::Elicitation,
            Some(form_params(message, requested_schema)),
        )
    }

    /// A URL for the user to visit, as [`elicit_url`] sends it.
    pub fn elicit_url(key: &str, message: &str, url: &str, elicitation_id: &str) -> Question {
        Question::new(
            key,
            ClientRequest::Elicitation,
            Some(url_params(message, url, elicitation_id)),
        )
    }

    /// A prompt for the client's model, as [`sample_text`] sends it; read
    /// the answer with [`Answer::text`].
    pub fn sample_text(key: &str, prompt: &str, max_tokens: u32) -> Question {
        Question::new(
            key,
            ClientRequest::Sampling,
            Some(text_params(prompt, max_tokens)),
        )
    }

    /// `sampling/createMessage` with `params` as given, as [`sample`]
    /// sends it.
    pub fn sample(key: &str, params: Value) -> Question {
        Question::new(key, ClientRequest::Sampling, Some(params))
    }

    /// The client's roots, as [`roots`] asks for them.
    pub fn roots(key: &str) -> Question {
        Question::new(key, ClientRequest::Roots, None)
    }

    /// Its key.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// What it asks.
    pub fn request(&self) -> ClientRequest {
        self.request
    }

    /// The request's params, if any.
    pub fn params(&self) -> Option<&Value> {
        self.params.as_ref()
    }

    /// Sends it (see [`ask`]) and answers the client's result.
    pub fn ask(&self) -> Result<Answer, Failure> {
        let result = ask(&self.key, self.request, self.params.as_ref())?;
        Ok(Answer {
            key: self.key.clone(),
            request: self.request,
            result,
        })
    }
}

/// The client's result for a [`Question`]: read it with
/// [`Answer::elicited`], [`Answer::text`] or [`Answer::roots`], or as it
/// came in [`Answer::result`].
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The question's key.
    pub key: String,
    /// What the question asked.
    pub request: ClientRequest,
    /// The client's result, as it came.
    pub result: Value,
}

impl Answer {
    /// The user's answer to an elicitation; fails with
    /// [`ErrorKind::Other`] if the result is not one.
    pub fn elicited(&self) -> Result<Elicited, Failure> {
        elicited(self.result.clone())
    }

    /// The text the client's model answered a sampling request with
    /// (`content.text`); fails with [`ErrorKind::Other`] if there is none.
    pub fn text(&self) -> Result<String, Failure> {
        sampled_text(&self.result)
    }

    /// The roots of a `roots/list` result; fails with [`ErrorKind::Other`]
    /// if the result has no list of roots.
    pub fn roots(&self) -> Result<Vec<Root>, Failure> {
        listed_roots(&self.result)
    }
}

/// Asks every question, in order, and only then answers: all the answers
/// in the order of the questions, or the first failure.
///
/// In a stateless request, every question without a result fails, so the
/// client gets them all in one `input_required` and answers them in one
/// round, rather than one round a question. In a session each question
/// goes to the client in turn, also after one has failed. A question that
/// depends on another's answer cannot be asked with it: ask it after (it
/// comes in the next round). To carry on without some answers — say, when
/// the client has no sampling — use [`ask_each`].
///
/// ```
/// # #[cfg(feature = "testing")] {
/// use gs_mcp_sdk::client::{self, Question};
/// use gs_mcp_sdk::testing::MockHost;
/// use gs_mcp_sdk::{ErrorKind, Schema};
/// use serde_json::json;
///
/// let questions = || [
///     Question::elicit("user_name", "What is your name?",
///         Schema::object().required("name", Schema::string())),
///     Question::roots("client_roots"),
/// ];
/// // Round 1 of a stateless request: no results yet, both questions listed.
/// let host = MockHost::new().stateless();
/// let installed = host.install();
/// let failure = client::ask_all(questions()).unwrap_err();
/// assert_eq!(failure.kind, ErrorKind::Other);
/// assert_eq!(host.input_requests().len(), 2);
/// drop(installed);
///
/// // Round 2: the client retried with both results.
/// let host = host
///     .input_response("user_name", json!({"action": "accept", "content": {"name": "Ada"}}))
///     .input_response("client_roots", json!({"roots": [{"uri": "file:///src"}]}));
/// let _installed = host.install();
/// let answers = client::ask_all(questions()).unwrap();
/// assert_eq!(answers[0].elicited().unwrap().content["name"], "Ada");
/// assert_eq!(answers[1].roots().unwrap()[0].uri, "file:///src");
/// # }
/// ```
pub fn ask_all(questions: impl IntoIterator<Item = Question>) -> Result<Vec<Answer>, Failure> {
    ask_each(questions).into_iter().collect()
}

/// Asks every question, in order, and answers each one's outcome, in the
/// order of the questions: for a tool that can do without some answers
/// (see [`ask_all`]).
///
/// ```
/// # #[cfg(feature = "testing")] {
/// use gs_mcp_sdk::client::{self, Question};
/// use gs_mcp_sdk::testing::MockHost;
/// use gs_mcp_sdk::{ErrorKind, Failure, Schema};
/// use serde_json::json;
///
/// // A client that can sample but not elicit.
/// let host = MockHost::new().client_capabilities(&["sampling"]).client(|_, _| {
///     Ok(json!({"role": "assistant", "content": {"type": "text", "text": "Paris"}}))
/// });
/// let _installed = host.install();
/// let outcomes = client::ask_each([
///     Question::elicit("user_input", "What is your name?", Schema::object()),
///     Question::sample_text("capital_question", "The capital of France?", 10),
/// ]);
/// // Skip what the client cannot answer, pass any other failure on.
/// let mut answers = Vec::new();
/// for outcome in outcomes {
///     match outcome {
///         Ok(answer) => answers.push(answer),
///         Err(Failure { kind: ErrorKind::Refused, .. }) => {}
///         Err(other) => panic!("{other}"),
///     }
/// }
/// assert_eq!(answers.len(), 1);
/// assert_eq!(answers[0].text().unwrap(), "Paris");
/// # }
/// ```
pub fn ask_each(questions: impl IntoIterator<Item = Question>) -> Vec<Result<Answer, Failure>> {
    questions.into_iter().map(|q| q.ask()).collect()
}

/// True once the caller has cancelled the call or its deadline has
/// passed: a tool in a long loop may stop early (the host stops it at its
/// next tick either way).
pub fn cancelled() -> bool {
    host_fn!("client::cancelled", wit::client::cancelled(), |host| host
        .cancelled())
}

/// Asks that the rest of the call run as a task (the tasks extension of
/// MCP revision 2026-07-28; needs a 0.1.5 host and a tool declared with
/// [`Tool::tasks`](crate::Tool::tasks)): the client's request is answered
/// now with the task's id, and the call goes on; what it answers becomes
/// the task's result, which the client fetches with `tasks/get`.
/// `message` is the task's status message meanwhile.
///
/// True when the call now runs as a task (or already did); false when it
/// cannot become one — the tool did not declare task support, the
/// client's request did not declare the extension (every request of a
/// 2025-11-25 session), or the server holds its most tasks — and the call
/// goes on to answer its request as usual. Call it where the long part
/// begins, after any questions whose answers decide whether to go on:
/// questions asked before it are asked of the request
/// (`input_required`), those asked after it of the task (its
/// `inputRequests`, answered with `tasks/update`), and in both cases the
/// call runs again from the start with the answers.
///
/// ```
/// # #[cfg(feature = "testing")] {
/// use gs_mcp_sdk::testing::MockHost;
/// use gs_mcp_sdk::{Output, TaskSupport, Tool, Toolset, client};
///
/// let toolset = Toolset::new("jobs", "1.0.0").tool(
///     Tool::new("rebuild", "Rebuilds the indexes.", |_: serde_json::Value| {
///         let as_task = client::start_task(Some("rebuilding"));
///         Ok(Output::text(format!("rebuilt (as a task: {as_task})")))
///     })
///     .tasks(TaskSupport::Optional),
/// );
/// let host = MockHost::new().declares_tasks();
/// let out = host.call(&toolset, "rebuild", "{}").unwrap();
/// assert_eq!(out.text_content(), "rebuilt (as a task: true)");
/// assert_eq!(host.task_started(), Some(Some("rebuilding".to_string())));
/// # }
/// ```
pub fn start_task(message: Option<&str>) -> bool {
    host_fn!(
        "client::start_task",
        wit::client::start_task(message),
        |host| host.start_task(message)
    )
}

/// The params of a form elicitation.
fn form_params(message: &str, requested_schema: impl Into<Schema>) -> Value {
    let schema = requested_schema.into();
    json!({"message": message, "requestedSchema": schema.as_json()})
}

/// The params of a URL elicitation.
fn url_params(message: &str, url: &str, elicitation_id: &str) -> Value {
    json!({"mode": "url", "message": message, "url": url, "elicitationId": elicitation_id})
}

/// The params of a one-prompt sampling request.
fn text_params(prompt: &str, max_tokens: u32) -> Value {
    json!({
        "messages": [{"role": "user", "content": {"type": "text", "text": prompt}}],
        "maxTokens": max_tokens,
    })
}

/// The client's result, parsed from the host's JSON text.
fn answer(text: Result<String, Failure>) -> Result<Value, Failure> {
    let text = text?;
    serde_json::from_str(&text).map_err(|e| Failure {
        kind: ErrorKind::Other,
        message: format!("the host passed on a client answer that is not JSON ({e})"),
        details: None,
    })
}

fn elicited(result: Value) -> Result<Elicited, Failure> {
    let action = match result.get("action").and_then(Value::as_str) {
        Some("accept") => Action::Accept,
        Some("decline") => Action::Decline,
        Some("cancel") => Action::Cancel,
        _ => return Err(unexpected("elicitation/create", &result)),
    };
    let content = match result.get("content") {
        Some(Value::Object(content)) => content.clone(),
        _ => Map::new(),
    };
    Ok(Elicited { action, content })
}

fn sampled_text(result: &Value) -> Result<String, Failure> {
    match result.pointer("/content/text").and_then(Value::as_str) {
        Some(text) => Ok(text.to_string()),
        None => Err(unexpected("sampling/createMessage", result)),
    }
}

fn listed_roots(result: &Value) -> Result<Vec<Root>, Failure> {
    let Some(roots) = result.get("roots").and_then(Value::as_array) else {
        return Err(unexpected("roots/list", result));
    };
    Ok(roots
        .iter()
        .filter_map(|r| {
            Some(Root {
                uri: r.get("uri")?.as_str()?.to_string(),
                name: r.get("name").and_then(Value::as_str).map(str::to_string),
            })
        })
        .collect())
}

fn unexpected(method: &str, result: &Value) -> Failure {
    Failure {
        kind: ErrorKind::Other,
        message: format!("the client's answer to {method} is not of the expected shape: {result}"),
        details: None,
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::MockHost;

    #[test]
    fn requests_carry_mcp_params_and_answers_are_read() {
        let host = MockHost::new().client(|method, _| match method {
            "elicitation/create" => Ok(json!({"action": "accept", "content": {"n": 1}})),
            "sampling/createMessage" => Ok(json!({"role": "assistant", "model": "m",
                "content": {"type": "text", "text": "hi"}})),
            _ => Ok(json!({"roots": [{"uri": "file:///a", "name": "a"}, {"uri": "file:///b"}]})),
        });
        let _installed = host.install();
        let answer = elicit(
            "How many?",
            Schema::object().required("n", Schema::integer()),
        )
        .unwrap();
        assert_eq!(answer.action, Action::Accept);
        assert_eq!(answer.content["n"], 1);
        assert_eq!(sample_text("Say hi", 5).unwrap(), "hi");
        assert_eq!(
            roots().unwrap(),
            [
                Root {
                    uri: "file:///a".into(),
                    name: Some("a".into())
                },
                Root {
                    uri: "file:///b".into(),
                    name: None
                }
            ]
        );
        let asked = host.asked();
        assert_eq!(asked[0].0, "elicitation/create");
        assert_eq!(asked[0].1["message"], "How many?");
        assert_eq!(
            asked[0].1["requestedSchema"]["properties"]["n"]["type"],
            "integer"
        );
        assert_eq!(
            asked[1].1,
            json!({"messages": [{"role": "user", "content": {"type": "text", "text": "Say hi"}}],
                   "maxTokens": 5})
        );
        assert_eq!(asked[2].0, "roots/list");
        assert!(!cancelled());
    }

    #[test]
    fn without_a_client_a_request_is_refused_and_odd_answers_are_errors() {
        let _installed = MockHost::new().install();
        let e = elicit_url("Sign in", "https://example.com", "e1").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Refused);
        let host = MockHost::new().client(|_, _| Ok(json!({"action": "maybe"})));
        let _installed = host.install();
        let e = elicit("?", Schema::object()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Other);
        assert!(
            e.message.contains("not of the expected shape"),
            "{}",
            e.message
        );
        assert_eq!(host.asked()[0].1["mode"], Value::Null);
    }

    fn accepted(name: &str) -> Value {
        json!({"action": "accept", "content": {"name": name}})
    }

    fn sampled(text: &str) -> Value {
        json!({"role": "assistant", "model": "m", "content": {"type": "text", "text": text}})
    }

    #[test]
    fn keyed_requests_reach_a_session_client_with_their_params() {
        let host = MockHost::new().client(|method, _| match method {
            "elicitation/create" => Ok(accepted("Ada")),
            "sampling/createMessage" => Ok(sampled("Paris")),
            _ => Ok(json!({"roots": [{"uri": "file:///a"}]})),
        });
        let _installed = host.install();
        let form = || Schema::object().required("name", Schema::string());
        assert_eq!(
            elicit_keyed("user_name", "Name?", form()).unwrap().content["name"],
            "Ada"
        );
        assert_eq!(
            elicit_url_keyed("sign_in", "Sign in", "https://example.com", "e1")
                .unwrap()
                .action,
            Action::Accept
        );
        assert_eq!(
            sample_text_keyed("capital", "Capital?", 7).unwrap(),
            "Paris"
        );
        let raw = json!({"messages": [], "maxTokens": 1});
        assert_eq!(sample_keyed("raw", &raw).unwrap()["model"], "m");
        assert_eq!(roots_keyed("client_roots").unwrap()[0].uri, "file:///a");
        let result = ask("low", ClientRequest::Roots, None).unwrap();
        assert_eq!(result["roots"][0]["uri"], "file:///a");
        assert_eq!(
            host.asked_keys(),
            [
                "user_name",
                "sign_in",
                "capital",
                "raw",
                "client_roots",
                "low"
            ]
        );
        let asked = host.asked();
        // The same params as the unkeyed functions send.
        assert_eq!(asked[0].0, "elicitation/create");
        assert_eq!(
            asked[0].1,
            json!({"message": "Name?", "requestedSchema": Schema::from(form()).as_json()})
        );
        assert_eq!(asked[1].1["mode"], "url");
        assert_eq!(asked[1].1["elicitationId"], "e1");
        assert_eq!(
            asked[2].1,
            json!({"messages": [{"role": "user", "content": {"type": "text", "text": "Capital?"}}],
                   "maxTokens": 7})
        );
        assert_eq!(asked[3].1, raw);
        assert_eq!(asked[4], ("roots/list".to_string(), json!({})));
    }

    #[test]
    fn unkeyed_requests_get_automatic_keys_numbered_per_kind_and_call() {
        let host = MockHost::new().client(|method, _| match method {
            "elicitation/create" => Ok(accepted("x")),
            "sampling/createMessage" => Ok(sampled("y")),
            _ => Ok(json!({"roots": []})),
        });
        {
            let _installed = host.install();
            elicit("a", Schema::object()).unwrap();
            sample_text("b", 1).unwrap();
            elicit_keyed("mine", "c", Schema::object()).unwrap();
            elicit_raw(&json!({"message": "d"})).unwrap();
            roots().unwrap();
            sample(&json!({"messages": []})).unwrap();
            elicit_url("e", "https://example.com", "id").unwrap();
        }
        // A new call numbers from the start again.
        let _installed = host.install();
        elicit("f", Schema::object()).unwrap();
        assert_eq!(
            host.asked_keys(),
            [
                "elicitation",
                "sampling",
                "mine",
                "elicitation-2",
                "roots",
                "sampling-2",
                "elicitation-3",
                "elicitation"
            ]
        );
    }

    #[test]
    fn a_bad_key_is_refused_as_invalid_params() {
        let host = MockHost::new().client(|_, _| Ok(json!({"roots": []})));
        let _installed = host.install();
        for bad in [
            "",
            "has space",
            "ünïcode",
            &"k".repeat(65),
            "roots",
            "elicitation-2",
        ] {
            let e = roots_keyed(bad).unwrap_err();
            assert_eq!(e.kind, ErrorKind::InvalidParams, "{bad:?}");
        }
        roots_keyed(&"k".repeat(64)).unwrap();
        roots_keyed("a.b-c_D9").unwrap();
        roots_keyed("roots-x").unwrap();
        assert_eq!(host.asked().len(), 3);
    }

    #[test]
    fn ask_all_asks_every_question_before_failing() {
        let questions = || {
            [
                Question::elicit("user_name", "Name?", Schema::object()),
                Question::sample_text("greeting", "Greet", 50),
                Question::roots("client_roots"),
            ]
        };
        let host = MockHost::new().stateless();
        {
            let _installed = host.install();
            let e = ask_all(questions()).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Other);
            assert!(e.message.contains("`user_name`"), "{}", e.message);
            assert!(e.message.contains("input_required"), "{}", e.message);
        }
        let asked = host.input_requests();
        assert_eq!(
            asked.keys().collect::<Vec<_>>(),
            ["client_roots", "greeting", "user_name"]
        );
        assert_eq!(asked["greeting"]["method"], "sampling/createMessage");
        assert_eq!(asked["greeting"]["params"]["maxTokens"], 50);
        assert_eq!(
            asked["client_roots"],
            json!({"method": "roots/list", "params": {}})
        );

        // Only the sampling answered: the other two are asked again.
        let host = host.input_response("greeting", sampled("Hi"));
        {
            let _installed = host.install();
            let outcomes = ask_each(questions());
            assert!(outcomes[0].is_err() && outcomes[2].is_err());
            assert_eq!(outcomes[1].as_ref().unwrap().text().unwrap(), "Hi");
        }
        assert_eq!(host.input_requests().len(), 2);

        let host = host
            .input_response("user_name", accepted("Ada"))
            .input_response(
                "client_roots",
                json!({"roots": [{"uri": "file:///r", "name": "r"}]}),
            );
        let _installed = host.install();
        let answers = ask_all(questions()).unwrap();
        assert!(host.input_requests().is_empty());
        assert_eq!(answers[0].key, "user_name");
        assert_eq!(answers[0].request, ClientRequest::Elicitation);
        assert_eq!(answers[0].elicited().unwrap().content["name"], "Ada");
        assert_eq!(answers[1].text().unwrap(), "Hi");
        assert_eq!(answers[2].roots().unwrap()[0].name.as_deref(), Some("r"));
        // An answer read as the wrong kind is a shape error, not a panic.
        assert_eq!(answers[2].text().unwrap_err().kind, ErrorKind::Other);
    }

    #[test]
    fn in_a_session_ask_all_answers_the_first_failure_after_asking_all() {
        let host = MockHost::new()
            .client_capabilities(&["sampling", "roots"])
            .client(|method, _| match method {
                "sampling/createMessage" => Ok(sampled("Paris")),
                _ => Err(Failure {
                    kind: ErrorKind::Other,
                    message: "timed out".into(),
                    details: None,
                }),
            });
        let _installed = host.install();
        let e = ask_all([
            Question::elicit("user_input", "Name?", Schema::object()),
            Question::sample_text("capital_question", "Capital?", 10),
            Question::roots("client_roots"),
        ])
        .unwrap_err();
        // The elicitation was refused (no capability), and the others
        // were still sent.
        assert_eq!(e.kind, ErrorKind::Refused);
        assert!(
            e.message.contains("`elicitation` capability"),
            "{}",
            e.message
        );
        assert_eq!(
            host.asked_keys(),
            ["user_input", "capital_question", "client_roots"]
        );
        assert!(host.input_requests().is_empty());
    }

    #[test]
    fn a_stateless_result_of_the_wrong_kind_is_invalid_params() {
        let host = MockHost::new()
            .client_capabilities(&["elicitation"])
            .input_response("user_name", json!({"roots": []}))
            .input_response("client_roots", json!({"roots": []}));
        let _installed = host.install();
        let e = elicit_keyed("user_name", "Name?", Schema::object()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams);
        assert!(
            e.message
                .contains("inputResponses.user_name is not a result of elicitation/create"),
            "{}",
            e.message
        );
        // Without the capability, refused before the results are looked at.
        let e = roots_keyed("client_roots").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Refused);
        // The unkeyed functions read the automatic keys.
        let e = elicit("Name?", Schema::object()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Other);
        assert_eq!(
            host.input_requests()["elicitation"]["params"]["message"],
            "Name?"
        );
    }

    #[test]
    fn the_stateless_rounds_of_a_tool_run_it_from_the_start() {
        use crate::{Error, Output, Tool, Toolset};
        let steps = |_: Value| -> Result<Output, Error> {
            let name = elicit_keyed("step1", "Step 1", Schema::object())?;
            let color = elicit_keyed("step2", "Step 2", Schema::object())?;
            Ok(Output::text(format!(
                "{} likes {}",
                name.content["name"], color.content["color"]
            )))
        };
        let toolset = Toolset::new("t", "1.0.0")
            .tool(Tool::new("steps", "Two rounds.", steps).input(Schema::object()));
        let host = MockHost::new().stateless();
        host.call(&toolset, "steps", "{}").unwrap_err();
        assert_eq!(host.input_requests().keys().collect::<Vec<_>>(), ["step1"]);
        let host = host.input_response("step1", accepted("Ada"));
        host.call(&toolset, "steps", "{}").unwrap_err();
        assert_eq!(host.input_requests().keys().collect::<Vec<_>>(), ["step2"]);
        let host = host.input_response(
            "step2",
            json!({"action": "accept", "content": {"color": "blue"}}),
        );
        let out = host.call(&toolset, "steps", "{}").unwrap();
        assert_eq!(out.text_content(), r#""Ada" likes "blue""#);
        assert!(host.input_requests().is_empty());
        assert_eq!(
            host.asked_keys(),
            ["step1", "step1", "step2", "step1", "step2"]
        );
    }
}
