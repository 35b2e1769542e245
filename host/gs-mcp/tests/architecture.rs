//! ARCHITECTURE.md's dependency rules, checked against `cargo metadata`.
//!
//! The "Dependency rules" table in ARCHITECTURE.md names, for every
//! workspace crate, the workspace crates it depends on and the crates it must
//! not know. This test fails when a `Cargo.toml` adds an edge the table does
//! not list, drops one it lists, or lets a forbidden crate in, directly or
//! through another dependency. Dev-dependencies are free: tests may use
//! anything.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use serde_json::Value;

/// One row of the table.
struct Rule {
    depends_on: BTreeSet<String>,
    must_not_know: BTreeSet<String>,
}

fn names(cell: &str) -> BTreeSet<String> {
    cell.split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty() && *n != "—")
        .map(String::from)
        .collect()
}

fn rules() -> BTreeMap<String, Rule> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ARCHITECTURE.md");
    let text = std::fs::read_to_string(path).expect("ARCHITECTURE.md is readable");
    let table = text
        .split("### Dependency rules")
        .nth(1)
        .expect("ARCHITECTURE.md has a `### Dependency rules` section");
    let mut rules = BTreeMap::new();
    for line in table.lines().skip_while(|l| !l.starts_with('|')) {
        if !line.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let [krate, depends_on, must_not_know] = cells[..] else {
            panic!("ARCHITECTURE.md: a dependency rule row needs three cells: {line}");
        };
        if krate == "Crate" || krate.starts_with("---") {
            continue;
        }
        let rule = Rule {
            depends_on: names(depends_on),
            must_not_know: names(must_not_know),
        };
        assert!(
            rules.insert(krate.to_string(), rule).is_none(),
            "ARCHITECTURE.md lists {krate} twice"
        );
    }
    rules
}

/// The platform the tests run on, as `rustc -vV` names it: the rules are
/// about the crates that build here, and resolving only this platform's
/// dependencies needs no download of another platform's.
fn host_triple() -> String {
    let out = Command::new("rustc")
        .arg("-vV")
        .output()
        .expect("rustc -vV runs");
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("rustc -vV names the host")
        .to_string()
}

fn metadata() -> Value {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .args(["--filter-platform", &host_triple()])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The package graph: id → (name, ids of its normal and build dependencies).
fn graph(meta: &Value) -> BTreeMap<String, (String, Vec<String>)> {
    let name_of: BTreeMap<&str, &str> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p["name"].as_str().unwrap()))
        .collect();
    meta["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| {
            let deps = node["deps"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| {
                    d["dep_kinds"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|k| k["kind"].is_null() || k["kind"] == "build")
                })
                .map(|d| d["pkg"].as_str().unwrap().to_string())
                .collect();
            let id = node["id"].as_str().unwrap();
            (id.to_string(), (name_of[id].to_string(), deps))
        })
        .collect()
}

fn everything_below(graph: &BTreeMap<String, (String, Vec<String>)>, id: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<&str> = graph[id].1.iter().map(String::as_str).collect();
    while let Some(next) = todo.pop() {
        if seen.insert(next.to_string()) {
            todo.extend(graph[next].1.iter().map(String::as_str));
        }
    }
    seen.iter().map(|id| graph[id].0.clone()).collect()
}

#[test]
fn workspace_dependencies_follow_the_architecture() {
    let rules = rules();
    let meta = metadata();
    let graph = graph(&meta);
    let members: BTreeMap<String, String> = meta["workspace_members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| {
            let id = id.as_str().unwrap();
            (graph[id].0.clone(), id.to_string())
        })
        .collect();
    let mut problems = Vec::new();
    for (krate, id) in &members {
        let Some(rule) = rules.get(krate) else {
            problems.push(format!(
                "{krate} is not in ARCHITECTURE.md's dependency rules; add its row"
            ));
            continue;
        };
        let direct: BTreeSet<String> = graph[id]
            .1
            .iter()
            .map(|d| graph[d].0.clone())
            .filter(|n| members.contains_key(n))
            .collect();
        for extra in direct.difference(&rule.depends_on) {
            problems.push(format!(
                "{krate} depends on {extra}, which ARCHITECTURE.md does not allow"
            ));
        }
        for missing in rule.depends_on.difference(&direct) {
            problems.push(format!(
                "ARCHITECTURE.md says {krate} depends on {missing}, but it does not; update the table"
            ));
        }
        let below = everything_below(&graph, id);
        for forbidden in rule.must_not_know.intersection(&below) {
            problems.push(format!(
                "{krate} must not know {forbidden}, but reaches it through its dependencies"
            ));
        }
    }
    for krate in rules.keys().filter(|k| !members.contains_key(*k)) {
        problems.push(format!(
            "ARCHITECTURE.md has a rule for {krate}, which is not a workspace crate"
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
