//! Breaks for calls that block a thread inside the client library.
//!
//! A program whose answer is fetched in the same round trip as its
//! execution (`GciTsExecuteFetchBytes`) cannot watch its own cancel token:
//! its thread waits inside the library until the gem answers. One thread
//! for the whole process watches every such call instead, and escalates a
//! cancelled one as a polling run does: a soft break, then 300 ms later a
//! hard one.
//!
//! The watcher ticks only while calls come: after a second with none it
//! sleeps until the next one, so an idle server has no timer, and a busy
//! one no wake-up per call (a registration wakes the watcher only from
//! that sleep). A cancel is therefore seen within one tick.

use std::collections::HashMap;
use std::sync::{Condvar, LazyLock, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use gs_gci::BreakHandle;
use gs_toolset::CancelToken;

/// How often the watcher looks at the calls' cancel tokens.
const TICK: Duration = Duration::from_millis(20);
/// GemStone's rule: at least this long between a soft and a hard break.
pub(crate) const SOFT_TO_HARD: Duration = Duration::from_millis(300);
/// How long without calls before the watcher stops ticking.
const IDLE: Duration = Duration::from_secs(1);

/// One watched call.
struct Call {
    cancel: CancelToken,
    breaker: BreakHandle,
    soft_at: Option<Instant>,
    hard: bool,
}

#[derive(Default)]
struct Calls {
    by_id: HashMap<u64, Call>,
    next_id: u64,
    /// True while the watcher sleeps until the next call.
    asleep: bool,
    /// When the last call was registered: the watcher keeps ticking for
    /// [`IDLE`] after it, so that a stream of short calls, each over
    /// between two ticks, does not wake it from its sleep every time.
    last_call: Option<Instant>,
    /// True once starting the watcher thread was tried.
    started: bool,
    /// The watcher thread could not be started: [`watch`] answers `None`,
    /// and callers watch their tokens themselves.
    failed: bool,
}

struct Watcher {
    calls: Mutex<Calls>,
    wake: Condvar,
}

static WATCHER: LazyLock<Watcher> = LazyLock::new(|| Watcher {
    calls: Mutex::new(Calls::default()),
    wake: Condvar::new(),
});

fn lock(calls: &Mutex<Calls>) -> MutexGuard<'_, Calls> {
    calls.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A call under watch; dropping it ends the watch.
pub(crate) struct Watching {
    id: u64,
}

impl Drop for Watching {
    fn drop(&mut self) {
        lock(&WATCHER.calls).by_id.remove(&self.id);
    }
}

/// Watches `cancel` for the length of a blocking call, breaking the
/// session through `breaker` when it is raised. `None` if the watcher
/// thread cannot be started: the caller should then run the call in a
/// way that watches its token itself.
pub(crate) fn watch(cancel: &CancelToken, breaker: BreakHandle) -> Option<Watching> {
    let watcher = &*WATCHER;
    let mut calls = lock(&watcher.calls);
    if !calls.started {
        calls.started = true;
        calls.failed = thread::Builder::new()
            .name("gs-mcp-gci-breaks".into())
            .spawn(|| run(&WATCHER))
            .is_err();
    }
    if calls.failed {
        return None;
    }
    let id = calls.next_id;
    calls.next_id += 1;
    calls.last_call = Some(Instant::now());
    calls.by_id.insert(
        id,
        Call {
            cancel: cancel.clone(),
            breaker,
            soft_at: None,
            hard: false,
        },
    );
    if calls.asleep {
        watcher.wake.notify_one();
    }
    Some(Watching { id })
}

/// The watcher thread: ticks while calls come, sleeps when none have for
/// a while.
fn run(watcher: &Watcher) {
    let mut calls = lock(&watcher.calls);
    loop {
        let quiet = calls.last_call.is_none_or(|t| t.elapsed() >= IDLE);
        if calls.by_id.is_empty() && quiet {
            calls.asleep = true;
            calls = watcher
                .wake
                .wait_while(calls, |c| c.by_id.is_empty())
                .unwrap_or_else(PoisonError::into_inner);
            calls.asleep = false;
        }
        drop(calls);
        thread::sleep(TICK);
        calls = lock(&watcher.calls);
        let now = Instant::now();
        for call in calls.by_id.values_mut() {
            escalate(call, now);
        }
    }
}

/// A soft break for a call newly cancelled, a hard one once the soft one
/// has had its time. A failed break (the session already ended) leaves the
/// call to fail by itself.
fn escalate(call: &mut Call, now: Instant) {
    if call.hard || !call.cancel.is_cancelled() {
        return;
    }
    match call.soft_at {
        None => {
            let _ = call.breaker.break_(false);
            call.soft_at = Some(now);
        }
        Some(soft) if now - soft >= SOFT_TO_HARD => {
            let _ = call.breaker.break_(true);
            call.hard = true;
        }
        Some(_) => {}
    }
}
