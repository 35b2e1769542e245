//! GemStone-dialect Smalltalk syntax.
//!
//! This crate turns Smalltalk source text — a method, or an expression
//! sequence such as `execute_code` receives — into an abstract syntax tree
//! that keeps the exact byte span of every node, so tools can point at a
//! line and column and the image can store a method's source exactly as it
//! was compiled.
//!
//! It knows nothing of classes, images, storage, MCP or WebAssembly: the
//! static checks that need to know which names exist take that knowledge
//! from the caller through a trait.

pub mod ast;
pub mod lexer;
pub mod number;
pub mod parser;
pub mod print;
pub mod span;

pub use parser::{MAX_NESTING, SyntaxError, parse_doit, parse_expression, parse_method};
pub use print::{print_doit, print_expression, print_literal, print_method};
pub use span::{LineIndex, Span};
