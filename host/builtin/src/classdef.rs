//! What a class-definition source names, read without a parser: enough
//! for `compile_class_definition` to find the class it would replace (for
//! the read ledger's check and the checks before a redefinition) before
//! the backend parses the source.

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

#[cfg(test)]
mod tests {
    use super::*;

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
