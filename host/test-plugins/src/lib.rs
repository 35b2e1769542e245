//! The test plug-ins of gs-mcp, built from `plugins/` for `wasm32-wasip2`
//! by this crate's build script, and their component paths.
//!
//! Tests and benchmarks of the toolset host depend on this crate and load
//! the components from the paths below; `cargo test` alone builds them
//! (once per change of `plugins/`, `sdk/` or `wit/`). Unpublished.

include!(concat!(env!("OUT_DIR"), "/gen.rs"));

/// `plugins/hello` as built against `gemstone:mcp@0.1.0`, committed rather
/// than built: a component a vendor shipped before the package's later
/// additions, which every host of the 0.1 line must keep loading and
/// running unchanged. Rebuilding it from today's tree would import the
/// newest version instead, so it is never rebuilt.
pub const HELLO_0_1_0: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/hello-0.1.0.wasm");

/// `plugins/hello` as built against `gemstone:mcp@0.1.1`, committed for the
/// same reason as [`HELLO_0_1_0`]: a 0.1.1 component exports no resources,
/// prompts or completion, and must load and answer unchanged on hosts of
/// later 0.1 versions. Built from commit 8e16c5d (the last whose `wit/` was
/// 0.1.1) in a `git worktree` with its own target directory:
/// `cargo build --release --target wasm32-wasip2 --manifest-path
/// plugins/Cargo.toml -p hello` (rustc 1.95.0).
pub const HELLO_0_1_1: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/hello-0.1.1.wasm");

/// `plugins/hello` as built against `gemstone:mcp@0.1.2`, committed for the
/// same reason as [`HELLO_0_1_0`]: a 0.1.2 component exports no
/// `requirements`, so every one of its tools is offered and each host
/// function checks its own grant. Built from the last commit whose `wit/`
/// was at 0.1.2 (see `fixtures/README.md`).
pub const HELLO_0_1_2: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/hello-0.1.2.wasm");

/// `plugins/hello` as built against `gemstone:mcp@0.1.4`, committed for the
/// same reason as [`HELLO_0_1_0`]: a 0.1.4 component exports no `tasks`
/// and imports no `client.start-task`, so none of its tools becomes a
/// task, and it must load and answer unchanged on hosts of later 0.1
/// versions. Built from 804073e, the last commit whose `wit/` was 0.1.4
/// (see `fixtures/README.md`).
pub const HELLO_0_1_4: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/hello-0.1.4.wasm");

/// `plugins/hello` as built against `gemstone:mcp@0.1.5`, committed for
/// the same reason: a component of the newest version before
/// `offer-requirements` (0.1.6). Built from 1dc257a's `wit/` (see
/// `fixtures/README.md`).
pub const HELLO_0_1_5: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/hello-0.1.5.wasm");

/// `plugins/acme_db` as built against `gemstone:mcp@0.1.0`, committed for
/// the same reason as [`HELLO_0_1_0`]: the example vendor toolset as it
/// first shipped, whose reports must answer unchanged on later hosts.
/// Built from commit e2c9767 (`wit/` at 0.1.0; see `fixtures/README.md`).
pub const ACME_DB_0_1_0: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/acme_db-0.1.0.wasm");
