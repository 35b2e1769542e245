//! The test plug-ins of gs-mcp, built from `plugins/` for `wasm32-wasip2`
//! by this crate's build script, and their component paths.
//!
//! Tests and benchmarks of the toolset host depend on this crate and load
//! the components from the paths below; `cargo test` alone builds them
//! (once per change of `plugins/`, `sdk/` or `wit/`). Unpublished.

include!(concat!(env!("OUT_DIR"), "/gen.rs"));
