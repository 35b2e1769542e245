//! The settings a toolset reads from the operator's configuration
//! (`gemstone:mcp@0.1.4`): declared with [`Setting`] on the [`Toolset`]
//! ([`Toolset::setting`]), exported as `settings.declare`, read in tools
//! with [`config`](crate::config).
//!
//! [`Toolset`]: crate::Toolset
//! [`Toolset::setting`]: crate::Toolset::setting

use crate::__private::bindings::gemstone::mcp::types as wit;

/// Most characters a setting's name may have.
pub(crate) const MAX_NAME_LEN: usize = 64;

/// The type of a setting's value, as `config.get` spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SettingType {
    Text,
    Integer,
    Number,
    Boolean,
}

impl SettingType {
    /// Its name in messages: `text`, `an integer`, …
    pub(crate) fn noun(self) -> &'static str {
        match self {
            SettingType::Text => "text",
            SettingType::Integer => "an integer",
            SettingType::Number => "a number",
            SettingType::Boolean => "a boolean (`true` or `false`)",
        }
    }

    /// `value` in the form `config.get` answers for this type (an
    /// integer or number as Rust writes it, `-7`, `0.5`, `3`), or `None`
    /// if it is not a value of the type; the host reads values so.
    pub(crate) fn canonical(self, value: &str) -> Option<String> {
        match self {
            SettingType::Text => Some(value.to_string()),
            SettingType::Integer => parse_integer(value).map(|v| v.to_string()),
            SettingType::Number => parse_number(value).map(|v| v.to_string()),
            SettingType::Boolean => parse_boolean(value).map(|v| v.to_string()),
        }
    }

    fn into_wit(self) -> wit::SettingType {
        match self {
            SettingType::Text => wit::SettingType::Text,
            SettingType::Integer => wit::SettingType::Integer,
            SettingType::Number => wit::SettingType::Number,
            SettingType::Boolean => wit::SettingType::Boolean,
        }
    }
}

/// A whole number in decimal (`42`, `-7`) within 64 bits.
pub(crate) fn parse_integer(value: &str) -> Option<i64> {
    value.parse().ok()
}

/// A finite number (`0.5`, `-3`, `2.5e3`); not `inf` or `NaN`.
pub(crate) fn parse_number(value: &str) -> Option<f64> {
    value.parse::<f64>().ok().filter(|n| n.is_finite())
}

/// `true` or `false`, exactly.
pub(crate) fn parse_boolean(value: &str) -> Option<bool> {
    match value {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

/// One setting a toolset reads from the operator's configuration: its
/// name (the key the operator writes in the toolset's `[toolset.config]`
/// table of `toolsets.toml`), its type, a description for the operator,
/// and whether it is required, has a default, or is a secret.
///
/// Add it to the toolset with [`Toolset::setting`](crate::Toolset::setting)
/// and read its value in a tool with [`config`](crate::config). A setting
/// is optional, without a default and not secret until said otherwise.
///
/// ```
/// use gs_mcp_sdk::{Setting, Toolset};
///
/// let toolset = Toolset::new("acme_tools", "1.0.0")
///     .setting(
///         Setting::text("endpoint")
///             .describe("The base URL of Acme's API")
///             .default("https://api.acme.example"),
///     )
///     .setting(Setting::integer("retries").describe("Retries per request").default(3))
///     .setting(
///         Setting::text("api_key")
///             .describe("The key Acme issued to you")
///             .secret()
///             .required(),
///     );
/// ```
///
/// The host checks the operator's values against these declarations
/// before the server starts: an undeclared key, a value of the wrong
/// type, a required setting left unset or a secret written inline fails
/// the load with a message naming the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting {
    pub(crate) name: String,
    pub(crate) description: String,
    pub(crate) kind: SettingType,
    pub(crate) required: bool,
    pub(crate) default: Option<String>,
    pub(crate) secret: bool,
}

impl Setting {
    fn new(name: &str, kind: SettingType) -> Setting {
        Setting {
            name: name.to_string(),
            description: String::new(),
            kind,
            required: false,
            default: None,
            secret: false,
        }
    }

    /// A text setting called `name`: 1 to 64 lowercase ASCII letters,
    /// digits or `_`, starting with a letter (checked when it is added to
    /// the toolset).
    pub fn text(name: &str) -> Setting {
        Setting::new(name, SettingType::Text)
    }

    /// A whole-number setting (64-bit signed), read with
    /// [`config::integer`](crate::config::integer).
    pub fn integer(name: &str) -> Setting {
        Setting::new(name, SettingType::Integer)
    }

    /// A number setting, whole or not (64-bit float), read with
    /// [`config::number`](crate::config::number).
    pub fn number(name: &str) -> Setting {
        Setting::new(name, SettingType::Number)
    }

    /// A boolean setting (`true` or `false`), read with
    /// [`config::boolean`](crate::config::boolean).
    pub fn boolean(name: &str) -> Setting {
        Setting::new(name, SettingType::Boolean)
    }

    /// Sets the description the operator reads (`gs-mcp tools` shows it):
    /// what the setting changes, and its unit if it has one.
    pub fn describe(mut self, description: &str) -> Setting {
        self.description = description.to_string();
        self
    }

    /// Sets the value the toolset reads when the operator sets none,
    /// written as the operator would: `"https://…"`, `3`, `0.5`, `true`
    /// (anything that displays as a value of the setting's type). A
    /// required setting or a secret has no default.
    pub fn default(mut self, value: impl std::fmt::Display) -> Setting {
        self.default = Some(value.to_string());
        self
    }

    /// Makes the setting required: the toolset cannot work without it, and
    /// the server refuses to load it while the operator leaves it unset.
    pub fn required(mut self) -> Setting {
        self.required = true;
        self
    }

    /// Makes the setting a secret (a password, a key, a token): the
    /// operator must set it by reference (`{ env = "NAME" }` or
    /// `{ file = "path" }`), never inline, and the host writes
    /// `[redacted]` for its value in everything it logs or shows.
    pub fn secret(mut self) -> Setting {
        self.secret = true;
        self
    }

    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What is wrong with the declaration, if anything: its name, or a
    /// default it must not have or that is not of its type.
    pub(crate) fn problem(&self) -> Option<String> {
        let name = &self.name;
        let valid_name = (1..=MAX_NAME_LEN).contains(&name.len())
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if !valid_name {
            return Some(format!(
                "the setting name `{name}` is not valid: use 1 to {MAX_NAME_LEN} lowercase ASCII \
                 letters, digits or `_`, starting with a letter (e.g. `api_key`)"
            ));
        }
        let default = self.default.as_deref()?;
        if self.secret {
            return Some(format!(
                "the secret setting `{name}` has a default; a secret has none (the operator sets \
                 it by reference, `{{ env = \"NAME\" }}` or `{{ file = \"path\" }}`): drop \
                 `.default(…)`"
            ));
        }
        if self.required {
            return Some(format!(
                "the required setting `{name}` has a default; a required setting has none (the \
                 operator must set it): drop `.required()` or `.default(…)`"
            ));
        }
        if self.kind.canonical(default).is_none() {
            return Some(format!(
                "the default of setting `{name}`, `{default}`, is not {}",
                self.kind.noun()
            ));
        }
        None
    }

    pub(crate) fn to_wit(&self) -> wit::Setting {
        wit::Setting {
            name: self.name.clone(),
            description: self.description.clone(),
            type_: self.kind.into_wit(),
            required: self.required,
            default: self.default.clone(),
            secret: self.secret,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_parse_as_the_host_writes_them() {
        assert_eq!(parse_integer("42"), Some(42));
        assert_eq!(parse_integer("-7"), Some(-7));
        assert_eq!(parse_integer(&i64::MIN.to_string()), Some(i64::MIN));
        for bad in ["", "-", "1.0", " 1", "1e3", "99999999999999999999"] {
            assert_eq!(parse_integer(bad), None, "{bad}");
        }
        assert_eq!(parse_number("0.5"), Some(0.5));
        assert_eq!(parse_number("-3"), Some(-3.0));
        assert_eq!(parse_number("2.5e3"), Some(2500.0));
        for bad in ["", "inf", "NaN", "-inf", "infinity", "1e999", "one", "1,5"] {
            assert_eq!(parse_number(bad), None, "{bad}");
        }
        assert_eq!(
            SettingType::Number.canonical("2.50").as_deref(),
            Some("2.5")
        );
        assert_eq!(SettingType::Number.canonical("3").as_deref(), Some("3"));
        assert_eq!(SettingType::Integer.canonical("+3").as_deref(), Some("3"));
        assert_eq!(SettingType::Text.canonical(" x ").as_deref(), Some(" x "));
        assert_eq!(parse_boolean("true"), Some(true));
        assert_eq!(parse_boolean("false"), Some(false));
        for bad in ["True", "1", "yes", ""] {
            assert_eq!(parse_boolean(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_declaration_names_what_is_wrong_with_it() {
        assert_eq!(Setting::text("api_key2").problem(), None);
        assert_eq!(Setting::text(&"a".repeat(64)).problem(), None);
        for bad in ["", "Key", "2key", "_key", "api-key", "clé", &"a".repeat(65)] {
            let problem = Setting::text(bad).problem().unwrap();
            assert!(problem.contains("is not valid"), "{bad}: {problem}");
        }
        let p = Setting::text("token").secret().default("x").problem();
        assert!(p.unwrap().contains("secret setting `token` has a default"));
        let p = Setting::text("host").required().default("x").problem();
        assert!(p.unwrap().contains("required setting `host` has a default"));
        let p = Setting::integer("retries").default("three").problem();
        assert_eq!(
            p.as_deref(),
            Some("the default of setting `retries`, `three`, is not an integer")
        );
        assert_eq!(Setting::integer("retries").default(3).problem(), None);
        assert_eq!(Setting::number("ratio").default(0.5).problem(), None);
        assert_eq!(Setting::boolean("fast").default(true).problem(), None);
        assert!(Setting::boolean("fast").default("yes").problem().is_some());
        // Required or secret without a default is fine.
        assert_eq!(Setting::text("key").secret().required().problem(), None);
    }

    #[test]
    fn a_declaration_goes_to_the_host_as_written() {
        let s = Setting::number("ratio").describe("How much").default(0.25);
        let w = s.to_wit();
        assert_eq!(
            (w.name.as_str(), w.description.as_str(), w.type_),
            ("ratio", "How much", wit::SettingType::Number)
        );
        assert_eq!(w.default.as_deref(), Some("0.25"));
        assert!(!w.required && !w.secret);
        let w = Setting::text("key").secret().required().to_wit();
        assert!(w.required && w.secret && w.default.is_none());
    }
}
