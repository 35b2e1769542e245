//! Idiomatic wrappers over the host functions a toolset imports.
//!
//! Each function answers `Result<_, Error>` or, for those added in
//! `gemstone:mcp@0.1.1`, `Result<_, Failure>`, so a tool can pass a host
//! failure on with `?`: a missing grant arrives as
//! [`ErrorKind::Refused`](crate::ErrorKind::Refused) naming the grant, a
//! read-only session as [`ErrorKind::ReadOnly`](crate::ErrorKind::ReadOnly).
//! A [`Failure`](crate::Failure) passed on keeps its details for the
//! client. Host functions work only inside a tool call.
//!
//! Off WebAssembly (a native `cargo test`) there is no host: with the
//! `testing` feature the functions answer from the
//! `testing::MockHost` the test installed; without it,
//! or with none installed, they panic — an ordinary, unwinding panic naming
//! the function — rather than reach the WIT imports, which exist only in a
//! component.

// Without a host, the functions only panic: their arguments go unused.
#![cfg_attr(
    all(not(target_arch = "wasm32"), not(any(test, feature = "testing"))),
    allow(unused_variables)
)]

#[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
use crate::__private::bindings::gemstone::mcp as wit;

/// Runs a host function: in a component through its WIT import
/// (`$wasm`), elsewhere through the installed mock host (`$native`, with
/// `$host` bound to it) or a panic naming `$name`.
macro_rules! host_fn {
    ($name:literal, $wasm:expr, |$host:ident| $native:expr) => {{
        #[cfg(target_arch = "wasm32")]
        {
            $wasm
        }
        #[cfg(all(not(target_arch = "wasm32"), any(test, feature = "testing")))]
        {
            crate::testing::with_host($name, |$host| $native)
        }
        #[cfg(all(not(target_arch = "wasm32"), not(any(test, feature = "testing"))))]
        {
            crate::no_host($name)
        }
    }};
}
pub(crate) use host_fn;

/// Look-ups in the caller's image session. Needs the `image:read` grant.
pub mod image {
    #[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
    use super::wit;
    use crate::types::{ClassInfo, MethodPage, MethodRefs, SourceMatchPage, SourceSearch};
    use crate::{Error, Failure};

    /// The symbol dictionaries of the session, in search order.
    pub fn dictionaries() -> Result<Vec<String>, Error> {
        host_fn!(
            "image::dictionaries",
            wit::image::dictionaries().map_err(Error::from),
            |host| host.dictionaries()
        )
    }

    /// The classes bound in `dictionary`, sorted.
    pub fn classes(dictionary: &str) -> Result<Vec<String>, Error> {
        host_fn!(
            "image::classes",
            wit::image::classes(dictionary).map_err(Error::from),
            |host| host.classes(dictionary)
        )
    }

    /// What the image knows about a class.
    pub fn describe_class(class_name: &str) -> Result<ClassInfo, Error> {
        host_fn!(
            "image::describe_class",
            wit::image::describe_class(class_name).map_err(Error::from),
            |host| host.describe_class(class_name)
        )
    }

    /// The selectors a class (its class side when `meta`) defines.
    pub fn selectors(class_name: &str, meta: bool) -> Result<Vec<String>, Error> {
        host_fn!(
            "image::selectors",
            wit::image::selectors(class_name, meta).map_err(Error::from),
            |host| host.selectors(class_name, meta)
        )
    }

    /// The source of one method.
    pub fn method_source(class_name: &str, meta: bool, selector: &str) -> Result<String, Error> {
        host_fn!(
            "image::method_source",
            wit::image::method_source(class_name, meta, selector).map_err(Error::from),
            |host| host.method_source(class_name, meta, selector)
        )
    }

    /// Methods implementing `selector`.
    pub fn implementors(selector: &str) -> Result<MethodRefs, Error> {
        host_fn!(
            "image::implementors",
            wit::image::implementors(selector).map_err(Error::from),
            |host| host.implementors(selector)
        )
    }

    /// Methods sending `selector`.
    pub fn senders(selector: &str) -> Result<MethodRefs, Error> {
        host_fn!(
            "image::senders",
            wit::image::senders(selector).map_err(Error::from),
            |host| host.senders(selector)
        )
    }

    /// Methods referencing the global or variable `name`.
    pub fn references_to(name: &str) -> Result<MethodRefs, Error> {
        host_fn!(
            "image::references_to",
            wit::image::references_to(name).map_err(Error::from),
            |host| host.references_to(name)
        )
    }

    /// Methods whose source contains `text`.
    pub fn search_source(text: &str, ignore_case: bool) -> Result<MethodRefs, Error> {
        host_fn!(
            "image::search_source",
            wit::image::search_source(text, ignore_case).map_err(Error::from),
            |host| host.search_source(text, ignore_case)
        )
    }

    /// The first `limit` methods implementing `selector` (at most the
    /// host's result cap), and in [`MethodPage::total`] how many do in all.
    /// A `limit` of 0 asks only for the total.
    pub fn implementors_page(selector: &str, limit: u32) -> Result<MethodPage, Failure> {
        host_fn!(
            "image::implementors_page",
            wit::image::implementors_page(selector, limit).map_err(Failure::from),
            |host| host.implementors_page(selector, limit)
        )
    }

    /// The first `limit` methods sending `selector`, with the total.
    pub fn senders_page(selector: &str, limit: u32) -> Result<MethodPage, Failure> {
        host_fn!(
            "image::senders_page",
            wit::image::senders_page(selector, limit).map_err(Failure::from),
            |host| host.senders_page(selector, limit)
        )
    }

    /// The first `limit` methods referencing the global or variable
    /// `name`, with the total. A name that names nothing fails with
    /// [`ErrorKind::NotFound`](crate::ErrorKind::NotFound).
    pub fn references_page(name: &str, limit: u32) -> Result<MethodPage, Failure> {
        host_fn!(
            "image::references_page",
            wit::image::references_page(name, limit).map_err(Failure::from),
            |host| host.references_page(name, limit)
        )
    }

    /// The first `limit` methods whose source contains `text` — ASCII
    /// letters in either case when `ignore_case`, only in classes of
    /// `dictionary` when given — with the total.
    pub fn search_source_page(
        text: &str,
        ignore_case: bool,
        dictionary: Option<&str>,
        limit: u32,
    ) -> Result<MethodPage, Failure> {
        let search = SourceSearch {
            text: text.to_string(),
            ignore_case,
            dictionary: dictionary.map(str::to_string),
        };
        host_fn!(
            "image::search_source_page",
            wit::image::search_source_page(&search, limit).map_err(Failure::from),
            |host| host.search_source_page(&search, limit)
        )
    }

    /// As [`search_source_page`], only in the methods of `class_name` (both
    /// sides) when given, each method on the page with the numbers of its
    /// source's lines that hold `text` (needs a 0.1.4 host).
    pub fn search_source_lines(
        text: &str,
        ignore_case: bool,
        dictionary: Option<&str>,
        class_name: Option<&str>,
        limit: u32,
    ) -> Result<SourceMatchPage, Failure> {
        let search = SourceSearch {
            text: text.to_string(),
            ignore_case,
            dictionary: dictionary.map(str::to_string),
        };
        host_fn!(
            "image::search_source_lines",
            wit::image::search_source_lines(&search, class_name, limit).map_err(Failure::from),
            |host| host.search_source_lines(&search, class_name, limit)
        )
    }
}

/// Running Smalltalk. Needs the `image:execute` grant; refused in a
/// read-only session.
pub mod execution {
    #[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
    use super::wit;
    use crate::types::{Doit, Evaluation};
    use crate::{Error, Failure};

    /// Runs `code` and answers its result's print string.
    pub fn execute(code: &str) -> Result<String, Error> {
        host_fn!(
            "execution::execute",
            wit::execution::execute(code).map_err(Error::from),
            |host| host.execute(code)
        )
    }

    /// Runs `code` and answers what it reported: the print string (and
    /// whether it was cut) and the Transcript. A syntax error fails with
    /// the positions of its errors in `code`, an unhandled exception with
    /// its class and description (see [`Failure`]).
    pub fn execute_detailed(code: &str) -> Result<Doit, Failure> {
        host_fn!(
            "execution::execute_detailed",
            wit::execution::execute_detailed(code).map_err(Failure::from),
            |host| host.execute_detailed(code)
        )
    }

    /// As [`execute_detailed`], answering also the name of the class of
    /// the doit's value (needs a 0.1.4 host).
    pub fn evaluate(code: &str) -> Result<Evaluation, Failure> {
        host_fn!(
            "execution::evaluate",
            wit::execution::evaluate(code).map_err(Failure::from),
            |host| host.evaluate(code)
        )
    }
}

/// Changing code. Needs the `image:write` grant; refused in a read-only
/// session and for kernel classes.
///
/// A change to a method or class this session's tools were shown in
/// another form — another session committed a change to it since, so
/// writing the edit back would overwrite that change unseen — fails with
/// kind `other` and a message saying so; the `_detailed` forms carry the
/// current source or definition in the failure's details. Read it again
/// ([`super::image::method_source`], [`super::image::describe_class`]),
/// apply the edit to what it holds now and write that: the new read lets
/// the write through. A method or class never read is written as it is.
pub mod code {
    #[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
    use super::wit;
    use crate::types::{ClassDefinition, MethodRef};
    use crate::{Error, Failure};

    /// Compiles a method into a class and answers its selector.
    pub fn compile_method(
        class_name: &str,
        meta: bool,
        category: Option<&str>,
        source: &str,
    ) -> Result<String, Error> {
        host_fn!(
            "code::compile_method",
            wit::code::compile_method(class_name, meta, category, source).map_err(Error::from),
            |host| host.compile_method(class_name, meta, category, source)
        )
    }

    /// Defines or redefines a class.
    pub fn define_class(definition: &ClassDefinition) -> Result<(), Error> {
        host_fn!(
            "code::define_class",
            wit::code::define_class(definition).map_err(Error::from),
            |host| host.define_class(definition)
        )
    }

    /// Compiles a method and answers it, named by its class's own name
    /// also when `class_name` is an alias. A compile error fails with the
    /// position of each error in `source` (see [`Failure`]).
    pub fn compile_method_detailed(
        class_name: &str,
        meta: bool,
        category: Option<&str>,
        source: &str,
    ) -> Result<MethodRef, Failure> {
        host_fn!(
            "code::compile_method_detailed",
            wit::code::compile_method_detailed(class_name, meta, category, source)
                .map_err(Failure::from),
            |host| host.compile_method_detailed(class_name, meta, category, source)
        )
    }

    /// Defines or redefines a class, failing with the image's details.
    pub fn define_class_detailed(definition: &ClassDefinition) -> Result<(), Failure> {
        host_fn!(
            "code::define_class_detailed",
            wit::code::define_class_detailed(definition).map_err(Failure::from),
            |host| host.define_class_detailed(definition)
        )
    }

    /// Removes a method.
    pub fn delete_method(class_name: &str, meta: bool, selector: &str) -> Result<(), Error> {
        host_fn!(
            "code::delete_method",
            wit::code::delete_method(class_name, meta, selector).map_err(Error::from),
            |host| host.delete_method(class_name, meta, selector)
        )
    }

    /// Removes a class.
    pub fn delete_class(class_name: &str) -> Result<(), Error> {
        host_fn!(
            "code::delete_class",
            wit::code::delete_class(class_name).map_err(Error::from),
            |host| host.delete_class(class_name)
        )
    }

    /// Replaces a class comment.
    pub fn set_class_comment(class_name: &str, comment: &str) -> Result<(), Error> {
        host_fn!(
            "code::set_class_comment",
            wit::code::set_class_comment(class_name, comment).map_err(Error::from),
            |host| host.set_class_comment(class_name, comment)
        )
    }
}

/// Facts about the calling session. No grant needed.
pub mod session {
    #[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
    use super::wit;
    use crate::types::ServerIdentity;

    /// True if the session is read-only.
    pub fn read_only() -> bool {
        host_fn!("session::read_only", wit::session::read_only(), |host| host
            .read_only())
    }

    /// The image user the session runs as.
    pub fn user() -> String {
        host_fn!("session::user", wit::session::user(), |host| host.user())
    }

    /// The MCP server's identity.
    pub fn server() -> ServerIdentity {
        host_fn!("session::server", wit::session::server(), |host| host
            .server())
    }

    /// The grants the operator gave this toolset (`image:read`, …).
    pub fn grants() -> Vec<String> {
        host_fn!("session::grants", wit::session::grants(), |host| host
            .grants())
    }
}

/// Log lines and progress for the client. No grant needed; best-effort.
pub mod log {
    #[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
    use super::wit;
    use crate::types::LogLevel;

    /// Sends a log line at `level`.
    pub fn log(level: LogLevel, message: &str) {
        host_fn!("log::log", wit::logging::log(level, message), |host| host
            .log(level, message));
    }

    /// Sends a debug line.
    pub fn debug(message: &str) {
        log(LogLevel::Debug, message);
    }

    /// Sends an info line.
    pub fn info(message: &str) {
        log(LogLevel::Info, message);
    }

    /// Sends a warning.
    pub fn warning(message: &str) {
        log(LogLevel::Warning, message);
    }

    /// Sends an error line.
    pub fn error(message: &str) {
        log(LogLevel::Error, message);
    }

    /// Reports progress of the current call; `progress` must increase.
    pub fn progress(progress: f64, total: Option<f64>, message: Option<&str>) {
        host_fn!(
            "log::progress",
            wit::logging::progress(progress, total, message),
            |host| host.progress(progress, total, message)
        );
    }
}
