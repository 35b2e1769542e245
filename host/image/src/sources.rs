//! Method sources, kept contiguously so that searching them is one fast
//! pass over a few large buffers, and given back when nothing can read
//! them any more.
//!
//! Every source compiled or loaded in this process is appended to the
//! image's [`SourceArena`], followed by a NUL separator, and a method's
//! state holds only a [`SourceRef`] to it: a slot number, which the
//! arena's slot table maps to where the source lies now. A source search
//! scans the arena's chunks with one substring finder (at memory speed
//! instead of chasing 100k scattered allocations), then keeps only the
//! hits whose `SourceRef` is the one the session's own view holds for that
//! method, which discards sources that were replaced, removed, or belong
//! to other sessions' uncommitted work.
//!
//! # Reclaiming sources (the design; STORE.md, "Method sources", has the
//! # summary)
//!
//! A source is *live* while some state that may still read it exists. The
//! states that read sources are the image's newest view, each session's
//! view (its base) and each session's working state (its base plus its own
//! changes); nothing else reads them (a [`crate::CodeMark`] keeps a
//! version of the code alive only to compare it, never to read a source).
//! So a source dies in exactly one of two ways, each seen at one place:
//!
//! - **Private, never committed.** A session's compile adds a source only
//!   its own working state can reach. The session lists the sources it
//!   added (`PrivateSources`); when it commits, those the committed state
//!   holds become the image's, and the rest die with its aborts, its
//!   refreshes and its drop. They are not given back sooner (a
//!   recompile within the session replacing its own source) because a
//!   copy of the working state taken during an operation may be put back
//!   when the operation is refused.
//! - **Committed, then replaced or removed.** A source that commit `B`
//!   made the image's and commit `N` replaced or removed (its method's
//!   record now holds another source, or none) is *retired*: only views
//!   from `B` up to, not including, `N` hold it, with the working states
//!   built on them. Every view carries a pin ([`ViewPin`]) shared by all
//!   its clones; the retired source dies once no view in that range is
//!   pinned. So a session idling on an old view keeps only the sources
//!   that view holds, never the versions committed and replaced after it.
//!   Only a write can put a source into a commit, and a write of a method
//!   another session changed since the writer's view conflicts, so a
//!   retired source never comes back. (A source loaded from the file
//!   counts as made by commit 0, which only errs towards keeping it.)
//!
//! A dead source's entry is marked dead in its chunk (searches skip it) and
//! its slot is free for the next source; its bytes stay until the arena is
//! compacted. When the dead bytes pass both the live bytes and
//! [`MIN_DEAD_BYTES`], the arena is rebuilt from its live sources (chunk
//! by chunk, so at most one old chunk is held besides the new ones) and
//! the slot table is pointed at their new places. References never
//! change, so no state needs rewriting, and a session on an old view reads
//! its old sources as before. Compaction runs under the arena's write lock
//! when a commit, abort or drop releases sources, so the time it takes
//! (copying the live sources, tens of milliseconds for a 35 MB image)
//! is paid at most once per live-size of garbage, never per change.
//!
//! The arena lives in memory only: opening an image loads every stored
//! source into a fresh arena, so nothing on disk changes with it.

use std::sync::{Arc, Mutex, RwLock, Weak};

use gs_smalltalk::case;
use memchr::memmem::Finder;

use crate::state::MethodKey;

/// Where one source lives: its slot in the arena's slot table, which
/// follows the source when a compaction moves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct SourceRef(u32);

/// An entry's slot once its source is dead.
const DEAD: u32 = u32::MAX;

/// One source's place in a chunk, the slot that refers to it (or
/// [`DEAD`]), and the method it was compiled for. Its end is where the
/// next entry starts, less the NUL separator, so it needs no length.
#[derive(Debug, Clone, Copy)]
struct Entry {
    start: u32,
    slot: u32,
    key: MethodKey,
}

#[derive(Debug)]
struct Chunk {
    text: String,
    entries: Vec<Entry>,
    /// Every source in the chunk is ASCII, so folding its case keeps
    /// every byte offset and a search ignoring case takes the fast path.
    ascii: bool,
}

impl Chunk {
    fn new(capacity: usize) -> Chunk {
        Chunk {
            text: String::with_capacity(capacity),
            entries: Vec::new(),
            ascii: true,
        }
    }

    /// The byte range of entry `index`'s source in the chunk's text.
    fn span(&self, index: usize) -> std::ops::Range<usize> {
        span(
            self.entries.len(),
            |i| self.entries[i].start as usize,
            self.text.len(),
            index,
        )
    }

    /// Appends a source with its separator; answers the entry's index.
    fn push(&mut self, source: &str, slot: u32, key: MethodKey) -> u32 {
        let start = self.text.len();
        self.text.push_str(source);
        self.text.push('\0');
        self.ascii &= source.is_ascii();
        // Chunks stop growing past `CHUNK_BYTES`, and a source alone in
        // its chunk starts at 0, so a start always fits.
        self.entries.push(Entry {
            start: u32::try_from(start).unwrap_or(u32::MAX),
            slot,
            key,
        });
        u32::try_from(self.entries.len() - 1).unwrap_or(u32::MAX)
    }
}

/// The range of source `index` of `count`, whose starts `start_of`
/// answers, in a text of `text_len` bytes in which each is followed by
/// one NUL.
fn span(
    count: usize,
    start_of: impl Fn(usize) -> usize,
    text_len: usize,
    index: usize,
) -> std::ops::Range<usize> {
    let start = start_of(index);
    let next = if index + 1 < count {
        start_of(index + 1)
    } else {
        text_len
    };
    start..next.saturating_sub(1).max(start)
}

/// Where a source lies now (its chunk and its entry there), and the
/// commit that made it the image's (0 until then, or when unknown: a
/// source loaded from the file). Commits past `u32::MAX` are noted as
/// `u32::MAX`, which only makes the source look older than it is.
#[derive(Debug, Clone, Copy, Default)]
struct Loc {
    chunk: u32,
    index: u32,
    born: u32,
}

/// Chunks stop growing past this size, so offsets fit in `u32` and a
/// search can hand whole chunks to two threads.
const CHUNK_BYTES: usize = 8 << 20;

/// Below this many bytes a search runs on the calling thread.
const PARALLEL_BYTES: usize = 4 << 20;

/// Dead bytes below this are never worth a compaction, however few live
/// bytes there are.
pub(crate) const MIN_DEAD_BYTES: usize = 4 << 20;

/// True when a chunk holding `held` bytes has no room for a source
/// needing `need` (an empty chunk takes a source of any size).
fn full(held: usize, need: usize) -> bool {
    held > 0 && held + need > CHUNK_BYTES
}

/// The image's store of method sources.
#[derive(Debug, Default)]
pub(crate) struct SourceArena {
    chunks: Vec<Chunk>,
    /// Where each slot's source lies; a free slot's entry is stale.
    slots: Vec<Loc>,
    free: Vec<u32>,
    /// Bytes of the chunks' texts, separators included.
    held_bytes: usize,
    /// Of those, bytes of dead sources (and their separators).
    dead_bytes: usize,
}

impl SourceArena {
    /// Appends the source of the method `key`.
    pub(crate) fn add(&mut self, key: MethodKey, source: &str) -> SourceRef {
        let need = source.len() + 1;
        if self.chunks.last().is_none_or(|c| full(c.text.len(), need)) {
            // Full capacity up front: a chunk never reallocates, so at most
            // the last chunk has unused room.
            self.chunks.push(Chunk::new(need.max(CHUNK_BYTES)));
        }
        let slot = match self.free.pop() {
            Some(slot) => slot,
            None => {
                self.slots.push(Loc::default());
                // More than 2^32 sources at once cannot fit in memory.
                u32::try_from(self.slots.len() - 1).expect("fewer than 2^32 live sources")
            }
        };
        let chunk = self.chunks.len() - 1;
        let index = self.chunks[chunk].push(source, slot, key);
        self.slots[slot as usize] = Loc {
            chunk: u32::try_from(chunk).unwrap_or(u32::MAX),
            index,
            born: 0,
        };
        self.held_bytes += need;
        SourceRef(slot)
    }

    /// Where a live source's entry is.
    fn entry(&self, source: SourceRef) -> Option<(&Chunk, usize)> {
        let loc = self.slots.get(source.0 as usize)?;
        let chunk = self.chunks.get(loc.chunk as usize)?;
        let index = loc.index as usize;
        (chunk.entries.get(index)?.slot == source.0).then_some((chunk, index))
    }

    /// The text of a source.
    pub(crate) fn get(&self, source: SourceRef) -> &str {
        self.entry(source)
            .and_then(|(chunk, index)| chunk.text.get(chunk.span(index)))
            .unwrap_or("")
    }

    /// The method a live source was compiled for.
    pub(crate) fn key_of(&self, source: SourceRef) -> Option<MethodKey> {
        self.entry(source)
            .map(|(chunk, index)| chunk.entries[index].key)
    }

    /// Notes that commit `commit` made a source the image's: views
    /// older than that never held it.
    fn set_born(&mut self, source: SourceRef, commit: u64) {
        if self.entry(source).is_some() {
            self.slots[source.0 as usize].born = u32::try_from(commit).unwrap_or(u32::MAX);
        }
    }

    /// The commit that made a source the image's, as far as it is known.
    fn born(&self, source: SourceRef) -> u64 {
        self.slots
            .get(source.0 as usize)
            .map_or(0, |loc| u64::from(loc.born))
    }

    /// Bytes the arena holds: every source not yet compacted away, with
    /// its separator.
    pub(crate) fn held_bytes(&self) -> usize {
        self.held_bytes
    }

    /// Gives back a source nothing can read any more: searches skip it
    /// from now on, its slot goes to the next source, and its bytes to the
    /// next compaction. A source already given back is left alone.
    pub(crate) fn release(&mut self, source: SourceRef) {
        let Some(loc) = self.slots.get(source.0 as usize).copied() else {
            return;
        };
        let Some(chunk) = self.chunks.get_mut(loc.chunk as usize) else {
            return;
        };
        let index = loc.index as usize;
        if chunk.entries.get(index).is_none_or(|e| e.slot != source.0) {
            return;
        }
        let bytes = chunk.span(index).len() + 1;
        chunk.entries[index].slot = DEAD;
        self.dead_bytes += bytes;
        self.free.push(source.0);
    }

    /// True when the dead bytes are worth a compaction: more than the
    /// live ones, and more than [`MIN_DEAD_BYTES`].
    pub(crate) fn wants_compaction(&self) -> bool {
        self.dead_bytes >= MIN_DEAD_BYTES && self.dead_bytes > self.held_bytes - self.dead_bytes
    }

    /// Rebuilds the chunks from the live sources alone, in their order,
    /// and points their slots at their new places.
    pub(crate) fn compact(&mut self) {
        if self.dead_bytes == 0 {
            return;
        }
        // Plan the new chunks' sizes first, so each is allocated once at
        // its size (the last one with room to grow, as `add` makes them).
        let mut sizes = Vec::new();
        let mut held = 0;
        for chunk in &self.chunks {
            for (index, entry) in chunk.entries.iter().enumerate() {
                if entry.slot == DEAD {
                    continue;
                }
                let need = chunk.span(index).len() + 1;
                if full(held, need) {
                    sizes.push(held);
                    held = 0;
                }
                held += need;
            }
        }
        sizes.push(held);
        let last = sizes.len() - 1;
        let mut chunks: Vec<Chunk> = Vec::with_capacity(sizes.len());
        // Each old chunk is dropped as soon as its live sources are copied.
        for old in std::mem::take(&mut self.chunks) {
            for (index, entry) in old.entries.iter().enumerate() {
                if entry.slot == DEAD {
                    continue;
                }
                let source = &old.text[old.span(index)];
                if chunks
                    .last()
                    .is_none_or(|c| full(c.text.len(), source.len() + 1))
                {
                    let size = sizes[chunks.len()];
                    let size = if chunks.len() == last {
                        size.max(CHUNK_BYTES)
                    } else {
                        size
                    };
                    chunks.push(Chunk::new(size));
                }
                let at = chunks.len() - 1;
                let moved = chunks[at].push(source, entry.slot, entry.key);
                let loc = &mut self.slots[entry.slot as usize];
                loc.chunk = u32::try_from(at).unwrap_or(u32::MAX);
                loc.index = moved;
            }
        }
        self.chunks = chunks;
        self.held_bytes -= self.dead_bytes;
        self.dead_bytes = 0;
    }

    /// Every (method, source) whose source contains the finder's needle;
    /// with `fold_case`, the needle is looked for in each source's
    /// lowercase form ([`case::lowercase_str`], so the needle must be in
    /// that form too): letters of every script match either case, as
    /// `asLowercase` folds them. A needle holding NUL never matches
    /// (sources are NUL-separated, and a match must lie inside one source).
    /// Dead sources are never answered.
    pub(crate) fn search(
        &self,
        finder: &Finder<'_>,
        fold_case: bool,
    ) -> Vec<(MethodKey, SourceRef)> {
        let total: usize = self.chunks.iter().map(|c| c.text.len()).sum();
        let scan = |chunks: &[&Chunk]| {
            let mut hits = Vec::new();
            for chunk in chunks {
                let starts = |i: usize| chunk.entries[i].start as usize;
                if !fold_case {
                    let text = chunk.text.as_bytes();
                    scan_chunk(chunk, text, &starts, finder, &mut hits);
                } else if chunk.ascii {
                    // ASCII letters lowercase to ASCII, one byte for one,
                    // so the entries still locate the matches.
                    let folded = chunk.text.to_ascii_lowercase();
                    scan_chunk(chunk, folded.as_bytes(), &starts, finder, &mut hits);
                } else {
                    let (folded, spans) = fold_chunk(chunk);
                    let starts = |i: usize| spans[i] as usize;
                    scan_chunk(chunk, folded.as_bytes(), &starts, finder, &mut hits);
                }
            }
            hits
        };
        let chunks: Vec<&Chunk> = self.chunks.iter().collect();
        if total < PARALLEL_BYTES || chunks.len() < 2 {
            return scan(&chunks);
        }
        // Alternate chunks between the two threads so each gets about half.
        let (even, odd): (Vec<_>, Vec<_>) = chunks
            .into_iter()
            .enumerate()
            .partition(|(i, _)| i % 2 == 0);
        let even: Vec<&Chunk> = even.into_iter().map(|(_, c)| c).collect();
        let odd: Vec<&Chunk> = odd.into_iter().map(|(_, c)| c).collect();
        std::thread::scope(|s| {
            let other = s.spawn(|| scan(&odd));
            let mut hits = scan(&even);
            // A panic here would be a bug in the scan itself; surface it.
            hits.extend(
                other
                    .join()
                    .unwrap_or_else(|p| std::panic::resume_unwind(p)),
            );
            hits
        })
    }
}

/// The chunk's text with every live source lowercased, and where each
/// source lies in it (in the order of the chunk's entries; a dead source
/// is left out, as an empty one). Lowercasing can change a character's
/// UTF-8 length (the Kelvin sign's three bytes become `k`'s one), so the
/// folded sources are laid out afresh.
fn fold_chunk(chunk: &Chunk) -> (String, Vec<u32>) {
    let mut folded = String::with_capacity(chunk.text.len() + chunk.text.len() / 8);
    let mut starts = Vec::with_capacity(chunk.entries.len());
    for (index, entry) in chunk.entries.iter().enumerate() {
        let at = folded.len();
        starts.push(u32::try_from(at).unwrap_or(u32::MAX));
        if entry.slot != DEAD {
            let source = chunk.text.get(chunk.span(index)).unwrap_or("");
            if source.is_ascii() {
                folded.push_str(source);
                folded[at..].make_ascii_lowercase();
            } else {
                folded.extend(source.chars().map(case::lowercase));
            }
        }
        folded.push('\0');
    }
    (folded, starts)
}

/// Adds to `hits` each live source of `chunk` that `text` has a match in,
/// once. `start_of` says where each entry's source starts in `text` (the
/// chunk's own offsets when `text` keeps them), in the order of its
/// entries, each followed by one NUL.
fn scan_chunk(
    chunk: &Chunk,
    text: &[u8],
    start_of: &impl Fn(usize) -> usize,
    finder: &Finder<'_>,
    hits: &mut Vec<(MethodKey, SourceRef)>,
) {
    let count = chunk.entries.len();
    let needle = finder.needle().len();
    let mut last: Option<usize> = None;
    for at in finder.find_iter(text) {
        // The last entry starting at or before the match.
        let (mut lo, mut hi) = (0, count);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if start_of(mid) <= at {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let n = match lo {
            0 => continue,
            n => n - 1,
        };
        if last == Some(n) || at + needle > span(count, start_of, text.len(), n).end {
            continue;
        }
        let entry = chunk.entries[n];
        if entry.slot == DEAD {
            continue;
        }
        last = Some(n);
        hits.push((entry.key, SourceRef(entry.slot)));
    }
}

/// Held by every clone of one view: while any is alive, the sources that
/// view holds stay readable (see the module documentation).
#[derive(Debug)]
pub(crate) struct ViewPin;

/// The image's sources: the arena, and what decides when a committed
/// source replaced since may be given back.
#[derive(Debug, Default)]
pub(crate) struct Sources {
    arena: RwLock<SourceArena>,
    retired: Mutex<Retired>,
}

/// Views that may still be alive, and sources retired by commits.
#[derive(Debug, Default)]
struct Retired {
    /// Each published view's commit and pin, oldest first.
    views: Vec<(u64, Weak<ViewPin>)>,
    /// Sources retired and not yet given back: the commit that made each
    /// the image's, and the one that replaced or removed it. Views from
    /// the first up to, not including, the second may hold it.
    sources: Vec<(u64, u64, SourceRef)>,
    /// The commits of the views alive when `sources[..checked]` were last
    /// found held by one of them.
    live: Vec<u64>,
    checked: usize,
}

impl Sources {
    /// The image's sources, starting from the arena an image was loaded
    /// into.
    pub(crate) fn new(arena: SourceArena) -> Sources {
        Sources {
            arena: RwLock::new(arena),
            retired: Mutex::default(),
        }
    }

    /// The arena itself.
    pub(crate) fn arena(&self) -> &RwLock<SourceArena> {
        &self.arena
    }

    fn retired(&self) -> std::sync::MutexGuard<'_, Retired> {
        // Each change to it is one push or pop: a panic elsewhere cannot
        // leave it half-changed.
        self.retired.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, SourceArena> {
        self.arena.write().unwrap_or_else(|p| p.into_inner())
    }

    /// A pin for the view of commit `commit`, about to be published (so
    /// before any session can hold it). Commits publish in order.
    pub(crate) fn pin(&self, commit: u64) -> Arc<ViewPin> {
        let pin = Arc::new(ViewPin);
        self.retired().views.push((commit, Arc::downgrade(&pin)));
        pin
    }

    /// Notes that commit `commit` replaced or removed the methods whose
    /// sources these were.
    pub(crate) fn retire(&self, commit: u64, sources: impl IntoIterator<Item = SourceRef>) {
        let arena = self.arena.read().unwrap_or_else(|p| p.into_inner());
        let sources: Vec<_> = sources
            .into_iter()
            .map(|s| (arena.born(s), commit, s))
            .collect();
        drop(arena);
        if !sources.is_empty() {
            self.retired().sources.extend(sources);
        }
    }

    /// Notes that commit `commit` made these sources, a session's until
    /// then, the image's.
    pub(crate) fn committed(&self, commit: u64, sources: &[SourceRef]) {
        if sources.is_empty() {
            return;
        }
        let mut arena = self.write();
        for &source in sources {
            arena.set_born(source, commit);
        }
    }

    /// Gives back `dead` (a session's sources no state holds any more) and
    /// every retired source no view still alive can hold, then compacts
    /// the arena if that left enough dead bytes.
    pub(crate) fn release(&self, dead: &[SourceRef]) {
        let due = self.due();
        if dead.is_empty() && due.is_empty() {
            return;
        }
        let mut arena = self.write();
        for &source in dead.iter().chain(&due) {
            arena.release(source);
        }
        if arena.wants_compaction() {
            arena.compact();
        }
    }

    /// Gives back what [`Sources::release`] would, then compacts whatever
    /// the dead bytes come to.
    #[cfg(feature = "test-hooks")]
    pub(crate) fn compact_now(&self) {
        let due = self.due();
        let mut arena = self.write();
        for source in due {
            arena.release(source);
        }
        arena.compact();
    }

    /// The retired sources no view still alive can hold, taken off the
    /// list: those no view from the commit that made each the image's up
    /// to the one that retired it is pinned by.
    fn due(&self) -> Vec<SourceRef> {
        let mut retired = self.retired();
        let retired = &mut *retired;
        retired.views.retain(|(_, pin)| pin.strong_count() > 0);
        if retired.sources.is_empty() {
            return Vec::new();
        }
        // Pushed in commit order, so sorted.
        let live: Vec<u64> = retired.views.iter().map(|(commit, _)| *commit).collect();
        if live != retired.live {
            retired.live = live;
            retired.checked = 0;
        }
        // Sources found held stay held until a view goes: only those
        // retired since are checked while the views are the same.
        let live = &retired.live;
        let held = |born: u64, died: u64| {
            let first = live.partition_point(|&v| v < born);
            live.get(first).is_some_and(|&v| v < died)
        };
        let mut due = Vec::new();
        let mut i = retired.checked;
        while i < retired.sources.len() {
            let (born, died, source) = retired.sources[i];
            if held(born, died) {
                i += 1;
            } else {
                retired.sources.swap_remove(i);
                due.push(source);
            }
        }
        retired.checked = retired.sources.len();
        due
    }
}

/// The sources one session added since it last committed or aborted,
/// which only its own states can reach; what it drops with its changes
/// goes back to the arena (see the module documentation).
#[derive(Debug)]
pub(crate) struct PrivateSources {
    image: crate::Image,
    added: Vec<SourceRef>,
}

impl PrivateSources {
    pub(crate) fn new(image: crate::Image) -> PrivateSources {
        PrivateSources {
            image,
            added: Vec::new(),
        }
    }

    /// Notes a source the session added.
    pub(crate) fn push(&mut self, source: SourceRef) {
        self.added.push(source);
    }

    /// Forgets the sources the view of commit `commit` holds: they are
    /// the image's now.
    pub(crate) fn keep_committed(&mut self, commit: u64, committed: &crate::state::State) {
        if self.added.is_empty() {
            return;
        }
        let arena = self
            .image
            .sources()
            .read()
            .unwrap_or_else(|p| p.into_inner());
        let (kept, dropped): (Vec<SourceRef>, Vec<SourceRef>) =
            self.added.iter().partition(|&&source| {
                arena
                    .key_of(source)
                    .and_then(|key| committed.methods.get(&key))
                    .is_some_and(|m| m.source == source)
            });
        drop(arena);
        self.added = dropped;
        self.image.sources_committed(commit, &kept);
    }

    /// Gives back every source still listed (the session dropped them),
    /// and whatever retired sources the views let go of.
    pub(crate) fn release(&mut self) {
        let dead = std::mem::take(&mut self.added);
        self.image.release_sources(&dead);
    }
}

impl Drop for PrivateSources {
    /// Runs after the session's views and working state were dropped (it
    /// is the session's last field), so their pins are already let go.
    fn drop(&mut self) {
        self.release();
    }
}
