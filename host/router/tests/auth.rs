//! The OAuth 2.1 resource server over real HTTP on loopback, against a
//! real JWKS served by a small identity provider on another loopback port,
//! with keys generated here: one test per rule of `[auth]`.

mod common;
mod idp;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{Reply, request};
use gs_auth::{AuthConfig, Authenticator, ScopeRules, TokenExpiry};
use gs_broker::{Broker, ImageSessionFactory, SessionOwner, ToolSurface};
use gs_embedded::EmbeddedSession;
use gs_router::{HttpSettings, Router, RouterSettings};
use gs_toolset::{
    Arguments, CallContext, CallFuture, ImageSession, PromptInfo, ResourceInfo, ToolDescriptor,
    ToolOutput, Toolset, ToolsetInfo, ToolsetSession,
};
use idp::{Idp, SigningKey, now};
use serde_json::{Value, json};

const RESOURCE: &str = "https://mcp.example.test/mcp";
const METADATA: &str = "https://mcp.example.test/.well-known/oauth-protected-resource/mcp";

/// `whoami` answers the image user the session runs as (`whoami_later`
/// the same as a task); `change` may change the image (gated when
/// read-only); `secret` needs `mcp:secret`.
struct Who(ToolsetInfo);

fn tool(name: &str, safe: bool) -> ToolDescriptor {
    ToolDescriptor {
        name: name.into(),
        title: None,
        description: format!("test tool {name}"),
        input_schema: json!({"type": "object", "properties": {}, "additionalProperties": false}),
        output_schema: None,
        read_only_safe: safe,
        grants: Vec::new(),
        task_support: gs_toolset::TaskSupport::Forbidden,
    }
}

struct WhoSession;

impl Toolset for Who {
    fn info(&self) -> &ToolsetInfo {
        &self.0
    }
    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(WhoSession)
    }
}

impl ToolsetSession for WhoSession {
    fn call<'a>(
        &'a mut self,
        tool: &'a str,
        args: &'a Arguments,
        ctx: &'a CallContext,
    ) -> CallFuture<'a> {
        gs_toolset::image_call(tool, args, ctx, |tool, _, ctx| {
            Ok(ToolOutput::text(match tool {
                "whoami" => ctx.image.user(),
                "whoami_later" => {
                    ctx.notifier.start_task(None);
                    ctx.image.user()
                }
                other => format!("{other} ran"),
            }))
        })
    }
}

/// A toolset gated by `mcp:docs`: a fixed resource, a prompt, and
/// `commit_anyway`, which claims to be read-only-safe and commits: the
/// image itself must refuse it to a read-only caller.
struct Docs(ToolsetInfo, Vec<ResourceInfo>, Vec<PromptInfo>);

const README: &str = "docs://readme";

fn docs() -> Docs {
    Docs(
        ToolsetInfo {
            name: "docs".into(),
            version: "1.0.0".into(),
            tools: vec![tool("commit_anyway", true)],
        },
        vec![ResourceInfo {
            uri: README.into(),
            name: "readme".into(),
            title: None,
            description: None,
            mime_type: Some("text/plain".into()),
        }],
        vec![PromptInfo {
            name: "explain".into(),
            title: None,
            description: None,
            arguments: Vec::new(),
        }],
    )
}

struct DocsSession;

impl Toolset for Docs {
    fn info(&self) -> &ToolsetInfo {
        &self.0
    }
    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(DocsSession)
    }
    fn resources(&self) -> &[ResourceInfo] {
        &self.1
    }
    fn prompts(&self) -> &[PromptInfo] {
        &self.2
    }
}

impl ToolsetSession for DocsSession {
    fn call<'a>(
        &'a mut self,
        tool: &'a str,
        args: &'a Arguments,
        ctx: &'a CallContext,
    ) -> CallFuture<'a> {
        gs_toolset::image_call(tool, args, ctx, |_, _, ctx| {
            ctx.image.commit()?;
            Ok(ToolOutput::text("committed"))
        })
    }
    fn read_resource<'a>(
        &'a mut self,
        uri: &'a str,
        _: &'a CallContext,
    ) -> gs_toolset::OfferFuture<'a, Vec<gs_toolset::EmbeddedResource>> {
        Box::pin(std::future::ready(Ok(vec![gs_toolset::EmbeddedResource {
            uri: uri.to_string(),
            mime_type: Some("text/plain".into()),
            body: gs_toolset::ResourceBody::Text("the docs".into()),
        }])))
    }
}

/// Sessions of one embedded image, as the named user when authenticated.
struct Factory(gs_image::Image);

impl ImageSessionFactory for Factory {
    fn open(&self) -> Result<Arc<dyn ImageSession>, String> {
        Ok(Arc::new(EmbeddedSession::new(self.0.session())))
    }
    fn open_as(&self, owner: &SessionOwner) -> Result<Arc<dyn ImageSession>, String> {
        let s = self.0.session_for(&owner.user).map_err(|e| e.to_string())?;
        Ok(Arc::new(EmbeddedSession::new(s)))
    }
}

struct Served {
    addr: std::net::SocketAddr,
    router: Arc<Router>,
    _dir: tempfile::TempDir,
}

fn auth_config(idp: &Idp) -> AuthConfig {
    AuthConfig {
        issuer: idp.issuer.clone(),
        audience: RESOURCE.into(),
        jwks_uri: None,
        required_scopes: vec!["mcp:use".into()],
        write_scope: "mcp:write".into(),
        extra_scopes: vec![],
        user_claim: "sub".into(),
        allow_system_users: vec![],
        clock_skew: Duration::from_secs(60),
        jwks_min_refresh: Duration::from_secs(30),
        on_token_expiry: TokenExpiry::KeepUntilNextRequest,
    }
}

async fn serve(auth: AuthConfig, http: HttpSettings) -> Served {
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("auth.gsimage")).unwrap();
    let mut s = image.session();
    for user in ["alice", "bob"] {
        s.create_user(user, &["UserGlobals", "Globals"]).unwrap();
    }
    s.commit().unwrap();
    let who = Who(ToolsetInfo {
        name: "who".into(),
        version: "1.0.0".into(),
        tools: vec![
            tool("whoami", true),
            ToolDescriptor {
                task_support: gs_toolset::TaskSupport::Optional,
                ..tool("whoami_later", true)
            },
            tool("change", false),
            tool("secret", true),
        ],
    });
    let surface = ToolSurface::new(vec![
        (Arc::new(who) as Arc<dyn Toolset>, None),
        (Arc::new(docs()) as Arc<dyn Toolset>, None),
    ])
    .unwrap();
    let settings = RouterSettings::default();
    let broker = Broker::new(
        surface,
        Arc::new(Factory(image)),
        settings.identity.clone(),
        false,
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let docs = vec!["mcp:docs".to_string()];
    let scopes = ScopeRules {
        tools: HashMap::from([
            ("secret".to_string(), vec!["mcp:secret".to_string()]),
            ("commit_anyway".to_string(), docs.clone()),
        ]),
        toolsets: vec![Vec::new(), docs],
    };
    let router = Router::with_auth(
        Arc::new(broker),
        RouterSettings {
            listen: addr,
            http,
            ..settings
        },
        Some(Arc::new(Authenticator::new(auth, scopes))),
    );
    tokio::spawn(gs_router::serve(listener, router.clone()));
    Served {
        addr,
        router,
        _dir: dir,
    }
}

fn claims(idp: &Idp, user: &str, scope: &str) -> Value {
    json!({"iss": idp.issuer, "aud": RESOURCE, "sub": user, "scope": scope,
           "iat": now(), "exp": now() + 300})
}

const ALL: &str = "mcp:use mcp:write mcp:docs mcp:secret";

/// A request with `Authorization` set to `authorization` (if any).
async fn send(
    s: &Served,
    method: &str,
    authorization: Option<&str>,
    session: Option<&str>,
    body: &Value,
) -> Reply {
    let mut headers = vec![("Content-Type", "application/json")];
    if method == "GET" {
        headers.push(("Accept", "text/event-stream"));
    }
    if let Some(a) = authorization {
        headers.push(("Authorization", a));
    }
    if let Some(id) = session {
        headers.push(("MCP-Session-Id", id));
    }
    let body = if method == "POST" {
        serde_json::to_vec(body).unwrap()
    } else {
        Vec::new()
    };
    request(s.addr, method, &headers, &body).await
}

fn init_body() -> Value {
    json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
           "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                      "clientInfo": {"name": "t", "version": "1"}}})
}

async fn post(s: &Served, token: &str, session: Option<&str>, body: &Value) -> Reply {
    send(s, "POST", Some(&format!("Bearer {token}")), session, body).await
}

async fn open(s: &Served, token: &str) -> String {
    let r = post(s, token, None, &init_body()).await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.header("mcp-session-id").unwrap().to_string()
}

async fn call(s: &Served, token: &str, session: &str, tool: &str) -> Reply {
    let body = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                      "params": {"name": tool, "arguments": {}}});
    post(s, token, Some(session), &body).await
}

async fn tool_names(s: &Served, token: &str, session: &str) -> Vec<String> {
    let r = post(
        s,
        token,
        Some(session),
        &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

/// Asserts a 401 challenge whose error code and description are as given,
/// with a JSON-RPC error body.
fn assert_401(r: &Reply, error: &str, says: &str) {
    assert_eq!(r.status, 401, "{}", r.text());
    let challenge = r.header("www-authenticate").expect("a challenge");
    assert!(challenge.starts_with("Bearer "), "{challenge}");
    assert!(
        challenge.contains(&format!("error=\"{error}\"")),
        "{challenge}"
    );
    assert!(
        challenge.contains(&format!("resource_metadata=\"{METADATA}\"")),
        "{challenge}"
    );
    assert!(
        challenge.contains(&format!("scope=\"{ALL}\"")),
        "{challenge}"
    );
    assert!(challenge.contains("error_description=\""), "{challenge}");
    let body = r.json();
    assert_eq!(body["jsonrpc"], "2.0");
    assert_eq!(body["error"]["code"], -32600);
    let message = body["error"]["message"].as_str().unwrap();
    assert!(message.starts_with("Unauthorized: "), "{message}");
    assert!(message.contains(says), "{message} should say {says:?}");
}

/// Asserts the 401 of a request that carries no bearer token: a challenge
/// naming where to get one and no error code (RFC 6750 section 3.1).
fn assert_unauthenticated(r: &Reply, says: &str) {
    assert_eq!(r.status, 401, "{}", r.text());
    let challenge = r.header("www-authenticate").expect("a challenge");
    assert_eq!(
        challenge,
        format!("Bearer resource_metadata=\"{METADATA}\", scope=\"{ALL}\"")
    );
    let message = r.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(message.starts_with("Unauthorized: "), "{message}");
    assert!(message.contains(says), "{message} should say {says:?}");
}

async fn setup() -> (Idp, SigningKey, Served) {
    let key = SigningKey::es256("k1");
    let idp = Idp::start(&[&key]).await;
    let s = serve(auth_config(&idp), HttpSettings::default()).await;
    (idp, key, s)
}

#[tokio::test]
async fn every_request_without_a_token_is_challenged() {
    let (idp, key, s) = setup().await;
    let sid = open(&s, &key.sign(&claims(&idp, "alice", ALL))).await;
    for (method, session) in [
        ("POST", None),
        ("POST", Some(&sid)),
        ("GET", Some(&sid)),
        ("DELETE", Some(&sid)),
    ] {
        let r = send(&s, method, None, session.map(String::as_str), &init_body()).await;
        assert_unauthenticated(&r, "no access token");
    }
    // The session survived the unauthenticated DELETE.
    assert!(s.router.session(&sid).is_some());
}

#[tokio::test]
async fn authorization_of_another_scheme_or_malformed_is_refused_as_rfc_6750_says() {
    let (idp, key, s) = setup().await;
    // Another scheme is no bearer token at all: challenged without an
    // error code.
    let r = send(&s, "POST", Some("Basic YWxpY2U6cHc="), None, &init_body()).await;
    assert_unauthenticated(&r, "not a bearer token");
    // A malformed bearer header is a bad request.
    for value in ["Bearer", "Bearer a b"] {
        let r = send(&s, "POST", Some(value), None, &init_body()).await;
        assert_eq!(r.status, 400, "{}", r.text());
        let challenge = r.header("www-authenticate").unwrap();
        assert!(
            challenge.contains("error=\"invalid_request\""),
            "{challenge}"
        );
        assert!(r.text().contains("empty or not one token"), "{}", r.text());
    }
    // Two Authorization headers are refused, never one of them picked.
    let token = format!("Bearer {}", key.sign(&claims(&idp, "alice", ALL)));
    let headers = [
        ("Content-Type", "application/json"),
        ("Authorization", token.as_str()),
        ("Authorization", "Bearer other"),
    ];
    let body = serde_json::to_vec(&init_body()).unwrap();
    let r = request(s.addr, "POST", &headers, &body).await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(
        r.text().contains("more than one Authorization header"),
        "{}",
        r.text()
    );
}

#[tokio::test]
async fn a_garbage_token_is_refused() {
    let (_idp, _key, s) = setup().await;
    for token in ["garbage", "a.b.c", "eyJhbGciOiJFUzI1NiJ9.e30"] {
        let r = post(&s, token, None, &init_body()).await;
        assert_401(&r, "invalid_token", "not a signed JWT");
    }
}

#[tokio::test]
async fn an_expired_token_is_refused_but_clock_skew_is_allowed() {
    let (idp, key, s) = setup().await;
    let mut c = claims(&idp, "alice", ALL);
    c["exp"] = json!(now() - 3600);
    assert_401(
        &post(&s, &key.sign(&c), None, &init_body()).await,
        "invalid_token",
        "expired",
    );
    // Within the 60 s skew: accepted.
    c["exp"] = json!(now() - 10);
    assert_eq!(
        post(&s, &key.sign(&c), None, &init_body()).await.status,
        200
    );
}

/// Only an access token authenticates: not an ID or refresh token, even
/// one whose audience is this resource.
#[tokio::test]
async fn only_an_access_token_is_accepted() {
    let (idp, key, s) = setup().await;
    let c = claims(&idp, "alice", ALL);
    for typ in ["JWT", "at+jwt", "application/at+jwt"] {
        let r = post(&s, &key.sign_typed(typ, &c), None, &init_body()).await;
        assert_eq!(r.status, 200, "{typ}: {}", r.text());
    }
    let r = post(&s, &key.sign_typed("id_token+jwt", &c), None, &init_body()).await;
    assert_401(&r, "invalid_token", "not an access token's");
    let mut id = claims(&idp, "alice", ALL);
    id["typ"] = json!("ID");
    let r = post(&s, &key.sign(&id), None, &init_body()).await;
    assert_401(
        &r,
        "invalid_token",
        "`typ` claim is `ID`: it is not an access token",
    );
}

#[tokio::test]
async fn a_token_without_exp_is_refused() {
    let (idp, key, s) = setup().await;
    let mut c = claims(&idp, "alice", ALL);
    c.as_object_mut().unwrap().remove("exp");
    assert_401(
        &post(&s, &key.sign(&c), None, &init_body()).await,
        "invalid_token",
        "no `exp` claim",
    );
}

#[tokio::test]
async fn a_token_of_another_issuer_is_refused() {
    let (idp, key, s) = setup().await;
    let mut c = claims(&idp, "alice", ALL);
    c["iss"] = json!("https://elsewhere.example");
    assert_401(
        &post(&s, &key.sign(&c), None, &init_body()).await,
        "invalid_token",
        "another issuer",
    );
}

#[tokio::test]
async fn a_token_for_another_audience_is_refused_string_or_array() {
    let (idp, key, s) = setup().await;
    let mut c = claims(&idp, "alice", ALL);
    for aud in [
        json!("https://other.example/mcp"),
        json!(["https://other.example/mcp", "x"]),
    ] {
        c["aud"] = aud;
        let r = post(&s, &key.sign(&c), None, &init_body()).await;
        assert_401(
            &r,
            "invalid_token",
            "audience does not include https://mcp.example.test/mcp",
        );
    }
    c["aud"] = json!(["https://other.example/mcp", RESOURCE]);
    assert_eq!(
        post(&s, &key.sign(&c), None, &init_body()).await.status,
        200
    );
}

#[tokio::test]
async fn a_token_lacking_the_required_scope_is_forbidden_naming_it() {
    let (idp, key, s) = setup().await;
    let r = post(
        &s,
        &key.sign(&claims(&idp, "alice", "mcp:write")),
        None,
        &init_body(),
    )
    .await;
    assert_eq!(r.status, 403, "{}", r.text());
    let challenge = r.header("www-authenticate").unwrap();
    assert!(
        challenge.contains("error=\"insufficient_scope\""),
        "{challenge}"
    );
    assert!(challenge.contains("scope=\"mcp:use\""), "{challenge}");
    let message = r.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(
        message.starts_with("Forbidden: ") && message.contains("`mcp:use`"),
        "{message}"
    );
}

#[tokio::test]
async fn a_forged_signature_is_401_never_403() {
    let (idp, _key, s) = setup().await;
    // Another key claiming the issuer's key id; the token also lacks a
    // scope, which must not turn the answer into 403.
    let forger = SigningKey::es256("k1");
    for scope in [ALL, "none"] {
        let r = post(
            &s,
            &forger.sign(&claims(&idp, "alice", scope)),
            None,
            &init_body(),
        )
        .await;
        assert_401(&r, "invalid_token", "signature does not verify");
    }
    // A valid token with its signature swapped for another's.
    let good = _key.sign(&claims(&idp, "alice", ALL));
    let other = forger.sign(&claims(&idp, "bob", ALL));
    let spliced = format!(
        "{}.{}",
        good.rsplit_once('.').unwrap().0,
        other.rsplit_once('.').unwrap().1
    );
    assert_401(
        &post(&s, &spliced, None, &init_body()).await,
        "invalid_token",
        "signature does not verify",
    );
}

#[tokio::test]
async fn hmac_and_none_algorithms_are_refused() {
    let (idp, _key, s) = setup().await;
    let c = claims(&idp, "alice", ALL);
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256);
    header.kid = Some("k1".into());
    let hs =
        jsonwebtoken::encode(&header, &c, &jsonwebtoken::EncodingKey::from_secret(b"k1")).unwrap();
    assert_401(
        &post(&s, &hs, None, &init_body()).await,
        "invalid_token",
        "algorithm `HS256` is not accepted",
    );
    use base64::Engine;
    let b64 = |v: &Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string());
    let none = format!(
        "{}.{}.",
        b64(&json!({"alg": "none", "typ": "JWT"})),
        b64(&c)
    );
    assert_401(
        &post(&s, &none, None, &init_body()).await,
        "invalid_token",
        "algorithm `none` is not accepted",
    );
}

#[tokio::test]
async fn an_unknown_key_id_refetches_the_keys_at_a_bounded_rate_then_rotated_keys_work() {
    let k1 = SigningKey::es256("k1");
    let idp = Idp::start(&[&k1]).await;
    let mut config = auth_config(&idp);
    config.jwks_min_refresh = Duration::from_secs(1);
    let s = serve(config, HttpSettings::default()).await;
    let alice_k1 = k1.sign(&claims(&idp, "alice", ALL));
    assert_eq!(post(&s, &alice_k1, None, &init_body()).await.status, 200);
    assert_eq!(idp.fetches(), 1);
    // A key the issuer has not published yet: refused, and a flood of
    // such tokens fetches the keys at most once more within the interval.
    let k2 = SigningKey::ed25519("k2");
    for i in 0..20 {
        let mut c = claims(&idp, "alice", ALL);
        c["jti"] = json!(i);
        let r = post(&s, &k2.sign(&c), None, &init_body()).await;
        assert_401(
            &r,
            "invalid_token",
            "no key of the issuer verifies the token (key id k2",
        );
    }
    assert!(idp.fetches() <= 2, "{} fetches", idp.fetches());
    // The issuer rotates to k2: after the interval, a k2 token is accepted.
    idp.rotate(&[&k2]);
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let r = post(&s, &k2.sign(&claims(&idp, "bob", ALL)), None, &init_body()).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(idp.fetches() <= 3, "{} fetches", idp.fetches());
    // The k1 token validated at the start is remembered, but not past the
    // change of keys: its key is withdrawn, so it no longer works.
    let r = post(&s, &alice_k1, None, &init_body()).await;
    assert_401(
        &r,
        "invalid_token",
        "no key of the issuer verifies the token (key id k1",
    );
}

#[tokio::test]
async fn a_session_runs_as_its_user_and_answers_another_users_token_404() {
    let (idp, key, s) = setup().await;
    let alice = key.sign(&claims(&idp, "alice", ALL));
    let bob = key.sign(&claims(&idp, "bob", ALL));
    let sid = open(&s, &alice).await;
    assert_eq!(
        call(&s, &alice, &sid, "whoami").await.json()["result"]["content"][0]["text"],
        "alice"
    );
    let bobs = open(&s, &bob).await;
    assert_eq!(
        call(&s, &bob, &bobs, "whoami").await.json()["result"]["content"][0]["text"],
        "bob"
    );
    // Bob's token on Alice's session: as if it did not exist, by POST,
    // GET and DELETE.
    let r = call(&s, &bob, &sid, "whoami").await;
    assert_eq!(r.status, 404, "{}", r.text());
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("Session not found")
    );
    // Nor does an initialize naming it tell Bob that it lives.
    let r = post(&s, &bob, Some(&sid), &init_body()).await;
    assert_eq!(r.status, 404, "{}", r.text());
    let auth = format!("Bearer {bob}");
    assert_eq!(
        send(&s, "GET", Some(&auth), Some(&sid), &Value::Null)
            .await
            .status,
        404
    );
    assert_eq!(
        send(&s, "DELETE", Some(&auth), Some(&sid), &Value::Null)
            .await
            .status,
        404
    );
    assert!(s.router.session(&sid).is_some());
    // A refreshed token of Alice's keeps working on her session.
    let mut fresh = claims(&idp, "alice", ALL);
    fresh["exp"] = json!(now() + 900);
    let refreshed = key.sign(&fresh);
    assert_ne!(refreshed, alice);
    assert_eq!(call(&s, &refreshed, &sid, "whoami").await.status, 200);
    // A token naming no user of the image opens no session.
    let r = post(
        &s,
        &key.sign(&claims(&idp, "carol", ALL)),
        None,
        &init_body(),
    )
    .await;
    assert_eq!(r.status, 503, "{}", r.text());
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("no user carol"),
        "{}",
        r.text()
    );
}

#[tokio::test]
async fn without_the_write_scope_a_session_is_read_only() {
    let (idp, key, s) = setup().await;
    let reader = key.sign(&claims(&idp, "alice", "mcp:use"));
    let sid = open(&s, &reader).await;
    assert_eq!(
        tool_names(&s, &reader, &sid).await,
        ["whoami", "whoami_later"]
    );
    let r = call(&s, &reader, &sid, "change").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["error"]["code"], -32601, "{}", r.text());
    assert_eq!(r.json()["error"]["data"]["kind"], "readOnly");
    // The server is read-write: the refusal names the scope to ask for.
    assert_eq!(
        r.json()["error"]["message"],
        "Tool `change` may change the image and this request's token lacks the `mcp:write` \
         scope; get a token with that scope to use it"
    );
    let writer = key.sign(&claims(&idp, "alice", "mcp:use mcp:write"));
    let wid = open(&s, &writer).await;
    assert_eq!(
        tool_names(&s, &writer, &wid).await,
        ["change", "whoami", "whoami_later"]
    );
    assert_eq!(
        call(&s, &writer, &wid, "change").await.json()["result"]["content"][0]["text"],
        "change ran"
    );
}

/// Read-only is each request's, by the token it carries: a session
/// opened with the write scope does not keep it for a request whose token
/// lacks it, and gets it back with the next token that has it.
#[tokio::test]
async fn each_request_is_read_only_by_the_token_it_carries() {
    let (idp, key, s) = setup().await;
    let writer = key.sign(&claims(&idp, "alice", ALL));
    let reader = key.sign(&claims(&idp, "alice", "mcp:use mcp:docs mcp:secret"));
    let sid = open(&s, &writer).await;
    assert_eq!(
        tool_names(&s, &reader, &sid).await,
        ["commit_anyway", "secret", "whoami", "whoami_later"]
    );
    let r = call(&s, &reader, &sid, "change").await;
    assert_eq!(
        r.json()["error"]["data"]["kind"],
        "readOnly",
        "{}",
        r.text()
    );
    // A tool that wrongly claims to be read-only-safe is stopped by the
    // image beneath it.
    let r = call(&s, &reader, &sid, "commit_anyway").await;
    assert_eq!(r.json()["result"]["isError"], true, "{}", r.text());
    assert!(
        r.text()
            .contains("`commit` changes the image and this session is read-only"),
        "{}",
        r.text()
    );
    assert_eq!(
        call(&s, &writer, &sid, "change").await.json()["result"]["content"][0]["text"],
        "change ran"
    );
    assert_eq!(
        call(&s, &writer, &sid, "commit_anyway").await.json()["result"]["content"][0]["text"],
        "committed"
    );
}

/// A toolset's `scopes` gate what it offers besides tools: its resources
/// and prompts are left out of the lists for a token without them, and
/// reading one is 403 `insufficient_scope`, as a call to its tool is.
#[tokio::test]
async fn a_toolsets_scopes_gate_its_resources_and_prompts() {
    let (idp, key, s) = setup().await;
    let plain = key.sign(&claims(&idp, "alice", "mcp:use mcp:write"));
    let sid = open(&s, &plain).await;
    let list = |method: &'static str| json!({"jsonrpc": "2.0", "id": 3, "method": method});
    let read = json!({"jsonrpc": "2.0", "id": 4, "method": "resources/read",
                      "params": {"uri": README}});
    let prompt = json!({"jsonrpc": "2.0", "id": 5, "method": "prompts/get",
                        "params": {"name": "explain"}});
    let subscribe = json!({"jsonrpc": "2.0", "id": 6, "method": "resources/subscribe",
                           "params": {"uri": README}});
    let r = post(&s, &plain, Some(&sid), &list("resources/list")).await;
    assert_eq!(r.json()["result"]["resources"], json!([]), "{}", r.text());
    let r = post(&s, &plain, Some(&sid), &list("prompts/list")).await;
    assert_eq!(r.json()["result"]["prompts"], json!([]), "{}", r.text());
    for request in [&read, &prompt, &subscribe] {
        let r = post(&s, &plain, Some(&sid), request).await;
        assert_eq!(r.status, 403, "{}", r.text());
        let challenge = r.header("www-authenticate").unwrap();
        assert!(
            challenge.contains("error=\"insufficient_scope\"")
                && challenge.contains("scope=\"mcp:docs\""),
            "{challenge}"
        );
        assert!(
            r.text().contains("toolset `docs` needs scope `mcp:docs`"),
            "{}",
            r.text()
        );
    }
    // Stepped up on the same session, the token sees and reads them.
    let stepped = key.sign(&claims(&idp, "alice", "mcp:use mcp:write mcp:docs"));
    let r = post(&s, &stepped, Some(&sid), &list("resources/list")).await;
    assert_eq!(
        r.json()["result"]["resources"][0]["uri"],
        README,
        "{}",
        r.text()
    );
    let r = post(&s, &stepped, Some(&sid), &list("prompts/list")).await;
    assert_eq!(
        r.json()["result"]["prompts"][0]["name"],
        "explain",
        "{}",
        r.text()
    );
    let r = post(&s, &stepped, Some(&sid), &read).await;
    assert_eq!(
        r.json()["result"]["contents"][0]["text"],
        "the docs",
        "{}",
        r.text()
    );
}

#[tokio::test]
async fn a_tool_with_its_own_scope_is_hidden_and_refused_without_it() {
    let (idp, key, s) = setup().await;
    let plain = key.sign(&claims(&idp, "alice", "mcp:use mcp:write"));
    let sid = open(&s, &plain).await;
    assert!(
        !tool_names(&s, &plain, &sid)
            .await
            .contains(&"secret".to_string())
    );
    let r = call(&s, &plain, &sid, "secret").await;
    assert_eq!(r.status, 403, "{}", r.text());
    let challenge = r.header("www-authenticate").unwrap();
    assert!(
        challenge.contains("error=\"insufficient_scope\"")
            && challenge.contains("scope=\"mcp:secret\""),
        "{challenge}"
    );
    assert_eq!(r.json()["id"], 7);
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("tool `secret` needs scope `mcp:secret`")
    );
    // The same session with a token that has the scope (a step-up).
    let stepped = key.sign(&claims(&idp, "alice", ALL));
    assert!(
        tool_names(&s, &stepped, &sid)
            .await
            .contains(&"secret".to_string())
    );
    assert_eq!(
        call(&s, &stepped, &sid, "secret").await.json()["result"]["content"][0]["text"],
        "secret ran"
    );
}

#[tokio::test]
async fn the_metadata_is_served_at_both_paths_from_configuration() {
    let (idp, _key, s) = setup().await;
    for path in [
        "/.well-known/oauth-protected-resource",
        "/.well-known/oauth-protected-resource/mcp",
        "/.well-known/oauth-protected-resource/mcp/",
        "/.well-known/oauth-protected-resource/mcp?x=1",
        "/.well-known/oauth-protected-resource/",
    ] {
        let raw =
            format!("GET {path} HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n");
        let r = raw_request(s.addr, raw.as_bytes()).await;
        assert_eq!(r.status, 200, "{path}: {}", r.text());
        assert_eq!(r.header("content-type"), Some("application/json"));
        assert_eq!(
            r.json(),
            json!({"resource": RESOURCE, "authorization_servers": [idp.issuer],
                   "scopes_supported": ["mcp:use", "mcp:write", "mcp:docs", "mcp:secret"],
                   "bearer_methods_supported": ["header"]}),
            "{path}"
        );
    }
    let raw = "GET /.well-known/oauth-protected-resource/other HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    assert_eq!(raw_request(s.addr, raw.as_bytes()).await.status, 404);
}

async fn raw_request(addr: std::net::SocketAddr, raw: &[u8]) -> Reply {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut c = tokio::net::TcpStream::connect(addr).await.unwrap();
    c.write_all(raw).await.unwrap();
    let mut out = Vec::new();
    let _ = c.read_to_end(&mut out).await;
    common::parse_reply(&out)
}

#[tokio::test]
async fn the_per_caller_cap_counts_the_users_sessions_not_the_address() {
    let (idp, key, _) = setup().await;
    let s = serve(
        auth_config(&idp),
        HttpSettings {
            max_sessions_per_caller: Some(1),
            ..HttpSettings::default()
        },
    )
    .await;
    let alice = key.sign(&claims(&idp, "alice", ALL));
    open(&s, &alice).await;
    let r = post(&s, &alice, None, &init_body()).await;
    assert_eq!(r.status, 429, "{}", r.text());
    // Bob, from the same address, has a session of his own.
    open(&s, &key.sign(&claims(&idp, "bob", ALL))).await;
}

#[tokio::test]
async fn a_session_ends_with_its_token_only_when_configured_to() {
    for (expiry, survives) in [
        (TokenExpiry::EndSession, false),
        (TokenExpiry::KeepUntilNextRequest, true),
    ] {
        // A fractional `exp` is a valid NumericDate, not "expired at 0".
        if expiry == TokenExpiry::EndSession {
            let key = SigningKey::es256("k1");
            let idp = Idp::start(&[&key]).await;
            let mut config = auth_config(&idp);
            config.on_token_expiry = expiry;
            let s = serve(config, HttpSettings::default()).await;
            let mut c = claims(&idp, "alice", ALL);
            c["exp"] = json!(now() as f64 + 300.5);
            let sid = open(&s, &key.sign(&c)).await;
            s.router.maintain(Instant::now(), Duration::ZERO);
            assert!(
                s.router.session(&sid).is_some(),
                "ended at a fractional exp"
            );
        }
        let key = SigningKey::es256("k1");
        let idp = Idp::start(&[&key]).await;
        let mut config = auth_config(&idp);
        config.on_token_expiry = expiry;
        config.clock_skew = Duration::ZERO;
        let s = serve(config, HttpSettings::default()).await;
        let mut c = claims(&idp, "alice", ALL);
        c["exp"] = json!(now() + 2);
        let sid = open(&s, &key.sign(&c)).await;
        // Past `exp` by at least one whole second, whatever the start.
        tokio::time::sleep(Duration::from_millis(3100)).await;
        s.router.maintain(Instant::now(), Duration::ZERO);
        assert_eq!(s.router.session(&sid).is_some(), survives, "{expiry:?}");
        if survives {
            // The expired token no longer works; a fresh one does.
            let r = call(&s, &key.sign(&c), &sid, "whoami").await;
            assert_401(&r, "invalid_token", "expired");
            let fresh = key.sign(&claims(&idp, "alice", ALL));
            assert_eq!(call(&s, &fresh, &sid, "whoami").await.status, 200);
        }
    }
}

/// While the issuer cannot be reached, every token is told its keys are
/// unavailable, also within the fetch rate limit, where it was told no
/// key verified it (and to get a new token) before; and it is told so
/// with 503 and when to retry, not with a 401 challenge that sends the
/// client for a new token that would fare no better.
#[tokio::test]
async fn an_unreachable_issuer_is_said_to_be_so_to_every_request() {
    let key = SigningKey::es256("k1");
    let idp = Idp::start(&[&key]).await;
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}", l.local_addr().unwrap())
    };
    let mut config = auth_config(&idp);
    config.issuer = closed.clone();
    let s = serve(config, HttpSettings::default()).await;
    let mut c = claims(&idp, "alice", ALL);
    c["iss"] = json!(closed);
    let token = key.sign(&c);
    for attempt in 0..3 {
        let r = post(&s, &token, None, &init_body()).await;
        assert_eq!(r.status, 503, "{attempt}: {}", r.text());
        assert!(
            r.text()
                .contains("the issuer's keys are unavailable; retry later"),
            "{attempt}: {}",
            r.text()
        );
        assert!(
            !r.text().contains("get a new token"),
            "{attempt}: {}",
            r.text()
        );
        assert!(r.header("www-authenticate").is_none(), "{attempt}");
        let retry: u64 = r
            .header("retry-after")
            .expect("Retry-After")
            .parse()
            .unwrap();
        assert!((1..=30).contains(&retry), "{attempt}: Retry-After {retry}");
    }
}

/// A session's GET stream ends when the token that opened it expires,
/// even when the session itself is kept for a fresh token.
#[tokio::test]
async fn a_get_stream_ends_with_the_token_that_opened_it() {
    let key = SigningKey::es256("k1");
    let idp = Idp::start(&[&key]).await;
    let mut config = auth_config(&idp);
    config.clock_skew = Duration::ZERO;
    let s = serve(config, HttpSettings::default()).await;
    let sid = open(&s, &key.sign(&claims(&idp, "alice", ALL))).await;
    let mut c = claims(&idp, "alice", ALL);
    c["exp"] = json!(now() + 2);
    let auth = format!("Bearer {}", key.sign(&c));
    let started = Instant::now();
    let stream = send(&s, "GET", Some(&auth), Some(&sid), &Value::Null);
    let r = tokio::time::timeout(Duration::from_secs(8), stream)
        .await
        .expect("the stream outlived its token");
    assert_eq!(r.status, 200);
    assert!(
        started.elapsed() <= Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    assert!(s.router.session(&sid).is_some(), "the session is kept");
    // The server ended the stream, not the client: the grace for a lost
    // stream does not apply, and the session and its work wait for a
    // fresh token until the idle timeout.
    tokio::time::sleep(Duration::from_millis(200)).await;
    s.router
        .maintain(Instant::now() + Duration::from_secs(60), Duration::ZERO);
    assert!(
        s.router.session(&sid).is_some(),
        "kept past the stream-loss grace"
    );
    let fresh = key.sign(&claims(&idp, "alice", ALL));
    assert_eq!(call(&s, &fresh, &sid, "whoami").await.status, 200);
}

/// A token accepted within the clock skew past its `exp` opens a stream
/// that lasts as long as the token is accepted, not one that ends at once
/// (which a client would reopen in a loop).
#[tokio::test]
async fn a_stream_opened_within_the_clock_skew_lasts_until_the_skew_ends() {
    let key = SigningKey::es256("k1");
    let idp = Idp::start(&[&key]).await;
    let mut config = auth_config(&idp);
    config.clock_skew = Duration::from_secs(3);
    let s = serve(config, HttpSettings::default()).await;
    let sid = open(&s, &key.sign(&claims(&idp, "alice", ALL))).await;
    let mut c = claims(&idp, "alice", ALL);
    c["exp"] = json!(now() - 1);
    let auth = format!("Bearer {}", key.sign(&c));
    let started = Instant::now();
    let stream = send(&s, "GET", Some(&auth), Some(&sid), &Value::Null);
    let r = tokio::time::timeout(Duration::from_secs(8), stream)
        .await
        .expect("the stream outlived the clock skew");
    assert_eq!(r.status, 200);
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "the stream ended at once: {:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn validated_tokens_are_cached_and_invalid_ones_never_are() {
    let (idp, key, s) = setup().await;
    let auth = s.router.auth().unwrap().clone();
    let alice = key.sign(&claims(&idp, "alice", ALL));
    let sid = open(&s, &alice).await;
    for _ in 0..3 {
        assert_eq!(call(&s, &alice, &sid, "whoami").await.status, 200);
    }
    assert_eq!(auth.cached_tokens(), 1);
    let forger = SigningKey::es256("k1");
    let mut expired = claims(&idp, "alice", ALL);
    expired["exp"] = json!(now() - 3600);
    for i in 0..50 {
        let mut c = claims(&idp, "alice", ALL);
        c["jti"] = json!(i);
        for bad in [
            format!("garbage{i}"),
            forger.sign(&c),
            key.sign(&{
                let mut e = expired.clone();
                e["jti"] = json!(i);
                e
            }),
        ] {
            assert_eq!(call(&s, &bad, &sid, "whoami").await.status, 401);
        }
    }
    assert_eq!(auth.cached_tokens(), 1);
}

#[tokio::test]
async fn only_a_token_whose_claims_hold_costs_a_signature_check() {
    // A signature check is the costly step; a flood of tokens that their
    // claims refuse must not make the server do one per request.
    let (idp, key, s) = setup().await;
    let auth = s.router.auth().unwrap().clone();
    let alice = key.sign(&claims(&idp, "alice", ALL));
    let sid = open(&s, &alice).await;
    assert_eq!(auth.signature_checks(), 1);
    let refused_by_claims = [
        ("exp", json!(now() - 3600)),
        ("nbf", json!(now() + 3600)),
        ("iss", json!("https://elsewhere.example")),
        ("aud", json!("https://another.example/mcp")),
        ("sub", json!("")),
    ];
    for (claim, value) in refused_by_claims {
        let mut c = claims(&idp, "alice", ALL);
        c[claim] = value;
        let r = call(&s, &key.sign(&c), &sid, "whoami").await;
        assert_eq!(r.status, 401, "{claim}");
    }
    assert_eq!(auth.signature_checks(), 1, "claims are read first");
    // Claims that hold under a forged signature cost one check each.
    let forger = SigningKey::es256("k1");
    let forged = forger.sign(&claims(&idp, "alice", ALL));
    assert_401(
        &call(&s, &forged, &sid, "whoami").await,
        "invalid_token",
        "signature does not verify",
    );
    assert_eq!(auth.signature_checks(), 2);
    // A valid token is checked once, then remembered.
    for _ in 0..3 {
        assert_eq!(call(&s, &alice, &sid, "whoami").await.status, 200);
    }
    assert_eq!(auth.signature_checks(), 2);
}

/// The users whose sessions would hold the image's administrative powers.
const SYSTEM_USERS: [&str; 7] = [
    "SystemUser",
    "DataCurator",
    "GcUser",
    "SymbolUser",
    "Nameless",
    "HostAgentUser",
    "CodeLibrarianUser",
];

#[tokio::test]
async fn a_token_naming_a_system_user_is_refused_by_default() {
    // An identity provider that lets its users pick a user name must not
    // hand the image to whoever picks `DataCurator`.
    let (idp, key, s) = setup().await;
    let auth = s.router.auth().unwrap().clone();
    for user in SYSTEM_USERS {
        let token = key.sign(&claims(&idp, user, ALL));
        let r = post(&s, &token, None, &init_body()).await;
        assert_401(&r, "invalid_token", "is a GemStone system user");
        let message = r.json()["error"]["message"].as_str().unwrap().to_string();
        assert!(message.contains(&format!("`{user}`")), "{message}");
        assert!(message.contains("map `sub`"), "{message}");
        assert!(message.contains("auth.allow_system_users"), "{message}");
    }
    // A name that differs only in case or spacing is refused alike.
    for user in ["datacurator", "SYSTEMUSER", " DataCurator"] {
        let r = post(&s, &key.sign(&claims(&idp, user, ALL)), None, &init_body()).await;
        assert_401(&r, "invalid_token", "only in case or spacing");
    }
    // Refused by its claims: no signature check and nothing remembered, so
    // a flood of them costs neither CPU for signatures nor memory.
    assert_eq!(auth.signature_checks(), 0);
    assert_eq!(auth.cached_tokens(), 0);
    // A personal user still works.
    let alice = key.sign(&claims(&idp, "alice", ALL));
    let sid = open(&s, &alice).await;
    assert_eq!(
        call(&s, &alice, &sid, "whoami").await.json()["result"]["content"][0]["text"],
        "alice"
    );
    // A forged token naming a system user is 401 too, never believed.
    let forged = SigningKey::es256("k1").sign(&claims(&idp, "DataCurator", ALL));
    assert_401(
        &call(&s, &forged, &sid, "whoami").await,
        "invalid_token",
        "is a GemStone system user",
    );
}

#[tokio::test]
async fn a_system_user_the_operator_allows_is_accepted_and_only_it() {
    let key = SigningKey::es256("k1");
    let idp = Idp::start(&[&key]).await;
    let config = AuthConfig {
        allow_system_users: vec!["DataCurator".into()],
        ..auth_config(&idp)
    };
    let s = serve(config, HttpSettings::default()).await;
    let curator = key.sign(&claims(&idp, "DataCurator", ALL));
    let sid = open(&s, &curator).await;
    assert_eq!(
        call(&s, &curator, &sid, "whoami").await.json()["result"]["content"][0]["text"],
        "DataCurator"
    );
    // Another system user, and a look-alike of the allowed one, are still
    // refused: only the exact name listed is allowed.
    for (user, says) in [
        ("SystemUser", "is a GemStone system user"),
        ("datacurator", "only in case or spacing"),
    ] {
        let r = post(&s, &key.sign(&claims(&idp, user, ALL)), None, &init_body()).await;
        assert_401(&r, "invalid_token", says);
    }
    // Personal users are unaffected.
    let alice = key.sign(&claims(&idp, "alice", ALL));
    let sid = open(&s, &alice).await;
    assert_eq!(call(&s, &alice, &sid, "whoami").await.status, 200);
}

/// A stateless (revision 2026-07-28) request with `Authorization` set to
/// `authorization` (if any) and the revision's headers.
async fn modern(s: &Served, authorization: Option<&str>, method: &str, params: Value) -> Reply {
    modern_declaring(s, authorization, method, params, json!({})).await
}

/// [`modern`] declaring the client capabilities `capabilities`.
async fn modern_declaring(
    s: &Served,
    authorization: Option<&str>,
    method: &str,
    params: Value,
    capabilities: Value,
) -> Reply {
    let mut params = params;
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": capabilities,
    });
    let name = params["name"]
        .as_str()
        .or(params["taskId"].as_str())
        .map(str::to_string);
    let mut headers = vec![
        ("Content-Type", "application/json"),
        ("MCP-Protocol-Version", "2026-07-28"),
        ("Mcp-Method", method),
    ];
    if let Some(n) = &name {
        headers.push(("Mcp-Name", n));
    }
    if let Some(a) = authorization {
        headers.push(("Authorization", a));
    }
    let body = json!({"jsonrpc": "2.0", "id": 9, "method": method, "params": params});
    request(
        s.addr,
        "POST",
        &headers,
        &serde_json::to_vec(&body).unwrap(),
    )
    .await
}

#[tokio::test]
async fn stateless_requests_are_authenticated_and_run_as_the_tokens_user() {
    let (idp, key, s) = setup().await;
    let r = modern(&s, None, "tools/list", json!({})).await;
    assert_unauthenticated(&r, "no access token");
    let r = modern(&s, Some("Bearer garbage"), "server/discover", json!({})).await;
    assert_eq!(r.status, 401, "{}", r.text());

    let alice = format!("Bearer {}", key.sign(&claims(&idp, "alice", ALL)));
    let r = modern(
        &s,
        Some(&alice),
        "tools/call",
        json!({"name": "whoami", "arguments": {}}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["result"]["content"][0]["text"], "alice");
    let r = modern(&s, Some(&alice), "tools/list", json!({})).await;
    assert_eq!(r.json()["result"]["cacheScope"], "private", "{}", r.text());

    // Without the write scope a stateless call is read-only too, and a
    // tool needing its own scope is hidden and refused.
    let reader = format!("Bearer {}", key.sign(&claims(&idp, "bob", "mcp:use")));
    let r = modern(&s, Some(&reader), "tools/list", json!({})).await;
    let names = r.json()["result"]["tools"].to_string();
    assert!(!names.contains("\"change\""), "{names}");
    assert!(!names.contains("\"secret\""), "{names}");
    let r = modern(
        &s,
        Some(&reader),
        "tools/call",
        json!({"name": "change", "arguments": {}}),
    )
    .await;
    assert_eq!(
        r.json()["error"]["data"]["kind"],
        "readOnly",
        "{}",
        r.text()
    );
    let r = modern(
        &s,
        Some(&reader),
        "tools/call",
        json!({"name": "secret", "arguments": {}}),
    )
    .await;
    assert_eq!(r.status, 403, "{}", r.text());
    assert_eq!(s.router.session_count(), 0);
}

/// A kept image session (`open_session`, revision 2026-07-28) is
/// read-only for a request whose token lacks the write scope, whichever
/// token opened it; and `subscriptions/listen` to a gated toolset's
/// resource is 403 without the toolset's scope.
#[tokio::test]
async fn kept_sessions_and_listens_follow_each_requests_token() {
    let (idp, key, s) = setup().await;
    let writer = format!("Bearer {}", key.sign(&claims(&idp, "alice", ALL)));
    let reader = format!(
        "Bearer {}",
        key.sign(&claims(&idp, "alice", "mcp:use mcp:docs"))
    );
    let open = json!({"name": "open_session", "arguments": {}});
    let r = modern(&s, Some(&writer), "tools/call", open).await;
    let handle = r.json()["result"]["structuredContent"]["session"]
        .as_str()
        .unwrap_or_else(|| panic!("{}", r.text()))
        .to_string();
    let commit = json!({"name": "commit_anyway", "arguments": {"session": handle}});
    let r = modern(&s, Some(&reader), "tools/call", commit.clone()).await;
    assert_eq!(r.json()["result"]["isError"], true, "{}", r.text());
    assert!(
        r.text().contains("this session is read-only"),
        "{}",
        r.text()
    );
    let r = modern(&s, Some(&writer), "tools/call", commit).await;
    assert_eq!(
        r.json()["result"]["content"][0]["text"],
        "committed",
        "{}",
        r.text()
    );

    let plain = format!(
        "Bearer {}",
        key.sign(&claims(&idp, "alice", "mcp:use mcp:write"))
    );
    let listen = json!({"notifications": {"resourceSubscriptions": [README]}});
    let r = modern(&s, Some(&plain), "subscriptions/listen", listen).await;
    assert_eq!(r.status, 403, "{}", r.text());
    assert!(
        r.header("www-authenticate")
            .unwrap()
            .contains("scope=\"mcp:docs\"")
    );
}

#[tokio::test]
async fn a_task_is_found_only_by_the_user_who_started_it() {
    let (idp, key, s) = setup().await;
    let tasks = json!({"extensions": {"io.modelcontextprotocol/tasks": {}}});
    let alice = format!("Bearer {}", key.sign(&claims(&idp, "alice", ALL)));
    let bob = format!("Bearer {}", key.sign(&claims(&idp, "bob", ALL)));
    let call = json!({"name": "whoami_later", "arguments": {}});
    let r = modern_declaring(&s, Some(&alice), "tools/call", call, tasks.clone()).await;
    let created = r.json()["result"].clone();
    assert_eq!(created["resultType"], "task", "{created}");
    let id = created["taskId"].as_str().unwrap();
    let get = json!({"taskId": id});
    let mut done = Value::Null;
    for _ in 0..500 {
        let r = modern_declaring(&s, Some(&alice), "tasks/get", get.clone(), tasks.clone()).await;
        done = r.json()["result"].clone();
        if done["status"] == "completed" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(done["result"]["content"][0]["text"], "alice", "{done}");
    for method in ["tasks/get", "tasks/cancel"] {
        let r = modern_declaring(&s, Some(&bob), method, get.clone(), tasks.clone()).await;
        let error = &r.json()["error"];
        assert_eq!(error["code"], -32602, "{method}: {}", r.text());
        assert!(
            error["message"]
                .as_str()
                .unwrap()
                .contains("never created for you")
        );
    }
    let r = modern_declaring(&s, Some(&alice), "tasks/get", get, tasks).await;
    assert_eq!(
        r.json()["result"]["status"],
        "completed",
        "bob's cancel changed nothing"
    );
}

/// A browser app from a configured origin gets its preflight answered with
/// no token (a preflight carries none), and can read the 401's challenge.
#[tokio::test]
async fn a_configured_origins_preflight_needs_no_token() {
    let key = SigningKey::es256("k1");
    let idp = Idp::start(&[&key]).await;
    let http = HttpSettings {
        allowed_origin_hosts: vec!["app.example.com".into()],
        ..HttpSettings::default()
    };
    let s = serve(auth_config(&idp), http).await;
    let origin = ("Origin", "https://app.example.com");
    let preflight = [
        origin,
        ("Access-Control-Request-Method", "POST"),
        (
            "Access-Control-Request-Headers",
            "authorization, content-type",
        ),
    ];
    let r = request(s.addr, "OPTIONS", &preflight, b"").await;
    assert_eq!(r.status, 204, "{}", r.text());
    let body = serde_json::to_vec(&init_body()).unwrap();
    let r = request(
        s.addr,
        "POST",
        &[("Content-Type", "application/json"), origin],
        &body,
    )
    .await;
    assert_eq!(r.status, 401);
    assert_eq!(
        r.header("access-control-allow-origin"),
        Some("https://app.example.com")
    );
    assert!(
        r.header("access-control-expose-headers")
            .is_some_and(|h| h.contains("WWW-Authenticate"))
    );
}
