//! What a method or class-definition source names, read without a
//! parser: enough for the read ledger to key an edit before the backend
//! parses it (the selector a method source defines, the class and the
//! dictionary a definition names). Each answers `None` where the source
//! does not read plainly; the backend's parser has the last word.

/// The selector of a method source's pattern (`at:put:` for `at: i put:
/// v …`), or `None` when the source does not start with one.
pub fn pattern_selector(source: &str) -> Option<String> {
    let mut rest = skip_blank(source);
    let first = identifier(rest);
    if first.is_empty() {
        let binary: String = rest.chars().take_while(|c| is_binary(*c)).collect();
        return (!binary.is_empty()).then_some(binary);
    }
    if !is_keyword(&rest[first.len()..]) {
        return Some(first.to_string());
    }
    let mut selector = String::new();
    loop {
        let part = identifier(rest);
        if part.is_empty() || !is_keyword(&rest[part.len()..]) {
            break;
        }
        selector.push_str(part);
        selector.push(':');
        rest = skip_blank(&rest[part.len() + 1..]);
        let argument = identifier(rest);
        if argument.is_empty() {
            return None;
        }
        rest = skip_blank(&rest[argument.len()..]);
    }
    Some(selector)
}

/// `text` past white space and `"comments"`.
fn skip_blank(mut text: &str) -> &str {
    loop {
        text = text.trim_start();
        match text.strip_prefix('"') {
            Some(comment) => match comment.find('"') {
                Some(end) => text = &comment[end + 1..],
                None => return "",
            },
            None => return text,
        }
    }
}

fn identifier(text: &str) -> &str {
    let end = text
        .char_indices()
        .find(|&(i, c)| !(c == '_' || c.is_alphabetic() || (i > 0 && c.is_ascii_digit())))
        .map_or(text.len(), |(i, _)| i);
    &text[..end]
}

/// True when `text` (just past an identifier) makes it a keyword: a colon
/// that does not begin `:=`.
fn is_keyword(text: &str) -> bool {
    text.starts_with(':') && !text.starts_with(":=")
}

fn is_binary(c: char) -> bool {
    "+-*/\\<>=~@%|&?,".contains(c)
}

/// The name a class-definition source defines (`'Account'` in `Object
/// subclass: 'Account' …`), if it can be read without a parser.
pub fn defined_class_name(source: &str) -> Option<String> {
    let at = source.find("ubclass:")?;
    let rest = skip_blank(&source[at + "ubclass:".len()..]);
    let rest = rest.strip_prefix('#').unwrap_or(rest);
    let name = match rest.strip_prefix('\'') {
        Some(quoted) => &quoted[..quoted.find('\'')?],
        None => identifier(rest),
    };
    (!name.is_empty()).then(|| name.to_string())
}

/// The dictionary a class-definition source names with `inDictionary:`,
/// if it names one by its name.
pub fn defined_in_dictionary(source: &str) -> Option<String> {
    let at = source.find("inDictionary:")?;
    let name = identifier(skip_blank(&source[at + "inDictionary:".len()..]));
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pattern_gives_its_selector() {
        assert_eq!(pattern_selector("rate\n ^5").as_deref(), Some("rate"));
        assert_eq!(
            pattern_selector("  \"doc\" at: i put: v\n ^v").as_deref(),
            Some("at:put:")
        );
        assert_eq!(pattern_selector("+ other ^1").as_deref(), Some("+"));
        assert_eq!(pattern_selector("x := 3").as_deref(), Some("x"));
        assert_eq!(pattern_selector("at: ^1"), None);
        assert_eq!(pattern_selector("^ 1"), None);
    }

    #[test]
    fn a_definition_gives_its_class_name() {
        let d = "Object subclass: 'Account' instVarNames: #()";
        assert_eq!(defined_class_name(d).as_deref(), Some("Account"));
        let d = "Object indexableSubclass: #Bag2 instVarNames: #()";
        assert_eq!(defined_class_name(d).as_deref(), Some("Bag2"));
        assert_eq!(defined_class_name("3 + 4"), None);
        let d = "Object subclass: 'W' instVarNames: #() inDictionary: Acme options: #()";
        assert_eq!(defined_in_dictionary(d).as_deref(), Some("Acme"));
        assert_eq!(defined_in_dictionary("Object subclass: 'W'"), None);
    }

    #[test]
    fn comments_before_the_name_are_skipped() {
        let d = "Object subclass: \"the account\" 'Account' inDictionary: \"x\" Bank";
        assert_eq!(defined_class_name(d).as_deref(), Some("Account"));
        assert_eq!(defined_in_dictionary(d).as_deref(), Some("Bank"));
    }
}
