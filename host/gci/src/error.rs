//! Errors: `GciError` is GemStone's (a `GciErrSType` as a Rust value), and
//! `Error` is everything a call into this crate can fail with.

use std::ffi::c_char;
use std::fmt;
use std::path::PathBuf;

use crate::Oop;
use crate::ffi::GciErrSType;

/// GemStone's error numbers a client must tell apart, from `gcierr.ht` of
/// GemStone/S 64 3.7.5 (the same numbers in every vendored version from
/// 3.6.2 to 3.7.5).
pub mod number {
    /// `COMPILER_ERR_STDB`: the source did not compile; the first argument
    /// is an Array of error descriptors.
    pub const COMPILE_ERROR: i32 = 1001;
    /// `GCI_ERR_OP_IN_PROGRESS`: a call was made while a non-blocking call
    /// was still running in the session.
    pub const OP_IN_PROGRESS: i32 = 2203;
    /// `GCI_ERR_NO_START_CMD`: a result was asked for with no call started.
    pub const NO_START_CMD: i32 = 2204;
    /// `RT_ERR_BAD_PASSWORD`: the given password is not the user's (when a
    /// password is checked inside a session; a failed login is
    /// `LOGIN_DENIAL`).
    pub const BAD_PASSWORD: i32 = 2214;
    /// `GS_ERR_DISCONNECT_IN_LOGIN`: the stone hung up during login, most
    /// likely because logins are disabled or the stone is full.
    pub const DISCONNECT_IN_LOGIN: i32 = 4038;
    /// `GS_ERR_MAX_SESSIONS_LIMIT`: the stone has as many sessions as it
    /// allows.
    pub const MAX_SESSIONS_LIMIT: i32 = 4039;
    /// `LGC_ERR_INCOMPAT_GCI`: this client library's version does not
    /// match the gem's.
    pub const INCOMPATIBLE_GCI: i32 = 4040;
    /// `GS_ERR_GCI_SESSIONS_LIMIT`: this process has as many GCI sessions
    /// as the library allows.
    pub const GCI_SESSIONS_LIMIT: i32 = 4041;
    /// `GS_ERR_ACTIVE_USER_LIMIT`: too many sessions of this user.
    pub const ACTIVE_USER_LIMIT: i32 = 4050;
    /// `GS_ERR_LOGIN_DENIAL`: wrong user name or password, or an expired
    /// password. GemStone does not say which.
    pub const LOGIN_DENIAL: i32 = 4051;
    /// `GS_ERR_LOGINS_DISABLED`: the stone accepts no logins now.
    pub const LOGINS_DISABLED: i32 = 4053;
    /// `NET_ERR_NO_SUCH_STN`: no server of that name could be found (the
    /// stone, or the netldi the gem service names).
    pub const NO_SUCH_STONE: i32 = 4065;
    /// `GCI_ERR_BAD_SESSION_ID`: the session no longer exists.
    pub const BAD_SESSION_ID: i32 = 4100;
    /// `NET_ERR_CONNECTION_REFUSED`: nothing listens where the name led.
    pub const CONNECTION_REFUSED: i32 = 4136;
    /// `NET_ERROR`: any other network error; the system's text follows the
    /// message.
    pub const NET_ERROR: i32 = 4137;
    /// `REP_ERR_SYSTEM_REP_NOT_ATTACHED_NO_STONE`: the gem could not find
    /// the stone.
    pub const REPOSITORY_NO_STONE: i32 = 4142;
    /// `RT_ERR_SOFT_BREAK`: a soft break stopped the execution; the stack
    /// is kept (this crate clears it).
    pub const SOFT_BREAK: i32 = 6003;
    /// `RT_ERR_HARD_BREAK`: a hard break stopped the execution.
    pub const HARD_BREAK: i32 = 6004;
}

/// What kind of failure a `GciError` is, for the errors whose handling
/// differs. Everything else is `Other`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Wrong user name or password, or an expired password (4051).
    LoginDenied,
    /// A password check inside the session failed (2214).
    BadPassword,
    /// No stone (or netldi) of the configured name is visible (4065, 4142).
    NoSuchStone,
    /// The name resolved but nothing accepted the connection (4136).
    ConnectionRefused,
    /// Any other network failure (4137).
    Network,
    /// The stone takes no more logins now: disabled, full, or the user has
    /// too many sessions (4038, 4039, 4041, 4050, 4053).
    LoginsUnavailable,
    /// This client library does not match the gem's version (4040).
    IncompatibleLibrary,
    /// A soft break stopped the call (6003).
    SoftBreak,
    /// A hard break stopped the call (6004).
    HardBreak,
    /// The source did not compile (1001).
    Compile,
    /// A call was made while another was in flight (2203, 2204).
    CallInProgress,
    /// The session is gone (4100).
    SessionGone,
    /// Any other error.
    Other,
}

impl ErrorKind {
    /// The kind of GemStone error `number`.
    pub fn of(num: i32) -> ErrorKind {
        use self::number as n;
        match num {
            n::LOGIN_DENIAL => ErrorKind::LoginDenied,
            n::BAD_PASSWORD => ErrorKind::BadPassword,
            n::NO_SUCH_STONE | n::REPOSITORY_NO_STONE => ErrorKind::NoSuchStone,
            n::CONNECTION_REFUSED => ErrorKind::ConnectionRefused,
            n::NET_ERROR => ErrorKind::Network,
            n::DISCONNECT_IN_LOGIN
            | n::MAX_SESSIONS_LIMIT
            | n::GCI_SESSIONS_LIMIT
            | n::ACTIVE_USER_LIMIT
            | n::LOGINS_DISABLED => ErrorKind::LoginsUnavailable,
            n::INCOMPATIBLE_GCI => ErrorKind::IncompatibleLibrary,
            n::SOFT_BREAK => ErrorKind::SoftBreak,
            n::HARD_BREAK => ErrorKind::HardBreak,
            n::COMPILE_ERROR => ErrorKind::Compile,
            n::OP_IN_PROGRESS | n::NO_START_CMD => ErrorKind::CallInProgress,
            n::BAD_SESSION_ID => ErrorKind::SessionGone,
            _ => ErrorKind::Other,
        }
    }

    /// What the user should do about it, where there is something to say.
    pub fn hint(self) -> Option<&'static str> {
        Some(match self {
            ErrorKind::LoginDenied => {
                "check the GemStone user name and password, and that the password has not expired"
            }
            ErrorKind::BadPassword => "check the password",
            ErrorKind::NoSuchStone => {
                "check the stone name, that the stone and its netldi are running (`gslist -l`), \
                 and that GEMSTONE_GLOBAL_DIR is the directory holding their lock files \
                 (the one they were started with)"
            }
            ErrorKind::ConnectionRefused => {
                "check that the netldi named in the gem service is running on that host, \
                 and the stone's name"
            }
            ErrorKind::Network => {
                "check that the stone's host is reachable and its netldi is running"
            }
            ErrorKind::LoginsUnavailable => {
                "the stone takes no more logins now: wait for sessions to end, lower the \
                 login concurrency, or raise the stone's session limit"
            }
            ErrorKind::IncompatibleLibrary => {
                "use the libgcits of the stone's GemStone version (set GEMSTONE to that installation)"
            }
            _ => return None,
        })
    }
}

/// The class of a GemStone error, from its number (gcierr.ht:
/// "Divide GemStone error numbers by 1000 to get their category").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorClass {
    /// 1000–1999.
    Compiler,
    /// 2000–2999.
    Runtime,
    /// 3000–3999: the transaction was aborted.
    Aborting,
    /// 4000–4999: the session is gone.
    Fatal,
    /// 5000–5999.
    Internal,
    /// 6000–6999: breaks, breakpoints, signals.
    Event,
    /// Any other number (not a GemStone error number).
    Unknown,
}

impl ErrorClass {
    /// The class of error `number`.
    pub fn of(number: i32) -> ErrorClass {
        match number / 1000 {
            1 => ErrorClass::Compiler,
            2 => ErrorClass::Runtime,
            3 => ErrorClass::Aborting,
            4 => ErrorClass::Fatal,
            5 => ErrorClass::Internal,
            6 => ErrorClass::Event,
            _ => ErrorClass::Unknown,
        }
    }
}

/// A GemStone error, as the library reports it in a `GciErrSType`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GciError {
    /// GemStone's error number (see [`number`]).
    pub number: i32,
    /// The error dictionary: [`Oop::GEMSTONE_ERROR_CAT`] for GemStone's own.
    pub category: Oop,
    /// The GsProcess of the failed execution, or nil.
    pub context: Oop,
    /// The exception object, or nil.
    pub exception: Oop,
    /// The arguments of the error text.
    pub args: Vec<Oop>,
    /// The message (UTF-8; a byte that is not is replaced).
    pub message: String,
    /// The reason, often empty.
    pub reason: String,
    /// Whether the session is gone.
    pub fatal: bool,
}

impl GciError {
    /// An error with `number` and `message` and nothing else (GemStone's
    /// category, no context): for tests and for errors this crate reports
    /// in GemStone's terms.
    pub fn new(number: i32, message: impl Into<String>) -> GciError {
        GciError {
            number,
            category: Oop::GEMSTONE_ERROR_CAT,
            context: Oop::NIL,
            exception: Oop::NIL,
            args: Vec::new(),
            message: message.into(),
            reason: String::new(),
            fatal: ErrorClass::of(number) == ErrorClass::Fatal,
        }
    }

    /// The kind, for errors whose handling differs.
    pub fn kind(&self) -> ErrorKind {
        if self.category != Oop::GEMSTONE_ERROR_CAT {
            return ErrorKind::Other;
        }
        ErrorKind::of(self.number)
    }

    /// The class of the error by its number.
    pub fn class(&self) -> ErrorClass {
        ErrorClass::of(self.number)
    }

    /// Whether a soft break stopped the call.
    pub fn is_soft_break(&self) -> bool {
        self.kind() == ErrorKind::SoftBreak
    }

    /// Whether a hard break stopped the call.
    pub fn is_hard_break(&self) -> bool {
        self.kind() == ErrorKind::HardBreak
    }

    /// The Rust value of a struct the library filled in.
    pub(crate) fn from_raw(raw: &GciErrSType) -> GciError {
        let count = usize::try_from(raw.arg_count)
            .unwrap_or(0)
            .min(raw.args.len());
        GciError {
            number: raw.number,
            category: Oop::from_raw(raw.category),
            context: Oop::from_raw(raw.context),
            exception: Oop::from_raw(raw.exception_obj),
            args: raw.args[..count]
                .iter()
                .copied()
                .map(Oop::from_raw)
                .collect(),
            message: c_text(&raw.message),
            reason: c_text(&raw.reason),
            fatal: raw.fatal != 0,
        }
    }
}

/// The text of a NUL-terminated array, up to its NUL or its end.
fn c_text(chars: &[c_char]) -> String {
    let bytes: Vec<u8> = chars
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    String::from_utf8_lossy(&bytes).trim_end().to_string()
}

impl fmt::Display for GciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GemStone error {}", self.number)?;
        match self.message.is_empty() {
            true => f.write_str(" (no message)")?,
            false => write!(f, ": {}", self.message)?,
        }
        if !self.reason.is_empty() && self.reason != self.message {
            write!(f, " ({})", self.reason)?;
        }
        // Logins switched off are not a full stone: waiting for sessions
        // to end, or more of them, would not help.
        let hint = match self.number {
            number::LOGINS_DISABLED => Some(
                "the stone's administrator has disabled logins (as for a restore or a \
                 shutdown); try again once they are enabled",
            ),
            _ => self.kind().hint(),
        };
        if let Some(hint) = hint {
            write!(f, "; {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for GciError {}

/// Everything a call into this crate can fail with.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// A shared library could not be loaded.
    Load {
        /// The file.
        path: PathBuf,
        /// The loader's words.
        reason: String,
    },
    /// The library lacks a function this crate needs.
    MissingSymbol {
        /// The function.
        symbol: &'static str,
        /// The library.
        path: PathBuf,
    },
    /// The library is not GemStone/S 64's.
    NotGemStone64 {
        /// The library.
        path: PathBuf,
        /// What `GciTsVersion` answered.
        product: u32,
    },
    /// No library could be chosen in an installation directory.
    NoLibrary {
        /// What was looked for, and where.
        reason: String,
    },
    /// GemStone reported an error.
    Gci(GciError),
    /// A call was made while another was in flight in the session.
    CallInFlight,
    /// `poll` or `result` was called with no call in flight.
    NoCallInFlight,
    /// The session has logged out (a `BreakHandle` outlived it).
    SessionEnded,
    /// An argument cannot be passed to the library.
    InvalidArgument {
        /// Which argument.
        what: &'static str,
        /// Why not.
        reason: &'static str,
    },
    /// A fetched object's bytes are not UTF-8.
    NotUtf8 {
        /// The object.
        oop: Oop,
    },
    /// A result is larger than the session fetches
    /// ([`crate::Session::set_fetch_limit`]).
    TooLarge {
        /// The object.
        oop: Oop,
        /// Its size in bytes.
        size: usize,
        /// The session's limit in bytes.
        limit: usize,
    },
    /// An execution's answer filled the whole buffer it was fetched into
    /// ([`crate::Session::execute_fetch_bytes`]), so it may have been cut.
    FilledBuffer {
        /// The buffer's size in bytes.
        buffer: usize,
    },
    /// The library answered something its header rules out.
    Protocol {
        /// What it answered.
        detail: String,
    },
}

impl Error {
    /// GemStone's error, if this is one.
    pub fn gci(&self) -> Option<&GciError> {
        match self {
            Error::Gci(e) => Some(e),
            _ => None,
        }
    }
}

impl From<GciError> for Error {
    fn from(e: GciError) -> Error {
        Error::Gci(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Load { path, reason } => write!(
                f,
                "cannot load the GemStone client library {}: {reason}; set GEMSTONE to the \
                 GemStone/S 64 installation directory (the one holding lib/libgcits-<version>-64.so) \
                 and check that the version is the stone's",
                path.display()
            ),
            Error::MissingSymbol { symbol, path } => write!(
                f,
                "{} has no function {symbol}: it is not GemStone/S 64's libgcits (3.7.0 or later); \
                 point GEMSTONE at a GemStone/S 64 3.7 installation",
                path.display()
            ),
            Error::NotGemStone64 { path, product } => write!(
                f,
                "{} is the C interface of GemStone product {product}, not GemStone/S 64 (3); \
                 point GEMSTONE at a GemStone/S 64 installation",
                path.display()
            ),
            Error::NoLibrary { reason } => f.write_str(reason),
            Error::Gci(e) => e.fmt(f),
            Error::CallInFlight => f.write_str(
                "a call is still in flight in this GemStone session; wait for its result (or break it) first",
            ),
            Error::NoCallInFlight => f.write_str("no call is in flight in this GemStone session; start one first"),
            Error::SessionEnded => f.write_str("the GemStone session has logged out"),
            Error::InvalidArgument { what, reason } => write!(f, "{what} {reason}"),
            Error::NotUtf8 { oop } => write!(
                f,
                "the object {oop} is not UTF-8 text; send it encodeAsUTF8 in the Smalltalk that answers it"
            ),
            Error::TooLarge { oop, size, limit } => write!(
                f,
                "the result {oop} holds {size} bytes, more than the {limit} bytes this session \
                 fetches; answer less (cut the text or page through it in Smalltalk)"
            ),
            Error::FilledBuffer { buffer } => write!(
                f,
                "the answer filled all {buffer} bytes it was fetched into and may have been cut; \
                 answer less, or fetch it with a larger buffer"
            ),
            Error::Protocol { detail } => write!(f, "the GemStone client library {detail}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.gci().map(|e| e as _)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::GciErrSType;

    fn fill(text: &mut [c_char], s: &str) {
        for (d, b) in text.iter_mut().zip(s.bytes()) {
            *d = b as c_char;
        }
    }

    #[test]
    fn a_filled_struct_converts_field_by_field() {
        let mut raw = GciErrSType::new();
        raw.number = number::LOGIN_DENIAL;
        raw.category = Oop::GEMSTONE_ERROR_CAT.raw();
        raw.context = 0x0012_3401;
        raw.exception_obj = 0x0056_7801;
        raw.arg_count = 2;
        raw.args[0] = Oop::small_int(7).unwrap().raw();
        raw.args[1] = Oop::TRUE.raw();
        raw.args[2] = 0xdead;
        raw.fatal = 1;
        fill(&mut raw.message, "the login failed: ünïcode");
        fill(&mut raw.reason, "because");
        let e = GciError::from_raw(&raw);
        assert_eq!(e.number, 4051);
        assert_eq!(e.category, Oop::GEMSTONE_ERROR_CAT);
        assert_eq!(e.context, Oop::from_raw(0x0012_3401));
        assert_eq!(e.exception, Oop::from_raw(0x0056_7801));
        assert_eq!(e.args, vec![Oop::small_int(7).unwrap(), Oop::TRUE]);
        assert_eq!(e.message, "the login failed: ünïcode");
        assert_eq!(e.reason, "because");
        assert!(e.fatal);
        assert_eq!(e.kind(), ErrorKind::LoginDenied);
        assert_eq!(e.class(), ErrorClass::Fatal);
        let shown = e.to_string();
        assert!(
            shown.starts_with("GemStone error 4051: the login failed"),
            "{shown}"
        );
        assert!(shown.contains("user name and password"), "{shown}");
    }

    #[test]
    fn unterminated_text_and_bad_counts_stay_in_bounds() {
        let mut raw = GciErrSType::new();
        raw.message = [b'x' as c_char; 1025];
        raw.reason = [0xFFu8 as c_char; 1025];
        raw.arg_count = 99;
        let e = GciError::from_raw(&raw);
        assert_eq!(e.message.len(), 1025);
        assert!(e.reason.chars().all(|c| c == char::REPLACEMENT_CHARACTER));
        assert_eq!(e.args.len(), 10);
        raw.arg_count = -3;
        assert!(GciError::from_raw(&raw).args.is_empty());
    }

    #[test]
    fn error_numbers_are_the_headers() {
        // gcierr.ht, GemStone/S 64 3.7.5.
        use super::number as n;
        let expected = [
            (n::COMPILE_ERROR, 1001),       // COMPILER_ERR_STDB
            (n::OP_IN_PROGRESS, 2203),      // GCI_ERR_OP_IN_PROGRESS
            (n::NO_START_CMD, 2204),        // GCI_ERR_NO_START_CMD
            (n::BAD_PASSWORD, 2214),        // RT_ERR_BAD_PASSWORD
            (n::DISCONNECT_IN_LOGIN, 4038), // GS_ERR_DISCONNECT_IN_LOGIN
            (n::MAX_SESSIONS_LIMIT, 4039),  // GS_ERR_MAX_SESSIONS_LIMIT
            (n::INCOMPATIBLE_GCI, 4040),    // LGC_ERR_INCOMPAT_GCI
            (n::GCI_SESSIONS_LIMIT, 4041),  // GS_ERR_GCI_SESSIONS_LIMIT
            (n::ACTIVE_USER_LIMIT, 4050),   // GS_ERR_ACTIVE_USER_LIMIT
            (n::LOGIN_DENIAL, 4051),        // GS_ERR_LOGIN_DENIAL
            (n::LOGINS_DISABLED, 4053),     // GS_ERR_LOGINS_DISABLED
            (n::NO_SUCH_STONE, 4065),       // NET_ERR_NO_SUCH_STN
            (n::BAD_SESSION_ID, 4100),      // GCI_ERR_BAD_SESSION_ID
            (n::CONNECTION_REFUSED, 4136),  // NET_ERR_CONNECTION_REFUSED
            (n::NET_ERROR, 4137),           // NET_ERROR
            (n::REPOSITORY_NO_STONE, 4142), // REP_ERR_SYSTEM_REP_NOT_ATTACHED_NO_STONE
            (n::SOFT_BREAK, 6003),          // RT_ERR_SOFT_BREAK
            (n::HARD_BREAK, 6004),          // RT_ERR_HARD_BREAK
        ];
        for (ours, header) in expected {
            assert_eq!(ours, header);
        }
    }

    #[test]
    fn kinds_tell_the_login_failures_and_breaks_apart() {
        assert_eq!(GciError::new(4051, "x").kind(), ErrorKind::LoginDenied);
        assert_eq!(GciError::new(2214, "x").kind(), ErrorKind::BadPassword);
        assert_eq!(GciError::new(4065, "x").kind(), ErrorKind::NoSuchStone);
        assert_eq!(
            GciError::new(4136, "x").kind(),
            ErrorKind::ConnectionRefused
        );
        assert!(GciError::new(6003, "x").is_soft_break());
        assert!(GciError::new(6004, "x").is_hard_break());
        assert_eq!(GciError::new(2010, "x").kind(), ErrorKind::Other);
        let mut foreign = GciError::new(4051, "x");
        foreign.category = Oop::from_raw(0x9901);
        assert_eq!(
            foreign.kind(),
            ErrorKind::Other,
            "only GemStone's own category has these numbers"
        );
        assert!(
            GciError::new(4065, "x")
                .to_string()
                .contains("GEMSTONE_GLOBAL_DIR")
        );
        assert!(GciError::new(4065, "x").fatal);
        assert!(!GciError::new(6003, "x").fatal);
    }
}
