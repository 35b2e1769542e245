//! One session, one view: random sequences of Smalltalk changes, tool
//! changes, commits, aborts, a second session's refreshes and restarts,
//! checked against a reference model after every step (see
//! `tests/model/mod.rs`). The sequences are seeded, so a run is
//! reproducible, and a failure is shrunk to a minimal sequence; each such
//! sequence found so far is kept below as a named test.
//!
//! `cargo bench -p gs-builtin --bench session_view_soak` runs many more
//! steps.

mod model;

use model::{Harness, NewVal, Op};
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

/// The seed of the sequences `cargo test` runs.
const SEED: [u8; 32] = *b"gs-mcp issue 22: one view, seed1";

#[test]
fn random_sequences_agree_with_the_model() {
    let config = Config {
        cases: 300,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &SEED));
    let outcome = runner.run(&model::ops(12), |ops| {
        Harness::run(&ops).map_err(TestCaseError::fail)
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }
}

#[track_caller]
fn replay(ops: &[Op]) {
    if let Err(e) = Harness::run(ops) {
        panic!("{e}");
    }
}

#[test]
fn a_removed_class_alias_is_committed() {
    replay(&[
        Op::Put(0, NewVal::Object),
        Op::Commit,
        Op::RemoveGlobal(0),
        Op::Commit,
        Op::RefreshOther,
    ]);
}

#[test]
fn a_removed_class_binding_is_committed() {
    replay(&[
        Op::Define(0, vec![0]),
        Op::Put(1, NewVal::Class(0)),
        Op::Commit,
        Op::Unbind(0),
        Op::Commit,
    ]);
}

#[test]
fn a_method_may_name_a_global_bound_but_not_committed() {
    replay(&[
        Op::Define(0, vec![]),
        Op::Put(0, NewVal::Int(1)),
        Op::ToolCompile(0, 3),
        Op::Compile(0, 3),
    ]);
}

#[test]
fn redefining_with_an_instance_variable_a_temporary_uses_removes_the_method() {
    replay(&[
        Op::Define(1, vec![0]),
        Op::Compile(1, 2),
        Op::Compile(1, 1),
        Op::Define(1, vec![0, 1]),
        Op::ToolCompile(1, 2),
        Op::Commit,
    ]);
}
