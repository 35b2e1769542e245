//! The test stone's client library: a shared library with the C ABI of
//! GemStone/S 64's thread-safe client library (`libgcits`), exporting the
//! thirteen `GciTs…` functions gs-gci resolves, and speaking to a
//! `gs-teststone` process over a Unix-domain socket instead of to a stone
//! and its gems.
//!
//! **A test double for GemStone, never a production store.** It exists so
//! that gs-gci and the GemStone backend run for real — loader, FFI, error
//! structs, non-blocking execution on the session's own socket, breaks —
//! where no GemStone is installed. `docs/teststone.md` says what it
//! implements and what it does not.
//!
//! The C ABI (signatures, the `GciErrSType` layout, special OOPs, error
//! numbers, login flags) is the one gs-gci transcribes from GemStone/S 64
//! 3.7.5's headers; it is transcribed again here (`abi.rs`), so that the two
//! are checked against each other by gs-teststone's tests through gs-gci.
//! The protocol with the stone is `wire.rs`, which the stone compiles too.
//!
//! Sessions are handles into a table (never pointers this library
//! dereferences), so a stale or foreign handle is GemStone's 4100, not a
//! crash. Every export catches panics and answers an error instead.
//!
//! **Architecture invariant:** depends on no workspace crate (the stone
//! includes `wire.rs` by path; nothing links this crate: it is loaded at
//! run time).

#![cfg(unix)]

mod abi;
mod client;
mod wire;

use std::ffi::{CStr, c_char, c_int, c_uint, c_ushort, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};

use abi::{BoolType, GciErrSType, OopType};
use wire::WireError;

/// The version `GciTsVersion` answers: a GemStone/S 64 3.7 version, so
/// gs-gci accepts the library, marked as the test stone's.
pub const VERSION: &str = "3.7.5 gs-teststone";

/// Runs `body`, turning a panic into a GemStone error in `err` and the
/// function's failure value, so no panic crosses the C boundary.
fn guarded<T>(
    mut err: Option<&mut GciErrSType>,
    failed: T,
    body: impl FnOnce() -> Result<T, WireError>,
) -> T {
    if let Some(e) = err.as_deref_mut() {
        abi::reset(e);
    }
    let report = |w: &WireError| {
        if let Some(e) = err {
            abi::fill(e, w);
        }
    };
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(v)) => v,
        Ok(Err(e)) => {
            report(&e);
            failed
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            report(&WireError::new(
                abi::ERR_INTERNAL,
                format!("the test stone's client library failed unexpectedly: {what}"),
            ));
            failed
        }
    }
}

/// A C string argument as Rust text (lossy UTF-8); `None` for NULL.
///
/// # Safety
///
/// `p` is NULL or points to a NUL-terminated string valid for the call.
unsafe fn text(p: *const c_char) -> Option<String> {
    if p.is_null() {
        return None;
    }
    // SAFETY: non-NULL, so NUL-terminated and valid (this function's
    // contract).
    let s = unsafe { CStr::from_ptr(p) };
    Some(s.to_string_lossy().into_owned())
}

/// `uint GciTsVersion(char *buf, size_t bufSize)`: writes the version
/// text (NUL-terminated, cut to fit) and answers the product, 3
/// (GemStone/S 64).
///
/// # Safety
///
/// `buf` is NULL or writable for `buf_size` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn GciTsVersion(buf: *mut c_char, buf_size: usize) -> c_uint {
    let _ = catch_unwind(|| {
        if buf.is_null() || buf_size == 0 {
            return;
        }
        let n = VERSION.len().min(buf_size - 1);
        // SAFETY: the caller gives a buffer writable for `buf_size` bytes;
        // `n + 1 <= buf_size` bytes are written.
        let out = unsafe { std::slice::from_raw_parts_mut(buf.cast::<u8>(), n + 1) };
        out[..n].copy_from_slice(&VERSION.as_bytes()[..n]);
        out[n] = 0;
    });
    abi::PRODUCT_GEMSTONE_S_64
}

/// `GciTsLogin`: finds the stone by name (its lock file under
/// `$GEMSTONE_GLOBAL_DIR/locks`), connects and logs in. Host user,
/// password and gem service are accepted and ignored (there is no netldi).
///
/// # Safety
///
/// Each string argument is NULL or NUL-terminated; `executed_session_init` is NULL or writable; `err` is NULL or points to a writable `GciErrSType` (as gcits.hf requires).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn GciTsLogin(
    stone_nrs: *const c_char,
    _host_user: *const c_char,
    _host_password: *const c_char,
    _host_pw_encrypted: BoolType,
    _gem_service: *const c_char,
    user: *const c_char,
    password: *const c_char,
    login_flags: c_uint,
    _halt_on_error: c_int,
    executed_session_init: *mut BoolType,
    err: *mut GciErrSType,
) -> *mut c_void {
    // SAFETY: `err` is NULL or a writable `GciErrSType` no one else
    // touches during the call (this function's # Safety).
    let err = unsafe { err.as_mut() };
    guarded(err, std::ptr::null_mut(), || {
        if !executed_session_init.is_null() {
            // SAFETY: a non-NULL out-parameter points to a writable BoolType.
            unsafe { executed_session_init.write(0) };
        }
        // SAFETY: each is NULL or NUL-terminated (this function's # Safety).
        let (stone, user, password) = unsafe { (text(stone_nrs), text(user), text(password)) };
        let stone = stone.ok_or_else(|| null_arg("the stone name"))?;
        let user = user.ok_or_else(|| null_arg("the GemStone user name"))?;
        let password = password.ok_or_else(|| null_arg("the password"))?;
        let id = client::login(&stone, &user, &password, login_flags)?;
        Ok(id as *mut c_void)
    })
}

fn null_arg(what: &str) -> WireError {
    WireError::new(
        abi::ERR_ARGUMENT,
        format!("{what} is NULL; pass a NUL-terminated string"),
    )
}

/// `BoolType GciTsLogout(sess, err)`.
///
/// # Safety
///
/// `err` is NULL or points to a writable `GciErrSType`. `sess` may be anything: it is looked up, never dereferenced.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn GciTsLogout(sess: *mut c_void, err: *mut GciErrSType) -> BoolType {
    // SAFETY: `err` is NULL or a writable `GciErrSType` no one else
    // touches during the call (this function's # Safety).
    let err = unsafe { err.as_mut() };
    guarded(err, 0, || client::logout(sess as usize).map(|()| 1))
}

/// `BoolType GciTsNbExecute(sess, source, sourceOop, context, symbolList,
/// flags, environmentId, err)`: sends the source and returns. The source
/// class, context object, symbol list, flags and environment are accepted
/// and ignored: the source is read as UTF-8 and run with `self` nil against
/// the user's symbol list.
///
/// # Safety
///
/// `source` is NULL or NUL-terminated; `err` as for every function here.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn GciTsNbExecute(
    sess: *mut c_void,
    source: *const c_char,
    _source_oop: OopType,
    _context: OopType,
    _symbol_list: OopType,
    _flags: c_int,
    _environment: c_ushort,
    err: *mut GciErrSType,
) -> BoolType {
    // SAFETY: `err` is NULL or a writable `GciErrSType` no one else
    // touches during the call (this function's # Safety).
    let err = unsafe { err.as_mut() };
    guarded(err, 0, || {
        // SAFETY: NULL or NUL-terminated (this function's # Safety).
        let source = unsafe { text(source) }.ok_or_else(|| null_arg("the source"))?;
        client::execute(sess as usize, source).map(|()| 1)
    })
}

/// `ssize_t GciTsExecuteFetchBytes(sess, sourceStr, sourceSize,
/// sourceOop, contextObject, symbolList, result, maxResultSize, err)`:
/// executes the source and copies up to `maxResultSize` bytes of its
/// result, which must be a byte object, into `result`; answers how many,
/// or -1 with the error. Blocks until the stone answers; `GciTsBreak`
/// from another thread stops it. `sourceSize` is the source's length in
/// bytes, or -1 for a NUL-terminated source; the other OOPs are ignored,
/// as for `GciTsNbExecute`.
///
/// # Safety
///
/// `source` is NULL, NUL-terminated (`source_size` -1) or readable for
/// `source_size` bytes; `result` is writable for `max_result_size` bytes;
/// `err` as for every function here.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn GciTsExecuteFetchBytes(
    sess: *mut c_void,
    source: *const c_char,
    source_size: isize,
    _source_oop: OopType,
    _context: OopType,
    _symbol_list: OopType,
    result: *mut u8,
    max_result_size: isize,
    err: *mut GciErrSType,
) -> isize {
    // SAFETY: `err` is NULL or a writable `GciErrSType` no one else
    // touches during the call (this function's # Safety).
    let err = unsafe { err.as_mut() };
    guarded(err, -1, || {
        let source = match source_size {
            // SAFETY: NULL or NUL-terminated (this function's # Safety).
            -1 => unsafe { text(source) },
            n if n >= 0 && !source.is_null() => {
                // SAFETY: readable for `n` bytes (this function's # Safety).
                let bytes = unsafe { std::slice::from_raw_parts(source.cast::<u8>(), n as usize) };
                Some(String::from_utf8_lossy(bytes).into_owned())
            }
            _ => None,
        }
        .ok_or_else(|| null_arg("the source"))?;
        let Ok(max) = usize::try_from(max_result_size) else {
            return Err(WireError::new(
                abi::ERR_ARGUMENT,
                format!(
                    "GciTsExecuteFetchBytes: maxResultSize is {max_result_size}; pass a size of \
                     0 or more"
                ),
            ));
        };
        if result.is_null() && max > 0 {
            return Err(null_arg("the result buffer"));
        }
        let bytes = client::execute_fetch_bytes(sess as usize, source, max)?;
        let n = bytes.len().min(max);
        if n > 0 {
            // SAFETY: `result` is non-NULL and writable for
            // `max_result_size` bytes (the caller's contract); `n <= max`
            // bytes are written.
            let out = unsafe { std::slice::from_raw_parts_mut(result, n) };
            out.copy_from_slice(&bytes[..n]);
        }
        Ok(n as isize)
    })
}

/// `int GciTsNbPoll(sess, timeoutMs, err)`: 1 when the result is there, 0
/// when not yet, -1 on error (the connection lost, no call started).
///
/// # Safety
///
/// `err` is NULL or points to a writable `GciErrSType`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn GciTsNbPoll(
    sess: *mut c_void,
    timeout_ms: c_int,
    err: *mut GciErrSType,
) -> c_int {
    // SAFETY: `err` is NULL or a writable `GciErrSType` no one else
    // touches during the call (this function's # Safety).
    let err = unsafe { err.as_mut() };
    guarded(err, -1, || {
        client::poll(sess as usize, timeout_ms).map(c_int::from)
    })
}

/// `int GciTsSocket(sess, err)`: the session's connection to the stone,
/// readable when the result of the call in flight has arrived.
///
/// # Safety
///
/// `err` is NULL or points to a writable `GciErrSType`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn GciTsSocket(sess: *mut c_void, err: *mut GciErrSType) -> c_int {
    // SAFETY: `err` is NULL or a writable `GciErrSType` no one else
    // touches during the call (this function's # Safety).
    let err = unsafe { err.as_mut() };
    guarded(err, -1, || client::socket(sess as usize))
}

/// `OopType GciTsNbResult(sess, err)`: the result of the call in flight
/// (blocking until it is there), or `OOP_ILLEGAL` with the error.
///
/// # Safety
///
/// `err` is NULL or points to a writable `GciErrSType`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn GciTsNbResult(sess: *mut c_void, err: *mut GciErrSType) -> OopType {
    // SAFETY: `err` is NULL or a writable `GciErrSType` no one else
    // touches during the call (this function's # Safety).
    let err = unsafe { err.as_mut() };
    guarded(err, abi::OOP_ILLEGAL, || client::result(sess as usize))
}

/// `BoolType GciTsBreak(sess, hard, err)`: from any thread, while a call is
/// in flight (none in flight: no effect).
///
/// # Safety
///
/// `err` is NULL or points to a writable `GciErrSType`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn GciTsBreak(
    sess: *mut c_void,
    hard: BoolType,
    err: *mut GciErrSType,
) -> BoolType {
    // SAFETY: `err` is NULL or a writable `GciErrSType` no one else
    // touches during the call (this function's # Safety).
    let err = unsafe { err.as_mut() };
    guarded(err, 0, || {
        client::break_(sess as usize, hard != 0).map(|()| 1)
    })
}

/// `int64 GciTsFetchSize(sess, obj, err)`: a byte object's size in bytes;
/// 0 for a special object (nil, true, false, a SmallInteger); -1 on error.
///
/// # Safety
///
/// `err` is NULL or points to a writable `GciErrSType`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn GciTsFetchSize(
    sess: *mut c_void,
    obj: OopType,
    err: *mut GciErrSType,
) -> i64 {
    // SAFETY: `err` is NULL or a writable `GciErrSType` no one else
    // touches during the call (this function's # Safety).
    let err = unsafe { err.as_mut() };
    guarded(err, -1, || client::fetch_size(sess as usize, obj))
}

/// `int64 GciTsFetchBytes(sess, obj, startIndex, dest, numBytes, err)`:
/// copies up to `numBytes` bytes from one-based `startIndex` into `dest`
/// and answers how many; -1 on error.
///
/// # Safety
///
/// `dest` is writable for `num_bytes` bytes; `err` as for every function here.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn GciTsFetchBytes(
    sess: *mut c_void,
    obj: OopType,
    start: i64,
    dest: *mut u8,
    num_bytes: i64,
    err: *mut GciErrSType,
) -> i64 {
    // SAFETY: `err` is NULL or a writable `GciErrSType` no one else
    // touches during the call (this function's # Safety).
    let err = unsafe { err.as_mut() };
    guarded(err, -1, || {
        let Ok(want) = usize::try_from(num_bytes) else {
            return Err(WireError::new(
                abi::ERR_ARGUMENT,
                format!("GciTsFetchBytes: numBytes is {num_bytes}; pass a count of 0 or more"),
            ));
        };
        if dest.is_null() && want > 0 {
            return Err(null_arg("the destination buffer"));
        }
        let bytes = client::fetch_bytes(sess as usize, obj, start, want)?;
        let n = bytes.len().min(want);
        if n > 0 {
            // SAFETY: `dest` is non-NULL and writable for `num_bytes` bytes
            // (the caller's contract); `n <= num_bytes` bytes are written.
            let out = unsafe { std::slice::from_raw_parts_mut(dest, n) };
            out.copy_from_slice(&bytes[..n]);
        }
        Ok(n as i64)
    })
}

/// `BoolType GciTsClearStack(sess, gsProcess, err)`.
///
/// # Safety
///
/// `err` is NULL or points to a writable `GciErrSType`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn GciTsClearStack(
    sess: *mut c_void,
    process: OopType,
    err: *mut GciErrSType,
) -> BoolType {
    // SAFETY: `err` is NULL or a writable `GciErrSType` no one else
    // touches during the call (this function's # Safety).
    let err = unsafe { err.as_mut() };
    guarded(err, 0, || {
        client::clear_stack(sess as usize, process).map(|()| 1)
    })
}

/// `BoolType GciTsReleaseObjs(sess, OopType *buf, int count, err)`.
///
/// # Safety
///
/// `buf` holds `count` OOPs; `err` as for every function here.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn GciTsReleaseObjs(
    sess: *mut c_void,
    buf: *mut OopType,
    count: c_int,
    err: *mut GciErrSType,
) -> BoolType {
    // SAFETY: `err` is NULL or a writable `GciErrSType` no one else
    // touches during the call (this function's # Safety).
    let err = unsafe { err.as_mut() };
    guarded(err, 0, || {
        let n = usize::try_from(count).unwrap_or(0);
        if n == 0 {
            return Ok(1);
        }
        if buf.is_null() {
            return Err(null_arg("the object buffer"));
        }
        // SAFETY: the caller's contract: `buf` holds `count` OOPs.
        let oops = unsafe { std::slice::from_raw_parts(buf, n) }.to_vec();
        client::release(sess as usize, oops).map(|()| 1)
    })
}
