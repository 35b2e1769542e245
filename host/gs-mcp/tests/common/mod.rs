//! What the binary's black-box tests share: the binary, a server process
//! on a free loopback port, and a plain HTTP POST to `/mcp`.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

pub mod stone;
pub mod streams;

/// The gs-mcp binary, with the environment overrides a test must not inherit.
pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gs-mcp"));
    c.env_remove("GS_MCP_TRACE").env_remove("GS_MCP_READONLY");
    c
}

/// Process output as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A server process, stopped (killed and reaped) when dropped.
pub struct Running(pub Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// What the server wrote to stderr after its start-up line.
pub type Log = std::sync::Arc<std::sync::Mutex<String>>;

/// Starts `gs-mcp serve --config cfg` on a free loopback port with
/// `args` added, and waits for its start-up line.
pub fn serve(
    dir: &Path,
    cfg: &Path,
    env: &[(&str, &str)],
    args: &[&str],
) -> (Running, SocketAddr, Log) {
    let child = Running(
        bin()
            .envs(env.iter().copied())
            .args([
                "serve",
                "--config",
                cfg.to_str().unwrap(),
                "--listen",
                "127.0.0.1:0",
            ])
            .args(args)
            .env("HOME", dir)
            .env("XDG_CACHE_HOME", dir.join("cache"))
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    await_serving(child, "the server")
}

/// Waits for a started `gs-mcp serve` (its stderr piped) to print its
/// start-up line, then keeps reading its stderr into the answered log.
/// `what` names it if it exits first.
pub fn await_serving(mut child: Running, what: &str) -> (Running, SocketAddr, Log) {
    let mut stderr = BufReader::new(child.0.stderr.take().unwrap());
    let mut line = String::new();
    loop {
        line.clear();
        if stderr.read_line(&mut line).unwrap_or(0) == 0 {
            let status = child.0.wait();
            panic!("{what} exited before serving: {status:?}");
        }
        if let Some(rest) = line.strip_prefix("gs-mcp: serving http://") {
            let addr = rest.split('/').next().unwrap().parse().unwrap();
            let log = Log::default();
            let sink = log.clone();
            std::thread::spawn(move || {
                let mut line = String::new();
                while stderr.read_line(&mut line).unwrap_or(0) > 0 {
                    sink.lock().unwrap().push_str(&line);
                    line.clear();
                }
            });
            return (child, addr, log);
        }
    }
}

/// POSTs `body` to `/mcp`: the status, the session id answered, the body.
pub fn http_post(addr: SocketAddr, session: Option<&str>, body: &Value) -> (u16, String, Value) {
    http_post_with(addr, session, &[], body)
}

/// [`http_post`] with more request headers.
pub fn http_post_with(
    addr: SocketAddr,
    session: Option<&str>,
    headers: &[(&str, &str)],
    body: &Value,
) -> (u16, String, Value) {
    let body = serde_json::to_vec(body).unwrap();
    let mut s = TcpStream::connect(addr).unwrap();
    let mut head = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(id) = session {
        head.push_str(&format!("MCP-Session-Id: {id}\r\n"));
    }
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(&body).unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let sid = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("mcp-session-id: ")
                .map(|_| l[16..].trim().to_string())
        })
        .unwrap_or_default();
    (
        status,
        sid,
        serde_json::from_str(body).unwrap_or(Value::Null),
    )
}

/// `initialize` at revision 2025-11-25: status, session id, body.
pub fn initialize(addr: std::net::SocketAddr) -> (u16, String, Value) {
    http_post(
        addr,
        None,
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "gemstone-test", "version": "0"}}}),
    )
}

/// `tools/call` of `execute_code`: status and body.
pub fn execute(addr: std::net::SocketAddr, session: &str, code: &str) -> (u16, Value) {
    let (status, _, body) = http_post(
        addr,
        Some(session),
        &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": "execute_code", "arguments": {"code": code}}}),
    );
    (status, body)
}

/// The first text content of a tool result.
pub fn result_text(body: &Value) -> String {
    body["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}
