#!/usr/bin/env bash
# The whole test suite, exactly as CI runs it (.ci/run calls this script).
#
# Installs what the build and the tests need when it is missing, then runs
# the format and lint gates and every test in the workspace. Safe to run on a
# fresh machine that has only the Rust toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

# CI builds each artifact once, in a fresh clone: incremental compilation's
# caches would only take disk (gigabytes for this workspace, on the machine
# CI shares with the session that submitted it) and time.
if [ -n "${CI:-}" ]; then
  export CARGO_INCREMENTAL=0
fi

step "toolchain components"
if command -v rustup >/dev/null 2>&1; then
  rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
  rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
  # The WebAssembly plug-ins the tests load are built from source for this target.
  rustup target list --installed | grep -qx wasm32-wasip2 || rustup target add wasm32-wasip2
fi

step "Debian packages the tests need"
# HAProxy: the scaling-out test puts two gs-mcp processes behind it.
# curl: the SDK tutorial's test runs its commands as written.
missing=""
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing="$missing haproxy"
command -v curl >/dev/null 2>&1 || missing="$missing curl"
# python3 with venv: the Python example toolset's build installs
# componentize-py into a venv.
python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing="$missing python3 python3-venv"
if [ -n "$missing" ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
fi

step "cargo fmt --check"
cargo fmt --all --check
cargo fmt --all --check --manifest-path plugins/Cargo.toml

step "cargo clippy --all-targets -- -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings
# The tests against a real stone, which need a stone to run (none here),
# still have to build.
cargo clippy -p gs-gci -p gs-gemstone --features live-stone --all-targets --locked -- -D warnings
# The plug-ins, as vendors read them: each for the target it ships to, and
# the native unit tests of those that have them.
cargo clippy --manifest-path plugins/Cargo.toml --locked --target-dir target \
  --workspace --target wasm32-wasip2 -- -D warnings
cargo clippy --manifest-path plugins/Cargo.toml --locked --target-dir target \
  --all-targets -p conformance -p acme_db -- -D warnings

step "cargo doc (a broken or private link is an error)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked
# The same for the docs of private items too, which whoever changes a
# crate reads (the workspace's crates only: the dependencies are built).
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked --document-private-items

step "the Python example toolset (componentize-py)"
# host/gs-mcp/tests/python_toolset.rs loads it (and runs the script again,
# a no-op then); built here so that its install and build are a step of
# their own.
scripts/python-toolset.sh

step "cargo test"
cargo test --workspace --locked
# The SDK's examples of its mock host (`gs_mcp_sdk::testing`) compile and
# run only with the feature a vendor's tests turn on.
cargo test -p gs-mcp-sdk --features testing --doc --locked
# The WebAssembly host's tests again, their images served by a test stone
# (gs-teststone, a test double for GemStone) through the GemStone backend:
# plug-ins must see the same image on both backends. They run from the
# binaries the workspace's test build made: `cargo test -p gs-toolset-host`
# would unify features over that one package, compile wasmtime and all
# that depends on it a second time, and store a second copy.
step "the WebAssembly host's tests on the GemStone backend (test stone)"
host_tests=$(mktemp)
cargo test --workspace --locked --no-run --message-format=json |
  python3 -c '
import json, sys
manifest = sys.argv[1]
for line in sys.stdin:
    message = json.loads(line)
    if (message.get("reason") == "compiler-artifact" and message.get("executable")
            and message["profile"]["test"] and message["manifest_path"] == manifest):
        print(message["executable"])
' "$PWD/host/toolset-host/Cargo.toml" >"$host_tests"
[ -s "$host_tests" ] || { echo "test.sh: the workspace build has no test binaries of gs-toolset-host" >&2; exit 1; }
while read -r binary; do
  echo "Running $binary"
  (cd host/toolset-host && GS_TEST_BACKEND=gemstone "$binary" </dev/null)
done <"$host_tests"
rm -f "$host_tests"
# The plug-ins whose tools have native unit tests (the SDK's MockHost),
# built for this machine in the shared target directory.
cargo test --manifest-path plugins/Cargo.toml --locked --target-dir target \
  -p conformance -p acme_db
step "MCP clients and the conformance suite"; scripts/clients.sh
