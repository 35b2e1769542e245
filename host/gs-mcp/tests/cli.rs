//! The `gs-mcp` binary as an operator and a client use it: every command,
//! its output, its errors (`gs-mcp: …` with the fix) and its exit codes.
//! The servers run as real processes on real sockets and stdio, with the
//! `hello` test plug-in as the toolset.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};

use serde_json::{Value, json};

mod common;
use common::{Log, Running, bin, http_post, text};

fn run(dir: &Path, args: &[&str]) -> Output {
    bin()
        .args(args)
        .env("HOME", dir)
        .env_remove("XDG_DATA_HOME")
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .output()
        .unwrap()
}

fn hello_config(dir: &Path, extra: &str) -> PathBuf {
    let path = dir.join("toolsets.toml");
    std::fs::write(
        &path,
        format!(
            "[[toolset]]\npath = {:?}\ngrants = [\"image:read\", \"image:execute\", \"image:write\"]\n{extra}",
            gs_test_plugins::HELLO
        ),
    )
    .unwrap();
    path
}

#[test]
fn check_reports_a_bad_key_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("toolsets.toml");
    std::fs::write(&cfg, "[sessions]\nidle_timeout = 5\n").unwrap();
    let out = run(dir.path(), &["check", "--config", cfg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "gs-mcp: {}: line 2, column 1: in `sessions`: unknown field `idle_timeout`",
            cfg.display()
        )),
        "{err}"
    );
}

/// The shared request-state key is read and checked by `check`, and its
/// value never printed.
#[test]
fn check_reads_the_request_state_key_and_refuses_a_short_one() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("toolsets.toml");
    std::fs::write(
        &cfg,
        "[[toolset]]\nbuiltin = true\n[http]\nrequest_state_key = { file = \"state.key\" }\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("state.key"), "tooshort-0451\n").unwrap();
    let out = run(dir.path(), &["check", "--config", cfg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(
        err.contains("`http.request_state_key`: the key in the file")
            && err.contains("is 13 bytes, shorter than the 32 a key must have"),
        "{err}"
    );
    assert!(!err.contains("tooshort"), "{err}");
    std::fs::write(
        dir.path().join("state.key"),
        format!("{}\n", "ab".repeat(32)),
    )
    .unwrap();
    let out = run(dir.path(), &["check", "--config", cfg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn check_names_the_missing_gemstone_settings() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("toolsets.toml");
    std::fs::write(
        &cfg,
        "[image]\nbackend = \"gemstone\"\ngemstone = \"/opt/gs\"\n",
    )
    .unwrap();
    let out = run(dir.path(), &["check", "--config", cfg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("`image.stone`: is required"));
}

/// `check` opens an existing embedded image, so a damaged or foreign file
/// is found before `serve`; it creates nothing, and an image a running
/// server holds is noted, not failed.
#[test]
fn check_opens_the_embedded_image_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("toolsets.toml");
    let check = |image: &str| {
        std::fs::write(
            &cfg,
            format!("[image]\npath = {image:?}\n[[toolset]]\nbuiltin = true\n"),
        )
        .unwrap();
        run(dir.path(), &["check", "--config", cfg.to_str().unwrap()])
    };

    let out = check("new.gsimage");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("new.gsimage does not exist yet; `serve` creates it"),
        "{}",
        text(&out.stdout)
    );
    assert!(!dir.path().join("new.gsimage").exists());

    std::fs::write(dir.path().join("junk.gsimage"), "not an image\n").unwrap();
    let out = check("junk.gsimage");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("gs-mcp: cannot open the image ")
            && err.contains("junk.gsimage is not an image file or is damaged"),
        "{err}"
    );

    // A dangling link is no missing image: it is refused, not created.
    std::os::unix::fs::symlink(dir.path().join("nowhere"), dir.path().join("link.gsimage"))
        .unwrap();
    let out = check("link.gsimage");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).starts_with("gs-mcp: cannot open the image "),
        "{}",
        text(&out.stderr)
    );

    let image = gs_image::Image::open(dir.path().join("held.gsimage")).unwrap();
    let out = check("held.gsimage");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("held.gsimage is open in another process"),
        "{}",
        text(&out.stdout)
    );
    drop(image);
    let out = check("held.gsimage");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("held.gsimage opens (commit 1)"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn check_loads_every_plugin_and_reports_failures() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = hello_config(dir.path(), "");
    let out = run(dir.path(), &["check", "--config", cfg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let so = text(&out.stdout);
    assert!(so.contains("ok: toolset hello"), "{so}");
    assert!(so.contains("is valid:"), "{so}");

    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        format!(
            "[[toolset]]\npath = {:?}\nsha256 = \"{}\"\n[[toolset]]\npath = \"missing.wasm\"\n",
            gs_test_plugins::HELLO,
            "0".repeat(64)
        ),
    )
    .unwrap();
    let out = run(dir.path(), &["check", "--config", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("gs-mcp: 2 toolset(s) failed to load:\ngs-mcp: toolset[0]: "),
        "{err}"
    );
    assert!(
        err.contains("toolset[1]: ") && err.contains("missing.wasm"),
        "{err}"
    );
}

#[test]
fn check_refuses_more_plug_in_descriptors_than_the_server_may_open() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = hello_config(dir.path(), "[engine]\nmax_descriptors = 1000000000000\n");
    let out = run(dir.path(), &["check", "--config", cfg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "the WebAssembly engine could not start: plug-ins may hold 1000000000000 \
             descriptors open, more than the server itself may open ("
        ) && err.contains("lower `[engine] max_descriptors`, or raise the limit (`ulimit -n`)"),
        "{err}"
    );
    let within = hello_config(dir.path(), "[engine]\nmax_descriptors = 64\n");
    let out = run(dir.path(), &["check", "--config", within.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn tools_lists_the_surface_and_marks_read_only_safe_tools() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = hello_config(dir.path(), "tools = [\"greet\", \"compile\"]\n");
    let out = run(dir.path(), &["tools", "--config", cfg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let so = text(&out.stdout);
    let lines: Vec<&str> = so.lines().collect();
    assert_eq!(lines.len(), 2, "{so}");
    assert!(
        lines[0].starts_with("greet")
            && lines[0].contains("hello")
            && lines[0].contains("read-only-safe"),
        "{so}"
    );
    assert!(
        lines[1].starts_with("compile") && lines[1].contains("changes the image"),
        "{so}"
    );
}

/// A resource template needing a grant the operator did not give is left
/// out with a note naming it, as a tool is.
#[test]
fn a_resource_without_its_grant_is_left_out_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("toolsets.toml");
    std::fs::write(
        &cfg,
        format!(
            "[[toolset]]\npath = {:?}\ngrants = [\"image:read\"]\n",
            gs_test_plugins::ACME_DB
        ),
    )
    .unwrap();
    let out = run(dir.path(), &["tools", "--config", cfg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let so = text(&out.stdout);
    assert!(
        so.contains(
            "note: toolset `acme_db`: resource template `acme://customers/{name}/orders` is left \
             out: it needs `image:execute`, which toolset[0] in the configuration does not grant \
             (to offer it, add \"image:execute\" to its `grants`)"
        ),
        "{so}"
    );
}

#[test]
fn a_tool_s_grants_are_listed_and_a_tool_without_them_is_left_out_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let only = "tools = [\"greet\", \"http_get\"]\n";
    let cfg = hello_config(dir.path(), only);
    let out = run(dir.path(), &["tools", "--config", cfg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let so = text(&out.stdout);
    assert!(
        so.lines().next().is_some_and(|l| l.starts_with("greet")),
        "{so}"
    );
    assert!(!so.lines().any(|l| l.starts_with("http_get")), "{so}");
    assert!(
        so.contains(
            "note: toolset `hello`: tool `http_get` is left out: it needs `net`, which \
             toolset[0] in the configuration does not grant (to offer it, list the origins it \
             may reach in its `net`)"
        ),
        "{so}"
    );
    let cfg = hello_config(
        dir.path(),
        &format!("{only}net = [\"https://api.acme.example\"]\n"),
    );
    let out = run(
        dir.path(),
        &["tools", "--config", cfg.to_str().unwrap(), "--json"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let surface: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let grants: Vec<(String, serde_json::Value)> = surface["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap().to_string(), t["grants"].clone()))
        .collect();
    assert_eq!(
        grants,
        [
            ("greet".to_string(), serde_json::json!([])),
            ("http_get".to_string(), serde_json::json!(["net"]))
        ]
    );
    let out = run(dir.path(), &["tools", "--config", cfg.to_str().unwrap()]);
    let so = text(&out.stdout);
    assert!(
        so.lines()
            .any(|l| l.starts_with("http_get") && l.ends_with("(needs net)")),
        "{so}"
    );
}

#[test]
fn tools_shows_which_tools_may_run_as_tasks() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("toolsets.toml");
    std::fs::write(
        &cfg,
        format!(
            "[[toolset]]\npath = {:?}\ntools = [\"slow_compute\", \"failing_job\", \"test_simple_text\"]\n",
            gs_test_plugins::CONFORMANCE
        ),
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["tools", "--config", cfg.to_str().unwrap(), "--json"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let surface: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let support: Vec<(String, serde_json::Value)> = surface["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["taskSupport"].clone(),
            )
        })
        .collect();
    assert_eq!(
        support,
        [
            ("slow_compute".to_string(), serde_json::json!("optional")),
            ("failing_job".to_string(), serde_json::json!("required")),
            (
                "test_simple_text".to_string(),
                serde_json::json!("forbidden")
            ),
        ]
    );
    let out = run(dir.path(), &["tools", "--config", cfg.to_str().unwrap()]);
    let so = text(&out.stdout);
    assert!(
        so.lines()
            .any(|l| l.starts_with("failing_job") && l.ends_with("(tasks: required)")),
        "{so}"
    );
    assert!(
        so.lines()
            .any(|l| l.starts_with("test_simple_text") && !l.contains("tasks:")),
        "{so}"
    );
}

#[test]
fn tools_without_config_lists_the_31_builtin_tools() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(dir.path(), &["tools"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let so = text(&out.stdout);
    let lines: Vec<&str> = so.lines().collect();
    assert_eq!(lines.len(), 31, "{so}");
    let line = |name: &str| {
        *lines
            .iter()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("{name} missing from:\n{so}"))
    };
    assert!(line("describe_class").contains("read-only-safe"), "{so}");
    assert!(line("commit").contains("changes the image"), "{so}");
    assert!(line("execute_code").contains("changes the image"), "{so}");
}

#[test]
fn a_builtin_family_name_exposes_the_whole_family() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("toolsets.toml");
    std::fs::write(
        &cfg,
        "[[toolset]]\nbuiltin = true\ntools = [\"session\", \"find_senders\"]\n",
    )
    .unwrap();
    let out = run(dir.path(), &["tools", "--config", cfg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let so = text(&out.stdout);
    let names: Vec<&str> = so
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        names,
        ["abort", "commit", "refresh", "status", "find_senders"],
        "{so}"
    );
}

/// Runs `gs-mcp image load --image IMAGE [extra…] FILE`.
fn image_load(dir: &Path, image: &Path, extra: &[&str], file: &Path) -> Output {
    let mut args = vec!["image", "load", "--image", image.to_str().unwrap()];
    args.extend_from_slice(extra);
    args.push(file.to_str().unwrap());
    run(dir, &args)
}

/// A Topaz doit defining `name` under `superclass` in UserGlobals, with no
/// variables, in GemStone 3.x's full form.
fn class_doit(superclass: &str, name: &str) -> String {
    format!(
        "doit\n{superclass} subclass: '{name}'\n  instVarNames: #()\n  classVars: #()\n  \
         classInstVars: #()\n  poolDictionaries: #()\n  inDictionary: UserGlobals\n  \
         options: #()\n%\n"
    )
}

/// Asserts that an `image load` succeeded and its summary says `summary`.
fn assert_loaded(out: &Output, summary: &str) {
    let (so, err) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{so}{err}");
    assert!(so.contains(summary), "{so}");
}

#[test]
fn image_load_files_in_commits_and_reports_failures_by_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("app.gsimage");
    let good = dir.path().join("good.gs");
    std::fs::write(
        &good,
        "run\nObject subclass: 'Account'\n  instVarNames: #( balance )\n  classVars: #()\n  classInstVars: #()\n  poolDictionaries: #()\n  inDictionary: UserGlobals\n%\ncategory: 'accessing'\nmethod: Account\nbalance\n\t^balance\n%\n",
    )
    .unwrap();
    let out = image_load(dir.path(), &image, &[], &good);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(
        text(&out.stdout).starts_with(
            "1 file(s): 1 class(es) defined, 1 method(s) compiled, 0 failure(s); committed to"
        ),
        "{}",
        text(&out.stdout)
    );
    // Progress is for a terminal: with its output piped, the load is quiet.
    assert_eq!(text(&out.stderr), "", "nothing but failures and notes");

    let bad = dir.path().join("bad.gs");
    std::fs::write(&bad, "category: 'x'\nmethod: Account\nbroken ^ ^\n%\n").unwrap();
    let out = image_load(dir.path(), &image, &[], &bad);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("bad.gs:"), "{err}");
    assert!(
        err.contains(
            "gs-mcp: 1 failure(s) (listed above by file and line); everything else was committed"
        ),
        "{err}"
    );
}

/// A project that declares its class names as nil in a doit (so its
/// classes can refer to each other in any order), then defines them, loads
/// whole: a name declared as nil is free for a class, as in GemStone.
/// Before, every class was refused as "bound to a global value".
#[test]
fn image_load_defines_classes_over_names_a_doit_declared_as_nil() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("app.gsimage");
    let file = dir.path().join("declared.gs");
    let define = |name: &str| class_doit("Object", name);
    std::fs::write(
        &file,
        format!(
            "run\n| d |\nd := UserGlobals.\n#(#Alpha #Beta) do: [:s | d at: s put: nil].\ntrue\n%\n\
             {}method: Alpha\npartner\n  ^ Beta new\n%\n{}\
             expectvalue true\ndoit\nAlpha new partner class == Beta\n%\n",
            define("Alpha"),
            define("Beta")
        ),
    )
    .unwrap();
    let out = image_load(dir.path(), &image, &[], &file);
    assert_loaded(&out, "2 class(es) defined, 1 method(s) compiled");
}

/// `subclass:` of ByteArray or Array makes a class whose instances are
/// sized with `new:`, as in GemStone (GsDevKit's UUID is such a class).
#[test]
fn image_load_gives_a_plain_subclass_of_an_indexable_class_its_format() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("app.gsimage");
    let file = dir.path().join("sized.gs");
    let mut source = String::new();
    for (superclass, name) in [("ByteArray", "Uuid"), ("Array", "Row")] {
        source.push_str(&class_doit(superclass, name));
    }
    source.push_str("expectvalue 16\ndoit\n(Uuid new: 16) size\n%\n");
    source.push_str("expectvalue 3\ndoit\n(Row new: 3) size\n%\n");
    std::fs::write(&file, source).unwrap();
    let out = image_load(dir.path(), &image, &[], &file);
    assert_loaded(&out, "2 class(es) defined");
}

/// `input $VAR/file` expands the variable, as Topaz does (GsDevKit's
/// bootstrap scripts say `input $GS_HOME/...`); an unset one is named.
#[test]
fn image_load_expands_environment_variables_in_input_lines() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("app.gsimage");
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    std::fs::write(sub.join("x.gs"), "run\nUserGlobals at: #FromX put: 1\n%\n").unwrap();
    let main = dir.path().join("main.gs");
    std::fs::write(
        &main,
        "input $GS_MCP_TEST_DIR/x.gs\ninput ${GS_MCP_TEST_UNSET}/y.gs\n",
    )
    .unwrap();
    let mut args = vec!["image", "load", "--image", image.to_str().unwrap()];
    args.push(main.to_str().unwrap());
    let out = bin()
        .args(&args)
        .current_dir(dir.path())
        .env("HOME", dir.path())
        .env("GS_MCP_TEST_DIR", &sub)
        .env_remove("GS_MCP_TEST_UNSET")
        .output()
        .unwrap();
    let (so, err) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{so}{err}");
    assert!(so.starts_with("2 file(s)"), "{so}");
    assert!(
        err.contains(
            "main.gs:2: `input ${GS_MCP_TEST_UNSET}/y.gs`: environment variable \
             GS_MCP_TEST_UNSET is not set; set it, or pass the files to load instead"
        ),
        "{err}"
    );
    let image = gs_image::Image::open(&image).unwrap();
    assert!(image.session().entry("UserGlobals", "FromX").is_some());
}

/// A directory of files that each start with a doit (as GsDevKit's
/// Cypress file-outs do) loads as a whole: a class whose superclass a later
/// file defines, a method naming a later file's class, and an extension
/// method of a later file's class wait for that file, where before they
/// failed in file-name order.
#[test]
fn image_load_of_a_directory_waits_for_classes_later_files_define() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("app.gsimage");
    let project = dir.path().join("project");
    std::fs::create_dir(&project).unwrap();
    // Each file starts with a doit the interpreter runs, as Cypress's do.
    let define = |superclass: &str, name: &str| {
        format!(
            "run\n| x | x := 3 + 4.\n%\n{}",
            class_doit(superclass, name)
        )
    };
    std::fs::write(
        project.join("a-derived.gs"),
        format!(
            "{}method: Derived\nuseBase\n  ^ Base new\n%\nmethod: Extra\nhello\n  ^ 1\n%\n",
            define("Base", "Derived")
        ),
    )
    .unwrap();
    std::fs::write(project.join("b-base.gs"), define("Object", "Base")).unwrap();
    std::fs::write(
        project.join("c-extra.gs"),
        format!(
            "{}expectvalue 1\ndoit\nExtra new hello\n%\n",
            define("Object", "Extra")
        ),
    )
    .unwrap();
    let out = image_load(dir.path(), &image, &[], &project);
    assert_loaded(&out, "3 class(es) defined, 2 method(s) compiled");
}

#[test]
fn image_load_into_an_image_another_process_holds_says_to_stop_it() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("held.gsimage");
    let file = dir.path().join("one.gs");
    std::fs::write(&file, "run\n3 + 4\n%\n").unwrap();
    // This test's process holds the image, as a running server would.
    let _held = gs_image::Image::open(&image).unwrap();
    let out = image_load(dir.path(), &image, &[], &file);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("another process has it open (a running `gs-mcp serve`"),
        "{err}"
    );
    assert!(err.contains("stop that process first"), "{err}");
    assert!(!err.contains("  "), "one line, no runs of spaces: {err}");
    assert!(!err.contains("Clone"), "no advice for library users: {err}");
}

fn start_server_with(dir: &Path, cfg: &Path, env: &[(&str, &str)]) -> (Running, SocketAddr, Log) {
    let image = dir.join("srv.gsimage");
    common::serve(dir, cfg, env, &["--image", image.to_str().unwrap()])
}

fn start_server(dir: &Path, cfg: &Path) -> (Running, SocketAddr) {
    let (server, addr, _) = start_server_with(dir, cfg, &[]);
    (server, addr)
}

#[test]
fn serve_answers_mcp_over_http_with_a_wasm_toolset() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = hello_config(dir.path(), "");
    let (server, addr) = start_server(dir.path(), &cfg);
    // Loading the plug-in ran its `describe` inside the server's own
    // runtime: WASI started no second one (two more worker threads, idle
    // for the life of the process).
    #[cfg(target_os = "linux")]
    {
        let tasks = std::fs::read_dir(format!("/proc/{}/task", server.0.id())).unwrap();
        let workers = tasks
            .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
            .filter(|name| name.trim() == "tokio-rt-worker")
            .count();
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert!(
            workers <= cores,
            "{workers} runtime threads on {cores} cores"
        );
    }
    let (status, sid, init) = http_post(
        addr,
        None,
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18"}}),
    );
    assert_eq!(status, 200);
    assert_eq!(sid.len(), 32);
    assert_eq!(init["result"]["serverInfo"]["name"], "gs-mcp");
    assert_eq!(init["result"]["protocolVersion"], "2025-06-18");
    let (_, _, r) = http_post(
        addr,
        Some(&sid),
        &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "greet", "arguments": {"name": "Ann"}}}),
    );
    assert_eq!(r["result"]["content"][0]["text"], "Hello, Ann!", "{r}");
    let (_, _, r) = http_post(
        addr,
        Some(&sid),
        &json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "describe_class", "arguments": {"className": "Object"}}}),
    );
    assert_eq!(r["result"]["isError"], false, "{r}");
    // Smalltalk runs in the session through the interpreter.
    let (_, _, r) = http_post(
        addr,
        Some(&sid),
        &json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "execute", "arguments": {"code": "3 + 4"}}}),
    );
    assert_eq!(r["result"]["isError"], false, "{r}");
    assert!(
        r["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains('7'),
        "{r}"
    );
    drop(server);
}

/// A `gs-mcp stdio` server on `cfg` (with `env` set), and a client that
/// sends one message and reads one answer line. Its stderr goes to
/// `dir/stderr.log`.
struct StdioServer {
    child: Child,
    stdin: std::process::ChildStdin,
    stdout: BufReader<std::process::ChildStdout>,
}

impl StdioServer {
    fn start(dir: &Path, cfg: &Path, env: &[(&str, &str)]) -> StdioServer {
        let mut child = bin()
            .args([
                "stdio",
                "--config",
                cfg.to_str().unwrap(),
                "--image",
                dir.join("s.gsimage").to_str().unwrap(),
            ])
            .env("HOME", dir)
            .env("XDG_CACHE_HOME", dir.join("cache"))
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(dir.join("stderr.log")).unwrap())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        StdioServer {
            child,
            stdin,
            stdout,
        }
    }

    fn ask(&mut self, msg: Value) -> Value {
        self.send(msg);
        self.read()
    }

    fn send(&mut self, msg: Value) {
        writeln!(self.stdin, "{msg}").unwrap();
    }

    fn read(&mut self) -> Value {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
    }

    /// A tool call at revision 2026-07-28 (no session; `_meta` on the
    /// request).
    fn call_stateless(&mut self, id: u64, tool: &str, arguments: Value) -> Value {
        self.ask(
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
            "name": tool, "arguments": arguments, "_meta": stateless_meta()}}),
        )
    }

    fn initialize(&mut self) -> Value {
        self.ask(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                        "params": {"protocolVersion": "2025-11-25"}}))
    }

    /// Calls the built-in `execute_code` with `code`.
    fn execute_code(&mut self, id: u64, code: &str) -> Value {
        self.ask(json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                        "params": {"name": "execute_code", "arguments": {"code": code}}}))
    }

    /// Closes stdin and answers whether the server exited cleanly.
    fn finish(self) -> bool {
        let StdioServer {
            mut child, stdin, ..
        } = self;
        drop(stdin);
        child.wait().unwrap().success()
    }
}

/// An initialized stdio server offering the built-in toolset alone, on
/// the image `dir/s.gsimage`.
fn builtin_stdio(dir: &Path) -> StdioServer {
    let cfg = dir.join("builtin.toml");
    std::fs::write(&cfg, "[[toolset]]\nbuiltin = true\n").unwrap();
    let mut server = StdioServer::start(dir, &cfg, &[]);
    server.initialize();
    server
}

/// Waits up to `secs` for `child` to exit, killing it if it does not.
fn exits_within(child: &mut Child, secs: u64) -> Option<std::process::ExitStatus> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while std::time::Instant::now() < deadline {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// A client that goes away — closing the server's output, with its input
/// still open or closed too — while a call runs forever: the call is
/// stopped and the server exits, successfully, instead of running on for
/// no one (or, with the input open, reading on).
#[test]
fn stdio_exits_when_its_client_goes_with_a_call_still_running() {
    for close_input in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let mut server = builtin_stdio(dir.path());
        server.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                           "params": {"name": "execute_code",
                                      "arguments": {"code": "[true] whileTrue: [nil]"}}}));
        std::thread::sleep(std::time::Duration::from_millis(300));
        let StdioServer {
            mut child,
            stdin,
            stdout,
        } = server;
        drop(stdout);
        let open_input = (!close_input).then_some(stdin);
        let status = exits_within(&mut child, 20);
        let log = std::fs::read_to_string(dir.path().join("stderr.log")).unwrap();
        let status = status.unwrap_or_else(|| {
            panic!("still running 20 s after its client went (input closed: {close_input}): {log}")
        });
        assert!(status.success(), "{status}: {log}");
        assert!(!log.contains("panicked"), "{log}");
        drop(open_input);
    }
}

#[test]
fn stdio_serves_one_client_and_keeps_stdout_for_protocol() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = hello_config(dir.path(), "");
    let mut server = StdioServer::start(dir.path(), &cfg, &[]);
    let init = server.initialize();
    assert_eq!(init["result"]["protocolVersion"], "2025-11-25");
    let r = server.ask(
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "add", "arguments": {"a": 2, "b": 3}}}),
    );
    assert_eq!(r["id"], 2);
    assert_eq!(r["result"]["isError"], false, "{r}");
    let r = server.ask(json!([1]));
    assert_eq!(r["error"]["code"], -32600);
    assert!(server.finish());
}

fn stateless_meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    })
}

/// A client of revision 2026-07-28 over stdio, with no `initialize`: it
/// keeps an image session by handle, and a `subscriptions/listen` on the
/// same pipe hears of that session's commit until the client cancels it.
#[test]
fn a_stateless_stdio_client_keeps_a_session_by_handle_and_listens_for_its_commit() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("builtin.toml");
    std::fs::write(&cfg, "[[toolset]]\nbuiltin = true\n").unwrap();
    let mut server = StdioServer::start(dir.path(), &cfg, &[]);
    let opened = server.call_stateless(1, "open_session", json!({}));
    assert_eq!(opened["result"]["resultType"], "complete", "{opened}");
    let handle = opened["result"]["structuredContent"]["session"]
        .as_str()
        .unwrap()
        .to_string();
    let defined = server.call_stateless(
        2,
        "execute_code",
        json!({"session": handle, "code": "Object subclass: 'StdioProbe' instVarNames: #() \
            classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals \
            options: #()"}),
    );
    assert_eq!(defined["result"]["isError"], false, "{defined}");

    let uri = "gemstone://method/StdioProbe/instance/probe";
    let ack = server.ask(
        json!({"jsonrpc": "2.0", "id": 10, "method": "subscriptions/listen",
        "params": {"_meta": stateless_meta(),
                   "notifications": {"resourceSubscriptions": [uri]}}}),
    );
    assert_eq!(
        ack["method"], "notifications/subscriptions/acknowledged",
        "{ack}"
    );
    assert_eq!(
        ack["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"],
        10
    );
    assert_eq!(
        ack["params"]["notifications"]["resourceSubscriptions"],
        json!([uri])
    );

    // The compile commits at once: its answer and the update arrive in
    // either order.
    server.send(
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
        "name": "compile_method", "_meta": stateless_meta(),
        "arguments": {"session": handle, "className": "StdioProbe", "source": "probe ^42"}}}),
    );
    let (mut compiled, mut updated) = (None, None);
    while compiled.is_none() || updated.is_none() {
        let line = server.read();
        if line["id"] == 3 {
            compiled = Some(line);
        } else {
            updated = Some(line);
        }
    }
    let compiled = compiled.unwrap();
    assert_eq!(compiled["result"]["isError"], false, "{compiled}");
    let updated = updated.unwrap();
    assert_eq!(
        updated["method"], "notifications/resources/updated",
        "{updated}"
    );
    assert_eq!(updated["params"]["uri"], uri);
    assert_eq!(
        updated["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"],
        10
    );

    // Cancelled, the subscription says nothing more: the next change's
    // answer is the next line.
    server.send(
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                       "params": {"requestId": 10}}),
    );
    let recompiled = server.call_stateless(
        5,
        "compile_method",
        json!({"session": handle, "className": "StdioProbe", "source": "probe ^43"}),
    );
    assert_eq!(recompiled["id"], 5, "{recompiled}");
    let closed = server.call_stateless(7, "close_session", json!({"session": handle}));
    assert_eq!(closed["result"]["isError"], false, "{closed}");
    assert!(server.finish());
}

#[test]
fn a_read_only_server_mounts_a_read_write_preopen_read_only() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let cfg = dir.path().join("toolsets.toml");
    let toolset = |read_only: bool| {
        format!(
            "read_only = {read_only}\n[[toolset]]\npath = {:?}\npreopen = [{{ host = {:?}, guest = \"/data\", mode = \"rw\" }}]\n",
            gs_test_plugins::MISBEHAVE,
            data
        )
    };
    let write = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                       "params": {"name": "write_file", "arguments": {"path": "/data/note"}}});
    // The plug-in says its `write_file` is read-only-safe, so a read-only
    // server offers it: only the mount stops the write.
    std::fs::write(&cfg, toolset(true)).unwrap();
    let mut server = StdioServer::start(dir.path(), &cfg, &[]);
    server.initialize();
    let r = server.ask(write.clone());
    let said = r["result"]["content"][0]["text"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(said.starts_with("denied: "), "{r}");
    assert!(!data.join("note").exists());
    assert!(server.finish());
    // The same configuration, read-write: the write lands.
    std::fs::write(&cfg, toolset(false)).unwrap();
    let mut server = StdioServer::start(dir.path(), &cfg, &[]);
    server.initialize();
    let r = server.ask(write);
    assert_eq!(r["result"]["content"][0]["text"], "written", "{r}");
    assert!(data.join("note").exists());
    assert!(server.finish());
}

#[test]
fn the_message_trace_writes_one_line_per_message_and_never_headers() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = hello_config(dir.path(), "");
    let (server, addr, log) = start_server_with(
        dir.path(),
        &cfg,
        &[("GS_MCP_TRACE", "1"), ("GS_MCP_TRACE_LIMIT", "40")],
    );
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}"#;
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAuthorization: Bearer SECRET-TOKEN\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    assert!(raw.starts_with("HTTP/1.1 200"), "{raw}");
    let sid = raw
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .starts_with("mcp-session-id:")
                .then(|| l[15..].trim().to_string())
        })
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    drop(server);
    let log = log.lock().unwrap().clone();
    assert!(!log.contains("SECRET-TOKEN"), "{log}");
    assert!(
        log.contains(&format!(
            "--> POST /mcp session - {} chars: {}...(+{} more)",
            body.len(),
            &body[..40],
            body.len() - 40
        )),
        "{log}"
    );
    assert!(log.contains(&format!("<-- 200 session {sid} ")), "{log}");
}

/// An operator's load may add extension methods to kernel classes, as
/// GemStone projects do; `--no-kernel-extensions` refuses them; either way
/// no client's tool may change a kernel class.
#[test]
fn image_load_adds_kernel_extension_methods_unless_told_not_to() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("s.gsimage");
    let load = |file: &str, source: &str, extra: &[&str]| {
        let path = dir.path().join(file);
        std::fs::write(&path, source).unwrap();
        image_load(dir.path(), &image, extra, &path)
    };
    let out = load(
        "ext.gs",
        "category: '*acme-extensions'\nmethod: Object\ntheAnswer\n\t^42\n%\n",
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with(
            "1 file(s): 0 class(es) defined, 1 method(s) compiled (1 of them kernel extension \
             method(s)), 0 failure(s); committed to"
        ),
        "{}",
        text(&out.stdout)
    );

    let out = load(
        "refused.gs",
        "category: '*acme-extensions'\nmethod: Object\ntheQuestion\n\t^nil\n%\n",
        &["--no-kernel-extensions"],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("refused.gs:3"), "{err}");
    assert!(err.contains("load without --no-kernel-extensions"), "{err}");

    // The extension is in the image a server serves; a client still
    // cannot change Object.
    let mut server = builtin_stdio(dir.path());
    let r = server.execute_code(2, "3 theAnswer");
    assert_eq!(r["result"]["structuredContent"]["result"], "42", "{r}");
    let r = server.execute_code(3, "3 theQuestion");
    assert_eq!(r["result"]["isError"], true, "{r}");
    let r = server.ask(json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": {"name": "compile_method",
                   "arguments": {"className": "Object", "source": "theAnswer ^43"}}}));
    assert_eq!(
        r["result"]["structuredContent"]["error"]["kind"], "refused",
        "{r}"
    );
    assert!(server.finish());
}

/// `gs-mcp image load` runs the doits the file-in cannot apply itself
/// through the interpreter, at their place in the files; a failing one is
/// reported by file and line and the load goes on.
#[test]
fn image_load_runs_doits_in_file_order_and_reports_the_failing_ones() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("s.gsimage");
    let source = dir.path().join("app.gs");
    std::fs::write(
        &source,
        "run\nUserGlobals at: #Rate put: 3 / 4\n%\n\
         run\n| total |\ntotal := 0.\n1 to: 10 do: [:i | total := total + i].\nUserGlobals at: #Total put: total\n%\n\
         run\nObject subclass: 'Account'\n  instVarNames: #( balance )\n  classVars: #()\n  classInstVars: #()\n  poolDictionaries: #()\n  inDictionary: UserGlobals\n%\n\
         category: 'accessing'\nmethod: Account\ndoubled\n\t^Total * 2\n%\n\
         run\nUserGlobals at: #Doubled put: Account new doubled\n%\n\
         run\n1 / 0\n%\n",
    )
    .unwrap();
    let out = image_load(dir.path(), &image, &[], &source);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.starts_with(
            "1 file(s): 1 class(es) defined, 1 method(s) compiled, 3 doit(s) run, 1 failure(s)"
        ),
        "{stdout}{stderr}"
    );
    assert!(stderr.contains("app.gs:27: doit failed: "), "{stderr}");
    assert!(stderr.contains("ZeroDivide"), "{stderr}");

    let mut server = builtin_stdio(dir.path());
    for (id, code, printed) in [
        (2, "Rate", "3/4"),
        (3, "Total", "55"),
        (4, "Doubled", "110"),
    ] {
        let r = server.execute_code(id, code);
        assert_eq!(
            r["result"]["structuredContent"]["result"], printed,
            "{code}: {r}"
        );
    }
    assert!(server.finish());
}

/// The soft and hard limits on open files of process `pid`.
#[cfg(target_os = "linux")]
fn open_file_limits(pid: u32) -> (String, String) {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .unwrap()
        .to_string();
    let mut fields = line["Max open files".len()..].split_whitespace();
    let soft = fields.next().unwrap().to_string();
    let hard = fields.next().unwrap().to_string();
    (soft, hard)
}

#[cfg(target_os = "linux")]
#[test]
fn serve_raises_its_open_file_limit_to_the_hard_limit() {
    // Started with a soft limit of 256, as a shell with a low default
    // would start it: the server takes what the hard limit allows.
    let dir = tempfile::tempdir().unwrap();
    let child = Running(
        std::process::Command::new("sh")
            .arg("-c")
            .arg("ulimit -Sn 256 && exec \"$0\" serve --listen 127.0.0.1:0")
            .arg(env!("CARGO_BIN_EXE_gs-mcp"))
            .current_dir(dir.path())
            .env("HOME", dir.path())
            .env("XDG_CACHE_HOME", dir.path().join("cache"))
            .env_remove("GS_MCP_TRACE")
            .env_remove("GS_MCP_READONLY")
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let (child, _addr, _log) = common::await_serving(child, "the server");
    let (soft, hard) = open_file_limits(child.0.id());
    assert_eq!(soft, hard, "the soft limit was left at {soft}");
}

/// A stdio server of `misbehave` with `dir/data` granted read-write,
/// `engine` the lines of an `[engine]` table before its entry and
/// `entry` more lines of the entry; initialized.
fn misbehave_on_data(engine: &str, entry: &str) -> (tempfile::TempDir, PathBuf, StdioServer) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let cfg = dir.path().join("toolsets.toml");
    std::fs::write(
        &cfg,
        format!(
            "{engine}[[toolset]]\npath = {:?}\npreopen = [{{ host = {:?}, guest = \"/data\", mode = \"rw\" }}]\n{entry}",
            gs_test_plugins::MISBEHAVE,
            data
        ),
    )
    .unwrap();
    let mut server = StdioServer::start(dir.path(), &cfg, &[]);
    server.initialize();
    (dir, data, server)
}

/// `misbehave`'s `write_file` of `/data/note`: what it said.
fn write_note(server: &mut StdioServer, id: u64) -> String {
    let r = server.ask(json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                              "params": {"name": "write_file", "arguments": {"path": "/data/note"}}}));
    r["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("{r}"))
        .to_owned()
}

#[test]
fn the_engine_s_disk_reserve_refuses_plug_in_writes() {
    // A reserve beyond any disk's free space, as on a disk nearly full.
    let (_dir, data, mut server) =
        misbehave_on_data("[engine]\ndisk_reserve_bytes = 18446744073709551615\n", "");
    let said = write_note(&mut server, 2);
    assert!(said.starts_with("denied: "), "{said}");
    assert_eq!(
        std::fs::read_to_string(data.join("note")).unwrap_or_default(),
        ""
    );
    assert!(server.finish());
}

#[test]
fn a_toolset_s_disk_quota_refuses_writes_past_it() {
    // 16 KiB in the granted directory before the server reads its quota
    // of 8 KiB; measured at the first write.
    let (dir, data, mut server) = misbehave_on_data("", "limits = { disk_bytes = 8192 }\n");
    std::fs::write(data.join("kept"), vec![0u8; 16 << 10]).unwrap();
    let said = write_note(&mut server, 2);
    assert!(said.starts_with("denied: "), "{said}");
    assert!(!data.join("note").exists());
    std::thread::sleep(std::time::Duration::from_millis(20));
    assert_eq!(write_note(&mut server, 3), said);
    assert!(server.finish());
    // The operator is told, once, why the toolset's writes fail.
    let log = std::fs::read_to_string(dir.path().join("stderr.log")).unwrap();
    assert_eq!(
        log.matches("its writable granted directories hold more than its disk quota of 8192 bytes (`[toolset.limits] disk_bytes`)").count(),
        1,
        "{log}"
    );
}

/// What `gs-mcp serve` writes to stderr before its serving line; the
/// server is stopped once it serves.
fn stderr_until_serving(dir: &Path, cfg: &Path) -> String {
    let mut child = Running(
        bin()
            .args(["serve", "--config", cfg.to_str().unwrap()])
            .args(["--listen", "127.0.0.1:0"])
            .args(["--image", dir.join("app.gsimage").to_str().unwrap()])
            .env("HOME", dir)
            .env("XDG_CACHE_HOME", dir.join("cache"))
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut stderr = BufReader::new(child.0.stderr.take().unwrap());
    let mut before = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        let read = stderr.read_line(&mut line).unwrap_or(0);
        assert!(read > 0, "serve exited before serving: {before}");
        if line.starts_with("gs-mcp: serving ") {
            return before;
        }
        before.push_str(&line);
    }
}

#[test]
fn serve_announces_a_component_it_compiles_and_not_one_from_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = hello_config(dir.path(), "");
    let first = stderr_until_serving(dir.path(), &cfg);
    assert!(
        first.contains(&format!(
            "gs-mcp: compiling toolset component {}",
            gs_test_plugins::HELLO
        )) && first.contains("which the compiled-artefact cache does not hold yet"),
        "{first}"
    );
    let again = stderr_until_serving(dir.path(), &cfg);
    assert!(!again.contains("compiling"), "{again}");
    // A one-shot command says nothing of it.
    let fresh = tempfile::tempdir().unwrap();
    let cfg = hello_config(fresh.path(), "");
    let out = run(fresh.path(), &["tools", "--config", cfg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        !text(&out.stderr).contains("compiling"),
        "{}",
        text(&out.stderr)
    );
}

/// SIGTERM, what a service manager sends to stop a server, stops it as
/// Ctrl-C does, saying so; before, the process ended at once with nothing
/// in its log.
#[cfg(unix)]
#[test]
fn serve_stops_on_sigterm_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = hello_config(dir.path(), "");
    let (mut server, _addr, log) = start_server_with(dir.path(), &cfg, &[]);
    let pid = server.0.id() as libc::pid_t;
    // SAFETY: sends a signal to the child this test started.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let status = loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            break status;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "still running after SIGTERM"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0), "{status:?}");
    std::thread::sleep(std::time::Duration::from_millis(100));
    let log = log.lock().unwrap().clone();
    assert!(log.contains("gs-mcp: SIGTERM received; stopping"), "{log}");
}

/// A write past the file-size limit fails the commit as a full disk does,
/// with what to do, rather than SIGXFSZ killing the process.
#[cfg(unix)]
#[test]
fn a_file_size_limit_fails_the_commit_instead_of_killing_the_process() {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("small.gsimage");
    let file = dir.path().join("one.gs");
    std::fs::write(&file, "run\n3 + 4\n%\n").unwrap();
    let mut command = bin();
    command
        .args(["image", "load", "--image", image.to_str().unwrap()])
        .arg(&file)
        .env("HOME", dir.path());
    // SAFETY: only setrlimit, which is async-signal-safe, runs between
    // fork and exec.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 64 * 1024,
                rlim_max: libc::RLIM_INFINITY,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &limit);
            Ok(())
        });
    }
    let out = command.output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{:?}: {err}", out.status);
    assert!(
        err.contains("File too large")
            && err.contains("raise the file-size limit gs-mcp runs under (`ulimit -f`)"),
        "{err}"
    );
}

/// A load whose commit fails (here past the file-size limit, as on a full
/// disk) says that nothing was saved and to run it again, not that a
/// session keeps its changes: the command ends, and its changes with it.
/// The image is left as it was, and the same load then succeeds.
#[cfg(unix)]
#[test]
fn a_load_whose_commit_fails_says_nothing_was_saved_and_to_run_it_again() {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("full.gsimage");
    let one = dir.path().join("one.gs");
    std::fs::write(&one, "run\n3 + 4\n%\n").unwrap();
    let load = |file: &Path| {
        let mut command = bin();
        command
            .args(["image", "load", "--image", image.to_str().unwrap()])
            .arg(file)
            .env("HOME", dir.path());
        command
    };
    let out = load(&one).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut big = String::from(
        "run\nObject subclass: #Big instVarNames: #() classVars: #() classInstVars: #() \
         poolDictionaries: #() inDictionary: UserGlobals\n%\n",
    );
    let filler = "x".repeat(1000);
    for i in 0..3000 {
        big.push_str(&format!("method: Big\nm{i}\n    ^'{filler}'\n%\n"));
    }
    let big_file = dir.path().join("big.gs");
    std::fs::write(&big_file, big).unwrap();
    let size = std::fs::metadata(&image).unwrap().len();
    let mut limited = load(&big_file);
    // SAFETY: only setrlimit, which is async-signal-safe, runs between
    // fork and exec.
    unsafe {
        limited.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: size,
                rlim_max: libc::RLIM_INFINITY,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &limit);
            Ok(())
        });
    }
    let out = limited.output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{:?}: {err}", out.status);
    assert!(
        err.contains("the file-in could not be committed")
            && err.contains("File too large")
            && err.contains("raise the file-size limit gs-mcp runs under (`ulimit -f`)")
            && err.contains("Nothing was saved: run the load again once that is fixed")
            && !err.contains("session"),
        "{err}"
    );
    let out = load(&big_file).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("3000 method"),
        "{}",
        text(&out.stdout)
    );
}

/// A server that creates its image says so (a mistyped path or a volume
/// that did not mount otherwise starts like any other day, on an empty
/// image); one that opens an existing image does not.
#[test]
fn a_server_that_creates_its_image_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("not-yet").join("team.gsimage");
    let start = || {
        let out = bin()
            .args(["stdio", "--image", image.to_str().unwrap()])
            .env("HOME", dir.path())
            .env("XDG_CACHE_HOME", dir.path().join("cache"))
            .stdin(Stdio::null())
            .output()
            .unwrap();
        text(&out.stderr)
    };
    let first = start();
    assert!(
        first.contains(&format!(
            "gs-mcp: created a new image at {}, holding the kernel class library only",
            image.display()
        )),
        "{first}"
    );
    let second = start();
    assert!(!second.contains("created a new image"), "{second}");
}

/// A one-shot command whose reader goes early (`gs-mcp tools | head -1`)
/// ends quietly, not with a panic about printing to stdout.
#[cfg(unix)]
#[test]
fn tools_piped_into_a_reader_that_goes_early_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = hello_config(dir.path(), "");
    let mut child = bin()
        .args(["tools", "--config", cfg.to_str().unwrap()])
        .env("HOME", dir.path())
        .env("XDG_CACHE_HOME", dir.path().join("cache"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes before the command prints its first line (it loads
    // the plug-in first).
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.contains("Broken pipe"), "{err}");
}

/// One request on a kept-alive connection: the status line and headers,
/// and the body (the answer must carry a Content-Length).
fn keep_alive_post(s: &mut TcpStream, session: &str, body: &Value) -> (String, String) {
    let body = serde_json::to_vec(body).unwrap();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nMCP-Session-Id: {session}\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(&body).unwrap();
    let mut reader = BufReader::new(s);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if line == "\r\n" || line.is_empty() {
            break;
        }
        head.push_str(&line);
    }
    let length: usize = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length: ")
                .map(|v| v.trim().parse().unwrap())
        })
        .expect("a Content-Length");
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    (head, String::from_utf8(body).unwrap())
}

/// Once asked to stop, a server starts no new request, even on a
/// connection kept alive from before: it is answered 503 and closed, and
/// what it would have committed is not committed. Before, such requests
/// were served during the drain and could be cut off when the server
/// ended (a commit landing unacknowledged).
#[cfg(unix)]
#[test]
fn a_stopping_server_refuses_requests_on_connections_kept_alive() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("toolsets.toml");
    std::fs::write(&cfg, "[[toolset]]\nbuiltin = true\n").unwrap();
    let (mut server, addr, log) = start_server_with(dir.path(), &cfg, &[]);
    let (status, sid, _) = common::initialize(addr);
    assert_eq!(status, 200);
    let mut kept = TcpStream::connect(addr).unwrap();
    let ping = json!({"jsonrpc": "2.0", "id": 7, "method": "ping"});
    let (head, _) = keep_alive_post(&mut kept, &sid, &ping);
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let long_sid = sid.clone();
    let call = std::thread::spawn(move || {
        common::execute(
            addr,
            &long_sid,
            "(Delay forMilliseconds: 1200) wait. UserGlobals at: #Drained put: 42. \
             System commitTransaction. 42",
        )
    });
    std::thread::sleep(std::time::Duration::from_millis(400));
    let pid = server.0.id() as libc::pid_t;
    // SAFETY: sends a signal to the child this test started.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    std::thread::sleep(std::time::Duration::from_millis(200));
    let late = json!({"jsonrpc": "2.0", "id": 8, "method": "tools/call",
        "params": {"name": "execute_code",
                   "arguments": {"code": "UserGlobals at: #Late put: 1. System commitTransaction"}}});
    let (head, body) = keep_alive_post(&mut kept, &sid, &late);
    assert!(head.starts_with("HTTP/1.1 503"), "{head}");
    assert!(
        head.to_ascii_lowercase().contains("connection: close"),
        "{head}"
    );
    assert!(body.contains("the server is stopping"), "{body}");
    let (status, body) = call.join().unwrap();
    assert_eq!(
        (status, common::result_text(&body)),
        (200, "42".into()),
        "{body}"
    );
    assert_eq!(server.0.wait().unwrap().code(), Some(0));
    std::thread::sleep(std::time::Duration::from_millis(100));
    let log = log.lock().unwrap().clone();
    assert!(
        log.contains("gs-mcp: stopped; 0 call(s) were still running"),
        "{log}"
    );
    assert!(!log.contains("panicked"), "{log}");
    let image = gs_image::Image::open(dir.path().join("srv.gsimage")).unwrap();
    assert!(!image.was_repaired(), "the image was closed");
    let session = image.session();
    assert!(session.entry("UserGlobals", "Drained").is_some());
    assert!(session.entry("UserGlobals", "Late").is_none());
}

/// A commit the image file refuses (here: the file renamed away while the
/// server runs) is told to the operator's log as well as to the session,
/// whose client may be an agent nobody watches; the server goes on.
#[cfg(unix)]
#[test]
fn a_commit_the_image_file_refuses_is_logged_for_the_operator() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("toolsets.toml");
    std::fs::write(&cfg, "[[toolset]]\nbuiltin = true\n").unwrap();
    let (_server, addr, log) = start_server_with(dir.path(), &cfg, &[]);
    let (status, sid, _) = common::initialize(addr);
    assert_eq!(status, 200);
    std::fs::rename(
        dir.path().join("srv.gsimage"),
        dir.path().join("moved.gsimage"),
    )
    .unwrap();
    let (status, body) = common::execute(
        addr,
        &sid,
        "UserGlobals at: #Lost put: 1. System commitTransaction",
    );
    assert_eq!(status, 200, "{body}");
    let told = body.to_string();
    assert!(told.contains("was deleted or renamed"), "{told}");
    std::thread::sleep(std::time::Duration::from_millis(100));
    let log = log.lock().unwrap().clone();
    assert!(
        log.contains("gs-mcp: a session's commit failed: image file")
            && log.contains("was deleted or renamed while this server had it open"),
        "{log}"
    );
    // The server goes on serving.
    let (status, body) = common::execute(addr, &sid, "3 + 4");
    assert_eq!((status, common::result_text(&body)), (200, "7".into()));
}

/// A server asked to stop while a call runs lets it finish and answer
/// (within its grace), and commits what the call committed; before, the
/// call was cut off and its client got a closed connection.
#[cfg(unix)]
#[test]
fn a_stopping_server_lets_the_call_in_flight_finish_and_answer() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("toolsets.toml");
    std::fs::write(&cfg, "[[toolset]]\nbuiltin = true\n").unwrap();
    let (mut server, addr, log) = start_server_with(dir.path(), &cfg, &[]);
    let (status, sid, _) = common::initialize(addr);
    assert_eq!(status, 200);
    let call = std::thread::spawn(move || {
        common::execute(
            addr,
            &sid,
            "(Delay forMilliseconds: 1200) wait. UserGlobals at: #Drained put: 42. \
             System commitTransaction. 42",
        )
    });
    std::thread::sleep(std::time::Duration::from_millis(400));
    let pid = server.0.id() as libc::pid_t;
    // SAFETY: sends a signal to the child this test started.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let (status, body) = call.join().unwrap();
    assert_eq!(status, 200, "{body}");
    assert_eq!(common::result_text(&body), "42", "{body}");
    let exited = server.0.wait().unwrap();
    assert_eq!(exited.code(), Some(0));
    std::thread::sleep(std::time::Duration::from_millis(100));
    let log = log.lock().unwrap().clone();
    assert!(
        log.contains("1 call(s) in flight given up to 10 s"),
        "{log}"
    );
    assert!(
        log.contains("gs-mcp: stopped; 0 call(s) were still running"),
        "{log}"
    );
    // What it committed is in the image.
    let image = gs_image::Image::open(dir.path().join("srv.gsimage")).unwrap();
    assert!(matches!(
        image.session().entry("UserGlobals", "Drained"),
        Some(gs_image::DictionaryEntry::Object(_) | gs_image::DictionaryEntry::Global(_))
    ));
}
