//! The router owns its settings' defaults and gs-config owns the
//! operator's: a server started with no configuration file must get the
//! router's defaults through the binary's wiring, or the two have drifted.

// The binary has no library target; its wiring is compiled here as it is
// in the binary, and only `router_settings` is used.
#[allow(dead_code)]
#[path = "../src/wiring.rs"]
mod wiring;

use gs_config::Config;
use gs_router::RouterSettings;

#[test]
fn the_configuration_defaults_are_the_router_defaults() {
    let home = |k: &str| (k == "HOME").then(|| "/nonexistent-home".to_string());
    let config = Config::defaults_with(&home).unwrap();
    assert_eq!(wiring::router_settings(&config), RouterSettings::default());
}

#[test]
fn the_operators_task_limits_reach_the_router() {
    let home = |k: &str| (k == "HOME").then(|| "/nonexistent-home".to_string());
    let text = "[tasks]\nmax = 7\nmax_unfinished_per_caller = 3\nttl_secs = 120\n\
                total_bytes = 3145728\n";
    let config = Config::parse_with(text, None, &home).unwrap();
    assert_eq!(
        wiring::router_settings(&config).tasks,
        gs_router::TaskLimits {
            max: 7,
            max_unfinished_per_caller: 3,
            ttl: std::time::Duration::from_secs(120),
            total_bytes: 3 << 20,
        }
    );
}
