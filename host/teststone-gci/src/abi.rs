//! The C ABI this library exports: GemStone/S 64 3.7.5's `GciErrSType`,
//! the special OOPs and the error numbers it answers, transcribed from the
//! headers (`gci.ht`, `gcioop.ht`, `gcierr.ht`) as gs-gci's `ffi.rs` is.

use std::ffi::{c_char, c_int, c_uchar, c_uint};

use crate::wire::WireError;

/// `GCI_ERR_STR_SIZE` (gci.ht).
const ERR_STR_SIZE: usize = 1024;
/// `GCI_MAX_ERR_ARGS` (gci.ht).
const MAX_ERR_ARGS: usize = 10;

/// `BoolType` (gci.ht).
pub type BoolType = c_int;
/// `OopType` (gci.ht).
pub type OopType = u64;

/// `GciTsVersion`'s product number for GemStone/S 64 (gcits.hf).
pub const PRODUCT_GEMSTONE_S_64: c_uint = 3;

/// `OOP_ILLEGAL` (gcioop.ht).
pub const OOP_ILLEGAL: OopType = 0x01;
/// `OOP_NIL` (gcioop.ht).
pub const OOP_NIL: OopType = 0x14;
/// `OOP_GEMSTONE_ERROR_CAT` (gcioop.ht).
pub const OOP_GEMSTONE_ERROR_CAT: OopType = 231169;

/// `GCI_LOGIN_PW_FILE` (gci.ht): the password argument names a file.
pub const LOGIN_PW_FILE: c_uint = 0x1000;
/// `GCI_LOGIN_PW_ENVVAR` (gci.ht): the password argument names an
/// environment variable.
pub const LOGIN_PW_ENVVAR: c_uint = 0x2000;

/// `GCI_ERR_OP_IN_PROGRESS` (gcierr.ht).
pub const ERR_OP_IN_PROGRESS: c_int = 2203;
/// `GCI_ERR_NO_START_CMD` (gcierr.ht).
pub const ERR_NO_START_CMD: c_int = 2204;
/// `GS_ERR_LOGIN_DENIAL` (gcierr.ht).
pub const ERR_LOGIN_DENIAL: c_int = 4051;
/// `NET_ERR_NO_SUCH_STN` (gcierr.ht).
pub const ERR_NO_SUCH_STONE: c_int = 4065;
/// `GCI_ERR_BAD_SESSION_ID` (gcierr.ht).
pub const ERR_BAD_SESSION_ID: c_int = 4100;
/// `NET_ERR_CONNECTION_REFUSED` (gcierr.ht).
pub const ERR_CONNECTION_REFUSED: c_int = 4136;
/// `NET_ERROR` (gcierr.ht).
pub const ERR_NETWORK: c_int = 4137;
/// A bad argument to a GCI function (a NULL string, a negative count).
/// GemStone's numbers for these vary by function; the test stone answers
/// the number of a generic `Error` (2710) with a message naming the
/// argument (see docs/teststone.md).
pub const ERR_ARGUMENT: c_int = 2710;
/// An internal failure of the library (a caught panic): GemStone's internal
/// class, 5000–5999.
pub const ERR_INTERNAL: c_int = 5000;

/// `class GciErrSType` (gci.ht, 3.7.5): the fields in order at their
/// natural alignment, as C++ lays out a class without virtual members.
#[repr(C)]
pub struct GciErrSType {
    category: u64,
    context: u64,
    exception_obj: u64,
    args: [u64; MAX_ERR_ARGS],
    number: c_int,
    arg_count: c_int,
    fatal: c_uchar,
    message: [c_char; ERR_STR_SIZE + 1],
    reason: [c_char; ERR_STR_SIZE + 1],
}

/// Leaves `err` as `GciErrSType::init` does (gci.ht): no error.
pub fn reset(e: &mut GciErrSType) {
    e.category = OOP_NIL;
    e.context = OOP_NIL;
    e.exception_obj = OOP_NIL;
    e.args = [OOP_NIL; MAX_ERR_ARGS];
    e.args[0] = OOP_ILLEGAL;
    e.number = 0;
    e.arg_count = 0;
    e.fatal = 0;
    e.message[0] = 0;
    e.reason[0] = 0;
}

/// Fills `e` with `w`, as GemStone reports its own errors (category
/// `OOP_GEMSTONE_ERROR_CAT`); texts are cut at a character boundary to fit
/// and NUL-terminated.
pub fn fill(e: &mut GciErrSType, w: &WireError) {
    e.category = OOP_GEMSTONE_ERROR_CAT;
    e.context = w.context;
    e.exception_obj = w.exception;
    let n = w.args.len().min(MAX_ERR_ARGS);
    e.args[..n].copy_from_slice(&w.args[..n]);
    e.arg_count = n as c_int;
    e.number = w.number;
    e.fatal = w.fatal as c_uchar;
    copy_text(&mut e.message, &w.message);
    copy_text(&mut e.reason, &w.reason);
}

fn copy_text(dest: &mut [c_char; ERR_STR_SIZE + 1], text: &str) {
    let mut n = text.len().min(ERR_STR_SIZE);
    while !text.is_char_boundary(n) {
        n -= 1;
    }
    for (d, &b) in dest.iter_mut().zip(&text.as_bytes()[..n]) {
        *d = b as c_char;
    }
    dest[n] = 0;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{align_of, offset_of, size_of};

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn err_struct_layout_matches_gci_ht() {
        // gci.ht 3.7.5, laid out by hand: see gs-gci's ffi.rs.
        assert_eq!(offset_of!(GciErrSType, category), 0);
        assert_eq!(offset_of!(GciErrSType, context), 8);
        assert_eq!(offset_of!(GciErrSType, exception_obj), 16);
        assert_eq!(offset_of!(GciErrSType, args), 24);
        assert_eq!(offset_of!(GciErrSType, number), 104);
        assert_eq!(offset_of!(GciErrSType, arg_count), 108);
        assert_eq!(offset_of!(GciErrSType, fatal), 112);
        assert_eq!(offset_of!(GciErrSType, message), 113);
        assert_eq!(offset_of!(GciErrSType, reason), 1138);
        assert_eq!(size_of::<GciErrSType>(), 2168);
        assert_eq!(align_of::<GciErrSType>(), 8);
    }

    #[test]
    fn long_messages_are_cut_at_a_character_and_terminated() {
        let mut buf = [1 as c_char; ERR_STR_SIZE + 1];
        let text = "é".repeat(600); // 1200 bytes
        copy_text(&mut buf, &text);
        let end = buf.iter().position(|&c| c == 0).unwrap();
        assert_eq!(end, 1024);
        let bytes: Vec<u8> = buf[..end].iter().map(|&c| c as u8).collect();
        assert!(std::str::from_utf8(&bytes).is_ok());
    }
}
