//! What turns a dead end into the next call: a client (most often a model)
//! that names a class or selector the way a Smalltalk programmer writes
//! it — `#deposit:`, `Account class`, `Acount` — is told exactly what to
//! send instead, so the second call is the right one.

use gs_toolset::{ErrorKind, ImageSession, ToolError};
use serde_json::json;

use crate::args::Args;
use crate::shape::method_label;

/// The `selector` argument as a selector: a leading `#` (and the quotes
/// of `#'at:put:'`), as a Smalltalk programmer writes a symbol, is
/// dropped; anything else that is no selector is `invalidParams` saying
/// what to write, since looking it up could only find nothing.
pub(crate) fn selector_arg<'a>(args: &Args<'a>, tool: &str) -> Result<&'a str, ToolError> {
    let given = args.string("selector")?;
    let trimmed = given.trim();
    let bare = trimmed.strip_prefix('#').unwrap_or(trimmed);
    let bare = bare
        .strip_prefix('\'')
        .and_then(|b| b.strip_suffix('\''))
        .unwrap_or(bare);
    if is_selector(bare) {
        return Ok(bare);
    }
    let hint = match bare.split_once(">>") {
        Some((class, selector)) if tool_reads_one_method(tool) => {
            let (class, meta) = match class.trim().strip_suffix(" class") {
                Some(class) => (class.trim(), ", `\"meta\": true`"),
                None => (class.trim(), ""),
            };
            format!(
                "; for the method `{bare}`, pass `\"className\": \"{class}\"`{meta} and \
                 `\"selector\": \"{}\"`",
                selector.trim()
            )
        }
        Some((_, selector)) => format!(
            "; to search for the selector of `{bare}`, pass `{}`, and use get_method_source to \
             read that one method",
            selector.trim()
        ),
        None => String::new(),
    };
    Err(ToolError::invalid_params(format!(
        "the argument `selector` of `{tool}`, {given:?}, is not a selector: write a unary \
         (`balance`), binary (`+`) or keyword selector (`at:put:`, every keyword with its \
         colon), with no spaces or argument names{hint}"
    )))
}

/// Whether `tool` names one method by `className` and `selector` (rather
/// than searching the image for a selector).
fn tool_reads_one_method(tool: &str) -> bool {
    !tool.starts_with("find_")
}

/// True for a unary, binary or keyword selector.
fn is_selector(s: &str) -> bool {
    let word = |w: &str| {
        let mut chars = w.chars();
        chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
            && chars.all(|c| c.is_alphanumeric() || c == '_')
    };
    if let Some(keywords) = s.strip_suffix(':') {
        return keywords.split(':').all(word);
    }
    word(s) || (!s.is_empty() && s.chars().all(|c| "+-*/\\<>=~@%|&?,".contains(c)))
}

/// Refuses a `className` written as a metaclass (`Account class`): no
/// global has that name, and the tools take the class's own name, with
/// `meta: true` where a tool works on one side.
pub(crate) fn refuse_class_side_name(
    args: &Args<'_>,
    tool: &str,
    has_meta: bool,
) -> Result<(), ToolError> {
    let Some(given) = args.opt_string("className") else {
        return Ok(());
    };
    let Some(class) = given.trim().strip_suffix(" class").map(str::trim) else {
        return Ok(());
    };
    if class.is_empty() || class.contains(char::is_whitespace) {
        return Ok(());
    }
    let what = if has_meta {
        format!("pass `\"className\": \"{class}\"` with `\"meta\": true`")
    } else {
        format!("`{tool}` takes the class's own name: pass `\"className\": \"{class}\"`")
    };
    Err(ToolError::invalid_params(format!(
        "`{given}` names the class side of {class}, not a class; {what}"
    )))
}

/// `e` with the classes the client may have meant, when it is `notFound`
/// because a class named in `className` or `classNames` does not exist:
/// a name differing only in case or by a slip of a letter or two
/// (`acmeorder`, `Acount`) is named in the message and in
/// `error.suggestions`.
pub(crate) fn suggest_classes(
    mut e: ToolError,
    args: &Args<'_>,
    image: &dyn ImageSession,
) -> ToolError {
    if e.kind != ErrorKind::NotFound {
        return e;
    }
    let mut names: Vec<String> = args
        .opt_string("className")
        .map(Into::into)
        .into_iter()
        .collect();
    names.extend(args.opt_strings("classNames").unwrap_or_default());
    let Some(unknown) = names
        .into_iter()
        .find(|n| matches!(image.describe_class(n), Err(ref d) if d.kind == ErrorKind::NotFound))
    else {
        return e;
    };
    let Ok(classes) = image.class_names() else {
        return e;
    };
    let suggestions = nearest(&unknown, &classes);
    if suggestions.is_empty() {
        // Nothing like it here; it may be another session's new class,
        // which this session's view does not show yet.
        e.message = format!(
            "{}. If another session has just defined it, `refresh` (or `abort`) to see the \
             newest commit",
            e.message.trim_end_matches('.')
        );
        return e;
    }
    let message = e.message.trim_end_matches('.').to_string();
    e.message = match suggestions.as_slice() {
        [one] => format!("{message}. Did you mean {one}?"),
        many => format!("{message}. Did you mean one of {}?", many.join(", ")),
    };
    e.details
        .get_or_insert_with(Default::default)
        .insert("suggestions".into(), json!(suggestions));
    e
}

/// The most names a suggestion lists.
const SUGGESTIONS: usize = 5;

/// The names of `candidates` close to `given`: the one equal but for
/// case, else those within a small edit distance (ignoring case), closest
/// first.
fn nearest(given: &str, candidates: &[String]) -> Vec<String> {
    let folded = given.to_lowercase();
    if let Some(same) = candidates.iter().find(|c| c.to_lowercase() == folded) {
        return vec![same.clone()];
    }
    // One slip per three letters, at most three: `Acountt` finds `Account`,
    // `Foo` does not find every three-letter name.
    let allowed = (folded.chars().count() / 3).clamp(1, 3);
    let mut close: Vec<(usize, &String)> = candidates
        .iter()
        .filter_map(|c| {
            let d = distance(&folded, &c.to_lowercase());
            (d <= allowed).then_some((d, c))
        })
        .collect();
    close.sort();
    close
        .into_iter()
        .take(SUGGESTIONS)
        .map(|(_, c)| c.clone())
        .collect()
}

/// The Levenshtein distance of `a` and `b`, in characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != *cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// `e` (a method `className>>selector` not found on the side `meta`
/// names) saying where to look next: the other side when the method is
/// there, else the implementors of the selector.
pub(crate) fn method_elsewhere(
    mut e: ToolError,
    image: &dyn ImageSession,
    class_name: &str,
    meta: bool,
    selector: &str,
) -> ToolError {
    if e.kind != ErrorKind::NotFound {
        return e;
    }
    let side = if meta { "class" } else { "instance" };
    let other = method_label(class_name, !meta, selector);
    let hint = if image.method(class_name, !meta, selector).is_ok() {
        let switch = if meta {
            "omit `meta` (or pass `meta: false`)"
        } else {
            "pass `meta: true`"
        };
        format!(" (looked on the {side} side; {other} exists: {switch} for it)")
    } else {
        format!(
            " (looked on both sides; find_implementors {{\"selector\": \"{selector}\"}} lists \
             the classes that implement it)"
        )
    };
    e.message.push_str(&hint);
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_name_differing_in_case_answers_that_class_alone() {
        let classes = names(&["AcmeOrder", "AcmeOrderLine", "Account"]);
        assert_eq!(nearest("acmeorder", &classes), ["AcmeOrder"]);
    }

    #[test]
    fn slips_of_a_letter_or_two_find_the_class_and_short_names_stay_strict() {
        let classes = names(&["Account", "AccountTest", "Object", "Bag", "Set"]);
        assert_eq!(nearest("Acount", &classes), ["Account"]);
        assert_eq!(nearest("Acountt", &classes), ["Account"]);
        assert_eq!(nearest("Bat", &classes), ["Bag"]);
        assert!(nearest("Zebra", &classes).is_empty());
    }

    #[test]
    fn distance_counts_insertions_deletions_and_substitutions() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("same", "same"), 0);
    }
}
