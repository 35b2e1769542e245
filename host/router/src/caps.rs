//! Amounts every client draws on together, each held up to a cap: the
//! connections served at once ([`HttpSettings::max_connections`]), the
//! bytes of the request bodies being read and answered
//! ([`HttpSettings::total_body_bytes`]) and the bytes of the resource URIs
//! subscribed to, by sessions and listen streams
//! ([`HttpSettings::total_subscription_bytes`]).
//!
//! Each connection holds a descriptor of the server's and a task; without
//! a cap, clients holding connections open (idle, or sending their bodies
//! as slowly as the read timeout allows) could take every descriptor, and
//! the server could then accept no one. Each request holds its body (up to
//! `http.body_limit_bytes`) until it is answered, and each subscription
//! its URIs for as long as it lasts: without a cap on each, thousands of
//! clients could hold gigabytes, enough for the system to end the server
//! and with it every session's uncommitted work. A connection past its cap
//! is still accepted, and a body past its cap still started, so that the
//! client is told why rather than left waiting: 503 with Retry-After.
//!
//! [`KeyedCap`] counts the same way per key: the connections of one
//! client's address; [`CallerCaps`] pairs a server-wide cap with one per
//! caller, for sessions and for listen streams.
//!
//! [`HttpSettings::max_connections`]: crate::HttpSettings::max_connections
//! [`HttpSettings::total_body_bytes`]: crate::HttpSettings::total_body_bytes
//! [`HttpSettings::total_subscription_bytes`]: crate::HttpSettings::total_subscription_bytes

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::session::Caller;

/// An amount shared by every connection, held up to a cap.
pub(crate) struct Cap {
    used: AtomicUsize,
    max: usize,
}

/// Part of a [`Cap`], given back when dropped.
pub(crate) struct Held {
    cap: Arc<Cap>,
    amount: usize,
}

impl Cap {
    /// Nothing held yet, at most `max` at once.
    pub(crate) fn new(max: usize) -> Arc<Cap> {
        Arc::new(Cap {
            used: AtomicUsize::new(0),
            max,
        })
    }

    /// `amount` more, if the cap leaves room for it.
    pub(crate) fn try_take(self: &Arc<Self>, amount: usize) -> Option<Held> {
        self.reserve(amount).then(|| Held {
            cap: self.clone(),
            amount,
        })
    }

    /// A holding of nothing yet, to [`Held::grow`].
    pub(crate) fn hold_nothing(self: &Arc<Self>) -> Held {
        Held {
            cap: self.clone(),
            amount: 0,
        }
    }

    /// The cap.
    pub(crate) fn max(&self) -> usize {
        self.max
    }

    fn reserve(&self, amount: usize) -> bool {
        self.used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| {
                used.checked_add(amount).filter(|&n| n <= self.max)
            })
            .is_ok()
    }
}

impl Held {
    /// Holds `more` besides what is held, if the cap leaves room for it
    /// (and nothing more if not).
    pub(crate) fn grow(&mut self, more: usize) -> bool {
        let grown = self.cap.reserve(more);
        if grown {
            self.amount += more;
        }
        grown
    }

    /// Gives back `less` of what is held (at most all of it).
    pub(crate) fn shrink(&mut self, less: usize) {
        let less = less.min(self.amount);
        self.amount -= less;
        self.cap.used.fetch_sub(less, Ordering::AcqRel);
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.cap.used.fetch_sub(self.amount, Ordering::AcqRel);
    }
}

/// A count per key (a client's address, a caller), each held up to the
/// same cap.
pub(crate) struct KeyedCap<K> {
    held: Mutex<HashMap<K, usize>>,
    max: usize,
}

/// One place under a [`KeyedCap`] for its key, given back when dropped.
pub(crate) struct KeyedHeld<K: Eq + Hash> {
    cap: Arc<KeyedCap<K>>,
    key: K,
}

impl<K: Eq + Hash + Clone> KeyedCap<K> {
    /// Nothing held yet, at most `max` places per key.
    pub(crate) fn new(max: usize) -> Arc<KeyedCap<K>> {
        Arc::new(KeyedCap {
            held: Mutex::default(),
            max,
        })
    }

    /// A place for `key`, if it holds fewer than the cap.
    pub(crate) fn try_take(self: &Arc<Self>, key: K) -> Option<KeyedHeld<K>> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let count = held.entry(key.clone()).or_default();
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(KeyedHeld {
            cap: self.clone(),
            key,
        })
    }

    /// The cap.
    pub(crate) fn max(&self) -> usize {
        self.max
    }
}

impl<K: Eq + Hash> Drop for KeyedHeld<K> {
    fn drop(&mut self) {
        let mut held = self.cap.held.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = held.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.key);
            }
        }
    }
}

/// A cap on places for the whole server and one for each caller: the
/// sessions, the listen streams. A caller the server cannot tell apart
/// ([`Caller::Unknown`], the one client of stdio) has no cap of its own.
pub(crate) struct CallerCaps {
    server: Arc<Cap>,
    per_caller: Option<Arc<KeyedCap<Caller>>>,
}

/// One place under both caps of a [`CallerCaps`], given back when
/// dropped.
pub(crate) struct CallerPlace {
    _server: Held,
    _caller: Option<KeyedHeld<Caller>>,
}

/// Which cap a place would pass, and its size.
pub(crate) enum NoPlace {
    Server(usize),
    Caller(usize),
}

impl CallerCaps {
    /// At most `server` places, of which `per_caller` (if any) per caller.
    pub(crate) fn new(server: usize, per_caller: Option<usize>) -> CallerCaps {
        CallerCaps {
            server: Cap::new(server),
            per_caller: per_caller.map(KeyedCap::new),
        }
    }

    /// A place for `caller`, if both caps leave room.
    pub(crate) fn take(&self, caller: &Caller) -> Result<CallerPlace, NoPlace> {
        let server = self
            .server
            .try_take(1)
            .ok_or(NoPlace::Server(self.server.max()))?;
        let caller = match (&self.per_caller, caller) {
            (None, _) | (_, Caller::Unknown) => None,
            (Some(cap), caller) => Some(
                cap.try_take(caller.clone())
                    .ok_or(NoPlace::Caller(cap.max()))?,
            ),
        };
        Ok(CallerPlace {
            _server: server,
            _caller: caller,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_held_is_given_back_when_dropped() {
        let cap = Cap::new(2);
        let first = cap.try_take(1).expect("a first place");
        let second = cap.try_take(1).expect("a second place");
        assert!(cap.try_take(1).is_none(), "the cap is 2");
        drop(first);
        let third = cap.try_take(1).expect("the first's place, given back");
        drop((second, third));
        assert_eq!(cap.used.load(Ordering::Acquire), 0);
    }

    #[test]
    fn each_key_holds_up_to_the_cap_and_forgets_what_it_gave_back() {
        let cap = KeyedCap::new(2);
        let a = [cap.try_take("a"), cap.try_take("a")];
        assert!(a.iter().all(Option::is_some));
        assert!(cap.try_take("a").is_none(), "a holds 2");
        let b = cap.try_take("b").expect("b is another key");
        drop(a);
        assert!(cap.try_take("a").is_some(), "a's places given back");
        drop(b);
        assert!(cap.held.lock().unwrap().is_empty(), "no key is remembered");
    }

    #[test]
    fn a_caller_holds_up_to_its_cap_and_everyone_up_to_the_server_s() {
        let caps = CallerCaps::new(3, Some(1));
        let a = Caller::Addr("192.0.2.1".parse().unwrap());
        let b = Caller::Addr("192.0.2.2".parse().unwrap());
        let first = caps.take(&a).ok().expect("a's first");
        assert!(matches!(caps.take(&a), Err(NoPlace::Caller(1))));
        let _b = caps.take(&b).ok().expect("b is another caller");
        let _unknown = caps.take(&Caller::Unknown).ok().expect("no cap of its own");
        assert!(matches!(caps.take(&b), Err(NoPlace::Server(3))));
        drop(first);
        assert!(caps.take(&a).is_ok(), "a's place given back");
    }

    #[test]
    fn a_holding_grows_only_within_the_cap() {
        let cap = Cap::new(100);
        let mut body = cap.try_take(0).expect("nothing yet");
        assert!(body.grow(60));
        assert!(!body.grow(41), "61 more would pass 100");
        assert!(body.grow(40));
        assert!(cap.try_take(1).is_none());
        body.shrink(30);
        assert!(cap.try_take(30).is_some(), "30 given back");
        body.shrink(1000);
        assert_eq!(cap.used.load(Ordering::Acquire), 0, "no more than held");
        drop(body);
        assert!(cap.try_take(100).is_some());
    }
}
