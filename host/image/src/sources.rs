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

use gs_smalltalk::case;
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

#[derive(Debug)]
struct Chunk {
    text: String,
    entries: Vec<Entry>,
    /// Every source in the chunk is ASCII, so folding its case keeps
    /// every byte offset and a search ignoring case takes the fast path.
    ascii: bool,
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
                ascii: true,
            });
        }
        let index = self.chunks.len() - 1;
        let chunk = &mut self.chunks[index];
        let start = chunk.text.len();
        chunk.text.push_str(source);
        chunk.text.push('\0');
        chunk.ascii &= source.is_ascii();
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
    /// with `fold_case`, the needle is looked for in each source's
    /// lowercase form ([`case::lowercase_str`], so the needle must be in
    /// that form too): letters of every script match either case, as
    /// `asLowercase` folds them. A needle holding NUL never matches
    /// (sources are NUL-separated, and a match must lie inside one source).
    pub(crate) fn search(
        &self,
        finder: &Finder<'_>,
        fold_case: bool,
    ) -> Vec<(MethodKey, SourceRef)> {
        let total: usize = self.chunks.iter().map(|c| c.text.len()).sum();
        let scan = |chunks: &[(usize, &Chunk)]| {
            let mut hits = Vec::new();
            for (index, chunk) in chunks {
                if !fold_case {
                    let text = chunk.text.as_bytes();
                    scan_chunk(*index, chunk, text, &chunk.entries, finder, &mut hits);
                } else if chunk.ascii {
                    // ASCII letters lowercase to ASCII, one byte for one,
                    // so the entries still locate the matches.
                    let folded = chunk.text.to_ascii_lowercase();
                    let text = folded.as_bytes();
                    scan_chunk(*index, chunk, text, &chunk.entries, finder, &mut hits);
                } else {
                    let (folded, spans) = fold_chunk(chunk);
                    let text = folded.as_bytes();
                    scan_chunk(*index, chunk, text, &spans, finder, &mut hits);
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

/// The chunk's text with every source lowercased, and where each source
/// lies in it (in the order of the chunk's entries). Lowercasing can
/// change a character's UTF-8 length (the Kelvin sign's three bytes
/// become `k`'s one), so the folded sources are laid out afresh.
fn fold_chunk(chunk: &Chunk) -> (String, Vec<Entry>) {
    let mut folded = String::with_capacity(chunk.text.len() + chunk.text.len() / 8);
    let mut spans = Vec::with_capacity(chunk.entries.len());
    for entry in &chunk.entries {
        let (start, len) = (entry.start as usize, entry.len as usize);
        let source = chunk.text.get(start..start + len).unwrap_or("");
        let at = folded.len();
        if source.is_ascii() {
            folded.push_str(source);
            folded[at..].make_ascii_lowercase();
        } else {
            folded.extend(source.chars().map(case::lowercase));
        }
        spans.push(Entry {
            start: u32::try_from(at).unwrap_or(u32::MAX),
            len: u32::try_from(folded.len() - at).unwrap_or(u32::MAX),
            key: entry.key,
        });
        folded.push('\0');
    }
    (folded, spans)
}

/// Adds to `hits` each source of `chunk` that `text` has a match in, once.
/// `spans` says where the sources lie in `text` (the chunk's own entries
/// when `text` keeps the chunk's offsets), in the order of its entries.
fn scan_chunk(
    index: usize,
    chunk: &Chunk,
    text: &[u8],
    spans: &[Entry],
    finder: &Finder<'_>,
    hits: &mut Vec<(MethodKey, SourceRef)>,
) {
    let needle = finder.needle().len();
    let mut last: Option<usize> = None;
    for at in finder.find_iter(text) {
        let at32 = u32::try_from(at).unwrap_or(u32::MAX);
        let n = match spans.partition_point(|e| e.start <= at32) {
            0 => continue,
            n => n - 1,
        };
        let span = spans[n];
        if last == Some(n) || at + needle > span.start as usize + span.len as usize {
            continue;
        }
        last = Some(n);
        let entry = chunk.entries[n];
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
