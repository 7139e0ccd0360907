#!/usr/bin/env bash
# Drives the real pre-commit (installed from PyPI into .build/integration-venv) with this repository's
# hook, exactly as the snippet of docs/integrations.md#in-a-pre-commit-hook configures it: the snippet is
# read out of that page (its repo and rev pointed at this checkout's HEAD), so the two cannot drift.
#
#   Tests/Integration/pre-commit.sh            (.ci/run runs it)
#
# Checks that the hook blocks a commit of a broken file and passes a clean one, and that with
# `args: [--fix, --strict]` it repairs what it can (pre-commit then stops the commit with the file
# changed) and passes on the next run. The first run builds the tool in pre-commit's clone (a minute or
# two: Scripts/build-tools.sh); later runs of the same commit reuse it (PRE_COMMIT_HOME is
# .build/pre-commit-home). Skips, saying why, when git or pre-commit cannot be had.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
skip() { echo "pre-commit: SKIPPED: $*"; exit 0; }
fail() { echo "pre-commit: FAILED: $*" >&2; exit 1; }
command -v git >/dev/null || skip "git is not installed"
git -C "$root" rev-parse HEAD >/dev/null 2>&1 || skip "$root is not a git checkout"
venv=$root/.build/integration-venv
if ! [ -x "$venv/bin/pre-commit" ]; then
  python3 -m venv "$venv" >/dev/null 2>&1 || skip "python3 cannot make a virtual environment"
  "$venv/bin/pip" install -q pre-commit >/dev/null 2>&1 || skip "pre-commit cannot be installed from PyPI"
fi
export PRE_COMMIT_HOME=$root/.build/pre-commit-home
rev=$(git -C "$root" rev-parse HEAD)

# The snippet: the first yaml block after the page's "## In a pre-commit hook" heading.
page=docs/integrations.md
snippet=$(awk '/^## In a pre-commit hook/ { inside = 1 } inside && /^```yaml/ { block = 1; next }
  block && /^```/ { exit } block { print }' "$root/$page")
echo "$snippet" | grep -q "id: inertia-lint" || fail "$page's pre-commit snippet was not found"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
repo=$work/app
mkdir -p "$repo/Animations"
git -C "$repo" init -q
git -C "$repo" config user.email tests@example.com
git -C "$repo" config user.name Tests
configure() {  # $1: extra hook lines
  echo "$snippet" | sed -e "s|repo: .*|repo: $root|" -e "s|rev: .*|rev: $rev|" > "$repo/.pre-commit-config.yaml"
  [ -z "${1:-}" ] || printf '%s\n' "$1" >> "$repo/.pre-commit-config.yaml"
}
run() { (cd "$repo" && "$venv/bin/pre-commit" run --files "$@" 2>&1); }

configure
cp "$root/Corpus/lint/clean/animation.inertia" "$repo/Animations/animation.inertia"
mkdir -p "$repo/Animations/Broken"
cp "$root/Corpus/lint/duplicate-keyframe-id.inertia" "$repo/Animations/Broken/animation.inertia"
git -C "$repo" add -A
output=$(run Animations/animation.inertia) || fail "a clean file did not pass: $output"
if output=$(run Animations/Broken/animation.inertia); then fail "a broken file passed: $output"; fi
echo "$output" | grep -q "\[duplicate-keyframe-id\]" || fail "the finding is not in the hook's output: $output"
echo "pre-commit: blocks a broken file, passes a clean one"

# The hook's users must get the fast binaries: on Linux, build-tools.sh falls back to slower builds
# (saying so) only where the toolchain cannot link statically, which this machine can.
if [ "$(uname -s)" = Linux ]; then
  clone=$("$venv/bin/python" -c 'import sqlite3, sys
row = sqlite3.connect(sys.argv[1]).execute("SELECT path FROM repos WHERE repo = ? AND ref = ?", sys.argv[2:]).fetchone()
print(row[0] if row else "")' "$PRE_COMMIT_HOME/db.db" "$root" "$rev")
  built=$clone/.build/tools/tools-built
  [ -f "$built" ] || fail "the hook's build left no $built"
  grep -q "^fully static" "$built" || fail "the hook's tools are not fully static: $(cat "$built")"
  echo "pre-commit: the hook's tools are $(cat "$built")"
fi

# Fixing as the page suggests.
configure "        args: [--fix, --strict]"
if output=$(run Animations/Broken/animation.inertia); then fail "--fix did not stop the commit: $output"; fi
echo "$output" | grep -q "files were modified by this hook" || fail "pre-commit did not see the fix: $output"
output=$(run Animations/Broken/animation.inertia) || fail "the fixed file does not pass: $output"
echo "pre-commit: --fix --strict repairs the file and passes the next run"
