//! Generated calls of every built-in tool, shared by the backends' tests
//! (`tests/generated_arguments.rs` here, and the GemStone backend's,
//! which includes this file with `#[path]`): each property of a tool's
//! input schema is given a value of its type, of any JSON shape, or one
//! of the fixture's names, or is left out, and keys the schema does not
//! know are added. The toolset is called directly, without the server's
//! check of the arguments against the input schema, so each tool's own
//! reading of its arguments is what is tested.

#![allow(dead_code)] // each includer uses part of it

use std::sync::Arc;

use gs_builtin::BuiltinToolset;
use gs_toolset::{ImageSession, Toolset};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{Map, Value, json};

use super::cases::{self, schema};

/// Names and text the fixture knows, so that calls get past the look-up
/// of their class, method or dictionary. No source here runs for long.
const KNOWN: &[&str] = &[
    "Account",
    "SavingsAccount",
    "Object",
    "Bank",
    "UserGlobals",
    "Globals",
    "balance",
    "deposit:",
    "printOn:",
    "accessing",
    "3 + 4",
    "balance\n\t^ balance",
    "Object subclass: 'Generated' instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals",
    "",
    "NoSuchClass",
    // Text that must stay text wherever a backend quotes it.
    "it's",
    "'') , 'x",
    "#foo:bar:",
    "a\"b",
    "Object halt. 'x'",
    "Gr\u{fc}\u{df}e \u{20ac} \u{1F600}",
    "\u{0}\u{7f}",
];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (0..50_i64).prop_map(Value::from),
        any::<f64>()
            .prop_filter("JSON numbers are finite", |f| f.is_finite())
            .prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
        prop::sample::select(KNOWN).prop_map(Value::from),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(2, 12, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-zA-Z]{0,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A value of the JSON type `kind` names (a string is mostly a fixture
/// name), or now and then of any shape.
fn property_value(kind: String) -> impl Strategy<Value = Value> {
    let typed = match kind.as_str() {
        "boolean" => any::<bool>().prop_map(Value::from).boxed(),
        "integer" => prop_oneof![
            (0..50_i64).prop_map(Value::from),
            any::<i64>().prop_map(Value::from)
        ]
        .boxed(),
        "array" => prop::collection::vec(prop::sample::select(KNOWN).prop_map(Value::from), 0..3)
            .prop_map(Value::Array)
            .boxed(),
        _ => prop_oneof![
            3 => prop::sample::select(KNOWN).prop_map(Value::from),
            1 => "\\PC{0,12}".prop_map(Value::from),
        ]
        .boxed(),
    };
    prop_oneof![4 => typed, 1 => value()]
}

/// One call: a tool and its arguments.
fn call(tools: Vec<(String, Vec<(String, String)>)>) -> impl Strategy<Value = (String, Value)> {
    prop::sample::select(tools).prop_flat_map(|(tool, properties)| {
        let each = properties
            .into_iter()
            .map(|(p, kind)| (Just(p), prop::option::weighted(0.85, property_value(kind))))
            .collect::<Vec<_>>();
        let unknown = prop::option::weighted(0.1, ("[a-zA-Z]{1,8}", value()));
        (Just(tool), each, unknown).prop_map(|(tool, each, unknown)| {
            let mut arguments = Map::new();
            for (name, v) in each {
                if let Some(v) = v {
                    arguments.insert(name, v);
                }
            }
            if let Some((k, v)) = unknown {
                arguments.insert(k, v);
            }
            (tool, Value::Object(arguments))
        })
    })
}

/// Runs `cases` generated calls in one session of `image` (holding the
/// fixture): every call answers a result conforming to its tool's output
/// schema or an error with a message, never a panic, and after each the
/// session still describes `Object`. Panics naming the first call that
/// broke this, shrunk.
pub fn every_call_answers_and_the_session_goes_on(image: Arc<dyn ImageSession>, cases: u32) {
    let ctx = cases::context(image, false);
    let toolset = BuiltinToolset::new();
    // Each tool with its properties and the JSON type each takes.
    let tools: Vec<(String, Vec<(String, String)>)> = toolset
        .info()
        .tools
        .iter()
        .map(|t| {
            let properties = t.input_schema["properties"]
                .as_object()
                .map(|p| {
                    p.iter()
                        .map(|(name, s)| {
                            let kind = match &s["type"] {
                                Value::String(k) => k.clone(),
                                Value::Array(ks) => ks[0].as_str().unwrap_or("").to_string(),
                                _ => String::new(),
                            };
                            (name.clone(), kind)
                        })
                        .collect()
                })
                .unwrap_or_default();
            (t.name.clone(), properties)
        })
        .collect();
    assert_eq!(tools.len(), 31);
    let session = std::cell::RefCell::new(toolset.open_session());
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let outcome = runner.run(&call(tools), |(tool, arguments)| {
        let mut session = session.borrow_mut();
        let at = format!("{tool} {arguments}");
        match cases::call_now(&mut **session, &tool, &arguments, &ctx) {
            Ok(out) => {
                let schema = toolset.info().tool(&tool).unwrap().output_schema.clone();
                if let Some(schema) = schema {
                    let structured = out.structured.clone().unwrap_or(Value::Null);
                    schema::conforms(&schema, &structured, "structuredContent")
                        .map_err(|e| TestCaseError::fail(format!("{at}: {e}")))?;
                }
            }
            Err(e) => prop_assert!(!e.message.is_empty(), "{at}: {e:?}"),
        }
        let after = cases::call_now(
            &mut **session,
            "describe_class",
            &json!({"className": "Object"}),
            &ctx,
        );
        prop_assert!(after.is_ok(), "after {at}: {after:?}");
        Ok(())
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }
}
