//! Validated tokens, remembered by their SHA-256 until they expire, so a
//! client's every request does not pay for a signature check. Only tokens
//! that validated are stored: a flood of bad tokens adds nothing here.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use sha2::{Digest, Sha256};

use crate::Principal;

/// Most tokens remembered at once. Past it the expired ones go, and if
/// none has expired the cache starts afresh: memory stays bounded and a
/// valid token evicted is only checked again.
pub const CACHE_CAP: usize = 10_000;

/// The cache.
#[derive(Default)]
pub(crate) struct TokenCache {
    map: Mutex<HashMap<[u8; 32], Arc<Principal>>>,
}

/// The key a token is remembered under.
pub(crate) fn digest(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

impl TokenCache {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<[u8; 32], Arc<Principal>>> {
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The principal of a token validated before and not yet expired at
    /// `now` (unix seconds).
    pub(crate) fn get(&self, key: &[u8; 32], now: u64) -> Option<Arc<Principal>> {
        let mut map = self.map();
        match map.get(key) {
            Some(p) if p.expires_at > now => Some(p.clone()),
            Some(_) => {
                map.remove(key);
                None
            }
            None => None,
        }
    }

    /// Remembers a validated token until its expiry.
    pub(crate) fn insert(&self, key: [u8; 32], principal: Arc<Principal>, now: u64) {
        let mut map = self.map();
        if map.len() >= CACHE_CAP {
            map.retain(|_, p| p.expires_at > now);
            if map.len() >= CACHE_CAP {
                map.clear();
            }
        }
        map.insert(key, principal);
    }

    /// Tokens remembered now.
    pub(crate) fn len(&self) -> usize {
        self.map().len()
    }
}
