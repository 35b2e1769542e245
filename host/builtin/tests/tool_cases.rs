//! The built-in tools, data-driven and without HTTP: each case in
//! `tests/cases/*.json` calls tools in order in one session of a fresh
//! fixture image (tests/fixtures/bank.gs) and states what each call
//! answers — its `structuredContent` exactly, or its error's kind and
//! words. The runner reaches the image only through
//! [`gs_toolset::ImageSession`]: `cases::open_fixture_image` is the one place that names
//! a backend, so the same cases can run against another one.
//!
//! A case file is a JSON array of cases:
//!
//! ```json
//! {"case": "what it shows", "read_only": false, "steps": [
//!   {"tool": "list_classes", "arguments": {"dictionaryName": "Bank"},
//!    "structured": {...}},
//!   {"tool": "get_method_source", "arguments": {...},
//!    "error": {"kind": "notFound", "contains": "no method"}}
//! ]}
//! ```
//!
//! Besides `structured` (the whole `structuredContent`, exactly), a step
//! may state, all optional:
//!
//! - `"includes"`: a pattern the `structuredContent` must match as a
//!   subset — an object's named members match recursively (others may be
//!   there too), each element of a pattern array matches some element of
//!   the answer's array (in any order), anything else is equal;
//! - `"excludes"`: a pattern of the same shape that must *not* match;
//! - `"at"`: an object of JSON pointers (`"/instanceVariables"`) each with
//!   the value it must find there, exactly;
//! - `"absent"`: JSON pointers (`"/category"`) that must not resolve in
//!   the `structuredContent`;
//! - `"text"`: the first text block — a string (exactly) or an object of
//!   `is` (exactly), `starts_with`, `ends_with`, `contains` and `lacks`
//!   (each a string or an array of strings);
//! - `"text_is"`: a JSON pointer whose string in the `structuredContent`
//!   the text must equal.
//!
//! An `error` states its `kind` and may state its message as `text` does:
//! `is`, `contains`, `lacks`, `starts_with`, `ends_with`; and, with `at`,
//! values in what a client reads as `structuredContent.error` (`kind`,
//! `message` and the error's details, e.g. `"/errors/0/line"`).
//!
//! Every successful `structuredContent` is also checked against its
//! tool's `outputSchema`, as the HTTP client in `tests/common/` does.
//!
//! The HTTP tests (`tests/*.rs` beside this one) keep what only the
//! transport shows: progress notifications, cancellation, deadlines, the
//! session's lifetime and isolation, read-only `tools/list`, protocol
//! errors, and a few end-to-end tests per family.

#[path = "support/cases.rs"]
mod cases;

#[test]
fn every_case_answers_as_stated() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let results = cases::run_case_files(&dir, &cases::open_fixture_image);
    let count = results.len();
    let failures: Vec<String> = results
        .into_iter()
        .filter_map(|(name, r)| r.err().map(|e| format!("{name}: {e}")))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
