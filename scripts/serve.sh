#!/usr/bin/env bash
# Runs the quick-start server: gs-mcp on 127.0.0.1:8000/mcp with the embedded
# image (created under .gs-mcp/ on first run) and the example plug-in, built
# here from source. Extra arguments go to `gs-mcp serve` (e.g. --listen).
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v rustup >/dev/null 2>&1 &&
   ! rustup target list --installed | grep -qx wasm32-wasip2; then
  rustup target add wasm32-wasip2
fi

cargo build --release --locked --target wasm32-wasip2 \
  --manifest-path plugins/Cargo.toml --package hello
mkdir -p .gs-mcp
exec cargo run --release --locked -p gs-mcp -- serve --config examples/quickstart.toml "$@"
