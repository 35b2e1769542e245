//! Outbound HTTP, for a toolset the operator granted origins to
//! (`net = ["https://api.acme.example"]` in `toolsets.toml`): one request,
//! its whole response, through wasi:http.
//!
//! ```no_run
//! # fn demo() -> Result<(), gs_mcp_sdk::Error> {
//! use gs_mcp_sdk::http;
//! let answer = http::send(
//!     &http::Request::post("https://api.acme.example/v1/lookup", r#"{"sku": "A-1"}"#)
//!         .header("content-type", "application/json"),
//! )?;
//! // A status other than 2xx fails, naming it and the body's start.
//! let found: serde_json::Value = answer.success()?.json()?;
//! # Ok(()) }
//! ```
//!
//! The host checks every request: an origin the operator did not grant,
//! a granted name that resolves to a loopback or private address, or (in
//! a read-only session) a method other than GET, HEAD or OPTIONS is
//! refused, as [`ErrorKind::Refused`](crate::ErrorKind::Refused) naming
//! the origin. Redirects are answered, not followed; the response body is
//! capped by the operator (8 MiB unless configured) and the call's deadline
//! ends any wait.
//!
//! Off WebAssembly, with the `testing` feature, requests go to the stub
//! given to `testing::MockHost::on_http`, and without one are refused as
//! an ungranted origin would be.

// Without a host, `send` only panics: its argument goes unused, and so
// does the refusal wording the host and the mock share.
#![cfg_attr(
    all(not(target_arch = "wasm32"), not(any(test, feature = "testing"))),
    allow(unused_variables, dead_code)
)]

use serde::de::DeserializeOwned;

use crate::output::Error;

/// One HTTP request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The method, e.g. `GET`.
    pub method: String,
    /// The whole URL: `http` or `https`, host, optional port, path and
    /// query.
    pub url: String,
    /// Header names and values, in order.
    pub headers: Vec<(String, String)>,
    /// The body; empty for none.
    pub body: Vec<u8>,
}

impl Request {
    /// A GET of `url`.
    pub fn get(url: &str) -> Request {
        Request {
            method: "GET".into(),
            url: url.into(),
            headers: Vec::new(),
            body: Vec::new(),
        }
    }

    /// A POST of `body` to `url`.
    pub fn post(url: &str, body: impl Into<Vec<u8>>) -> Request {
        Request {
            method: "POST".into(),
            url: url.into(),
            headers: Vec::new(),
            body: body.into(),
        }
    }

    /// The request with a header added.
    pub fn header(mut self, name: &str, value: &str) -> Request {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// The request with `method` instead (`PUT`, `DELETE`, …).
    pub fn method(mut self, method: &str) -> Request {
        self.method = method.into();
        self
    }

    /// The origin the request goes to, `scheme://host:port`, as an operator
    /// grants it; `None` for a URL that is not http or https.
    pub fn origin(&self) -> Option<String> {
        let (scheme, rest) = self.url.split_once("://")?;
        let default_port = match scheme {
            "https" => 443,
            "http" => 80,
            _ => return None,
        };
        let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
        let has_port = authority.rsplit_once(':').is_some_and(|(_, p)| {
            !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()) && !p.contains(']')
        });
        Some(if has_port {
            format!("{scheme}://{authority}")
        } else {
            format!("{scheme}://{authority}:{default_port}")
        })
    }
}

/// A whole response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// Header names (lowercase) and values, in order.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Response {
    /// A response of `status` with `body` (for tests' stubs).
    pub fn new(status: u16, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            headers: Vec::new(),
            body: body.into(),
        }
    }

    /// The first value of header `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The body as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body read as JSON into `T`; an error names the status and what
    /// did not parse, and for a status that is not a success (a service's
    /// error answer, say) the start of the body too. Check the status
    /// first ([`Response::success`]) to tell the two apart.
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, Error> {
        serde_json::from_slice(&self.body).map_err(|e| {
            let body = if self.is_success() {
                String::new()
            } else {
                format!("; the body begins `{}`", self.body_start())
            };
            Error::other(format!(
                "the HTTP response (status {}) is not the JSON expected: {e}{body}",
                self.status
            ))
        })
    }

    /// True for a success status (200 to 299).
    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The response if its status is a success (200 to 299); otherwise an
    /// [`ErrorKind::Other`](crate::ErrorKind::Other) naming the status and
    /// the start of the body, which is where services say what went
    /// wrong. Handle the statuses your tool answers otherwise first (a 404
    /// as [`Error::not_found`], say):
    ///
    /// ```
    /// use gs_mcp_sdk::{Error, http::Response};
    ///
    /// let ok = Response::new(200, r#"{"status": "shipped"}"#);
    /// assert_eq!(ok.success().unwrap().text(), r#"{"status": "shipped"}"#);
    ///
    /// let denied = Response::new(401, r#"{"error": "bad key"}"#);
    /// let err: Error = denied.success().unwrap_err();
    /// assert_eq!(
    ///     err.message,
    ///     r#"the HTTP service answered status 401: {"error": "bad key"}"#
    /// );
    /// ```
    pub fn success(self) -> Result<Response, Error> {
        if self.is_success() {
            return Ok(self);
        }
        Err(Error::other(format!(
            "the HTTP service answered status {}: {}",
            self.status,
            self.body_start()
        )))
    }

    /// The body's first 200 characters, as text, for error messages.
    fn body_start(&self) -> String {
        const SHOWN: usize = 200;
        let text = self.text();
        let text = text.trim();
        match text.char_indices().nth(SHOWN) {
            Some((end, _)) => format!("{}…", &text[..end]),
            None if text.is_empty() => "(no body)".to_string(),
            None => text.to_string(),
        }
    }
}

/// Sends `request` and reads its whole response.
pub fn send(request: &Request) -> Result<Response, Error> {
    crate::host::host_fn!("http::send", wasi::send(request), |host| host.http(request))
}

/// A GET of `url`.
pub fn get(url: &str) -> Result<Response, Error> {
    send(&Request::get(url))
}

/// The error for a request the host refused with wasi:http's `code`.
pub(crate) fn refused(request: &Request, code: &str) -> Error {
    let origin = request.origin().unwrap_or_else(|| request.url.clone());
    let why = match code {
        "DestinationIpProhibited" => format!(
            "`{origin}` resolves to a loopback or private address, which is reached only when \
             the operator grants its IP address"
        ),
        _ => format!(
            "{} to `{origin}` is not granted to this toolset; the operator grants origins with \
             `net = [\"{origin}\"]` in toolsets.toml (a read-only session sends only GET, HEAD \
             and OPTIONS)",
            request.method
        ),
    };
    Error::new(crate::ErrorKind::Refused, why)
}

#[cfg(target_arch = "wasm32")]
mod wasi {
    use wasip2::http::outgoing_handler;
    use wasip2::http::types::{ErrorCode, Fields, Method, OutgoingBody, OutgoingRequest, Scheme};
    use wasip2::io::streams::StreamError;

    use super::{Request, Response, refused};
    use crate::output::Error;

    /// The error code's variant name (`HttpRequestDenied`, …).
    fn name(code: &ErrorCode) -> String {
        let debug = format!("{code:?}");
        let name = debug.strip_prefix("ErrorCode::").unwrap_or(&debug);
        name.split(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or_default()
            .to_string()
    }

    fn failed(request: &Request, code: &ErrorCode) -> Error {
        let code_name = name(code);
        match code_name.as_str() {
            "HttpRequestDenied" | "DestinationIpProhibited" => refused(request, &code_name),
            _ => Error::other(format!(
                "{} {} failed: {code_name}",
                request.method, request.url
            )),
        }
    }

    pub(super) fn send(request: &Request) -> Result<Response, Error> {
        let bad = |what: &str| Error::invalid_params(format!("{what}: `{}`", request.url));
        let (scheme, rest) = request
            .url
            .split_once("://")
            .ok_or_else(|| bad("not an http or https URL"))?;
        let scheme = match scheme {
            "https" => Scheme::Https,
            "http" => Scheme::Http,
            _ => return Err(bad("not an http or https URL")),
        };
        let (authority, path) = match rest.find(['/', '?']) {
            Some(i) if rest.as_bytes()[i] == b'/' => (&rest[..i], rest[i..].to_string()),
            Some(i) => (&rest[..i], format!("/{}", &rest[i..])),
            None => (rest, "/".to_string()),
        };
        let headers = Fields::new();
        for (n, v) in &request.headers {
            headers
                .append(n, v.as_bytes())
                .map_err(|e| Error::invalid_params(format!("header `{n}`: {e:?}")))?;
        }
        let outgoing = OutgoingRequest::new(headers);
        let method = match request.method.as_str() {
            "GET" => Method::Get,
            "HEAD" => Method::Head,
            "POST" => Method::Post,
            "PUT" => Method::Put,
            "DELETE" => Method::Delete,
            "PATCH" => Method::Patch,
            "OPTIONS" => Method::Options,
            other => Method::Other(other.to_string()),
        };
        outgoing
            .set_method(&method)
            .map_err(|()| bad("the method is not valid"))?;
        outgoing
            .set_scheme(Some(&scheme))
            .map_err(|()| bad("the scheme is not valid"))?;
        outgoing
            .set_authority(Some(authority))
            .map_err(|()| bad("the host is not valid"))?;
        outgoing
            .set_path_with_query(Some(&path))
            .map_err(|()| bad("the path is not valid"))?;
        let body = outgoing
            .body()
            .map_err(|()| Error::other("the request body could not be opened"))?;
        if !request.body.is_empty() {
            let stream = body
                .write()
                .map_err(|()| Error::other("the request body could not be written"))?;
            for chunk in request.body.chunks(4096) {
                stream
                    .blocking_write_and_flush(chunk)
                    .map_err(|_| Error::other("the request body could not be written"))?;
            }
        }
        let pending = outgoing_handler::handle(outgoing, None).map_err(|c| failed(request, &c))?;
        OutgoingBody::finish(body, None).map_err(|c| failed(request, &c))?;
        pending.subscribe().block();
        let response = match pending.get() {
            Some(Ok(Ok(response))) => response,
            Some(Ok(Err(code))) => return Err(failed(request, &code)),
            _ => return Err(Error::other("the HTTP response never came")),
        };
        let headers = response
            .headers()
            .entries()
            .into_iter()
            .map(|(n, v)| (n, String::from_utf8_lossy(&v).into_owned()))
            .collect();
        let status = response.status();
        let incoming = response
            .consume()
            .map_err(|()| Error::other("the response body could not be read"))?;
        let stream = incoming
            .stream()
            .map_err(|()| Error::other("the response body could not be read"))?;
        let mut body = Vec::new();
        loop {
            match stream.blocking_read(65536) {
                Ok(chunk) => body.extend_from_slice(&chunk),
                Err(StreamError::Closed) => break,
                Err(StreamError::LastOperationFailed(e)) => {
                    return Err(match wasip2::http::types::http_error_code(&e) {
                        Some(code) => failed(request, &code),
                        None => Error::other(format!(
                            "reading the response of {} {} failed: {}",
                            request.method,
                            request.url,
                            e.to_debug_string()
                        )),
                    });
                }
            }
        }
        Ok(Response {
            status,
            headers,
            body,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_names_its_origin_as_an_operator_grants_it() {
        assert_eq!(
            Request::get("https://api.acme.example/v1?q=1")
                .origin()
                .as_deref(),
            Some("https://api.acme.example:443")
        );
        assert_eq!(
            Request::get("http://127.0.0.1:8080").origin().as_deref(),
            Some("http://127.0.0.1:8080")
        );
        assert_eq!(Request::get("ftp://x").origin(), None);
    }

    #[test]
    fn an_error_status_is_named_with_the_start_of_its_body() {
        assert_eq!(Response::new(204, "").success().unwrap().status, 204);
        let e = Response::new(503, "").success().unwrap_err();
        assert_eq!(e.message, "the HTTP service answered status 503: (no body)");
        let long = Response::new(500, "é".repeat(300)).success().unwrap_err();
        assert!(
            long.message.ends_with(&format!(": {}…", "é".repeat(200))),
            "{}",
            long.message
        );
        let e = Response::new(401, r#"{"error": "bad key"}"#)
            .json::<Vec<u32>>()
            .unwrap_err();
        assert_eq!(
            e.message,
            "the HTTP response (status 401) is not the JSON expected: invalid type: map, \
             expected a sequence at line 1 column 0; the body begins `{\"error\": \"bad key\"}`"
        );
        let e = Response::new(200, "[").json::<Vec<u32>>().unwrap_err();
        assert!(!e.message.contains("body begins"), "{}", e.message);
    }

    #[test]
    fn a_mock_host_refuses_a_tool_needing_a_grant_it_was_not_given() {
        use crate::testing::MockHost;
        use crate::{Output, Tool, Toolset};
        #[derive(serde::Deserialize)]
        struct NoArgs {}
        let toolset = || {
            Toolset::new("t", "1").tool(
                Tool::new("ping", "GETs the status.", |_: NoArgs| {
                    Output::json(&serde_json::json!({"status": get("https://a.example/")?.status}))
                })
                .needs(&["net"]),
            )
        };
        let e = MockHost::new().call(&toolset(), "ping", "{}").unwrap_err();
        assert_eq!(e.kind, crate::ErrorKind::Refused);
        assert_eq!(
            e.message,
            "tool `ping` needs the grant `net`, which this session was not given; a server \
             whose operator did not grant it leaves it out"
        );
        let granted = MockHost::new()
            .grant("net")
            .on_http(|_| Ok(Response::new(204, "")));
        let out = granted.call(&toolset(), "ping", "{}").unwrap();
        assert_eq!(out.structured, Some(serde_json::json!({"status": 204})));
    }

    #[test]
    fn a_mock_host_answers_requests_with_its_stub_and_refuses_without_one() {
        use crate::testing::MockHost;
        let host =
            MockHost::new().on_http(|r| Ok(Response::new(201, format!("{} {}", r.method, r.url))));
        let installed = host.install();
        let answer = send(&Request::post("https://api.acme.example/x", "{}")).unwrap();
        assert_eq!(
            (answer.status, answer.text()),
            (201, "POST https://api.acme.example/x".into())
        );
        assert_eq!(host.requests()[0].body, b"{}");
        drop(installed);

        let bare = MockHost::new();
        let _installed = bare.install();
        let e = get("https://api.acme.example/x").unwrap_err();
        assert_eq!(e.kind, crate::ErrorKind::Refused);
        assert!(
            e.message
                .contains("`net = [\"https://api.acme.example:443\"]`"),
            "{}",
            e.message
        );
    }
}
