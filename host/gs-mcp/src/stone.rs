//! The `gemstone` image backend's wiring: the operator's settings turned
//! into gs-gemstone's, and a stone's GCI sessions as the broker's image
//! sessions.

use std::sync::Arc;

use gs_broker::{ImageSessionFactory, SessionOwner};
use gs_config::{GemStoneSettings, PasswordKind};
use gs_gemstone::{Stone, StoneFacts, StoneSettings};
use gs_toolset::ImageSession;

use super::Failure;

/// The sessions of the stone `settings` names: its client library loaded,
/// the password read from where the settings say. `server_read_only` is
/// the server's own `read_only`. With `trial_login` (a server's start) it
/// logs in and out once, and warns when that fails: the stone may come up
/// later, so the server starts anyway.
pub fn factory(
    settings: &GemStoneSettings,
    server_read_only: bool,
    trial_login: bool,
) -> Result<Arc<dyn ImageSessionFactory>, Failure> {
    let stone = open(settings)?;
    if trial_login && let Err(e) = stone.check() {
        eprintln!(
            "gs-mcp: warning: a trial login to the stone failed ({e}); every session is refused \
             until a login succeeds (`gs-mcp check` tries one)"
        );
    }
    Ok(Arc::new(StoneFactory {
        stone,
        jwt_logins: settings.password_kind == PasswordKind::Jwt,
        users_cannot_commit: settings.read_only_users_cannot_commit,
        server_read_only,
    }))
}

/// Logs in and out once (`gs-mcp check`), answering what the stone said.
pub fn check(settings: &GemStoneSettings) -> Result<StoneFacts, Failure> {
    open(settings)?
        .check()
        .map_err(|e| Failure::failed(e.to_string()))
}

fn open(settings: &GemStoneSettings) -> Result<Stone, Failure> {
    Stone::open(stone_settings(settings)?).map_err(|e| Failure::config(e.to_string()))
}

/// gs-gemstone's settings: the secrets read now, so that a missing
/// variable or file stops the start rather than every login.
fn stone_settings(s: &GemStoneSettings) -> Result<StoneSettings, Failure> {
    let env = |k: &str| std::env::var(k).ok();
    // The key named is the one the operator set: `…_env` or `…_file`.
    let secret = |setting: &str, source: &gs_config::PasswordSource| {
        let key = match source {
            gs_config::PasswordSource::Env(_) => format!("{setting}_env"),
            gs_config::PasswordSource::File(_) => format!("{setting}_file"),
        };
        source
            .read(&env)
            .map_err(|e| Failure::config(format!("`{key}`: {e}")))
    };
    let text = secret("image.password", &s.password)?;
    let password = match s.password_kind {
        PasswordKind::Password => gs_gci::Password::Plain(text),
        PasswordKind::OneTime => gs_gci::Password::OneTime(text),
        PasswordKind::Jwt => gs_gci::Password::Jwt(text),
    };
    let (host_user, host_password) = match &s.host_login {
        Some((user, source)) => (
            Some(user.clone()),
            Some(secret("image.host_password", source)?),
        ),
        None => (None, None),
    };
    Ok(StoneSettings {
        gemstone: s.gemstone.clone(),
        version: s.version.clone(),
        stone: match &s.host {
            Some(host) => format!("!@{host}!{}", s.stone),
            None => s.stone.clone(),
        },
        gem_service: gem_service(s),
        host_user,
        host_password,
        user: s.user.clone(),
        password,
        login_concurrency: s.login_concurrency,
    })
}

/// The gem service's NRS: the library's default unless a host or a netldi
/// is named (GemStone's NRS syntax: `!@host#netldi:name!gemnetobject`).
fn gem_service(s: &GemStoneSettings) -> Option<String> {
    if s.host.is_none() && s.netldi.is_none() {
        return None;
    }
    let host = s.host.as_deref().unwrap_or("localhost");
    Some(match &s.netldi {
        Some(netldi) => format!("!@{host}#netldi:{netldi}!gemnetobject"),
        None => format!("!@{host}!gemnetobject"),
    })
}

/// Each session a GCI login of its own.
struct StoneFactory {
    stone: Stone,
    /// The stone takes JWTs as passwords (`password_kind = "jwt"`), so an
    /// authenticated caller logs in as itself with its own token.
    jwt_logins: bool,
    /// The operator declared that the users read-only sessions log in as
    /// cannot commit (`image.read_only_users_cannot_commit`).
    users_cannot_commit: bool,
    /// The server is read-only (`read_only`): every session is.
    server_read_only: bool,
}

impl ImageSessionFactory for StoneFactory {
    fn open(&self) -> Result<Arc<dyn ImageSession>, String> {
        let session = self.stone.login(None).map_err(|e| e.to_string())?;
        let trusted = self.users_cannot_commit && self.server_read_only;
        Ok(Arc::new(session.user_cannot_commit(trusted)))
    }

    /// A login as the caller's GemStone user, with the caller's bearer
    /// token as a JWT password: the stone itself checks the token, so no
    /// user's password is ever held here.
    fn open_as(&self, owner: &SessionOwner) -> Result<Arc<dyn ImageSession>, String> {
        if !self.jwt_logins {
            return Err(format!(
                "cannot log in to the stone as `{}`: with [auth], each session logs in as its \
                 token's user with the token as a JWT password; set `image.password_kind = \
                 \"jwt\"` and configure the stone to accept the issuer's tokens (see \
                 docs/auth.md)",
                owner.user
            ));
        }
        let password = gs_gci::Password::Jwt(owner.token.clone());
        let session = self
            .stone
            .login_as(&owner.user, &password)
            .map_err(|e| e.to_string())?;
        // The operator's word covers the users read-only sessions log in as:
        // a session opened with a token that may write logs in as a user
        // who may commit, even when a later request of it is read-only by
        // its narrower token.
        let read_only_login = self.server_read_only || owner.opened_read_only;
        let trusted = self.users_cannot_commit && read_only_login;
        Ok(Arc::new(session.user_cannot_commit(trusted)))
    }
}
