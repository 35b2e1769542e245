//! The `acme_db` example toolset (plugins/acme_db) inside the real host,
//! against an embedded image with its Smalltalk application, `acme.gs`,
//! filed in: the answers its tools give, the grants they need, what a
//! read-only session sees, and how bad arguments are refused.

mod common;

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

use common::*;
use gs_toolset::{CallContext, ErrorKind, ToolError, ToolResult, Toolset};
use gs_toolset_host::{Grants, Limits, WasmToolset};
use serde_json::{Value, json};

/// The Acme application's Topaz source, shipped beside the plug-in.
const ACME_GS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../plugins/acme_db/acme.gs");

/// Every class acme.gs defines, sorted.
const ACME_CLASSES: [&str; 10] = [
    "AcmeCustomer",
    "AcmeError",
    "AcmeInventory",
    "AcmeInventoryTest",
    "AcmeOrder",
    "AcmeOrderLine",
    "AcmeOrderTest",
    "AcmeOutOfStock",
    "AcmeProduct",
    "AcmeStore",
];

/// Files acme.gs into `image` and commits, asserting it loaded cleanly.
fn file_in_acme(image: &gs_image::Image) {
    let mut session = image.session();
    let report = gs_image::filein::file_in_path(&mut session, Path::new(ACME_GS))
        .expect("acme.gs is readable");
    assert!(report.is_clean(), "acme.gs failures: {:?}", report.failures);
    session.commit().expect("the file-in commits");
}

/// A fresh image with the Acme application in it.
fn acme_image() -> TestImage {
    TestImage::prepared(file_in_acme)
}

/// The plug-in with the grants an operator gives it in the quick start.
fn acme() -> &'static WasmToolset {
    static T: OnceLock<WasmToolset> = OnceLock::new();
    T.get_or_init(|| {
        load(
            gs_test_plugins::ACME_DB,
            Grants::from_names(&["image:read", "image:execute"]).unwrap(),
            Limits::default(),
        )
    })
}

/// Calls `tool` on a new session of the plug-in.
fn call_acme(ctx: &CallContext, tool: &str, args: Value) -> ToolResult {
    let mut s = acme().open_session();
    s.call_value(tool, &args, ctx)
}

/// The structured content of a successful result.
fn structured(result: ToolResult) -> Value {
    match result {
        Ok(out) => out
            .structured
            .unwrap_or_else(|| panic!("no structured content in {:?}", out.content)),
        Err(e) => panic!("expected success, got {e}"),
    }
}

fn error(result: ToolResult) -> ToolError {
    match result {
        Ok(out) => panic!("expected an error, got {:?}", out.structured),
        Err(e) => e,
    }
}

#[test]
fn acme_gs_files_in_cleanly_and_again_without_duplicates() {
    // The quick start's file-in, into the embedded image whatever backend
    // serves the tools.
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("acme.image")).unwrap();
    file_in_acme(&image);
    let session = image.session();
    let first: Vec<String> = session
        .entries("Acme")
        .unwrap()
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(first, ACME_CLASSES);
    let order = session.class("AcmeOrder").unwrap();

    // A second load (the quick start files it in at every start) changes
    // nothing: one Acme dictionary, the same classes, the same definitions.
    file_in_acme(&image);
    let session = image.session();
    let second: Vec<String> = session
        .entries("Acme")
        .unwrap()
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(second, first);
    assert_eq!(
        session
            .symbol_list()
            .iter()
            .filter(|d| d.as_str() == "Acme")
            .count(),
        1
    );
    assert_eq!(session.class("AcmeOrder").unwrap(), order);
}

#[test]
fn the_applications_own_sunit_tests_pass() {
    let img = acme_image();
    let ctx = img.ctx(false);
    let mut s = hello().open_session();
    for class in ["AcmeOrderTest", "AcmeInventoryTest"] {
        let code = format!("{class} suite run printString");
        let out = text(&call(
            &mut *s,
            &ctx,
            "execute",
            &json!({ "code": code }).to_string(),
        ));
        assert!(out.ends_with("0 failures, 0 errors'"), "{class}: {out}");
    }
}

#[test]
fn schema_reports_every_acme_class_with_its_variables_and_comment() {
    let img = acme_image();
    let out = structured(call_acme(&img.ctx(false), "acme_schema", json!({})));
    assert_eq!(out["dictionary"], "Acme");
    let names: Vec<&str> = out["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ACME_CLASSES);

    let order = structured(call_acme(
        &img.ctx(false),
        "acme_schema",
        json!({"className": "AcmeOrder"}),
    ));
    let classes = order["classes"].as_array().unwrap();
    assert_eq!(classes.len(), 1);
    let c = &classes[0];
    assert_eq!(c["name"], "AcmeOrder");
    assert_eq!(c["superclass"], "Object");
    assert_eq!(c["category"], "Acme-Sales");
    assert_eq!(
        c["instanceVariables"],
        json!(["number", "customer", "lines", "status"])
    );
    assert!(
        c["comment"]
            .as_str()
            .unwrap()
            .starts_with("An AcmeOrder is what a customer asked for"),
        "{}",
        c["comment"]
    );
    let selectors: BTreeSet<&str> = c["instanceSelectors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    for s in [
        "totalCents",
        "discountCents",
        "shipFrom:",
        "addProduct:quantity:",
    ] {
        assert!(selectors.contains(s), "AcmeOrder lacks {s}: {selectors:?}");
    }
    assert_eq!(c["classSelectors"], json!(["number:customer:"]));

    let e = error(call_acme(
        &img.ctx(false),
        "acme_schema",
        json!({"className": "Object"}),
    ));
    assert_eq!(e.kind, ErrorKind::NotFound);
    assert!(
        e.message
            .starts_with("`Object` is not an Acme class; the Acme classes are AcmeCustomer, "),
        "{}",
        e.message
    );
}

#[test]
fn selector_usage_finds_implementors_and_sending_lines() {
    let img = acme_image();
    let out = structured(call_acme(
        &img.ctx(false),
        "acme_selector_usage",
        json!({"selector": "totalCents"}),
    ));
    assert_eq!(out["scope"], "acme");
    assert_eq!(
        out["implementors"],
        json!([
            {"className": "AcmeOrder", "meta": false},
            {"className": "AcmeOrderLine", "meta": false},
        ])
    );
    let senders = out["senders"].as_array().unwrap();
    let spent = senders
        .iter()
        .find(|s| s["className"] == "AcmeCustomer" && s["selector"] == "totalSpentCents")
        .unwrap_or_else(|| panic!("AcmeCustomer>>totalSpentCents sends totalCents: {out}"));
    assert_eq!(spent["meta"], false);
    assert_eq!(spent["line"], 4);
    assert_eq!(
        spent["text"],
        "inject: 0 into: [:sum :each | sum + each totalCents]"
    );
    let report = senders
        .iter()
        .find(|s| s["selector"] == "orderReportFor:")
        .unwrap_or_else(|| panic!("AcmeStore>>orderReportFor: sends totalCents: {out}"));
    assert_eq!(report["className"], "AcmeStore");
    assert_eq!(out["truncated"], false);

    // A keyword selector, and a class-side implementor.
    let out = structured(call_acme(
        &img.ctx(false),
        "acme_selector_usage",
        json!({"selector": "sku:requested:available:"}),
    ));
    assert_eq!(
        out["implementors"],
        json!([{"className": "AcmeOutOfStock", "meta": true}])
    );
    let senders: BTreeSet<String> = out["senders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            format!(
                "{}>>{}",
                s["className"].as_str().unwrap(),
                s["selector"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        senders,
        BTreeSet::from([
            "AcmeInventory>>reserve:quantity:".to_string(),
            "AcmeOrder>>shipFrom:".to_string(),
        ])
    );

    // Scope: printOn: is implemented by the kernel too, but only the Acme
    // implementors are reported unless the whole image is asked for.
    let acme_only = structured(call_acme(
        &img.ctx(false),
        "acme_selector_usage",
        json!({"selector": "printOn:"}),
    ));
    let all = structured(call_acme(
        &img.ctx(false),
        "acme_selector_usage",
        json!({"selector": "printOn:", "scope": "all"}),
    ));
    let classes = |v: &Value| -> BTreeSet<String> {
        v["implementors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["className"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        classes(&acme_only),
        BTreeSet::from(["AcmeCustomer", "AcmeOrder", "AcmeProduct"].map(String::from))
    );
    assert!(classes(&all).is_superset(&classes(&acme_only)));
    assert!(classes(&all).contains("Object"), "{all}");
}

#[test]
fn query_runs_the_customer_orders_report() {
    let img = acme_image();
    let out = structured(call_acme(
        &img.ctx(false),
        "acme_query",
        json!({"report": "customerOrders", "customer": "Wile E. Coyote"}),
    ));
    assert_eq!(
        out,
        json!({
            "report": "customerOrders",
            "customer": "Wile E. Coyote",
            "rows": [
                {"number": 1001, "status": "shipped", "totalCents": 14535, "lines": [
                    {"sku": "ANV-100", "quantity": 1, "totalCents": 12999},
                    {"sku": "SPR-LG", "quantity": 2, "totalCents": 3150},
                ]},
                {"number": 1002, "status": "open", "totalCents": 46935, "lines": [
                    {"sku": "RKT-SK", "quantity": 2, "totalCents": 49900},
                    {"sku": "BSD-1KG", "quantity": 5, "totalCents": 2250},
                ]},
            ],
        })
    );
}

#[test]
fn query_runs_the_stock_and_sales_reports() {
    let img = acme_image();
    let low = structured(call_acme(
        &img.ctx(false),
        "acme_query",
        json!({"report": "lowStock"}),
    ));
    assert_eq!(
        low,
        json!({
            "report": "lowStock",
            "threshold": 5,
            "rows": [
                {"sku": "ANV-100", "name": "Anvil, 100 lb", "onHand": 3},
                {"sku": "BSD-1KG", "name": "Bird seed, 1 kg", "onHand": 3},
                {"sku": "TNT-12", "name": "Dynamite, box of 12", "onHand": 0},
            ],
        })
    );
    let none = structured(call_acme(
        &img.ctx(false),
        "acme_query",
        json!({"report": "lowStock", "threshold": 0}),
    ));
    assert_eq!(none["rows"], json!([]));

    let sales = structured(call_acme(
        &img.ctx(false),
        "acme_query",
        json!({"report": "sales", "limit": 2}),
    ));
    assert_eq!(
        sales,
        json!({
            "report": "sales",
            "limit": 2,
            "rows": [
                {"sku": "RKT-SK", "name": "Rocket skates", "unitsSold": 2, "revenueCents": 49900},
                {"sku": "ANV-100", "name": "Anvil, 100 lb", "unitsSold": 1, "revenueCents": 12999},
            ],
        })
    );
}

#[test]
fn query_of_an_unknown_customer_is_not_found_even_with_quotes_in_the_name() {
    let img = acme_image();
    for name in ["Road Runner", "O'Hara", "x' , (Object new) printString , '"] {
        let e = error(call_acme(
            &img.ctx(false),
            "acme_query",
            json!({"report": "customerOrders", "customer": name}),
        ));
        assert_eq!(e.kind, ErrorKind::NotFound, "{name}: {}", e.message);
        assert_eq!(
            e.message,
            format!(
                "Acme has no customer named `{name}`; the `acme_schema` tool describes \
                 AcmeCustomer, and names are matched exactly"
            )
        );
    }
}

#[test]
fn an_image_without_acme_is_reported_with_the_file_in_command() {
    let img = TestImage::new();
    let e = error(call_acme(&img.ctx(false), "acme_schema", json!({})));
    assert_eq!(e.kind, ErrorKind::NotFound);
    assert_eq!(
        e.message,
        "this image has no `Acme` dictionary; file the application in first: \
         `gs-mcp image load --image <image> plugins/acme_db/acme.gs`"
    );
    let e = error(call_acme(
        &img.ctx(false),
        "acme_query",
        json!({"report": "sales"}),
    ));
    assert_eq!(e.kind, ErrorKind::NotFound, "{}", e.message);
    assert!(
        e.message
            .starts_with("the Acme application is not in this image")
            && e.message.ends_with("plugins/acme_db/acme.gs`"),
        "{}",
        e.message
    );
}

/// Each tool declares the grant it needs (`Tool::needs`): one the
/// operator did not give is left out, named with the grant it lacks,
/// rather than offered to fail at every call.
#[test]
fn a_tool_without_its_grant_is_left_out_naming_it() {
    let img = acme_image();
    let read_only_grant = load(
        gs_test_plugins::ACME_DB,
        Grants::from_names(&["image:read"]).unwrap(),
        Limits::default(),
    );
    let names = |t: &WasmToolset| -> Vec<String> {
        t.info().tools.iter().map(|t| t.name.clone()).collect()
    };
    assert_eq!(
        names(&read_only_grant),
        ["acme_schema", "acme_selector_usage"]
    );
    assert_eq!(
        read_only_grant.left_out(),
        [("acme_query".to_string(), vec!["image:execute".to_string()])]
    );
    // Reading works with image:read alone.
    let mut s = read_only_grant.open_session();
    assert!(
        s.call_value("acme_schema", &json!({}), &img.ctx(false))
            .is_ok()
    );

    let no_grants = load(
        gs_test_plugins::ACME_DB,
        Grants::default(),
        Limits::default(),
    );
    assert!(names(&no_grants).is_empty());
    assert_eq!(no_grants.left_out().len(), 3);
}

#[test]
fn the_orders_resource_needs_execute_and_is_left_out_without_it() {
    let orders = "acme://customers/{name}/orders";
    let templates = |t: &WasmToolset| -> Vec<String> {
        t.resource_templates()
            .iter()
            .map(|r| r.uri_template.clone())
            .collect()
    };
    assert_eq!(templates(acme()), [orders]);
    assert!(acme().offers_left_out().is_empty());
    let img = acme_image();
    let mut s = acme().open_session();
    let uri = "acme://customers/Wile%20E.%20Coyote/orders";
    let contents = runtime()
        .block_on(s.read_resource(uri, &img.ctx(false)))
        .unwrap();
    assert_eq!(contents.len(), 1);
    assert_eq!(contents[0].uri, uri);
    assert_eq!(contents[0].mime_type.as_deref(), Some("application/json"));
    let gs_toolset::ResourceBody::Text(text) = &contents[0].body else {
        panic!("text, not {:?}", contents[0].body);
    };
    let report: Value = serde_json::from_str(text).unwrap();
    assert_eq!(report["customer"], "Wile E. Coyote");
    assert_eq!(report["rows"][0]["number"], 1001);

    let without = load(
        gs_test_plugins::ACME_DB,
        Grants::from_names(&["image:read"]).unwrap(),
        Limits::default(),
    );
    assert!(templates(&without).is_empty());
    assert_eq!(
        without.offers_left_out(),
        [(
            gs_toolset_host::Offer::Template(orders.into()),
            vec!["image:execute".to_string()]
        )]
    );
}

#[test]
fn a_read_only_session_sees_only_the_read_only_safe_tools() {
    let t = acme();
    assert_eq!(
        visible(t, false),
        ["acme_schema", "acme_selector_usage", "acme_query"]
    );
    assert_eq!(visible(t, true), ["acme_schema", "acme_selector_usage"]);

    let img = acme_image();
    let ctx = img.ctx(true);
    assert!(call_acme(&ctx, "acme_schema", json!({})).is_ok());
    // Called past the session broker (which refuses it by name), the
    // hidden tool is still refused by the image.
    let e = error(call_acme(&ctx, "acme_query", json!({"report": "sales"})));
    assert_eq!(e.kind, ErrorKind::ReadOnly);
    assert!(
        e.message.starts_with("`execute` runs arbitrary code"),
        "{}",
        e.message
    );
}

/// Arguments the tool's schema — derived from its argument type — does not
/// admit (a missing or unknown property, a value outside the enum, below
/// a `minimum` or past a `maximum`, a string shorter than its
/// `minLength`) are refused by the host before the plug-in runs; the rest
/// by the plug-in's own checks.
#[test]
fn bad_arguments_are_invalid_params_naming_the_problem() {
    let img = acme_image();
    let ctx = img.ctx(false);
    let cases = [
        (
            "acme_query",
            json!({}),
            "`acme_query` needs the argument `report`",
        ),
        ("acme_query", json!({"report": "everything"}), "everything"),
        (
            "acme_query",
            json!({"report": "customerOrders"}),
            "needs `customer`",
        ),
        (
            "acme_query",
            json!({"report": "customerOrders", "customer": ""}),
            "argument `customer` of `acme_query` has 0 characters, fewer than the schema's \
             `minLength` of 1",
        ),
        (
            "acme_query",
            json!({"report": "sales", "limit": 101}),
            "argument `limit` of `acme_query` is 101, above the schema's `maximum` of 100",
        ),
        (
            "acme_query",
            json!({"report": "lowStock", "threshold": "five"}),
            "threshold",
        ),
        (
            "acme_query",
            json!({"report": "lowStock", "threshold": -1}),
            "argument `threshold` of `acme_query` is -1, below the schema's `minimum` of 0",
        ),
        (
            "acme_query",
            json!({"report": "sales", "limit": 0}),
            "argument `limit` of `acme_query` is 0, below the schema's `minimum` of 1",
        ),
        (
            "acme_query",
            json!({"report": "sales", "where": "x"}),
            "where",
        ),
        (
            "acme_selector_usage",
            json!({"selector": "1abc"}),
            "not a selector",
        ),
        (
            "acme_selector_usage",
            json!({"selector": "reserve:quantity"}),
            "not a selector",
        ),
        (
            "acme_selector_usage",
            json!({"selector": "total", "scope": "galaxy"}),
            "galaxy",
        ),
        ("acme_schema", json!({"className": 7}), "className"),
    ];
    for (tool, args, needle) in cases {
        let e = error(call_acme(&ctx, tool, args.clone()));
        assert_eq!(
            e.kind,
            ErrorKind::InvalidParams,
            "{tool} {args}: {}",
            e.message
        );
        assert!(
            e.message.contains(needle),
            "{tool} {args}: `{}` does not mention `{needle}`",
            e.message
        );
    }
}

/// `acme_db` as a vendor shipped it against `gemstone:mcp@0.1.0`
/// (committed, never rebuilt: `host/test-plugins/fixtures/README.md`)
/// loads on today's host and answers its reports as today's build does.
#[test]
fn the_build_against_0_1_0_answers_as_today_s() {
    let bytes = std::fs::read(gs_test_plugins::ACME_DB_0_1_0).unwrap();
    let has = |s: &str| bytes.windows(s.len()).any(|w| w == s.as_bytes());
    assert!(has("gemstone:mcp/image@0.1.0"));
    assert!(!has("@0.1.1"), "the fixture must be the 0.1.0 build");
    let old = load(
        gs_test_plugins::ACME_DB_0_1_0,
        Grants::from_names(&["image:read", "image:execute"]).unwrap(),
        Limits::default(),
    );
    let names = |t: &WasmToolset| -> Vec<String> {
        t.info().tools.iter().map(|d| d.name.clone()).collect()
    };
    assert_eq!(names(&old), names(acme()));
    let img = acme_image();
    let calls = [
        ("acme_schema", json!({})),
        (
            "acme_query",
            json!({"report": "customerOrders", "customer": "Wile E. Coyote"}),
        ),
        ("acme_query", json!({"report": "lowStock"})),
        ("acme_query", json!({"report": "sales"})),
        (
            "acme_query",
            json!({"report": "customerOrders", "customer": "Nobody"}),
        ),
    ];
    for (tool, args) in calls {
        let then = old.open_session().call_value(tool, &args, &img.ctx(false));
        let now = call_acme(&img.ctx(false), tool, args.clone());
        match (then, now) {
            (Ok(a), Ok(b)) => assert_eq!(a.structured, b.structured, "{tool} {args}"),
            (Err(a), Err(b)) => {
                assert_eq!((a.kind, a.message), (b.kind, b.message), "{tool} {args}")
            }
            (a, b) => panic!("{tool} {args}: the 0.1.0 build {a:?}, today's {b:?}"),
        }
    }
}
