#!/usr/bin/env bash
# Builds and runs the libFuzzer targets.
#
#   Tests/Fuzz/fuzz.sh build                 build every target into .build/fuzz
#   Tests/Fuzz/fuzz.sh run [RUNS] [TARGET…]  run each target RUNS executions (default 20000), seeded from Corpus/
#   Tests/Fuzz/fuzz.sh list                  name the targets
#
# Each target checks a property on every input (see Tests/*/FuzzChecks/). An input that breaks one is
# copied to Tests/Fuzz/Regressions/TARGET/, which the test suite replays; the run then fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build/fuzz"
flags=(-O -g -parse-as-library -sanitize=fuzzer,address -enable-testing -package-name inertia)

# target name → the library modules it needs and its check files
targets=(messagepack-reader json-reader round-trip lint fix)
modules_for() { case "$1" in lint|fix) echo "InertiaFormat InertiaLint" ;; *) echo "InertiaFormat" ;; esac; }
checks_for() {
  case "$1" in
    lint|fix) echo "$root/Tests/LintTests/FuzzChecks/"*.swift "$root/Tests/TestSupport/PositionOracle.swift" ;;
    *) echo "$root/Tests/FormatTests/FuzzChecks/"*.swift ;;
  esac
}
available() { [ -f "$root/Tests/Fuzz/Entries/$1.swift" ] && ls $(checks_for "$1") >/dev/null 2>&1; }

# build_module NAME [DEPENDENCY...]: up to date only if neither its own sources nor the modules it
# imports are newer than it (a module built against a stale interface would disagree on layouts).
build_module() {
  local name=$1 stale=false
  shift
  [ "$out/$name.o" -nt "$root/Package.swift" ] || stale=true
  [ -z "$(find "$root/Sources/$name" -newer "$out/$name.o" -name '*.swift' 2>/dev/null)" ] || stale=true
  for dependency in "$@"; do [ "$out/$dependency.o" -nt "$out/$name.o" ] && stale=true; done
  $stale || return 0
  echo "building module $name" >&2
  # shellcheck disable=SC2046
  swiftc "${flags[@]}" -wmo -module-name "$name" -I "$out" -emit-module -emit-module-path "$out/$name.swiftmodule" \
    -c -o "$out/$name.o" $(find "$root/Sources/$name" -name '*.swift' | sort) 2> >(grep -v 'Cannot export local symbol' >&2)
  # The compiler leaves an unchanged object file's time alone; mark it as built now.
  touch "$out/$name.o"
}

build() {
  mkdir -p "$out"
  local wanted=("$@")
  [ ${#wanted[@]} -gt 0 ] || wanted=("${targets[@]}")
  for target in "${wanted[@]}"; do
    available "$target" || { echo "skipping $target: not written yet" >&2; continue; }
    local objects=()
    local built=()
    for module in $(modules_for "$target"); do
      build_module "$module" ${built[@]+"${built[@]}"}
      built+=("$module")
      objects+=("$out/$module.o")
    done
    echo "building fuzz-$target" >&2
    # shellcheck disable=SC2046
    swiftc "${flags[@]}" -I "$out" -o "$out/fuzz-$target" "${objects[@]}" \
      "$root/Tests/Fuzz/Entries/Check.swift" "$root/Tests/Fuzz/Entries/$target.swift" $(checks_for "$target") \
      2> >(grep -v 'Cannot export local symbol' >&2)
  done
}

seed_corpus() {
  local target=$1 dir="$out/corpus/$1"
  mkdir -p "$dir"
  case "$target" in
    json-reader) find "$root/Corpus" -name '*.json' -exec cp {} "$dir/" \; ;;
    *) find "$root/Corpus" -type f \( -name '*.inertia' -o -name '*.json' \) -exec cp {} "$dir/" \; ;;
  esac
  [ -d "$root/Tests/Fuzz/Regressions/$target" ] && cp "$root/Tests/Fuzz/Regressions/$target/"* "$dir/" 2>/dev/null || true
  echo "$dir"
}

run() {
  local runs=${1:-20000}
  shift || true
  local wanted=("$@") failed=0
  [ ${#wanted[@]} -gt 0 ] || wanted=("${targets[@]}")
  build "${wanted[@]}"
  for target in "${wanted[@]}"; do
    [ -x "$out/fuzz-$target" ] || continue
    local corpus artifacts="$out/artifacts/$target/"
    corpus=$(seed_corpus "$target")
    mkdir -p "$artifacts"
    echo "fuzzing $target for $runs runs" >&2
    # ASan keeps freed memory unless told to return it, and stores the stack of every allocation site it
    # meets (deep nesting makes many distinct ones): both read as a slow leak over millions of runs.
    # Leak checking is off: it flags the lazily built rule and schema tables, which live for the whole
    # process by design; a real per-input leak still shows as growth past -rss_limit_mb.
    if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:allocator_release_to_os_interval_ms=500:quarantine_size_mb=64:malloc_context_size=4:${ASAN_OPTIONS:-}" \
      "$out/fuzz-$target" -runs="$runs" -max_len=65536 -rss_limit_mb=2048 -timeout=10 -detect_leaks=0 \
      -artifact_prefix="$artifacts" -print_final_stats=1 "$corpus" 2>"$out/$target.log"; then
      failed=1
      mkdir -p "$root/Tests/Fuzz/Regressions/$target"
      # Keep crashes and failed properties; an empty 'oom' unit from slow growth reproduces nothing.
      find "$artifacts" -type f -size +0 -exec cp {} "$root/Tests/Fuzz/Regressions/$target/" \;
      echo "fuzz-$target FAILED; inputs kept in Tests/Fuzz/Regressions/$target (log: $out/$target.log)" >&2
      grep -E 'ERROR|property violated|SUMMARY' "$out/$target.log" | head -5 >&2
    fi
    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$out/$target.log" | sed "s/^/$target /" >&2 || true
  done
  return $failed
}

case "${1:-}" in
  build) shift; build "$@" ;;
  run) shift; run "$@" ;;
  list) printf '%s\n' "${targets[@]}" ;;
  *) sed -n '2,10p' "$0"; exit 2 ;;
esac
