//! The OAuth 2.1 resource server of gs-mcp: who is calling, and what they
//! may do.
//!
//! Every HTTP request to a server with `[auth]` carries a bearer JWT. This
//! crate checks it — signature against the issuer's published keys
//! (public-key algorithms only: RS256, ES256, EdDSA), `exp` (required),
//! `nbf`, `iss`, `aud` (string or array), the required scopes, a user that
//! is no GemStone system user unless the operator allows it — and answers
//! either the caller's [`Principal`] (the image user it names, its scopes,
//! its expiry) or why not ([`Denied`]: 401 with a `WWW-Authenticate`
//! challenge, or 403 `insufficient_scope`). It also builds the RFC 9728
//! protected-resource metadata, whose `resource` comes from the
//! configuration, never from a request.
//!
//! Core concepts:
//!
//! - [`Authenticator`]: the configured resource server; one per process.
//! - Keys (`keys`): found through the issuer's metadata, fetched from its
//!   JWKS, fetched again on an unknown key id at most once per
//!   `auth.jwks_min_refresh_secs`.
//! - The token cache (`cache`): a validated token is remembered by its
//!   SHA-256 until it expires, so a signature is checked once per token,
//!   not once per request; invalid tokens are never stored.
//!
//! Architecture invariant: knows HTTP only as a client of the issuer and
//! as header values; nothing of MCP, JSON-RPC, sessions or the image.

mod cache;
mod fetch;
mod keys;
mod scopes;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use base64::Engine;
use jsonwebtoken::{Algorithm, Validation};
use serde_json::{Map, Value, json};

pub use cache::CACHE_CAP;
/// The configuration an [`Authenticator`] is built from (gs-config's
/// `[auth]`), here so that a caller building one needs no other crate.
pub use gs_config::{AuthConfig, TokenExpiry};
pub use keys::KEYS_MAX_AGE;
pub use scopes::ScopeRules;

/// The algorithms a token may be signed with: public-key ones only, so
/// the key that verifies can never also sign. `none` and HMAC are refused.
pub const ALGORITHMS: [Algorithm; 3] = [Algorithm::RS256, Algorithm::ES256, Algorithm::EdDSA];

/// The well-known path of the protected-resource metadata (RFC 9728).
pub const METADATA_PATH: &str = "/.well-known/oauth-protected-resource";

/// A bearer token as the client sent it, kept so that an image backend can
/// log the caller in with it (GemStone's JWT login). Never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct BearerToken(Arc<str>);

impl BearerToken {
    /// The token's text, for the one place that passes it on.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for BearerToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BearerToken(<redacted>)")
    }
}

/// An authenticated caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    /// The image user the token names (the configured user claim).
    pub user: String,
    /// The token that authenticated the caller.
    pub token: BearerToken,
    /// The token's scopes.
    pub scopes: Vec<String>,
    /// The token's `exp`, in seconds since the Unix epoch.
    pub expires_at: u64,
    /// The last second the token is accepted: `exp` plus the clock skew
    /// the configuration allows (`auth.clock_skew_secs`).
    pub accepted_until: u64,
}

impl Principal {
    /// How long the token is still accepted (zero once it is not): what a
    /// stream it opened may last. Up to the clock skew past `exp`, as
    /// validation allows, so a token accepted for a GET never opens a
    /// stream that ends at once.
    pub fn remaining(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.accepted_until.saturating_sub(now_secs()))
    }

    /// True if the token carries `scope`.
    pub fn has_scope(&self, scope: &str) -> bool {
        self.scopes.iter().any(|s| s == scope)
    }

    /// The first of `needed` the token lacks.
    pub fn missing<'a>(&self, needed: &'a [String]) -> Option<&'a str> {
        needed
            .iter()
            .find(|s| !self.has_scope(s))
            .map(String::as_str)
    }
}

/// Why a request is not let through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Denied {
    /// HTTP 401 (400 for `invalid_request`): no token, one of another
    /// scheme, a malformed Authorization, or a token that does not
    /// validate. `error` is RFC 6750's code: none when the request carries
    /// no bearer token at all (section 3.1), `invalid_request` for a
    /// malformed one, `invalid_token` for one that does not validate.
    Unauthenticated {
        /// The RFC 6750 error code, if any.
        error: Option<&'static str>,
        /// What is wrong and what to do.
        description: String,
    },
    /// HTTP 503: the token cannot be checked now, through no fault of the
    /// client's (the issuer's keys could not be fetched). A new token
    /// would not help, so no challenge is sent; the client retries after
    /// `retry_after`.
    Unavailable {
        /// When the server will next try to fetch the keys.
        retry_after: std::time::Duration,
        /// What is wrong and what to do.
        description: String,
    },
    /// HTTP 403: a valid token without a scope the request needs.
    InsufficientScope {
        /// The scopes needed (space-separated), as the challenge names them.
        scope: String,
        /// What is wrong and what to do.
        description: String,
    },
}

impl Denied {
    fn token(description: impl Into<String>) -> Denied {
        Denied::Unauthenticated {
            error: Some("invalid_token"),
            description: description.into(),
        }
    }

    fn no_bearer_token(description: impl Into<String>) -> Denied {
        Denied::Unauthenticated {
            error: None,
            description: description.into(),
        }
    }

    fn malformed(description: impl Into<String>) -> Denied {
        Denied::Unauthenticated {
            error: Some("invalid_request"),
            description: description.into(),
        }
    }

    /// The HTTP status: 400, 401, 403 or 503.
    pub fn status(&self) -> u16 {
        match self {
            Denied::Unauthenticated {
                error: Some("invalid_request"),
                ..
            } => 400,
            Denied::Unauthenticated { .. } => 401,
            Denied::InsufficientScope { .. } => 403,
            Denied::Unavailable { .. } => 503,
        }
    }

    /// What is wrong and what to do.
    pub fn description(&self) -> &str {
        match self {
            Denied::Unauthenticated { description, .. }
            | Denied::InsufficientScope { description, .. }
            | Denied::Unavailable { description, .. } => description,
        }
    }
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// True for the header `typ` of an access token: a plain JWT, or RFC
/// 9068's `at+jwt` (media type prefix optional).
fn is_access_token_type(typ: &str) -> bool {
    let typ = typ.strip_prefix("application/").unwrap_or(typ);
    typ.eq_ignore_ascii_case("JWT") || typ.eq_ignore_ascii_case("at+jwt")
}

/// A header parameter value: quotes and backslashes replaced, so it
/// cannot end the quoted string early.
fn quoted(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '"' => '\'',
            '\\' => '/',
            c if c.is_control() => ' ',
            // A header value is visible ASCII: one character past it would
            // make the challenge unbuildable, and the 401 would go out
            // without it.
            c if !c.is_ascii() => '?',
            c => c,
        })
        .collect()
}

/// The configured resource server.
pub struct Authenticator {
    config: AuthConfig,
    metadata_url: String,
    supported: Vec<String>,
    scopes: ScopeRules,
    keys: keys::KeyStore,
    cache: cache::TokenCache,
    /// Signature checks made so far.
    signature_checks: AtomicU64,
}

impl std::fmt::Debug for Authenticator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Authenticator")
            .field("issuer", &self.config.issuer)
            .field("audience", &self.config.audience)
            .finish_non_exhaustive()
    }
}

/// The metadata URL of `resource` (RFC 9728 section 3.1): the well-known
/// segment between the host and the resource's path.
fn metadata_url(resource: &str) -> String {
    let Some(scheme_end) = resource.find("://") else {
        return format!("{resource}{METADATA_PATH}");
    };
    let after = &resource[scheme_end + 3..];
    let (authority, path) = after.split_at(after.find('/').unwrap_or(after.len()));
    let path = path.trim_end_matches('/');
    format!(
        "{}://{authority}{METADATA_PATH}{path}",
        &resource[..scheme_end]
    )
}

impl Authenticator {
    /// The resource server of `config`. `scopes` names what a token needs
    /// for each tool and for each toolset's other offers (from each
    /// `[[toolset]]`).
    pub fn new(config: AuthConfig, scopes: ScopeRules) -> Authenticator {
        let mut supported: Vec<String> = Vec::new();
        let mut add = |s: &String| {
            if !supported.contains(s) {
                supported.push(s.clone());
            }
        };
        config.required_scopes.iter().for_each(&mut add);
        add(&config.write_scope);
        scopes.named().into_iter().for_each(&mut add);
        config.extra_scopes.iter().for_each(&mut add);
        Authenticator {
            metadata_url: metadata_url(&config.audience),
            keys: keys::KeyStore::new(
                &config.issuer,
                config.jwks_uri.as_deref(),
                config.jwks_min_refresh,
            ),
            cache: cache::TokenCache::default(),
            signature_checks: AtomicU64::new(0),
            supported,
            scopes,
            config,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &AuthConfig {
        &self.config
    }

    /// True if a session ends as soon as the token it last used expires
    /// (`auth.on_token_expiry = "end"`); false if it is kept and its next
    /// request must carry a fresh token.
    pub fn ends_sessions_at_expiry(&self) -> bool {
        self.config.on_token_expiry == TokenExpiry::EndSession
    }

    /// Fetches the issuer's keys now (at start, so a wrong issuer shows at
    /// once); a failure is retried at the first request.
    pub async fn prefetch(&self) -> Result<(), String> {
        self.keys.refresh().await
    }

    /// JWKS fetches attempted so far.
    pub fn jwks_fetches(&self) -> u64 {
        self.keys.fetch_count()
    }

    /// Signature checks made so far: one per token whose claims hold and
    /// whose key is known, and that is not remembered as validated.
    pub fn signature_checks(&self) -> u64 {
        self.signature_checks.load(Ordering::Relaxed)
    }

    /// Validated tokens remembered now.
    pub fn cached_tokens(&self) -> usize {
        self.cache.len()
    }

    /// The scopes advertised: required, write, per-tool and extra scopes.
    pub fn supported_scopes(&self) -> &[String] {
        &self.supported
    }

    /// The URL of the protected-resource metadata, for challenges.
    pub fn metadata_url(&self) -> &str {
        &self.metadata_url
    }

    /// True if a session of `principal` is read-only: it lacks the write
    /// scope.
    pub fn read_only_for(&self, principal: &Principal) -> bool {
        !principal.has_scope(&self.config.write_scope)
    }

    /// The scopes a token needs for `tool` (none if it has no scopes).
    pub fn tool_scopes(&self, tool: &str) -> &[String] {
        self.scopes.tool(tool)
    }

    /// Refuses `tool` to `principal` if its token lacks a scope the tool
    /// needs (403 `insufficient_scope`).
    pub fn check_tool(&self, principal: &Principal, tool: &str) -> Result<(), Denied> {
        scopes::check(principal, self.scopes.tool(tool), &format!("tool `{tool}`"))
    }

    /// Refuses what toolset `index` (named `name`) offers besides tools —
    /// its resources, prompts and completions — to `principal` if its
    /// token lacks a scope of the toolset's (403 `insufficient_scope`).
    pub fn check_toolset(
        &self,
        principal: &Principal,
        index: usize,
        name: &str,
    ) -> Result<(), Denied> {
        scopes::check(
            principal,
            self.scopes.toolset(index),
            &format!("toolset `{name}`"),
        )
    }

    /// Authenticates a request from its `Authorization` header values.
    pub async fn authenticate(&self, authorization: &[&[u8]]) -> Result<Arc<Principal>, Denied> {
        let raw = match authorization {
            [] => {
                return Err(Denied::no_bearer_token(
                    "the request carries no access token; send `Authorization: Bearer <token>`",
                ));
            }
            [one] => *one,
            _ => {
                return Err(Denied::malformed(
                    "the request carries more than one Authorization header; send one, \
                     `Authorization: Bearer <token>`",
                ));
            }
        };
        let text = std::str::from_utf8(raw).unwrap_or("");
        let (scheme, token) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
        if !scheme.eq_ignore_ascii_case("bearer") {
            return Err(Denied::no_bearer_token(
                "the Authorization header is not a bearer token; send \
                 `Authorization: Bearer <token>`",
            ));
        }
        let token = token.trim();
        if token.is_empty() || token.contains(' ') {
            return Err(Denied::malformed(
                "the Authorization header's bearer token is empty or not one token; send \
                 `Authorization: Bearer <token>`",
            ));
        }
        let now = now_secs();
        let key = cache::digest(token);
        let principal = match self.cache.get(&key, now, self.keys.generation()) {
            Some(p) => p,
            None => {
                let (p, keys) = self.verify(token).await?;
                let p = Arc::new(p);
                self.cache.insert(key, p.clone(), now, keys);
                p
            }
        };
        if let Some(scope) = principal.missing(&self.config.required_scopes) {
            return Err(Denied::InsufficientScope {
                scope: self.config.required_scopes.join(" "),
                description: format!(
                    "the token lacks scope `{scope}`, which every request needs; request it \
                     from the authorization server"
                ),
            });
        }
        Ok(principal)
    }

    /// Checks a token's claims, then its signature, so that a token its
    /// claims refuse (expired, another issuer or audience, no user) costs
    /// no signature check, the costly step. Answers the principal and the
    /// generation of the key set whose key verified it.
    async fn verify(&self, token: &str) -> Result<(Principal, u64), Denied> {
        let alg = self.algorithm(token)?;
        let header = jsonwebtoken::decode_header(token)
            .map_err(|e| Denied::token(format!("the token's header cannot be read ({e})")))?;
        if let Some(typ) = header.typ.as_deref().filter(|t| !is_access_token_type(t)) {
            return Err(Denied::token(format!(
                "the token's type is `{typ}`, not an access token's (JWT or at+jwt); send the \
                 access token the authorization server issued, not an ID or refresh token"
            )));
        }
        let principal = self.principal(token, &self.claims(token, alg)?)?;
        let (key, keys) = match self.keys.key_for(header.kid.as_deref(), alg).await {
            Ok(found) => found,
            Err(keys::NoKey::Unknown) => {
                return Err(Denied::token(format!(
                    "no key of the issuer verifies the token (key id {}, {alg:?}); get a new \
                     token from {}",
                    header.kid.as_deref().unwrap_or("none"),
                    self.config.issuer
                )));
            }
            Err(keys::NoKey::Unavailable(next_fetch)) => {
                return Err(Denied::Unavailable {
                    retry_after: next_fetch.max(std::time::Duration::from_secs(1)),
                    description: "the token cannot be checked: the issuer's keys are \
                                  unavailable; retry later"
                        .into(),
                });
            }
        };
        self.signature_checks.fetch_add(1, Ordering::Relaxed);
        let (message, signature) = token.rsplit_once('.').unwrap_or_default();
        match jsonwebtoken::crypto::verify(signature, message.as_bytes(), &key, alg) {
            Ok(true) => Ok((principal, keys)),
            _ => Err(Denied::token("the token's signature does not verify")),
        }
    }

    /// The token's claims, checked (`exp`, `nbf`, `iss`, `aud`) but not
    /// yet trusted: its signature is checked after.
    fn claims(&self, token: &str, alg: Algorithm) -> Result<Map<String, Value>, Denied> {
        let mut v = Validation::new(alg);
        v.insecure_disable_signature_validation();
        v.leeway = self.config.clock_skew.as_secs();
        v.validate_nbf = true;
        v.set_issuer(&[&self.config.issuer]);
        v.set_audience(&[&self.config.audience]);
        v.set_required_spec_claims(&["exp", "iss", "aud"]);
        let unchecked = jsonwebtoken::DecodingKey::from_secret(&[]);
        jsonwebtoken::decode::<Map<String, Value>>(token, &unchecked, &v)
            .map(|data| data.claims)
            .map_err(|e| self.explain(&e))
    }

    /// The token's `alg`, read before anything else so `none` and HMAC are
    /// refused by name.
    fn algorithm(&self, token: &str) -> Result<Algorithm, Denied> {
        let not_jwt = || {
            Denied::token(
                "the token is not a signed JWT (header.payload.signature); send the access token the authorization server issued",
            )
        };
        let head = token.split('.').next().ok_or_else(not_jwt)?;
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(head.trim_end_matches('='))
            .map_err(|_| not_jwt())?;
        let header: Value = serde_json::from_slice(&bytes).map_err(|_| not_jwt())?;
        if token.split('.').count() != 3 {
            return Err(not_jwt());
        }
        let name = header.get("alg").and_then(Value::as_str).unwrap_or("");
        ALGORITHMS
            .into_iter()
            .find(|a| format!("{a:?}") == name)
            .ok_or_else(|| {
                Denied::token(format!(
                    "the token's algorithm `{}` is not accepted; this server accepts RS256, \
                     ES256 and EdDSA signatures only",
                    quoted(name)
                ))
            })
    }

    fn explain(&self, e: &jsonwebtoken::errors::Error) -> Denied {
        use jsonwebtoken::errors::ErrorKind as K;
        Denied::token(match e.kind() {
            K::ExpiredSignature => {
                "the token expired; get a new one from the authorization server".to_string()
            }
            K::ImmatureSignature => {
                "the token is not valid yet (its `nbf` is in the future)".into()
            }
            K::InvalidIssuer => format!(
                "the token was issued by another issuer; this server accepts tokens of {}",
                self.config.issuer
            ),
            K::InvalidAudience => format!(
                "the token is not for this server: its audience does not include {}; ask the \
                 authorization server for a token for this resource",
                self.config.audience
            ),
            K::InvalidSignature => "the token's signature does not verify".into(),
            K::MissingRequiredClaim(c) => {
                format!("the token has no `{c}` claim; this server needs `exp`, `iss` and `aud`")
            }
            other => format!("the token cannot be read ({other:?})"),
        })
    }

    fn principal(&self, token: &str, claims: &Map<String, Value>) -> Result<Principal, Denied> {
        let claim = &self.config.user_claim;
        let user = match claims.get(claim) {
            Some(Value::String(u)) if !u.is_empty() => u.clone(),
            _ => {
                return Err(Denied::token(format!(
                    "the token has no `{claim}` claim naming the image user; configure the \
                     authorization server to issue it, or set `auth.user_claim`"
                )));
            }
        };
        self.check_system_user(&user)?;
        // Keycloak marks its ID and refresh tokens in a `typ` claim; an ID
        // token whose audience happens to be this resource is still no
        // access token.
        if let Some(Value::String(typ)) = claims.get("typ")
            && ["ID", "Refresh", "Logout"]
                .iter()
                .any(|t| typ.eq_ignore_ascii_case(t))
        {
            return Err(Denied::token(format!(
                "the token's `typ` claim is `{typ}`: it is not an access token; send the \
                 access token the authorization server issued"
            )));
        }
        let mut scopes: Vec<String> = Vec::new();
        match claims.get("scope") {
            Some(Value::String(s)) => scopes.extend(s.split_whitespace().map(str::to_string)),
            Some(Value::Array(a)) => {
                scopes.extend(a.iter().filter_map(Value::as_str).map(str::to_string))
            }
            _ => {}
        }
        match claims.get("scp") {
            Some(Value::String(s)) => scopes.extend(s.split_whitespace().map(str::to_string)),
            Some(Value::Array(a)) => {
                scopes.extend(a.iter().filter_map(Value::as_str).map(str::to_string))
            }
            _ => {}
        }
        // A fractional `exp` is as valid as a whole one (NumericDate may
        // be either); it is read as the second it falls in.
        let expires_at = claims
            .get("exp")
            .and_then(|e| e.as_u64().or_else(|| e.as_f64().map(|f| f.max(0.0) as u64)))
            .unwrap_or(0);
        Ok(Principal {
            user,
            token: BearerToken(token.into()),
            scopes,
            expires_at,
            accepted_until: expires_at.saturating_add(self.config.clock_skew.as_secs()),
        })
    }

    /// Refuses a token naming a GemStone system user the configuration
    /// does not allow (`auth.allow_system_users`): a session as one would
    /// hold the image's administrative powers, and an identity provider
    /// may let any of its users pick such a name. Read from the claims
    /// before the signature is checked, like every other claim refusal, so
    /// a flood of such tokens costs no signature check and, refused, is
    /// never cached. 401 `invalid_token`, not 403: nothing in a token is
    /// believed before its signature, and a forged one must be answered
    /// alike.
    fn check_system_user(&self, user: &str) -> Result<(), Denied> {
        let Some(system) = gs_config::system_user_like(user) else {
            return Ok(());
        };
        if self.config.allow_system_users.iter().any(|a| a == user) {
            return Ok(());
        }
        let claim = &self.config.user_claim;
        Err(Denied::token(if system == user {
            format!(
                "the token's user `{user}` (claim `{claim}`) is a GemStone system user, whose \
                 sessions hold the image's administrative powers; have the authorization \
                 server map `{claim}` to a personal user, or, to run as `{user}` on purpose, \
                 add it to `auth.allow_system_users`"
            )
        } else {
            format!(
                "the token's user `{user}` (claim `{claim}`) differs from the GemStone system \
                 user `{system}` only in case or spacing and is refused like it; have the \
                 authorization server map `{claim}` to a personal user (only the exact name \
                 `{system}` can be allowed, with `auth.allow_system_users`)"
            )
        }))
    }

    /// The `WWW-Authenticate` value for `denied`: none for
    /// [`Denied::Unavailable`], which no other token would get past.
    pub fn challenge(&self, denied: &Denied) -> Option<String> {
        Some(match denied {
            Denied::Unauthenticated {
                error: Some(error),
                description,
            } => format!(
                "Bearer error=\"{error}\", error_description=\"{}\", resource_metadata=\"{}\", \
                 scope=\"{}\"",
                quoted(description),
                self.metadata_url,
                self.supported.join(" ")
            ),
            Denied::Unauthenticated { error: None, .. } => format!(
                "Bearer resource_metadata=\"{}\", scope=\"{}\"",
                self.metadata_url,
                self.supported.join(" ")
            ),
            Denied::InsufficientScope { scope, description } => format!(
                "Bearer error=\"insufficient_scope\", scope=\"{scope}\", error_description=\"{}\", \
                 resource_metadata=\"{}\"",
                quoted(description),
                self.metadata_url
            ),
            Denied::Unavailable { .. } => return None,
        })
    }

    /// True if `path` asks for the protected-resource metadata: the
    /// well-known path alone or followed by the resource's path, with or
    /// without a trailing slash.
    pub fn is_metadata_path(&self, path: &str) -> bool {
        let Some(rest) = path.strip_prefix(METADATA_PATH) else {
            return false;
        };
        let rest = rest.trim_end_matches('/');
        rest.is_empty()
            || self
                .metadata_url
                .ends_with(&format!("{METADATA_PATH}{rest}"))
    }

    /// The protected-resource metadata document (RFC 9728 section 2).
    pub fn metadata(&self) -> Value {
        json!({
            "resource": self.config.audience,
            "authorization_servers": [self.config.issuer],
            "scopes_supported": self.supported,
            "bearer_methods_supported": ["header"],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_metadata_url_inserts_the_well_known_segment_before_the_path() {
        assert_eq!(
            metadata_url("https://mcp.example.com/mcp"),
            "https://mcp.example.com/.well-known/oauth-protected-resource/mcp"
        );
        assert_eq!(
            metadata_url("https://mcp.example.com:8443/"),
            "https://mcp.example.com:8443/.well-known/oauth-protected-resource"
        );
    }

    #[test]
    fn challenge_values_cannot_be_broken_out_of() {
        assert_eq!(quoted("a \"b\" \\c\n"), "a 'b' /c ");
        assert_eq!(quoted("Data\u{a0}Curator é"), "Data?Curator ?");
    }
}
