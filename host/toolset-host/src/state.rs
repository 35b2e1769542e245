//! The state each instance's store carries: its WASI context (which grants
//! nothing but configured directories), its memory limiter, the tail of its
//! stderr (where a Rust plug-in's panic message lands), and — only while a
//! call runs — that call's context and deadline.
//!
//! The limiter and the epoch callback record *why* they stopped the guest
//! here, so a trap can be reported as `outOfMemory`, `deadline` or
//! `cancelled` rather than as an anonymous trap.

use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use bytes::Bytes;
use gs_toolset::CallContext;
use wasmtime::ResourceLimiter;
use wasmtime::component::ResourceTable;
use wasmtime_wasi::cli::{IsTerminal, StdoutStream};
use wasmtime_wasi::p2::{OutputStream, Pollable, StreamResult};
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};
use wasmtime_wasi_http::{WasiHttpCtx, WasiHttpCtxView, WasiHttpView};

use crate::lanes::{LaneSlot, Lanes};
use crate::net::NetRules;
use crate::policy::Policy;
use crate::watchdog::Watchdog;

/// Why the host stopped a guest, recorded before it raises the trap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The call's deadline passed.
    Deadline,
    /// The caller cancelled.
    Cancelled,
    /// The guest asked for more memory than its cap; the numbers are the
    /// size asked for and the cap.
    OutOfMemory { desired: usize, cap: usize },
    /// Growing would take the memory of all instances together past the
    /// host's ceiling; the numbers are the size asked for and the ceiling.
    MemoryCeiling { desired: usize, ceiling: usize },
    /// What the guest had the host hold for it (HTTP fields and requests,
    /// see [`crate::handles`]) would take it past its memory cap beside
    /// its linear memory; the numbers are the host-side bytes, the linear
    /// memory's and the cap.
    HostHeld {
        held: usize,
        linear: usize,
        cap: usize,
    },
    /// The guest tried to open a file past the most an instance may have
    /// open ([`crate::handles::MAX_OPEN_FILES`]).
    OpenFiles,
    /// The guest tried to open a file while all instances together held
    /// the host's ceiling of descriptors (the number).
    Descriptors { ceiling: usize },
    /// The host was dropped while the guest ran.
    HostClosed,
}

/// What all instances of a host hold together of one resource, against
/// the host's ceiling for it: the bytes of their memory (linear memory,
/// and what the host holds for each, [`crate::handles`]) against
/// `[engine] total_memory_bytes`, or the descriptors of their open files
/// and connections against [`crate::HostConfig::max_descriptors`].
#[derive(Debug, Default)]
pub(crate) struct Pool {
    /// Held by all live instances.
    pub used: AtomicUsize,
    /// What they may hold together.
    pub ceiling: usize,
}

impl Pool {
    /// A pool of `ceiling`, nothing held.
    pub fn new(ceiling: usize) -> Arc<Pool> {
        Arc::new(Pool {
            used: AtomicUsize::new(0),
            ceiling,
        })
    }

    /// Reserves `n` more, or answers false (reserving nothing) when that
    /// would pass the ceiling.
    pub fn reserve(&self, n: usize) -> bool {
        self.used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| {
                used.checked_add(n).filter(|&total| total <= self.ceiling)
            })
            .is_ok()
    }

    /// Gives `n` back.
    pub fn release(&self, n: usize) {
        self.used.fetch_sub(n, Ordering::AcqRel);
    }
}

/// The descriptors one instance's open files hold of the host's pool, as
/// last counted ([`crate::handles`]); given back when the instance ends.
pub(crate) struct FilesHeld {
    pub pool: Arc<Pool>,
    pub count: usize,
}

impl FilesHeld {
    /// Counts `count` files as open: false (and nothing changed) when the
    /// pool has no room for the ones more.
    pub fn hold(&mut self, count: usize) -> bool {
        if count > self.count {
            if !self.pool.reserve(count - self.count) {
                return false;
            }
        } else {
            self.pool.release(self.count - count);
        }
        self.count = count;
        true
    }
}

impl Drop for FilesHeld {
    fn drop(&mut self) {
        self.pool.release(self.count);
    }
}

/// What every store of one host shares: the memory pool, the watchdog of
/// Smalltalk runs, the lanes long calls take turns on, and whether the
/// host is gone.
#[derive(Clone)]
pub(crate) struct HostShared {
    pub memory: Arc<Pool>,
    pub descriptors: Arc<Pool>,
    pub disk_reserve: u64,
    pub watchdog: Arc<Watchdog>,
    pub lanes: Arc<Lanes>,
    pub closing: Arc<Closing>,
}

/// How a dropped host stops the guest code still running in its stores:
/// the epoch ticker goes on ticking while any store lives, and at every
/// tick a running guest is stopped, so none spins on with no tick to
/// interrupt it.
#[derive(Debug, Default)]
pub(crate) struct Closing {
    /// Set when the host is dropped.
    pub closed: AtomicBool,
    /// How many stores are alive.
    pub stores: AtomicUsize,
}

/// Counts one store as alive for as long as it lives.
pub(crate) struct StoreAlive(Arc<Closing>);

impl StoreAlive {
    pub fn new(closing: &Arc<Closing>) -> StoreAlive {
        closing.stores.fetch_add(1, Ordering::AcqRel);
        StoreAlive(closing.clone())
    }
}

impl Drop for StoreAlive {
    fn drop(&mut self) {
        self.0.stores.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The call in flight on an instance.
pub(crate) struct Call {
    /// What the caller passed.
    pub ctx: CallContext,
    /// Log lines and progress reports still allowed in this call.
    pub notifications_left: usize,
    /// The last progress value forwarded in this call.
    pub last_progress: Option<f64>,
    /// The failures with details that host functions answered in this
    /// call, newest last, so that a tool failing with one of them
    /// unchanged gives the client its details (see [`Call::passed_on`]).
    pub failures: Vec<gs_toolset::ToolError>,
    /// How many requests of each kind (elicitation, sampling, roots) the
    /// call sent without a key of its own, for their automatic keys.
    pub unkeyed_asks: [usize; 3],
}

/// How many failures with details a call remembers: a tool passes on the
/// failure it just got, not one from many host calls ago.
const REMEMBERED_FAILURES: usize = 8;

impl Call {
    /// A call of the call in flight for `ctx`, with its notification
    /// allowance.
    pub fn new(ctx: CallContext, notifications: usize) -> Call {
        Call {
            ctx,
            notifications_left: notifications,
            last_progress: None,
            failures: Vec::new(),
            unkeyed_asks: [0; 3],
        }
    }

    /// The key of the call's next request of `request` sent without one:
    /// `elicitation`, then `elicitation-2`, and so on.
    pub fn next_key(&mut self, request: gs_toolset::ClientRequest) -> String {
        let slot = match request {
            gs_toolset::ClientRequest::Elicitation => 0,
            gs_toolset::ClientRequest::Sampling => 1,
            gs_toolset::ClientRequest::Roots => 2,
        };
        self.unkeyed_asks[slot] += 1;
        gs_toolset::automatic_key(request, self.unkeyed_asks[slot])
    }

    /// Remembers a failure a host function answers, if it has details.
    pub fn remember(&mut self, failure: &gs_toolset::ToolError) {
        if failure.details.is_none() {
            return;
        }
        if self.failures.len() == REMEMBERED_FAILURES {
            self.failures.remove(0);
        }
        self.failures.push(failure.clone());
    }

    /// The tool's own error, with the details of the failure it passes on
    /// unchanged (same kind, same message) if a host function answered one
    /// in this call. Nothing is read out of the message itself.
    pub fn passed_on(&self, mut error: gs_toolset::ToolError) -> gs_toolset::ToolError {
        if let Some(f) = self
            .failures
            .iter()
            .rev()
            .find(|f| f.kind == error.kind && f.message == error.message)
        {
            error.details = f.details.clone();
        }
        error
    }
}

/// The most linear memories one instance may have. Every plug-in built
/// so far has one (a Rust component's core module, or componentize-py's
/// libraries sharing one); each more takes a slot of the pool's
/// `max_memory` from every other instance.
pub(crate) const MAX_MEMORIES: usize = 2;

/// The most core instances one instance may make: a Rust component makes
/// three or four (its module and wit-component's shims), a componentize-py
/// one fourteen (CPython and its libraries).
pub(crate) const MAX_CORE_INSTANCES: usize = 32;

/// The most tables one instance may have: plug-ins built so far define
/// two.
pub(crate) const MAX_TABLES: usize = 8;

/// Caps the memory of one instance — all its linear memories and what it
/// has the host hold for it ([`crate::handles`]) together — its tables,
/// and how many memories, tables and core instances it may have,
/// and counts that memory against the host's ceiling for all instances.
pub(crate) struct Limiter {
    /// The cap in bytes.
    pub memory_cap: usize,
    /// Set when a growth was refused.
    pub stop: Option<Stop>,
    /// The host's pool all instances' memory is counted in.
    pub pool: Arc<Pool>,
    /// What this instance holds of the pool.
    pub held: usize,
    /// The size of its linear memories together.
    pub linear: usize,
    /// What the host holds for it, as last measured.
    pub host: usize,
}

impl Limiter {
    /// A limiter for a fresh instance capped at `memory_cap` bytes.
    pub fn new(memory_cap: usize, pool: Arc<Pool>) -> Limiter {
        Limiter {
            memory_cap,
            stop: None,
            pool,
            held: 0,
            linear: 0,
            host: 0,
        }
    }

    /// Counts `bytes` as what the host now holds for the instance: an
    /// error (and the reason recorded) when that, beside its linear
    /// memory, passes its cap or the host's ceiling.
    pub fn hold_host(&mut self, bytes: usize) -> wasmtime::Result<()> {
        if bytes <= self.host {
            self.pool.release(self.host - bytes);
            self.held -= self.host - bytes;
            self.host = bytes;
            return Ok(());
        }
        if self.linear.saturating_add(bytes) > self.memory_cap {
            self.stop = Some(Stop::HostHeld {
                held: bytes,
                linear: self.linear,
                cap: self.memory_cap,
            });
            return Err(wasmtime::format_err!(
                "memory cap of {} bytes exceeded by what the host holds for the guest",
                self.memory_cap
            ));
        }
        let more = bytes - self.host;
        if !self.pool.reserve(more) {
            self.stop = Some(Stop::MemoryCeiling {
                desired: self.linear + bytes,
                ceiling: self.pool.ceiling,
            });
            return Err(wasmtime::format_err!(
                "the host's memory ceiling of {} bytes for all instances is reached",
                self.pool.ceiling
            ));
        }
        self.held += more;
        self.host = bytes;
        Ok(())
    }
}

impl Drop for Limiter {
    fn drop(&mut self) {
        // The store (and its memory) goes with the limiter.
        self.pool.release(self.held);
        if self.host >= crate::handles::TRIM_AFTER {
            crate::handles::give_back_freed();
        }
    }
}

impl ResourceLimiter for Limiter {
    /// `current` and `desired` are one memory's sizes (its creation grows
    /// it from 0): what all the instance's memories come to is counted
    /// by the difference, so that a component of several memories has
    /// one cap, not one per memory.
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        let more = desired.saturating_sub(current);
        let linear = self.linear.saturating_add(more);
        if linear.saturating_add(self.host) <= self.memory_cap {
            if self.pool.reserve(more) {
                self.held += more;
                self.linear = linear;
                return Ok(true);
            }
            self.stop = Some(Stop::MemoryCeiling {
                desired: linear,
                ceiling: self.pool.ceiling,
            });
            return Err(wasmtime::format_err!(
                "the host's memory ceiling of {} bytes for all instances is reached",
                self.pool.ceiling
            ));
        }
        // Trapping (rather than answering "no") makes the failure visible
        // as such: a Rust guest would otherwise abort with a generic trap.
        self.stop = Some(if linear <= self.memory_cap {
            Stop::HostHeld {
                held: self.host,
                linear,
                cap: self.memory_cap,
            }
        } else {
            Stop::OutOfMemory {
                desired: linear,
                cap: self.memory_cap,
            }
        });
        Err(wasmtime::format_err!(
            "memory cap of {} bytes exceeded",
            self.memory_cap
        ))
    }

    fn table_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        // Tables hold function references; a million entries is far beyond
        // any real plug-in and bounds host memory spent on them.
        Ok(desired <= 1_000_000)
    }

    fn memories(&self) -> usize {
        MAX_MEMORIES
    }

    fn instances(&self) -> usize {
        MAX_CORE_INSTANCES
    }

    fn tables(&self) -> usize {
        MAX_TABLES
    }
}

/// Everything a store holds for one instance.
pub(crate) struct HostState {
    pub wasi: WasiCtx,
    pub table: ResourceTable,
    /// Its granted directories, duplicates of those its toolset opened at
    /// load ([`crate::preopens`]).
    pub preopens: Vec<(wasmtime_wasi::filesystem::Dir, String)>,
    pub limiter: Limiter,
    /// Its open files' share of the host's descriptors.
    pub files: FilesHeld,
    /// The output streams it holds that write to files ([`crate::disk`]).
    pub file_streams: std::collections::HashSet<u32>,
    /// The files its streams hold open ([`crate::file_streams`]).
    pub stream_files: crate::file_streams::StreamFiles,
    /// What each request it sent holds while in flight, by the handle of
    /// its future response ([`crate::handles`]).
    pub in_flight: std::collections::HashMap<u32, usize>,
    /// The free disk its writes may not take ([`crate::disk`]).
    pub disk_reserve: u64,
    /// True for an instance serving a read-only session: every granted
    /// directory is mounted read-only, and WASI refuses its writes.
    pub read_only: bool,
    pub policy: Arc<Policy>,
    /// Stops Smalltalk the guest runs at the call's deadline.
    pub watchdog: Arc<Watchdog>,
    pub stderr: StderrTail,
    /// The call in flight, `None` between calls (and while `describe` runs).
    pub call: Option<Call>,
    /// When the running guest code must stop: the earlier of the toolset's
    /// deadline and the caller's. `None` between calls.
    pub deadline: Option<Instant>,
    /// How long the running guest code was given (for messages).
    pub budget: Duration,
    /// Set by the epoch callback when it stops the guest.
    pub stop: Option<Stop>,
    /// The lanes long calls take turns on, and the one this call holds
    /// (see [`crate::lanes`]).
    pub lanes: Arc<Lanes>,
    pub lane: LaneSlot,
    /// Set when the running call reaches an epoch tick: it was a long one.
    pub reached_tick: bool,
    /// Set when the call starts by taking its turn on a lane, before any
    /// tick (its session's previous call was long): the epoch callback's
    /// first run is that turn, not a tick.
    pub start_laned: bool,
    /// wasi:http's own state (its field-size limit).
    pub http: WasiHttpCtx,
    /// What an outgoing request is checked against (see [`crate::net`]).
    pub net: NetRules,
    /// The host's closing flag, and this store counted alive.
    pub closing: Arc<Closing>,
    pub _alive: StoreAlive,
}

impl HostState {
    /// Gives up the lane a long run held, once the guest has returned.
    pub fn end_run(&mut self) {
        self.lane
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
    }

    /// True if the host stopped the guest (deadline, cancellation, memory).
    pub fn stopped(&self) -> bool {
        self.stop.is_some() || self.limiter.stop.is_some()
    }
}

impl WasiHttpView for HostState {
    /// Every wasi:http host call passes here: the rules are brought up to
    /// the call in flight (none outside a call, so nothing goes out then),
    /// and the lane is given up, as before a sleep, since the guest is
    /// about to wait on the network.
    fn http(&mut self) -> WasiHttpCtxView<'_> {
        self.end_run();
        let call = self.call.as_ref().map(|c| &c.ctx);
        self.net.deadline = call.and(self.deadline);
        self.net.cancel = call.map(|c| c.cancel.clone());
        self.net.read_only = call.is_some_and(|c| c.read_only);
        WasiHttpCtxView {
            ctx: &mut self.http,
            table: &mut self.table,
            hooks: &mut self.net,
        }
    }
}

impl WasiView for HostState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

/// The last few KiB a guest wrote to stderr, and the start of its last
/// panic message (which a long message would push out of the tail). Older
/// bytes are dropped, and writes never fail, so a chatty plug-in is never
/// stopped for it.
#[derive(Clone, Default)]
pub(crate) struct StderrTail(Arc<Mutex<Tail>>);

#[derive(Default)]
struct Tail {
    last: Vec<u8>,
    /// From the last `panicked at ` on, at most [`STDERR_TAIL`] bytes.
    panic: Option<Vec<u8>>,
}

/// How much stderr is kept: enough for a panic message and its location.
const STDERR_TAIL: usize = 4096;

/// What Rust's panic hook writes before the location and message.
const PANIC_MARK: &[u8] = b"panicked at ";

impl StderrTail {
    /// Forgets what was written so far (at the start of each call).
    pub fn clear(&self) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Tail::default();
    }

    /// What was written since the last [`StderrTail::clear`], lossily
    /// decoded: the start of the last panic message if there was one, else
    /// the tail.
    pub fn text(&self) -> String {
        let t = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        String::from_utf8_lossy(t.panic.as_deref().unwrap_or(&t.last)).into_owned()
    }

    /// What the guest wrote before its last panic message (all of the
    /// tail when it wrote none), lossily decoded: what it printed on its
    /// way to the crash, such as the traceback componentize-py prints for
    /// a Python exception before it panics. A first line the tail cut
    /// short is left out, and so is a panic's `thread '…' ` prefix;
    /// control characters but newlines and tabs are replaced (`�`).
    pub fn before_panic(&self) -> String {
        let t = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let mut text = t.last.as_slice();
        if let Some(at) = text
            .windows(PANIC_MARK.len())
            .rposition(|w| w == PANIC_MARK)
        {
            let line = text[..at].iter().rposition(|&b| b == b'\n');
            text = &text[..line.unwrap_or(0)];
        }
        if t.last.len() >= STDERR_TAIL {
            let first = text.iter().position(|&b| b == b'\n');
            text = &text[first.map_or(text.len(), |n| n + 1)..];
        }
        let text = String::from_utf8_lossy(text);
        // It goes to the operator's log and terminal: no escape sequences,
        // no carriage returns that would overwrite a line shown before.
        text.trim_start_matches(['\n', '\r'])
            .trim_end()
            .chars()
            .map(|c| match c {
                '\n' | '\t' => c,
                c if c.is_control() => char::REPLACEMENT_CHARACTER,
                c => c,
            })
            .collect()
    }

    fn append(&self, bytes: &[u8]) {
        let mut t = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(at) = bytes
            .windows(PANIC_MARK.len())
            .rposition(|w| w == PANIC_MARK)
        {
            t.panic = Some(Vec::new());
            append_capped(t.panic.as_mut().expect("just set"), &bytes[at..]);
        } else if let Some(panic) = t.panic.as_mut() {
            append_capped(panic, bytes);
        }
        let bytes = &bytes[bytes.len().saturating_sub(STDERR_TAIL)..];
        let overflow = (t.last.len() + bytes.len()).saturating_sub(STDERR_TAIL);
        t.last.drain(..overflow);
        t.last.extend_from_slice(bytes);
    }
}

/// Appends what fits of `bytes` below [`STDERR_TAIL`].
fn append_capped(buf: &mut Vec<u8>, bytes: &[u8]) {
    let room = STDERR_TAIL.saturating_sub(buf.len());
    buf.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

impl IsTerminal for StderrTail {
    fn is_terminal(&self) -> bool {
        false
    }
}

impl StdoutStream for StderrTail {
    fn p2_stream(&self) -> Box<dyn OutputStream> {
        Box::new(self.clone())
    }

    fn async_stream(&self) -> Box<dyn tokio_io::AsyncWrite + Send + Sync> {
        Box::new(self.clone())
    }
}

#[wasmtime_wasi::async_trait]
impl Pollable for StderrTail {
    async fn ready(&mut self) {}
}

impl OutputStream for StderrTail {
    fn write(&mut self, bytes: Bytes) -> StreamResult<()> {
        self.append(&bytes);
        Ok(())
    }

    fn flush(&mut self) -> StreamResult<()> {
        Ok(())
    }

    fn check_write(&mut self) -> StreamResult<usize> {
        Ok(64 * 1024)
    }
}

use tokio::io as tokio_io;

impl tokio_io::AsyncWrite for StderrTail {
    fn poll_write(
        self: Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        self.append(buf);
        std::task::Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(
        self: Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn poll_shutdown(
        self: Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::task::Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasmtime::{Engine, Instance, Module, Store};

    /// A core module of `memories` linear memories of `pages` 64 KiB pages
    /// each, from their start: `\0asm`, version 1, and a memory section.
    fn module_of_memories(memories: u8, pages: u16) -> Vec<u8> {
        let pages = [(pages & 0x7f) as u8 | 0x80, (pages >> 7) as u8];
        let mut section = vec![memories];
        for _ in 0..memories {
            section.extend([0x00, pages[0], pages[1]]);
        }
        let mut module = b"\0asm\x01\0\0\0".to_vec();
        module.extend([0x05, section.len() as u8]);
        module.extend(section);
        module
    }

    /// Instantiates `module` in a store capped at 64 MiB: the stop the
    /// limiter recorded, and whether it was refused.
    fn instantiate(module: &[u8]) -> (Option<Stop>, wasmtime::Result<Instance>) {
        let engine = Engine::default();
        let module = Module::new(&engine, module).unwrap();
        let mut store = Store::new(&engine, Limiter::new(64 << 20, Pool::new(usize::MAX)));
        store.limiter(|l| l);
        let made = Instance::new(&mut store, &module, &[]);
        (store.data().stop, made)
    }

    #[test]
    fn the_memory_cap_holds_all_of_an_instance_s_memories_together() {
        // Two memories of 40 MiB: each under the cap, together over it.
        let (stop, made) = instantiate(&module_of_memories(2, 640));
        assert!(made.is_err());
        assert_eq!(
            stop,
            Some(Stop::OutOfMemory {
                desired: 80 << 20,
                cap: 64 << 20
            })
        );
        let (stop, made) = instantiate(&module_of_memories(2, 480));
        assert!(made.is_ok(), "60 MiB in all: {stop:?}");
    }

    #[test]
    fn what_a_guest_wrote_before_it_panicked_is_kept_without_the_panic() {
        let tail = StderrTail::default();
        tail.append(b"Traceback (most recent call last):\n  File \"app.py\", line 3\n");
        tail.append(
            b"ValueError: unbalanced\n\nthread '<unnamed>' panicked at lib.rs:1:2:\nboom\n",
        );
        assert_eq!(
            tail.before_panic(),
            "Traceback (most recent call last):\n  File \"app.py\", line 3\nValueError: unbalanced"
        );
        // A full tail's first line may be the end of a longer one: left out.
        let tail = StderrTail::default();
        tail.append(&[b'x'; STDERR_TAIL]);
        tail.append(b"\nlast words\n");
        assert_eq!(tail.before_panic(), "last words");
        let tail = StderrTail::default();
        tail.append(b"red \x1b[31malert\r\nok\n");
        assert_eq!(tail.before_panic(), "red \u{fffd}[31malert\u{fffd}\nok");
    }

    #[test]
    fn an_instance_has_at_most_its_share_of_memories() {
        let (_, made) = instantiate(&module_of_memories(MAX_MEMORIES as u8 + 1, 0));
        let e = made.unwrap_err();
        assert!(format!("{e:#}").contains("memory"), "{e:#}");
        let (_, made) = instantiate(&module_of_memories(MAX_MEMORIES as u8, 0));
        made.expect("as many memories as an instance may have");
    }
}
