//! Requests to the MCP client that made the current tool call
//! (`gemstone:mcp/client`, added in 0.1.2): ask the user for input
//! (elicitation), ask the client's model (sampling), list the client's
//! roots, and see whether the call was cancelled.
//!
//! No grant is needed. A request whose capability the client did not
//! declare fails with [`ErrorKind::Refused`]
//! (so does one the client answers with an error); one that gets no answer
//! in time fails with [`ErrorKind::Other`]. Pass
//! the failure on with `?` and the model reads why.

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
/// `Schema::object().required("name", Schema::string())`.
pub fn elicit(message: &str, requested_schema: impl Into<Schema>) -> Result<Elicited, Failure> {
    let schema = requested_schema.into();
    elicited(elicit_raw(
        &json!({"message": message, "requestedSchema": schema.as_json()}),
    )?)
}

/// Asks the user to visit `url` (URL-mode elicitation, e.g. to sign in
/// elsewhere); `elicitation_id` names this request.
pub fn elicit_url(message: &str, url: &str, elicitation_id: &str) -> Result<Elicited, Failure> {
    elicited(elicit_raw(&json!({
        "mode": "url", "message": message, "url": url, "elicitationId": elicitation_id,
    }))?)
}

/// `elicitation/create` with `params` as given; the client's result.
pub fn elicit_raw(params: &Value) -> Result<Value, Failure> {
    answer(elicit_text(&params.to_string()))
}

fn elicit_text(text: &str) -> Result<String, Failure> {
    host_fn!(
        "client::elicit",
        wit::client::elicit(text).map_err(Failure::from),
        |host| host.ask("elicitation/create", text)
    )
}

/// Asks the client's model to answer `prompt` in at most `max_tokens`;
/// the text it answered.
pub fn sample_text(prompt: &str, max_tokens: u32) -> Result<String, Failure> {
    let result = sample(&json!({
        "messages": [{"role": "user", "content": {"type": "text", "text": prompt}}],
        "maxTokens": max_tokens,
    }))?;
    match result.pointer("/content/text").and_then(Value::as_str) {
        Some(text) => Ok(text.to_string()),
        None => Err(unexpected("sampling/createMessage", &result)),
    }
}

/// `sampling/createMessage` with `params` as given (`messages`,
/// `maxTokens`, `systemPrompt`, `modelPreferences`, …); the client's
/// result (`role`, `content`, `model`, `stopReason`).
pub fn sample(params: &Value) -> Result<Value, Failure> {
    answer(sample_text_json(&params.to_string()))
}

fn sample_text_json(text: &str) -> Result<String, Failure> {
    host_fn!(
        "client::sample",
        wit::client::sample(text).map_err(Failure::from),
        |host| host.ask("sampling/createMessage", text)
    )
}

/// The client's roots (`roots/list`).
pub fn roots() -> Result<Vec<Root>, Failure> {
    let result = answer(roots_text())?;
    let Some(roots) = result.get("roots").and_then(Value::as_array) else {
        return Err(unexpected("roots/list", &result));
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

fn roots_text() -> Result<String, Failure> {
    host_fn!(
        "client::list_roots",
        wit::client::list_roots().map_err(Failure::from),
        |host| host.ask("roots/list", "{}")
    )
}

/// True once the caller has cancelled the call or its deadline has
/// passed: a tool in a long loop may stop early (the host stops it at its
/// next tick either way).
pub fn cancelled() -> bool {
    host_fn!("client::cancelled", wit::client::cancelled(), |host| host
        .cancelled())
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
}
