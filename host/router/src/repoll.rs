//! Re-polling a connection's task when it wakes itself.
//!
//! Serving one request, a connection's task often wakes itself while it is
//! being polled: hyper's dispatcher and the service it drives share the
//! task, and channels between them (the request body, the call's
//! notification channel) wake their receiver on the same task. Tokio
//! answers a task woken during its own poll by queueing it again *and
//! waking another worker* to come and steal it. On loopback that wake-up —
//! a futex call, a context switch, a worker that finds nothing to do — cost
//! more than the rest of a short request together.
//!
//! [`Repoll`] polls its future again at once when it was woken during the
//! poll, a few times at most, and only then hands the wake to tokio. Wakes
//! from elsewhere (another thread, a timer, the I/O driver) go straight to
//! tokio's waker, as before. Work that wants to yield to other tasks must
//! use `tokio::task::yield_now`, whose wake tokio defers until the poll has
//! returned, so it is never taken for a self-wake.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, Wake, Waker};

/// How many times in a row one poll may re-poll a self-waking future
/// before it yields to tokio like any other task: fairness to the other
/// tasks on the worker is kept, only the cross-thread wake is saved.
const REPOLLS: usize = 4;

const IDLE: u8 = 0;
const POLLING: u8 = 1;
const WOKEN_WHILE_POLLING: u8 = 2;

/// Wakes shared between a [`Repoll`] and the wakers it hands out.
struct Shared {
    state: AtomicU8,
    /// Tokio's waker for the task, as of its latest poll.
    outer: Mutex<Option<Waker>>,
}

impl Wake for Shared {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        // During a poll the wake becomes a re-poll (once is enough); at any
        // other time it goes to tokio.
        if let Ok(_) | Err(WOKEN_WHILE_POLLING) = self.state.compare_exchange(
            POLLING,
            WOKEN_WHILE_POLLING,
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            return;
        }
        let outer = self.outer.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(w) = outer.as_ref() {
            w.wake_by_ref();
        }
    }
}

/// A future that is polled again at once when it wakes itself during a
/// poll (see the module documentation).
pub(crate) struct Repoll<F> {
    inner: Pin<Box<F>>,
    shared: Arc<Shared>,
    waker: Waker,
}

impl<F: Future> Repoll<F> {
    /// Wraps `inner`.
    pub(crate) fn new(inner: F) -> Repoll<F> {
        let shared = Arc::new(Shared {
            state: AtomicU8::new(IDLE),
            outer: Mutex::new(None),
        });
        Repoll {
            inner: Box::pin(inner),
            waker: Waker::from(shared.clone()),
            shared,
        }
    }
}

impl<F: Future> Future for Repoll<F> {
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let this = self.get_mut();
        {
            let mut outer = this
                .shared
                .outer
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if !outer.as_ref().is_some_and(|w| w.will_wake(cx.waker())) {
                *outer = Some(cx.waker().clone());
            }
        }
        let mut inner_cx = Context::from_waker(&this.waker);
        for _ in 0..REPOLLS {
            this.shared.state.store(POLLING, Ordering::Release);
            if let Poll::Ready(v) = this.inner.as_mut().poll(&mut inner_cx) {
                this.shared.state.store(IDLE, Ordering::Release);
                return Poll::Ready(v);
            }
            if this
                .shared
                .state
                .compare_exchange(POLLING, IDLE, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                return Poll::Pending;
            }
            // Woken while it ran: its work is ready now, so poll again.
        }
        // Still waking itself: yield to the other tasks like any task.
        this.shared.state.store(IDLE, Ordering::Release);
        cx.waker().wake_by_ref();
        Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// Wakes itself `n` times, counting its polls, then is ready.
    struct SelfWaking {
        left: usize,
        polls: Arc<AtomicUsize>,
    }

    impl Future for SelfWaking {
        type Output = ();
        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
            self.polls.fetch_add(1, Ordering::SeqCst);
            if self.left == 0 {
                return Poll::Ready(());
            }
            self.left -= 1;
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    }

    struct CountingWaker(AtomicUsize);

    impl Wake for CountingWaker {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn self_wakes_are_polled_again_at_once_up_to_the_limit() {
        let outer = Arc::new(CountingWaker(AtomicUsize::new(0)));
        let waker = Waker::from(outer.clone());
        let mut cx = Context::from_waker(&waker);
        let polls = Arc::new(AtomicUsize::new(0));

        // Two self-wakes: ready within one outer poll, no wake for tokio.
        let mut f = Repoll::new(SelfWaking {
            left: 2,
            polls: polls.clone(),
        });
        assert_eq!(Pin::new(&mut f).poll(&mut cx), Poll::Ready(()));
        assert_eq!(polls.load(Ordering::SeqCst), 3);
        assert_eq!(outer.0.load(Ordering::SeqCst), 0);

        // Endless self-wakes: after the limit it yields, waking tokio.
        polls.store(0, Ordering::SeqCst);
        let mut f = Repoll::new(SelfWaking {
            left: usize::MAX,
            polls: polls.clone(),
        });
        assert_eq!(Pin::new(&mut f).poll(&mut cx), Poll::Pending);
        assert_eq!(polls.load(Ordering::SeqCst), REPOLLS);
        assert_eq!(outer.0.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_wake_after_the_poll_reaches_tokio() {
        let outer = Arc::new(CountingWaker(AtomicUsize::new(0)));
        let waker = Waker::from(outer.clone());
        let mut cx = Context::from_waker(&waker);
        let (tx, rx) = std::sync::mpsc::channel::<Waker>();
        let mut f = Repoll::new(std::future::poll_fn(move |cx| {
            tx.send(cx.waker().clone()).unwrap();
            Poll::<()>::Pending
        }));
        assert_eq!(Pin::new(&mut f).poll(&mut cx), Poll::Pending);
        assert_eq!(outer.0.load(Ordering::SeqCst), 0);
        rx.recv().unwrap().wake();
        assert_eq!(outer.0.load(Ordering::SeqCst), 1);
    }
}
