//! The mock image's classes, as a test builds them.

use std::collections::BTreeMap;

use crate::types::ClassInfo;

/// A class of the mock image: its description and its methods.
#[derive(Debug, Clone)]
pub struct MockClass {
    pub(super) info: ClassInfo,
    /// Method sources by side (`true`: class side) and selector.
    pub(super) methods: BTreeMap<(bool, String), String>,
}

impl MockClass {
    /// A class `name`, a subclass of `Object`, bound in `dictionary`, with
    /// no variables, comment or methods yet.
    pub fn new(name: &str, dictionary: &str) -> MockClass {
        MockClass {
            info: ClassInfo {
                name: name.to_string(),
                superclass: Some("Object".to_string()),
                dictionary: dictionary.to_string(),
                instance_variables: Vec::new(),
                class_variables: Vec::new(),
                class_instance_variables: Vec::new(),
                category: None,
                comment: String::new(),
                kernel: false,
            },
            methods: BTreeMap::new(),
        }
    }

    /// Sets the superclass (`None` for a root class).
    pub fn superclass(mut self, superclass: Option<&str>) -> MockClass {
        self.info.superclass = superclass.map(str::to_string);
        self
    }

    /// Sets the instance variables.
    pub fn instance_variables(mut self, names: &[&str]) -> MockClass {
        self.info.instance_variables = names.iter().map(|n| n.to_string()).collect();
        self
    }

    /// Sets the class variables.
    pub fn class_variables(mut self, names: &[&str]) -> MockClass {
        self.info.class_variables = names.iter().map(|n| n.to_string()).collect();
        self
    }

    /// Sets the category.
    pub fn category(mut self, category: &str) -> MockClass {
        self.info.category = Some(category.to_string());
        self
    }

    /// Sets the comment.
    pub fn comment(mut self, comment: &str) -> MockClass {
        self.info.comment = comment.to_string();
        self
    }

    /// Marks it a kernel class: the `code` functions refuse to change it.
    pub fn kernel(mut self) -> MockClass {
        self.info.kernel = true;
        self
    }

    /// Adds an instance-side method; its selector is read from the
    /// source's pattern (`at: index put: value` defines `at:put:`).
    pub fn method(mut self, source: &str) -> MockClass {
        self.methods
            .insert((false, selector_of(source)), source.to_string());
        self
    }

    /// Adds a class-side method.
    pub fn class_method(mut self, source: &str) -> MockClass {
        self.methods
            .insert((true, selector_of(source)), source.to_string());
        self
    }
}

/// The selector a method source's pattern declares: a unary selector, a
/// binary operator, or the keywords of a keyword pattern.
pub(super) fn selector_of(source: &str) -> String {
    let mut words = source.split_whitespace();
    let Some(first) = words.next() else {
        return String::new();
    };
    if !first.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        // A binary operator, possibly written against its argument.
        return first
            .chars()
            .take_while(|c| !c.is_ascii_alphanumeric() && *c != '_')
            .collect();
    }
    if !first.contains(':') {
        return first.to_string();
    }
    let mut selector = String::new();
    let mut expect_keyword = true;
    for word in std::iter::once(first).chain(words) {
        if expect_keyword {
            if !word.ends_with(':') {
                break;
            }
            selector.push_str(word);
        }
        expect_keyword = !expect_keyword;
    }
    selector
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selectors_are_read_from_patterns() {
        assert_eq!(selector_of("balance\n  ^balance"), "balance");
        assert_eq!(selector_of("at: i put: v\n  ^v"), "at:put:");
        assert_eq!(selector_of("+ other\n  ^self"), "+");
        assert_eq!(selector_of("<= other"), "<=");
    }
}
