//! Validated tokens, remembered by their SHA-256 until they expire, so a
//! client's every request does not pay for a signature check. Only tokens
//! that validated are stored: a flood of bad tokens adds nothing here.
//!
//! A remembered token is checked again once the issuer's key set changes
//! (its key may be the one withdrawn) and once it was checked
//! [`KEYS_MAX_AGE`] ago (when the keys themselves are due a fetch), so a
//! token signed with a withdrawn key stops working when its key does.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use sha2::{Digest, Sha256};

use crate::{KEYS_MAX_AGE, Principal};

/// Most tokens remembered at once. Past it the expired ones go, and if
/// none has expired the cache starts afresh: memory stays bounded and a
/// valid token evicted is only checked again.
pub const CACHE_CAP: usize = 10_000;

/// The cache.
#[derive(Default)]
pub(crate) struct TokenCache {
    map: Mutex<HashMap<[u8; 32], Remembered>>,
}

/// A validated token's principal, with when and against which key set it
/// was checked.
struct Remembered {
    principal: Arc<Principal>,
    checked_at: u64,
    keys: u64,
}

impl Remembered {
    fn holds(&self, now: u64, keys: u64) -> bool {
        self.principal.expires_at > now
            && self.keys == keys
            && now < self.checked_at.saturating_add(KEYS_MAX_AGE.as_secs())
    }
}

/// The key a token is remembered under.
pub(crate) fn digest(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

impl TokenCache {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<[u8; 32], Remembered>> {
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The principal of a token validated before, not yet expired at `now`
    /// (unix seconds), checked against key set `keys` (the key store's
    /// generation) less than [`KEYS_MAX_AGE`] ago.
    pub(crate) fn get(&self, key: &[u8; 32], now: u64, keys: u64) -> Option<Arc<Principal>> {
        let mut map = self.map();
        match map.get(key) {
            Some(r) if r.holds(now, keys) => Some(r.principal.clone()),
            Some(_) => {
                map.remove(key);
                None
            }
            None => None,
        }
    }

    /// Remembers a token validated at `now` against key set `keys`.
    pub(crate) fn insert(&self, key: [u8; 32], principal: Arc<Principal>, now: u64, keys: u64) {
        let mut map = self.map();
        if map.len() >= CACHE_CAP {
            map.retain(|_, r| r.holds(now, keys));
            if map.len() >= CACHE_CAP {
                map.clear();
            }
        }
        let remembered = Remembered {
            principal,
            checked_at: now,
            keys,
        };
        map.insert(key, remembered);
    }

    /// Tokens remembered now.
    pub(crate) fn len(&self) -> usize {
        self.map().len()
    }
}
