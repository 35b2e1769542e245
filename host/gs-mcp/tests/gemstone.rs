//! The `gemstone` backend end to end: `gs-mcp check` and `gs-mcp serve`
//! against a stone through the GemStone C interface, and the faults an
//! operator meets (a wrong password, lost connections, refused logins).
//!
//! The stone is the GCI-compatible **test stone** (`gs-teststone`, see
//! docs/teststone.md), a test double for GemStone because no real stone
//! can run here: the client library gs-mcp loads is its `libgcits` and
//! the Smalltalk runs in its embedded image. Everything on gs-mcp's side
//! — the run-time loading, the C calls, the non-blocking execution,
//! the framing of answers — is the code that runs against a real stone.

use std::path::Path;

use gs_teststone::Command;
use serde_json::json;

#[path = "../../router/tests/idp/mod.rs"]
mod idp;

mod common;
use common::stone::{PASSWORD_VAR, Site};
use common::{bin, execute, initialize, result_text, serve, text};

fn check(site: &Site, cfg: &Path, env: &[(&str, String)]) -> std::process::Output {
    bin()
        .args(["check", "--config", cfg.to_str().unwrap()])
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .env("HOME", site.dir.path())
        .env("XDG_CACHE_HOME", site.dir.path().join("cache"))
        .output()
        .unwrap()
}

#[test]
fn check_logs_in_once_and_names_what_to_fix() {
    let site = Site::new("checked");
    let cfg = site.config(PASSWORD_VAR);
    let out = check(&site, &cfg, &site.env());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("ok: stone checked (GemStone 3.7.5")
            && stdout.contains("logged in and out as DataCurator"),
        "{stdout}"
    );
    // The stone sees the logout shortly after the process has gone.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while site.stone.command(Command::Sessions).unwrap() > 0 && std::time::Instant::now() < deadline
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(site.stone.command(Command::Sessions).unwrap(), 0);

    // A wrong password: the login is denied, and the password never shown.
    let mut env = site.env();
    env[1].1 = "not-the-password".into();
    let out = check(&site, &cfg, &env);
    let stderr = text(&out.stderr);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        stderr.contains("cannot log in to stone checked as DataCurator"),
        "{stderr}"
    );
    assert!(!stderr.contains("not-the-password"), "{stderr}");

    // The password's variable unset: said before any login.
    let out = check(&site, &site.config("GS_MCP_TEST_NO_SUCH_VAR"), &site.env());
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("`GS_MCP_TEST_NO_SUCH_VAR` holding the password is not set"),
        "{stderr}"
    );

    // The password's file missing: the message names the key that was set.
    let cfg = site.config(PASSWORD_VAR);
    let body = std::fs::read_to_string(&cfg).unwrap().replace(
        &format!("password_env = {PASSWORD_VAR:?}"),
        "password_file = \"no-such-password-file\"",
    );
    let file_cfg = site.dir.path().join("file-password.toml");
    std::fs::write(&file_cfg, body).unwrap();
    let out = check(&site, &file_cfg, &site.env());
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("`image.password_file`: cannot read the file")
            && stderr.contains("no-such-password-file holding the password"),
        "{stderr}"
    );

    // No stone of that name: the message points at GEMSTONE_GLOBAL_DIR.
    let cfg = site.config(PASSWORD_VAR);
    let mut env = site.env();
    env[0].1 = site.dir.path().join("elsewhere").display().to_string();
    let out = check(&site, &cfg, &env);
    let stderr = text(&out.stderr);
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr.contains("GEMSTONE_GLOBAL_DIR"), "{stderr}");
}

#[test]
fn serve_runs_tools_on_the_stone_and_survives_its_faults() {
    let site = Site::new("served");
    let cfg = site.config(PASSWORD_VAR);
    let env = site.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (_server, addr, _log) = serve(site.dir.path(), &cfg, &env, &[]);

    let (status, session, _) = initialize(addr);
    assert_eq!(status, 200);
    assert_eq!(site.stone.command(Command::Sessions).unwrap(), 1);
    let (status, body) = execute(addr, &session, "3 + 4");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["isError"], false, "{body}");
    assert!(result_text(&body).contains('7'), "{body}");

    // The stone drops every connection: the next call is an error naming
    // the lost connection, the session ends (its next request is 404),
    // and a new initialize logs in afresh.
    site.stone.command(Command::DropConnections).unwrap();
    let (status, body) = execute(addr, &session, "3 + 4");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["isError"], true, "{body}");
    assert!(result_text(&body).contains("connection"), "{body}");
    let (status, body) = execute(addr, &session, "3 + 4");
    assert_eq!(status, 404, "a session whose stone connection is gone ends");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("the server ended it because the connection to its image was lost"),
        "{body}"
    );
    let (status, session, _) = initialize(addr);
    assert_eq!(status, 200);
    let (_, body) = execute(addr, &session, "6 * 7");
    assert!(result_text(&body).contains("42"), "{body}");

    // Logins refused: initialize fails with the stone's reason, and the
    // server goes on serving the session it has.
    site.stone.command(Command::RefuseLogins(true)).unwrap();
    let (status, _, body) = initialize(addr);
    assert_eq!(status, 503, "{body}");
    let message = body["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("the session could not be opened: cannot log in to stone served"),
        "{body}"
    );
    // Logins switched off are not a full stone: no advice to wait for
    // sessions to end.
    assert!(
        message.contains("has disabled logins") && !message.contains("wait for sessions"),
        "{body}"
    );
    let (_, body) = execute(addr, &session, "1 + 1");
    assert!(result_text(&body).contains('2'), "{body}");
    site.stone.command(Command::RefuseLogins(false)).unwrap();
    let (status, _, _) = initialize(addr);
    assert_eq!(status, 200);
}

/// `run_test_class` of the kernel's GsTestCase in a new session of the
/// server at `addr`: the call's result.
fn run_test_class(addr: std::net::SocketAddr) -> serde_json::Value {
    let (status, session, _) = initialize(addr);
    assert_eq!(status, 200);
    let (_, _, body) = common::http_post(
        addr,
        Some(&session),
        &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": "run_test_class", "arguments": {"className": "GsTestCase"}}}),
    );
    body["result"].clone()
}

#[test]
fn a_read_only_server_runs_tests_on_a_stone_only_on_the_operator_s_word() {
    let site = Site::new("readonly");
    let mut env = site.env();
    env.push(("GS_MCP_READONLY", "1".into()));
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();

    let cfg = site.config(PASSWORD_VAR);
    let (server, addr, _log) = serve(site.dir.path(), &cfg, &env, &[]);
    let result = run_test_class(addr);
    assert_eq!(result["isError"], true, "{result}");
    assert_eq!(result["structuredContent"]["error"]["kind"], "readOnly");
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("`read_only_users_cannot_commit = true` in `[image]`"),
        "{text}"
    );
    drop(server);

    let declared = "read_only_users_cannot_commit = true\n";
    let cfg = site.config_with("declared.toml", PASSWORD_VAR, declared);
    let (_server, addr, _log) = serve(site.dir.path(), &cfg, &env, &[]);
    let result = run_test_class(addr);
    assert_eq!(result["isError"], false, "{result}");
    assert_eq!(result["structuredContent"]["className"], "GsTestCase");
}

#[test]
fn with_auth_each_session_logs_in_as_its_token_user_with_the_token() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let key = idp::SigningKey::ed25519("k1");
    let idp = rt.block_on(idp::Idp::start(&[&key]));
    let audience = "https://mcp.example.test/mcp";
    let token_for = |user: &str| {
        key.sign(&json!({"iss": idp.issuer, "aud": audience, "sub": user,
                         "scope": "mcp:use mcp:write", "exp": idp::now() + 300}))
    };
    let curator = token_for("DataCurator");
    // The test stone takes a JWT password as it takes any password: equal
    // to its one password. So a login succeeds only if gs-mcp passes the
    // caller's own token, as GemStone's JWT login needs.
    let site = Site::with_password("tokens", &curator);
    let cfg = site.config_with(
        "toolsets.toml",
        PASSWORD_VAR,
        &format!(
            "password_kind = \"jwt\"\n[auth]\nissuer = \"{}\"\naudience = \"{audience}\"\n\
             write_scope = \"mcp:write\"\nallow_system_users = [\"DataCurator\"]\n",
            idp.issuer
        ),
    );
    let mut env = site.env();
    env[1].1 = "a-service-token-that-is-not-the-callers".into();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (_server, addr, _log) = serve(site.dir.path(), &cfg, &env, &[]);

    let post = |token: &str, session: Option<&str>, body: serde_json::Value| {
        common::http_post_with(
            addr,
            session,
            &[("Authorization", &format!("Bearer {token}"))],
            &body,
        )
    };
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "gemstone-test", "version": "0"}}});
    let (status, session, body) = post(&curator, None, init.clone());
    assert_eq!(status, 200, "{body}");
    let (status, _, body) = post(
        &curator,
        Some(&session),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "execute_code", "arguments": {"code": "System myUserProfile userId"}}}),
    );
    assert_eq!(status, 200, "{body}");
    assert!(result_text(&body).contains("DataCurator"), "{body}");

    // Another user's token is not a password the stone takes for them: the
    // login is refused, naming the user, never the token.
    let other = token_for("Alice");
    let (status, _, body) = post(&other, None, init);
    assert_eq!(status, 503, "{body}");
    let message = body["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("cannot log in to stone tokens as Alice"),
        "{body}"
    );
    assert!(
        !message.contains(other.rsplit('.').next().unwrap()),
        "{body}"
    );
}

/// The threads of process `pid`, as the kernel counts them.
fn threads_of(pid: u32) -> usize {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("a Threads line")
}

#[test]
fn doits_in_flight_on_the_stone_hold_no_server_thread() {
    const SESSIONS: usize = 12;
    let site = Site::new("waited");
    let cfg = site.config(PASSWORD_VAR);
    let env = site.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (server, addr, _log) = serve(site.dir.path(), &cfg, &env, &[]);
    let sessions: Vec<String> = (0..SESSIONS)
        .map(|_| {
            // Each logs in to the stone here.
            let (status, session, _) = initialize(addr);
            assert_eq!(status, 200);
            session
        })
        .collect();
    let before = threads_of(server.0.id());
    let calls: Vec<_> = sessions
        .into_iter()
        .map(|session| {
            std::thread::spawn(move || {
                execute(addr, &session, "(Delay forMilliseconds: 3000) wait. #slept")
            })
        })
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let during = threads_of(server.0.id());
    for call in calls {
        let (status, body) = call.join().unwrap();
        assert_eq!(status, 200, "{body}");
        assert!(result_text(&body).contains("slept"), "{body}");
    }
    assert!(
        during <= before,
        "{SESSIONS} doits in flight: the server had {during} threads, {before} before"
    );
}

/// The operator's word that read-only sessions' users cannot commit covers
/// sessions opened read-only. A session opened with a token that may write
/// logs in as a user who may commit, so a later request of it whose token
/// lacks the write scope is read-only but may not run tests: their code
/// could commit.
#[test]
fn a_session_opened_to_write_runs_no_tests_for_a_narrower_token() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let key = idp::SigningKey::ed25519("k1");
    let idp = rt.block_on(idp::Idp::start(&[&key]));
    let audience = "https://mcp.example.test/mcp";
    let token_with = |scope: &str| {
        key.sign(
            &json!({"iss": idp.issuer, "aud": audience, "sub": "DataCurator",
                         "scope": scope, "exp": idp::now() + 300}),
        )
    };
    let writer = token_with("mcp:use mcp:write");
    let reader = token_with("mcp:use");
    let site = Site::with_password("narrowed", &writer);
    let cfg = site.config_with(
        "toolsets.toml",
        PASSWORD_VAR,
        &format!(
            "password_kind = \"jwt\"\nread_only_users_cannot_commit = true\n[auth]\n\
             issuer = \"{}\"\naudience = \"{audience}\"\nwrite_scope = \"mcp:write\"\n\
             allow_system_users = [\"DataCurator\"]\n",
            idp.issuer
        ),
    );
    let mut env = site.env();
    env[1].1 = "a-service-token-that-is-not-the-callers".into();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (_server, addr, _log) = serve(site.dir.path(), &cfg, &env, &[]);
    let post = |token: &str, session: Option<&str>, body: serde_json::Value| {
        common::http_post_with(
            addr,
            session,
            &[("Authorization", &format!("Bearer {token}"))],
            &body,
        )
    };
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "gemstone-test", "version": "0"}}});
    let (status, session, body) = post(&writer, None, init);
    assert_eq!(status, 200, "{body}");
    let (status, _, body) = post(
        &reader,
        Some(&session),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "run_test_class", "arguments": {"className": "GsTestCase"}}}),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["isError"], true, "{body}");
    assert_eq!(
        body["result"]["structuredContent"]["error"]["kind"], "readOnly",
        "{body}"
    );
}
