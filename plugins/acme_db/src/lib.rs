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
//! The query tool never runs text a client wrote: each report is a fixed
//! expression whose only parameters are a quoted string literal and
//! integers the tool has checked, so the `image:execute` grant cannot be
//! turned into arbitrary code execution through this toolset.

use std::collections::BTreeSet;

use gs_mcp_sdk::{Error, ErrorKind, Output, Schema, Tool, Toolset, execution, image};
use serde::Deserialize;
use serde_json::{Value, json};

/// The symbol dictionary the Acme classes live in.
const DICTIONARY: &str = "Acme";

/// Said whenever the Acme code is missing from the image.
const FILE_IN_HINT: &str = "file the application in first: \
     `gs-mcp image load --image <image> plugins/acme_db/acme.gs`";

/// The longest customer name a query accepts.
const MAX_NAME: usize = 200;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SchemaArgs {
    class_name: Option<String>,
}

#[derive(Deserialize)]
struct UsageArgs {
    selector: String,
    #[serde(default)]
    scope: Option<String>,
}

#[derive(Deserialize)]
struct QueryArgs {
    report: String,
    customer: Option<String>,
    threshold: Option<i64>,
    limit: Option<i64>,
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

fn schema(args: SchemaArgs) -> Result<Output, Error> {
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
        out.push(json!({
            "name": info.name,
            "superclass": info.superclass,
            "category": info.category,
            "comment": info.comment,
            "instanceVariables": info.instance_variables,
            "classVariables": info.class_variables,
            "classInstanceVariables": info.class_instance_variables,
            "instanceSelectors": image::selectors(name, false)?,
            "classSelectors": image::selectors(name, true)?,
        }));
    }
    Output::json(&json!({ "dictionary": DICTIONARY, "classes": out }))
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

fn selector_usage(args: UsageArgs) -> Result<Output, Error> {
    check_selector(&args.selector)?;
    let only_acme = match args.scope.as_deref() {
        None | Some("acme") => true,
        Some("all") => false,
        Some(other) => {
            return Err(Error::invalid_params(format!(
                "`scope` is `acme` or `all`, not `{other}`"
            )));
        }
    };
    let acme: BTreeSet<String> = acme_classes()?.into_iter().collect();
    let keep = |class: &str| !only_acme || acme.contains(class);

    let implementors = image::implementors(&args.selector)?;
    let implemented: Vec<Value> = implementors
        .refs
        .iter()
        .filter(|r| keep(&r.class_name))
        .map(|r| json!({ "className": r.class_name, "meta": r.meta }))
        .collect();

    let senders = image::senders(&args.selector)?;
    let mut sent = Vec::new();
    for r in senders.refs.iter().filter(|r| keep(&r.class_name)) {
        let source = image::method_source(&r.class_name, r.meta, &r.selector)?;
        let (line, text) = sending_line(&source, &args.selector).unzip();
        sent.push(json!({
            "className": r.class_name,
            "meta": r.meta,
            "selector": r.selector,
            "line": line,
            "text": text,
        }));
    }
    Output::json(&json!({
        "selector": args.selector,
        "scope": if only_acme { "acme" } else { "all" },
        "implementors": implemented,
        "senders": sent,
        "truncated": implementors.truncated || senders.truncated,
    }))
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

fn customer_orders(customer: Option<String>) -> Result<Value, Error> {
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
    let mut orders: Vec<Value> = Vec::new();
    for record in &records {
        match field(record, 0)? {
            "order" => orders.push(json!({
                "number": number(record, 1)?,
                "status": field(record, 2)?,
                "totalCents": number(record, 3)?,
                "lines": [],
            })),
            "line" => {
                let line = json!({
                    "sku": field(record, 1)?,
                    "quantity": number(record, 2)?,
                    "totalCents": number(record, 3)?,
                });
                let order = orders.last_mut().ok_or_else(|| {
                    Error::other("an Acme order report lists a line before any order")
                })?;
                if let Some(lines) = order["lines"].as_array_mut() {
                    lines.push(line);
                }
            }
            other => {
                return Err(Error::other(format!(
                    "an Acme order report has a record of unknown kind `{other}`"
                )));
            }
        }
    }
    Ok(json!({ "customer": customer, "rows": orders }))
}

fn low_stock(threshold: Option<i64>) -> Result<Value, Error> {
    let threshold = bounded("threshold", threshold, 5, 0, 1_000_000)?;
    let records =
        run_report(&format!("AcmeStore current lowStockReport: {threshold}"))?.unwrap_or_default();
    let rows = records
        .iter()
        .map(|r| {
            Ok(json!({
                "sku": field(r, 0)?,
                "name": field(r, 1)?,
                "onHand": number(r, 2)?,
            }))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(json!({ "threshold": threshold, "rows": rows }))
}

fn sales(limit: Option<i64>) -> Result<Value, Error> {
    let limit = bounded("limit", limit, 10, 1, 100)?;
    let records = run_report("AcmeStore current salesReport")?.unwrap_or_default();
    let rows = records
        .iter()
        .take(usize::try_from(limit).unwrap_or(usize::MAX))
        .map(|r| {
            Ok(json!({
                "sku": field(r, 0)?,
                "name": field(r, 1)?,
                "unitsSold": number(r, 2)?,
                "revenueCents": number(r, 3)?,
            }))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(json!({ "limit": limit, "rows": rows }))
}

fn query(args: QueryArgs) -> Result<Output, Error> {
    let mut result = match args.report.as_str() {
        "customerOrders" => customer_orders(args.customer)?,
        "lowStock" => low_stock(args.threshold)?,
        "sales" => sales(args.limit)?,
        other => {
            return Err(Error::invalid_params(format!(
                "unknown report `{other}`; choose customerOrders, lowStock or sales"
            )));
        }
    };
    result["report"] = json!(args.report);
    Output::json(&result)
}

fn toolset() -> Toolset {
    let method_ref = || {
        Schema::object()
            .required("className", Schema::string())
            .required("meta", Schema::boolean())
    };
    Toolset::new("acme_db", "1.0.0")
        .tool(
            Tool::new(
                "acme_schema",
                "Describes the Acme order/inventory application: each class of the Acme \
                 dictionary with its superclass, category, comment, instance, class and \
                 class-instance variables, and its instance- and class-side selectors. \
                 Give className to describe one class.",
                schema,
            )
            .title("Acme schema")
            .input(Schema::object().optional(
                "className",
                Schema::string().describe("One Acme class, e.g. AcmeOrder; all when absent"),
            ))
            .output(
                Schema::object()
                    .required("dictionary", Schema::string())
                    .required(
                        "classes",
                        Schema::array(
                            Schema::object()
                                .required("name", Schema::string())
                                .required(
                                    "superclass",
                                    Schema::raw(json!({"type": ["string", "null"]})),
                                )
                                .required(
                                    "category",
                                    Schema::raw(json!({"type": ["string", "null"]})),
                                )
                                .required("comment", Schema::string())
                                .required("instanceVariables", Schema::array(Schema::string()))
                                .required("classVariables", Schema::array(Schema::string()))
                                .required("classInstanceVariables", Schema::array(Schema::string()))
                                .required("instanceSelectors", Schema::array(Schema::string()))
                                .required("classSelectors", Schema::array(Schema::string())),
                        ),
                    ),
            )
            .read_only_safe(),
        )
        .tool(
            Tool::new(
                "acme_selector_usage",
                "Finds where a selector is implemented and where it is sent, with the line of \
                 each send; by default only in Acme classes (scope \"acme\"), or in the whole \
                 image (scope \"all\").",
                selector_usage,
            )
            .title("Acme selector usage")
            .input(
                Schema::object()
                    .required(
                        "selector",
                        Schema::string().describe("E.g. totalCents or reserve:quantity:"),
                    )
                    .optional(
                        "scope",
                        Schema::one_of(&["acme", "all"]).describe("Where to look; acme by default"),
                    ),
            )
            .output(
                Schema::object()
                    .required("selector", Schema::string())
                    .required("scope", Schema::string())
                    .required("implementors", Schema::array(method_ref()))
                    .required(
                        "senders",
                        Schema::array(
                            method_ref()
                                .required("selector", Schema::string())
                                .required("line", Schema::raw(json!({"type": ["integer", "null"]})))
                                .required("text", Schema::raw(json!({"type": ["string", "null"]}))),
                        ),
                    )
                    .required("truncated", Schema::boolean()),
            )
            .read_only_safe(),
        )
        .tool(
            Tool::new(
                "acme_query",
                "Runs an Acme report over the store's objects: customerOrders (a customer's \
                 orders with their lines and totals; needs customer), lowStock (products with \
                 fewer than threshold units on hand, default 5) or sales (products by revenue, \
                 best first, at most limit, default 10). Money is in cents. Needs the \
                 image:execute grant.",
                query,
            )
            .title("Acme report")
            .input(
                Schema::object()
                    .required(
                        "report",
                        Schema::one_of(&["customerOrders", "lowStock", "sales"]),
                    )
                    .optional(
                        "customer",
                        Schema::string().describe("customerOrders: the customer's exact name"),
                    )
                    .optional(
                        "threshold",
                        Schema::integer()
                            .describe("lowStock: units below which a product is listed")
                            .with("minimum", json!(0)),
                    )
                    .optional(
                        "limit",
                        Schema::integer()
                            .describe("sales: how many products to list")
                            .with("minimum", json!(1))
                            .with("maximum", json!(100)),
                    ),
            )
            .output(
                Schema::object()
                    .open()
                    .required("report", Schema::string())
                    .required(
                        "rows",
                        Schema::array(Schema::raw(json!({"type": "object"}))),
                    ),
            ),
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
