#!/usr/bin/env bash
# Build the optional compiled wheel of shardgames (mypyc; see "Compiled build" in docs/getting-started.md)
# into OUT_DIR (default: dist/), then check that every module the build lists came out compiled.
# It builds from a temporary copy of the checkout's tracked files, so no compiled module is left in the
# source tree, where it would shadow the .py files of an editable install.
# Needs a C compiler and the Python headers; pip fetches mypy and hatch-mypyc into its build environment.
#
#   scripts/build_compiled.sh                    # dist/shardgames-<version>-cp3XX-...whl
#   python -m venv /tmp/venv-compiled && /tmp/venv-compiled/bin/pip install dist/shardgames-*-cp3*.whl
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-dist}")
python=${PYTHON:-python3}

copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$copy"
mkdir -p "$out"
HATCH_BUILD_HOOK_ENABLE_MYPYC=1 "$python" -m pip wheel --no-deps --wheel-dir "$copy/wheel" "$copy"

wheel=$(ls "$copy"/wheel/shardgames-*.whl)
"$python" - "$wheel" <<'PY'
import sys, tomllib, zipfile

hook = tomllib.load(open("pyproject.toml", "rb"))["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
names = zipfile.ZipFile(sys.argv[1]).namelist()
missing = [
    module for module in hook["include"]
    if not any(n.startswith(module.removesuffix(".py") + ".") and n.endswith((".so", ".pyd")) for n in names)
]
if missing:
    sys.exit(f"not compiled: {', '.join(missing)}")
print(f"{len(hook['include'])} modules compiled")
PY
cp "$wheel" "$out/"
echo "built $out/$(basename "$wheel")"
