//! The thread a session's image work runs on.
//!
//! Tool calls are futures, polled on the server's async threads, and those
//! must never block. An image backend's calls may: the embedded image runs
//! Smalltalk on the calling thread, for as long as the Smalltalk takes. So
//! every image call a toolset makes goes through
//! [`CallContext::blocking`](crate::CallContext::blocking), which runs it
//! on the session's
//! [`ImageWorker`]: one long-lived thread per session, started on the
//! session's first image call, with the stack its backend asks for
//! ([`crate::ImageSession::worker_stack_bytes`]), ending when the session
//! does.
//!
//! One thread per session, rather than a pool, because a session runs one
//! call at a time anyway, and because the embedded interpreter needs a
//! large stack that is reserved once, not at every call. A job that never
//! ends holds only its own session's worker.
//!
//! When its session ends, a worker's thread waits a few seconds, parked,
//! for the next session to adopt it instead of starting a thread of its
//! own ([`IDLE_KEEP`], at most [`MAX_IDLE`] threads). A stateless request
//! opens an image session per call; adoption saves each such call
//! starting a thread with the interpreter's stack and ending it
//! (`cargo bench -p gs-router`, the stateless row). A parked thread
//! carries nothing of its last session: its queue is gone, and the worker
//! it answers to is set again on adoption.

use std::cell::Cell;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::ToolError;

type Job = Box<dyn FnOnce() + Send>;

/// The error of an image call that panicked, wherever it ran.
pub(crate) fn image_call_panicked() -> ToolError {
    ToolError::other("the image call failed unexpectedly (it panicked); the session goes on")
}

/// One session's image worker. Clones share the thread; it ends when the
/// last clone is dropped and its last job has run.
#[derive(Clone)]
pub struct ImageWorker {
    inner: Arc<Inner>,
}

struct Inner {
    stack_bytes: usize,
    /// The queue into the thread, once it has started.
    jobs: Mutex<Option<Sender<Job>>>,
}

thread_local! {
    /// The worker whose thread this is (its `Inner`'s address), so that a
    /// job asking the same worker for more work runs it in place instead
    /// of waiting for itself.
    static CURRENT: Cell<usize> = const { Cell::new(0) };
}

impl std::fmt::Debug for ImageWorker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ImageWorker")
            .field("stack_bytes", &self.inner.stack_bytes)
            .finish_non_exhaustive()
    }
}

impl ImageWorker {
    /// A worker whose thread, once started, has a stack of `stack_bytes`.
    pub fn new(stack_bytes: usize) -> ImageWorker {
        ImageWorker {
            inner: Arc::new(Inner {
                stack_bytes,
                jobs: Mutex::new(None),
            }),
        }
    }

    fn id(&self) -> usize {
        Arc::as_ptr(&self.inner) as usize
    }

    /// Runs `job` on the worker's thread and answers what it returns, after
    /// every job handed to it earlier. A job that panics answers an
    /// `other` error; the worker goes on with the next one. If the caller
    /// stops waiting, the job still runs to its end.
    pub async fn run<T, F>(&self, job: F) -> Result<T, ToolError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        if CURRENT.with(Cell::get) == self.id() {
            return Ok(job());
        }
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.submit(Box::new(move || {
            let _ = tx.send(job());
        }))?;
        rx.await.map_err(|_| image_call_panicked())
    }

    /// Runs the future `call` to its end on the worker's thread and answers
    /// its output: for a caller (the session broker) that runs a whole
    /// tool call there, so that neither the toolset's own computing nor its
    /// image work ever holds an async thread. The thread parks while the
    /// future waits, inside the tokio runtime of the caller, if it has one,
    /// so the future's timers and tasks work as they would on the async
    /// threads. Asked from the worker's own thread, it polls `call` in place.
    /// A panic answers an `other` error, as in [`ImageWorker::run`]; if the
    /// caller stops waiting, the future still runs to its end.
    pub async fn run_future<T, F>(&self, call: F) -> Result<T, ToolError>
    where
        T: Send + 'static,
        F: Future<Output = T> + Send + 'static,
    {
        if CURRENT.with(Cell::get) == self.id() {
            return Ok(call.await);
        }
        let runtime = tokio::runtime::Handle::try_current().ok();
        self.run(move || match runtime {
            Some(runtime) => runtime.block_on(call),
            None => park_until_ready(call),
        })
        .await
    }

    /// Queues `job`, starting the thread on first use.
    fn submit(&self, job: Job) -> Result<(), ToolError> {
        let mut jobs = self
            .inner
            .jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let job = match jobs.as_ref() {
            Some(queue) => match queue.send(job) {
                Ok(()) => return Ok(()),
                // The thread is gone (it cannot be, short of an abort in
                // a job): start another.
                Err(returned) => returned.0,
            },
            None => job,
        };
        let (queue, incoming) = channel::<Job>();
        let _ = queue.send(job);
        let stack_bytes = self.inner.stack_bytes;
        let assignment = Assignment {
            worker: self.id(),
            incoming,
        };
        if let Some(assignment) = adopt_parked(stack_bytes, assignment) {
            std::thread::Builder::new()
                .name("gs-image-worker".into())
                .stack_size(stack_bytes)
                .spawn(move || serve(stack_bytes, assignment))
                .map_err(|e| {
                    ToolError::other(format!(
                        "cannot start the session's image worker thread: {e}; the server is out \
                         of threads or memory — end idle sessions or raise the process limits"
                    ))
                })?;
        }
        *jobs = Some(queue);
        Ok(())
    }
}

/// How long a worker's thread waits, parked, for another session after
/// its own ended.
pub const IDLE_KEEP: Duration = Duration::from_secs(5);

/// Most threads parked at once; a thread that finds the pool full ends.
pub const MAX_IDLE: usize = 8;

/// A session's queue, handed to a thread.
struct Assignment {
    /// The worker's id ([`ImageWorker::id`]).
    worker: usize,
    incoming: Receiver<Job>,
}

/// A thread waiting for a session, with the stack it was started with.
struct Parked {
    stack_bytes: usize,
    ticket: u64,
    adopt: SyncSender<Assignment>,
}

static PARKED: Mutex<Vec<Parked>> = Mutex::new(Vec::new());
static TICKETS: AtomicU64 = AtomicU64::new(0);

fn parked() -> std::sync::MutexGuard<'static, Vec<Parked>> {
    PARKED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Hands `assignment` to a parked thread with a stack of `stack_bytes`;
/// answers it back when there is none.
fn adopt_parked(stack_bytes: usize, assignment: Assignment) -> Option<Assignment> {
    let taken = {
        let mut idle = parked();
        match idle.iter().position(|p| p.stack_bytes == stack_bytes) {
            Some(at) => idle.swap_remove(at),
            None => return Some(assignment),
        }
    };
    // A thread leaves the pool (under its lock) before it stops listening,
    // so the hand-over fails only if that thread is gone some other way;
    // the caller then starts a thread.
    taken
        .adopt
        .send(assignment)
        .err()
        .map(|returned| returned.0)
}

/// A worker thread's life: each session's jobs in turn, parked between
/// sessions until adopted or [`IDLE_KEEP`] has passed.
fn serve(stack_bytes: usize, first: Assignment) {
    let mut assignment = first;
    loop {
        CURRENT.with(|c| c.set(assignment.worker));
        for job in assignment.incoming {
            // A panicking job has told its caller (its answer channel is
            // dropped); the session's next job runs.
            let _ = std::panic::catch_unwind(AssertUnwindSafe(job));
        }
        CURRENT.with(|c| c.set(0));
        match park(stack_bytes) {
            Some(next) => assignment = next,
            None => return,
        }
    }
}

/// Waits in the pool for a session; `None` when the pool is full or no
/// session came in time.
fn park(stack_bytes: usize) -> Option<Assignment> {
    let (adopt, adopted) = sync_channel(1);
    let ticket = TICKETS.fetch_add(1, Ordering::Relaxed);
    {
        let mut idle = parked();
        if idle.len() >= MAX_IDLE {
            return None;
        }
        idle.push(Parked {
            stack_bytes,
            ticket,
            adopt,
        });
    }
    match adopted.recv_timeout(IDLE_KEEP) {
        Ok(next) => Some(next),
        Err(RecvTimeoutError::Disconnected) => None,
        Err(RecvTimeoutError::Timeout) => {
            let mut idle = parked();
            match idle.iter().position(|p| p.ticket == ticket) {
                Some(at) => {
                    idle.swap_remove(at);
                    None
                }
                // Taken just now: the session's queue is on its way.
                None => {
                    drop(idle);
                    adopted.recv().ok()
                }
            }
        }
    }
}

/// Polls `future` on this thread, parking between polls, for a caller with
/// no tokio runtime.
fn park_until_ready<F: Future>(future: F) -> F::Output {
    struct Unpark(std::thread::Thread);
    impl std::task::Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let mut future = std::pin::pin!(future);
    let waker = std::task::Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut cx = std::task::Context::from_waker(&waker);
    loop {
        if let std::task::Poll::Ready(output) = future.as_mut().poll(&mut cx) {
            return output;
        }
        // A wake during the poll leaves the token set, so this returns at
        // once; a spurious return costs only another poll.
        std::thread::park();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn jobs_run_in_order_on_one_thread_and_a_panic_is_an_error() {
        let worker = ImageWorker::new(256 * 1024);
        let first = worker.run(|| std::thread::current().id()).await.unwrap();
        let panicked = worker.run(|| -> u8 { panic!("backend bug") }).await;
        assert!(panicked.unwrap_err().message.contains("panicked"));
        let again = worker.run(|| std::thread::current().id()).await.unwrap();
        assert_eq!(first, again, "one long-lived thread per session");
        assert_ne!(first, std::thread::current().id());
    }

    #[tokio::test]
    async fn a_job_asking_its_own_worker_runs_in_place() {
        let worker = ImageWorker::new(256 * 1024);
        let inner = worker.clone();
        let nested = worker
            .run(move || {
                let outer = std::thread::current().id();
                let inner_id = futures_lite_block_on(inner.run(|| std::thread::current().id()));
                (outer, inner_id.unwrap())
            })
            .await
            .unwrap();
        assert_eq!(nested.0, nested.1);
    }

    #[tokio::test]
    async fn a_job_the_caller_gave_up_on_still_runs_to_its_end() {
        let worker = ImageWorker::new(256 * 1024);
        let (tx, rx) = std::sync::mpsc::channel();
        let abandoned = worker.run(move || {
            std::thread::sleep(Duration::from_millis(50));
            tx.send(()).unwrap();
        });
        let _ = tokio::time::timeout(Duration::from_millis(1), abandoned).await;
        assert!(rx.recv_timeout(Duration::from_secs(5)).is_ok());
    }

    #[tokio::test]
    async fn a_future_runs_on_the_worker_with_the_callers_timers() {
        let worker = ImageWorker::new(256 * 1024);
        let on = worker
            .run_future(async {
                tokio::time::sleep(Duration::from_millis(5)).await;
                tokio::task::yield_now().await;
                std::thread::current().id()
            })
            .await
            .unwrap();
        assert_eq!(
            on,
            worker.run(|| std::thread::current().id()).await.unwrap()
        );
        assert_ne!(on, std::thread::current().id());
        let panicked = worker.run_future(async { panic!("toolset bug") }).await;
        assert!(panicked.unwrap_err().message.contains("panicked"));
    }

    #[test]
    fn a_future_runs_on_the_worker_without_a_runtime() {
        let worker = ImageWorker::new(256 * 1024);
        let (tx, rx) = std::sync::mpsc::channel();
        let answer = park_until_ready(worker.run_future(async move {
            // Ready only on the second poll: the worker must park and be woken.
            let mut first = true;
            std::future::poll_fn(|cx| {
                if std::mem::take(&mut first) {
                    cx.waker().wake_by_ref();
                    std::task::Poll::Pending
                } else {
                    std::task::Poll::Ready(())
                }
            })
            .await;
            tx.send(std::thread::current().id()).unwrap();
            7
        }));
        assert_eq!(answer.unwrap(), 7);
        assert_ne!(rx.recv().unwrap(), std::thread::current().id());
    }

    /// Waits until a thread of `stack_bytes` is parked, as one is shortly
    /// after its session's worker is dropped.
    fn await_parked(stack_bytes: usize) {
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while !parked().iter().any(|p| p.stack_bytes == stack_bytes) {
            assert!(std::time::Instant::now() < deadline, "no thread parked");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[tokio::test]
    async fn the_next_sessions_worker_adopts_the_thread_an_ended_one_left() {
        // A stack size of this test's own, so no other test's thread is
        // adopted here.
        const STACK: usize = 256 * 1024 + 4096;
        let first = ImageWorker::new(STACK);
        let thread = first.run(|| std::thread::current().id()).await.unwrap();
        drop(first);
        await_parked(STACK);
        let second = ImageWorker::new(STACK);
        let inner = second.clone();
        let (on, nested) = second
            .run(move || {
                // The adopted thread answers to its new worker: a nested
                // run of it runs in place rather than waiting for itself.
                let nested = futures_lite_block_on(inner.run(|| std::thread::current().id()));
                (std::thread::current().id(), nested.unwrap())
            })
            .await
            .unwrap();
        assert_eq!(on, thread, "the parked thread was adopted");
        assert_eq!(nested, thread);
    }

    #[tokio::test]
    async fn a_parked_thread_serves_only_workers_of_its_own_stack_size() {
        const SMALL: usize = 256 * 1024 + 8192;
        const LARGE: usize = 512 * 1024 + 8192;
        let small = ImageWorker::new(SMALL);
        let thread = small.run(|| std::thread::current().id()).await.unwrap();
        drop(small);
        await_parked(SMALL);
        let large = ImageWorker::new(LARGE);
        let other = large.run(|| std::thread::current().id()).await.unwrap();
        assert_ne!(
            other, thread,
            "a thread with a smaller stack is never adopted"
        );
    }

    /// Polls a future that is ready at once (a nested run answers in place).
    fn futures_lite_block_on<F: std::future::Future>(f: F) -> F::Output {
        let mut f = std::pin::pin!(f);
        let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
        match f.as_mut().poll(&mut cx) {
            std::task::Poll::Ready(v) => v,
            std::task::Poll::Pending => panic!("a nested run must answer in place"),
        }
    }
}
