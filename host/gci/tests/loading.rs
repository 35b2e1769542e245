//! Loading the client library, with no stone and no GemStone installed:
//! what goes wrong must say which file and what to set.

use std::path::{Path, PathBuf};

use gs_gci::{BreakHandle, Error, Library, Session};

fn assert_send_sync<T: Send + Sync>() {}
fn assert_send<T: Send>() {}

#[test]
fn the_handles_cross_threads() {
    assert_send_sync::<Library>();
    assert_send_sync::<BreakHandle>();
    assert_send::<Session>();
}

#[test]
fn a_missing_library_names_its_path_and_gemstone() {
    let path = Path::new("/nonexistent/gemstone/lib/libgcits-3.7.5-64.so");
    let err = Library::open(path).unwrap_err();
    assert!(
        matches!(&err, Error::Load { path: p, .. } if p == path),
        "{err:?}"
    );
    let shown = err.to_string();
    assert!(
        shown.contains("/nonexistent/gemstone/lib/libgcits-3.7.5-64.so"),
        "{shown}"
    );
    assert!(shown.contains("set GEMSTONE"), "{shown}");
    assert!(shown.contains("no such file"), "{shown}");
}

#[test]
fn an_installation_without_the_version_names_the_file_it_wanted() {
    let err = Library::open_installation(Path::new("/opt/nowhere"), "3.7.5")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("/opt/nowhere/lib/libgcits-3.7.5-64.so"),
        "{err}"
    );
}

#[test]
fn a_library_without_its_netldi_names_the_netldi() {
    let dir = std::env::temp_dir().join(format!("gs-gci-netldi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let gcits = dir.join("libgcits-3.7.5-64.so");
    std::fs::write(&gcits, b"not a library").unwrap();
    let err = Library::open(&gcits).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    let Error::Load { path, .. } = &err else {
        panic!("expected a load error, got {err:?}");
    };
    assert_eq!(path, &dir.join("libnetldi-3.7.5-64.so"));
    assert!(err.to_string().contains("libnetldi-3.7.5-64.so"), "{err}");
}

/// The C library this test process runs on, from its memory map.
fn libc_path() -> PathBuf {
    let maps = std::fs::read_to_string("/proc/self/maps").expect("/proc/self/maps is readable");
    maps.lines()
        .filter_map(|l| l.split_whitespace().nth(5))
        .find(|p| p.contains("/libc.so") || p.contains("/libc-"))
        .map(PathBuf::from)
        .expect("the test process maps a libc")
}

#[test]
#[cfg(target_os = "linux")]
fn a_library_without_the_gci_functions_names_the_first_missing_one() {
    let libc = libc_path();
    let err = Library::open(&libc).unwrap_err();
    let Error::MissingSymbol { symbol, path } = &err else {
        panic!("expected a missing symbol, got {err:?}");
    };
    assert_eq!(*symbol, gs_gci::SYMBOLS[0]);
    assert_eq!(*symbol, "GciTsVersion");
    assert_eq!(path, &libc);
    let shown = err.to_string();
    assert!(
        shown.contains("GciTsVersion") && shown.contains(&*libc.to_string_lossy()),
        "{shown}"
    );
    assert!(shown.contains("GEMSTONE"), "{shown}");
}

#[test]
fn without_gemstone_set_the_error_says_to_set_it() {
    if std::env::var_os("GEMSTONE").is_some() {
        return; // a machine with GemStone: nothing to show here
    }
    let err = Library::from_env(None).unwrap_err().to_string();
    assert!(err.contains("GEMSTONE is not set"), "{err}");
}

#[test]
fn the_resolved_functions_are_exactly_those_gs_mcp_uses() {
    assert_eq!(
        gs_gci::SYMBOLS,
        [
            "GciTsVersion",
            "GciTsLogin",
            "GciTsLogout",
            "GciTsNbExecute",
            "GciTsNbPoll",
            "GciTsSocket",
            "GciTsNbResult",
            "GciTsBreak",
            "GciTsFetchSize",
            "GciTsFetchBytes",
            "GciTsClearStack",
            "GciTsReleaseObjs",
            "GciTsExecuteFetchBytes",
        ]
    );
}
