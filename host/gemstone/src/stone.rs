//! The stone: where it is and how to log in ([`StoneSettings`]), the
//! client library loaded once, and logins, at most `login_concurrency` at
//! a time.

use std::path::PathBuf;
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use gs_gci::{ErrorKind as GciKind, Library, Login, Password, Session};

use crate::answers::ok_fields;
use crate::session::GemStoneSession;
use crate::{run, smalltalk};

/// Where the stone is and how to log in to it. Its `Debug` form shows no
/// password.
#[derive(Clone)]
pub struct StoneSettings {
    /// The GemStone/S 64 installation directory (`$GEMSTONE`); the client
    /// library is `lib/libgcits-<version>-64.so` in it.
    pub gemstone: PathBuf,
    /// The library version to load; `None` takes the only one there.
    pub version: Option<String>,
    /// The stone's name (its NRS, e.g. `gs64stone` or `!@host!gs64stone`).
    pub stone: String,
    /// The gem service's NRS; `None` for the library's default
    /// (`!@localhost!gemnetobject`).
    pub gem_service: Option<String>,
    /// The host account the netldi forks gems as, if not its own.
    pub host_user: Option<String>,
    /// That account's password.
    pub host_password: Option<String>,
    /// The GemStone user sessions log in as unless told otherwise.
    pub user: String,
    /// That user's password (or where it comes from).
    pub password: Password,
    /// How many logins may run at once (at least one); the rest wait.
    pub login_concurrency: usize,
}

impl std::fmt::Debug for StoneSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StoneSettings")
            .field("gemstone", &self.gemstone)
            .field("version", &self.version)
            .field("stone", &self.stone)
            .field("gem_service", &self.gem_service)
            .field("host_user", &self.host_user)
            .field(
                "host_password",
                &self.host_password.as_ref().map(|_| "<redacted>"),
            )
            .field("user", &self.user)
            .field("password", &self.password)
            .field("login_concurrency", &self.login_concurrency)
            .finish()
    }
}

/// A failure to load the library or to log in, with what to do about it.
#[derive(Debug, Clone)]
pub struct BackendError {
    message: String,
    kind: Option<GciKind>,
}

impl BackendError {
    fn new(message: impl Into<String>) -> BackendError {
        BackendError {
            message: message.into(),
            kind: None,
        }
    }

    fn gci(context: &str, e: &gs_gci::Error) -> BackendError {
        BackendError {
            message: format!("{context}: {e}"),
            kind: e.gci().map(|g| g.kind()),
        }
    }

    /// GemStone's kind of the error, when GemStone reported it (e.g.
    /// `LoginDenied`, `NoSuchStone`).
    pub fn gci_kind(&self) -> Option<GciKind> {
        self.kind
    }

    /// The message, saying what to fix.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BackendError {}

/// What `Stone::check` learnt from the stone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoneFacts {
    /// The stone's GemStone version (`System stoneVersionAt: 'gsVersion'`).
    pub version: String,
    /// The stone's name (`System stoneName`).
    pub stone: String,
    /// The client library's version (`GciTsVersion`).
    pub library_version: String,
}

/// How long a login waits for one of the `login_concurrency` running
/// logins to end before it fails: a stone or netldi that stopped
/// answering must not hold every later login forever.
const LOGIN_QUEUE_WAIT: Duration = Duration::from_secs(60);

/// A counting gate: at most `limit` holders at once, a wait for a turn
/// bounded by `wait`.
#[derive(Debug)]
struct Gate {
    busy: Mutex<usize>,
    freed: Condvar,
    limit: usize,
    wait: Duration,
}

impl Gate {
    /// A turn, or `None` if none came within the gate's wait.
    fn enter(&self) -> Option<GateGuard<'_>> {
        let deadline = Instant::now() + self.wait;
        let mut busy = self.busy.lock().unwrap_or_else(PoisonError::into_inner);
        while *busy >= self.limit {
            let left = deadline.checked_duration_since(Instant::now())?;
            busy = self
                .freed
                .wait_timeout(busy, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        *busy += 1;
        Some(GateGuard(self))
    }
}

struct GateGuard<'a>(&'a Gate);

impl Drop for GateGuard<'_> {
    fn drop(&mut self) {
        let mut busy = self.0.busy.lock().unwrap_or_else(PoisonError::into_inner);
        *busy -= 1;
        self.0.freed.notify_one();
    }
}

/// A stone to log sessions in to: the loaded client library and the login
/// settings. Cheap to share (`Send + Sync`).
#[derive(Debug)]
pub struct Stone {
    library: Library,
    settings: StoneSettings,
    gate: Gate,
}

impl Stone {
    /// Loads the client library of `settings.gemstone` (of
    /// `settings.version`, or the only one there).
    pub fn open(settings: StoneSettings) -> Result<Stone, BackendError> {
        let path = match &settings.version {
            Some(v) => gs_gci::library_path(&settings.gemstone, v),
            None => gs_gci::find_library(&settings.gemstone)
                .map_err(|e| BackendError::gci("cannot find the GemStone client library", &e))?,
        };
        let library = Library::open(&path)
            .map_err(|e| BackendError::gci("cannot load the GemStone client library", &e))?;
        Ok(Stone {
            library,
            gate: Gate {
                busy: Mutex::new(0),
                freed: Condvar::new(),
                limit: settings.login_concurrency.max(1),
                wait: LOGIN_QUEUE_WAIT,
            },
            settings,
        })
    }

    /// The loaded library's version text.
    pub fn library_version(&self) -> &str {
        self.library.version()
    }

    /// The settings the stone was opened with.
    pub fn settings(&self) -> &StoneSettings {
        &self.settings
    }

    fn login_raw(
        &self,
        user: Option<&str>,
        password: Option<&Password>,
    ) -> Result<Session, BackendError> {
        let login = Login {
            stone: self.settings.stone.clone(),
            gem_service: self.settings.gem_service.clone(),
            host_user: self.settings.host_user.clone(),
            host_password: self.settings.host_password.clone(),
            user: user.unwrap_or(&self.settings.user).to_string(),
            password: password.unwrap_or(&self.settings.password).clone(),
            halt_on_error: 0,
        };
        let Some(_turn) = self.gate.enter() else {
            return Err(BackendError::new(format!(
                "cannot log in to stone {}: {} other logins have been running for more than {} \
                 s, so the stone or its netldi may have stopped answering; check the stone \
                 (gslist, its log), then try again",
                self.settings.stone,
                self.gate.limit,
                self.gate.wait.as_secs()
            )));
        };
        self.library.login(&login).map_err(|e| {
            BackendError::gci(
                &format!(
                    "cannot log in to stone {} as {}",
                    self.settings.stone, login.user
                ),
                &e,
            )
        })
    }

    /// Logs in and out once, answering the stone's version and name.
    pub fn check(&self) -> Result<StoneFacts, BackendError> {
        let mut session = self.login_raw(None, None)?;
        let answer = run::program_blocking(&mut session, &smalltalk::stone_facts(), None)
            .map_err(|e| BackendError::new(format!("logged in, but {}", e.message)))?;
        let facts = (|| {
            let mut f = ok_fields(answer, "the stone's facts")?;
            Ok::<_, String>(StoneFacts {
                version: f.str()?,
                stone: f.str()?,
                library_version: self.library.version().to_string(),
            })
        })()
        .map_err(|e| BackendError::new(format!("logged in, but the stone's facts: {e}")))?;
        session
            .logout()
            .map_err(|e| BackendError::gci("logged in, but the logout failed", &e))?;
        Ok(facts)
    }

    /// Logs a session in as `user` (the settings' user if `None`), waiting
    /// while `login_concurrency` other logins run.
    pub fn login(&self, user: Option<&str>) -> Result<GemStoneSession, BackendError> {
        self.session(user, None)
    }

    /// Logs a session in as `user` with a password of its own (an
    /// authenticated caller's token as a JWT password), under the same
    /// limit.
    pub fn login_as(
        &self,
        user: &str,
        password: &Password,
    ) -> Result<GemStoneSession, BackendError> {
        self.session(Some(user), Some(password))
    }

    fn session(
        &self,
        user: Option<&str>,
        password: Option<&Password>,
    ) -> Result<GemStoneSession, BackendError> {
        let session = self.login_raw(user, password)?;
        let user = user.unwrap_or(&self.settings.user).to_string();
        Ok(GemStoneSession::new(session, user))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_login_waits_for_a_turn_no_longer_than_the_gate_s_wait() {
        let gate = Gate {
            busy: Mutex::new(0),
            freed: Condvar::new(),
            limit: 1,
            wait: Duration::from_millis(100),
        };
        let first = gate.enter().expect("a free turn");
        let started = Instant::now();
        assert!(gate.enter().is_none(), "no turn while the first holds it");
        assert!(started.elapsed() >= Duration::from_millis(100));
        assert!(started.elapsed() < Duration::from_secs(5));
        drop(first);
        assert!(gate.enter().is_some(), "a turn once it is freed");
    }

    #[test]
    fn settings_never_show_a_password() {
        let settings = StoneSettings {
            gemstone: "/opt/gs".into(),
            version: None,
            stone: "gs64stone".into(),
            gem_service: None,
            host_user: Some("gem".into()),
            host_password: Some("hostsecret".into()),
            user: "DataCurator".into(),
            password: Password::Plain("swordfish".into()),
            login_concurrency: 2,
        };
        let shown = format!("{settings:?}");
        assert!(
            !shown.contains("hostsecret") && !shown.contains("swordfish"),
            "{shown}"
        );
        assert!(shown.contains("gs64stone"), "{shown}");
    }
}
