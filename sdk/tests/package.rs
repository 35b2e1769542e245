//! The SDK can be published: `cargo package` succeeds and the package
//! carries the WIT contract its bindings are generated from.

use std::path::Path;
use std::process::Command;

#[test]
fn the_crate_packages_with_its_wit() {
    let sdk = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !sdk.join("../wit").is_dir() {
        // Already a package.
        return;
    }
    let target = tempfile_dir();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(&cargo)
        .args([
            "package",
            "--allow-dirty",
            "--no-verify",
            "--offline",
            "--list",
        ])
        .current_dir(sdk)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let files = String::from_utf8_lossy(&out.stdout);
    for needed in ["wit/host.wit", "wit/types.wit", "src/lib.rs", "README.md"] {
        assert!(
            files.lines().any(|l| l == needed),
            "{needed} missing from:\n{files}"
        );
    }
    let out = Command::new(&cargo)
        .args([
            "package",
            "--allow-dirty",
            "--no-verify",
            "--offline",
            "--target-dir",
        ])
        .arg(&target)
        .current_dir(sdk)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let crate_file = target.join(format!(
        "package/gs-mcp-sdk-{}.crate",
        env!("CARGO_PKG_VERSION")
    ));
    assert!(
        crate_file.is_file(),
        "{} was not written",
        crate_file.display()
    );
    let _ = std::fs::remove_dir_all(&target);
}

/// A fresh directory under the system's temporary directory.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gs-mcp-sdk-package-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
