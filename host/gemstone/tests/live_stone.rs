//! The GemStone backend against a real stone, with `--features live-stone`
//! and the stone named in the environment (as gs-gci's live tests):
//! `GEMSTONE` (the installation; `GS_VERSION` if its `lib/` holds several
//! libraries), `GS_STONE`, `GS_USER`, `GS_PASSWORD`, and optionally
//! `GS_GEM_SERVICE`; `GEMSTONE_GLOBAL_DIR` must be the stone's. Without
//! them the test says so and passes. It changes nothing on the stone: it
//! reads, runs doits that change nothing, and aborts.

#![cfg(feature = "live-stone")]

use std::time::Duration;

use gs_gemstone::{Stone, StoneSettings};
use gs_toolset::{CancelToken, ErrorKind, ImageSession, SourceSearch};

fn stone() -> Option<Stone> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let (Some(gemstone), Some(stone), Some(user), Some(password)) = (
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
    let settings = StoneSettings {
        gemstone: gemstone.into(),
        version: var("GS_VERSION"),
        stone,
        gem_service: var("GS_GEM_SERVICE"),
        host_user: None,
        host_password: None,
        user,
        password: gs_gci::Password::Plain(password),
        login_concurrency: 2,
    };
    Some(Stone::open(settings).expect("the client library loads"))
}

#[test]
fn every_reading_operation_answers_on_a_real_stone() {
    let Some(stone) = stone() else { return };
    let facts = stone.check().expect("check logs in and out");
    eprintln!("stone {} is GemStone {}", facts.stone, facts.version);
    let s = stone.login(None).expect("a session logs in");
    let dictionaries = s.dictionaries().unwrap();
    assert!(
        dictionaries.iter().any(|d| d == "Globals"),
        "{dictionaries:?}"
    );
    assert!(s.classes("Globals").unwrap().iter().any(|c| c == "Object"));
    assert!(!s.entries("Globals").unwrap().is_empty());
    let object = s.describe_class("Object").unwrap();
    assert!(object.kernel && object.superclass.is_none(), "{object:?}");
    let array = s.hierarchy("Array").unwrap();
    assert_eq!(
        array.superclasses.first().map(String::as_str),
        Some("Object")
    );
    assert!(!s.selectors("Object", false).unwrap().is_empty());
    assert!(!s.categories("Object", false).unwrap().is_empty());
    assert!(
        s.definition_source("Array")
            .unwrap()
            .source
            .contains("'Array'")
    );
    assert!(
        s.file_out("Association")
            .unwrap()
            .source
            .contains("Association")
    );
    let m = s.method("Object", false, "printString").unwrap();
    assert!(m.source.starts_with("printString"), "{m:?}");
    assert_eq!(
        s.method("Object", false, "noSuchSelectorAtAll")
            .unwrap_err()
            .kind,
        ErrorKind::NotFound
    );
    let page = s.implementors("printString", 5).unwrap();
    assert!(page.total >= page.methods.len() && !page.methods.is_empty());
    assert!(s.senders("printString", 5).unwrap().total > 0);
    s.references_to("Array", 5).unwrap();
    let search = SourceSearch {
        text: "printString",
        ignore_case: false,
        dictionary: Some("UserGlobals"),
        class_name: None,
    };
    s.search_source(&search, 5).unwrap();
    assert!(s.is_kernel_class("Object").unwrap());
    assert!(!s.is_kernel_class("NoSuchClassAtAll").unwrap());
    let none = CancelToken::new();
    assert_eq!(s.execute("3 + 4", &none).unwrap().print_string, "7");
    let unicode = s.execute("(String with: (Character codePoint: 16r20AC)) size", &none);
    eprintln!("a wide character: {unicode:?}");
    let e = s.execute("1/0", &none).unwrap_err();
    eprintln!("1/0: {e:?}");
    let e = s.execute("3 +", &none).unwrap_err();
    assert_eq!(e.kind, ErrorKind::CompileError, "{e:?}");
    eprintln!("test classes: {:?}", s.test_classes().map(|c| c.len()));
    let status = s.status().unwrap();
    eprintln!("{status:?}");
    let cancel = CancelToken::new();
    let stopper = cancel.clone();
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        stopper.cancel();
    });
    let e = s.execute("[true] whileTrue: [3 + 4]", &cancel).unwrap_err();
    t.join().unwrap();
    assert_eq!(e.kind, ErrorKind::Cancelled, "{e:?}");
    assert_eq!(s.execute("6 * 7", &none).unwrap().print_string, "42");
    s.abort().unwrap();
}
