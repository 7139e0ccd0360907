#!/usr/bin/env bash
# Builds and runs the libFuzzer targets.
#
#   Tests/Fuzz/fuzz.sh build [TARGET…]             build targets into .build/fuzz
#   Tests/Fuzz/fuzz.sh run [OPTIONS] [RUNS] [TARGET…]
#                                                   run each target RUNS executions (default 20000),
#                                                   one after another, seeded from Corpus/ and its kept corpus
#       --seconds N   run each target N seconds instead of a number of executions
#       --no-record   leave the checkout alone: no kept corpus, no log line (what CI runs)
#   Tests/Fuzz/fuzz.sh totals                      executions per target, summed over runs.log
#   Tests/Fuzz/fuzz.sh keep TARGET…                merge the last run's corpus into the kept one again
#   Tests/Fuzz/fuzz.sh list                        name the targets
#
# Each target checks a property on every input (see Tests/*/FuzzChecks/). An input that breaks one is
# copied to Tests/Fuzz/Regressions/TARGET/, which the test suite replays; the run then fails.
# A recorded run keeps what it learnt: the inputs that add coverage beyond Corpus/ and the regressions,
# minimised with libFuzzer's -merge=1, in Tests/Fuzz/Corpus/TARGET/ (the next run starts from them), and
# a line in Tests/Fuzz/runs.log: UTC date, commit, target, executions, seconds, result.
# libFuzzer times each input by the clock: a run that is stopped for a while (SIGSTOP, to time something
# else on the machine) fails as a "timeout" on whatever input it was at. Replay a timeout's input
# (.build/fuzz/fuzz-TARGET FILE) before believing it, and leave the pause's out of Regressions/.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build/fuzz"
flags=(-O -g -parse-as-library -sanitize=fuzzer,address -enable-testing -package-name inertia)

# target name → the library modules it needs and its check files
targets=(messagepack-reader json-reader round-trip lint fix output-plan paths merge app-sources diff)
modules_for() {
  case "$1" in
    lint|fix|app-sources) echo "InertiaFormat InertiaLint" ;;
    output-plan|paths|merge) echo "InertiaFormat InertiaLint InertiaPreview InertiaTool" ;;
    *) echo "InertiaFormat" ;;
  esac
}
checks_for() {
  case "$1" in
    lint|fix) echo "$root/Tests/LintTests/FuzzChecks/"*.swift "$root/Tests/TestSupport/PositionOracle.swift" ;;
    output-plan|merge) echo "$root/Tests/ToolTests/FuzzChecks/"*.swift ;;
    paths) echo "$root/Tests/ToolTests/FuzzChecks/PathFuzzChecks.swift" ;;
    app-sources) echo "$root/Tests/LintTests/AppSources/FuzzChecks/"*.swift ;;
    diff) echo "$root/Tests/FormatTests/DiffFuzzChecks/"*.swift ;;
    *) echo "$root/Tests/FormatTests/FuzzChecks/"*.swift ;;
  esac
}
kept="$root/Tests/Fuzz/Corpus"
log="$root/Tests/Fuzz/runs.log"
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

# seeds TARGET DIR: the inputs every run starts from, whatever it kept: documents from Corpus/ (for
# the document targets) and the inputs that once failed.
seeds() {
  local target=$1 dir=$2
  mkdir -p "$dir"
  case "$target" in
    json-reader) find "$root/Corpus" -name '*.json' -exec cp {} "$dir/" \; ;;
    output-plan|paths) ;;
    # The fixture apps' sources, each behind the byte that picks its language (SourceLanguage.allCases:
    # swift, kotlin, javaScript, typeScript, typeScriptJSX).
    app-sources)
      find "$root/Tests/AppFixtures" -type f | while read -r file; do
        case "$file" in
          *.swift) byte=0 ;; *.kt|*.kts) byte=1 ;; *.js|*.jsx|*.mjs|*.cjs) byte=2 ;; *.ts) byte=3 ;; *.tsx) byte=4 ;;
          *) continue ;;
        esac
        { printf "\\$(printf '%03o' "$byte")"; cat "$file"; } >"$dir/.seed"
        mv "$dir/.seed" "$dir/$(sha1sum <"$dir/.seed" | cut -c1-40)"
      done ;;
    merge)
      # Three versions of a file: a mode byte (which versions are equal, whether git may be used), then
      # BASE, OURS and THEIRS separated by 0xFF 0xFE, from pairs of the corpus's small valid files (the
      # large ones make every execution slow, and add no path of the merge's).
      local files n=0
      mapfile -t files < <(find "$root/Corpus/valid" -type f \( -name '*.inertia' -o -name '*.json' \) -size -4097c | sort)
      for first in "${files[@]}"; do
        for second in "${files[@]}"; do
          n=$((n + 1))
          { printf "\\$(printf '%03o' $((n % 8)))"; cat "$first"; printf '\377\376'; cat "$first"; printf '\377\376'
            cat "$second"; } >"$dir/pair-$n"
        done
      done ;;
    *) find "$root/Corpus" -type f \( -name '*.inertia' -o -name '*.json' \) -exec cp {} "$dir/" \; ;;
  esac
  [ -d "$root/Tests/Fuzz/Regressions/$target" ] && cp "$root/Tests/Fuzz/Regressions/$target/"* "$dir/" 2>/dev/null || true
}

# keep TARGET: merges the run's corpus into Tests/Fuzz/Corpus/TARGET/, keeping only what adds coverage
# beyond the seeds (which every run has anyway). To keep the repository small, only inputs of at most
# 2 KB are candidates (the large ones are mostly the seed documents, mutated), and past 300 KB the
# largest kept inputs are dropped.
keep_max_input=2048 keep_max_kb=300
keep() {
  local target=$1 merged="$out/merged/$1" seeded="$out/seeded/$1" candidates="$out/candidates/$1"
  rm -rf "$merged" "$seeded" "$candidates"
  seeds "$target" "$seeded"
  mkdir -p "$merged" "$candidates"
  cp "$seeded/"* "$merged/" 2>/dev/null || true
  find "$out/corpus/$target" -type f -size -$((keep_max_input + 1))c -exec cp {} "$candidates/" \;
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" \
    "$out/fuzz-$target" -merge=1 -max_len=65536 -rss_limit_mb=2048 -timeout=10 -detect_leaks=0 \
    "$merged" "$candidates" 2>"$out/$target.merge.log" || {
    echo "merging the $target corpus failed (log: $out/$target.merge.log)" >&2
    return 1
  }
  for seed in "$seeded/"*; do [ -e "$seed" ] && rm -f "$merged/$(sha1sum <"$seed" | cut -c1-40)" "$merged/$(basename "$seed")"; done
  # The largest first until the rest fit (one listing: removing one at a time and measuring again took
  # minutes for a few thousand inputs).
  local total
  total=$(find "$merged" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
  while read -r size path; do
    [ "$total" -gt $((keep_max_kb * 1024)) ] || break
    rm -f "$path"
    total=$((total - size))
  done < <(find "$merged" -type f -printf '%s %p\n' | sort -rn)
  rm -rf "$kept/$target"
  mkdir -p "$kept/$target"
  cp "$merged/"* "$kept/$target/" 2>/dev/null || true
  echo "$target: kept $(find "$kept/$target" -type f | wc -l) inputs, $total bytes" >&2
}

run() {
  local record=true seconds=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --no-record) record=false; shift ;;
      --seconds) seconds=$2; shift 2 ;;
      *) break ;;
    esac
  done
  local runs=20000
  if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then runs=$1; shift; fi
  local wanted=("$@") failed=0
  [ ${#wanted[@]} -gt 0 ] || wanted=("${targets[@]}")
  build "${wanted[@]}"
  # The commit the targets were built from; -dirty when sources or checks differ from it (what runs
  # themselves write, the log, kept corpora and regressions, does not count).
  local commit
  commit=$(git -C "$root" rev-parse --short=10 HEAD 2>/dev/null || echo unknown)
  git -C "$root" diff --quiet HEAD -- Package.swift Sources Tests ':(exclude)Tests/Fuzz/runs.log' \
    ':(exclude)Tests/Fuzz/Corpus' ':(exclude)Tests/Fuzz/Regressions' 2>/dev/null || commit+=-dirty
  for target in "${wanted[@]}"; do
    [ -x "$out/fuzz-$target" ] || continue
    local corpus="$out/corpus/$target" artifacts="$out/artifacts/$target/" limit=(-runs="$runs") result=ok
    [ -z "$seconds" ] || limit=(-max_total_time="$seconds")
    rm -rf "$corpus" "$artifacts"
    seeds "$target" "$corpus"
    [ -d "$kept/$target" ] && cp "$kept/$target/"* "$corpus/" 2>/dev/null || true
    mkdir -p "$artifacts"
    if [ -n "$seconds" ]; then echo "fuzzing $target for $seconds seconds" >&2; else echo "fuzzing $target for $runs runs" >&2; fi
    local started=$SECONDS
    # ASan keeps freed memory unless told to return it, and stores the stack of every allocation site it
    # meets (deep nesting makes many distinct ones): both read as a slow leak over millions of runs.
    # Leak checking is off: it flags the lazily built rule and schema tables, which live for the whole
    # process by design; a real per-input leak still shows as growth past -rss_limit_mb.
    if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:allocator_release_to_os_interval_ms=500:quarantine_size_mb=64:malloc_context_size=4:${ASAN_OPTIONS:-}" \
      "$out/fuzz-$target" "${limit[@]}" -max_len=65536 -rss_limit_mb=2048 -timeout=10 -detect_leaks=0 \
      -artifact_prefix="$artifacts" -print_final_stats=1 "$corpus" 2>"$out/$target.log"; then
      failed=1
      mkdir -p "$root/Tests/Fuzz/Regressions/$target"
      # Keep crashes and failed properties; an empty 'oom' unit from slow growth reproduces nothing.
      find "$artifacts" -type f -size +0 -exec cp {} "$root/Tests/Fuzz/Regressions/$target/" \;
      result="failed:$(find "$artifacts" -type f -printf '%f,' | sed 's/,$//')"
      echo "fuzz-$target FAILED; inputs kept in Tests/Fuzz/Regressions/$target (log: $out/$target.log)" >&2
      grep -E 'ERROR|property violated|SUMMARY' "$out/$target.log" | head -5 >&2
    fi
    local executions
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$target.log" | tail -1)
    [ -n "$executions" ] || executions=$(grep -oE '^#[0-9]+' "$out/$target.log" | tail -1 | tr -d '#')
    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$out/$target.log" | sed "s/^/$target /" >&2 || true
    if $record; then
      [ "$result" != ok ] || keep "$target" || true
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$commit" "$target" "${executions:-0}" \
        "$((SECONDS - started))" "$result" >>"$log"
    fi
  done
  return $failed
}

# Executions, runs, seconds and failed runs per target, summed over the log.
totals() {
  [ -f "$log" ] || { echo "no runs recorded yet ($log)" >&2; return 0; }
  awk -F '\t' '
    /^#/ || NF < 6 { next }
    { if (!($3 in runs)) order[n++] = $3; runs[$3]++; executions[$3] += $4; seconds[$3] += $5; if ($6 != "ok") failed[$3]++ }
    END {
      printf "%-20s %15s %6s %9s %7s\n", "target", "executions", "runs", "seconds", "failed"
      for (i = 0; i < n; i++) { t = order[i]; printf "%-20s %15d %6d %9d %7d\n", t, executions[t], runs[t], seconds[t], failed[t] + 0 }
    }' "$log"
}

case "${1:-}" in
  build) shift; build "$@" ;;
  run) shift; run "$@" ;;
  totals) totals ;;
  keep) shift; for target in "$@"; do keep "$target"; done ;;
  list) printf '%s\n' "${targets[@]}" ;;
  *) sed -n '2,21p' "$0"; exit 2 ;;
esac
