//! Each attack of `plugins/hostile` (raw wit-bindgen, no SDK to keep it
//! honest) contained: code run while the host instantiates it, Smalltalk
//! that outlives the plug-in's deadline or memory cap, answers that dodge
//! the output cap, descriptions too large or malformed to serve, results
//! that break their own schema, invalid progress, and failure messages
//! that would carry too much.

mod common;

use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::*;
use gs_toolset::{ErrorKind, ToolResult, Toolset};
use gs_toolset_host::{
    DirGrant, Grants, HostConfig, Limits, LoadErrorKind, ToolsetHost, WasmToolset, WasmToolsetSpec,
};

/// The deadline of the hostile plug-in's calls here.
const DEADLINE: Duration = Duration::from_millis(300);

/// How long a test waits for a call that must end, before calling it hung.
const HUNG: Duration = Duration::from_secs(10);

/// The `/cfg` directory the plug-in reads its orders from.
struct Cfg(tempfile::TempDir);

impl Cfg {
    fn new() -> Cfg {
        Cfg(tempfile::tempdir().unwrap())
    }

    fn set(&self, file: &str, text: &str) {
        std::fs::write(self.0.path().join(file), text).unwrap();
    }

    fn grants(&self, image: &[&str]) -> Grants {
        let mut g = Grants::from_names(image).unwrap();
        g.dirs.push(DirGrant {
            host_path: self.0.path().to_owned(),
            guest_path: "/cfg".into(),
            writable: false,
        });
        g
    }
}

fn spec(cfg: &Cfg, image: &[&str], limits: Limits) -> WasmToolsetSpec {
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::HOSTILE);
    spec.grants = cfg.grants(image);
    spec.limits = limits;
    spec
}

fn quick() -> Limits {
    Limits {
        deadline: DEADLINE,
        ..Limits::default()
    }
}

/// Loads the plug-in on `host` (default: the shared one).
fn load_on(host: &ToolsetHost, cfg: &Cfg, image: &[&str], limits: Limits) -> WasmToolset {
    host.load(&spec(cfg, image, limits))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `call` on its own thread and waits at most [`HUNG`] for it, so a
/// call the host fails to stop fails the test instead of hanging it.
fn within<T: Send + 'static>(call: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(call());
    });
    rx.recv_timeout(HUNG)
        .expect("the call was never stopped: it still runs")
}

fn call_on(t: &WasmToolset, img: &Arc<TestImage>, tool: &str, args: &str) -> ToolResult {
    let (t, img, tool, args) = (t.clone(), img.clone(), tool.to_string(), args.to_string());
    within(move || call(&mut t.session(), &img.ctx(false), &tool, &args))
}

#[test]
fn start_up_code_that_never_returns_is_stopped_at_the_deadline_and_frees_its_slot() {
    let host = ToolsetHost::new(HostConfig {
        cache_dir: Some(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolset-cache")),
        max_instances: 2,
        ..HostConfig::default()
    })
    .unwrap();
    let cfg = Cfg::new();
    let t = load_on(&host, &cfg, &[], quick());
    let img = Arc::new(TestImage::new());
    cfg.set("hang", "");
    // More hanging start-ups than the pool has slots: none may keep one.
    for _ in 0..3 {
        let start = Instant::now();
        let e = call_on(&t, &img, "hello", "{}").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Deadline, "{}", e.message);
        assert_eq!(
            e.message,
            "tool `hello` of toolset `hostile` (starting its instance) ran past its deadline of \
             0.300 s and was stopped; the session goes on with a fresh instance"
        );
        assert!(start.elapsed() < DEADLINE + Duration::from_millis(500));
    }
    std::fs::remove_file(cfg.0.path().join("hang")).unwrap();
    assert_eq!(text(&call_on(&t, &img, "hello", "{}")), "hello");
}

#[test]
fn start_up_code_that_never_returns_stops_when_the_client_cancels() {
    let cfg = Cfg::new();
    let t = load_on(shared_host(), &cfg, &[], Limits::default());
    cfg.set("hang", "");
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let cancel = ctx.cancel.clone();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        cancel.cancel();
    });
    let e = within(move || call(&mut t.session(), &ctx, "hello", "{}")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Cancelled, "{}", e.message);
}

#[test]
fn start_up_code_that_never_returns_fails_the_load_at_the_deadline() {
    let cfg = Cfg::new();
    cfg.set("hang", "");
    let s = spec(&cfg, &[], quick());
    let e = within(move || shared_host().load(&s)).unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Describe);
    assert_eq!(
        e.message,
        "describe failed (deadline): tool `describe` of the component ran past its deadline of \
         0.300 s and was stopped"
    );
}

#[test]
fn a_describe_waiting_in_the_host_for_what_never_comes_fails_the_load_at_the_deadline() {
    let cfg = Cfg::new();
    cfg.set("describe", "wait");
    let s = spec(&cfg, &[], quick());
    let start = Instant::now();
    let e = within(move || shared_host().load(&s)).unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Describe);
    assert_eq!(
        e.message,
        "describe failed (deadline): tool `describe` of the component ran past its deadline of \
         0.300 s and was stopped"
    );
    assert!(start.elapsed() < DEADLINE + Duration::from_secs(1));
}

#[test]
fn smalltalk_run_by_a_plug_in_stops_at_the_plug_ins_deadline() {
    let cfg = Cfg::new();
    let t = load_on(shared_host(), &cfg, &["image:execute"], quick());
    let img = TestImage::new();
    let ctx = img.ctx(false);
    let mut s = t.session();
    let start = Instant::now();
    let (e, s) = within(move || {
        let e = call(
            &mut s,
            &ctx,
            "execute",
            r#"{"code": "[true] whileTrue: []"}"#,
        );
        (e, s)
    });
    let e = e.unwrap_err();
    assert_eq!(e.kind, ErrorKind::Deadline, "{}", e.message);
    assert!(start.elapsed() < DEADLINE + Duration::from_millis(500));
    // The image session is free again: the next call runs.
    let mut s = s;
    let r = call(&mut s, &img.ctx(false), "execute", r#"{"code": "3 + 4"}"#);
    assert_eq!(text(&r), "7");
}

#[test]
fn smalltalk_run_by_a_plug_in_is_held_to_the_plug_ins_memory_cap() {
    let cfg = Cfg::new();
    let limits = Limits {
        memory: 16 << 20,
        ..Limits::default()
    };
    let t = load_on(shared_host(), &cfg, &["image:execute"], limits);
    // On a stone the Smalltalk runs in the gem, whose memory the stone's
    // configuration bounds, not the plug-in's cap: there the gem is given
    // the same 16 MiB, and the call must fail the same way.
    let img = TestImage::with_gem_memory(16 << 20);
    let ctx = img.ctx(false);
    let mut s = t.session();
    let hoard = r#"{"code": "UserGlobals at: #Hoard put: OrderedCollection new. 1 to: 100 do: [:i | (UserGlobals at: #Hoard) add: (String new: 1000000)]. #done"}"#;
    let e = call(&mut s, &ctx, "execute", hoard).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Other, "{}", e.message);
    assert!(
        e.message
            .contains("the memory budget for objects is exhausted"),
        "{}",
        e.message
    );
}

#[test]
fn a_huge_error_message_counts_against_the_output_cap() {
    let cfg = Cfg::new();
    let limits = Limits {
        output: 1 << 20,
        ..Limits::default()
    };
    let t = load_on(shared_host(), &cfg, &[], limits);
    let img = Arc::new(TestImage::new());
    let e = call_on(&t, &img, "big_error", r#"{"bytes": 800000}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutputTooLarge, "{}", &e.message[..200]);
    assert!(
        e.message
            .starts_with("tool `big_error` of toolset `hostile` answered an error of "),
        "{}",
        e.message
    );
    // A modest one passes as the plug-in's own error.
    let e = call_on(&t, &img, "big_error", r#"{"bytes": 1000}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Other);
    assert_eq!(e.message.len(), 1000);
}

#[test]
fn empty_content_items_count_against_the_output_cap() {
    let cfg = Cfg::new();
    let limits = Limits {
        output: 1 << 20,
        ..Limits::default()
    };
    let t = load_on(shared_host(), &cfg, &[], limits);
    let img = Arc::new(TestImage::new());
    let e = call_on(&t, &img, "empty_items", r#"{"count": 100000}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutputTooLarge, "{}", e.message);
    let r = call_on(&t, &img, "empty_items", r#"{"count": 10}"#).unwrap();
    assert_eq!(r.content.len(), 10);
}

#[test]
fn a_result_that_breaks_its_own_output_schema_does_not_reach_the_client() {
    let cfg = Cfg::new();
    let t = load_on(shared_host(), &cfg, &[], Limits::default());
    let img = Arc::new(TestImage::new());
    let e = call_on(&t, &img, "bad_output", "{}").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Other);
    assert_eq!(
        e.message,
        "tool `bad_output` returned structured content that breaks its own output schema ($.n \
         is a string, not of type \"integer\"); this is a bug in the toolset"
    );
}

#[test]
fn structured_content_over_the_output_cap_is_refused_before_it_is_parsed() {
    let cfg = Cfg::new();
    let limits = Limits {
        output: 1 << 20,
        ..Limits::default()
    };
    let t = load_on(shared_host(), &cfg, &[], limits);
    let img = Arc::new(TestImage::new());
    // Its text alone is over the cap: it is neither parsed nor checked
    // against the schema it breaks.
    let e = call_on(&t, &img, "bad_output", r#"{"bytes": 2000000}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutputTooLarge, "{}", &e.message[..200]);
    let text = serde_json::json!({"n": "not a number", "pad": "x".repeat(2_000_000)});
    assert_eq!(
        e.message,
        format!(
            "tool `bad_output` of toolset `hostile` answered structured content of {} bytes of \
             JSON text beside 2 bytes of content, over its output cap of 1048576 bytes; ask it \
             for less, or the operator may raise `[toolset.limits] output_bytes`",
            text.to_string().len()
        )
    );
    // Within the cap, it is checked as ever.
    let e = call_on(&t, &img, "bad_output", r#"{"bytes": 1000}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Other);
    assert!(
        e.message.contains("breaks its own output schema"),
        "{}",
        e.message
    );
}

#[test]
fn arguments_too_costly_to_check_are_refused_before_the_guest_runs() {
    let cfg = Cfg::new();
    let t = load_on(shared_host(), &cfg, &[], Limits::default());
    let img = Arc::new(TestImage::new());
    // 80,000 distinct items under `uniqueItems`: each hashed once.
    let items: Vec<u64> = (0..80_000).collect();
    let args = serde_json::json!({ "items": items }).to_string();
    assert_eq!(text(&call_on(&t, &img, "unique", &args)), "80000 items");
    let e = call_on(&t, &img, "unique", r#"{"items": [1, 2, 1]}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidParams);
    assert_eq!(
        e.message,
        "argument `items` of `unique` has 1 at [0] and again at [2]; the schema's \
         `uniqueItems` allows each item once"
    );
    // 2,000 items, each matching the last of its schema's 3,000 `anyOf`
    // branches: more work than a check may take.
    let args = serde_json::json!({ "items": vec![2_999; 2_000] }).to_string();
    let e = call_on(&t, &img, "branches", &args).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidParams);
    assert_eq!(
        e.message,
        "the arguments of `branches` take more than 10000000 steps to check against its input \
         schema (many items under `uniqueItems` or a large `enum`, or many `anyOf` or `oneOf` \
         branches); send fewer or smaller arguments"
    );
    let few = serde_json::json!({ "items": vec![2_999; 20] }).to_string();
    assert_eq!(text(&call_on(&t, &img, "branches", &few)), "20 items");
}

#[test]
fn structured_content_too_costly_to_check_does_not_reach_the_client() {
    let cfg = Cfg::new();
    let t = load_on(shared_host(), &cfg, &[], Limits::default());
    let img = Arc::new(TestImage::new());
    let e = call_on(&t, &img, "costly_output", r#"{"count": 2000}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Other);
    assert_eq!(
        e.message,
        "tool `costly_output` returned structured content that takes more than 10000000 steps \
         to check against its output schema; ask it for less, or report it to the toolset's \
         vendor"
    );
    let r = call_on(&t, &img, "costly_output", r#"{"count": 3}"#).unwrap();
    assert_eq!(
        r.structured,
        Some(serde_json::json!({"items": [2999, 2999, 2999]}))
    );
}

/// The load error for the description `/cfg/describe` orders.
fn described(order: &str) -> String {
    let cfg = Cfg::new();
    cfg.set("describe", order);
    let e = shared_host()
        .load(&spec(&cfg, &[], Limits::default()))
        .unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Describe, "{order}: {}", e.message);
    e.message
}

#[test]
fn oversized_descriptions_are_refused_at_load() {
    let start = Instant::now();
    assert_eq!(
        described("tools 100000"),
        "the toolset describes 100000 tools, more than the 1000 a toolset may offer; split it \
         into several toolsets"
    );
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(
        described("description 40000000"),
        "tool `hello`'s description is 40000000 bytes, more than the 16384 a tool may have; \
         shorten it (every tools/list carries it)"
    );
    assert_eq!(
        described("title 300"),
        "tool `hello`'s title is 300 bytes, more than the 256 a tool may have; shorten it \
         (every tools/list carries it)"
    );
    assert!(
        described("schema 100000").starts_with("tool `hello`'s input schema is 100024 bytes, "),
    );
    assert!(described("name 200").contains("MCP allows at most 128"));
}

#[test]
fn schemas_that_are_not_json_schema_are_refused_at_load() {
    assert_eq!(
        described("properties"),
        "tool `hello`'s input schema is not a valid JSON Schema: #/properties must be an object \
         of schemas"
    );
    assert_eq!(
        described("required"),
        "tool `hello`'s input schema is not a valid JSON Schema: #/required must be an array of \
         property names"
    );
    assert!(
        described("output_schema")
            .starts_with("tool `hello`'s output schema is not a valid JSON Schema: "),
    );
}

#[test]
fn progress_that_mcp_would_refuse_is_dropped() {
    let cfg = Cfg::new();
    let t = load_on(shared_host(), &cfg, &[], Limits::default());
    let img = TestImage::new();
    let reported = |mode: &str| {
        let recorder = Arc::new(Recorder::default());
        let mut ctx = img.ctx(false);
        ctx.notifier = recorder.clone();
        let r = call(
            &mut t.session(),
            &ctx,
            "progress",
            &format!(r#"{{"mode": "{mode}"}}"#),
        );
        assert_eq!(text(&r), "reported");
        recorder.0.lock().unwrap().clone()
    };
    assert_eq!(reported("ok"), ["progress:1/10:", "progress:2/10:"]);
    assert_eq!(reported("backwards"), ["progress:5/10:"]);
    for mode in ["nan", "infinite", "negative", "over_total"] {
        assert_eq!(reported(mode), Vec::<String>::new(), "{mode}");
    }
}

#[test]
fn a_long_panic_message_is_reported_as_a_panic_and_cut() {
    let cfg = Cfg::new();
    let t = load_on(shared_host(), &cfg, &[], Limits::default());
    let img = Arc::new(TestImage::new());
    let e = call_on(&t, &img, "long_panic", r#"{"bytes": 5000}"#).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Panic, "{}", e.message);
    assert!(e.message.len() < 1400, "{}", e.message.len());
    assert!(e.message.contains("… (cut)"), "{}", e.message);
}

#[test]
fn a_trap_is_reported_without_the_guests_backtrace() {
    let cfg = Cfg::new();
    let t = load_on(shared_host(), &cfg, &[], Limits::default());
    let img = Arc::new(TestImage::new());
    let e = call_on(&t, &img, "trap", "{}").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Trap);
    assert_eq!(
        e.message,
        "tool `trap` of toolset `hostile` trapped: wasm trap: wasm `unreachable` instruction \
         executed; the session goes on with a fresh instance"
    );
}

#[test]
fn a_plug_in_cannot_shadow_the_standard_dictionaries_or_kernel_classes() {
    let cfg = Cfg::new();
    let t = load_on(shared_host(), &cfg, &["image:write"], Limits::default());
    let img = TestImage::new();
    let mut s = t.session();
    for name in ["Globals", "UserGlobals", "Published", "Array"] {
        let e = call(
            &mut s,
            &img.ctx(false),
            "define_class",
            &format!(r#"{{"name": "{name}"}}"#),
        )
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Refused, "{name}: {}", e.message);
    }
    let r = call(
        &mut s,
        &img.ctx(false),
        "define_class",
        r#"{"name": "Mine"}"#,
    );
    assert_eq!(text(&r), "defined");
}

#[test]
fn the_memory_of_all_instances_together_is_capped() {
    let host = ToolsetHost::new(HostConfig {
        cache_dir: Some(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolset-cache")),
        max_instances: 8,
        total_memory: 48 << 20,
        ..HostConfig::default()
    })
    .unwrap();
    let t = host
        .load(&WasmToolsetSpec::new(gs_test_plugins::MISBEHAVE))
        .unwrap();
    let img = TestImage::new();
    let mut s = t.session();
    let e = call(&mut s, &img.ctx(false), "bomb", "{}").unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutOfMemory);
    assert!(
        e.message.contains("while all instances together already hold the host's ceiling of 48 MiB (`[engine] total_memory_bytes`)"),
        "{}",
        e.message
    );
    // The stopped instance's memory went back to the pool.
    assert_eq!(host.memory_in_use(), 0);
    let r = call(&mut s, &img.ctx(false), "counter", "{}").unwrap();
    assert!(r.structured.is_some());
    // What the host holds for an instance counts against the ceiling too.
    let hoard = r#"{"what": "fields", "count": 100000, "bytes": 60000}"#;
    let e = call(&mut s, &img.ctx(false), "hoard", hoard).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutOfMemory);
    assert!(
        e.message.contains("the host's ceiling of 48 MiB"),
        "{}",
        e.message
    );
    assert_eq!(host.memory_in_use(), 0);
}

/// `misbehave`'s `write_file` of `/data/note` in a fresh session of `t`:
/// what it said, and what `dir/note` holds after (empty if nothing).
fn write_note(t: &WasmToolset, dir: &std::path::Path) -> (String, String) {
    let img = TestImage::new();
    let r = call(
        &mut t.session(),
        &img.ctx(false),
        "write_file",
        r#"{"path": "/data/note"}"#,
    );
    let written = std::fs::read_to_string(dir.join("note")).unwrap_or_default();
    (text(&r), written)
}

/// `misbehave` granted a fresh directory as `/data` (`writable` or not),
/// on a host of `config` (its cache directory set here).
fn misbehave_granted_on(
    config: HostConfig,
    writable: bool,
) -> (ToolsetHost, WasmToolset, tempfile::TempDir) {
    misbehave_granted_with(config, writable, Limits::default())
}

/// [`misbehave_granted_on`] with the toolset's `limits`.
fn misbehave_granted_with(
    config: HostConfig,
    writable: bool,
    limits: Limits,
) -> (ToolsetHost, WasmToolset, tempfile::TempDir) {
    let host = ToolsetHost::new(HostConfig {
        cache_dir: Some(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolset-cache")),
        ..config
    })
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::MISBEHAVE);
    spec.grants = Grants {
        dirs: vec![DirGrant {
            host_path: dir.path().to_owned(),
            guest_path: "/data".into(),
            writable,
        }],
        ..Grants::default()
    };
    spec.limits = limits;
    let t = host.load(&spec).unwrap();
    (host, t, dir)
}

/// `misbehave` granted a read-only directory, on a host whose plug-ins
/// may have `max_descriptors` files and connections open together.
fn misbehave_with_descriptors(
    max_descriptors: usize,
) -> (ToolsetHost, WasmToolset, tempfile::TempDir) {
    let config = HostConfig {
        max_descriptors,
        ..HostConfig::default()
    };
    misbehave_granted_on(config, false)
}

#[test]
fn an_instance_s_granted_directories_count_as_open_files() {
    let (_host, t, _dir) = misbehave_with_descriptors(1);
    let img = TestImage::new();
    let mut first = t.session();
    call(&mut first, &img.ctx(false), "counter", "{}").unwrap();
    let mut second = t.session();
    let e = call(&mut second, &img.ctx(false), "counter", "{}").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unavailable, "{}", e.message);
    assert!(
        e.message
            .contains("hold the host's ceiling of 1 open files and connections"),
        "{}",
        e.message
    );
    drop(first);
    call(&mut second, &img.ctx(false), "counter", "{}").unwrap();
}

#[test]
fn the_open_files_of_all_instances_together_are_capped() {
    let (_host, t, _dir) = misbehave_with_descriptors(4);
    let img = TestImage::new();
    let two = r#"{"what": "files", "count": 2, "bytes": 0}"#;
    // The first session keeps its granted directory and two files open:
    // three of the host's four.
    let mut first = t.session();
    let r = call(&mut first, &img.ctx(false), "hoard", two).unwrap();
    assert_eq!(
        r.structured,
        Some(serde_json::json!({"kept": 2, "refused": null}))
    );
    let mut second = t.session();
    let e = call(&mut second, &img.ctx(false), "hoard", two).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutOfMemory);
    assert_eq!(
        e.message,
        "tool `hoard` of toolset `misbehave` tried to open a file while all instances together \
         hold the host's ceiling of 4 open files and connections, and was stopped; the session \
         goes on with a fresh instance"
    );
    // The first session's end gives its files back.
    drop(first);
    let r = call(&mut second, &img.ctx(false), "hoard", two).unwrap();
    assert_eq!(
        r.structured,
        Some(serde_json::json!({"kept": 2, "refused": null}))
    );
}

#[test]
fn a_plug_in_cannot_write_into_the_server_s_disk_reserve() {
    // A reserve beyond any disk's free space: every file write is refused;
    // with none, the same write lands.
    for (reserve, lands) in [(u64::MAX, false), (0, true)] {
        let config = HostConfig {
            disk_reserve: reserve,
            ..HostConfig::default()
        };
        let (_host, t, dir) = misbehave_granted_on(config, true);
        let (said, written) = write_note(&t, dir.path());
        if lands {
            assert_eq!(said, "written");
            assert_eq!(written, "written by a plug-in");
        } else {
            assert!(said.starts_with("denied: "), "{said}");
            assert!(
                !dir.path().join("note").exists(),
                "nothing reached the disk, not even an empty file"
            );
        }
    }
}

#[test]
fn one_write_may_not_take_the_disk_into_the_reserve() {
    // A reserve 24 MiB under what the disk has free: a 1 MiB write lands;
    // one of 48 MiB in a single call would take the disk into the reserve
    // and is refused before any of it is written.
    let probe = tempfile::tempdir().unwrap();
    let config = HostConfig {
        disk_reserve: free_bytes(probe.path()) - (24 << 20),
        ..HostConfig::default()
    };
    let (_host, t, dir) = misbehave_granted_on(config, true);
    let img = TestImage::new();
    let mut s = t.session();
    let write = |s: &mut dyn gs_toolset::ToolsetSession, bytes: u64| {
        let args = format!(r#"{{"what": "writes", "count": 1, "bytes": {bytes}}}"#);
        call(s, &img.ctx(false), "hoard", &args)
            .expect("answered")
            .structured
    };
    let written = || {
        std::fs::metadata(dir.path().join("writes-0"))
            .unwrap()
            .len()
    };
    assert_eq!(
        write(&mut s, 1 << 20),
        Some(serde_json::json!({"kept": 1, "refused": null}))
    );
    assert_eq!(written(), 1 << 20);
    assert_eq!(
        write(&mut s, 48 << 20),
        Some(serde_json::json!({"kept": 0, "refused": "insufficient-space"}))
    );
    assert_eq!(written(), 1 << 20, "nothing of the refused write landed");
}

/// The bytes free to an unprivileged writer on `path`'s file system.
fn free_bytes(path: &std::path::Path) -> u64 {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: statvfs writes the one struct it is given.
    let mut s: libc::statvfs = unsafe { std::mem::zeroed() };
    assert_eq!(unsafe { libc::statvfs(c.as_ptr(), &mut s) }, 0);
    s.f_bavail as u64 * s.f_frsize as u64
}

#[test]
fn a_plug_in_cannot_make_entries_in_the_server_s_disk_reserve() {
    // Files, directories and links take inodes and directory space though
    // they write no bytes: under the reserve none is made; with none, all.
    let kinds = ["new-files", "new-directories", "new-symlinks", "new-links"];
    for (reserve, lands) in [(u64::MAX, false), (0, true)] {
        let config = HostConfig {
            disk_reserve: reserve,
            ..HostConfig::default()
        };
        let (_host, t, dir) = misbehave_granted_on(config, true);
        std::fs::write(dir.path().join("note"), "the file links point to").unwrap();
        let img = TestImage::new();
        let mut s = t.session();
        for kind in kinds {
            let args = format!(r#"{{"what": "{kind}", "count": 3, "bytes": 0}}"#);
            let r = call(&mut s, &img.ctx(false), "hoard", &args).expect("answered");
            let made: Vec<bool> = (0..3)
                .map(|i| {
                    dir.path()
                        .join(format!("{kind}-{i}"))
                        .symlink_metadata()
                        .is_ok()
                })
                .collect();
            if lands {
                assert_eq!(
                    r.structured,
                    Some(serde_json::json!({"kept": 3, "refused": null})),
                    "{kind}"
                );
                assert_eq!(made, [true; 3], "{kind}");
            } else {
                assert_eq!(
                    r.structured,
                    Some(serde_json::json!({"kept": 0, "refused": "insufficient-space"})),
                    "{kind}"
                );
                assert_eq!(made, [false; 3], "{kind}");
            }
        }
    }
}

/// `misbehave` granted a fresh writable directory as `/data`, with a disk
/// quota of 64 KiB: sixteen 4 KiB blocks.
fn misbehave_with_a_64_kib_quota() -> (ToolsetHost, WasmToolset, tempfile::TempDir) {
    let limits = Limits {
        disk: 64 << 10,
        ..Limits::default()
    };
    misbehave_granted_with(HostConfig::default(), true, limits)
}

#[test]
fn a_toolset_s_writable_directories_are_held_to_its_disk_quota() {
    // The quota is shared by every instance of the toolset.
    let (_host, t, dir) = misbehave_with_a_64_kib_quota();
    let img = TestImage::new();
    let hoard = |s: &mut dyn gs_toolset::ToolsetSession, what: &str, count: u64, bytes: u64| {
        let args = format!(r#"{{"what": "{what}", "count": {count}, "bytes": {bytes}}}"#);
        call(s, &img.ctx(false), "hoard", &args)
            .expect("answered")
            .structured
            .unwrap()
    };
    let size = |name: &str| std::fs::metadata(dir.path().join(name)).map(|m| m.len());
    let (mut first, mut second) = (t.session(), t.session());
    // A size is counted whole, though a sparse file takes no disk until
    // written: else writing inside it would grow nothing. Its empty file
    // takes a block.
    assert_eq!(
        hoard(&mut first, "set-sizes", 1, 1 << 30),
        serde_json::json!({"kept": 0, "refused": "quota"})
    );
    assert_eq!(size("set-sizes-0").unwrap(), 0);
    // Files of 12 KiB take three blocks each: 10 of the 16 are taken.
    assert_eq!(
        hoard(&mut first, "writes", 3, 12 << 10),
        serde_json::json!({"kept": 3, "refused": null})
    );
    // Another session's instance shares the quota: six blocks are left.
    assert_eq!(
        hoard(&mut second, "new-files", 10, 0),
        serde_json::json!({"kept": 6, "refused": "quota"})
    );
    assert!(
        size("new-files-6").is_err(),
        "the refused file was not made"
    );
    // A write into a full quota lands nothing.
    assert_eq!(
        hoard(&mut first, "writes", 1, 12 << 10),
        serde_json::json!({"kept": 0, "refused": "quota"})
    );
    assert_eq!(size("writes-0").unwrap(), 12 << 10, "nothing of it landed");
    // Space freed, by the plug-in or anyone, counts again at the next
    // measurement, which a write the count refuses starts.
    std::fs::remove_file(dir.path().join("writes-0")).unwrap();
    std::fs::remove_file(dir.path().join("writes-1")).unwrap();
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(
        hoard(&mut first, "writes", 2, 12 << 10),
        serde_json::json!({"kept": 2, "refused": null})
    );
    assert_eq!(size("writes-1").unwrap(), 12 << 10);
}

#[test]
fn a_read_write_grant_already_past_its_quota_refuses_every_write() {
    // What the operator put there counts: 128 KiB against 64 KiB.
    let (_host, t, dir) = misbehave_with_a_64_kib_quota();
    std::fs::write(dir.path().join("data"), vec![0u8; 128 << 10]).unwrap();
    let (said, written) = write_note(&t, dir.path());
    assert!(said.starts_with("denied: "), "{said}");
    assert_eq!(written, "");
}

#[test]
fn an_unknown_tool_name_is_not_echoed_whole() {
    let cfg = Cfg::new();
    let t = load_on(shared_host(), &cfg, &[], Limits::default());
    let img = TestImage::new();
    let name = "x".repeat(1 << 20);
    let e = call(&mut t.session(), &img.ctx(false), &name, "{}").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);
    assert!(e.message.len() < 300, "{}", e.message.len());
    let _ = t.info();
}
