//! A computing call's first slice, polled on the async thread that asked.
//!
//! The broker runs a call whose toolset computes (a WebAssembly guest) on
//! its session's image worker, so that a guest never holds an async thread
//! that every other session's requests need. But handing a call to another
//! thread and its answer back costs two wake-ups across processors, and on
//! a virtual machine whose idle processors halt each costs tens of
//! microseconds: for a quick call, most of its round trip (`cargo bench -p
//! gs-router`, the session and stateless rows against bare). So the broker
//! first polls such a call once where it is: a call that ends in that first
//! slice — most tool calls — answers with no hand-over at all, and one that
//! does not goes on, on the worker, from where its slice stopped.
//!
//! What bounds a slice, so that it never stalls the async threads:
//!
//! - a guest yields at its first epoch tick (one tick, 10 ms by default),
//!   and a session whose last call was long or was stopped yields at its
//!   first check (the toolset host's lanes), so a slice is at most a tick
//!   of guest code, and nothing for a session that has shown it computes
//!   for long;
//! - image work never runs in a slice: a toolset's image calls go to the
//!   session's worker ([`gs_toolset::CallContext::blocking`]), and waiting
//!   for one ends the slice;
//! - at most one fewer slices run at once than the runtime has async
//!   threads ([`Slice::try_take`]), so one async thread is always free of
//!   guest code, and a runtime with a single async thread never slices.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};

/// How many first slices are running now, across every session of the
/// process (every runtime in it shares the count: the server has one).
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// The right to poll one call's first slice on this async thread, given
/// back when dropped.
pub(crate) struct Slice(());

impl Slice {
    /// A slice, if this thread is one of a multi-threaded tokio runtime's
    /// and fewer slices than its async threads less one are running.
    pub(crate) fn try_take() -> Option<Slice> {
        let runtime = tokio::runtime::Handle::try_current().ok()?;
        let allowed = runtime.metrics().num_workers().saturating_sub(1);
        RUNNING
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |running| {
                (running < allowed).then_some(running + 1)
            })
            .ok()
            .map(|_| Slice(()))
    }
}

impl Drop for Slice {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Polls `work` once, now, within the caller's poll: its output if it
/// ended in this slice, `None` if it must go on elsewhere.
pub(crate) async fn poll_once<F: Future + Unpin>(work: &mut F) -> Option<F::Output> {
    std::future::poll_fn(|cx: &mut Context<'_>| match Pin::new(&mut *work).poll(cx) {
        Poll::Ready(output) => Poll::Ready(Some(output)),
        Poll::Pending => Poll::Ready(None),
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_slice_without_a_runtime_or_on_a_single_async_thread() {
        assert!(Slice::try_take().is_none(), "no runtime");
        let single = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        assert!(single.block_on(async { Slice::try_take().is_none() }));
    }

    #[test]
    fn slices_leave_one_async_thread_free() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(3)
            .build()
            .unwrap();
        runtime.block_on(async {
            let first = Slice::try_take().expect("a first slice");
            let second = Slice::try_take().expect("a second slice");
            assert!(
                Slice::try_take().is_none(),
                "a third async thread stays free"
            );
            drop(first);
            let again = Slice::try_take().expect("a slice given back is free again");
            drop((second, again));
        });
    }

    #[tokio::test]
    async fn poll_once_answers_a_ready_future_and_leaves_a_waiting_one() {
        let mut ready = std::future::ready(7);
        assert_eq!(poll_once(&mut ready).await, Some(7));
        let mut waiting = Box::pin(tokio::time::sleep(std::time::Duration::from_secs(60)));
        assert!(poll_once(&mut waiting).await.is_none());
    }
}
