//! Deadlines for what a plug-in runs outside WebAssembly.
//!
//! The epoch deadline stops guest code, but Smalltalk a plug-in runs
//! through `execution.execute` runs in the interpreter, inside the host
//! function, where no epoch check reaches. Such a run gets a cancel token
//! of its own, which the epoch ticker raises when the plug-in call's
//! deadline passes or its caller cancels: the interpreter stops at its next
//! send, the host function returns, and the epoch check stops the guest.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use gs_toolset::CancelToken;

/// One run being watched.
struct Watch {
    id: u64,
    caller: CancelToken,
    deadline: Instant,
    run: CancelToken,
}

/// The runs in flight, checked at every epoch tick.
#[derive(Default)]
pub(crate) struct Watchdog {
    watches: Mutex<Vec<Watch>>,
    next: AtomicU64,
}

/// A watched run; dropping it stops the watch.
pub(crate) struct Watched {
    watchdog: Arc<Watchdog>,
    id: u64,
    /// The token the run polls.
    pub token: CancelToken,
    deadline: Instant,
}

impl Watched {
    /// True if the run was stopped for its deadline.
    pub fn past_deadline(&self) -> bool {
        self.token.is_cancelled() && Instant::now() >= self.deadline
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        self.watchdog.lock().retain(|w| w.id != self.id);
    }
}

impl Watchdog {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Watch>> {
        self.watches.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts watching a run for `caller` (whose cancellation it follows)
    /// that must end by `deadline`.
    pub fn watch(self: &Arc<Self>, caller: &CancelToken, deadline: Instant) -> Watched {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let token = CancelToken::new();
        if caller.is_cancelled() || Instant::now() >= deadline {
            token.cancel();
        }
        self.lock().push(Watch {
            id,
            caller: caller.clone(),
            deadline,
            run: token.clone(),
        });
        Watched {
            watchdog: self.clone(),
            id,
            token,
            deadline,
        }
    }

    /// Stops every run whose caller cancelled or whose deadline passed.
    pub fn check(&self) {
        let now = Instant::now();
        for w in self.lock().iter() {
            if w.caller.is_cancelled() || now >= w.deadline {
                w.run.cancel();
            }
        }
    }
}
