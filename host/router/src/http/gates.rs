//! The HTTP gates that are more than a comparison inline: Origin and Host
//! (against DNS rebinding), the media types of Accept and Content-Type,
//! the session gate (a session only its own user may use), and the answer
//! to a refused authentication or scope.
//!
//! `handle` and `post` in the parent module apply them, in the order the
//! module documentation gives; keeping the checks here leaves those two
//! reading as that order.

use std::borrow::Cow;
use std::net::IpAddr;
use std::sync::Arc;

use gs_auth::Denied;
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Response, StatusCode};
use serde_json::Value;

use super::{Caller, ResponseBody, header_str, json_error};
use crate::protocol::INVALID_REQUEST;
use crate::{Router, Session};

/// True for hosts that name this machine: `localhost`, `127.0.0.1` (any
/// 127/8 address) and `::1`, with or without brackets. These are always
/// accepted in Origin and Host, whatever the allowances.
///
/// `gs-config` has the same predicate for validating `http://` issuer
/// URLs; neither crate may depend on the other, and no crate both may
/// depend on holds host rules.
fn is_loopback_host(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// The host part of an Origin (`scheme://host[:port]`), lower-cased.
fn origin_host(origin: &str) -> Option<Cow<'_, str>> {
    let rest = origin.split_once("://")?.1;
    let authority = rest.split('/').next()?;
    host_of_authority(authority)
}

/// The host of `host[:port]` or `[v6][:port]`, lower-cased (copied only
/// when it has capitals: every request's Host passes here). Anything else
/// — userinfo (`localhost:80@evil.example`), text after a `]`, a port that
/// is not digits, a character no host has — is no authority at all, so no
/// prefix of it can pass for an allowed host.
fn host_of_authority(authority: &str) -> Option<Cow<'_, str>> {
    let a = authority.trim();
    let (host, port) = match a.strip_prefix('[') {
        Some(rest) => {
            let end = rest.find(']')? + 2;
            let inner = &a[1..end - 1];
            if inner.is_empty()
                || !inner
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() || b":.".contains(&b))
            {
                return None;
            }
            (&a[..end], &a[end..])
        }
        None => {
            let host = a.rsplit_once(':').map_or(a, |(h, _)| h);
            let name = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_';
            if host.is_empty() || !host.bytes().all(name) {
                return None;
            }
            (host, &a[host.len()..])
        }
    };
    let port_ok = port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if !port_ok {
        return None;
    }
    Some(if host.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(host.to_ascii_lowercase())
    } else {
        Cow::Borrowed(host)
    })
}

impl Router {
    pub(super) fn origin_allowed(&self, origin: &str) -> bool {
        match origin_host(origin) {
            Some(host) => {
                is_loopback_host(&host)
                    || self
                        .settings
                        .http
                        .allowed_origin_hosts
                        .iter()
                        .any(|h| *h == host)
            }
            None => false,
        }
    }

    /// True if `origin` is one the operator named in
    /// `http.allowed_origin_hosts`: a browser app served from it may read
    /// the server's answers (CORS). The loopback origins the gate lets
    /// through are not among them, so no page a local web server serves
    /// can drive the server from a browser unless the operator says so.
    pub(super) fn origin_configured(&self, origin: &str) -> bool {
        origin_host(origin).is_some_and(|host| {
            self.settings
                .http
                .allowed_origin_hosts
                .iter()
                .any(|h| *h == host)
        })
    }

    pub(super) fn host_allowed(&self, host: &str) -> bool {
        let Some(h) = host_of_authority(host) else {
            return false;
        };
        if is_loopback_host(&h) || self.settings.http.allowed_hosts.iter().any(|a| *a == h) {
            return true;
        }
        let listen = self.settings.listen.ip();
        !listen.is_unspecified()
            && h.trim_start_matches('[')
                .trim_end_matches(']')
                .parse::<IpAddr>()
                == Ok(listen)
    }
}

/// The media types an Accept header admits, after normalisation: q-values
/// dropped, a missing header or `*/*` read as both MCP types.
pub(super) fn accepts(h: &HeaderMap) -> (bool, bool) {
    let Some(accept) = header_str(h, &header::ACCEPT) else {
        return (true, true);
    };
    let (mut json, mut sse) = (false, false);
    for part in accept.split(',') {
        let ty = part.split(';').next().unwrap_or("").trim();
        let is = |name: &str| ty.eq_ignore_ascii_case(name);
        if is("*/*") {
            (json, sse) = (true, true);
        } else if is("application/*") || is("application/json") {
            json = true;
        } else if is("text/*") || is("text/event-stream") {
            sse = true;
        }
    }
    (json, sse)
}

/// Checks Content-Type: JSON, no wildcard, UTF-8 if a charset is given.
/// A missing header is read as JSON.
pub(super) fn content_type_refusal(h: &HeaderMap) -> Option<String> {
    let raw = h.get(header::CONTENT_TYPE)?;
    let Ok(ct) = raw.to_str() else {
        return Some("the Content-Type header is not readable; send application/json".into());
    };
    let mut parts = ct.split(';');
    let ty = parts.next().unwrap_or("").trim();
    if !ty.eq_ignore_ascii_case("application/json") {
        let ty = ty.to_ascii_lowercase();
        return Some(format!(
            "media type `{ty}` is not accepted; send the body as application/json"
        ));
    }
    for p in parts {
        if let Some((k, v)) = p.split_once('=')
            && k.trim().eq_ignore_ascii_case("charset")
        {
            let v = v.trim().trim_matches('"');
            if !v.eq_ignore_ascii_case("utf-8") && !v.eq_ignore_ascii_case("utf8") {
                return Some(format!(
                    "charset `{v}` is not accepted; send the body as UTF-8 (charset=utf-8)"
                ));
            }
        }
    }
    None
}

/// The answer to a refused authentication or scope: 401 or 403 with the
/// `WWW-Authenticate` challenge, or 503 with `Retry-After` when the token
/// cannot be checked now, and a JSON-RPC error body.
pub(super) fn refused(router: &Router, denied: &Denied, id: &Value) -> Response<ResponseBody> {
    let (status, word) = match denied.status() {
        400 => (StatusCode::BAD_REQUEST, "Bad Request"),
        403 => (StatusCode::FORBIDDEN, "Forbidden"),
        503 => (StatusCode::SERVICE_UNAVAILABLE, "Service Unavailable"),
        _ => (StatusCode::UNAUTHORIZED, "Unauthorized"),
    };
    let mut r = json_error(
        status,
        id,
        INVALID_REQUEST,
        &format!("{word}: {}", denied.description()),
    );
    if let Some(auth) = router.auth()
        && let Some(challenge) = auth.challenge(denied)
        && let Ok(v) = HeaderValue::from_str(&challenge)
    {
        r.headers_mut().insert(header::WWW_AUTHENTICATE, v);
    }
    if let Denied::Unavailable { retry_after, .. } = denied {
        r.headers_mut().insert(
            header::RETRY_AFTER,
            HeaderValue::from(retry_after.as_secs()),
        );
    }
    r
}

// The refusal is the response itself, built once and returned at once;
// boxing it would only add an allocation to the refusal path.
#[allow(clippy::result_large_err)]
pub(super) fn session_gate(
    router: &Router,
    caller: &Caller,
    id: &Value,
) -> Result<Arc<Session>, Response<ResponseBody>> {
    let Some(sid) = caller.session_id.as_deref() else {
        return Err(json_error(
            StatusCode::BAD_REQUEST,
            id,
            INVALID_REQUEST,
            "Bad Request: the MCP-Session-Id header is missing; send the id initialize answered",
        ));
    };
    // Another user's session is answered as if it did not exist: its id
    // is no capability without its user's token.
    let found = router.session(sid).filter(|s| {
        s.user() == caller.principal.as_ref().map(|p| p.user.as_str()) && !s.state().held
    });
    let Some(session) = found else {
        let user = caller.principal.as_ref().map(|p| p.user.as_str());
        let message = match router.ended_reason(sid, user) {
            Some(reason) => format!(
                "Session not found: the server ended it because {reason}; its uncommitted \
                 changes were discarded; send initialize to start a new one"
            ),
            None => "Session not found: it ended or never existed; send initialize to start \
                     a new one"
                .to_string(),
        };
        return Err(json_error(
            StatusCode::NOT_FOUND,
            id,
            INVALID_REQUEST,
            &message,
        ));
    };
    if let Some(p) = &caller.principal {
        session.authenticated(p);
    }
    Ok(session)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_read_from_origins_and_authorities() {
        assert_eq!(
            origin_host("http://localhost:6274").as_deref(),
            Some("localhost")
        );
        assert_eq!(
            origin_host("https://App.Example.com").as_deref(),
            Some("app.example.com")
        );
        assert_eq!(origin_host("http://[::1]:80/x").as_deref(), Some("[::1]"));
        assert_eq!(origin_host("null"), None);
        assert_eq!(
            host_of_authority("127.0.0.1:8000").as_deref(),
            Some("127.0.0.1")
        );
        assert_eq!(host_of_authority("[::1]").as_deref(), Some("[::1]"));
        // Not an authority, so no prefix of it is read as the host.
        for bad in [
            "localhost:80@evil.example",
            "localhost@evil.example",
            "[::1].evil.example",
            "[::1]x",
            "localhost:8o",
            "localhost:",
            "local host",
            "",
        ] {
            assert_eq!(host_of_authority(bad), None, "{bad}");
        }
        assert_eq!(origin_host("http://localhost:80@evil.example"), None);
        assert_eq!(origin_host("http://[::1].evil.example"), None);
    }

    #[test]
    fn loopback_hosts_are_this_machine_only() {
        for host in [
            "localhost",
            "LocalHost",
            "127.0.0.1",
            "127.1.2.3",
            "::1",
            "[::1]",
        ] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in [
            "example.com",
            "localhost.example.com",
            "10.0.0.1",
            "[::2]",
            "",
        ] {
            assert!(!is_loopback_host(host), "{host}");
        }
    }
}
