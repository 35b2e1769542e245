//! `image.max_uncommitted_total_bytes`, the embedded image's ceiling on
//! what all sessions together hold uncommitted: its default, reading it,
//! and the refusals naming the key, the value and the fix.

use std::path::Path;

use gs_config::{Config, DEFAULT_MAX_UNCOMMITTED_TOTAL_BYTES};

fn parse(text: &str) -> Result<Config, String> {
    let home = |k: &str| (k == "HOME").then(|| "/home/ann".to_string());
    Config::parse_with(text, Some(Path::new("/etc/gs")), &home).map_err(|e| e.to_string())
}

#[test]
fn the_ceiling_defaults_to_2_gib_and_is_read() {
    assert_eq!(DEFAULT_MAX_UNCOMMITTED_TOTAL_BYTES, 2 << 30);
    let c = parse("").unwrap();
    assert_eq!(c.max_uncommitted_total_bytes, 2 << 30);
    let c = parse("[image]\nmax_uncommitted_total_bytes = 536870912\n").unwrap();
    assert_eq!(c.max_uncommitted_total_bytes, 512 << 20);
    // Never less than one session's limit when left out.
    let c = parse("[image]\nmax_uncommitted_bytes = 4294967296\n").unwrap();
    assert_eq!(c.max_uncommitted_total_bytes, 4 << 30);
}

#[test]
fn a_ceiling_below_one_session_s_limit_or_for_a_stone_is_refused() {
    assert_eq!(
        parse(
            "[image]\nmax_uncommitted_bytes = 268435456\n\
             max_uncommitted_total_bytes = 134217728\n"
        )
        .unwrap_err(),
        "`image.max_uncommitted_total_bytes`: 134217728 is less than one session may hold \
         (`image.max_uncommitted_bytes`, 268435456), so one session could never reach its own \
         limit; give at least 268435456 (default 2147483648, 2 GiB, shared by all sessions)"
    );
    let e = parse(
        "[image]\nbackend = \"gemstone\"\nstone = \"gs64stone\"\n\
         max_uncommitted_total_bytes = 1073741824\n",
    )
    .unwrap_err();
    assert!(
        e.starts_with("`image.max_uncommitted_total_bytes`: is a setting of the embedded backend"),
        "{e}"
    );
}
