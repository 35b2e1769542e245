//! The shared image handle: opening the file, handing out sessions, and
//! the commit protocol.
//!
//! An [`Image`] owns the committed state (the newest view every new session
//! starts from) and the redb file. Commits are serialised by one mutex:
//! validate the session's keys against the versions committed since its
//! view began, replay its changes onto the newest state, write one durable
//! redb transaction, then publish the new state. STORE.md explains why this
//! order makes a commit all-or-nothing and durable once acknowledged.

use std::path::Path;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use imbl::HashMap;

use crate::error::{ChangeKind, Conflict, ConflictReport, ImageError, Result};
use crate::session::Session;
use crate::sources::{SourceArena, SourceRef, Sources, ViewPin};
use crate::state::{Interner, Key, SharedInterner, State};
use crate::store::{Counters, Loaded, Store};
use crate::watch::{CommitListener, CommittedChange, committed_changes};

/// The user every image has, whose session [`Image::session`] opens.
pub const DEFAULT_USER: &str = "DataCurator";

/// The symbol dictionaries of a new image, in the default user's lookup
/// order.
pub const STANDARD_DICTIONARIES: [&str; 3] = ["UserGlobals", "Globals", "Published"];

/// How to open an image.
#[derive(Debug, Clone)]
pub struct OpenOptions {
    /// Install the kernel class library into a newly created image, and
    /// bring the kernel of an existing image an earlier build made up to
    /// this build's ([`Image::kernel_upgrade`]) (the default). With it
    /// off an image is opened as it is (`gs-mcp check`); tests that want
    /// an image with only the standard symbol list turn it off.
    pub install_kernel: bool,
    /// The most bytes of uncommitted changes one session may hold (see
    /// [`Session::uncommitted_bytes`]); a change past it is refused with
    /// [`ImageError::UncommittedLimit`] until the session commits or
    /// aborts. A session's uncommitted changes live in memory only, so
    /// without a limit a client could take the server's memory. An
    /// operator's file-in is not held to it. Default
    /// [`DEFAULT_MAX_UNCOMMITTED_BYTES`].
    pub max_uncommitted_bytes: usize,
    /// The most bytes of uncommitted changes all sessions of this image
    /// may hold together (see [`Image::uncommitted_total_bytes`]); a
    /// change past it is refused with [`ImageError::UncommittedTotalLimit`]
    /// until some session commits or aborts. The per-session limit alone
    /// does not bound the process: a thousand sessions may each hold up to
    /// it. Not held to it, as not to the per-session limit: an operator's
    /// file-in. Default [`DEFAULT_MAX_UNCOMMITTED_TOTAL_BYTES`].
    pub max_uncommitted_total_bytes: usize,
    /// The name `System stoneName` answers: the test stone serving the
    /// image gives its own; by default the image file's name without its
    /// extension.
    pub stone_name: Option<String>,
    /// Told of every commit the image file refused to take (a full disk, a
    /// file-size limit, the file replaced or damaged under the process),
    /// with the same message the committing session gets: a server writes
    /// it to the operator's log, since the session's client may be an
    /// agent nobody is watching. Conflicts and refusals are not store
    /// failures and are not told. Default: nobody.
    pub on_store_failure: Option<StoreFailureHook>,
}

/// What [`OpenOptions::on_store_failure`] calls, with the failure's
/// message.
#[derive(Clone)]
pub struct StoreFailureHook(pub Arc<dyn Fn(&str) + Send + Sync>);

impl std::fmt::Debug for StoreFailureHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StoreFailureHook")
    }
}

/// The default of [`OpenOptions::max_uncommitted_bytes`]: 128 MiB. A
/// project of 100,000 methods counts about 100 MiB compiled one by one
/// (each method its source and some 700 bytes of records and index
/// entries), so a session can bring in a large project before it commits
/// even without a file-in; 100 sessions of one caller
/// (`http.max_sessions_per_caller`) hold at most 12.5 GiB.
pub const DEFAULT_MAX_UNCOMMITTED_BYTES: usize = 128 << 20;

/// The default of [`OpenOptions::max_uncommitted_total_bytes`]: 2 GiB, a
/// fixed amount as the interpreter's ceiling on all sessions' objects
/// (`memory_ceiling_bytes`, 4 GiB) is, not a share of the machine's
/// memory, which a server cannot know it has to itself. Uncommitted
/// changes are counted as the memory they take, so with that ceiling a
/// server of any number of sessions holds at most 6 GiB of both, which a
/// machine of 8 GiB has room for; it is room for 16 sessions at the full
/// per-session limit at once, or 1,000 sessions holding 2 MiB each, while
/// sessions that commit as they go (as clients mostly do) hold far less.
pub const DEFAULT_MAX_UNCOMMITTED_TOTAL_BYTES: usize = 2 << 30;

impl Default for OpenOptions {
    fn default() -> Self {
        OpenOptions {
            install_kernel: true,
            max_uncommitted_bytes: DEFAULT_MAX_UNCOMMITTED_BYTES,
            max_uncommitted_total_bytes: DEFAULT_MAX_UNCOMMITTED_TOTAL_BYTES,
            stone_name: None,
            on_store_failure: None,
        }
    }
}

/// One committed state: what a session's view starts from.
#[derive(Clone)]
pub(crate) struct View {
    /// The commit number of this state (0: the empty image before the
    /// first commit).
    pub(crate) commit: u64,
    pub(crate) state: State,
    /// Keeps the sources this view holds readable while any clone of it
    /// is alive (see `sources.rs`).
    _pin: Arc<ViewPin>,
}

/// What only the committer touches.
struct CommitSide {
    store: Store,
    /// For each key ever committed since the image was opened, the commit
    /// that last changed it and how. A key absent here has not changed
    /// since opening, so it cannot conflict with any view.
    key_versions: HashMap<Key, (u64, ChangeKind)>,
}

struct Inner {
    label: String,
    commit_side: Mutex<CommitSide>,
    newest: RwLock<View>,
    interner: SharedInterner,
    sources: Sources,
    next_class_id: AtomicU64,
    next_object_id: AtomicU64,
    /// See [`Image::hashes_may_have_moved`].
    stable_hashes_from: u64,
    listeners: RwLock<Vec<CommitListener>>,
    /// See [`OpenOptions::max_uncommitted_bytes`].
    max_uncommitted_bytes: usize,
    /// See [`Image::uncommitted_total_bytes`].
    uncommitted_total: AtomicUsize,
    /// See [`OpenOptions::max_uncommitted_total_bytes`].
    max_uncommitted_total_bytes: usize,
    /// The kernel fingerprint the next commit writes (see
    /// `kernel::fingerprint`).
    kernel: AtomicU64,
    /// See [`Image::kernel_upgrade`].
    kernel_upgrade: Mutex<Option<crate::kernel::KernelUpgrade>>,
    /// See [`OpenOptions::stone_name`].
    stone_name: Option<String>,
    /// See [`OpenOptions::on_store_failure`].
    on_store_failure: Option<StoreFailureHook>,
}

/// A persistent, transactional image, shared by any number of sessions.
///
/// Cloning an `Image` is cheap and gives another handle on the same image;
/// it is `Send + Sync`, so threads share it freely. Each [`Session`] sees
/// its own consistent view (see the crate documentation).
#[derive(Clone)]
pub struct Image {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Image")
            .field("file", &self.inner.label)
            .field("commit", &self.newest_commit())
            .finish()
    }
}

/// What a successful commit did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommitInfo {
    /// The commit number now holding the session's changes (the newest
    /// view when the session had nothing to commit).
    pub commit: u64,
    /// How many keys (classes, methods, dictionary entries, …) the commit
    /// wrote.
    pub changes: usize,
}

/// The lock file of the image at `path`: its name with `.lock` added, next
/// to it (next to the file a symbolic link names, so that every path to one
/// image finds the same lock).
fn lock_path(path: &Path) -> std::path::PathBuf {
    let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    path.with_file_name(name)
}

/// Takes the image's lock file, exclusively (an advisory `flock`, released
/// by the system when the process ends however it ends, so a stale lock
/// file is harmless and is never removed). Refuses with
/// [`ImageError::InUse`] when another process or `Image` holds it. Where
/// the lock file cannot be created (a read-only directory) the image goes
/// unlocked but for redb's own lock on the image file, as before lock
/// files: `None`.
fn lock_image(path: &Path, label: &str) -> Result<Option<std::fs::File>> {
    let lock = lock_path(path);
    let file = match std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock)
    {
        Ok(file) => file,
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
            ) =>
        {
            return Ok(None);
        }
        Err(e) => {
            return Err(ImageError::Store(format!(
                "image file {label}: creating its lock file {} failed: {e}; check that the \
                 directory exists and is writable",
                lock.display()
            )));
        }
    };
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => Err(ImageError::InUse(format!(
            "image file {label} is already open (by another process, or by another Image in \
             this process: its lock file {} is held); share one Image handle (it is Clone) or \
             close the other user first",
            lock.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) => Err(ImageError::Store(format!(
            "image file {label}: locking {} failed: {e}; check that the file system supports \
             file locks",
            lock.display()
        ))),
    }
}

/// Tells apart the temporary files of creations in one process.
static CREATIONS: AtomicU64 = AtomicU64::new(0);

/// Creates, exclusively, a new empty temporary file next to `path` to build
/// a new image in. The name holds the process id, the time and a counter:
/// two processes with the same id (containers sharing a volume, each
/// process 1) creating the same image at once get different files, and a
/// name already taken is never removed (it may be another creator's file,
/// whose commits would then go to a deleted file) but skipped.
fn create_temporary(path: &Path, label: &str) -> Result<(std::path::PathBuf, std::fs::File)> {
    let base = path.file_name().unwrap_or_default().to_os_string();
    let mut last = None;
    for _ in 0..16 {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let mut name = base.clone();
        name.push(format!(
            ".creating-{}-{nanos:x}-{}",
            std::process::id(),
            CREATIONS.fetch_add(1, Ordering::Relaxed)
        ));
        let temp = path.with_file_name(name);
        match std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&temp)
        {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => {
                return Err(ImageError::Store(format!(
                    "could not create image file {label}: creating {} failed: {e}; check that \
                     its directory exists and is writable",
                    temp.display()
                )));
            }
        }
    }
    Err(ImageError::Store(format!(
        "could not create image file {label}: every temporary name tried next to it was taken \
         ({}); remove stale `.creating-` files there if no gs-mcp is creating it",
        last.map_or_else(String::new, |e| e.to_string())
    )))
}

impl Image {
    /// Opens the image file at `path`, creating it (with the standard
    /// symbol list and the kernel classes, in one commit) when it does not
    /// exist.
    ///
    /// Refuses, without changing the file, a file that is not an image, a
    /// damaged one, one written by a newer format version, or one another
    /// `Image` or process has open.
    pub fn open(path: impl AsRef<Path>) -> Result<Image> {
        Image::open_with(path, OpenOptions::default())
    }

    /// [`Image::open`] with options.
    pub fn open_with(path: impl AsRef<Path>, options: OpenOptions) -> Result<Image> {
        let path = path.as_ref();
        let label = path.display().to_string();
        // Taken before redb opens the file and held for the image's whole
        // life: redb's own lock goes with its handle, which a failed commit
        // drops until the next commit opens the file again.
        let lock = lock_image(path, &label)?;
        let mut interner = Interner::default();
        // A symbolic link counts as existing even when what it names does
        // not: creating through it would link the new image beside the
        // link, never at it.
        if path.symlink_metadata().is_ok() {
            if !path.exists() {
                return Err(ImageError::Store(format!(
                    "image path {label} is a symbolic link to a file that does not exist; \
                     point it at an image, or remove it to create a new image there"
                )));
            }
            return Image::open_existing(path, label, options, lock);
        }
        // Build the new image under a temporary name and link it into
        // place only once its first commit is durable: a crash while
        // creating must never leave a half-made file at `path` (redb
        // itself leaves a file without its magic number, which would then
        // be refused as foreign).
        let (temp, file) = create_temporary(path, &label)?;
        let created = Store::create_at(
            file,
            &temp,
            label.clone(),
            &mut interner,
            &mut SourceArena::default(),
        )
        .and_then(|(store, loaded)| {
            let sources = SourceArena::default();
            Image::start(
                store,
                loaded,
                interner,
                sources,
                label.clone(),
                options.clone(),
            )
        });
        let image = match created {
            Ok(image) => image,
            Err(e) => {
                let _ = std::fs::remove_file(&temp);
                return Err(e);
            }
        };
        let placed = match std::fs::hard_link(&temp, path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                // Another process created the image first (one that could
                // not take the lock file): use theirs.
                drop(image);
                let _ = std::fs::remove_file(&temp);
                return Image::open_existing(path, label, options, lock);
            }
            // A file system without hard links: rename (which could replace
            // a file created at the same instant, a race we accept there).
            Err(_) => std::fs::rename(&temp, path),
        };
        if let Err(e) = placed {
            // The temporary file is ours alone: never leave it behind.
            drop(image);
            let _ = std::fs::remove_file(&temp);
            return Err(ImageError::Store(format!(
                "could not create image file {label}: {e}; check that the path names a file \
                 (not a directory) in a writable directory"
            )));
        }
        // The temporary name goes away now: after a failed commit the
        // store must open the file again under its own name.
        image.commit_side().store.reopen_at(path);
        image.commit_side().store.hold(lock);
        let _ = std::fs::remove_file(&temp);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            // Make the new directory entry durable too.
            if let Ok(d) = std::fs::File::open(dir) {
                let _ = d.sync_all();
            }
        }
        Ok(image)
    }

    /// Opens the existing image file at `path`, holding `lock`.
    fn open_existing(
        path: &Path,
        label: String,
        options: OpenOptions,
        lock: Option<std::fs::File>,
    ) -> Result<Image> {
        let mut interner = Interner::default();
        let mut sources = SourceArena::default();
        let (store, loaded) = Store::open_existing(path, &mut interner, &mut sources)?;
        let install_kernel = options.install_kernel;
        let image = Image::start(store, loaded, interner, sources, label, options)?;
        image.commit_side().store.hold(lock);
        if install_kernel {
            image.upgrade_kernel();
        }
        Ok(image)
    }

    /// Brings the kernel class library of an image made by another build
    /// up to this build's, in one commit, when the kernel sources it was
    /// installed from are not this build's (see [`Image::kernel_upgrade`]).
    /// An image without a kernel is left alone.
    fn upgrade_kernel(&self) {
        let current = crate::kernel::fingerprint();
        let stored = self.inner.kernel.load(Ordering::Relaxed);
        if stored == current {
            return;
        }
        let mut session = Session::begin(self.clone(), DEFAULT_USER.to_string());
        if session.class_id("Object").is_err() {
            return;
        }
        session.set_kernel_install(true);
        let upgraded = crate::kernel::upgrade(&mut session);
        session.set_kernel_install(false);
        let report = match upgraded {
            Ok(done) => {
                self.inner.kernel.store(current, Ordering::Relaxed);
                match session.commit() {
                    Ok(_) => done,
                    Err(e) => {
                        self.inner.kernel.store(stored, Ordering::Relaxed);
                        crate::kernel::KernelUpgrade {
                            error: Some(e.to_string()),
                            ..Default::default()
                        }
                    }
                }
            }
            Err(e) => crate::kernel::KernelUpgrade {
                error: Some(e.to_string()),
                ..Default::default()
            },
        };
        *self
            .inner
            .kernel_upgrade
            .lock()
            .unwrap_or_else(|p| p.into_inner()) = Some(report);
    }

    /// True if the image file was not closed the last time it was open
    /// (the process holding it crashed or was killed), so opening it had
    /// to repair redb's bookkeeping, which takes a walk over the whole
    /// file. Every commit acknowledged before is there; a server should
    /// say so, since the repair makes the start slow.
    pub fn was_repaired(&self) -> bool {
        self.commit_side().store.repaired()
    }

    /// False when the image has a kernel class library installed from
    /// other kernel sources than this build's (an earlier build's), which
    /// opening it with [`OpenOptions::install_kernel`] upgrades.
    pub fn kernel_is_current(&self) -> bool {
        self.inner.kernel.load(Ordering::Relaxed) == crate::kernel::fingerprint()
            || Session::begin(self.clone(), DEFAULT_USER.to_string())
                .class_id("Object")
                .is_err()
    }

    /// What opening did to bring the image's kernel class library up to
    /// this build's, if the image's came from an earlier build (an image
    /// made by the first release lacks classes such as `DoubleByteString`,
    /// `System` and `DateAndTime`, and strings of wider characters): the
    /// upgrade is one commit, made before any session begins; `None` when
    /// the kernel was already this build's. A caller that serves the image
    /// should tell its operator (`gs-mcp serve` prints it).
    pub fn kernel_upgrade(&self) -> Option<crate::kernel::KernelUpgrade> {
        self.inner
            .kernel_upgrade
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// The committer's side, locked (a panic while it was held left
    /// nothing half-done that matters here: the store's own state is
    /// updated only after a write succeeds).
    fn commit_side(&self) -> std::sync::MutexGuard<'_, CommitSide> {
        self.inner
            .commit_side
            .lock()
            .unwrap_or_else(|p| p.into_inner())
    }

    /// Makes this image's next commit fail as a failed write to its file
    /// would: nothing of it is committed, and the commit after it opens the
    /// file again. For tests of recovery from failed commits on real files,
    /// which cannot be made to fail on demand (the store holds its file
    /// open, so a permission taken away later does not reach it); only
    /// with the `test-hooks` feature, which no shipped build turns on.
    #[cfg(feature = "test-hooks")]
    pub fn fail_next_commit_for_tests(&self) {
        self.commit_side().store.fail_next_commit();
    }

    /// Opens an image kept by any redb storage backend instead of a file.
    /// `label` names it in messages. Crash-consistency tests use this with
    /// a backend that stops persisting at a chosen sync.
    pub fn open_backend(
        backend: impl redb::StorageBackend + Clone,
        label: &str,
        options: OpenOptions,
    ) -> Result<Image> {
        let mut interner = Interner::default();
        let mut sources = SourceArena::default();
        let (store, loaded) =
            Store::open_backend(backend, label.to_string(), &mut interner, &mut sources)?;
        Image::start(store, loaded, interner, sources, label.to_string(), options)
    }

    fn start(
        store: Store,
        loaded: Loaded,
        interner: Interner,
        sources: SourceArena,
        label: String,
        options: OpenOptions,
    ) -> Result<Image> {
        let sources = Sources::new(sources);
        let kernel = store.kernel();
        let (view, next_class_id, next_object_id, stable_hashes_from, fresh) = match loaded {
            Loaded::Fresh => (
                View {
                    commit: 0,
                    state: State::default(),
                    _pin: sources.pin(0),
                },
                1,
                1,
                0,
                true,
            ),
            Loaded::Image {
                state,
                commit,
                next_class_id,
                next_object_id,
                stable_hashes_from,
                ..
            } => (
                View {
                    commit,
                    state: *state,
                    _pin: sources.pin(commit),
                },
                next_class_id,
                next_object_id,
                stable_hashes_from,
                false,
            ),
        };
        let image = Image {
            inner: Arc::new(Inner {
                label,
                commit_side: Mutex::new(CommitSide {
                    store,
                    key_versions: HashMap::new(),
                }),
                newest: RwLock::new(view),
                interner: Arc::new(RwLock::new(interner)),
                sources,
                next_class_id: AtomicU64::new(next_class_id),
                next_object_id: AtomicU64::new(next_object_id),
                stable_hashes_from,
                listeners: RwLock::new(Vec::new()),
                max_uncommitted_bytes: options.max_uncommitted_bytes,
                uncommitted_total: AtomicUsize::new(0),
                max_uncommitted_total_bytes: options.max_uncommitted_total_bytes,
                kernel: AtomicU64::new(kernel),
                kernel_upgrade: Mutex::new(None),
                stone_name: options.stone_name.clone(),
                on_store_failure: options.on_store_failure.clone(),
            }),
        };
        if fresh {
            image.initialise(options)?;
        }
        Ok(image)
    }

    /// Fills a fresh file: standard symbol list, kernel, one commit. Until
    /// that commit lands the file holds no tables, and opening it again
    /// starts over, so a crash here never leaves a half-made image.
    fn initialise(&self, options: OpenOptions) -> Result<()> {
        let mut session = Session::begin(self.clone(), DEFAULT_USER.to_string());
        session.set_kernel_install(true);
        for name in STANDARD_DICTIONARIES {
            session.add_dictionary(name)?;
        }
        if options.install_kernel {
            crate::kernel::install(&mut session)?;
            self.inner
                .kernel
                .store(crate::kernel::fingerprint(), Ordering::Relaxed);
        }
        session.set_kernel_install(false);
        session.commit()?;
        Ok(())
    }

    /// The most bytes of uncommitted changes one session may hold
    /// ([`OpenOptions::max_uncommitted_bytes`]).
    pub fn max_uncommitted_bytes(&self) -> usize {
        self.inner.max_uncommitted_bytes
    }

    /// The most bytes of uncommitted changes all sessions may hold
    /// together ([`OpenOptions::max_uncommitted_total_bytes`]).
    pub fn max_uncommitted_total_bytes(&self) -> usize {
        self.inner.max_uncommitted_total_bytes
    }

    /// Bytes of uncommitted changes all sessions of this image hold
    /// together, as [`Session::uncommitted_bytes`] counts each (a session
    /// dropped without committing gives its share back).
    pub fn uncommitted_total_bytes(&self) -> usize {
        self.inner.uncommitted_total.load(Ordering::Acquire)
    }

    /// Adds `bytes` to the image-wide count unless that would take it past
    /// [`Image::max_uncommitted_total_bytes`]; then answers the count as it
    /// is and adds nothing. One atomic step, so sessions changing at once
    /// never pass the ceiling together.
    pub(crate) fn reserve_uncommitted(&self, bytes: usize) -> std::result::Result<(), usize> {
        let ceiling = self.inner.max_uncommitted_total_bytes;
        self.inner
            .uncommitted_total
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |held| {
                held.checked_add(bytes).filter(|&n| n <= ceiling)
            })
            .map(|_| ())
    }

    /// Adds `bytes` to the image-wide count whatever it holds: for what a
    /// change turned out to add beyond what its check reserved.
    pub(crate) fn charge_uncommitted(&self, bytes: usize) {
        self.inner
            .uncommitted_total
            .fetch_add(bytes, Ordering::AcqRel);
    }

    /// Gives `bytes` back to the image-wide count.
    pub(crate) fn release_uncommitted(&self, bytes: usize) {
        let _ = self.inner.uncommitted_total.fetch_update(
            Ordering::AcqRel,
            Ordering::Acquire,
            |held| Some(held.saturating_sub(bytes)),
        );
    }

    /// A new session of the default user ([`DEFAULT_USER`]), viewing the
    /// newest committed state.
    pub fn session(&self) -> Session {
        Session::begin(self.clone(), DEFAULT_USER.to_string())
    }

    /// A new session of `user`, whose symbol list it looks names up in.
    pub fn session_for(&self, user: &str) -> Result<Session> {
        if !self.newest_view().state.symbol_lists.contains_key(user) {
            return Err(ImageError::NotFound(format!(
                "no user {user} in image {}; open a session of {DEFAULT_USER} or create the user first",
                self.inner.label
            )));
        }
        Ok(Session::begin(self.clone(), user.to_string()))
    }

    /// The number of the newest commit.
    pub fn newest_commit(&self) -> u64 {
        self.newest_view().commit
    }

    /// How the image names its file in messages.
    pub fn label(&self) -> &str {
        &self.inner.label
    }

    /// The name of the repository, as `System stoneName` answers it
    /// ([`OpenOptions::stone_name`]; by default the file's name without
    /// its extension).
    pub fn stone_name(&self) -> String {
        self.inner.stone_name.clone().unwrap_or_else(|| {
            std::path::Path::new(&self.inner.label)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| self.inner.label.clone())
        })
    }

    pub(crate) fn newest_view(&self) -> View {
        self.inner
            .newest
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    pub(crate) fn interner(&self) -> &SharedInterner {
        &self.inner.interner
    }

    pub(crate) fn sources(&self) -> &RwLock<SourceArena> {
        self.inner.sources.arena()
    }

    /// Gives back sources a session dropped, and those replaced by commits
    /// that no open view holds any more (see `sources.rs`).
    pub(crate) fn release_sources(&self, dead: &[SourceRef]) {
        self.inner.sources.release(dead);
    }

    /// Notes that commit `commit` made these sources, a session's until
    /// then, the image's.
    pub(crate) fn sources_committed(&self, commit: u64, sources: &[SourceRef]) {
        self.inner.sources.committed(commit, sources);
    }

    /// Bytes of method source the image holds in memory: the sources the
    /// newest view and every open session's view and changes can read,
    /// and those given back but not yet compacted away (at most the live
    /// bytes or 4 MiB, whichever is more). For diagnostics and tests of
    /// the arena's memory; cheap.
    pub fn source_arena_bytes(&self) -> usize {
        self.sources()
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .held_bytes()
    }

    /// Compacts the source arena now, whatever its dead bytes come to, so
    /// tests can check that compaction changes no answer; only with the
    /// `test-hooks` feature.
    #[cfg(feature = "test-hooks")]
    pub fn compact_sources_for_tests(&self) {
        self.inner.sources.compact_now();
    }

    pub(crate) fn allocate_class_id(&self) -> crate::model::ClassId {
        crate::model::ClassId(self.inner.next_class_id.fetch_add(1, Ordering::Relaxed))
    }

    pub(crate) fn allocate_object_id(&self) -> crate::model::ObjectId {
        crate::model::ObjectId(self.inner.next_object_id.fetch_add(1, Ordering::Relaxed))
    }

    /// True when persistent object `id` may have been stored by a build
    /// whose identity hashes changed from session to session (an object
    /// of a file written before format version 2): a hashed collection
    /// among such objects may hold its elements where hashing no longer
    /// finds them, and its reader rehashes it. An object stored since
    /// was stored with hashes that hold across sessions and restarts.
    pub fn hashes_may_have_moved(&self, id: crate::model::ObjectId) -> bool {
        id.0 < self.inner.stable_hashes_from && id.class_of_state().is_none()
    }

    /// The newest state with a session's written keys copied over from
    /// its own state: the rebase step of a commit when other sessions
    /// committed since the session's view began.
    fn replay(newest: &State, state: &State, writes: &[(Key, ChangeKind)]) -> State {
        let mut next = newest.clone();
        // A large load replayed method by method would update the indexes
        // once per method; build them once instead (per changed method
        // when the load is small next to the image).
        next.defer_method_indexes();
        for (key, _) in writes {
            match key {
                Key::Class(id) => next.put_class(*id, state.classes.get(id).cloned()),
                Key::Method(k) => next.put_method(*k, state.methods.get(k).cloned()),
                Key::Dictionary(name) => {
                    next.put_dictionary(name, state.dictionaries.contains_key(name))
                }
                Key::Entry(dict, name) => next.put_entry(
                    dict,
                    name,
                    state
                        .dictionaries
                        .get(dict)
                        .and_then(|d| d.get(name))
                        .cloned(),
                ),
                Key::SymbolList(user) => {
                    next.put_symbol_list(user, state.symbol_lists.get(user).cloned())
                }
                Key::Object(id) => next.put_object(*id, state.objects.get(id).cloned()),
                Key::ClassShape(_) | Key::MethodsOf(_) => {}
            }
        }
        next.build_deferred_indexes();
        next
    }

    /// The commit protocol (STORE.md, "Commit"). `writes` are the keys the
    /// session changed with how they changed, `touches` keys whose version
    /// must move without being validated, `reads` keys it relied on with
    /// the kinds of concurrent change that invalidate them.
    pub(crate) fn commit(
        &self,
        view: u64,
        state: &State,
        writes: &[(Key, ChangeKind)],
        touches: &[Key],
        reads: &[(Key, &'static [ChangeKind])],
        describe: &dyn Fn(&Key) -> String,
    ) -> Result<View> {
        let mut side = self
            .inner
            .commit_side
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let newest = self.newest_view();

        let mut conflicts = Vec::new();
        for (key, ours) in writes {
            if let Some(&(at, theirs)) = side.key_versions.get(key)
                && at > view
            {
                conflicts.push(Conflict {
                    what: describe(key),
                    code: key.is_code(),
                    ours: Some(*ours),
                    theirs,
                });
            }
        }
        for (key, kinds) in reads {
            if let Some(&(at, theirs)) = side.key_versions.get(key)
                && at > view
                && kinds.contains(&theirs)
            {
                conflicts.push(Conflict {
                    what: describe(key),
                    code: key.is_code(),
                    ours: None,
                    theirs,
                });
            }
        }
        if !conflicts.is_empty() {
            conflicts.sort_by(|a, b| a.what.cmp(&b.what));
            conflicts.dedup_by(|a, b| a.what == b.what);
            return Err(ImageError::Conflict(ConflictReport {
                view,
                newest: newest.commit,
                conflicts,
            }));
        }

        let commit = newest.commit + 1;
        let next = if newest.commit == view {
            // Nobody committed since this view began: the session's state
            // is exactly the newest state plus its changes.
            state.clone()
        } else {
            Image::replay(&newest.state, state, writes)
        };
        {
            let interner = self
                .inner
                .interner
                .read()
                .unwrap_or_else(|p| p.into_inner());
            let sources = self.sources().read().unwrap_or_else(|p| p.into_inner());
            let written = side.store.write_commit(
                writes.iter().map(|(k, _)| k).filter(|k| k.is_stored()),
                &next,
                &interner,
                &sources,
                Counters {
                    commit,
                    next_class_id: self.inner.next_class_id.load(Ordering::Relaxed),
                    next_object_id: self.inner.next_object_id.load(Ordering::Relaxed),
                    stable_hashes_from: self.inner.stable_hashes_from,
                    kernel: self.inner.kernel.load(Ordering::Relaxed),
                },
            );
            if let (Err(e), Some(hook)) = (&written, &self.inner.on_store_failure) {
                (hook.0)(&e.to_string());
            }
            written?;
        }
        for (key, kind) in writes {
            side.key_versions.insert(key.clone(), (commit, *kind));
        }
        for key in touches {
            side.key_versions
                .insert(key.clone(), (commit, ChangeKind::Modified));
        }
        // The old sources of methods this commit replaced or removed, for
        // when no older view holds them.
        let replaced = writes.iter().filter_map(|(key, _)| {
            let Key::Method(k) = key else { return None };
            let old = newest.state.methods.get(k)?.source;
            (next.methods.get(k).map(|m| m.source) != Some(old)).then_some(old)
        });
        self.inner.sources.retire(commit, replaced);
        let published = View {
            commit,
            state: next,
            _pin: self.inner.sources.pin(commit),
        };
        *self.inner.newest.write().unwrap_or_else(|p| p.into_inner()) = published.clone();
        // Told while the commit side is still held, so listeners hear the
        // commits in order.
        let listeners = self
            .inner
            .listeners
            .read()
            .unwrap_or_else(|p| p.into_inner());
        if !listeners.is_empty() {
            let interner = self
                .inner
                .interner
                .read()
                .unwrap_or_else(|p| p.into_inner());
            let changes = committed_changes(writes, &newest.state, &published.state, &interner);
            for listener in listeners.iter() {
                listener(commit, &changes);
            }
        }
        Ok(published)
    }

    /// Calls `listener` after every later commit to this image, by any
    /// session, with the commit's number and the classes and methods it
    /// added, changed or removed. It runs on the committing thread while
    /// other commits wait, so it must be quick (hand the news on, do not
    /// act on it there); it must not commit to this image.
    pub fn on_commit(&self, listener: impl Fn(u64, &[CommittedChange]) + Send + Sync + 'static) {
        self.inner
            .listeners
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .push(Box::new(listener));
    }
}
