//! The toolset host: one wasmtime engine for every WebAssembly toolset, its
//! linker (WASI granting nothing, plus the policed image host functions),
//! the epoch ticker that enforces deadlines, and loading a toolset from
//! its file — digest pin, compiled-artefact cache, WIT version check,
//! pre-instantiation and `describe`.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use gs_toolset::{ToolDescriptor, ToolsetInfo, validate_tool_name};
use wasmtime::component::{Component, HasSelf, Linker};
use wasmtime::{
    Config, Engine, InstanceAllocationStrategy, PoolingAllocationConfig, Store, UpdateDeadline,
};
use wasmtime_wasi::WasiCtxBuilder;
use wasmtime_wasi_http::WasiHttpCtx;

use crate::bindings::Toolset as Bindings;
use crate::cache::Cache;
use crate::config::{HostConfig, WasmToolsetSpec};
use crate::lanes::Lanes;
use crate::net::NetRules;
use crate::offers::{
    Declarations, Pre, check_declarations, check_offer_grants, check_task_support,
    check_tool_grants, declarations, leave_out_ungranted,
};
use crate::policy::Policy;
use crate::preopens::{Admitted, Preopens};
use crate::quota::DiskQuota;
use crate::settings::{Settings, check_declaration};
use crate::state::{
    Closing, FilesHeld, HostShared, HostState, Limiter, MAX_CORE_INSTANCES, MAX_MEMORIES,
    MAX_TABLES, Pool, StderrTail, Stop, StoreAlive,
};
use crate::wasm::{Inner, WasmToolset, classify_failure};
use crate::watchdog::Watchdog;
use crate::{cache, clocks, disk, handles, listings, preopens, schema, version, waits};

/// What went wrong loading a toolset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoadErrorKind {
    /// The file could not be read.
    Read,
    /// The file's SHA-256 differs from the pinned one.
    DigestMismatch,
    /// The spec is inconsistent (limits above the host's, a missing
    /// granted directory, an exposed tool that does not exist).
    Config,
    /// The file is not a valid component for this engine.
    Compile,
    /// The component was built against an incompatible WIT package version
    /// (or is not a toolset at all).
    Version,
    /// The component imports something the host does not provide.
    Link,
    /// `describe` failed or answered an invalid description.
    Describe,
}

/// A toolset that could not be loaded: which file, what kind of failure,
/// and a message saying what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The component file.
    pub path: PathBuf,
    /// The class of failure.
    pub kind: LoadErrorKind,
    /// What went wrong and how to fix it.
    pub message: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)?;
        if self.kind == LoadErrorKind::Describe {
            // What the component declares is its vendor's to fix.
            f.write_str(
                " (the component is at fault, not the configuration: report it to its vendor, \
                 or remove it from toolsets.toml)",
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}

fn load_error(path: &Path, kind: LoadErrorKind, message: impl Into<String>) -> LoadError {
    LoadError {
        path: path.to_owned(),
        kind,
        message: message.into(),
    }
}

/// The engine could not be created (an invalid [`HostConfig`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostError(pub String);

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HostError {}

/// Increments the engine's epoch every tick while the host lives, and
/// after it is dropped while any of its stores does (see [`Closing`]).
struct Ticker {
    closing: Arc<Closing>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.closing.closed.store(true, Ordering::Release);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            // With stores still alive the thread ticks on until they are
            // gone, stopping their guests; it is not waited for.
            if self.closing.stores.load(Ordering::Acquire) == 0 {
                let _ = thread.join();
            }
        }
    }
}

/// The host of every WebAssembly toolset: one engine, one instance pool,
/// one epoch ticker thread.
pub struct ToolsetHost {
    engine: Engine,
    linker: Arc<Linker<HostState>>,
    config: HostConfig,
    compilations: AtomicU64,
    /// Serialises compilation of the same file by concurrent loads.
    compile_lock: Mutex<()>,
    /// The compiled-artefact cache, or why the one configured is not
    /// used (`Ok(None)`: none is configured).
    cache: Result<Option<Cache>, String>,
    /// The granted directories of the toolsets loaded, which a new
    /// toolset's grants must not nest inside when writable (and the
    /// reverse).
    admitted: Admitted,
    /// The memory pool (against `total_memory`), the deadlines of the
    /// Smalltalk plug-ins run and the lanes of long calls, which the ticker
    /// checks every tick.
    shared: HostShared,
    _ticker: Ticker,
}

impl std::fmt::Debug for ToolsetHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolsetHost")
            .field("config", &self.config)
            .field("compilations", &self.compilations())
            .finish_non_exhaustive()
    }
}

impl ToolsetHost {
    /// Creates the engine (component model, Cranelift, pooling allocator,
    /// epoch interruption), its linker and its epoch ticker thread.
    pub fn new(config: HostConfig) -> Result<ToolsetHost, HostError> {
        if config.max_instances == 0 {
            return Err(HostError(
                "max_instances is 0, so no toolset could ever run; set it to at least 1".into(),
            ));
        }
        if let Some(limit) = crate::config::descriptor_limit()
            && config.max_descriptors > limit
        {
            return Err(HostError(format!(
                "plug-ins may hold {} descriptors open, more than the server itself may open \
                 ({limit}, its RLIMIT_NOFILE), so the server could run out before they do; lower \
                 `[engine] max_descriptors`, or raise the limit (`ulimit -n`)",
                config.max_descriptors
            )));
        }
        let n = config.max_instances;
        let mut pool = PoolingAllocationConfig::new();
        // A Rust component has one core module plus the shims wit-component
        // adds around it: a few core instances and tables, one memory. One
        // component may take no more than its share (`state::MAX_*`, also
        // the limiter's): each memory more is a slot of `max_memory` taken
        // from the other instances.
        pool.total_component_instances(n)
            .total_core_instances(n.saturating_mul(8))
            .total_memories(n.saturating_mul(2))
            .total_tables(n.saturating_mul(8))
            .max_memories_per_component(MAX_MEMORIES as u32)
            .max_core_instances_per_component(MAX_CORE_INSTANCES as u32)
            .max_tables_per_component(MAX_TABLES as u32)
            // A call runs on a stack of its own (calls are futures), and an
            // instance runs one call at a time.
            .total_stacks(n)
            .max_memory_size(config.max_memory)
            // A slot's memory and tables go back to their start-up contents
            // by rewriting only the pages the instance dirtied (found with
            // the PAGEMAP_SCAN ioctl where the kernel has it), up to
            // KEEP_RESIDENT bytes each, instead of being unmapped: no page
            // faults when the slot is reused and no TLB shootdown on every
            // processor when it is freed. A stateless request creates and
            // drops an instance per call, so this shortens every such call
            // (`cargo bench -p gs-router`, the stateless row). What stays
            // resident is what the instances had dirtied while they lived,
            // at most KEEP_RESIDENT per slot.
            .linear_memory_keep_resident(KEEP_RESIDENT)
            .table_keep_resident(KEEP_RESIDENT)
            .pagemap_scan(wasmtime::Enabled::Auto);
        let mut c = Config::new();
        c.wasm_component_model(true)
            .epoch_interruption(true)
            // Crash reports name the guest's functions (from the
            // component's name section); DWARF file and line are not read.
            .wasm_backtrace_max_frames(std::num::NonZeroUsize::new(MAX_BACKTRACE_FRAMES))
            .wasm_backtrace_details(wasmtime::WasmBacktraceDetails::Disable)
            .allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
        let engine = Engine::new(&c)
            .map_err(|e| HostError(format!("cannot create the WebAssembly engine: {e:#}")))?;

        let mut linker = Linker::<HostState>::new(&engine);
        wasmtime_wasi::p2::add_to_linker_async(&mut linker)
            .and_then(|()| clocks::add_to_linker(&mut linker))
            .and_then(|()| waits::add_to_linker(&mut linker))
            .and_then(|()| wasmtime_wasi_http::p2::add_only_http_to_linker_async(&mut linker))
            .and_then(|()| handles::add_to_linker(&mut linker))
            .and_then(|()| disk::add_to_linker(&mut linker))
            .and_then(|()| listings::add_to_linker(&mut linker))
            .and_then(|()| preopens::add_to_linker(&mut linker))
            .map_err(|e| HostError(format!("cannot link WASI: {e:#}")))?;
        Bindings::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |s| s)
            .map_err(|e| HostError(format!("cannot link the image host functions: {e:#}")))?;

        let cache = config.cache_dir.as_deref().map(Cache::open).transpose();
        if let Err(why) = &cache {
            eprintln!("gs-mcp: {why}");
        }
        let memory = Pool::new(config.total_memory);
        let descriptors = Pool::new(config.max_descriptors);
        let disk_reserve = config.disk_reserve;
        let closing = Arc::new(Closing::default());
        let ticker_closing = closing.clone();
        let thread_closing = closing.clone();
        let watchdog = Arc::new(Watchdog::default());
        let ticker_watchdog = watchdog.clone();
        let lanes = Lanes::new(config.long_call_lanes);
        let ticker_lanes = lanes.clone();
        let ticker_engine = engine.clone();
        let tick = config.epoch_tick;
        let thread = std::thread::Builder::new()
            .name("gs-toolset-epoch".into())
            .spawn(move || {
                let done = || {
                    thread_closing.closed.load(Ordering::Acquire)
                        && thread_closing.stores.load(Ordering::Acquire) == 0
                };
                while !done() {
                    std::thread::park_timeout(tick);
                    ticker_engine.increment_epoch();
                    ticker_watchdog.check();
                    ticker_lanes.wake_expired();
                }
            })
            .map_err(|e| HostError(format!("cannot start the epoch ticker thread: {e}")))?;
        Ok(ToolsetHost {
            engine,
            linker: Arc::new(linker),
            config,
            compilations: AtomicU64::new(0),
            compile_lock: Mutex::new(()),
            admitted: Admitted::default(),
            cache,
            shared: HostShared {
                memory,
                descriptors,
                disk_reserve,
                watchdog,
                lanes,
                closing,
            },
            _ticker: Ticker {
                closing: ticker_closing,
                thread: Some(thread),
            },
        })
    }

    /// Why the compiled-artefact cache configured ([`HostConfig::cache_dir`])
    /// is not used, if it is not: it could not be made, or someone other
    /// than the server's user owns or may write it or its key. The host
    /// says so on stderr at start too, and compiles every toolset at load.
    pub fn cache_refused(&self) -> Option<&str> {
        self.cache.as_ref().err().map(String::as_str)
    }

    /// Bytes of linear memory all live instances hold together.
    pub fn memory_in_use(&self) -> usize {
        self.shared.memory.used.load(Ordering::Acquire)
    }

    /// How many components this host has compiled (rather than loaded from
    /// the cache) since it was created.
    pub fn compilations(&self) -> u64 {
        self.compilations.load(Ordering::Relaxed)
    }

    /// Loads one toolset: checks the pinned digest, compiles (or loads the
    /// cached artefact), checks the WIT package version, pre-instantiates,
    /// and asks the component to describe itself.
    pub fn load(&self, spec: &WasmToolsetSpec) -> Result<WasmToolset, LoadError> {
        let path = spec.path.as_path();
        let bytes = self.read_component(path)?;
        let digest = cache::sha256_hex(&bytes);
        if let Some(pinned) = &spec.sha256 {
            let pinned = pinned.trim().to_ascii_lowercase();
            if pinned != digest {
                return Err(load_error(
                    path,
                    LoadErrorKind::DigestMismatch,
                    format!(
                        "sha256 mismatch: toolsets.toml pins {pinned} but the file has {digest}; \
                         if this file is the one you mean to run, pin its new digest"
                    ),
                ));
            }
        }
        let preopens = self.check_spec(spec)?;

        let (component, from_cache) = self.compile(path, &bytes, &digest)?;
        let ty = component.component_type();
        version::check(
            ty.imports(&self.engine).map(|(name, _)| name),
            ty.exports(&self.engine).map(|(name, _)| name),
        )
        .map_err(|m| load_error(path, LoadErrorKind::Version, m))?;
        let pre = self.linker.instantiate_pre(&component).map_err(|e| {
            load_error(
                path,
                LoadErrorKind::Link,
                format!(
                    "the component imports something this host does not provide: {e:#}; \
                     toolsets may import only {} and WASI 0.2",
                    version::PACKAGE
                ),
            )
        })?;
        let pre = Pre::new(pre).map_err(|m| load_error(path, LoadErrorKind::Link, m))?;

        let file_name = path
            .file_stem()
            .map_or_else(|| "toolset".into(), |s| s.to_string_lossy().into_owned());
        // The directories as opened: the quota and the disk reserve look at
        // the paths that name them.
        let mut grants = spec.grants.clone();
        for (grant, opened) in grants.dirs.iter_mut().zip(&preopens.dirs) {
            grant.host_path = opened.path.clone();
        }
        let disk = Arc::new(DiskQuota::new(
            &path.display().to_string(),
            spec.limits.disk,
            &grants,
        ));
        let describe_policy = Arc::new(Policy {
            toolset: file_name,
            grants: grants.clone(),
            preopens: preopens.clone(),
            limits: spec.limits,
            settings: Settings::default(),
            disk: disk.clone(),
        });
        let (info, offers) = self.describe(spec, &pre, describe_policy)?;
        let settings = Settings::resolve(&info.name, &offers.settings, &spec.config)
            .map_err(|m| load_error(path, LoadErrorKind::Config, m))?;
        let policy = Arc::new(Policy {
            toolset: info.name.clone(),
            grants,
            preopens,
            limits: spec.limits,
            settings,
            disk,
        });
        Ok(WasmToolset::new(Inner {
            info,
            offers,
            pre,
            engine: self.engine.clone(),
            policy,
            shared: self.shared.clone(),
            sha256: digest,
            from_cache,
            path: path.to_owned(),
            client_backtraces: self.config.client_backtraces,
            crash_log: self.config.crash_log.clone(),
        }))
    }

    /// The component file's bytes, refusing one larger than
    /// `max_component_bytes` before reading it all (a device such as
    /// `/dev/zero` reports no length, so the read itself is bounded too).
    fn read_component(&self, path: &Path) -> Result<Vec<u8>, LoadError> {
        use std::io::Read;
        let fail = |m: String| load_error(path, LoadErrorKind::Read, m);
        let not_a_file =
            || fail("the path is not a regular file; point `path` at a `.wasm` component".into());
        // Opening a FIFO waits for a writer, so the load would hang:
        // whatever is not a regular file is refused before it is opened.
        if !std::fs::metadata(path)
            .map_err(|e| fail(format!("cannot read the component: {e}")))?
            .is_file()
        {
            return Err(not_a_file());
        }
        let file = std::fs::File::open(path)
            .map_err(|e| fail(format!("cannot read the component: {e}")))?;
        let max = self.config.max_component_bytes;
        let too_large = |size: String| {
            fail(format!(
                "the component is {size}, over the host's limit of {max} bytes; \
                 check `path` names a component, or raise `[engine] max_component_bytes`"
            ))
        };
        let meta = file
            .metadata()
            .map_err(|e| fail(format!("cannot read the component: {e}")))?;
        if !meta.is_file() {
            return Err(not_a_file());
        }
        if meta.len() > max {
            return Err(too_large(format!("{} bytes", meta.len())));
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        file.take(max + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| fail(format!("cannot read the component: {e}")))?;
        if bytes.len() as u64 > max {
            return Err(too_large("larger than its length said".into()));
        }
        Ok(bytes)
    }

    /// Checks the spec against the host's limits, and opens its granted
    /// directories: each must exist, pass through no symbolic link, stay
    /// clear of the cache, and neither lie inside nor hold a grant
    /// (of any toolset of the host) that lies inside a writable one.
    fn check_spec(&self, spec: &WasmToolsetSpec) -> Result<Arc<Preopens>, LoadError> {
        let path = spec.path.as_path();
        if spec.limits.memory > self.config.max_memory {
            return Err(load_error(
                path,
                LoadErrorKind::Config,
                format!(
                    "limits.memory is {} bytes, above the host's max_memory of {} bytes; \
                     lower the toolset's limit or raise the host's",
                    spec.limits.memory, self.config.max_memory
                ),
            ));
        }
        let config = |m: String| load_error(path, LoadErrorKind::Config, m);
        let preopens = Preopens::open(path, &spec.grants.dirs).map_err(config)?;
        for d in &preopens.dirs {
            if let Some(cache) = &self.cache_path()
                && overlaps(&d.path, cache)
            {
                return Err(load_error(
                    path,
                    LoadErrorKind::Config,
                    format!(
                        "granted directory {} overlaps the compiled-artefact cache {}, which \
                         holds native code the server runs; grant a directory outside the cache \
                         (or move `[engine] cache_dir`)",
                        d.path.display(),
                        cache.display()
                    ),
                ));
            }
        }
        self.admitted.admit(preopens).map_err(config)
    }

    /// Where the compiled-artefact cache is, its links resolved; where it
    /// was configured, when it is not used (a grant there is refused all
    /// the same).
    fn cache_path(&self) -> Option<PathBuf> {
        match &self.cache {
            Ok(Some(cache)) => Some(cache.path().to_owned()),
            _ => self.config.cache_dir.clone(),
        }
    }

    fn compile(
        &self,
        path: &Path,
        bytes: &[u8],
        digest: &str,
    ) -> Result<(Component, bool), LoadError> {
        let _guard = self
            .compile_lock
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Ok(Some(cache)) = &self.cache
            && let Some(component) = cache.load(&self.engine, digest)
        {
            return Ok((component, true));
        }
        self.config.compile_log.report(path, bytes.len() as u64);
        let component = Component::from_binary(&self.engine, bytes)
            .map_err(|e| load_error(path, LoadErrorKind::Compile, not_a_component(bytes, &e)))?;
        self.compilations.fetch_add(1, Ordering::Relaxed);
        if let Ok(Some(cache)) = &self.cache {
            // The cache only saves time: a failure to write it must not
            // refuse a good toolset.
            let _ = cache.store(&self.engine, digest, &component);
        }
        Ok((component, false))
    }

    fn describe(
        &self,
        spec: &WasmToolsetSpec,
        pre: &Pre,
        policy: Arc<Policy>,
    ) -> Result<(ToolsetInfo, Declarations), LoadError> {
        let path = spec.path.as_path();
        let fail = |m: String| load_error(path, LoadErrorKind::Describe, m);
        // The descriptor runs under the grants as configured: a read-only
        // server has already made them read-only.
        let mut store =
            new_store(&self.engine, policy, self.shared.clone(), false).map_err(fail)?;
        store.data_mut().deadline = Some(Instant::now() + spec.limits.deadline);
        store.data_mut().budget = spec.limits.deadline;
        let answer = run_to_end(async {
            let exports = pre.instantiate_async(&mut store).await?;
            let description = exports.tools.call_describe(&mut store).await?;
            // The 0.1.2 declarations, read once, on the same instance.
            let offers = declarations(&exports, &mut store).await?;
            Ok::<_, wasmtime::Error>((description, offers))
        });
        let (d, offers) = answer.map_err(|e| {
            let e = classify_failure(e, store.data(), "tool `describe` of the component", "");
            fail(format!("describe failed ({}): {}", e.kind, e.message))
        })?;
        check_declarations(&offers).map_err(&fail)?;
        check_offer_grants(&offers.offer_grants, &offers).map_err(&fail)?;
        check_declaration(&offers.settings).map_err(&fail)?;
        if d.name.is_empty()
            || d.name.len() > 64
            || d.version.len() > 64
            || !d
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(fail(format!(
                "the toolset's name `{}` must be 1 to 64 ASCII letters, digits, `_` or `-`, and \
                 its version at most 64 bytes",
                crate::wasm::cut(&d.name, 64)
            )));
        }
        if d.tools.len() > MAX_TOOLS {
            return Err(fail(format!(
                "the toolset describes {} tools, more than the {MAX_TOOLS} a toolset may offer; \
                 split it into several toolsets",
                d.tools.len()
            )));
        }
        let mut names = std::collections::HashSet::with_capacity(d.tools.len());
        let mut tools: Vec<ToolDescriptor> = Vec::with_capacity(d.tools.len());
        for t in d.tools {
            validate_tool_name(&t.name).map_err(&fail)?;
            if !names.insert(t.name.clone()) {
                return Err(fail(format!(
                    "the toolset describes tool `{}` twice; tool names must be unique",
                    t.name
                )));
            }
            check_size(
                &t.name,
                "title",
                t.title.as_deref().unwrap_or(""),
                MAX_TITLE,
            )
            .and_then(|()| check_size(&t.name, "description", &t.description, MAX_DESCRIPTION))
            .and_then(|()| check_size(&t.name, "input schema", &t.input_schema, MAX_SCHEMA))
            .and_then(|()| {
                let output = t.output_schema.as_deref().unwrap_or("");
                check_size(&t.name, "output schema", output, MAX_SCHEMA)
            })
            .map_err(&fail)?;
            let input_schema = parse_schema(&t.name, "input", &t.input_schema).map_err(&fail)?;
            let output_schema = match &t.output_schema {
                Some(s) => Some(parse_schema(&t.name, "output", s).map_err(&fail)?),
                None => None,
            };
            tools.push(ToolDescriptor {
                name: t.name,
                title: t.title,
                description: t.description,
                input_schema,
                output_schema,
                read_only_safe: t.read_only_safe,
                grants: Vec::new(),
                task_support: gs_toolset::TaskSupport::Forbidden,
            });
        }
        check_tool_grants(&offers.tool_grants, &tools).map_err(&fail)?;
        for (tool, grants) in &offers.tool_grants {
            if let Some(t) = tools.iter_mut().find(|t| &t.name == tool) {
                t.grants = grants.clone();
            }
        }
        check_task_support(&offers.task_support, &tools).map_err(&fail)?;
        for (tool, support) in &offers.task_support {
            if let Some(t) = tools.iter_mut().find(|t| &t.name == tool) {
                t.task_support = *support;
            }
        }
        if let Some(expose) = &spec.expose {
            if let Some(missing) = expose.iter().find(|n| !tools.iter().any(|t| &&t.name == n)) {
                return Err(load_error(
                    path,
                    LoadErrorKind::Config,
                    format!(
                        "the `tools` key names tool `{missing}`, which toolset `{}` does not have; \
                         its tools are {}",
                        d.name,
                        tools
                            .iter()
                            .map(|t| format!("`{}`", t.name))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
            tools.retain(|t| expose.contains(&t.name));
        }
        let mut offers = offers;
        leave_out_ungranted(&mut offers, |g| spec.grants.gives(g));
        tools.retain(|t| {
            let missing: Vec<String> = t
                .grants
                .iter()
                .filter(|g| !spec.grants.gives(g))
                .cloned()
                .collect();
            if missing.is_empty() {
                return true;
            }
            offers.left_out.push((t.name.clone(), missing));
            false
        });
        Ok((
            ToolsetInfo {
                name: d.name,
                version: d.version,
                tools,
            },
            offers,
        ))
    }
}

/// True if one of `a` and `b` contains the other (after resolving links,
/// where they exist).
fn overlaps(a: &Path, b: &Path) -> bool {
    let resolve = |p: &Path| {
        std::fs::canonicalize(p).unwrap_or_else(|_| std::path::absolute(p).unwrap_or(p.into()))
    };
    let (a, b) = (resolve(a), resolve(b));
    a.starts_with(&b) || b.starts_with(&a)
}

/// Most WebAssembly frames a crash's backtrace keeps (the innermost).
pub(crate) const MAX_BACKTRACE_FRAMES: usize = 64;

/// Bytes of each pool slot's linear memory (and of each table) reset in
/// place rather than unmapped when an instance ends; see
/// [`ToolsetHost::new`].
pub const KEEP_RESIDENT: usize = 256 * 1024;

/// Most tools one toolset may describe.
pub const MAX_TOOLS: usize = 1000;
/// Longest tool title, in bytes.
pub const MAX_TITLE: usize = 256;
/// Longest tool description, in bytes.
pub const MAX_DESCRIPTION: usize = 16 * 1024;
/// Longest input or output schema, in bytes of JSON.
pub const MAX_SCHEMA: usize = 64 * 1024;

/// Refuses a descriptor field longer than `max` bytes.
fn check_size(tool: &str, field: &str, text: &str, max: usize) -> Result<(), String> {
    if text.len() > max {
        return Err(format!(
            "tool `{tool}`'s {field} is {} bytes, more than the {max} a tool may have; \
             shorten it (every tools/list carries it)",
            text.len()
        ));
    }
    Ok(())
}

fn parse_schema(tool: &str, which: &str, text: &str) -> Result<serde_json::Value, String> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| format!("tool `{tool}`'s {which} schema is not JSON: {e}"))?;
    if value.get("type").and_then(|t| t.as_str()) != Some("object") {
        return Err(format!(
            "tool `{tool}`'s {which} schema must be a JSON object with \"type\": \"object\""
        ));
    }
    schema::check(&value)
        .map_err(|e| format!("tool `{tool}`'s {which} schema is not a valid JSON Schema: {e}"))?;
    Ok(value)
}

/// A fresh store for one instance of a toolset under `policy`: WASI with
/// nothing granted but the policy's directories, stderr kept as a short
/// tail, memory capped, deadline and cancellation checked every epoch tick.
/// A `read_only` instance (one serving a read-only session) gets every
/// granted directory read-only, whatever its grant says: a plug-in that
/// calls a writing tool read-only-safe still cannot write.
pub(crate) fn new_store(
    engine: &Engine,
    policy: Arc<Policy>,
    shared: HostShared,
    read_only: bool,
) -> Result<Store<HostState>, String> {
    // Each granted directory is opened for the instance: a descriptor.
    let mut files = FilesHeld {
        pool: shared.descriptors.clone(),
        count: 0,
    };
    if !files.hold(policy.grants.dirs.len()) {
        return Err(format!(
            "all plug-in instances together hold the host's ceiling of {} open files and \
             connections; try again when a session ends",
            files.pool.ceiling
        ));
    }
    let stderr = StderrTail::default();
    let mut wasi = WasiCtxBuilder::new();
    wasi.stderr(stderr.clone())
        .max_random_size(handles::MAX_RANDOM_BYTES)
        .allow_tcp(false)
        .allow_udp(false)
        .allow_ip_name_lookup(false);
    // The directories opened at load, never their paths again.
    let preopens = policy.preopens.for_instance(read_only)?;
    let memory_cap = policy.limits.memory;
    let net = NetRules {
        grants: policy.grants.net.clone().into(),
        response_cap: policy.limits.net_response,
        descriptors: shared.descriptors.clone(),
        ..NetRules::default()
    };
    let mut table = wasmtime::component::ResourceTable::new();
    table.set_max_capacity(handles::MAX_HANDLES);
    let state = HostState {
        wasi: wasi.build(),
        table,
        preopens,
        limiter: Limiter::new(memory_cap, shared.memory),
        files,
        file_streams: Default::default(),
        stream_files: Default::default(),
        in_flight: Default::default(),
        disk_reserve: shared.disk_reserve,
        read_only,
        policy,
        watchdog: shared.watchdog,
        stderr,
        call: None,
        deadline: None,
        budget: Duration::ZERO,
        stop: None,
        lanes: shared.lanes,
        lane: Default::default(),
        reached_tick: false,
        start_laned: false,
        http: WasiHttpCtx::new(),
        net,
        _alive: StoreAlive::new(&shared.closing),
        closing: shared.closing.clone(),
    };
    let fuel = crate::wasm::hostcall_fuel(&state.policy.limits);
    let mut store = Store::new(engine, state);
    store.limiter(|s| &mut s.limiter);
    // Each call sets it again when armed; this bounds what runs before any
    // call (an instance's start-up, a load's describe).
    store.set_hostcall_fuel(fuel);
    store.epoch_deadline_callback(|mut ctx| {
        let data = ctx.data_mut();
        if data.closing.closed.load(Ordering::Acquire) {
            data.stop = Some(Stop::HostClosed);
            return Err(wasmtime::format_err!("the toolset host was shut down"));
        }
        if data
            .call
            .as_ref()
            .is_some_and(|c| c.ctx.cancel.is_cancelled())
        {
            data.stop = Some(Stop::Cancelled);
            return Err(wasmtime::format_err!("the call was cancelled"));
        }
        if data.deadline.is_some_and(|d| Instant::now() >= d) {
            data.stop = Some(Stop::Deadline);
            return Err(wasmtime::format_err!("the call ran past its deadline"));
        }
        // A call still running at its first tick is a long one: from now
        // on it runs on a lane, and takes its turn again at every tick (see
        // `lanes`). Either way it yields at every tick: where a guest is polled
        // on an async thread, tokio's yield puts it behind the tasks
        // already waiting there; on a session's image worker (where the
        // broker runs calls) the yield costs one poll.
        if std::mem::take(&mut data.start_laned) {
            // Not a tick: the call's first check, for a call that starts on
            // a lane (see `WasmSession::run_call`).
        } else {
            data.reached_tick = true;
        }
        data.end_run();
        if let Some(lane) = data.lanes.try_take() {
            *data.lane.lock().unwrap_or_else(PoisonError::into_inner) = Some(lane);
            return Ok(UpdateDeadline::YieldCustom(
                1,
                Box::pin(tokio::task::yield_now()),
            ));
        }
        let cancel = data.call.as_ref().map(|c| c.ctx.cancel.clone());
        let wait = data.lanes.wait(data.lane.clone(), data.deadline, cancel);
        Ok(UpdateDeadline::YieldCustom(1, Box::pin(wait)))
    });
    // A fresh store's deadline has passed already: without this, the epoch
    // callback would run (and yield) at instantiation's first check instead
    // of at the next tick.
    store.set_epoch_deadline(1);
    Ok(store)
}

/// Runs a guest future to its end on this thread, for what runs outside a
/// tool call (loading a toolset, warming a session's instance), parking
/// the thread while it waits. WASI's host functions may need a tokio
/// runtime (timers, file I/O on its blocking pool): the caller's if it has
/// one, else WASI's own.
pub(crate) fn run_to_end<F: std::future::Future>(future: F) -> F::Output {
    wasmtime_wasi::runtime::with_ambient_tokio_runtime(|| block_on(future))
}

/// Wakes the thread parked in [`block_on`].
struct ThreadWaker(std::thread::Thread);

impl std::task::Wake for ThreadWaker {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.0.unpark();
    }
}

fn block_on<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let waker = std::task::Waker::from(Arc::new(ThreadWaker(std::thread::current())));
    let mut cx = std::task::Context::from_waker(&waker);
    loop {
        if let std::task::Poll::Ready(output) = future.as_mut().poll(&mut cx) {
            return output;
        }
        // A wake that came during the poll left the token set, so this
        // returns at once; spurious returns only cost another poll.
        std::thread::park();
    }
}

/// Why `bytes` did not compile as a component, in the terms of what the
/// operator holds: another kind of file, a core module (built for the
/// wrong target), or a component wasmtime rejects.
fn not_a_component(bytes: &[u8], error: &wasmtime::Error) -> String {
    const BUILD: &str = "build it with `cargo build --target wasm32-wasip2`";
    match bytes.get(..8) {
        Some([0, b'a', b's', b'm', 1, 0, 0, 0]) => format!(
            "not a valid WebAssembly component: this is a core WebAssembly module, not a \
             component; {BUILD} (not wasm32-unknown-unknown or wasm32-wasip1), or wrap it with \
             `wasm-tools component new`"
        ),
        // The pool's limits per component (`state::MAX_*`), which wasmtime
        // checks as it compiles.
        Some([0, b'a', b's', b'm', ..]) if format!("{error:#}").contains("pooling allocator") => {
            format!(
                "the component needs more than one plug-in instance may have: {error:#}; an \
                 instance may have at most {MAX_MEMORIES} linear memories, {MAX_TABLES} tables \
                 and {MAX_CORE_INSTANCES} core module instances, so split the toolset or ask \
                 its vendor for one that fits"
            )
        }
        Some([0, b'a', b's', b'm', ..]) => {
            format!("not a valid WebAssembly component: {error:#}; {BUILD}")
        }
        _ => format!(
            "not a valid WebAssembly component: the file does not begin with WebAssembly's \
             magic number (\\0asm), so it is not WebAssembly at all; point `path` at the \
             `.wasm` the build wrote, or {BUILD}"
        ),
    }
}
