//! The WIT package version check done before a component is instantiated.
//!
//! A component names the interfaces it imports and exports with their
//! package version (`gemstone:mcp/tools@0.1.0`). The host implements one
//! version of the package; it accepts a component built against the same
//! major version (for `0.x`, the same minor, as semantic versioning treats
//! `0.x` minors as breaking) that is not newer than its own, and refuses
//! anything else with a message naming both versions — before wasmtime's
//! linker would fail with a less helpful one.
//!
//! An accepted older component links as it is: wasmtime's component linker
//! looks names up semver-compatibly, so an import of
//! `gemstone:mcp/image@0.1.0` finds the host's `gemstone:mcp/image@0.1.1`
//! (and the host's look-up of the `tools@0.1.1` export finds a component's
//! `tools@0.1.0`). Within a version line the package only grows, so the
//! functions an older component imports are all there with their old
//! signatures; the ones added later are simply not imported.
//!
//! 0.1.2 (resources, prompts, completion) is an addition within the 0.1
//! line, not 0.2.0: a new minor of a `0.x` package is a breaking version
//! to this check and to wasmtime's semver-compatible name lookup alike,
//! so 0.2.0 would have needed the host to link both packages side by side
//! and the components' `tools@0.1.x` to be found under another name. The
//! additions are new interfaces: exports (`resources`, `prompts`,
//! `completion`), which a component built against 0.1.0 or 0.1.1 lacks —
//! the host finds that at load and offers nothing of them for it
//! (`wasm::Offers`) — and an import (`client`), which such a component
//! simply does not import. 0.1.3 adds, the same way, one optional export
//! (`requirements`: the grants each tool needs), and 0.1.4 one optional
//! export (`settings`: what the toolset reads from `[toolset.config]`) and
//! one import (`config`: the values); 0.1.5 one optional export (`tasks`:
//! which tools may run as a task) and one function in an import
//! (`client.start-task`); 0.1.6 one optional export
//! (`offer-requirements`: the grants each resource, template and prompt
//! needs).

/// The WIT package this host implements.
pub const PACKAGE: &str = "gemstone:mcp";

/// The version of [`PACKAGE`] this host implements (`wit/*.wit`).
pub const PACKAGE_VERSION: &str = "0.1.6";

/// A `major.minor.patch` version, pre-release and build suffixes ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Version(u64, u64, u64);

fn parse_version(text: &str) -> Option<Version> {
    let core = text.split(['-', '+']).next()?;
    let mut parts = core.split('.').map(|p| p.parse::<u64>().ok());
    let v = Version(parts.next()??, parts.next()??, parts.next()??);
    parts.next().is_none().then_some(v)
}

/// True if a component built against `theirs` runs on a host of `ours`.
fn compatible(ours: Version, theirs: Version) -> bool {
    let same_line = if ours.0 == 0 {
        ours.0 == theirs.0 && ours.1 == theirs.1
    } else {
        ours.0 == theirs.0
    };
    same_line && theirs <= ours
}

/// Checks the `gemstone:mcp` interfaces a component imports and exports
/// (their full names, e.g. `gemstone:mcp/tools@0.1.0`) against this host's
/// package version. The error names the component's version and the host's
/// and says what to do.
pub fn check<'a>(
    imports: impl IntoIterator<Item = &'a str>,
    exports: impl IntoIterator<Item = &'a str>,
) -> Result<(), String> {
    let ours = parse_version(PACKAGE_VERSION).expect("PACKAGE_VERSION is a valid version");
    let prefix = format!("{PACKAGE}/");
    let mut saw_tools = false;
    let exports: Vec<&str> = exports.into_iter().collect();
    for name in imports.into_iter().chain(exports.iter().copied()) {
        let Some(rest) = name.strip_prefix(&prefix) else {
            continue;
        };
        let (interface, version) = rest.split_once('@').unwrap_or((rest, ""));
        let Some(theirs) = parse_version(version) else {
            return Err(format!(
                "the component uses `{name}`, which has no valid version of {PACKAGE}; \
                 this host implements {PACKAGE}@{PACKAGE_VERSION}: rebuild the toolset \
                 against that WIT package (gs-mcp-sdk does)"
            ));
        };
        if !compatible(ours, theirs) {
            return Err(format!(
                "the component was built against {PACKAGE}@{version} but this host implements \
                 {PACKAGE}@{PACKAGE_VERSION}; rebuild the toolset against {PACKAGE}@{PACKAGE_VERSION} \
                 or run a gs-mcp release that implements {PACKAGE}@{version}"
            ));
        }
        if interface == "tools" && exports.contains(&name) {
            saw_tools = true;
        }
    }
    if saw_tools {
        Ok(())
    } else {
        Err(format!(
            "the component does not export {PACKAGE}/tools, so it is not a gs-mcp toolset; \
             build it for the `toolset` world of {PACKAGE}@{PACKAGE_VERSION} (gs-mcp-sdk does)"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_line_and_not_newer_is_compatible() {
        let v = |s| parse_version(s).unwrap();
        assert!(compatible(v("0.1.4"), v("0.1.0")));
        assert!(!compatible(v("0.1.0"), v("0.1.1")));
        assert!(!compatible(v("0.1.0"), v("0.2.0")));
        assert!(!compatible(v("0.1.0"), v("1.0.0")));
        assert!(compatible(v("1.4.0"), v("1.2.9")));
        assert!(!compatible(v("1.4.0"), v("2.0.0")));
        assert_eq!(parse_version("1.2"), None);
        assert_eq!(parse_version("1.2.3-rc1"), Some(Version(1, 2, 3)));
    }

    #[test]
    fn other_major_is_refused_naming_both_versions() {
        let err = check(["wasi:cli/environment@0.2.0"], ["gemstone:mcp/tools@1.0.0"]).unwrap_err();
        assert!(err.contains("gemstone:mcp@1.0.0"), "{err}");
        assert!(err.contains("gemstone:mcp@0.1.6"), "{err}");
    }

    #[test]
    fn every_version_of_the_0_1_line_up_to_the_hosts_is_accepted() {
        for v in [
            "0.1.0", "0.1.1", "0.1.2", "0.1.3", "0.1.4", "0.1.5", "0.1.6",
        ] {
            let image = format!("gemstone:mcp/image@{v}");
            let tools = format!("gemstone:mcp/tools@{v}");
            assert_eq!(check([image.as_str()], [tools.as_str()]), Ok(()), "{v}");
        }
        // A 0.1.0 component that imports nothing of 0.1.1 alongside one
        // that does: both load.
        assert!(check(["gemstone:mcp/image@0.1.0"], ["gemstone:mcp/tools@0.1.1"]).is_ok());
    }

    #[test]
    fn a_newer_or_another_minor_version_is_refused() {
        for v in ["0.1.7", "0.2.0", "1.0.0"] {
            let tools = format!("gemstone:mcp/tools@{v}");
            let err = check([], [tools.as_str()]).unwrap_err();
            assert!(err.contains(&format!("gemstone:mcp@{v}")), "{err}");
            assert!(err.contains("implements gemstone:mcp@0.1.6"), "{err}");
        }
    }

    #[test]
    fn a_component_without_the_tools_export_is_refused() {
        let err = check(["gemstone:mcp/image@0.1.0"], ["run"]).unwrap_err();
        assert!(err.contains("does not export gemstone:mcp/tools"), "{err}");
        assert!(check([], ["gemstone:mcp/tools@0.1.0"]).is_ok());
    }
}
