//! The embedded image: a persistent, transactional GemStone-style code image.
//!
//! An [`Image`] is one file on disk holding symbol dictionaries, classes,
//! metaclasses and methods. Many sessions use it at once, each through its
//! own transaction view, with GemStone's commit / abort / refresh semantics.
//!
//! This crate must never depend on MCP, HTTP or WebAssembly: it is the
//! image, usable alone (see the `gs-image` example binary), and the rest of
//! the server reaches it only through its public API.
