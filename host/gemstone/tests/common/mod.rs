//! A test stone (gs-teststone, a test double for GemStone) serving a copy of
//! an image holding the built-in tools' fixture application, and the
//! GemStone backend logged in to it.

#![allow(dead_code)] // each test file uses part of it

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use gs_gemstone::{Stone, StoneSettings};
use gs_teststone::{DEFAULT_PASSWORD, Installation, StoneConfig};

/// The fixture every stone's image starts with.
pub const FIXTURE: &str = include_str!("../../../builtin/tests/fixtures/bank.gs");

/// Where everything of this test process lives:
/// `<target>/tmp/gemstone/<pid>` (see [`gs_teststone::scratch_dir`]).
fn root() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gemstone");
        gs_teststone::scratch_dir(&base).expect("a scratch directory")
    })
}

/// `GEMSTONE_GLOBAL_DIR` for every stone of the test binary, set once.
pub fn global_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = root().join("global");
        std::fs::create_dir_all(&dir).unwrap();
        // SAFETY: set once, under the OnceLock, before any stone or library
        // of this process reads the environment.
        unsafe { std::env::set_var("GEMSTONE_GLOBAL_DIR", &dir) };
        dir
    })
}

/// The installation holding the test stone's client library.
pub fn installation() -> &'static Installation {
    global_dir();
    static INSTALL: OnceLock<Installation> = OnceLock::new();
    INSTALL.get_or_init(|| Installation::create(&root().join("gemstone")).expect("an installation"))
}

/// An image with the kernel and the fixture, made once.
fn template() -> &'static Path {
    static IMAGE: OnceLock<PathBuf> = OnceLock::new();
    IMAGE.get_or_init(|| {
        let path = root().join("template.image");
        let image = gs_image::Image::open(&path).expect("a new image");
        let mut session = image.session();
        let report = gs_image::filein::file_in_text(&mut session, "bank.gs", FIXTURE);
        assert!(report.is_clean(), "the fixture files in: {report:?}");
        session.commit().unwrap();
        path
    })
}

/// A running test stone and the backend's view of it; the stone stops
/// when this is dropped.
pub struct Running {
    pub stone: Stone,
    pub test_stone: gs_teststone::Stone,
}

/// Starts a test stone (in this process) on a fresh copy of the fixture
/// image and opens the backend on it.
pub fn start() -> Running {
    serve(template())
}

/// Starts a test stone (in this process) on a fresh copy of the image at
/// `image` (which stays as it is) and opens the backend on it.
pub fn serve(image: &Path) -> Running {
    serve_with(image, gs_interp::Limits::default())
}

/// As [`serve`], each gem's executions held to `limits` (on a real stone,
/// the gem's own configuration, such as `GEM_TEMPOBJ_CACHE_SIZE`, bounds
/// them).
pub fn serve_with(image: &Path, limits: gs_interp::Limits) -> Running {
    let config = StoneConfig {
        limits,
        ..fresh_config(image)
    };
    let test_stone = gs_teststone::Stone::start(config.clone()).expect("the stone starts");
    Running {
        stone: backend(&config.name),
        test_stone,
    }
}

/// As [`serve`], the stone's `read_only_users` without write
/// authorization: it refuses their sessions' commits and code changes.
pub fn serve_with_read_only_users(image: &Path, read_only_users: &[&str]) -> Running {
    let config = StoneConfig {
        read_only_users: read_only_users.iter().map(|u| u.to_string()).collect(),
        ..fresh_config(image)
    };
    let test_stone = gs_teststone::Stone::start(config.clone()).expect("the stone starts");
    Running {
        stone: backend(&config.name),
        test_stone,
    }
}

/// A test stone started as a process of its own (so its threads are not
/// the test's) on a fresh copy of the fixture image, and the backend on
/// it; the stone stops when the process handle is dropped.
pub fn start_process() -> (gs_teststone::StoneProcess, Stone) {
    let config = fresh_config(template());
    let process = gs_teststone::StoneProcess::spawn(config.clone()).expect("the stone starts");
    (process, backend(&config.name))
}

/// A stone of a new name serving a fresh copy of `image`.
fn fresh_config(image: &Path) -> StoneConfig {
    static N: AtomicUsize = AtomicUsize::new(0);
    let name = format!("gsbackend{}", N.fetch_add(1, Ordering::SeqCst));
    let copy = root().join(format!("{name}.image"));
    std::fs::copy(image, &copy).unwrap();
    StoneConfig::new(&name, &copy, global_dir())
}

/// The backend, logging in to the stone `name` as DataCurator.
fn backend(name: &str) -> Stone {
    let install = installation();
    Stone::open(StoneSettings {
        gemstone: install.gemstone().to_path_buf(),
        version: Some(install.version().to_string()),
        stone: name.to_string(),
        gem_service: None,
        host_user: None,
        host_password: None,
        user: "DataCurator".into(),
        password: gs_gci::Password::Plain(DEFAULT_PASSWORD.into()),
        login_concurrency: 4,
    })
    .expect("the backend opens the library")
}

/// A token a thread cancels after `delay`, and that thread.
pub fn cancel_after(
    delay: std::time::Duration,
) -> (gs_toolset::CancelToken, std::thread::JoinHandle<()>) {
    let cancel = gs_toolset::CancelToken::new();
    let stopper = cancel.clone();
    let thread = std::thread::spawn(move || {
        std::thread::sleep(delay);
        stopper.cancel();
    });
    (cancel, thread)
}
