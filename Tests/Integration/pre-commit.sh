#!/usr/bin/env bash
# Drives the real pre-commit (installed from PyPI into .build/integration-venv) with this repository's
# hooks, exactly as the snippets of docs/integrations.md#in-a-pre-commit-hook configure them: both
# snippets are read out of that page, the page's one value (the tools' URL) replaced by this checkout's
# path, and pinned with the page's own `pre-commit autoupdate` command, so the page and the hooks cannot
# drift.
#
#   Tests/Integration/pre-commit.sh            (.ci/run runs it)
#
# Checks that autoupdate pins the newest tag or commit; that the hook blocks a commit of a broken file and
# passes a clean one; that with `args: [--fix, --strict]` it repairs what it can (pre-commit then stops
# the commit with the file changed) and passes on the next run; and that inertia-lint-system does the
# same with the inertia-lint on PATH, and says so when there is none. The first run builds the tool in
# pre-commit's clone (Scripts/build-tools.sh: minutes, see README.md); later runs of the same commit reuse
# it (PRE_COMMIT_HOME is .build/pre-commit-home). Skips, saying why, when git or pre-commit cannot be had.
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
head=$(git -C "$root" rev-parse HEAD)
# What `pre-commit autoupdate` pins: the newest tag reachable from HEAD, else HEAD's sha.
expected=$(git -C "$root" describe --tags --abbrev=0 HEAD 2>/dev/null || echo "$head")

# The snippets: the yaml blocks of the page's section, and its autoupdate command.
page=docs/integrations.md
section=$(awk '/^## / { inside = ($0 == "## In a pre-commit hook") } inside { print }' "$root/$page")
block() {  # $1: which yaml block of the section, from 1
  echo "$section" | awk -v want="$1" '/^```yaml/ { n++; if (n == want) { block = 1; next } }
    block && /^```/ { exit } block { print }'
}
value=https://github.com/OWNER/inertia-tools   # the page's one value
snippet=$(block 1)
system_snippet=$(block 2)
autoupdate=$(echo "$section" | grep -o 'pre-commit autoupdate --repo [^`]*' | head -n 1)
echo "$snippet" | grep -Eq "id: inertia-lint( |$)" || fail "$page's pre-commit snippet was not found"
echo "$system_snippet" | grep -q "id: inertia-lint-system" || fail "$page's inertia-lint-system snippet was not found"
[ -n "$autoupdate" ] || fail "$page gives no pre-commit autoupdate command"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
repo=$work/app
mkdir -p "$repo/Animations"
git -C "$repo" init -q
git -C "$repo" config user.email tests@example.com
git -C "$repo" config user.name Tests
configure() {  # $1: the snippet; $2: extra hook lines. Pins it as the page says.
  echo "$1" | grep -qF "repo: $value" || fail "a snippet does not name the tools as $value"
  echo "$1" | sed -e "s|$value|$root|" > "$repo/.pre-commit-config.yaml"
  [ -z "${2:-}" ] || printf '%s\n' "$2" >> "$repo/.pre-commit-config.yaml"
  local words
  read -r -a words <<< "${autoupdate//$value/$root}"   # pre-commit autoupdate --repo ROOT
  output=$(cd "$repo" && "$venv/bin/pre-commit" "${words[@]:1}" 2>&1) || fail "${words[*]} failed: $output"
  rev=$(sed -n 's/^ *rev: *\([^ #]*\).*/\1/p' "$repo/.pre-commit-config.yaml")
  [ "$rev" = "$expected" ] || fail "autoupdate pinned $rev, not $expected"
}
run() { (cd "$repo" && "$venv/bin/pre-commit" run --files "$@" 2>&1); }

configure "$snippet"
echo "pre-commit: autoupdate pins $rev"
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
  # The path docs/integrations.md#git names for the tools build-tools.sh built.
  tools=$clone/.build/tools/release
  [ -x "$tools/inertia-convert" ] && [ -x "$tools/inertia-lint" ] || fail "build-tools.sh left no $tools/inertia-*"
fi

# Fixing as the page suggests.
configure "$snippet" "        args: [--fix, --strict]"
if output=$(run Animations/Broken/animation.inertia); then fail "--fix did not stop the commit: $output"; fi
echo "$output" | grep -q "files were modified by this hook" || fail "pre-commit did not see the fix: $output"
output=$(run Animations/Broken/animation.inertia) || fail "the fixed file does not pass: $output"
echo "pre-commit: --fix --strict repairs the file and passes the next run"

# The hook for installed tools: the inertia-lint on PATH (here the one the first hook built), nothing built.
if [ -n "${tools:-}" ]; then
  configure "$system_snippet"
  cp "$root/Corpus/lint/duplicate-keyframe-id.inertia" "$repo/Animations/Broken/animation.inertia"
  git -C "$repo" add -A
  system_run() { (cd "$repo" && PATH=$1 "$venv/bin/pre-commit" run --files "${@:2}" 2>&1); }
  output=$(system_run "$tools:/usr/bin:/bin" Animations/animation.inertia) || fail "inertia-lint-system: a clean file did not pass: $output"
  if output=$(system_run "$tools:/usr/bin:/bin" Animations/Broken/animation.inertia); then
    fail "inertia-lint-system: a broken file passed: $output"
  fi
  echo "$output" | grep -q "\[duplicate-keyframe-id\]" || fail "inertia-lint-system: the finding is not in the output: $output"
  if output=$(system_run "/usr/bin:/bin" Animations/animation.inertia); then
    fail "inertia-lint-system passed without inertia-lint on PATH: $output"
  fi
  echo "$output" | grep -q "Executable \`inertia-lint\` not found" || fail "inertia-lint-system: no inertia-lint, said: $output"
  echo "pre-commit: inertia-lint-system lints with the inertia-lint on PATH, and says when there is none"
fi
