#!/usr/bin/env bash
# The quick start: gs-mcp on http://127.0.0.1:8000/mcp with the embedded image
# (created under .gs-mcp/ on first run), the built-in toolset and the acme_db
# example plug-in (see examples/quickstart.toml).
#
# Every step is safe to repeat: the plug-ins and the server are rebuilt only
# when their sources changed, and plugins/acme_db/acme.gs is filed into the
# image at every start (a second file-in changes nothing). Extra arguments go
# to `gs-mcp serve`, e.g. `scripts/serve.sh --listen 127.0.0.1:9000`.
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v rustup >/dev/null 2>&1 &&
   ! rustup target list --installed | grep -qx wasm32-wasip2; then
  rustup target add wasm32-wasip2
fi

# The plug-ins go to plugins/target whatever CARGO_TARGET_DIR says, because
# examples/quickstart.toml names them there.
cargo build --release --locked --target wasm32-wasip2 \
  --manifest-path plugins/Cargo.toml --target-dir plugins/target \
  --package acme_db --package hello
# `cargo run` rather than a path into the target directory, which cargo's
# own configuration may put anywhere.
gs_mcp() { cargo run --quiet --release --locked -p gs-mcp -- "$@"; }

mkdir -p .gs-mcp
gs_mcp image load --image .gs-mcp/quickstart.gsimage plugins/acme_db/acme.gs
exec cargo run --quiet --release --locked -p gs-mcp -- \
  serve --config examples/quickstart.toml "$@"
