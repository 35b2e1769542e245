//! Idiomatic wrappers over the host functions a toolset imports.
//!
//! Each function answers `Result<_, Error>`, so a tool can pass a host
//! failure on with `?`: a missing grant arrives as
//! [`ErrorKind::Refused`](crate::ErrorKind::Refused) naming the grant, a
//! read-only session as [`ErrorKind::ReadOnly`](crate::ErrorKind::ReadOnly).
//! Host functions work only inside a tool call.

use crate::__private::bindings::gemstone::mcp as wit;

/// Look-ups in the caller's image session. Needs the `image:read` grant.
pub mod image {
    use super::wit;
    use crate::Error;
    use crate::types::{ClassInfo, MethodRefs};

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
}

/// Running Smalltalk. Needs the `image:execute` grant; refused in a
/// read-only session.
pub mod execution {
    use super::wit;
    use crate::Error;

    /// Runs `code` and answers its result's print string.
    pub fn execute(code: &str) -> Result<String, Error> {
        wit::execution::execute(code).map_err(Error::from)
    }
}

/// Changing code. Needs the `image:write` grant; refused in a read-only
/// session and for kernel classes.
pub mod code {
    use super::wit;
    use crate::Error;
    use crate::types::ClassDefinition;

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
