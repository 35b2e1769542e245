//! The session record as the router keeps it, and its outbox.
//!
//! A [`Session`] is one MCP session: who holds it, the broker session its
//! calls go to, and its mutable state behind one lock (activity clock,
//! calls in flight, the GET stream's generation, the outbox of messages
//! waiting for that stream, the server-to-client requests awaiting
//! answers). Every other part of the router reads and changes a session
//! through this record, so its fields and the rules for the outbox (the
//! oldest message dropped when full, one stream draining at a time, a new
//! GET stream superseding the old) live here, apart from the code that
//! decides what to send or when to end the session.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::Waker;
use std::time::Instant;

use gs_auth::Principal;
use gs_broker::{BrokerSession, CallControl};
use gs_toolset::{ClientRequest, LogLevel};
use serde_json::Value;

use crate::outbound::{Outbox, PendingTable, Queued};
use crate::{ClientAnswer, OUTBOX_CAP, Router};

/// Who holds a session, for the per-caller cap: the authenticated user,
/// else the client's address.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Caller {
    User(String),
    Addr(IpAddr),
    Unknown,
}

impl Caller {
    /// The caller of a request from `peer`, authenticated as `principal`
    /// when given.
    pub(crate) fn of(principal: Option<&Principal>, peer: Option<IpAddr>) -> Caller {
        match (principal, peer) {
            (Some(p), _) => Caller::User(p.user.clone()),
            (None, Some(ip)) => Caller::Addr(client_address(ip)),
            (None, None) => Caller::Unknown,
        }
    }
}

/// The address that stands for a client in the per-address caps: its IPv4
/// address (also when it connects over IPv6 as `::ffff:a.b.c.d`), or its
/// IPv6 /64, the network one host is given, so that a host cannot pass a
/// cap by choosing another address of its own.
pub(crate) fn client_address(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
    }
}

/// Which of the requests a call may make of its client
/// ([`ClientRequest`]) the client declared the capability for. Only this
/// is kept of the `capabilities` a client sends: they may be as large as a
/// request body, and a session may hold them for hours.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct ClientCapabilities(u8);

impl ClientCapabilities {
    const ASKABLE: [ClientRequest; 3] = [
        ClientRequest::Elicitation,
        ClientRequest::Sampling,
        ClientRequest::Roots,
    ];

    /// What `capabilities` (the client's object, if it sent one) declares.
    pub(crate) fn of(capabilities: Option<&Value>) -> ClientCapabilities {
        let Some(Value::Object(declared)) = capabilities else {
            return ClientCapabilities::default();
        };
        let bits = Self::ASKABLE
            .iter()
            .enumerate()
            .filter(|(_, r)| declared.contains_key(r.capability()))
            .fold(0, |bits, (i, _)| bits | 1 << i);
        ClientCapabilities(bits)
    }

    /// True if the client may be sent `request`.
    pub(crate) fn allow(self, request: ClientRequest) -> bool {
        Self::ASKABLE
            .iter()
            .position(|r| *r == request)
            .is_some_and(|i| self.0 & 1 << i != 0)
    }
}

/// One MCP session as the router sees it.
pub struct Session {
    pub(crate) id: String,
    pub(crate) caller: Caller,
    /// The authenticated user who opened it; only their tokens may use it.
    pub(crate) user: Option<String>,
    /// The token of the session's latest request (scopes, expiry).
    pub(crate) principal: Mutex<Option<Arc<Principal>>>,
    pub(crate) broker: BrokerSession,
    pub(crate) created: Instant,
    pub(crate) state: Mutex<SessionState>,
    /// Taken by each stateless request served in a kept session (see
    /// `modern/handles.rs`) for as long as it runs, so that the request's
    /// own state (its client capabilities, its input round) is not
    /// another's.
    pub(crate) turn: tokio::sync::Mutex<()>,
}

#[derive(Default)]
pub(crate) struct SessionState {
    pub(crate) last_activity: Option<Instant>,
    pub(crate) in_flight: HashMap<String, (CallControl, Arc<tokio::sync::Notify>)>,
    pub(crate) stream_generation: u64,
    pub(crate) stream_open: bool,
    pub(crate) ever_streamed: bool,
    pub(crate) stream_lost_at: Option<Instant>,
    /// Messages waiting for the stream; they wait across a stream handover.
    pub(crate) outbox: Outbox,
    /// Server-to-client requests awaiting the client's answer.
    pub(crate) pending: PendingTable,
    /// The current stream's task, woken when the outbox gains a message or
    /// the stream is superseded.
    pub(crate) drainer: Option<Waker>,
    pub(crate) closed: bool,
    pub(crate) log_level: Option<LogLevel>,
    /// No log lines at all: a stateless request that set no
    /// `io.modelcontextprotocol/logLevel`.
    pub(crate) logs_off: bool,
    /// The capabilities the client declared: in `initialize`, or in a
    /// stateless request's `_meta`.
    pub(crate) client_capabilities: ClientCapabilities,
    /// An `initialize` was answered on this session (stdio, where the
    /// session outlives its first exchange); a second one is refused.
    pub(crate) initialized: bool,
    /// The session serves one stateless (2026-07-28) request: the client
    /// cannot be sent a request on its stream.
    pub(crate) stateless: bool,
    /// The capability a tool of a stateless request needed and the client
    /// had not declared: the request is answered -32021.
    pub(crate) missing_capability: Option<&'static str>,
    /// The answers a stateless request that may ask its client came with,
    /// and the questions its call asked without one (see `input`); none
    /// for other requests, which cannot ask at all.
    pub(crate) input: Option<crate::input::InputRound>,
    /// The task the running stateless call may start (the tasks
    /// extension), if it may start one.
    pub(crate) task: Option<Arc<crate::modern::tasks::TaskRun>>,
    /// True while the session serves a started task: kept, like one with a
    /// call running, while the task waits for its client's answers (the
    /// task's own TTL bounds that).
    pub(crate) in_task: bool,
    /// Calls still running whose client closed its connection before the
    /// answer: they keep the session only while it is otherwise in use.
    pub(crate) abandoned_calls: usize,
    /// A stateless client's kept image session (`open_session`), reached
    /// by its handle as a tool argument, never by the session header.
    pub(crate) held: bool,
    /// The resource URIs the client subscribed to (`resources/subscribe`).
    pub(crate) subscriptions: std::collections::HashSet<String>,
    /// What `subscriptions` holds of `http.total_subscription_bytes`.
    pub(crate) subscription_bytes: Option<crate::caps::Held>,
    /// The `srv-N` number of the liveness ping awaiting an answer.
    pub(crate) probe: Option<u64>,
}

/// What a stream finds when it looks at its session's outbox.
pub(crate) enum Drained {
    /// The next message to write.
    Frame(bytes::Bytes),
    /// Nothing yet; the stream's task will be woken.
    Wait,
    /// The stream is superseded or the session ended.
    End,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("id", &self.id)
            .field("caller", &self.caller)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// The session id (the `MCP-Session-Id` header value).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The authenticated user who opened the session, if any.
    pub fn user(&self) -> Option<&str> {
        self.user.as_deref()
    }

    pub(crate) fn principal(&self) -> Option<Arc<Principal>> {
        self.principal
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Records the token a request of the session came with: a refreshed
    /// token's scopes and expiry take over.
    pub(crate) fn authenticated(&self, p: &Arc<Principal>) {
        *self
            .principal
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(p.clone());
    }

    pub(crate) fn state(&self) -> std::sync::MutexGuard<'_, SessionState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn touch(&self) {
        self.state().last_activity = Some(Instant::now());
    }

    /// Messages the outbox dropped for overflow (the oldest first) since
    /// the session opened.
    pub fn outbox_dropped(&self) -> u64 {
        self.state().outbox.dropped()
    }

    /// The session's calls running or queued, including any whose client
    /// stopped waiting for the answer.
    pub fn calls_running(&self) -> usize {
        self.broker.pending()
    }

    /// Server-to-client requests awaiting the client's answer.
    pub fn pending_requests(&self) -> usize {
        self.state().pending.len()
    }

    /// Queues `message` for the stream, dropping the oldest message if the
    /// outbox is full. A dropped request is settled as never delivered (a
    /// dropped liveness ping is simply forgotten, to be sent again: it
    /// proves nothing about the client).
    pub(crate) fn enqueue(&self, st: &mut SessionState, message: Queued) {
        if let Some(evicted) = st.outbox.push(message) {
            eprintln!(
                "gs-mcp: session {}: outbox full ({OUTBOX_CAP} messages), the oldest was dropped \
                 ({} dropped so far); the client is not reading its stream",
                self.id,
                st.outbox.dropped()
            );
            if let Some(n) = evicted.request {
                if st.probe == Some(n) {
                    st.probe = None;
                }
                if let Some(p) = st.pending.take(n) {
                    p.settle(ClientAnswer::Dropped);
                }
            }
        }
        if let Some(w) = st.drainer.take() {
            w.wake();
        }
    }

    /// The next message for stream `generation`, or why there is none.
    pub(crate) fn drain(&self, generation: u64, waker: &Waker) -> Drained {
        let mut st = self.state();
        if st.closed || st.stream_generation != generation {
            return Drained::End;
        }
        match st.outbox.pop() {
            Some(q) => {
                if let Some(n) = q.request {
                    st.pending.written(n, generation);
                }
                Drained::Frame(q.frame)
            }
            None => {
                if !st.drainer.as_ref().is_some_and(|w| w.will_wake(waker)) {
                    st.drainer = Some(waker.clone());
                }
                Drained::Wait
            }
        }
    }
}

impl Router {
    /// Records a newly opened GET stream for `session` and answers its
    /// generation; the previous stream (if any) ends at its next poll, so
    /// two streams never take from one outbox.
    pub(crate) fn open_stream(&self, session: &Session) -> u64 {
        let mut st = session.state();
        st.stream_generation += 1;
        st.stream_open = true;
        st.ever_streamed = true;
        st.stream_lost_at = None;
        st.last_activity = Some(Instant::now());
        if let Some(w) = st.drainer.take() {
            w.wake();
        }
        st.stream_generation
    }

    /// Records that stream `generation` of `session` ended. What is still
    /// in the outbox waits for the next stream. A stream the server ended
    /// because its token expired (`token_expired`) is no lost client: the
    /// session is kept as `auth.on_token_expiry = "keep"` promises, until
    /// its idle timeout, for a request with a fresh token.
    pub(crate) fn stream_closed(&self, session: &Session, generation: u64, token_expired: bool) {
        let mut st = session.state();
        if st.stream_generation == generation {
            st.stream_open = false;
            st.drainer = None;
            if !token_expired {
                st.stream_lost_at = Some(Instant::now());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_client_is_its_ipv4_address_or_its_ipv6_slash_64() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(client_address(ip("192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(client_address(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(
            client_address(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")),
            ip("2001:db8:1:2::")
        );
        assert_eq!(client_address(ip("::1")), ip("::"));
    }

    #[test]
    fn only_the_capabilities_a_call_may_ask_for_are_kept() {
        let sent = json!({
            "elicitation": {"form": {}},
            "roots": {"listChanged": true},
            "experimental": {"padding": "x".repeat(1 << 20)},
        });
        let kept = ClientCapabilities::of(Some(&sent));
        assert!(kept.allow(ClientRequest::Elicitation));
        assert!(kept.allow(ClientRequest::Roots));
        assert!(!kept.allow(ClientRequest::Sampling));
        assert_eq!(std::mem::size_of_val(&kept), 1, "nothing else is held");
        for nothing in [None, Some(json!("elicitation")), Some(json!(["sampling"]))] {
            let kept = ClientCapabilities::of(nothing.as_ref());
            assert_eq!(kept, ClientCapabilities::default(), "{nothing:?}");
        }
    }
}
