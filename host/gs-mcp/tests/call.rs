//! `gs-mcp call --config F [--image P] TOOL 'JSON'`: one tool call through
//! the real server (configuration, toolsets, image, broker), its result on
//! stdout, log lines and progress on stderr, exit status 0 for a result, 1
//! for `isError`, 2 for a bad configuration, tool or arguments. Run with
//! the built-in toolset and the `hello` test plug-in.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

mod common;
use common::{bin, text};

/// A configuration with two built-in tools and four of `hello`'s (each
/// offers a `describe_class`), `hello` granted all.
fn config(dir: &Path) -> PathBuf {
    let path = dir.join("toolsets.toml");
    std::fs::write(
        &path,
        format!(
            "[image]\npath = \"dev.image\"\n\n[[toolset]]\nbuiltin = true\n\
             tools = [\"execute_code\", \"describe_class\"]\n\n[[toolset]]\npath = {:?}\n\
             grants = [\"image:read\", \"image:execute\", \"image:write\"]\n\
             tools = [\"greet\", \"add\", \"fail\", \"chatty\"]\n",
            gs_test_plugins::HELLO
        ),
    )
    .unwrap();
    path
}

/// `gs-mcp call --config <dir>/toolsets.toml ARGS…`.
fn call(dir: &Path, args: &[&str]) -> Output {
    bin()
        .arg("call")
        .arg("--config")
        .arg(config(dir))
        .args(args)
        .env("HOME", dir)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .output()
        .unwrap()
}

fn status(out: &Output) -> i32 {
    out.status.code().expect("gs-mcp exited normally")
}

#[test]
fn a_builtin_tool_answers_its_text_and_structured_content() {
    let dir = tempfile::tempdir().unwrap();
    let out = call(dir.path(), &["execute_code", r#"{"code": "3 + 4"}"#]);
    assert_eq!(status(&out), 0, "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("7\n"), "{stdout}");
    let structured: Value = serde_json::from_str(&stdout["7\n".len()..]).unwrap();
    assert_eq!(structured["result"], "7");
    assert!(
        dir.path().join("dev.image").exists(),
        "the configured image is used"
    );

    // --json: the MCP CallToolResult as one line.
    let out = call(
        dir.path(),
        &["--json", "execute_code", r#"{"code": "3 + 4"}"#],
    );
    assert_eq!(status(&out), 0, "{}", text(&out.stderr));
    let result: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(result["isError"], false);
    assert_eq!(result["structuredContent"]["result"], "7");
}

#[test]
fn a_plugin_tool_runs_with_its_log_lines_and_progress_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let out = call(dir.path(), &["greet", r#"{"name": "Ada"}"#]);
    assert_eq!(status(&out), 0, "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "Hello, Ada!\n");

    let out = call(dir.path(), &["add", r#"{"a": 2, "b": 3}"#]);
    assert_eq!(status(&out), 0, "{}", text(&out.stderr));
    let structured: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(structured, serde_json::json!({"sum": 5}));

    let out = call(dir.path(), &["chatty"]);
    assert_eq!(status(&out), 0, "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "logged\n");
    let stderr = text(&out.stderr);
    assert!(stderr.contains("gs-mcp: hello: info: starting"), "{stderr}");
    assert!(stderr.contains("gs-mcp: progress 3/3: step"), "{stderr}");
    assert!(stderr.contains("gs-mcp: hello: warning: done"), "{stderr}");
}

#[test]
fn an_error_result_exits_1_with_its_message_and_kind() {
    let dir = tempfile::tempdir().unwrap();
    let out = call(dir.path(), &["fail", r#"{"kind": "notFound"}"#]);
    assert_eq!(status(&out), 1, "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\"kind\": \"notFound\""), "{stdout}");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("gs-mcp: tool `fail` answered an error (notFound): isError is true"),
        "{stderr}"
    );

    let out = call(
        dir.path(),
        &["describe_class", r#"{"className": "NoSuchClass"}"#],
    );
    assert_eq!(status(&out), 1, "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("no class named NoSuchClass"));

    // Arguments the tool's schema refuses are the tool's answer too.
    let out = call(dir.path(), &["greet", r#"{"nme": "Ada"}"#]);
    assert_eq!(status(&out), 1, "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("invalidParams"));
}

#[test]
fn an_unknown_tool_exits_2_naming_it_and_the_likely_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = call(dir.path(), &["greeet", "{}"]);
    assert_eq!(status(&out), 2);
    assert!(out.stdout.is_empty());
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("gs-mcp: no tool named `greeet` in this configuration"),
        "{stderr}"
    );
    assert!(stderr.contains("gs-mcp tools --config"), "{stderr}");
    let out = call(dir.path(), &["execute_cod", "{}"]);
    assert_eq!(status(&out), 2);
    assert!(text(&out.stderr).contains("did you mean execute_code?"));
}

#[test]
fn bad_json_or_a_bad_configuration_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = call(dir.path(), &["greet", r#"{"name": "Ada""#]);
    assert_eq!(status(&out), 2);
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("gs-mcp: the arguments of `greet` are not JSON"),
        "{stderr}"
    );
    assert!(stderr.contains("one JSON object"), "{stderr}");
    let out = call(dir.path(), &["greet", r#"["Ada"]"#]);
    assert_eq!(status(&out), 2);
    assert!(text(&out.stderr).contains("`greet`"));

    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "[[toolset]]\npath = \"missing.wasm\"\n").unwrap();
    let out = bin()
        .args(["call", "--config"])
        .arg(&bad)
        .args(["greet", "{}"])
        .env("HOME", dir.path())
        .env("XDG_CACHE_HOME", dir.path().join("cache"))
        .output()
        .unwrap();
    assert_eq!(status(&out), 2);
    assert!(
        text(&out.stderr).contains("missing.wasm"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn image_overrides_the_configured_image() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.image");
    let out = call(
        dir.path(),
        &[
            "--image",
            other.to_str().unwrap(),
            "execute_code",
            r#"{"code": "UserGlobals at: #Mark put: 1. System commitTransaction"}"#,
        ],
    );
    assert_eq!(status(&out), 0, "{}", text(&out.stderr));
    assert!(other.exists());
    assert!(!dir.path().join("dev.image").exists());
    let out = call(
        dir.path(),
        &[
            "--image",
            other.to_str().unwrap(),
            "execute_code",
            r#"{"code": "UserGlobals at: #Mark"}"#,
        ],
    );
    assert_eq!(status(&out), 0, "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("1\n"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_plugin_crash_is_logged_with_its_backtrace() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("misbehave.toml");
    std::fs::write(
        &cfg,
        format!(
            "[image]\npath = \"dev.image\"\n\n[[toolset]]\npath = {:?}\n",
            gs_test_plugins::MISBEHAVE
        ),
    )
    .unwrap();
    let run = |extra: &str| {
        if !extra.is_empty() {
            let text = std::fs::read_to_string(&cfg).unwrap();
            std::fs::write(&cfg, format!("{extra}\n{text}")).unwrap();
        }
        bin()
            .args(["call", "--config"])
            .arg(&cfg)
            .arg("panic")
            .env("HOME", dir.path())
            .env("XDG_CACHE_HOME", dir.path().join("cache"))
            .output()
            .unwrap()
    };
    let out = run("");
    assert_eq!(status(&out), 1);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "gs-mcp: plug-in crash: toolset `misbehave`, tool `panic`, session 1: tool `panic` \
             of toolset `misbehave` panicked"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("WebAssembly backtrace:"), "{stderr}");
    assert!(stderr.contains(": misbehave::panic "), "{stderr}");
    // The client's answer has no backtrace unless the operator says so.
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("backtrace"), "{stdout}");
    let out = run("[engine]\nclient_backtraces = true\n");
    assert_eq!(status(&out), 1);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\"backtrace\": ["), "{stdout}");
    assert!(stdout.contains("misbehave::panic"), "{stdout}");
}

#[test]
fn a_plugin_reaches_the_http_origin_its_net_grant_names_and_no_other() {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut request = [0u8; 4096];
            let _ = stream.read(&mut request);
            let _ = stream.write_all(
                b"HTTP/1.1 200 OK\r\ncontent-length: 6\r\nconnection: close\r\n\r\nstatus",
            );
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("fetcher.toml");
    std::fs::write(
        &cfg,
        format!(
            "[image]\npath = \"dev.image\"\n\n[[toolset]]\npath = {:?}\nnet = [\"http://{address}\"]\n",
            gs_test_plugins::FETCHER
        ),
    )
    .unwrap();
    let fetch = |url: String| {
        let out = bin()
            .args(["call", "--json", "--config"])
            .arg(&cfg)
            .arg("fetch")
            .arg(serde_json::json!({ "url": url }).to_string())
            .env("HOME", dir.path())
            .env("XDG_CACHE_HOME", dir.path().join("cache"))
            .output()
            .unwrap();
        assert_eq!(status(&out), 0, "{}", text(&out.stderr));
        let result: Value = serde_json::from_slice(&out.stdout).unwrap();
        result["structuredContent"].clone()
    };
    let granted = fetch(format!("http://{address}/health"));
    assert_eq!(
        (granted["status"].as_u64(), granted["body"].as_str()),
        (Some(200), Some("status"))
    );
    let other = fetch(format!("http://127.0.0.1:{}/", address.port() ^ 1));
    assert_eq!(other["error"], "HttpRequestDenied", "{other}");
}

/// The fetcher's secret `token` comes from a file named in
/// `[toolset.config]`: the service receives it, and the answer that quotes
/// it back reaches the caller redacted. `gs-mcp tools` lists the setting,
/// never its value, and an inline secret fails `gs-mcp check`.
#[test]
fn a_secret_setting_reaches_the_service_and_never_the_output() {
    use std::io::{Read, Write};
    const TOKEN: &str = "tok-3f9a1c77e2b54d08";
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    let (seen_tx, seen_rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut request = [0u8; 4096];
            let n = stream.read(&mut request).unwrap_or(0);
            let request = String::from_utf8_lossy(&request[..n]).to_string();
            let auth = request
                .lines()
                .find(|l| l.to_ascii_lowercase().starts_with("authorization:"))
                .unwrap_or("none")
                .to_string();
            let _ = seen_tx.send(auth.clone());
            let _ = stream.write_all(
                format!(
                    "HTTP/1.1 200 OK\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{auth}",
                    auth.len()
                )
                .as_bytes(),
            );
        }
    });
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("token"), format!("{TOKEN}\n")).unwrap();
    let cfg = dir.path().join("fetcher.toml");
    let write_config = |token: &str| {
        std::fs::write(
            &cfg,
            format!(
                "[image]\npath = \"dev.image\"\n\n[[toolset]]\npath = {:?}\n\
                 net = [\"http://{address}\"]\n[toolset.config]\ntoken = {token}\n",
                gs_test_plugins::FETCHER
            ),
        )
        .unwrap();
    };
    let gs_mcp = |args: &[&str]| {
        bin()
            .args(args)
            .arg("--config")
            .arg(&cfg)
            .env("HOME", dir.path())
            .env("XDG_CACHE_HOME", dir.path().join("cache"))
            .output()
            .unwrap()
    };
    write_config("{ file = \"token\" }");

    let out = bin()
        .args(["call", "--json", "--config"])
        .arg(&cfg)
        .arg("fetch")
        .arg(serde_json::json!({ "url": format!("http://{address}/me") }).to_string())
        .env("HOME", dir.path())
        .env("XDG_CACHE_HOME", dir.path().join("cache"))
        .output()
        .unwrap();
    assert_eq!(status(&out), 0, "{}", text(&out.stderr));
    assert_eq!(
        seen_rx.recv().unwrap().to_ascii_lowercase(),
        format!("authorization: bearer {}", TOKEN.to_ascii_lowercase())
    );
    let result: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        result["structuredContent"]["body"]
            .as_str()
            .map(str::to_ascii_lowercase),
        Some("authorization: bearer [redacted]".to_string())
    );
    let printed = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(!printed.contains(TOKEN), "{printed}");

    let out = gs_mcp(&["tools"]);
    assert_eq!(status(&out), 0, "{}", text(&out.stderr));
    let listing = text(&out.stdout);
    assert!(
        listing
            .lines()
            .any(|l| l.trim_start().starts_with("token") && l.contains("text, secret")),
        "{listing}"
    );
    assert!(!listing.contains(TOKEN), "{listing}");

    write_config(&format!("{TOKEN:?}"));
    let out = gs_mcp(&["check"]);
    assert_eq!(status(&out), 2, "{}", text(&out.stdout));
    let said = text(&out.stderr);
    assert!(
        said.contains(
            "`config.token` of toolset `fetcher` is a secret, so it is never written inline"
        ),
        "{said}"
    );
    assert!(!said.contains(TOKEN), "{said}");
}

#[test]
fn a_tool_left_out_for_a_missing_grant_is_named_with_the_grant_not_a_near_name() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("no-net.toml");
    std::fs::write(
        &cfg,
        format!(
            "[image]\npath = \"dev.image\"\n\n[[toolset]]\npath = {:?}\n\
             tools = [\"greet\", \"http_get\"]\n",
            gs_test_plugins::HELLO
        ),
    )
    .unwrap();
    let out = bin()
        .arg("call")
        .arg("--config")
        .arg(&cfg)
        .args(["http_get", "{}"])
        .env("HOME", dir.path())
        .env("XDG_CACHE_HOME", dir.path().join("cache"))
        .output()
        .unwrap();
    assert_eq!(status(&out), 2);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "gs-mcp: no tool named `http_get` in this configuration: toolset `hello`: tool \
             `http_get` is left out: it needs `net`"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("did you mean"), "{stderr}");
}
