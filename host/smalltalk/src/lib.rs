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
//!
//! # Concepts
//!
//! - **Source positions** ([`span`]): every node has a [`Span`] of byte
//!   offsets; a [`LineIndex`] turns an offset into a 1-based line and a
//!   column counted in characters.
//! - **Tokens** ([`lexer`]): the [`Lexer`](lexer::Lexer) cuts text into
//!   tokens without allocating; comments and white space are skipped.
//! - **Trees** ([`ast`]): [`parse_method`] gives a [`MethodNode`](ast::MethodNode)
//!   (pattern, temporaries, pragmas, statements), [`parse_doit`] a
//!   [`DoitNode`](ast::DoitNode) (temporaries and statements), and
//!   [`parse_expression`] a single [`Expr`](ast::Expr). Literals carry their
//!   values; integers are [`num_bigint::BigInt`]. `walk` visits every
//!   expression of a tree.
//! - **Input**: the parser takes `&str`; [`parser::decode_source`] turns
//!   file bytes into text, reporting invalid UTF-8 with its position.
//! - **Errors**: a [`SyntaxError`] says what is wrong and where
//!   (`line 3, column 7: expected ']' to close the block opened at …`).
//!   Parsing reports the first mistake exactly and, after skipping to the
//!   next statement, later independent ones. Nesting deeper than
//!   [`MAX_NESTING`] levels is an error, never a stack overflow.
//! - **Checks and facts** ([`check`]): [`check_method`](check::check_method)
//!   reports undeclared names, assignments to arguments or `self`, and
//!   duplicate declarations, resolving outer names through a
//!   [`NameScope`](check::NameScope); it also lists the selectors a method
//!   sends and the globals, class and pool variables it references.
//! - **Printing** ([`print`](mod@print)): [`print_method`] writes a tree back in one
//!   canonical layout that parses to an equal tree.
//! - **Letter case** ([`case`]): the one-for-one case mapping of
//!   `Character>>asLowercase` and `asUppercase`, shared by the interpreter
//!   and the image's case-insensitive source search.
//!
//! # Example
//!
//! ```
//! use gs_smalltalk::check::{check_method, NameKind};
//! use gs_smalltalk::{parse_method, print_method};
//!
//! let source = "deposit: amount\n\t\"Add to the balance.\"\n\tbalance := balance + amount.\n\t^self";
//! let method = parse_method(source).expect("valid method");
//! assert_eq!(method.selector(), "deposit:");
//!
//! // The class declares `balance`; nothing else is visible.
//! let scope = |name: &str| (name == "balance").then_some(NameKind::InstanceVariable);
//! let checked = check_method(&method, source, &scope);
//! assert!(checked.is_ok());
//! assert_eq!(checked.sends, ["+"]);
//!
//! // Canonical text: comments and layout are not kept.
//! assert_eq!(print_method(&method), "deposit: amount\n\tbalance := balance + amount.\n\t^self\n");
//!
//! // Mistakes come with a line and column.
//! let errors = parse_method("foo\n\t^[:x | x + 1").unwrap_err();
//! assert_eq!(
//!     errors[0].to_string(),
//!     "line 2, column 14: expected ']' to close the block opened at line 2, column 3, \
//!      found the end of the text"
//! );
//! ```

pub mod ast;
pub mod case;
pub mod check;
pub mod lexer;
pub mod number;
pub mod parser;
pub mod print;
pub mod span;

pub use parser::{MAX_NESTING, SyntaxError, parse_doit, parse_expression, parse_method};
pub use print::{print_doit, print_expression, print_literal, print_method};
pub use span::{LineIndex, Span};
