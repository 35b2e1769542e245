//! A toolset's settings (`gemstone:mcp@0.1.4`): the declaration its
//! `settings.declare` answers at load, the operator's values checked
//! against it, and the redaction of secret values.
//!
//! Every rule about a setting is here, once: what a declaration may say,
//! which values fit which type, that a secret comes by reference and is
//! long enough to be told apart from ordinary text, and where a secret's
//! value is replaced by [`REDACTED`]. The host functions (`config.get`),
//! the load (`host.rs`) and the call paths (`wasm.rs`, `imports.rs`) only
//! ask [`Settings`].

use std::borrow::Cow;
use std::collections::HashSet;

use gs_toolset::{
    Completion, Content, EmbeddedResource, PromptResult, ResourceBody, ToolError, ToolOutput,
    ToolResult,
};
use serde_json::Value;

/// What a secret's value is replaced with wherever the host passes on the
/// toolset's text.
pub const REDACTED: &str = "[redacted]";

/// Most settings one toolset may declare.
pub const MAX_SETTINGS: usize = 256;

/// Fewest bytes a secret's value may have: a shorter one could not be
/// redacted without mangling ordinary text.
pub const MIN_SECRET_BYTES: usize = 4;

/// Longest value a setting may have, in bytes.
pub const MAX_SETTING_BYTES: usize = 64 * 1024;

/// The type of a setting's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingType {
    /// Text.
    Text,
    /// A whole number (`i64`).
    Integer,
    /// A number (`f64`, finite).
    Number,
    /// `true` or `false`.
    Boolean,
}

impl SettingType {
    /// The type's name as messages and `gs-mcp tools` give it.
    pub fn name(self) -> &'static str {
        match self {
            SettingType::Text => "text",
            SettingType::Integer => "integer",
            SettingType::Number => "number",
            SettingType::Boolean => "boolean",
        }
    }

    /// The name with its article, for messages: `an integer`.
    fn a(self) -> &'static str {
        match self {
            SettingType::Text => "a text",
            SettingType::Integer => "an integer",
            SettingType::Number => "a number",
            SettingType::Boolean => "a boolean",
        }
    }

    /// `text` in the form `config.get` answers for this type, or `None`
    /// if it is not a value of the type.
    fn canonical(self, text: &str) -> Option<String> {
        match self {
            SettingType::Text => Some(text.to_string()),
            SettingType::Integer => text.parse::<i64>().ok().map(|v| v.to_string()),
            SettingType::Number => text
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map(|v| v.to_string()),
            SettingType::Boolean => matches!(text, "true" | "false").then(|| text.to_string()),
        }
    }
}

/// One setting a toolset declares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingDecl {
    /// Its key in `[toolset.config]`.
    pub name: String,
    /// What it sets, for the operator.
    pub description: String,
    /// The type of its value.
    pub ty: SettingType,
    /// True if the load fails without it.
    pub required: bool,
    /// The value when the operator sets none.
    pub default: Option<String>,
    /// True for a credential: set by reference only, redacted everywhere.
    pub secret: bool,
}

/// How the operator wrote a setting's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    /// Inline, as a TOML string.
    Text,
    /// Inline, as a TOML integer.
    Integer,
    /// Inline, as a TOML float.
    Float,
    /// Inline, as a TOML boolean.
    Boolean,
    /// By reference, read from the source named (`environment variable
    /// \`ACME_KEY\``), as text.
    Reference(String),
}

/// A value the operator gave a setting, read from its source already.
/// Its `Debug` form never shows a value read by reference.
#[derive(Clone, PartialEq, Eq)]
pub struct SettingInput {
    /// How it was written.
    pub written: Written,
    /// The value as text.
    pub text: String,
}

impl std::fmt::Debug for SettingInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self.written {
            Written::Reference(_) => REDACTED,
            _ => &self.text,
        };
        f.debug_struct("SettingInput")
            .field("written", &self.written)
            .field("text", &text)
            .finish()
    }
}

/// Checks a declaration: names, descriptions, defaults. The error names
/// the setting and says what the toolset's author must change.
pub(crate) fn check_declaration(decls: &[SettingDecl]) -> Result<(), String> {
    if decls.len() > MAX_SETTINGS {
        return Err(format!(
            "the toolset declares {} settings, more than the {MAX_SETTINGS} a toolset may have",
            decls.len()
        ));
    }
    let mut names = HashSet::with_capacity(decls.len());
    for d in decls {
        let shown = crate::wasm::cut(&d.name, 64);
        let name_ok = (1..=64).contains(&d.name.len())
            && d.name.starts_with(|c: char| c.is_ascii_lowercase())
            && d.name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !name_ok {
            return Err(format!(
                "setting `{shown}`: a setting's name is 1 to 64 lowercase ASCII letters, digits \
                 or `_`, starting with a letter"
            ));
        }
        if !names.insert(d.name.as_str()) {
            return Err(format!("setting `{shown}` is declared twice"));
        }
        if d.description.len() > crate::host::MAX_DESCRIPTION {
            return Err(format!(
                "setting `{shown}`: its description is over {} bytes",
                crate::host::MAX_DESCRIPTION
            ));
        }
        match &d.default {
            Some(_) if d.secret => {
                return Err(format!(
                    "setting `{shown}` is a secret with a default; a secret comes from the \
                     operator only"
                ));
            }
            Some(_) if d.required => {
                return Err(format!(
                    "setting `{shown}` is required and has a default; drop one of the two"
                ));
            }
            Some(v) if d.ty.canonical(v).is_none() => {
                return Err(format!(
                    "setting `{shown}`: its default `{}` is not {} value",
                    crate::wasm::cut(v, 64),
                    d.ty.a()
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// One toolset's settings: what it declared and the values in force.
#[derive(Default)]
pub(crate) struct Settings {
    /// Every declared setting with its value (the operator's, else the
    /// default), in declaration order.
    values: Vec<(String, Option<String>)>,
    /// The secrets' values, longest first, so that one containing another
    /// is replaced whole.
    secrets: Vec<String>,
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field(
                "names",
                &self.values.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            )
            .field("secrets", &self.secrets.len())
            .finish()
    }
}

impl Settings {
    /// Checks the operator's values (`given`, by key) against `decls` and
    /// takes them: every key declared, every value of its setting's type,
    /// every secret by reference and at least [`MIN_SECRET_BYTES`] long,
    /// every required setting set. The error names the key and the fix,
    /// never a value read by reference.
    pub fn resolve(
        toolset: &str,
        decls: &[SettingDecl],
        given: &[(String, SettingInput)],
    ) -> Result<Settings, String> {
        for (key, _) in given {
            if !decls.iter().any(|d| &d.name == key) {
                let declared = if decls.is_empty() {
                    "it declares none".to_string()
                } else {
                    let names: Vec<String> =
                        decls.iter().map(|d| format!("`{}`", d.name)).collect();
                    format!("its settings are {}", names.join(", "))
                };
                return Err(format!(
                    "`config.{key}` is not a setting of toolset `{toolset}`; {declared}"
                ));
            }
        }
        let mut settings = Settings::default();
        for d in decls {
            let value = match given.iter().find(|(k, _)| k == &d.name) {
                Some((_, input)) => Some(take(toolset, d, input)?),
                None if d.required => {
                    let example = if d.secret {
                        format!("`{} = {{ env = \"…\" }}`", d.name)
                    } else {
                        format!("`{} = …` ({})", d.name, d.ty.name())
                    };
                    return Err(format!(
                        "toolset `{toolset}` needs setting `{}`{}; add {example} to its \
                         `[toolset.config]`",
                        d.name,
                        if d.description.is_empty() {
                            String::new()
                        } else {
                            format!(" ({})", crate::wasm::cut(&d.description, 200))
                        }
                    ));
                }
                None => d.default.as_ref().and_then(|v| d.ty.canonical(v)),
            };
            if d.secret
                && let Some(v) = &value
            {
                settings.secrets.push(v.clone());
            }
            settings.values.push((d.name.clone(), value));
        }
        settings.secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
        settings.secrets.dedup();
        Ok(settings)
    }

    /// The value of setting `name` (`None` when unset with no default), or
    /// an error if the toolset did not declare it.
    pub fn get(&self, name: &str) -> Result<Option<&str>, ToolError> {
        match self.values.iter().find(|(n, _)| n == name) {
            Some((_, v)) => Ok(v.as_deref()),
            None => Err(ToolError::invalid_params(format!(
                "setting `{}` is not declared; a toolset reads only the settings its \
                 `settings.declare` names",
                crate::wasm::cut(name, 64)
            ))),
        }
    }

    /// True if some setting is a secret with a value.
    pub fn has_secrets(&self) -> bool {
        !self.secrets.is_empty()
    }

    /// `text` with every secret's value replaced by [`REDACTED`].
    pub fn redact<'a>(&self, text: &'a str) -> Cow<'a, str> {
        let mut out = Cow::Borrowed(text);
        for secret in &self.secrets {
            if out.contains(secret.as_str()) {
                out = Cow::Owned(out.replace(secret.as_str(), REDACTED));
            }
        }
        out
    }

    /// `text`, which may have been cut short, with every secret's value
    /// redacted, and also the start of one it ends with (of at least
    /// [`MIN_SECRET_BYTES`]), which a cut would have left.
    pub fn redact_clipped(&self, text: &str) -> String {
        let mut clean = self.redact(text).into_owned();
        let start = self
            .secrets
            .iter()
            .filter_map(|secret| {
                (MIN_SECRET_BYTES..secret.len())
                    .rev()
                    .find(|&n| secret.is_char_boundary(n) && clean.ends_with(&secret[..n]))
            })
            .max()
            .map(|n| clean.len() - n);
        if let Some(start) = start {
            clean.truncate(start);
            clean.push_str(REDACTED);
        }
        clean
    }

    /// Redacts `text` in place.
    fn redact_string(&self, text: &mut String) {
        if let Cow::Owned(clean) = self.redact(text) {
            *text = clean;
        }
    }

    /// Redacts `bytes` in place: a secret's value (text) may be written in
    /// them as its UTF-8 bytes, and the client decodes them.
    fn redact_bytes(&self, bytes: &mut Vec<u8>) {
        // A secret is valid UTF-8 starting on a character boundary, so any
        // copy of it lies inside one valid run of the bytes.
        let leaks = bytes.utf8_chunks().any(|chunk| {
            self.secrets
                .iter()
                .any(|s| chunk.valid().contains(s.as_str()))
        });
        if !leaks {
            return;
        }
        let mut clean = Vec::with_capacity(bytes.len());
        for chunk in bytes.utf8_chunks() {
            clean.extend_from_slice(self.redact(chunk.valid()).as_bytes());
            clean.extend_from_slice(chunk.invalid());
        }
        *bytes = clean;
    }

    /// Redacts every text a content block carries: text, a MIME type, a
    /// resource's URI and body, an image's or a clip's bytes.
    fn redact_content(&self, block: &mut Content) {
        match block {
            Content::Text(text) => self.redact_string(text),
            Content::Image { data, mime_type } | Content::Audio { data, mime_type } => {
                self.redact_bytes(data);
                self.redact_string(mime_type);
            }
            Content::Resource(r) => self.redact_resource(r),
        }
    }

    /// Redacts a resource's URI, MIME type and body.
    fn redact_resource(&self, r: &mut EmbeddedResource) {
        self.redact_string(&mut r.uri);
        if let Some(m) = r.mime_type.as_mut() {
            self.redact_string(m);
        }
        match &mut r.body {
            ResourceBody::Text(text) => self.redact_string(text),
            ResourceBody::Blob(bytes) => self.redact_bytes(bytes),
        }
    }

    /// `contents` (a resource read's answer) with every secret redacted.
    pub fn redact_resources(&self, mut contents: Vec<EmbeddedResource>) -> Vec<EmbeddedResource> {
        if self.has_secrets() {
            contents.iter_mut().for_each(|r| self.redact_resource(r));
        }
        contents
    }

    /// `prompt` with every secret redacted from its description and
    /// messages.
    pub fn redact_prompt(&self, mut prompt: PromptResult) -> PromptResult {
        if self.has_secrets() {
            if let Some(d) = prompt.description.as_mut() {
                self.redact_string(d);
            }
            for m in &mut prompt.messages {
                self.redact_content(&mut m.content);
            }
        }
        prompt
    }

    /// `completion` with every secret redacted from its values.
    pub fn redact_completion(&self, mut completion: Completion) -> Completion {
        if self.has_secrets() {
            completion
                .values
                .iter_mut()
                .for_each(|v| self.redact_string(v));
        }
        completion
    }

    /// Redacts every string in `value`, keys included.
    pub fn redact_value(&self, value: &mut Value) {
        match value {
            Value::String(s) => self.redact_string(s),
            Value::Array(items) => items.iter_mut().for_each(|v| self.redact_value(v)),
            Value::Object(map) => {
                let keyed = map.keys().any(|k| self.redact(k) != k.as_str());
                if keyed {
                    let taken = std::mem::take(map);
                    for (k, v) in taken {
                        map.insert(self.redact(&k).into_owned(), v);
                    }
                }
                map.values_mut().for_each(|v| self.redact_value(v));
            }
            Value::Null | Value::Bool(_) | Value::Number(_) => {}
        }
    }

    /// `error` with every secret's value redacted from its message and
    /// details.
    pub fn redact_error(&self, mut error: ToolError) -> ToolError {
        if self.has_secrets() {
            self.redact_string(&mut error.message);
            if let Some(details) = error.details.as_mut() {
                let mut v = Value::Object(std::mem::take(details));
                self.redact_value(&mut v);
                if let Value::Object(m) = v {
                    *details = m;
                }
            }
        }
        error
    }

    /// `result` with every secret's value redacted from its text, its
    /// structured content and its error.
    pub fn redact_result(&self, result: ToolResult) -> ToolResult {
        if !self.has_secrets() {
            return result;
        }
        match result {
            Ok(mut output) => {
                self.redact_output(&mut output);
                Ok(output)
            }
            Err(e) => Err(self.redact_error(e)),
        }
    }

    fn redact_output(&self, output: &mut ToolOutput) {
        for block in &mut output.content {
            self.redact_content(block);
        }
        if let Some(v) = output.structured.as_mut() {
            self.redact_value(v);
        }
    }
}

/// The value `input` gives setting `d`, in `config.get`'s form.
fn take(toolset: &str, d: &SettingDecl, input: &SettingInput) -> Result<String, String> {
    let key = &d.name;
    let ty = d.ty.a();
    if input.text.len() > MAX_SETTING_BYTES {
        return Err(format!(
            "`config.{key}` of toolset `{toolset}` is {} bytes, over the {MAX_SETTING_BYTES} a \
             setting may hold",
            input.text.len()
        ));
    }
    let source = match &input.written {
        Written::Reference(source) => source,
        _ if d.secret => {
            return Err(format!(
                "`config.{key}` of toolset `{toolset}` is a secret, so it is never written \
                 inline; set it by reference: `{key} = {{ env = \"VARIABLE\" }}` or \
                 `{key} = {{ file = \"path\" }}`"
            ));
        }
        written => {
            let fits = matches!(
                (written, d.ty),
                (Written::Text, SettingType::Text)
                    | (Written::Integer, SettingType::Integer | SettingType::Number)
                    | (Written::Float, SettingType::Number)
                    | (Written::Boolean, SettingType::Boolean)
            );
            if !fits {
                let hint = match d.ty {
                    SettingType::Text => format!("write it in quotes: `{key} = \"…\"`"),
                    SettingType::Integer => format!("write a whole number: `{key} = 3`"),
                    SettingType::Number => format!("write a number: `{key} = 1.5`"),
                    SettingType::Boolean => format!("write `{key} = true` or `false`"),
                };
                return Err(format!(
                    "`config.{key}` of toolset `{toolset}` is {ty} setting; {hint}"
                ));
            }
            return Ok(d
                .ty
                .canonical(&input.text)
                .unwrap_or_else(|| input.text.clone()));
        }
    };
    let value = d.ty.canonical(&input.text).ok_or_else(|| {
        format!(
            "`config.{key}` of toolset `{toolset}` is {ty} setting, and the value in its \
             {source} is not {ty} value"
        )
    })?;
    if d.secret && value.len() < MIN_SECRET_BYTES {
        return Err(format!(
            "`config.{key}` of toolset `{toolset}` is a secret, and the value in its {source} is \
             shorter than {MIN_SECRET_BYTES} bytes, too short to keep out of logs; use a longer \
             one"
        ));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gs_toolset::ErrorKind;

    fn decl(name: &str, ty: SettingType) -> SettingDecl {
        SettingDecl {
            name: name.into(),
            description: String::new(),
            ty,
            required: false,
            default: None,
            secret: false,
        }
    }

    fn secret(name: &str) -> SettingDecl {
        SettingDecl {
            secret: true,
            ..decl(name, SettingType::Text)
        }
    }

    fn inline(written: Written, text: &str) -> SettingInput {
        SettingInput {
            written,
            text: text.into(),
        }
    }

    fn env(text: &str) -> SettingInput {
        inline(Written::Reference("environment variable `K`".into()), text)
    }

    fn given(pairs: &[(&str, SettingInput)]) -> Vec<(String, SettingInput)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect()
    }

    #[test]
    fn declarations_are_checked() {
        let bad_default = SettingDecl {
            default: Some("many".into()),
            ..decl("retries", SettingType::Integer)
        };
        assert_eq!(
            check_declaration(&[bad_default]).unwrap_err(),
            "setting `retries`: its default `many` is not an integer value"
        );
        assert!(
            check_declaration(&[decl("Key", SettingType::Text)])
                .unwrap_err()
                .contains("lowercase")
        );
        assert_eq!(
            check_declaration(&[decl("a", SettingType::Text), decl("a", SettingType::Text)])
                .unwrap_err(),
            "setting `a` is declared twice"
        );
        let secret_default = SettingDecl {
            default: Some("x".into()),
            ..secret("key")
        };
        assert!(
            check_declaration(&[secret_default])
                .unwrap_err()
                .contains("a secret with a default")
        );
        let ok = SettingDecl {
            default: Some("2.5".into()),
            ..decl("ratio", SettingType::Number)
        };
        check_declaration(&[ok, secret("api_key")]).unwrap();
    }

    #[test]
    fn values_take_their_types_and_defaults() {
        let decls = [
            decl("name", SettingType::Text),
            decl("retries", SettingType::Integer),
            decl("ratio", SettingType::Number),
            SettingDecl {
                default: Some("true".into()),
                ..decl("verbose", SettingType::Boolean)
            },
            decl("unset", SettingType::Text),
        ];
        let s = Settings::resolve(
            "acme",
            &decls,
            &given(&[
                ("name", inline(Written::Text, "x")),
                ("retries", env("7")),
                ("ratio", inline(Written::Integer, "2")),
            ]),
        )
        .unwrap();
        assert_eq!(s.get("name").unwrap(), Some("x"));
        assert_eq!(s.get("retries").unwrap(), Some("7"));
        assert_eq!(s.get("ratio").unwrap(), Some("2"));
        assert_eq!(s.get("verbose").unwrap(), Some("true"));
        assert_eq!(s.get("unset").unwrap(), None);
        assert_eq!(s.get("nope").unwrap_err().kind, ErrorKind::InvalidParams);
    }

    #[test]
    fn operator_mistakes_are_named_without_the_secret() {
        let decls = [
            decl("retries", SettingType::Integer),
            SettingDecl {
                required: true,
                description: "the key of the Acme API".into(),
                ..secret("api_key")
            },
        ];
        let err = |pairs: &[(&str, SettingInput)]| {
            Settings::resolve("acme", &decls, &given(pairs)).unwrap_err()
        };
        let key = ("api_key", env("s3cr3t-value"));
        assert_eq!(
            err(&[key.clone(), ("retry", inline(Written::Integer, "1"))]),
            "`config.retry` is not a setting of toolset `acme`; its settings are `retries`, \
             `api_key`"
        );
        assert_eq!(
            err(&[key.clone(), ("retries", inline(Written::Text, "3"))]),
            "`config.retries` of toolset `acme` is an integer setting; write a whole number: \
             `retries = 3`"
        );
        assert_eq!(
            err(&[]),
            "toolset `acme` needs setting `api_key` (the key of the Acme API); add \
             `api_key = { env = \"…\" }` to its `[toolset.config]`"
        );
        let inline_secret = err(&[("api_key", inline(Written::Text, "s3cr3t-value"))]);
        assert!(
            inline_secret.contains("never written inline"),
            "{inline_secret}"
        );
        assert!(!inline_secret.contains("s3cr3t"), "{inline_secret}");
        let short = err(&[("api_key", env("abc"))]);
        assert!(short.contains("shorter than 4 bytes"), "{short}");
        assert!(!short.contains("abc"), "{short}");
        let not_int = err(&[key, ("retries", env("three"))]);
        assert!(
            not_int.contains("the value in its environment variable `K` is not an integer value"),
            "{not_int}"
        );
        assert!(!not_int.contains("three"), "{not_int}");
    }

    #[test]
    fn secrets_are_redacted_from_text_errors_and_results() {
        let decls = [secret("key"), secret("inner")];
        let s = Settings::resolve(
            "acme",
            &decls,
            &given(&[("key", env("hunter2-long")), ("inner", env("hunter2"))]),
        )
        .unwrap();
        assert_eq!(
            s.redact("token hunter2-long and hunter2"),
            "token [redacted] and [redacted]"
        );
        assert!(matches!(s.redact("nothing here"), Cow::Borrowed(_)));
        let e = s.redact_error(
            ToolError::other("bad key hunter2").with_details(
                serde_json::json!({"sent": ["hunter2"]})
                    .as_object()
                    .unwrap()
                    .clone(),
            ),
        );
        assert_eq!(e.message, "bad key [redacted]");
        assert_eq!(
            e.details.unwrap()["sent"],
            serde_json::json!(["[redacted]"])
        );
        let out = s
            .redact_result(Ok(ToolOutput {
                content: vec![Content::text("k=hunter2")],
                structured: Some(serde_json::json!({"hunter2": "x hunter2-long"})),
            }))
            .unwrap();
        assert_eq!(out.content, [Content::text("k=[redacted]")]);
        assert_eq!(
            out.structured.unwrap(),
            serde_json::json!({"[redacted]": "x [redacted]"})
        );
        let debug = format!("{:?} {:?}", s, env("hunter2"));
        assert!(!debug.contains("hunter2"), "{debug}");
    }

    #[test]
    fn a_cut_secret_and_one_in_bytes_are_redacted() {
        let s = Settings::resolve(
            "acme",
            &[secret("key")],
            &given(&[("key", env("hunter2-long"))]),
        )
        .unwrap();
        // A text cut inside the secret loses the start it kept.
        assert_eq!(
            s.redact_clipped("panicked: hunter2-l"),
            "panicked: [redacted]"
        );
        assert_eq!(
            s.redact_clipped("a hunter2-long, b hunt"),
            "a [redacted], b [redacted]"
        );
        // Fewer bytes than a secret may have are left.
        assert_eq!(s.redact_clipped("ends in hun"), "ends in hun");
        let mut bytes = b"\xffhunter2-long\xfe\x80hunter2-long".to_vec();
        s.redact_bytes(&mut bytes);
        assert_eq!(bytes, b"\xff[redacted]\xfe\x80[redacted]");
        let mut binary = vec![0xff, 0, 1];
        s.redact_bytes(&mut binary);
        assert_eq!(binary, [0xff, 0, 1]);
    }
}
