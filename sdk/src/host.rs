//! Idiomatic wrappers over the host functions a toolset imports.
//!
//! Each function answers `Result<_, Error>` or, for those added in
//! `gemstone:mcp@0.1.1`, `Result<_, Failure>`, so a tool can pass a host
//! failure on with `?`: a missing grant arrives as
//! [`ErrorKind::Refused`](crate::ErrorKind::Refused) naming the grant, a
//! read-only session as [`ErrorKind::ReadOnly`](crate::ErrorKind::ReadOnly).
//! A [`Failure`](crate::Failure) passed on keeps its details for the
//! client. Host functions work only inside a tool call.

use crate::__private::bindings::gemstone::mcp as wit;

/// Look-ups in the caller's image session. Needs the `image:read` grant.
pub mod image {
    use super::wit;
    use crate::types::{ClassInfo, MethodPage, MethodRefs, SourceSearch};
    use crate::{Error, Failure};

    /// The symbol dictionaries of the session, in search order.
    pub fn dictionaries() -> Result<Vec<String>, Error> {
        wit::image::dictionaries().map_err(Error::from)
    }

    /// The classes bound in `dictionary`, sorted.
    pub fn classes(dictionary: &str) -> Result<Vec<String>, Error> {
        wit::image::classes(dictionary).map_err(Error::from)
    }

    /// What the image knows about a class.
    pub fn describe_class(class_name: &str) -> Result<ClassInfo, Error> {
        wit::image::describe_class(class_name).map_err(Error::from)
    }

    /// The selectors a class (its class side when `meta`) defines.
    pub fn selectors(class_name: &str, meta: bool) -> Result<Vec<String>, Error> {
        wit::image::selectors(class_name, meta).map_err(Error::from)
    }

    /// The source of one method.
    pub fn method_source(class_name: &str, meta: bool, selector: &str) -> Result<String, Error> {
        wit::image::method_source(class_name, meta, selector).map_err(Error::from)
    }

    /// Methods implementing `selector`.
    pub fn implementors(selector: &str) -> Result<MethodRefs, Error> {
        wit::image::implementors(selector).map_err(Error::from)
    }

    /// Methods sending `selector`.
    pub fn senders(selector: &str) -> Result<MethodRefs, Error> {
        wit::image::senders(selector).map_err(Error::from)
    }

    /// Methods referencing the global or variable `name`.
    pub fn references_to(name: &str) -> Result<MethodRefs, Error> {
        wit::image::references_to(name).map_err(Error::from)
    }

    /// Methods whose source contains `text`.
    pub fn search_source(text: &str, ignore_case: bool) -> Result<MethodRefs, Error> {
        wit::image::search_source(text, ignore_case).map_err(Error::from)
    }

    /// The first `limit` methods implementing `selector` (at most the
    /// host's result cap), and in [`MethodPage::total`] how many do in all.
    /// A `limit` of 0 asks only for the total.
    pub fn implementors_page(selector: &str, limit: u32) -> Result<MethodPage, Failure> {
        wit::image::implementors_page(selector, limit).map_err(Failure::from)
    }

    /// The first `limit` methods sending `selector`, with the total.
    pub fn senders_page(selector: &str, limit: u32) -> Result<MethodPage, Failure> {
        wit::image::senders_page(selector, limit).map_err(Failure::from)
    }

    /// The first `limit` methods referencing the global or variable
    /// `name`, with the total. A name that names nothing fails with
    /// [`ErrorKind::NotFound`](crate::ErrorKind::NotFound).
    pub fn references_page(name: &str, limit: u32) -> Result<MethodPage, Failure> {
        wit::image::references_page(name, limit).map_err(Failure::from)
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
        wit::image::search_source_page(&search, limit).map_err(Failure::from)
    }
}

/// Running Smalltalk. Needs the `image:execute` grant; refused in a
/// read-only session.
pub mod execution {
    use super::wit;
    use crate::types::Doit;
    use crate::{Error, Failure};

    /// Runs `code` and answers its result's print string.
    pub fn execute(code: &str) -> Result<String, Error> {
        wit::execution::execute(code).map_err(Error::from)
    }

    /// Runs `code` and answers what it reported: the print string (and
    /// whether it was cut) and the Transcript. A syntax error fails with
    /// the positions of its errors in `code`, an unhandled exception with
    /// its class and description (see [`Failure`]).
    pub fn execute_detailed(code: &str) -> Result<Doit, Failure> {
        wit::execution::execute_detailed(code).map_err(Failure::from)
    }
}

/// Changing code. Needs the `image:write` grant; refused in a read-only
/// session and for kernel classes.
pub mod code {
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
        wit::code::compile_method(class_name, meta, category, source).map_err(Error::from)
    }

    /// Defines or redefines a class.
    pub fn define_class(definition: &ClassDefinition) -> Result<(), Error> {
        wit::code::define_class(definition).map_err(Error::from)
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
        wit::code::compile_method_detailed(class_name, meta, category, source)
            .map_err(Failure::from)
    }

    /// Defines or redefines a class, failing with the image's details.
    pub fn define_class_detailed(definition: &ClassDefinition) -> Result<(), Failure> {
        wit::code::define_class_detailed(definition).map_err(Failure::from)
    }

    /// Removes a method.
    pub fn delete_method(class_name: &str, meta: bool, selector: &str) -> Result<(), Error> {
        wit::code::delete_method(class_name, meta, selector).map_err(Error::from)
    }

    /// Removes a class.
    pub fn delete_class(class_name: &str) -> Result<(), Error> {
        wit::code::delete_class(class_name).map_err(Error::from)
    }

    /// Replaces a class comment.
    pub fn set_class_comment(class_name: &str, comment: &str) -> Result<(), Error> {
        wit::code::set_class_comment(class_name, comment).map_err(Error::from)
    }
}

/// Facts about the calling session. No grant needed.
pub mod session {
    use super::wit;
    use crate::types::ServerIdentity;

    /// True if the session is read-only.
    pub fn read_only() -> bool {
        wit::session::read_only()
    }

    /// The image user the session runs as.
    pub fn user() -> String {
        wit::session::user()
    }

    /// The MCP server's identity.
    pub fn server() -> ServerIdentity {
        wit::session::server()
    }

    /// The grants the operator gave this toolset (`image:read`, …).
    pub fn grants() -> Vec<String> {
        wit::session::grants()
    }
}

/// Log lines and progress for the client. No grant needed; best-effort.
pub mod log {
    use super::wit;
    use crate::types::LogLevel;

    /// Sends a log line at `level`.
    pub fn log(level: LogLevel, message: &str) {
        wit::logging::log(level, message);
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
        wit::logging::progress(progress, total, message);
    }
}
