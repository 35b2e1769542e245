//! Compiling a method: parse, check names, derive the facts the indexes
//! need.
//!
//! A method compiles against a scope built from the image: the instance
//! variables of its class chain (class-instance variables on the class
//! side), the class variables of the chain, the keys of its pool
//! dictionaries, the globals visible through the session's symbol list,
//! and the names of the dictionaries in that list (each binds itself). The parser and checker (`gs-smalltalk`) find every error in one
//! pass; a method with any error is not compiled.

use std::collections::HashSet;

use std::collections::HashMap;
use std::sync::OnceLock;

use gs_smalltalk::ast::{Literal, MethodNode};
use gs_smalltalk::check::{NameKind, NameScope, check_method, symbols_above};
use gs_smalltalk::{LineIndex, Span, parse_method};

use crate::LAST_STRING_CHAR;
use crate::error::CompileError;
use crate::model::{ClassId, Side};
use crate::session::{Session, lookup_in};
use crate::state::State;

/// What compiling a method yields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Compiled {
    pub(crate) source: String,
    pub(crate) selector: String,
    pub(crate) sends: Vec<String>,
    pub(crate) references: Vec<String>,
    pub(crate) primitive: Option<String>,
}

/// The names a method of one class side can see.
pub(crate) struct MethodScope<'a> {
    state: &'a State,
    symbol_list: &'a [String],
    inst_vars: HashSet<&'a str>,
    class_vars: HashSet<&'a str>,
    pools: Vec<&'a str>,
    side: Side,
    /// True while the kernel is installed: only the kernel's own methods
    /// may call primitives.
    primitives: bool,
}

impl<'a> MethodScope<'a> {
    pub(crate) fn new(
        state: &'a State,
        symbol_list: &'a [String],
        class: ClassId,
        side: Side,
    ) -> Self {
        let mut inst_vars = HashSet::new();
        let mut class_vars = HashSet::new();
        let mut pools = Vec::new();
        for c in Session::chain(state, class) {
            let Some(r) = state.classes.get(&c) else {
                continue;
            };
            let vars = match side {
                Side::Instance => &r.definition.inst_vars,
                Side::Class => &r.definition.class_inst_vars,
            };
            inst_vars.extend(vars.iter().map(String::as_str));
            class_vars.extend(r.definition.class_vars.iter().map(String::as_str));
            pools.extend(r.definition.pool_dictionaries.iter().map(String::as_str));
        }
        MethodScope {
            state,
            symbol_list,
            inst_vars,
            class_vars,
            pools,
            side,
            primitives: false,
        }
    }

    /// The same scope, letting methods declare `<primitive: N>` when
    /// `allow` (the kernel's own methods, as the kernel is installed).
    pub(crate) fn allowing_primitives(mut self, allow: bool) -> Self {
        self.primitives = allow;
        self
    }

    fn is_pool_key(&self, name: &str) -> bool {
        self.pools.iter().any(|p| {
            self.state
                .dictionaries
                .get(*p)
                .is_some_and(|d| d.contains_key(name))
        })
    }

    /// A name bound in a dictionary of the symbol list, or the name of such
    /// a dictionary: as in GemStone, a symbol dictionary binds its own name
    /// (`UserGlobals at: #UserGlobals` is UserGlobals), so methods may name
    /// `UserGlobals`, `Globals` or `Published` directly.
    fn is_global(&self, name: &str) -> bool {
        lookup_in(self.state, self.symbol_list, name).is_some()
            || (self.symbol_list.iter().any(|d| d == name)
                && self.state.dictionaries.contains_key(name))
    }
}

impl NameScope for MethodScope<'_> {
    fn resolve(&self, name: &str) -> Option<NameKind> {
        if self.inst_vars.contains(name) {
            return Some(match self.side {
                Side::Instance => NameKind::InstanceVariable,
                Side::Class => NameKind::ClassInstanceVariable,
            });
        }
        if self.class_vars.contains(name) {
            Some(NameKind::ClassVariable)
        } else if self.is_pool_key(name) {
            Some(NameKind::PoolVariable)
        } else if self.is_global(name) {
            Some(NameKind::Global)
        } else {
            None
        }
    }
}

fn compile_error(message: String, span: Span, line: u32, column: u32) -> CompileError {
    CompileError {
        message,
        line,
        column,
        offset: span.start as usize,
    }
}

/// Refuses a method category a file-out could not write: Topaz reads a
/// category from one `category:` line.
pub(crate) fn check_category(category: &str) -> crate::error::Result<()> {
    if category.contains(['\n', '\r']) {
        return Err(crate::error::ImageError::InvalidArgument(format!(
            "the method category {:?} contains a line break, which no file-out can carry \
             (Topaz reads a category from one line); give a category on one line",
            category
        )));
    }
    Ok(())
}

/// The error for a NUL character in a method's source, which no file-out
/// can carry: a file holding one is not text, and file-in refuses it.
fn nul_error(source: &str) -> Option<CompileError> {
    let at = source.find('\0')?;
    let line = source[..at].matches('\n').count() as u32 + 1;
    let start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    Some(CompileError {
        message: "the source contains a NUL character (code point 0), which no file-out can \
                  carry; remove it, or write `Character value: 0` where the method needs one"
            .into(),
        line,
        column: source[start..at].chars().count() as u32 + 1,
        offset: at,
    })
}

/// Compiles `source` in `scope`: every error found, in source order, or
/// the compiled method's facts.
pub(crate) fn compile(
    source: &str,
    scope: &MethodScope<'_>,
) -> Result<Compiled, Vec<CompileError>> {
    if let Some(e) = nul_error(source) {
        return Err(vec![e]);
    }
    let method = parse_method(source).map_err(|errors| {
        errors
            .into_iter()
            .map(|e| compile_error(e.message, e.span, e.line, e.column))
            .collect::<Vec<_>>()
    })?;
    let primitive_errors = check_primitives(&method, source, scope.primitives);
    if !primitive_errors.is_empty() {
        return Err(primitive_errors);
    }
    let checked = check_method(&method, source, scope);
    let mut diagnostics = checked.diagnostics;
    diagnostics.extend(symbols_above(&method.body, source, LAST_STRING_CHAR));
    if !diagnostics.is_empty() {
        diagnostics.sort_by_key(|d| d.span.start);
        return Err(diagnostics
            .into_iter()
            .map(|d| compile_error(d.message, d.span, d.line, d.column))
            .collect());
    }
    Ok(Compiled {
        source: source.to_string(),
        selector: checked.selector,
        sends: checked.sends,
        references: checked.references,
        primitive: checked.primitive,
    })
}

/// The contract between the kernel and the interpreter, whose table gives
/// each primitive's method (`| 30 | `Integer>>+` | …`).
const PRIMITIVES_MD: &str = include_str!("../kernel/PRIMITIVES.md");

/// The number of arguments each primitive takes, from the selector of its
/// method in PRIMITIVES.md.
fn primitive_arities() -> &'static HashMap<u32, usize> {
    static ARITIES: OnceLock<HashMap<u32, usize>> = OnceLock::new();
    ARITIES.get_or_init(|| {
        let mut out = HashMap::new();
        for line in PRIMITIVES_MD.lines() {
            let mut cells = line.split('|').map(str::trim).skip(1);
            let (Some(number), Some(method)) = (cells.next(), cells.next()) else {
                continue;
            };
            let (Ok(number), Some(method)) = (number.parse(), method.strip_prefix('`')) else {
                continue;
            };
            let Some((_, selector)) = method.trim_end_matches('`').rsplit_once(">>") else {
                continue;
            };
            out.insert(number, selector_arity(selector));
        }
        out
    })
}

/// The arguments a selector takes: one per keyword, one for a binary
/// selector, none for a unary one.
fn selector_arity(selector: &str) -> usize {
    let keywords = selector.matches(':').count();
    match selector.chars().next() {
        _ if keywords > 0 => keywords,
        Some(c) if c.is_alphabetic() || c == '_' => 0,
        _ => 1,
    }
}

/// Refuses a primitive declared outside the kernel's own methods (a user
/// method could only crash the interpreter or answer junk with one), and
/// in the kernel one whose number takes another number of arguments than
/// the method has.
fn check_primitives(method: &MethodNode, source: &str, allowed: bool) -> Vec<CompileError> {
    let mut errors = Vec::new();
    for pragma in method.pragmas.iter() {
        if !pragma.selector.contains("primitive") {
            continue;
        }
        let written = &source[pragma.span.start as usize..pragma.span.end as usize];
        let message = if !allowed {
            format!(
                "`{written}`: only the kernel's own methods may call a primitive, each written \
                 for the kernel method that calls it; remove the pragma and send that kernel \
                 method instead (see list_methods of the kernel class)"
            )
        } else {
            let number = match pragma.arguments.first() {
                Some(Literal::Integer(n)) => u32::try_from(n).ok(),
                _ => None,
            };
            let takes = number.and_then(|n| primitive_arities().get(&n).copied());
            let has = method.pattern.arguments.len();
            match takes {
                Some(takes) if takes != has => format!(
                    "`{written}` takes {takes} argument(s) but {} has {has}; see \
                     kernel/PRIMITIVES.md",
                    method.pattern.selector
                ),
                _ => continue,
            }
        };
        let (line, column) = LineIndex::new(source).line_col(pragma.span.start);
        errors.push(compile_error(message, pragma.span, line, column));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(source: &str, allowed: bool) -> Vec<String> {
        let method = parse_method(source).unwrap();
        check_primitives(&method, source, allowed)
            .into_iter()
            .map(|e| format!("{}:{} {}", e.line, e.column, e.message))
            .collect()
    }

    #[test]
    fn a_primitive_outside_the_kernel_is_refused_where_it_is_written() {
        let found = errors("q\n\t<primitive: 75>\n\t^ #failed", false);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("2:2 `<primitive: 75>`: only the kernel's own methods"),
            "{found:?}"
        );
        assert!(errors("q\n\t<primitive: 75>\n\t^ #failed", true).len() == 1);
    }

    #[test]
    fn a_kernel_primitive_must_take_the_method_s_arguments() {
        assert!(errors("== other <primitive: 1> ^ false", true).is_empty());
        let found = errors("same <primitive: 1> ^ false", true);
        assert!(
            found[0].contains("takes 1 argument(s) but same has 0"),
            "{found:?}"
        );
        let found = errors("at: i put: v <primitive: 4> ^ nil", true);
        assert!(
            found[0].contains("takes 1 argument(s) but at:put: has 2"),
            "{found:?}"
        );
        // A number the contract does not list is the interpreter's to report.
        assert!(errors("x <primitive: 9999> ^ nil", true).is_empty());
    }

    #[test]
    fn every_primitive_of_the_contract_has_an_arity() {
        let arities = primitive_arities();
        assert!(arities.len() > 100, "{}", arities.len());
        assert_eq!(arities.get(&30), Some(&1));
        assert_eq!(arities.get(&2), Some(&0));
        assert_eq!(arities.get(&75), Some(&4));
    }
}
