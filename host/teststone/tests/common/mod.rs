//! What the test stone's tests share: one template image, one
//! installation of the client library, one `GEMSTONE_GLOBAL_DIR` for every
//! stone of the test binary (each stone has a name of its own), and a
//! stone process per test.

#![allow(dead_code)] // each test file uses part of it

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use gs_gci::{Library, Login, Password, Session};
use gs_teststone::{Installation, StoneConfig, StoneProcess};

/// Where everything of this test process lives:
/// `<target>/tmp/teststone/<pid>`. Directories of processes that are gone
/// are removed first (a stone's process may outlive a failed test, so
/// nothing is removed at exit).
fn root() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("teststone");
        gs_teststone::scratch_dir(&base).expect("a scratch directory")
    })
}

/// The `GEMSTONE_GLOBAL_DIR` of every stone here. Every test calls this
/// first, so it is set before anything reads the environment.
pub fn global_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = root().join("global");
        std::fs::create_dir_all(&dir).unwrap();
        // SAFETY: every test calls `global_dir` (through `stone` or
        // `library`) before it does anything else, and `OnceLock` makes the
        // others wait here until this returns; so no thread of this process
        // reads the environment while it is being changed.
        unsafe { std::env::set_var("GEMSTONE_GLOBAL_DIR", &dir) };
        dir
    })
}

/// An image with the kernel, made once, copied for each stone.
fn template() -> &'static Path {
    static IMAGE: OnceLock<PathBuf> = OnceLock::new();
    IMAGE.get_or_init(|| {
        let path = root().join("template.image");
        drop(gs_image::Image::open(&path).expect("a new image"));
        path
    })
}

/// gs-gci's view of the client library, loaded from an installation laid
/// out as GemStone's.
pub fn library() -> &'static Library {
    global_dir();
    static LIB: OnceLock<Library> = OnceLock::new();
    LIB.get_or_init(|| {
        let install = Installation::create(&root().join("gemstone")).expect("an installation");
        Library::open(install.library_path()).expect("gs-gci loads the test stone's library")
    })
}

/// A stone process serving a fresh copy of the template image.
pub struct TestStone {
    pub process: StoneProcess,
    pub name: String,
    image: PathBuf,
}

impl Drop for TestStone {
    fn drop(&mut self) {
        // Unlinking is fine while the stone still has it open; the
        // process's own drop (after this) stops it.
        let _ = std::fs::remove_file(&self.image);
    }
}

pub fn stone() -> TestStone {
    global_dir();
    static N: AtomicUsize = AtomicUsize::new(0);
    let name = format!("stone{}", N.fetch_add(1, Ordering::SeqCst));
    // An image file named otherwise than the stone, as a site's often is.
    let image = root().join(format!("{name}-repository.image"));
    std::fs::copy(template(), &image).unwrap();
    let config = StoneConfig::new(&name, &image, global_dir());
    let process = StoneProcess::spawn_binary(Path::new(env!("CARGO_BIN_EXE_gs-teststone")), config)
        .expect("the stone starts");
    TestStone {
        process,
        name,
        image,
    }
}

/// A login to stone `name` as DataCurator, with no password yet.
pub fn login_to(name: &str) -> Login {
    Login {
        stone: name.to_string(),
        gem_service: None,
        host_user: None,
        host_password: None,
        user: "DataCurator".into(),
        password: Password::Plain(String::new()),
        halt_on_error: 0,
    }
}

impl TestStone {
    pub fn login_info(&self, password: &str) -> Login {
        TestStone::login_info_for(&self.name, password)
    }

    pub fn login_info_for(name: &str, password: &str) -> Login {
        Login {
            password: Password::Plain(password.into()),
            ..login_to(name)
        }
    }

    pub fn login(&self) -> Session {
        library()
            .login(&self.login_info(gs_teststone::DEFAULT_PASSWORD))
            .expect("logs in")
    }

    /// Sessions logged in, waiting a moment for the stone to notice ends.
    pub fn sessions_settle(&self, want: usize) -> usize {
        let mut n = usize::MAX;
        for _ in 0..200 {
            n = self
                .process
                .command(gs_teststone::Command::Sessions)
                .unwrap();
            if n == want {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        n
    }
}

/// Runs `source` to its end through the non-blocking protocol.
pub fn run(session: &mut Session, source: &str) -> Result<gs_gci::Oop, gs_gci::Error> {
    session.start_execute(source)?;
    while !session.poll(Some(Duration::from_secs(60)))? {}
    session.result()
}

/// Runs `source` and fetches its result as text.
pub fn text(session: &mut Session, source: &str) -> String {
    let oop = run(session, source).unwrap_or_else(|e| panic!("{source}: {e}"));
    let s = session.fetch_string(oop).expect("fetches");
    session.release(&[oop]).unwrap();
    s
}

/// The GemStone error of a failed execution.
pub fn gci_error(session: &mut Session, source: &str) -> gs_gci::GciError {
    match run(session, source) {
        Ok(oop) => panic!("{source} answered {oop:?}, expected an error"),
        Err(e) => e
            .gci()
            .cloned()
            .unwrap_or_else(|| panic!("{source}: not a GemStone error: {e}")),
    }
}
