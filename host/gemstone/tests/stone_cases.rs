//! The built-in tools' data-driven cases (host/builtin/tests/cases/*.json,
//! run by the same runner as `gs-builtin`'s `tool_cases.rs`) against the
//! GemStone backend on the test stone, each case on a fresh stone whose
//! image holds the fixture. Prints which cases pass and which differ.

#[path = "../../builtin/tests/support/cases.rs"]
mod cases;
mod common;

use std::sync::Arc;

use gs_toolset::ImageSession;

fn open_image() -> (common::Running, Arc<dyn ImageSession>) {
    let running = common::start();
    let session = running.stone.login(None).expect("the backend logs in");
    (running, Arc::new(session))
}

/// The cases that answer differently on the GemStone backend, and why
/// (docs/gemstone.md, "Where the backend answers differently").
const KNOWN_DIFFERENCES: [(&str, &str); 1] = [(
    "testing.json — the testing tools run in a read-only session and commit nothing",
    "a read-only session on a stone runs tests only when the operator declares that its \
         user cannot commit (tests/read_only.rs)",
)];

#[test]
fn the_tool_cases_run_on_the_test_stone() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../builtin/tests/cases");
    let results = cases::run_case_files(&dir, &open_image);
    let count = results.len();
    let mut unexpected = Vec::new();
    let mut differing = 0;
    for (name, result) in &results {
        match result {
            Ok(()) => println!("PASS {name}"),
            Err(e) => {
                differing += 1;
                match KNOWN_DIFFERENCES.iter().find(|(case, _)| case == name) {
                    Some((_, why)) => println!("DIFF {name} ({why}): {e}"),
                    None => {
                        println!("FAIL {name}: {e}");
                        unexpected.push(format!("{name}: {e}"));
                    }
                }
            }
        }
    }
    println!(
        "{} of {count} cases answer as on the embedded image",
        count - differing
    );
    assert!(
        unexpected.is_empty(),
        "cases that differ without a known reason:\n{}",
        unexpected.join("\n\n")
    );
    // The list stays true: a difference that went away leaves it.
    for (case, _) in KNOWN_DIFFERENCES {
        assert!(
            results.iter().any(|(name, r)| name == case && r.is_err()),
            "{case} now answers as on the embedded image: take it off KNOWN_DIFFERENCES and \
             docs/gemstone.md"
        );
    }
}
