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

use crate::state::HostState;

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

/// A wait that ends at `until` (never, when `None`), at the call's
/// deadline, or when the call is cancelled, whichever comes first.
struct CallSleep {
    until: Option<Instant>,
    deadline: Option<Instant>,
    cancel: Option<CancelToken>,
}

impl CallSleep {
    /// When the wait ends unless it is cancelled first.
    fn wake_at(&self) -> Option<Instant> {
        match (self.until, self.deadline) {
            (Some(u), Some(d)) => Some(u.min(d)),
            (u, d) => u.or(d),
        }
    }
}

#[wasmtime_wasi::async_trait]
impl Pollable for CallSleep {
    async fn ready(&mut self) {
        let wake = self.wake_at();
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

impl HostState {
    fn sleep_for(&mut self, duration: Duration) -> wasmtime::Result<Resource<DynPollable>> {
        // The lane is given up when the guest waits on this (`crate::poll`).
        let sleep = CallSleep {
            until: Instant::now().checked_add(duration),
            deadline: self.deadline,
            cancel: self.call.as_ref().map(|c| c.ctx.cancel.clone()),
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
        let sleep = |until, deadline| CallSleep {
            until,
            deadline,
            cancel: None,
        };
        assert_eq!(sleep(Some(later), Some(t)).wake_at(), Some(t));
        assert_eq!(sleep(Some(t), Some(later)).wake_at(), Some(t));
        assert_eq!(sleep(None, Some(t)).wake_at(), Some(t));
        assert_eq!(sleep(Some(t), None).wake_at(), Some(t));
        assert_eq!(sleep(None, None).wake_at(), None);
    }
}
