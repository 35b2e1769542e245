//! Running one program in a GCI session to its end: start it, wait for
//! its answer, escalate a cancel (a soft break, then 300 ms later a hard
//! one, then give the session up), fetch the answer's text.
//!
//! Two ways of waiting ([`Wait`]). On the calling thread, a program runs
//! and its answer comes back in one round trip to the gem
//! (`GciTsExecuteFetchBytes`), the thread waiting inside the library while
//! the process's break watcher (`watch.rs`) watches the cancel token. On
//! the async runtime (a doit, which may run long), the session's socket is
//! watched and no thread is held while the stone computes; the answer is
//! fetched once it is there, a second round trip. An answer longer than
//! [`smalltalk::DIRECT_ANSWER_BYTES`] is kept on the stone by the program
//! and taken by one more execution either way. The blocking form drives
//! the same future to its end without it ever pending ([`blocking`]).

use std::future::Future;
use std::os::fd::RawFd;
use std::pin::pin;
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use gs_gci::{ErrorKind as GciKind, Session};
use gs_toolset::CancelToken;

use crate::smalltalk::{self, Program};
use crate::watch::{self, SOFT_TO_HARD};
use crate::wire::{self, Value};

/// How long one wait for a running call lasts before the cancel token is
/// looked at again.
const POLL_SLICE: Duration = Duration::from_millis(20);
/// How long a call may go on after its hard break before the session is
/// given up as dead.
const HARD_BREAK_GRACE: Duration = Duration::from_secs(5);

/// A failed run: its error, and whether the session is gone with it.
pub(crate) struct RunError {
    pub(crate) message: String,
    pub(crate) kind: RunErrorKind,
}

/// What a failed run means for the session.
pub(crate) enum RunErrorKind {
    /// A break stopped it (the caller cancelled).
    Broken,
    /// The session is gone (the connection, or a call that outlived its
    /// hard break).
    Lost,
    /// Anything else; the session goes on.
    Other,
}

/// How a run waits for the stone.
#[derive(Clone, Copy)]
pub(crate) enum Wait {
    /// On the calling thread, in the library's poll.
    Thread,
    /// On the async runtime, watching the session's socket.
    Runtime,
}

/// Runs `program` in `session` and answers its parsed answer. The first
/// run of a program in a session finds no block for it: the block is made
/// (and before it the helpers, in a session's first program), and the
/// program runs again.
pub(crate) async fn program(
    session: &mut Session,
    program: &Program,
    cancel: Option<&CancelToken>,
    wait: Wait,
) -> Result<Value, RunError> {
    let run = program.run_text();
    let mut answer = text(session, &run, cancel, wait).await?;
    if answer == smalltalk::NOT_INSTALLED {
        let mut made = text(session, &program.install_text(), cancel, wait).await?;
        if made == smalltalk::NOT_INSTALLED {
            installed(
                text(session, &smalltalk::install(), cancel, wait).await?,
                "helpers",
            )?;
            made = text(session, &program.install_text(), cancel, wait).await?;
        }
        installed(made, "program")?;
        answer = text(session, &run, cancel, wait).await?;
    }
    wire::parse(&answer).map_err(|e| RunError {
        message: e.to_string(),
        kind: RunErrorKind::Other,
    })
}

/// Whether making the backend's `what` answered `ok`, as it must.
fn installed(answer: String, what: &str) -> Result<(), RunError> {
    if answer == "ok" {
        return Ok(());
    }
    Err(RunError {
        message: format!("making the backend's {what} answered {answer:?}"),
        kind: RunErrorKind::Other,
    })
}

/// As [`program`], waiting on the calling thread.
pub(crate) fn program_blocking(
    session: &mut Session,
    program: &Program,
    cancel: Option<&CancelToken>,
) -> Result<Value, RunError> {
    blocking(self::program(session, program, cancel, Wait::Thread))
}

/// Runs `source` in `session` to its end, watching `cancel`: a soft break
/// when it is raised, a hard one 300 ms later. Answers the result's text,
/// taking a long one the program kept on the stone.
async fn text(
    session: &mut Session,
    source: &str,
    cancel: Option<&CancelToken>,
    wait: Wait,
) -> Result<String, RunError> {
    let answer = match wait {
        Wait::Thread => match fetched(session, source, cancel) {
            Some(answer) => answer?,
            None => polled(session, source, cancel, wait).await?,
        },
        Wait::Runtime => polled(session, source, cancel, wait).await?,
    };
    let Some(size) = smalltalk::long_answer_size(&answer) else {
        return Ok(answer);
    };
    let long = polled(session, &smalltalk::take_long_answer(), cancel, wait).await?;
    if long.len() != size {
        return Err(RunError {
            message: format!(
                "the program kept an answer of {size} bytes on the stone, but {} were taken",
                long.len()
            ),
            kind: RunErrorKind::Other,
        });
    }
    Ok(long)
}

/// Runs `source` and fetches its answer in the same round trip, the
/// thread waiting inside the library while the break watcher watches
/// `cancel`. `None` if the watcher cannot run: poll instead.
fn fetched(
    session: &mut Session,
    source: &str,
    cancel: Option<&CancelToken>,
) -> Option<Result<String, RunError>> {
    let _watching = match cancel {
        Some(cancel) => Some(watch::watch(cancel, session.break_handle())?),
        None => None,
    };
    let answer = session
        .execute_fetch_bytes(source, smalltalk::DIRECT_ANSWER_BYTES + 1)
        .map_err(gci)
        .and_then(|bytes| {
            String::from_utf8(bytes).map_err(|_| RunError {
                message: "the stone's answer is not UTF-8".into(),
                kind: RunErrorKind::Other,
            })
        });
    Some(answer)
}

/// Starts `source`, waits for its result by polling (or watching the
/// socket), and fetches the result's text: two round trips, but a wait
/// that can give up on the session after its hard break.
async fn polled(
    session: &mut Session,
    source: &str,
    cancel: Option<&CancelToken>,
    wait: Wait,
) -> Result<String, RunError> {
    session.start_execute(source).map_err(gci)?;
    let mut socket = match wait {
        Wait::Thread => None,
        // SAFETY (of `watch`): the descriptor is the session's connection,
        // open for as long as the session is logged in; `session` is held
        // (borrowed mutably) until the socket is dropped below, so nothing
        // logs it out meanwhile.
        Wait::Runtime => Some(unsafe { Socket::watch(session.socket().map_err(gci)?) }?),
    };
    let mut soft_at: Option<Instant> = None;
    let mut hard_at: Option<Instant> = None;
    loop {
        let ready = match socket.as_mut() {
            None => session.poll(Some(POLL_SLICE)).map_err(poll_failed)?,
            Some(socket) => {
                session.poll(Some(Duration::ZERO)).map_err(poll_failed)?
                    || (socket.readable_within(POLL_SLICE).await
                        && session.poll(Some(Duration::ZERO)).map_err(poll_failed)?)
            }
        };
        if ready {
            break;
        }
        if cancel.is_some_and(CancelToken::is_cancelled) {
            let now = Instant::now();
            match (soft_at, hard_at) {
                (None, _) => {
                    session.break_(false).map_err(gci)?;
                    soft_at = Some(now);
                }
                (Some(s), None) if now - s >= SOFT_TO_HARD => {
                    session.break_(true).map_err(gci)?;
                    hard_at = Some(now);
                }
                (_, Some(h)) if now - h >= HARD_BREAK_GRACE => {
                    return Err(RunError {
                        message: "the call did not end after a hard break".into(),
                        kind: RunErrorKind::Lost,
                    });
                }
                _ => {}
            }
        }
    }
    // Stop watching before the library reads the answer from it.
    drop(socket);
    let oop = session.result().map_err(gci)?;
    let text = session.fetch_string(oop);
    let size = text.as_ref().map_or(0, String::len);
    let _ = session.release_soon(oop, size);
    text.map_err(gci)
}

/// A failed poll as a run's failure: always the session's loss. The
/// library gives the call up when its poll fails, but the gem may still
/// be running it, and a session whose gem is busy with a call nobody
/// waits for would refuse every later one; so the session is ended, not
/// left stuck.
fn poll_failed(e: gs_gci::Error) -> RunError {
    RunError {
        message: e.to_string(),
        kind: RunErrorKind::Lost,
    }
}

/// A GCI error as a run's failure.
fn gci(e: gs_gci::Error) -> RunError {
    let kind = match e.gci().map(|g| (g.kind(), g.fatal)) {
        Some((GciKind::SoftBreak | GciKind::HardBreak, _)) => RunErrorKind::Broken,
        Some((GciKind::SessionGone | GciKind::Network, _)) | Some((_, true)) => RunErrorKind::Lost,
        _ => RunErrorKind::Other,
    };
    RunError {
        message: e.to_string(),
        kind,
    }
}

/// The session's socket, watched by the async runtime for the length of
/// one call. The descriptor stays the library's: it is never closed here.
struct Socket(tokio::io::unix::AsyncFd<RawFd>);

impl Socket {
    /// Registers `fd` with the async runtime.
    ///
    /// # Safety
    ///
    /// `fd` must stay open, naming the same connection, until the
    /// [`Socket`] is dropped.
    unsafe fn watch(fd: RawFd) -> Result<Socket, RunError> {
        // SAFETY: the caller keeps `fd` open for the Socket's lifetime.
        unsafe {
            tokio::io::unix::AsyncFd::register_with_interest(fd, tokio::io::Interest::READABLE)
        }
        .map(Socket)
        .map_err(|e| RunError {
            message: format!(
                "the session's socket cannot be watched ({e}); is this call running inside \
                     the server's async runtime?"
            ),
            kind: RunErrorKind::Other,
        })
    }

    /// Waits until the socket is readable or `slice` has passed; true if
    /// it is readable. The readiness is cleared for the next wait: the
    /// library's poll, which follows, reads what arrived. The slice bounds
    /// a wait whose readiness the library consumed without answering, and
    /// paces the cancel checks.
    async fn readable_within(&mut self, slice: Duration) -> bool {
        match tokio::time::timeout(slice, self.0.readable()).await {
            Ok(Ok(mut guard)) => {
                guard.clear_ready();
                true
            }
            Ok(Err(_)) | Err(_) => false,
        }
    }
}

/// Drives `future` to its end on the calling thread. For the futures of
/// [`Wait::Thread`], which wait inside the library and never pend.
fn blocking<T>(future: impl Future<Output = T>) -> T {
    let mut future = pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    match future.as_mut().poll(&mut cx) {
        Poll::Ready(value) => value,
        Poll::Pending => unreachable!("a run waiting on its thread never pends"),
    }
}
