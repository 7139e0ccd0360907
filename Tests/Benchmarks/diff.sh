#!/usr/bin/env bash
# The motion diff against its floor: `inertia-convert diff` of two versions of a 20,000-animation file
# against `inertia-convert to-json` of one of them. The goal (issue 33) is a ratio of at most 4: a diff
# reads both files into the document index and the typed model, never through Codable.
#
#   Tests/Benchmarks/diff.sh [--runs N] [--animations N] [--skip-build]
#
#   --runs N         interleaved rounds (default 9); each figure is a median, the ratio is the median of
#                    the rounds' ratios
#   --animations N   animations in each file (default 20000)
#   --skip-build     use the release binary already built
#
# INERTIA_TOOLS_DIR: a directory holding inertia-convert as Scripts/build-tools.sh builds it (no build).
#
# The data comes from generate.py (msgspec, in Benchmarks/.venv as run.sh makes it); the new version
# changes a duration in every 50th animation, a pose value in every 70th, and adds and removes one. A
# third file holds the first with every map's keys in reverse order (as an encoder that keeps maps in a
# hash table may write them): it plays the same, but no animation is the same bytes, so the diff builds
# and compares every one in the typed model (the worst case).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
work=$here/work/diff
runs=9
animations=20000
build=true
while (( $# )); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --animations) animations=$2; shift 2 ;;
    --skip-build) build=false; shift ;;
    *) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done

if [[ -n ${INERTIA_TOOLS_DIR:-} ]]; then
  bin=$INERTIA_TOOLS_DIR/inertia-convert   # Scripts/build-tools.sh's build, as appsources.sh takes it
else
  if $build; then swift build -c release --package-path "$root" --product inertia-convert; fi
  bin=$(swift build -c release --package-path "$root" --show-bin-path)/inertia-convert
fi
[[ -x $bin ]] || { echo "diff.sh: no release inertia-convert at $bin" >&2; exit 2; }

venv=$here/.venv
[[ -x $venv/bin/python ]] || "${PYTHON:-python3}" -m venv "$venv"
py=$venv/bin/python
"$py" -c 'import msgspec' 2>/dev/null \
  || "$py" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"

mkdir -p "$work"
"$py" "$here/generate.py" large --animations "$animations" --seed 20240611 --out "$work" >/dev/null
"$py" - "$work/large.inertia" "$work/new.inertia" <<'PY'
import sys, msgspec
document = msgspec.msgpack.decode(open(sys.argv[1], "rb").read())
for index, animation in enumerate(document):
    frames = animation["keyframes"]
    if index % 50 == 0 and len(frames) > 1:
        frames[1]["duration"] = frames[1]["duration"] + 0.25
    if index % 70 == 0 and frames:
        frames[-1]["values"]["opacity"] = 0.5
removed = document.pop(len(document) // 2)
removed["id"] = removed["id"] + "-copy"
document.append(removed)
open(sys.argv[2], "wb").write(msgspec.msgpack.encode(document))
PY
"$py" - "$work/large.inertia" "$work/reordered.inertia" <<'PY'
import sys, msgspec
def reverse(value):
    if isinstance(value, dict):
        return {key: reverse(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [reverse(element) for element in value]
    return value
document = msgspec.msgpack.decode(open(sys.argv[1], "rb").read())
open(sys.argv[2], "wb").write(msgspec.msgpack.encode(reverse(document)))
PY

"$py" - "$runs" "$bin" "$work" <<'PY'
import os, statistics, subprocess, sys, time
runs, tool, work = int(sys.argv[1]), sys.argv[2], sys.argv[3]
old, new = os.path.join(work, "large.inertia"), os.path.join(work, "new.inertia")
reordered = os.path.join(work, "reordered.inertia")
commands = {
    "to-json": ([tool, "to-json", old], {0}),
    "diff": ([tool, "diff", old, new], {1}),
    "diff --format json": ([tool, "diff", "--format", "json", old, new], {1}),
    "diff, keys reordered": ([tool, "diff", old, reordered], {0}),
}
def once(command, codes):
    with open(os.devnull, "wb") as out:
        start = time.perf_counter()
        code = subprocess.run(command, stdout=out).returncode
        wall = time.perf_counter() - start
    if code not in codes:
        sys.exit(f"{' '.join(command)} exited {code}")
    return wall
for command, codes in commands.values():
    once(command, codes)  # warm-up
times = {name: [] for name in commands}
names = list(commands)
for round in range(runs):
    for name in names[round % len(names):] + names[:round % len(names)]:
        times[name].append(once(*commands[name]))
floor = times["to-json"]
size = os.path.getsize(old) / 1e6
print(f"two files of {size:.1f} MB ({os.path.basename(old)}, {os.path.basename(new)}); {runs} interleaved rounds")
for name in names:
    ratios = [t / f for t, f in zip(times[name], floor)]
    print(f"{name:22} median {statistics.median(times[name]) * 1000:8.1f} ms   "
          f"ratio to to-json {statistics.median(ratios):5.2f} (min {min(ratios):.2f}, max {max(ratios):.2f})")
PY
