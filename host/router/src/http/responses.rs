//! The bodies of the answers: a whole JSON body, the GET stream, a
//! POSTed call's stream of notifications and answer, and the helpers that
//! make each kind of response.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use hyper::body::{Body, Frame};
use hyper::header::{self, HeaderName, HeaderValue};
use hyper::{Response, StatusCode};
use serde_json::Value;

use crate::notifications::{Out, OutReceiver};
use crate::protocol::{self, Answer};
use crate::{Drained, Router, Session};

/// A response body: either a whole buffer or a server-sent event stream.
pub enum ResponseBody {
    /// A complete body, written with its headers (taken when written).
    Full(Option<Bytes>),
    /// The GET stream.
    Stream(SseStream),
    /// A POSTed call's notifications, then its answer.
    Call(CallStream),
}

/// The SSE answer to one POSTed call: its notifications as they come, then
/// its response, then the end of the stream.
pub struct CallStream {
    first: Option<Value>,
    out: OutReceiver,
    ended: bool,
}
use crate::outbound::{event_json, frame as event};

impl CallStream {
    /// A stream that sends `first`, then what comes on `out`.
    pub(super) fn new(first: Value, out: OutReceiver) -> CallStream {
        CallStream {
            first: Some(first),
            out,
            ended: false,
        }
    }

    fn poll_next(
        &mut self,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        if let Some(first) = self.first.take() {
            return Poll::Ready(Some(Ok(Frame::data(event(&first)))));
        }
        if self.ended {
            return Poll::Ready(None);
        }
        match self.out.poll_recv(cx) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Some(Out::Note(n))) => Poll::Ready(Some(Ok(Frame::data(event(&n))))),
            Poll::Ready(Some(Out::Done(answer))) => {
                self.ended = true;
                Poll::Ready(answer.map(|a| Ok(Frame::data(Bytes::from(event_json(a.json()))))))
            }
            Poll::Ready(None) => Poll::Ready(None),
        }
    }
}

impl Body for ResponseBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        match self.get_mut() {
            ResponseBody::Full(f) => Poll::Ready(
                f.take()
                    .filter(|b| !b.is_empty())
                    .map(|b| Ok(Frame::data(b))),
            ),
            ResponseBody::Stream(s) => s.poll_next(cx),
            ResponseBody::Call(s) => s.poll_next(cx),
        }
    }

    fn is_end_stream(&self) -> bool {
        match self {
            ResponseBody::Full(f) => f.as_ref().is_none_or(Bytes::is_empty),
            ResponseBody::Stream(_) | ResponseBody::Call(_) => false,
        }
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        match self {
            ResponseBody::Full(f) => {
                hyper::body::SizeHint::with_exact(f.as_ref().map_or(0, |b| b.len() as u64))
            }
            ResponseBody::Stream(_) | ResponseBody::Call(_) => hyper::body::SizeHint::default(),
        }
    }
}

/// The standalone server-to-client stream of one session: messages from
/// the session's outbox, and a keepalive comment every 15 s, until the
/// token that opened it expires (the client opens it again with a fresh
/// one). When the client hangs up hyper drops the body, which records the
/// loss.
pub struct SseStream {
    keepalive: tokio::time::Interval,
    router: Arc<Router>,
    session: Arc<Session>,
    generation: u64,
    expiry: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
    /// Set when the stream ended because its token expired.
    token_expired: bool,
}

/// Keepalive comment interval on the GET stream (sized to proxy and NAT
/// idle timeouts, not to sessions).
const KEEPALIVE: Duration = Duration::from_secs(15);

impl SseStream {
    /// The GET stream of `session`, its `generation`th, ending after
    /// `expires_in` when a token opened it.
    pub(super) fn new(
        router: Arc<Router>,
        session: Arc<Session>,
        generation: u64,
        expires_in: Option<Duration>,
    ) -> SseStream {
        let mut keepalive = tokio::time::interval(KEEPALIVE);
        keepalive.reset();
        SseStream {
            keepalive,
            router,
            session,
            generation,
            expiry: expires_in.map(|left| Box::pin(tokio::time::sleep(left))),
            token_expired: false,
        }
    }

    fn poll_next(
        &mut self,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        if let Some(expiry) = self.expiry.as_mut()
            && expiry.as_mut().poll(cx).is_ready()
        {
            self.token_expired = true;
            return Poll::Ready(None);
        }
        match self.session.drain(self.generation, cx.waker()) {
            Drained::Frame(msg) => {
                self.keepalive.reset();
                return Poll::Ready(Some(Ok(Frame::data(msg))));
            }
            // Superseded by a newer GET or the session ended.
            Drained::End => return Poll::Ready(None),
            Drained::Wait => {}
        }
        if self.keepalive.poll_tick(cx).is_ready() {
            return Poll::Ready(Some(Ok(Frame::data(Bytes::from_static(
                b": keepalive\n\n",
            )))));
        }
        Poll::Pending
    }
}

impl Drop for SseStream {
    fn drop(&mut self) {
        self.router
            .stream_closed(&self.session, self.generation, self.token_expired);
    }
}

pub(super) fn full(
    status: StatusCode,
    content_type: Option<&'static str>,
    body: Vec<u8>,
) -> Response<ResponseBody> {
    let mut r = Response::new(ResponseBody::Full(Some(Bytes::from(body))));
    *r.status_mut() = status;
    if let Some(ct) = content_type {
        r.headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static(ct));
    }
    r
}

pub(super) fn json_response(status: StatusCode, answer: Answer) -> Response<ResponseBody> {
    full(status, Some("application/json"), answer.into_json())
}

pub(super) fn json_error(
    status: StatusCode,
    id: &Value,
    code: i64,
    message: &str,
) -> Response<ResponseBody> {
    json_response(status, protocol::error(id, code, message))
}

pub(super) fn empty(status: StatusCode) -> Response<ResponseBody> {
    full(status, None, Vec::new())
}

/// What a request that gets no answer (it was cancelled) is sent: a
/// request's POST is answered with JSON or an event stream, never `202`,
/// which is for notifications; with no answer to send, that is an event
/// stream with no events, when the client accepts one (`sse_ok`).
pub(super) fn no_answer(sse_ok: bool) -> Response<ResponseBody> {
    if sse_ok {
        full(StatusCode::OK, Some("text/event-stream"), Vec::new())
    } else {
        empty(StatusCode::ACCEPTED)
    }
}

/// `r` with the connection closed after it, and with `Retry-After: 1`
/// when `retry`.
pub(super) fn closing(mut r: Response<ResponseBody>, retry: bool) -> Response<ResponseBody> {
    let h = r.headers_mut();
    if retry {
        h.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    }
    h.insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}

/// A response whose body is an SSE stream.
pub(super) fn event_stream(body: ResponseBody) -> Response<ResponseBody> {
    let mut r = Response::new(body);
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // A buffering proxy (nginx) would hold the events back until the
    // stream ends; this asks it not to.
    h.insert(
        HeaderName::from_static("x-accel-buffering"),
        HeaderValue::from_static("no"),
    );
    r
}

pub(super) fn sse_response(answer: &Answer) -> Response<ResponseBody> {
    full(
        StatusCode::OK,
        Some("text/event-stream"),
        event_json(answer.json()),
    )
}
