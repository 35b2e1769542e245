//! `acme_db`: the toolset a vendor ships beside its GemStone application.
//!
//! Acme is a fictional order and inventory application whose Smalltalk code
//! is `acme.gs`, next to this crate, in its own symbol dictionary `Acme`.
//! The toolset gives an AI agent three views of it:
//!
//! - `acme_schema` (read-only-safe, `image:read`): the application's
//!   classes with their superclass, variables, comment and selectors;
//! - `acme_selector_usage` (read-only-safe, `image:read`): where a domain
//!   selector is implemented and where it is sent, with the sending line;
//! - `acme_query` (`image:execute`): one of a fixed set of reports, run as
//!   Smalltalk over the Acme objects and answered as structured rows.
//!
//! and one resource template, `acme://customers/{name}/orders`: the
//! `customerOrders` report of one customer as a JSON resource. It declares
//! that it needs `image:execute` (`ResourceTemplate::needs`), so a server
//! whose operator did not grant that leaves it out rather than list a
//! resource every read of which would fail.
//!
//! The query tool never runs text a client wrote: each report is a fixed
//! expression whose only parameters are a quoted string literal and
//! integers the tool has checked, so the `image:execute` grant cannot be
//! turned into arbitrary code execution through this toolset.

use std::collections::BTreeSet;

use gs_mcp_sdk::{
    Contents, Error, ErrorKind, ResourceTemplate, Tool, Toolset, Values, execution, image,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The symbol dictionary the Acme classes live in.
const DICTIONARY: &str = "Acme";

/// Said whenever the Acme code is missing from the image.
const FILE_IN_HINT: &str = "file the application in first: \
     `gs-mcp image load --image <image> plugins/acme_db/acme.gs`";

/// The longest customer name a query accepts.
const MAX_NAME: usize = 200;

// Each tool's arguments and result are one Rust type each: the schemas the
// tools declare are derived from them (Tool::typed), doc comments as
// descriptions, and enforced by the SDK and the host.

/// The arguments of `acme_schema`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct SchemaArgs {
    /// One Acme class, e.g. AcmeOrder; all when absent
    class_name: Option<String>,
}

/// The Acme classes, described.
#[derive(Serialize, JsonSchema)]
struct SchemaOut {
    /// The symbol dictionary they live in.
    dictionary: String,
    classes: Vec<ClassOut>,
}

/// One Acme class.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ClassOut {
    name: String,
    superclass: Option<String>,
    category: Option<String>,
    comment: String,
    instance_variables: Vec<String>,
    class_variables: Vec<String>,
    class_instance_variables: Vec<String>,
    instance_selectors: Vec<String>,
    class_selectors: Vec<String>,
}

/// Where `acme_selector_usage` looks.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Scope {
    /// Only the Acme classes
    Acme,
    /// The whole image
    All,
}

/// The arguments of `acme_selector_usage`.
#[derive(Deserialize, JsonSchema)]
struct UsageArgs {
    /// E.g. totalCents or reserve:quantity:
    selector: String,
    /// Where to look; acme by default
    scope: Option<Scope>,
}

/// Where a selector is implemented and sent.
#[derive(Serialize, JsonSchema)]
struct UsageOut {
    selector: String,
    scope: Scope,
    implementors: Vec<Implementor>,
    senders: Vec<Sender>,
    /// Whether the image's answer was cut short.
    truncated: bool,
}

/// A method implementing the selector.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Implementor {
    class_name: String,
    /// Whether on the class side.
    meta: bool,
}

/// A method sending the selector, with the line that sends it.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Sender {
    class_name: String,
    meta: bool,
    selector: String,
    /// The sending line's number in the method, 1-based.
    line: Option<u64>,
    /// The sending line.
    text: Option<String>,
}

/// The reports `acme_query` runs.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
enum Report {
    /// A customer's orders with their lines and totals
    CustomerOrders,
    /// Products with fewer than `threshold` units on hand
    LowStock,
    /// Products by revenue, best first
    Sales,
}

/// The arguments of `acme_query`.
#[derive(Deserialize, JsonSchema)]
struct QueryArgs {
    report: Report,
    /// customerOrders: the customer's exact name
    #[schemars(length(min = 1, max = 200))]
    customer: Option<String>,
    /// lowStock: units below which a product is listed
    #[schemars(range(min = 0, max = 1_000_000))]
    threshold: Option<i64>,
    /// sales: how many products to list
    #[schemars(range(min = 1, max = 100))]
    limit: Option<i64>,
}

/// A report's rows and the parameters it ran with.
#[derive(Serialize, JsonSchema)]
struct QueryOut {
    report: Report,
    #[serde(skip_serializing_if = "Option::is_none")]
    customer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    threshold: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<i64>,
    rows: Vec<Row>,
}

/// One row of a report, of the report's kind.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
enum Row {
    Order(OrderRow),
    Stock(StockRow),
    Sale(SaleRow),
}

/// An order of `customerOrders`. Money is in cents.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct OrderRow {
    number: i64,
    status: String,
    total_cents: i64,
    lines: Vec<OrderLine>,
}

/// A line of an order.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct OrderLine {
    sku: String,
    quantity: i64,
    total_cents: i64,
}

/// A product of `lowStock`.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct StockRow {
    sku: String,
    name: String,
    on_hand: i64,
}

/// A product of `sales`.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct SaleRow {
    sku: String,
    name: String,
    units_sold: i64,
    revenue_cents: i64,
}

/// The classes of the Acme dictionary, or `notFound` with the file-in hint.
fn acme_classes() -> Result<Vec<String>, Error> {
    match image::classes(DICTIONARY) {
        Ok(classes) => Ok(classes),
        Err(e) if e.kind == ErrorKind::NotFound => Err(Error::not_found(format!(
            "this image has no `{DICTIONARY}` dictionary; {FILE_IN_HINT}"
        ))),
        Err(e) => Err(e),
    }
}

fn schema(args: SchemaArgs) -> Result<SchemaOut, Error> {
    let classes = acme_classes()?;
    let wanted: Vec<String> = match args.class_name {
        Some(name) if classes.contains(&name) => vec![name],
        Some(name) => {
            return Err(Error::not_found(format!(
                "`{name}` is not an Acme class; the Acme classes are {}",
                classes.join(", ")
            )));
        }
        None => classes,
    };
    let mut out = Vec::with_capacity(wanted.len());
    for name in &wanted {
        let info = image::describe_class(name)?;
        out.push(ClassOut {
            name: info.name,
            superclass: info.superclass,
            category: info.category,
            comment: info.comment,
            instance_variables: info.instance_variables,
            class_variables: info.class_variables,
            class_instance_variables: info.class_instance_variables,
            instance_selectors: image::selectors(name, false)?,
            class_selectors: image::selectors(name, true)?,
        });
    }
    Ok(SchemaOut {
        dictionary: DICTIONARY.to_string(),
        classes: out,
    })
}

/// Checks that `selector` is a well-formed Smalltalk selector: unary
/// (`total`), keyword (`reserve:quantity:`) or binary (`<=`).
fn check_selector(selector: &str) -> Result<(), Error> {
    let bad = |why: &str| {
        Err(Error::invalid_params(format!(
            "`{selector}` is not a selector ({why}); give one such as `totalCents`, \
             `reserve:quantity:` or `<=`"
        )))
    };
    if selector.is_empty() {
        return bad("it is empty");
    }
    if selector.len() > 256 {
        return bad("it is longer than 256 characters");
    }
    const BINARY: &str = "+-*/\\<>=~@%|&?,";
    if selector.chars().all(|c| BINARY.contains(c)) {
        return Ok(());
    }
    let first = selector.chars().next().unwrap_or(' ');
    if !(first.is_ascii_alphabetic() || first == '_') {
        return bad("it must start with a letter");
    }
    if !selector
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    {
        return bad("only letters, digits, `_` and `:` may appear");
    }
    if selector.contains(':') && (!selector.ends_with(':') || selector.contains("::")) {
        return bad("every keyword ends with one `:`");
    }
    Ok(())
}

/// The first line of `source` (1-based, with its text) that sends
/// `selector`, judged by its first keyword; the method's own header line
/// is skipped. Good enough to point a reader at the send.
fn sending_line(source: &str, selector: &str) -> Option<(usize, String)> {
    let needle = match selector.find(':') {
        Some(i) => &selector[..=i],
        None => selector,
    };
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let keyword_like = needle.chars().next().is_some_and(word);
    source.lines().enumerate().skip(1).find_map(|(i, line)| {
        let found = line.match_indices(needle).any(|(at, _)| {
            if !keyword_like {
                return true;
            }
            let before = line[..at].chars().next_back();
            let after = line[at + needle.len()..].chars().next();
            !before.is_some_and(word)
                && (needle.ends_with(':') || !after.is_some_and(|c| word(c) || c == ':'))
        });
        found.then(|| (i + 1, line.trim().to_string()))
    })
}

fn selector_usage(args: UsageArgs) -> Result<UsageOut, Error> {
    check_selector(&args.selector)?;
    let scope = args.scope.unwrap_or(Scope::Acme);
    let only_acme = scope == Scope::Acme;
    let acme: BTreeSet<String> = acme_classes()?.into_iter().collect();
    let keep = |class: &str| !only_acme || acme.contains(class);

    let implementors = image::implementors(&args.selector)?;
    let implemented: Vec<Implementor> = implementors
        .refs
        .iter()
        .filter(|r| keep(&r.class_name))
        .map(|r| Implementor {
            class_name: r.class_name.clone(),
            meta: r.meta,
        })
        .collect();

    let senders = image::senders(&args.selector)?;
    let mut sent = Vec::new();
    for r in senders.refs.iter().filter(|r| keep(&r.class_name)) {
        let source = image::method_source(&r.class_name, r.meta, &r.selector)?;
        let (line, text) = sending_line(&source, &args.selector).unzip();
        sent.push(Sender {
            class_name: r.class_name.clone(),
            meta: r.meta,
            selector: r.selector.clone(),
            line: line.map(|l| l as u64),
            text,
        });
    }
    Ok(UsageOut {
        selector: args.selector,
        scope,
        implementors: implemented,
        senders: sent,
        truncated: implementors.truncated || senders.truncated,
    })
}

/// `text` as a Smalltalk string literal.
fn string_literal(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// The string a Smalltalk print string shows (`'it''s'` → `it's`), or
/// `None` when the answer was not a string.
fn unquote(print_string: &str) -> Option<String> {
    let inner = print_string
        .strip_prefix('\'')
        .and_then(|s| s.strip_suffix('\''))?;
    Some(inner.replace("''", "'"))
}

/// Runs a report expression and answers its tab-separated records.
fn run_report(expression: &str) -> Result<Option<Vec<Vec<String>>>, Error> {
    let answer = execution::execute(expression).map_err(|e| {
        // Without acme.gs the expression names an unknown global: a compile
        // error, or a run-time one when globals bind late.
        if e.kind == ErrorKind::CompileError || e.message.contains("undefined global AcmeStore") {
            Error::not_found(format!(
                "the Acme application is not in this image ({}); {FILE_IN_HINT}",
                e.message
            ))
        } else {
            e
        }
    })?;
    if answer == "nil" {
        return Ok(None);
    }
    let text = unquote(&answer).ok_or_else(|| {
        Error::other(format!(
            "the Acme report answered `{answer}` rather than text; is acme.gs up to date? \
             {FILE_IN_HINT}"
        ))
    })?;
    Ok(Some(
        text.lines()
            .filter(|l| !l.is_empty())
            .map(|l| l.split('\t').map(str::to_string).collect())
            .collect(),
    ))
}

fn field(record: &[String], i: usize) -> Result<&str, Error> {
    record.get(i).map(String::as_str).ok_or_else(|| {
        Error::other(format!(
            "an Acme report record has {} field(s), expected more: {record:?}",
            record.len()
        ))
    })
}

fn number(record: &[String], i: usize) -> Result<i64, Error> {
    let text = field(record, i)?;
    text.parse().map_err(|_| {
        Error::other(format!(
            "an Acme report field is `{text}`, expected an integer"
        ))
    })
}

fn bounded(name: &str, value: Option<i64>, default: i64, min: i64, max: i64) -> Result<i64, Error> {
    let v = value.unwrap_or(default);
    if (min..=max).contains(&v) {
        Ok(v)
    } else {
        Err(Error::invalid_params(format!(
            "`{name}` must be between {min} and {max}, got {v}"
        )))
    }
}

fn customer_orders(customer: Option<String>) -> Result<QueryOut, Error> {
    let customer = customer.ok_or_else(|| {
        Error::invalid_params("the `customerOrders` report needs `customer`, a customer's name")
    })?;
    if customer.trim().is_empty() || customer.len() > MAX_NAME {
        return Err(Error::invalid_params(format!(
            "`customer` must be a name of 1 to {MAX_NAME} characters"
        )));
    }
    if customer.chars().any(char::is_control) {
        return Err(Error::invalid_params(
            "`customer` must not contain control characters",
        ));
    }
    let expression = format!(
        "AcmeStore current orderReportFor: {}",
        string_literal(&customer)
    );
    let records = run_report(&expression)?.ok_or_else(|| {
        Error::not_found(format!(
            "Acme has no customer named `{customer}`; the `acme_schema` tool describes \
             AcmeCustomer, and names are matched exactly"
        ))
    })?;
    let mut orders: Vec<OrderRow> = Vec::new();
    for record in &records {
        match field(record, 0)? {
            "order" => orders.push(OrderRow {
                number: number(record, 1)?,
                status: field(record, 2)?.to_string(),
                total_cents: number(record, 3)?,
                lines: Vec::new(),
            }),
            "line" => {
                let line = OrderLine {
                    sku: field(record, 1)?.to_string(),
                    quantity: number(record, 2)?,
                    total_cents: number(record, 3)?,
                };
                let order = orders.last_mut().ok_or_else(|| {
                    Error::other("an Acme order report lists a line before any order")
                })?;
                order.lines.push(line);
            }
            other => {
                return Err(Error::other(format!(
                    "an Acme order report has a record of unknown kind `{other}`"
                )));
            }
        }
    }
    Ok(QueryOut {
        report: Report::CustomerOrders,
        customer: Some(customer),
        threshold: None,
        limit: None,
        rows: orders.into_iter().map(Row::Order).collect(),
    })
}

fn low_stock(threshold: Option<i64>) -> Result<QueryOut, Error> {
    let threshold = bounded("threshold", threshold, 5, 0, 1_000_000)?;
    let records =
        run_report(&format!("AcmeStore current lowStockReport: {threshold}"))?.unwrap_or_default();
    let rows = records
        .iter()
        .map(|r| {
            Ok(Row::Stock(StockRow {
                sku: field(r, 0)?.to_string(),
                name: field(r, 1)?.to_string(),
                on_hand: number(r, 2)?,
            }))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(QueryOut {
        report: Report::LowStock,
        customer: None,
        threshold: Some(threshold),
        limit: None,
        rows,
    })
}

fn sales(limit: Option<i64>) -> Result<QueryOut, Error> {
    let limit = bounded("limit", limit, 10, 1, 100)?;
    let records = run_report("AcmeStore current salesReport")?.unwrap_or_default();
    let rows = records
        .iter()
        .take(usize::try_from(limit).unwrap_or(usize::MAX))
        .map(|r| {
            Ok(Row::Sale(SaleRow {
                sku: field(r, 0)?.to_string(),
                name: field(r, 1)?.to_string(),
                units_sold: number(r, 2)?,
                revenue_cents: number(r, 3)?,
            }))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(QueryOut {
        report: Report::Sales,
        customer: None,
        threshold: None,
        limit: Some(limit),
        rows,
    })
}

fn query(args: QueryArgs) -> Result<QueryOut, Error> {
    match args.report {
        Report::CustomerOrders => customer_orders(args.customer),
        Report::LowStock => low_stock(args.threshold),
        Report::Sales => sales(args.limit),
    }
}

/// `acme://customers/{name}/orders`: the `customerOrders` report of the
/// customer `name`, as JSON.
fn customer_orders_resource(uri: &str, vars: &Values) -> Result<Vec<Contents>, Error> {
    let report = customer_orders(vars.get("name").cloned())?;
    let json = serde_json::to_string_pretty(&report)
        .map_err(|e| Error::new(ErrorKind::Other, format!("the report is not JSON: {e}")))?;
    Ok(vec![Contents::text(uri, json)])
}

fn toolset() -> Toolset {
    Toolset::new("acme_db", "1.0.0")
        .tool(
            Tool::typed(
                "acme_schema",
                "Describes the Acme order/inventory application: each class of the Acme \
                 dictionary with its superclass, category, comment, instance, class and \
                 class-instance variables, and its instance- and class-side selectors. \
                 Give className to describe one class.",
                schema,
            )
            .title("Acme schema")
            .read_only_safe()
            .needs(&["image:read"]),
        )
        .tool(
            Tool::typed(
                "acme_selector_usage",
                "Finds where a selector is implemented and where it is sent, with the line of \
                 each send; by default only in Acme classes (scope \"acme\"), or in the whole \
                 image (scope \"all\").",
                selector_usage,
            )
            .title("Acme selector usage")
            .read_only_safe()
            .needs(&["image:read"]),
        )
        .tool(
            Tool::typed(
                "acme_query",
                "Runs an Acme report over the store's objects: customerOrders (a customer's \
                 orders with their lines and totals; needs customer), lowStock (products with \
                 fewer than threshold units on hand, default 5) or sales (products by revenue, \
                 best first, at most limit, default 10). Money is in cents. Needs the \
                 image:execute grant.",
                query,
            )
            .title("Acme report")
            .needs(&["image:execute"]),
        )
        .template(
            ResourceTemplate::new(
                "acme://customers/{name}/orders",
                "customer-orders",
                customer_orders_resource,
            )
            .title("An Acme customer's orders")
            .description(
                "The customerOrders report of one customer (its exact name): each order with \
                 its lines and totals, in cents, as JSON.",
            )
            .mime_type("application/json")
            .needs(&["image:execute"]),
        )
}

gs_mcp_sdk::export_toolset!(toolset);

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn selectors_are_checked() {
        for good in ["totalCents", "reserve:quantity:", "<=", "_x", "at:"] {
            assert!(check_selector(good).is_ok(), "{good}");
        }
        for bad in ["", "1abc", "a::b:", "reserve:quantity", "to tal", "x;y"] {
            let e = check_selector(bad).unwrap_err();
            assert_eq!(e.kind, ErrorKind::InvalidParams, "{bad}");
        }
    }

    #[test]
    fn sending_line_finds_the_send_not_a_longer_word() {
        let source = "subtotal\n\t^self subtotalCents\n\t+ self total";
        assert_eq!(
            sending_line(source, "total"),
            Some((3, "+ self total".to_string()))
        );
        let source = "ship\n\tinv reserve: 1 quantity: 2";
        assert_eq!(
            sending_line(source, "reserve:quantity:").map(|l| l.0),
            Some(2)
        );
    }

    #[test]
    fn literals_round_trip_through_quoting() {
        let lit = string_literal("O'Brien");
        assert_eq!(lit, "'O''Brien'");
        assert_eq!(unquote(&lit).as_deref(), Some("O'Brien"));
        assert_eq!(unquote("nil"), None);
    }
}

/// The tools through the SDK's mock host, natively (the mock host is not
/// built for wasm32).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod mock_tests {
    use super::*;
    use gs_mcp_sdk::testing::MockHost;
    use gs_mcp_sdk::types::Doit;
    use serde_json::{Value, json};

    /// An image whose Acme store answers `report` to every report.
    fn store(report: &'static str) -> MockHost {
        MockHost::new().grant("image:execute").on_execute(move |_| {
            Ok(Doit {
                print_string: report.to_string(),
                truncated: false,
                transcript: String::new(),
            })
        })
    }

    fn declared(tool: &str) -> (Value, Value) {
        let d = gs_mcp_sdk::__private::describe(toolset);
        let t = d.tools.iter().find(|t| t.name == tool).unwrap();
        (
            serde_json::from_str(&t.input_schema).unwrap(),
            serde_json::from_str(t.output_schema.as_deref().unwrap()).unwrap(),
        )
    }

    #[test]
    fn the_declared_schemas_are_derived_from_the_types() {
        let (input, output) = declared("acme_query");
        assert_eq!(
            input["properties"]["report"]["enum"],
            json!(["customerOrders", "lowStock", "sales"])
        );
        assert_eq!(input["properties"]["limit"]["maximum"], 100);
        assert_eq!(input["properties"]["customer"]["maxLength"], MAX_NAME);
        assert_eq!(
            input["properties"]["threshold"]["description"],
            "lowStock: units below which a product is listed"
        );
        assert_eq!(input["required"], json!(["report"]));
        assert_eq!(
            output["properties"]["rows"]["items"]["anyOf"]
                .as_array()
                .unwrap()
                .len(),
            3
        );
        let (input, output) = declared("acme_selector_usage");
        assert_eq!(
            input["properties"]["scope"]["enum"],
            json!(["acme", "all", null])
        );
        assert_eq!(
            output["properties"]["scope"]["enum"],
            json!(["acme", "all"])
        );
    }

    #[test]
    fn the_orders_resource_needs_execute() {
        let uri = "acme://customers/Nobody/orders";
        let e = MockHost::new()
            .grant("image:read")
            .read_resource(&toolset(), uri)
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Refused);
        assert_eq!(
            e.message,
            "resource `acme://customers/Nobody/orders` needs the grant `image:execute`, which \
             this session was not given; a server whose operator did not grant it leaves it out"
        );
        let host = store("nil");
        let e = host.read_resource(&toolset(), uri).unwrap_err();
        assert_eq!(e.kind, ErrorKind::NotFound, "{}", e.message);
        assert_eq!(
            host.executed(),
            ["AcmeStore current orderReportFor: 'Nobody'"]
        );
    }

    #[test]
    fn a_report_answers_typed_rows() {
        let host = store("'ANV-100\tAnvil, 100 lb\t3\nTNT-12\tDynamite, box of 12\t0\n'");
        let out = host
            .call(
                &toolset(),
                "acme_query",
                r#"{"report": "lowStock", "threshold": 4}"#,
            )
            .unwrap();
        assert_eq!(
            out.structured.unwrap(),
            json!({"report": "lowStock", "threshold": 4, "rows": [
                {"sku": "ANV-100", "name": "Anvil, 100 lb", "onHand": 3},
                {"sku": "TNT-12", "name": "Dynamite, box of 12", "onHand": 0},
            ]})
        );
        assert_eq!(host.executed(), ["AcmeStore current lowStockReport: 4"]);
    }

    #[test]
    fn arguments_outside_the_schema_never_reach_the_image() {
        let host = store("nil");
        for (args, message) in [
            (
                r#"{"report": "sales", "limit": 101}"#,
                "argument `limit` of `acme_query` is 101, above the schema's `maximum` of 100",
            ),
            (
                r#"{"report": "everything"}"#,
                "argument `report` of `acme_query` must be one of \"customerOrders\", \
                 \"lowStock\", \"sales\", not \"everything\"",
            ),
            (
                r#"{"report": "customerOrders", "customer": ""}"#,
                "argument `customer` of `acme_query` has 0 characters, fewer than the \
                 schema's `minLength` of 1",
            ),
        ] {
            let e = host.call(&toolset(), "acme_query", args).unwrap_err();
            assert_eq!(e.kind, ErrorKind::InvalidParams, "{args}");
            assert_eq!(e.message, message);
        }
        assert!(host.executed().is_empty());
        let e = MockHost::new()
            .grant("image:read")
            .call(
                &toolset(),
                "acme_selector_usage",
                r#"{"selector": "x", "scope": "galaxy"}"#,
            )
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams);
        assert!(e.message.contains("galaxy"), "{}", e.message);
    }
}
