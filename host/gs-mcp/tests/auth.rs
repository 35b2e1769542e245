//! The binary with `[auth]`: the safe-by-default refusal of a network
//! address (in `serve` and in `check`), the cap warnings, and a message
//! trace that never writes a token.

#[path = "../../router/tests/idp/mod.rs"]
mod idp;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::json;

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gs-mcp"));
    c.env_remove("GS_MCP_TRACE").env_remove("GS_MCP_READONLY");
    c
}

fn run(dir: &Path, args: &[&str]) -> Output {
    bin()
        .args(args)
        .env("HOME", dir)
        .env_remove("XDG_DATA_HOME")
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn config(dir: &Path, body: &str) -> String {
    let path = dir.join("toolsets.toml");
    std::fs::write(&path, body).unwrap();
    path.to_str().unwrap().to_string()
}

const REFUSAL: &str = "is not a loopback address and the configuration has no [auth] or [tls]";

#[test]
fn serve_refuses_a_network_address_without_auth_and_tls() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(dir.path(), "");
    let out = run(
        dir.path(),
        &[
            "serve",
            "--config",
            &cfg,
            "--listen",
            "0.0.0.0:0",
            "--image",
            dir.path().join("i.gsimage").to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("gs-mcp: `listen`: 0.0.0.0:0 {REFUSAL}")),
        "{err}"
    );
    assert!(
        err.contains("add [auth] and [tls] (see docs/auth.md)"),
        "{err}"
    );
    assert!(
        err.contains("dangerously_allow_unauthenticated_network = true"),
        "{err}"
    );
}

#[test]
fn check_reports_the_same_refusal_and_honours_the_override() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(dir.path(), "listen = \"0.0.0.0:8000\"\n");
    let out = run(dir.path(), &["check", "--config", &cfg]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(REFUSAL), "{}", text(&out.stderr));
    let cfg = config(
        dir.path(),
        "listen = \"0.0.0.0:8000\"\ndangerously_allow_unauthenticated_network = true\n",
    );
    let out = run(dir.path(), &["check", "--config", &cfg]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn check_warns_when_the_per_caller_cap_does_not_protect_the_server_cap() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(
        dir.path(),
        "[auth]\nissuer = \"https://idp.example.test\"\naudience = \"https://mcp.example.test/mcp\"\n\
         [http]\nmax_sessions = 10\nmax_sessions_per_caller = 10\n",
    );
    let out = run(dir.path(), &["check", "--config", &cfg]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "warning: `http.max_sessions_per_caller` (10) is not below `http.max_sessions` (10)"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("ok: OAuth resource https://mcp.example.test/mcp (issuer https://idp.example.test, scopes mcp:use mcp:write)"),
        "{stdout}"
    );
    // No issuer answers at that name: said, but the check still passes.
    assert!(
        stdout.contains("warning: the issuer's keys could not be fetched ("),
        "{stdout}"
    );
}

#[test]
fn the_message_trace_never_writes_a_token() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let key = idp::SigningKey::ed25519("k1");
    let idp = rt.block_on(idp::Idp::start(&[&key]));
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(
        dir.path(),
        &format!(
            "[auth]\nissuer = \"{}\"\naudience = \"https://mcp.example.test/mcp\"\n\
             allow_system_users = [\"DataCurator\"]\n\
             [http]\nmax_sessions = 10\nmax_sessions_per_caller = 2\n",
            idp.issuer
        ),
    );
    let mut child = bin()
        .args(["serve", "--config", &cfg, "--listen", "127.0.0.1:0"])
        .args(["--image", dir.path().join("srv.gsimage").to_str().unwrap()])
        .env("HOME", dir.path())
        .env("XDG_CACHE_HOME", dir.path().join("cache"))
        .env("GS_MCP_TRACE", "1")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut log = String::new();
    let addr: std::net::SocketAddr = loop {
        let mut line = String::new();
        assert!(
            stderr.read_line(&mut line).unwrap() > 0,
            "the server exited: {log}"
        );
        log.push_str(&line);
        if let Some(rest) = line.strip_prefix("gs-mcp: serving http://") {
            break rest.split('/').next().unwrap().parse().unwrap();
        }
    };
    assert!(log.contains("OAuth: issuer"), "{log}");
    let claims = json!({"iss": idp.issuer, "aud": "https://mcp.example.test/mcp",
                        "sub": "DataCurator", "scope": "mcp:use", "exp": idp::now() + 300});
    let good = key.sign(&claims);
    let forged = idp::SigningKey::ed25519("k1").sign(&claims);
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}"#;
    for (token, status) in [(&good, "200"), (&forged, "401")] {
        let mut s = TcpStream::connect(addr).unwrap();
        write!(
            s,
            "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAuthorization: Bearer {token}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut raw = String::new();
        s.read_to_string(&mut raw).unwrap();
        assert!(raw.starts_with(&format!("HTTP/1.1 {status}")), "{raw}");
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    let _ = child.kill();
    let _ = child.wait();
    let mut rest = String::new();
    let _ = stderr.read_to_string(&mut rest);
    log.push_str(&rest);
    assert!(log.contains("--> POST /mcp session - "), "{log}");
    assert!(log.contains("<-- 401 "), "{log}");
    for secret in [&good, &forged] {
        let signature = secret.rsplit('.').next().unwrap();
        assert!(!log.contains(signature), "a token reached the trace: {log}");
    }
    assert!(
        !log.contains("Authorization") && !log.contains("Bearer ey"),
        "{log}"
    );
}
