//! The stdio transport: one client, one JSON-RPC message per line in and
//! out, in either era of the protocol.
//!
//! - **Session era** (2025-06-18, 2025-11-25): the session opens at
//!   `initialize` (or at the first request of a client that skips it) and
//!   closes at the end of input. What the server sends first (its requests
//!   and notifications, from the session's outbox) goes to the same
//!   writer, standard output being the client's one stream.
//! - **Stateless era** (2026-07-28): until a session has opened, a request
//!   whose `_meta` names a version other than a legacy one, or a
//!   `server/discover`, is served as `crate::modern` serves every
//!   stateless request: each in an image session of its own (or a kept one
//!   named by handle), its notifications as lines before its answer, a
//!   `subscriptions/listen` as notifications stamped with its id until the
//!   client cancels it. The server sends no requests of its own.
//!
//! Requests run on their own tasks, so a `notifications/cancelled` read
//! while a call runs can stop it; a cancelled request gets no further
//! line. Answers are written whole, one per line, in the order they
//! complete. Nothing but protocol goes to the writer (logs go to stderr).
//! A line is read as bytes, at most `http.body_limit_bytes` of it: a longer
//! one, or one that is not JSON (not UTF-8 included), is answered with an
//! error, and the server reads on.
//!
//! The end of input is the client's last word, not its departure: calls in
//! flight are answered, then the session closes. The client's departure —
//! its output closed (a write fails), the caller's `hangup`, or input that
//! cannot be read — ends the connection at once instead: nobody is left
//! to read an answer, so every call in flight is stopped as a cancelled
//! one is (soft break, hard break, then its session ends) and the session
//! closes, rather than calls running on, perhaps forever, for no one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::Poll;
use std::time::Duration;

use serde_json::{Map, Value};
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWrite, AsyncWriteExt};

use crate::modern::{self, Requester, Routed, Stateless};
use crate::notifications::Out;
use crate::protocol::{self, Answer, Message, SUPPORTED_VERSIONS};
use crate::{Drained, NoteSink, OpenRefused, Router, Session, outbound};

/// Serves one client reading `input` and writing `output` until `input`
/// ends or `output` fails.
pub async fn serve_stdio<R, W>(router: Arc<Router>, input: R, output: W) -> std::io::Result<()>
where
    R: AsyncBufRead + Unpin,
    W: AsyncWrite + Unpin + Send + 'static,
{
    serve_stdio_until(router, input, output, std::future::pending()).await
}

/// [`serve_stdio`], ending as a departed client's connection ends once
/// `hangup` completes: for a caller that can tell the client is gone
/// before anything is written (a pipe whose reader closed, say), so that a
/// call still running at the end of input is stopped rather than awaited.
///
/// A client that closes its output (the server's writes fail with a
/// broken pipe) has hung up, which is no error: `Ok`. Any other failure to
/// write, and a failure to read, is the error returned.
pub async fn serve_stdio_until<R, W, H>(
    router: Arc<Router>,
    input: R,
    output: W,
    hangup: H,
) -> std::io::Result<()>
where
    R: AsyncBufRead + Unpin,
    W: AsyncWrite + Unpin + Send + 'static,
    H: std::future::Future<Output = ()>,
{
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Vec<u8>>(WRITER_AHEAD);
    let writer = tokio::spawn(async move {
        let mut output = output;
        while let Some(mut line) = rx.recv().await {
            line.push(b'\n');
            output.write_all(&line).await?;
            output.flush().await?;
        }
        Ok::<_, std::io::Error>(())
    });
    // The receiver goes when the writer fails: then the client has gone.
    let watch = tx.clone();
    let mut hangup = std::pin::pin!(hangup);
    let limit = router.settings.http.body_limit;
    let mut connection = Connection {
        router,
        out: Writer(tx),
        session: None,
        outbox: None,
        flights: Flights::default(),
        tasks: Vec::new(),
    };
    let mut input = input;
    let mut line = Vec::new();
    let ending = loop {
        let read = tokio::select! {
            biased;
            () = watch.closed() => break Ending::Gone,
            () = &mut hangup => break Ending::Gone,
            read = read_line(&mut input, limit, &mut line) => read,
        };
        let read = match read {
            Ok(read) => read,
            Err(e) => break Ending::Unreadable(e),
        };
        let message = match read {
            Line::End => break Ending::Input,
            Line::TooLong => {
                connection.trace(b"");
                Err(protocol::error(
                    &Value::Null,
                    protocol::INVALID_REQUEST,
                    &format!(
                        "Invalid Request: the message exceeds the server's limit of {limit} bytes \
                         (http.body_limit_bytes); it was skipped"
                    ),
                ))
            }
            Line::Read if line.iter().all(u8::is_ascii_whitespace) => continue,
            Line::Read => {
                connection.trace(&line);
                protocol::parse(&line).map_err(|r| protocol::error(&r.id, r.code, &r.message))
            }
        };
        match message {
            Ok(message) => connection.receive(message).await,
            Err(refusal) => connection.out.answer(refusal).await,
        }
    };
    match &ending {
        Ending::Input => {
            let gone = async {
                tokio::select! {
                    () = watch.closed() => {}
                    () = &mut hangup => {}
                }
            };
            connection.end(gone).await;
        }
        Ending::Gone | Ending::Unreadable(_) => connection.abandon().await,
    }
    drop(watch);
    let written = match writer.await {
        Ok(Err(e)) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(()),
    };
    match ending {
        Ending::Unreadable(e) => Err(e),
        _ => written,
    }
}

/// Why the reading of input stopped.
enum Ending {
    /// The input ended: the client said all it had to say.
    Input,
    /// The client went: its output closed, or the caller's hangup.
    Gone,
    /// The input could not be read.
    Unreadable(std::io::Error),
}

/// How long the connection of a departed client waits, once it has stopped
/// its calls, for them to end: past the soft and hard breaks' graces a call
/// that still runs is left behind rather than keeping the server.
const STOPPED_CALLS_WAIT: Duration = Duration::from_secs(10);

/// One stdio client: its session, once one opens, and its requests in
/// flight.
struct Connection {
    router: Arc<Router>,
    out: Writer,
    /// The session-era session, from the first request that opens one.
    session: Option<Arc<Session>>,
    /// The task writing that session's outbox.
    outbox: Option<tokio::task::JoinHandle<()>>,
    /// The stateless requests in flight, for their cancellation.
    flights: Flights,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Connection {
    fn trace(&self, line: &[u8]) {
        let session = self.session.as_ref().map(|s| s.id());
        self.router.tracer.line("-->", "stdio", session, line);
    }

    async fn receive(&mut self, message: Message) {
        match message {
            Message::Request {
                id,
                method,
                params,
                arguments,
            } => {
                self.tasks.retain(|t| !t.is_finished());
                if self.tasks.len() >= MAX_STDIO_IN_FLIGHT {
                    return self.out.answer(too_many_in_flight(&id)).await;
                }
                if self.session.is_none() && is_stateless(&method, params.as_ref()) {
                    self.stateless(Stateless {
                        id,
                        method,
                        params: params.unwrap_or_default(),
                        arguments,
                        notes: None,
                    })
                    .await;
                } else {
                    self.in_session(id, method, params, arguments).await;
                }
            }
            Message::Notification { method, params } => match &self.session {
                Some(s) => self.router.handle_notification(s, &method, params.as_ref()),
                None if method == "notifications/cancelled" => {
                    self.flights.cancel(&self.router, params.as_ref());
                }
                None => {}
            },
            Message::Response { id, outcome } => {
                // A stateless client sends no responses (the server asks
                // nothing of it); only a session's can settle anything.
                if let Some(s) = &self.session {
                    self.router.handle_response(s, &id, outcome);
                }
            }
        }
        self.tasks.retain(|t| !t.is_finished());
    }

    /// Serves a stateless request on a task of its own.
    async fn stateless(&mut self, request: Stateless) {
        let Some(flight) = self.flights.start(&request.id) else {
            return self.out.answer(protocol::id_in_flight(&request.id)).await;
        };
        let (router, out, flights) = (self.router.clone(), self.out.clone(), self.flights.clone());
        self.tasks.push(tokio::spawn(async move {
            let key = request.id.to_string();
            serve_stateless(&router, &flights, &flight, &out, request).await;
            flights.end(&key);
        }));
    }

    /// Serves a session-era request on a task of its own, in the
    /// connection's session, which the first such request opens.
    async fn in_session(
        &mut self,
        id: Value,
        method: String,
        params: Option<Map<String, Value>>,
        arguments: Option<gs_toolset::Arguments>,
    ) {
        let session = match &self.session {
            Some(s) => s.clone(),
            None => match self.router.open_session(None).await {
                Ok(s) => {
                    self.outbox = Some(tokio::spawn(drain_outbox(
                        self.router.clone(),
                        s.clone(),
                        self.out.0.clone(),
                    )));
                    self.session = Some(s.clone());
                    s
                }
                Err(e) => return self.out.answer(open_failed(&id, e)).await,
            },
        };
        let (router, out) = (self.router.clone(), self.out.clone());
        self.tasks.push(tokio::spawn(async move {
            let notes = NoteSink::default();
            let call = router.handle_request(
                &session,
                id,
                &method,
                params,
                arguments,
                Some(notes.clone()),
            );
            if let Some(answer) = out.relay(call, &notes, || false).await {
                out.answer(answer).await;
            }
        }));
    }

    /// The end of input: subscriptions end, calls in flight are answered,
    /// then the session closes — unless the client goes (`gone`) while
    /// they run, when they are stopped as [`Connection::abandon`] stops
    /// them.
    async fn end(mut self, gone: impl std::future::Future<Output = ()>) {
        self.flights.cancel_listens();
        let left = tokio::select! {
            () = await_all(&mut self.tasks) => false,
            () = gone => true,
        };
        if left {
            return self.abandon().await;
        }
        self.close().await;
    }

    /// The client has gone: every call in flight is stopped as a
    /// cancelled one is, and the session closes (which breaks the
    /// session's calls), before the calls are awaited, for a while.
    async fn abandon(mut self) {
        self.flights.cancel_all(&self.router);
        if let Some(s) = &self.session {
            self.router.close(s.id());
        }
        let _ = tokio::time::timeout(STOPPED_CALLS_WAIT, await_all(&mut self.tasks)).await;
        self.close().await;
    }

    async fn close(self) {
        if let Some(s) = self.session {
            self.router.close(s.id());
        }
        if let Some(o) = self.outbox {
            let _ = o.await;
        }
    }
}

/// Awaits each task, forgetting it once it has ended, so that the wait can
/// be given up and taken up again.
async fn await_all(tasks: &mut Vec<tokio::task::JoinHandle<()>>) {
    while let Some(t) = tasks.last_mut() {
        let _ = t.await;
        tasks.pop();
    }
}

/// What [`read_line`] read.
#[derive(Debug, PartialEq)]
enum Line {
    /// A line, without its end, in the buffer.
    Read,
    /// A line longer than the limit, skipped to its end.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads the next line of `input` into `line` (bytes, whatever they are:
/// text that is not UTF-8 is the parser's to refuse), keeping at most
/// `limit` bytes of it: a longer line is skipped to its end rather than
/// held, so a client cannot make the server buffer without bound.
async fn read_line<R: AsyncBufRead + Unpin>(
    input: &mut R,
    limit: usize,
    line: &mut Vec<u8>,
) -> std::io::Result<Line> {
    line.clear();
    let mut too_long = false;
    loop {
        let available = input.fill_buf().await?;
        if available.is_empty() {
            return Ok(match (too_long, line.is_empty()) {
                (true, _) => Line::TooLong,
                (false, true) => Line::End,
                (false, false) => Line::Read,
            });
        }
        let end = available.iter().position(|b| *b == b'\n');
        let chunk = &available[..end.unwrap_or(available.len())];
        if !too_long {
            if line.len() + chunk.len() > limit {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = end.map_or(chunk.len(), |at| at + 1);
        input.consume(used);
        if end.is_some() {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(if too_long { Line::TooLong } else { Line::Read });
        }
    }
}

/// True when a request with no session open belongs to the stateless era:
/// `server/discover` (the revision's probe), or a request whose `_meta`
/// names a protocol version that is not a session-era one (a version this
/// server does not know is refused in the stateless era's form).
fn is_stateless(method: &str, params: Option<&Map<String, Value>>) -> bool {
    method == "server/discover"
        || modern::requested_version(params).is_some_and(|v| !SUPPORTED_VERSIONS.contains(&v))
}

/// The answer when no session could be opened for a session-era request.
fn open_failed(id: &Value, e: OpenRefused) -> Answer {
    let why = match e {
        OpenRefused::Failed(why) => why,
        OpenRefused::ServerFull(_) | OpenRefused::CallerFull(..) => "the server is full".into(),
    };
    protocol::error(
        id,
        protocol::INTERNAL_ERROR,
        &format!("the session could not be opened: {why}"),
    )
}

/// Serves one stateless request: checked, routed, then its notifications
/// and answer written, unless the client cancels it first.
async fn serve_stateless(
    router: &Arc<Router>,
    flights: &Flights,
    flight: &Flight,
    out: &Writer,
    request: Stateless,
) {
    let checked = modern::check_meta(&request.id, &request.params)
        .and_then(|version| modern::check_version(&request.id, version));
    if let Err(refusal) = checked {
        out.answer(refusal.answer).await;
        return;
    }
    let method = request.method.clone();
    let notes = NoteSink::default();
    let request = Stateless {
        notes: Some(notes.clone()),
        ..request
    };
    let routed = match modern::route(router, &Requester::default(), request).await {
        Ok(routed) => routed,
        Err(refusal) => {
            if !flight.cancelled() {
                out.answer(refusal.answer).await;
            }
            return;
        }
    };
    let answer = match routed {
        Routed::Answered(answer) => Some(answer),
        Routed::Listen(request) => return listen(router, flights, flight, out, request).await,
        Routed::Call { session, served } => {
            if !flight.runs_in(session) {
                return;
            }
            out.relay(served, &notes, || flight.cancelled()).await
        }
    };
    if let Some(answer) = answer.filter(|_| !flight.cancelled()) {
        let answer = modern::shaped(router, &method, false, answer).1;
        out.line_unless(answer.into_json(), || flight.cancelled())
            .await;
    }
}

/// Serves `subscriptions/listen`: its acknowledgement, then its
/// notifications until the client cancels it or the server ends it.
async fn listen(
    router: &Arc<Router>,
    flights: &Flights,
    flight: &Flight,
    out: &Writer,
    request: Stateless,
) {
    if !flights.listening(flight) {
        return;
    }
    let opened = modern::listen::open(
        router,
        request.id,
        &request.params,
        None,
        crate::session::Caller::Unknown,
    );
    let mut subscription = match opened {
        Ok(s) => s,
        Err(refusal) => {
            out.answer(refusal.answer).await;
            return;
        }
    };
    out.note(&subscription.ack).await;
    loop {
        tokio::select! {
            biased;
            () = flight.stop.notified() => return,
            next = subscription.out.recv() => match next {
                Some(Out::Note(n)) => {
                    let line = serde_json::to_vec(&n).unwrap_or_default();
                    out.line_unless(line, || flight.cancelled()).await;
                }
                Some(Out::Done(answer)) => {
                    if let Some(a) = answer {
                        out.answer(a).await;
                    }
                    return;
                }
                None => return,
            },
        }
    }
}

/// How many lines wait for the writer. Past them, whoever writes waits
/// for the client to read: the reading of input included, so a client
/// that stops reading its output cannot make the server hold answers for
/// it; a call's notifications wait in its own backlog, which drops its
/// oldest ([`outbound::CALL_BACKLOG`]).
const WRITER_AHEAD: usize = 64;

/// How many requests one stdio client may have in flight (answered or
/// not yet, subscriptions included); one more is refused at once. Each
/// holds a task and, once answered, its answer until the client reads it,
/// so a client that sends without reading cannot make the server hold
/// requests without bound.
pub const MAX_STDIO_IN_FLIGHT: usize = 256;

/// The answer to a request past [`MAX_STDIO_IN_FLIGHT`].
fn too_many_in_flight(id: &Value) -> Answer {
    protocol::error_with(
        id,
        protocol::INTERNAL_ERROR,
        &format!(
            "this connection already has {MAX_STDIO_IN_FLIGHT} requests in flight; read their \
             answers (or cancel some) before sending more"
        ),
        &serde_json::json!({"kind": "unavailable"}),
    )
}

/// The line writer, shared by every request's task.
#[derive(Clone)]
struct Writer(tokio::sync::mpsc::Sender<Vec<u8>>);

impl Writer {
    async fn answer(&self, answer: Answer) {
        let _ = self.0.send(answer.into_json()).await;
    }

    async fn note(&self, note: &Value) {
        let _ = self
            .0
            .send(serde_json::to_vec(note).unwrap_or_default())
            .await;
    }

    /// Writes `line` unless `dropped` says so once the writer has room: a
    /// request cancelled while its line waited writes nothing.
    async fn line_unless(&self, line: Vec<u8>, dropped: impl Fn() -> bool) {
        if let Ok(permit) = self.0.reserve().await
            && !dropped()
        {
            permit.send(line);
        }
    }

    /// Runs `call`, writing its notifications as they come and all of them
    /// before its answer, which it returns; once `cancelled` says so, none.
    async fn relay<C>(
        &self,
        call: C,
        notes: &NoteSink,
        cancelled: impl Fn() -> bool,
    ) -> Option<Answer>
    where
        C: std::future::Future<Output = Option<Answer>>,
    {
        notes
            .relay(call, &self.0, |n| {
                (!cancelled()).then(|| serde_json::to_vec(&n).unwrap_or_default())
            })
            .await
    }
}

/// A stateless request in flight, as its cancellation finds it.
#[derive(Default)]
struct Flight {
    /// The request's id, as the client wrote it.
    id: Value,
    state: Mutex<FlightState>,
    /// Wakes a subscription to end it.
    stop: tokio::sync::Notify,
}

#[derive(Default)]
struct FlightState {
    cancelled: bool,
    /// The image session its call runs in, once routed.
    session: Option<Arc<Session>>,
    /// True for an open subscription, which only cancellation or the end
    /// of input ends.
    listening: bool,
}

impl Flight {
    fn state(&self) -> std::sync::MutexGuard<'_, FlightState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn cancelled(&self) -> bool {
        self.state().cancelled
    }

    /// Cancels the request: it writes nothing more, its call is stopped in
    /// its session as a session's call is, its subscription ends.
    fn cancel(&self, router: &Arc<Router>) {
        let session = {
            let mut st = self.state();
            st.cancelled = true;
            st.session.clone()
        };
        self.stop.notify_one();
        if let Some(session) = session {
            router.cancel_request(&session, &self.id);
        }
    }

    /// Records the session the call runs in; false if the request was
    /// cancelled already, when the call is not to run.
    fn runs_in(&self, session: Arc<Session>) -> bool {
        let mut st = self.state();
        st.session = Some(session);
        !st.cancelled
    }
}

/// The stateless requests in flight on one stdio connection, by id.
#[derive(Clone, Default)]
struct Flights(Arc<Mutex<FlightTable>>);

#[derive(Default)]
struct FlightTable {
    by_id: HashMap<String, Arc<Flight>>,
    /// Input has ended: no subscription starts.
    closed: bool,
}

impl Flights {
    fn table(&self) -> std::sync::MutexGuard<'_, FlightTable> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The flight of a new request, or `None` if its id is already that
    /// of one in flight.
    fn start(&self, id: &Value) -> Option<Arc<Flight>> {
        let mut table = self.table();
        let key = id.to_string();
        if table.by_id.contains_key(&key) {
            return None;
        }
        let flight = Arc::new(Flight {
            id: id.clone(),
            ..Flight::default()
        });
        table.by_id.insert(key, flight.clone());
        Some(flight)
    }

    fn end(&self, key: &str) {
        self.table().by_id.remove(key);
    }

    /// Marks `flight` as a subscription; false once input has ended or
    /// the request was cancelled, when it is not to start.
    fn listening(&self, flight: &Flight) -> bool {
        let table = self.table();
        let mut st = flight.state();
        st.listening = true;
        !table.closed && !st.cancelled
    }

    /// `notifications/cancelled`: the named request writes nothing more; a
    /// call is stopped in its session as a session's call is (soft break,
    /// hard break, then the session ends), a subscription ends.
    fn cancel(&self, router: &Arc<Router>, params: Option<&Map<String, Value>>) {
        let Some(id) = params.and_then(|p| p.get("requestId")) else {
            return;
        };
        let Some(flight) = self.table().by_id.get(&id.to_string()).cloned() else {
            return;
        };
        flight.cancel(router);
    }

    /// Cancels every request in flight, and starts no subscription (the
    /// client has gone).
    fn cancel_all(&self, router: &Arc<Router>) {
        let flights: Vec<Arc<Flight>> = {
            let mut table = self.table();
            table.closed = true;
            table.by_id.values().cloned().collect()
        };
        for flight in flights {
            flight.cancel(router);
        }
    }

    /// Ends every subscription, and starts none (the client closed its
    /// input).
    fn cancel_listens(&self) {
        let mut table = self.table();
        table.closed = true;
        for flight in table.by_id.values() {
            let mut st = flight.state();
            if st.listening {
                st.cancelled = true;
                flight.stop.notify_one();
            }
        }
    }
}

/// Writes the session's outbox to the client, one message per line, until
/// the session ends.
async fn drain_outbox(
    router: Arc<Router>,
    session: Arc<Session>,
    out: tokio::sync::mpsc::Sender<Vec<u8>>,
) {
    let generation = router.open_stream(&session);
    loop {
        let next = std::future::poll_fn(|cx| match session.drain(generation, cx.waker()) {
            Drained::Frame(frame) => Poll::Ready(Some(frame)),
            Drained::End => Poll::Ready(None),
            Drained::Wait => Poll::Pending,
        })
        .await;
        let Some(frame) = next else { return };
        // The outbox holds SSE frames; the line is the JSON they carry.
        if out
            .send(outbound::frame_json(&frame).to_vec())
            .await
            .is_err()
        {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn lines_of(input: &[u8], limit: usize) -> Vec<(Line, Vec<u8>)> {
        // A reader that hands out a few bytes at a time, so that lines
        // span its buffer's refills.
        let mut input = tokio::io::BufReader::with_capacity(3, input);
        let mut line = Vec::new();
        let mut read = Vec::new();
        loop {
            let what = read_line(&mut input, limit, &mut line).await.unwrap();
            if what == Line::End {
                return read;
            }
            read.push((what, line.clone()));
        }
    }

    #[tokio::test]
    async fn lines_are_bytes_cut_at_the_limit_and_skipped_beyond_it() {
        let read = lines_of(b"{\"a\":1}\r\n0123456789abc\nok\n\xff\xfe\nlast", 8).await;
        assert_eq!(
            read,
            vec![
                (Line::Read, b"{\"a\":1}".to_vec()),
                (Line::TooLong, Vec::new()),
                (Line::Read, b"ok".to_vec()),
                (Line::Read, b"\xff\xfe".to_vec()),
                (Line::Read, b"last".to_vec()),
            ]
        );
        assert_eq!(
            lines_of(b"0123456789", 8).await,
            vec![(Line::TooLong, Vec::new())]
        );
    }
}
