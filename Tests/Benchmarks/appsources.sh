#!/usr/bin/env bash
# The app rules against grep: reads a generated 5,000-file SwiftUI app (appsources_generate.py, seeded;
# one file in three imports Inertia; its animation file, Sources/App/Resources/animation.inertia, holds
# every id the app tags) with `inertia-lint` (the release build of Scripts/build-tools.sh, or the one in
# INERTIA_TOOLS_DIR: the walk, the app sources read on its threads, the app rules and the report), with
# appsources-scan (the lexers and use finders alone, on one thread: AppSourceUses.find over every source
# that mentions Inertia) and with `grep -rc inertia`, in interleaved rounds, and prints the medians and the
# median of the per-round ratios, for wall time (what a user waits) and for processor time (user +
# system). It also prints the library's own processor time over the same sources read into memory
# beforehand (appsources-scan --repeat), and the reading alone (--read-only).
#
#   Tests/Benchmarks/appsources.sh [--runs N] [--files N]
#
# inertia-lint uses a thread per core; grep and appsources-scan one.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
runs=11
files=5000
while (( $# )); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --files) files=$2; shift 2 ;;
    *) echo "appsources.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

scan=$("$here/AppSources/build.sh" 2> >(grep -v 'Cannot export local symbol' >&2))
tools=${INERTIA_TOOLS_DIR:-$("$root/Scripts/build-tools.sh" | tail -1)}
lint=$tools/inertia-lint
# Outside Tests/, so that `swift format lint --recursive Tests` does not read the generated sources.
app=$root/.build/appsources/app-$files
stamp=$app/.generated-by
if [[ ! -f $stamp ]] || ! cmp -s "$stamp" "$here/appsources_generate.py"; then
  rm -rf "$app"
  python3 "$here/appsources_generate.py" "$app" --files "$files"
  cp "$here/appsources_generate.py" "$stamp"
fi
# The animation file the app's container loads, with every id its views are tagged with.
animation=$app/Sources/App/Resources/animation.inertia
if [[ ! -f $animation ]]; then
  mkdir -p "$(dirname "$animation")"
  python3 - <<'PY' | "$tools/inertia-convert" to-msgpack --from json -o "$animation" -
import json
pose = {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}
print(json.dumps([{"id": f"card{i}", "invokeType": "trigger", "initialValues": pose, "keyframes": []}
                  for i in range(41)]))
PY
fi
echo "app: $app ($(find "$app" -name '*.swift' | wc -l) files, $(cat $(find "$app" -name '*.swift') | wc -c) bytes," \
  "$(grep -rl nertia "$app" --include='*.swift' | wc -l) mention Inertia)"
"$scan" "$app"
"$lint" --no-config "$app" | tail -1 | sed 's/^/inertia-lint: /'

# One timed run for the wall time (the command alone), and one for the processor time: perf's task-clock
# where perf runs (finer than /usr/bin/time's hundredths), user + system from /usr/bin/time otherwise.
wall_seconds() {
  local started=$EPOCHREALTIME
  "$@" > /dev/null
  echo "$EPOCHREALTIME - $started" | bc
}
if perf stat -x, -e task-clock true >/dev/null 2>&1; then
  cpu_seconds() { echo "$(perf stat -x, -e task-clock "$@" 2>&1 >/dev/null | grep task-clock | cut -d, -f1) / 1000" | bc -l; }
else
  cpu_seconds() { /usr/bin/time -f '%U + %S' "$@" 2>&1 >/dev/null | tail -1 | bc; }
fi
commands=("grep -rc inertia $app" "$lint --no-config -q $app" "$scan $app" "$scan --read-only $app")
names=(grep lint scan read-only)
for command in "${commands[@]}"; do $command > /dev/null; done  # warm-up
declare -A wall cpu
for (( round = 0; round < runs; round++ )); do
  for (( k = 0; k < ${#commands[@]}; k++ )); do
    i=$(( (k + round) % ${#commands[@]} ))
    wall[${names[$i]}]+="$(wall_seconds ${commands[$i]}) "
    cpu[${names[$i]}]+="$(cpu_seconds ${commands[$i]}) "
  done
done

python3 - "$runs" "${wall[grep]}" "${wall[lint]}" "${wall[scan]}" "${wall[read-only]}" "${cpu[grep]}" \
  "${cpu[lint]}" "${cpu[scan]}" "${cpu[read-only]}" <<'PY'
import statistics, sys
runs = int(sys.argv[1])
grep_w, lint_w, scan_w, read_w, grep_c, lint_c, scan_c, read_c = ([float(x) for x in a.split()] for a in sys.argv[2:10])
def ms(values): return f"{statistics.median(values) * 1000:7.1f} ms"
def ratio(a, b): return statistics.median([x / y for x, y in zip(a, b) if y > 0])
print(f"{runs} interleaved rounds (medians)      wall         cpu")
print(f"grep -rc inertia                  {ms(grep_w)}  {ms(grep_c)}")
print(f"inertia-lint (the app rules)      {ms(lint_w)}  {ms(lint_c)}")
print(f"appsources-scan                   {ms(scan_w)}  {ms(scan_c)}")
print(f"appsources-scan --read-only       {ms(read_w)}  {ms(read_c)}")
print(f"ratio inertia-lint / grep         {ratio(lint_w, grep_w):7.2f}     {ratio(lint_c, grep_c):7.2f}")
print(f"ratio scan / grep                 {ratio(scan_w, grep_w):7.2f}     {ratio(scan_c, grep_c):7.2f}")
print(f"ratio read-only / grep            {ratio(read_w, grep_w):7.2f}     {ratio(read_c, grep_c):7.2f}")
PY
"$scan" --repeat "$runs" "$app" | tail -1 | sed 's/^/library alone, sources in memory: /'
