//! Sleeps that end at the call's deadline.
//!
//! Epoch interruption stops guest code only while it runs WebAssembly. A
//! plug-in that sleeps (`std::thread::sleep`, or any `wasi:io/poll` wait
//! on a `wasi:clocks/monotonic-clock` pollable) sits inside the host
//! instead, where no epoch check happens, so WASI's own clock would keep it
//! there for as long as it asked — past its deadline, and deaf to
//! cancellation. This module replaces the monotonic clock's two
//! `subscribe-*` functions with ones whose pollables become ready at the
//! earliest of the requested time, the call's deadline and its
//! cancellation. The guest then resumes, and the next epoch check stops it
//! with `deadline` or `cancelled` as for any runaway call. `now` and
//! `resolution` are WASI's own.

use std::time::{Duration, Instant};

use gs_toolset::CancelToken;
use wasmtime::component::{HasSelf, Linker, Resource};
use wasmtime_wasi::clocks::WasiClocksView;
use wasmtime_wasi::p2::bindings::clocks::monotonic_clock;
use wasmtime_wasi::p2::{DynPollable, Pollable, subscribe};

use crate::state::{HostState, Stop};

/// How often a sleeping guest's cancellation flag is looked at: cancelling
/// a sleeping call takes at most about this long, like a running one.
const CANCEL_CHECK: Duration = Duration::from_millis(5);

/// Links the deadline-aware monotonic clock over WASI's, which `linker`
/// must already hold.
pub(crate) fn add_to_linker(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    crate::shadow::over_wasi(linker, |linker| {
        monotonic_clock::add_to_linker::<HostState, HasSelf<HostState>>(linker, |s| s)
    })
}

/// When a wait inside the host must end for its call's sake: at the
/// call's deadline, or when the call is cancelled. Every host-side wait a
/// guest can start (a sleep here, the waits of [`crate::waits`]) ends by
/// it, since no epoch check reaches a guest while the host waits for it.
#[derive(Clone, Default)]
pub(crate) struct CallEnd {
    pub deadline: Option<Instant>,
    pub cancel: Option<CancelToken>,
}

impl CallEnd {
    /// The end of the guest code `state` runs now: its call's deadline and
    /// cancellation, or the deadline alone while no call is in flight (a
    /// load's `describe`, a warmed instance's start-up).
    pub fn of(state: &HostState) -> CallEnd {
        CallEnd {
            deadline: state.deadline,
            cancel: state.call.as_ref().map(|c| c.ctx.cancel.clone()),
        }
    }

    /// Why the call must stop now, if it must: cancellation first, as the
    /// epoch callback checks it.
    pub fn stop(&self) -> Option<Stop> {
        if self.cancel.as_ref().is_some_and(CancelToken::is_cancelled) {
            Some(Stop::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::Deadline)
        } else {
            None
        }
    }

    /// When a wait until `until` (for ever when `None`) ends unless the
    /// call is cancelled first.
    fn wake_at(&self, until: Option<Instant>) -> Option<Instant> {
        match (until, self.deadline) {
            (Some(u), Some(d)) => Some(u.min(d)),
            (u, d) => u.or(d),
        }
    }

    /// Waits until `until` (for ever when `None`) or until the call must
    /// stop, whichever comes first.
    pub async fn wait(&self, until: Option<Instant>) {
        let wake = self.wake_at(until);
        loop {
            if self.cancel.as_ref().is_some_and(CancelToken::is_cancelled) {
                return;
            }
            let now = Instant::now();
            let step = match wake {
                Some(w) if w <= now => return,
                Some(w) => w - now,
                None => Duration::MAX,
            };
            let step = if self.cancel.is_some() {
                step.min(CANCEL_CHECK)
            } else {
                step
            };
            if step == Duration::MAX {
                std::future::pending::<()>().await;
            }
            tokio::time::sleep(step).await;
        }
    }
}

/// A wait that ends at `until` (never, when `None`), at the call's
/// deadline, or when the call is cancelled, whichever comes first.
struct CallSleep {
    until: Option<Instant>,
    end: CallEnd,
}

#[wasmtime_wasi::async_trait]
impl Pollable for CallSleep {
    async fn ready(&mut self) {
        self.end.wait(self.until).await;
    }
}

impl HostState {
    fn sleep_for(&mut self, duration: Duration) -> wasmtime::Result<Resource<DynPollable>> {
        // The lane is given up when the guest waits on this (`crate::poll`).
        let sleep = CallSleep {
            until: Instant::now().checked_add(duration),
            end: CallEnd::of(self),
        };
        let resource = self.table.push(sleep)?;
        subscribe(&mut self.table, resource)
    }
}

impl monotonic_clock::Host for HostState {
    fn now(&mut self) -> wasmtime::Result<monotonic_clock::Instant> {
        monotonic_clock::Host::now(&mut self.clocks())
    }

    fn resolution(&mut self) -> wasmtime::Result<monotonic_clock::Duration> {
        monotonic_clock::Host::resolution(&mut self.clocks())
    }

    fn subscribe_instant(
        &mut self,
        when: monotonic_clock::Instant,
    ) -> wasmtime::Result<Resource<DynPollable>> {
        let now = monotonic_clock::Host::now(&mut self.clocks())?;
        self.sleep_for(Duration::from_nanos(when.saturating_sub(now)))
    }

    fn subscribe_duration(
        &mut self,
        duration: monotonic_clock::Duration,
    ) -> wasmtime::Result<Resource<DynPollable>> {
        self.sleep_for(Duration::from_nanos(duration))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sleep_wakes_at_the_earlier_of_its_end_and_the_deadline() {
        let t = Instant::now();
        let later = t + Duration::from_secs(60);
        let wake = |until, deadline| {
            CallEnd {
                deadline,
                cancel: None,
            }
            .wake_at(until)
        };
        assert_eq!(wake(Some(later), Some(t)), Some(t));
        assert_eq!(wake(Some(t), Some(later)), Some(t));
        assert_eq!(wake(None, Some(t)), Some(t));
        assert_eq!(wake(Some(t), None), Some(t));
        assert_eq!(wake(None, None), None);
    }
}
