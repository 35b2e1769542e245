//! Resources, prompts and completion through the router over real HTTP on
//! loopback, with toolsets made for the test: the routing (fixed resources,
//! then templates, by toolset), the paging across toolsets, the protocol's
//! errors and the JSON shapes a client sees.

mod common;

use std::collections::BTreeMap;
use std::sync::Arc;

use common::{Options, initialize, post, start};
use gs_toolset::{
    CallContext, CallFuture, Completion, CompletionRef, CompletionRequest, Content,
    EmbeddedResource, OfferFuture, PromptArgument, PromptInfo, PromptMessage, PromptResult,
    ResourceBody, ResourceInfo, ResourcePage, ResourceTemplate, Role, ToolError, Toolset,
    ToolsetInfo, ToolsetSession,
};
use serde_json::{Value, json};

/// A toolset offering `fixed` fixed resources, a template, `listed`
/// listed resources two to a page, and one prompt.
struct Offers {
    info: ToolsetInfo,
    scheme: &'static str,
    fixed: Vec<ResourceInfo>,
    templates: Vec<ResourceTemplate>,
    listed: usize,
    prompts: Vec<PromptInfo>,
}

fn info(uri: String, name: String) -> ResourceInfo {
    ResourceInfo {
        uri,
        name,
        title: None,
        description: None,
        mime_type: None,
    }
}

impl Offers {
    fn new(scheme: &'static str, fixed: usize, listed: usize) -> Offers {
        Offers {
            info: ToolsetInfo {
                name: format!("{scheme}-set"),
                version: "1".into(),
                tools: Vec::new(),
            },
            scheme,
            fixed: (0..fixed)
                .map(|i| {
                    let mut r = info(format!("{scheme}://fixed/{i:03}"), format!("fixed {i}"));
                    r.title = Some(format!("Fixed {i}"));
                    r.mime_type = Some("text/plain".into());
                    r
                })
                .collect(),
            templates: vec![ResourceTemplate {
                uri_template: format!("{scheme}://page/{{n}}"),
                name: "page".into(),
                title: Some("A page".into()),
                description: Some("Page n".into()),
                mime_type: Some("text/plain".into()),
            }],
            listed,
            prompts: vec![PromptInfo {
                name: format!("{scheme}_greet"),
                title: None,
                description: Some("Greets".into()),
                arguments: vec![PromptArgument {
                    name: "who".into(),
                    description: None,
                    required: true,
                }],
            }],
        }
    }
}

struct OffersSession {
    scheme: &'static str,
    listed: usize,
}

impl Toolset for Offers {
    fn info(&self) -> &ToolsetInfo {
        &self.info
    }
    fn open_session(&self) -> Box<dyn ToolsetSession> {
        Box::new(OffersSession {
            scheme: self.scheme,
            listed: self.listed,
        })
    }
    fn resources(&self) -> &[ResourceInfo] {
        &self.fixed
    }
    fn resource_templates(&self) -> &[ResourceTemplate] {
        &self.templates
    }
    fn lists_resources(&self) -> bool {
        self.listed > 0
    }
    fn prompts(&self) -> &[PromptInfo] {
        &self.prompts
    }
}

impl ToolsetSession for OffersSession {
    fn call<'a>(
        &'a mut self,
        tool: &'a str,
        _: &'a gs_toolset::Arguments,
        _: &'a CallContext,
    ) -> CallFuture<'a> {
        Box::pin(std::future::ready(Err(ToolError::not_found(format!(
            "no tool {tool}"
        )))))
    }

    fn list_resources<'a>(
        &'a mut self,
        cursor: Option<&'a str>,
        _: &'a CallContext,
    ) -> OfferFuture<'a, ResourcePage> {
        let start = match cursor.map(str::parse::<usize>) {
            None => 0,
            Some(Ok(n)) if n < self.listed => n,
            Some(_) => {
                return Box::pin(std::future::ready(Err(ToolError::invalid_params(
                    "bad cursor",
                ))));
            }
        };
        let end = (start + 2).min(self.listed);
        let scheme = self.scheme;
        Box::pin(std::future::ready(Ok(ResourcePage {
            resources: (start..end)
                .map(|i| info(format!("{scheme}://page/{i}"), format!("page {i}")))
                .collect(),
            next_cursor: (end < self.listed).then(|| end.to_string()),
        })))
    }

    /// A page's text names the caller's dictionaries, read through its
    /// own image session on the session's worker.
    fn read_resource<'a>(
        &'a mut self,
        uri: &'a str,
        ctx: &'a CallContext,
    ) -> OfferFuture<'a, Vec<EmbeddedResource>> {
        let uri = uri.to_string();
        let prefix = format!("{}://page/", self.scheme);
        Box::pin(ctx.blocking(move |ctx| {
            let Some(n) = uri.strip_prefix(&prefix) else {
                return Ok(vec![EmbeddedResource {
                    uri: uri.clone(),
                    mime_type: Some("text/plain".into()),
                    body: ResourceBody::Text(format!("fixed resource {uri}")),
                }]);
            };
            if n == "missing" {
                return Err(ToolError::not_found(format!("no page {n}")));
            }
            if n == "bin" {
                return Ok(vec![EmbeddedResource {
                    uri: uri.clone(),
                    mime_type: Some("application/octet-stream".into()),
                    body: ResourceBody::Blob(vec![0, 1, 2, 255]),
                }]);
            }
            let dictionaries = ctx.image.dictionaries()?;
            Ok(vec![EmbeddedResource {
                uri: uri.clone(),
                mime_type: Some("text/plain".into()),
                body: ResourceBody::Text(format!("page {n}: {}", dictionaries.join(","))),
            }])
        }))
    }

    fn get_prompt<'a>(
        &'a mut self,
        name: &'a str,
        arguments: &'a BTreeMap<String, String>,
        _: &'a CallContext,
    ) -> OfferFuture<'a, PromptResult> {
        let who = arguments.get("who").cloned().unwrap_or_default();
        let answer = if who == "nobody" {
            Err(ToolError::not_found("nobody is not there"))
        } else {
            Ok(PromptResult {
                description: Some(format!("{name} for {who}")),
                messages: vec![
                    PromptMessage {
                        role: Role::User,
                        content: Content::text(format!("Greet {who}")),
                    },
                    PromptMessage {
                        role: Role::Assistant,
                        content: Content::text("Hello"),
                    },
                ],
            })
        };
        Box::pin(std::future::ready(answer))
    }

    fn complete<'a>(
        &'a mut self,
        request: &'a CompletionRequest,
        _: &'a CallContext,
    ) -> OfferFuture<'a, Completion> {
        let kind = match &request.reference {
            CompletionRef::Prompt(p) => format!("prompt {p}"),
            CompletionRef::ResourceTemplate(t) => format!("template {t}"),
        };
        let candidates = (0..250).map(|i| format!("{}{i}", request.value)).chain([
            kind,
            request.context.get("who").cloned().unwrap_or_default(),
        ]);
        Box::pin(std::future::ready(Ok(Completion::from_candidates(
            candidates,
        ))))
    }
}

async fn server() -> common::Server {
    start(Options {
        more_toolsets: vec![
            Arc::new(Offers::new("alpha", 150, 3)),
            Arc::new(Offers::new("beta", 0, 1)),
        ],
        ..Options::default()
    })
    .await
}

async fn rpc(addr: std::net::SocketAddr, sid: &str, method: &str, params: Value) -> Value {
    let r = post(
        addr,
        Some(sid),
        &json!({"jsonrpc": "2.0", "id": 3, "method": method, "params": params}),
    )
    .await;
    assert_eq!(r.status, 200, "{method}: {}", r.text());
    r.json()
}

#[tokio::test]
async fn initialize_advertises_what_is_served() {
    let s = server().await;
    let r = post(
        s.addr,
        None,
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                           "clientInfo": {"name": "t", "version": "1"}}}),
    )
    .await;
    let caps = &r.json()["result"]["capabilities"];
    assert_eq!(
        caps["resources"],
        json!({"subscribe": false, "listChanged": false})
    );
    assert_eq!(caps["prompts"], json!({"listChanged": false}));
    assert_eq!(caps["completions"], json!({}));
    // A server whose toolsets offer none of them advertises none.
    let plain = start(Options::default()).await;
    let sid_reply = post(
        plain.addr,
        None,
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                           "clientInfo": {"name": "t", "version": "1"}}}),
    )
    .await;
    let caps = &sid_reply.json()["result"]["capabilities"];
    assert!(caps.get("resources").is_none(), "{caps}");
    assert!(caps.get("prompts").is_none(), "{caps}");
    assert!(caps.get("completions").is_none(), "{caps}");
}

#[tokio::test]
async fn without_fixed_resources_the_first_page_is_the_first_listing_s() {
    let s = start(Options {
        more_toolsets: vec![Arc::new(Offers::new("beta", 0, 3))],
        ..Options::default()
    })
    .await;
    let sid = initialize(s.addr).await;
    let page = rpc(s.addr, &sid, "resources/list", json!({})).await;
    // Not an empty page a client might take for the end of the list.
    let uris: Vec<&str> = page["result"]["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["uri"].as_str().unwrap())
        .collect();
    assert_eq!(uris, ["beta://page/0", "beta://page/1"], "{page}");
    assert!(page["result"]["nextCursor"].is_string(), "{page}");
}

#[tokio::test]
async fn resources_list_pages_through_fixed_then_each_listing_toolset() {
    let s = server().await;
    let sid = initialize(s.addr).await;
    let mut uris = Vec::new();
    let mut cursor: Option<String> = None;
    let mut sizes = Vec::new();
    loop {
        let params = cursor.as_ref().map_or(json!({}), |c| json!({"cursor": c}));
        let page = rpc(s.addr, &sid, "resources/list", params).await;
        let resources = page["result"]["resources"].as_array().unwrap().clone();
        sizes.push(resources.len());
        if uris.is_empty() {
            assert_eq!(
                resources[0],
                json!({"uri": "alpha://fixed/000", "name": "fixed 0", "title": "Fixed 0",
                       "mimeType": "text/plain"})
            );
        }
        uris.extend(
            resources
                .iter()
                .map(|r| r["uri"].as_str().unwrap().to_string()),
        );
        match page["result"]["nextCursor"].as_str() {
            Some(c) => cursor = Some(c.to_string()),
            None => break,
        }
    }
    // 150 fixed in pages of 100, alpha's three listed two to a page, then
    // beta's one.
    assert_eq!(sizes, [100, 50, 2, 1, 1]);
    assert_eq!(uris.len(), 154);
    assert_eq!(uris[149], "alpha://fixed/149");
    assert_eq!(
        &uris[150..],
        [
            "alpha://page/0",
            "alpha://page/1",
            "alpha://page/2",
            "beta://page/0"
        ]
    );

    for bad in [
        json!("nonsense"),
        json!("t9:"),
        json!("t0:"),
        json!("f999"),
        json!(5),
        json!("t1:77"),
    ] {
        let r = rpc(s.addr, &sid, "resources/list", json!({"cursor": bad})).await;
        assert_eq!(r["error"]["code"], -32602, "{bad}: {r}");
        assert!(
            r["error"]["message"].as_str().unwrap().contains("cursor"),
            "{r}"
        );
    }
    // The one-page lists gave no cursor, so any cursor is refused.
    for method in ["resources/templates/list", "prompts/list"] {
        let r = rpc(s.addr, &sid, method, json!({"cursor": "garbage"})).await;
        assert_eq!(r["error"]["code"], -32602, "{method}: {r}");
    }
}

#[tokio::test]
async fn resources_are_read_by_their_owner_through_the_callers_session() {
    let s = server().await;
    let sid = initialize(s.addr).await;
    let t = rpc(s.addr, &sid, "resources/templates/list", json!({})).await;
    assert_eq!(
        t["result"]["resourceTemplates"][0],
        json!({"uriTemplate": "alpha://page/{n}", "name": "page", "title": "A page",
               "description": "Page n", "mimeType": "text/plain"})
    );
    assert_eq!(
        t["result"]["resourceTemplates"][1]["uriTemplate"],
        "beta://page/{n}"
    );

    let r = rpc(
        s.addr,
        &sid,
        "resources/read",
        json!({"uri": "beta://page/7"}),
    )
    .await;
    assert_eq!(r["result"]["contents"][0]["uri"], "beta://page/7");
    assert_eq!(r["result"]["contents"][0]["mimeType"], "text/plain");
    let text = r["result"]["contents"][0]["text"].as_str().unwrap();
    assert!(
        text.starts_with("page 7: ") && text.contains("UserGlobals"),
        "{r}"
    );

    let r = rpc(
        s.addr,
        &sid,
        "resources/read",
        json!({"uri": "alpha://fixed/003"}),
    )
    .await;
    assert_eq!(
        r["result"]["contents"][0]["text"],
        "fixed resource alpha://fixed/003"
    );

    let r = rpc(
        s.addr,
        &sid,
        "resources/read",
        json!({"uri": "alpha://page/bin"}),
    )
    .await;
    assert_eq!(
        r["result"]["contents"][0],
        json!({"uri": "alpha://page/bin", "mimeType": "application/octet-stream",
               "blob": "AAEC/w=="})
    );

    for uri in ["nowhere://x", "alpha://page/missing", "alpha://page/"] {
        let r = rpc(s.addr, &sid, "resources/read", json!({"uri": uri})).await;
        assert_eq!(r["error"]["code"], -32002, "{uri}: {r}");
        assert_eq!(r["error"]["data"], json!({"uri": uri}));
        assert!(
            r["error"]["message"]
                .as_str()
                .unwrap()
                .starts_with("Resource not found")
        );
    }
    let r = rpc(s.addr, &sid, "resources/read", json!({"uri": 3})).await;
    assert_eq!(r["error"]["code"], -32602, "{r}");
}

#[tokio::test]
async fn at_revision_2026_07_28_an_unknown_resource_is_invalid_params() {
    let s = server().await;
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    });
    for (uri, code) in [("alpha://page/missing", -32602), ("alpha://page/7", 0)] {
        let body = json!({"jsonrpc": "2.0", "id": 4, "method": "resources/read",
                          "params": {"uri": uri, "_meta": meta}});
        let r = common::request(
            s.addr,
            "POST",
            &[
                ("Content-Type", "application/json"),
                ("Accept", "application/json, text/event-stream"),
                ("MCP-Protocol-Version", "2026-07-28"),
                ("Mcp-Method", "resources/read"),
                ("Mcp-Name", uri),
            ],
            &serde_json::to_vec(&body).unwrap(),
        )
        .await;
        assert_eq!(r.status, 200, "{uri}: {}", r.text());
        let v = r.json();
        if code == 0 {
            assert_eq!(v["result"]["contents"][0]["uri"], uri, "{v}");
        } else {
            assert_eq!(v["error"]["code"], code, "{uri}: {v}");
            assert_eq!(v["error"]["data"], json!({"uri": uri}));
        }
    }
}

#[tokio::test]
async fn prompts_are_listed_checked_and_filled_in() {
    let s = server().await;
    let sid = initialize(s.addr).await;
    let list = rpc(s.addr, &sid, "prompts/list", json!({})).await;
    assert_eq!(
        list["result"]["prompts"],
        json!([
            {"name": "alpha_greet", "description": "Greets",
             "arguments": [{"name": "who", "required": true}]},
            {"name": "beta_greet", "description": "Greets",
             "arguments": [{"name": "who", "required": true}]},
        ])
    );
    let got = rpc(
        s.addr,
        &sid,
        "prompts/get",
        json!({"name": "beta_greet", "arguments": {"who": "Ann"}}),
    )
    .await;
    assert_eq!(
        got["result"],
        json!({"description": "beta_greet for Ann", "messages": [
            {"role": "user", "content": {"type": "text", "text": "Greet Ann"}},
            {"role": "assistant", "content": {"type": "text", "text": "Hello"}},
        ]})
    );
    for (params, says) in [
        (json!({"name": "beta_greet"}), "needs the argument `who`"),
        (
            json!({"name": "beta_greet", "arguments": {"who": "x", "y": "z"}}),
            "no argument `y`",
        ),
        (
            json!({"name": "beta_greet", "arguments": {"who": 1}}),
            "must be a string",
        ),
        (
            json!({"name": "beta_greet", "arguments": {"who": "nobody"}}),
            "nobody is not there",
        ),
        (json!({"name": "gamma"}), "no prompt `gamma`"),
        (json!({}), "params.name"),
    ] {
        let r = rpc(s.addr, &sid, "prompts/get", params.clone()).await;
        assert_eq!(r["error"]["code"], -32602, "{params}: {r}");
        assert!(
            r["error"]["message"].as_str().unwrap().contains(says),
            "{params}: {r}"
        );
    }
}

#[tokio::test]
async fn completion_routes_by_reference_and_caps_values() {
    let s = server().await;
    let sid = initialize(s.addr).await;
    let r = rpc(
        s.addr,
        &sid,
        "completion/complete",
        json!({"ref": {"type": "ref/prompt", "name": "beta_greet"},
               "argument": {"name": "who", "value": "a"},
               "context": {"arguments": {"who": "ctx"}}}),
    )
    .await;
    let c = &r["result"]["completion"];
    assert_eq!(c["values"].as_array().unwrap().len(), 100, "{r}");
    assert_eq!(c["values"][0], "a0");
    assert_eq!(c["total"], 252);
    assert_eq!(c["hasMore"], true);

    let r = rpc(
        s.addr,
        &sid,
        "completion/complete",
        json!({"ref": {"type": "ref/resource", "uri": "alpha://page/{n}"},
               "argument": {"name": "n", "value": ""}}),
    )
    .await;
    assert_eq!(r["result"]["completion"]["total"], 252, "{r}");

    for params in [
        json!({"ref": {"type": "ref/prompt", "name": "gamma"}, "argument": {"name": "who", "value": ""}}),
        json!({"ref": {"type": "ref/resource", "uri": "alpha://page/1"}, "argument": {"name": "n", "value": ""}}),
        json!({"ref": {"type": "ref/prompt", "name": "beta_greet"}, "argument": {"name": "whom", "value": ""}}),
        json!({"ref": {"type": "ref/prompt", "name": "beta_greet"}, "argument": {"name": "who"}}),
        json!({"ref": {"type": "ref/tool", "name": "x"}, "argument": {"name": "who", "value": ""}}),
        json!({"argument": {"name": "who", "value": ""}}),
    ] {
        let r = rpc(s.addr, &sid, "completion/complete", params.clone()).await;
        assert_eq!(r["error"]["code"], -32602, "{params}: {r}");
    }
}
