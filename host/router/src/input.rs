//! Multi-round-trip requests (revision 2026-07-28, SEP-2322): how a
//! stateless request asks its client something.
//!
//! A stateless request has no stream to send the client a request on.
//! Instead, when a tool (or a prompt, or a resource read) asks the client
//! something, the answer is looked up in the request's `inputResponses` by
//! the key the asker gave ([`InputRound::ask`]); a question without an
//! answer is recorded, the asker is told it must wait, and the request is
//! answered `input_required` with every such question by key
//! ([`InputRound::input_required`]). The client retries the request with
//! the answers and the `requestState` it was given; the call runs again
//! from the start and finds them.
//!
//! The `requestState` carries the earlier rounds' answers, so a call that
//! asks in several rounds gets all of them in the last. The server keeps
//! nothing between rounds: the state is sealed with an HMAC-SHA256 under a
//! key of the router's own ([`StateKey`]), bound to the method, the tool,
//! prompt or URI, and the authenticated caller, and it expires; any change
//! fails its check, and the request is refused with -32602.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use gs_toolset::{ClientRequest, ErrorKind, ToolError};
use serde_json::{Map, Value, json};

/// The methods whose requests may ask the client, and so be answered
/// `input_required`.
pub(crate) const ASKING_METHODS: [&str; 3] = ["tools/call", "prompts/get", "resources/read"];

/// How long a `requestState` is accepted after it was issued: long enough
/// for a person to fill in a form.
pub(crate) const STATE_LIFETIME: Duration = Duration::from_secs(3600);

/// Most questions one round may leave unanswered.
pub(crate) const MAX_QUESTIONS: usize = 32;

/// The router's key for sealing `requestState`, random per process.
pub(crate) struct StateKey(ring::hmac::Key);

impl StateKey {
    /// A fresh random key.
    pub(crate) fn random() -> StateKey {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).expect("the system's random source is available");
        StateKey(ring::hmac::Key::new(ring::hmac::HMAC_SHA256, &bytes))
    }

    /// The key the operator gave (`http.request_state_key`), shared by
    /// every process that must accept the others' states.
    pub(crate) fn shared(secret: &crate::StateSecret) -> StateKey {
        StateKey(ring::hmac::Key::new(
            ring::hmac::HMAC_SHA256,
            secret.bytes(),
        ))
    }

    /// `payload` as a sealed state: its JSON, then its tag, each base64url.
    fn seal(&self, payload: &Value) -> String {
        let body = payload.to_string();
        let tag = ring::hmac::sign(&self.0, body.as_bytes());
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(body.as_bytes()),
            URL_SAFE_NO_PAD.encode(tag.as_ref())
        )
    }

    /// The payload of a state this key sealed, or `None` when it was not,
    /// or was changed since.
    fn open(&self, state: &str) -> Option<Value> {
        let (body, tag) = state.split_once('.')?;
        let body = URL_SAFE_NO_PAD.decode(body).ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        ring::hmac::verify(&self.0, &body, &tag).ok()?;
        serde_json::from_slice(&body).ok()
    }
}

/// What a sealed state is bound to: the request it may be retried with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Binding {
    /// The method (`tools/call`, …).
    pub method: String,
    /// The tool or prompt name, or the resource URI.
    pub target: String,
    /// SHA-256 (hex) of the request's `arguments` as JSON, so that answers
    /// given for one set of arguments are not replayed for another.
    pub arguments: String,
    /// The authenticated caller's user, if any.
    pub user: Option<String>,
}

impl Binding {
    /// The binding of a request: its method, the `name` (or `uri`) and
    /// `arguments` of its params, and the caller.
    pub(crate) fn of(method: &str, params: &Map<String, Value>, user: Option<&str>) -> Binding {
        let field = if method == "resources/read" {
            "uri"
        } else {
            "name"
        };
        Binding {
            method: method.to_string(),
            target: params
                .get(field)
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
            arguments: {
                let text = params
                    .get("arguments")
                    .map(Value::to_string)
                    .unwrap_or_default();
                let digest = ring::digest::digest(&ring::digest::SHA256, text.as_bytes());
                crate::lifetime::hex(digest.as_ref(), crate::lifetime::LOWER_HEX)
            },
            user: user.map(str::to_string),
        }
    }
}

/// One round of a stateless request that may ask its client: the answers
/// it came with, and the questions its call asked without one.
#[derive(Debug, Default)]
pub(crate) struct InputRound {
    /// The answers, by key: the earlier rounds' (from `requestState`)
    /// with this request's `inputResponses` over them.
    answers: Map<String, Value>,
    /// The questions without an answer, in the order asked.
    asked: Vec<(String, ClientRequest, Value)>,
    /// Why an answer the call used is not a result of its question, if
    /// one is not: the request is then refused.
    invalid: Option<String>,
}

impl InputRound {
    /// The round of a request with `params`: its `inputResponses` (each an
    /// object, the client's result) and its `requestState`, checked against
    /// `binding`. The error is the -32602 message.
    pub(crate) fn start(
        key: &StateKey,
        binding: &Binding,
        params: &Map<String, Value>,
    ) -> Result<InputRound, String> {
        let mut answers = match params.get("requestState") {
            None => Map::new(),
            Some(Value::String(state)) => earlier_answers(key, binding, state)?,
            Some(_) => return Err("Invalid params: requestState must be a string".into()),
        };
        match params.get("inputResponses") {
            None => {}
            Some(Value::Object(given)) => {
                for (k, v) in given {
                    if !v.is_object() {
                        return Err(format!(
                            "Invalid params: inputResponses.{} must be the client's result (an \
                             object)",
                            cut(k)
                        ));
                    }
                    answers.insert(k.clone(), v.clone());
                }
            }
            Some(_) => {
                return Err(
                    "Invalid params: inputResponses must be an object of the client's results, \
                     by key"
                        .into(),
                );
            }
        }
        Ok(InputRound {
            answers,
            ..InputRound::default()
        })
    }

    /// A round with `answers` given already, as a task's next round has
    /// (`modern::tasks`).
    pub(crate) fn answered(answers: Map<String, Value>) -> InputRound {
        InputRound {
            answers,
            ..InputRound::default()
        }
    }

    /// The answers the round has, by key.
    pub(crate) fn answers(&self) -> Map<String, Value> {
        self.answers.clone()
    }

    /// The answer to the question `request` with `params` under `key`, or
    /// a failure: the question is recorded for `input_required`, or the
    /// answer given under `key` is not a result of `request`.
    pub(crate) fn ask(
        &mut self,
        key: &str,
        request: ClientRequest,
        params: Value,
    ) -> Result<Value, ToolError> {
        let method = request.method();
        if let Some(answer) = self.answers.get(key) {
            return match check_answer(request, answer) {
                Ok(()) => Ok(answer.clone()),
                Err(problem) => {
                    let message = format!(
                        "Invalid params: inputResponses.{} is not a result of {method}: {problem}",
                        cut(key)
                    );
                    self.invalid.get_or_insert(message.clone());
                    Err(ToolError::invalid_params(message))
                }
            };
        }
        if !self.asked.iter().any(|(k, _, _)| k == key) {
            if self.asked.len() == MAX_QUESTIONS {
                return Err(ToolError::new(
                    ErrorKind::Refused,
                    format!(
                        "a request may ask its client at most {MAX_QUESTIONS} questions at once"
                    ),
                ));
            }
            self.asked.push((key.to_string(), request, params));
        }
        Err(ToolError::new(
            ErrorKind::Unavailable,
            format!(
                "the client's answer to `{}` ({method}) comes with a retried request: this \
                 request is answered input_required",
                cut(key)
            ),
        ))
    }

    /// Why the request must be refused (-32602), if an answer it used was
    /// not a result of its question.
    pub(crate) fn invalid(&self) -> Option<&str> {
        self.invalid.as_deref()
    }

    /// The `input_required` result the request is answered with, if its
    /// call asked questions without answers: the questions by key, and the
    /// state to retry with, holding every answer given so far.
    pub(crate) fn input_required(&self, key: &StateKey, binding: &Binding) -> Option<Value> {
        if self.asked.is_empty() {
            return None;
        }
        let requests: Map<String, Value> = self
            .asked
            .iter()
            .map(|(k, request, params)| {
                (
                    k.clone(),
                    json!({"method": request.method(), "params": params}),
                )
            })
            .collect();
        let state = key.seal(&json!({
            "v": 1,
            "method": binding.method,
            "target": binding.target,
            "arguments": binding.arguments,
            "user": binding.user,
            "issued": now_secs(),
            "answers": self.answers,
        }));
        Some(json!({
            "resultType": "input_required",
            "inputRequests": requests,
            "requestState": state,
        }))
    }
}

/// The answers a request state carries, if it is one this server sealed
/// for `binding`, unexpired.
fn earlier_answers(
    key: &StateKey,
    binding: &Binding,
    state: &str,
) -> Result<Map<String, Value>, String> {
    let refused = |why: &str| {
        format!("Invalid params: requestState {why}; start the request again without it")
    };
    let payload = key.open(state).ok_or_else(|| {
        refused("failed its integrity check (it was changed, or not issued by this server)")
    })?;
    let text = |k: &str| payload.get(k).and_then(Value::as_str);
    if text("method") != Some(&binding.method)
        || text("target") != Some(&binding.target)
        || text("arguments") != Some(&binding.arguments)
        || text("user") != binding.user.as_deref()
    {
        return Err(refused("was issued for another request"));
    }
    let issued = payload.get("issued").and_then(Value::as_u64).unwrap_or(0);
    if now_secs().saturating_sub(issued) > STATE_LIFETIME.as_secs() {
        return Err(refused("has expired"));
    }
    match payload.get("answers") {
        Some(Value::Object(a)) => Ok(a.clone()),
        _ => Err(refused("holds no answers")),
    }
}

/// Checks `answer` has the shape of a result of `request`; the error says
/// what is missing.
fn check_answer(request: ClientRequest, answer: &Value) -> Result<(), &'static str> {
    match request {
        ClientRequest::Elicitation => match answer.get("action").and_then(Value::as_str) {
            Some("accept" | "decline" | "cancel") => Ok(()),
            _ => Err("its `action` must be `accept`, `decline` or `cancel`"),
        },
        ClientRequest::Sampling => {
            if answer.get("role").is_some_and(Value::is_string) && answer.get("content").is_some() {
                Ok(())
            } else {
                Err("it needs a `role` and a `content`")
            }
        }
        ClientRequest::Roots => {
            if answer.get("roots").is_some_and(Value::is_array) {
                Ok(())
            } else {
                Err("it needs a `roots` list")
            }
        }
    }
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A client-given key or handle as messages show it: at most 64 bytes.
pub(crate) fn cut(key: &str) -> String {
    if key.len() <= 64 {
        return key.to_string();
    }
    let mut end = 64;
    while !key.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &key[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    fn binding() -> Binding {
        Binding::of("tools/call", &params(json!({"name": "greet"})), None)
    }

    fn accepted(name: &str) -> Value {
        json!({"action": "accept", "content": {"name": name}})
    }

    #[test]
    fn a_question_without_an_answer_is_asked_once_and_its_answer_is_found_on_retry() {
        let key = StateKey::random();
        let mut round = InputRound::start(&key, &binding(), &Map::new()).unwrap();
        let e = round
            .ask(
                "user_name",
                ClientRequest::Elicitation,
                json!({"message": "Who?"}),
            )
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unavailable);
        round
            .ask(
                "user_name",
                ClientRequest::Elicitation,
                json!({"message": "Who?"}),
            )
            .unwrap_err();
        let result = round.input_required(&key, &binding()).unwrap();
        assert_eq!(result["resultType"], "input_required");
        assert_eq!(
            result["inputRequests"],
            json!({"user_name": {"method": "elicitation/create", "params": {"message": "Who?"}}})
        );
        let retry = params(json!({
            "name": "greet",
            "inputResponses": {"user_name": accepted("Ann"), "extra": {"x": 1}},
            "requestState": result["requestState"],
        }));
        let mut round = InputRound::start(&key, &binding(), &retry).unwrap();
        assert_eq!(
            round
                .ask("user_name", ClientRequest::Elicitation, json!({}))
                .unwrap(),
            accepted("Ann")
        );
        assert!(round.input_required(&key, &binding()).is_none());
    }

    #[test]
    fn earlier_answers_ride_in_the_state_to_the_last_round() {
        let key = StateKey::random();
        let first = params(json!({"inputResponses": {"step1": accepted("Ann")}}));
        let mut round = InputRound::start(&key, &binding(), &first).unwrap();
        round
            .ask("step1", ClientRequest::Elicitation, json!({}))
            .unwrap();
        round
            .ask("step2", ClientRequest::Elicitation, json!({}))
            .unwrap_err();
        let state = round.input_required(&key, &binding()).unwrap()["requestState"].clone();
        let last = params(json!({
            "inputResponses": {"step2": accepted("blue")},
            "requestState": state,
        }));
        let mut round = InputRound::start(&key, &binding(), &last).unwrap();
        assert_eq!(
            round
                .ask("step1", ClientRequest::Elicitation, json!({}))
                .unwrap(),
            accepted("Ann")
        );
        assert_eq!(
            round
                .ask("step2", ClientRequest::Elicitation, json!({}))
                .unwrap(),
            accepted("blue")
        );
    }

    #[test]
    fn a_changed_foreign_or_misbound_state_is_refused() {
        let key = StateKey::random();
        let mut round = InputRound::start(&key, &binding(), &Map::new()).unwrap();
        round.ask("k", ClientRequest::Roots, json!({})).unwrap_err();
        let state = round.input_required(&key, &binding()).unwrap()["requestState"]
            .as_str()
            .unwrap()
            .to_string();
        let with = |s: &str| params(json!({"requestState": s}));
        let tampered = InputRound::start(&key, &binding(), &with(&format!("{state}-TAMPERED")));
        assert!(tampered.unwrap_err().contains("failed its integrity check"),);
        let foreign = InputRound::start(&StateKey::random(), &binding(), &with(&state));
        assert!(foreign.unwrap_err().contains("failed its integrity check"));
        let other_tool = Binding::of("tools/call", &params(json!({"name": "other"})), None);
        let misbound = InputRound::start(&key, &other_tool, &with(&state));
        assert!(
            misbound
                .unwrap_err()
                .contains("was issued for another request")
        );
        let other_user = Binding::of("tools/call", &params(json!({"name": "greet"})), Some("bob"));
        assert!(InputRound::start(&key, &other_user, &with(&state)).is_err());
        let other_arguments = Binding::of(
            "tools/call",
            &params(json!({"name": "greet", "arguments": {"class": "Object"}})),
            None,
        );
        let e = InputRound::start(&key, &other_arguments, &with(&state)).unwrap_err();
        assert!(e.contains("was issued for another request"), "{e}");
    }

    #[test]
    fn processes_sharing_a_key_accept_each_others_states() {
        let secret = crate::StateSecret::new(b"0123456789abcdef0123456789abcdef".to_vec()).unwrap();
        let (one, other) = (StateKey::shared(&secret), StateKey::shared(&secret));
        let mut round = InputRound::start(&one, &binding(), &Map::new()).unwrap();
        round.ask("k", ClientRequest::Roots, json!({})).unwrap_err();
        let state = round.input_required(&one, &binding()).unwrap()["requestState"].clone();
        let retry = params(json!({"requestState": state}));
        assert!(InputRound::start(&other, &binding(), &retry).is_ok());
        assert!(InputRound::start(&StateKey::random(), &binding(), &retry).is_err());
        assert!(crate::StateSecret::new(b"short".to_vec()).is_err());
        assert_eq!(format!("{secret:?}"), "StateSecret([redacted])");
    }

    #[test]
    fn answers_that_are_not_results_are_refused() {
        let key = StateKey::random();
        for bad in [
            json!({"inputResponses": {"user_name": 12345}}),
            json!({"inputResponses": null}),
            json!({"inputResponses": [1]}),
            json!({"requestState": 7}),
        ] {
            let e = InputRound::start(&key, &binding(), &params(bad.clone())).unwrap_err();
            assert!(e.starts_with("Invalid params: "), "{bad}: {e}");
        }
        let given = params(json!({"inputResponses": {"r": {"roots": "none"}}}));
        let mut round = InputRound::start(&key, &binding(), &given).unwrap();
        let e = round.ask("r", ClientRequest::Roots, json!({})).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams);
        assert_eq!(
            round.invalid(),
            Some(
                "Invalid params: inputResponses.r is not a result of roots/list: it needs a `roots` list"
            )
        );
    }
}
