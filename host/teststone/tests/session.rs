//! Sessions on the test stone through gs-gci, the path the GemStone
//! backend uses: login, execution, results, errors, logout.

mod common;

use common::{run, stone, text};
use gs_gci::Oop;

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
    assert_eq!(stone.sessions_settle(1), 1);
    s.logout().unwrap();
    assert_eq!(stone.sessions_settle(0), 0);
}
