//! The SDK carries the WIT contract in its own `wit/` so that the crate
//! can be published; the repository's `wit/` is the one source of truth,
//! and this test keeps the copy identical to it.

use std::path::Path;

#[test]
fn the_sdk_wit_is_the_repository_wit() {
    let sdk = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = sdk.join("../wit");
    if !source.is_dir() {
        // A packaged copy of the crate: there is only one `wit/`.
        return;
    }
    let names = |dir: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".wit"))
            .collect();
        names.sort();
        names
    };
    let fix = "copy them again: `cp wit/*.wit sdk/wit/` (the repository's wit/ is the source)";
    assert_eq!(
        names(&source),
        names(&sdk.join("wit")),
        "sdk/wit/ must hold exactly the .wit files of wit/; {fix}"
    );
    for name in names(&source) {
        let a = std::fs::read(source.join(&name)).unwrap();
        let b = std::fs::read(sdk.join("wit").join(&name)).unwrap();
        assert!(a == b, "sdk/wit/{name} differs from wit/{name}; {fix}");
    }
}
