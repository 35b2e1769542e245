//! What a class-definition source says, read on this side before the
//! source is sent: the classes it defines (one, or the request is refused)
//! and, where written in GemStone's literal form, its superclass and
//! variables, so a reshape can be checked against the class as it is
//! before anything changes on the stone. This is a scan of the
//! definition message's keywords, not a parser: the stone's compiler
//! still compiles and runs the source.

/// One class-definition message found in a source.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Scanned {
    /// The class it defines.
    pub name: String,
    /// The receiver of the message: the superclass's name (`None` for
    /// `nil`).
    pub superclass: Option<String>,
    /// `instVarNames:`, if written as a literal Array.
    pub instance_variables: Option<Vec<String>>,
    /// `classVars:`, if written as a literal Array.
    pub class_variables: Option<Vec<String>>,
    /// `classInstVars:`, if written as a literal Array.
    pub class_instance_variables: Option<Vec<String>>,
    /// `inDictionary:`, if written as a name.
    pub dictionary: Option<String>,
}

const KEYWORDS: [&str; 3] = ["subclass:", "byteSubclass:", "indexableSubclass:"];

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The identifier ending just before byte `end` of `text` (after
/// whitespace), if any.
fn word_before(text: &str, end: usize) -> Option<&str> {
    let head = text[..end].trim_end();
    let start = head
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_ident_char(c))
        .last()
        .map(|(i, _)| i)?;
    Some(&head[start..])
}

/// A name written as `'Name'`, `#Name` or `#'Name'` at the start of `text`.
fn literal_name(text: &str) -> Option<String> {
    let t = text.trim_start();
    let t = t.strip_prefix('#').unwrap_or(t);
    if let Some(quoted) = t.strip_prefix('\'') {
        let end = quoted.find('\'')?;
        return Some(quoted[..end].to_string());
    }
    let end = t.find(|c: char| !is_ident_char(c)).unwrap_or(t.len());
    (end > 0).then(|| t[..end].to_string())
}

/// The names of a literal Array `#( a #b 'c')` at the start of `text`.
fn name_array(text: &str) -> Option<Vec<String>> {
    let t = text.trim_start().strip_prefix("#(")?;
    let end = t.find(')')?;
    let mut names = Vec::new();
    let mut rest = &t[..end];
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Some(names);
        }
        let name = literal_name(rest)?;
        let skip = rest.find(name.as_str())? + name.len();
        let skip = if rest[skip..].starts_with('\'') {
            skip + 1
        } else {
            skip
        };
        names.push(name);
        rest = &rest[skip..];
    }
}

/// The text after keyword `key` (a whole keyword) within `text`.
fn after_keyword<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let mut from = 0;
    while let Some(at) = text[from..].find(key) {
        let at = from + at;
        let whole = text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !is_ident_char(c));
        if whole {
            return Some(&text[at + key.len()..]);
        }
        from = at + key.len();
    }
    None
}

/// Every class-definition message of `source`, in order.
pub fn scan(source: &str) -> Vec<Scanned> {
    let mut found: Vec<(usize, usize)> = Vec::new();
    for key in KEYWORDS {
        let mut from = 0;
        while let Some(at) = source[from..].find(key) {
            let at = from + at;
            let whole = source[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !is_ident_char(c));
            if whole {
                found.push((at, at + key.len()));
            }
            from = at + key.len();
        }
    }
    found.sort();
    let mut out = Vec::new();
    for (i, &(at, after)) in found.iter().enumerate() {
        let end = found.get(i + 1).map_or(source.len(), |n| n.0);
        let Some(name) = literal_name(&source[after..end]) else {
            continue;
        };
        let superclass = word_before(source, at)
            .filter(|w| *w != "nil")
            .map(str::to_string);
        let part = &source[after..end];
        out.push(Scanned {
            name,
            superclass,
            instance_variables: after_keyword(part, "instVarNames:").and_then(name_array),
            class_variables: after_keyword(part, "classVars:").and_then(name_array),
            class_instance_variables: after_keyword(part, "classInstVars:").and_then(name_array),
            dictionary: after_keyword(part, "inDictionary:").and_then(literal_name),
        });
    }
    out
}

/// True if `source` names `word` as a whole identifier.
pub fn mentions(source: &str, word: &str) -> bool {
    let mut from = 0;
    while let Some(at) = source[from..].find(word) {
        let at = from + at;
        let before = source[..at].chars().next_back();
        let after = source[at + word.len()..].chars().next();
        if before.is_none_or(|c| !is_ident_char(c)) && after.is_none_or(|c| !is_ident_char(c)) {
            return true;
        }
        from = at + word.len();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_definition_is_read_in_its_literal_forms() {
        let s = scan(
            "Object subclass: 'Account'\n  instVarNames: #( balance #owner 'x y')\n  classVars: #()\n  \
             classInstVars: #(count)\n  poolDictionaries: #()\n  inDictionary: Bank\n  options: #().\n\
             Account category: 'Bank-Core'",
        );
        assert_eq!(s.len(), 1);
        let d = &s[0];
        assert_eq!(d.name, "Account");
        assert_eq!(d.superclass.as_deref(), Some("Object"));
        assert_eq!(
            d.instance_variables.as_deref(),
            Some(&["balance".to_string(), "owner".into(), "x y".into()][..])
        );
        assert_eq!(d.class_variables.as_deref(), Some(&[][..]));
        assert_eq!(
            d.class_instance_variables.as_deref(),
            Some(&["count".to_string()][..])
        );
        assert_eq!(d.dictionary.as_deref(), Some("Bank"));
    }

    #[test]
    fn two_definitions_and_none_are_told_apart() {
        let s = scan(
            "Object subclass: 'One' instVarNames: #() inDictionary: Bank.\nnil subclass: #Two instVarNames: #(a)",
        );
        assert_eq!(s.len(), 2);
        assert_eq!(s[1].name, "Two");
        assert_eq!(s[1].superclass, None);
        assert_eq!(
            s[1].instance_variables.as_deref(),
            Some(&["a".to_string()][..])
        );
        assert!(scan("3 + 4").is_empty());
        assert_eq!(scan("Object byteSubclass: 'Blob'")[0].name, "Blob");
        assert_eq!(scan("x mysubclass: 'No'").len(), 0);
    }

    #[test]
    fn mentions_whole_identifiers_only() {
        assert!(mentions("interest\n\t^ rate * 2", "rate"));
        assert!(!mentions("interest\n\t^ rates * 2", "rate"));
        assert!(!mentions("interest\n\t^ prorate", "rate"));
    }
}
