//! Sessions on the test stone through gs-gci, the path the GemStone
//! backend uses: login, execution, results, errors, logout.

mod common;

use common::{gci_error, run, stone, text};
use gs_gci::{ErrorKind, Oop, Password};

#[test]
fn log_in_execute_fetch_and_log_out() {
    let stone = stone();
    let mut s = stone.login();
    assert!(
        common::library().is_checked_version(),
        "{}",
        common::library().version()
    );
    assert_eq!(run(&mut s, "3 + 4").unwrap(), Oop::small_int(7).unwrap());
    assert_eq!(run(&mut s, "nil").unwrap(), Oop::NIL);
    assert_eq!(run(&mut s, "3 > 4").unwrap(), Oop::FALSE);
    assert_eq!(run(&mut s, "3 < 4").unwrap(), Oop::TRUE);
    assert_eq!(run(&mut s, "-5").unwrap().as_small_int(), Some(-5));
    assert_eq!(text(&mut s, "'h\u{e9}llo' encodeAsUTF8"), "h\u{e9}llo");
    // The stone's name, not its image file's.
    assert_eq!(text(&mut s, "System stoneName"), stone.name);
    assert_eq!(stone.sessions_settle(1), 1);
    s.logout().unwrap();
    assert_eq!(stone.sessions_settle(0), 0);
}

#[test]
fn login_failures_have_gemstones_numbers_and_kinds() {
    let stone = stone();
    let lib = common::library();
    let e = lib
        .login(&stone.login_info("not-the-password"))
        .unwrap_err();
    let g = e.gci().expect("a GemStone error");
    assert_eq!((g.number, g.kind()), (4051, ErrorKind::LoginDenied), "{e}");
    assert!(g.fatal);
    assert!(g.message.contains("wrong password"), "{}", g.message);

    let mut nobody = stone.login_info(gs_teststone::DEFAULT_PASSWORD);
    nobody.user = "Nobody".into();
    let e = lib.login(&nobody).unwrap_err();
    let g = e.gci().unwrap();
    assert_eq!(g.number, 4051, "{e}");
    assert!(
        g.message.contains("DataCurator"),
        "names the users: {}",
        g.message
    );

    let mut elsewhere = stone.login_info(gs_teststone::DEFAULT_PASSWORD);
    elsewhere.stone = "!@localhost!nostone".into();
    let e = lib.login(&elsewhere).unwrap_err();
    let g = e.gci().unwrap();
    assert_eq!((g.number, g.kind()), (4065, ErrorKind::NoSuchStone), "{e}");
    assert!(g.message.contains("nostone.teststone"), "{}", g.message);
    assert!(e.to_string().contains("GEMSTONE_GLOBAL_DIR"), "{e}");

    // The NRS form of the right name works.
    let mut nrs = stone.login_info(gs_teststone::DEFAULT_PASSWORD);
    nrs.stone = format!("!@localhost!{}", stone.name);
    lib.login(&nrs).unwrap().logout().unwrap();
}

#[test]
fn passwords_come_from_an_environment_variable_or_a_file_as_the_flags_say() {
    let stone = stone();
    let lib = common::library();
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), "swordfish\n").unwrap();
    let mut login = stone.login_info("");
    login.password = Password::File(file.path().to_path_buf());
    lib.login(&login).unwrap().logout().unwrap();
    login.password = Password::EnvVar("GS_TESTSTONE_NO_SUCH_VARIABLE".into());
    let e = lib.login(&login).unwrap_err();
    assert_eq!(e.gci().unwrap().number, 4051, "{e}");
    assert!(
        e.to_string().contains("GS_TESTSTONE_NO_SUCH_VARIABLE"),
        "{e}"
    );
}

/// A String of `n` bytes: `fill` repeated, ending in `end`.
fn string_source(n: usize, fill: char, end: char) -> String {
    format!("| s | s := String new: {n} withAll: ${fill}. s at: {n} put: ${end}. s")
}

fn expected(n: usize, fill: char, end: char) -> Vec<u8> {
    let mut v = vec![fill as u8; n];
    v[n - 1] = end as u8;
    v
}

#[test]
fn results_of_any_size_arrive_byte_exact_after_a_larger_one() {
    let stone = stone();
    let mut s = stone.login();
    // GemStone's #51438 (before 3.7.4.1) corrupted results between 1,025
    // bytes and the largest earlier one: a larger result first.
    let big = run(&mut s, &string_source(3_000_000, 'x', 'X')).unwrap();
    assert_eq!(s.fetch_bytes(big).unwrap(), expected(3_000_000, 'x', 'X'));
    for (n, fill, end) in [
        (1_025, 'a', 'A'),
        // Around the first fetch's 16 KiB, after which the size is asked.
        (16_383, 'e', 'E'),
        (16_384, 'f', 'F'),
        (16_385, 'g', 'G'),
        (65_537, 'b', 'B'),
        (2_000_000, 'c', 'C'),
        (1, 'd', 'D'),
    ] {
        let oop = run(&mut s, &string_source(n, fill, end)).unwrap();
        assert!(oop.is_held(), "{oop:?}");
        let bytes = s.fetch_bytes(oop).unwrap();
        assert_eq!(bytes.len(), n);
        assert!(
            bytes == expected(n, fill, end),
            "the {n}-byte result differs"
        );
        s.release(&[oop]).unwrap();
    }
    assert_eq!(
        run(&mut s, "''")
            .map(|o| s.fetch_bytes(o).unwrap())
            .unwrap(),
        b""
    );
    s.release(&[big]).unwrap();
    s.logout().unwrap();
}

#[test]
fn a_result_over_the_fetch_limit_is_refused_and_the_session_goes_on() {
    let stone = stone();
    let mut s = stone.login();
    assert_eq!(gs_gci::DEFAULT_FETCH_LIMIT, 64 << 20);
    s.set_fetch_limit(100_000);
    let oop = run(&mut s, &string_source(100_001, 'x', 'X')).unwrap();
    let e = s.fetch_bytes(oop).unwrap_err();
    assert!(
        matches!(
            e,
            gs_gci::Error::TooLarge {
                size: 100_001,
                limit: 100_000,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("more than the 100000 bytes"), "{e}");
    let fits = run(&mut s, &string_source(100_000, 'y', 'Y')).unwrap();
    assert_eq!(s.fetch_bytes(fits).unwrap(), expected(100_000, 'y', 'Y'));
    s.logout().unwrap();
}

#[test]
fn results_released_soon_go_together_32_at_a_time_or_at_1_mib() {
    let stone = stone();
    let mut s = stone.login();
    let first = run(&mut s, "'first'").unwrap();
    s.release_soon(first, 5).unwrap();
    // Held until the batch is full…
    assert_eq!(s.fetch_bytes(first).unwrap(), b"first");
    for i in 1..31 {
        let oop = run(&mut s, &format!("'r{i}'")).unwrap();
        s.release_soon(oop, 3).unwrap();
    }
    assert_eq!(s.fetch_bytes(first).unwrap(), b"first");
    let last = run(&mut s, "'last'").unwrap();
    s.release_soon(last, 4).unwrap();
    // …and released with the 32nd, in one call.
    for gone in [first, last] {
        let e = s.fetch_bytes(gone).unwrap_err();
        assert!(e.to_string().contains("holds no object"), "{e}");
    }
    // A result of 1 MiB fills a batch alone.
    let big = run(&mut s, &string_source(1 << 20, 'x', 'X')).unwrap();
    let bytes = s.fetch_bytes(big).unwrap();
    s.release_soon(big, bytes.len()).unwrap();
    let e = s.fetch_bytes(big).unwrap_err();
    assert!(e.to_string().contains("holds no object"), "{e}");
    // Special objects are never held, so never queued.
    s.release_soon(gs_gci::Oop::NIL, 0).unwrap();
    s.logout().unwrap();
}

#[test]
fn utf8_results_carry_any_unicode_byte_exact() {
    let stone = stone();
    let mut s = stone.login();
    // Latin-1 text through the kernel's encodeAsUTF8.
    assert_eq!(
        text(&mut s, "'Gr\u{fc}\u{df}e, \u{e9}t\u{e9}' encodeAsUTF8"),
        "Gr\u{fc}\u{df}e, \u{e9}t\u{e9}"
    );
    // Beyond Latin-1: the euro sign, a CJK character, an emoji outside the
    // BMP, from a string literal (a QuadByteString) and from bytes made
    // directly.
    let want = "\u{20ac} \u{4e2d} \u{1f600}";
    assert_eq!(text(&mut s, &format!("'{want}' encodeAsUTF8")), want);
    let bytes: Vec<String> = want.bytes().map(|b| b.to_string()).collect();
    let source = format!("Utf8 withAll: #({})", bytes.join(" "));
    assert_eq!(text(&mut s, &source), want);
    // A Symbol and a ByteArray are byte objects too.
    let oop = run(&mut s, "#abc").unwrap();
    assert_eq!(s.fetch_bytes(oop).unwrap(), b"abc");
    let oop = run(&mut s, "ByteArray withAll: #(0 255 1)").unwrap();
    assert_eq!(s.fetch_bytes(oop).unwrap(), [0, 255, 1]);
    s.logout().unwrap();
}

#[test]
fn other_objects_get_an_oop_that_is_no_byte_object() {
    let stone = stone();
    let mut s = stone.login();
    let oop = run(&mut s, "Array new: 3").unwrap();
    assert!(oop.is_held());
    let e = s.fetch_bytes(oop).unwrap_err();
    assert!(e.to_string().contains("not a byte object"), "{e}");
    s.release(&[oop]).unwrap();
    let e = s.fetch_bytes(oop).unwrap_err();
    assert!(
        e.to_string().contains("holds no object"),
        "a released object is gone: {e}"
    );
    // The session goes on.
    assert_eq!(run(&mut s, "1 + 1").unwrap().as_small_int(), Some(2));
}

#[test]
fn compile_errors_are_1001_with_a_message() {
    let stone = stone();
    let mut s = stone.login();
    let e = gci_error(&mut s, "3 +");
    assert_eq!((e.number, e.kind()), (1001, ErrorKind::Compile), "{e}");
    assert!(!e.fatal);
    assert!(e.message.contains("line 1"), "{}", e.message);
    assert_eq!(run(&mut s, "3 + 4").unwrap().as_small_int(), Some(7));
}

#[test]
fn runtime_errors_carry_the_kernel_exceptions_number_and_text() {
    let stone = stone();
    let mut s = stone.login();
    let e = gci_error(&mut s, "1/0");
    assert_eq!(e.number, 2026, "ZeroDivide: {e}");
    assert_eq!(e.reason, "numErrIntDivisionByZero");
    assert!(e.message.contains("divide"), "{}", e.message);
    assert!(!e.fatal);
    let e = gci_error(&mut s, "nil foo");
    assert_eq!(e.number, 2010, "MessageNotUnderstood: {e}");
    assert!(e.message.contains("foo"), "{}", e.message);
    let e = gci_error(&mut s, "Error signal: 'my own words'");
    assert_eq!(e.number, 2710, "{e}");
    assert_eq!(e.message, "my own words");
    // gs-gci cleared the stack and released the process and exception;
    // the session answers as before.
    assert_eq!(run(&mut s, "3 + 4").unwrap().as_small_int(), Some(7));
    let e = gci_error(&mut s, "1/0");
    assert_eq!(e.number, 2026, "the second time too: {e}");
}

#[test]
fn execute_fetch_bytes_answers_a_results_bytes_in_one_call() {
    let stone = stone();
    let mut s = stone.login();
    let got = s
        .execute_fetch_bytes("('h\u{e9}llo ' , 3 printString) encodeAsUTF8", 64)
        .unwrap();
    assert_eq!(got, "h\u{e9}llo 3".as_bytes());
    // Nothing is held for the client: the session answers as before, and
    // an answer of the whole buffer but one crosses exactly.
    let got = s
        .execute_fetch_bytes(&string_source(63, 'a', 'z'), 64)
        .unwrap();
    assert_eq!(got, expected(63, 'a', 'z'));
    assert_eq!(run(&mut s, "3 + 4").unwrap().as_small_int(), Some(7));
}

#[test]
fn execute_fetch_bytes_refuses_an_answer_that_fills_its_buffer() {
    let stone = stone();
    let mut s = stone.login();
    let e = s
        .execute_fetch_bytes(&string_source(64, 'a', 'z'), 64)
        .unwrap_err();
    assert!(
        matches!(e, gs_gci::Error::FilledBuffer { buffer: 64 }),
        "{e:?}"
    );
    assert!(e.to_string().contains("may have been cut"), "{e}");
    let e = s.execute_fetch_bytes("3 + 4", 64).unwrap_err();
    assert!(e.to_string().contains("not a byte object"), "{e}");
    assert_eq!(run(&mut s, "3 + 4").unwrap().as_small_int(), Some(7));
}

#[test]
fn execute_fetch_bytes_reports_errors_as_executions_do_and_the_session_goes_on() {
    let stone = stone();
    let mut s = stone.login();
    let e = s.execute_fetch_bytes("1/0", 64).unwrap_err();
    let g = e.gci().expect("a GemStone error");
    assert_eq!(
        (g.number, g.reason.as_str()),
        (2026, "numErrIntDivisionByZero")
    );
    let e = s.execute_fetch_bytes("3 +", 64).unwrap_err();
    assert_eq!(e.gci().map(|g| g.number), Some(1001), "{e}");
    let got = s.execute_fetch_bytes("'ok' encodeAsUTF8", 64).unwrap();
    assert_eq!(got, b"ok");
}
