//! `gs-teststone`: the GCI-compatible test stone as a process of its own
//! (a test double for GemStone, never a production store; see
//! docs/teststone.md).
//!
//! ```text
//! gs-teststone --name NAME --image PATH [--create] [--password P] [--global-dir DIR] [--socket PATH] [--read-only-user USER]...
//! gs-teststone ctl --name NAME [--global-dir DIR] drop-connections|refuse-logins|accept-logins|sessions|stop
//! ```

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::{Parser, Subcommand};
use gs_teststone::{
    Command, DEFAULT_PASSWORD, READY_LINE, Stone, StoneConfig, control, default_global_dir,
};

/// The GCI-compatible test stone: serves an embedded image to clients of
/// the gs-teststone-gci library, a session per login. A test double for
/// GemStone, never a production store.
#[derive(Parser)]
#[command(name = "gs-teststone", args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    ctl: Option<Ctl>,
    /// The stone's name, which logins give.
    #[arg(long, default_value = "teststone")]
    name: String,
    /// The image file to serve.
    #[arg(long)]
    image: Option<PathBuf>,
    /// Create the image (with the kernel) if it does not exist.
    #[arg(long)]
    create: bool,
    /// The password every user of the image logs in with.
    #[arg(long, default_value = DEFAULT_PASSWORD)]
    password: String,
    /// Where the lock file goes (`<dir>/locks/<name>.teststone`); default
    /// $GEMSTONE_GLOBAL_DIR, else /opt/gemstone.
    #[arg(long)]
    global_dir: Option<PathBuf>,
    /// The socket to listen on; default beside the lock file.
    #[arg(long)]
    socket: Option<PathBuf>,
    /// A user without write authorization, whose sessions can neither
    /// commit nor change code (repeat for several).
    #[arg(long = "read-only-user")]
    read_only_users: Vec<String>,
}

#[derive(Subcommand)]
enum Ctl {
    /// Send a running stone a control command.
    Ctl {
        /// The stone's name.
        #[arg(long, default_value = "teststone")]
        name: String,
        /// Its global directory; default $GEMSTONE_GLOBAL_DIR, else /opt/gemstone.
        #[arg(long)]
        global_dir: Option<PathBuf>,
        /// What to do.
        #[command(subcommand)]
        what: What,
    },
}

#[derive(Subcommand, Clone, Copy)]
enum What {
    /// Drop every session's connection (clients see a lost connection).
    DropConnections,
    /// Refuse new logins (GemStone's 4053).
    RefuseLogins,
    /// Accept logins again.
    AcceptLogins,
    /// Print how many sessions are logged in.
    Sessions,
    /// Stop the stone.
    Stop,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Ctl::Ctl {
        name,
        global_dir,
        what,
    }) = cli.ctl
    {
        let command = match what {
            What::DropConnections => Command::DropConnections,
            What::RefuseLogins => Command::RefuseLogins(true),
            What::AcceptLogins => Command::RefuseLogins(false),
            What::Sessions => Command::Sessions,
            What::Stop => Command::Stop,
        };
        let dir = global_dir.unwrap_or_else(default_global_dir);
        return match control(&dir, &name, command) {
            Ok(n) => {
                if let What::Sessions = what {
                    println!("{n}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("gs-teststone: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let Some(image) = cli.image else {
        eprintln!(
            "gs-teststone: name the image to serve with --image PATH (add --create to make a new one)"
        );
        return ExitCode::from(2);
    };
    let shown = image.display().to_string();
    let mut config = StoneConfig::new(
        cli.name,
        image,
        cli.global_dir.unwrap_or_else(default_global_dir),
    );
    config.create = cli.create;
    config.password = cli.password;
    config.socket = cli.socket;
    config.read_only_users = cli.read_only_users;
    // Before the ready line: a signal sent as soon as a client reads it
    // must already stop the stone cleanly.
    stop_on_signals();
    let stone = match Stone::start(config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("gs-teststone: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{READY_LINE}: stone {} serving {} on {} (lock file {}); a test double for GemStone",
        stone.name(),
        shown,
        stone.socket_path().display(),
        stone.lock_path().display()
    );
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !SIGNALLED.load(Ordering::SeqCst) {
                if stone.is_stopped() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            stone.command(Command::Stop);
        });
        stone.wait();
    });
    drop(stone); // removes the lock file and the socket
    ExitCode::SUCCESS
}

/// Set by SIGTERM, SIGINT and SIGHUP.
static SIGNALLED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_signal(_: libc::c_int) {
    SIGNALLED.store(true, Ordering::SeqCst);
}

/// Makes SIGTERM, SIGINT and SIGHUP stop the stone cleanly (lock file and
/// socket removed) instead of killing it with a stale lock file left.
fn stop_on_signals() {
    let handler: extern "C" fn(libc::c_int) = on_signal;
    for sig in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
        // SAFETY: the handler only stores to an atomic, which is
        // async-signal-safe; `signal` is given a valid function pointer.
        unsafe { libc::signal(sig, handler as libc::sighandler_t) };
    }
}
