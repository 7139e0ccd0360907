#!/usr/bin/env bash
# Benchmarks for Inertia Tools: inertia-convert against Python's msgspec on one large animation file.
# What it measures and how to read the table: Benchmarks/README.md.
#
#   Benchmarks/run.sh [--runs N] [--animations N] [--skip-build] [--no-lint]
#
# Environment:
#   SWIFT_SCRATCH_PATH   passed to `swift build --scratch-path` (default: the package's .build)
#   INERTIA_BIN_DIR      a directory holding already built release binaries; skips the build
#   PYTHON               the Python used to make the virtualenv (default: python3)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
work=$here/work
venv=$here/.venv
results=$work/results.jsonl

runs=7
animations=16000
seed=20240611
build=true
lint=true

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; }

while (( $# )); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --animations) animations=$2; shift 2 ;;
    --skip-build) build=false; shift ;;
    --no-lint) lint=false; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done
(( runs >= 5 )) || { echo "run.sh: --runs must be at least 5 for a meaningful median" >&2; exit 2; }

step() { printf '\n== %s\n' "$*"; }

# --- Swift: build the tools ------------------------------------------------------------------------

bin=""
build_swift() {
  if [[ -n "${INERTIA_BIN_DIR:-}" ]]; then
    bin=$INERTIA_BIN_DIR
    step "Using the binaries in $bin"
    return
  fi
  local scratch=()
  if [[ -n "${SWIFT_SCRATCH_PATH:-}" ]]; then scratch=(--scratch-path "$SWIFT_SCRATCH_PATH"); fi
  if $build; then
    step "Building release binaries"
    swift build -c release --package-path "$root" ${scratch[@]+"${scratch[@]}"}
  fi
  bin=$(swift build -c release --package-path "$root" ${scratch[@]+"${scratch[@]}"} --show-bin-path)
}

check_binaries() {
  if [[ ! -x $bin/inertia-convert ]]; then
    echo "run.sh: no inertia-convert in $bin; build without --skip-build, or set INERTIA_BIN_DIR" >&2
    exit 2
  fi
}

# --- Python: a virtualenv with msgspec -------------------------------------------------------------

py=""
setup_venv() {
  step "Python virtualenv at Benchmarks/.venv"
  if [[ ! -x $venv/bin/python ]]; then
    "${PYTHON:-python3}" -m venv "$venv"
  fi
  py=$venv/bin/python
  if ! "$py" -c 'import msgspec' 2>/dev/null \
    || [[ $("$py" -c 'import msgspec; print(msgspec.__version__)') != "$(sed -n 's/^msgspec==//p' "$here/requirements.txt")" ]]; then
    "$py" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
  fi
  echo "$("$py" --version), msgspec $("$py" -c 'import msgspec; print(msgspec.__version__)')"
}

# --- Data ------------------------------------------------------------------------------------------

generate_large() {
  step "Benchmark data in Benchmarks/work/"
  mkdir -p "$work"
  # Regenerate only when the seed, the size or the generator changed.
  local stamp
  stamp="$seed $animations $(cksum < "$here/generate.py")"
  if [[ -f $work/large.inertia && -f $work/large.json && "$(cat "$work/large.stamp" 2>/dev/null)" == "$stamp" ]]; then
    echo "reusing large.inertia and large.json"
  else
    "$py" "$here/generate.py" large --out "$work" --seed "$seed" --animations "$animations"
    echo "$stamp" > "$work/large.stamp"
  fi
  printf 'large.inertia %s bytes, large.json %s bytes\n' "$(wc -c < "$work/large.inertia" | tr -d ' ')" \
    "$(wc -c < "$work/large.json" | tr -d ' ')"
}

# measure TOOL DIRECTION INPUT OUTPUT -- [--stdout FILE --] COMMAND...
measure() {
  local tool=$1 direction=$2 input=$3 output=$4
  shift 5
  local extra=()
  if [[ ${1:-} == --stdout ]]; then extra=(--stdout "$2"); shift 3; fi
  "$py" "$here/measure.py" time --results "$results" --runs "$runs" --tool "$tool" --direction "$direction" \
    --input "$input" --output "$output" ${extra[@]+"${extra[@]}"} -- "$@"
}

# --- Conversion: ours (Swift) ----------------------------------------------------------------------

bench_convert_ours() {
  step "inertia-convert ($runs runs each, after one warm-up)"
  local convert=$bin/inertia-convert
  # The same work as the peer script: read, convert, write the output file (here through standard output).
  measure "inertia-convert compact" to-json "$work/large.inertia" "$work/ours-compact.json" -- \
    --stdout "$work/ours-compact.json" -- "$convert" to-json --compact "$work/large.inertia"
  measure "inertia-convert pretty" to-json "$work/large.inertia" "$work/ours-pretty.json" -- \
    --stdout "$work/ours-pretty.json" -- "$convert" to-json "$work/large.inertia"
  measure "inertia-convert" to-msgpack "$work/large.json" "$work/ours.inertia" -- \
    --stdout "$work/ours.inertia" -- "$convert" to-msgpack "$work/large.json"
  # With -o: the atomic write (temporary file, fsync, rename) a user gets when naming the output.
  measure "inertia-convert -o" to-json "$work/large.inertia" "$work/ours-pretty.json" -- \
    "$convert" to-json "$work/large.inertia" -o "$work/ours-pretty.json"
  measure "inertia-convert -o" to-msgpack "$work/large.json" "$work/ours.inertia" -- \
    "$convert" to-msgpack "$work/large.json" -o "$work/ours.inertia"
}

# --- Conversion: the peer (Python, msgspec) --------------------------------------------------------

bench_convert_peer() {
  step "msgspec ($runs runs each, after one warm-up)"
  local peer=$here/peer_msgspec.py
  measure "msgspec" to-json "$work/large.inertia" "$work/peer.json" -- \
    "$py" "$peer" to-json "$work/large.inertia" "$work/peer.json"
  measure "msgspec (gc on)" to-json "$work/large.inertia" "$work/peer.json" -- \
    "$py" "$peer" --gc to-json "$work/large.inertia" "$work/peer.json"
  measure "msgspec" to-msgpack "$work/large.json" "$work/peer.inertia" -- \
    "$py" "$peer" to-msgpack "$work/large.json" "$work/peer.inertia"
  measure "msgspec (gc on)" to-msgpack "$work/large.json" "$work/peer.inertia" -- \
    "$py" "$peer" --gc to-msgpack "$work/large.json" "$work/peer.inertia"
}

# --- Correctness of what was timed -----------------------------------------------------------------

verified=true
verify_convert() {
  step "Correctness"
  "$bin/inertia-convert" to-msgpack "$work/ours-pretty.json" -o "$work/ours-roundtrip.inertia"
  "$py" "$here/measure.py" verify-json --source "$work/large.inertia" \
    "$work/ours-compact.json" "$work/ours-pretty.json" || verified=false
  "$py" "$here/measure.py" verify-bytes --expected "$work/large.inertia" \
    "$work/ours.inertia" "$work/ours-roundtrip.inertia" "$work/peer.inertia" || verified=false
}

# --- Lint figures (hook) ---------------------------------------------------------------------------
# Filled in once inertia-lint lints: times one run over a repository of 10,000 small files, some with
# lint problems (Benchmarks/work/repo/, listed in PROBLEMS.tsv). Skipped until `inertia-lint --help`
# prints a usage text. Exit status 1 (findings) counts as success here.

lint_is_available() {
  [[ -x $1 ]] && "$1" --help 2>/dev/null | grep -qi 'usage'
}

bench_lint() {
  local lint_tool=$bin/inertia-lint
  if ! $lint; then
    return
  fi
  if ! lint_is_available "$lint_tool"; then
    step "Lint: skipped (inertia-lint does not lint yet)"
    return
  fi
  step "Lint over a repository of small files"
  "$py" "$here/generate.py" repo --out "$work" --seed "$seed"
  "$py" "$here/measure.py" time --results "$results" --runs "$runs" --tool "inertia-lint" --direction lint \
    --input "$work/repo" --ok-codes 0,1 -- "$lint_tool" "$work/repo"
  # The large file, whose throughput must be at least half that of converting it to JSON.
  step "Lint of the large file"
  "$py" "$here/measure.py" time --results "$results" --runs "$runs" --tool "inertia-lint" --direction lint-large \
    --input "$work/large.inertia" --ok-codes 0,1 -- "$lint_tool" --no-config "$work/large.inertia"
}

# --- Previews --------------------------------------------------------------------------------------
# inertia-convert to-svg over the large file: the animated preview and the timeline, each written with -o.

bench_svg() {
  step "inertia-convert to-svg ($runs runs each, after one warm-up)"
  local convert=$bin/inertia-convert
  measure "inertia-convert to-svg" to-svg "$work/large.inertia" "$work/large.svg" -- \
    "$convert" to-svg --no-config "$work/large.inertia" -o "$work/large.svg"
  measure "inertia-convert to-svg" timeline "$work/large.inertia" "$work/large.timeline.svg" -- \
    "$convert" to-svg --no-config --timeline "$work/large.inertia" -o "$work/large.timeline.svg"
}

# --- Run -------------------------------------------------------------------------------------------

build_swift
check_binaries
setup_venv
generate_large
rm -f "$results"
bench_convert_ours
bench_convert_peer
verify_convert
bench_lint
bench_svg

step "Results ($(uname -sm), $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') CPUs)"
"$py" "$here/measure.py" report --results "$results"
if $verified; then
  echo "Correctness: PASS"
else
  echo "Correctness: FAIL"
  exit 1
fi
