//! `docs/tools.md` is the reference of the built-in tools. This test reads
//! its tables and compares them with what `gs-mcp tools --json` prints for
//! the default configuration: every tool documented once, no tool missing,
//! each one's arguments (names, and which are optional) and whether a
//! read-only server keeps it. The page cannot drift from the code.

use std::collections::BTreeMap;
use std::process::Command;

use serde_json::Value;

/// One tool as the reference page documents it.
#[derive(Debug, PartialEq)]
struct Documented {
    /// Argument name → required?
    arguments: BTreeMap<String, bool>,
    /// True where the Read-only server column says `kept`.
    kept_read_only: bool,
}

fn documented() -> BTreeMap<String, Documented> {
    let page = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/tools.md");
    let text = std::fs::read_to_string(page).expect("docs/tools.md is readable");
    let mut tools = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split(" | ")
            .map(str::trim)
            .collect();
        let [name, arguments, _answers, read_only] = cells[..] else {
            continue;
        };
        let Some(name) = name.strip_prefix('`').and_then(|n| n.strip_suffix('`')) else {
            continue;
        };
        let kept_read_only = match read_only.trim() {
            "kept" => true,
            "hidden" => false,
            other => {
                panic!("docs/tools.md: `{name}` has read-only cell {other:?}; use kept or hidden")
            }
        };
        let entry = Documented {
            arguments: backticked(arguments)
                .map(|a| match a.strip_suffix('?') {
                    Some(optional) => (optional.to_string(), false),
                    None => (a.to_string(), true),
                })
                .collect(),
            kept_read_only,
        };
        assert!(
            tools.insert(name.to_string(), entry).is_none(),
            "docs/tools.md documents `{name}` twice"
        );
    }
    tools
}

/// The backticked words of a table cell: in the Arguments column, the
/// argument names.
fn backticked(cell: &str) -> impl Iterator<Item = &str> {
    cell.split('`').skip(1).step_by(2)
}

fn surface() -> BTreeMap<String, Documented> {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gs-mcp"))
        .args(["tools", "--json"])
        .env("HOME", dir.path())
        .env_remove("XDG_DATA_HOME")
        .env_remove("GS_MCP_READONLY")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("gs-mcp tools --json prints JSON");
    doc["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["toolset"] == "builtin")
        .map(|t| {
            let schema = &t["inputSchema"];
            let required: Vec<&str> = schema["required"]
                .as_array()
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let arguments = schema["properties"]
                .as_object()
                .map(|p| {
                    p.keys()
                        .map(|k| (k.clone(), required.contains(&k.as_str())))
                        .collect()
                })
                .unwrap_or_default();
            let entry = Documented {
                arguments,
                kept_read_only: t["readOnlySafe"].as_bool().unwrap(),
            };
            (t["name"].as_str().unwrap().to_string(), entry)
        })
        .collect()
}

#[test]
fn the_tool_reference_matches_the_tool_surface() {
    let page = documented();
    let code = surface();
    assert_eq!(code.len(), 31, "the built-in toolset offers 31 tools");
    for (name, tool) in &code {
        match page.get(name) {
            None => panic!("docs/tools.md does not document `{name}`"),
            Some(doc) => assert_eq!(
                doc, tool,
                "docs/tools.md disagrees with `gs-mcp tools --json` about `{name}` \
                 (left: the page, right: the code)"
            ),
        }
    }
    for name in page.keys() {
        assert!(
            code.contains_key(name),
            "docs/tools.md documents `{name}`, which no toolset offers"
        );
    }
}

#[test]
fn tools_json_is_one_document_with_schemas() {
    let out = Command::new(env!("CARGO_BIN_EXE_gs-mcp"))
        .args(["tools", "--json"])
        .env("HOME", tempfile::tempdir().unwrap().path())
        .env_remove("XDG_DATA_HOME")
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let execute = doc["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "execute_code")
        .expect("execute_code is listed");
    assert_eq!(execute["readOnlySafe"], false);
    assert_eq!(
        execute["inputSchema"]["required"],
        serde_json::json!(["code"])
    );
    assert!(execute["outputSchema"].is_object());
}
