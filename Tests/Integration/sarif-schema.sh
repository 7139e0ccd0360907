#!/usr/bin/env bash
# Validates SARIF logs against the official SARIF 2.1.0 JSON schema, with Python's jsonschema:
# every log the Swift tests wrote under .build/test-artifacts/sarif/, and logs this script makes with
# the built inertia-lint for the cases GitHub's upload meets (findings, a missing path, a usage error,
# a file outside any repository, a --fix run, a name that needs percent-encoding).
#
#   Tests/Integration/sarif-schema.sh          (after swift test; .ci/run runs it)
#
# Skips, saying why, when the schema or the module cannot be had. The schema is looked for at
# $INERTIA_SARIF_SCHEMA, then ../shared/schemas/sarif-schema-2.1.0.json beside the repository, then beside
# the repository this checkout was cloned from (a CI clone of a local repository). The virtual
# environment with jsonschema is made first either way: Tests/JSONSchema/check.py uses it too.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
skip() { echo "sarif-schema: SKIPPED: $*"; exit 0; }

venv=$root/.build/integration-venv
if ! "$venv/bin/python" -c 'import jsonschema' 2>/dev/null; then
  python3 -m venv "$venv" >/dev/null 2>&1 || skip "python3 cannot make a virtual environment"
  "$venv/bin/pip" install -q jsonschema >/dev/null 2>&1 || skip "jsonschema cannot be installed from PyPI"
fi

relative=shared/schemas/sarif-schema-2.1.0.json
origin=$(git -C "$root" remote get-url origin 2>/dev/null || true)
schema=${INERTIA_SARIF_SCHEMA:-}
for candidate in "$root/../$relative" ${origin:+"$origin/../$relative"}; do
  [ -n "$schema" ] || { [ -f "$candidate" ] && schema=$candidate; } || true
done
[ -n "$schema" ] && [ -f "$schema" ] || skip "no SARIF schema at $root/../$relative${origin:+ or $origin/../$relative} (set INERTIA_SARIF_SCHEMA)"
tool=$root/.build/debug/inertia-lint
[ -x "$tool" ] || { echo "sarif-schema: $tool is not built (run swift build first)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
logs=$work/logs
mkdir -p "$logs" "$work/repo/.git" "$work/repo/sub" "$work/outside" "$work/repo/Sign Up"
cp "$root"/Corpus/lint/*.json "$root"/Corpus/lint/*.inertia "$work/repo/sub/"
cp "$root/Corpus/lint/duplicate-keyframe-id.inertia" "$work/repo/Sign Up/caf$(printf '\351').inertia"
cp "$root/Corpus/lint/non-positive-duration.json" "$work/outside/animation.json"
run() { (cd "$1" && shift && "$tool" --no-config --format sarif "$@" || true); }
run "$work/repo" --include '*' . > "$logs/findings.sarif"
run "$work/repo/sub" --include '*' .. > "$logs/from-sub.sarif"
run "$work/repo" missing.inertia > "$logs/missing.sarif"
run "$work/repo" --jobs 0 > "$logs/usage-error.sarif"
run "$work/outside" animation.json > "$logs/outside.sarif"
cp -R "$work/repo" "$work/fixed"
run "$work/fixed" --fix --include '*' . > "$logs/fix.sarif"
cp "$root"/.build/test-artifacts/sarif/*.sarif "$logs/" 2>/dev/null || true

"$venv/bin/python" - "$schema" "$logs" <<'PY'
import json, os, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
validator = jsonschema.validators.validator_for(schema)(schema)
names = sorted(os.listdir(sys.argv[2]))
failed = 0
for name in names:
    log = json.load(open(os.path.join(sys.argv[2], name)))
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    for error in errors[:3]:
        print(f"sarif-schema: {name}: {'/'.join(map(str, error.path))}: {error.message[:200]}")
    failed += bool(errors)
print(f"sarif-schema: {len(names) - failed} of {len(names)} SARIF logs valid against SARIF 2.1.0")
sys.exit(1 if failed else 0)
PY
