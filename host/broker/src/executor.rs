//! Where tool calls run when they do not end in the broker's first poll
//! (on the async thread that received the request): a few dedicated
//! threads that take calls from one queue and, after a call, wait briefly
//! for the next one (spinning, yielding the CPU on every turn) before they
//! sleep.
//!
//! Why: handing a call to a sleeping thread and waking the I/O thread for
//! the answer cost two thread wake-ups per call, which on a loaded machine
//! was most of a trivial call's round trip. A thread still waiting from its
//! last call picks the next one up without being woken. Under concurrent
//! callers, seen as calls already queued when a thread comes for them, the
//! queue refills by itself and the spin is cut to a quarter: under 32
//! sessions that halved the yields per call and cut the server's median
//! CPU per call by a sixth, with the single client's latency unchanged.
//!
//! Under load every call still goes to the same few threads, queued in
//! order, rather than to a new thread each: on a machine with few cores,
//! more threads only add context switches (sending the overflow to tokio's
//! blocking pool cost a third more CPU per call under 32 concurrent
//! sessions). What the queue must not do is hold a quick call behind long
//! ones, so a rescuer watches it while every call thread is busy and moves
//! any call that has waited [`RESCUE_AFTER`] to a thread of its own.
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
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::oneshot::error::TryRecvError;

/// One call to run, with everything it needs.
type Job = Box<dyn FnOnce() + Send>;

/// How long a thread keeps looking for the next call after one ends, before
/// it sleeps, when every call thread is free. Sized to a client's
/// turnaround: answer out, next call in.
const SPIN: Duration = Duration::from_micros(200);

/// The same when one of the thread's last eight calls was already queued
/// as it came for it: concurrent callers keep the queue filled by
/// themselves, and a thread spinning long only takes the CPU from the
/// clients and the I/O threads.
const SPIN_UNDER_LOAD: Duration = Duration::from_micros(50);

/// How long a caller with no other call waiting watches for its call's
/// answer before it awaits like any future: a trivial call's duration with
/// room, and the most a long call holds the caller's async thread.
const ANSWER_WAIT: Duration = Duration::from_micros(50);

/// The longest a call waits in the queue while every call thread is busy
/// before it gets a thread of its own: long enough that a burst of quick
/// calls drains through the call threads, short enough that a person never
/// notices a quick call held behind long ones.
const RESCUE_AFTER: Duration = Duration::from_millis(5);

struct Pool {
    /// Calls not yet started, oldest first, with when each was queued.
    queue: Mutex<VecDeque<(Instant, Job)>>,
    /// The queue's length, kept beside it (changed under its lock) for
    /// spinning threads to read without taking the lock.
    queued: AtomicUsize,
    /// Call threads wait here for a call.
    ready: Condvar,
    /// The rescuer waits here for a call queued while every thread is busy.
    backlog: Condvar,
    /// Call threads started (0: every call gets a thread of its own).
    threads: AtomicUsize,
    /// Call threads not running a call.
    free: AtomicUsize,
    /// Call threads asleep on `ready` (a submitter wakes one only if any).
    sleeping: AtomicUsize,
    /// Whether the rescuer sleeps on `backlog` until woken (the queue was
    /// empty). Otherwise it looks at the queue again within a millisecond
    /// by itself and needs no wake-up.
    rescuer_asleep: AtomicBool,
    /// Calls between their hand-over and their answer, wherever they run.
    waiting: AtomicUsize,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<&'static Pool> = OnceLock::new();
    POOL.get_or_init(|| {
        let pool: &'static Pool = Box::leak(Box::new(Pool {
            queue: Mutex::new(VecDeque::new()),
            queued: AtomicUsize::new(0),
            ready: Condvar::new(),
            backlog: Condvar::new(),
            threads: AtomicUsize::new(0),
            free: AtomicUsize::new(0),
            sleeping: AtomicUsize::new(0),
            rescuer_asleep: AtomicBool::new(false),
            waiting: AtomicUsize::new(0),
        }));
        // Without a rescuer a long call could hold the queue, so no call
        // thread starts and every call gets a thread of its own.
        let rescuer = std::thread::Builder::new()
            .name("gs-call-rescue".into())
            .spawn(move || pool.rescue());
        if rescuer.is_ok() {
            let wanted = std::thread::available_parallelism().map_or(2, |n| n.get());
            for i in 0..wanted {
                let spawned = std::thread::Builder::new()
                    .name(format!("gs-call-{i}"))
                    .spawn(move || pool.work());
                if spawned.is_ok() {
                    pool.threads.fetch_add(1, Ordering::AcqRel);
                    pool.free.fetch_add(1, Ordering::AcqRel);
                }
            }
        }
        pool
    })
}

impl Pool {
    fn lock(&self) -> MutexGuard<'_, VecDeque<(Instant, Job)>> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn work(&self) {
        // One bit per recent call: whether it was already queued when this
        // thread came for it, the sign of concurrent callers.
        let mut queued_ahead: u8 = 0;
        loop {
            let (job, was_queued) = self.wait(queued_ahead != 0);
            queued_ahead = queued_ahead << 1 | u8::from(was_queued);
            // A panicking call has already reported itself to its caller
            // (its answer channel is dropped); the thread goes on.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
            self.free.fetch_add(1, Ordering::AcqRel);
        }
    }

    /// The next call, counted as taken, and whether it was queued already:
    /// looked for during the spin window (short under load, see
    /// [`SPIN_UNDER_LOAD`]), then slept for.
    fn wait(&self, loaded: bool) -> (Job, bool) {
        if let Some(job) = self.take(&mut self.lock()) {
            return (job, true);
        }
        let spin = if loaded { SPIN_UNDER_LOAD } else { SPIN };
        let start = Instant::now();
        while start.elapsed() < spin {
            std::thread::yield_now();
            // Looked at without the lock: spinning threads taking it on
            // every turn made the submitters wait for it.
            if self.queued.load(Ordering::Acquire) > 0
                && let Some(job) = self.take(&mut self.lock())
            {
                return (job, false);
            }
        }
        let mut queue = self.lock();
        loop {
            if let Some(job) = self.take(&mut queue) {
                return (job, false);
            }
            self.sleeping.fetch_add(1, Ordering::AcqRel);
            queue = self
                .ready
                .wait(queue)
                .unwrap_or_else(PoisonError::into_inner);
            self.sleeping.fetch_sub(1, Ordering::AcqRel);
        }
    }

    /// Takes the oldest call for a call thread, which stops counting as
    /// free (under the lock, so the rescuer's count is never ahead of it).
    fn take(&self, queue: &mut VecDeque<(Instant, Job)>) -> Option<Job> {
        let (_, job) = queue.pop_front()?;
        self.queued.fetch_sub(1, Ordering::AcqRel);
        self.free.fetch_sub(1, Ordering::AcqRel);
        Some(job)
    }

    /// Queues a call for the call threads.
    fn push(&self, job: Job) {
        let mut queue = self.lock();
        queue.push_back((Instant::now(), job));
        self.queued.fetch_add(1, Ordering::AcqRel);
        // Read under the lock a sleeper takes before it sleeps, so a thread
        // (or the rescuer) about to sleep is counted or sees the call.
        let wake = self.sleeping.load(Ordering::Acquire) > 0;
        let unserved = queue.len() > self.free.load(Ordering::Acquire);
        let rescue = unserved && self.rescuer_asleep.load(Ordering::Acquire);
        drop(queue);
        if wake {
            self.ready.notify_one();
        }
        if rescue {
            self.backlog.notify_one();
        }
    }

    /// The rescuer: asleep while every queued call has a free thread to
    /// take it; otherwise it looks at the queue every millisecond and gives
    /// each call that has waited [`RESCUE_AFTER`] a thread of its own.
    fn rescue(&self) {
        let mut queue = self.lock();
        loop {
            if queue.len() <= self.free.load(Ordering::Acquire) {
                queue = if queue.is_empty() {
                    self.rescuer_asleep.store(true, Ordering::Release);
                    let queue = self
                        .backlog
                        .wait(queue)
                        .unwrap_or_else(PoisonError::into_inner);
                    self.rescuer_asleep.store(false, Ordering::Release);
                    queue
                } else {
                    // The free threads are about to take the calls; looked
                    // at again soon in case one of them is long.
                    self.backlog
                        .wait_timeout(queue, Duration::from_millis(1))
                        .unwrap_or_else(PoisonError::into_inner)
                        .0
                };
                continue;
            }
            drop(queue);
            std::thread::sleep(Duration::from_millis(1));
            queue = self.lock();
            let mut stuck = Vec::new();
            while queue
                .front()
                .is_some_and(|(since, _)| since.elapsed() >= RESCUE_AFTER)
            {
                if let Some((_, job)) = queue.pop_front() {
                    self.queued.fetch_sub(1, Ordering::AcqRel);
                    stuck.push(job);
                }
            }
            if !stuck.is_empty() {
                drop(queue);
                stuck.into_iter().for_each(run_on_own_thread);
                queue = self.lock();
            }
        }
    }
}

/// Runs `job` on a thread of its own; if no thread can start, the rescuer
/// runs it itself, late rather than never. These threads are bounded by the
/// session cap: a session runs one call at a time.
fn run_on_own_thread(job: Job) {
    let slot = Arc::new(Mutex::new(Some(job)));
    let theirs = slot.clone();
    let run = |slot: &Mutex<Option<Job>>| {
        let job = slot.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(job) = job {
            // As on a call thread: the caller has already seen the panic.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
        }
    };
    let spawned = std::thread::Builder::new()
        .name("gs-call-extra".into())
        .spawn(move || run(&theirs));
    if spawned.is_err() {
        run(&slot);
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
    if pool.threads.load(Ordering::Acquire) == 0 {
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

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn long_calls_hold_up_a_quick_one_only_briefly() {
        let release = Arc::new(AtomicBool::new(false));
        // More long calls than call threads: those queued behind the ones
        // running are rescued to threads of their own, and so is a quick
        // call queued after them, which answers while all still run.
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
