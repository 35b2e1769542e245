//! The soak of the session-view model test (issue 22): random sequences of
//! Smalltalk changes, tool changes, commits, aborts, a second session's
//! refreshes and restarts, checked against the reference model after every
//! step (`tests/model/mod.rs`), until a number of steps has run.
//!
//! Run with `cargo bench -p gs-builtin --bench session_view_soak` (100,000
//! steps), or append a step count and a seed:
//! `… -- 20000 7`. It is a plain binary (`harness = false`) printing what it
//! ran and how fast; a failure prints the shrunk sequence and exits with
//! status 1. Each run's seed is printed, so a failure can be replayed.

#[path = "../tests/model/mod.rs"]
mod model;

use std::time::Instant;

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

/// Steps per sequence, at most.
const MAX_STEPS: usize = 40;

fn main() {
    let numbers: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let steps = numbers.first().copied().unwrap_or(100_000) as usize;
    let seed = numbers.get(1).copied().unwrap_or(22);
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    println!("session-view soak: {steps} steps, seed {seed}, up to {MAX_STEPS} steps a sequence");
    let strategy = model::ops(MAX_STEPS);
    let mut runner = TestRunner::new_with_rng(
        Config {
            failure_persistence: None,
            ..Config::default()
        },
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes),
    );
    let started = Instant::now();
    let (mut done, mut sequences) = (0usize, 0usize);
    while done < steps {
        let tree = strategy.new_tree(&mut runner).expect("a sequence");
        let ops = tree.current();
        if let Err(failure) = model::Harness::run(&ops) {
            println!("FAILED after {done} steps ({sequences} sequences):\n{failure}");
            println!("shrinking…");
            let shrunk = runner.run_one(tree, |ops| {
                model::Harness::run(&ops).map_err(TestCaseError::fail)
            });
            if let Err(e) = shrunk {
                println!("{e}");
            }
            std::process::exit(1);
        }
        // Each sequence ends with a restart, checked like any step.
        done += ops.len() + 1;
        sequences += 1;
        if sequences % 200 == 0 {
            println!(
                "  {done} steps, {sequences} sequences, {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "ok: {done} steps in {sequences} sequences, no disagreement with the model; \
         {secs:.1} s ({:.0} steps/s)",
        done as f64 / secs
    );
}
