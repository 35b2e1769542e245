//! Write gs-mcp toolsets in Rust.
//!
//! A toolset is a WebAssembly component that offers MCP tools to the
//! clients of a gs-mcp server (a Model Context Protocol server for
//! GemStone/S Smalltalk images). With this crate a toolset is plain Rust:
//!
//! - a function per tool, taking its arguments as a Rust type and
//!   answering a Rust type ([`Tool::typed`]: both JSON Schemas derived from
//!   the types, doc comments as descriptions, and enforced on the way in
//!   and out) — or an [`Output`] of text, images and resources
//!   ([`Tool::new`]) — or an [`Error`] (whose [`ErrorKind`] the client sees
//!   as `structuredContent.error.kind`);
//! - a [`Toolset`] listing the tools, each with its schemas (derived, or
//!   built with [`Schema`]) and a read-only-safe flag;
//! - the [`Setting`]s it reads from the operator's configuration, if any
//!   (their values come from [`config`]);
//! - optionally, [`Resource`]s, [`ResourceTemplate`]s and [`Prompt`]s
//!   (with completion of their variables and arguments), served beside
//!   the tools ([`Toolset::resource`], [`Toolset::template`],
//!   [`Toolset::prompt`]);
//! - one [`export_toolset!`] line that turns it into the component's exports.
//!
//! The image is reached through [`image`] (look-ups), [`execution`]
//! (running Smalltalk), [`code`] (changing code) and [`session`] (facts),
//! each a thin wrapper over the host functions of the WIT package
//! `gemstone:mcp@0.1.6`; [`log`] sends log lines and progress to the
//! client, [`client`] asks the client (a form, its model, its roots),
//! and [`http`] calls the HTTP origins the operator granted. Searches
//! come paged with their true total ([`image::senders_page`] and its
//! siblings), and the functions added in
//! 0.1.1 fail with a [`Failure`] carrying the image's particulars
//! (compile-error positions, the exception class), which `?` passes on to
//! the client unchanged. The server's operator decides what a toolset may reach (grants);
//! a host function called without its grant fails with
//! [`ErrorKind::Refused`] naming the grant.
//!
//! Build with `cargo build --release --target wasm32-wasip2`; nothing else
//! is needed. The crate's README is a complete tutorial.
//!
//! ```
//! use gs_mcp_sdk::{Error, Output, Schema, Tool, Toolset};
//! use serde::Deserialize;
//!
//! #[derive(Deserialize)]
//! struct Greet {
//!     name: String,
//! }
//!
//! fn greet(args: Greet) -> Result<Output, Error> {
//!     if args.name.is_empty() {
//!         return Err(Error::invalid_params("`name` must not be empty"));
//!     }
//!     Ok(Output::text(format!("Hello, {}!", args.name)))
//! }
//!
//! fn toolset() -> Toolset {
//!     Toolset::new("hello", "1.0.0").tool(
//!         Tool::new("greet", "Greets someone by name.", greet)
//!             .input(Schema::object().required("name", Schema::string().describe("Who to greet")))
//!             .read_only_safe(),
//!     )
//! }
//!
//! // In the plug-in crate (crate-type "cdylib"):
//! // gs_mcp_sdk::export_toolset!(toolset);
//!
//! // Tools can be tried on the host, without WebAssembly:
//! let out = toolset().call_json("greet", r#"{"name": "Ada"}"#).unwrap();
//! assert_eq!(out.text_content(), "Hello, Ada!");
//! let err = toolset().call_json("greet", r#"{"nme": "Ada"}"#).unwrap_err();
//! assert_eq!(err.kind, gs_mcp_sdk::ErrorKind::InvalidParams);
//! ```
//!
//! Tools that call host functions run natively too, in `cargo test`, with
//! the `testing` feature's mock host: see the module `testing` (enabled with the
//! feature). Without it, a host function called off WebAssembly panics
//! with a message naming it.
//!
//! This crate depends only on serde, serde_json, schemars and wit-bindgen;
//! it knows nothing of the server's internals.

extern crate self as gs_mcp_sdk;

pub mod client;
pub mod config;
mod host;
pub mod http;
mod offers;
mod output;
mod schema;
mod settings;
#[cfg(all(not(target_arch = "wasm32"), any(test, feature = "testing")))]
pub mod testing;
mod toolset;
mod validate;

/// What the crate's unit tests share.
#[cfg(test)]
mod test_support {
    /// The panic message of `f`, which must panic (the message a vendor
    /// would read).
    pub(crate) fn panic_of<T>(f: impl FnOnce() -> T) -> String {
        let quiet = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let payload = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
            .map(|_| ())
            .unwrap_err();
        std::panic::set_hook(quiet);
        payload
            .downcast_ref::<String>()
            .cloned()
            .expect("a formatted panic message")
    }
}

pub use host::{code, execution, image, log, session};
pub use offers::{
    Body, Completion, CompletionRef, Contents, MAX_COMPLETION_VALUES, Prompt, PromptMessage,
    PromptReply, Resource, ResourceTemplate, Role, Values,
};
pub use output::{Content, Error, ErrorKind, Failure, Output};
pub use schema::{ObjectSchema, Schema};
pub use settings::Setting;
pub use toolset::{TaskSupport, Tool, Toolset};

/// The schemars crate, whose `JsonSchema` derive describes a tool's
/// argument and result types ([`Tool::typed`], [`Schema::of`]). Derive
/// with the vendor crate's own `schemars = "1"` dependency (the derive
/// names `schemars::…`), the same major version as this one.
pub use schemars;

/// The WIT data types the host functions take and answer.
pub mod types {
    pub use crate::__private::bindings::gemstone::mcp::types::{
        ClassDefinition, ClassInfo, Doit, Evaluation, LogLevel, MethodPage, MethodRef, MethodRefs,
        ServerIdentity, SourceMatch, SourceMatchPage, SourceSearch,
    };
}

/// A host function called off WebAssembly without the test harness: an
/// ordinary, unwinding panic naming the function, which a test can catch
/// (the WIT import it stands for exists only inside a component, and its
/// native stub would abort the process).
#[cfg(all(not(target_arch = "wasm32"), not(any(test, feature = "testing"))))]
#[cold]
#[track_caller]
fn no_host(function: &str) -> ! {
    panic!(
        "gs_mcp_sdk::{function} is a host function: it runs only inside gs-mcp, in a \
         WebAssembly component. To run a tool that calls it in a native test, enable \
         gs-mcp-sdk's `testing` feature (`[dev-dependencies] gs-mcp-sdk = {{ …, features = \
         [\"testing\"] }}`) and call the tool through a gs_mcp_sdk::testing::MockHost"
    )
}

/// Exports a toolset from a plug-in crate.
///
/// Give it the path of a function answering the [`Toolset`]; it is called
/// once per instance, on first use. The crate must be a `cdylib` built for
/// `wasm32-wasip2`.
///
/// ```ignore
/// fn toolset() -> gs_mcp_sdk::Toolset { /* … */ }
/// gs_mcp_sdk::export_toolset!(toolset);
/// ```
#[macro_export]
macro_rules! export_toolset {
    ($build:path) => {
        #[doc(hidden)]
        struct __GsMcpToolsetExport;

        impl $crate::__private::Guest for __GsMcpToolsetExport {
            fn describe() -> $crate::__private::WitDescription {
                $crate::__private::describe($build)
            }

            fn call(
                tool: ::std::string::String,
                arguments: ::std::string::String,
            ) -> ::std::result::Result<$crate::__private::WitOutput, $crate::__private::WitError>
            {
                $crate::__private::call($build, tool, arguments)
            }
        }

        impl $crate::__private::ResourcesGuest for __GsMcpToolsetExport {
            fn fixed() -> ::std::vec::Vec<$crate::__private::WitResourceInfo> {
                $crate::__private::fixed_resources($build)
            }

            fn templates() -> ::std::vec::Vec<$crate::__private::WitResourceTemplate> {
                $crate::__private::resource_templates($build)
            }

            fn read(
                uri: ::std::string::String,
            ) -> ::std::result::Result<
                ::std::vec::Vec<$crate::__private::WitEmbeddedResource>,
                $crate::__private::WitFailure,
            > {
                $crate::__private::read($build, uri)
            }
        }

        impl $crate::__private::PromptsGuest for __GsMcpToolsetExport {
            fn all() -> ::std::vec::Vec<$crate::__private::WitPromptInfo> {
                $crate::__private::prompts($build)
            }

            fn get(
                name: ::std::string::String,
                arguments: ::std::vec::Vec<(::std::string::String, ::std::string::String)>,
            ) -> ::std::result::Result<$crate::__private::WitPrompt, $crate::__private::WitFailure>
            {
                $crate::__private::get_prompt($build, name, arguments)
            }
        }

        impl $crate::__private::RequirementsGuest for __GsMcpToolsetExport {
            fn tool_grants() -> ::std::vec::Vec<$crate::__private::WitToolRequirement> {
                $crate::__private::tool_grants($build)
            }
        }

        impl $crate::__private::OfferRequirementsGuest for __GsMcpToolsetExport {
            fn offer_grants() -> ::std::vec::Vec<$crate::__private::WitOfferRequirement> {
                $crate::__private::offer_grants($build)
            }
        }

        impl $crate::__private::TasksGuest for __GsMcpToolsetExport {
            fn task_support() -> ::std::vec::Vec<$crate::__private::WitToolTaskSupport> {
                $crate::__private::task_support($build)
            }
        }

        impl $crate::__private::SettingsGuest for __GsMcpToolsetExport {
            fn declare() -> ::std::vec::Vec<$crate::__private::WitSetting> {
                $crate::__private::declare_settings($build)
            }
        }

        impl $crate::__private::CompletionGuest for __GsMcpToolsetExport {
            fn complete(
                request: $crate::__private::WitCompletionRequest,
            ) -> ::std::result::Result<
                $crate::__private::WitCompletion,
                $crate::__private::WitFailure,
            > {
                $crate::__private::complete($build, request)
            }
        }

        $crate::__private::bindings::__export_toolset_world!(
            __GsMcpToolsetExport with_types_in $crate::__private::bindings
        );
    };
}

#[doc(hidden)]
pub mod __private {
    //! Used by [`export_toolset!`](crate::export_toolset); not part of the
    //! public API.

    pub use wit_bindgen;

    pub use crate::toolset::{
        call, complete, declare_settings, describe, fixed_resources, get_prompt, offer_grants,
        prompts, read, resource_templates, task_support, tool_grants,
    };
    pub use bindings::exports::gemstone::mcp::completion::Guest as CompletionGuest;
    pub use bindings::exports::gemstone::mcp::offer_requirements::Guest as OfferRequirementsGuest;
    pub use bindings::exports::gemstone::mcp::prompts::Guest as PromptsGuest;
    pub use bindings::exports::gemstone::mcp::requirements::Guest as RequirementsGuest;
    pub use bindings::exports::gemstone::mcp::resources::Guest as ResourcesGuest;
    pub use bindings::exports::gemstone::mcp::settings::Guest as SettingsGuest;
    pub use bindings::exports::gemstone::mcp::tasks::Guest as TasksGuest;
    pub use bindings::exports::gemstone::mcp::tools::{
        Error as WitError, Guest, ToolOutput as WitOutput, ToolsetDescription as WitDescription,
    };
    pub use bindings::gemstone::mcp::types::{
        Completion as WitCompletion, CompletionRequest as WitCompletionRequest,
        EmbeddedResource as WitEmbeddedResource, Failure as WitFailure,
        OfferRequirement as WitOfferRequirement, Prompt as WitPrompt, PromptInfo as WitPromptInfo,
        ResourceInfo as WitResourceInfo, ResourceTemplate as WitResourceTemplate,
        Setting as WitSetting, ToolRequirement as WitToolRequirement,
        ToolTaskSupport as WitToolTaskSupport,
    };

    #[allow(missing_docs, clippy::all)]
    pub mod bindings {
        //! Guest bindings generated from the WIT package.
        wit_bindgen::generate!({
            // A copy of the repository's `wit/`, so that the crate carries
            // its contract when published; `tests/wit_copy.rs` keeps the
            // two identical.
            path: "wit",
            world: "toolset",
            pub_export_macro: true,
            export_macro_name: "__export_toolset_world",
            default_bindings_module: "gs_mcp_sdk::__private::bindings",
            runtime_path: "gs_mcp_sdk::__private::wit_bindgen::rt",
        });
    }
}
