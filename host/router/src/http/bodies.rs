//! Reading a request's body under the server's limits: its size, the read
//! timeout between pieces, and the bytes all bodies being answered hold.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Limited};
use hyper::body::Incoming;
use hyper::header::{self, HeaderMap};
use hyper::{Response, StatusCode};
use serde_json::Value;

use crate::Router;
use crate::caps::{Cap, Held};
use crate::protocol::{self, INVALID_REQUEST};

use super::{ResponseBody, closing, header_str, json_error};

/// A POST's body, read under the server's limits (its size, the read
/// timeout, the bytes of all bodies being answered), with its hold on the
/// last; or the answer to give instead.
pub(super) async fn body_of(
    router: &Router,
    headers: &HeaderMap,
    body: Incoming,
) -> Result<(Bytes, Held), Response<ResponseBody>> {
    let limit = router.settings.http.body_limit;
    let idle = router.settings.http.read_timeout;
    let declared = header_str(headers, &header::CONTENT_LENGTH).and_then(|v| v.parse::<u64>().ok());
    let read = match declared {
        Some(n) if n > limit as u64 => Err(Unread::TooLarge),
        _ => read_body(body, limit, idle, &router.body_bytes).await,
    };
    read.map_err(|unread| match unread {
        Unread::TooLarge => json_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            &Value::Null,
            INVALID_REQUEST,
            &format!("Payload Too Large: the body exceeds the server's limit of {limit} bytes"),
        ),
        Unread::Busy => closing(
            json_error(
                StatusCode::SERVICE_UNAVAILABLE,
                &Value::Null,
                protocol::INTERNAL_ERROR,
                &format!(
                    "Service Unavailable: the requests being answered hold the server's \
                     maximum of {} bytes of bodies; retry shortly (the operator can raise \
                     http.total_body_bytes)",
                    router.body_bytes.max()
                ),
            ),
            true,
        ),
        Unread::TimedOut => closing(
            json_error(
                StatusCode::REQUEST_TIMEOUT,
                &Value::Null,
                INVALID_REQUEST,
                &format!(
                    "Request Timeout: the body stopped arriving for {} s; send it whole",
                    idle.as_secs_f64()
                ),
            ),
            false,
        ),
        Unread::TooSlow => closing(
            json_error(
                StatusCode::REQUEST_TIMEOUT,
                &Value::Null,
                INVALID_REQUEST,
                &format!(
                    "Request Timeout: the body did not arrive whole within {} s; send it \
                     whole at once",
                    (idle * BODY_READ_TIMEOUTS).as_secs_f64()
                ),
            ),
            false,
        ),
        Unread::Failed => json_error(
            StatusCode::BAD_REQUEST,
            &Value::Null,
            protocol::PARSE_ERROR,
            "Bad Request: the body could not be read",
        ),
    })
}

/// Why a request's body was not read.
pub(super) enum Unread {
    /// It is longer than the server's limit.
    TooLarge,
    /// The bodies being answered hold all the server allows.
    Busy,
    /// No piece of it arrived for the read timeout.
    TimedOut,
    /// Pieces kept arriving, but not the whole within
    /// [`BODY_READ_TIMEOUTS`] read timeouts.
    TooSlow,
    /// The connection failed while it was read.
    Failed,
}

/// How many read timeouts a whole body may take: a client sending a byte
/// now and then would otherwise hold its connection, and its place under
/// the per-address cap, for as long as it liked.
pub(super) const BODY_READ_TIMEOUTS: u32 = 4;

/// Reads a request's body whole, at most `limit` bytes, waiting at most
/// `idle` for each piece of it and [`BODY_READ_TIMEOUTS`] times `idle` for
/// the whole, holding its bytes under the cap of all bodies (`bodies`)
/// until what it answers is dropped.
pub(super) async fn read_body(
    body: Incoming,
    limit: usize,
    idle: Duration,
    bodies: &Arc<Cap>,
) -> Result<(Bytes, Held), Unread> {
    let mut held = bodies.try_take(0).ok_or(Unread::Busy)?;
    let mut body = Limited::new(body, limit);
    let mut pieces: Vec<Bytes> = Vec::new();
    let whole_by = tokio::time::Instant::now() + idle * BODY_READ_TIMEOUTS;
    loop {
        let left = whole_by.saturating_duration_since(tokio::time::Instant::now());
        let frame = match tokio::time::timeout(idle.min(left), body.frame()).await {
            Err(_) if left <= idle => return Err(Unread::TooSlow),
            Err(_) => return Err(Unread::TimedOut),
            Ok(None) => break,
            Ok(Some(Ok(frame))) => frame,
            Ok(Some(Err(e))) => {
                return Err(match e.downcast_ref::<http_body_util::LengthLimitError>() {
                    Some(_) => Unread::TooLarge,
                    None => Unread::Failed,
                });
            }
        };
        if let Ok(data) = frame.into_data() {
            if !held.grow(data.len()) {
                return Err(Unread::Busy);
            }
            pieces.push(data);
        }
    }
    // Most bodies arrive in one piece, which is kept as it came.
    let body = match pieces.len() {
        1 => pieces.pop().unwrap_or_default(),
        _ => Bytes::from(pieces.concat()),
    };
    Ok((body, held))
}
