//! Stopping gracefully. Once the server is asked to stop, a request that
//! arrives on a connection already open (the accept loop is gone) is
//! refused with 503 and the connection closed, so the calls being answered
//! can be drained without new ones starting behind them and being cut off
//! when the process ends.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Whether the server is stopping, and how many requests it is answering.
#[derive(Debug, Default)]
pub(crate) struct Stopping {
    stopping: AtomicBool,
    answering: AtomicUsize,
}

/// A request being answered: counted until dropped.
pub(crate) struct Answering<'a>(&'a AtomicUsize);

impl Drop for Answering<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Stopping {
    /// Counts a request in, unless the server is stopping. Counted before
    /// the check, so that a drain that sees no request counted after it
    /// asked to stop has none still to come.
    pub(crate) fn admit(&self) -> Option<Answering<'_>> {
        self.answering.fetch_add(1, Ordering::SeqCst);
        if self.stopping.load(Ordering::SeqCst) {
            self.answering.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(Answering(&self.answering))
    }

    /// Refuses every request from now on.
    pub(crate) fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// The requests being answered now.
    pub(crate) fn answering(&self) -> usize {
        self.answering.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_server_admits_nothing_and_counts_what_it_admitted_before() {
        let s = Stopping::default();
        let first = s.admit().expect("admitted before the stop");
        assert_eq!(s.answering(), 1);
        s.stop();
        assert!(s.admit().is_none());
        assert_eq!(s.answering(), 1);
        drop(first);
        assert_eq!(s.answering(), 0);
    }
}
