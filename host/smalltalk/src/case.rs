//! Character case as the dialect's `Character>>asLowercase` and
//! `asUppercase` answer it: one character for one, by Unicode's character
//! database (Rust's, which follows it).
//!
//! This is the one rule for letter case. The interpreter's Character
//! primitives answer it, and the embedded image's case-insensitive source
//! search folds with it, so that a search ignoring case finds what
//! `(source asLowercase) findString: (text asLowercase)` finds in the
//! image's own Smalltalk — which is how a stone runs the same search.
//!
//! A character whose full mapping is several characters (`ß`'s uppercase
//! `SS`, `İ`'s lowercase `i̇`) keeps its own form: a String's case change
//! never changes its size. Folding may change a character's UTF-8 length
//! (the Kelvin sign `K`, three bytes, lowercases to ASCII `k`), so byte
//! offsets into folded text are not offsets into the original.
//!
//! ```
//! use gs_smalltalk::case::{lowercase, lowercase_str, uppercase};
//!
//! assert_eq!(lowercase('É'), 'é');
//! assert_eq!(uppercase('ж'), 'Ж');
//! assert_eq!(uppercase('ß'), 'ß');
//! assert_eq!(lowercase('\u{212A}'), 'k');
//! assert_eq!(lowercase_str("ÉTÉ Σ"), "été σ");
//! ```

/// `c`'s lowercase form, or `c` itself when it has none or its full form
/// is several characters.
pub fn lowercase(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    single(c.to_lowercase()).unwrap_or(c)
}

/// `c`'s uppercase form, or `c` itself when it has none or its full form
/// is several characters.
pub fn uppercase(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_uppercase();
    }
    single(c.to_uppercase()).unwrap_or(c)
}

/// `text` with every character replaced by its [`lowercase`] form, as
/// `String>>asLowercase` answers it (same number of characters).
pub fn lowercase_str(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    text.chars().map(lowercase).collect()
}

/// The one character of a case mapping, or `None` when it has several.
fn single(mut forms: impl Iterator<Item = char>) -> Option<char> {
    let first = forms.next()?;
    forms.next().is_none().then_some(first)
}

#[cfg(test)]
mod tests {
    use super::{lowercase, lowercase_str, uppercase};

    #[test]
    fn letters_map_one_for_one_across_scripts() {
        for (upper, lower) in [('A', 'a'), ('Ü', 'ü'), ('É', 'é'), ('Σ', 'σ'), ('Ж', 'ж')] {
            assert_eq!(lowercase(upper), lower);
            assert_eq!(uppercase(lower), upper);
        }
        assert_eq!(lowercase_str("GRÜẞE ЖУК"), "grüße жук");
    }

    #[test]
    fn a_form_of_several_characters_is_not_taken() {
        assert_eq!(uppercase('ß'), 'ß');
        assert_eq!(lowercase('\u{130}'), '\u{130}');
        assert_eq!(uppercase('\u{FB00}'), '\u{FB00}');
        assert_eq!(lowercase_str("\u{130}x"), "\u{130}x");
    }

    #[test]
    fn folding_may_change_a_characters_utf8_length() {
        // The Kelvin and Ohm signs shrink; Ⱥ (two bytes) grows to ⱥ (three).
        assert_eq!(lowercase('\u{212A}'), 'k');
        assert_eq!(lowercase('\u{2126}'), 'ω');
        assert_eq!(lowercase('Ⱥ'), 'ⱥ');
        assert_eq!('Ⱥ'.len_utf8() + 1, 'ⱥ'.len_utf8());
    }

    #[test]
    fn non_letters_and_lowercase_letters_are_themselves() {
        for c in ['1', ' ', '\0', '\n', 'ſ', 'ς', 'é', '€', '中'] {
            assert_eq!(lowercase(c), c, "{c:?}");
        }
    }
}
