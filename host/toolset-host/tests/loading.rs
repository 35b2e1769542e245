//! Loading a toolset: digest pins, the WIT version check, the compiled
//! artefact cache, `expose`, and files that are not toolsets.

mod common;

use std::sync::{Arc, Mutex};

use common::*;
use gs_toolset::Toolset;
use gs_toolset_host::{
    CompileLog, HostConfig, LoadErrorKind, PACKAGE_VERSION, ToolsetHost, WasmToolsetSpec,
};

#[test]
fn a_component_built_against_another_major_version_is_refused_naming_both() {
    let e = shared_host()
        .load(&WasmToolsetSpec::new(gs_test_plugins::WRONG_VERSION))
        .unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Version);
    assert_eq!(
        e.message,
        format!(
            "the component was built against gemstone:mcp@1.0.0 but this host implements \
             gemstone:mcp@{PACKAGE_VERSION}; rebuild the toolset against \
             gemstone:mcp@{PACKAGE_VERSION} or run a gs-mcp release that implements \
             gemstone:mcp@1.0.0"
        )
    );
    assert!(e.to_string().starts_with(gs_test_plugins::WRONG_VERSION));
}

#[test]
fn a_pinned_digest_must_match() {
    let actual = hello().sha256().to_string();
    assert_eq!(actual.len(), 64);
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::HELLO);
    let wrong = "0".repeat(64);
    spec.sha256 = Some(wrong.clone());
    let e = shared_host().load(&spec).unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::DigestMismatch);
    assert_eq!(
        e.message,
        format!(
            "sha256 mismatch: toolsets.toml pins {wrong} but the file has {actual}; if this \
             file is the one you mean to run, pin its new digest"
        )
    );
    spec.sha256 = Some(actual.to_uppercase());
    assert!(
        shared_host().load(&spec).is_ok(),
        "the pin is case-insensitive"
    );
}

#[test]
fn the_compiled_artefact_is_cached_on_disk() {
    let cache = tempfile::tempdir().unwrap();
    let told = Arc::new(Mutex::new(Vec::new()));
    let told_of = told.clone();
    let config = HostConfig {
        cache_dir: Some(cache.path().to_owned()),
        max_instances: 8,
        compile_log: CompileLog::new(move |path, bytes| {
            told_of.lock().unwrap().push((path.to_owned(), bytes));
        }),
        ..HostConfig::default()
    };
    let spec = WasmToolsetSpec::new(gs_test_plugins::HELLO);

    let first = ToolsetHost::new(config.clone()).unwrap();
    let t = first.load(&spec).unwrap();
    assert!(!t.loaded_from_cache());
    assert_eq!(first.compilations(), 1);
    assert_eq!(cwasm_files(cache.path()).len(), 1);
    // The operator is told of the compilation, which takes seconds for a
    // large component, before it starts.
    let size = std::fs::metadata(&spec.path).unwrap().len();
    assert_eq!(*told.lock().unwrap(), [(spec.path.clone(), size)]);
    drop(first);

    // A restart (a new host) loads the artefact instead of compiling.
    let second = ToolsetHost::new(config.clone()).unwrap();
    let t = second.load(&spec).unwrap();
    assert!(t.loaded_from_cache());
    assert_eq!(second.compilations(), 0);
    assert_eq!(
        told.lock().unwrap().len(),
        1,
        "nothing compiled, nothing told"
    );
    let img = TestImage::new();
    let mut s = t.open_session();
    assert_eq!(
        text(&call(
            &mut *s,
            &img.ctx(false),
            "greet",
            r#"{"name": "cache"}"#
        )),
        "Hello, cache!"
    );

    drop((s, t, second));

    // A damaged entry is recompiled, not trusted.
    for entry in std::fs::read_dir(cache.path()).unwrap() {
        std::fs::write(entry.unwrap().path(), b"garbage").unwrap();
    }
    let third = ToolsetHost::new(config).unwrap();
    let t = third.load(&spec).unwrap();
    assert!(!t.loaded_from_cache());
    assert_eq!(third.compilations(), 1);
}

fn cwasm_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "cwasm"))
        .collect();
    files.sort();
    files
}

#[test]
fn a_cached_artefact_copied_over_another_components_entry_is_not_run() {
    let cache = tempfile::tempdir().unwrap();
    let config = HostConfig {
        cache_dir: Some(cache.path().to_owned()),
        max_instances: 8,
        ..HostConfig::default()
    };
    let hello_spec = WasmToolsetSpec::new(gs_test_plugins::HELLO);
    let first = ToolsetHost::new(config.clone()).unwrap();
    let hello = first.load(&hello_spec).unwrap();
    let hello_entry = cwasm_files(cache.path()).remove(0);
    first
        .load(&WasmToolsetSpec::new(gs_test_plugins::MISBEHAVE))
        .unwrap();
    let misbehave_entry = cwasm_files(cache.path())
        .into_iter()
        .find(|p| *p != hello_entry)
        .unwrap();
    drop((hello, first));

    // The attacker copies misbehave's artefact, and its tag, over hello's.
    std::fs::copy(&misbehave_entry, &hello_entry).unwrap();
    let tag = |p: &std::path::Path| p.with_extension("cwasm.tag");
    std::fs::copy(tag(&misbehave_entry), tag(&hello_entry)).unwrap();

    let second = ToolsetHost::new(config).unwrap();
    let t = second.load(&hello_spec).unwrap();
    assert!(!t.loaded_from_cache(), "the swapped artefact must not load");
    assert_eq!(second.compilations(), 1);
    assert_eq!(
        t.info().name,
        "hello",
        "the pinned component's own code runs"
    );
    assert!(visible(&t, false).contains(&"greet".to_string()));
}

#[test]
fn the_cache_directory_cannot_be_granted_to_a_toolset() {
    let cache = tempfile::tempdir().unwrap();
    let host = ToolsetHost::new(HostConfig {
        cache_dir: Some(cache.path().join("components")),
        max_instances: 4,
        ..HostConfig::default()
    })
    .unwrap();
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::HELLO);
    spec.grants.dirs.push(gs_toolset_host::DirGrant {
        host_path: cache.path().to_owned(),
        guest_path: "/data".into(),
        writable: true,
    });
    let e = host.load(&spec).unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Config);
    assert_eq!(
        e.message,
        format!(
            "granted directory {} overlaps the compiled-artefact cache {}, which holds native \
             code the server runs; grant a directory outside the cache (or move `[engine] \
             cache_dir`)",
            cache.path().display(),
            cache.path().join("components").display()
        )
    );
}

#[test]
fn a_component_file_over_the_size_limit_is_refused_before_it_is_read() {
    let host = ToolsetHost::new(HostConfig {
        max_instances: 2,
        max_component_bytes: 1 << 20,
        ..HostConfig::default()
    })
    .unwrap();
    let e = host.load(&WasmToolsetSpec::new("/dev/zero")).unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Read);
    assert_eq!(
        e.message,
        "the path is not a regular file; point `path` at a `.wasm` component"
    );
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.wasm");
    std::fs::write(&big, vec![0u8; (1 << 20) + 1]).unwrap();
    let e = host.load(&WasmToolsetSpec::new(&big)).unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Read);
    assert_eq!(
        e.message,
        "the component is 1048577 bytes, over the host's limit of 1048576 bytes; check `path` \
         names a component, or raise `[engine] max_component_bytes`"
    );
}

#[test]
fn expose_limits_the_tools_and_names_unknown_ones() {
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::HELLO);
    spec.expose = Some(vec!["greet".into(), "add".into()]);
    let t = shared_host().load(&spec).unwrap();
    assert_eq!(visible(&t, false), ["greet", "add"]);
    let img = TestImage::new();
    let mut s = t.open_session();
    let e = call(&mut *s, &img.ctx(false), "media", "{}").unwrap_err();
    assert_eq!(e.kind, gs_toolset::ErrorKind::NotFound);

    spec.expose = Some(vec!["greet".into(), "gret".into()]);
    let e = shared_host().load(&spec).unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Config);
    assert!(
        e.message
            .starts_with("the `tools` key names tool `gret`, which toolset `hello` does not have"),
        "{}",
        e.message
    );
}

#[test]
fn files_that_are_not_toolsets_are_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.wasm");
    std::fs::write(&junk, b"not wasm at all").unwrap();
    let e = shared_host()
        .load(&WasmToolsetSpec::new(&junk))
        .unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Compile);
    assert!(
        e.message.starts_with("not a valid WebAssembly component")
            && e.message.contains("not WebAssembly at all")
            && !e.message.contains('\n'),
        "{}",
        e.message
    );

    // An empty core module: WebAssembly, but built for a target that makes
    // modules rather than components.
    let module = dir.path().join("module.wasm");
    std::fs::write(&module, b"\0asm\x01\0\0\0").unwrap();
    let e = shared_host()
        .load(&WasmToolsetSpec::new(&module))
        .unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Compile);
    assert!(
        e.message
            .contains("core WebAssembly module, not a component")
            && e.message.contains("wasm32-wasip2"),
        "{}",
        e.message
    );

    let e = shared_host()
        .load(&WasmToolsetSpec::new(dir.path().join("missing.wasm")))
        .unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Read);
    assert!(
        e.message.starts_with("cannot read the component: "),
        "{}",
        e.message
    );
}

#[test]
fn a_memory_limit_above_the_hosts_is_a_config_error() {
    let mut spec = WasmToolsetSpec::new(gs_test_plugins::HELLO);
    spec.limits.memory = 4 << 30;
    let e = shared_host().load(&spec).unwrap_err();
    assert_eq!(e.kind, LoadErrorKind::Config);
    assert!(
        e.message.starts_with("limits.memory is 4294967296 bytes"),
        "{}",
        e.message
    );
}

/// What a 0.1.0 component's tools answer on a fresh fixture session:
/// each call's structured content (or text) or error kind and message.
fn hello_answers(toolset: &gs_toolset_host::WasmToolset) -> Vec<String> {
    let img = TestImage::new();
    let ctx = img.ctx(false);
    ctx.image
        .define_class(&gs_toolset::ClassDefinition {
            name: "Greeter".into(),
            superclass: Some("Object".into()),
            dictionary: "UserGlobals".into(),
            instance_variables: vec![],
            class_variables: vec![],
            class_instance_variables: vec![],
            category: None,
        })
        .unwrap();
    let mut s = toolset.open_session();
    let calls = [
        ("greet", r#"{"name": "Ada"}"#),
        ("add", r#"{"a": 2, "b": 40}"#),
        ("fail", r#"{"kind": "notFound"}"#),
        ("describe_class", r#"{"className": "Object"}"#),
        (
            "compile",
            r#"{"className": "Greeter", "source": "greeting\n\t^ 'hi'"}"#,
        ),
        (
            "compile",
            r#"{"className": "Greeter", "source": "broken ^ 1 +"}"#,
        ),
        ("compile", r#"{"className": "Object", "source": "foo ^ 1"}"#),
        ("implementors", r#"{"selector": "greeting"}"#),
        ("execute", "{\"code\": \"3 + 4\"}"),
        ("execute", "{\"code\": \"1/0\"}"),
    ];
    calls
        .iter()
        .map(|(tool, args)| match call(&mut *s, &ctx, tool, args) {
            Ok(out) => match out.structured {
                Some(v) => format!("{tool}: {v}"),
                None => format!("{tool}: {}", text(&Ok(out))),
            },
            Err(e) => format!("{tool}: {} {} {:?}", e.kind.as_str(), e.message, e.details),
        })
        .collect()
}

#[test]
fn a_component_built_against_0_1_0_loads_and_answers_as_it_did() {
    let bytes = std::fs::read(gs_test_plugins::HELLO_0_1_0).unwrap();
    let has = |s: &str| bytes.windows(s.len()).any(|w| w == s.as_bytes());
    assert!(has("gemstone:mcp/tools@0.1.0") && has("gemstone:mcp/image@0.1.0"));
    assert!(!has("@0.1.1"), "the fixture must be the 0.1.0 build");

    let old = load(
        gs_test_plugins::HELLO_0_1_0,
        all_grants(),
        Default::default(),
    );
    assert_eq!(
        old.info()
            .tools
            .iter()
            .map(|t| t.name.as_str())
            .collect::<Vec<_>>(),
        hello()
            .info()
            .tools
            .iter()
            .map(|t| t.name.as_str())
            .collect::<Vec<_>>()
    );
    let answers = hello_answers(&old);
    assert_eq!(answers[0], "greet: Hello, Ada!");
    assert_eq!(answers[1], r#"add: {"sum":42}"#);
    assert_eq!(answers[4], "compile: compiled Greeter>>greeting");
    assert!(
        answers[5].starts_with("compile: compileError "),
        "{}",
        answers[5]
    );
    assert!(
        answers[6].starts_with(
            "compile: refused cannot compile a method into Object: it is a kernel class"
        ),
        "{}",
        answers[6]
    );
    assert_eq!(
        answers[7],
        r#"implementors: {"implementors":["Greeter>>greeting"],"truncated":false}"#
    );
    assert_eq!(answers[8], "execute: 7");
    // The 0.1.0 functions carry no details, and a tool's own error built
    // from one gets none either.
    assert!(
        answers[9].starts_with("execute: other ") && answers[9].ends_with(" None"),
        "{}",
        answers[9]
    );
    // The same plug-in built from today's tree (against the newest
    // version) answers exactly the same.
    assert_eq!(answers, hello_answers(hello()));
}

#[test]
fn a_component_built_against_0_1_4_loads_and_answers_as_it_did() {
    let bytes = std::fs::read(gs_test_plugins::HELLO_0_1_4).unwrap();
    let has = |s: &str| bytes.windows(s.len()).any(|w| w == s.as_bytes());
    assert!(has("gemstone:mcp/tools@0.1.4") && has("gemstone:mcp/settings@0.1.4"));
    assert!(!has("@0.1.5"), "the fixture must be the 0.1.4 build");
    let old = load(
        gs_test_plugins::HELLO_0_1_4,
        all_grants(),
        Default::default(),
    );
    let names = |t: &gs_toolset_host::WasmToolset| -> Vec<String> {
        t.info().tools.iter().map(|t| t.name.clone()).collect()
    };
    assert_eq!(names(&old), names(hello()));
    assert!(
        old.info()
            .tools
            .iter()
            .all(|t| t.task_support == gs_toolset::TaskSupport::Forbidden),
        "a 0.1.4 component declares no task support"
    );
    assert_eq!(hello_answers(&old), hello_answers(hello()));
}

/// A component of 0.1.5, the last version before `offer-requirements`,
/// loads and answers as today's build of the same plug-in, which exports
/// that interface.
#[test]
fn a_component_built_against_0_1_5_loads_and_answers_as_it_did() {
    let has = |bytes: &[u8], s: &str| bytes.windows(s.len()).any(|w| w == s.as_bytes());
    let fixture = std::fs::read(gs_test_plugins::HELLO_0_1_5).unwrap();
    assert!(has(&fixture, "gemstone:mcp/tasks@0.1.5"));
    assert!(
        !has(&fixture, "@0.1.6") && !has(&fixture, "offer-requirements"),
        "the fixture must be the 0.1.5 build"
    );
    let today = std::fs::read(gs_test_plugins::HELLO).unwrap();
    assert!(has(&today, "gemstone:mcp/offer-requirements@0.1.6"));
    let old = load(
        gs_test_plugins::HELLO_0_1_5,
        all_grants(),
        Default::default(),
    );
    let names = |t: &gs_toolset_host::WasmToolset| -> Vec<String> {
        t.info().tools.iter().map(|t| t.name.clone()).collect()
    };
    assert_eq!(names(&old), names(hello()));
    assert!(old.offers_left_out().is_empty());
    assert_eq!(hello_answers(&old), hello_answers(hello()));
}

#[test]
fn a_fifo_named_as_a_component_is_refused_without_waiting_for_a_writer() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("acme.wasm");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo");
    let host = ToolsetHost::new(HostConfig {
        max_instances: 2,
        ..HostConfig::default()
    })
    .unwrap();
    // Run on a thread of its own: a load that opened the FIFO would wait
    // for a writer for ever.
    let (done, outcome) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let e = host.load(&WasmToolsetSpec::new(&fifo)).unwrap_err();
        let _ = done.send((e.kind, e.message));
    });
    let (kind, message) = outcome
        .recv_timeout(std::time::Duration::from_secs(30))
        .expect("the load answers instead of waiting for a writer");
    assert_eq!(kind, LoadErrorKind::Read);
    assert_eq!(
        message,
        "the path is not a regular file; point `path` at a `.wasm` component"
    );
}
