//! Breaks and the non-blocking protocol on the test stone, through gs-gci.

mod common;

use std::time::{Duration, Instant};

use common::{run, stone};
use gs_gci::ErrorKind;

#[test]
fn a_soft_break_from_another_thread_ends_the_call_with_6003_and_the_session_goes_on() {
    let stone = stone();
    let mut s = stone.login();
    let brk = s.break_handle();
    s.start_execute("[true] whileTrue").unwrap();
    assert!(
        !s.poll(Some(Duration::from_millis(200))).unwrap(),
        "still running"
    );
    let t = std::thread::spawn(move || brk.break_(false));
    t.join().unwrap().unwrap();
    assert!(
        s.poll(Some(Duration::from_secs(30))).unwrap(),
        "the break ended it"
    );
    let e = s.result().unwrap_err();
    let g = e.gci().expect("a GemStone error");
    assert_eq!((g.number, g.kind()), (6003, ErrorKind::SoftBreak), "{e}");
    assert!(!g.fatal);
    assert_eq!(run(&mut s, "3+4").unwrap().as_small_int(), Some(7));
    s.logout().unwrap();
}

#[test]
fn a_hard_break_ends_the_call_with_6004() {
    let stone = stone();
    let mut s = stone.login();
    s.start_execute("| n | n := 0. [true] whileTrue: [n := n + 1]")
        .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    s.break_handle().break_(true).unwrap();
    let e = s.result().unwrap_err();
    let g = e.gci().unwrap();
    assert_eq!((g.number, g.kind()), (6004, ErrorKind::HardBreak), "{e}");
    assert!(g.is_hard_break());
    assert_eq!(run(&mut s, "3+4").unwrap().as_small_int(), Some(7));
}

#[test]
fn a_break_without_a_call_in_flight_changes_nothing() {
    let stone = stone();
    let mut s = stone.login();
    s.break_(false).unwrap();
    s.break_(true).unwrap();
    assert_eq!(run(&mut s, "3+4").unwrap().as_small_int(), Some(7));
}

/// Whether `fd` is readable within `ms` milliseconds.
fn readable(fd: i32, ms: i32) -> bool {
    let mut p = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd, count one.
    let n = unsafe { libc::poll(&mut p, 1, ms) };
    n == 1
}

#[test]
fn the_sessions_socket_becomes_readable_when_the_result_has_arrived() {
    let stone = stone();
    let mut s = stone.login();
    let mut other = stone.login();
    let fd = s.socket().unwrap();
    assert_ne!(
        fd,
        other.socket().unwrap(),
        "each session has its own connection"
    );
    s.start_execute("(Delay forMilliseconds: 400) wait. 42")
        .unwrap();
    let started = Instant::now();
    assert!(!readable(fd, 0), "nothing to read while the call runs");
    assert!(!s.poll(Some(Duration::ZERO)).unwrap());
    // Another session is not held up meanwhile.
    assert_eq!(run(&mut other, "6 * 7").unwrap().as_small_int(), Some(42));
    assert!(readable(fd, 30_000), "readable once the result is there");
    assert!(
        started.elapsed() >= Duration::from_millis(300),
        "{:?}",
        started.elapsed()
    );
    assert!(s.poll(Some(Duration::ZERO)).unwrap());
    assert_eq!(s.result().unwrap().as_small_int(), Some(42));
    assert!(!readable(fd, 0), "nothing left to read");
}

#[test]
fn one_call_at_a_time_per_session() {
    let stone = stone();
    let mut s = stone.login();
    s.start_execute("(Delay forMilliseconds: 200) wait. 1")
        .unwrap();
    let e = s.start_execute("2").unwrap_err();
    assert!(matches!(e, gs_gci::Error::CallInFlight), "{e:?}");
    assert!(s.fetch_bytes(gs_gci::Oop::NIL).is_err());
    assert_eq!(s.result().unwrap().as_small_int(), Some(1));
}

#[test]
fn logging_out_with_a_call_in_flight_ends_it() {
    let stone = stone();
    let mut s = stone.login();
    s.start_execute("[true] whileTrue").unwrap();
    s.logout().unwrap();
    assert_eq!(stone.sessions_settle(0), 0);
    let mut again = stone.login();
    assert_eq!(run(&mut again, "3+4").unwrap().as_small_int(), Some(7));
}

#[test]
fn a_break_from_another_thread_ends_a_blocking_execute_fetch_bytes() {
    let stone = stone();
    let mut s = stone.login();
    let brk = s.break_handle();
    let breaker = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        brk.break_(false)
    });
    let started = Instant::now();
    let e = s
        .execute_fetch_bytes("[true] whileTrue. 'never' encodeAsUTF8", 64)
        .unwrap_err();
    breaker.join().unwrap().unwrap();
    let g = e.gci().expect("a GemStone error");
    assert_eq!((g.number, g.kind()), (6003, ErrorKind::SoftBreak), "{e}");
    assert!(started.elapsed() >= Duration::from_millis(200));
    assert_eq!(run(&mut s, "3+4").unwrap().as_small_int(), Some(7));
}
