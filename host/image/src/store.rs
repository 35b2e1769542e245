//! The image file: one redb database holding the committed state.
//!
//! Tables (all values postcard-encoded unless noted):
//!
//! | table          | key                          | value                           |
//! |----------------|------------------------------|---------------------------------|
//! | `meta`         | `&str` name                  | `u64`: `format`, `commit`, `next_class_id`, `next_object_id`, `stable_hashes_from` |
//! | `classes`      | class id                     | [`ClassRecord`]                 |
//! | `methods`      | (class id, side, selector)   | the rest of a [`crate::MethodRecord`]  |
//! | `dictionaries` | dictionary name              | `()`                            |
//! | `entries`      | (dictionary, name)           | [`DictionaryEntry`]             |
//! | `symbol_lists` | user name                    | dictionary names, in order      |
//! | `objects`      | object id                    | [`StoredObject`]                |
//!
//! A method row keeps its sends and references, so opening an image never
//! re-parses a method. Each commit writes the rows of the keys it changed
//! and the commit counter in one redb write transaction with immediate
//! durability: when it returns, the commit is on disk (see STORE.md).

use std::path::Path;

use redb::{
    Database, Durability, ReadableDatabase, ReadableTable, StorageBackend, TableDefinition,
    TableError, TableHandle,
};
use serde::{Deserialize, Serialize};

use crate::error::{ImageError, Result};
use crate::model::{ClassId, ClassRecord, DictionaryEntry, ObjectId, Side, StoredObject};
use crate::sources::SourceArena;
use crate::state::{Interner, Key, MethodKey, State, StoredMethod};

/// The file-format version this build writes and reads. Version 2: a
/// class row may say the class was removed (kept for its instances), and
/// `stable_hashes_from` says which objects were stored with identity
/// hashes that hold across sessions (see [`Loaded::Image`]). A version 1
/// file reads as it is; its first commit here makes it version 2.
pub(crate) const FORMAT_VERSION: u64 = 2;

const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
const CLASSES: TableDefinition<u64, &[u8]> = TableDefinition::new("classes");
const METHODS: TableDefinition<(u64, u8, &str), &[u8]> = TableDefinition::new("methods");
const DICTIONARIES: TableDefinition<&str, ()> = TableDefinition::new("dictionaries");
const ENTRIES: TableDefinition<(&str, &str), &[u8]> = TableDefinition::new("entries");
const SYMBOL_LISTS: TableDefinition<&str, &[u8]> = TableDefinition::new("symbol_lists");
const OBJECTS: TableDefinition<u64, &[u8]> = TableDefinition::new("objects");

/// redb's page cache. Small on purpose: the image keeps its own state in
/// memory, so the cache only serves opening and commits.
const CACHE_BYTES: usize = 2 << 20;

/// A method row: the [`MethodRecord`](crate::model::MethodRecord) fields
/// the key does not already hold.
#[derive(Serialize, Deserialize)]
struct MethodRow<'a> {
    #[serde(borrow)]
    category: &'a str,
    #[serde(borrow)]
    source: &'a str,
    #[serde(borrow)]
    sends: Vec<&'a str>,
    #[serde(borrow)]
    references: Vec<&'a str>,
    #[serde(borrow)]
    primitive: Option<&'a str>,
}

/// What an opened file held.
pub(crate) enum Loaded {
    /// A new or empty file: the caller must initialise the image.
    Fresh,
    /// A committed image.
    Image {
        state: Box<State>,
        commit: u64,
        next_class_id: u64,
        next_object_id: u64,
        /// Objects with a smaller id may have been stored by a build whose
        /// identity hashes changed from session to session, so hashed
        /// collections among them may need rehashing when read: every
        /// object of a version 1 file, none of a file this build created.
        stable_hashes_from: u64,
        /// See [`Counters::kernel`].
        kernel: u64,
    },
}

fn encode<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    // Encoding our own plain data into a Vec cannot fail.
    postcard::to_stdvec(value).expect("postcard encodes plain data")
}

/// A class row as format version 1 wrote it: [`ClassRecord`] without
/// `removed` (a removed class's row was deleted then).
#[derive(Deserialize)]
struct ClassRowV1 {
    id: ClassId,
    superclass: Option<ClassId>,
    definition: crate::model::ClassDefinition,
    comment: String,
    kernel: bool,
}

/// Decodes a class row of either format. A file upgraded from version 1
/// holds rows of both until each class is next written; a version 1 row
/// is a version 2 row without its last field, so it fails to decode as
/// one (postcard runs out of bytes) and is then read as what it is.
fn decode_class(bytes: &[u8]) -> std::result::Result<ClassRecord, postcard::Error> {
    postcard::from_bytes::<ClassRecord>(bytes).or_else(|_| {
        let old: ClassRowV1 = postcard::from_bytes(bytes)?;
        Ok(ClassRecord {
            id: old.id,
            superclass: old.superclass,
            definition: old.definition,
            comment: old.comment,
            kernel: old.kernel,
            removed: false,
        })
    })
}

/// The counters a commit writes to the `meta` table.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Counters {
    /// The new commit number.
    pub(crate) commit: u64,
    /// The next class id to hand out.
    pub(crate) next_class_id: u64,
    /// The next object id to hand out.
    pub(crate) next_object_id: u64,
    /// See [`Loaded::Image`]; constant while the image is open.
    pub(crate) stable_hashes_from: u64,
    /// The fingerprint of the kernel sources the image's kernel class
    /// library was installed from (0: unknown, an image written before
    /// fingerprints were kept, or one without a kernel).
    pub(crate) kernel: u64,
}

/// Opens the image file's database again.
type Reopen = Box<dyn Fn() -> std::result::Result<Database, redb::DatabaseError> + Send>;

/// The open image file.
///
/// After a failed commit (a full disk, an I/O error) redb refuses every
/// later transaction of the same `Database`, so the store drops it and
/// opens the file again before the next commit: once the disk has room,
/// commits go on without a restart. The file then holds exactly the
/// commits acknowledged before (redb's commit is atomic); the reopened
/// file's commit counter is checked against the last one written, and a
/// mismatch refuses every commit until the server restarts, rather than
/// writing over a state the server does not know.
pub(crate) struct Store {
    /// `None` after a failed commit, until the next commit opens the file
    /// again.
    db: Option<Database>,
    reopen: Reopen,
    /// The commit the file holds: the last one written.
    commit: u64,
    /// How to name the file in messages.
    label: String,
    /// See [`Store::fail_next_commit`].
    #[cfg(feature = "test-hooks")]
    fail_next: bool,
    /// The image's lock file, held while the store lives (see
    /// [`Store::hold`]).
    lock: Option<std::fs::File>,
    /// The file the image's path names, checked before each commit (none
    /// for a store over another backend).
    identity: Option<crate::file_identity::FileIdentity>,
    /// The kernel fingerprint the file holds (see [`Counters::kernel`]).
    kernel: u64,
    /// True if opening the file repaired it: the process that had it open
    /// before ended without closing it (a crash, `kill -9`).
    repaired: bool,
}

fn side_byte(side: Side) -> u8 {
    match side {
        Side::Instance => 0,
        Side::Class => 1,
    }
}

fn side_of(byte: u8, label: &str) -> Result<Side> {
    match byte {
        0 => Ok(Side::Instance),
        1 => Ok(Side::Class),
        other => Err(damaged(
            label,
            &format!("a method row has side byte {other}"),
        )),
    }
}

fn damaged(label: &str, detail: &str) -> ImageError {
    ImageError::Store(format!(
        "image file {label} is damaged ({detail}); restore it from a backup or open another file"
    ))
}

fn io(label: &str, what: &str, err: impl std::fmt::Display) -> ImageError {
    let text = err.to_string();
    // What the operator can do about the two failures a busy server
    // meets: a full disk and a file-size limit.
    let remedy = if text.contains("No space left") || text.contains("os error 28") {
        "; free space on the disk that holds the image"
    } else if text.contains("File too large") || text.contains("os error 27") {
        "; raise the file-size limit gs-mcp runs under (`ulimit -f`)"
    } else if text.contains("os error 30") || text.contains("os error 13") {
        "; gs-mcp writes the image file and its lock file beside it, even when serving \
         read-only: give its user write access to both, or copy the image to writable storage"
    } else {
        ""
    };
    ImageError::Store(format!("image file {label}: {what} failed: {text}{remedy}"))
}

/// Reopens the image file at `path`.
fn reopen_file(path: &Path) -> Reopen {
    let path = path.to_owned();
    Box::new(move || Store::builder().open(&path))
}

/// The commit counter `db` holds (0 before the first commit).
fn committed(db: &Database) -> std::result::Result<u64, String> {
    let txn = db.begin_read().map_err(|e| e.to_string())?;
    let meta = match txn.open_table(META) {
        Ok(t) => t,
        Err(TableError::TableDoesNotExist(_)) => return Ok(0),
        Err(e) => return Err(e.to_string()),
    };
    Ok(meta
        .get("commit")
        .map_err(|e| e.to_string())?
        .map_or(0, |v| v.value()))
}

fn open_error(label: &str, err: redb::DatabaseError) -> ImageError {
    match err {
        redb::DatabaseError::DatabaseAlreadyOpen => ImageError::InUse(format!(
            "image file {label} is already open (by another process, or by another Image in this \
             process); share one Image handle (it is Clone) or close the other user first"
        )),
        redb::DatabaseError::UpgradeRequired(v) => ImageError::Store(format!(
            "image file {label} uses an older storage format (redb file format {v}) this build \
             cannot read; convert it with the gs-mcp release that wrote it"
        )),
        redb::DatabaseError::Storage(redb::StorageError::Io(e))
            if e.kind() == std::io::ErrorKind::InvalidData =>
        {
            ImageError::Store(format!(
                "{label} is not an image file or is damaged ({e}); pass the path of a gs-mcp \
                 image, or a path that does not exist yet to create one"
            ))
        }
        redb::DatabaseError::Storage(redb::StorageError::Corrupted(e)) => damaged(label, &e),
        other => io(label, "opening", other),
    }
}

/// Refuses a file whose classes do not hang together: a superclass or a
/// dictionary entry naming a class id no class has, or a superclass chain
/// that never ends. The interpreter follows these links without checking
/// (a loop would overflow its stack), so a damaged file must stop here.
fn check_classes(
    label: &str,
    classes: &[ClassRecord],
    dictionaries: &[(String, Vec<(String, DictionaryEntry)>)],
) -> Result<()> {
    let by_id: std::collections::HashMap<ClassId, &ClassRecord> =
        classes.iter().map(|c| (c.id, c)).collect();
    for class in classes {
        let mut steps = 0;
        let mut at = class;
        while let Some(superclass) = at.superclass {
            at = by_id.get(&superclass).ok_or_else(|| {
                damaged(
                    label,
                    &format!(
                        "class {} (id {}) has superclass id {}, which no class has",
                        at.definition.name, at.id.0, superclass.0
                    ),
                )
            })?;
            steps += 1;
            if steps > classes.len() {
                return Err(damaged(
                    label,
                    &format!(
                        "the superclass chain of class {} (id {}) loops",
                        class.definition.name, class.id.0
                    ),
                ));
            }
        }
    }
    for (dictionary, entries) in dictionaries {
        for (name, entry) in entries {
            if let DictionaryEntry::Class(id) = entry
                && !by_id.contains_key(id)
            {
                return Err(damaged(
                    label,
                    &format!(
                        "{dictionary} at: #{name} names class id {}, which no class has",
                        id.0
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Checks the whole file against redb's checksums before anything of it
/// is read: redb keeps an xxh3 checksum of every page, but a plain open
/// trusts a file that was shut down cleanly, so a flipped byte in a
/// method's source, a class record or a table's page would otherwise be
/// served as it reads. `check_integrity` walks every page reachable from
/// the committed trees (the tables, redb's system tables, persistent
/// savepoints) and answers `Corrupted` for one that fails its checksum.
///
/// `Ok(false)` means redb repaired something and is accepted: an
/// allocator state (which pages are free) or a table count that did not
/// match the trees, rebuilt from the verified trees. It cannot be the
/// loss of a commit: redb falls back to the commit before the newest only
/// when the newest was written in one phase, and an open that finds such
/// a commit (one left by a crash: a clean close ends with a two-phase
/// commit) has already recovered the file the same way, by a two-phase
/// commit; a two-phase newest commit that fails its checksums is
/// `Corrupted`. `when` ends the message of a refusal ("" at opening).
/// Must be called with no transaction of `db` alive.
fn check_pages(db: &mut Database, label: &str, when: &str) -> Result<()> {
    match db.check_integrity() {
        Ok(_) => Ok(()),
        Err(redb::DatabaseError::Storage(redb::StorageError::Corrupted(e))) => Err(damaged(
            label,
            &format!("redb's check of its pages against their checksums failed: {e}{when}"),
        )),
        Err(e) => Err(io(label, "checking its pages", format!("{e}{when}"))),
    }
}

std::thread_local! {
    /// True on a thread while it reads a file through redb under
    /// `catch_unwind`: a panic there is answered as a damaged file.
    static READING_UNDER_GUARD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// True when a panic on this thread is one the store is about to catch
/// and answer as a damaged image file (redb panics on some damaged
/// pages). A program's panic hook may leave such a panic unprinted, so
/// that an operator sees the "damaged … restore it from a backup" message
/// alone, not a panic message before it.
pub fn panic_is_caught_as_damage() -> bool {
    READING_UNDER_GUARD.with(std::cell::Cell::get)
}

/// Runs `f` under `catch_unwind`, marked as [`panic_is_caught_as_damage`].
fn guarded<T>(f: impl FnOnce() -> T) -> std::thread::Result<T> {
    READING_UNDER_GUARD.with(|g| g.set(true));
    let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    READING_UNDER_GUARD.with(|g| g.set(false));
    answer
}

/// The message of a caught panic.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

impl Store {
    /// Opens the existing image file at `path`.
    ///
    /// Every page of the file is checked against its checksum before
    /// anything is read (see [`check_pages`]), so a damaged file is refused
    /// rather than served. redb's plain open trusts the pages of a file
    /// that was shut down cleanly and panics on some it cannot make sense
    /// of (a flipped bit, a zeroed page) before the check can run; such a
    /// panic while opening, checking or reading is caught here and answered
    /// as a damaged file, so a bad file cannot bring the server down.
    pub(crate) fn open_existing(
        path: &Path,
        interner: &mut Interner,
        sources: &mut SourceArena,
    ) -> Result<(Store, Loaded)> {
        let label = path.display().to_string();
        let repaired = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let noted = repaired.clone();
        let opened = guarded(|| {
            let mut db = Store::builder()
                .set_repair_callback(move |_| {
                    noted.store(true, std::sync::atomic::Ordering::Relaxed)
                })
                .open(path)
                .map_err(|e| open_error(&label, e))?;
            check_pages(&mut db, &label, "")?;
            Store::finish_open(db, reopen_file(path), label.clone(), interner, sources)
        });
        let (mut store, loaded) = opened.unwrap_or_else(|panic| {
            Err(damaged(
                &label,
                &format!("reading it failed: {}", panic_text(panic.as_ref())),
            ))
        })?;
        store.identity = crate::file_identity::FileIdentity::of(path);
        store.repaired = repaired.load(std::sync::atomic::Ordering::Relaxed);
        Ok((store, loaded))
    }

    /// Creates a new database in `file` (new and empty, at `path`), named
    /// `label` in messages.
    pub(crate) fn create_at(
        file: std::fs::File,
        path: &Path,
        label: String,
        interner: &mut Interner,
        sources: &mut SourceArena,
    ) -> Result<(Store, Loaded)> {
        let db = redb::backends::FileBackend::new(file)
            .and_then(|backend| Store::builder().create_with_backend(backend))
            .map_err(|e| open_error(&label, e))?;
        Store::finish_open(db, reopen_file(path), label, interner, sources)
    }

    /// Opens a database over any storage backend (tests use this to
    /// simulate crashes and full disks), checked as a file is.
    pub(crate) fn open_backend(
        backend: impl StorageBackend + Clone,
        label: String,
        interner: &mut Interner,
        sources: &mut SourceArena,
    ) -> Result<(Store, Loaded)> {
        let mut db = Store::builder()
            .create_with_backend(backend.clone())
            .map_err(|e| open_error(&label, e))?;
        check_pages(&mut db, &label, "")?;
        let reopen = Box::new(move || Store::builder().create_with_backend(backend.clone()));
        Store::finish_open(db, reopen, label, interner, sources)
    }

    fn builder() -> redb::Builder {
        let mut builder = Database::builder();
        builder.set_cache_size(CACHE_BYTES);
        builder
    }

    fn finish_open(
        db: Database,
        reopen: Reopen,
        label: String,
        interner: &mut Interner,
        sources: &mut SourceArena,
    ) -> Result<(Store, Loaded)> {
        let mut store = Store {
            db: Some(db),
            reopen,
            commit: 0,
            label,
            #[cfg(feature = "test-hooks")]
            fail_next: false,
            lock: None,
            identity: None,
            kernel: 0,
            repaired: false,
        };
        let loaded = store.load(interner, sources)?;
        if let Loaded::Image { commit, kernel, .. } = &loaded {
            store.commit = *commit;
            store.kernel = *kernel;
        }
        Ok((store, loaded))
    }

    /// Opens the file at `path` from now on when a failed commit dropped
    /// the database: a new image is built under a temporary name that is
    /// removed once the image is linked into place.
    pub(crate) fn reopen_at(&mut self, path: &Path) {
        self.reopen = reopen_file(path);
        self.identity = crate::file_identity::FileIdentity::of(path);
    }

    /// Keeps the image's lock file locked as long as the store lives: redb's
    /// own lock on the image file goes when a failed commit drops the
    /// database, and another process must not open the file and commit
    /// before this one opens it again.
    pub(crate) fn hold(&mut self, lock: Option<std::fs::File>) {
        self.lock = lock;
    }

    /// Makes the next commit fail as an I/O error would (tests of what
    /// follows a failed commit on a real file, which cannot be made to fail
    /// on demand).
    #[cfg(feature = "test-hooks")]
    pub(crate) fn fail_next_commit(&mut self) {
        self.fail_next = true;
    }

    /// The database, opened again if a failed commit dropped it.
    ///
    /// The file opened again is checked as at opening (see
    /// [`check_pages`]): the commit that failed may have failed on a
    /// failing disk, and the next commit writes into the trees of the file
    /// as it is. A damaged file refuses this commit and every later one
    /// (each tries again), and a panic while opening or checking it is
    /// caught and answered the same way; what sessions already read stays
    /// as it was loaded and checked at opening.
    fn database(&mut self) -> Result<&Database> {
        if self.db.is_none() {
            let label = &self.label;
            let reopen = &self.reopen;
            let reopened = guarded(|| {
                let mut db = reopen().map_err(|e| {
                    io(
                        label,
                        "opening the file again after a failed commit",
                        format!("{e}; nothing was committed, try again"),
                    )
                })?;
                check_pages(
                    &mut db,
                    label,
                    "; found when opening it again after a failed commit, so nothing was \
                     committed",
                )?;
                Ok(db)
            });
            let db = reopened.unwrap_or_else(|panic| {
                Err(damaged(
                    label,
                    &format!(
                        "opening it again after a failed commit failed: {}; nothing was \
                         committed",
                        panic_text(panic.as_ref())
                    ),
                ))
            })?;
            let on_disk = committed(&db).map_err(|e| io(label, "reading", e))?;
            if on_disk != self.commit {
                return Err(ImageError::Store(format!(
                    "image file {label} holds commit {on_disk}, but the last commit this server \
                     wrote was {}; nothing more is committed until gs-mcp restarts and opens \
                     the file as it is",
                    self.commit
                )));
            }
            if let Some(identity) = &mut self.identity {
                // The failed commit may have written part of its pages.
                identity.after_own_write();
            }
            self.db = Some(db);
        }
        Ok(self.db.as_ref().expect("opened above"))
    }

    /// The kernel fingerprint the file holds (0 if none).
    pub(crate) fn kernel(&self) -> u64 {
        self.kernel
    }

    /// True if opening the file had to repair it (see [`Store::repaired`]).
    pub(crate) fn repaired(&self) -> bool {
        self.repaired
    }

    /// Reads the whole file; only at opening, when the database is open.
    fn load(&self, interner: &mut Interner, sources: &mut SourceArena) -> Result<Loaded> {
        let label = &self.label;
        let db = self.db.as_ref().expect("a store opens with its database");
        let txn = db.begin_read().map_err(|e| io(label, "reading", e))?;
        let meta = match txn.open_table(META) {
            Ok(t) => t,
            Err(TableError::TableDoesNotExist(_)) => {
                let tables: Vec<String> = txn
                    .list_tables()
                    .map_err(|e| io(label, "reading", e))?
                    .map(|t| t.name().to_string())
                    .collect();
                if tables.is_empty() {
                    return Ok(Loaded::Fresh);
                }
                return Err(ImageError::Store(format!(
                    "{label} is a redb database but not a gs-mcp image (it has tables {}); pass \
                     the path of an image, or a path that does not exist yet to create one",
                    tables.join(", ")
                )));
            }
            Err(e) => return Err(io(label, "reading", e)),
        };
        let get = |name: &str| -> Result<Option<u64>> {
            Ok(meta
                .get(name)
                .map_err(|e| io(label, "reading", e))?
                .map(|v| v.value()))
        };
        let format = get("format")?.ok_or_else(|| damaged(label, "no format version"))?;
        if format > FORMAT_VERSION {
            return Err(ImageError::Store(format!(
                "image file {label} has format version {format}, newer than version \
                 {FORMAT_VERSION} that this build reads; open it with a newer gs-mcp (nothing in \
                 it was changed)"
            )));
        }
        let commit = get("commit")?.unwrap_or(0);
        let stored_next = get("next_class_id")?.unwrap_or(1);

        let decode_err = |what: &str, e: postcard::Error| damaged(label, &format!("{what}: {e}"));

        let mut classes = Vec::new();
        let table = txn
            .open_table(CLASSES)
            .map_err(|e| io(label, "reading", e))?;
        for row in table.iter().map_err(|e| io(label, "reading", e))? {
            let (_, v) = row.map_err(|e| io(label, "reading", e))?;
            classes.push(decode_class(v.value()).map_err(|e| decode_err("a class row", e))?);
        }
        let max_class = classes.iter().map(|c| c.id.0).max().unwrap_or(0);

        let mut methods = Vec::new();
        let table = txn
            .open_table(METHODS)
            .map_err(|e| io(label, "reading", e))?;
        for row in table.iter().map_err(|e| io(label, "reading", e))? {
            let (k, v) = row.map_err(|e| io(label, "reading", e))?;
            let (class, side, selector) = k.value();
            let row: MethodRow =
                postcard::from_bytes(v.value()).map_err(|e| decode_err("a method row", e))?;
            let key = MethodKey {
                class: ClassId(class),
                side: side_of(side, label)?,
                selector: interner.intern(selector),
            };
            let category = interner.intern(row.category);
            let source = sources.add(key, row.source);
            let method = StoredMethod::new(
                category,
                source,
                row.sends.iter().copied(),
                row.references.iter().copied(),
                row.primitive.map(Box::from),
                interner,
            );
            methods.push((key, method));
        }

        let mut dictionaries: Vec<(String, Vec<(String, DictionaryEntry)>)> = Vec::new();
        let table = txn
            .open_table(DICTIONARIES)
            .map_err(|e| io(label, "reading", e))?;
        for row in table.iter().map_err(|e| io(label, "reading", e))? {
            let (k, _) = row.map_err(|e| io(label, "reading", e))?;
            dictionaries.push((k.value().to_string(), Vec::new()));
        }
        let table = txn
            .open_table(ENTRIES)
            .map_err(|e| io(label, "reading", e))?;
        // Both tables are sorted by dictionary name, so entries merge in one pass.
        let mut at = 0;
        for row in table.iter().map_err(|e| io(label, "reading", e))? {
            let (k, v) = row.map_err(|e| io(label, "reading", e))?;
            let (dict, name) = k.value();
            while at < dictionaries.len() && dictionaries[at].0.as_str() < dict {
                at += 1;
            }
            if at == dictionaries.len() || dictionaries[at].0 != dict {
                return Err(damaged(
                    label,
                    &format!("entry {name} belongs to missing dictionary {dict}"),
                ));
            }
            let entry: DictionaryEntry =
                postcard::from_bytes(v.value()).map_err(|e| decode_err("a dictionary entry", e))?;
            dictionaries[at].1.push((name.to_string(), entry));
        }

        let mut symbol_lists = Vec::new();
        let table = txn
            .open_table(SYMBOL_LISTS)
            .map_err(|e| io(label, "reading", e))?;
        for row in table.iter().map_err(|e| io(label, "reading", e))? {
            let (k, v) = row.map_err(|e| io(label, "reading", e))?;
            let list: Vec<String> =
                postcard::from_bytes(v.value()).map_err(|e| decode_err("a symbol list", e))?;
            symbol_lists.push((k.value().to_string(), list));
        }

        // Images written before the object table existed have no such
        // table: they simply hold no objects.
        let mut objects = Vec::new();
        match txn.open_table(OBJECTS) {
            Ok(table) => {
                for row in table.iter().map_err(|e| io(label, "reading", e))? {
                    let (k, v) = row.map_err(|e| io(label, "reading", e))?;
                    let object: StoredObject = postcard::from_bytes(v.value())
                        .map_err(|e| decode_err("an object row", e))?;
                    objects.push((ObjectId(k.value()), object));
                }
            }
            Err(TableError::TableDoesNotExist(_)) => {}
            Err(e) => return Err(io(label, "reading", e)),
        }
        let max_object = objects
            .iter()
            .rev()
            .map(|(id, _)| id.0)
            .find(|&id| id < crate::model::CLASS_STATE_IDS)
            .unwrap_or(0);
        let stored_next_object = get("next_object_id")?.unwrap_or(1);
        let next_object_id = stored_next_object.max(max_object + 1);
        let stable_hashes_from = if format < 2 {
            next_object_id
        } else {
            get("stable_hashes_from")?.unwrap_or(0)
        };

        check_classes(label, &classes, &dictionaries)?;
        let state = State::bulk(classes, methods, dictionaries, symbol_lists, objects);
        Ok(Loaded::Image {
            state: Box::new(state),
            commit,
            next_class_id: stored_next.max(max_class + 1),
            next_object_id,
            stable_hashes_from,
            kernel: get("kernel")?.unwrap_or(0),
        })
    }

    /// Writes one commit: the rows of `keys` as `state` holds them, the
    /// commit counter and the class-id and object-id counters, durably and
    /// atomically. A failure (a full disk, say) commits nothing, and the
    /// next commit opens the file again.
    pub(crate) fn write_commit<'k>(
        &mut self,
        keys: impl Iterator<Item = &'k Key>,
        state: &State,
        interner: &Interner,
        sources: &SourceArena,
        counters: Counters,
    ) -> Result<()> {
        if let Some(identity) = &self.identity {
            identity.check(&self.label, self.db.is_some())?;
        }
        self.database()?;
        #[cfg(feature = "test-hooks")]
        if std::mem::take(&mut self.fail_next) {
            self.db = None;
            return Err(io(
                &self.label,
                "committing",
                "a failure injected by a test; nothing was committed",
            ));
        }
        let written = Store::write(
            self.db.as_ref().expect("opened above"),
            &self.label,
            keys,
            state,
            interner,
            sources,
            counters,
        );
        match written {
            Ok(()) => {
                self.commit = counters.commit;
                self.kernel = counters.kernel;
            }
            Err(_) => self.db = None,
        }
        if let Some(identity) = &mut self.identity {
            identity.after_own_write();
        }
        written
    }

    fn write<'k>(
        db: &Database,
        label: &str,
        keys: impl Iterator<Item = &'k Key>,
        state: &State,
        interner: &Interner,
        sources: &SourceArena,
        counters: Counters,
    ) -> Result<()> {
        let err = |e: &dyn std::fmt::Display| {
            io(
                label,
                "committing",
                format!("{e}; nothing was committed, and the changes stay uncommitted"),
            )
        };
        let mut txn = db.begin_write().map_err(|e| err(&e))?;
        txn.set_durability(Durability::Immediate)
            .map_err(|e| err(&e))?;
        {
            let mut meta = txn.open_table(META).map_err(|e| err(&e))?;
            let mut classes = txn.open_table(CLASSES).map_err(|e| err(&e))?;
            let mut methods = txn.open_table(METHODS).map_err(|e| err(&e))?;
            let mut dictionaries = txn.open_table(DICTIONARIES).map_err(|e| err(&e))?;
            let mut entries = txn.open_table(ENTRIES).map_err(|e| err(&e))?;
            let mut symbol_lists = txn.open_table(SYMBOL_LISTS).map_err(|e| err(&e))?;
            let mut objects = txn.open_table(OBJECTS).map_err(|e| err(&e))?;
            meta.insert("format", FORMAT_VERSION).map_err(|e| err(&e))?;
            meta.insert("commit", counters.commit)
                .map_err(|e| err(&e))?;
            meta.insert("next_class_id", counters.next_class_id)
                .map_err(|e| err(&e))?;
            meta.insert("next_object_id", counters.next_object_id)
                .map_err(|e| err(&e))?;
            meta.insert("stable_hashes_from", counters.stable_hashes_from)
                .map_err(|e| err(&e))?;
            meta.insert("kernel", counters.kernel)
                .map_err(|e| err(&e))?;
            let mut method_keys = Vec::new();
            for key in keys {
                match key {
                    Key::Class(id) => match state.classes.get(id) {
                        Some(record) => {
                            classes
                                .insert(id.0, encode(record.as_ref()).as_slice())
                                .map_err(|e| err(&e))?;
                        }
                        None => {
                            classes.remove(id.0).map_err(|e| err(&e))?;
                        }
                    },
                    Key::Method(k) => {
                        let selector = interner.resolve(k.selector);
                        method_keys.push(((k.class.0, side_byte(k.side), selector), k));
                    }
                    Key::Dictionary(name) => {
                        if state.dictionaries.contains_key(name) {
                            dictionaries
                                .insert(name.as_str(), ())
                                .map_err(|e| err(&e))?;
                        } else {
                            dictionaries.remove(name.as_str()).map_err(|e| err(&e))?;
                            // A removed dictionary takes its entries with it.
                            let doomed: Vec<String> = entries
                                .range((name.as_str(), "")..)
                                .map_err(|e| err(&e))?
                                .map_while(|row| match row {
                                    Ok((k, _)) if k.value().0 == name.as_str() => {
                                        Some(Ok(k.value().1.to_string()))
                                    }
                                    Ok(_) => None,
                                    Err(e) => Some(Err(e)),
                                })
                                .collect::<Result<_, _>>()
                                .map_err(|e| err(&e))?;
                            for entry in &doomed {
                                entries
                                    .remove((name.as_str(), entry.as_str()))
                                    .map_err(|e| err(&e))?;
                            }
                        }
                    }
                    Key::Entry(dict, name) => {
                        match state.dictionaries.get(dict).and_then(|d| d.get(name)) {
                            Some(entry) => {
                                entries
                                    .insert(
                                        (dict.as_str(), name.as_str()),
                                        encode(entry).as_slice(),
                                    )
                                    .map_err(|e| err(&e))?;
                            }
                            None => {
                                entries
                                    .remove((dict.as_str(), name.as_str()))
                                    .map_err(|e| err(&e))?;
                            }
                        }
                    }
                    Key::SymbolList(user) => match state.symbol_lists.get(user) {
                        Some(list) => {
                            symbol_lists
                                .insert(user.as_str(), encode(list.as_ref()).as_slice())
                                .map_err(|e| err(&e))?;
                        }
                        None => {
                            symbol_lists.remove(user.as_str()).map_err(|e| err(&e))?;
                        }
                    },
                    Key::Object(id) => match state.objects.get(id) {
                        Some(object) => {
                            objects
                                .insert(id.0, encode(object.as_ref()).as_slice())
                                .map_err(|e| err(&e))?;
                        }
                        None => {
                            objects.remove(id.0).map_err(|e| err(&e))?;
                        }
                    },
                    Key::ClassShape(_) | Key::MethodsOf(_) => {}
                }
            }
            // Rows in key order: redb's B-tree then appends instead of
            // splitting pages all over the table, which matters when a
            // file-in commits 100,000 methods (the keys' own order is by
            // interned selector number, not by name).
            method_keys.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            for (row_key, k) in method_keys {
                match state.methods.get(k) {
                    Some(m) => {
                        let row = MethodRow {
                            category: interner.resolve(m.category),
                            source: sources.get(m.source),
                            sends: m.sends().iter().map(|&s| interner.resolve(s)).collect(),
                            references: m
                                .references()
                                .iter()
                                .map(|&s| interner.resolve(s))
                                .collect(),
                            primitive: m.primitive.as_deref(),
                        };
                        methods
                            .insert(row_key, encode(&row).as_slice())
                            .map_err(|e| err(&e))?;
                    }
                    None => {
                        methods.remove(row_key).map_err(|e| err(&e))?;
                    }
                }
            }
        }
        txn.commit().map_err(|e| err(&e))?;
        Ok(())
    }
}
