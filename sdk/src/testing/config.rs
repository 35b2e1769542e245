//! The toolset's settings: checked as a server loading the toolset checks
//! them, and answered by the `config` host function.

use super::State;
use crate::{Error, Toolset};

/// The settings, as the mock checks and answers them.
impl State {
    /// The mock's settings checked against `toolset`'s declarations as the
    /// server checks the operator's values when it loads a toolset.
    pub(super) fn check_settings(&self, toolset: &Toolset) -> Result<(), Error> {
        let name = toolset.name();
        let declared = toolset.settings();
        let refused = |why: String| {
            Err(Error::invalid_params(format!(
                "{why}; a server refuses to load toolset `{name}` so (in a test, give its \
                 settings with MockHost::setting)"
            )))
        };
        for key in self.settings.keys() {
            if !declared.iter().any(|d| &d.name == key) {
                let names: Vec<String> = declared.iter().map(|d| format!("`{}`", d.name)).collect();
                return refused(format!(
                    "`config.{key}` is not a setting of toolset `{name}`; {}",
                    if names.is_empty() {
                        "it declares none".to_string()
                    } else {
                        format!("its settings are {}", names.join(", "))
                    }
                ));
            }
        }
        for d in declared {
            match self.settings.get(&d.name) {
                None if d.required => {
                    return refused(format!(
                        "toolset `{name}` needs the setting `{}`, which is not set",
                        d.name
                    ));
                }
                // The value itself stays out of the message: it may be a
                // secret.
                Some(value) if d.kind.canonical(value).is_none() => {
                    return refused(format!(
                        "the value of `config.{}` is not {}, the type toolset `{name}` \
                         declares for it",
                        d.name,
                        d.kind.noun()
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }

    pub(crate) fn config(&mut self, name: &str) -> Result<Option<String>, Error> {
        let given = self.settings.get(name);
        let Some(declared) = &self.declared else {
            return Ok(given.cloned());
        };
        let Some(setting) = declared.iter().find(|d| d.name == name) else {
            return Err(Error::invalid_params(format!(
                "setting `{name}` is not declared; a toolset reads only the settings it \
                 declares (Toolset::setting)"
            )));
        };
        Ok(given
            .or(setting.default.as_ref())
            .map(|v| setting.kind.canonical(v).unwrap_or_else(|| v.clone())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::MockHost;
    use crate::{ErrorKind, Output, Schema, Setting, Tool};
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Read {
        name: String,
    }

    /// A toolset with one tool answering a setting's value as `config`
    /// gives it, and one that needs a setting declared optional.
    fn configured() -> Toolset {
        Toolset::new("acme", "1.0.0")
            .setting(Setting::text("endpoint").default("https://api.acme.example"))
            .setting(Setting::number("ratio").default("2.50"))
            .setting(Setting::boolean("verbose"))
            .setting(Setting::text("token").describe("A bearer token").secret())
            .tool(
                Tool::new("read", "Answers a setting.", |a: Read| {
                    Output::json(&serde_json::json!({ "value": crate::config::get(&a.name)? }))
                })
                .input(Schema::object().required("name", Schema::string())),
            )
            .tool(
                Tool::new("token", "Needs the token.", |_: serde_json::Value| {
                    Ok(Output::text(crate::config::require("token")?))
                })
                .input(Schema::object().open()),
            )
    }

    fn read(host: &MockHost, toolset: &Toolset, name: &str) -> Result<serde_json::Value, Error> {
        let args = serde_json::json!({ "name": name }).to_string();
        let out = host.call(toolset, "read", &args)?;
        Ok(out.structured.unwrap()["value"].clone())
    }

    #[test]
    fn settings_answer_as_the_server_does_during_a_call() {
        let t = configured();
        let host = MockHost::new()
            .setting("verbose", true)
            .setting("ratio", "0.50");
        assert_eq!(
            read(&host, &t, "endpoint").unwrap(),
            "https://api.acme.example"
        );
        // The form the server answers: Rust's, for numbers.
        assert_eq!(read(&host, &t, "ratio").unwrap(), "0.5");
        assert_eq!(read(&MockHost::new(), &t, "ratio").unwrap(), "2.5");
        assert_eq!(read(&host, &t, "verbose").unwrap(), "true");
        assert_eq!(read(&host, &t, "token").unwrap(), serde_json::Value::Null);
        let e = read(&host, &t, "endpiont").unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams);
        assert_eq!(
            e.message,
            "setting `endpiont` is not declared; a toolset reads only the settings it declares \
             (Toolset::setting)"
        );

        let e = host.call(&t, "token", "{}").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Other);
        assert!(e.message.contains("the setting `token`"), "{}", e.message);
        let host = host.setting("token", "s3cret-token");
        let out = host.call(&t, "token", "{}").unwrap();
        // The mock redacts nothing: a test sees what the tool gave away.
        assert_eq!(out.text_content(), "s3cret-token");
        assert!(!format!("{host:?}").contains("s3cret"), "{host:?}");

        // After the call the mock forgets the declarations again.
        let _installed = host.install();
        assert_eq!(crate::config::get("endpoint").unwrap(), None);
        assert_eq!(crate::config::get("anything").unwrap(), None);
        assert_eq!(
            crate::config::get("token").unwrap().as_deref(),
            Some("s3cret-token")
        );
    }

    #[test]
    fn a_call_checks_the_settings_as_a_server_loading_the_toolset() {
        let t = configured();
        let e = MockHost::new()
            .setting("endpont", "x")
            .call(&t, "read", r#"{"name": "endpoint"}"#)
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams);
        assert_eq!(
            e.message,
            "`config.endpont` is not a setting of toolset `acme`; its settings are `endpoint`, \
             `ratio`, `verbose`, `token`; a server refuses to load toolset `acme` so (in a test, \
             give its settings with MockHost::setting)"
        );
        let e = MockHost::new()
            .setting("verbose", "yes")
            .call(&t, "read", r#"{"name": "endpoint"}"#)
            .unwrap_err();
        assert!(
            e.message.starts_with(
                "the value of `config.verbose` is not a boolean (`true` or `false`), the type \
                 toolset `acme` declares for it"
            ),
            "{}",
            e.message
        );
        let required = Toolset::new("acme", "1.0.0")
            .setting(Setting::text("api_key").secret().required())
            .tool(Tool::new(
                "noop",
                "Does nothing.",
                |_: serde_json::Value| Ok(Output::text("ok")),
            ));
        let e = MockHost::new().call(&required, "noop", "{}").unwrap_err();
        assert!(
            e.message
                .starts_with("toolset `acme` needs the setting `api_key`, which is not set"),
            "{}",
            e.message
        );
        let host = MockHost::new().setting("api_key", "s3cret-key");
        assert_eq!(
            host.call(&required, "noop", "{}").unwrap().text_content(),
            "ok"
        );
        // A secret's value stays out of the messages.
        let e = MockHost::new()
            .setting("api_key", "s3cret-key")
            .call(&t, "read", r#"{"name": "token"}"#)
            .unwrap_err();
        assert!(!e.message.contains("s3cret"), "{}", e.message);
    }

    #[test]
    fn installed_mocks_answer_from_the_declarations_given() {
        let host = MockHost::new()
            .settings_from(&configured())
            .setting("token", "s3cret-token");
        let _installed = host.install();
        assert_eq!(
            crate::config::get("endpoint").unwrap().as_deref(),
            Some("https://api.acme.example")
        );
        assert_eq!(crate::config::number("ratio").unwrap(), Some(2.5));
        assert_eq!(crate::config::boolean("verbose").unwrap(), None);
        assert_eq!(crate::config::require("token").unwrap(), "s3cret-token");
        let e = crate::config::get("nope").unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidParams);
    }
}
