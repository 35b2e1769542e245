//! Contract tests over the whole built-in tool surface, through the real
//! server: the 31 names in `tools/list`, closed input schemas, output
//! schemas, the read-only audit list and a read-only server's hiding and
//! JSON-RPC refusal of gated tools, and the protocol errors for a missing
//! or unknown tool name — all things a client sees only through the
//! transport. The `invalidParams` results for bad arguments are a case in
//! `cases/contract.json`, run without HTTP by `tool_cases.rs`.

mod common;

use std::collections::BTreeSet;

use common::{Client, start};
use serde_json::json;

const ALL_TOOLS: [&str; 31] = [
    "execute_code",
    "abort",
    "commit",
    "refresh",
    "status",
    "list_all_classes",
    "list_classes",
    "list_dictionaries",
    "list_dictionary_entries",
    "describe_class",
    "export_class_source",
    "get_class_definition",
    "get_class_hierarchy",
    "get_method_source",
    "list_methods",
    "find_implementors",
    "find_references_to",
    "find_senders",
    "search_method_source",
    "add_dictionary",
    "compile_class_definition",
    "compile_method",
    "delete_class",
    "delete_method",
    "remove_dictionary",
    "set_class_comment",
    "describe_test_failure",
    "list_failing_tests",
    "list_test_classes",
    "run_test_class",
    "run_test_method",
];

#[test]
fn the_31_reference_tools_are_listed_in_name_order_in_their_seven_families() {
    let server = start(false);
    let mut client = Client::connect(&server);
    let names: Vec<String> = client
        .tools()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect();
    let mut in_name_order = ALL_TOOLS.to_vec();
    in_name_order.sort_unstable();
    assert_eq!(names, in_name_order);
    let families: Vec<&str> = gs_builtin::families().iter().map(|f| f.name).collect();
    assert_eq!(families, gs_builtin::FAMILY_NAMES);
}

#[test]
fn every_input_schema_is_closed_and_every_tool_declares_an_output_schema() {
    let server = start(false);
    let mut client = Client::connect(&server);
    for tool in client.tools() {
        let name = tool["name"].as_str().unwrap();
        let input = &tool["inputSchema"];
        assert_eq!(input["type"], "object", "{name}");
        assert_eq!(input["additionalProperties"], false, "{name} is closed");
        assert!(
            input["required"].is_array(),
            "{name} lists required arguments"
        );
        for required in input["required"].as_array().unwrap() {
            assert!(
                input["properties"]
                    .get(required.as_str().unwrap())
                    .is_some(),
                "{name}: required {required} is a declared property"
            );
        }
        let advertised = &tool["outputSchema"];
        assert_eq!(advertised["type"], "object", "{name} has an output schema");
        // The declared shape, or the error envelope failures carry.
        let output = &advertised["anyOf"][0];
        assert_eq!(output["type"], "object", "{name}");
        assert_eq!(
            output["additionalProperties"], false,
            "{name}'s output is closed"
        );
        assert_eq!(
            advertised["anyOf"][1],
            gs_toolset::error_envelope_schema(),
            "{name}"
        );
        assert!(
            tool["description"].as_str().is_some_and(|d| d.len() > 20),
            "{name}"
        );
    }
}

#[test]
fn the_read_only_audit_list_pins_the_union_of_the_family_declarations() {
    let declared: BTreeSet<&str> = gs_builtin::families()
        .iter()
        .flat_map(|f| f.read_only_safe.iter().copied())
        .collect();
    let audit: BTreeSet<&str> = gs_builtin::READ_ONLY_SAFE.iter().copied().collect();
    assert_eq!(
        declared, audit,
        "a family's read-only-safe declaration changed: update READ_ONLY_SAFE only after \
         checking the tool can neither persist a change nor run arbitrary code"
    );
    // Every declaration names a tool of its own family.
    for family in gs_builtin::families() {
        for safe in family.read_only_safe {
            assert!(
                family.tools.iter().any(|t| t.name == *safe),
                "{} declares {safe}, which is not its tool",
                family.name
            );
        }
    }
    // The gated ones, spelled out: code execution, commit and every mutation.
    for gated in [
        "execute_code",
        "commit",
        "add_dictionary",
        "compile_class_definition",
        "compile_method",
        "delete_class",
        "delete_method",
        "remove_dictionary",
        "set_class_comment",
    ] {
        assert!(!audit.contains(gated), "{gated} must stay gated");
    }
    assert_eq!(audit.len() + 9, ALL_TOOLS.len());
}

#[test]
fn a_read_only_session_hides_gated_tools_and_refuses_them_by_name_as_read_only() {
    let server = start(true);
    let mut client = Client::connect(&server);
    let names: BTreeSet<String> = client
        .tools()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect();
    let audit: BTreeSet<String> = gs_builtin::READ_ONLY_SAFE
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(names, audit);
    // The mixed session family keeps abort/refresh/status and hides commit.
    assert!(names.contains("abort") && !names.contains("commit"));
    for gated in ["commit", "execute_code", "compile_method"] {
        let (response, _) = client.request("tools/call", json!({"name": gated, "arguments": {}}));
        assert_eq!(response["error"]["code"], -32601, "{gated}: {response}");
        assert_eq!(
            response["error"]["data"]["kind"], "readOnly",
            "{gated}: {response}"
        );
    }
    // An absent tool is told apart from a forbidden one.
    let (response, _) = client.request(
        "tools/call",
        json!({"name": "no_such_tool", "arguments": {}}),
    );
    assert_eq!(response["error"]["code"], -32602, "{response}");
    assert_ne!(response["error"]["data"]["kind"], "readOnly", "{response}");
    // The safe ones still work.
    client.call("status", json!({})).ok();
}

#[test]
fn bad_tool_names_are_protocol_errors() {
    // Bad arguments are `invalidParams` results: a case in
    // `cases/contract.json`. A missing or unknown tool name is a JSON-RPC
    // error, which only the transport shows.
    let server = start(false);
    let mut client = Client::connect(&server);
    let (response, _) = client.request("tools/call", json!({"arguments": {}}));
    assert_eq!(response["error"]["code"], -32602, "{response}");
    let (response, _) = client.request(
        "tools/call",
        json!({"name": "describe_klass", "arguments": {}}),
    );
    assert_eq!(response["error"]["code"], -32602, "{response}");
}
