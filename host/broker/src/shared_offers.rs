//! The rule that no two toolsets answer to the same prompt or resource.
//!
//! The router routes a prompt by its name and a resource by its URI (a
//! fixed resource's toolset first, then the first template that matches),
//! so of two toolsets offering the same one, one would never be reached
//! and `prompts/list` would name a prompt twice; and a plug-in's fixed
//! resource could answer in place of the built-in toolset's template,
//! telling clients what the image holds. Such a configuration is refused
//! at start-up, as a tool name two toolsets share is.

use std::sync::Arc;

use gs_toolset::Toolset;

use crate::SurfaceError;

/// Refuses the first prompt name, fixed resource URI or URI template two
/// of `toolsets` share, and a fixed resource of one at a URI another's
/// template covers, naming both toolsets.
pub(crate) fn refuse_shared_offers(toolsets: &[Arc<dyn Toolset>]) -> Result<(), SurfaceError> {
    for (i, a) in toolsets.iter().enumerate() {
        for b in &toolsets[i + 1..] {
            if let Some(shared) = shared_offer(a.as_ref(), b.as_ref()) {
                return Err(SurfaceError(format!(
                    "{shared}; only one toolset may answer to a prompt or resource: leave one of \
                     them out of the configuration, or ask the toolset's vendor to rename it"
                )));
            }
        }
    }
    Ok(())
}

/// What toolsets `a` and `b` (in configuration order) both answer to.
fn shared_offer(a: &dyn Toolset, b: &dyn Toolset) -> Option<String> {
    let (an, bn) = (&a.info().name, &b.info().name);
    let both =
        |what: String| format!("{what} is offered by both toolset `{an}` and toolset `{bn}`");
    if let Some(p) = a
        .prompts()
        .iter()
        .find(|p| b.prompts().iter().any(|q| q.name == p.name))
    {
        return Some(both(format!("prompt `{}`", p.name)));
    }
    if let Some(r) = a
        .resources()
        .iter()
        .find(|r| b.resources().iter().any(|s| s.uri == r.uri))
    {
        return Some(both(format!("resource `{}`", r.uri)));
    }
    if let Some(t) = a.resource_templates().iter().find(|t| {
        b.resource_templates()
            .iter()
            .any(|u| u.uri_template == t.uri_template)
    }) {
        return Some(both(format!("resource template `{}`", t.uri_template)));
    }
    for (fixed, templated) in [(a, b), (b, a)] {
        for r in fixed.resources() {
            if let Some(t) = templated
                .resource_templates()
                .iter()
                .find(|t| t.matches(&r.uri).is_some())
            {
                return Some(format!(
                    "resource `{}` of toolset `{}` is at a URI of toolset `{}`'s template `{}`",
                    r.uri,
                    fixed.info().name,
                    templated.info().name,
                    t.uri_template
                ));
            }
        }
    }
    None
}
