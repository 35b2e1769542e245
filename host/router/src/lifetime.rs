//! Session lifetime: opening a session under the server and per-caller
//! caps, closing it, and the maintenance pass that reaps sessions past
//! their policy (absolute cap, token expiry, idle, streamless idle, lost
//! stream, unanswered liveness ping) and expires server-to-client
//! requests.
//!
//! Separate from dispatch because it runs on its own clock: the
//! maintenance task acts on sessions whether or not a request arrives.

use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use gs_auth::Principal;

use crate::caps::{CallerPlace, NoPlace};
use crate::session::{Caller, SessionState};
use crate::{ClientAnswer, Router, Session};

/// Why `initialize` could not open a session.
#[derive(Debug)]
pub enum OpenRefused {
    /// The server holds its maximum number of sessions (HTTP 503).
    ServerFull(usize),
    /// The caller holds its maximum (HTTP 429, Retry-After seconds).
    CallerFull(usize, u64),
    /// The image session could not be opened.
    Failed(String),
}

/// 128 random bits as 32 upper-case hex digits (visible ASCII, as MCP
/// requires of session ids).
pub(crate) fn new_session_id() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| format!("the system random number generator failed: {e}"))?;
    Ok(hex(&bytes, UPPER_HEX))
}

/// Upper-case hex digits, for [`hex`].
pub(crate) const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Lower-case hex digits, for [`hex`].
pub(crate) const LOWER_HEX: &[u8; 16] = b"0123456789abcdef";

/// `bytes` as two of `digits` each, written into one string.
pub(crate) fn hex(bytes: &[u8], digits: &[u8; 16]) -> String {
    let mut text = String::with_capacity(2 * bytes.len());
    for b in bytes {
        text.push(char::from(digits[usize::from(b >> 4)]));
        text.push(char::from(digits[usize::from(b & 15)]));
    }
    text
}

impl Router {
    /// Ends the session `id` for `reason`, which its client's next request
    /// is told ([`Router::ended_reason`]); false if there was none.
    pub(crate) fn end(&self, id: &str, reason: &str) -> bool {
        let user = self.session(id).and_then(|s| s.user().map(str::to_string));
        if !self.close(id) {
            return false;
        }
        self.ended
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .record(id, user.as_deref(), reason);
        true
    }

    /// Why the server ended session `id` of `user`, if it did lately.
    pub(crate) fn ended_reason(&self, id: &str, user: Option<&str>) -> Option<String> {
        self.ended
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .reason(id, user)
    }

    /// Ends the session `id`; false if there was none. Its stream ends,
    /// its running call is broken, and its server-to-client requests are
    /// settled as [`ClientAnswer::SessionEnded`].
    pub fn close(&self, id: &str) -> bool {
        let removed = self.table().remove(id).map(|e| e.session);
        if let Some(s) = &removed {
            let mut st = s.state();
            st.closed = true;
            drop(st.outbox.drain());
            st.probe = None;
            for (_, p) in st.pending.drain() {
                p.settle(ClientAnswer::SessionEnded);
            }
            let runtime = tokio::runtime::Handle::try_current().ok();
            // Each call is broken, not silenced: its request still gets the
            // answer the broken call gives.
            for (control, _) in st.in_flight.values() {
                control.cancel_token().cancel();
                // The hard break too, for a call that ignores the soft one:
                // no call outlives its session for long.
                if let Some(runtime) = &runtime {
                    let control = control.clone();
                    runtime.spawn(async move { control.stop().await });
                }
            }
            if let Some(w) = st.drainer.take() {
                w.wake();
            }
        }
        removed.is_some()
    }

    /// Opens a session for `caller`, enforcing both caps. The new session
    /// is registered under a fresh id.
    pub async fn open_session(&self, caller: Option<IpAddr>) -> Result<Arc<Session>, OpenRefused> {
        self.open_session_as(caller, None).await
    }

    /// Opens a session for `caller`, authenticated as `principal` when
    /// given: its image session runs as the principal's user, and the
    /// per-caller cap counts the user's sessions rather than the address's.
    /// Whether a request may change the image is decided per request
    /// by the token it carries.
    pub async fn open_session_as(
        &self,
        caller: Option<IpAddr>,
        principal: Option<&Arc<Principal>>,
    ) -> Result<Arc<Session>, OpenRefused> {
        let caller = Caller::of(principal.map(Arc::as_ref), caller);
        let places = self.take_places(&caller)?;
        let user = principal.map(|p| p.user.clone());
        let owner = principal.map(|p| gs_broker::SessionOwner {
            user: p.user.clone(),
            token: p.token.expose().to_string(),
            opened_read_only: self.read_only_for(Some(p)),
        });
        let broker = self
            .broker
            .open_session_as(owner)
            .await
            .map_err(OpenRefused::Failed)?;
        let id = new_session_id().map_err(OpenRefused::Failed)?;
        let session = Arc::new(Session {
            id: id.clone(),
            caller,
            user,
            principal: Mutex::new(principal.cloned()),
            broker,
            created: Instant::now(),
            state: Mutex::new(SessionState {
                last_activity: Some(Instant::now()),
                ..SessionState::default()
            }),
            turn: tokio::sync::Mutex::new(()),
        });
        let entry = Entry {
            session: session.clone(),
            _places: places,
        };
        self.table().insert(id, entry);
        self.opened.fetch_add(1, Ordering::Relaxed);
        Ok(session)
    }

    /// A session's place under the server's cap and its caller's, held
    /// from before its image session opens until it leaves the table.
    fn take_places(&self, caller: &Caller) -> Result<CallerPlace, OpenRefused> {
        self.session_places.take(caller).map_err(|full| match full {
            NoPlace::Server(cap) => OpenRefused::ServerFull(cap),
            NoPlace::Caller(cap) => OpenRefused::CallerFull(cap, self.first_release_of(caller)),
        })
    }

    /// In how many seconds (at least 1) the first of `caller`'s sessions
    /// would be released if left idle: a kept (stateless) session or one
    /// that opened a stream at its idle timeout, any other at the
    /// streamless one. 60 when no timeout applies or none is found.
    fn first_release_of(&self, caller: &Caller) -> u64 {
        let policy = self.settings.sessions;
        let now = Instant::now();
        // Taken out of the table first: no session's state is locked while
        // the table is.
        let theirs: Vec<Arc<Session>> = self
            .table()
            .values()
            .filter(|e| e.session.caller == *caller)
            .map(|e| e.session.clone())
            .collect();
        theirs
            .iter()
            .filter_map(|s| {
                let st = s.state();
                let limit = if st.held || st.ever_streamed {
                    policy.idle_timeout
                } else {
                    policy.streamless_idle_timeout.or(policy.idle_timeout)
                }?;
                let last = st.last_activity.unwrap_or(s.created);
                Some(limit.saturating_sub(now.saturating_duration_since(last)))
            })
            .min()
            .map_or(60, |d| {
                (d.as_secs() + u64::from(d.subsec_nanos() > 0)).max(1)
            })
    }

    /// One maintenance pass at `now`, `late` being how far past its
    /// schedule the pass runs. Answers the ids reaped.
    ///
    /// A pass that runs far later than scheduled (the host was suspended,
    /// the process stopped) reaps nobody and restarts every clock: the
    /// silence it measured was the server's, not the clients'.
    pub fn maintain(&self, now: Instant, late: Duration) -> Vec<String> {
        let sessions: Vec<Arc<Session>> =
            self.table().values().map(|e| e.session.clone()).collect();
        if late > Duration::from_secs(30) {
            for s in &sessions {
                let mut st = s.state();
                st.last_activity = Some(now);
                if st.stream_lost_at.is_some() {
                    st.stream_lost_at = Some(now);
                }
                st.pending.restart_clocks(now);
            }
            return Vec::new();
        }
        let mut reaped = Vec::new();
        for s in sessions {
            if let Some(reason) = self.verdict(&s, now) {
                if self.end(&s.id, reason) {
                    eprintln!("gs-mcp: session {} released: {reason}", s.id);
                    reaped.push(s.id.clone());
                }
            } else if s.broker.pending() == 0 {
                self.probe(&s, now);
            }
        }
        reaped
    }

    /// Why the maintenance pass at `now` ends session `s`, if it does; the
    /// checks run in the order of their precedence, and a session with a
    /// call queued or running for a client still waiting, or serving a
    /// task, is kept through every check after the absolute cap and token
    /// expiry (a call whose client went away keeps it no longer).
    fn verdict(&self, s: &Session, now: Instant) -> Option<&'static str> {
        let policy = self.settings.sessions;
        let over = |since: Instant, limit: Option<Duration>| {
            limit.is_some_and(|l| now.saturating_duration_since(since) >= l)
        };
        let mut st = s.state();
        let unanswered_probe = self.expire_requests(&mut st, now);
        let last = st.last_activity.unwrap_or(s.created);
        if over(s.created, policy.absolute_timeout) {
            Some("it reached the absolute session cap")
        } else if self.token_expired(s) {
            Some("its token expired (auth.on_token_expiry = \"end\")")
        } else if s.broker.pending() > st.abandoned_calls || st.in_task {
            None
        } else if over(last, policy.idle_timeout) {
            Some("it was idle past the idle timeout")
        } else if unanswered_probe {
            Some("it did not answer a liveness ping on its stream")
        } else if !st.ever_streamed && !st.held && over(last, policy.streamless_idle_timeout) {
            Some("it never opened a stream and was idle past the streamless timeout")
        } else if !st.stream_open
            && st
                .stream_lost_at
                .is_some_and(|t| t >= last && over(t, Some(policy.stream_loss_grace)))
        {
            Some("its stream closed and no new one opened within the grace")
        } else {
            None
        }
    }

    /// True if sessions end with their token and this session's latest
    /// token has expired.
    fn token_expired(&self, s: &Session) -> bool {
        let Some(auth) = &self.auth else { return false };
        if !auth.ends_sessions_at_expiry() {
            return false;
        }
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        s.principal().is_some_and(|p| p.expires_at <= now)
    }

    /// Settles the session's server-to-client requests that waited past
    /// [`SERVER_REQUEST_TIMEOUT`](crate::SERVER_REQUEST_TIMEOUT) at `now`.
    /// Answers true if one of them was the liveness ping and it went
    /// unanswered on the stream the client is still on: the evidence that
    /// the client is gone. A ping written to a stream since superseded, or
    /// never written at all, proves nothing and is forgotten (the next pass
    /// sends another).
    fn expire_requests(&self, st: &mut SessionState, now: Instant) -> bool {
        let mut unanswered = false;
        for (n, p) in st.pending.expire(now) {
            if st.probe == Some(n) {
                st.probe = None;
                unanswered |= p.written == Some(st.stream_generation) && st.stream_open;
            }
            p.settle(ClientAnswer::TimedOut);
        }
        unanswered
    }

    /// Sends a liveness ping down the session's stream when it has been
    /// quiet past the probe interval. A probe written to a stream that has
    /// since been superseded proves nothing, so it is withdrawn and sent
    /// again down the current stream.
    fn probe(&self, s: &Session, now: Instant) {
        let Some(after) = self.settings.sessions.liveness_probe_after else {
            return;
        };
        {
            let mut st = s.state();
            if let Some(n) = st.probe {
                // An unwritten ping still waits in the outbox for the next
                // stream; a written one proves something only about the
                // stream that carried it, if that stream is still current.
                let written = st.pending.get(n).and_then(|p| p.written);
                let superseded =
                    written.is_some_and(|g| g != st.stream_generation || !st.stream_open);
                if superseded {
                    st.probe = None;
                    st.pending.take(n);
                }
            }
            let last = st.last_activity.unwrap_or(s.created);
            if st.probe.is_some() || !st.stream_open || now.saturating_duration_since(last) < after
            {
                return;
            }
        }
        // A full pending table means the client answers nothing; the
        // requests already waiting will decide.
        if let Ok(n) = self.queue_request(s, "ping", None, None, now) {
            s.state().probe = Some(n);
        }
    }

    /// Runs [`Router::maintain`] every `period` until the router is dropped
    /// by everyone else.
    pub fn spawn_maintenance(self: &Arc<Self>, period: Duration) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut expected = Instant::now() + period;
            loop {
                tokio::time::sleep_until(expected.into()).await;
                let Some(router) = weak.upgrade() else { return };
                let now = Instant::now();
                router.maintain(now, now.saturating_duration_since(expected));
                expected = now + period;
            }
        });
    }
}

/// A session in the router's table, with its place under the session
/// caps, given back when it leaves the table.
pub(crate) struct Entry {
    pub(crate) session: Arc<Session>,
    _places: CallerPlace,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_writes_two_digits_a_byte_in_either_case() {
        let bytes = [0x00, 0x0f, 0xa5, 0xff];
        assert_eq!(hex(&bytes, UPPER_HEX), "000FA5FF");
        assert_eq!(hex(&bytes, LOWER_HEX), "000fa5ff");
        let formatted: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex(&bytes, LOWER_HEX), formatted);
    }
}
