//! `gs-mcp`: a native Model Context Protocol server for GemStone/S
//! Smalltalk images.
//!
//! The binary wires the crates together — configuration (`gs-config`), the
//! embedded image (`gs-image`, with `gs-interp` for running Smalltalk), the
//! WebAssembly toolset host (`gs-toolset-host`), the session broker
//! (`gs-broker`) and the MCP transport (`gs-router`) — and offers:
//!
//! - `gs-mcp serve`: Streamable HTTP at `/mcp`;
//! - `gs-mcp stdio`: one client over stdin/stdout (logs go to stderr);
//! - `gs-mcp tools`: the tool surface, marking read-only-safe tools;
//! - `gs-mcp check`: validate the configuration and every plug-in;
//! - `gs-mcp call`: run one tool call through the server and print its
//!   result (`call.rs`);
//! - `gs-mcp image load`: file Topaz `.gs` sources into an image.
//!
//! Errors print as `gs-mcp: …` with the fix. Exit codes: 0 success, 1 an
//! operation failed, 2 bad arguments or configuration.

mod call;
mod load;
mod wiring;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use wiring::Failure;

#[derive(Parser)]
#[command(
    name = "gs-mcp",
    version,
    about = "A Model Context Protocol server for GemStone/S Smalltalk images"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve MCP over Streamable HTTP at /mcp.
    Serve {
        /// The configuration file (toolsets.toml); defaults apply without one.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// Listen on this address instead of the configured one.
        #[arg(long, value_name = "ADDR")]
        listen: Option<SocketAddr>,
        /// Serve this embedded image file instead of the configured one.
        #[arg(long, value_name = "PATH")]
        image: Option<PathBuf>,
    },
    /// Serve one MCP client over stdin and stdout.
    Stdio {
        /// The configuration file (toolsets.toml); defaults apply without one.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// Serve this embedded image file instead of the configured one.
        #[arg(long, value_name = "PATH")]
        image: Option<PathBuf>,
    },
    /// List the tool surface: every tool, its toolset, and whether it is
    /// read-only-safe.
    Tools {
        /// The configuration file (toolsets.toml); defaults apply without one.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// Print the surface as JSON: each tool's name, toolset, title,
        /// read-only flag and input and output schemas.
        #[arg(long)]
        json: bool,
    },
    /// Validate the configuration, load every toolset and open the image
    /// (an embedded image file if it exists, else a login to the stone),
    /// reporting every problem found.
    Check {
        /// The configuration file (toolsets.toml); defaults apply without one.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
    },
    /// Run one tool call through the server (the configured toolsets and
    /// image, as `serve` has them) and print its result: text, then
    /// structured content. Exit status 1 when the result is an error
    /// (isError), 2 for a bad configuration, tool name or arguments.
    Call {
        /// The configuration file (toolsets.toml); defaults apply without one.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// Use this embedded image file instead of the configured one.
        #[arg(long, value_name = "PATH")]
        image: Option<PathBuf>,
        /// Print the MCP CallToolResult as one line of JSON instead.
        #[arg(long)]
        json: bool,
        /// The tool's name (`gs-mcp tools` lists them).
        #[arg(value_name = "TOOL")]
        tool: String,
        /// Its arguments: one JSON object.
        #[arg(value_name = "JSON", default_value = "{}")]
        arguments: String,
    },
    /// Work on an embedded image file.
    Image {
        #[command(subcommand)]
        command: ImageCommand,
    },
}

#[derive(Subcommand)]
enum ImageCommand {
    /// File Topaz .gs sources into an image (created if missing) and commit
    /// what loaded.
    Load {
        /// The image file.
        #[arg(long, value_name = "PATH")]
        image: PathBuf,
        /// The .gs files, loaded in order.
        #[arg(required = true, value_name = "FILE.gs")]
        files: Vec<PathBuf>,
        /// Refuse methods on kernel classes. By default an operator's load
        /// may add extension methods to kernel classes (`method: Object`
        /// in a `*package` category), as GemStone projects do; kernel
        /// classes themselves are never redefined, and no MCP client's
        /// tool may change them either way.
        #[arg(long)]
        no_kernel_extensions: bool,
    },
    /// Create an image user (the name a token's user claim gives, under
    /// `[auth]`) with the default user's symbol list, and commit.
    AddUser {
        /// The image file.
        #[arg(long, value_name = "PATH")]
        image: PathBuf,
        /// The user's name.
        #[arg(value_name = "NAME")]
        name: String,
    },
}

/// Raises the process's soft limit on open descriptors to its hard limit,
/// as network servers do: every client connection, image file, and
/// plug-in file or HTTP connection is one, and the soft limit is often
/// only 1024. Plug-ins may hold half of what it allows
/// (`gs_toolset_host::default_max_descriptors`), read after this.
fn raise_descriptor_limit() {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit read and write the one struct
        // they are given. A refusal leaves the limit as it was.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0
                && limit.rlim_cur < limit.rlim_max
            {
                limit.rlim_cur = limit.rlim_max;
                libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
            }
        }
    }
}

/// Makes a write past the file-size limit (`ulimit -f`) fail as a full
/// disk does, with an error the commit reports and survives, instead of
/// SIGXFSZ ending the process and every session's uncommitted work.
fn survive_file_size_limit() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN installs no
    // handler code; the write that passes the limit then fails with EFBIG.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Leaves unprinted the panics the image store catches and answers as a
/// damaged file (redb panics on some damaged pages), so the operator reads
/// the one message that says what to do; every other panic is printed as
/// before.
fn quiet_caught_image_panics() {
    let print = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !gs_image::panic_is_caught_as_damage() {
            print(info);
        }
    }));
}

/// Lets a one-shot command's output end quietly when its reader goes
/// (`gs-mcp check | head -2`), as other command-line tools do, instead of
/// panicking at the next line it prints. Servers keep SIGPIPE ignored: a
/// client that goes mid-answer must cost only its own connection.
fn end_quietly_on_a_closed_pipe(command: &Command) {
    #[cfg(unix)]
    if !matches!(command, Command::Serve { .. } | Command::Stdio { .. }) {
        // SAFETY: restores the default disposition; no handler code runs.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    raise_descriptor_limit();
    survive_file_size_limit();
    quiet_caught_image_panics();
    end_quietly_on_a_closed_pipe(&cli.command);
    let outcome = match cli.command {
        Command::Serve {
            config,
            listen,
            image,
        } => serve(config.as_deref(), listen, image.as_deref()),
        Command::Stdio { config, image } => stdio(config.as_deref(), image.as_deref()),
        Command::Tools { config, json } => tools(config.as_deref(), json),
        Command::Check { config } => check(config.as_deref()),
        Command::Call {
            config,
            image,
            json,
            tool,
            arguments,
        } => call::call(call::CallArgs {
            config: config.as_deref(),
            image: image.as_deref(),
            tool: &tool,
            arguments: &arguments,
            json,
        }),
        Command::Image {
            command:
                ImageCommand::Load {
                    image,
                    files,
                    no_kernel_extensions,
                },
        } => image_load(
            &image,
            &files,
            gs_image::filein::FileInOptions {
                allow_kernel_extensions: !no_kernel_extensions,
            },
        ),
        Command::Image {
            command: ImageCommand::AddUser { image, name },
        } => image_add_user(&image, &name),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("gs-mcp: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::failed(format!("cannot start the async runtime: {e}")))
}

/// Everything a server needs, built from the configuration.
struct Prepared {
    config: gs_config::Config,
    broker: std::sync::Arc<gs_broker::Broker>,
    settings: gs_router::RouterSettings,
    /// The resource server, with `[auth]`.
    auth: Option<std::sync::Arc<gs_auth::Authenticator>>,
    /// The WebAssembly engine: its epoch ticker enforces call deadlines, so
    /// it must live as long as the server.
    _host: Option<std::sync::Arc<gs_toolset_host::ToolsetHost>>,
}

fn prepare(config: Option<&Path>, image: Option<&Path>) -> Result<Prepared, Failure> {
    let config = wiring::load_config(config, image)?;
    let loaded = wiring::load_toolsets(&config, true);
    for note in &loaded.notes {
        eprintln!("gs-mcp: note: {note}");
    }
    let host = loaded.host.clone();
    let scopes = wiring::scope_rules(&config, &loaded)?;
    let surface = wiring::surface(loaded)?;
    let image = wiring::image_factory(&config, true)?;
    let (broker, settings) = wiring::server_parts(&config, surface, image)?;
    let auth = config
        .auth
        .clone()
        .map(|a| std::sync::Arc::new(gs_auth::Authenticator::new(a, scopes)));
    Ok(Prepared {
        config,
        broker,
        settings,
        auth,
        _host: host,
    })
}

/// [`prepare`] inside the server's runtime: loading a WebAssembly toolset
/// runs its `describe`, whose WASI functions may need a tokio runtime, and
/// outside one WASI would start a runtime of its own for the rest of the
/// process.
fn prepare_in(
    rt: &tokio::runtime::Runtime,
    config: Option<&Path>,
    image: Option<&Path>,
) -> Result<Prepared, Failure> {
    let _entered = rt.enter();
    prepare(config, image)
}

fn serve(
    config: Option<&Path>,
    listen: Option<SocketAddr>,
    image: Option<&Path>,
) -> Result<(), Failure> {
    let rt = runtime()?;
    let prepared = prepare_in(&rt, config, image)?;
    let Prepared {
        config,
        broker,
        mut settings,
        auth,
        _host,
    } = prepared;
    if let Some(addr) = listen {
        settings.listen = addr;
    }
    let addr = settings.listen;
    config
        .check_exposure(addr)
        .map_err(|e| Failure::config(e.to_string()))?;
    let tls = match &config.tls {
        Some(t) => {
            let tls = gs_router::tls::Tls::load(&t.cert, &t.key).map_err(Failure::config)?;
            if let Some(w) = tls.key_warning() {
                eprintln!("gs-mcp: warning: {w}");
            }
            Some(tls)
        }
        None => None,
    };
    let tools = broker.surface().tools(config.read_only).count();
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| {
            Failure::failed(format!(
                "cannot listen on {addr} ({e}); choose another address with --listen or `listen`"
            ))
        })?;
        let local = listener
            .local_addr()
            .map_err(|e| Failure::failed(format!("cannot read the bound address: {e}")))?;
        if !local.ip().is_loopback() && (auth.is_none() || tls.is_none()) {
            eprintln!(
                "gs-mcp: WARNING: dangerously_allow_unauthenticated_network is set: listening \
                 on {local} without {}; whoever reaches the port can run Smalltalk in the image \
                 unless a proxy in front authenticates",
                if auth.is_none() {
                    "authentication"
                } else {
                    "TLS"
                }
            );
        }
        if let Some(a) = &auth {
            for w in config.cap_warnings() {
                eprintln!("gs-mcp: warning: {w}");
            }
            if let Err(e) = a.prefetch().await {
                eprintln!(
                    "gs-mcp: warning: the issuer's keys could not be fetched yet ({e}); \
                     retrying at the first request"
                );
            }
        }
        let stop = stop_signal();
        eprintln!(
            "gs-mcp: serving {}://{local}/mcp ({}{}{}, {})",
            if tls.is_some() { "https" } else { "http" },
            tools_counted(tools),
            if config.read_only { ", read-only" } else { "" },
            auth.as_ref().map_or(String::new(), |a| format!(
                ", OAuth: issuer {}, resource {}",
                a.config().issuer,
                a.config().audience
            )),
            wiring::image_description(&config)
        );
        if config.trace.enabled {
            eprintln!(
                "gs-mcp: message trace: ON -- bodies capped at {}",
                config
                    .trace
                    .limit
                    .map_or("no limit".to_string(), |n| format!("{n} chars"))
            );
        }
        let router = gs_router::Router::with_auth(broker, settings, auth);
        let stopping = router.clone();
        type Served = std::pin::Pin<Box<dyn std::future::Future<Output = std::io::Result<()>>>>;
        let served: Served = match tls {
            None => Box::pin(gs_router::serve(listener, router)),
            Some(tls) => {
                tls.spawn_watch();
                spawn_reload_on_hangup(tls.clone());
                Box::pin(gs_router::serve_tls(listener, router, tls))
            }
        };
        tokio::select! {
            r = served => {
                r.map_err(|e| Failure::failed(format!("the server stopped: {e}")))
            }
            signal = stop => {
                drain(&stopping, signal).await;
                Ok(())
            }
        }
    })
}

/// How long a stopping server lets the calls in flight finish.
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(10);

/// Stops a server asked to by `signal`: it accepts no new connection (the
/// accept loop is gone) and starts no new request (each is answered 503),
/// lets the requests and calls in flight finish and answer, for at most
/// [`STOP_GRACE`] (a second signal stops it at once), and says what it
/// left behind. A commit under way when the signal came is thus finished
/// and acknowledged, not cut off mid-answer, and none starts after it.
async fn drain(router: &gs_router::Router, signal: &str) {
    router.stop_admitting();
    let busy = || router.requests_being_answered() > 0 || router.calls_in_flight() > 0;
    let running = router.calls_in_flight();
    eprintln!(
        "gs-mcp: {signal}; stopping: no new connections or requests, {running} call(s) in \
         flight given up to {} s to finish (a second signal stops at once)",
        STOP_GRACE.as_secs()
    );
    let deadline = tokio::time::Instant::now() + STOP_GRACE;
    let finished = async {
        while busy() && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    };
    tokio::select! {
        _ = finished => {}
        again = stop_signal() => eprintln!("gs-mcp: {again} again; stopping now"),
    }
    // Let the last answers be written.
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    eprintln!(
        "gs-mcp: stopped; {} call(s) were still running, and {} session(s) ended with the \
         server (their uncommitted changes are discarded)",
        router.calls_in_flight(),
        router.session_count()
    );
}

/// What asks a server to stop: Ctrl-C (SIGINT), or on Unix the SIGTERM a
/// service manager (systemd, Docker, Kubernetes) sends, which would
/// otherwise end the process at once with nothing logged. The handlers are
/// installed here, before the server says it serves, so a signal sent as
/// soon as it does is caught; the future answers which arrived.
fn stop_signal() -> impl std::future::Future<Output = &'static str> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let interrupt = signal(SignalKind::interrupt());
        let terminate = signal(SignalKind::terminate());
        async move {
            match (interrupt, terminate) {
                (Ok(mut interrupt), Ok(mut terminate)) => tokio::select! {
                    _ = interrupt.recv() => "interrupted",
                    _ = terminate.recv() => "SIGTERM received",
                },
                _ => {
                    let _ = tokio::signal::ctrl_c().await;
                    "interrupted"
                }
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
        "interrupted"
    }
}

/// Reads the TLS files again on SIGHUP (on Unix).
fn spawn_reload_on_hangup(tls: std::sync::Arc<gs_router::tls::Tls>) {
    #[cfg(unix)]
    tokio::spawn(async move {
        use tokio::signal::unix::{SignalKind, signal};
        let Ok(mut hangups) = signal(SignalKind::hangup()) else {
            return;
        };
        while hangups.recv().await.is_some() {
            match tls.reload() {
                Ok(()) => eprintln!("gs-mcp: SIGHUP: TLS certificate reloaded"),
                Err(e) => {
                    eprintln!("gs-mcp: SIGHUP: TLS reload failed, the old certificate stays: {e}")
                }
            }
        }
    });
    #[cfg(not(unix))]
    drop(tls);
}

fn stdio(config: Option<&Path>, image: Option<&Path>) -> Result<(), Failure> {
    let rt = runtime()?;
    let Prepared {
        broker,
        settings,
        _host,
        ..
    } = prepare_in(&rt, config, image)?;
    let served = rt.block_on(async move {
        let router = gs_router::Router::new(broker, settings);
        let input = tokio::io::BufReader::new(tokio::io::stdin());
        gs_router::serve_stdio_until(router, input, tokio::io::stdout(), stdout_hangup())
            .await
            .map_err(|e| Failure::failed(format!("stdio transport failed: {e}")))
    });
    // Standard input is read by a blocking read that nothing can cancel: a
    // client that went without closing it would hold a waiting shutdown
    // forever. What the connection had to finish it finished before
    // returning.
    rt.shutdown_timeout(std::time::Duration::from_secs(2));
    served
}

/// Completes when the client can no longer read standard output: the read
/// end of its pipe closed, its socket shut, its terminal hung up. Then a
/// call still running after the end of input is stopped rather than
/// awaited for no one. Never completes where that cannot be watched.
fn stdout_hangup() -> impl std::future::Future<Output = ()> {
    let (gone, hung_up) = tokio::sync::oneshot::channel::<()>();
    #[cfg(unix)]
    {
        let watch = move || {
            loop {
                // No events asked: poll reports only an error or a hang-up,
                // which it always may; a regular file or /dev/null has
                // neither, and the thread waits until the process ends.
                let mut fd = libc::pollfd {
                    fd: libc::STDOUT_FILENO,
                    events: 0,
                    revents: 0,
                };
                // SAFETY: poll reads and writes the one pollfd it is given.
                let n = unsafe { libc::poll(&mut fd, 1, -1) };
                if n > 0 && fd.revents & (libc::POLLERR | libc::POLLHUP) != 0 {
                    let _ = gone.send(());
                    return;
                }
                let interrupted = n < 0
                    && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted;
                if !interrupted && n != 0 {
                    // POLLNVAL or a failing poll: nothing to watch.
                    return;
                }
            }
        };
        // A thread of its own, not the runtime's blocking pool, whose
        // shutdown would wait for it.
        let _ = std::thread::Builder::new()
            .name("stdout-hangup".into())
            .spawn(watch);
    }
    #[cfg(not(unix))]
    drop(gone);
    async move {
        if hung_up.await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

fn tools(config: Option<&Path>, json: bool) -> Result<(), Failure> {
    let config = wiring::load_config(config, None)?;
    let loaded = wiring::load_toolsets(&config, false);
    let notes = loaded.notes.clone();
    let settings = loaded.settings.clone();
    let surface = wiring::surface(loaded)?;
    if json {
        println!("{}", tools_json(&surface, &settings, &notes));
        return Ok(());
    }
    let mut count = 0;
    for (toolset, tool) in surface.tools_by_toolset() {
        count += 1;
        let marker = if tool.read_only_safe {
            "read-only-safe"
        } else if config.read_only {
            "hidden (read-only server)"
        } else {
            "changes the image"
        };
        let summary = tool.description.lines().next().unwrap_or("");
        let mut needs = if tool.grants.is_empty() {
            String::new()
        } else {
            format!(" (needs {})", tool.grants.join(", "))
        };
        if tool.task_support != gs_toolset::TaskSupport::Forbidden {
            needs.push_str(&format!(" (tasks: {})", tool.task_support.as_str()));
        }
        println!(
            "{:<28} {:<14} {:<26} {summary}{needs}",
            tool.name, toolset, marker
        );
    }
    for (toolset, decls) in &settings {
        println!("\nsettings of toolset `{toolset}` ([toolset.config]):");
        for d in decls {
            println!("  {:<26} {:<34} {}", d.name, setting_kind(d), d.description);
        }
    }
    for note in notes {
        println!("note: {note}");
    }
    if count == 0 {
        println!("no tools: the configuration offers none");
    }
    Ok(())
}

/// A setting's type and how it is set, as `gs-mcp tools` shows it:
/// `integer, default 3` or `text, secret, required`. Never a value the
/// operator gave.
fn setting_kind(d: &gs_toolset_host::SettingDecl) -> String {
    let mut kind = d.ty.name().to_string();
    if d.secret {
        kind.push_str(", secret");
    }
    if d.required {
        kind.push_str(", required");
    } else if let Some(default) = &d.default {
        kind.push_str(&format!(", default {default}"));
    }
    kind
}

/// The tool surface as one JSON document, for scripts and for the test that
/// keeps `docs/tools.md` true: notes go in the document, not beside it, so
/// standard output stays one value.
fn tools_json(
    surface: &gs_broker::ToolSurface,
    settings: &[(String, Vec<gs_toolset_host::SettingDecl>)],
    notes: &[String],
) -> serde_json::Value {
    let tools: Vec<serde_json::Value> = surface
        .tools_by_toolset()
        .map(|(toolset, tool)| {
            serde_json::json!({
                "name": tool.name,
                "toolset": toolset,
                "title": tool.title,
                "readOnlySafe": tool.read_only_safe,
                "grants": tool.grants,
                "taskSupport": tool.task_support.as_str(),
                "inputSchema": tool.input_schema,
                "outputSchema": tool.output_schema,
            })
        })
        .collect();
    let settings: Vec<serde_json::Value> = settings
        .iter()
        .flat_map(|(toolset, decls)| {
            decls.iter().map(move |d| {
                serde_json::json!({
                    "toolset": toolset,
                    "name": d.name,
                    "description": d.description,
                    "type": d.ty.name(),
                    "required": d.required,
                    "secret": d.secret,
                    "default": d.default,
                })
            })
        })
        .collect();
    serde_json::json!({ "tools": tools, "settings": settings, "notes": notes })
}

/// "1 tool", "31 tools".
fn tools_counted(n: usize) -> String {
    if n == 1 {
        "1 tool".into()
    } else {
        format!("{n} tools")
    }
}

fn check(config: Option<&Path>) -> Result<(), Failure> {
    let config = wiring::load_config(config, None)?;
    let loaded = wiring::load_toolsets(&config, false);
    for note in &loaded.notes {
        println!("note: {note}");
    }
    let names: Vec<String> = loaded
        .toolsets
        .iter()
        .map(|(t, _)| {
            let info = t.info();
            format!(
                "{} {} ({})",
                info.name,
                info.version,
                tools_counted(info.tools.len())
            )
        })
        .collect();
    let errors = loaded.errors.len();
    let scopes = if errors == 0 {
        Some(wiring::scope_rules(&config, &loaded)?)
    } else {
        None
    };
    config
        .check_exposure(config.listen)
        .map_err(|e| Failure::config(e.to_string()))?;
    wiring::request_state_key(&config)?;
    match &config.image {
        gs_config::ImageBackend::Embedded { path } => println!("{}", wiring::check_image(path)?),
        gs_config::ImageBackend::GemStone(stone) => {
            let facts = wiring::check_stone(stone)?;
            println!(
                "ok: stone {} (GemStone {}, client library {}), logged in and out as {}",
                stone.stone, facts.version, facts.library_version, stone.user
            );
        }
    }
    if let Some(t) = &config.tls {
        let tls = gs_router::tls::Tls::load(&t.cert, &t.key).map_err(Failure::config)?;
        println!("ok: TLS certificate {}", t.cert.display());
        if let Some(w) = tls.key_warning() {
            println!("warning: {w}");
        }
    }
    if let Some(a) = &config.auth {
        for w in config.cap_warnings() {
            println!("warning: {w}");
        }
        let auth = gs_auth::Authenticator::new(a.clone(), scopes.unwrap_or_default());
        println!(
            "ok: OAuth resource {} (issuer {}, scopes {})",
            a.audience,
            a.issuer,
            auth.supported_scopes().join(" ")
        );
        // As a stone is logged in to: a wrong or unreachable issuer shows
        // here, not at the first client's request.
        match runtime()?.block_on(auth.prefetch()) {
            Ok(()) => println!("ok: the issuer's keys were fetched"),
            Err(e) => println!(
                "warning: the issuer's keys could not be fetched ({e}); until they are, every \
                 token is refused"
            ),
        }
    }
    match wiring::surface(loaded) {
        Ok(surface) => {
            for n in names {
                println!("ok: toolset {n}");
            }
            println!(
                "ok: configuration {} is valid: {}, listening on {}, {}",
                config
                    .file
                    .as_ref()
                    .map_or("(defaults)".to_string(), |f| f.display().to_string()),
                tools_counted(surface.tools(config.read_only).count()),
                config.listen,
                wiring::image_description(&config)
            );
            Ok(())
        }
        Err(f) => Err(Failure {
            message: if errors > 0 {
                format!("{errors} toolset(s) failed to load:\ngs-mcp: {}", f.message)
            } else {
                f.message
            },
            code: f.code,
        }),
    }
}

fn image_add_user(image: &Path, name: &str) -> Result<(), Failure> {
    let handle = wiring::open_image(image)?;
    let mut session = handle.session();
    let list = session.symbol_list();
    let list: Vec<&str> = list.iter().map(String::as_str).collect();
    session
        .create_user(name, &list)
        .map_err(|e| Failure::config(e.to_string()))?;
    session.commit().map_err(|e| {
        Failure::failed(format!(
            "the new user could not be committed: {e}. Nothing was saved: run the command \
             again once that is fixed"
        ))
    })?;
    println!(
        "user {name} created in {} (symbol list {})",
        image.display(),
        list.join(" ")
    );
    Ok(())
}

fn image_load(
    image: &Path,
    files: &[PathBuf],
    options: gs_image::filein::FileInOptions,
) -> Result<(), Failure> {
    let image_handle = wiring::open_image(image)?;
    let mut session = image_handle.session();
    let mut doits = load::InterpreterDoits::new();
    let report = gs_image::filein::file_in_paths_running(&mut session, files, options, &mut doits)
        .map_err(|e| Failure::failed(format!("cannot read the sources: {e}")))?;
    doits.finish();
    for failure in &report.failures {
        eprintln!("gs-mcp: {failure}");
    }
    for note in &report.skipped {
        eprintln!("gs-mcp: note: {note}");
    }
    for d in &report.deferred {
        eprintln!(
            "gs-mcp: note: {}: global {}.{} bound to nil (its value needs the interpreter)",
            d.at, d.dictionary, d.name
        );
    }
    session.commit().map_err(|e| {
        Failure::failed(format!(
            "the file-in could not be committed: {e}. Nothing was saved: run the load again \
             once that is fixed"
        ))
    })?;
    println!("{report}; committed to {}", image.display());
    if report.is_clean() {
        Ok(())
    } else {
        Err(Failure::failed(format!(
            "{} failure(s) (listed above by file and line); everything else was committed",
            report.failures.len()
        )))
    }
}
