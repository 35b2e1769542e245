//! The contract is language-neutral: `hello_py`, a toolset written in
//! Python and built with componentize-py (`plugins-python/hello_py`), is
//! served beside the Rust `hello` by one `gs-mcp serve`, and a client
//! calls both in one session over HTTP.
//!
//! The test runs `scripts/python-toolset.sh` itself (a no-op when the
//! component is up to date, as after `scripts/test.sh`'s build step), so it
//! never tests a stale component, and fails naming the script when the
//! component cannot be built. The component bundles CPython (about 18 MB):
//! compiling it takes a debug `gs-mcp` a minute or more, so the server's
//! compiled-artefact cache is kept in `target/python/server-cache` between
//! runs, keyed by the component's digest like any server's.

mod common;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::streams::{rpc, session, tool};
use common::{Log, Running, bin, text};
use serde_json::{Value, json};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The built component: runs the build script, which skips the build when
/// its inputs are unchanged, and fails the test naming it when it cannot.
fn component() -> PathBuf {
    let script = root().join("scripts/python-toolset.sh");
    let out = Command::new("bash")
        .arg(&script)
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run {} to build the Python toolset: {e}",
                script.display()
            )
        });
    assert!(
        out.status.success(),
        "scripts/python-toolset.sh could not build the Python toolset \
         (plugins-python/hello_py); run it to see why:\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let wasm = root().join("target/python/hello_py.wasm");
    assert!(
        wasm.is_file(),
        "no Python toolset at {}: scripts/python-toolset.sh builds it",
        wasm.display()
    );
    wasm
}

/// Two classes of the test's own for `py_classes` to list, in Topaz format.
const FIXTURE: &str = "doit\nObject subclass: 'PyLedger'\n  instVarNames: #( entries)\n  \
     classVars: #()\n  classInstVars: #()\n  poolDictionaries: #()\n  \
     inDictionary: UserGlobals\n  options: #()\n%\n\
     doit\nObject subclass: 'PyAccount'\n  instVarNames: #( balance)\n  \
     classVars: #()\n  classInstVars: #()\n  poolDictionaries: #()\n  \
     inDictionary: UserGlobals\n  options: #()\n%\n";

/// `hello` and `hello_py` side by side, both granted reading and running
/// code, `hello_py`'s setting given; the image holds [`FIXTURE`].
fn start(dir: &Path) -> (Running, SocketAddr, Log) {
    let image = dir.join("py.gsimage");
    let fixture = dir.join("ledger.gs");
    std::fs::write(&fixture, FIXTURE).unwrap();
    let out = bin()
        .args(["image", "load", "--image"])
        .arg(&image)
        .arg(&fixture)
        .env("HOME", dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));

    let cfg = dir.join("toolsets.toml");
    std::fs::write(
        &cfg,
        format!(
            "[[toolset]]\npath = {:?}\ngrants = [\"image:read\", \"image:execute\"]\n\n\
             [[toolset]]\npath = {:?}\ngrants = [\"image:read\", \"image:execute\"]\n\
             config = {{ salutation = \"Good day\" }}\n",
            gs_test_plugins::HELLO,
            component()
        ),
    )
    .unwrap();
    let server = Running(
        bin()
            .args(["serve", "--config"])
            .arg(&cfg)
            .args(["--listen", "127.0.0.1:0", "--image"])
            .arg(&image)
            .env("HOME", dir)
            .env("XDG_CACHE_HOME", root().join("target/python/server-cache"))
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    common::await_serving(server, "gs-mcp serve with hello_py")
}

/// The server's log once it holds `text`: a crash is logged before the
/// client is answered, but the log is read from the server's stderr by
/// another thread.
fn log_with(log: &Log, text: &str) -> String {
    for _ in 0..600 {
        let now = log.lock().unwrap().clone();
        if now.contains(text) {
            return now;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!(
        "the server's log never said {text:?}:\n{}",
        log.lock().unwrap()
    )
}

/// A `tools/call` that must answer an `isError` result: its
/// `structuredContent.error`, after checking that its text is the message.
fn tool_error(addr: SocketAddr, sid: &str, name: &str, arguments: Value) -> Value {
    let r = rpc(
        addr,
        sid,
        "tools/call",
        json!({"name": name, "arguments": arguments}),
    );
    let result = &r["result"];
    assert_eq!(result["isError"], true, "{name}: {r}");
    let error = result["structuredContent"]["error"].clone();
    assert_eq!(result["content"][0]["text"], error["message"], "{r}");
    error
}

#[test]
fn a_python_toolset_is_served_and_called_beside_a_rust_one() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr, _) = start(dir.path());
    let (sid, _) = session(addr);

    // One surface: the Rust tools and the Python ones, with what Python
    // declared.
    let list = rpc(addr, &sid, "tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    for name in ["greet", "execute", "py_greet", "py_classes", "py_evaluate"] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
    let py_greet = tools.iter().find(|t| t["name"] == "py_greet").unwrap();
    assert_eq!(py_greet["title"], "Greet (Python)");
    assert_eq!(py_greet["inputSchema"]["required"], json!(["name"]));
    // The server offers the declared schema, or its error shape.
    assert_eq!(
        py_greet["outputSchema"]["anyOf"][0]["properties"]["language"],
        json!({"const": "python"})
    );
    assert_eq!(py_greet["annotations"]["readOnlyHint"], true, "{py_greet}");

    // The pure tool: text and structured content, the operator's setting
    // read through `config`.
    let r = tool(
        addr,
        &sid,
        "py_greet",
        json!({"name": "Ada", "excited": true}),
    );
    assert_eq!(
        r["result"],
        json!({
            "content": [{"type": "text", "text": "Good day, Ada!"}],
            "structuredContent": {"greeting": "Good day, Ada!", "language": "python"},
            "isError": false,
        })
    );
    let r = tool(addr, &sid, "greet", json!({"name": "Ada"}));
    assert_eq!(r["result"]["content"][0]["text"], "Hello, Ada!");

    // Arguments its schema refuses never reach the Python code.
    let e = tool_error(addr, &sid, "py_greet", json!({"nme": "Ada"}));
    assert_eq!(e["kind"], "invalidParams");
    assert_eq!(e["message"], "`py_greet` needs the argument `name`");
    let e = tool_error(addr, &sid, "py_greet", json!({"name": ""}));
    assert_eq!(e["kind"], "invalidParams");
    assert!(e["message"].as_str().unwrap().contains("minLength"), "{e}");

    // Through the `image` host interface: the image's classes, and its
    // error passed on with its kind.
    let r = tool(
        addr,
        &sid,
        "py_classes",
        json!({"dictionary": "UserGlobals"}),
    );
    assert_eq!(
        r["result"]["structuredContent"],
        json!({"dictionary": "UserGlobals", "classes": ["PyAccount", "PyLedger"], "count": 2})
    );
    assert_eq!(
        r["result"]["content"][0]["text"],
        "2 classes in UserGlobals: PyAccount, PyLedger"
    );
    let e = tool_error(addr, &sid, "py_classes", json!({"dictionary": "Nope"}));
    assert_eq!(e["kind"], "notFound");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .starts_with("no symbol dictionary named Nope"),
        "{e}"
    );

    // Through `execution`: a failure keeps its details when Python passes
    // it on, and what Python's doit changed is seen by the Rust toolset in
    // the same session.
    let e = tool_error(addr, &sid, "py_evaluate", json!({"code": "3 +"}));
    assert_eq!(e["kind"], "compileError");
    assert_eq!(e["errors"][0]["line"], 1, "{e}");
    assert_eq!(e["errors"][0]["column"], 4, "{e}");
    let r = tool(
        addr,
        &sid,
        "py_evaluate",
        json!({"code": "Transcript show: 'six times seven'. UserGlobals at: #PyAnswer put: 6 * 7"}),
    );
    assert_eq!(
        r["result"]["structuredContent"],
        json!({"printString": "42", "truncated": false, "transcript": "six times seven"})
    );
    let r = tool(addr, &sid, "execute", json!({"code": "PyAnswer + 1"}));
    assert_eq!(r["result"]["content"][0]["text"], "43");
}

#[test]
fn an_exception_escaping_python_is_named_to_the_client_and_traced_in_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr, log) = start(dir.path());
    let (sid, _) = session(addr);

    let e = tool_error(addr, &sid, "py_uncaught", json!({}));
    assert_eq!(e["kind"], "panic");
    assert_eq!(
        e["message"],
        "tool `py_uncaught` of toolset `hello_py` raised a Python exception it did not catch: \
         ValueError: py_uncaught lets this escape on purpose; the session goes on with a fresh \
         instance"
    );
    // The operator's log has the Python traceback, the lines of app.py
    // included, before the WebAssembly frames.
    let log = log_with(&log, "WebAssembly backtrace:");
    let crash = &log[log.find("plug-in crash: toolset `hello_py`").expect(&log)..];
    let traceback = crash
        .find("Traceback (most recent call last):")
        .expect(crash);
    assert!(crash[traceback..].contains("app.py\", line "), "{crash}");
    assert!(
        traceback < crash.find("WebAssembly backtrace:").unwrap(),
        "{crash}"
    );

    // The session goes on.
    let r = tool(addr, &sid, "py_greet", json!({"name": "Ada"}));
    assert_eq!(r["result"]["content"][0]["text"], "Good day, Ada.");
}

#[test]
fn a_memory_cap_cpython_does_not_fit_in_is_refused_naming_the_setting() {
    // CPython's start-up alone takes more than 8 MiB.
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("toolsets.toml");
    std::fs::write(
        &cfg,
        format!(
            "[[toolset]]\npath = {:?}\n[toolset.limits]\nmemory_bytes = 8388608\n",
            component()
        ),
    )
    .unwrap();
    let out = bin()
        .args(["check", "--config"])
        .arg(&cfg)
        .env("HOME", dir.path())
        .env("XDG_CACHE_HOME", root().join("target/python/server-cache"))
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("over its cap of 8 MiB"), "{stderr}");
    assert!(
        stderr.contains("`[toolset.limits] memory_bytes`"),
        "{stderr}"
    );
}
