//! The C ABI of `libgcits`: the one struct that crosses it, the signatures
//! of the functions this crate resolves, and the flag values it passes.
//!
//! Everything here is transcribed from GemStone/S 64 3.7.5's headers
//! (`gci.ht`, `gcicmn.ht`, `gcits.hf`), as vendored by GemTalk/Jasper under
//! `vendor/gci-headers/3.7.5/`; the 3.7.0, 3.7.1, 3.7.2 and 3.7.4.1 headers
//! declare the same struct and the same signatures. Nothing in this module
//! is public: no raw pointer leaves the crate.

use std::ffi::{c_char, c_int, c_uchar, c_uint, c_ushort, c_void};

/// `GCI_ERR_STR_SIZE` (gci.ht): the longest error message, in bytes,
/// without its terminating NUL.
pub(crate) const ERR_STR_SIZE: usize = 1024;
/// `GCI_ERR_reasonSize` (gci.ht): defined as `GCI_ERR_STR_SIZE`.
pub(crate) const ERR_REASON_SIZE: usize = ERR_STR_SIZE;
/// `GCI_MAX_ERR_ARGS` (gci.ht).
pub(crate) const MAX_ERR_ARGS: usize = 10;

/// `GCI_LOGIN_PW_ENCRYPTED` (gci.ht): not used, passwords go in clear to
/// the library, which is how GemTalk's own clients call it.
#[allow(dead_code)]
pub(crate) const LOGIN_PW_ENCRYPTED: c_uint = 0x1;
/// `GCI_LOGIN_QUIET` (gci.ht): no ` gcits login:` banner on stdout, which
/// would corrupt an MCP stdio stream.
pub(crate) const LOGIN_QUIET: c_uint = 0x10;
/// `GCI_ONETIME_PASSWORD` (gci.ht, 3.7.0 on).
pub(crate) const LOGIN_ONETIME_PASSWORD: c_uint = 0x400;
/// `GCI_JWT_PASSWORD` (gci.ht, 3.7.4.1 on; absent from 3.7.2's header).
pub(crate) const LOGIN_JWT_PASSWORD: c_uint = 0x800;
/// `GCI_LOGIN_PW_FILE` (gci.ht, 3.7.4.1 on): the password argument names a
/// file the client library reads.
pub(crate) const LOGIN_PW_FILE: c_uint = 0x1000;
/// `GCI_LOGIN_PW_ENVVAR` (gci.ht, 3.7.4.1 on): the password argument names
/// an environment variable of this process.
pub(crate) const LOGIN_PW_ENVVAR: c_uint = 0x2000;

/// `GCI_PERFORM_FLAG_*` (gcicmn.ht): none. The debugger stays disabled for
/// the execution and an error comes back to the caller.
pub(crate) const PERFORM_FLAGS_NONE: c_int = 0;

/// `GciTsVersion`'s documented minimum buffer size (gcits.hf).
pub(crate) const VERSION_BUF_SIZE: usize = 128;
/// `GciTsVersion`'s answer for GemStone/S 64 (gcits.hf).
pub(crate) const PRODUCT_GEMSTONE_S_64: c_uint = 3;

/// `class GciErrSType` (gci.ht, 3.7.5), laid out as C++ lays out a class
/// without virtual members or base classes: its fields in order, each at
/// its natural alignment. `tests` in this module pins the offsets.
#[repr(C)]
pub(crate) struct GciErrSType {
    /// The error dictionary (`OOP_GEMSTONE_ERROR_CAT` for GemStone's own).
    pub category: u64,
    /// The GsProcess of the failed execution, or nil.
    pub context: u64,
    /// An `AbstractException`, or nil.
    pub exception_obj: u64,
    /// The arguments of the error text; `arg_count` of them are valid.
    pub args: [u64; MAX_ERR_ARGS],
    /// GemStone's error number.
    pub number: c_int,
    /// How many of `args` are valid.
    pub arg_count: c_int,
    /// Nonzero if the session is gone.
    pub fatal: c_uchar,
    /// NUL-terminated UTF-8 message.
    pub message: [c_char; ERR_STR_SIZE + 1],
    /// NUL-terminated UTF-8 reason.
    pub reason: [c_char; ERR_REASON_SIZE + 1],
}

impl GciErrSType {
    /// A struct as `GciErrSType::init` (gci.ht) leaves it: no error.
    pub(crate) fn new() -> Self {
        let mut args = [crate::Oop::NIL.raw(); MAX_ERR_ARGS];
        args[0] = crate::Oop::ILLEGAL.raw();
        GciErrSType {
            category: crate::Oop::NIL.raw(),
            context: crate::Oop::NIL.raw(),
            exception_obj: crate::Oop::NIL.raw(),
            args,
            number: 0,
            arg_count: 0,
            fatal: 0,
            message: [0; ERR_STR_SIZE + 1],
            reason: [0; ERR_REASON_SIZE + 1],
        }
    }
}

/// `GciSession` (gcits.hf): `typedef void* GciSession`.
pub(crate) type RawSession = *mut c_void;
/// `BoolType` (gci.ht): `typedef int BoolType`.
pub(crate) type BoolType = c_int;
/// `OopType` (gci.ht): `typedef uint64_t OopType`.
pub(crate) type OopType = u64;

/// The functions this crate resolves, with their gcits.hf signatures.
pub(crate) mod sig {
    use super::*;

    /// `uint GciTsVersion(char *buf, size_t bufSize)`.
    pub type Version = unsafe extern "C" fn(*mut c_char, usize) -> c_uint;
    /// `GciSession GciTsLogin(StoneNameNrs, HostUserId, HostPassword,
    /// hostPwIsEncrypted, GemServiceNrs, gemstoneUsername, gemstonePassword,
    /// loginFlags, haltOnErrNum, BoolType *executedSessionInit, err)`.
    pub type Login = unsafe extern "C" fn(
        *const c_char,
        *const c_char,
        *const c_char,
        BoolType,
        *const c_char,
        *const c_char,
        *const c_char,
        c_uint,
        c_int,
        *mut BoolType,
        *mut GciErrSType,
    ) -> RawSession;
    /// `BoolType GciTsLogout(GciSession, err)`.
    pub type Logout = unsafe extern "C" fn(RawSession, *mut GciErrSType) -> BoolType;
    /// `BoolType GciTsNbExecute(sess, sourceStr, sourceOop, contextObject,
    /// symbolList, flags, ushort environmentId, err)`.
    pub type NbExecute = unsafe extern "C" fn(
        RawSession,
        *const c_char,
        OopType,
        OopType,
        OopType,
        c_int,
        c_ushort,
        *mut GciErrSType,
    ) -> BoolType;
    /// `ssize_t GciTsExecuteFetchBytes(sess, sourceStr, ssize_t
    /// sourceSize, sourceOop, contextObject, symbolList, ByteType *result,
    /// ssize_t maxResultSize, err)`: bytes stored, or -1.
    pub type ExecuteFetchBytes = unsafe extern "C" fn(
        RawSession,
        *const c_char,
        isize,
        OopType,
        OopType,
        OopType,
        *mut u8,
        isize,
        *mut GciErrSType,
    ) -> isize;
    /// `int GciTsNbPoll(sess, int timeoutMs, err)`: 1 ready, 0 not, -1 error.
    pub type NbPoll = unsafe extern "C" fn(RawSession, c_int, *mut GciErrSType) -> c_int;
    /// `int GciTsSocket(sess, err)`: a file descriptor, or -1.
    pub type Socket = unsafe extern "C" fn(RawSession, *mut GciErrSType) -> c_int;
    /// `OopType GciTsNbResult(sess, err)`: `OOP_ILLEGAL` on error.
    pub type NbResult = unsafe extern "C" fn(RawSession, *mut GciErrSType) -> OopType;
    /// `BoolType GciTsBreak(sess, BoolType hard, err)`.
    pub type Break = unsafe extern "C" fn(RawSession, BoolType, *mut GciErrSType) -> BoolType;
    /// `int64 GciTsFetchSize(sess, obj, err)`: -1 on error.
    pub type FetchSize = unsafe extern "C" fn(RawSession, OopType, *mut GciErrSType) -> i64;
    /// `int64 GciTsFetchBytes(sess, obj, int64 startIndex (1-based),
    /// ByteType *dest, int64 numBytes, err)`: bytes stored, or -1.
    pub type FetchBytes =
        unsafe extern "C" fn(RawSession, OopType, i64, *mut u8, i64, *mut GciErrSType) -> i64;
    /// `BoolType GciTsClearStack(sess, OopType gsProcess, err)`.
    pub type ClearStack = unsafe extern "C" fn(RawSession, OopType, *mut GciErrSType) -> BoolType;
    /// `BoolType GciTsReleaseObjs(sess, OopType *buf, int count, err)`.
    pub type ReleaseObjs =
        unsafe extern "C" fn(RawSession, *mut OopType, c_int, *mut GciErrSType) -> BoolType;
}

#[cfg(test)]
mod tests {
    //! Layout of `GciErrSType` on a 64-bit (LP64) target, derived by hand
    //! from `class GciErrSType` in gci.ht of GemStone/S 64 3.7.5 (the same
    //! declaration in 3.6.2 through 3.7.5 as vendored by GemTalk/Jasper):
    //! three `OopType` (8 bytes each), `args[GCI_MAX_ERR_ARGS = 10]`
    //! (80 bytes), two `int` (4 each), one `unsigned char`, then
    //! `message[GCI_ERR_STR_SIZE + 1 = 1025]` and
    //! `reason[GCI_ERR_reasonSize + 1 = 1025]`, padded to 8.

    use super::*;
    use std::mem::{align_of, offset_of, size_of};

    #[test]
    fn sizes_come_from_gci_ht() {
        assert_eq!(ERR_STR_SIZE, 1024, "GCI_ERR_STR_SIZE, gci.ht 3.7.5");
        assert_eq!(ERR_REASON_SIZE, 1024, "GCI_ERR_reasonSize, gci.ht 3.7.5");
        assert_eq!(MAX_ERR_ARGS, 10, "GCI_MAX_ERR_ARGS, gci.ht 3.7.5");
    }

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn err_struct_layout_matches_gci_ht() {
        assert_eq!(offset_of!(GciErrSType, category), 0);
        assert_eq!(offset_of!(GciErrSType, context), 8);
        assert_eq!(offset_of!(GciErrSType, exception_obj), 16);
        assert_eq!(offset_of!(GciErrSType, args), 24);
        assert_eq!(offset_of!(GciErrSType, number), 104); // 24 + 10 * 8
        assert_eq!(offset_of!(GciErrSType, arg_count), 108);
        assert_eq!(offset_of!(GciErrSType, fatal), 112);
        assert_eq!(offset_of!(GciErrSType, message), 113);
        assert_eq!(offset_of!(GciErrSType, reason), 1138); // 113 + 1025
        assert_eq!(size_of::<GciErrSType>(), 2168); // 1138 + 1025 = 2163, padded to 8
        assert_eq!(align_of::<GciErrSType>(), 8);
    }

    #[test]
    fn abi_types_match_gci_ht() {
        // OopType is uint64_t, BoolType int, GciSession void* (gci.ht, gcits.hf).
        assert_eq!(size_of::<OopType>(), 8);
        assert_eq!(size_of::<BoolType>(), 4);
        assert_eq!(size_of::<RawSession>(), size_of::<usize>());
        assert_eq!(size_of::<crate::Oop>(), size_of::<OopType>());
    }

    #[test]
    fn login_and_perform_flags_come_from_the_headers() {
        // gci.ht 3.7.5, the GCI_LOGIN_* enum.
        assert_eq!(LOGIN_PW_ENCRYPTED, 1);
        assert_eq!(LOGIN_QUIET, 0x10);
        assert_eq!(LOGIN_ONETIME_PASSWORD, 0x400);
        assert_eq!(LOGIN_JWT_PASSWORD, 0x800);
        assert_eq!(LOGIN_PW_FILE, 0x1000);
        assert_eq!(LOGIN_PW_ENVVAR, 0x2000);
        // gcits.hf 3.7.5, GciTsVersion's comment.
        assert_eq!(VERSION_BUF_SIZE, 128);
        assert_eq!(PRODUCT_GEMSTONE_S_64, 3);
    }

    #[test]
    fn a_new_err_struct_is_as_init_leaves_it() {
        let e = GciErrSType::new();
        assert_eq!(e.category, 0x14);
        assert_eq!(e.args[0], 0x01);
        assert_eq!((e.number, e.arg_count, e.fatal), (0, 0, 0));
        assert_eq!((e.message[0], e.reason[0]), (0, 0));
    }
}
