//! Resources, prompts and completion of the built-in toolset, as a client
//! sees them: the `gs-mcp` binary serving a real embedded image over HTTP
//! on loopback.

mod common;

use std::io::Read;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use common::Running;
use common::streams::{listen, open_stream, read_until, rpc, session, tool};
use serde_json::{Value, json};

fn start(dir: &Path) -> (Running, SocketAddr) {
    start_with(dir, "")
}

/// The server with `http` (lines of its `[http]` table).
fn start_with(dir: &Path, http: &str) -> (Running, SocketAddr) {
    let cfg = dir.join("toolsets.toml");
    std::fs::write(
        &cfg,
        format!("[http]\n{http}\n[[toolset]]\nbuiltin = true\n"),
    )
    .unwrap();
    let image = dir.join("res.gsimage");
    let (server, addr, _) = common::serve(dir, &cfg, &[], &["--image", image.to_str().unwrap()]);
    (server, addr)
}

#[test]
fn classes_and_methods_are_resources_listed_in_pages_and_read_in_the_callers_view() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = start(dir.path());
    let (a, init) = session(addr);
    let caps = &init["result"]["capabilities"];
    assert_eq!(
        caps["resources"],
        json!({"subscribe": true, "listChanged": true})
    );
    assert_eq!(caps["prompts"], json!({"listChanged": false}));
    assert_eq!(caps["completions"], json!({}));

    // The templates, in MCP's shape.
    let t = rpc(addr, &a, "resources/templates/list", json!({}));
    let templates = t["result"]["resourceTemplates"].as_array().unwrap();
    let uris: Vec<&str> = templates
        .iter()
        .map(|t| t["uriTemplate"].as_str().unwrap())
        .collect();
    assert_eq!(
        uris,
        [
            "gemstone://class/{className}",
            "gemstone://method/{className}/{side}/{selector}"
        ]
    );
    assert_eq!(templates[1]["mimeType"], "text/x-smalltalk");

    // Every class, one per resource, 100 to a page, across page boundaries.
    let mut names = Vec::new();
    let mut cursor: Option<String> = None;
    let mut pages = 0;
    loop {
        let params = match &cursor {
            Some(c) => json!({"cursor": c}),
            None => json!({}),
        };
        let page = rpc(addr, &a, "resources/list", params);
        let resources = page["result"]["resources"].as_array().unwrap();
        assert!(resources.len() <= 100, "{}", resources.len());
        for r in resources {
            let name = r["name"].as_str().unwrap().to_string();
            assert_eq!(r["uri"], format!("gemstone://class/{name}"));
            assert_eq!(r["mimeType"], "text/plain");
            names.push(name);
        }
        pages += 1;
        match page["result"]["nextCursor"].as_str() {
            Some(c) => cursor = Some(c.to_string()),
            None => break,
        }
    }
    assert!(pages >= 2, "the kernel's classes fill more than one page");
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        names, sorted,
        "sorted, each class once, none lost at a boundary"
    );
    assert!(names.iter().any(|n| n == "OrderedCollection"));

    // A cursor the server never gave is -32602.
    let bad = rpc(addr, &a, "resources/list", json!({"cursor": "t0:nonsense"}));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    let bad = rpc(addr, &a, "resources/list", json!({"cursor": "zz"}));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");

    // A class: its definition, comment and methods by side and category.
    let read = rpc(
        addr,
        &a,
        "resources/read",
        json!({"uri": "gemstone://class/OrderedCollection"}),
    );
    let contents = &read["result"]["contents"][0];
    assert_eq!(contents["uri"], "gemstone://class/OrderedCollection");
    assert_eq!(contents["mimeType"], "text/plain");
    let text = contents["text"].as_str().unwrap();
    assert!(text.contains("subclass: 'OrderedCollection'"), "{text}");
    assert!(text.contains("\"instance side\""), "{text}");
    assert!(text.contains("\"class side\""), "{text}");

    // A method, found through completion of the class's selectors.
    let c = rpc(
        addr,
        &a,
        "completion/complete",
        json!({"ref": {"type": "ref/resource",
                       "uri": "gemstone://method/{className}/{side}/{selector}"},
               "argument": {"name": "selector", "value": "ADD"},
               "context": {"arguments": {"className": "OrderedCollection", "side": "instance"}}}),
    );
    let values = c["result"]["completion"]["values"].as_array().unwrap();
    assert!(values.iter().any(|v| v == "add:"), "{c}");
    assert!(
        values
            .iter()
            .all(|v| v.as_str().unwrap().to_lowercase().starts_with("add")),
        "{c}"
    );
    let read = rpc(
        addr,
        &a,
        "resources/read",
        json!({"uri": "gemstone://method/OrderedCollection/instance/add%3A"}),
    );
    let contents = &read["result"]["contents"][0];
    assert_eq!(contents["mimeType"], "text/x-smalltalk", "{read}");
    assert!(
        contents["text"].as_str().unwrap().starts_with("add:"),
        "{read}"
    );

    // Not found, in the protocol's own form.
    for uri in [
        "gemstone://class/NoSuchClass",
        "gemstone://method/OrderedCollection/instance/noSuchSelector",
        "gemstone://method/OrderedCollection/sideways/add%3A",
        "other://thing",
    ] {
        let r = rpc(addr, &a, "resources/read", json!({"uri": uri}));
        assert_eq!(r["error"]["code"], -32002, "{uri}: {r}");
        assert_eq!(r["error"]["data"]["uri"], uri, "{r}");
    }

    // A class defined and not committed is a resource in its own session
    // only; after the commit, another session sees it too.
    let (b, _) = session(addr);
    tool(
        addr,
        &a,
        "execute_code",
        json!({"code": "Object subclass: 'Widget' instVarNames: #(size) classVars: #() \
                         classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals \
                         options: #()"}),
    );
    let mine = rpc(
        addr,
        &a,
        "resources/read",
        json!({"uri": "gemstone://class/Widget"}),
    );
    assert!(
        mine["result"]["contents"][0]["text"]
            .as_str()
            .unwrap()
            .contains("Widget"),
        "{mine}"
    );
    let theirs = rpc(
        addr,
        &b,
        "resources/read",
        json!({"uri": "gemstone://class/Widget"}),
    );
    assert_eq!(theirs["error"]["code"], -32002, "{theirs}");
    tool(addr, &a, "commit", json!({}));
    tool(addr, &b, "abort", json!({}));
    let theirs = rpc(
        addr,
        &b,
        "resources/read",
        json!({"uri": "gemstone://class/Widget"}),
    );
    assert!(theirs["result"]["contents"].is_array(), "{theirs}");
}

#[test]
fn prompts_embed_the_image_and_completion_is_capped() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = start(dir.path());
    let (s, _) = session(addr);

    let list = rpc(addr, &s, "prompts/list", json!({}));
    let prompts = list["result"]["prompts"].as_array().unwrap();
    let review = prompts
        .iter()
        .find(|p| p["name"] == "review_method")
        .unwrap_or_else(|| panic!("{list}"));
    assert_eq!(
        review["arguments"][1],
        json!({"name": "selector", "description": "The method's selector, e.g. add:",
               "required": true})
    );
    assert_eq!(review["arguments"][2]["required"], false);

    // With its arguments: the real class text, embedded.
    let got = rpc(
        addr,
        &s,
        "prompts/get",
        json!({"name": "explain_class", "arguments": {"className": "OrderedCollection"}}),
    );
    let messages = got["result"]["messages"].as_array().unwrap();
    assert_eq!(messages[0]["role"], "user");
    assert_eq!(messages[0]["content"]["type"], "text");
    assert_eq!(messages[1]["content"]["type"], "resource");
    assert_eq!(
        messages[1]["content"]["resource"]["uri"],
        "gemstone://class/OrderedCollection"
    );
    assert!(
        messages[1]["content"]["resource"]["text"]
            .as_str()
            .unwrap()
            .contains("subclass: 'OrderedCollection'"),
        "{got}"
    );
    let got = rpc(
        addr,
        &s,
        "prompts/get",
        json!({"name": "review_method",
               "arguments": {"className": "OrderedCollection", "selector": "add:"}}),
    );
    let messages = got["result"]["messages"].as_array().unwrap();
    assert!(
        messages[0]["content"]["text"]
            .as_str()
            .unwrap()
            .contains("Senders of #add:"),
        "{got}"
    );
    assert_eq!(
        messages[1]["content"]["resource"]["mimeType"],
        "text/x-smalltalk"
    );

    // Without a required argument, with an unknown one, for an unknown
    // class or prompt: -32602 saying what is wrong.
    for (params, says) in [
        (
            json!({"name": "explain_class"}),
            "needs the argument `className`",
        ),
        (
            json!({"name": "explain_class", "arguments": {"className": "X", "extra": "1"}}),
            "takes no argument `extra`",
        ),
        (
            json!({"name": "explain_class", "arguments": {"className": "NoSuchClass"}}),
            "NoSuchClass",
        ),
        (
            json!({"name": "explain_class", "arguments": {"className": 3}}),
            "must be a string",
        ),
        (
            json!({"name": "no_such_prompt"}),
            "no prompt `no_such_prompt`",
        ),
    ] {
        let r = rpc(addr, &s, "prompts/get", params.clone());
        assert_eq!(r["error"]["code"], -32602, "{params}: {r}");
        let message = r["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{params}: {message}");
    }

    // Class names: all of them capped at 100, with the true total.
    let c = rpc(
        addr,
        &s,
        "completion/complete",
        json!({"ref": {"type": "ref/prompt", "name": "explain_class"},
               "argument": {"name": "className", "value": ""}}),
    );
    let completion = &c["result"]["completion"];
    assert_eq!(completion["values"].as_array().unwrap().len(), 100, "{c}");
    assert!(completion["total"].as_u64().unwrap() > 100, "{c}");
    assert_eq!(completion["hasMore"], true);
    // A prefix, in any case: sorted, every value matching.
    let c = rpc(
        addr,
        &s,
        "completion/complete",
        json!({"ref": {"type": "ref/resource", "uri": "gemstone://class/{className}"},
               "argument": {"name": "className", "value": "orderedc"}}),
    );
    assert_eq!(
        c["result"]["completion"],
        json!({"values": ["OrderedCollection"], "total": 1, "hasMore": false}),
        "{c}"
    );
    let c = rpc(
        addr,
        &s,
        "completion/complete",
        json!({"ref": {"type": "ref/prompt", "name": "review_method"},
               "argument": {"name": "side", "value": "c"}}),
    );
    assert_eq!(c["result"]["completion"]["values"], json!(["class"]));
    let c = rpc(
        addr,
        &s,
        "completion/complete",
        json!({"ref": {"type": "ref/prompt", "name": "survey_dictionary"},
               "argument": {"name": "dictionaryName", "value": "user"}}),
    );
    assert_eq!(
        c["result"]["completion"]["values"],
        json!(["UserGlobals"]),
        "{c}"
    );
    // An unknown reference or argument is -32602.
    for params in [
        json!({"ref": {"type": "ref/prompt", "name": "nope"},
               "argument": {"name": "className", "value": ""}}),
        json!({"ref": {"type": "ref/resource", "uri": "gemstone://nope/{x}"},
               "argument": {"name": "x", "value": ""}}),
        json!({"ref": {"type": "ref/prompt", "name": "explain_class"},
               "argument": {"name": "colour", "value": ""}}),
        json!({"ref": {"type": "ref/other"}, "argument": {"name": "x", "value": ""}}),
    ] {
        let r = rpc(addr, &s, "completion/complete", params.clone());
        assert_eq!(r["error"]["code"], -32602, "{params}: {r}");
    }
}

#[test]
fn subscribers_are_told_when_another_session_commits_a_change() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = start(dir.path());
    let (watcher, _) = session(addr);
    let (changer, _) = session(addr);
    let mut stream = open_stream(addr, &watcher);
    let mut seen = String::new();
    for uri in [
        "gemstone://class/Gadget",
        "gemstone://method/Gadget/instance/size",
    ] {
        let r = rpc(addr, &watcher, "resources/subscribe", json!({"uri": uri}));
        assert_eq!(r["result"], json!({}), "{r}");
    }

    // A class comes into the image: the class list changed, and so did the
    // subscribed class.
    tool(
        addr,
        &changer,
        "execute_code",
        json!({"code": "Object subclass: 'Gadget' instVarNames: #(size) classVars: #() \
                         classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals \
                         options: #()"}),
    );
    tool(addr, &changer, "commit", json!({}));
    read_until(
        &mut stream,
        &mut seen,
        "notifications/resources/list_changed",
        1,
    );
    read_until(
        &mut stream,
        &mut seen,
        r#""uri":"gemstone://class/Gadget""#,
        1,
    );

    // A method of it: its resource and its class's.
    tool(
        addr,
        &changer,
        "compile_method",
        json!({"className": "Gadget", "source": "size ^size"}),
    );
    tool(addr, &changer, "commit", json!({}));
    read_until(
        &mut stream,
        &mut seen,
        r#""uri":"gemstone://method/Gadget/instance/size""#,
        1,
    );
    read_until(
        &mut stream,
        &mut seen,
        r#""uri":"gemstone://class/Gadget""#,
        2,
    );

    // Unsubscribed from the method, the watcher hears of the class only.
    rpc(
        addr,
        &watcher,
        "resources/unsubscribe",
        json!({"uri": "gemstone://method/Gadget/instance/size"}),
    );
    tool(
        addr,
        &changer,
        "compile_method",
        json!({"className": "Gadget", "source": "size ^size + 1"}),
    );
    tool(addr, &changer, "commit", json!({}));
    read_until(
        &mut stream,
        &mut seen,
        r#""uri":"gemstone://class/Gadget""#,
        3,
    );
    std::thread::sleep(Duration::from_millis(300));
    let mut buf = [0u8; 4096];
    if let Ok(n) = stream.read(&mut buf) {
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    assert_eq!(
        seen.matches(r#""uri":"gemstone://method/Gadget/instance/size""#)
            .count(),
        1,
        "{seen}"
    );
    // One list change only: no class came or went since.
    assert_eq!(
        seen.matches("notifications/resources/list_changed").count(),
        1
    );
}

#[test]
fn a_session_subscribes_to_at_most_its_cap() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = start(dir.path());
    let (a, _) = session(addr);
    for i in 0..gs_router::MAX_SUBSCRIPTIONS {
        let uri = format!("gemstone://class/C{i}");
        let r = rpc(addr, &a, "resources/subscribe", json!({"uri": uri}));
        assert_eq!(r["result"], json!({}), "{r}");
    }
    let r = rpc(
        addr,
        &a,
        "resources/subscribe",
        json!({"uri": "gemstone://class/OneTooMany"}),
    );
    assert_eq!(r["error"]["code"], -32602, "{r}");
    // Subscribing again to one it holds is no new subscription.
    let r = rpc(
        addr,
        &a,
        "resources/subscribe",
        json!({"uri": "gemstone://class/C0"}),
    );
    assert_eq!(r["result"], json!({}), "{r}");
    let r = rpc(addr, &a, "resources/subscribe", json!({"uri": 7}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
}

/// `gemstone://class/C` and two digits: 20 bytes, counted as 84 with its
/// entry against `http.total_subscription_bytes`.
fn class_uri(i: usize) -> String {
    format!("gemstone://class/C{i:02}")
}

/// `resources/subscribe` of `uri` in session `sid`: the answer.
fn subscribe(addr: SocketAddr, sid: &str, uri: impl Into<Value>) -> Value {
    rpc(addr, sid, "resources/subscribe", json!({"uri": uri.into()}))
}

/// Reads a listen stream until it is acknowledged or refused: the text.
fn listen_outcome(mut stream: std::net::TcpStream) -> String {
    let mut seen = String::new();
    let started = std::time::Instant::now();
    let mut buf = [0u8; 4096];
    while !(seen.contains("acknowledged") || seen.contains("\"error\"")) {
        assert!(started.elapsed() < Duration::from_secs(10), "{seen}");
        if let Ok(n) = stream.read(&mut buf) {
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    }
    seen
}

/// What subscriptions hold is bounded whoever holds it: a URI has at most
/// 2048 bytes, and the subscriptions of sessions and of listen streams
/// together hold at most `http.total_subscription_bytes`. Before, a
/// session could hold 1,000 URIs of up to a request body's 4 MiB each,
/// and a thousand sessions or streams as many, enough memory for the
/// system to end the server.
#[test]
fn subscriptions_together_hold_at_most_the_server_s_total() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = start_with(dir.path(), "total_subscription_bytes = 1000");
    let (a, _) = session(addr);
    for i in 0..11 {
        let r = subscribe(addr, &a, class_uri(i));
        assert_eq!(r["result"], json!({}), "{i}: {r}");
    }
    let full = subscribe(addr, &a, class_uri(11));
    assert_eq!(full["error"]["code"], -32603, "{full}");
    assert!(
        full["error"]["message"]
            .as_str()
            .unwrap()
            .contains("maximum of 1000 bytes of URIs; retry once some have ended (the operator can raise http.total_subscription_bytes)"),
        "{full}"
    );
    let long = format!("gemstone://class/{}", "W".repeat(2049 - 17));
    let r = subscribe(addr, &a, long);
    assert_eq!(r["error"]["code"], -32602, "{r}");
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("params.uri is 2049 bytes; a subscribed URI has 1 to 2048"),
        "{r}"
    );

    // A listen stream draws on the same total.
    let widget = json!({"resourceSubscriptions": ["gemstone://class/Widget"]});
    let refused = listen_outcome(listen(addr, 50, widget.clone()));
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(refused.contains("retry-after: 5"), "{refused}");
    assert!(
        refused.contains("Service Unavailable: the server's subscriptions together hold"),
        "{refused}"
    );
    // An unsubscribe gives its share back.
    let r = rpc(
        addr,
        &a,
        "resources/unsubscribe",
        json!({"uri": class_uri(0)}),
    );
    assert_eq!(r["result"], json!({}), "{r}");
    let mut stream = listen(addr, 51, widget);
    let mut acknowledged = String::new();
    read_until(&mut stream, &mut acknowledged, "acknowledged", 1);
    let r = subscribe(addr, &a, class_uri(0));
    assert_eq!(r["error"]["code"], -32603, "the stream holds the room: {r}");

    // So does a stream's end.
    drop(stream);
    let started = std::time::Instant::now();
    loop {
        let r = subscribe(addr, &a, class_uri(0));
        if r["result"] == json!({}) {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "{r}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// One caller holds at most `http.max_sessions_per_caller` listen streams,
/// as it holds at most that many sessions; before, one caller could hold
/// every stream the server allows.
#[test]
fn a_caller_holds_at_most_its_cap_of_listen_streams() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = start_with(dir.path(), "max_sessions_per_caller = 2");
    let filter = json!({"resourcesListChanged": true});
    let first = listen(addr, 60, filter.clone());
    let second = listen(addr, 61, filter.clone());
    let mut streams = Vec::new();
    for mut stream in [first, second] {
        let mut seen = String::new();
        read_until(&mut stream, &mut seen, "acknowledged", 1);
        streams.push(stream);
    }
    let refused = listen_outcome(listen(addr, 62, filter.clone()));
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    assert!(
        refused
            .contains("Too Many Requests: this caller holds its maximum of 2 subscription streams"),
        "{refused}"
    );
    drop(streams.pop());
    let started = std::time::Instant::now();
    while !listen_outcome(listen(addr, 63, filter.clone())).contains("acknowledged") {
        assert!(started.elapsed() < Duration::from_secs(10));
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// At 2026-07-28 a client listens instead of subscribing: the stream is
/// acknowledged with what the server honours (resource updates and the
/// class list; never the fixed tool and prompt lists), then carries each
/// commit's changes it asked for, every message naming its subscription;
/// closing the stream ends the subscription.
#[test]
fn a_stateless_listener_hears_of_the_changes_it_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, addr) = start(dir.path());
    let mut stream = listen(
        addr,
        41,
        json!({"toolsListChanged": true, "resourcesListChanged": true,
               "resourceSubscriptions": ["gemstone://class/Widget"]}),
    );
    let mut seen = String::new();
    read_until(
        &mut stream,
        &mut seen,
        "notifications/subscriptions/acknowledged",
        1,
    );
    let ack_line = seen
        .lines()
        .find(|l| l.starts_with("data:") && l.contains("acknowledged"))
        .unwrap();
    let ack: Value = serde_json::from_str(ack_line.trim_start_matches("data:").trim()).unwrap();
    assert_eq!(
        ack["params"],
        json!({"_meta": {"io.modelcontextprotocol/subscriptionId": 41},
               "notifications": {"resourcesListChanged": true,
                                 "resourceSubscriptions": ["gemstone://class/Widget"]}})
    );
    let narrow = listen(
        addr,
        42,
        json!({"resourceSubscriptions": ["gemstone://class/Other"]}),
    );

    let (changer, _) = session(addr);
    tool(
        addr,
        &changer,
        "execute_code",
        json!({"code": "Object subclass: 'Widget' instVarNames: #() classVars: #() \
                         classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals \
                         options: #()"}),
    );
    tool(addr, &changer, "commit", json!({}));
    read_until(
        &mut stream,
        &mut seen,
        "notifications/resources/list_changed",
        1,
    );
    read_until(
        &mut stream,
        &mut seen,
        r#""uri":"gemstone://class/Widget""#,
        1,
    );
    let updated = seen
        .lines()
        .find(|l| l.contains("notifications/resources/updated"))
        .unwrap();
    let updated: Value = serde_json::from_str(updated.trim_start_matches("data:").trim()).unwrap();
    assert_eq!(
        updated["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"],
        41
    );
    assert!(!seen.contains("tools/list_changed"), "{seen}");

    // The other stream asked for neither.
    let mut narrow = narrow;
    let mut quiet = String::new();
    read_until(&mut narrow, &mut quiet, "acknowledged", 1);
    std::thread::sleep(Duration::from_millis(300));
    let mut buf = [0u8; 4096];
    if let Ok(n) = narrow.read(&mut buf) {
        quiet.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    assert!(!quiet.contains("notifications/resources/"), "{quiet}");

    // A filter that is not one is refused.
    let body = json!({"jsonrpc": "2.0", "id": 43, "method": "subscriptions/listen", "params": {
        "notifications": {"resourceSubscriptions": "gemstone://class/Widget"},
        "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                  "io.modelcontextprotocol/clientCapabilities": {}}}});
    let mut bad = listen(addr, 43, body["params"]["notifications"].clone());
    let mut refused = String::new();
    read_until(&mut bad, &mut refused, "-32602", 1);
    assert!(
        refused.contains("resourceSubscriptions must be a list of URIs"),
        "{refused}"
    );
}

/// A plug-in's offer that needs a grant to run code (acme_db's orders
/// template, `image:execute`) is listed, read and completed in a
/// read-write session, and in a read-only server's sessions is offered no
/// more than the tools that could change the image are: not listed, not
/// read, not completed.
#[test]
fn an_offer_needing_execute_is_hidden_from_a_read_only_session() {
    let orders = "acme://customers/{name}/orders";
    for read_only in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let cfg = dir.path().join("toolsets.toml");
        std::fs::write(
            &cfg,
            format!(
                "read_only = {read_only}\n[[toolset]]\nbuiltin = true\n[[toolset]]\npath = {:?}\n\
                 grants = [\"image:read\", \"image:execute\"]\n",
                gs_test_plugins::ACME_DB
            ),
        )
        .unwrap();
        let image = dir.path().join("acme.gsimage");
        let (_server, addr, _) =
            common::serve(dir.path(), &cfg, &[], &["--image", image.to_str().unwrap()]);
        let (sid, _) = session(addr);
        let t = rpc(addr, &sid, "resources/templates/list", json!({}));
        let listed = t["result"]["resourceTemplates"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["uriTemplate"] == orders);
        assert_eq!(listed, !read_only, "{t}");
        let read = rpc(
            addr,
            &sid,
            "resources/read",
            json!({"uri": "acme://customers/Nobody/orders"}),
        );
        // Not found either way, as this image has no Acme application; but
        // only where it is offered does the read reach the toolset, which
        // says so.
        assert_eq!(read["error"]["code"], -32002, "{read}");
        let reached = read["error"]["message"]
            .as_str()
            .unwrap()
            .contains("the Acme application is not in this image");
        assert_eq!(reached, !read_only, "{read}");
        let complete = rpc(
            addr,
            &sid,
            "completion/complete",
            json!({"ref": {"type": "ref/resource", "uri": orders},
                   "argument": {"name": "name", "value": "W"}}),
        );
        assert_eq!(
            complete.get("error").is_some(),
            read_only,
            "read-only {read_only}: {complete}"
        );
    }
}
