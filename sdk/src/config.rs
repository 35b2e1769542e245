//! The values of the toolset's settings (`gemstone:mcp/config`, added in
//! 0.1.4), as the operator set them in the toolset's `[toolset.config]`
//! table of `toolsets.toml`.
//!
//! A toolset reads only the settings it declared with
//! [`Toolset::setting`](crate::Toolset::setting); no grant is needed. Each
//! function answers the operator's value, else the declared default, else
//! `None`; reading a name the toolset did not declare fails with
//! [`ErrorKind::InvalidParams`](crate::ErrorKind::InvalidParams). The host
//! checked every value against its declaration before the server started,
//! so a required setting always has a value and each value is of its
//! setting's type: read it with the function of that type ([`text`],
//! [`integer`], [`number`], [`boolean`]), or with a `require…` function
//! for a setting declared optional that one tool cannot do without.
//!
//! ```no_run
//! # fn demo() -> Result<(), gs_mcp_sdk::Error> {
//! use gs_mcp_sdk::config;
//!
//! let endpoint = config::require("endpoint")?; // declared with a default
//! let retries = config::integer("retries")?.unwrap_or(0);
//! if let Some(key) = config::text("api_key")? {
//!     // send it with the request
//! }
//! # Ok(()) }
//! ```
//!
//! A secret's value reaches only the toolset: the host writes `[redacted]`
//! for it in the log lines, standard error, error messages and tool
//! results that pass through it. Still, keep secrets out of what a tool
//! answers.
//!
//! Host functions work only inside a call (a tool, a resource read, a
//! prompt), never while the toolset is built. Off WebAssembly, with the
//! `testing` feature, they answer from `testing::MockHost` (its `setting`
//! gives a value); without it they panic naming the function.

// Without a host, `get` only panics: its argument goes unused.
#![cfg_attr(
    all(not(target_arch = "wasm32"), not(any(test, feature = "testing"))),
    allow(unused_variables)
)]

#[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
use crate::__private::bindings::gemstone::mcp as wit;
use crate::Error;
use crate::host::host_fn;
use crate::settings::{SettingType, parse_boolean, parse_integer, parse_number};

/// The value of setting `name` as text, as the host answers it (an
/// integer in decimal, a number as a decimal fraction, a boolean as
/// `true` or `false`): the operator's value, else the declared default;
/// `None` if the setting is optional, unset and has no default.
///
/// Fails with [`ErrorKind::InvalidParams`](crate::ErrorKind::InvalidParams)
/// if the toolset did not declare `name`.
///
/// ```
/// # #[cfg(feature = "testing")] {
/// use gs_mcp_sdk::testing::MockHost;
/// use gs_mcp_sdk::{Setting, Toolset, config};
///
/// let toolset = Toolset::new("acme", "1.0.0")
///     .setting(Setting::text("region").default("eu"))
///     .setting(Setting::text("proxy"));
/// let host = MockHost::new().settings_from(&toolset);
/// let _installed = host.install();
/// assert_eq!(config::get("region").unwrap().as_deref(), Some("eu"));
/// assert_eq!(config::get("proxy").unwrap(), None);
/// assert!(config::get("regoin").is_err());
/// # }
/// ```
pub fn get(name: &str) -> Result<Option<String>, Error> {
    host_fn!(
        "config::get",
        wit::config::get(name).map_err(|f| Error::from(crate::Failure::from(f))),
        |host| host.config(name)
    )
}

/// The value of the text setting `name`, or `None` when unset (the same
/// as [`get`], named for its type).
pub fn text(name: &str) -> Result<Option<String>, Error> {
    get(name)
}

/// The value of the integer setting `name`, or `None` when unset.
///
/// Fails with [`ErrorKind::Other`](crate::ErrorKind::Other) naming the
/// setting if its value is not an integer (it was declared with another
/// type).
///
/// ```
/// # #[cfg(feature = "testing")] {
/// use gs_mcp_sdk::testing::MockHost;
/// use gs_mcp_sdk::{Setting, Toolset, config};
///
/// let toolset = Toolset::new("acme", "1.0.0").setting(Setting::integer("retries").default(3));
/// let host = MockHost::new().settings_from(&toolset);
/// let _installed = host.install();
/// assert_eq!(config::integer("retries").unwrap(), Some(3));
/// # }
/// ```
pub fn integer(name: &str) -> Result<Option<i64>, Error> {
    typed(name, SettingType::Integer, parse_integer)
}

/// The value of the number setting `name`, or `None` when unset. An
/// integer setting reads as a number too.
///
/// Fails with [`ErrorKind::Other`](crate::ErrorKind::Other) naming the
/// setting if its value is not a number.
pub fn number(name: &str) -> Result<Option<f64>, Error> {
    typed(name, SettingType::Number, parse_number)
}

/// The value of the boolean setting `name`, or `None` when unset.
///
/// Fails with [`ErrorKind::Other`](crate::ErrorKind::Other) naming the
/// setting if its value is not `true` or `false`.
pub fn boolean(name: &str) -> Result<Option<bool>, Error> {
    typed(name, SettingType::Boolean, parse_boolean)
}

/// The value of the text setting `name`, which must have one: a setting
/// declared optional (or with a default) that this call cannot do
/// without.
///
/// Fails with [`ErrorKind::Other`](crate::ErrorKind::Other) when it is
/// unset, in a message naming the setting and saying where the operator
/// sets it — the message the client reads.
///
/// ```
/// # #[cfg(feature = "testing")] {
/// use gs_mcp_sdk::testing::MockHost;
/// use gs_mcp_sdk::{Setting, Toolset, config};
///
/// let toolset = Toolset::new("acme", "1.0.0").setting(Setting::text("token").secret());
/// let _installed = MockHost::new().settings_from(&toolset).install();
/// let e = config::require("token").unwrap_err();
/// assert!(e.message.contains("setting `token`"));
/// # }
/// ```
pub fn require(name: &str) -> Result<String, Error> {
    text(name)?.ok_or_else(|| unset(name))
}

/// The value of the integer setting `name`, which must have one (see
/// [`require`]).
pub fn require_integer(name: &str) -> Result<i64, Error> {
    integer(name)?.ok_or_else(|| unset(name))
}

/// The value of the number setting `name`, which must have one (see
/// [`require`]).
pub fn require_number(name: &str) -> Result<f64, Error> {
    number(name)?.ok_or_else(|| unset(name))
}

/// The value of the boolean setting `name`, which must have one (see
/// [`require`]).
pub fn require_boolean(name: &str) -> Result<bool, Error> {
    boolean(name)?.ok_or_else(|| unset(name))
}

/// The value of `name` read as `kind` with `parse`. The value itself is
/// kept out of the message: it may be a secret.
fn typed<T>(
    name: &str,
    kind: SettingType,
    parse: impl FnOnce(&str) -> Option<T>,
) -> Result<Option<T>, Error> {
    let Some(text) = get(name)? else {
        return Ok(None);
    };
    parse(&text).map(Some).ok_or_else(|| {
        Error::other(format!(
            "the value of setting `{name}` is not {}: the toolset reads it with the function \
             of another type than it declared",
            kind.noun()
        ))
    })
}

/// The error for setting `name` left unset.
fn unset(name: &str) -> Error {
    Error::other(format!(
        "this needs the setting `{name}`, which the server's operator has not set; the operator \
         sets it in this toolset's `[toolset.config]` table of toolsets.toml"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::MockHost;
    use crate::{ErrorKind, Setting, Toolset};

    fn toolset() -> Toolset {
        Toolset::new("acme", "1.0.0")
            .setting(Setting::text("endpoint").default("https://api.acme.example"))
            .setting(Setting::integer("retries").default(3))
            .setting(Setting::number("ratio"))
            .setting(Setting::boolean("verbose").default(false))
            .setting(Setting::text("token").secret())
    }

    #[test]
    fn typed_reads_parse_values_and_defaults() {
        let host = MockHost::new()
            .settings_from(&toolset())
            .setting("ratio", 0.25)
            .setting("verbose", true);
        let _installed = host.install();
        assert_eq!(
            text("endpoint").unwrap().as_deref(),
            Some("https://api.acme.example")
        );
        assert_eq!(integer("retries").unwrap(), Some(3));
        assert_eq!(number("retries").unwrap(), Some(3.0));
        assert_eq!(number("ratio").unwrap(), Some(0.25));
        assert_eq!(boolean("verbose").unwrap(), Some(true));
        assert_eq!(text("token").unwrap(), None);
        assert_eq!(require_integer("retries").unwrap(), 3);
        assert_eq!(require_number("ratio").unwrap(), 0.25);
        assert!(require_boolean("verbose").unwrap());
        assert_eq!(require("endpoint").unwrap(), "https://api.acme.example");
    }

    #[test]
    fn misreads_and_unset_values_name_the_setting() {
        let host = MockHost::new()
            .settings_from(&toolset())
            .setting("token", "s3cret-token");
        let _installed = host.install();
        let e = integer("token").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Other);
        assert_eq!(
            e.message,
            "the value of setting `token` is not an integer: the toolset reads it with the \
             function of another type than it declared"
        );
        assert!(!e.message.contains("s3cret"));
        assert!(boolean("endpoint").is_err());
        let e = require_number("ratio").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Other);
        assert!(e.message.contains("the setting `ratio`"), "{}", e.message);
        assert!(e.message.contains("[toolset.config]"), "{}", e.message);
        let e = require("nope").unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams);
    }
}
