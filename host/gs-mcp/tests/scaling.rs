//! Scaling out: two gs-mcp processes on the `gemstone` backend share one
//! stone, behind HAProxy (Debian's package, which scripts/test.sh
//! installs) with affinity on `Mcp-Session-Id`, as docs/scaling.md
//! configures it.
//!
//! The stone is the GCI-compatible test stone (docs/teststone.md), a test
//! double for GemStone because no real stone can run here.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::stone::{PASSWORD_VAR, Site};
use common::{Running, execute, initialize, result_text, serve};

/// HAProxy in front of `servers`, as docs/scaling.md shows it.
fn haproxy_config(listen: SocketAddr, servers: &[SocketAddr]) -> String {
    let mut text = format!(
        "global\n  maxconn 256\n\n\
         defaults\n  mode http\n  timeout connect 2s\n  timeout client 30s\n  \
         timeout server 30s\n  retries 2\n  option redispatch\n\n\
         frontend mcp\n  bind {listen}\n  default_backend gs_mcp\n\n\
         backend gs_mcp\n  balance roundrobin\n  \
         stick-table type string len 64 size 100k expire 2h\n  \
         stick match req.hdr(mcp-session-id)\n  \
         stick store-response res.hdr(mcp-session-id)\n"
    );
    for (i, s) in servers.iter().enumerate() {
        text.push_str(&format!(
            "  server gs{i} {s} check inter 200ms fall 1 rise 1\n"
        ));
    }
    text
}

/// Starts HAProxy on a free loopback port and waits until it accepts.
fn start_haproxy(dir: &Path, servers: &[SocketAddr]) -> (Running, SocketAddr) {
    let haproxy = which("haproxy").expect(
        "HAProxy is needed for this test: `apt-get install haproxy` (scripts/test.sh installs it)",
    );
    let listen = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let cfg = dir.join("haproxy.cfg");
    std::fs::write(&cfg, haproxy_config(listen, servers)).unwrap();
    let child: Child = Command::new(haproxy)
        .args(["-db", "-f"])
        .arg(&cfg)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while TcpStream::connect(listen).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "HAProxy did not start listening on {listen}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (Running(child), listen)
}

fn which(program: &str) -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .chain(["/usr/sbin".into(), "/sbin".into()])
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// The name of the process serving the session (its `serverInfo.name`).
fn served_by(body: &serde_json::Value) -> String {
    body["result"]["serverInfo"]["name"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn two_servers_share_one_stone_behind_haproxy() {
    let site = Site::new("shared");
    let env = site.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let start = |name: &str| {
        let cfg = site.config_with(
            &format!("{name}.toml"),
            PASSWORD_VAR,
            &format!("[identity]\nname = {name:?}\n"),
        );
        serve(site.dir.path(), &cfg, &env, &[])
    };
    let (server_a, addr_a, _) = start("gs-mcp-a");
    let (_server_b, addr_b, _) = start("gs-mcp-b");
    let (_proxy, proxy) = start_haproxy(site.dir.path(), &[addr_a, addr_b]);

    // Round robin spreads new sessions over both processes.
    let sessions: Vec<(String, String)> = (0..4)
        .map(|_| {
            let (status, id, body) = initialize(proxy);
            assert_eq!(status, 200, "{body}");
            (id, served_by(&body))
        })
        .collect();
    let on = |server: &str| {
        sessions
            .iter()
            .find(|(_, s)| s == server)
            .unwrap_or_else(|| panic!("no session on {server}: {sessions:?}"))
            .0
            .clone()
    };
    let (on_a, on_b) = (on("gs-mcp-a"), on("gs-mcp-b"));

    // Each session's calls stick to its process: the other would not know
    // the session and answer 404.
    for (id, _) in &sessions {
        for _ in 0..3 {
            let (status, body) = execute(proxy, id, "3 + 4");
            assert_eq!(status, 200, "{body}");
            assert!(result_text(&body).contains('7'), "{body}");
        }
    }

    // GemStone is the shared store: a commit through one process is seen
    // by a session of the other after its abort.
    let (_, body) = execute(
        proxy,
        &on_a,
        "UserGlobals at: #ScalingProbe put: 4242. System commitTransaction",
    );
    assert!(result_text(&body).contains("true"), "{body}");
    let (_, body) = execute(
        proxy,
        &on_b,
        "System abortTransaction. UserGlobals at: #ScalingProbe",
    );
    assert!(result_text(&body).contains("4242"), "{body}");

    // One process dies: only its sessions end (their next request reaches
    // the other process, which answers 404), and a new initialize works.
    drop(server_a);
    let started = Instant::now();
    let status = loop {
        let (status, _) = execute(proxy, &on_a, "1");
        if status != 503 || started.elapsed() > Duration::from_secs(10) {
            break status;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(status, 404, "a session of the dead process is gone");
    let (status, body) = execute(proxy, &on_b, "6 * 7");
    assert_eq!(status, 200);
    assert!(result_text(&body).contains("42"), "{body}");
    let (status, id, body) = initialize(proxy);
    assert_eq!(status, 200, "{body}");
    assert_eq!(served_by(&body), "gs-mcp-b");
    let (_, body) = execute(proxy, &id, "2 + 2");
    assert!(result_text(&body).contains('4'), "{body}");
}
