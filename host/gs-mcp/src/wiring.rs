//! Turns a [`Config`] into a running server's parts: the image, the image
//! session factory, the loaded toolsets and their tool surface, the broker
//! and the router settings. The only place that knows every crate.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use gs_broker::{Broker, Exposed, ImageSessionFactory, SessionOwner, ToolSurface};
use gs_config::{Config, ImageBackend, InlineKind, SettingValue, ToolsetEntry, ToolsetSource};
use gs_embedded::EmbeddedSession;
use gs_router::{HttpSettings, RouterSettings, SessionLifetime, StateSecret, TaskLimits, Trace};
use gs_toolset::{ImageSession, ServerIdentity, Toolset};
use gs_toolset_host::{
    DirGrant, Grants, HostConfig, Limits, NetGrant, SettingDecl, SettingInput, ToolsetHost,
    WasmToolsetSpec, Written,
};

#[path = "stone.rs"]
mod stone;

/// A failure, with the process exit code it deserves.
#[derive(Debug)]
pub struct Failure {
    /// What went wrong and how to fix it.
    pub message: String,
    /// 2 for bad configuration or arguments, 1 for an operation that failed.
    pub code: u8,
}

impl Failure {
    /// A configuration problem (exit code 2).
    pub fn config(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: 2,
        }
    }

    /// An operation that failed (exit code 1).
    pub fn failed(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: 1,
        }
    }
}

/// Reads the configuration: the file if given, else the defaults; then the
/// environment overrides, then `--image`.
pub fn load_config(file: Option<&Path>, image: Option<&Path>) -> Result<Config, Failure> {
    let mut config = match file {
        Some(f) => Config::load(f),
        None => Config::defaults(),
    }
    .map_err(|e| Failure::config(e.to_string()))?;
    config
        .apply_env()
        .map_err(|e| Failure::config(e.to_string()))?;
    if let Some(path) = image {
        config.image = ImageBackend::Embedded {
            path: path.to_path_buf(),
        };
    }
    Ok(config)
}

/// What the server serves, for its start-up line: `image PATH` or
/// `stone NAME`.
pub fn image_description(config: &Config) -> String {
    match &config.image {
        ImageBackend::Embedded { path } => format!("image {}", path.display()),
        ImageBackend::GemStone(s) => match &s.host {
            Some(host) => format!("stone {} on {host} as {}", s.stone, s.user),
            None => format!("stone {} as {}", s.stone, s.user),
        },
    }
}

/// Logs in to the stone of `settings` and out again, for `gs-mcp check`.
pub fn check_stone(
    settings: &gs_config::GemStoneSettings,
) -> Result<gs_gemstone::StoneFacts, Failure> {
    stone::check(settings)
}

/// The image sessions `config` serves: the embedded image (opened, created
/// if need be) or the stone. With `announce`, a server's start, creating
/// the image or upgrading its kernel is said on stderr.
pub fn image_factory(
    config: &Config,
    announce: bool,
) -> Result<Arc<dyn ImageSessionFactory>, Failure> {
    match &config.image {
        ImageBackend::Embedded { path } => {
            // Every session's interpreter heap counts against one ceiling.
            gs_interp::set_memory_ceiling(config.memory_ceiling);
            // What sessions hold uncommitted is bounded per session and,
            // for all of them together, by one ceiling, as their heaps are.
            let options = gs_image::OpenOptions {
                max_uncommitted_bytes: config.max_uncommitted_bytes,
                max_uncommitted_total_bytes: config.max_uncommitted_total_bytes,
                // The session's client is told; the operator, who can free
                // the disk, must hear it too.
                on_store_failure: Some(gs_image::StoreFailureHook(Arc::new(|message| {
                    eprintln!("gs-mcp: a session's commit failed: {message}")
                }))),
                ..gs_image::OpenOptions::default()
            };
            let existed = std::fs::symlink_metadata(path).is_ok();
            let image = open_image_with(path, options)?;
            if announce {
                for line in opening_notes(path, &image, existed) {
                    eprintln!("gs-mcp: {line}");
                }
            }
            Ok(Arc::new(EmbeddedFactory::new(image)))
        }
        ImageBackend::GemStone(settings) => stone::factory(settings, config.read_only, announce),
    }
}

/// Opens (creating if need be) the image at `path`, with the default
/// options: for the operator's own commands (`image load`), whose file-in
/// no limit on uncommitted changes holds.
pub fn open_image(path: &Path) -> Result<gs_image::Image, Failure> {
    let image = open_image_with(path, gs_image::OpenOptions::default())?;
    // An operator's command: what upgrading the kernel did is said, as a
    // server says it (creating the image is what these commands are for).
    for line in opening_notes(path, &image, true) {
        eprintln!("gs-mcp: {line}");
    }
    Ok(image)
}

/// [`open_image`] with `options`.
fn open_image_with(
    path: &Path,
    options: gs_image::OpenOptions,
) -> Result<gs_image::Image, Failure> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::failed(format!(
                "cannot create the image directory {} ({e}); choose another location with \
                 --image or `image.path`",
                dir.display()
            ))
        })?;
    }
    gs_image::Image::open_with(path, options).map_err(|e| cannot_open(path, &e))
}

/// What an operator should hear of opening the image at `path`: that it
/// was created (a mistyped path or a volume not mounted looks like any
/// other start otherwise), and what upgrading its kernel did.
fn opening_notes(path: &Path, image: &gs_image::Image, existed: bool) -> Vec<String> {
    let mut notes = Vec::new();
    if !existed {
        notes.push(format!(
            "created a new image at {}, holding the kernel class library only; if you meant \
             an existing image, stop the server and correct `image.path` or --image",
            path.display()
        ));
    }
    if image.was_repaired() {
        notes.push(format!(
            "image {} had not been closed (the server that held it stopped without closing \
             it: a crash, kill -9, or a stop whose calls did not finish within its grace), so \
             opening it repaired it; every commit acknowledged before is in it",
            path.display()
        ));
    }
    let Some(upgrade) = image.kernel_upgrade() else {
        return notes;
    };
    if let Some(why) = upgrade.error {
        notes.push(format!(
            "warning: image {}: its kernel class library is from an earlier build and could not \
             be upgraded ({why}); it is served with the kernel it has, which lacks what this \
             build's adds",
            path.display()
        ));
        return notes;
    }
    let mut line = format!(
        "image {}: upgraded its kernel class library, from an earlier build's, to this build's \
         in one commit (an earlier gs-mcp may not open the file now; keep a copy to go back)",
        path.display()
    );
    if !upgrade.kept.is_empty() {
        line.push_str(&format!(
            "; kept {} method(s) of kernel classes this kernel does not define: {}",
            upgrade.kept.len(),
            upgrade.kept.join(", ")
        ));
    }
    if !upgrade.superseded.is_empty() {
        line.push_str(&format!(
            "; left out {} earlier kernel method(s) this kernel implements in a superclass: {}",
            upgrade.superseded.len(),
            upgrade.superseded.join(", ")
        ));
    }
    if !upgrade.failed.is_empty() {
        line.push_str(&format!(
            "; {} such method(s) no longer compile and were removed: {}",
            upgrade.failed.len(),
            upgrade.failed.join("; ")
        ));
    }
    notes.push(line);
    notes
}

fn cannot_open(path: &Path, e: &gs_image::ImageError) -> Failure {
    if let gs_image::ImageError::InUse(_) = e {
        // The store's own words are for a library caller ("share one
        // Image handle"): an operator can only stop the other process.
        return Failure::failed(format!(
            "cannot open the image {}: another process has it open (a running `gs-mcp serve`, \
             or a test stone serving it?), and an embedded image is open in one process at a \
             time; stop that process first (its sessions end, and their uncommitted work with \
             them), then run this again",
            path.display()
        ));
    }
    Failure::failed(format!("cannot open the image {}: {e}", path.display()))
}

/// What `gs-mcp check` found of the embedded image at `path`, opening it
/// only if it exists: `check` creates nothing.
pub fn check_image(path: &Path) -> Result<String, Failure> {
    // A dangling symbolic link exists as a name: `serve` would not create
    // an image there, so neither does `check` call it missing.
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(format!(
            "ok: image {} does not exist yet; `serve` creates it, with the kernel class \
             library, at its first start",
            path.display()
        ));
    }
    // Opened as it is: `check` changes nothing, the kernel included.
    let as_it_is = gs_image::OpenOptions {
        install_kernel: false,
        ..gs_image::OpenOptions::default()
    };
    match gs_image::Image::open_with(path, as_it_is) {
        Ok(image) => Ok(format!(
            "ok: image {} opens (commit {}){}",
            path.display(),
            image.newest_commit(),
            if image.kernel_is_current() {
                ""
            } else {
                "; its kernel class library is from an earlier build, and the next `serve` \
                 upgrades it in one commit (keep a copy of the file to go back)"
            }
        )),
        Err(gs_image::ImageError::InUse(_)) => Ok(format!(
            "note: image {} is open in another process (a running server?), so it was not \
             checked",
            path.display()
        )),
        Err(e) => Err(cannot_open(path, &e)),
    }
}

/// Image sessions of the shared embedded image, each able to run Smalltalk
/// through the interpreter.
pub struct EmbeddedFactory {
    image: gs_image::Image,
}

impl EmbeddedFactory {
    /// A factory over `image`.
    pub fn new(image: gs_image::Image) -> EmbeddedFactory {
        EmbeddedFactory { image }
    }
}

impl ImageSessionFactory for EmbeddedFactory {
    fn open(&self) -> Result<Arc<dyn ImageSession>, String> {
        Ok(Arc::new(EmbeddedSession::new(self.image.session())))
    }

    /// A session of the owner's image user, who must exist in the image
    /// (an authenticated caller's session sees that user's symbol list).
    fn open_as(&self, owner: &SessionOwner) -> Result<Arc<dyn ImageSession>, String> {
        let session = self.image.session_for(&owner.user).map_err(|e| match e {
            // Told to the client: no path of the server's, and what only
            // the operator can do.
            gs_image::ImageError::NotFound(_) => format!(
                "the image has no user {}, the user the token names; the server's operator adds \
                 one with `gs-mcp image add-user` (see docs/auth.md)",
                owner.user
            ),
            e => format!("{e}; the token's user must be a user of the image (see docs/auth.md)"),
        })?;
        Ok(Arc::new(EmbeddedSession::new(session)))
    }

    /// An embedded session is a snapshot of the image's newest view.
    fn opens_at_once(&self) -> bool {
        true
    }

    fn watch_commits(&self, listener: gs_toolset::CommitListener) -> bool {
        gs_embedded::watch_commits(&self.image, listener);
        true
    }
}

fn cache_dir() -> Option<PathBuf> {
    let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    let base = match env("XDG_CACHE_HOME") {
        Some(c) => PathBuf::from(c),
        None => PathBuf::from(env("HOME")?).join(".cache"),
    };
    Some(base.join("gs-mcp").join("components"))
}

/// The host's spec of one toolset. On a read-only server every preopened
/// directory is mounted read-only: read-only means no writes at all. Fails
/// when a setting's environment variable or file cannot be read.
fn spec(
    entry: &ToolsetEntry,
    path: &Path,
    sha256: Option<&String>,
    read_only: bool,
) -> Result<WasmToolsetSpec, String> {
    let mut grants = Grants::from_names(&entry.grants).unwrap_or_default();
    grants.dirs = entry
        .preopen
        .iter()
        .map(|p| DirGrant {
            host_path: p.host.clone(),
            guest_path: p.guest.clone(),
            writable: p.writable && !read_only,
        })
        .collect();
    grants.net = entry
        .net
        .iter()
        .map(|o| NetGrant {
            https: o.https,
            host: o.host.clone(),
            port: o.port,
        })
        .collect();
    let defaults = Limits::default();
    Ok(WasmToolsetSpec {
        path: path.to_path_buf(),
        sha256: sha256.cloned(),
        grants,
        limits: Limits {
            memory: entry.limits.memory.unwrap_or(defaults.memory),
            deadline: entry.limits.deadline.unwrap_or(defaults.deadline),
            output: entry.limits.output.unwrap_or(defaults.output),
            net_response: entry.limits.net_response.unwrap_or(defaults.net_response),
            disk: entry.limits.disk.unwrap_or(defaults.disk),
            ..defaults
        },
        expose: entry.tools.clone(),
        config: settings(&entry.config)?,
    })
}

/// The operator's setting values with those given by reference read from
/// their environment variable or file. The error names the setting and
/// the source, never a value.
fn settings(config: &[(String, SettingValue)]) -> Result<Vec<(String, SettingInput)>, String> {
    let env = |name: &str| std::env::var(name).ok();
    config
        .iter()
        .map(|(key, value)| {
            let input = match value {
                SettingValue::Inline(v) => SettingInput {
                    written: match v.kind {
                        InlineKind::String => Written::Text,
                        InlineKind::Integer => Written::Integer,
                        InlineKind::Float => Written::Float,
                        InlineKind::Boolean => Written::Boolean,
                    },
                    text: v.text.clone(),
                },
                SettingValue::From(source) => SettingInput {
                    text: source
                        .read_as(&format!("value of setting `{key}`"), &env)
                        .map_err(|e| format!("`config.{key}`: {e}"))?,
                    written: Written::Reference(source.describe()),
                },
            };
            Ok((key.clone(), input))
        })
        .collect()
}

/// The built-in tools an operator's `tools` list names: a family name
/// (`browsing`, `search`, …) stands for all of its tools, anything else
/// for itself (an unknown name is reported by the tool surface).
fn builtin_exposed(names: &[String]) -> Vec<String> {
    let mut tools = Vec::new();
    for name in names {
        match gs_builtin::family_tools(name) {
            Some(family) => tools.extend(family.into_iter().map(String::from)),
            None => tools.push(name.clone()),
        }
    }
    tools.dedup();
    tools
}

/// The outcome of loading every configured toolset.
pub struct Loaded {
    /// The toolsets that loaded, ready for the tool surface.
    pub toolsets: Vec<Exposed>,
    /// One message per toolset that did not load.
    pub errors: Vec<String>,
    /// Notes for the operator.
    pub notes: Vec<String>,
    /// The tools a toolset offers that the configuration leaves out (they
    /// need grants it does not give), each with the note that says why.
    pub left_out: Vec<(String, String)>,
    /// The settings each WebAssembly toolset that loaded declares, by
    /// toolset name (never their values).
    pub settings: Vec<(String, Vec<SettingDecl>)>,
    /// The engine, kept alive while its toolsets are.
    pub host: Option<Arc<ToolsetHost>>,
}

/// Loads every toolset `config` names, collecting every failure rather than
/// stopping at the first, so `check` can report them all.
///
/// With `announce_compiles`, each component the compiled-artefact cache
/// does not hold is announced on stderr before it is compiled (a server's
/// first start with a large component is otherwise silent for seconds);
/// the one-shot commands, whose answer is what their user waits for, say
/// nothing of it.
pub fn load_toolsets(config: &Config, announce_compiles: bool) -> Loaded {
    let mut loaded = Loaded {
        toolsets: Vec::new(),
        errors: Vec::new(),
        notes: Vec::new(),
        left_out: Vec::new(),
        settings: Vec::new(),
        host: None,
    };
    let needs_host = config
        .toolsets
        .iter()
        .any(|t| matches!(t.source, ToolsetSource::Wasm { .. }));
    if needs_host {
        let host_config = HostConfig {
            cache_dir: cache_dir(),
            max_instances: config.engine.max_instances,
            max_memory: config.engine.max_memory,
            epoch_tick: config.engine.epoch_tick,
            total_memory: config.engine.total_memory,
            max_component_bytes: config.engine.max_component_bytes,
            long_call_lanes: config
                .engine
                .long_call_lanes
                .unwrap_or_else(gs_toolset_host::default_long_call_lanes),
            client_backtraces: config.engine.client_backtraces,
            // Plug-in crashes go to stderr, the server's log.
            crash_log: Default::default(),
            compile_log: if announce_compiles {
                Default::default()
            } else {
                gs_toolset_host::CompileLog::new(|_, _| {})
            },
            max_descriptors: config
                .engine
                .max_descriptors
                .unwrap_or_else(gs_toolset_host::default_max_descriptors),
            disk_reserve: config.engine.disk_reserve,
        };
        match ToolsetHost::new(host_config) {
            Ok(h) => loaded.host = Some(Arc::new(h)),
            Err(e) => {
                loaded
                    .errors
                    .push(format!("the WebAssembly engine could not start: {e}"));
                return loaded;
            }
        }
    }
    for (i, entry) in config.toolsets.iter().enumerate() {
        match &entry.source {
            ToolsetSource::Builtin => loaded.toolsets.push((
                Arc::new(gs_builtin::BuiltinToolset::new()) as Arc<dyn Toolset>,
                entry.tools.as_deref().map(builtin_exposed),
            )),
            ToolsetSource::Wasm { path, sha256 } => {
                let Some(host) = &loaded.host else { continue };
                let loaded_one = spec(entry, path, sha256.as_ref(), config.read_only)
                    .map_err(|e| format!("{}: {e}", path.display()))
                    .and_then(|s| host.load(&s).map_err(|e| e.to_string()));
                match loaded_one {
                    Ok(t) => {
                        for (tool, missing) in t.left_out() {
                            let note = format!(
                                "toolset `{}`: tool `{tool}` is left out: it needs {}, which \
                                 toolset[{i}] in the configuration does not grant ({})",
                                t.info().name,
                                grant_list(missing),
                                how_to_grant(missing)
                            );
                            loaded.notes.push(note.clone());
                            loaded.left_out.push((tool.to_string(), note));
                        }
                        for (offer, missing) in t.offers_left_out() {
                            loaded.notes.push(format!(
                                "toolset `{}`: {offer} is left out: it needs {}, which \
                                 toolset[{i}] in the configuration does not grant ({})",
                                t.info().name,
                                grant_list(missing),
                                how_to_grant(missing)
                            ));
                        }
                        if !t.settings().is_empty() {
                            loaded
                                .settings
                                .push((t.info().name.clone(), t.settings().to_vec()));
                        }
                        loaded
                            .toolsets
                            .push((Arc::new(t) as Arc<dyn Toolset>, None))
                    }
                    Err(e) => loaded.errors.push(format!("toolset[{i}]: {e}")),
                }
            }
        }
    }
    loaded
}

/// The scopes each tool and each toolset needs, from each `[[toolset]]`'s
/// `scopes` and `tool_scopes` (which must name tools the toolset exposes).
/// Loaded toolsets are in configuration order, the tool surface's, when
/// none failed to load.
pub fn scope_rules(config: &Config, loaded: &Loaded) -> Result<gs_auth::ScopeRules, Failure> {
    let mut rules = gs_auth::ScopeRules::default();
    for (i, (entry, (toolset, exposed))) in config.toolsets.iter().zip(&loaded.toolsets).enumerate()
    {
        let names: Vec<&str> = toolset
            .info()
            .tools
            .iter()
            .map(|t| t.name.as_str())
            .filter(|n| exposed.as_ref().is_none_or(|e| e.iter().any(|x| x == n)))
            .collect();
        for (tool, _) in &entry.tool_scopes {
            if !names.contains(&tool.as_str()) {
                return Err(Failure::config(format!(
                    "`toolset[{i}].tool_scopes.{tool}`: toolset `{}` exposes no tool `{tool}`; \
                     name one of its tools (`gs-mcp tools` lists them)",
                    toolset.info().name
                )));
            }
        }
        for name in names {
            let mut needed = entry.scopes.clone();
            if let Some((_, extra)) = entry.tool_scopes.iter().find(|(t, _)| t == name) {
                needed.extend(extra.iter().filter(|s| !entry.scopes.contains(s)).cloned());
            }
            // A tool that may change the image needs the write scope too:
            // named in the same 403, a client steps up once, not twice.
            let writes = toolset.info().tool(name).is_some_and(|t| !t.read_only_safe);
            if let Some(auth) = config
                .auth
                .as_ref()
                .filter(|_| writes && !needed.is_empty())
                && !needed.contains(&auth.write_scope)
            {
                needed.push(auth.write_scope.clone());
            }
            if !needed.is_empty() {
                rules.tools.insert(name.to_string(), needed);
            }
        }
        rules.toolsets.push(entry.scopes.clone());
    }
    Ok(rules)
}

/// Builds the tool surface from loaded toolsets.
pub fn surface(loaded: Loaded) -> Result<ToolSurface, Failure> {
    if !loaded.errors.is_empty() {
        return Err(Failure::config(loaded.errors.join("\ngs-mcp: ")));
    }
    ToolSurface::new(loaded.toolsets).map_err(|e| Failure::config(e.to_string()))
}

/// The broker and router settings for `config`, over `image`; fails when
/// the request-state key cannot be read.
pub fn server_parts(
    config: &Config,
    surface: ToolSurface,
    image: Arc<dyn ImageSessionFactory>,
) -> Result<(Arc<Broker>, RouterSettings), Failure> {
    let mut settings = router_settings(config);
    settings.http.request_state_key = request_state_key(config)?;
    let broker = Broker::new(surface, image, settings.identity.clone(), config.read_only);
    Ok((Arc::new(broker), settings))
}

/// The shared key that seals stateless requests' `requestState`
/// (`http.request_state_key`), read from its variable or file; none when
/// not configured. The error names the key and the source, never the
/// value.
pub fn request_state_key(config: &Config) -> Result<Option<StateSecret>, Failure> {
    let Some(source) = &config.http.request_state_key else {
        return Ok(None);
    };
    let env = |name: &str| std::env::var(name).ok();
    let fail = |e: String| Failure::config(format!("`http.request_state_key`: {e}"));
    let text = source.read_as("request state key", &env).map_err(fail)?;
    StateSecret::new(text.into_bytes())
        .map(Some)
        .map_err(|e| fail(format!("the key in the {} {e}", source.describe())))
}

/// The router's settings for `config`: gs-config's values, field by
/// field, in the router's own types.
pub fn router_settings(config: &Config) -> RouterSettings {
    let (http, sessions, trace) = (&config.http, &config.sessions, &config.trace);
    RouterSettings {
        identity: ServerIdentity {
            name: config.identity.name.clone(),
            version: config.identity.version.clone(),
            title: config.identity.title.clone(),
        },
        listen: config.listen,
        http: HttpSettings {
            body_limit: http.body_limit,
            max_sessions: http.max_sessions,
            max_sessions_per_caller: http.max_sessions_per_caller,
            max_connections: http.max_connections,
            max_connections_per_address: http.max_connections_per_address,
            total_body_bytes: http.total_body_bytes,
            total_subscription_bytes: http.total_subscription_bytes,
            read_timeout: gs_router::HttpSettings::default().read_timeout,
            allowed_origin_hosts: http.allowed_origin_hosts.clone(),
            allowed_hosts: http.allowed_hosts.clone(),
            // Read from its source when the server starts
            // (`request_state_key`), not here.
            request_state_key: None,
        },
        sessions: SessionLifetime {
            idle_timeout: sessions.idle_timeout,
            streamless_idle_timeout: sessions.streamless_idle_timeout,
            stream_loss_grace: sessions.stream_loss_grace,
            absolute_timeout: sessions.absolute_timeout,
            request_timeout: sessions.request_timeout,
            liveness_probe_after: sessions.liveness_probe_after,
        },
        tasks: TaskLimits {
            max: config.tasks.max,
            max_unfinished_per_caller: config.tasks.max_unfinished_per_caller,
            ttl: config.tasks.ttl,
            total_bytes: config.tasks.total_bytes,
        },
        trace: Trace {
            enabled: trace.enabled,
            limit: trace.limit,
        },
    }
}

/// What the operator adds to a toolset's entry to give `missing`.
fn how_to_grant(missing: &[String]) -> String {
    let image: Vec<String> = missing
        .iter()
        .filter(|g| g.as_str() != "net")
        .map(|g| format!("\"{g}\""))
        .collect();
    let mut steps = Vec::new();
    if !image.is_empty() {
        steps.push(format!("add {} to its `grants`", image.join(" and ")));
    }
    if missing.iter().any(|g| g == "net") {
        steps.push("list the origins it may reach in its `net`".to_string());
    }
    format!("to offer it, {}", steps.join(", and "))
}

/// Grants as a start-up note names them: `` `a` and `b` ``.
fn grant_list(grants: &[String]) -> String {
    grants
        .iter()
        .map(|g| format!("`{g}`"))
        .collect::<Vec<_>>()
        .join(" and ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_naming_no_image_user_is_told_who_adds_one_without_the_image_s_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("users.gsimage");
        let factory = EmbeddedFactory::new(gs_image::Image::open(&path).unwrap());
        let owner = SessionOwner {
            user: "carol".into(),
            token: "t".into(),
            opened_read_only: false,
        };
        let why = factory.open_as(&owner).err().unwrap();
        assert_eq!(
            why,
            "the image has no user carol, the user the token names; the server's operator adds \
             one with `gs-mcp image add-user` (see docs/auth.md)"
        );
        assert!(!why.contains(path.to_str().unwrap()));
    }

    #[test]
    fn a_scoped_tool_that_writes_also_needs_the_write_scope() {
        let config = Config::parse(
            "[auth]\nissuer = \"https://idp.example.com\"\naudience = \"https://mcp.example.com/mcp\"\n\
             [[toolset]]\nbuiltin = true\nscopes = [\"mcp:dev\"]\n\
             tool_scopes = { execute_code = [\"mcp:execute\"] }\n",
            None,
        )
        .unwrap();
        let loaded = load_toolsets(&config, false);
        let rules = scope_rules(&config, &loaded).unwrap();
        assert_eq!(
            rules.tools["execute_code"],
            ["mcp:dev", "mcp:execute", "mcp:write"]
        );
        assert_eq!(rules.tools["compile_method"], ["mcp:dev", "mcp:write"]);
        // A read-only-safe tool needs only its scopes.
        assert_eq!(rules.tools["list_classes"], ["mcp:dev"]);
    }
}
