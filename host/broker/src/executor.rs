//! Where tool calls run: a few dedicated threads that, after a call, wait
//! briefly for the next one (spinning, yielding the CPU on every turn)
//! before they sleep, with tokio's blocking pool behind them.
//!
//! Why: handing a call to a sleeping thread and waking the I/O thread for
//! the answer cost two thread wake-ups per call, which on a loaded machine
//! was most of a trivial call's round trip. A thread still waiting from its
//! last call picks the next one up without being woken. A call is only
//! ever given to a thread that is free (one is claimed before the call is
//! queued), so a long call never holds up another; when none is free the
//! call goes to tokio's blocking pool as before.
//!
//! The caller's side has the same cost in reverse: its async thread, with
//! nothing else to do, goes to sleep and must be woken for the answer. So
//! when no other call is waiting, the caller watches for the answer for up
//! to 50 µs, yielding the CPU on every turn (another thread that wants it,
//! such as a client's, gets it), and only then awaits like any future. A
//! trivial call is answered within that window; a long one holds the
//! caller's async thread, and any task queued behind it there, no longer
//! than it.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::oneshot::error::TryRecvError;

/// One call to run, with everything it needs.
type Job = Box<dyn FnOnce() + Send>;

/// How long a thread keeps looking for the next call after one ends, before
/// it sleeps. Sized to a client's turnaround: answer out, next call in.
const SPIN: Duration = Duration::from_micros(200);

/// How long a caller with no other call waiting watches for its call's
/// answer before it awaits like any future: a trivial call's duration with
/// room, and the most a long call holds the caller's async thread.
const ANSWER_WAIT: Duration = Duration::from_micros(50);

struct Pool {
    queue: Mutex<VecDeque<Job>>,
    ready: Condvar,
    /// Threads neither running a call nor claimed for one.
    free: AtomicUsize,
    /// Threads asleep on `ready` (a submitter wakes one only if any).
    sleeping: AtomicUsize,
    /// Calls between their hand-over and their answer, wherever they run.
    waiting: AtomicUsize,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<&'static Pool> = OnceLock::new();
    POOL.get_or_init(|| {
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        let pool: &'static Pool = Box::leak(Box::new(Pool {
            queue: Mutex::new(VecDeque::new()),
            ready: Condvar::new(),
            free: AtomicUsize::new(0),
            sleeping: AtomicUsize::new(0),
            waiting: AtomicUsize::new(0),
        }));
        for i in 0..threads {
            let spawned = std::thread::Builder::new()
                .name(format!("gs-call-{i}"))
                .spawn(move || pool.work());
            // A thread that cannot start is simply not counted: its calls
            // go to the blocking pool.
            if spawned.is_ok() {
                pool.free.fetch_add(1, Ordering::AcqRel);
            }
        }
        pool
    })
}

impl Pool {
    fn take(&self) -> Option<Job> {
        self.queue
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop_front()
    }

    fn work(&self) {
        loop {
            let job = self.wait();
            // A panicking call has already reported itself to its caller
            // (its answer channel is dropped); the thread goes on.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
            self.free.fetch_add(1, Ordering::AcqRel);
        }
    }

    /// The next call: looked for during the spin window, then slept for.
    fn wait(&self) -> Job {
        let start = Instant::now();
        while start.elapsed() < SPIN {
            if let Some(job) = self.take() {
                return job;
            }
            std::thread::yield_now();
        }
        let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(job) = queue.pop_front() {
                return job;
            }
            self.sleeping.fetch_add(1, Ordering::AcqRel);
            queue = self
                .ready
                .wait(queue)
                .unwrap_or_else(PoisonError::into_inner);
            self.sleeping.fetch_sub(1, Ordering::AcqRel);
        }
    }

    /// Claims a free thread for one call, or answers false.
    fn claim(&self) -> bool {
        self.free
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1))
            .is_ok()
    }

    fn push(&self, job: Job) {
        let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        queue.push_back(job);
        // Read under the lock a sleeper takes before it sleeps, so a thread
        // about to sleep is counted or sees the call.
        let wake = self.sleeping.load(Ordering::Acquire) > 0;
        drop(queue);
        if wake {
            self.ready.notify_one();
        }
    }
}

/// A call counted in [`Pool::waiting`] until dropped.
struct Waiting {
    pool: &'static Pool,
    /// Whether no other call was waiting when this one began to.
    alone: bool,
}

impl Waiting {
    fn enter(pool: &'static Pool) -> Waiting {
        let before = pool.waiting.fetch_add(1, Ordering::AcqRel);
        Waiting {
            pool,
            alone: before == 0,
        }
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        self.pool.waiting.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Why a call ended without an answer.
pub(crate) enum Lost {
    /// It panicked.
    Panicked,
    /// Its thread was taken away (the runtime shut down).
    Abandoned(String),
}

/// Runs `f` off the async threads and answers its result. If the caller
/// stops waiting, `f` still runs to its end.
pub(crate) async fn run<T, F>(f: F) -> Result<T, Lost>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let pool = pool();
    let waiting = Waiting::enter(pool);
    if !pool.claim() {
        return tokio::task::spawn_blocking(f).await.map_err(|e| {
            if e.is_panic() {
                Lost::Panicked
            } else {
                Lost::Abandoned(e.to_string())
            }
        });
    }
    let (tx, mut rx) = tokio::sync::oneshot::channel();
    // The call sees the runtime it was made from, as on the blocking pool.
    let handle = tokio::runtime::Handle::try_current().ok();
    pool.push(Box::new(move || {
        let _runtime = handle.as_ref().map(tokio::runtime::Handle::enter);
        let _ = tx.send(f());
    }));
    // See the module documentation: alone, a short call's answer is
    // watched for here; under concurrent calls the CPU is left to them.
    if waiting.alone {
        let start = Instant::now();
        while start.elapsed() < ANSWER_WAIT {
            match rx.try_recv() {
                Ok(answer) => return Ok(answer),
                Err(TryRecvError::Closed) => return Err(Lost::Panicked),
                Err(TryRecvError::Empty) => std::thread::yield_now(),
            }
        }
    }
    rx.await.map_err(|_| Lost::Panicked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_long_call_never_holds_up_another() {
        let release = Arc::new(AtomicBool::new(false));
        // More long calls than dedicated threads: the rest overflow to the
        // blocking pool, and a short call after them still runs at once.
        let mut long = Vec::new();
        for _ in 0..8 {
            let r = release.clone();
            long.push(tokio::spawn(run(move || {
                while !r.load(Ordering::Acquire) {
                    std::thread::sleep(Duration::from_millis(5));
                }
                1
            })));
        }
        let quick = tokio::time::timeout(Duration::from_secs(5), run(|| 2)).await;
        assert_eq!(quick.ok().and_then(Result::ok), Some(2));
        release.store(true, Ordering::Release);
        for l in long {
            assert_eq!(l.await.ok().and_then(Result::ok), Some(1));
        }
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_long_call_gives_its_callers_thread_back() {
        // One async thread: while the long call runs, the ticker can only
        // tick if the caller stopped watching for the answer and awaits.
        let ticks = Arc::new(AtomicUsize::new(0));
        let t = ticks.clone();
        let ticker = tokio::spawn(async move {
            loop {
                t.fetch_add(1, Ordering::AcqRel);
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        });
        let seen = run(|| {
            std::thread::sleep(Duration::from_millis(300));
            7
        })
        .await;
        ticker.abort();
        assert_eq!(seen.ok(), Some(7));
        assert!(
            ticks.load(Ordering::Acquire) >= 5,
            "the async thread was held for the call: {} ticks",
            ticks.load(Ordering::Acquire)
        );
    }

    #[tokio::test]
    async fn a_panicking_call_is_reported_and_the_threads_go_on() {
        let lost = run(|| -> u8 { panic!("tool bug") }).await;
        assert!(matches!(lost, Err(Lost::Panicked)));
        for i in 0..20u32 {
            assert_eq!(run(move || i * 2).await.ok(), Some(i * 2));
        }
    }

    #[tokio::test]
    async fn a_call_sees_the_runtime_it_was_made_from() {
        let seen = run(|| tokio::runtime::Handle::try_current().is_ok()).await;
        assert_eq!(seen.ok(), Some(true));
    }
}
