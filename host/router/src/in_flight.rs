//! A `tools/call`'s place in its session's in-flight table, and what
//! becomes of the call when its client stops waiting.
//!
//! A call's request future ends when the answer is written, or earlier
//! when the connection that carried the request closes. In a 2025-11-25
//! session disconnection is no cancellation (the transport's rule), so the
//! call runs on; but it must stay within reach: `notifications/cancelled`
//! and `DELETE` find it by its entry, and the request deadline still stops
//! it. So the entry outlives a dropped future until the call ends. At
//! 2026-07-28 closing the request's stream cancels it: the call is stopped.

use std::sync::Arc;
use std::time::{Duration, Instant};

use gs_broker::{CallControl, HARD_BREAK_GRACE, SOFT_BREAK_GRACE, Stopped};

use crate::{Router, Session};

/// A call's entry in its session's in-flight table, removed once the call
/// has ended.
pub(crate) struct InFlight {
    pub(crate) router: Arc<Router>,
    pub(crate) session: Arc<Session>,
    pub(crate) key: String,
    pub(crate) control: CallControl,
    /// When the request deadline stops the call, if there is one.
    pub(crate) deadline: Option<Instant>,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let runtime = tokio::runtime::Handle::try_current().ok();
        // Ended, or being stopped already (cancelled, timed out, or its
        // session closed), by a stop that owns it from here.
        let settled = self.control.has_ended() || self.control.cancel_token().is_cancelled();
        let Some(runtime) = runtime.filter(|_| !settled) else {
            self.session.state().in_flight.remove(&self.key);
            return;
        };
        let (router, session) = (self.router.clone(), self.session.clone());
        let control = self.control.clone();
        if self.session.state().stateless {
            // At revision 2026-07-28 closing a request's stream is its
            // cancellation.
            self.session.state().in_flight.remove(&self.key);
            runtime.spawn(async move { router.stop_call(&session, control).await });
            return;
        }
        // In a 2025-11-25 session the client walked away: the call runs
        // on, and the deadline it would have met still applies. It no
        // longer keeps an otherwise idle session from its idle timeout.
        let key = std::mem::take(&mut self.key);
        let deadline = self.deadline;
        self.session.state().abandoned_calls += 1;
        runtime.spawn(async move {
            tokio::select! {
                () = control.ended() => {}
                () = sleep_until_or_forever(deadline) => {
                    router.stop_call(&session, control.clone()).await;
                }
            }
            // A call that outlives both breaks has ended its session.
            let grace = SOFT_BREAK_GRACE + HARD_BREAK_GRACE + Duration::from_secs(1);
            let _ = tokio::time::timeout(grace, control.ended()).await;
            let mut st = session.state();
            st.in_flight.remove(&key);
            st.abandoned_calls -= 1;
        });
    }
}

async fn sleep_until_or_forever(deadline: Option<Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

impl Router {
    /// Stops a call: soft break, hard break, and if it still runs the
    /// session ends (its next request meets 404 and re-initializes).
    pub(crate) async fn stop_call(&self, session: &Session, control: CallControl) {
        match control.stop().await {
            Stopped::Soft => {}
            Stopped::Hard => eprintln!(
                "gs-mcp: session {}: a call ignored the soft break and ended on the hard \
                 break; its toolset state for the session was reset",
                session.id()
            ),
            Stopped::Stuck => {
                let reason = "a call of it went on running through both breaks (its image \
                              did not answer them: on a stone, the stone or the network may \
                              have stalled)";
                if self.end(session.id(), reason) {
                    eprintln!(
                        "gs-mcp: session {} released: a call went on running through both breaks",
                        session.id()
                    );
                }
            }
        }
    }
}
