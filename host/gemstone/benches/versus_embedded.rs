//! The gemstone backend against the embedded one, side by side in one run:
//! `describe_class`, `get_method_source` and `find_senders` of the built-in
//! toolset, each called alternately on an embedded session and on a GCI
//! session of the test stone (gs-teststone, the test double for GemStone;
//! it serves a copy of the same fixture image from threads of this process,
//! over its Unix socket, as a stone would from its own). The difference is
//! what the backend adds: the GCI calls, the Smalltalk text it sends, the
//! framing of the answer and its parsing.
//!
//! Target (issue 18): p50 through the gemstone backend ≤ 2× the embedded
//! backend's. Figures are in docs/benchmarks.md.
//!
//! Run: `cargo bench -p gs-gemstone --bench versus_embedded`.

#[path = "../../builtin/tests/support/call_now.rs"]
mod call_now;
#[path = "../tests/common/mod.rs"]
mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use gs_builtin::BuiltinToolset;
use gs_toolset::{CallContext, ImageSession, ServerIdentity, Toolset};
use serde_json::{Value, json};

const SAMPLES: usize = 2000;
const WARM_UP: usize = 100;

fn context(image: Arc<dyn ImageSession>) -> CallContext {
    CallContext::new(
        image,
        false,
        Arc::new(ServerIdentity {
            name: "gs-mcp".into(),
            version: "bench".into(),
            title: None,
        }),
    )
}

/// An embedded session on a fresh image holding the fixture.
fn embedded(dir: &std::path::Path) -> Arc<dyn ImageSession> {
    let image = gs_image::Image::open(dir.join("embedded.gsimage")).unwrap();
    let mut session = image.session();
    let report = gs_image::filein::file_in_text(&mut session, "bank.gs", common::FIXTURE);
    assert!(report.is_clean(), "{report:?}");
    session.commit().unwrap();
    Arc::new(gs_embedded::EmbeddedSession::new(image.session()))
}

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort_unstable();
    samples[((samples.len() - 1) as f64 * p) as usize]
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let running = common::start();
    let stone: Arc<dyn ImageSession> = Arc::new(running.stone.login(None).expect("a login"));
    let embedded = embedded(dir.path());
    let toolset = BuiltinToolset::new();
    let sides = [("embedded", embedded), ("gemstone", stone)];
    let mut sessions: Vec<_> = sides
        .iter()
        .map(|(_, image)| (toolset.open_session(), context(image.clone())))
        .collect();

    let calls: [(&str, Value); 3] = [
        ("describe_class", json!({"className": "Account"})),
        (
            "get_method_source",
            json!({"className": "Account", "selector": "balance"}),
        ),
        ("find_senders", json!({"selector": "balance"})),
    ];
    println!(
        "{:<18} {:>12} {:>12} {:>8} {:>12} {:>12} {:>8}",
        "tool", "embedded p50", "gemstone p50", "ratio", "embedded p99", "gemstone p99", "ratio"
    );
    for (tool, arguments) in &calls {
        let mut times = [Vec::new(), Vec::new()];
        for i in 0..WARM_UP + SAMPLES {
            // Alternate which side goes first, so neither always runs
            // right after the other's cache-warming call.
            for k in [i % 2, 1 - i % 2] {
                let (tools, ctx) = &mut sessions[k];
                let start = Instant::now();
                call_now::call_now(&mut **tools, tool, arguments, ctx)
                    .unwrap_or_else(|e| panic!("{tool} on {}: {e:?}", sides[k].0));
                let took = start.elapsed();
                if i >= WARM_UP {
                    times[k].push(took);
                }
            }
        }
        let [e, g] = &mut times;
        let (e50, g50) = (percentile(e, 0.5), percentile(g, 0.5));
        let (e99, g99) = (percentile(e, 0.99), percentile(g, 0.99));
        println!(
            "{:<18} {:>10.1}µs {:>10.1}µs {:>7.2}× {:>10.1}µs {:>10.1}µs {:>7.2}×",
            tool,
            e50.as_secs_f64() * 1e6,
            g50.as_secs_f64() * 1e6,
            g50.as_secs_f64() / e50.as_secs_f64(),
            e99.as_secs_f64() * 1e6,
            g99.as_secs_f64() * 1e6,
            g99.as_secs_f64() / e99.as_secs_f64(),
        );
    }
}
