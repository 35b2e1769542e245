//! The client library called through its C ABI directly, with the misuse
//! gs-gci never commits: NULL arguments, stale handles, overlapping calls.
//! Each must be an error in the struct, never a crash.

mod common;

use std::ffi::{CStr, CString, c_char, c_int, c_uint, c_ushort, c_void};
use std::ptr::null_mut;

/// `GciErrSType` (gci.ht 3.7.5), as gs-gci's ffi.rs lays it out.
#[repr(C)]
struct Err {
    category: u64,
    context: u64,
    exception: u64,
    args: [u64; 10],
    number: c_int,
    arg_count: c_int,
    fatal: u8,
    message: [c_char; 1025],
    reason: [c_char; 1025],
}

impl Err {
    fn new() -> Box<Err> {
        // SAFETY: every field is an integer or an array of them: all zero
        // is a valid value.
        Box::new(unsafe { std::mem::zeroed() })
    }
    fn message(&self) -> String {
        // SAFETY: the library NUL-terminates the message within the array.
        unsafe { CStr::from_ptr(self.message.as_ptr()) }
            .to_string_lossy()
            .into_owned()
    }
}

type Login = unsafe extern "C" fn(
    *const c_char,
    *const c_char,
    *const c_char,
    c_int,
    *const c_char,
    *const c_char,
    *const c_char,
    c_uint,
    c_int,
    *mut c_int,
    *mut Err,
) -> *mut c_void;
type Execute = unsafe extern "C" fn(
    *mut c_void,
    *const c_char,
    u64,
    u64,
    u64,
    c_int,
    c_ushort,
    *mut Err,
) -> c_int;
type Poll = unsafe extern "C" fn(*mut c_void, c_int, *mut Err) -> c_int;
type Result_ = unsafe extern "C" fn(*mut c_void, *mut Err) -> u64;
type Logout = unsafe extern "C" fn(*mut c_void, *mut Err) -> c_int;
type FetchBytes = unsafe extern "C" fn(*mut c_void, u64, i64, *mut u8, i64, *mut Err) -> i64;
type Version = unsafe extern "C" fn(*mut c_char, usize) -> c_uint;

struct Lib {
    _lib: libloading::Library,
    login: Login,
    execute: Execute,
    poll: Poll,
    result: Result_,
    logout: Logout,
    fetch_bytes: FetchBytes,
    version: Version,
}

fn lib() -> Lib {
    let path = common::library().path().to_path_buf();
    // SAFETY: the test stone's own client library, already loaded by
    // gs-gci in this process; loading it again runs no new initialisers.
    let lib = unsafe { libloading::Library::new(&path) }.unwrap();
    // SAFETY: each type is the gcits.hf signature of the symbol it names.
    unsafe {
        Lib {
            login: *lib.get(b"GciTsLogin\0").unwrap(),
            execute: *lib.get(b"GciTsNbExecute\0").unwrap(),
            poll: *lib.get(b"GciTsNbPoll\0").unwrap(),
            result: *lib.get(b"GciTsNbResult\0").unwrap(),
            logout: *lib.get(b"GciTsLogout\0").unwrap(),
            fetch_bytes: *lib.get(b"GciTsFetchBytes\0").unwrap(),
            version: *lib.get(b"GciTsVersion\0").unwrap(),
            _lib: lib,
        }
    }
}

#[test]
fn misuse_is_an_error_in_the_struct_never_a_crash() {
    let stone = common::stone();
    let l = lib();
    let mut err = Err::new();
    let bogus = 0xdead_0000usize as *mut c_void;

    // SAFETY (for every call below): the arguments are what gcits.hf
    // allows, or NULL where the test checks the library refuses NULL; the
    // error struct is a valid, writable `GciErrSType`.
    unsafe {
        let mut small = [1 as c_char; 5];
        assert_eq!((l.version)(small.as_mut_ptr(), small.len()), 3);
        assert_eq!(CStr::from_ptr(small.as_ptr()).to_bytes(), b"3.7.");

        assert_eq!((l.poll)(bogus, 0, &mut *err), -1);
        assert_eq!(err.number, 4100, "{}", err.message());
        assert_eq!(err.category, 231169, "OOP_GEMSTONE_ERROR_CAT");
        assert_eq!(err.fatal, 1);
        assert_eq!(
            (l.poll)(bogus, 0, null_mut()),
            -1,
            "a NULL error struct is allowed"
        );
        assert_eq!((l.result)(bogus, &mut *err), 1, "OOP_ILLEGAL");

        let mut init = 7;
        let user = CString::new("DataCurator").unwrap();
        let password = CString::new(gs_teststone::DEFAULT_PASSWORD).unwrap();
        let name = CString::new(stone.name.clone()).unwrap();
        let s = (l.login)(
            std::ptr::null(),
            std::ptr::null(),
            std::ptr::null(),
            0,
            std::ptr::null(),
            user.as_ptr(),
            password.as_ptr(),
            0x10,
            0,
            &mut init,
            &mut *err,
        );
        assert!(s.is_null());
        assert!(
            err.message().contains("stone name is NULL"),
            "{}",
            err.message()
        );
        assert_eq!(init, 0);

        let s = (l.login)(
            name.as_ptr(),
            std::ptr::null(),
            std::ptr::null(),
            0,
            std::ptr::null(),
            user.as_ptr(),
            password.as_ptr(),
            0x10,
            0,
            &mut init,
            &mut *err,
        );
        assert!(!s.is_null(), "{}", err.message());
        assert_eq!(err.number, 0, "a successful call leaves no error");

        assert_eq!(
            (l.execute)(s, std::ptr::null(), 154113, 1, 0x14, 0, 0, &mut *err),
            0
        );
        assert!(
            err.message().contains("source is NULL"),
            "{}",
            err.message()
        );
        assert_eq!((l.result)(s, &mut *err), 1);
        assert_eq!(err.number, 2204, "no call started: {}", err.message());

        let source = CString::new("(Delay forMilliseconds: 200) wait. 3 + 4").unwrap();
        assert_eq!(
            (l.execute)(s, source.as_ptr(), 154113, 1, 0x14, 0, 0, &mut *err),
            1
        );
        assert_eq!(
            (l.execute)(s, source.as_ptr(), 154113, 1, 0x14, 0, 0, &mut *err),
            0
        );
        assert_eq!(err.number, 2203, "one call at a time: {}", err.message());
        assert_eq!((l.poll)(s, 30_000, &mut *err), 1);
        assert_eq!((l.result)(s, &mut *err), (7 << 3) | 2);

        let mut buf = [0u8; 4];
        assert_eq!(
            (l.fetch_bytes)(s, 0x1234_5601, 1, buf.as_mut_ptr(), -1, &mut *err),
            -1
        );
        assert!(
            err.message().contains("numBytes is -1"),
            "{}",
            err.message()
        );
        assert_eq!(
            (l.fetch_bytes)(s, 0x1234_5601, 1, null_mut(), 4, &mut *err),
            -1
        );
        assert!(err.message().contains("NULL"), "{}", err.message());
        assert_eq!(
            (l.fetch_bytes)(s, 0x1234_5601, 1, buf.as_mut_ptr(), 4, &mut *err),
            -1
        );
        assert!(
            err.message().contains("holds no object"),
            "{}",
            err.message()
        );

        assert_eq!((l.logout)(s, &mut *err), 1);
        assert_eq!((l.logout)(s, &mut *err), 0, "a second logout");
        assert_eq!(err.number, 4100);
        assert_eq!((l.poll)(s, 0, &mut *err), -1, "a logged-out handle");
        assert_eq!(err.number, 4100);
    }
}
