//! The stdio transport: one client, one JSON-RPC message per line in and
//! out. Requests run on their own tasks so a `notifications/cancelled` read
//! while a call runs can stop it; answers are written whole, one per line,
//! in the order they complete. What the server sends first (its requests
//! and notifications, from the session's outbox) goes to the same writer,
//! standard output being the client's one stream. Nothing but protocol
//! goes to the writer (logs go to stderr).

use std::sync::Arc;
use std::task::Poll;

use serde_json::Value;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWrite, AsyncWriteExt};

use crate::protocol::{self, Answer, Message};
use crate::{Drained, NoteSink, OpenRefused, Router, Session, outbound};

/// Serves one client reading `input` and writing `output` until `input`
/// ends. The session opens at `initialize` (or at the first request, for a
/// client that skips it) and closes at the end.
pub async fn serve_stdio<R, W>(router: Arc<Router>, input: R, output: W) -> std::io::Result<()>
where
    R: AsyncBufRead + Unpin,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Vec<u8>>();
    let writer = tokio::spawn(async move {
        let mut output = output;
        while let Some(mut line) = rx.recv().await {
            line.push(b'\n');
            output.write_all(&line).await?;
            output.flush().await?;
        }
        Ok::<_, std::io::Error>(())
    });
    let raw = tx.clone();
    let send_answer = {
        let tx = tx.clone();
        move |a: Answer| {
            let _ = tx.send(a.into_json());
        }
    };
    let send = move |v: &Value| {
        let _ = tx.send(serde_json::to_vec(v).unwrap_or_default());
    };
    let mut outbox: Option<tokio::task::JoinHandle<()>> = None;
    let mut session: Option<Arc<Session>> = None;
    let mut lines = input.lines();
    let mut tasks = Vec::new();
    while let Some(line) = lines.next_line().await? {
        if line.trim().is_empty() {
            continue;
        }
        router.tracer.line(
            "-->",
            "stdio",
            session.as_ref().map(|s| s.id()),
            line.as_bytes(),
        );
        let message = match protocol::parse(line.as_bytes()) {
            Ok(m) => m,
            Err(r) => {
                send_answer(protocol::error(&r.id, r.code, &r.message));
                continue;
            }
        };
        let needs_session = matches!(message, Message::Request { .. });
        if needs_session && session.is_none() {
            match router.open_session(None).await {
                Ok(s) => {
                    outbox = Some(tokio::spawn(drain_outbox(
                        router.clone(),
                        s.clone(),
                        raw.clone(),
                    )));
                    session = Some(s);
                }
                Err(e) => {
                    let why = match e {
                        OpenRefused::Failed(why) => why,
                        OpenRefused::ServerFull(_) | OpenRefused::CallerFull(..) => {
                            "the server is full".into()
                        }
                    };
                    if let Message::Request { id, .. } = &message {
                        send_answer(protocol::error(
                            id,
                            protocol::INTERNAL_ERROR,
                            &format!("the session could not be opened: {why}"),
                        ));
                    }
                    continue;
                }
            }
        }
        match message {
            Message::Request {
                id,
                method,
                params,
                arguments,
            } => {
                let Some(s) = session.clone() else { continue };
                let router = router.clone();
                let send = send.clone();
                let send_answer = send_answer.clone();
                let notes = NoteSink::default();
                let sink = notes.clone();
                tasks.push(tokio::spawn(async move {
                    let call =
                        router.handle_request(&s, id, &method, params, arguments, Some(sink));
                    tokio::pin!(call);
                    // Notifications go out as they come, and all of them
                    // before the answer they belong to.
                    loop {
                        tokio::select! {
                            biased;
                            n = notes.recv() => send(&n),
                            answer = &mut call => {
                                while let Some(n) = notes.try_recv() {
                                    send(&n);
                                }
                                if let Some(answer) = answer {
                                    send_answer(answer);
                                }
                                break;
                            }
                        }
                    }
                }));
            }
            Message::Notification { method, params } => {
                if let Some(s) = &session {
                    router.handle_notification(s, &method, params.as_ref());
                }
            }
            Message::Response { id, outcome } => {
                if let Some(s) = &session {
                    router.handle_response(s, &id, outcome);
                }
            }
        }
        tasks.retain(|t| !t.is_finished());
    }
    for t in tasks {
        let _ = t.await;
    }
    if let Some(s) = session {
        router.close(s.id());
    }
    if let Some(o) = outbox {
        let _ = o.await;
    }
    drop((send, send_answer, raw));
    writer.await.unwrap_or(Ok(()))
}

/// Writes the session's outbox to the client, one message per line, until
/// the session ends.
async fn drain_outbox(
    router: Arc<Router>,
    session: Arc<Session>,
    out: tokio::sync::mpsc::UnboundedSender<Vec<u8>>,
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
        if out.send(outbound::frame_json(&frame).to_vec()).is_err() {
            return;
        }
    }
}
