//! Cross-origin access for a browser app served from an origin the
//! operator named (`http.allowed_origin_hosts`): the preflight a browser
//! sends before a JSON POST, and the headers that let the app read an
//! answer and the session id it carries. Other origins get none of it; the
//! Origin gate has already refused those it does not allow.

use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Response, StatusCode};

use super::ResponseBody;
use super::responses::empty;
use crate::Router;

/// The request headers a browser app may send: MCP's and the standard
/// ones a JSON POST with a bearer token needs.
const ALLOWED_HEADERS: &str = "Content-Type, Accept, Authorization, Mcp-Session-Id, \
                               MCP-Protocol-Version, Last-Event-ID, Mcp-Method, Mcp-Name";

/// The response headers an app must be able to read.
const EXPOSED_HEADERS: &str = "Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate";

/// The request's Origin, when it is one the operator configured.
pub(super) fn configured_origin(router: &Router, headers: &HeaderMap) -> Option<HeaderValue> {
    let origin = headers.get(header::ORIGIN)?;
    let text = origin.to_str().ok()?;
    router.origin_configured(text).then(|| origin.clone())
}

/// The answer to a preflight (`OPTIONS` with
/// `Access-Control-Request-Method`) from a configured origin: which
/// methods and headers it may use. `Mcp-Param-*` headers (revision
/// 2026-07-28 mirrors tool arguments in them) are allowed as asked.
pub(super) fn preflight(origin: HeaderValue, headers: &HeaderMap) -> Response<ResponseBody> {
    let mut r = empty(StatusCode::NO_CONTENT);
    let params: Vec<&str> = headers
        .get(header::ACCESS_CONTROL_REQUEST_HEADERS)
        .and_then(|v| v.to_str().ok())
        .into_iter()
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|h| h.len() > 10 && h[..10].eq_ignore_ascii_case("mcp-param-"))
        .collect();
    let allowed = if params.is_empty() {
        ALLOWED_HEADERS.to_string()
    } else {
        format!("{ALLOWED_HEADERS}, {}", params.join(", "))
    };
    let h = r.headers_mut();
    allow(h, origin);
    h.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static("GET, POST, DELETE"),
    );
    if let Ok(v) = HeaderValue::from_str(&allowed) {
        h.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, v);
    }
    h.insert(
        header::ACCESS_CONTROL_MAX_AGE,
        HeaderValue::from_static("600"),
    );
    r
}

/// Lets the app at `origin` read `response` and its MCP headers.
pub(super) fn expose(origin: HeaderValue, response: &mut Response<ResponseBody>) {
    let h = response.headers_mut();
    if h.contains_key(header::ACCESS_CONTROL_ALLOW_ORIGIN) {
        return;
    }
    allow(h, origin);
    h.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static(EXPOSED_HEADERS),
    );
}

fn allow(h: &mut HeaderMap, origin: HeaderValue) {
    h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    h.append(header::VARY, HeaderValue::from_static("Origin"));
}
