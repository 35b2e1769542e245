//! The issuer's public keys: found through its metadata (RFC 8414 or
//! OpenID discovery), fetched from its JWKS, kept, and fetched again when
//! a token names a key id not among them — at most once per
//! `jwks_min_refresh`, so forged key ids cannot make the server hammer
//! the issuer — or when they are older than [`KEYS_MAX_AGE`].

use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use jsonwebtoken::jwk::{AlgorithmParameters, EllipticCurve, Jwk, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey};
use serde_json::Value;

use crate::fetch;

/// Keys older than this are fetched again at the next request, so a key
/// the issuer withdrew stops being trusted.
pub const KEYS_MAX_AGE: Duration = Duration::from_secs(15 * 60);

/// One usable public key.
pub(crate) struct Key {
    kid: Option<String>,
    alg: Algorithm,
    key: DecodingKey,
}

/// The JWKS algorithm a key of this type verifies, for the public-key
/// algorithms this server accepts. Symmetric (`oct`) keys have none.
fn algorithm_of(jwk: &Jwk) -> Option<Algorithm> {
    match &jwk.algorithm {
        AlgorithmParameters::RSA(_) => Some(Algorithm::RS256),
        AlgorithmParameters::EllipticCurve(ec) if ec.curve == EllipticCurve::P256 => {
            Some(Algorithm::ES256)
        }
        AlgorithmParameters::OctetKeyPair(okp) if okp.curve == EllipticCurve::Ed25519 => {
            Some(Algorithm::EdDSA)
        }
        _ => None,
    }
}

/// The usable keys of a JWKS document; a key that cannot be read, that is
/// for encryption or that is symmetric is skipped.
pub(crate) fn parse_jwks(doc: &Value) -> Result<Vec<Key>, String> {
    let Some(list) = doc.get("keys").and_then(Value::as_array) else {
        return Err("the JWKS document has no `keys` array".into());
    };
    let mut keys = Vec::new();
    for k in list {
        let Ok(jwk) = serde_json::from_value::<Jwk>(k.clone()) else {
            continue;
        };
        if matches!(jwk.common.public_key_use, Some(PublicKeyUse::Encryption)) {
            continue;
        }
        let Some(alg) = algorithm_of(&jwk) else {
            continue;
        };
        let Ok(key) = DecodingKey::from_jwk(&jwk) else {
            continue;
        };
        keys.push(Key {
            kid: jwk.common.key_id.clone(),
            alg,
            key,
        });
    }
    Ok(keys)
}

#[derive(Default)]
struct Fetched {
    /// When a fetch last started (successful or not): the rate limit.
    attempted: Option<Instant>,
    /// When keys last arrived.
    loaded: Option<Instant>,
    /// The JWKS location, once known.
    jwks_uri: Option<String>,
    /// Why the last fetch failed, until one succeeds: a request within the
    /// rate limit is told the keys are unavailable, as the one whose fetch
    /// failed was, not that no key verifies its token.
    failure: Option<String>,
}

/// The key store of one issuer.
pub(crate) struct KeyStore {
    issuer: String,
    configured_uri: Option<String>,
    min_refresh: Duration,
    keys: RwLock<Arc<KeySet>>,
    fetched: Mutex<Fetched>,
    /// Serialises fetches: requests arriving during one wait for it.
    fetching: tokio::sync::Mutex<()>,
    fetches: std::sync::atomic::AtomicU64,
    /// The held set's generation, read by every request that finds its
    /// token remembered: an atomic, not the lock and the set's `Arc`.
    generation: std::sync::atomic::AtomicU64,
}

/// The keys held, with the document they came from and how many times
/// the issuer's keys have changed: a validated token is trusted from
/// memory only while the key set it was checked against is the one held.
#[derive(Default)]
struct KeySet {
    keys: Vec<Key>,
    doc: Option<Value>,
    generation: u64,
}

/// Why no key verifies a token.
pub(crate) enum NoKey {
    /// The issuer's keys could not be fetched (the fetch logged why); the
    /// next fetch may start after this long.
    Unavailable(Duration),
    /// No key of the issuer has this id (and type).
    Unknown,
}

impl KeyStore {
    pub(crate) fn new(issuer: &str, jwks_uri: Option<&str>, min_refresh: Duration) -> KeyStore {
        KeyStore {
            issuer: issuer.to_string(),
            configured_uri: jwks_uri.map(str::to_string),
            min_refresh,
            keys: RwLock::new(Arc::new(KeySet::default())),
            fetched: Mutex::new(Fetched::default()),
            fetching: tokio::sync::Mutex::new(()),
            fetches: std::sync::atomic::AtomicU64::new(0),
            generation: std::sync::atomic::AtomicU64::new(0),
        }
    }

    fn fetched(&self) -> std::sync::MutexGuard<'_, Fetched> {
        self.fetched.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn current(&self) -> Arc<KeySet> {
        self.keys
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Changes with every change of the issuer's key set.
    pub(crate) fn generation(&self) -> u64 {
        self.generation.load(std::sync::atomic::Ordering::Acquire)
    }

    /// JWKS fetches attempted so far.
    pub(crate) fn fetch_count(&self) -> u64 {
        self.fetches.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The key for a token signed with `alg` under key id `kid`, with the
    /// generation of the key set it is in: looked up in the keys held, and
    /// if absent (or the keys are stale) after one fetch, if the rate limit
    /// allows one.
    pub(crate) async fn key_for(
        &self,
        kid: Option<&str>,
        alg: Algorithm,
    ) -> Result<(DecodingKey, u64), NoKey> {
        let stale = self
            .fetched()
            .loaded
            .is_none_or(|t| t.elapsed() >= KEYS_MAX_AGE);
        let held = self.current();
        if !stale && let Some(k) = find(&held.keys, kid, alg) {
            return Ok((k, held.generation));
        }
        let outcome = self.refresh().await;
        let held = self.current();
        match find(&held.keys, kid, alg) {
            Some(k) => Ok((k, held.generation)),
            None => match outcome {
                Err(_) if held.keys.is_empty() => Err(NoKey::Unavailable(self.next_fetch_in())),
                _ => Err(NoKey::Unknown),
            },
        }
    }

    /// How long until the rate limit lets the next fetch start.
    fn next_fetch_in(&self) -> Duration {
        self.fetched().attempted.map_or(Duration::ZERO, |t| {
            self.min_refresh.saturating_sub(t.elapsed())
        })
    }

    /// Fetches the keys unless a fetch started less than `min_refresh`
    /// ago (then answers how that one ended). A failed fetch keeps the keys
    /// held.
    pub(crate) async fn refresh(&self) -> Result<(), String> {
        let _one = self.fetching.lock().await;
        let uri = {
            let mut f = self.fetched();
            if f.attempted.is_some_and(|t| t.elapsed() < self.min_refresh) {
                return f.failure.clone().map_or(Ok(()), Err);
            }
            f.attempted = Some(Instant::now());
            f.jwks_uri.clone().or_else(|| self.configured_uri.clone())
        };
        let fetched = self.fetch(uri).await;
        if let Err(why) = &fetched {
            // Once a fetch, so at most once in `min_refresh`.
            eprintln!("gs-mcp: auth: the issuer's keys are unavailable: {why}");
        }
        self.fetched().failure = fetched.as_ref().err().cloned();
        fetched
    }

    /// One fetch of the key set, from `uri` or the one the issuer's
    /// metadata names.
    async fn fetch(&self, uri: Option<String>) -> Result<(), String> {
        self.fetches
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let uri = match uri {
            Some(u) => u,
            None => {
                let u = discover_jwks_uri(&self.issuer).await?;
                self.fetched().jwks_uri = Some(u.clone());
                u
            }
        };
        let doc = fetch::get_json(&uri).await?;
        let keys = parse_jwks(&doc).map_err(|e| format!("{uri}: {e}"))?;
        let mut held = self.keys.write().unwrap_or_else(PoisonError::into_inner);
        let listed = doc.get("keys").cloned();
        let generation = held.generation + u64::from(held.doc != listed);
        *held = Arc::new(KeySet {
            keys,
            doc: listed,
            generation,
        });
        self.generation
            .store(generation, std::sync::atomic::Ordering::Release);
        drop(held);
        self.fetched().loaded = Some(Instant::now());
        Ok(())
    }
}

fn find(keys: &[Key], kid: Option<&str>, alg: Algorithm) -> Option<DecodingKey> {
    let mut fitting = keys.iter().filter(|k| k.alg == alg);
    match kid {
        Some(id) => fitting.find(|k| k.kid.as_deref() == Some(id)),
        // A token without a key id is verified only by a key that is
        // unambiguous: the issuer's one key of that type.
        None => {
            let first = fitting.next()?;
            fitting.next().is_none().then_some(first)
        }
    }
    .map(|k| k.key.clone())
}

/// The issuer's metadata locations: RFC 8414's (the well-known segment
/// before the issuer's path), then OpenID discovery's (after it).
fn metadata_urls(issuer: &str) -> Vec<String> {
    let trimmed = issuer.trim_end_matches('/');
    let mut urls = Vec::new();
    if let Some(scheme_end) = trimmed.find("://") {
        let after = &trimmed[scheme_end + 3..];
        let (authority, path) = after.split_at(after.find('/').unwrap_or(after.len()));
        urls.push(format!(
            "{}://{authority}/.well-known/oauth-authorization-server{path}",
            &trimmed[..scheme_end]
        ));
    }
    urls.push(format!("{trimmed}/.well-known/openid-configuration"));
    urls
}

/// Reads `jwks_uri` from the issuer's metadata, which must name the same
/// issuer (RFC 8414 section 3.3).
async fn discover_jwks_uri(issuer: &str) -> Result<String, String> {
    let mut tried = Vec::new();
    for url in metadata_urls(issuer) {
        match fetch::get_json(&url).await {
            Ok(doc) => {
                if doc.get("issuer").and_then(Value::as_str) != Some(issuer) {
                    return Err(format!(
                        "{url} names issuer {}, not {issuer}; set `auth.issuer` to the issuer \
                         the authorization server reports",
                        doc.get("issuer").unwrap_or(&Value::Null)
                    ));
                }
                return doc
                    .get("jwks_uri")
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .ok_or_else(|| {
                        format!("{url} has no `jwks_uri`; set `auth.jwks_uri` in toolsets.toml")
                    });
            }
            Err(e) => tried.push(e),
        }
    }
    Err(format!(
        "the issuer's metadata could not be read ({}); check `auth.issuer`, or set \
         `auth.jwks_uri`",
        tried.join("; ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_is_looked_for_where_both_standards_put_it() {
        assert_eq!(
            metadata_urls("https://idp.example.com/realms/mcp"),
            [
                "https://idp.example.com/.well-known/oauth-authorization-server/realms/mcp",
                "https://idp.example.com/realms/mcp/.well-known/openid-configuration"
            ]
        );
        assert_eq!(
            metadata_urls("http://127.0.0.1:9000"),
            [
                "http://127.0.0.1:9000/.well-known/oauth-authorization-server",
                "http://127.0.0.1:9000/.well-known/openid-configuration"
            ]
        );
    }

    #[test]
    fn symmetric_and_encryption_keys_are_never_used() {
        let doc = serde_json::json!({"keys": [
            {"kty": "oct", "kid": "h", "k": "c2VjcmV0"},
            {"kty": "OKP", "crv": "Ed25519", "kid": "enc", "use": "enc",
             "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"},
            {"kty": "OKP", "crv": "Ed25519", "kid": "sig",
             "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"},
            {"kty": "unknown"}
        ]});
        let keys = parse_jwks(&doc).unwrap();
        assert_eq!(keys.len(), 1);
        assert_eq!(keys[0].kid.as_deref(), Some("sig"));
        assert_eq!(keys[0].alg, Algorithm::EdDSA);
    }
}
