//! The `gemstone` image backend: one client's session on a GemStone/S 64
//! stone, over GemStone's thread-safe C interface (gs-gci), behind
//! gs-toolset's [`ImageSession`].
//!
//! A [`Stone`] loads the client library once and logs sessions in (at most
//! `login_concurrency` logins at a time); each [`GemStoneSession`] is one
//! GCI session — one gem, one transaction view — and logs out when
//! dropped. Every [`ImageSession`] operation is Smalltalk run in that
//! session (all of it in `smalltalk.rs`, each expression with the sources
//! of its messages), whose answer is one framed String (the framing is
//! documented there; `wire.rs` parses it). Failures become the
//! [`ToolError`]s the embedded backend answers, with the same words.
//! A doit waits on the session's socket, watched by the async runtime, so
//! a long one holds no thread ([`ImageSession::execute_waiting`]); other
//! operations are short and wait on a thread of the runtime's blocking
//! pool, polling the library (`run.rs`). A cancelled call gets a soft
//! break, then, 300 ms later, a hard break. A lost connection marks the session dead
//! ([`GemStoneSession::is_dead`]).
//!
//! The code is laid out by concern: `stone.rs` (the settings, loading the
//! library, logging in), `session.rs` (a session's calls and the
//! [`ImageSession`] operations), `answers.rs` (reading the stone's answers
//! into the toolset's types, its error frames into [`ToolError`]s),
//! `smalltalk.rs` (the programs), `wire.rs` (the answers' framing),
//! `run.rs` (running one program) and `definition.rs` (reading a class
//! definition's source).
//!
//! Architecture: this crate joins gs-gci and the toolset contract. It must
//! not depend on the embedded image, the interpreter, the embedded
//! backend, the broker, the router, wasmtime or hyper (tests may).
//!
//! [`ImageSession`]: gs_toolset::ImageSession
//! [`ImageSession::execute_waiting`]: gs_toolset::ImageSession::execute_waiting
//! [`ToolError`]: gs_toolset::ToolError

#![cfg(unix)]

mod answers;
mod definition;
mod run;
mod session;
#[doc(hidden)]
pub mod smalltalk;
mod stone;
mod watch;
#[doc(hidden)]
pub mod wire;

pub use session::GemStoneSession;
pub use smalltalk::PRINT_CHARS;
pub use stone::{BackendError, Stone, StoneFacts, StoneSettings};
