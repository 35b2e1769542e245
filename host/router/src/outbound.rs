//! What the server sends first, per session: the outbox its GET stream
//! drains and the table of server-to-client requests awaiting an answer.
//!
//! The outbox is a FIFO bounded at [`OUTBOX_CAP`]. When it is full the
//! *oldest* message is dropped to make room, as the reference server does:
//! a client that fell that far behind is better served by the newest state
//! than by a backlog, and the gap is written to the log so it is not silent.
//!
//! Server-to-client requests carry ids `srv-N`, a namespace of their own so
//! they can never collide with the ids a client picks. Each waits in the
//! session's [`PendingTable`] until the client POSTs the matching response,
//! the entry expires after [`SERVER_REQUEST_TIMEOUT`] (an unanswered
//! request must decide something, never hang a session), or the session
//! ends. The table is bounded at [`PENDING_CAP`]: a client that answers
//! nothing cannot make the server hold ever more waiters.

use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use bytes::Bytes;
use serde_json::Value;
use tokio::sync::oneshot;

/// Most messages one session's outbox holds; past it the oldest is dropped.
pub const OUTBOX_CAP: usize = 256;

/// Most server-to-client requests one session may have awaiting answers.
pub const PENDING_CAP: usize = 32;

/// How long a server-to-client request waits for its answer.
pub const SERVER_REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// How the client answered a server-to-client request.
#[derive(Debug, Clone, PartialEq)]
pub enum ClientAnswer {
    /// The client's `result`.
    Result(Value),
    /// The client's `error` object (`code`, `message`, maybe `data`).
    Error(Value),
    /// No answer came within [`SERVER_REQUEST_TIMEOUT`].
    TimedOut,
    /// The request never reached the client: the outbox overflowed and
    /// dropped it before any stream took it.
    Dropped,
    /// The session ended before the client answered.
    SessionEnded,
}

/// Why a server-to-client request was not sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendRefused {
    /// The session already has [`PENDING_CAP`] requests awaiting answers.
    TooManyPending(usize),
    /// The session has ended.
    SessionEnded,
}

impl std::fmt::Display for SendRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SendRefused::TooManyPending(cap) => write!(
                f,
                "the session already has {cap} requests to its client awaiting answers; wait for \
                 one to be answered or to time out"
            ),
            SendRefused::SessionEnded => f.write_str("the session has ended"),
        }
    }
}

impl std::error::Error for SendRefused {}

/// One message waiting for the session's stream: an SSE frame and, for a
/// request, the number of its `srv-N` id.
pub(crate) struct Queued {
    pub frame: Bytes,
    pub request: Option<u64>,
}

/// One session's outbox.
#[derive(Default)]
pub(crate) struct Outbox {
    queue: VecDeque<Queued>,
    dropped: u64,
}

impl Outbox {
    /// Appends `message`. When the outbox is full the oldest message is
    /// removed first and answered, so the caller can settle a request it
    /// carried.
    pub fn push(&mut self, message: Queued) -> Option<Queued> {
        let evicted = if self.queue.len() >= OUTBOX_CAP {
            self.dropped += 1;
            self.queue.pop_front()
        } else {
            None
        };
        self.queue.push_back(message);
        evicted
    }

    /// The oldest message, taken for writing.
    pub fn pop(&mut self) -> Option<Queued> {
        self.queue.pop_front()
    }

    /// Messages dropped for overflow since the session opened.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// Empties the outbox (the session ended); answers what it held.
    pub fn drain(&mut self) -> impl Iterator<Item = Queued> + '_ {
        self.queue.drain(..)
    }
}

/// One server-to-client request awaiting its answer.
pub(crate) struct Pending {
    /// When it was sent (the clock its expiry counts from).
    pub sent: Instant,
    /// How long it may wait for its answer: [`SERVER_REQUEST_TIMEOUT`]
    /// for the server's own requests, the rest of the call's time for a
    /// tool's (a person may be filling in a form), none for a tool call
    /// without a deadline.
    pub patience: Option<Duration>,
    /// The stream generation that wrote it to the client, once one did.
    pub written: Option<u64>,
    /// Where the answer goes; `None` for the liveness ping, whose answer
    /// only clears it.
    pub reply: Option<oneshot::Sender<ClientAnswer>>,
}

impl Pending {
    /// Settles the request with `answer` (a waiter that gave up is fine).
    pub fn settle(self, answer: ClientAnswer) {
        if let Some(reply) = self.reply {
            let _ = reply.send(answer);
        }
    }
}

/// One session's requests awaiting answers, keyed by the `N` of `srv-N`.
#[derive(Default)]
pub(crate) struct PendingTable {
    entries: HashMap<u64, Pending>,
}

impl PendingTable {
    /// Records request `n`, unless the table is full.
    pub fn insert(&mut self, n: u64, pending: Pending) -> Result<(), SendRefused> {
        if self.entries.len() >= PENDING_CAP {
            return Err(SendRefused::TooManyPending(PENDING_CAP));
        }
        self.entries.insert(n, pending);
        Ok(())
    }

    /// Takes request `n` out (it was answered, dropped or abandoned).
    pub fn take(&mut self, n: u64) -> Option<Pending> {
        self.entries.remove(&n)
    }

    /// Marks request `n` as written by stream `generation`.
    pub fn written(&mut self, n: u64, generation: u64) {
        if let Some(p) = self.entries.get_mut(&n) {
            p.written = Some(generation);
        }
    }

    /// Request `n`, if it is still awaited.
    pub fn get(&self, n: u64) -> Option<&Pending> {
        self.entries.get(&n)
    }

    /// Takes out every request that has waited past its patience at `now`,
    /// and every one whose waiter has given up (a tool call cancelled or
    /// past its deadline).
    pub fn expire(&mut self, now: Instant) -> Vec<(u64, Pending)> {
        let due: Vec<u64> = self
            .entries
            .iter()
            .filter(|(_, p)| {
                p.patience
                    .is_some_and(|d| now.saturating_duration_since(p.sent) >= d)
                    || p.reply.as_ref().is_some_and(|r| r.is_closed())
            })
            .map(|(n, _)| *n)
            .collect();
        due.into_iter()
            .filter_map(|n| self.entries.remove(&n).map(|p| (n, p)))
            .collect()
    }

    /// Restarts every request's clock at `now` (after a pass that ran far
    /// too late to judge the client by).
    pub fn restart_clocks(&mut self, now: Instant) {
        for p in self.entries.values_mut() {
            p.sent = now;
        }
    }

    /// Takes out every request (the session ended).
    pub fn drain(&mut self) -> impl Iterator<Item = (u64, Pending)> + '_ {
        self.entries.drain()
    }

    /// Requests awaiting answers.
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

/// The `srv-N` id of request `n`.
pub(crate) fn request_id(n: u64) -> String {
    format!("srv-{n}")
}

/// The `N` of a `srv-N` id, if `id` is one.
pub(crate) fn request_number(id: &Value) -> Option<u64> {
    id.as_str()?.strip_prefix("srv-")?.parse().ok()
}

/// How many messages one call holds for a client that is not reading its
/// stream. Past it, the oldest notification is dropped to make room: a
/// notifier never blocks a tool call, and a client that stops reading
/// cannot make the server hold a call's output without bound (a built-in
/// tool sends one progress note per test it runs). The requests a tool
/// makes of its client are never dropped; the pending table bounds them.
pub const CALL_BACKLOG: usize = 256;

/// The notifications one call emits (log lines, progress) and the
/// requests it makes of its client, on their way to the transport
/// answering the call, in order: at most [`CALL_BACKLOG`] of them. A queue
/// and a wake-up: one small allocation per call, where a tokio channel
/// allocated a block of a kilobyte for every call, notifying or not.
#[derive(Debug, Default)]
pub struct CallNotes {
    queue: Mutex<VecDeque<Value>>,
    arrived: tokio::sync::Notify,
}

impl CallNotes {
    /// Queues a message and wakes the transport if it waits; when
    /// [`CALL_BACKLOG`] are queued, the oldest notification goes first.
    pub fn send(&self, note: Value) {
        {
            let mut queue = self.lock();
            if queue.len() >= CALL_BACKLOG {
                if let Some(oldest) = queue.iter().position(|m| m.get("id").is_none()) {
                    queue.remove(oldest);
                } else if note.get("id").is_none() {
                    return;
                }
            }
            queue.push_back(note);
        }
        // Stores a permit if nobody waits yet, so a `recv` that looked at
        // the queue just before still wakes.
        self.arrived.notify_one();
    }

    /// The oldest queued message, if any.
    pub fn try_recv(&self) -> Option<Value> {
        self.lock().pop_front()
    }

    /// The next message, waiting for it. Dropping the future loses
    /// nothing: the message stays queued.
    pub async fn recv(&self) -> Value {
        loop {
            if let Some(note) = self.try_recv() {
                return note;
            }
            self.arrived.notified().await;
        }
    }

    /// Waits until a message is queued, taking none.
    async fn ready(&self) {
        while self.lock().is_empty() {
            self.arrived.notified().await;
        }
    }

    /// Drives `call` to its answer, passing each of its messages through
    /// `forward` to `out` as the reader of `out` makes room, and every one
    /// still queued when the call ends before the answer is returned. A
    /// reader that falls behind holds up only these messages (the call's
    /// backlog then drops its oldest notifications), never the call; once
    /// the reader has gone, the call is dropped and `None` answered.
    pub(crate) async fn relay<C, T>(
        &self,
        call: C,
        out: &tokio::sync::mpsc::Sender<T>,
        mut forward: impl FnMut(Value) -> Option<T>,
    ) -> Option<crate::protocol::Answer>
    where
        C: std::future::Future<Output = Option<crate::protocol::Answer>>,
    {
        tokio::pin!(call);
        loop {
            tokio::select! {
                biased;
                permit = async {
                    self.ready().await;
                    out.reserve().await
                } => {
                    let message = self.try_recv().and_then(&mut forward);
                    if let (Ok(permit), Some(m)) = (permit, message) {
                        permit.send(m);
                    }
                }
                // Its reader is gone (the client closed the stream): the
                // call is dropped here, and its in-flight entry decides
                // what that means for it (in_flight.rs).
                () = out.closed() => return None,
                answer = &mut call => {
                    while let Some(note) = self.try_recv() {
                        let Some(m) = forward(note) else { continue };
                        if out.send(m).await.is_err() {
                            break;
                        }
                    }
                    return answer;
                }
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<Value>> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What starts and ends each SSE event this server writes.
const EVENT_HEAD: &[u8] = b"event: message\ndata: ";
const EVENT_TAIL: &[u8] = b"\n\n";

/// An SSE frame carrying `message`, serialised straight into it.
pub(crate) fn frame(message: &Value) -> Bytes {
    let mut body = EVENT_HEAD.to_vec();
    // Writing a JSON value into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut body, message);
    body.extend_from_slice(EVENT_TAIL);
    Bytes::from(body)
}

/// The JSON a frame made by [`frame`] carries (the frame itself if it is
/// not one), for a transport without SSE.
pub(crate) fn frame_json(frame: &[u8]) -> &[u8] {
    frame
        .strip_prefix(EVENT_HEAD)
        .and_then(|f| f.strip_suffix(EVENT_TAIL))
        .unwrap_or(frame)
}

/// The SSE event carrying a message already serialised (one line of JSON).
pub(crate) fn event_json(json: &[u8]) -> Vec<u8> {
    let mut body = Vec::with_capacity(EVENT_HEAD.len() + json.len() + EVENT_TAIL.len());
    body.extend_from_slice(EVENT_HEAD);
    body.extend_from_slice(json);
    body.extend_from_slice(EVENT_TAIL);
    body
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn call_notes_arrive_in_order_whether_sent_before_or_during_a_wait() {
        let notes = std::sync::Arc::new(CallNotes::default());
        notes.send(Value::from(1));
        notes.send(Value::from(2));
        assert_eq!(notes.recv().await, Value::from(1));
        let sender = notes.clone();
        let late = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            sender.send(Value::from(3));
        });
        assert_eq!(notes.recv().await, Value::from(2));
        let third = tokio::time::timeout(Duration::from_secs(5), notes.recv()).await;
        assert_eq!(third.ok(), Some(Value::from(3)));
        late.join().unwrap();
        assert_eq!(notes.try_recv(), None);
    }

    #[test]
    fn a_full_call_backlog_drops_its_oldest_notification_and_never_a_request() {
        let notes = CallNotes::default();
        notes.send(serde_json::json!({"id": "srv-1", "method": "roots/list"}));
        for n in 0..2 * CALL_BACKLOG {
            notes.send(serde_json::json!({"method": "notifications/progress", "n": n}));
        }
        let mut held = Vec::new();
        while let Some(m) = notes.try_recv() {
            held.push(m);
        }
        assert_eq!(held.len(), CALL_BACKLOG);
        assert_eq!(held[0]["id"], "srv-1", "the request stays first");
        assert_eq!(
            held[1]["n"],
            CALL_BACKLOG + 1,
            "the oldest notifications went"
        );
        assert_eq!(held[CALL_BACKLOG - 1]["n"], 2 * CALL_BACKLOG - 1);
    }

    fn q(n: u64) -> Queued {
        Queued {
            frame: Bytes::from(n.to_string()),
            request: None,
        }
    }

    #[test]
    fn a_full_outbox_drops_the_oldest_and_counts_it() {
        let mut o = Outbox::default();
        for n in 0..OUTBOX_CAP as u64 {
            assert!(o.push(q(n)).is_none());
        }
        let evicted = o.push(q(1000)).expect("the oldest makes room");
        assert_eq!(evicted.frame, Bytes::from("0"));
        assert_eq!(o.dropped(), 1);
        assert_eq!(o.pop().unwrap().frame, Bytes::from("1"));
        let mut last = None;
        while let Some(m) = o.pop() {
            last = Some(m.frame);
        }
        assert_eq!(last, Some(Bytes::from("1000")));
    }

    #[test]
    fn pending_requests_are_bounded_and_expire() {
        let t0 = Instant::now();
        let mut t = PendingTable::default();
        for n in 0..PENDING_CAP as u64 {
            let sent = t0 + Duration::from_secs(n);
            t.insert(
                n,
                Pending {
                    sent,
                    patience: Some(SERVER_REQUEST_TIMEOUT),
                    written: None,
                    reply: None,
                },
            )
            .unwrap();
        }
        let refused = t.insert(
            99,
            Pending {
                sent: t0,
                patience: Some(SERVER_REQUEST_TIMEOUT),
                written: None,
                reply: None,
            },
        );
        assert_eq!(refused, Err(SendRefused::TooManyPending(PENDING_CAP)));
        let expired: Vec<u64> = {
            let mut v: Vec<u64> = t
                .expire(t0 + SERVER_REQUEST_TIMEOUT + Duration::from_secs(1))
                .into_iter()
                .map(|(n, _)| n)
                .collect();
            v.sort_unstable();
            v
        };
        assert_eq!(expired, [0, 1]);
        assert_eq!(t.len(), PENDING_CAP - 2);
    }

    #[test]
    fn a_tools_request_waits_its_calls_time_and_goes_when_its_waiter_does() {
        let t0 = Instant::now();
        let mut t = PendingTable::default();
        let (tx, rx) = tokio::sync::oneshot::channel();
        let pending = |patience, reply| Pending {
            sent: t0,
            patience,
            written: None,
            reply,
        };
        t.insert(1, pending(None, Some(tx))).unwrap();
        t.insert(2, pending(Some(Duration::from_secs(600)), None))
            .unwrap();
        let later = t0 + SERVER_REQUEST_TIMEOUT * 4;
        assert!(t.expire(later).is_empty());
        drop(rx);
        let gone: Vec<u64> = t.expire(later).into_iter().map(|(n, _)| n).collect();
        assert_eq!(gone, [1]);
        let gone: Vec<u64> = t
            .expire(t0 + Duration::from_secs(601))
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert_eq!(gone, [2]);
    }

    #[test]
    fn only_srv_ids_name_server_requests() {
        assert_eq!(request_number(&Value::String(request_id(7))), Some(7));
        assert_eq!(request_number(&Value::String("srv-x".into())), None);
        assert_eq!(request_number(&serde_json::json!(7)), None);
        assert_eq!(request_number(&Value::String("7".into())), None);
    }
}
