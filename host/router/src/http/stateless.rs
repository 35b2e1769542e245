//! Revision 2026-07-28 over Streamable HTTP: the stateless era's HTTP
//! binding, on the same `/mcp` endpoint as the legacy sessions.
//!
//! A POST without `Mcp-Session-Id` whose `MCP-Protocol-Version` header is
//! not a legacy revision comes here ([`is_modern`]). What the revision
//! means is the same on every transport (`crate::modern`); this file adds
//! what HTTP carries: the routing headers (`MCP-Protocol-Version`,
//! `Mcp-Method`, `Mcp-Name`, and `Mcp-Param-*` for parameters a tool marks
//! with `x-mcp-header`), which must agree with the body (-32020, HTTP 400);
//! the HTTP status of each answer; a call's notifications as an SSE
//! stream when the client takes one; and cancellation by closing that
//! stream, which drops the request (a throwaway session closes with it).
//! The client's W3C trace context (`traceparent`, `tracestate` in `_meta`)
//! goes into the message trace.

use std::sync::Arc;

use base64::Engine as _;
use hyper::body::Incoming;
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Request, Response, StatusCode};
use serde_json::{Map, Value};

use super::gates::{accepts, content_type_refusal, refused};
use super::{
    CallStream, Caller, ResponseBody, VERSION_HEADER, empty, json_error, json_response, no_answer,
};
use crate::modern::{self, HEADER_MISMATCH, Refusal, Requester, Routed, Stateless};
use crate::protocol::{self, Answer, INVALID_REQUEST, Message, SUPPORTED_VERSIONS};
use crate::{NoteSink, Router};

/// True when a request belongs to the stateless era: a POST without a
/// session whose `MCP-Protocol-Version` header names no legacy revision
/// (a modern one, or one this server does not know, which is answered in
/// the modern era's own error form).
pub(super) fn is_modern(headers: &HeaderMap, has_session: bool) -> bool {
    if has_session {
        return false;
    }
    match headers.get(&VERSION_HEADER) {
        None => false,
        Some(v) => {
            let v = v.to_str().unwrap_or("").trim();
            !SUPPORTED_VERSIONS.contains(&v)
        }
    }
}

fn bad_request(id: &Value, code: i64, message: &str) -> Response<ResponseBody> {
    json_error(StatusCode::BAD_REQUEST, id, code, message)
}

/// A refusal as the HTTP response that carries it.
fn refusal(r: Refusal) -> Response<ResponseBody> {
    let mut response = json_response(r.status, r.answer);
    if let Some(wait) = r.retry_after
        && let Ok(v) = HeaderValue::from_str(&wait.to_string())
    {
        response.headers_mut().insert(header::RETRY_AFTER, v);
    }
    response
}

/// Serves one stateless POST.
pub(super) async fn post(
    router: Arc<Router>,
    req: Request<Incoming>,
    caller: Caller,
    what: String,
) -> Response<ResponseBody> {
    let (json_ok, sse_ok) = accepts(req.headers());
    if !json_ok && !sse_ok {
        router.tracer.line("-->", &what, None, b"");
        return json_error(
            StatusCode::NOT_ACCEPTABLE,
            &Value::Null,
            INVALID_REQUEST,
            "Not Acceptable: Accept must include application/json or text/event-stream",
        );
    }
    if let Some(why) = content_type_refusal(req.headers()) {
        router.tracer.line("-->", &what, None, b"");
        return json_error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            &Value::Null,
            INVALID_REQUEST,
            &format!("Unsupported Media Type: {why}"),
        );
    }
    let (parts, body) = req.into_parts();
    // Held until the request is answered.
    let (body, _held) = match super::body_of(&router, &parts.headers, body).await {
        Ok(b) => b,
        Err(refused) => {
            router.tracer.line("-->", &what, None, b"");
            return refused;
        }
    };
    let message = match protocol::parse(&body) {
        Ok(m) => m,
        Err(refusal) => {
            router.tracer.line("-->", &what, None, &body);
            return bad_request(&refusal.id, refusal.code, &refusal.message);
        }
    };
    let (id, method, params, arguments) = match message {
        Message::Request {
            id,
            method,
            params,
            arguments,
        } => (id, method, params.unwrap_or_default(), arguments),
        Message::Notification { .. } => {
            // On HTTP the stateless revision defines no client
            // notifications (closing a stream cancels its request): an
            // accepted notification changes nothing.
            router.tracer.line("-->", &what, None, &body);
            return empty(StatusCode::ACCEPTED);
        }
        Message::Response { id, .. } => {
            router.tracer.line("-->", &what, None, &body);
            return bad_request(
                &id,
                INVALID_REQUEST,
                "Invalid Request: at revision 2026-07-28 a client sends no JSON-RPC responses; \
                 answer an input request by retrying the original request",
            );
        }
    };
    if router.tracer.enabled() {
        let meta = params.get("_meta").and_then(Value::as_object);
        router.tracer.line(
            "-->",
            &format!("{what}{}", trace_context(meta)),
            None,
            &body,
        );
    }
    if let Err(r) = check_request(&router, &parts.headers, &id, &method, &params, &arguments) {
        return r;
    }
    let principal = caller.principal.clone();
    if let Some(denied) = router.scope_denied(principal.as_deref(), &method, Some(&params)) {
        return refused(&router, &denied, &id);
    }
    let authenticated = principal.is_some();
    let requester = Requester {
        peer: Some(caller.peer.ip()),
        principal,
    };
    // A call's notifications stream only to a client that takes a stream;
    // the answer is then the stream's last event.
    let notes = NoteSink::default();
    let request = Stateless {
        id,
        method: method.clone(),
        params,
        arguments,
        notes: sse_ok.then(|| notes.clone()),
    };
    match modern::route(&router, &requester, request).await {
        Err(r) => refusal(r),
        Ok(Routed::Answered(answer)) => finish(&router, &method, authenticated, answer),
        Ok(Routed::Listen(request)) => {
            let expires_in = requester.principal.as_ref().map(|p| p.remaining());
            listen(&router, request, sse_ok, expires_in, &requester)
        }
        Ok(Routed::Call { served, .. }) => {
            let shaping = (router.clone(), method.clone());
            super::stream_answer(
                served,
                notes,
                move |answer| match answer {
                    Some(a) => finish(&router, &method, authenticated, a),
                    None => no_answer(sse_ok),
                },
                move |a| modern::shaped(&shaping.0, &shaping.1, authenticated, a).1,
            )
            .await
        }
    }
}

/// `subscriptions/listen` as an SSE stream: its acknowledgement, then its
/// notifications for as long as the client keeps the stream open.
fn listen(
    router: &Arc<Router>,
    request: Stateless,
    sse_ok: bool,
    expires_in: Option<std::time::Duration>,
    requester: &Requester,
) -> Response<ResponseBody> {
    if !sse_ok {
        return json_error(
            StatusCode::NOT_ACCEPTABLE,
            &request.id,
            INVALID_REQUEST,
            "Not Acceptable: subscriptions/listen is answered with a stream; send Accept: \
             text/event-stream",
        );
    }
    match modern::listen::open(
        router,
        request.id,
        &request.params,
        expires_in,
        requester.caller(),
    ) {
        Err(r) => refusal(r),
        Ok(subscription) => super::event_stream(ResponseBody::Call(CallStream::new(
            subscription.ack,
            subscription.out,
        ))),
    }
}

/// The trace's note of a request's W3C trace context, if it sent one.
fn trace_context(meta: Option<&Map<String, Value>>) -> String {
    let mut s = String::new();
    for key in ["traceparent", "tracestate"] {
        if let Some(v) = meta.and_then(|m| m.get(key)).and_then(Value::as_str) {
            s.push_str(&format!(" {key}={v}"));
        }
    }
    s
}

/// Every check the revision puts on a request before it is served: its
/// `_meta` (-32602), the version header against it (-32020), the version
/// (-32022), the `Mcp-Method`, `Mcp-Name` and `Mcp-Param-*` headers
/// (-32020). All are answered HTTP 400.
#[allow(clippy::result_large_err)]
fn check_request(
    router: &Router,
    headers: &HeaderMap,
    id: &Value,
    method: &str,
    params: &Map<String, Value>,
    arguments: &Option<gs_toolset::Arguments>,
) -> Result<(), Response<ResponseBody>> {
    let version = modern::check_meta(id, params).map_err(refusal)?;
    let header_version = header_text(headers, &VERSION_HEADER).unwrap_or_default();
    if header_version != version {
        return Err(bad_request(
            id,
            HEADER_MISMATCH,
            &format!(
                "Header mismatch: MCP-Protocol-Version header `{header_version}` does not match \
                 `{}` `{version}` in the body",
                modern::META_VERSION
            ),
        ));
    }
    modern::check_version(id, version).map_err(refusal)?;
    match header_text(headers, &METHOD_HEADER) {
        None => {
            return Err(bad_request(
                id,
                HEADER_MISMATCH,
                &format!("Header mismatch: the Mcp-Method header is missing; send `{method}`"),
            ));
        }
        Some(m) if m != method => {
            return Err(bad_request(
                id,
                HEADER_MISMATCH,
                &format!(
                    "Header mismatch: Mcp-Method header `{m}` does not match the body's method \
                     `{method}` (values are case-sensitive)"
                ),
            ));
        }
        Some(_) => {}
    }
    let name_field = match method {
        "tools/call" | "prompts/get" => Some("name"),
        "resources/read" => Some("uri"),
        // The tasks extension routes a task's requests by its id.
        "tasks/get" | "tasks/update" | "tasks/cancel" => Some("taskId"),
        _ => None,
    };
    if let Some(field) = name_field
        && let Some(body_name) = params.get(field).and_then(Value::as_str)
    {
        match header_text(headers, &NAME_HEADER).map(decode_header) {
            None => {
                return Err(bad_request(
                    id,
                    HEADER_MISMATCH,
                    &format!(
                        "Header mismatch: the Mcp-Name header is missing; send params.{field} \
                         (`{body_name}`) in it"
                    ),
                ));
            }
            Some(Err(why)) => {
                return Err(bad_request(
                    id,
                    HEADER_MISMATCH,
                    &format!("Header mismatch: Mcp-Name {why}"),
                ));
            }
            Some(Ok(h)) if h != body_name => {
                return Err(bad_request(
                    id,
                    HEADER_MISMATCH,
                    &format!(
                        "Header mismatch: Mcp-Name header `{h}` does not match params.{field} \
                         `{body_name}`"
                    ),
                ));
            }
            Some(Ok(_)) => {}
        }
    }
    if method == "tools/call"
        && let Some(tool) = params.get("name").and_then(Value::as_str)
        && let Some((_, descriptor)) = router.broker.surface().lookup(tool)
    {
        check_param_headers(headers, id, &descriptor.input_schema, arguments)?;
    }
    Ok(())
}

static METHOD_HEADER: header::HeaderName = header::HeaderName::from_static("mcp-method");
static NAME_HEADER: header::HeaderName = header::HeaderName::from_static("mcp-name");

/// A header's value as text with surrounding whitespace removed; `None`
/// when absent or not visible ASCII.
fn header_text(headers: &HeaderMap, name: &header::HeaderName) -> Option<String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim_matches([' ', '\t']).to_string())
}

/// A header value in the revision's encoding: as sent, or the UTF-8 text
/// Base64-encoded between `=?base64?` and `?=`.
fn decode_header(v: String) -> Result<String, String> {
    match v
        .strip_prefix("=?base64?")
        .and_then(|rest| rest.strip_suffix("?="))
    {
        None => Ok(v),
        // Standard Base64 with its padding: SEP-2243 refuses a value
        // whose padding or alphabet is wrong rather than guess.
        Some(b64) => base64::engine::general_purpose::STANDARD
            .decode(b64)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .ok_or_else(|| format!("`{v}` is not valid Base64 of UTF-8 text")),
    }
}

/// The parameters a tool's input schema mirrors into headers: each
/// `x-mcp-header` name with the chain of `properties` keys leading to it.
fn header_params(schema: &Value) -> Vec<(String, Vec<String>)> {
    fn walk(schema: &Value, path: &mut Vec<String>, out: &mut Vec<(String, Vec<String>)>) {
        let Some(props) = schema.get("properties").and_then(Value::as_object) else {
            return;
        };
        for (key, sub) in props {
            path.push(key.clone());
            if let Some(name) = sub.get("x-mcp-header").and_then(Value::as_str) {
                out.push((name.to_string(), path.clone()));
            }
            walk(sub, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    walk(schema, &mut Vec::new(), &mut out);
    out
}

/// Checks the `Mcp-Param-{Name}` headers of a call against its arguments:
/// every annotated parameter with a non-null value must be in its header,
/// equal after decoding (integers compared as numbers).
#[allow(clippy::result_large_err)]
fn check_param_headers(
    headers: &HeaderMap,
    id: &Value,
    schema: &Value,
    arguments: &Option<gs_toolset::Arguments>,
) -> Result<(), Response<ResponseBody>> {
    let mirrored = header_params(schema);
    if mirrored.is_empty() {
        return Ok(());
    }
    let args = arguments
        .as_ref()
        .map(gs_toolset::Arguments::to_value)
        .unwrap_or(Value::Null);
    for (name, path) in mirrored {
        let value = path.iter().try_fold(&args, |v, k| v.get(k));
        let header_name = format!("mcp-param-{}", name.to_ascii_lowercase());
        let sent = headers.get(header_name.as_str());
        let expected = match value {
            None | Some(Value::Null) => continue,
            Some(v) => v,
        };
        let mismatch = |why: String| bad_request(id, HEADER_MISMATCH, &why);
        let Some(sent) = sent else {
            return Err(mismatch(format!(
                "Header mismatch: the Mcp-Param-{name} header is missing; the tool mirrors \
                 argument `{}` into it",
                path.join(".")
            )));
        };
        let text = match sent.to_str() {
            Ok(t) => decode_header(t.trim_matches([' ', '\t']).to_string())
                .map_err(|why| mismatch(format!("Header mismatch: Mcp-Param-{name} {why}")))?,
            Err(_) => {
                return Err(mismatch(format!(
                    "Header mismatch: Mcp-Param-{name} has characters a header value may not \
                     hold; Base64-encode it as =?base64?…?="
                )));
            }
        };
        let equal = match expected {
            Value::String(s) => *s == text,
            Value::Bool(b) => text == b.to_string(),
            Value::Number(n) => text
                .parse::<f64>()
                .ok()
                .zip(n.as_f64())
                .is_some_and(|(a, b)| a == b),
            _ => false,
        };
        if !equal {
            return Err(mismatch(format!(
                "Header mismatch: Mcp-Param-{name} header `{text}` does not match argument `{}` \
                 ({expected})",
                path.join(".")
            )));
        }
    }
    Ok(())
}

/// The answer to a stateless request as its HTTP response (see
/// [`modern::shaped`]).
fn finish(
    router: &Router,
    method: &str,
    authenticated: bool,
    answer: Answer,
) -> Response<ResponseBody> {
    let (status, answer) = modern::shaped(router, method, authenticated, answer);
    json_response(status, answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn base64_sentinel_values_decode() {
        assert_eq!(
            decode_header("=?base64?SGVsbG8sIOS4lueVjA==?=".into()).unwrap(),
            "Hello, 世界"
        );
        assert_eq!(decode_header("plain".into()).unwrap(), "plain");
        assert!(decode_header("=?base64?***?=".into()).is_err());
        // Unpadded: refused, not guessed.
        assert!(decode_header("=?base64?SGVsbG8?=".into()).is_err());
    }

    #[test]
    fn header_params_follow_properties_only() {
        let schema = json!({"type": "object", "properties": {
            "region": {"type": "string", "x-mcp-header": "Region"},
            "nested": {"type": "object", "properties": {
                "n": {"type": "integer", "x-mcp-header": "N"}}},
            "list": {"type": "array", "items": {"properties": {
                "x": {"type": "string", "x-mcp-header": "X"}}}}
        }});
        let mut found = header_params(&schema);
        found.sort();
        assert_eq!(
            found,
            vec![
                ("N".to_string(), vec!["nested".to_string(), "n".to_string()]),
                ("Region".to_string(), vec!["region".to_string()]),
            ]
        );
    }
}
