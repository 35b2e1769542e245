//! The quick start as scripts/serve.sh runs it: `examples/quickstart.toml`
//! with the plug-ins built from this tree, `plugins/acme_db/acme.gs` filed
//! into the image (twice, as two starts do), and the server answering an
//! `acme_db` tool call over HTTP next to the built-in tools.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn bin(home: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gs-mcp"));
    c.env_remove("GS_MCP_TRACE")
        .env_remove("GS_MCP_READONLY")
        .env("HOME", home)
        .env_remove("XDG_DATA_HOME")
        .env("XDG_CACHE_HOME", home.join("cache"));
    c
}

/// examples/quickstart.toml, with the plug-in paths pointing at the
/// components the tests build (serve.sh builds the same crates into
/// plugins/target).
fn quickstart_config(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(root().join("examples/quickstart.toml")).unwrap();
    let built = "../plugins/target/wasm32-wasip2/release/";
    for plugin in ["acme_db.wasm", "hello.wasm"] {
        assert!(
            text.contains(&format!("path = \"{built}{plugin}\"")),
            "quickstart.toml no longer names {plugin} where serve.sh builds it"
        );
    }
    let text = text
        .replace(
            &format!("\"{built}acme_db.wasm\""),
            &format!("{:?}", gs_test_plugins::ACME_DB),
        )
        .replace(
            &format!("\"{built}hello.wasm\""),
            &format!("{:?}", gs_test_plugins::HELLO),
        );
    let path = dir.join("quickstart.toml");
    std::fs::write(&path, text).unwrap();
    path
}

struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve(dir: &Path, cfg: &Path, image: &Path) -> (Running, SocketAddr) {
    let mut child = Running(
        bin(dir)
            .args(["serve", "--config", cfg.to_str().unwrap()])
            .args([
                "--listen",
                "127.0.0.1:0",
                "--image",
                image.to_str().unwrap(),
            ])
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut stderr = BufReader::new(child.0.stderr.take().unwrap());
    let mut line = String::new();
    let mut seen = String::new();
    loop {
        line.clear();
        if stderr.read_line(&mut line).unwrap_or(0) == 0 {
            let status = child.0.wait();
            panic!("the server exited before serving ({status:?}):\n{seen}");
        }
        seen.push_str(&line);
        if let Some(rest) = line.strip_prefix("gs-mcp: serving http://") {
            let addr = rest.split('/').next().unwrap().parse().unwrap();
            // Keep draining stderr so the server never blocks on it.
            std::thread::spawn(move || {
                let mut sink = String::new();
                while stderr.read_line(&mut sink).unwrap_or(0) > 0 {
                    sink.clear();
                }
            });
            return (child, addr);
        }
    }
}

fn post(addr: SocketAddr, session: Option<&str>, body: &Value) -> (String, Value) {
    let body = serde_json::to_vec(body).unwrap();
    let mut s = TcpStream::connect(addr).unwrap();
    let mut head = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nConnection: close\r\n\
         Content-Length: {}\r\n",
        body.len()
    );
    if let Some(id) = session {
        head.push_str(&format!("MCP-Session-Id: {id}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(&body).unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    let sid = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("mcp-session-id")
                .then(|| v.trim().to_string())
        })
        .unwrap_or_default();
    (sid, serde_json::from_str(body).unwrap_or(Value::Null))
}

#[test]
fn the_quickstart_serves_builtin_and_acme_db_tools_over_the_filed_in_application() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("quickstart.gsimage");
    let acme_gs = root().join("plugins/acme_db/acme.gs");

    // serve.sh files acme.gs in at every start: the second time must
    // succeed too.
    for _ in 0..2 {
        let out = bin(dir.path())
            .args(["image", "load", "--image", image.to_str().unwrap()])
            .arg(&acme_gs)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            stdout.starts_with("1 file(s): 10 class(es) defined, "),
            "{stdout}"
        );
        assert!(stdout.contains(", 0 failure(s); committed to "), "{stdout}");
        // Its `expectvalue /Class` lines are checked and met: the start
        // prints no note about them.
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("expectvalue"), "{stderr}");
    }

    let cfg = quickstart_config(dir.path());
    let (server, addr) = serve(dir.path(), &cfg, &image);
    let (sid, init) = post(
        addr,
        None,
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                           "clientInfo": {"name": "quickstart-test", "version": "1"}}}),
    );
    assert_eq!(init["result"]["serverInfo"]["name"], "gs-mcp", "{init}");
    post(
        addr,
        Some(&sid),
        &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    );

    let (_, list) = post(
        addr,
        Some(&sid),
        &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
    );
    let names: Vec<&str> = list["result"]["tools"]
        .as_array()
        .unwrap_or_else(|| panic!("{list}"))
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    for name in [
        "acme_schema",
        "acme_selector_usage",
        "acme_query",
        "describe_class",
        "greet",
    ] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
    // Only the tools quickstart.toml lists are exposed from hello.
    assert!(!names.contains(&"chatty"), "{names:?}");

    let (_, r) = post(
        addr,
        Some(&sid),
        &json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                "params": {"name": "acme_query",
                           "arguments": {"report": "customerOrders", "customer": "Elmer Fudd"}}}),
    );
    let result = &r["result"];
    assert_eq!(result["isError"], false, "{r}");
    let orders = &result["structuredContent"]["rows"];
    assert_eq!(orders[0]["status"], "cancelled", "{r}");
    assert_eq!(orders[1]["totalCents"], 6750, "{r}");

    let (_, r) = post(
        addr,
        Some(&sid),
        &json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
                "params": {"name": "acme_schema", "arguments": {"className": "AcmeInventory"}}}),
    );
    assert_eq!(
        r["result"]["structuredContent"]["classes"][0]["instanceVariables"],
        json!(["stock"]),
        "{r}"
    );
    drop(server);
}
