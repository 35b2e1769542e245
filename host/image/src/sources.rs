//! Method sources, kept contiguously so that searching them is one fast
//! pass over a few large buffers.
//!
//! Every source compiled or loaded in this process is appended to the
//! image's [`SourceArena`], followed by a NUL separator, and a method's
//! state holds only a [`SourceRef`] to it. A source search scans the
//! arena's chunks with one substring finder (at memory speed instead of
//! chasing 100k scattered allocations), then keeps only the hits whose
//! `SourceRef` is the one the session's own view holds for that method,
//! which discards sources that were replaced, removed, or belong to other
//! sessions' uncommitted work.
//!
//! The arena only grows while the image is open: replaced sources stay
//! until the image is reopened. Edits are small next to the image itself,
//! and a recompile after a class redefinition reuses the existing source.

use memchr::memmem::Finder;

use crate::state::MethodKey;

/// Where one source lives in the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct SourceRef {
    chunk: u32,
    start: u32,
    len: u32,
}

/// One source's place in a chunk, and the method it was compiled for.
#[derive(Debug, Clone, Copy)]
struct Entry {
    start: u32,
    len: u32,
    key: MethodKey,
}

#[derive(Debug, Default)]
struct Chunk {
    text: String,
    entries: Vec<Entry>,
}

/// Chunks stop growing past this size, so offsets fit in `u32` and a
/// search can hand whole chunks to two threads.
const CHUNK_BYTES: usize = 8 << 20;

/// Below this many bytes a search runs on the calling thread.
const PARALLEL_BYTES: usize = 4 << 20;

/// The image's append-only store of method sources.
#[derive(Debug, Default)]
pub(crate) struct SourceArena {
    chunks: Vec<Chunk>,
}

impl SourceArena {
    /// Appends the source of the method `key`.
    pub(crate) fn add(&mut self, key: MethodKey, source: &str) -> SourceRef {
        let need = source.len() + 1;
        let full = self
            .chunks
            .last()
            .is_none_or(|c| !c.text.is_empty() && c.text.len() + need > CHUNK_BYTES);
        if full {
            self.chunks.push(Chunk {
                // Full capacity up front: a chunk never reallocates, so at most
                // the last chunk has unused room.
                text: String::with_capacity(need.max(CHUNK_BYTES)),
                entries: Vec::new(),
            });
        }
        let index = self.chunks.len() - 1;
        let chunk = &mut self.chunks[index];
        let start = chunk.text.len();
        chunk.text.push_str(source);
        chunk.text.push('\0');
        // A single source above 4 GiB cannot be compiled in the first
        // place; saturating keeps the arithmetic total anyway.
        let entry = Entry {
            start: u32::try_from(start).unwrap_or(u32::MAX),
            len: u32::try_from(source.len()).unwrap_or(u32::MAX),
            key,
        };
        chunk.entries.push(entry);
        SourceRef {
            chunk: u32::try_from(index).unwrap_or(u32::MAX),
            start: entry.start,
            len: entry.len,
        }
    }

    /// The text of a source.
    pub(crate) fn get(&self, source: SourceRef) -> &str {
        self.chunks
            .get(source.chunk as usize)
            .and_then(|c| {
                let start = source.start as usize;
                c.text.get(start..start + source.len as usize)
            })
            .unwrap_or("")
    }

    /// Every (method, source) whose source contains the finder's needle;
    /// with `fold_case`, ASCII letters match either case (the needle must
    /// then be in lower case). A needle holding NUL never matches (sources
    /// are NUL-separated, and a match must lie inside one source).
    pub(crate) fn search(
        &self,
        finder: &Finder<'_>,
        fold_case: bool,
    ) -> Vec<(MethodKey, SourceRef)> {
        let total: usize = self.chunks.iter().map(|c| c.text.len()).sum();
        let scan = |chunks: &[(usize, &Chunk)]| {
            let mut hits = Vec::new();
            for (index, chunk) in chunks {
                if fold_case {
                    // ASCII folding keeps every byte offset, so entries
                    // still locate the matches.
                    let folded = chunk.text.to_ascii_lowercase();
                    scan_chunk(*index, chunk, folded.as_bytes(), finder, &mut hits);
                } else {
                    scan_chunk(*index, chunk, chunk.text.as_bytes(), finder, &mut hits);
                }
            }
            hits
        };
        let indexed: Vec<(usize, &Chunk)> = self.chunks.iter().enumerate().collect();
        if total < PARALLEL_BYTES || indexed.len() < 2 {
            return scan(&indexed);
        }
        // Alternate chunks between the two threads so each gets about half.
        let (even, odd): (Vec<_>, Vec<_>) = indexed.into_iter().partition(|(i, _)| i % 2 == 0);
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

fn scan_chunk(
    index: usize,
    chunk: &Chunk,
    text: &[u8],
    finder: &Finder<'_>,
    hits: &mut Vec<(MethodKey, SourceRef)>,
) {
    let needle = finder.needle().len();
    let mut last: Option<u32> = None;
    for at in finder.find_iter(text) {
        let at = u32::try_from(at).unwrap_or(u32::MAX);
        let entry = match chunk.entries.partition_point(|e| e.start <= at) {
            0 => continue,
            n => chunk.entries[n - 1],
        };
        if last == Some(entry.start) || at as usize + needle > (entry.start + entry.len) as usize {
            continue;
        }
        last = Some(entry.start);
        hits.push((
            entry.key,
            SourceRef {
                chunk: u32::try_from(index).unwrap_or(u32::MAX),
                start: entry.start,
                len: entry.len,
            },
        ));
    }
}
