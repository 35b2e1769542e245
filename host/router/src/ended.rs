//! Why the server ended a session, kept for a while so that the client's
//! next request is told (a 404 that says only "ended or never existed"
//! reads like a client bug, and hides that uncommitted work is gone).

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Most ended sessions remembered; the oldest is forgotten first.
const MAX_REMEMBERED: usize = 1024;

/// How long an ended session's reason is kept.
const KEPT_FOR: Duration = Duration::from_secs(3600);

/// One ended session.
struct Ended {
    id: String,
    /// The session's user, so that only its own client is told.
    user: Option<String>,
    reason: String,
    at: Instant,
}

/// The sessions the server ended lately, and why (bounded in number and
/// age, so a flood of sessions costs at most [`MAX_REMEMBERED`] short
/// records).
#[derive(Default)]
pub(crate) struct EndedSessions(VecDeque<Ended>);

impl EndedSessions {
    /// Records that the server ended session `id` of `user` for `reason`.
    pub(crate) fn record(&mut self, id: &str, user: Option<&str>, reason: &str) {
        if self.0.len() >= MAX_REMEMBERED {
            self.0.pop_front();
        }
        self.0.push_back(Ended {
            id: id.to_string(),
            user: user.map(str::to_string),
            reason: reason.to_string(),
            at: Instant::now(),
        });
    }

    /// Why the server ended session `id`, if it did lately and `user` was
    /// its user.
    pub(crate) fn reason(&mut self, id: &str, user: Option<&str>) -> Option<String> {
        while self.0.front().is_some_and(|e| e.at.elapsed() > KEPT_FOR) {
            self.0.pop_front();
        }
        self.0
            .iter()
            .find(|e| e.id == id && e.user.as_deref() == user)
            .map(|e| e.reason.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_told_to_its_own_user_only_and_the_oldest_go_first() {
        let mut ended = EndedSessions::default();
        ended.record("a", Some("ann"), "it was idle");
        assert_eq!(
            ended.reason("a", Some("ann")).as_deref(),
            Some("it was idle")
        );
        assert_eq!(ended.reason("a", Some("bob")), None);
        assert_eq!(ended.reason("b", Some("ann")), None);
        for i in 0..MAX_REMEMBERED {
            ended.record(&format!("s{i}"), None, "x");
        }
        assert_eq!(ended.reason("a", Some("ann")), None, "forgotten");
        assert_eq!(ended.0.len(), MAX_REMEMBERED);
    }
}
