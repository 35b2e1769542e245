//! Sessions, tool calls and notification streams over plain HTTP, as the
//! resource tests and the notify benchmark read them.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{http_post, initialize};

/// A session at revision 2025-11-25, initialized: its id and the
/// `initialize` answer.
pub fn session(addr: SocketAddr) -> (String, Value) {
    let (status, sid, init) = initialize(addr);
    assert_eq!(status, 200, "{init}");
    http_post(
        addr,
        Some(&sid),
        &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    );
    (sid, init)
}

/// A request in session `sid`, which must answer HTTP 200: the body.
pub fn rpc(addr: SocketAddr, sid: &str, method: &str, params: Value) -> Value {
    let (status, _, body) = http_post(
        addr,
        Some(sid),
        &json!({"jsonrpc": "2.0", "id": 7, "method": method, "params": params}),
    );
    assert_eq!(status, 200, "{method}: {body}");
    body
}

/// A `tools/call` in session `sid` that must succeed: the body.
pub fn tool(addr: SocketAddr, sid: &str, name: &str, arguments: Value) -> Value {
    let r = rpc(
        addr,
        sid,
        "tools/call",
        json!({"name": name, "arguments": arguments}),
    );
    assert_eq!(r["result"]["isError"], false, "{name}: {r}");
    r
}

/// The session's GET stream, open: what the server sends unasked arrives
/// on it.
pub fn open_stream(addr: SocketAddr, sid: &str) -> TcpStream {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET /mcp HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\
         MCP-Session-Id: {sid}\r\nMCP-Protocol-Version: 2025-11-25\r\n\r\n"
    )
    .unwrap();
    stream
        .set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    stream
}

/// Reads `stream` into `seen` until `count` occurrences of `needle` are
/// there, failing after 10 s.
pub fn read_until(stream: &mut TcpStream, seen: &mut String, needle: &str, count: usize) {
    let started = Instant::now();
    let mut buf = [0u8; 4096];
    while seen.matches(needle).count() < count {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no {needle} (x{count}) on the stream: {seen}"
        );
        if let Ok(n) = stream.read(&mut buf) {
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    }
}

/// A stateless (2026-07-28) POST of `subscriptions/listen` with `filter`:
/// the stream, read as it comes.
pub fn listen(addr: SocketAddr, id: u64, filter: Value) -> TcpStream {
    let body = json!({"jsonrpc": "2.0", "id": id, "method": "subscriptions/listen", "params": {
        "notifications": filter,
        "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                  "io.modelcontextprotocol/clientCapabilities": {}}}})
    .to_string();
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nAccept: application/json, text/event-stream\r\n\
         Content-Type: application/json\r\nMCP-Protocol-Version: 2026-07-28\r\n\
         Mcp-Method: subscriptions/listen\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    stream
        .set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    stream
}
