//! The cap on connections served at once ([`HttpSettings::max_connections`]).
//!
//! Each connection holds a descriptor of the server's and a task; without
//! a cap, clients holding connections open (idle, or sending their bodies
//! as slowly as the read timeout allows) could take every descriptor, and
//! the server could then accept no one. A connection past the cap is still
//! accepted, so that its client is told why rather than left waiting: its
//! request is answered 503, and the connection closed.
//!
//! [`HttpSettings::max_connections`]: crate::HttpSettings::max_connections

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The connections being served, counted against the cap.
pub(crate) struct Connections {
    open: AtomicUsize,
    max: usize,
}

/// One connection's place under the cap, given back when dropped.
pub(crate) struct Slot(Arc<Connections>);

impl Connections {
    /// No connections yet, at most `max` at once.
    pub(crate) fn new(max: usize) -> Arc<Connections> {
        Arc::new(Connections {
            open: AtomicUsize::new(0),
            max,
        })
    }

    /// A place for one more connection, if the cap leaves one.
    pub(crate) fn try_take(self: &Arc<Self>) -> Option<Slot> {
        self.open
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |open| {
                (open < self.max).then_some(open + 1)
            })
            .ok()
            .map(|_| Slot(self.clone()))
    }

    /// The cap.
    pub(crate) fn max(&self) -> usize {
        self.max
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_given_back_when_their_connections_end() {
        let connections = Connections::new(2);
        let first = connections.try_take().expect("a first place");
        let second = connections.try_take().expect("a second place");
        assert!(connections.try_take().is_none(), "the cap is 2");
        drop(first);
        let third = connections
            .try_take()
            .expect("the first's place, given back");
        drop((second, third));
        assert_eq!(connections.open.load(Ordering::Acquire), 0);
    }
}
