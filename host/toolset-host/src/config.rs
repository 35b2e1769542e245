//! What the operator configures: the host's engine-wide settings, and for
//! each WebAssembly toolset its file, pinned digest, grants and limits.
//!
//! These are plain values; `toolsets.toml` parsing lives with the server
//! binary, which builds them. Every field has a documented default.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use gs_toolset::ErrorKind;

/// Engine-wide settings, shared by every WebAssembly toolset.
#[derive(Debug, Clone)]
pub struct HostConfig {
    /// Where compiled components are cached, keyed by the component file's
    /// SHA-256 and the engine's settings, so a restart does not recompile.
    /// The host creates it at start (the server's user's alone), and uses
    /// it only when it and its key belong to the server's user and no one
    /// else may write them ([`crate::ToolsetHost::cache_refused`] says why
    /// not). `None` disables the cache. Default: `None` (the server passes
    /// a directory under its state directory).
    pub cache_dir: Option<PathBuf>,
    /// Most instances alive at once, over all toolsets and sessions (the
    /// pooling allocator reserves this many slots up front). A session that
    /// needs an instance when the pool is full gets an `unavailable` error.
    /// Default: 1000.
    pub max_instances: u32,
    /// The largest memory cap any toolset may configure: the pool's slot
    /// size. Default: 1 GiB.
    pub max_memory: usize,
    /// How often the epoch ticker wakes to check deadlines and
    /// cancellation; a stopped call overshoots its deadline by at most about
    /// this much. Default: 10 ms.
    pub epoch_tick: Duration,
    /// The most linear memory all instances together may hold, in bytes.
    /// An instance that would grow past it is stopped (`outOfMemory`,
    /// naming the ceiling), and a session that cannot start one gets an
    /// error; `max_instances × max_memory` is only what the pool reserves
    /// as address space. Default: 4 GiB.
    pub total_memory: usize,
    /// The largest component file the host reads, in bytes; a larger file
    /// (or a device such as `/dev/zero`) is refused at load. Default:
    /// 64 MiB.
    pub max_component_bytes: u64,
    /// How many long guest calls (still running at their first epoch
    /// tick) run at once; the others wait their turn, one tick at a time,
    /// so that other work always finds a processor: the async threads,
    /// which serve every session's requests, and short calls. The default
    /// is [`default_long_call_lanes`]; `usize::MAX` lifts the limit.
    pub long_call_lanes: usize,
    /// True to give the client a crashed call's WebAssembly backtrace too,
    /// as `backtrace` in the error's `structuredContent.error` (a list of
    /// frames, innermost first, each the function's name). The operator's
    /// log ([`HostConfig::crash_log`]) always has it. Default: false — the
    /// guest's internals are the vendor's and the operator's business.
    pub client_backtraces: bool,
    /// Where every plug-in crash is reported (a trap, a panic, a stack
    /// overflow, a deadline or memory cap that stopped it): toolset, tool,
    /// session, what happened and the backtrace. Default: a few lines on
    /// stderr, the server's log.
    pub crash_log: CrashLog,
    /// Told before a component is compiled because the compiled-artefact
    /// cache did not hold it (no cache, a first start, a changed file):
    /// compiling a large component takes seconds (an 18 MB Python one
    /// about 10 s in a release build), in which the server would
    /// otherwise say nothing before it serves. Default: a line on stderr,
    /// the server's log.
    pub compile_log: CompileLog,
    /// The most open files and HTTP connections all plug-in instances
    /// together may have: each is a descriptor of the server process's
    /// own, and a server out of descriptors accepts no connection. Past
    /// it, opening a file stops the call (`outOfMemory`) and a request is
    /// answered `connection-limit-reached`. Default:
    /// [`default_max_descriptors`]; [`crate::ToolsetHost::new`] refuses
    /// more than the process may open.
    pub max_descriptors: usize,
    /// The free disk plug-ins' writes may not take: while a writable
    /// granted directory's file system has less free, a plug-in's writes
    /// to files, and its making of files, directories and links, are
    /// refused, so that no plug-in can fill the disk the image commits
    /// to; making entries is refused too while the file system has fewer
    /// than one in 32 of its inodes free. Default: 256 MiB; 0 turns both
    /// checks off.
    pub disk_reserve: u64,
}

/// One plug-in crash, as [`HostConfig::crash_log`] receives it.
#[derive(Debug, Clone, PartialEq)]
pub struct Crash {
    /// The toolset's name.
    pub toolset: String,
    /// The tool called.
    pub tool: String,
    /// The session's number: one per MCP session's use of the toolset,
    /// counted from 1 in the order sessions first called any WebAssembly
    /// toolset of this host.
    pub session: u64,
    /// What the client was told: the failure's kind…
    pub kind: ErrorKind,
    /// …and its message.
    pub message: String,
    /// The guest's WebAssembly frames when it stopped, innermost first,
    /// each its function's (demangled) name; empty when wasmtime recorded
    /// none.
    pub backtrace: Vec<String>,
    /// What the guest wrote to stderr during the call before it stopped,
    /// its panic message left out (that is in `message`): for a Python
    /// toolset, the traceback of the exception it did not catch. At most
    /// the last 4 KiB, secrets redacted; empty when it wrote nothing.
    pub stderr: String,
}

impl std::fmt::Display for Crash {
    /// `toolset `t`, tool `x`, session N: message`, then what the guest
    /// wrote to stderr, then one line per frame.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "toolset `{}`, tool `{}`, session {}: {} ({})",
            self.toolset, self.tool, self.session, self.message, self.kind
        )?;
        if !self.stderr.is_empty() {
            f.write_str("\n  stderr:")?;
            for line in self.stderr.lines() {
                write!(f, "\n    {line}")?;
            }
        }
        if !self.backtrace.is_empty() {
            f.write_str("\n  WebAssembly backtrace:")?;
            for (i, frame) in self.backtrace.iter().enumerate() {
                write!(f, "\n    {i:>2}: {frame}")?;
            }
        }
        Ok(())
    }
}

/// Where crashes are reported: a function of the [`Crash`].
#[derive(Clone)]
pub struct CrashLog(Arc<dyn Fn(&Crash) + Send + Sync>);

impl CrashLog {
    /// Reports each crash to `sink`.
    pub fn new(sink: impl Fn(&Crash) + Send + Sync + 'static) -> CrashLog {
        CrashLog(Arc::new(sink))
    }

    /// Reports `crash`.
    pub fn report(&self, crash: &Crash) {
        (self.0)(crash);
    }
}

impl Default for CrashLog {
    /// `gs-mcp: plug-in crash: …` on stderr.
    fn default() -> Self {
        CrashLog::new(|crash| eprintln!("gs-mcp: plug-in crash: {crash}"))
    }
}

impl std::fmt::Debug for CrashLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CrashLog(..)")
    }
}

/// Where compilations are reported: a function of the component's path
/// and its size in bytes.
#[derive(Clone)]
pub struct CompileLog(Arc<CompileSink>);

/// What a [`CompileLog`] calls.
type CompileSink = dyn Fn(&Path, u64) + Send + Sync;

impl CompileLog {
    /// Reports each compilation to `sink`.
    pub fn new(sink: impl Fn(&Path, u64) + Send + Sync + 'static) -> CompileLog {
        CompileLog(Arc::new(sink))
    }

    /// Reports that the component at `path`, of `bytes` bytes, is about to
    /// be compiled.
    pub fn report(&self, path: &Path, bytes: u64) {
        (self.0)(path, bytes);
    }
}

impl Default for CompileLog {
    /// `gs-mcp: compiling toolset component …` on stderr.
    fn default() -> Self {
        CompileLog::new(|path, bytes| {
            eprintln!(
                "gs-mcp: compiling toolset component {} ({} KiB), which the compiled-artefact \
                 cache does not hold yet",
                path.display(),
                bytes.div_ceil(1024)
            )
        })
    }
}

impl std::fmt::Debug for CompileLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CompileLog(..)")
    }
}

/// The lanes to give long calls when limiting them: one fewer than the
/// machine's processors, at least one.
pub fn default_long_call_lanes() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .max(1)
}

impl Default for HostConfig {
    fn default() -> Self {
        HostConfig {
            cache_dir: None,
            max_instances: 1000,
            max_memory: 1 << 30,
            epoch_tick: Duration::from_millis(10),
            total_memory: 4 << 30,
            max_component_bytes: 64 << 20,
            long_call_lanes: default_long_call_lanes(),
            client_backtraces: false,
            crash_log: CrashLog::default(),
            compile_log: CompileLog::default(),
            max_descriptors: default_max_descriptors(),
            disk_reserve: 256 << 20,
        }
    }
}

/// Half the descriptors the process may open (its soft `RLIMIT_NOFILE`),
/// the rest left to the server's own connections and files; 512 where
/// the limit cannot be read.
pub fn default_max_descriptors() -> usize {
    descriptor_limit().map_or(512, |limit| (limit / 2).max(16))
}

/// The descriptors the process may open (its soft `RLIMIT_NOFILE`), if
/// it can tell.
pub(crate) fn descriptor_limit() -> Option<usize> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes the one struct it is given.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
            return Some(usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX));
        }
    }
    None
}

/// A directory the operator lets a toolset see through WASI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirGrant {
    /// The directory on the host.
    pub host_path: PathBuf,
    /// The path the plug-in sees it under, e.g. `/data`.
    pub guest_path: String,
    /// True to let the plug-in create, change and delete files in it.
    pub writable: bool,
}

/// An origin a toolset may send HTTP requests to (wasi:http). A request
/// goes out only to a granted scheme, host and port; a host granted by
/// name must resolve to public addresses only, while a host granted as an
/// IP address may be loopback or private (the operator named it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetGrant {
    /// True for `https`, false for `http`.
    pub https: bool,
    /// The host name, or an IP address (an IPv6 one without brackets).
    pub host: String,
    /// The port.
    pub port: u16,
}

impl std::fmt::Display for NetGrant {
    /// `https://host:port`, as `grant-names` lists it after `net:`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let scheme = if self.https { "https" } else { "http" };
        if self.host.contains(':') {
            write!(f, "{scheme}://[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{scheme}://{}:{}", self.host, self.port)
        }
    }
}

/// What a toolset may reach. Everything is denied unless granted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Grants {
    /// `image:read`: the `image` interface (look-ups and queries).
    pub image_read: bool,
    /// `image:execute`: the `execution` interface (running Smalltalk).
    pub image_execute: bool,
    /// `image:write`: the `code` interface (changing code).
    pub image_write: bool,
    /// Preopened directories (WASI filesystem); nothing else of the host's
    /// filesystem is visible.
    pub dirs: Vec<DirGrant>,
    /// Origins it may send HTTP requests to; none by default, and no
    /// other network access exists (no sockets, no name lookups).
    pub net: Vec<NetGrant>,
}

impl Grants {
    /// The grant names `toolsets.toml` accepts, besides directories.
    pub const NAMES: [&'static str; 3] = ["image:read", "image:execute", "image:write"];

    /// Grants from their names (`image:read`, `image:execute`,
    /// `image:write`). An unknown name is an error naming it and listing
    /// the valid ones.
    pub fn from_names<S: AsRef<str>>(names: &[S]) -> Result<Grants, String> {
        let mut grants = Grants::default();
        for name in names {
            match name.as_ref() {
                "image:read" => grants.image_read = true,
                "image:execute" => grants.image_execute = true,
                "image:write" => grants.image_write = true,
                other => {
                    return Err(format!(
                        "unknown grant `{other}`; valid grants are {}",
                        Grants::NAMES.map(|n| format!("`{n}`")).join(", ")
                    ));
                }
            }
        }
        Ok(grants)
    }

    /// True if the grant a tool may need (`image:read`, `image:execute`,
    /// `image:write`, or `net`: at least one origin) is given.
    pub fn gives(&self, grant: &str) -> bool {
        match grant {
            "image:read" => self.image_read,
            "image:execute" => self.image_execute,
            "image:write" => self.image_write,
            "net" => !self.net.is_empty(),
            _ => false,
        }
    }

    /// The names of the image grants given, as `toolsets.toml` spells them.
    pub fn names(&self) -> Vec<String> {
        let mut names = Vec::new();
        for (given, name) in [
            (self.image_read, "image:read"),
            (self.image_execute, "image:execute"),
            (self.image_write, "image:write"),
        ] {
            if given {
                names.push(name.to_string());
            }
        }
        names
    }
}

/// Per-call limits of one toolset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Linear memory cap per instance, in bytes. Default: 64 MiB. Growing
    /// past it stops the call with `outOfMemory`. Must not exceed
    /// [`HostConfig::max_memory`].
    pub memory: usize,
    /// Wall-clock deadline per call. Default: 30 s. Running past it stops
    /// the call with `deadline`.
    pub deadline: Duration,
    /// Cap on one call's result (content plus structured content), and on
    /// any single string a host function hands back, in bytes. Default:
    /// 4 MiB. A larger result fails with `outputTooLarge`.
    pub output: usize,
    /// Cap on the methods one image query answers. Default: 1000; a capped
    /// answer is marked `truncated`.
    pub max_results: usize,
    /// Cap on log lines plus progress reports per call. Default: 1000;
    /// further ones are dropped.
    pub max_notifications: usize,
    /// Cap on the body of one HTTP response, in bytes. Default: 8 MiB. The
    /// guest reading past it gets the `HTTP-response-body-size` error.
    pub net_response: usize,
    /// The most its writable granted directories may hold together, in
    /// bytes, whoever wrote it: each file its size in whole 4 KiB blocks
    /// (at least one), every other entry a block. Default: 1 GiB. A write, size change or new entry past it is
    /// refused with the `quota` error code. Shared by all the toolset's
    /// instances; nothing is counted for a toolset with no writable grant.
    pub disk: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            memory: 64 << 20,
            deadline: Duration::from_secs(30),
            output: 4 << 20,
            max_results: 1000,
            max_notifications: 1000,
            net_response: 8 << 20,
            disk: 1 << 30,
        }
    }
}

/// One WebAssembly toolset to load.
#[derive(Debug, Clone)]
pub struct WasmToolsetSpec {
    /// The component file (`.wasm`).
    pub path: PathBuf,
    /// The file's expected SHA-256, as 64 hex digits. When set and the file
    /// differs, the toolset is refused with both digests in the message.
    pub sha256: Option<String>,
    /// What it may reach.
    pub grants: Grants,
    /// Its per-call limits.
    pub limits: Limits,
    /// The tools to expose, by name; `None` exposes all. Naming a tool the
    /// toolset does not have is a load error.
    pub expose: Option<Vec<String>>,
    /// The operator's values of the toolset's settings, by key. Checked at
    /// load against what the toolset declares; a key it does not declare,
    /// a value of the wrong type, a required setting missing or a secret
    /// written inline is a load error.
    pub config: Vec<(String, crate::SettingInput)>,
}

impl WasmToolsetSpec {
    /// A spec for `path` with no pin, no grants, default limits, every
    /// tool exposed.
    pub fn new(path: impl Into<PathBuf>) -> Self {
        WasmToolsetSpec {
            path: path.into(),
            sha256: None,
            grants: Grants::default(),
            limits: Limits::default(),
            expose: None,
            config: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grant_names_parse_and_unknown_ones_are_named() {
        let g = Grants::from_names(&["image:read", "image:write"]).unwrap();
        assert!(g.image_read && g.image_write && !g.image_execute);
        assert_eq!(g.names(), ["image:read", "image:write"]);
        assert_eq!(
            Grants::from_names(&["image:all"]).unwrap_err(),
            "unknown grant `image:all`; valid grants are `image:read`, `image:execute`, `image:write`"
        );
    }
}
