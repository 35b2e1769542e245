//! Compiling a method: parse, check names, derive the facts the indexes
//! need.
//!
//! A method compiles against a scope built from the image: the instance
//! variables of its class chain (class-instance variables on the class
//! side), the class variables of the chain, the keys of its pool
//! dictionaries, and the globals visible through the session's symbol
//! list. The parser and checker (`gs-smalltalk`) find every error in one
//! pass; a method with any error is not compiled.

use std::collections::HashSet;

use gs_smalltalk::ast::{Expr, ExprKind, Identifier, Message, Statement};
use gs_smalltalk::{LineIndex, parse_method};

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
    inst_vars: HashSet<String>,
    class_vars: HashSet<String>,
    pools: Vec<String>,
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
            inst_vars.extend(vars.iter().cloned());
            class_vars.extend(r.definition.class_vars.iter().cloned());
            pools.extend(r.definition.pool_dictionaries.iter().cloned());
        }
        MethodScope {
            state,
            symbol_list,
            inst_vars,
            class_vars,
            pools,
        }
    }

    fn is_pool_key(&self, name: &str) -> bool {
        self.pools.iter().any(|p| {
            self.state
                .dictionaries
                .get(p)
                .is_some_and(|d| d.contains_key(name))
        })
    }

    fn is_global(&self, name: &str) -> bool {
        lookup_in(self.state, self.symbol_list, name).is_some()
    }
}

/// How a name resolved inside a method body.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Local {
    Argument,
    Temporary,
}

/// Walks a parsed method: resolves every variable against the local
/// scopes and the [`MethodScope`], collects sends and references, and
/// records every error with its offset.
struct Walker<'s, 'a> {
    scope: &'s MethodScope<'a>,
    locals: Vec<Vec<(String, Local)>>,
    sends: Vec<String>,
    references: Vec<String>,
    errors: Vec<(u32, String)>,
}

impl Walker<'_, '_> {
    fn declare(&mut self, names: &[Identifier], kind: Local) {
        let mut frame = Vec::new();
        for id in names {
            let shadowed = frame.iter().any(|(n, _): &(String, Local)| n == &id.name)
                || self.locals.iter().flatten().any(|(n, _)| n == &id.name);
            if shadowed {
                self.errors.push((
                    id.span.start,
                    format!(
                        "duplicate name '{}': it is already declared in this method",
                        id.name
                    ),
                ));
            }
            frame.push((id.name.clone(), kind));
        }
        self.locals.push(frame);
    }

    fn local(&self, name: &str) -> Option<Local> {
        self.locals
            .iter()
            .rev()
            .flat_map(|f| f.iter().rev())
            .find(|(n, _)| n == name)
            .map(|(_, k)| *k)
    }

    /// Resolves a non-local name; answers false when it is undeclared.
    fn resolve_outer(&mut self, name: &str) -> bool {
        if self.scope.inst_vars.contains(name) {
            return true;
        }
        if self.scope.class_vars.contains(name)
            || self.scope.is_pool_key(name)
            || self.scope.is_global(name)
        {
            self.references.push(name.to_string());
            return true;
        }
        false
    }

    fn variable(&mut self, name: &str, offset: u32) {
        if self.local(name).is_none() && !self.resolve_outer(name) {
            self.errors
                .push((offset, format!("undeclared variable '{name}'")));
        }
    }

    fn statements(&mut self, body: &[Statement]) {
        for s in body {
            self.expr(s.expr());
        }
    }

    fn message(&mut self, m: &Message) {
        self.sends.push(m.selector.clone());
        for a in &m.arguments {
            self.expr(a);
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Literal(_) | ExprKind::Pseudo(_) => {}
            ExprKind::Variable(name) => self.variable(name, e.span.start),
            ExprKind::Assignment { target, value } => {
                match self.local(&target.name) {
                    Some(Local::Argument) => self.errors.push((
                        target.span.start,
                        format!("cannot assign to argument '{}'", target.name),
                    )),
                    Some(Local::Temporary) => {}
                    None => {
                        if !self.resolve_outer(&target.name) {
                            self.errors.push((
                                target.span.start,
                                format!("undeclared variable '{}'", target.name),
                            ));
                        }
                    }
                }
                self.expr(value);
            }
            ExprKind::Send(send) => {
                self.expr(&send.receiver);
                self.message(&send.message);
            }
            ExprKind::Cascade(cascade) => {
                self.expr(&cascade.receiver);
                for part in &cascade.parts {
                    for m in part {
                        self.message(m);
                    }
                }
            }
            ExprKind::Block(block) => {
                self.declare(&block.parameters, Local::Argument);
                self.declare(&block.temporaries, Local::Temporary);
                self.statements(&block.body);
                self.locals.pop();
                self.locals.pop();
            }
            ExprKind::Brace(elements) => elements.iter().for_each(|x| self.expr(x)),
            ExprKind::Paren(inner) => self.expr(inner),
        }
    }
}

fn sorted_unique(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v.dedup();
    v
}

/// Compiles `source` in `scope`: every error found, in source order, or
/// the compiled method's facts.
pub(crate) fn compile(
    source: &str,
    scope: &MethodScope<'_>,
) -> Result<Compiled, Vec<CompileError>> {
    let lines = LineIndex::new(source);
    let method = parse_method(source).map_err(|errors| {
        errors
            .into_iter()
            .map(|e| CompileError {
                message: e.message,
                line: e.line,
                column: e.column,
                offset: e.span.start as usize,
            })
            .collect::<Vec<_>>()
    })?;
    let mut walker = Walker {
        scope,
        locals: Vec::new(),
        sends: Vec::new(),
        references: Vec::new(),
        errors: Vec::new(),
    };
    walker.declare(&method.pattern.arguments, Local::Argument);
    walker.declare(&method.temporaries, Local::Temporary);
    walker.statements(&method.body);
    if !walker.errors.is_empty() {
        let mut errors = walker.errors;
        errors.sort_by_key(|(offset, _)| *offset);
        return Err(errors
            .into_iter()
            .map(|(offset, message)| {
                let (line, column) = lines.line_col(offset);
                CompileError {
                    message,
                    line,
                    column,
                    offset: offset as usize,
                }
            })
            .collect());
    }
    Ok(Compiled {
        source: source.to_string(),
        selector: method.selector().to_string(),
        sends: sorted_unique(walker.sends),
        references: sorted_unique(walker.references),
        primitive: method.primitive(),
    })
}
