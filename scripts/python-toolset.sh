#!/usr/bin/env bash
# Builds the example toolset written in Python (plugins-python/hello_py)
# into target/python/hello_py.wasm, a WebAssembly component of the
# `gemstone:mcp/toolset` world, as docs/python-toolsets.md tells vendors to.
#
# 1. Installs, once, the pinned componentize-py from PyPI into a venv under
#    .cache/componentize-py (git-ignored); it brings its own CPython for
#    WebAssembly, so the machine's python3 only runs the installer.
# 2. componentize-py generates the Python bindings of the world from wit/
#    and bundles them, the app and CPython into one component.
#
# Skips the build when the output exists and its inputs (this script, the
# pinned version, wit/ and the toolset's sources) are those it was built
# from. The path is fixed, whatever CARGO_TARGET_DIR says:
# host/gs-mcp/tests/python_toolset.rs loads it from there (and runs this
# script itself, so a stale component is never tested). Callers may run it
# at the same time: the build is serialised by a lock.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

# Pinned: bump deliberately, then re-run the tests.
componentize_py_version=0.25.1

src=plugins-python/hello_py
venv=$repo/.cache/componentize-py
out_dir=$repo/target/python
out=$out_dir/hello_py.wasm
stamp=$out_dir/hello_py.inputs

die() { printf 'python-toolset.sh: %s\n' "$*" >&2; exit 1; }

mkdir -p "$repo/.cache" "$out_dir"
exec 9>"$repo/.cache/componentize-py.lock"
flock 9

inputs=$(
  echo "componentize-py $componentize_py_version"
  find scripts/python-toolset.sh wit "$src" -type f \( -name '*.sh' -o -name '*.wit' -o -name '*.py' \) \
    -not -path '*/__pycache__/*' -print0 | sort -z | xargs -0 sha256sum
)
if [[ -f $out && "$(cat "$stamp" 2>/dev/null)" == "$inputs" ]]; then
  echo "python-toolset.sh: $out is up to date"
  exit 0
fi

if [[ "$("$venv/bin/componentize-py" --version 2>/dev/null)" != "componentize-py $componentize_py_version" ]]; then
  command -v python3 >/dev/null 2>&1 || die "python3 is needed to install componentize-py"
  python3 -m venv --clear "$venv" || die "python3 -m venv failed (on Debian: apt-get install python3-venv)"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "componentize-py==$componentize_py_version" ||
    die "pip could not install componentize-py==$componentize_py_version"
fi

started=$SECONDS
rm -f "$stamp"
tmp=$(mktemp "$out_dir/.hello_py.XXXXXX")
trap 'rm -f "$tmp"' EXIT
# Its Rust backtrace (shown when the caller's RUST_BACKTRACE is set, as under
# cargo test) would bury the Python error.
RUST_BACKTRACE=0 "$venv/bin/componentize-py" --quiet --wit-path wit --world toolset \
  componentize --python-path "$src" app --output "$tmp" ||
  die "componentize-py failed to build $src (its message is above)"
chmod 644 "$tmp"
mv "$tmp" "$out"
# Every build differs in its bytes, so the test server's compiled artefacts
# of the previous build (35 MB each) would never be used again.
rm -rf "$out_dir/server-cache"
printf '%s\n' "$inputs" >"$stamp"
echo "python-toolset.sh: built $out ($(stat -c %s "$out") bytes) in $((SECONDS - started)) s"
