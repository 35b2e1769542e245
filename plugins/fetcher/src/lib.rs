//! `fetcher`: a tool that sends an HTTP request through wasi:http and
//! answers what came back, or the wasi:http error code the host gave, and
//! one that sends many GETs at once and holds their responses until all
//! have answered. The
//! toolset host's network tests (`host/toolset-host/tests/net.rs`) call it
//! with granted and ungranted origins, private addresses, large bodies and
//! slow servers; it follows no redirect itself.
//!
//! Its one setting, the optional secret `token`, is sent as
//! `Authorization: Bearer <token>` with every request when the operator
//! sets it (`token = { env = "NAME" }` in its `[toolset.config]`).

use gs_mcp_sdk::{Error, Output, Schema, Setting, Tool, Toolset, config};
use serde::Deserialize;
use serde_json::json;
use wasip2::http::outgoing_handler;
use wasip2::http::types::{ErrorCode, Fields, Method, OutgoingBody, OutgoingRequest, Scheme};
use wasip2::io::streams::StreamError;

#[derive(Deserialize)]
struct Fetch {
    url: String,
    #[serde(default)]
    method: Option<String>,
    #[serde(default)]
    body: Option<String>,
}

/// A URL's parts as wasi:http takes them.
struct Target<'a> {
    https: bool,
    authority: &'a str,
    path: &'a str,
}

fn target(url: &str) -> Result<Target<'_>, Error> {
    let (https, rest) = if let Some(r) = url.strip_prefix("https://") {
        (true, r)
    } else if let Some(r) = url.strip_prefix("http://") {
        (false, r)
    } else {
        return Err(Error::invalid_params(
            "`url` must start with http:// or https://",
        ));
    };
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    Ok(Target {
        https,
        authority,
        path,
    })
}

/// The error code's name, as the tests match it (`HttpRequestDenied`, …).
fn code_name(code: &ErrorCode) -> String {
    let debug = format!("{code:?}");
    let name = debug.strip_prefix("ErrorCode::").unwrap_or(&debug);
    name.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_string()
}

fn refused(code: &ErrorCode) -> Result<Output, Error> {
    Output::json(&json!({ "error": code_name(code) }))
}

/// A request with `headers` to `t`'s scheme, authority and path.
fn addressed(t: &Target, headers: Fields) -> Result<OutgoingRequest, Error> {
    let fail = |what: &str| Error::other(format!("the request could not be built: {what}"));
    let request = OutgoingRequest::new(headers);
    let scheme = if t.https { Scheme::Https } else { Scheme::Http };
    request
        .set_scheme(Some(&scheme))
        .map_err(|()| fail("scheme"))?;
    request
        .set_authority(Some(t.authority))
        .map_err(|()| fail("authority"))?;
    request
        .set_path_with_query(Some(t.path))
        .map_err(|()| fail("path"))?;
    Ok(request)
}

fn fetch(a: Fetch) -> Result<Output, Error> {
    let t = target(&a.url)?;
    let headers = Fields::new();
    if let Some(token) = config::get("token")? {
        headers
            .append("authorization", format!("Bearer {token}").as_bytes())
            .map_err(|e| Error::other(format!("the token cannot be sent as a header: {e:?}")))?;
    }
    let request = addressed(&t, headers)?;
    let method = match a.method.as_deref().unwrap_or("GET") {
        "GET" => Method::Get,
        "HEAD" => Method::Head,
        "POST" => Method::Post,
        "PUT" => Method::Put,
        "DELETE" => Method::Delete,
        other => Method::Other(other.to_string()),
    };
    let fail = |what: &str| Error::other(format!("the request could not be built: {what}"));
    request.set_method(&method).map_err(|()| fail("method"))?;
    let body = request.body().map_err(|()| fail("body"))?;
    if let Some(text) = &a.body {
        let stream = body.write().map_err(|()| fail("body stream"))?;
        for chunk in text.as_bytes().chunks(4096) {
            stream
                .blocking_write_and_flush(chunk)
                .map_err(|_| fail("body write"))?;
        }
    }
    let pending = match outgoing_handler::handle(request, None) {
        Ok(pending) => pending,
        Err(code) => return refused(&code),
    };
    OutgoingBody::finish(body, None).map_err(|_| fail("body finish"))?;
    pending.subscribe().block();
    let response = match pending.get() {
        Some(Ok(Ok(response))) => response,
        Some(Ok(Err(code))) => return refused(&code),
        _ => return Err(Error::other("the response future answered nothing")),
    };
    let status = response.status();
    let incoming = response.consume().map_err(|()| fail("response body"))?;
    let stream = incoming.stream().map_err(|()| fail("response stream"))?;
    let mut bytes = Vec::new();
    loop {
        match stream.blocking_read(65536) {
            Ok(chunk) => bytes.extend_from_slice(&chunk),
            Err(StreamError::Closed) => break,
            Err(StreamError::LastOperationFailed(e)) => {
                let error = match wasip2::http::types::http_error_code(&e) {
                    Some(code) => code_name(&code),
                    None => e.to_debug_string(),
                };
                return Output::json(&json!({
                    "status": status,
                    "received": bytes.len(),
                    "error": error,
                }));
            }
        }
    }
    Output::json(&json!({
        "status": status,
        "received": bytes.len(),
        "body": String::from_utf8_lossy(&bytes),
    }))
}

#[derive(Deserialize)]
struct FetchMany {
    url: String,
    count: u32,
}

/// Sends `count` GETs of `url` at once and waits for every response's
/// head, holding all of them (and so their connections) until the last
/// has answered; answers each one's status or error code, in order.
fn fetch_many(a: FetchMany) -> Result<Output, Error> {
    let t = target(&a.url)?;
    let mut pending = Vec::new();
    for _ in 0..a.count {
        let request = addressed(&t, Fields::new())?;
        pending.push(outgoing_handler::handle(request, None));
    }
    let mut answers = Vec::new();
    let mut held = Vec::new();
    for p in pending {
        let answer = match p {
            Err(code) => json!({ "error": code_name(&code) }),
            Ok(future) => {
                future.subscribe().block();
                match future.get() {
                    Some(Ok(Ok(response))) => {
                        let status = response.status();
                        held.push(response);
                        json!({ "status": status })
                    }
                    Some(Ok(Err(code))) => json!({ "error": code_name(&code) }),
                    _ => return Err(Error::other("the response future answered nothing")),
                }
            }
        };
        answers.push(answer);
    }
    drop(held);
    Output::json(&json!({ "answers": answers }))
}

fn toolset() -> Toolset {
    Toolset::new("fetcher", "1.0.0")
        .setting(
            Setting::text("token")
                .describe(
                    "A bearer token sent as `Authorization: Bearer <token>` with every request",
                )
                .secret(),
        )
        .tool(
            Tool::new(
                "fetch",
                "Sends an HTTP request (wasi:http) and answers {status, received, body} or \
                 {error}.",
                fetch,
            )
            .input(
                Schema::object()
                    .required("url", Schema::string())
                    .optional("method", Schema::string())
                    .optional("body", Schema::string()),
            )
            .read_only_safe(),
        )
        .tool(
            Tool::new(
                "fetch_many",
                "Sends `count` GETs of `url` at once and answers {answers: [{status} or \
                 {error}]}.",
                fetch_many,
            )
            .input(
                Schema::object()
                    .required("url", Schema::string())
                    .required("count", Schema::integer()),
            )
            .read_only_safe(),
        )
}

gs_mcp_sdk::export_toolset!(toolset);
