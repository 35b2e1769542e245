//! A call that runs to its end whoever waits for it.
//!
//! The router stops waiting for a call at its deadline or on
//! `notifications/cancelled`, and then escalates through the call's
//! [`crate::CallControl`], which must see the call really end. So a call's
//! future must outlive its caller. Spawning every call as a task of its
//! own gives that, but costs each call a task and two scheduler hand-overs:
//! in `cargo bench -p gs-router`, a trivial WebAssembly call's server CPU
//! rose by about 3 µs of the 19 µs before. Instead the call is polled in
//! place, on the caller's task, and only a call whose caller goes away
//! before its end becomes a task of its own, there and then.

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::task::{Context, Poll};

/// A call's future, polled in place; spawned to finish on its own if
/// dropped before its end.
pub(crate) struct RunToEnd<F: Future<Output = T> + Send + 'static, T: Send + 'static> {
    call: Option<Pin<Box<F>>>,
}

impl<F: Future<Output = T> + Send + 'static, T: Send + 'static> RunToEnd<F, T> {
    pub(crate) fn new(call: F) -> Self {
        RunToEnd {
            call: Some(Box::pin(call)),
        }
    }
}

/// Why a call ended without an answer: it panicked.
pub(crate) struct Panicked;

impl<F: Future<Output = T> + Send + 'static, T: Send + 'static> Future for RunToEnd<F, T> {
    type Output = Result<T, Panicked>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let Some(call) = self.call.as_mut() else {
            return Poll::Ready(Err(Panicked));
        };
        // A panic in a toolset is its own: reported to the caller, with the
        // call's state (and its toolset state for the session) dropped.
        match std::panic::catch_unwind(AssertUnwindSafe(|| call.as_mut().poll(cx))) {
            Ok(Poll::Pending) => Poll::Pending,
            Ok(Poll::Ready(answer)) => {
                self.call = None;
                Poll::Ready(Ok(answer))
            }
            Err(_) => {
                self.call = None;
                Poll::Ready(Err(Panicked))
            }
        }
    }
}

impl<F: Future<Output = T> + Send + 'static, T: Send + 'static> Drop for RunToEnd<F, T> {
    fn drop(&mut self) {
        if let Some(call) = self.call.take()
            && let Ok(runtime) = tokio::runtime::Handle::try_current()
        {
            // Nobody is left to tell of a panic: the call's guards mark it
            // ended as they unwind.
            runtime.spawn(Finish(call));
        }
    }
}

/// The rest of a call nobody waits for, its panic caught.
struct Finish<F>(Pin<Box<F>>);

impl<F: Future> Future for Finish<F> {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        match std::panic::catch_unwind(AssertUnwindSafe(|| self.0.as_mut().poll(cx))) {
            Ok(Poll::Pending) => Poll::Pending,
            Ok(Poll::Ready(_)) | Err(_) => Poll::Ready(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    #[tokio::test]
    async fn a_call_whose_caller_went_away_still_runs_to_its_end() {
        let finished = Arc::new(AtomicBool::new(false));
        let f = finished.clone();
        let call = RunToEnd::new(async move {
            tokio::time::sleep(Duration::from_millis(50)).await;
            f.store(true, Ordering::Release);
        });
        assert!(
            tokio::time::timeout(Duration::from_millis(5), call)
                .await
                .is_err()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert!(finished.load(Ordering::Acquire));
    }

    #[tokio::test]
    async fn a_panic_is_an_answer_not_an_unwind() {
        let answer = RunToEnd::new(async { panic!("a bug in a toolset") }).await;
        assert!(matches!(answer, Err::<(), _>(Panicked)));
    }
}
