//! Against a real stone, with `--features live-stone` and the stone named
//! in the environment:
//!
//! - `GEMSTONE`: the GemStone/S 64 installation (its `lib/` holds
//!   `libgcits-<version>-64.so`; set `GS_VERSION` if it holds several);
//! - `GS_STONE`: the stone's NRS (`gs64stone`);
//! - `GS_USER`, `GS_PASSWORD`: a GemStone user (`DataCurator`);
//! - `GS_GEM_SERVICE` (optional): the gem service NRS, when the netldi is
//!   not the default one.
//!
//! Without them every test here says so and passes without doing anything.
//! (GEMSTONE_GLOBAL_DIR must be the stone's, as for any GemStone client.)

#![cfg(feature = "live-stone")]

use std::time::Duration;

use gs_gci::{Error, ErrorKind, Library, Login, Oop, Password, Session};

struct Stone {
    lib: Library,
    login: Login,
}

fn stone() -> Option<Stone> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let (Some(_), Some(stone), Some(user), Some(password)) = (
        var("GEMSTONE"),
        var("GS_STONE"),
        var("GS_USER"),
        var("GS_PASSWORD"),
    ) else {
        eprintln!(
            "skipped: set GEMSTONE, GS_STONE, GS_USER and GS_PASSWORD to run against a stone"
        );
        return None;
    };
    let lib = Library::from_env(var("GS_VERSION").as_deref()).expect("the client library loads");
    let login = Login {
        stone,
        gem_service: var("GS_GEM_SERVICE"),
        host_user: None,
        host_password: None,
        user,
        password: Password::Plain(password),
        halt_on_error: 0,
    };
    Some(Stone { lib, login })
}

/// Runs `source` through the non-blocking protocol and answers the result.
fn run(session: &mut Session, source: &str) -> Result<Oop, Error> {
    session.start_execute(source)?;
    while !session.poll(Some(Duration::from_millis(100)))? {}
    session.result()
}

fn run_string(session: &mut Session, source: &str) -> String {
    let oop = run(session, source).unwrap_or_else(|e| panic!("{source}: {e}"));
    let text = session.fetch_string(oop).expect("the result is UTF-8 text");
    session.release(&[oop]).expect("the result is released");
    text
}

#[test]
fn logs_in_and_out_and_names_the_version() {
    let Some(stone) = stone() else { return };
    eprintln!(
        "library {} version {}",
        stone.lib.path().display(),
        stone.lib.version()
    );
    assert!(stone.lib.is_checked_version(), "{}", stone.lib.version());
    let session = stone.lib.login(&stone.login).expect("login");
    assert!(session.socket().expect("a socket") >= 0);
    session.logout().expect("logout");
}

#[test]
fn large_results_arrive_byte_exact_after_larger_ones() {
    // The reference README's defect #51438 (before 3.7.4.1): a result
    // between 1,025 bytes and the largest earlier one came back as 1,024
    // good bytes and an earlier result's tail. This fetch path sizes a
    // fresh buffer per result; this test is what shows it on a stone.
    let Some(stone) = stone() else { return };
    let mut s = stone.lib.login(&stone.login).expect("login");
    let big = run_string(&mut s, "(String new: 300000 withAll: $a) encodeAsUTF8");
    assert_eq!(big.len(), 300_000);
    assert!(big.bytes().all(|b| b == b'a'));
    for size in [1025, 2000, 4096, 65537] {
        let text = run_string(
            &mut s,
            &format!("(String new: {size} withAll: $b) encodeAsUTF8"),
        );
        assert_eq!(text, "b".repeat(size), "a result of {size} bytes");
    }
    let wide = run_string(
        &mut s,
        "(Unicode16 withAll: { Character codePoint: 233. Character codePoint: 9731 }) encodeAsUTF8",
    );
    assert_eq!(wide, "é☃");
    s.logout().expect("logout");
}

#[test]
fn a_soft_break_stops_a_running_call_and_the_session_goes_on() {
    let Some(stone) = stone() else { return };
    let mut s = stone.lib.login(&stone.login).expect("login");
    s.start_execute("[true] whileTrue").expect("started");
    assert!(!s.poll(Some(Duration::from_millis(300))).expect("polled"));
    let breaker = s.break_handle();
    std::thread::spawn(move || breaker.break_(false))
        .join()
        .unwrap()
        .expect("soft break sent");
    while !s.poll(Some(Duration::from_millis(100))).expect("polled") {}
    let err = s.result().unwrap_err();
    assert!(err.gci().is_some_and(|e| e.is_soft_break()), "{err}");
    assert_eq!(
        run(&mut s, "3 + 4")
            .expect("runs after the break")
            .as_small_int(),
        Some(7)
    );
    s.logout().expect("logout");
}

#[test]
fn compile_errors_come_back_as_gemstone_errors() {
    let Some(stone) = stone() else { return };
    let mut s = stone.lib.login(&stone.login).expect("login");
    let err = run(&mut s, "3 +").unwrap_err();
    assert_eq!(
        err.gci().map(|e| e.kind()),
        Some(ErrorKind::Compile),
        "{err}"
    );
    assert_eq!(run(&mut s, "nil").expect("runs"), Oop::NIL);
    s.logout().expect("logout");
}

#[test]
fn a_wrong_password_is_login_denied() {
    let Some(mut stone) = stone() else { return };
    stone.login.password = Password::Plain("certainly-not-the-password".into());
    let err = stone.lib.login(&stone.login).unwrap_err();
    assert_eq!(
        err.gci().map(|e| e.kind()),
        Some(ErrorKind::LoginDenied),
        "{err}"
    );
}
