//! Shared set-up of the toolset host's integration tests: a host, a real
//! image (embedded, or served by a test stone through the GemStone
//! backend), call contexts, and a notifier that records what a toolset
//! sent.

#![allow(dead_code)]

use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use gs_embedded::EmbeddedSession;
use gs_toolset::{
    Arguments, CallContext, ImageSession, LogLevel, Notifier, ServerIdentity, ToolResult, Toolset,
    ToolsetSession,
};
use gs_toolset_host::{
    Crash, CrashLog, Grants, HostConfig, Limits, ToolsetHost, WasmToolset, WasmToolsetSpec,
};
use serde_json::Value;

/// A host for one test, small enough that many can exist at once. Its
/// compiled-artefact cache lives in cargo's scratch directory, so the test
/// plug-ins are compiled once per change, not once per run.
pub fn host() -> ToolsetHost {
    ToolsetHost::new(HostConfig {
        cache_dir: Some(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolset-cache")),
        max_instances: 32,
        max_memory: 512 << 20,
        epoch_tick: Duration::from_millis(5),
        // Tests run in parallel, and each checks its own call's deadline
        // and stop: long calls of other tests must not hold them up on a
        // lane (lanes.rs tests the lanes themselves).
        long_call_lanes: usize::MAX,
        ..HostConfig::default()
    })
    .expect("the toolset host starts")
}

/// A host shared by the tests of one binary (compiling a component once
/// per binary rather than once per test).
pub fn shared_host() -> &'static ToolsetHost {
    static HOST: OnceLock<ToolsetHost> = OnceLock::new();
    HOST.get_or_init(host)
}

/// Every image grant.
pub fn all_grants() -> Grants {
    Grants::from_names(&["image:read", "image:execute", "image:write"]).unwrap()
}

/// `dir` granted as `/data` (writable or not), and nothing else.
pub fn data_dir(dir: &std::path::Path, writable: bool) -> Grants {
    Grants {
        dirs: vec![gs_toolset_host::DirGrant {
            host_path: dir.to_owned(),
            guest_path: "/data".into(),
            writable,
        }],
        ..Grants::default()
    }
}

/// Loads `path` on the shared host with `grants` and `limits`.
pub fn load(path: &str, grants: Grants, limits: Limits) -> WasmToolset {
    let mut spec = WasmToolsetSpec::new(path);
    spec.grants = grants;
    spec.limits = limits;
    shared_host()
        .load(&spec)
        .unwrap_or_else(|e| panic!("loading {path}: {e}"))
}

/// The `hello` plug-in with every grant and default limits, loaded once.
pub fn hello() -> &'static WasmToolset {
    static T: OnceLock<WasmToolset> = OnceLock::new();
    T.get_or_init(|| load(gs_test_plugins::HELLO, all_grants(), Limits::default()))
}

/// The deadline of [`misbehave`]'s calls.
pub const DEADLINE: Duration = Duration::from_millis(300);

/// `plugins/conformance`, the MCP conformance suite's fixture, loaded once.
pub fn conformance() -> &'static WasmToolset {
    static T: OnceLock<WasmToolset> = OnceLock::new();
    T.get_or_init(|| {
        load(
            gs_test_plugins::CONFORMANCE,
            Grants::default(),
            Limits::default(),
        )
    })
}

/// `plugins/misbehave` with a short deadline ([`DEADLINE`]), no grants and
/// default memory and output caps, loaded once.
pub fn misbehave() -> &'static WasmToolset {
    static T: OnceLock<WasmToolset> = OnceLock::new();
    T.get_or_init(|| {
        load(
            gs_test_plugins::MISBEHAVE,
            Grants::default(),
            Limits {
                deadline: DEADLINE,
                ..Limits::default()
            },
        )
    })
}

/// The test stone (gs-teststone, a test double for GemStone) and the
/// GemStone backend on it, shared with gs-gemstone's own tests.
#[path = "../../../gemstone/tests/common/mod.rs"]
pub mod stone;

/// True when the tests' images are served through the GemStone backend:
/// `GS_TEST_BACKEND=gemstone` (the test command runs the image, acme_db and
/// misbehaving plug-ins' tests so, beside the default embedded run). Any
/// other value is a mistake, refused rather than read as the default.
pub fn on_gemstone() -> bool {
    match std::env::var("GS_TEST_BACKEND").as_deref() {
        Err(_) | Ok("" | "embedded") => false,
        Ok("gemstone") => true,
        Ok(other) => panic!("GS_TEST_BACKEND is `{other}`; use `embedded` or `gemstone`"),
    }
}

/// A fresh image for one test, on the backend [`on_gemstone`] picks: the
/// embedded image itself, or a test stone serving a copy of it, each
/// [`TestImage::ctx`] then a GCI login of its own.
pub struct TestImage {
    _dir: tempfile::TempDir,
    served: Served,
}

enum Served {
    Embedded(gs_image::Image),
    Stone(Box<stone::Running>),
}

impl TestImage {
    /// An image holding only the kernel.
    pub fn new() -> TestImage {
        TestImage::prepared(|_| {})
    }

    /// An image that `prepare` has filed code into (and committed) before
    /// any session of the test sees it.
    pub fn prepared(prepare: impl FnOnce(&gs_image::Image)) -> TestImage {
        TestImage::serve(prepare, gs_interp::Limits::default())
    }

    /// An image holding only the kernel whose gems, on the GemStone
    /// backend, may hold at most `bytes` of objects: a stone bounds a gem's
    /// memory by its own configuration (`GEM_TEMPOBJ_CACHE_SIZE`), which
    /// the test stone's limits stand for. The same as [`TestImage::new`]
    /// on the embedded backend.
    pub fn with_gem_memory(bytes: usize) -> TestImage {
        let limits = gs_interp::Limits {
            memory_bytes: bytes,
            ..gs_interp::Limits::default()
        };
        TestImage::serve(|_| {}, limits)
    }

    fn serve(prepare: impl FnOnce(&gs_image::Image), gem_limits: gs_interp::Limits) -> TestImage {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("test.image");
        let image = gs_image::Image::open(&path).unwrap();
        prepare(&image);
        let served = if on_gemstone() {
            drop(image);
            Served::Stone(Box::new(stone::serve_with(&path, gem_limits)))
        } else {
            Served::Embedded(image)
        };
        TestImage { _dir: dir, served }
    }

    /// A new session of this image: its own transaction view.
    pub fn session(&self) -> Arc<dyn ImageSession> {
        match &self.served {
            Served::Embedded(image) => Arc::new(EmbeddedSession::new(image.session())),
            Served::Stone(running) => Arc::new(
                running
                    .stone
                    .login(None)
                    .expect("the backend logs in to the test stone"),
            ),
        }
    }

    /// A call context on a new session of this image.
    pub fn ctx(&self, read_only: bool) -> CallContext {
        CallContext::new(
            self.session(),
            read_only,
            Arc::new(ServerIdentity {
                name: "gs-mcp".into(),
                version: "0.1.0".into(),
                title: None,
            }),
        )
    }
}

/// Records log lines and progress reports.
#[derive(Default)]
pub struct Recorder(pub Mutex<Vec<String>>);

impl Notifier for Recorder {
    fn log(&self, level: LogLevel, logger: &str, message: &str) {
        self.0
            .lock()
            .unwrap()
            .push(format!("{}:{logger}:{message}", level.as_str()));
    }

    fn progress(&self, progress: f64, total: Option<f64>, message: Option<&str>) {
        self.0.lock().unwrap().push(format!(
            "progress:{progress}/{}:{}",
            total.unwrap_or(f64::NAN),
            message.unwrap_or("")
        ));
    }
}

/// Calls `tool` with `args` (JSON text) on `session`, as the session broker
/// does: the text goes to the guest as it is, and the call's future is
/// polled on this thread with a tokio runtime around it.
pub fn call(
    session: &mut dyn ToolsetSession,
    ctx: &CallContext,
    tool: &str,
    args: &str,
) -> ToolResult {
    let arguments = Arguments::parse(tool, args)?;
    runtime().block_on(session.call(tool, &arguments, ctx))
}

/// A call run to its end on this thread, as [`call`] runs it.
pub trait CallNow {
    /// Calls `tool` and waits for its answer.
    fn call_now(&mut self, tool: &str, arguments: &Arguments, ctx: &CallContext) -> ToolResult;

    /// As [`CallNow::call_now`], with the arguments given as a value (which
    /// must be an object, as when the router reads them).
    fn call_value(&mut self, tool: &str, arguments: &Value, ctx: &CallContext) -> ToolResult {
        self.call_now(tool, &Arguments::from_value(tool, arguments)?, ctx)
    }
}

impl<T: ToolsetSession + ?Sized> CallNow for T {
    fn call_now(&mut self, tool: &str, arguments: &Arguments, ctx: &CallContext) -> ToolResult {
        runtime().block_on(self.call(tool, arguments, ctx))
    }
}

/// The tokio runtime the tests' calls run in (two async threads, as on the
/// project's machine).
pub fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a tokio runtime")
    })
}

/// `text` as a call's arguments (it must be a JSON object).
pub fn args(text: &str) -> Arguments {
    Arguments::parse("test", text).expect("the test's arguments are an object")
}

/// The text of a successful result's first block.
pub fn text(result: &ToolResult) -> String {
    match result {
        Ok(out) => match out.content.first() {
            Some(gs_toolset::Content::Text(t)) => t.clone(),
            other => panic!("expected a text block, got {other:?}"),
        },
        Err(e) => panic!("expected success, got {e}"),
    }
}

/// The names of the tools a session sees.
pub fn visible(toolset: &dyn Toolset, read_only: bool) -> Vec<String> {
    toolset
        .info()
        .visible_tools(read_only)
        .map(|t| t.name.clone())
        .collect()
}

/// A host whose crash log is kept for the test to read.
pub fn recording_host(client_backtraces: bool) -> (ToolsetHost, Arc<Mutex<Vec<Crash>>>) {
    let crashes = Arc::new(Mutex::new(Vec::new()));
    let sink = crashes.clone();
    let host = ToolsetHost::new(HostConfig {
        cache_dir: Some(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolset-cache")),
        max_instances: 8,
        max_memory: 512 << 20,
        epoch_tick: Duration::from_millis(5),
        long_call_lanes: usize::MAX,
        client_backtraces,
        crash_log: CrashLog::new(move |c: &Crash| sink.lock().unwrap().push(c.clone())),
        ..HostConfig::default()
    })
    .unwrap();
    (host, crashes)
}

/// Loads `plugins/hostile` with `/cfg/{file}` reading `mode`: how its
/// declarations are made to misbehave for the host's load checks.
pub fn hostile_reading(file: &str, mode: &str) -> Result<WasmToolset, gs_toolset_host::LoadError> {
    let cfg = tempfile::tempdir().unwrap();
    std::fs::write(cfg.path().join(file), mode).unwrap();
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::HOSTILE);
    spec.grants = Grants {
        dirs: vec![gs_toolset_host::DirGrant {
            host_path: cfg.path().to_owned(),
            guest_path: "/cfg".into(),
            writable: false,
        }],
        ..Grants::default()
    };
    shared_host().load(&spec)
}
