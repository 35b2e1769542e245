//! A stone run inside the test's own process (`Stone::start`), as other
//! crates' tests can use it without the binary.

mod common;

use gs_teststone::{Command, Stone, StoneConfig};

#[test]
fn a_stone_in_this_process_serves_logins_and_cleans_up() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("app.image");
    let mut config = StoneConfig::new("inproc", &image, common::global_dir());
    let e = Stone::start(config.clone()).unwrap_err();
    assert!(
        e.to_string().contains("--create"),
        "a missing image is named: {e}"
    );
    config.create = true;
    let mut stone = Stone::start(config.clone()).unwrap();
    assert!(stone.lock_path().exists());
    let e = Stone::start(config.clone()).unwrap_err();
    assert!(e.to_string().contains("already running"), "{e}");

    let login = common::TestStone::login_info_for("inproc", gs_teststone::DEFAULT_PASSWORD);
    let mut s = common::library().login(&login).unwrap();
    assert_eq!(
        common::run(&mut s, "3 + 4").unwrap().as_small_int(),
        Some(7)
    );
    assert_eq!(stone.sessions(), 1);
    assert_eq!(
        gs_teststone::control(common::global_dir(), "inproc", Command::Sessions).unwrap(),
        1
    );
    stone.command(Command::RefuseLogins(true));
    assert_eq!(
        common::library()
            .login(&login)
            .unwrap_err()
            .gci()
            .unwrap()
            .number,
        4053
    );
    stone.stop();
    assert!(!stone.lock_path().exists(), "the lock file is removed");
    assert!(!stone.socket_path().exists(), "the socket is removed");
    let e = common::run(&mut s, "1").unwrap_err();
    assert!(e.gci().unwrap().fatal, "{e}");
    let e = common::library().login(&login).unwrap_err();
    assert_eq!(e.gci().unwrap().number, 4065, "{e}");
    let e = gs_teststone::control(common::global_dir(), "inproc", Command::Sessions).unwrap_err();
    assert!(e.to_string().contains("inproc.teststone"), "{e}");
}

#[test]
fn the_artefacts_are_found_in_this_builds_profile() {
    let bin = gs_teststone::stone_binary().unwrap();
    assert_eq!(
        bin.canonicalize().unwrap(),
        std::path::Path::new(env!("CARGO_BIN_EXE_gs-teststone"))
            .canonicalize()
            .unwrap()
    );
    let lib = gs_teststone::client_library().unwrap();
    assert_eq!(lib.parent(), bin.parent(), "{lib:?} beside {bin:?}");
    assert!(lib.ends_with("libgs_teststone_gci.so"));
}
