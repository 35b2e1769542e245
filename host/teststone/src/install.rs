//! Finding the built client library and stone binary (building them when
//! needed), laying out an installation directory for gs-gci, and running
//! the stone binary from a test.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, Stdio};
use std::sync::OnceLock;
use std::sync::mpsc;
use std::time::Duration;

use crate::{Command, Error, READY_LINE, StoneConfig, control};

/// The GemStone version an [`Installation`] claims (its file names; the
/// library's `GciTsVersion` answers it too).
pub const VERSION: &str = "3.7.5";

/// The file name of the client library as cargo builds it.
const LIB_FILE: &str = "libgs_teststone_gci.so";
/// The stone binary's file name.
const BIN_FILE: &str = "gs-teststone";

/// The workspace this crate was built in (its manifest's grandparent).
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The target directory and profile this process was built in, read off
/// its own path: `<target>/<profile>/deps/<test>` for a test,
/// `<target>/<profile>/<binary>` for a binary.
fn build_dir() -> Result<(PathBuf, String), Error> {
    let exe = std::env::current_exe()
        .map_err(|e| Error::new(format!("cannot find this program's path: {e}")))?;
    let mut dir = exe.parent().map(Path::to_path_buf).unwrap_or_default();
    if dir
        .file_name()
        .is_some_and(|n| n == "deps" || n == "examples")
    {
        dir.pop();
    }
    let profile = dir
        .file_name()
        .and_then(|n| n.to_str())
        .map(|n| match n {
            "debug" => "dev".to_string(),
            other => other.to_string(),
        })
        .ok_or_else(|| {
            Error::new(format!(
                "cannot tell the cargo profile from {}",
                exe.display()
            ))
        })?;
    let target = dir.parent().map(Path::to_path_buf).unwrap_or_default();
    Ok((target, profile))
}

/// Builds `args` (a `-p`/`--bin` selection) with cargo in the profile and
/// target directory this process was built in, and answers the artefact
/// `file` of that profile. Cargo does nothing when it is up to date.
fn cargo_build(args: &[&str], file: &str) -> Result<PathBuf, Error> {
    let (target, profile) = build_dir()?;
    let profile_dir = target.join(if profile == "dev" { "debug" } else { &profile });
    let artefact = profile_dir.join(file);
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let manifest = workspace_root().join("Cargo.toml");
    let out = Process::new(&cargo)
        .arg("build")
        .args(args)
        .args(["--profile", &profile])
        .arg("--manifest-path")
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", &target)
        .stdin(Stdio::null())
        .output();
    match out {
        Ok(o) if o.status.success() => {}
        Ok(o) => {
            let stderr = String::from_utf8_lossy(&o.stderr);
            let tail: Vec<&str> = stderr.lines().rev().take(20).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            return Err(Error::new(format!(
                "`cargo build {}` failed; build it yourself to see why:\n{}",
                args.join(" "),
                tail.join("\n")
            )));
        }
        // No cargo (a test binary run by hand): use what is there.
        Err(_) if artefact.exists() => return Ok(artefact),
        Err(e) => {
            return Err(Error::new(format!(
                "cannot run cargo ({}) to build {file}: {e}; build it with `cargo build {}`, or set CARGO",
                Path::new(&cargo).display(),
                args.join(" ")
            )));
        }
    }
    match artefact.exists() {
        true => Ok(artefact),
        false => Err(Error::new(format!(
            "`cargo build {}` did not leave {}",
            args.join(" "),
            artefact.display()
        ))),
    }
}

/// The client library, `libgs_teststone_gci.so`, of this build's profile
/// and target directory. `GS_TESTSTONE_LIB` names one to use as it is;
/// otherwise it is built (`cargo build -p gs-teststone-gci`, through
/// `$CARGO`) once per process, which does nothing when it is up to date.
/// `cargo test -p gs-teststone` alone does not build a cdylib it does not
/// link, hence this.
pub fn client_library() -> Result<PathBuf, Error> {
    if let Some(p) = std::env::var_os("GS_TESTSTONE_LIB") {
        return Ok(PathBuf::from(p));
    }
    static BUILT: OnceLock<Result<PathBuf, Error>> = OnceLock::new();
    BUILT
        .get_or_init(|| cargo_build(&["-p", "gs-teststone-gci"], LIB_FILE))
        .clone()
}

/// The `gs-teststone` binary, as [`client_library`] finds its library:
/// `GS_TESTSTONE_BIN`, or built once per process. (Tests of this crate
/// have it as `CARGO_BIN_EXE_gs-teststone`.)
pub fn stone_binary() -> Result<PathBuf, Error> {
    if let Some(p) = std::env::var_os("GS_TESTSTONE_BIN") {
        return Ok(PathBuf::from(p));
    }
    static BUILT: OnceLock<Result<PathBuf, Error>> = OnceLock::new();
    BUILT
        .get_or_init(|| cargo_build(&["-p", "gs-teststone", "--bin", BIN_FILE], BIN_FILE))
        .clone()
}

/// A directory laid out as a GemStone/S 64 installation for gs-gci:
/// `lib/libgcits-3.7.5-64.so` (a copy of the client library, so a rebuild
/// cannot change a library a test has loaded) and
/// `lib/libnetldi-3.7.5-64.so` (a link to it: gs-gci loads a netldi first,
/// and the same file is loaded once).
#[derive(Debug, Clone)]
pub struct Installation {
    dir: PathBuf,
}

impl Installation {
    /// Lays out `dir` (created if missing) with [`client_library`].
    pub fn create(dir: &Path) -> Result<Installation, Error> {
        Installation::create_from(dir, &client_library()?)
    }

    /// Lays out `dir` with the client library at `library`.
    pub fn create_from(dir: &Path, library: &Path) -> Result<Installation, Error> {
        let lib = dir.join("lib");
        let failed = |what: &str, e: std::io::Error| {
            Error::new(format!(
                "cannot lay out the installation {}: {what}: {e}",
                dir.display()
            ))
        };
        std::fs::create_dir_all(&lib).map_err(|e| failed("creating lib/", e))?;
        let gcits = lib.join(format!("libgcits-{VERSION}-64.so"));
        let netldi = lib.join(format!("libnetldi-{VERSION}-64.so"));
        let _ = std::fs::remove_file(&gcits);
        let _ = std::fs::remove_file(&netldi);
        std::fs::copy(library, &gcits)
            .map_err(|e| failed(&format!("copying {}", library.display()), e))?;
        std::os::unix::fs::symlink(gcits.file_name().unwrap_or_default(), &netldi)
            .map_err(|e| failed("linking the netldi library", e))?;
        Ok(Installation {
            dir: dir.to_path_buf(),
        })
    }

    /// The installation directory (what `GEMSTONE` names).
    pub fn gemstone(&self) -> &Path {
        &self.dir
    }

    /// The version of its library file names, `3.7.5`.
    pub fn version(&self) -> &'static str {
        VERSION
    }

    /// `lib/libgcits-3.7.5-64.so`, for `gs_gci::Library::open`.
    pub fn library_path(&self) -> PathBuf {
        self.dir
            .join("lib")
            .join(format!("libgcits-{VERSION}-64.so"))
    }
}

/// The `gs-teststone` binary running as a child process. Dropping it stops
/// the stone (a `Stop` command, then a kill if it has not exited).
#[derive(Debug)]
pub struct StoneProcess {
    child: Child,
    config: StoneConfig,
}

impl StoneProcess {
    /// Starts [`stone_binary`] with `config` and waits until it accepts
    /// logins.
    pub fn spawn(config: StoneConfig) -> Result<StoneProcess, Error> {
        StoneProcess::spawn_binary(&stone_binary()?, config)
    }

    /// Starts the binary at `binary` with `config` and waits (up to five
    /// minutes: creating an image installs the kernel) until it accepts
    /// logins. Its standard error is the caller's.
    pub fn spawn_binary(binary: &Path, config: StoneConfig) -> Result<StoneProcess, Error> {
        let mut cmd = Process::new(binary);
        cmd.arg("--name")
            .arg(&config.name)
            .arg("--image")
            .arg(&config.image)
            .arg("--global-dir")
            .arg(&config.global_dir)
            .arg("--password")
            .arg(&config.password);
        if config.create {
            cmd.arg("--create");
        }
        if let Some(s) = &config.socket {
            cmd.arg("--socket").arg(s);
        }
        for user in &config.read_only_users {
            cmd.arg("--read-only-user").arg(user);
        }
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| Error::new(format!("cannot start {}: {e}", binary.display())))?;
        let stdout = child.stdout.take().expect("piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if line.starts_with(READY_LINE) {
                    let _ = tx.send(());
                }
            }
        });
        match rx.recv_timeout(Duration::from_secs(300)) {
            Ok(()) => Ok(StoneProcess { child, config }),
            Err(_) => {
                let _ = child.kill();
                let status = child.wait().map(|s| s.to_string()).unwrap_or_default();
                Err(Error::new(format!(
                    "the test stone {} did not become ready ({status}); its standard error says why",
                    config.name
                )))
            }
        }
    }

    /// The stone's configuration.
    pub fn config(&self) -> &StoneConfig {
        &self.config
    }

    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Sends the stone `command` (see [`control`]).
    pub fn command(&self, command: Command) -> Result<usize, Error> {
        control(&self.config.global_dir, &self.config.name, command)
    }

    /// Kills the process at once (SIGKILL), as a crash would: its lock file
    /// and socket stay behind, stale.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for StoneProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.command(Command::Stop);
            for _ in 0..100 {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            self.kill();
        }
    }
}
