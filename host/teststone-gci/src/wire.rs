//! The test stone's wire protocol, between the client library
//! (`gs-teststone-gci`) and the stone (`gs-teststone`), which both compile
//! this one file (the stone includes it by path, so neither crate depends
//! on the other).
//!
//! Over a Unix-domain stream socket, each message is a frame: a 4-byte
//! big-endian length, then that many bytes of payload (at most
//! [`MAX_FRAME`]). A payload is a tag byte and the message's fields:
//! integers big-endian, byte strings and texts as a 4-byte length and the
//! bytes, lists as a 4-byte count and the items.
//!
//! A connection's first request is a `Login` (it becomes a session) or a
//! `Control` (answered, then the connection closes). In a session every
//! request gets exactly one reply, in order, except `Break`, which gets
//! none; `Execute`'s reply (and `ExecuteFetchBytes`') comes when the
//! execution ends, and until then the client sends nothing but `Break`s,
//! so the socket is readable exactly when the result has arrived (or the
//! connection dropped).

#![allow(dead_code)] // each crate uses its own half of the protocol

use std::io::{self, Read, Write};

/// The protocol's version; a login from another version is refused.
pub const PROTOCOL_VERSION: u32 = 2;

/// The largest frame either side accepts (64 MiB); larger fetches are
/// answered in parts.
pub const MAX_FRAME: usize = 64 << 20;

/// The most bytes one `FetchBytes` answers (16 MiB); the client asks again
/// for the rest.
pub const MAX_FETCH: usize = 16 << 20;

/// A request, client to stone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// Become a session of `user`.
    Login {
        /// [`PROTOCOL_VERSION`] of the client.
        version: u32,
        /// The GemStone user name.
        user: String,
        /// The password, already read from wherever the login flags said.
        password: String,
    },
    /// A control command (see [`Command`]); the stone answers and closes.
    Control(Command),
    /// Start executing Smalltalk.
    Execute {
        /// The source, UTF-8.
        source: String,
    },
    /// Execute Smalltalk whose result is a byte object and answer its bytes
    /// (`GciTsExecuteFetchBytes`): the result object is never held, so
    /// the client neither fetches nor releases it.
    ExecuteFetchBytes {
        /// The source, UTF-8.
        source: String,
        /// The most bytes to answer; a longer result is cut there.
        max: i64,
    },
    /// Break the execution in progress: soft, or hard. No reply.
    Break {
        /// A hard break (6004) rather than a soft one (6003).
        hard: bool,
    },
    /// The size in bytes of a byte object.
    FetchSize {
        /// The object.
        oop: u64,
    },
    /// Bytes of a byte object.
    FetchBytes {
        /// The object.
        oop: u64,
        /// The first byte wanted, one-based.
        start: i64,
        /// How many bytes at most.
        max: i64,
    },
    /// Clear the stack of a failed execution's process.
    ClearStack {
        /// The GsProcess an error named.
        process: u64,
    },
    /// Drop the session's hold on objects.
    Release {
        /// The objects.
        oops: Vec<u64>,
    },
    /// End the session.
    Logout,
}

/// A control command to a running stone, for tests that inject faults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Close every session's connection at once, as a stone or network
    /// failure would: each client sees a lost connection (4137, then 4100)
    /// at its next call. The stone goes on accepting logins.
    DropConnections,
    /// Refuse new logins (`true`, GemStone's 4053 "logins disabled") or
    /// accept them again (`false`). Sessions already logged in go on.
    RefuseLogins(bool),
    /// Answer how many sessions are logged in.
    Sessions,
    /// Shut the stone down: drop every connection, remove the lock file and
    /// the socket, exit.
    Stop,
}

/// A GemStone error as it crosses the wire: the fields of a `GciErrSType`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WireError {
    /// GemStone's error number.
    pub number: i32,
    /// The message text.
    pub message: String,
    /// The reason (GemStone's error name, e.g. `numErrIntDivisionByZero`).
    pub reason: String,
    /// The failed execution's GsProcess, or nil (0x14).
    pub context: u64,
    /// The exception object, or nil.
    pub exception: u64,
    /// The error's arguments.
    pub args: Vec<u64>,
    /// Whether the session is gone.
    pub fatal: bool,
}

/// `OOP_NIL` (gcioop.ht).
pub const OOP_NIL: u64 = 0x14;

impl WireError {
    /// An error with no context, exception or arguments; fatal when its
    /// number is a 4000s one (GemStone's "session is gone" class).
    pub fn new(number: i32, message: impl Into<String>) -> WireError {
        WireError {
            number,
            message: message.into(),
            reason: String::new(),
            context: OOP_NIL,
            exception: OOP_NIL,
            args: Vec::new(),
            fatal: number / 1000 == 4,
        }
    }
}

/// A reply, stone to client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// Done (logout, clear stack, release, a control command).
    Ok,
    /// Logged in as session number `session`.
    LoggedIn {
        /// The stone's session number.
        session: u64,
    },
    /// An execution's result object.
    Oop(u64),
    /// A size, or a count (a control command's answer).
    Size(i64),
    /// Fetched bytes.
    Bytes(Vec<u8>),
    /// The request failed.
    Error(WireError),
}

/// Writes `payload` as one frame.
pub fn write_frame(w: &mut impl Write, payload: &[u8]) -> io::Result<()> {
    let len = u32::try_from(payload.len())
        .ok()
        .filter(|&l| l as usize <= MAX_FRAME)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "frame too large"))?;
    let mut frame = Vec::with_capacity(4 + payload.len());
    frame.extend_from_slice(&len.to_be_bytes());
    frame.extend_from_slice(payload);
    w.write_all(&frame)?;
    w.flush()
}

/// Reads one frame's payload. A length over [`MAX_FRAME`] is an error
/// (the connection cannot be trusted after it).
pub fn read_frame(r: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut len = [0u8; 4];
    r.read_exact(&mut len)?;
    let len = u32::from_be_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a frame of {len} bytes is over the limit of {MAX_FRAME}"),
        ));
    }
    let mut payload = vec![0u8; len];
    r.read_exact(&mut payload)?;
    Ok(payload)
}

/// Builds a payload.
#[derive(Default)]
struct Out(Vec<u8>);

impl Out {
    fn u8(&mut self, v: u8) -> &mut Self {
        self.0.push(v);
        self
    }
    fn u32(&mut self, v: u32) -> &mut Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn u64(&mut self, v: u64) -> &mut Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn i64(&mut self, v: i64) -> &mut Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.u32(b.len() as u32);
        self.0.extend_from_slice(b);
        self
    }
    fn str(&mut self, s: &str) -> &mut Self {
        self.bytes(s.as_bytes())
    }
    fn oops(&mut self, oops: &[u64]) -> &mut Self {
        self.u32(oops.len() as u32);
        for &o in oops {
            self.u64(o);
        }
        self
    }
}

/// Reads a payload; every read checks the bounds.
struct In<'a>(&'a [u8]);

/// A payload that does not decode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed(pub String);

impl std::fmt::Display for Malformed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "malformed message: {}", self.0)
    }
}

impl<'a> In<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], Malformed> {
        if self.0.len() < n {
            return Err(Malformed(format!("it ends inside {what}")));
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }
    fn u8(&mut self, what: &str) -> Result<u8, Malformed> {
        Ok(self.take(1, what)?[0])
    }
    fn bool(&mut self, what: &str) -> Result<bool, Malformed> {
        match self.u8(what)? {
            0 => Ok(false),
            1 => Ok(true),
            b => Err(Malformed(format!("{what} is {b}, not 0 or 1"))),
        }
    }
    fn u32(&mut self, what: &str) -> Result<u32, Malformed> {
        let b = self.take(4, what)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self, what: &str) -> Result<u64, Malformed> {
        let b = self.take(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_be_bytes(a))
    }
    fn i64(&mut self, what: &str) -> Result<i64, Malformed> {
        Ok(self.u64(what)? as i64)
    }
    fn bytes(&mut self, what: &str) -> Result<Vec<u8>, Malformed> {
        let n = self.u32(what)? as usize;
        Ok(self.take(n, what)?.to_vec())
    }
    fn str(&mut self, what: &str) -> Result<String, Malformed> {
        String::from_utf8(self.bytes(what)?).map_err(|_| Malformed(format!("{what} is not UTF-8")))
    }
    fn oops(&mut self, what: &str) -> Result<Vec<u64>, Malformed> {
        let n = self.u32(what)? as usize;
        if n > self.0.len() / 8 {
            return Err(Malformed(format!("{what} claims {n} objects")));
        }
        (0..n).map(|_| self.u64(what)).collect()
    }
    fn end(&self) -> Result<(), Malformed> {
        match self.0.is_empty() {
            true => Ok(()),
            false => Err(Malformed(format!("{} bytes left over", self.0.len()))),
        }
    }
}

impl Command {
    fn encode(self, o: &mut Out) {
        match self {
            Command::DropConnections => o.u8(1),
            Command::RefuseLogins(on) => o.u8(2).u8(on as u8),
            Command::Sessions => o.u8(3),
            Command::Stop => o.u8(4),
        };
    }

    fn decode(i: &mut In) -> Result<Command, Malformed> {
        Ok(match i.u8("the command")? {
            1 => Command::DropConnections,
            2 => Command::RefuseLogins(i.bool("refuse-logins")?),
            3 => Command::Sessions,
            4 => Command::Stop,
            t => return Err(Malformed(format!("unknown command {t}"))),
        })
    }
}

impl Request {
    /// The payload.
    pub fn encode(&self) -> Vec<u8> {
        let mut o = Out::default();
        match self {
            Request::Login {
                version,
                user,
                password,
            } => {
                o.u8(1).u32(*version).str(user).str(password);
            }
            Request::Control(c) => {
                o.u8(2);
                c.encode(&mut o);
            }
            Request::Execute { source } => {
                o.u8(3).str(source);
            }
            Request::Break { hard } => {
                o.u8(4).u8(*hard as u8);
            }
            Request::FetchSize { oop } => {
                o.u8(5).u64(*oop);
            }
            Request::FetchBytes { oop, start, max } => {
                o.u8(6).u64(*oop).i64(*start).i64(*max);
            }
            Request::ClearStack { process } => {
                o.u8(7).u64(*process);
            }
            Request::Release { oops } => {
                o.u8(8).oops(oops);
            }
            Request::Logout => {
                o.u8(9);
            }
            Request::ExecuteFetchBytes { source, max } => {
                o.u8(10).str(source).i64(*max);
            }
        }
        o.0
    }

    /// The request in `payload`.
    pub fn decode(payload: &[u8]) -> Result<Request, Malformed> {
        let mut i = In(payload);
        let r = match i.u8("the request tag")? {
            1 => Request::Login {
                version: i.u32("the protocol version")?,
                user: i.str("the user name")?,
                password: i.str("the password")?,
            },
            2 => Request::Control(Command::decode(&mut i)?),
            3 => Request::Execute {
                source: i.str("the source")?,
            },
            4 => Request::Break {
                hard: i.bool("the break kind")?,
            },
            5 => Request::FetchSize {
                oop: i.u64("the object")?,
            },
            6 => Request::FetchBytes {
                oop: i.u64("the object")?,
                start: i.i64("the start index")?,
                max: i.i64("the byte count")?,
            },
            7 => Request::ClearStack {
                process: i.u64("the process")?,
            },
            8 => Request::Release {
                oops: i.oops("the objects")?,
            },
            9 => Request::Logout,
            10 => Request::ExecuteFetchBytes {
                source: i.str("the source")?,
                max: i.i64("the byte count")?,
            },
            t => return Err(Malformed(format!("unknown request tag {t}"))),
        };
        i.end()?;
        Ok(r)
    }
}

impl Reply {
    /// The payload.
    pub fn encode(&self) -> Vec<u8> {
        let mut o = Out::default();
        match self {
            Reply::Ok => {
                o.u8(1);
            }
            Reply::LoggedIn { session } => {
                o.u8(2).u64(*session);
            }
            Reply::Oop(oop) => {
                o.u8(3).u64(*oop);
            }
            Reply::Size(n) => {
                o.u8(4).i64(*n);
            }
            Reply::Bytes(b) => {
                o.u8(5).bytes(b);
            }
            Reply::Error(e) => {
                o.u8(6)
                    .u32(e.number as u32)
                    .str(&e.message)
                    .str(&e.reason)
                    .u64(e.context)
                    .u64(e.exception)
                    .oops(&e.args)
                    .u8(e.fatal as u8);
            }
        }
        o.0
    }

    /// The reply in `payload`.
    pub fn decode(payload: &[u8]) -> Result<Reply, Malformed> {
        let mut i = In(payload);
        let r = match i.u8("the reply tag")? {
            1 => Reply::Ok,
            2 => Reply::LoggedIn {
                session: i.u64("the session number")?,
            },
            3 => Reply::Oop(i.u64("the result")?),
            4 => Reply::Size(i.i64("the size")?),
            5 => Reply::Bytes(i.bytes("the bytes")?),
            6 => Reply::Error(WireError {
                number: i.u32("the error number")? as i32,
                message: i.str("the message")?,
                reason: i.str("the reason")?,
                context: i.u64("the context")?,
                exception: i.u64("the exception")?,
                args: i.oops("the arguments")?,
                fatal: i.bool("the fatal flag")?,
            }),
            t => return Err(Malformed(format!("unknown reply tag {t}"))),
        };
        i.end()?;
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_round_trips() {
        let requests = [
            Request::Login {
                version: PROTOCOL_VERSION,
                user: "DataCurator".into(),
                password: "sw\u{f6}rdfish".into(),
            },
            Request::Control(Command::RefuseLogins(true)),
            Request::Control(Command::DropConnections),
            Request::Control(Command::Sessions),
            Request::Control(Command::Stop),
            Request::Execute {
                source: "3 + 4".into(),
            },
            Request::Break { hard: true },
            Request::FetchSize { oop: 0x0012_3401 },
            Request::FetchBytes {
                oop: 7,
                start: 1,
                max: -1,
            },
            Request::ClearStack { process: 9 },
            Request::Release {
                oops: vec![1, 2, 3],
            },
            Request::Logout,
            Request::ExecuteFetchBytes {
                source: "'abc' encodeAsUTF8".into(),
                max: 16,
            },
        ];
        for r in requests {
            assert_eq!(Request::decode(&r.encode()), Ok(r));
        }
        let mut e = WireError::new(2026, "divide by zero");
        e.args = vec![10, 2];
        e.reason = "numErrIntDivisionByZero".into();
        let replies = [
            Reply::Ok,
            Reply::LoggedIn { session: 3 },
            Reply::Oop(58),
            Reply::Size(-1),
            Reply::Bytes(vec![0, 255, 1]),
            Reply::Error(e),
        ];
        for r in replies {
            assert_eq!(Reply::decode(&r.encode()), Ok(r));
        }
    }

    #[test]
    fn malformed_payloads_are_errors_never_panics() {
        assert!(Request::decode(&[]).is_err());
        assert!(Request::decode(&[99]).is_err());
        assert!(Request::decode(&[3, 0, 0, 0, 9, b'x']).is_err());
        assert!(Request::decode(&[8, 0xff, 0xff, 0xff, 0xff]).is_err());
        assert!(Request::decode(&[9, 0]).is_err(), "trailing bytes");
        assert!(Request::decode(&[4, 2]).is_err());
        assert!(Reply::decode(&[6, 0, 0]).is_err());
        // Every prefix of a valid message is refused, not misread.
        let full = Request::FetchBytes {
            oop: 1,
            start: 1,
            max: 2,
        }
        .encode();
        for n in 0..full.len() {
            assert!(Request::decode(&full[..n]).is_err(), "prefix {n}");
        }
    }

    #[test]
    fn frames_over_the_limit_are_refused() {
        let mut big = Vec::new();
        big.extend_from_slice(&((MAX_FRAME as u32) + 1).to_be_bytes());
        assert!(read_frame(&mut big.as_slice()).is_err());
        let mut buf = Vec::new();
        write_frame(&mut buf, b"abc").unwrap();
        assert_eq!(read_frame(&mut buf.as_slice()).unwrap(), b"abc");
    }
}
