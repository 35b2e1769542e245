//! Several sessions, threads and processes on one test stone: each login
//! its own transaction view, as GemStone's gems.

mod common;

use std::path::Path;

use common::{run, stone, text};

#[test]
fn each_session_sees_a_commit_only_after_its_own_abort() {
    let stone = stone();
    let mut a = stone.login();
    let mut b = stone.login();
    let probe = "(UserGlobals at: #Shared ifAbsent: [0]) printString encodeAsUTF8";
    assert_eq!(text(&mut b, probe), "0");
    run(&mut a, "UserGlobals at: #Shared put: 42").unwrap();
    assert_eq!(text(&mut a, probe), "42", "a sees its own change");
    assert_eq!(
        text(&mut b, probe),
        "0",
        "b does not see an uncommitted change"
    );
    assert_eq!(
        run(&mut a, "System commitTransaction").unwrap(),
        gs_gci::Oop::TRUE
    );
    assert_eq!(text(&mut b, probe), "0", "b's view is still the old one");
    run(&mut b, "System abortTransaction").unwrap();
    assert_eq!(
        text(&mut b, probe),
        "42",
        "after its abort b sees the commit"
    );
    // And a class defined in one session reaches the other the same way.
    run(&mut a, "Object subclass: #Shared2 instVarNames: #() classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: UserGlobals options: #(). System commitTransaction").unwrap();
    let probe2 = "(UserGlobals includesKey: #Shared2) printString encodeAsUTF8";
    assert_eq!(text(&mut b, probe2), "false");
    run(&mut b, "System abortTransaction").unwrap();
    assert_eq!(text(&mut b, probe2), "true");
}

#[test]
fn many_sessions_on_threads_run_at_once() {
    let stone = stone();
    let threads: Vec<_> = (0..6)
        .map(|i| {
            let mut s = stone.login();
            std::thread::spawn(move || {
                for j in 0..5 {
                    let got = run(&mut s, &format!("{i} * 100 + {j}")).unwrap();
                    assert_eq!(got.as_small_int(), Some(i * 100 + j));
                }
                s.logout().unwrap();
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    assert_eq!(stone.sessions_settle(0), 0);
}

/// The child's half of `a_second_process_shares_the_stone`: run only when
/// the parent starts this test binary again with the stone's name set.
#[test]
#[ignore = "run by a_second_process_shares_the_stone in a child process"]
fn child_process_commits() {
    let Ok(name) = std::env::var("GS_TESTSTONE_CHILD_STONE") else {
        return;
    };
    let lib = gs_gci::Library::open(std::env::var("GS_TESTSTONE_CHILD_LIB").unwrap()).unwrap();
    let mut login = common::login_to(&name);
    login.password = gs_gci::Password::Plain(gs_teststone::DEFAULT_PASSWORD.into());
    let mut s = lib.login(&login).unwrap();
    run(
        &mut s,
        "UserGlobals at: #FromChild put: 'hello'. System commitTransaction",
    )
    .unwrap();
    s.logout().unwrap();
}

#[test]
fn a_second_process_shares_the_stone() {
    let stone = stone();
    let mut mine = stone.login();
    let probe = "(UserGlobals at: #FromChild ifAbsent: ['none']) encodeAsUTF8";
    assert_eq!(text(&mut mine, probe), "none");
    let lib = common::library().path().to_path_buf();
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "child_process_commits",
            "--ignored",
            "--nocapture",
        ])
        .env("GS_TESTSTONE_CHILD_STONE", &stone.name)
        .env("GS_TESTSTONE_CHILD_LIB", &lib)
        .env("GEMSTONE_GLOBAL_DIR", common::global_dir())
        .status()
        .unwrap();
    assert!(status.success(), "the child process failed");
    assert!(Path::new(&lib).exists());
    assert_eq!(text(&mut mine, probe), "none", "not before an abort");
    run(&mut mine, "System abortTransaction").unwrap();
    assert_eq!(text(&mut mine, probe), "hello");
}

#[test]
fn logins_at_once_each_get_a_session_of_their_own() {
    let stone = stone();
    let barrier = std::sync::Barrier::new(16);
    let login = stone.login_info(gs_teststone::DEFAULT_PASSWORD);
    std::thread::scope(|scope| {
        for i in 0..16 {
            let (barrier, login) = (&barrier, &login);
            scope.spawn(move || {
                barrier.wait();
                let mut s = common::library().login(login).unwrap();
                // Each session's own view: a change of its own, not others'.
                run(&mut s, &format!("UserGlobals at: #Mine put: {i}")).unwrap();
                let mine = run(&mut s, "UserGlobals at: #Mine").unwrap();
                assert_eq!(mine.as_small_int(), Some(i));
                s.logout().unwrap();
            });
        }
    });
    assert_eq!(stone.sessions_settle(0), 0);
}
