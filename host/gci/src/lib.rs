//! GemStone/S 64's thread-safe C interface, `libgcits`, behind a safe API.
//!
//! The library is loaded at run time ([`Library::open`]; never linked at
//! build time), and only the functions gs-mcp calls are resolved. A
//! [`Session`] is one GCI session (one gem, one transaction view) with the
//! non-blocking execution protocol: [`Session::start_execute`], then
//! [`Session::poll`] or readiness of [`Session::socket`], then
//! [`Session::result`]; [`Session::break_`] or a [`BreakHandle`] stops a
//! call. GemStone's errors are [`GciError`] values. No raw pointer leaves
//! this crate. Checked against the headers of GemStone/S 64 3.7.5 (and
//! 3.7.0 to 3.7.4.1); see `docs/gemstone.md`.
//!
//! **Architecture invariant:** knows nothing of MCP, the toolset contract,
//! the embedded image, the interpreter, the broker, the router, wasmtime
//! or hyper; it depends on no workspace crate. The GemStone backend will
//! build on it.

#![cfg(unix)]

mod error;
mod ffi;
mod library;
mod oop;
mod session;

pub use error::{Error, ErrorClass, ErrorKind, GciError, number};
pub use library::{Library, SYMBOLS, find_library, library_path};
pub use oop::Oop;
pub use session::{BreakHandle, DEFAULT_FETCH_LIMIT, Login, Password, Session};
