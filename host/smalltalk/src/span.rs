//! Source positions.
//!
//! Every AST node records the byte range it was parsed from as a [`Span`], so
//! tools can underline exactly the offending text. People, however, think in
//! lines and columns: [`LineIndex`] converts byte offsets into 1-based line and
//! column numbers, counting columns in characters (not bytes) so that a column
//! is what an editor shows even when the line holds non-ASCII text.

use std::fmt;

/// A half-open byte range `start..end` in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// Byte offset of the first byte of the node.
    pub start: u32,
    /// Byte offset just past the last byte of the node.
    pub end: u32,
}

impl Span {
    /// Makes the span `start..end`.
    pub const fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// Length of the span in bytes.
    pub fn len(self) -> u32 {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span covers no bytes.
    pub fn is_empty(self) -> bool {
        self.end <= self.start
    }

    /// The text this span covers in `source`, or `""` when the span does not
    /// lie on character boundaries of `source` (for example because it belongs
    /// to another text).
    pub fn text(self, source: &str) -> &str {
        source
            .get(self.start as usize..self.end as usize)
            .unwrap_or("")
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// Maps byte offsets of one source text to 1-based lines and columns.
///
/// Build it once per text with [`LineIndex::new`]; each look-up is then a
/// binary search. A line ends after `\n`; a `\r` before it is part of the
/// line's end, so `\r\n` files number their lines as editors do.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineIndex {
    /// Byte offset where each line starts; always begins with 0.
    line_starts: Vec<u32>,
    /// Byte offsets of the characters encoded in more than one byte.
    wide_chars: Vec<u32>,
    /// `wide_extra[i]` is the number of extra bytes (beyond one per
    /// character) of the wide characters up to and including `wide_chars[i]`.
    wide_extra: Vec<u32>,
    /// Length of the text in bytes.
    len: u32,
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut line_starts = vec![0];
        let mut wide_chars = Vec::new();
        let mut wide_extra = Vec::new();
        let mut extra = 0u32;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
                i += 1;
            } else if b < 0x80 {
                i += 1;
            } else {
                let width = utf8_width(b);
                extra += width as u32 - 1;
                wide_chars.push(i as u32);
                wide_extra.push(extra);
                i += width;
            }
        }
        LineIndex {
            line_starts,
            wide_chars,
            wide_extra,
            len: bytes.len() as u32,
        }
    }

    /// The 1-based `(line, column)` of byte `offset`, the column counted in
    /// characters. Offsets past the end map to the position just after the
    /// last character; an offset inside a multi-byte character maps to that
    /// character.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let offset = offset.min(self.len);
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let bytes = offset - start;
        let chars = bytes - (self.extra_before(offset) - self.extra_before(start));
        (line as u32 + 1, chars + 1)
    }

    /// Number of lines in the text (a text ending in `\n` has an empty last
    /// line, as editors show it).
    pub fn line_count(&self) -> u32 {
        self.line_starts.len() as u32
    }

    /// Extra bytes (beyond one per character) of the characters before
    /// `offset`; a character that `offset` falls inside counts only up to
    /// `offset`, so positions inside a character collapse onto it.
    fn extra_before(&self, offset: u32) -> u32 {
        let i = self.wide_chars.partition_point(|&w| w < offset);
        if i == 0 {
            return 0;
        }
        let before = if i >= 2 { self.wide_extra[i - 2] } else { 0 };
        let own = self.wide_extra[i - 1] - before;
        before + own.min(offset - self.wide_chars[i - 1])
    }
}

/// Number of bytes of the UTF-8 sequence that starts with `lead`.
fn utf8_width(lead: u8) -> usize {
    match lead {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_character_columns() {
        let text = "ab\nc\u{e9}d\r\n\u{1F600}x";
        let index = LineIndex::new(text);
        let at = |needle: &str| index.line_col(text.find(needle).unwrap() as u32);
        assert_eq!(at("a"), (1, 1));
        assert_eq!(at("b"), (1, 2));
        assert_eq!(at("c"), (2, 1));
        assert_eq!(at("d"), (2, 3));
        assert_eq!(at("x"), (3, 2));
        assert_eq!(index.line_col(text.len() as u32 + 10), (3, 3));
        // Inside the two-byte e-acute: same column as the character itself.
        assert_eq!(index.line_col(text.find('d').unwrap() as u32 - 1), (2, 2));
        assert_eq!(index.line_count(), 3);
    }

    #[test]
    fn empty_text() {
        assert_eq!(LineIndex::new("").line_col(0), (1, 1));
    }
}
