//! `[auth]`, `[tls]`, per-toolset scopes and the non-loopback refusal as an
//! operator writes them.

use std::path::Path;
use std::time::Duration;

use gs_config::{Config, TokenExpiry};

fn parse(text: &str) -> Result<Config, String> {
    let env = |k: &str| (k == "HOME").then(|| "/home/ann".to_string());
    Config::parse_with(text, Some(Path::new("/etc/gs")), &env).map_err(|e| e.to_string())
}

const AUTH: &str = "[auth]\nissuer = \"https://idp.example.com/realms/mcp\"\naudience = \"https://mcp.example.com/mcp\"\n";

#[test]
fn auth_defaults_fill_in_around_issuer_and_audience() {
    let a = parse(AUTH).unwrap().auth.unwrap();
    assert_eq!(a.issuer, "https://idp.example.com/realms/mcp");
    assert_eq!(a.audience, "https://mcp.example.com/mcp");
    assert_eq!(a.required_scopes, ["mcp:use"]);
    assert_eq!(a.write_scope, "mcp:write");
    assert_eq!(a.user_claim, "sub");
    assert!(a.allow_system_users.is_empty());
    assert_eq!(a.clock_skew, Duration::from_secs(60));
    assert_eq!(a.jwks_min_refresh, Duration::from_secs(30));
    assert_eq!(a.on_token_expiry, TokenExpiry::KeepUntilNextRequest);
    let a = parse(&format!(
        "{AUTH}on_token_expiry = \"end\"\nuser_claim = \"preferred_username\"\n"
    ))
    .unwrap()
    .auth
    .unwrap();
    assert_eq!(a.on_token_expiry, TokenExpiry::EndSession);
    assert_eq!(a.user_claim, "preferred_username");
}

#[test]
fn the_audience_s_host_is_an_allowed_host() {
    let c = parse(AUTH).unwrap();
    assert_eq!(c.http.allowed_hosts, ["mcp.example.com"]);
    // Its port, case and path do not matter; a host listed already is
    // not listed twice.
    let c = parse(
        "[http]\nallowed_hosts = [\"mcp.example.com\"]\n[auth]\nissuer = \
         \"https://idp.example.com\"\naudience = \"https://MCP.example.com:8626/mcp\"\n",
    )
    .unwrap();
    assert_eq!(c.http.allowed_hosts, ["mcp.example.com"]);
    let c = parse(
        "[auth]\nissuer = \"https://idp.example.com\"\naudience = \"https://[2001:db8::1]:443/mcp\"\n",
    )
    .unwrap();
    assert_eq!(c.http.allowed_hosts, ["[2001:db8::1]"]);
    assert!(parse("").unwrap().http.allowed_hosts.is_empty());
}

#[test]
fn bad_auth_values_are_refused_naming_key_and_fix() {
    let cases = [
        (
            "[auth]\nissuer = \"http://idp.example.com\"\naudience = \"https://m/mcp\"\n",
            "`auth.issuer`: `http://idp.example.com` is not an https URL",
        ),
        (
            &format!("{AUTH}required_scopes = [\"a b\"]\n"),
            "`auth.required_scopes[0]`: \"a b\" is not a scope",
        ),
        (
            &format!("{AUTH}clock_skew_secs = 3600\n"),
            "`auth.clock_skew_secs`: 3600 s would accept tokens long expired",
        ),
        (
            &format!("{AUTH}jwks_min_refresh_secs = 0\n"),
            "`auth.jwks_min_refresh_secs`: 0 would let every forged key id",
        ),
        (
            &format!("{AUTH}on_token_expiry = \"later\"\n"),
            "`auth.on_token_expiry`: `later` is not a choice; use `keep`",
        ),
        (
            "[auth]\nissuer = \"https://i\"\n",
            "missing field `audience`",
        ),
    ];
    for (text, says) in cases {
        let e = parse(text).unwrap_err();
        assert!(e.contains(says), "{e}\nshould contain {says}");
    }
    // Plain http is accepted for a loopback issuer (a local identity provider).
    assert!(
        parse("[auth]\nissuer = \"http://127.0.0.1:9000\"\naudience = \"https://m/mcp\"\n").is_ok()
    );
}

#[test]
fn system_users_are_allowed_only_by_their_exact_names() {
    let a = parse(&format!(
        "{AUTH}allow_system_users = [\"DataCurator\", \"SystemUser\", \"DataCurator\"]\n"
    ))
    .unwrap()
    .auth
    .unwrap();
    assert_eq!(a.allow_system_users, ["DataCurator", "SystemUser"]);
    let cases = [
        (
            "[\"datacurator\"]",
            "`auth.allow_system_users[0]`: \"datacurator\" is not spelled as GemStone spells \
             the system user; user ids are case-sensitive: write `DataCurator`",
        ),
        (
            "[\"GcUser\", \"alice\"]",
            "`auth.allow_system_users[1]`: \"alice\" is not a GemStone system user (SystemUser, \
             DataCurator, GcUser, SymbolUser, Nameless, HostAgentUser, CodeLibrarianUser); only \
             tokens naming a system user are refused, so listing another user does nothing: \
             remove it",
        ),
        ("\"DataCurator\"", "invalid type: string"),
    ];
    for (list, says) in cases {
        let e = parse(&format!("{AUTH}allow_system_users = {list}\n")).unwrap_err();
        assert!(e.contains(says), "{e}\nshould contain {says}");
    }
}

#[test]
fn tls_paths_resolve_beside_the_file() {
    let t = parse("[tls]\ncert = \"cert.pem\"\nkey = \"/k/key.pem\"\n")
        .unwrap()
        .tls
        .unwrap();
    assert_eq!(t.cert, Path::new("/etc/gs/cert.pem"));
    assert_eq!(t.key, Path::new("/k/key.pem"));
}

#[test]
fn toolset_scopes_are_read() {
    let c = parse("[[toolset]]\nbuiltin = true\nscopes = [\"mcp:dev\"]\ntool_scopes = { execute_code = [\"mcp:exec\"] }\n").unwrap();
    assert_eq!(c.toolsets[0].scopes, ["mcp:dev"]);
    assert_eq!(
        c.toolsets[0].tool_scopes,
        [("execute_code".to_string(), vec!["mcp:exec".to_string()])]
    );
}

#[test]
fn a_network_address_needs_auth_and_tls_or_the_loud_override() {
    let any: std::net::SocketAddr = "0.0.0.0:8000".parse().unwrap();
    let plain = parse("").unwrap();
    assert!(
        plain
            .check_exposure("127.0.0.1:8000".parse().unwrap())
            .is_ok()
    );
    let e = plain.check_exposure(any).unwrap_err().to_string();
    assert!(e.starts_with("`listen`: 0.0.0.0:8000 is not a loopback address and the configuration has no [auth] or [tls]"), "{e}");
    assert!(
        e.contains("add [auth] and [tls]")
            && e.contains("dangerously_allow_unauthenticated_network = true"),
        "{e}"
    );
    let e = parse(AUTH)
        .unwrap()
        .check_exposure(any)
        .unwrap_err()
        .to_string();
    assert!(e.contains("has no [tls]") && e.contains("add [tls]"), "{e}");
    let both = parse(&format!("{AUTH}[tls]\ncert = \"c\"\nkey = \"k\"\n")).unwrap();
    assert!(both.check_exposure(any).is_ok());
    let overridden = parse("dangerously_allow_unauthenticated_network = true\n").unwrap();
    assert!(overridden.check_exposure(any).is_ok());
}

#[test]
fn the_cap_warnings_name_an_off_or_too_high_per_caller_or_per_address_cap() {
    assert!(parse("").unwrap().cap_warnings().is_empty());
    let w = parse("[http]\nmax_sessions_per_caller = 0\n")
        .unwrap()
        .cap_warnings();
    assert!(w[0].contains("is off"), "{w:?}");
    let w = parse("[http]\nmax_sessions = 5\nmax_sessions_per_caller = 9\n")
        .unwrap()
        .cap_warnings();
    assert!(
        w[0].contains("(9) is not below `http.max_sessions` (5)"),
        "{w:?}"
    );
    let w = parse("[http]\nmax_connections = 100\nmax_connections_per_address = 100\n")
        .unwrap()
        .cap_warnings();
    assert_eq!(
        w,
        [
            "`http.max_connections_per_address` (100) is not below `http.max_connections` (100): \
          one address may hold every connection; lower it"
        ]
    );
    let off = parse("[http]\nmax_connections_per_address = 0\n").unwrap();
    assert!(
        off.cap_warnings().is_empty(),
        "off behind a proxy: no warning"
    );
}
