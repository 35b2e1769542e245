//! Time slices for long guest calls, so that short calls always find a
//! processor.
//!
//! A guest call still running at its first epoch tick is a long call.
//! From then on it runs only while it holds one of the host's *lanes*
//! (`[engine] long_call_lanes`: by default one fewer than the machine's
//! processors), and gives its lane up at every tick: if another long call is waiting, the lane goes to that one (first come,
//! first served) and this call queues behind it. Without this, fifty
//! plug-in calls spinning to their deadlines share the processors evenly
//! with a bystander's one-millisecond Smalltalk doit, which then waits
//! behind them; with it, long calls together use at most the lanes'
//! processors and other work keeps the rest (the bystander benchmark's
//! figures, with and without lanes, are in docs/benchmarks.md).
//!
//! A queued call still stops at its deadline or when its caller cancels:
//! the epoch ticker wakes every waiter whose deadline has passed or whose
//! caller cancelled ([`Lanes::wake_expired`]), and the guest's next epoch
//! check reports why it stopped.

use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, Waker};
use std::time::Instant;

use gs_toolset::CancelToken;

/// The lanes long guest calls take turns on.
#[derive(Debug)]
pub(crate) struct Lanes {
    state: Mutex<State>,
}

#[derive(Debug)]
struct State {
    /// Lanes nobody holds.
    free: usize,
    /// Calls waiting for a lane, in arrival order.
    queue: VecDeque<Waiter>,
    next_ticket: u64,
}

impl State {
    /// Grants free lanes to the first waiters not yet granted one, waking
    /// them.
    fn hand_out(&mut self) {
        while self.free > 0 {
            let Some(w) = self.queue.iter_mut().find(|w| !w.granted) else {
                return;
            };
            w.granted = true;
            self.free -= 1;
            if let Some(waker) = w.waker.take() {
                waker.wake();
            }
        }
    }
}

#[derive(Debug)]
struct Waiter {
    ticket: u64,
    waker: Option<Waker>,
    /// Set when a lane was handed to this waiter.
    granted: bool,
    deadline: Option<Instant>,
    cancel: Option<CancelToken>,
}

impl Waiter {
    fn expired(&self, now: Instant) -> bool {
        self.deadline.is_some_and(|d| now >= d)
            || self.cancel.as_ref().is_some_and(CancelToken::is_cancelled)
    }
}

/// A lane held by one call; dropping it hands the lane on.
#[derive(Debug)]
pub(crate) struct Lane {
    lanes: Arc<Lanes>,
}

impl Drop for Lane {
    fn drop(&mut self) {
        self.lanes.release();
    }
}

/// Where a call keeps the lane it holds between two epoch ticks.
pub(crate) type LaneSlot = Arc<Mutex<Option<Lane>>>;

impl Lanes {
    /// `count` lanes (at least one).
    pub fn new(count: usize) -> Arc<Lanes> {
        Arc::new(Lanes {
            state: Mutex::new(State {
                free: count.max(1),
                queue: VecDeque::new(),
                next_ticket: 0,
            }),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A lane at once, if one is free and nobody is queued for it.
    pub fn try_take(self: &Arc<Self>) -> Option<Lane> {
        let mut s = self.lock();
        if s.free > 0 && s.queue.is_empty() {
            s.free -= 1;
            Some(Lane {
                lanes: self.clone(),
            })
        } else {
            None
        }
    }

    /// Waits for a lane and puts it in `slot`. The wait ends without one
    /// when `deadline` passes or `cancel` is raised. A lane freed since
    /// the caller's [`Lanes::try_take`] failed is handed out here, so a
    /// lane is never free while a call waits.
    pub fn wait(
        self: &Arc<Self>,
        slot: LaneSlot,
        deadline: Option<Instant>,
        cancel: Option<CancelToken>,
    ) -> LaneWait {
        let ticket = {
            let mut s = self.lock();
            let ticket = s.next_ticket;
            s.next_ticket += 1;
            s.queue.push_back(Waiter {
                ticket,
                waker: None,
                granted: false,
                deadline,
                cancel,
            });
            s.hand_out();
            ticket
        };
        LaneWait {
            lanes: self.clone(),
            slot,
            ticket: Some(ticket),
        }
    }

    /// Hands a released lane to the first waiter, or frees it.
    fn release(&self) {
        let mut s = self.lock();
        s.free += 1;
        s.hand_out();
    }

    /// Wakes every waiter whose deadline has passed or whose caller
    /// cancelled, so that it can stop. Called at every epoch tick.
    pub fn wake_expired(&self) {
        let now = Instant::now();
        let mut s = self.lock();
        for w in s.queue.iter_mut().filter(|w| !w.granted && w.expired(now)) {
            if let Some(waker) = w.waker.take() {
                waker.wake();
            }
        }
    }

    /// Lanes nobody holds (for tests).
    #[cfg(test)]
    fn free(&self) -> usize {
        self.lock().free
    }
}

/// A call waiting for its lane: ready once the lane is in its slot, or
/// when the call must stop.
#[derive(Debug)]
pub(crate) struct LaneWait {
    lanes: Arc<Lanes>,
    slot: LaneSlot,
    /// `None` once the wait is over.
    ticket: Option<u64>,
}

impl Future for LaneWait {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let Some(ticket) = self.ticket else {
            return Poll::Ready(());
        };
        let mut s = self.lanes.lock();
        let at = s
            .queue
            .iter()
            .position(|w| w.ticket == ticket)
            .expect("a waiting ticket is queued");
        let waiter = &mut s.queue[at];
        if waiter.granted {
            s.queue.remove(at);
            drop(s);
            self.ticket = None;
            let lane = Lane {
                lanes: self.lanes.clone(),
            };
            *self.slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(lane);
            return Poll::Ready(());
        }
        if waiter.expired(Instant::now()) {
            s.queue.remove(at);
            drop(s);
            self.ticket = None;
            return Poll::Ready(());
        }
        waiter.waker = Some(cx.waker().clone());
        Poll::Pending
    }
}

impl Drop for LaneWait {
    fn drop(&mut self) {
        let Some(ticket) = self.ticket else { return };
        let mut s = self.lanes.lock();
        if let Some(at) = s.queue.iter().position(|w| w.ticket == ticket) {
            let granted = s.queue.remove(at).is_some_and(|w| w.granted);
            drop(s);
            if granted {
                // Handed a lane it will never use: pass it on.
                self.lanes.release();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn slot() -> LaneSlot {
        Arc::new(Mutex::new(None))
    }

    fn poll(wait: &mut LaneWait) -> Poll<()> {
        let waker = Waker::noop();
        Pin::new(wait).poll(&mut Context::from_waker(waker))
    }

    #[test]
    fn a_lane_freed_between_a_failed_take_and_the_wait_goes_to_the_waiter() {
        // Two long calls at the same tick: one finds the only lane held
        // and is about to queue while the holder gives it up to a queue
        // still empty. The lane must not stay free while the call waits.
        let lanes = Lanes::new(1);
        let held = lanes.try_take().expect("a free lane");
        assert!(lanes.try_take().is_none());
        drop(held);
        let slot = slot();
        let mut wait = lanes.wait(slot.clone(), None, None);
        assert!(
            poll(&mut wait).is_ready(),
            "the waiter never got the free lane"
        );
        assert!(slot.lock().unwrap().is_some());
        assert_eq!(lanes.free(), 0);
        slot.lock().unwrap().take();
        assert_eq!(lanes.free(), 1);
    }

    #[test]
    fn a_released_lane_goes_to_the_first_waiter_not_to_a_newcomer() {
        let lanes = Lanes::new(1);
        let held = lanes.try_take().expect("a free lane");
        let (first, second) = (slot(), slot());
        let mut a = lanes.wait(first.clone(), None, None);
        let mut b = lanes.wait(second.clone(), None, None);
        assert!(poll(&mut a).is_pending() && poll(&mut b).is_pending());
        drop(held);
        assert!(
            lanes.try_take().is_none(),
            "the lane is promised to a waiter"
        );
        assert!(poll(&mut b).is_pending());
        assert!(poll(&mut a).is_ready());
        assert!(first.lock().unwrap().is_some());
        first.lock().unwrap().take();
        assert!(poll(&mut b).is_ready());
        second.lock().unwrap().take();
        assert_eq!(lanes.free(), 1);
    }

    #[test]
    fn a_waiter_stops_waiting_at_its_deadline_or_cancellation() {
        let lanes = Lanes::new(1);
        let _held = lanes.try_take().unwrap();
        let past = Instant::now() - Duration::from_millis(1);
        let mut late = lanes.wait(slot(), Some(past), None);
        assert!(poll(&mut late).is_ready());
        let cancel = CancelToken::new();
        let mut stopped = lanes.wait(slot(), None, Some(cancel.clone()));
        assert!(poll(&mut stopped).is_pending());
        cancel.cancel();
        assert!(poll(&mut stopped).is_ready());
    }

    #[test]
    fn a_dropped_waiter_passes_a_lane_it_was_handed_on() {
        let lanes = Lanes::new(1);
        let held = lanes.try_take().unwrap();
        let mut a = lanes.wait(slot(), None, None);
        assert!(poll(&mut a).is_pending());
        drop(held);
        drop(a);
        assert_eq!(lanes.free(), 1);
        assert!(lanes.try_take().is_some());
    }
}
