//! `toolsets.toml` as an operator writes it: defaults, every setting read,
//! environment overrides, and the message for each refused input.

use std::path::{Path, PathBuf};
use std::time::Duration;

use gs_config::{
    Config, EngineSettings, GemStoneSettings, HttpSettings, ImageBackend, InlineKind, InlineValue,
    PasswordKind, PasswordSource, SessionLifetime, SettingValue, TaskLimits, ToolsetSource, Trace,
    is_loopback_host,
};

fn env(vars: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
    move |k| {
        vars.iter()
            .find(|(name, _)| *name == k)
            .map(|(_, v)| v.to_string())
    }
}

const HOME: &[(&str, &str)] = &[("HOME", "/home/ann")];

fn parse(text: &str) -> Result<Config, String> {
    Config::parse_with(text, Some(Path::new("/etc/gs")), &env(HOME)).map_err(|e| e.to_string())
}

fn refused(text: &str) -> String {
    parse(text).expect_err("the configuration should be refused")
}

#[test]
fn no_file_means_loopback_embedded_image_and_builtin_toolset() {
    let c = Config::defaults_with(&env(HOME)).unwrap();
    assert_eq!(c.listen.to_string(), "127.0.0.1:8000");
    assert_eq!(c.identity.name, "gs-mcp");
    assert_eq!(c.identity.version, env!("CARGO_PKG_VERSION"));
    assert_eq!(c.identity.title, None);
    assert!(!c.read_only);
    assert_eq!(
        c.image,
        ImageBackend::Embedded {
            path: PathBuf::from("/home/ann/.local/share/gs-mcp/image.gsimage")
        }
    );
    assert_eq!(c.sessions, SessionLifetime::default());
    assert_eq!(c.sessions.idle_timeout, Some(Duration::from_secs(1800)));
    assert_eq!(
        c.sessions.streamless_idle_timeout,
        Some(Duration::from_secs(60))
    );
    assert_eq!(c.sessions.stream_loss_grace, Duration::from_secs(10));
    assert_eq!(c.sessions.absolute_timeout, None);
    assert_eq!(c.sessions.request_timeout, None);
    assert_eq!(
        c.sessions.liveness_probe_after,
        Some(Duration::from_secs(1500))
    );
    assert_eq!(c.http, HttpSettings::default());
    assert_eq!(c.http.body_limit, 4 * 1024 * 1024);
    assert_eq!(c.http.max_sessions_per_caller, Some(100));
    assert_eq!(c.http.max_connections, 4096);
    assert_eq!(c.http.max_connections_per_address, Some(512));
    assert_eq!(c.http.total_body_bytes, 256 << 20);
    assert_eq!(c.http.total_subscription_bytes, 64 << 20);
    assert_eq!(c.trace, Trace::default());
    assert!(!c.trace.enabled);
    assert_eq!(c.trace.limit, Some(4096));
    assert_eq!(c.toolsets.len(), 1);
    assert_eq!(c.toolsets[0].source, ToolsetSource::Builtin);
}

#[test]
fn xdg_data_home_wins_over_home() {
    let c = Config::defaults_with(&env(&[("HOME", "/h"), ("XDG_DATA_HOME", "/x")])).unwrap();
    assert_eq!(
        c.image,
        ImageBackend::Embedded {
            path: PathBuf::from("/x/gs-mcp/image.gsimage")
        }
    );
}

#[test]
fn no_home_and_no_image_path_is_refused_with_the_fix() {
    let e = Config::defaults_with(&env(&[])).unwrap_err().to_string();
    assert_eq!(
        e,
        "`image.path`: no default image location: neither XDG_DATA_HOME nor HOME is set; \
         set `image.path` (or pass --image)"
    );
}

#[test]
fn every_setting_is_read() {
    let c = parse(
        r#"
listen = "127.0.0.1:9001"
read_only = true

[identity]
name = "acme-db-mcp"
version = "2.5.0"
title = "Acme Labels - sandbox"

[image]
backend = "embedded"
path = "data/app.gsimage"

[sessions]
idle_timeout_secs = 600
streamless_idle_timeout_secs = 0
stream_loss_grace_secs = 0
absolute_timeout_secs = 86400
request_timeout_secs = 120
liveness_probe_after_secs = 300

[http]
body_limit_bytes = 1048576
max_sessions = 50
max_sessions_per_caller = 0
max_connections = 200
allowed_origin_hosts = ["App.Example.com"]
allowed_hosts = ["mcp.internal"]

[trace]
enabled = true
limit = 0

[[toolset]]
builtin = true
tools = ["execute_code"]

[[toolset]]
path = "plugins/acme_db.wasm"
sha256 = "ABCDEF0123456789abcdef0123456789abcdef0123456789abcdef0123456789"
grants = ["image:read", "image:execute", "image:read"]
preopen = [{ host = "/srv/data", guest = "/data" }, { host = "out", guest = "/out", mode = "rw" }]
net = ["https://API.acme.example", "http://127.0.0.1:8080/", "https://[::1]:9443", "https://api.acme.example:443"]
limits = { memory_bytes = 1048576, deadline_ms = 5000, output_bytes = 65536, net_response_bytes = 1024, disk_bytes = 1048576 }
"#,
    )
    .unwrap();
    assert_eq!(c.listen.port(), 9001);
    assert!(c.read_only);
    assert_eq!(c.identity.name, "acme-db-mcp");
    assert_eq!(c.identity.version, "2.5.0");
    assert_eq!(c.identity.title.as_deref(), Some("Acme Labels - sandbox"));
    assert_eq!(
        c.image,
        ImageBackend::Embedded {
            path: PathBuf::from("/etc/gs/data/app.gsimage")
        }
    );
    let s = c.sessions;
    assert_eq!(s.idle_timeout, Some(Duration::from_secs(600)));
    assert_eq!(s.streamless_idle_timeout, None);
    assert_eq!(s.stream_loss_grace, Duration::ZERO);
    assert_eq!(s.absolute_timeout, Some(Duration::from_secs(86400)));
    assert_eq!(s.request_timeout, Some(Duration::from_secs(120)));
    assert_eq!(s.liveness_probe_after, Some(Duration::from_secs(300)));
    assert_eq!(c.http.body_limit, 1 << 20);
    assert_eq!(c.http.max_sessions, 50);
    assert_eq!(c.http.max_sessions_per_caller, None);
    assert_eq!(c.http.max_connections, 200);
    assert_eq!(c.http.allowed_origin_hosts, ["app.example.com"]);
    assert_eq!(c.http.allowed_hosts, ["mcp.internal"]);
    assert!(c.trace.enabled);
    assert_eq!(c.trace.limit, None);
    assert_eq!(c.toolsets.len(), 2);
    assert_eq!(
        c.toolsets[0].tools.as_deref(),
        Some(&["execute_code".to_string()][..])
    );
    let w = &c.toolsets[1];
    assert_eq!(
        w.source,
        ToolsetSource::Wasm {
            path: PathBuf::from("/etc/gs/plugins/acme_db.wasm"),
            sha256: Some("abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789".into()),
        }
    );
    assert_eq!(w.grants, ["image:read", "image:execute"]);
    assert_eq!(w.preopen.len(), 2);
    assert_eq!(w.preopen[0].host, PathBuf::from("/srv/data"));
    assert!(!w.preopen[0].writable);
    assert_eq!(w.preopen[1].host, PathBuf::from("/etc/gs/out"));
    assert!(w.preopen[1].writable);
    assert_eq!(w.limits.memory, Some(1 << 20));
    assert_eq!(w.limits.deadline, Some(Duration::from_secs(5)));
    assert_eq!(w.limits.output, Some(65536));
    assert_eq!(w.limits.net_response, Some(1024));
    assert_eq!(w.limits.disk, Some(1048576));
    assert_eq!(
        w.net.iter().map(ToString::to_string).collect::<Vec<_>>(),
        [
            "https://api.acme.example:443",
            "http://127.0.0.1:8080",
            "https://[::1]:9443"
        ],
        "one entry per origin, the default port written out"
    );
    assert_eq!(w.tools, None);
}

#[test]
fn the_example_file_is_valid() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../toolsets.example.toml");
    let c = Config::load_with(&path, &env(HOME)).unwrap();
    assert_eq!(c.listen.to_string(), "127.0.0.1:8000");
    assert_eq!(c.file.as_deref(), Some(path.as_path()));
    // The example spells out every default.
    assert_eq!(c.engine, EngineSettings::default());
    assert_eq!(c.tasks, TaskLimits::default());
}

#[test]
fn task_limits_are_read_and_bad_ones_refused_naming_the_key() {
    let c = parse(
        "[tasks]\nmax = 10\nmax_unfinished_per_caller = 2\nttl_secs = 60\ntotal_bytes = 2097152\n",
    )
    .unwrap();
    assert_eq!(
        c.tasks,
        TaskLimits {
            max: 10,
            max_unfinished_per_caller: 2,
            ttl: std::time::Duration::from_secs(60),
            total_bytes: 2 << 20,
        }
    );
    for (text, says) in [
        ("[tasks]\nmax = 0\n", "`tasks.max`: 0 would keep no task"),
        (
            "[tasks]\nmax = 4\nmax_unfinished_per_caller = 5\n",
            "`tasks.max_unfinished_per_caller`: 5 is more than tasks.max (4)",
        ),
        (
            "[tasks]\nttl_secs = 3\n",
            "`tasks.ttl_secs`: 3 s is too short",
        ),
        ("[tasks]\nttl = 3\n", "unknown field `ttl`"),
        (
            "[tasks]\ntotal_bytes = 4096\n",
            "`tasks.total_bytes`: 4096 would leave no room for an ordinary task's result",
        ),
    ] {
        let e = refused(text);
        assert!(e.contains(says), "{text}: {e}");
    }
}

#[test]
fn unknown_top_level_key_is_named_with_line_and_fix() {
    let e = refused("listen = \"127.0.0.1:8000\"\nreadonly = true\n");
    assert!(
        e.starts_with("line 2, column 1: unknown field `readonly`, expected one of"),
        "{e}"
    );
    assert!(e.contains("`read_only`"), "{e}");
    assert!(
        e.ends_with(
            "remove the key or correct its spelling (toolsets.example.toml lists every key)"
        ),
        "{e}"
    );
}

#[test]
fn unknown_nested_key_is_named() {
    let e = refused("[sessions]\nidle_timeout = 5\n");
    assert!(e.contains("unknown field `idle_timeout`"), "{e}");
    assert!(e.contains("`idle_timeout_secs`"), "{e}");
    let e = refused("[[toolset]]\nbuiltin = true\ngrant = [\"image:read\"]\n");
    assert!(
        e.contains("line 3") && e.contains("unknown field `grant`"),
        "{e}"
    );
}

#[test]
fn wrong_type_is_refused_with_the_fix() {
    let e = refused("read_only = \"yes\"\n");
    assert!(
        e.starts_with(
            "line 1, column 13: `read_only`: invalid type: string \"yes\", expected a boolean"
        ),
        "{e}"
    );
    assert!(
        e.ends_with(
            "; give the value the type the key documents (toolsets.example.toml shows each)"
        ),
        "{e}"
    );
    let e = refused("[sessions]\nidle_timeout_secs = -5\n");
    assert!(e.contains("line 2") && e.contains("-5"), "{e}");
}

#[test]
fn bad_listen_address() {
    assert_eq!(
        refused("listen = \"localhost\"\n"),
        "`listen`: `localhost` is not an address and port; write it like `127.0.0.1:8000` or `[::1]:8000`"
    );
}

#[test]
fn empty_or_control_identity() {
    assert_eq!(
        refused("[identity]\nname = \" \"\n"),
        "`identity.name`: is empty; give a value or leave the key out for the default"
    );
    assert_eq!(
        refused("[identity]\ntitle = \"a\\nb\"\n"),
        "`identity.title`: \"a\\nb\" contains a control character; use printable text"
    );
}

#[test]
fn gemstone_backend_settings() {
    let config = parse(
        "[image]\nbackend = \"gemstone\"\ngemstone = \"/opt/gs\"\nversion = \"3.7.5\"\n\
         stone = \"gs64stone\"\nhost = \"Stone.Example.com\"\nnetldi = \"gs64ldi\"\n\
         user = \"DataCurator\"\npassword_file = \"secrets/gs\"\npassword_kind = \"one-time\"\n\
         login_concurrency = 8\nread_only_users_cannot_commit = true\n",
    )
    .unwrap();
    assert_eq!(
        config.image,
        ImageBackend::GemStone(Box::new(GemStoneSettings {
            gemstone: "/opt/gs".into(),
            version: Some("3.7.5".into()),
            stone: "gs64stone".into(),
            host: Some("stone.example.com".into()),
            netldi: Some("gs64ldi".into()),
            user: "DataCurator".into(),
            password: PasswordSource::File("/etc/gs/secrets/gs".into()),
            password_kind: PasswordKind::OneTime,
            host_login: None,
            login_concurrency: 8,
            read_only_users_cannot_commit: true,
        }))
    );
    // The installation may come from the environment, as GemStone's own
    // tools take it; the defaults fill the rest.
    let from_env = Config::parse_with(
        "[image]\nbackend = \"gemstone\"\nstone = \"s\"\nuser = \"u\"\npassword_env = \"GS_PW\"\n",
        Some(Path::new("/etc/gs")),
        &|k| (k == "GEMSTONE").then(|| "/opt/gemstone".to_string()),
    )
    .unwrap();
    let ImageBackend::GemStone(s) = from_env.image else {
        panic!("the gemstone backend")
    };
    assert_eq!(s.gemstone, PathBuf::from("/opt/gemstone"));
    assert_eq!(s.password, PasswordSource::Env("GS_PW".into()));
    assert_eq!(s.password_kind, PasswordKind::Password);
    assert_eq!(s.login_concurrency, gs_config::DEFAULT_LOGIN_CONCURRENCY);
    assert!(!s.read_only_users_cannot_commit);
}

#[test]
fn gemstone_backend_mistakes_are_named() {
    let base = "[image]\nbackend = \"gemstone\"\ngemstone = \"/opt/gs\"\n";
    let cases = [
        ("", "`image.stone`: is required"),
        ("stone = \"s\"\n", "`image.user`: is required"),
        (
            "stone = \"s\"\nuser = \"u\"\n",
            "`image.password_env`: is required with `backend = \"gemstone\"`, or \
             `image.password_file` instead",
        ),
        (
            "stone = \"s\"\nuser = \"u\"\npassword_env = \"A\"\npassword_file = \"f\"\n",
            "`image.password_file`: is set, and so is `image.password_env`; keep one",
        ),
        (
            "stone = \"s\"\nuser = \"u\"\npassword_env = \"A\"\npassword_kind = \"pin\"\n",
            "`image.password_kind`: `pin` is not a kind of password",
        ),
        (
            "stone = \"s\"\nuser = \"u\"\npassword_env = \"A\"\nlogin_concurrency = 0\n",
            "`image.login_concurrency`: 0 is out of range",
        ),
        (
            "stone = \"s\"\nuser = \"u\"\npassword_env = \"A\"\nhost_user = \"gs\"\n",
            "`image.host_user`: needs `image.host_password_env`",
        ),
        (
            "stone = \"s\"\nuser = \"u\"\npassword_env = \"A\"\npath = \"x.gsimage\"\n",
            "`image.path`: is the embedded backend's image file",
        ),
        (
            "stone = \"s\"\nuser = \"u\"\npassword = \"swordfish\"\n",
            "unknown field `password`",
        ),
    ];
    for (extra, expected) in cases {
        let message = refused(&format!("{base}{extra}"));
        assert!(message.contains(expected), "{extra:?}: {message}");
        assert!(
            !message.contains("swordfish"),
            "the secret is never echoed: {message}"
        );
    }
    assert!(
        Config::parse_with(
            "[image]\nbackend = \"gemstone\"\nstone = \"s\"\nuser = \"u\"\npassword_env = \"A\"\n",
            None,
            &|_| None,
        )
        .unwrap_err()
        .to_string()
        .contains("`image.gemstone`: is needed to find GemStone's C library")
    );
    assert_eq!(
        refused("[image]\nbackend = \"sqlite\"\n"),
        "`image.backend`: `sqlite` is not a backend; use `embedded` or `gemstone`"
    );
    assert_eq!(
        refused("[image]\nstone = \"gs64stone\"\n"),
        "`image.stone`: is a setting of the `gemstone` backend, but `image.backend` is \
         `embedded`; remove it, or set `backend = \"gemstone\"`"
    );
}

#[test]
fn auth_with_a_stone_needs_jwt_logins() {
    let stone = "[image]\nbackend = \"gemstone\"\ngemstone = \"/opt/gs\"\nstone = \"s\"\n\
                 user = \"u\"\npassword_env = \"A\"\n";
    let auth = "[auth]\nissuer = \"https://idp.example.com\"\n\
                audience = \"https://mcp.example.com/mcp\"\n";
    let message = refused(&format!("{stone}{auth}"));
    assert!(
        message.starts_with("`image.password_kind`: must be `jwt` with [auth]"),
        "{message}"
    );
    let config = parse(&format!("{stone}password_kind = \"jwt\"\n{auth}")).unwrap();
    assert!(config.auth.is_some());
}

#[test]
fn a_password_source_names_what_failed_never_the_secret() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pw");
    std::fs::write(&file, "swordfish\n").unwrap();
    assert_eq!(
        PasswordSource::File(file.clone()).read(&|_| None).unwrap(),
        "swordfish"
    );
    std::fs::write(&file, "").unwrap();
    let empty = PasswordSource::File(file).read(&|_| None).unwrap_err();
    assert!(empty.contains("is empty"), "{empty}");
    let unset = PasswordSource::Env("GS_PW".into())
        .read(&|_| None)
        .unwrap_err();
    assert!(
        unset.contains("`GS_PW`") && unset.contains("not set"),
        "{unset}"
    );
}

#[test]
fn probe_after_idle_is_refused() {
    assert_eq!(
        refused("[sessions]\nidle_timeout_secs = 60\nliveness_probe_after_secs = 60\n"),
        "`sessions.liveness_probe_after_secs`: the liveness probe (60 s) must come before the \
         idle timeout (60 s), or it is never sent; lower `sessions.liveness_probe_after_secs` \
         or raise `sessions.idle_timeout_secs`"
    );
    // With idleness reaping off, any probe interval is fine.
    assert!(
        parse("[sessions]\nidle_timeout_secs = 0\nliveness_probe_after_secs = 99999\n").is_ok()
    );
}

#[test]
fn http_limits_are_checked() {
    assert_eq!(
        refused("[http]\nbody_limit_bytes = 10\n"),
        "`http.body_limit_bytes`: 10 is too small for any MCP message; give at least 1024 (default 4194304)"
    );
    let c = parse("[http]\nbody_limit_bytes = 536870912\n").unwrap();
    assert_eq!(
        c.http.total_body_bytes,
        512 << 20,
        "room for one largest body"
    );
    assert_eq!(
        refused("[http]\nbody_limit_bytes = 8192\ntotal_body_bytes = 4096\n"),
        "`http.total_body_bytes`: 4096 is less than one request's body may be \
         (http.body_limit_bytes = 8192); give at least that (default 268435456, 256 MiB)"
    );
    let c = parse("[http]\ntotal_subscription_bytes = 1048576\n").unwrap();
    assert_eq!(c.http.total_subscription_bytes, 1 << 20);
    let c = parse("[http]\nmax_connections_per_address = 0\n").unwrap();
    assert_eq!(c.http.max_connections_per_address, None, "0 turns it off");
    assert_eq!(
        refused("[http]\nmax_connections = 0\n"),
        "`http.max_connections`: 0 would refuse every client; give at least 1 (default 4096)"
    );
    assert_eq!(
        refused("[http]\nmax_sessions = 0\n"),
        "`http.max_sessions`: 0 would refuse every client; give at least 1 (default 1000)"
    );
    assert_eq!(
        refused("[http]\nallowed_origin_hosts = [\"https://app.example.com\"]\n"),
        "`http.allowed_origin_hosts[0]`: `https://app.example.com` is not a host name; give the \
         bare host, such as `app.example.com` (no scheme, no path)"
    );
    assert!(
        refused("[http]\nallowed_hosts = [\"ok\", \"a/b\"]\n")
            .starts_with("`http.allowed_hosts[1]`")
    );
}

#[test]
fn toolset_source_rules() {
    assert_eq!(
        refused("[[toolset]]\ngrants = [\"image:read\"]\n"),
        "`toolset[0]`: says neither where the toolset comes from; add `builtin = true` or `path = \"x.wasm\"`"
    );
    assert_eq!(
        refused("[[toolset]]\nbuiltin = true\npath = \"a.wasm\"\n"),
        "`toolset[0].path`: an entry is either `builtin = true` or `path = \"x.wasm\"`, not both; split it into two entries"
    );
    assert_eq!(
        refused("[[toolset]]\nbuiltin = true\n[[toolset]]\nbuiltin = true\n"),
        "`toolset`: the built-in toolset is listed more than once; keep one `builtin = true` entry"
    );
    assert_eq!(
        refused("[[toolset]]\nbuiltin = true\ngrants = [\"image:read\"]\n"),
        "`toolset[0].grants`: applies only to WebAssembly toolsets (`path = …`); the built-in toolset is not sandboxed, so remove it"
    );
}

#[test]
fn toolset_values_are_checked() {
    let wasm = "[[toolset]]\nbuiltin = true\n[[toolset]]\npath = \"a.wasm\"\n";
    assert_eq!(
        refused(&format!("{wasm}sha256 = \"abc\"\n")),
        "`toolset[1].sha256`: `abc` is not a SHA-256 digest; give 64 hex digits, as `sha256sum a.wasm` prints them"
    );
    assert_eq!(
        refused(&format!("{wasm}grants = [\"image:read\", \"net\"]\n")),
        "`toolset[1].grants[1]`: `net` is not a grant; valid grants are `image:read`, `image:execute`, `image:write` (directories go in `preopen`, HTTP origins in `net`)"
    );
    for (net, message) in [
        (
            "ftp://files.acme.example",
            "`ftp://files.acme.example` is not an http or https origin; write an origin such as `https://api.acme.example` or `http://127.0.0.1:8080`",
        ),
        (
            "https://api.acme.example/v1",
            "`https://api.acme.example/v1` is not an origin (a scheme, a host and a port, with no path, user or wildcard); write an origin such as `https://api.acme.example` or `http://127.0.0.1:8080`",
        ),
        (
            "https://*.acme.example",
            "`https://*.acme.example` is not an origin (a scheme, a host and a port, with no path, user or wildcard); write an origin such as `https://api.acme.example` or `http://127.0.0.1:8080`",
        ),
        (
            "http://127.0.0.1:99999",
            "`99999` in `http://127.0.0.1:99999` is not a port (1 to 65535)",
        ),
        (
            "https://bad_host",
            "`bad_host` in `https://bad_host` is not a host name or IP address",
        ),
    ] {
        assert_eq!(
            refused(&format!("{wasm}net = [\"{net}\"]\n")),
            format!("`toolset[1].net[0]`: {message}")
        );
    }
    assert_eq!(
        refused("[[toolset]]\nbuiltin = true\nnet = [\"https://a.example\"]\n"),
        "`toolset[0].net`: applies only to WebAssembly toolsets (`path = …`); the built-in toolset is not sandboxed, so remove it"
    );
    assert_eq!(
        refused(&format!("{wasm}limits = {{ net_response_bytes = 0 }}\n")),
        "`toolset[1].limits.net_response_bytes`: 0 would refuse every HTTP response; give bytes such as 8388608 (the default)"
    );
    assert_eq!(
        refused(&format!("{wasm}limits = {{ disk_bytes = 4095 }}\n")),
        "`toolset[1].limits.disk_bytes`: 4095 is below one 4 KiB block, which each file and directory takes at least; give bytes such as 1073741824 (the default, 1 GiB)"
    );
    assert_eq!(
        refused(&format!(
            "{wasm}preopen = [{{ host = \"/d\", guest = \"data\" }}]\n"
        )),
        "`toolset[1].preopen[0].guest`: `data` is not absolute; write the guest path like `/data`"
    );
    assert_eq!(
        refused(&format!(
            "{wasm}preopen = [{{ host = \"/d\", guest = \"/d\", mode = \"rwx\" }}]\n"
        )),
        "`toolset[1].preopen[0].mode`: `rwx` is not a mode; use `ro` (read-only, the default) or `rw`"
    );
    assert_eq!(
        refused(&format!("{wasm}limits = {{ memory_bytes = 100 }}\n")),
        "`toolset[1].limits.memory_bytes`: 100 is below one WebAssembly page; give at least 65536 (default 67108864, 64 MiB)"
    );
    assert_eq!(
        refused(&format!("{wasm}limits = {{ deadline_ms = 0 }}\n")),
        "`toolset[1].limits.deadline_ms`: 0 would stop every call at once; give milliseconds such as 30000 (leave it out for the default 30 s)"
    );
    assert_eq!(
        refused(&format!("{wasm}limits = {{ output_bytes = 0 }}\n")),
        "`toolset[1].limits.output_bytes`: 0 would refuse every result; give bytes such as 4194304 (the default)"
    );
    assert_eq!(
        refused(&format!("{wasm}tools = []\n")),
        "`toolset[1].tools`: is empty, which would expose nothing; list tools or remove the entry"
    );
    assert_eq!(
        refused(&format!("{wasm}tools = [\"a\", \"a\"]\n")),
        "`toolset[1].tools[1]`: `a` is listed twice; list each tool once"
    );
}

#[test]
fn unreadable_file_names_the_file() {
    let e = Config::load_with(Path::new("/nonexistent/toolsets.toml"), &env(HOME))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("/nonexistent/toolsets.toml: cannot read the configuration ("),
        "{e}"
    );
    assert!(e.ends_with("); check the path given to --config"), "{e}");
}

#[test]
fn file_errors_carry_the_file_name_and_relative_paths_resolve_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("toolsets.toml");
    std::fs::write(&path, "[image]\npath = \"img.gsimage\"\n").unwrap();
    let c = Config::load_with(&path, &env(HOME)).unwrap();
    assert_eq!(
        c.image,
        ImageBackend::Embedded {
            path: dir.path().join("img.gsimage")
        }
    );
    std::fs::write(&path, "listen = 5\n").unwrap();
    let e = Config::load_with(&path, &env(HOME))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with(&format!(
            "{}: line 1, column 10: `listen`: invalid type",
            path.display()
        )),
        "{e}"
    );
}

#[test]
fn environment_overrides_the_file() {
    let mut c = parse("[sessions]\nidle_timeout_secs = 600\n").unwrap();
    // A shorter idle timeout brings the default probe forward with it.
    assert_eq!(
        c.sessions.liveness_probe_after,
        Some(Duration::from_secs(500))
    );
    c.apply_env_with(&env(&[
        ("GS_MCP_READONLY", "1"),
        ("GS_MCP_IDLE_TIMEOUT", "0"),
        ("GS_MCP_STREAMLESS_IDLE_TIMEOUT", "120"),
        ("GS_MCP_STREAM_LOSS_GRACE", "0"),
        ("GS_MCP_ABSOLUTE_TIMEOUT", "3600"),
        ("GS_MCP_REQUEST_TIMEOUT", "30"),
        ("GS_MCP_LIVENESS_PROBE", "0"),
        ("GS_MCP_TRACE", "true"),
        ("GS_MCP_TRACE_LIMIT", "none"),
    ]))
    .unwrap();
    assert!(c.read_only);
    assert_eq!(c.sessions.idle_timeout, None);
    assert_eq!(
        c.sessions.streamless_idle_timeout,
        Some(Duration::from_secs(120))
    );
    assert_eq!(c.sessions.stream_loss_grace, Duration::ZERO);
    assert_eq!(c.sessions.absolute_timeout, Some(Duration::from_secs(3600)));
    assert_eq!(c.sessions.request_timeout, Some(Duration::from_secs(30)));
    assert_eq!(c.sessions.liveness_probe_after, None);
    assert!(c.trace.enabled);
    assert_eq!(c.trace.limit, None);
    c.apply_env_with(&env(&[
        ("GS_MCP_TRACE_LIMIT", "512"),
        ("GS_MCP_TRACE", "0"),
    ]))
    .unwrap();
    assert_eq!(c.trace.limit, Some(512));
    assert!(!c.trace.enabled);
}

#[test]
fn bad_environment_values_name_the_variable() {
    let mut c = parse("").unwrap();
    let e = |vars| {
        let mut c = c.clone();
        c.apply_env_with(&env(vars)).unwrap_err().to_string()
    };
    assert_eq!(
        e(&[("GS_MCP_IDLE_TIMEOUT", "30m")]),
        "`GS_MCP_IDLE_TIMEOUT`: `30m` is not a number of seconds; give a whole number such as 60 (0 turns it off)"
    );
    assert_eq!(
        e(&[("GS_MCP_READONLY", "maybe")]),
        "`GS_MCP_READONLY`: `maybe` is not a switch; set it to 1 or 0"
    );
    assert_eq!(
        e(&[("GS_MCP_TRACE_LIMIT", "0")]),
        "`GS_MCP_TRACE_LIMIT`: `0` is not a limit; give a positive number of characters, or `none` for whole bodies"
    );
    assert!(e(&[("GS_MCP_LIVENESS_PROBE", "4000")]).starts_with(
        "`environment`: the liveness probe (4000 s) must come before the idle timeout (1800 s)"
    ));
    // Shortening the idle timeout alone moves the default probe before it.
    let mut short = c.clone();
    short
        .apply_env_with(&env(&[("GS_MCP_IDLE_TIMEOUT", "120")]))
        .unwrap();
    assert_eq!(
        short.sessions.liveness_probe_after,
        Some(Duration::from_secs(100))
    );
    // Empty variables are ignored, as a shell's `VAR= cmd` intends.
    c.apply_env_with(&env(&[("GS_MCP_IDLE_TIMEOUT", "")]))
        .unwrap();
    assert_eq!(c.sessions.idle_timeout, Some(Duration::from_secs(1800)));
}

#[test]
fn loopback_hosts() {
    for h in [
        "localhost",
        "LOCALHOST",
        "127.0.0.1",
        "127.1.2.3",
        "::1",
        "[::1]",
    ] {
        assert!(is_loopback_host(h), "{h}");
    }
    for h in ["example.com", "10.0.0.1", "localhost.evil.com", "[::2]", ""] {
        assert!(!is_loopback_host(h), "{h}");
    }
}

#[test]
fn engine_settings_default_and_are_read() {
    let c = parse("").unwrap();
    assert_eq!(c.engine, EngineSettings::default());
    assert_eq!(c.engine.max_instances, 1000);
    assert_eq!(c.engine.max_memory, 1 << 30);
    assert_eq!(c.engine.epoch_tick, Duration::from_millis(10));

    let c = parse(
        "[engine]\nmax_instances = 64\nmax_memory_bytes = 268435456\nepoch_tick_ms = 2\n\
         [[toolset]]\npath = \"a.wasm\"\nlimits = { memory_bytes = 268435456 }\n",
    )
    .unwrap();
    assert_eq!(
        c.engine,
        EngineSettings {
            max_instances: 64,
            max_memory: 256 << 20,
            epoch_tick: Duration::from_millis(2),
            ..EngineSettings::default()
        }
    );
}

#[test]
fn memory_ceilings_default_and_are_read() {
    let c = parse("").unwrap();
    assert_eq!(c.memory_ceiling, 4 << 30);
    assert_eq!(c.engine.total_memory, 4 << 30);
    assert_eq!(c.engine.max_component_bytes, 64 << 20);
    assert_eq!(c.engine.long_call_lanes, None);
    let c = parse(
        "memory_ceiling_bytes = 536870912
[engine]
total_memory_bytes = 268435456
\
         max_component_bytes = 1048576
long_call_lanes = 3
",
    )
    .unwrap();
    assert_eq!(c.engine.long_call_lanes, Some(3));
    assert!(!c.engine.client_backtraces);
    assert_eq!(c.memory_ceiling, 512 << 20);
    assert_eq!(c.engine.total_memory, 256 << 20);
    assert_eq!(c.engine.max_component_bytes, 1 << 20);
}

#[test]
fn the_disk_reserve_defaults_to_256_mib_and_is_read() {
    assert_eq!(parse("").unwrap().engine.disk_reserve, 256 << 20);
    let c = parse("[engine]\ndisk_reserve_bytes = 0\n").unwrap();
    assert_eq!(c.engine.disk_reserve, 0);
    let c = parse("[engine]\ndisk_reserve_bytes = 10737418240\n").unwrap();
    assert_eq!(c.engine.disk_reserve, 10 << 30);
    let e = refused("[engine]\ndisk_reserve_bytes = -1\n");
    assert!(e.starts_with("line 2, column 22:"), "{e}");
}

#[test]
fn the_plug_ins_descriptors_default_to_half_the_limit_and_are_read() {
    assert_eq!(parse("").unwrap().engine.max_descriptors, None);
    let c = parse("[engine]\nmax_descriptors = 4096\n").unwrap();
    assert_eq!(c.engine.max_descriptors, Some(4096));
    assert_eq!(
        refused("[engine]\nmax_descriptors = 15\n"),
        "`engine.max_descriptors`: 15 is too few for a plug-in to open its granted directories; \
         give at least 16 (leave it out for half the server's descriptor limit)"
    );
}

#[test]
fn client_backtraces_default_off_and_are_read() {
    assert!(!parse("").unwrap().engine.client_backtraces);
    let c = parse("[engine]\nclient_backtraces = true\n").unwrap();
    assert!(c.engine.client_backtraces);
    let e = refused("[engine]\nclient_backtraces = \"yes\"\n");
    assert!(
        e.contains("client_backtraces") || e.contains("boolean"),
        "{e}"
    );
}

#[test]
fn bad_memory_ceilings_are_refused_naming_key_value_and_fix() {
    assert_eq!(
        refused("memory_ceiling_bytes = 1000\n"),
        "`memory_ceiling_bytes`: 1000 is too small to run Smalltalk; give at least 16777216 \
         (16 MiB) bytes (default 4294967296, 4 GiB, shared by the objects of all sessions)"
    );
    assert_eq!(
        refused("[engine]\ntotal_memory_bytes = 10\n"),
        "`engine.total_memory_bytes`: 10 is too small for any plug-in; give at least 1048576 \
         (1 MiB) bytes (default 4294967296, 4 GiB, shared by all plug-in instances)"
    );
    assert_eq!(
        refused("[engine]\nmax_component_bytes = 0\n"),
        "`engine.max_component_bytes`: 0 is out of range; give 1024 to 1073741824 (1 GiB) \
         bytes (default 67108864, 64 MiB)"
    );
    assert_eq!(
        refused("[engine]\nlong_call_lanes = 0\n"),
        "`engine.long_call_lanes`: 0 is out of range; give 1 to 1024 (leave it out for one \
         fewer than the machine's processors)"
    );
}

#[test]
fn bad_engine_settings_are_refused_naming_key_value_and_fix() {
    assert_eq!(
        refused("[engine]\nmax_instances = 0\n"),
        "`engine.max_instances`: 0 is out of range; give 1 to 10000 instances (default 1000; \
         each session holds one per WebAssembly toolset it uses, and each reserves address space \
         up front)"
    );
    assert!(
        refused("[engine]\nmax_instances = 10001\n").starts_with("`engine.max_instances`: 10001")
    );
    assert_eq!(
        refused("[engine]\nmax_memory_bytes = 4096\n"),
        "`engine.max_memory_bytes`: 4096 is out of range; give 65536 (one WebAssembly page) to \
         4294967296 (4 GiB, the most a 32-bit memory can address) bytes (default 1073741824, 1 GiB)"
    );
    assert!(
        refused("[engine]\nmax_memory_bytes = 8589934592\n")
            .starts_with("`engine.max_memory_bytes`: 8589934592 is out of range")
    );
    assert_eq!(
        refused("[engine]\nepoch_tick_ms = 0\n"),
        "`engine.epoch_tick_ms`: 0 is out of range; give 1 to 1000 milliseconds (default 10; a \
         stopped call overshoots its deadline by about this much)"
    );
    assert_eq!(
        refused(
            "[engine]\nmax_memory_bytes = 1048576\n\
             [[toolset]]\npath = \"a.wasm\"\nlimits = { memory_bytes = 2097152 }\n"
        ),
        "`toolset[0].limits.memory_bytes`: 2097152 is more than the engine allows any plug-in \
         (1048576, `engine.max_memory_bytes`); lower it or raise `engine.max_memory_bytes`"
    );
    // A toolset's default 64 MiB cap is not checked against a smaller pool
    // here: the toolset host refuses it at load, naming both.
    let e = refused("[engine]\nmax_pool = 3\n");
    assert!(e.contains("unknown field `max_pool`"), "{e}");
    let e = refused("[engine]\nmax_instances = \"many\"\n");
    assert!(e.contains("invalid type"), "{e}");
}

#[test]
fn toolset_settings_are_read_inline_or_by_reference() {
    let c = parse(
        "[[toolset]]\npath = \"a.wasm\"\n[toolset.config]\nendpoint = \"https://api.acme.example\"\n\
         retries = 3\nratio = 0.5\nverbose = true\napi_key = { env = \"ACME_KEY\" }\n\
         token = { file = \"secrets/token\" }\n",
    )
    .unwrap();
    let inline = |kind, text: &str| {
        SettingValue::Inline(InlineValue {
            kind,
            text: text.into(),
        })
    };
    assert_eq!(
        c.toolsets[0].config,
        [
            (
                "api_key".to_string(),
                SettingValue::From(PasswordSource::Env("ACME_KEY".into()))
            ),
            (
                "endpoint".to_string(),
                inline(InlineKind::String, "https://api.acme.example")
            ),
            ("ratio".to_string(), inline(InlineKind::Float, "0.5")),
            ("retries".to_string(), inline(InlineKind::Integer, "3")),
            (
                "token".to_string(),
                SettingValue::From(PasswordSource::File("/etc/gs/secrets/token".into()))
            ),
            ("verbose".to_string(), inline(InlineKind::Boolean, "true")),
        ]
    );
}

#[test]
fn toolset_setting_mistakes_are_named() {
    let wasm = "[[toolset]]\npath = \"a.wasm\"\n[toolset.config]\n";
    let form = "write a string, an integer, a number, a boolean, `{ env = \"NAME\" }` or `{ file = \"path\" }`";
    assert_eq!(
        refused(&format!("{wasm}hosts = [\"a\"]\n")),
        format!("`toolset[0].config.hosts`: is not a setting's value; {form}")
    );
    assert_eq!(
        refused(&format!("{wasm}key = {{ vault = \"acme\" }}\n")),
        format!("`toolset[0].config.key`: reads from `vault`, which is not a source; {form}")
    );
    assert_eq!(
        refused(&format!("{wasm}key = {{ env = \"A\", file = \"b\" }}\n")),
        format!("`toolset[0].config.key`: is a table other than a reference; {form}")
    );
    assert_eq!(
        refused(&format!("{wasm}key = {{ env = \" \" }}\n")),
        "`toolset[0].config.key.env`: is empty; give a value or leave the key out for the default"
    );
    assert_eq!(
        refused(&format!("{wasm}ratio = nan\n")),
        "`toolset[0].config.ratio`: is not a finite number; write a number such as `1.5`"
    );
    assert_eq!(
        refused("[[toolset]]\nbuiltin = true\n[toolset.config]\na = 1\n"),
        "`toolset[0].config`: applies only to WebAssembly toolsets (`path = …`); the built-in toolset is not sandboxed, so remove it"
    );
}

#[test]
fn a_setting_source_names_the_setting_and_never_the_value() {
    let unset = PasswordSource::Env("ACME_KEY".into())
        .read_as("value of setting `api_key`", &|_| None)
        .unwrap_err();
    assert_eq!(
        unset,
        "the environment variable `ACME_KEY` holding the value of setting `api_key` is not set; set it before starting gs-mcp"
    );
}

#[test]
fn the_request_state_key_is_read_by_reference_only() {
    let c = parse("[http]\nrequest_state_key = { file = \"state.key\" }\n").unwrap();
    assert_eq!(
        c.http.request_state_key,
        Some(PasswordSource::File("/etc/gs/state.key".into()))
    );
    assert_eq!(
        refused("[http]\nrequest_state_key = \"0123456789abcdef0123456789abcdef\"\n"),
        "`http.request_state_key`: is a secret, so it is never written inline; read it from an environment variable or a file: `{ env = \"GS_MCP_STATE_KEY\" }` or `{ file = \"path\" }`"
    );
}

#[test]
fn a_refused_value_names_its_key_even_where_toml_says_only_what_was_wrong() {
    let e = refused("read_only = \"yes\"\n");
    assert!(
        e.starts_with("line 1, column 13: `read_only`: invalid type: string \"yes\""),
        "{e}"
    );
    let e = refused("[sessions]\nidle_timeout_secs = -5\n");
    assert!(e.contains("`sessions.idle_timeout_secs`"), "{e}");
    let e = refused("[sessions]\nidle_timeout = 5\n");
    assert!(
        e.starts_with("line 2, column 1: in `sessions`: unknown field `idle_timeout`"),
        "{e}"
    );
    let e = refused("[auth]\nissuer = \"https://idp.example.com\"\n");
    assert!(e.contains("`auth`: missing field `audience`"), "{e}");
    assert!(
        e.ends_with("; add the key (toolsets.example.toml shows each)"),
        "{e}"
    );
    // A syntax error has no key to name: the line shows it.
    let e = refused("read_only = true\nread_only = false\n");
    assert!(
        e.starts_with("line 2, column 1 (`read_only = false`): duplicate key"),
        "{e}"
    );
}

#[test]
fn a_duration_past_a_year_is_refused_naming_its_key_rather_than_overflowing_a_deadline() {
    for (text, key) in [
        (
            "[sessions]\nrequest_timeout_secs = 1000000000000\n",
            "sessions.request_timeout_secs",
        ),
        (
            "[sessions]\nidle_timeout_secs = 18446744073709551615\n",
            "sessions.idle_timeout_secs",
        ),
        (
            "[sessions]\nstreamless_idle_timeout_secs = 31536001\n",
            "sessions.streamless_idle_timeout_secs",
        ),
        (
            "[sessions]\nabsolute_timeout_secs = 31536001\n",
            "sessions.absolute_timeout_secs",
        ),
        (
            "[sessions]\nstream_loss_grace_secs = 31536001\n",
            "sessions.stream_loss_grace_secs",
        ),
        (
            "[sessions]\nliveness_probe_after_secs = 31536001\nidle_timeout_secs = 0\n",
            "sessions.liveness_probe_after_secs",
        ),
        (
            "[tasks]\nttl_secs = 18446744073709551615\n",
            "tasks.ttl_secs",
        ),
        (
            "[[toolset]]\nbuiltin = true\n[[toolset]]\npath = \"x.wasm\"\nlimits = { deadline_ms = 18446744073709551615 }\n",
            "toolset[1].limits.deadline_ms",
        ),
        (
            "[auth]\nissuer = \"https://idp.example.com\"\naudience = \"https://mcp.example.com/mcp\"\njwks_min_refresh_secs = 18446744073709551615\n",
            "auth.jwks_min_refresh_secs",
        ),
    ] {
        let e = refused(text);
        assert!(e.starts_with(&format!("`{key}`: ")), "{text}: {e}");
        assert!(e.contains("one year") || e.contains("year"), "{text}: {e}");
    }
    // A year itself is taken.
    let c = parse("[sessions]\nrequest_timeout_secs = 31536000\n").unwrap();
    assert_eq!(
        c.sessions.request_timeout,
        Some(Duration::from_secs(31_536_000))
    );
    let mut c = parse("").unwrap();
    let e = c
        .apply_env_with(&env(&[("GS_MCP_REQUEST_TIMEOUT", "1000000000000")]))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("`GS_MCP_REQUEST_TIMEOUT`: "), "{e}");
}
