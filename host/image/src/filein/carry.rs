//! Waiting for classes a later stretch of a load defines. Doits run at
//! their place, so they split a load into stretches; a class, or a method,
//! that needs a class defined in a later stretch waits for that stretch
//! instead of failing in file order (a directory of files that each start
//! with a doit, as GsDevKit's Cypress file-outs do).

use std::collections::HashMap;

use super::plan::{At, MethodItem, Plan};
use crate::error::CompileError;

/// Moves each class defined once in the load, in a stretch before the one
/// that defines its superclass, into that later stretch, with its methods
/// and class-level changes: the doits between stretches are barriers, so
/// without this a directory of files that each start with a doit (GsDevKit's
/// Cypress file-outs) loads in file-name order and a subclass in an earlier
/// file than its superclass fails. `exists` tells a superclass the image
/// already has, whose subclasses stay where they are.
pub(super) fn defer_to_superclass(plans: &mut [Plan], exists: impl Fn(&str) -> bool) {
    let mut defined: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, plan) in plans.iter().enumerate() {
        for (_, d) in &plan.definitions {
            defined.entry(d.name.clone()).or_default().push(i);
        }
    }
    let mut moved = true;
    while moved {
        moved = false;
        for i in 0..plans.len() {
            let late = plans[i].definitions.iter().position(|(_, d)| {
                let once = defined.get(&d.name).is_some_and(|at| at.len() == 1);
                let superclass_later = d.superclass.as_ref().is_some_and(|s| {
                    !exists(s) && defined.get(s).is_some_and(|at| at.len() == 1 && at[0] > i)
                });
                once && superclass_later
            });
            let Some(k) = late else { continue };
            let (at, def) = plans[i].definitions.remove(k);
            let to = defined[def.superclass.as_deref().unwrap_or_default()][0];
            let name = def.name.clone();
            let (methods, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut plans[i].methods)
                .into_iter()
                .partition(|(_, m)| m.class == name);
            plans[i].methods = kept;
            let (actions, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut plans[i].actions)
                .into_iter()
                .partition(|(_, a)| a.class() == name);
            plans[i].actions = kept;
            plans[to].definitions.push((at, def));
            plans[to].methods.extend(methods);
            plans[to].actions.extend(actions);
            defined.insert(name, vec![to]);
            moved = true;
        }
    }
}

/// Methods carried from the stretch they were in to the later stretch that
/// defines the classes they name.
pub(super) struct Carrier {
    /// The stretch defining each class the load defines once; `None` for a
    /// class it defines more than once.
    defined_in: HashMap<String, Option<usize>>,
    /// The methods carried into each stretch.
    carried: Vec<Vec<(At, MethodItem)>>,
}

impl Carrier {
    /// A carrier for the stretches `plans`.
    pub(super) fn new(plans: &[Plan]) -> Carrier {
        let mut defined_in: HashMap<String, Option<usize>> = HashMap::new();
        for (i, plan) in plans.iter().enumerate() {
            for (_, d) in &plan.definitions {
                defined_in
                    .entry(d.name.clone())
                    .and_modify(|at| *at = None)
                    .or_insert(Some(i));
            }
        }
        Carrier {
            defined_in,
            carried: vec![Vec::new(); plans.len()],
        }
    }

    /// The methods carried into `stretch`, to compile after its own.
    pub(super) fn take(&mut self, stretch: usize) -> Vec<(At, MethodItem)> {
        std::mem::take(&mut self.carried[stretch])
    }

    /// Carries the method `m` of `stretch`, which needs the classes
    /// `names`, to the last stretch after it that defines one of them:
    /// true when every name is a class a later stretch defines.
    pub(super) fn offer(
        &mut self,
        stretch: usize,
        at: &At,
        m: &MethodItem,
        names: &[&str],
    ) -> bool {
        let stretches: Option<Vec<usize>> = names
            .iter()
            .map(|n| {
                self.defined_in
                    .get(*n)
                    .copied()
                    .flatten()
                    .filter(|&j| j > stretch)
            })
            .collect();
        match stretches.and_then(|s| s.into_iter().max()) {
            Some(j) => {
                self.carried[j].push((at.clone(), m.clone()));
                true
            }
            None => false,
        }
    }
}

/// The names of the undeclared variables `errors` report in `source`, or
/// `None` when any error is of another kind.
pub(super) fn undeclared_names<'s>(
    source: &'s str,
    errors: &[CompileError],
) -> Option<Vec<&'s str>> {
    errors
        .iter()
        .map(|e| {
            if !e.message.starts_with("undeclared variable") {
                return None;
            }
            let rest = source.get(e.offset..)?;
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            (end > 0).then(|| &rest[..end])
        })
        .collect()
}
