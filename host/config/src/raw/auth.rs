//! The `[auth]` section: the resource server's issuer, audience and scopes.

use std::time::Duration;

use serde::Deserialize;

use crate::{AuthConfig, ConfigError, SYSTEM_USERS, TokenExpiry, system_user_like};

use super::{check_scopes, check_text, check_url};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAuth {
    issuer: String,
    audience: String,
    jwks_uri: Option<String>,
    required_scopes: Option<Vec<String>>,
    write_scope: Option<String>,
    extra_scopes: Option<Vec<String>>,
    user_claim: Option<String>,
    allow_system_users: Option<Vec<String>>,
    clock_skew_secs: Option<u64>,
    jwks_min_refresh_secs: Option<u64>,
    on_token_expiry: Option<String>,
}

pub(super) fn validate_auth(r: RawAuth) -> Result<AuthConfig, ConfigError> {
    let issuer = r.issuer.trim().to_string();
    check_url("auth.issuer", &issuer)?;
    let audience = r.audience.trim().to_string();
    check_url("auth.audience", &audience)?;
    if let Some(j) = &r.jwks_uri {
        check_url("auth.jwks_uri", j)?;
    }
    let required_scopes = match r.required_scopes {
        None => vec!["mcp:use".to_string()],
        Some(s) => check_scopes("auth.required_scopes", &s)?,
    };
    let write_scope = r.write_scope.unwrap_or_else(|| "mcp:write".into());
    check_scopes("auth.write_scope", std::slice::from_ref(&write_scope))
        .map_err(|e| ConfigError::at("auth.write_scope", e.message))?;
    let extra_scopes = check_scopes("auth.extra_scopes", &r.extra_scopes.unwrap_or_default())?;
    let user_claim = r.user_claim.unwrap_or_else(|| "sub".into());
    check_text("auth.user_claim", &user_claim)?;
    let allow_system_users = check_system_users(&r.allow_system_users.unwrap_or_default())?;
    let clock_skew = Duration::from_secs(r.clock_skew_secs.unwrap_or(60));
    if clock_skew > Duration::from_secs(300) {
        return Err(ConfigError::at(
            "auth.clock_skew_secs",
            format!(
                "{} s would accept tokens long expired; give at most 300 (default 60)",
                clock_skew.as_secs()
            ),
        ));
    }
    let jwks_min_refresh = Duration::from_secs(super::check_secs(
        "auth.jwks_min_refresh_secs",
        r.jwks_min_refresh_secs.unwrap_or(30),
    )?);
    if jwks_min_refresh.is_zero() {
        return Err(ConfigError::at(
            "auth.jwks_min_refresh_secs",
            "0 would let every forged key id fetch the issuer's keys again; give at least 1 \
             (default 30)",
        ));
    }
    let on_token_expiry = match r.on_token_expiry.as_deref().unwrap_or("keep") {
        "keep" => TokenExpiry::KeepUntilNextRequest,
        "end" => TokenExpiry::EndSession,
        other => {
            return Err(ConfigError::at(
                "auth.on_token_expiry",
                format!(
                    "`{other}` is not a choice; use `keep` (the session waits for a request \
                     with a fresh token, the default) or `end` (the session ends when its token \
                     expires)"
                ),
            ));
        }
    };
    Ok(AuthConfig {
        issuer,
        audience,
        jwks_uri: r.jwks_uri,
        required_scopes,
        write_scope,
        extra_scopes,
        user_claim,
        allow_system_users,
        clock_skew,
        jwks_min_refresh,
        on_token_expiry,
    })
}

/// `auth.allow_system_users`: each entry a system user, spelled as GemStone
/// spells it. Any other name is a configuration error rather than ignored:
/// only system users are ever refused, so listing another user does
/// nothing, and a misspelt one (`datacurator`) would never match a token,
/// leaving the operator to wonder why `DataCurator` is still refused.
fn check_system_users(users: &[String]) -> Result<Vec<String>, ConfigError> {
    let mut out: Vec<String> = Vec::new();
    for (i, user) in users.iter().enumerate() {
        let key = format!("auth.allow_system_users[{i}]");
        match system_user_like(user) {
            Some(name) if name == user => {
                if !out.contains(user) {
                    out.push(user.clone());
                }
            }
            Some(name) => {
                return Err(ConfigError::at(
                    key,
                    format!(
                        "{user:?} is not spelled as GemStone spells the system user; user ids \
                         are case-sensitive: write `{name}`"
                    ),
                ));
            }
            None => {
                return Err(ConfigError::at(
                    key,
                    format!(
                        "{user:?} is not a GemStone system user ({}); only tokens naming a \
                         system user are refused, so listing another user does nothing: \
                         remove it",
                        SYSTEM_USERS.join(", ")
                    ),
                ));
            }
        }
    }
    Ok(out)
}
