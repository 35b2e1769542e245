//! Embeds the kernel class library: writes `kernel_sources.rs` into
//! `OUT_DIR`, listing every `kernel/*.gs` file in file-name order with its
//! text (via `include_str!`), so a new image needs no files beside the
//! binary and a kernel file added to the directory is picked up unaided.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read when the script runs, not baked in when it is compiled: a
    // target directory shared by two checkouts reuses one compiled script,
    // which must list the kernel of the checkout being built.
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .expect("cargo sets CARGO_MANIFEST_DIR for build scripts");
    let dir = Path::new(&manifest_dir).join("kernel");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".gs"))
        .collect();
    names.sort();
    let mut out = String::from(
        "/// The kernel `.gs` sources, in file-name order: (file name, text).\n\
         pub(crate) const KERNEL_SOURCES: &[(&str, &str)] = &[\n",
    );
    for name in &names {
        let path = dir.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        let _ = writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let target =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("kernel_sources.rs");
    std::fs::write(&target, out)
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", target.display()));
}
