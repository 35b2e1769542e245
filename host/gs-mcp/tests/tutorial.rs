//! The SDK's tutorial (`sdk/README.md`), run as written: its code blocks
//! become a fresh vendor crate and its commands run in order, from a
//! directory holding this repository as `gs-mcp/` (a link) with the
//! `gs-mcp` binary on `PATH`.
//!
//! The README's fenced blocks say what they are in their info string:
//!
//! - `toml file=PATH`, `rust file=PATH`, … — written to PATH;
//!   `rust append=PATH` appended to it;
//! - `sh` — one shell script (`sh -e`), run in the directory the previous
//!   one ended in (a last line `cd DIR` moves there); `rustup` lines are
//!   skipped (the test command installs the target);
//! - `sh server` — one command started in the background, until its
//!   `gs-mcp: serving` line, and stopped at the end;
//! - `text output` — the previous script's stdout, exactly (trimmed);
//!   `text contains` — each of its lines is in that stdout.
//!
//! Other blocks are prose. The only changes to what the README says: the
//! listen address `127.0.0.1:8000` becomes a free port, cargo runs offline
//! with its target directory under this workspace's `target/tutorial`
//! (kept between runs, so only the first run compiles the dependencies),
//! and gs-mcp's component cache is in the test's directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod common;
use common::Running;

/// One fenced block of the README: its info string and its text.
struct Block {
    info: Vec<String>,
    text: String,
}

fn blocks(markdown: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for line in markdown.lines() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => {
                open = Some(Block {
                    info: info.split_whitespace().map(str::to_string).collect(),
                    text: String::new(),
                })
            }
            (Some(_), Some("")) => blocks.push(open.take().unwrap()),
            (Some(b), _) => {
                b.text.push_str(line);
                b.text.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a fenced block of the README is not closed");
    blocks
}

fn attribute<'a>(block: &'a Block, key: &str) -> Option<&'a str> {
    block
        .info
        .iter()
        .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A command with the tutorial's environment.
fn shell(script: &str, cwd: &Path, env: &[(String, String)]) -> Command {
    let mut c = Command::new("sh");
    c.arg("-ec").arg(script).current_dir(cwd);
    for var in [
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_TARGET",
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_BUILD_RUSTFLAGS",
        "RUSTC_WORKSPACE_WRAPPER",
        "RUSTC_WRAPPER",
        "CARGO_MANIFEST_DIR",
        "GS_MCP_TRACE",
        "GS_MCP_READONLY",
    ] {
        c.env_remove(var);
    }
    c.envs(env.iter().map(|(k, v)| (k, v)));
    c
}

#[test]
fn the_sdk_tutorial_runs_as_written() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap();
    let readme = std::fs::read_to_string(repo.join("sdk/README.md")).unwrap();
    let port = free_port().to_string();
    let readme = readme.replace("127.0.0.1:8000", &format!("127.0.0.1:{port}"));

    // Outside this workspace: `cargo new` inside it would join it.
    let dir = tempfile::Builder::new()
        .prefix("gs-mcp-tutorial")
        .tempdir_in(std::env::temp_dir())
        .unwrap();
    std::os::unix::fs::symlink(&repo, dir.path().join("gs-mcp")).unwrap();
    let target = repo.join("target/tutorial");
    std::fs::create_dir_all(&target).unwrap();
    let bin_dir = PathBuf::from(env!("CARGO_BIN_EXE_gs-mcp"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let env: Vec<(String, String)> = [
        ("PATH", path),
        ("CARGO_NET_OFFLINE", "true".into()),
        (
            "XDG_CACHE_HOME",
            dir.path().join("cache").display().to_string(),
        ),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();

    let mut cwd = dir.path().to_path_buf();
    let mut last_stdout = String::new();
    let mut servers: Vec<Running> = Vec::new();
    let mut ran = Vec::new();
    for block in blocks(&readme) {
        let lang = block.info.first().map(String::as_str).unwrap_or("");
        if let Some(file) = attribute(&block, "file") {
            let path = cwd.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &block.text).unwrap();
            continue;
        }
        if let Some(file) = attribute(&block, "append") {
            let path = cwd.join(file);
            let mut text = std::fs::read_to_string(&path).unwrap();
            text.push_str(&block.text);
            std::fs::write(&path, text).unwrap();
            continue;
        }
        match (lang, block.info.get(1).map(String::as_str)) {
            ("sh", None) => {
                let script: String = block
                    .text
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("rustup "))
                    .map(|l| format!("{l}\n"))
                    .collect();
                if script.trim().is_empty() {
                    continue;
                }
                let out = shell(&script, &cwd, &env).output().unwrap();
                let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
                let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
                assert!(
                    out.status.success(),
                    "the tutorial's script failed ({}):\n{script}\n--- stdout\n{stdout}\n--- \
                     stderr\n{stderr}",
                    out.status
                );
                ran.push(script.lines().next().unwrap_or("").to_string());
                if let Some(next) = script.lines().last().and_then(|l| l.strip_prefix("cd ")) {
                    cwd = cwd.join(next.trim());
                    // The crate's builds share one target directory under
                    // this workspace's, kept between runs.
                    let link = cwd.join("target");
                    if !link.exists() {
                        std::os::unix::fs::symlink(&target, &link).unwrap();
                    }
                }
                last_stdout = stdout;
            }
            ("sh", Some("server")) => {
                let command = block.text.trim();
                assert!(!command.contains('\n'), "a server block is one command");
                let child = Running(
                    shell(&format!("exec {command}"), &cwd, &env)
                        .stderr(Stdio::piped())
                        .spawn()
                        .unwrap(),
                );
                let (child, _, _) = common::await_serving(child, &format!("`{command}`"));
                ran.push(command.to_string());
                servers.push(child);
            }
            ("text", Some("output")) => {
                assert_eq!(
                    last_stdout.trim(),
                    block.text.trim(),
                    "the README shows another output than the command printed"
                );
            }
            ("text", Some("contains")) => {
                for line in block.text.lines().filter(|l| !l.trim().is_empty()) {
                    assert!(
                        last_stdout.contains(line),
                        "the README says the output contains `{line}`; it was:\n{last_stdout}"
                    );
                }
            }
            _ => {}
        }
    }
    drop(servers);
    // Every step of the tutorial ran.
    for step in [
        "cargo new --lib acme_tools",
        "cargo test",
        "cargo build --release --target wasm32-wasip2",
        "gs-mcp image load --image dev.image acme.gs",
        "gs-mcp call --config toolsets.toml class_summary '{\"className\": \"Account\"}'",
        "gs-mcp serve --config toolsets.toml",
    ] {
        assert!(
            ran.iter().any(|r| r == step),
            "`{step}` did not run: {ran:#?}"
        );
    }
}
