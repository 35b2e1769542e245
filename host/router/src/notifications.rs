//! Server-initiated messages: requests and notifications the server sends
//! its client on the session's stream (through the outbox), the client's
//! answers to those requests, and a call's own messages (log lines,
//! progress, and the requests a tool makes of the client — elicitation,
//! sampling, roots) on the channel of the request that made it.
//!
//! Separate from dispatch, which answers what the client sends: these are
//! the messages that go the other way.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use gs_toolset::{AskFuture, ClientRequest, ErrorKind, LogLevel, Notifier, ToolError};
use serde_json::{Map, Value, json};

use crate::outbound::{self, Pending, Queued};
use crate::{ClientAnswer, Router, SendRefused, Session};

/// What a request sends back on its own channel, in order: the
/// notifications it emits, then its answer.
#[derive(Debug)]
pub(crate) enum Out {
    /// A notification emitted during the request.
    Note(Value),
    /// The answer (`None`: cancelled, no answer).
    Done(Option<crate::protocol::Answer>),
}

/// Where a stream's messages come from: a call's own channel, fed from
/// its bounded backlog ([`crate::outbound::CALL_BACKLOG`]), or a listen
/// stream's, which holds at most [`crate::modern::listen::BACKLOG`]
/// messages. Either way, what a client does not read is dropped rather
/// than held for it.
pub(crate) type OutReceiver = tokio::sync::mpsc::Receiver<Out>;

/// A request the server sent its client, awaiting the answer.
#[derive(Debug)]
pub struct ServerRequest {
    id: String,
    answer: tokio::sync::oneshot::Receiver<ClientAnswer>,
}

impl ServerRequest {
    /// Its `srv-N` id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Waits for the client's answer (or the request's expiry, or the end
    /// of the session).
    pub async fn answer(self) -> ClientAnswer {
        self.answer.await.unwrap_or(ClientAnswer::SessionEnded)
    }
}

impl Router {
    /// Sends `method` with `params` to the client of `session` as a
    /// request on its stream (queued until a GET stream takes it), and
    /// records it in the session's pending-request table. The answer comes
    /// from [`ServerRequest::answer`].
    pub fn send_request(
        &self,
        session: &Session,
        method: &str,
        params: Option<Value>,
    ) -> Result<ServerRequest, SendRefused> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let n = self.queue_request(session, method, params, Some(tx), Instant::now())?;
        Ok(ServerRequest {
            id: outbound::request_id(n),
            answer: rx,
        })
    }

    pub(crate) fn queue_request(
        &self,
        session: &Session,
        method: &str,
        params: Option<Value>,
        reply: Option<tokio::sync::oneshot::Sender<ClientAnswer>>,
        now: Instant,
    ) -> Result<u64, SendRefused> {
        let mut st = session.state();
        if st.closed {
            return Err(SendRefused::SessionEnded);
        }
        let n = self.server_requests.fetch_add(1, Ordering::Relaxed) + 1;
        st.pending.insert(
            n,
            Pending {
                sent: now,
                patience: Some(outbound::SERVER_REQUEST_TIMEOUT),
                written: None,
                reply,
            },
        )?;
        let id = json!(outbound::request_id(n));
        let frame = server_message(Some(id), method, params);
        session.enqueue(
            &mut st,
            Queued {
                frame,
                request: Some(n),
            },
        );
        Ok(n)
    }

    /// Sends the notification `method` with `params` to the client of
    /// `session` on its stream (queued until a GET stream takes it; when
    /// the outbox is full the oldest message is dropped). False if the
    /// session has ended.
    pub fn send_notification(
        &self,
        session: &Session,
        method: &str,
        params: Option<Value>,
    ) -> bool {
        let mut st = session.state();
        if st.closed {
            return false;
        }
        let frame = server_message(None, method, params);
        session.enqueue(
            &mut st,
            Queued {
                frame,
                request: None,
            },
        );
        true
    }

    /// Takes a JSON-RPC response the client POSTed (`outcome`: its result,
    /// or its error object) and settles the server-to-client request it
    /// answers. An id the table does not hold — an answer that came after
    /// its request expired, or to a request of another session — is
    /// accepted and ignored: the client did nothing wrong by answering.
    ///
    /// An answered liveness ping proves the client live, but deliberately
    /// does not count as activity: only real traffic keeps a session.
    pub fn handle_response(&self, session: &Session, id: &Value, outcome: Result<Value, Value>) {
        let Some(n) = outbound::request_number(id) else {
            return;
        };
        let mut st = session.state();
        if st.probe == Some(n) {
            st.probe = None;
        }
        if let Some(p) = st.pending.take(n) {
            p.settle(match outcome {
                Ok(result) => ClientAnswer::Result(result),
                Err(error) => ClientAnswer::Error(error),
            });
        }
    }
}

/// Where a call's notifications go: the queue of the transport answering
/// the request.
pub type NoteSink = Arc<outbound::CallNotes>;

/// Turns a call's log lines and progress into MCP notifications on the
/// request's own channel: progress only when the client asked for it with a
/// `progressToken`, log lines only at or above the session's level.
pub(crate) struct ChannelNotifier {
    /// How the call asks its client something; none where there is no
    /// session to ask through.
    pub(crate) asker: Option<ClientAsker>,
    pub(crate) sink: Option<NoteSink>,
    pub(crate) progress_token: Option<Value>,
    /// The least severe level sent (all when none), if log lines are sent
    /// at all.
    pub(crate) min_level: Option<Option<LogLevel>>,
}

impl Notifier for ChannelNotifier {
    fn log(&self, level: LogLevel, logger: &str, message: &str) {
        if let Some(sink) = &self.sink
            && let Some(min_level) = self.min_level
            && min_level.is_none_or(|min| level >= min)
        {
            sink.send(json!({
                "jsonrpc": "2.0",
                "method": "notifications/message",
                "params": {"level": level.as_str(), "logger": logger, "data": message},
            }));
        }
    }

    fn progress(&self, progress: f64, total: Option<f64>, message: Option<&str>) {
        if let (Some(sink), Some(token)) = (&self.sink, &self.progress_token) {
            let mut params = Map::new();
            params.insert("progressToken".into(), token.clone());
            params.insert("progress".into(), json!(progress));
            if let Some(t) = total {
                params.insert("total".into(), json!(t));
            }
            if let Some(m) = message {
                params.insert("message".into(), json!(m));
            }
            sink.send(json!({
                "jsonrpc": "2.0",
                "method": "notifications/progress",
                "params": params,
            }));
        }
    }

    fn ask(&self, key: &str, request: ClientRequest, params: Value) -> AskFuture<'_> {
        let key = key.to_string();
        Box::pin(async move {
            let Some(asker) = &self.asker else {
                return Err(ToolError::new(
                    ErrorKind::Unavailable,
                    format!("{} needs a session to ask through", request.method()),
                ));
            };
            match asker.send(&key, request, params, self.sink.as_ref())? {
                Sent::Answered(answer) => Ok(answer),
                Sent::Waiting(answer) => {
                    client_result(request, answer.await.unwrap_or(ClientAnswer::SessionEnded))
                }
            }
        })
    }

    fn start_task(&self, message: Option<&str>) -> bool {
        let run = self
            .asker
            .as_ref()
            .and_then(|asker| asker.session.state().task.clone());
        run.is_some_and(|run| run.start(message))
    }
}

/// The frame of a message the server sends: a request when it has an
/// `id`, else a notification.
fn server_message(id: Option<Value>, method: &str, params: Option<Value>) -> bytes::Bytes {
    outbound::frame(&server_message_value(id, method, params))
}

fn server_message_value(id: Option<Value>, method: &str, params: Option<Value>) -> Value {
    let mut message = Map::new();
    message.insert("jsonrpc".into(), json!("2.0"));
    if let Some(id) = id {
        message.insert("id".into(), id);
    }
    message.insert("method".into(), json!(method));
    if let Some(p) = params {
        message.insert("params".into(), p);
    }
    Value::Object(message)
}

/// What a call needs to ask its client: the session (its declared
/// capabilities, its pending-request table, its outbox) and the router's
/// request numbering.
pub(crate) struct ClientAsker {
    pub(crate) session: Arc<Session>,
    pub(crate) numbers: Arc<AtomicU64>,
    /// The call's deadline, which the request waits for at most; none: it
    /// waits until answered, the call is cancelled or the session ends.
    pub(crate) deadline: Option<Instant>,
}

impl ClientAsker {
    /// Checks the client declared the capability `request` needs, records
    /// the request in the session's pending table (which caps how many
    /// wait and expires them) and sends it on the call's own stream, or on
    /// the session's stream when the call has none.
    fn send(
        &self,
        key: &str,
        request: ClientRequest,
        params: Value,
        sink: Option<&NoteSink>,
    ) -> Result<Sent, ToolError> {
        let deadline = self.deadline;
        let mut st = self.session.state();
        let declared = st.client_capabilities.allow(request);
        if !declared && st.stateless {
            st.missing_capability = Some(request.capability());
        }
        if !declared {
            return Err(ToolError::new(
                ErrorKind::Refused,
                format!(
                    "the client did not declare the `{}` capability, so the tool cannot send it \
                     {}; use a client that supports it",
                    request.capability(),
                    request.method()
                ),
            ));
        }
        if st.closed {
            return Err(ToolError::new(
                ErrorKind::Unavailable,
                "the session ended before the client could be asked",
            ));
        }
        if st.stateless {
            // The revision asks through an input_required result and a
            // retried request, never a request on the response stream.
            return match st.input.as_mut() {
                Some(round) => round.ask(key, request, params).map(Sent::Answered),
                None => Err(ToolError::new(
                    ErrorKind::Unavailable,
                    format!(
                        "{} cannot be sent here: at revision 2026-07-28 only tools/call, \
                         prompts/get and resources/read may ask the client",
                        request.method()
                    ),
                )),
            };
        }
        let n = self.numbers.fetch_add(1, Ordering::Relaxed) + 1;
        let (tx, rx) = tokio::sync::oneshot::channel();
        st.pending
            .insert(
                n,
                Pending {
                    sent: Instant::now(),
                    patience: deadline.map(|d| d.saturating_duration_since(Instant::now())),
                    written: None,
                    reply: Some(tx),
                },
            )
            .map_err(|refused| {
                ToolError::new(
                    ErrorKind::Unavailable,
                    format!("{} was not sent: {refused}", request.method()),
                )
            })?;
        let id = json!(outbound::request_id(n));
        match sink {
            Some(sink) => sink.send(server_message_value(
                Some(id),
                request.method(),
                Some(params),
            )),
            None => {
                let frame = server_message(Some(id), request.method(), Some(params));
                self.session.enqueue(
                    &mut st,
                    Queued {
                        frame,
                        request: Some(n),
                    },
                );
            }
        }
        Ok(Sent::Waiting(rx))
    }
}

/// A request to the client, sent and waiting for its answer, or answered
/// already by a stateless request's `inputResponses`.
enum Sent {
    Waiting(tokio::sync::oneshot::Receiver<ClientAnswer>),
    Answered(Value),
}

/// The client's answer to a tool's request, as the tool receives it.
fn client_result(request: ClientRequest, answer: ClientAnswer) -> Result<Value, ToolError> {
    let method = request.method();
    match answer {
        ClientAnswer::Result(result) => Ok(result),
        ClientAnswer::Error(error) => Err(ToolError::new(
            ErrorKind::Refused,
            format!(
                "the client answered {method} with an error: {}",
                error
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or("(no message)")
            ),
        )),
        ClientAnswer::TimedOut => Err(ToolError::new(
            ErrorKind::Deadline,
            format!("the client did not answer {method} before the call's deadline"),
        )),
        ClientAnswer::Dropped => Err(ToolError::new(
            ErrorKind::Unavailable,
            format!("{method} never reached the client: its stream's queue overflowed"),
        )),
        ClientAnswer::SessionEnded => Err(ToolError::new(
            ErrorKind::Unavailable,
            format!("the session ended before the client answered {method}"),
        )),
    }
}
