//! The `client` host functions: requests to the client, answered in a
//! session by the test's stub or, played stateless, by key.

use super::State;
use super::state::{Asked, failure};
use crate::client::ClientRequest;
use crate::{Error, ErrorKind, Failure};

/// The `client` host functions, as the mock answers them.
impl State {
    /// A request to the client under `key` (the next automatic key when
    /// `None`), answered as the server answers it in a session or a
    /// stateless request.
    pub(crate) fn ask(
        &mut self,
        key: Option<&str>,
        request: ClientRequest,
        params: Option<&str>,
    ) -> Result<String, Failure> {
        let method = request.method();
        let key = match key {
            Some(key) if is_automatic_key(key) => {
                return Err(failure(Error::invalid_params(format!(
                    "the key `{key}` is one the host gives requests sent without a key \
                     (elicit, sample, list-roots), so the two would share an answer; choose \
                     another"
                ))));
            }
            Some(key) if is_input_key(key) => key.to_string(),
            Some(key) => {
                return Err(failure(Error::invalid_params(format!(
                    "the key `{key}` of a request to the client must be 1 to 64 ASCII letters, \
                     digits, `_`, `-` or `.`"
                ))));
            }
            None => {
                let slot = match request {
                    ClientRequest::Elicitation => 0,
                    ClientRequest::Sampling => 1,
                    ClientRequest::Roots => 2,
                };
                self.unkeyed[slot] += 1;
                match self.unkeyed[slot] {
                    1 => request.capability().to_string(),
                    n => format!("{}-{n}", request.capability()),
                }
            }
        };
        let params: serde_json::Value = match params {
            Some(text) => serde_json::from_str(text).unwrap_or_default(),
            None => serde_json::json!({}),
        };
        self.asked.push(Asked {
            key: key.clone(),
            method: method.to_string(),
            params: params.clone(),
        });
        if let Some(declared) = &self.capabilities
            && !declared.iter().any(|c| c == request.capability())
        {
            return Err(failure(Error::refused(format!(
                "{method} needs the client's `{}` capability, which it did not declare (in a \
                 test: MockHost::client_capabilities)",
                request.capability()
            ))));
        }
        if self.stateless {
            return match self.input_responses.get(&key) {
                Some(result) => match check_result(request, result) {
                    Ok(()) => Ok(result.to_string()),
                    Err(problem) => Err(failure(Error::invalid_params(format!(
                        "Invalid params: inputResponses.{key} is not a result of {method}: \
                         {problem}"
                    )))),
                },
                None => {
                    self.input_requests
                        .entry(key.clone())
                        .or_insert_with(|| serde_json::json!({"method": method, "params": params}));
                    Err(failure(Error::other(format!(
                        "the client's answer to `{key}` ({method}) comes with a retried \
                         request: this request is answered input_required"
                    ))))
                }
            };
        }
        match &self.client {
            Some(answer) => answer(method, &params).map(|v| v.to_string()),
            None => Err(Failure {
                kind: ErrorKind::Refused,
                message: format!(
                    "the client did not declare the capability {method} needs (the mock host \
                     has no client: give it one with MockHost::client)"
                ),
                details: None,
            }),
        }
    }

    pub(crate) fn cancelled(&mut self) -> bool {
        self.cancelled
    }

    pub(crate) fn start_task(&mut self, message: Option<&str>) -> bool {
        if self.task_started.is_some() {
            return true;
        }
        if !self.tasks_declared || self.call_tasks.is_none() {
            return false;
        }
        self.task_started = Some(message.map(str::to_string));
        true
    }
}

/// True if `key` may name a request to the client, as the server checks
/// it: 1 to 64 ASCII letters, digits, `_`, `-` or `.`.
fn is_input_key(key: &str) -> bool {
    (1..=64).contains(&key.len())
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// True if `key` has the form of a key the server gives requests sent
/// without one (`elicitation`, `sampling-2`, …), which a toolset may not
/// choose, as the server checks it.
fn is_automatic_key(key: &str) -> bool {
    ["elicitation", "sampling", "roots"].iter().any(|base| {
        key.strip_prefix(base).is_some_and(|rest| {
            rest.is_empty()
                || rest
                    .strip_prefix('-')
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
    })
}

/// Checks `result` has the shape of a client's result for `request`, as
/// the server checks an `inputResponses` entry; the error says what is
/// missing.
fn check_result(request: ClientRequest, result: &serde_json::Value) -> Result<(), &'static str> {
    match request {
        ClientRequest::Elicitation => match result.get("action").and_then(|a| a.as_str()) {
            Some("accept" | "decline" | "cancel") => Ok(()),
            _ => Err("its `action` must be `accept`, `decline` or `cancel`"),
        },
        ClientRequest::Sampling => {
            if result.get("role").is_some_and(|r| r.is_string()) && result.get("content").is_some()
            {
                Ok(())
            } else {
                Err("it needs a `role` and a `content`")
            }
        }
        ClientRequest::Roots => {
            if result.get("roots").is_some_and(|r| r.is_array()) {
                Ok(())
            } else {
                Err("it needs a `roots` list")
            }
        }
    }
}
