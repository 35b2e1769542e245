//! A toolset's disk quota: what its writable granted directories may hold
//! together (`[toolset.limits] disk_bytes`), whoever wrote it.
//!
//! The disk reserve ([`crate::disk`]) keeps the image's file system from
//! filling; it does not stop one toolset from taking all the space above
//! it, from every other toolset and from whatever else shares the disk.
//! So each toolset has a quota, shared by all its instances.
//!
//! Usage is counted in 4 KiB blocks: each file its apparent size rounded
//! up (a sparse file counts whole), at least one block, once however many
//! hard links it has; each directory, symbolic link or other entry one
//! block. The directories are measured (walked) at the toolset's first
//! write; after that each write, size change and new entry takes what it
//! adds by that rule as the plug-in makes it (a stream's write, whose
//! file size the host does not see, the most it can add). Deleting and
//! shrinking are not followed as they happen, so the count only grows
//! between measurements; a write that the count says would pass the
//! quota measures again first, and is refused only if the directories
//! really are that full. A measurement stops as soon as it has counted
//! past the quota, so it walks at most `limits.disk_bytes / 4096` entries,
//! and runs again no sooner than ten times its own length after the last
//! one, so measuring takes at most a tenth of a full toolset's time; in
//! between, a write the count refuses stays refused. The walk runs on the
//! calling plug-in's thread (a quota of 1 GiB walks at most 262,144
//! entries); the toolset's other writes wait for its first measurement
//! only, and meanwhile are decided by the count as it stands.

use std::path::PathBuf;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::config::Grants;

/// The unit usage is counted in: what a new entry takes at least.
pub(crate) const BLOCK: u64 = 4096;

/// A measurement runs again no sooner than this many times its own length
/// after the last.
const MEASURE_DUTY: u32 = 10;

/// One toolset's quota over its writable granted directories.
#[derive(Debug)]
pub(crate) struct DiskQuota {
    /// The toolset, as the operator's log names it.
    toolset: String,
    /// The most the directories may hold, in bytes.
    limit: u64,
    /// The writable granted directories, on the host.
    roots: Vec<PathBuf>,
    usage: Mutex<Usage>,
    /// Signalled when the first measurement ends.
    first_measured: Condvar,
}

/// What the directories hold, as last counted.
#[derive(Debug, Default)]
struct Usage {
    /// The last measurement plus everything taken since: never less than
    /// the directories hold, unless something outside the plug-ins wrote.
    counted: u64,
    /// When the last measurement ended, and how long it took.
    measured: Option<(Instant, Duration)>,
    /// True while a measurement walks the directories; what is taken
    /// meanwhile is added to what it finds.
    measuring: bool,
    taken_while_measuring: u64,
    /// True once the operator was told the directories are past the
    /// quota, until a measurement finds them under it again.
    told: bool,
}

impl DiskQuota {
    /// A quota of `limit` bytes over `grants`' writable directories, for
    /// the toolset the log calls `toolset`. A directory granted twice, or
    /// inside another (which the host refuses at load), is counted once.
    pub fn new(toolset: &str, limit: u64, grants: &Grants) -> DiskQuota {
        let mut writable: Vec<&PathBuf> = grants
            .dirs
            .iter()
            .filter(|d| d.writable)
            .map(|d| &d.host_path)
            .collect();
        writable.sort();
        let mut roots: Vec<PathBuf> = Vec::new();
        for dir in writable {
            if !roots.iter().any(|root| dir.starts_with(root)) {
                roots.push(dir.clone());
            }
        }
        DiskQuota {
            toolset: toolset.to_string(),
            limit,
            roots,
            usage: Mutex::default(),
            first_measured: Condvar::new(),
        }
    }

    /// Takes `bytes` of the quota for a write or a new entry about to be
    /// made, or says why the directories have no room for it. The walk of
    /// a measurement holds no lock: other writes of the toolset go on,
    /// decided by the count, but for the first measurement, which they
    /// wait for.
    pub fn take(&self, bytes: u64) -> Result<(), String> {
        if self.roots.is_empty() {
            return Ok(());
        }
        let mut usage = self.lock();
        let mut walked = false;
        loop {
            let fits = usage.counted.saturating_add(bytes) <= self.limit;
            if usage.measured.is_some() && fits {
                usage.counted += bytes;
                if usage.measuring {
                    usage.taken_while_measuring += bytes;
                }
                return Ok(());
            }
            if usage.measuring && usage.measured.is_none() {
                usage = self
                    .first_measured
                    .wait(usage)
                    .unwrap_or_else(PoisonError::into_inner);
                continue;
            }
            if walked || usage.measuring || !usage.may_measure() {
                return Err(self.refusal(&usage, bytes));
            }
            usage = self.measure(usage);
            walked = true;
        }
    }

    /// Counts `bytes` already written (a splice, whose size is known only
    /// once it is done).
    pub fn add(&self, bytes: u64) {
        let mut usage = self.lock();
        usage.counted = usage.counted.saturating_add(bytes);
        if usage.measuring {
            usage.taken_while_measuring += bytes;
        }
    }

    fn lock(&self) -> MutexGuard<'_, Usage> {
        self.usage.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Why `bytes` more do not fit.
    fn refusal(&self, usage: &Usage, bytes: u64) -> String {
        let held = if usage.counted > self.limit {
            format!("more than the {} bytes", self.limit)
        } else {
            format!("{} of the {} bytes", usage.counted, self.limit)
        };
        format!(
            "the toolset's writable granted directories hold {held} of its disk quota \
             (`[toolset.limits] disk_bytes`), no room for {bytes} bytes more"
        )
    }

    /// Measures the directories, the lock let go while it walks them, and
    /// tells the operator once when they are past the quota: every write
    /// is refused then, which the plug-in may not report.
    fn measure<'a>(&'a self, mut usage: MutexGuard<'a, Usage>) -> MutexGuard<'a, Usage> {
        usage.measuring = true;
        usage.taken_while_measuring = 0;
        drop(usage);
        let started = Instant::now();
        let found = held(&self.roots, self.limit);
        let took = started.elapsed();
        let mut usage = self.lock();
        usage.counted = found.saturating_add(usage.taken_while_measuring);
        usage.measured = Some((Instant::now(), took));
        usage.measuring = false;
        self.first_measured.notify_all();
        let over = usage.counted > self.limit;
        if over && !usage.told {
            eprintln!(
                "gs-mcp: toolset {}: its writable granted directories hold more than its disk \
                 quota of {} bytes (`[toolset.limits] disk_bytes`); its writes are refused until they \
                 hold less, or the quota is raised",
                self.toolset, self.limit
            );
        }
        usage.told = over;
        usage
    }
}

impl Usage {
    /// True once the last measurement is ten times its length ago.
    fn may_measure(&self) -> bool {
        self.measured
            .is_none_or(|(ended, took)| ended.elapsed() >= took * MEASURE_DUTY)
    }
}

/// What `roots` hold in [`BLOCK`]s, counted until it passes `limit`.
/// Entries that vanish or cannot be read while it walks are not counted;
/// symbolic links are counted, never followed.
fn held(roots: &[PathBuf], limit: u64) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let mut total = 0u64;
    let mut linked = std::collections::HashSet::new();
    let mut dirs: Vec<PathBuf> = roots.to_vec();
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let Ok(meta) = entry.metadata() else {
                continue;
            };
            if meta.is_file() && meta.nlink() > 1 && !linked.insert((meta.dev(), meta.ino())) {
                continue;
            }
            total = total.saturating_add(match meta.is_file() {
                true => blocks(meta.len()),
                false => BLOCK,
            });
            if total > limit {
                return total;
            }
            if meta.is_dir() {
                dirs.push(entry.path());
            }
        }
    }
    total
}

/// What a file of `size` bytes counts: its whole blocks, at least one.
fn blocks(size: u64) -> u64 {
    size.div_ceil(BLOCK).max(1).saturating_mul(BLOCK)
}

/// What a file of `size` bytes adds when something is written up to
/// `end` in it, or it is given the size `end`: nothing when `end` is
/// within it.
pub(crate) fn growth(size: u64, end: u64) -> u64 {
    blocks(end).saturating_sub(blocks(size))
}

/// The most a write of `bytes` can add to a file of any size.
pub(crate) fn most_added(bytes: u64) -> u64 {
    bytes.div_ceil(BLOCK).saturating_mul(BLOCK)
}

/// A quota of `limit` over `root` alone.
#[cfg(test)]
fn quota_on(limit: u64, root: &std::path::Path) -> DiskQuota {
    DiskQuota {
        toolset: "test".into(),
        limit,
        roots: vec![root.to_path_buf()],
        usage: Mutex::default(),
        first_measured: Condvar::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_count_whole_blocks_and_symbolic_links_are_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("big"), vec![0u8; 1 << 20]).unwrap();
        std::fs::write(dir.path().join("empty"), b"").unwrap();
        std::fs::write(dir.path().join("one"), vec![0u8; 4097]).unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("sub/x"), b"x").unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("link")).unwrap();
        // empty 1, one 2, sub 1, sub/x 1, link 1.
        assert_eq!(held(&[dir.path().to_path_buf()], u64::MAX), 6 * BLOCK);
    }

    #[test]
    fn a_file_with_hard_links_counts_once() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a"), vec![0u8; 8192]).unwrap();
        std::fs::hard_link(dir.path().join("a"), dir.path().join("b")).unwrap();
        assert_eq!(held(&[dir.path().to_path_buf()], u64::MAX), 2 * BLOCK);
    }

    #[test]
    fn what_a_write_adds_is_counted_as_a_measurement_counts_it() {
        assert_eq!(growth(0, 0), 0, "an empty file has its block");
        assert_eq!(growth(0, 1), 0);
        assert_eq!(growth(0, 4097), BLOCK);
        assert_eq!(growth(100, 50), 0, "a write inside the file adds nothing");
        assert_eq!(growth(0, 1 << 30), (1 << 30) - BLOCK);
        // Whatever the file's size, a write adds at most its own blocks.
        for size in [0, 1, 4095, 4096, 4097, 10_000] {
            for bytes in [0, 1, 4095, 4096, 4097, 12_288] {
                assert!(
                    growth(size, size + bytes) <= most_added(bytes),
                    "{size} {bytes}"
                );
            }
        }
    }

    #[test]
    fn a_measurement_stops_once_past_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..100 {
            std::fs::write(dir.path().join(i.to_string()), b"").unwrap();
        }
        assert_eq!(held(&[dir.path().to_path_buf()], 10 * BLOCK), 11 * BLOCK);
    }

    #[test]
    fn a_write_the_count_refuses_is_measured_again_and_lands_if_there_is_room() {
        let dir = tempfile::tempdir().unwrap();
        let quota = quota_on(4 * BLOCK, dir.path());
        std::fs::write(dir.path().join("a"), vec![0u8; 3 * 4096]).unwrap();
        quota.take(BLOCK).unwrap();
        std::fs::write(dir.path().join("b"), b"b").unwrap();
        let refused = quota.take(BLOCK).unwrap_err();
        assert_eq!(
            refused,
            "the toolset's writable granted directories hold 16384 of the 16384 bytes of \
             its disk quota (`[toolset.limits] disk_bytes`), no room for 4096 bytes more"
        );
        // Deleted outside the count: the next measurement finds the room.
        std::fs::remove_file(dir.path().join("a")).unwrap();
        std::thread::sleep(Duration::from_millis(5));
        quota.take(2 * BLOCK).unwrap();
    }

    #[test]
    fn writes_during_the_first_measurement_wait_for_it() {
        // A walk of 3,000 entries takes long enough for the other threads
        // to arrive while it runs; none may be refused for it.
        let dir = tempfile::tempdir().unwrap();
        for i in 0..3000 {
            std::fs::write(dir.path().join(i.to_string()), b"").unwrap();
        }
        let quota = std::sync::Arc::new(quota_on(u64::MAX, dir.path()));
        let start = std::sync::Arc::new(std::sync::Barrier::new(8));
        let takers: Vec<_> = (0..8)
            .map(|_| {
                let (quota, start) = (quota.clone(), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    quota.take(BLOCK)
                })
            })
            .collect();
        for t in takers {
            t.join().unwrap().unwrap();
        }
        assert_eq!(quota.lock().counted, 3008 * BLOCK);
    }

    #[test]
    fn a_toolset_without_writable_directories_takes_nothing() {
        let quota = DiskQuota::new("none", 0, &Grants::default());
        quota.take(u64::MAX).unwrap();
    }

    #[test]
    fn a_directory_granted_inside_another_is_counted_once() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("inner")).unwrap();
        std::fs::write(dir.path().join("inner/x"), b"x").unwrap();
        let grant = |path: PathBuf, guest: &str, writable| crate::DirGrant {
            host_path: path,
            guest_path: guest.into(),
            writable,
        };
        let grants = Grants {
            dirs: vec![
                grant(dir.path().join("inner"), "/inner", true),
                grant(dir.path().to_path_buf(), "/all", true),
                grant(dir.path().to_path_buf(), "/again", true),
                grant(std::path::PathBuf::from("/"), "/root", false),
            ],
            ..Grants::default()
        };
        let quota = DiskQuota::new("nested", u64::MAX, &grants);
        assert_eq!(quota.roots, [dir.path().to_path_buf()]);
        // inner, inner/x.
        assert_eq!(held(&quota.roots, u64::MAX), 2 * BLOCK);
    }
}
