//! The `image` host functions, as the mock answers them from its classes.

use super::State;
use super::state::failure;
use crate::types::{
    ClassInfo, MethodPage, MethodRef, MethodRefs, SourceMatch, SourceMatchPage, SourceSearch,
};
use crate::{Error, Failure};

/// The `image` host functions, as the mock answers them.
impl State {
    /// Every method matching `test`, sorted by class, side and selector.
    fn methods(&self, test: impl Fn(&str, &str) -> bool) -> Vec<MethodRef> {
        let mut refs = Vec::new();
        for (class_name, class) in &self.classes {
            for ((meta, selector), source) in &class.methods {
                if test(selector, source) {
                    refs.push(MethodRef {
                        class_name: class_name.clone(),
                        meta: *meta,
                        selector: selector.clone(),
                    });
                }
            }
        }
        refs
    }

    fn capped(&self, refs: Vec<MethodRef>) -> MethodRefs {
        let truncated = refs.len() > self.max_results;
        MethodRefs {
            refs: refs.into_iter().take(self.max_results).collect(),
            truncated,
        }
    }

    fn page(&self, refs: Vec<MethodRef>, limit: u32) -> MethodPage {
        let total = refs.len() as u64;
        MethodPage {
            refs: refs
                .into_iter()
                .take((limit as usize).min(self.max_results))
                .collect(),
            total,
        }
    }

    fn sends(selector: &str, source: &str) -> bool {
        // The body: the source after its pattern's line.
        let body = source.split_once('\n').map_or("", |(_, b)| b);
        if selector.contains(':') {
            selector
                .split_inclusive(':')
                .all(|keyword| body.contains(keyword))
        } else {
            body.contains(selector)
        }
    }

    fn references(name: &str, source: &str) -> bool {
        let body = source.split_once('\n').map_or("", |(_, b)| b);
        body.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .any(|word| word == name)
    }

    fn matches(text: &str, ignore_case: bool, source: &str) -> bool {
        if ignore_case {
            source
                .to_ascii_lowercase()
                .contains(&text.to_ascii_lowercase())
        } else {
            source.contains(text)
        }
    }

    pub(crate) fn dictionaries(&mut self) -> Result<Vec<String>, Error> {
        self.require("image.dictionaries", "image:read")?;
        Ok(self.dictionaries.clone())
    }

    pub(crate) fn classes(&mut self, dictionary: &str) -> Result<Vec<String>, Error> {
        self.require("image.classes", "image:read")?;
        if !self.dictionaries.iter().any(|d| d == dictionary) {
            return Err(Error::not_found(format!(
                "no symbol dictionary named {dictionary} in the session's symbol list"
            )));
        }
        Ok(self
            .classes
            .values()
            .filter(|c| c.info.dictionary == dictionary)
            .map(|c| c.info.name.clone())
            .collect())
    }

    pub(crate) fn describe_class(&mut self, class_name: &str) -> Result<ClassInfo, Error> {
        self.require("image.describe-class", "image:read")?;
        Ok(self.class(class_name)?.info.clone())
    }

    pub(crate) fn selectors(&mut self, class_name: &str, meta: bool) -> Result<Vec<String>, Error> {
        self.require("image.selectors", "image:read")?;
        Ok(self
            .class(class_name)?
            .methods
            .keys()
            .filter(|(m, _)| *m == meta)
            .map(|(_, s)| s.clone())
            .collect())
    }

    pub(crate) fn method_source(
        &mut self,
        class_name: &str,
        meta: bool,
        selector: &str,
    ) -> Result<String, Error> {
        self.require("image.method-source", "image:read")?;
        let class = self.class(class_name)?;
        class
            .methods
            .get(&(meta, selector.to_string()))
            .cloned()
            .ok_or_else(|| {
                Error::not_found(format!(
                    "{class_name}{} has no method {selector}",
                    if meta { " class" } else { "" }
                ))
            })
    }

    pub(crate) fn implementors(&mut self, selector: &str) -> Result<MethodRefs, Error> {
        self.require("image.implementors", "image:read")?;
        Ok(self.capped(self.methods(|s, _| s == selector)))
    }

    pub(crate) fn senders(&mut self, selector: &str) -> Result<MethodRefs, Error> {
        self.require("image.senders", "image:read")?;
        Ok(self.capped(self.methods(|_, source| State::sends(selector, source))))
    }

    pub(crate) fn references_to(&mut self, name: &str) -> Result<MethodRefs, Error> {
        self.require("image.references-to", "image:read")?;
        Ok(self.capped(self.methods(|_, source| State::references(name, source))))
    }

    pub(crate) fn search_source(
        &mut self,
        text: &str,
        ignore_case: bool,
    ) -> Result<MethodRefs, Error> {
        self.require("image.search-source", "image:read")?;
        Ok(self.capped(self.methods(|_, source| State::matches(text, ignore_case, source))))
    }

    pub(crate) fn implementors_page(
        &mut self,
        selector: &str,
        limit: u32,
    ) -> Result<MethodPage, Failure> {
        self.require("image.implementors-page", "image:read")
            .map_err(failure)?;
        Ok(self.page(self.methods(|s, _| s == selector), limit))
    }

    pub(crate) fn senders_page(
        &mut self,
        selector: &str,
        limit: u32,
    ) -> Result<MethodPage, Failure> {
        self.require("image.senders-page", "image:read")
            .map_err(failure)?;
        Ok(self.page(
            self.methods(|_, source| State::sends(selector, source)),
            limit,
        ))
    }

    pub(crate) fn references_page(
        &mut self,
        name: &str,
        limit: u32,
    ) -> Result<MethodPage, Failure> {
        self.require("image.references-page", "image:read")
            .map_err(failure)?;
        let known = self.classes.values().any(|c| {
            c.info.name == name
                || c.info.class_variables.iter().any(|v| v == name)
                || c.info.instance_variables.iter().any(|v| v == name)
        });
        if !known {
            return Err(failure(Error::not_found(format!(
                "nothing named {name} is bound in the session's symbol list or defined as a \
                 class variable"
            ))));
        }
        Ok(self.page(
            self.methods(|_, source| State::references(name, source)),
            limit,
        ))
    }

    pub(crate) fn search_source_page(
        &mut self,
        search: &SourceSearch,
        limit: u32,
    ) -> Result<MethodPage, Failure> {
        self.require("image.search-source-page", "image:read")
            .map_err(failure)?;
        let refs = self.found(search)?;
        Ok(self.page(refs, limit))
    }

    /// The methods `search` finds, sorted.
    fn found(&self, search: &SourceSearch) -> Result<Vec<MethodRef>, Failure> {
        if search.text.is_empty() {
            return Err(failure(Error::invalid_params(
                "the search text is empty; give the text to look for",
            )));
        }
        if let Some(d) = &search.dictionary
            && !self.dictionaries.contains(d)
        {
            return Err(failure(Error::not_found(format!(
                "no symbol dictionary named {d} in the session's symbol list"
            ))));
        }
        let mut refs =
            self.methods(|_, source| State::matches(&search.text, search.ignore_case, source));
        if let Some(d) = &search.dictionary {
            refs.retain(|r| {
                self.classes
                    .get(&r.class_name)
                    .is_some_and(|c| &c.info.dictionary == d)
            });
        }
        Ok(refs)
    }

    pub(crate) fn search_source_lines(
        &mut self,
        search: &SourceSearch,
        class_name: Option<&str>,
        limit: u32,
    ) -> Result<SourceMatchPage, Failure> {
        self.require("image.search-source-lines", "image:read")
            .map_err(failure)?;
        if let Some(name) = class_name {
            self.class(name).map_err(failure)?;
        }
        let mut refs = self.found(search)?;
        if let Some(name) = class_name {
            refs.retain(|r| r.class_name == name);
        }
        let page = self.page(refs, limit);
        let matches = page
            .refs
            .into_iter()
            .map(|m| {
                let source = &self.classes[&m.class_name].methods[&(m.meta, m.selector.clone())];
                SourceMatch {
                    lines: State::lines(&search.text, search.ignore_case, source),
                    method: m,
                }
            })
            .collect();
        Ok(SourceMatchPage {
            matches,
            total: page.total,
        })
    }

    /// The 1-based lines of `source` where `text` starts, as the host
    /// answers them.
    fn lines(text: &str, ignore_case: bool, source: &str) -> Vec<u32> {
        let fold = |s: &str| {
            if ignore_case {
                s.to_ascii_lowercase()
            } else {
                s.to_string()
            }
        };
        let (haystack, needle) = (fold(source), fold(text));
        let mut lines: Vec<u32> = haystack
            .match_indices(&needle)
            .map(|(at, _)| 1 + haystack[..at].matches('\n').count() as u32)
            .collect();
        lines.dedup();
        lines
    }
}
