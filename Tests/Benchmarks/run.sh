#!/usr/bin/env bash
# Benchmarks for Inertia Tools: inertia-convert and inertia-lint against the C/C++ msgpack-tools
# (msgpack2json, json2msgpack), Python's msgspec, grep and the I/O floor, each figure a ratio taken
# in one run from interleaved rounds. What it measures and how to read it: Benchmarks/README.md.
#
#   Tests/Benchmarks/run.sh [--runs N] [--batch-runs N] [--animations N] [--skip-build] [--no-lint]
#                           [--no-batch] [--only GROUPS]
#   Tests/Benchmarks/run.sh --against DIR [--runs N]
#
#   --runs N         rounds of each interleaved group (at least 5; default 7)
#   --batch-runs N   rounds of the batch-write group, whose runs take seconds each (default 3)
#   --no-batch       skip the batch-write group (--fix and --out-dir over 10,000 files)
#   --only GROUPS    run only these groups, comma-separated: to-json, to-msgpack, start-up, lint,
#                    batch, svg (the conversions' correctness checks need to-json and to-msgpack)
#   --against DIR    instead: this build (Scripts/build-tools.sh's, or INERTIA_TOOLS_DIR) against the
#                    tools in DIR (another commit's build-tools.sh build), each pair interleaved: lint
#                    of repo/ (10,000 files), lint of the large file, --fix of a copy of fixrepo/ (on
#                    tmpfs where there is one), to-json of the large file (as the editor writes it,
#                    and written canonically), to-msgpack of its JSON, and start-up (each tool on
#                    tiny.inertia, 20 runs a round); prints the medians side by side and the ratios
#
# Environment:
#   SWIFT_SCRATCH_PATH   passed to `swift build --scratch-path` (default: the package's .build)
#   INERTIA_BIN_DIR      a directory holding already built release binaries; skips the build
#   INERTIA_TOOLS_DIR    a directory holding binaries built by Scripts/build-tools.sh; skips that build
#   MSGPACK_TOOLS_SRC    msgpack-tools' sources and build.sh (default: ../shared/peers/msgpack-tools
#                        beside the repository, or two levels up)
#   PYTHON               the Python used to make the virtualenv (default: python3)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
work=$here/work
venv=$here/.venv
results=$work/results.jsonl

runs=7
batch_runs=3
batch=true
animations=16000
seed=20240611
build=true
lint=true
only=""
against=""

usage() { sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; }

while (( $# )); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --batch-runs) batch_runs=$2; shift 2 ;;
    --no-batch) batch=false; shift ;;
    --animations) animations=$2; shift 2 ;;
    --skip-build) build=false; shift ;;
    --no-lint) lint=false; shift ;;
    --only) only=",$2,"; shift 2 ;;
    --against) against=$(cd "$2" && pwd); shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done
(( runs >= 5 )) || { echo "run.sh: --runs must be at least 5 for a meaningful median" >&2; exit 2; }

step() { printf '\n== %s\n' "$*"; }

# --- Swift: build the tools ------------------------------------------------------------------------
# Two builds: `swift build -c release` (what `swift run` and SwiftPM give), and Scripts/build-tools.sh
# (what the README's install steps and the pre-commit hook give). Start-up differs; the work does not.

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
    step "Building release binaries (swift build -c release)"
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

tools=""
tools_how=""
build_tools() {
  if [[ -n "${INERTIA_TOOLS_DIR:-}" ]]; then
    tools=$INERTIA_TOOLS_DIR
    tools_how="given in INERTIA_TOOLS_DIR"
    step "Using the Scripts/build-tools.sh binaries in $tools"
    return
  fi
  local scratch=$root/.build/tools
  if $build || [[ ! -f $scratch/tools-built ]]; then
    step "Building the tools as installed (Scripts/build-tools.sh, into .build/tools)"
    tools=$("$root/Scripts/build-tools.sh" | tail -n 1)
  else
    tools=$(swift build -c release --package-path "$root" --scratch-path "$scratch" --show-bin-path)
  fi
  tools_how=$(cat "$scratch/tools-built")
  echo "Scripts/build-tools.sh: $tools_how"
}

# --- The C/C++ peer: msgpack-tools -----------------------------------------------------------------
# msgpack2json and json2msgpack (MPack + RapidJSON), built from the sources beside the repository by
# their own build.sh into Benchmarks/work/peer. Skipped, with the reason, when that is not possible.

peer=""
build_peer() {
  step "C/C++ peer: msgpack-tools"
  local src=${MSGPACK_TOOLS_SRC:-} candidate
  if [[ -z $src ]]; then
    for candidate in "$root/../shared/peers/msgpack-tools" "$root/../../shared/peers/msgpack-tools"; do
      if [[ -f $candidate/build.sh ]]; then src=$(cd "$candidate" && pwd); break; fi
    done
  fi
  if [[ -z $src || ! -f $src/build.sh ]]; then
    echo "skipped: msgpack-tools' sources and build.sh not found (set MSGPACK_TOOLS_SRC)"
    return
  fi
  local out=$work/peer stamp
  stamp="$(cat "$src/build.sh" "$src"/src/* | cksum)"
  if [[ -x $out/msgpack2json && -x $out/json2msgpack && -x $out/msgpack2json-p2 \
    && "$(cat "$out/stamp" 2>/dev/null)" == "$stamp" ]]; then
    echo "reusing the peer built in Benchmarks/work/peer"
  elif sh "$src/build.sh" "$out"; then
    echo "$stamp" > "$out/stamp"
  else
    echo "skipped: $src/build.sh could not build msgpack-tools (it needs a C++ compiler, and rapidjson-dev"
    echo "and libb64-dev, which it installs with apt-get when they are missing)"
    return
  fi
  peer=$out
  # What was built, for the record: the commits build.sh names, its compiler flags, the compiler.
  {
    echo "sources: $(sed -n 's/^# benchmarks\. Sources: //p; s/^# (mpack\/, the commit.*//p' "$src/build.sh" | head -n 1)"
    grep -o 'ludocode/[a-z-]* [0-9a-f]*' "$src/build.sh" | sed 's/^/  /'
    echo "flags: $(sed -n 's/^F="\(.*\)"$/\1/p' "$src/build.sh" | sed 's/ -I[^ ]*//g')"
    echo "compiler: $(c++ --version | head -n 1)"
    if command -v dpkg-query >/dev/null; then
      dpkg-query -W -f='${Package} ${Version}\n' rapidjson-dev libb64-dev 2>/dev/null | sed 's/^/  /'
    fi
  } > "$work/peer.txt"
  sed 's/^/  /' "$work/peer.txt"
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

# generate WHAT CHECK-PATH [ARGS...]: runs generate.py unless its output is there and was made by the
# same generator with the same arguments.
generate() {
  local what=$1 check=$2 stamp
  shift 2
  stamp="$seed $* $(cat "$here/generate.py" "$here/inertia_rule.py" | cksum)"
  if [[ -e $check && "$(cat "$work/$what.stamp" 2>/dev/null)" == "$stamp" ]]; then
    echo "reusing $what"
  else
    "$py" "$here/generate.py" "$what" --out "$work" --seed "$seed" "$@"
    echo "$stamp" > "$work/$what.stamp"
  fi
}

generate_data() {
  step "Benchmark data in Benchmarks/work/"
  mkdir -p "$work"
  generate large "$work/large.json" --animations "$animations"
  printf 'large.inertia %s bytes, large.json %s bytes\n' "$(wc -c < "$work/large.inertia" | tr -d ' ')" \
    "$(wc -c < "$work/large.json" | tr -d ' ')"
  generate tiny "$work/tiny.inertia"
  printf 'tiny.inertia %s bytes\n' "$(wc -c < "$work/tiny.inertia" | tr -d ' ')"
  if $lint; then
    generate repo "$work/repo/PROBLEMS.tsv"
    if $batch; then generate fixrepo "$work/fixrepo/PROBLEMS.tsv"; fi
  fi
}

# The I/O floors: read the input, write as many bytes as the conversion writes, convert nothing; and the
# system calls of a batch write of 10,000 files, parsing nothing.
floor=""
batchfloor=""
build_floor() {
  if command -v cc >/dev/null && cc -O2 -o "$work/iofloor" "$here/iofloor.c"; then
    floor=$work/iofloor
  else
    echo "run.sh: no C compiler: the I/O floor rows are left out" >&2
  fi
  if command -v cc >/dev/null && cc -O2 -pthread -o "$work/batchfloor" "$here/batchfloor.c"; then
    batchfloor=$work/batchfloor
  else
    echo "run.sh: the batch-write floor did not build: its rows are left out" >&2
  fi
}

# --- Interleaved groups ----------------------------------------------------------------------------
# Each group's commands run in rounds (measure.py rounds): every ratio compares runs made minutes
# apart at most, under the same load.

spec=$work/spec.jsonl
group_begin() { rm -f "$spec"; }
add() { "$py" "$here/measure.py" add --spec "$spec" "$@"; }
group_run() {  # NAME ROUNDS REPEAT
  step "$1: $2 rounds, each command $3 time(s) a round, interleaved"
  "$py" "$here/measure.py" rounds --spec "$spec" --results "$results" --group "$1" --rounds "$2" --repeat "$3"
}
bytes() { wc -c < "$1" | tr -d ' '; }

bench_to_json_compact() {
  local convert=$bin/inertia-convert
  "$convert" to-json --compact large.inertia > ours-compact.json
  group_begin
  # Ours and the peers read the file and write the output file (ours and msgpack2json through
  # standard output), and none of them flushes it to disk.
  add --tool "inertia-convert compact" --direction to-json --input large.inertia --output ours-compact.json \
    --stdout ours-compact.json --ratio-to msgpack2json --ratio-to "I/O floor" --ratio-to msgspec -- \
    "$convert" to-json --compact large.inertia
  if [[ -n $peer ]]; then
    add --tool msgpack2json --direction to-json --input large.inertia --output peer-compact.json \
      --stdout peer-compact.json --ratio-to "I/O floor" -- "$peer/msgpack2json" -i large.inertia
  fi
  add --tool msgspec --direction to-json --input large.inertia --output msgspec.json -- \
    "$py" "$here/peer_msgspec.py" to-json large.inertia msgspec.json
  add --tool "msgspec (gc on)" --direction to-json --input large.inertia --output msgspec.json -- \
    "$py" "$here/peer_msgspec.py" --gc to-json large.inertia msgspec.json
  if [[ -n $floor ]]; then
    add --tool "I/O floor" --direction to-json --input large.inertia --output floor.out --stdout floor.out -- \
      "$floor" large.inertia "$(bytes ours-compact.json)"
  fi
  if $lint && lint_is_available "$bin/inertia-lint"; then
    # The large file, whose lint throughput must be at least half that of converting it to JSON.
    add --tool inertia-lint --direction lint-large --input large.inertia --ok-codes 0,1 \
      --ratio-to "inertia-convert compact" -- "$bin/inertia-lint" --no-config large.inertia
  fi
  group_run "to-json compact" "$runs" 1
}

bench_to_json_pretty() {
  local convert=$bin/inertia-convert
  "$convert" to-json large.inertia > ours-pretty.json
  group_begin
  add --tool "inertia-convert pretty" --direction to-json --input large.inertia --output ours-pretty.json \
    --stdout ours-pretty.json --ratio-to msgpack2json-p2 --ratio-to "I/O floor" -- \
    "$convert" to-json large.inertia
  # With -o: the atomic write (temporary file, fsync, rename) a user gets when naming the output.
  add --tool "inertia-convert -o" --direction to-json --input large.inertia --output ours-pretty-o.json \
    --ratio-to "inertia-convert pretty" -- "$convert" to-json large.inertia -o ours-pretty-o.json
  if [[ -n $peer ]]; then
    add --tool msgpack2json-p2 --direction to-json --input large.inertia --output peer-pretty.json \
      --stdout peer-pretty.json --ratio-to "I/O floor" -- "$peer/msgpack2json-p2" -p -i large.inertia
  fi
  if [[ -n $floor ]]; then
    add --tool "I/O floor" --direction to-json --input large.inertia --output floor.out --stdout floor.out -- \
      "$floor" large.inertia "$(bytes ours-pretty.json)"
  fi
  group_run "to-json pretty" "$runs" 1
}

bench_to_msgpack() {
  local convert=$bin/inertia-convert
  group_begin
  add --tool "inertia-convert" --direction to-msgpack --input large.json --output ours.inertia \
    --stdout ours.inertia --ratio-to json2msgpack --ratio-to "I/O floor" --ratio-to msgspec -- \
    "$convert" to-msgpack large.json
  add --tool "inertia-convert -o" --direction to-msgpack --input large.json --output ours-o.inertia \
    --ratio-to "inertia-convert" -- "$convert" to-msgpack large.json -o ours-o.inertia
  if [[ -n $peer ]]; then
    add --tool json2msgpack --direction to-msgpack --input large.json --output peer.inertia \
      --stdout peer.inertia --ratio-to "I/O floor" -- "$peer/json2msgpack" -i large.json
  fi
  add --tool msgspec --direction to-msgpack --input large.json --output msgspec.inertia -- \
    "$py" "$here/peer_msgspec.py" to-msgpack large.json msgspec.inertia
  add --tool "msgspec (gc on)" --direction to-msgpack --input large.json --output msgspec.inertia -- \
    "$py" "$here/peer_msgspec.py" --gc to-msgpack large.json msgspec.inertia
  if [[ -n $floor ]]; then
    add --tool "I/O floor" --direction to-msgpack --input large.json --output floor.out --stdout floor.out -- \
      "$floor" large.json "$(bytes large.inertia)"
  fi
  group_run "to-msgpack" "$runs" 1
}

# Start-up: a file of a few hundred bytes, as git's textconv, editors and pre-commit hooks hand over.
# Each command runs 20 times a round; its figure for the round is the median of those.
bench_start_up() {
  "$bin/inertia-convert" to-json tiny.inertia > tiny.json
  local out_size
  out_size=$(bytes tiny.json)
  group_begin
  local ratio=(--ratio-to "I/O floor")
  if [[ -n $peer ]]; then ratio=(--ratio-to msgpack2json --ratio-to "I/O floor"); fi
  add --tool "inertia-convert to-json (swift build)" --direction start-up --input tiny.inertia "${ratio[@]}" -- \
    "$bin/inertia-convert" to-json tiny.inertia
  add --tool "inertia-convert to-json (build-tools.sh)" --direction start-up --input tiny.inertia "${ratio[@]}" -- \
    "$tools/inertia-convert" to-json tiny.inertia
  if $lint && lint_is_available "$bin/inertia-lint"; then
    add --tool "inertia-lint (swift build)" --direction start-up --input tiny.inertia --ok-codes 0,1 \
      "${ratio[@]}" -- "$bin/inertia-lint" tiny.inertia
    add --tool "inertia-lint (build-tools.sh)" --direction start-up --input tiny.inertia --ok-codes 0,1 \
      "${ratio[@]}" -- "$tools/inertia-lint" tiny.inertia
    if [[ -z ${INERTIA_TOOLS_DIR:-} ]]; then
      add --tool "inertia-lint (pre-commit entry)" --direction start-up --input tiny.inertia --ok-codes 0,1 \
        "${ratio[@]}" -- "$root/Scripts/pre-commit-inertia-lint.sh" tiny.inertia
    fi
  fi
  if [[ -n $peer ]]; then
    add --tool msgpack2json --direction start-up --input tiny.inertia --ratio-to "I/O floor" -- \
      "$peer/msgpack2json" -i tiny.inertia
  fi
  if [[ -n $floor ]]; then
    add --tool "I/O floor" --direction start-up --input tiny.inertia -- "$floor" tiny.inertia "$out_size"
  fi
  group_run "start-up" "$runs" 20
}

# --- Correctness of what was timed -----------------------------------------------------------------

verified=true
verify_convert() {
  step "Correctness"
  "$bin/inertia-convert" to-msgpack ours-pretty.json -o ours-roundtrip.inertia
  "$py" "$here/measure.py" verify-json --source large.inertia ours-compact.json ours-pretty.json || verified=false
  # large.inertia is written as the editor writes it, which is what our to-msgpack writes of large.json (an
  # Inertia document); msgspec writes it canonically, as large.canonical.inertia holds it.
  "$py" "$here/measure.py" verify-bytes --expected large.inertia \
    ours.inertia ours-o.inertia ours-roundtrip.inertia || verified=false
  "$py" "$here/measure.py" verify-bytes --expected large.canonical.inertia msgspec.inertia || verified=false
  # The binaries users install must give the same bytes as the ones measured here.
  if "$tools/inertia-convert" to-json --compact large.inertia | cmp -s - ours-compact.json; then
    echo "  PASS: Scripts/build-tools.sh's inertia-convert writes the same compact JSON"
  else
    echo "  FAIL: Scripts/build-tools.sh's inertia-convert writes other compact JSON"
    verified=false
  fi
  # The peer's outputs, checked the same way, so that the comparison is like for like.
  if [[ -n $peer ]]; then
    "$py" "$here/measure.py" verify-json --source large.inertia peer-compact.json peer-pretty.json \
      || echo "  (the peer's JSON differs: its ratios compare unlike work)"
    "$py" "$here/measure.py" verify-bytes --expected large.canonical.inertia peer.inertia \
      || echo "  (the peer's MessagePack differs: its ratios compare unlike work)"
  fi
}

# --- Lint figures ----------------------------------------------------------------------------------
# A repository of 10,000 small files, some with lint problems (Benchmarks/work/repo/, listed in
# PROBLEMS.tsv), against grep reading the same files; both with a warm cache. Skipped until
# `inertia-lint --help` prints a usage text. Exit status 1 (findings) counts as success here.

lint_is_available() {
  [[ -x $1 ]] && "$1" --help 2>/dev/null | grep -qi 'usage'
}

bench_lint() {
  if ! $lint; then
    return
  fi
  if ! lint_is_available "$bin/inertia-lint"; then
    step "Lint: skipped (inertia-lint does not lint yet)"
    return
  fi
  group_begin
  add --tool inertia-lint --direction lint --input repo --ok-codes 0,1 --ratio-to "grep -rc" -- \
    "$bin/inertia-lint" repo
  add --tool "inertia-lint (build-tools.sh)" --direction lint --input repo --ok-codes 0,1 --ratio-to "grep -rc" -- \
    "$tools/inertia-lint" repo
  # grep reads every byte of every file (a count needs them all), with the C locale's byte matching.
  add --tool "grep -rc" --direction lint --input repo --ok-codes 0,1 -- env LC_ALL=C grep -rc keyframes repo
  group_run "lint, 10,000 files" "$runs" 1
  "$bin/inertia-lint" repo > lint-repo.txt || true
  "$tools/inertia-lint" repo > lint-repo-tools.txt || true
  if cmp -s lint-repo.txt lint-repo-tools.txt; then
    echo "  PASS: Scripts/build-tools.sh's inertia-lint reports the same findings over repo/"
  else
    echo "  FAIL: Scripts/build-tools.sh's inertia-lint reports other findings over repo/"
    verified=false
  fi
}

# --- Batch writes ----------------------------------------------------------------------------------
# 10,000 files that each get a fix (Benchmarks/work/fixrepo/): `--fix` over a fresh copy, and
# `to-json --out-dir` of the same files into an empty folder, against linting them. Each timed run
# starts from a copy made and flushed to disk (`sync`) beforehand, so no run waits on another's writes.
# The group runs twice: in work/ on this machine's disk, and in a copy on tmpfs (/dev/shm), where no
# file system's inode allocator or journal weighs in (Benchmarks/README.md, "Why --fix waits on this
# machine's disk"), so that the tools' own share is visible beside what the disk adds.

bench_batch() {
  if ! $lint || ! $batch || ! lint_is_available "$bin/inertia-lint"; then
    return
  fi
  # How much larger --out-dir's JSON is than its MessagePack, for its floor to write as many bytes.
  rm -rf outdir && mkdir outdir
  local files=()
  mapfile -t files < <(find fixrepo -name '*.inertia' | sort)
  "$bin/inertia-convert" to-json --out-dir outdir "${files[@]}"
  json_scale=$("$py" -c 'import sys; print(int(sys.argv[1]) / int(sys.argv[2]))' \
    "$(cat outdir/*.json | wc -c)" "$(cat "${files[@]}" | wc -c)")
  rm -rf outdir
  batch_group "batch writes, 10,000 files"
  if [[ -d /dev/shm && -w /dev/shm ]]; then
    local shm
    shm=$(mktemp -d /dev/shm/inertia-bench.XXXXXX)
    cp -a fixrepo "$shm/"
    (cd "$shm" && batch_group "batch writes, 10,000 files, tmpfs")
    rm -rf "$shm"
  else
    step "Batch writes on tmpfs: skipped (no writable /dev/shm)"
  fi
}

batch_group() {  # NAME; run in the folder holding fixrepo/
  local files=() copies=()
  mapfile -t files < <(find fixrepo -name '*.inertia' | sort)
  copies=("${files[@]/#fixrepo/fixcopy}")
  local threads
  threads=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
  group_begin
  add --tool "inertia-lint (no fix)" --direction batch --input fixrepo --ok-codes 0,1 -- \
    "$bin/inertia-lint" fixrepo
  local fix_floor=() out_dir_floor=()
  if [[ -n $batchfloor ]]; then
    fix_floor=(--ratio-to "--fix I/O floor")
    out_dir_floor=(--ratio-to "--out-dir I/O floor")
    # The system calls of each batch, on as many threads as the tools use, nothing parsed: --fix's replaces
    # each file with its own bytes; --out-dir's writes each file's JSON size (its JSON over its MessagePack,
    # measured once below) as a new file.
    add --tool "--fix I/O floor" --direction batch --input fixrepo --no-warm-up \
      --prepare "rm -rf fixcopy && cp -a fixrepo fixcopy && sync" --ratio-to "inertia-lint (no fix)" -- \
      "$batchfloor" fix "$threads" "${copies[@]}"
    add --tool "--out-dir I/O floor" --direction batch --input fixrepo --output outdir --no-warm-up \
      --prepare "rm -rf outdir && mkdir outdir && sync" --ratio-to "inertia-lint (no fix)" -- \
      "$batchfloor" out-dir "$threads" outdir "$json_scale" "${files[@]}"
  fi
  add --tool "inertia-lint --fix" --direction batch --input fixrepo --ok-codes 0,1 --no-warm-up \
    --prepare "rm -rf fixcopy && cp -a fixrepo fixcopy && sync" --ratio-to "inertia-lint (no fix)" \
    ${fix_floor[@]+"${fix_floor[@]}"} -- "$bin/inertia-lint" --fix fixcopy
  add --tool "inertia-convert --out-dir" --direction batch --input fixrepo --output outdir --no-warm-up \
    --prepare "rm -rf outdir && mkdir outdir && sync" --ratio-to "inertia-lint (no fix)" \
    ${out_dir_floor[@]+"${out_dir_floor[@]}"} -- "$bin/inertia-convert" to-json --out-dir outdir "${files[@]}"
  # What writing 10,000 files durably costs at least: copy them, then one syncfs for them all.
  add --tool "cp + one syncfs" --direction batch --input fixrepo --output copydir --no-warm-up \
    --prepare "rm -rf copydir && mkdir copydir && sync" --ratio-to "inertia-lint (no fix)" -- \
    sh -c 'cp -- "$@" copydir && sync -f copydir' sh "${files[@]}"
  group_run "$1" "$batch_runs" 1
}

# --- Previews --------------------------------------------------------------------------------------
# inertia-convert to-svg over the large file: the animated preview and the timeline, each written with -o.

bench_svg() {
  local convert=$bin/inertia-convert
  group_begin
  add --tool "inertia-convert to-svg" --direction to-svg --input large.inertia --output large.svg -- \
    "$convert" to-svg --no-config large.inertia -o large.svg
  add --tool "inertia-convert to-svg --timeline" --direction timeline --input large.inertia \
    --output large.timeline.svg -- "$convert" to-svg --no-config --timeline large.inertia -o large.timeline.svg
  group_run "to-svg" "$batch_runs" 1
}

# --- Against another build ---------------------------------------------------------------------------
# What a change must not slow down, this build beside another commit's, in one group: the rounds
# interleave the two, so both meet the same load.

bench_against() {
  # --fix writes 10,000 files: on tmpfs where there is one, so that other writers' flushes to the disk
  # (a shared machine's) do not swamp what the tools do.
  local fixdir=$work
  if [[ -d /dev/shm && -w /dev/shm ]]; then fixdir=$(mktemp -d /dev/shm/inertia-against.XXXXXX); fi
  # pair NAME [measure.py add options] -- COMMAND...: the command, with TOOLS standing for the tools' folder,
  # timed for the build compared against and for this one, in a group of their own: each round runs the
  # two back to back (in turn first), so that both meet the same load.
  pair() {
    local name=$1 options=() dir which
    shift
    while [[ $1 != -- ]]; do options+=("$1"); shift; done
    shift
    group_begin
    for which in against "this build"; do
      dir=$tools
      [[ $which == against ]] && dir=$against
      add --tool "$name ($which)" "${options[@]}" -- "${@//TOOLS/$dir}"
    done
    group_run "$name" "$runs" 1
  }
  pair "lint repo/" --direction lint --input repo --ok-codes 0,1 -- TOOLS/inertia-lint repo
  pair "lint large.inertia" --direction lint-large --input large.inertia --ok-codes 0,1 -- \
    TOOLS/inertia-lint --no-config large.inertia
  pair "--fix fixrepo/" --direction batch --input fixrepo --ok-codes 0,1 --no-warm-up \
    --prepare "rm -rf $fixdir/fixcopy && cp -a fixrepo $fixdir/fixcopy" -- TOOLS/inertia-lint --fix "$fixdir/fixcopy"
  pair "to-json large.inertia" --direction to-json --input large.inertia --output against.json \
    --stdout against.json -- TOOLS/inertia-convert to-json large.inertia
  # The same document written canonically (every float a float64), as files not written by the editor are.
  pair "to-json large.canonical.inertia" --direction to-json --input large.canonical.inertia \
    --output against.json --stdout against.json -- TOOLS/inertia-convert to-json large.canonical.inertia
  pair "to-msgpack large.json" --direction to-msgpack --input large.json --output against.inertia \
    --stdout against.inertia -- TOOLS/inertia-convert to-msgpack large.json
  pair "start-up: inertia-convert to-json" --direction start-up --input tiny.inertia --repeat 20 -- \
    TOOLS/inertia-convert to-json tiny.inertia
  pair "start-up: inertia-lint" --direction start-up --input tiny.inertia --ok-codes 0,1 --repeat 20 -- \
    TOOLS/inertia-lint tiny.inertia
  [[ $fixdir == "$work" ]] || rm -rf "$fixdir"
  step "This build against $against"
  "$py" "$here/measure.py" against --results "$results"
}

if [[ -n $against ]]; then
  build_tools
  setup_venv
  generate_data
  cd "$work"
  rm -f "$results"
  bench_against
  exit 0
fi

# --- Run -------------------------------------------------------------------------------------------

build_swift
check_binaries
build_tools
build_peer
setup_venv
generate_data
build_floor
cd "$work"
rm -f "$results"
# A group runs unless --only names others.
wanted() { [[ -z $only || $only == *",$1,"* ]]; }
if wanted to-json; then bench_to_json_compact; bench_to_json_pretty; fi
if wanted to-msgpack; then bench_to_msgpack; fi
if wanted start-up; then bench_start_up; fi
# The checks read both conversions' outputs: they run when both groups did.
if wanted to-json && wanted to-msgpack; then verify_convert; fi
if wanted lint; then bench_lint; fi
if wanted batch; then bench_batch; fi
if wanted svg; then bench_svg; fi

step "Results ($(uname -sm), $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'))"
"$py" "$here/measure.py" report --results "$results"
if $verified; then
  echo "Correctness: PASS"
else
  echo "Correctness: FAIL"
  exit 1
fi
