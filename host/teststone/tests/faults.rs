//! Faults the test stone injects on command, and clients that misbehave.

mod common;

use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::time::Duration;

use common::{run, stone};
use gs_gci::ErrorKind;
use gs_teststone::Command;

#[test]
fn dropped_connections_end_calls_in_flight_and_idle_sessions() {
    let stone = stone();
    let mut busy = stone.login();
    let mut idle = stone.login();
    busy.start_execute("[true] whileTrue").unwrap();
    stone.process.command(Command::DropConnections).unwrap();
    assert_eq!(stone.sessions_settle(0), 0, "the stone ended both sessions");
    // The call in flight: its poll (or result) reports the lost connection.
    let e = loop {
        match busy.poll(Some(Duration::from_secs(30))) {
            Ok(true) => break busy.result().unwrap_err(),
            Ok(false) => continue,
            Err(e) => break e,
        }
    };
    let g = e.gci().expect("a GemStone error");
    assert_eq!((g.number, g.kind()), (4137, ErrorKind::Network), "{e}");
    assert!(g.fatal);
    assert!(g.message.contains("lost"), "{}", g.message);
    // After that, and on the idle session, the session is gone.
    let e = busy.start_execute("1").unwrap_err();
    assert_eq!(e.gci().unwrap().kind(), ErrorKind::SessionGone, "{e}");
    let e = run(&mut idle, "1").unwrap_err();
    let kind = e.gci().unwrap().kind();
    assert!(
        matches!(kind, ErrorKind::Network | ErrorKind::SessionGone),
        "{e}"
    );
    // A logout of a lost session does not fail; new logins work.
    busy.logout().unwrap();
    idle.logout().unwrap();
    let mut fresh = stone.login();
    assert_eq!(run(&mut fresh, "3+4").unwrap().as_small_int(), Some(7));
}

#[test]
fn refused_logins_are_4053_and_sessions_already_in_go_on() {
    let stone = stone();
    let mut s = stone.login();
    stone.process.command(Command::RefuseLogins(true)).unwrap();
    let e = common::library()
        .login(&stone.login_info(gs_teststone::DEFAULT_PASSWORD))
        .unwrap_err();
    let g = e.gci().unwrap();
    assert_eq!(
        (g.number, g.kind()),
        (4053, ErrorKind::LoginsUnavailable),
        "{e}"
    );
    assert_eq!(run(&mut s, "3+4").unwrap().as_small_int(), Some(7));
    stone.process.command(Command::RefuseLogins(false)).unwrap();
    stone.login().logout().unwrap();
}

#[test]
fn a_stone_that_died_leaves_a_stale_lock_and_logins_are_refused_connections() {
    let mut stone = stone();
    stone.process.kill();
    let e = common::library()
        .login(&stone.login_info(gs_teststone::DEFAULT_PASSWORD))
        .unwrap_err();
    let g = e.gci().unwrap();
    assert_eq!(
        (g.number, g.kind()),
        (4136, ErrorKind::ConnectionRefused),
        "{e}"
    );
}

fn raw(stone: &common::TestStone) -> UnixStream {
    let lock = gs_teststone::lock_file(common::global_dir(), &stone.name);
    let text = std::fs::read_to_string(lock).unwrap();
    let socket = text
        .lines()
        .find_map(|l| l.strip_prefix("socket="))
        .unwrap();
    let s = UnixStream::connect(socket).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s
}

fn frame(payload: &[u8]) -> Vec<u8> {
    let mut f = (payload.len() as u32).to_be_bytes().to_vec();
    f.extend_from_slice(payload);
    f
}

#[test]
fn malformed_requests_never_disturb_the_stone_or_other_sessions() {
    let stone = stone();
    let mut good = stone.login();
    good.start_execute("(Delay forMilliseconds: 300) wait. 5")
        .unwrap();
    // Garbage as a first frame: an error answer, then the stone hangs up.
    let mut c = raw(&stone);
    c.write_all(&frame(&[0xEE, 1, 2, 3])).unwrap();
    let mut answer = Vec::new();
    let _ = c.read_to_end(&mut answer);
    assert!(!answer.is_empty(), "an error answer comes back");
    // A length over the limit: the stone hangs up.
    let mut c = raw(&stone);
    c.write_all(&u32::MAX.to_be_bytes()).unwrap();
    let _ = c.read_to_end(&mut Vec::new());
    // Half a frame, then gone.
    let mut c = raw(&stone);
    c.write_all(&[0, 0, 0, 100, 1, 2]).unwrap();
    drop(c);
    // Random bytes.
    let mut c = raw(&stone);
    let noise: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let _ = c.write_all(&noise);
    drop(c);
    // The session in flight is undisturbed, and logins still work.
    assert_eq!(good.result().unwrap().as_small_int(), Some(5));
    let mut other = stone.login();
    assert_eq!(run(&mut other, "3+4").unwrap().as_small_int(), Some(7));
    assert_eq!(stone.sessions_settle(2), 2);
}

#[test]
fn a_terminated_stone_removes_its_lock_file() {
    let stone = stone();
    let lock = gs_teststone::lock_file(common::global_dir(), &stone.name);
    assert!(lock.exists());
    // SAFETY: kill(2) on the stone's own process id, which is alive.
    assert_eq!(
        unsafe { libc::kill(stone.process.id() as i32, libc::SIGTERM) },
        0
    );
    for _ in 0..500 {
        if !lock.exists() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!lock.exists(), "SIGTERM stops the stone cleanly");
    let e = common::library()
        .login(&stone.login_info(gs_teststone::DEFAULT_PASSWORD))
        .unwrap_err();
    assert_eq!(e.gci().unwrap().kind(), ErrorKind::NoSuchStone, "{e}");
}
