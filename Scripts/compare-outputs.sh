#!/usr/bin/env bash
# Runs two builds of the tools over the same inputs and compares everything they print and write, byte
# for byte: for a change that must not change any output (a refactoring, a speed-up), against a build of
# the commit it starts from.
#
#   Scripts/compare-outputs.sh [--no-bench] [--keep DIR] OLD_BIN_DIR NEW_BIN_DIR
#
# Each BIN_DIR holds inertia-lint and inertia-convert (Scripts/build-tools.sh prints such a folder).
# What is compared, each as standard output, standard error and exit status:
#   - every file under Corpus/: inertia-lint in every format (text, json, sarif, github, xcode), with
#     --statistics, and --fix - (the fixed document on standard output); inertia-convert to-json (pretty
#     and --compact), to-msgpack, textconv and to-svg (animated and --timeline);
#   - Corpus/ as a tree: a lint in every format, --diff (and with --unsafe-fixes), --fix --dry-run,
#     --fix and --fix --unsafe-fixes into copies (the files they leave, byte for byte), --output-file;
#   - --list-rules (text and json), --explain of every rule and of io-error, --help and --version;
#   - unless --no-bench, the benchmark trees of Tests/Benchmarks/work (made by Tests/Benchmarks/run.sh,
#     or by generate.py): a lint of repo/ in every format and with --statistics, --fix of a copy of
#     fixrepo/ (its report and the files it leaves) and its --diff, the large file's lint in every format
#     and its to-json (large outputs are compared by checksum).
# Both builds run in the same folder (so that paths in reports agree). The outputs are kept under DIR
# (default: a temporary folder, removed when they agree). Exits 0 when every output agrees, 1 otherwise,
# after printing what differs (`diff -r`, its first lines).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bench=true
keep=""
while (( $# > 2 )); do
  case $1 in
    --no-bench) bench=false; shift ;;
    --keep) keep=$2; shift 2 ;;
    *) echo "compare-outputs.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
if (( $# != 2 )); then
  sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
old=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
work=$root/Tests/Benchmarks/work
if $bench && [[ ! -f $work/repo/PROBLEMS.tsv || ! -f $work/fixrepo/PROBLEMS.tsv || ! -f $work/large.inertia ]]; then
  echo "compare-outputs.sh: no benchmark trees in $work (run Tests/Benchmarks/run.sh once, or pass --no-bench)" >&2
  exit 2
fi
out=${keep:-$(mktemp -d "${TMPDIR:-/tmp}/inertia-compare.XXXXXX")}
mkdir -p "$out"
sandbox=${TMPDIR:-/tmp}/inertia-compare-sandbox

# run NAME COMMAND...: the command's standard output, standard error and status, under NAME.
run() {
  local name=$1
  shift
  local status=0
  "$@" > "$dest/$name.out" 2> "$dest/$name.err" < /dev/null || status=$?
  echo "$status" > "$dest/$name.status"
}

# run_in NAME INPUT COMMAND...: as run, with INPUT as standard input.
run_in() {
  local name=$1 input=$2
  shift 2
  local status=0
  "$@" > "$dest/$name.out" 2> "$dest/$name.err" < "$input" || status=$?
  echo "$status" > "$dest/$name.status"
}

# Fixes that give a keyframe a fresh id write a random UUID: each one that is in no input (listed in
# $known) is replaced by the same placeholder, of the same length, before outputs are compared.
known=$out/known-ids.txt
uuid='[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}'
cat > "$out/fresh-ids.pl" <<'PERL'
BEGIN { local $/ = "\n"; open my $f, "<", $ENV{KNOWN} or die; while (<$f>) { chomp; $k{$_} = 1 } }
s/([0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12})/exists $k{$1} ? $1 : "00000000-0000-4000-8000-000000000000"/ge;
PERL
# placeholders FILE...: in place.
placeholders() { printf '%s\0' "$@" | KNOWN=$known xargs -0 -r perl -0777 -i -p "$out/fresh-ids.pl"; }

# checksum NAME: replaces NAME.out by its checksum (for outputs of many megabytes).
checksum() { placeholders "$dest/$1.out" && cksum < "$dest/$1.out" > "$dest/$1.cksum" && rm "$dest/$1.out"; }

# tree NAME FOLDER: every file of FOLDER (fresh ids replaced) with its checksum.
tree() {
  (cd "$2" && find . -type f -print0 | KNOWN=$known xargs -0 -r perl -0777 -i -p "$out/fresh-ids.pl")
  (cd "$2" && find . -type f -print0 | sort -z | xargs -0 cksum) > "$dest/$1.tree"
}

capture() {
  local bin=$1
  dest=$2
  mkdir -p "$dest"
  local lint=$bin/inertia-lint convert=$bin/inertia-convert
  rm -rf "$sandbox"
  mkdir -p "$sandbox"
  cp -a "$root/Corpus" "$sandbox/Corpus"
  cd "$sandbox"
  local files=() file name format
  mapfile -t files < <(cd "$sandbox" && find Corpus -type f ! -name '*.md' | sort)
  local all=(--include '*.inertia' --include '*.json')

  for file in "${files[@]}"; do
    name=${file//\//_}
    for format in text json sarif github xcode; do
      run "lint-$format-$name" "$lint" --format "$format" "$file"
    done
    run "lint-statistics-$name" "$lint" --statistics "$file"
    run_in "lint-fix-stdin-$name" "$file" "$lint" --fix --unsafe-fixes --stdin-filename "$file" -
    run "to-json-$name" "$convert" to-json "$file"
    run "to-json-compact-$name" "$convert" to-json --compact "$file"
    run "to-msgpack-$name" "$convert" to-msgpack "$file"
    run "textconv-$name" "$convert" textconv "$file"
    run "to-svg-$name" "$convert" to-svg --no-config "$file"
    run "to-svg-timeline-$name" "$convert" to-svg --no-config --timeline "$file"
  done

  for format in text json sarif github xcode; do
    run "corpus-$format" "$lint" "${all[@]}" --format "$format" Corpus
    run "corpus-statistics-$format" "$lint" "${all[@]}" --statistics --format "$format" Corpus
  done
  run corpus-quiet "$lint" "${all[@]}" -q --max-findings 2 Corpus
  run corpus-diff "$lint" "${all[@]}" --diff Corpus
  run corpus-diff-unsafe "$lint" "${all[@]}" --diff --unsafe-fixes Corpus
  run corpus-dry-run "$lint" "${all[@]}" --fix --dry-run Corpus
  run corpus-output-file "$lint" "${all[@]}" --format json --output-file report.json Corpus
  mv report.json "$dest/corpus-output-file.json"
  for mode in safe unsafe; do
    rm -rf fixcopy
    cp -a Corpus fixcopy
    local extra=()
    [[ $mode == unsafe ]] && extra=(--unsafe-fixes)
    for format in text json; do
      run "corpus-fix-$mode-$format" "$lint" "${all[@]}" --fix ${extra[@]+"${extra[@]}"} --format "$format" fixcopy
    done
    tree "corpus-fixed-$mode" fixcopy
  done
  rm -rf fixcopy

  run list-rules "$lint" --list-rules
  run list-rules-json "$lint" --list-rules --format json
  local rule
  for rule in $("$lint" --list-rules --format json | sed -n 's/^ *"id": "\([^"]*\)".*/\1/p') io-error; do
    run "explain-$rule" "$lint" --explain "$rule"
  done
  run lint-help "$lint" --help
  run lint-version "$lint" --version
  run convert-help "$convert" --help
  run convert-version "$convert" --version

  if $bench; then
    for format in text json sarif github xcode; do
      run "repo-$format" "$lint" --format "$format" "$work/repo"
      checksum "repo-$format"
      run "large-$format" "$lint" --format "$format" "$work/large.inertia"
    done
    run repo-statistics "$lint" --statistics "$work/repo"
    run large-to-json "$convert" to-json "$work/large.inertia"
    checksum large-to-json
    rm -rf fixrepo
    cp -a "$work/fixrepo" fixrepo
    run fixrepo-diff "$lint" --diff fixrepo
    checksum fixrepo-diff
    run fixrepo-fix "$lint" --fix fixrepo
    checksum fixrepo-fix
    tree fixrepo-fixed fixrepo
    rm -rf fixrepo
  fi
  cd "$root"
  rm -rf "$sandbox"
  find "$dest" -name '*.out' -print0 | KNOWN=$known xargs -0 -r perl -0777 -i -p "$out/fresh-ids.pl"
}

# The ids the inputs hold.
{
  grep -raohE "$uuid" "$root/Corpus" || true
  if $bench; then grep -raohE "$uuid" "$work/fixrepo" || true; fi
} | sort -u > "$known"

echo "compare-outputs.sh: running $old" >&2
capture "$old" "$out/old"
echo "compare-outputs.sh: running $new" >&2
capture "$new" "$out/new"
count=$(find "$out/old" -type f | wc -l)
if diff -r "$out/old" "$out/new" > "$out/diff.txt"; then
  echo "compare-outputs.sh: all $count outputs agree byte for byte"
  [[ -n $keep ]] || rm -rf "$out"
else
  echo "compare-outputs.sh: outputs differ (of $count; all of it in $out/diff.txt):"
  head -n 60 "$out/diff.txt"
  exit 1
fi
