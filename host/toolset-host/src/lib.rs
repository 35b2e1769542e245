//! The WebAssembly toolset host of gs-mcp.
//!
//! Vendors ship toolsets as WebAssembly components built for the `toolset`
//! world of the WIT package `gemstone:mcp` (`wit/` at the repository root).
//! This crate loads them and runs them behind the same
//! [`gs_toolset::Toolset`] trait as the built-in toolset, so the rest of the
//! server cannot tell them apart.
//!
//! Core concepts:
//!
//! - [`ToolsetHost`]: one wasmtime engine (component model, Cranelift,
//!   pooling allocator, epoch interruption) with one epoch ticker thread.
//!   [`ToolsetHost::load`] checks a toolset's pinned SHA-256, compiles it
//!   (or loads the compiled artefact from the on-disk cache, keyed by file
//!   digest and engine settings), refuses a component built against another
//!   major version of the WIT package naming both versions, pre-instantiates
//!   it and asks it to describe itself.
//! - [`WasmToolset`]: a loaded toolset; [`WasmSession`]: one MCP session's
//!   own instance of it, created on first use in microseconds.
//! - Calls are futures ([`gs_toolset::ToolsetSession::call`]): the guest
//!   runs on the thread that polls the call and yields at every epoch tick
//!   (wasmtime's own async yielding); a long computation takes turns on
//!   the long-call lanes (see `lanes`). Image host functions run on the
//!   session's image worker ([`gs_toolset::CallContext::blocking`]). In
//!   the server the broker polls every call on that worker, so no guest
//!   ever runs on an async thread.
//! - Per call: a deadline (epoch interruption), a memory cap (a resource
//!   limiter), an output cap. A trap becomes an `isError` result whose kind
//!   is one of `deadline`, `cancelled`, `outOfMemory`, `stackOverflow`,
//!   `panic`, `trap` or `outputTooLarge` (see [`gs_toolset::ErrorKind`]),
//!   the instance is dropped, and the session's next call gets a fresh one.
//!   Other sessions are never affected: each has its own store. Every
//!   such crash is reported to [`HostConfig::crash_log`] (stderr by
//!   default) with the toolset, tool, session and the guest's WebAssembly
//!   backtrace, function names included; [`HostConfig::client_backtraces`]
//!   puts the backtrace in the client's error details too.
//! - Policy, enforced here at every host function and never delegated to
//!   the plug-in: grants (`image:read`, `image:execute`, `image:write`,
//!   preopened directories; deny by default), read-only sessions (every
//!   executing or mutating host call refused, non-read-only-safe tools
//!   hidden and refused), the kernel-class guard on every mutation, and
//!   capped results. WASI gives a plug-in no environment, no sockets, no
//!   arguments, no stdin and no files beyond granted directories, and its
//!   sleeps end at the call's deadline or cancellation. Its only network
//!   is wasi:http's outgoing requests to the origins granted it
//!   ([`Grants::net`]; see `net`), checked by the host request by request.
//! - Settings (`[toolset.config]`): checked at load against what the
//!   toolset declares ([`SettingDecl`]), read through the `config` host
//!   function; a secret's value is replaced by [`REDACTED`] in every log
//!   line, error and result the host passes on (see `settings`).
//!
//! Architecture invariant: this is the only crate of gs-mcp that links
//! wasmtime. It serves no HTTP (its only HTTP is plug-ins' granted
//! outgoing requests) and knows nothing of JSON-RPC or any image backend:
//! it reaches the image only through [`gs_toolset::ImageSession`].

mod bindings {
    //! Host bindings generated from `wit/` (the `toolset` world).
    #![allow(missing_docs)]
    wasmtime::component::bindgen!({
        path: "../../wit",
        world: "toolset",
        // Calls run as futures (see `wasm`): the host functions that may
        // take long, or whose notification the client should see at once,
        // are async so that they can step off the async thread first.
        imports: {
            "gemstone:mcp/image": async,
            "gemstone:mcp/execution": async,
            "gemstone:mcp/code": async,
            "gemstone:mcp/logging": async,
            "gemstone:mcp/client": async,
        },
        exports: { default: async },
    });
}
mod cache;
mod clocks;
mod config;
mod disk;
mod file_kinds;
mod file_streams;
mod handles;
mod host;
mod imports;
mod lanes;
mod listings;
mod net;
mod offers;
mod policy;
mod preopens;
mod quota;
mod schema;
mod settings;
mod shadow;
mod state;
mod version;
mod waits;
mod wasm;
mod watchdog;

pub use config::{
    CompileLog, Crash, CrashLog, DirGrant, Grants, HostConfig, Limits, NetGrant, WasmToolsetSpec,
    default_long_call_lanes, default_max_descriptors,
};
pub use host::{
    HostError, LoadError, LoadErrorKind, MAX_DESCRIPTION, MAX_SCHEMA, MAX_TITLE, MAX_TOOLS,
    ToolsetHost,
};
pub use offers::{MAX_OFFERS, MAX_URI, Offer};
pub use settings::{
    MAX_SETTING_BYTES, MAX_SETTINGS, MIN_SECRET_BYTES, REDACTED, SettingDecl, SettingInput,
    SettingType, Written,
};
pub use version::{PACKAGE, PACKAGE_VERSION};
pub use wasm::{WasmSession, WasmToolset};
