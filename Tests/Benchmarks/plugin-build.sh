#!/usr/bin/env bash
# What InertiaLintPlugin costs a build: the fixture package of the plugin tests (Tests/PluginTests/Fixture),
# built with the plugin and, for comparison, the same app without it (no dependency, no plugin).
#
#   Tests/Benchmarks/plugin-build.sh [--runs N] [--cold-runs N] [--release]
#
#   --runs N        builds per incremental measurement, median reported (default 5)
#   --cold-runs N   first builds per variant, from an empty .build (default 1: each takes minutes)
#   --release       build with -c release (the plugin's tool is then built optimized too)
#
# Measured, for each variant: the first build; a build with nothing changed; a build after touching
# the one animation file (lint runs for that file alone); a build after editing main.swift.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
runs=5
cold_runs=1
configuration=debug

while (( $# )); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --cold-runs) cold_runs=$2; shift 2 ;;
    --release) configuration=release; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "plugin-build.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$root" "$work/inertia-tools"

# A fresh copy of the fixture, with or without the plugin.
prepare() {
  local variant=$1 dir=$work/$1
  rm -rf "$dir"
  cp -R "$root/Tests/PluginTests/Fixture" "$dir"
  # The fixture's manifest is a template (see its comment): the dependency and the plugin, or neither.
  local dependency='.package(name: "inertia-tools", path: "../inertia-tools")'
  local plugin='.plugin(name: "InertiaLintPlugin", package: "inertia-tools")'
  if [[ $variant == without ]]; then dependency="" plugin=""; fi
  sed -i.orig -e "s|\[INERTIA_TOOLS_DEPENDENCY\]|[$dependency]|" -e "s|\[INERTIA_LINT_PLUGIN\]|[$plugin]|" "$dir/Package.swift"
  rm "$dir/Package.swift.orig"
}

# Seconds one `swift build` takes in a variant's folder; a failed build stops the script.
timed_build() {
  local dir=$work/$1 start end
  start=$(date +%s.%N)
  if ! (cd "$dir" && swift build -c "$configuration" >"$work/log" 2>&1); then
    cat "$work/log" >&2
    echo "plugin-build.sh: the build of the $1 variant failed" >&2
    exit 1
  fi
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

measure() {
  local variant=$1 first nothing touched edited
  first=$(for _ in $(seq "$cold_runs"); do prepare "$variant"; timed_build "$variant"; done | median)
  nothing=$(for _ in $(seq "$runs"); do timed_build "$variant"; done | median)
  touched=$(for _ in $(seq "$runs"); do
    touch "$work/$variant/Sources/App/Animations/animation.inertia"; timed_build "$variant"
  done | median)
  edited=$(for i in $(seq "$runs"); do
    echo "// edit $i" >>"$work/$variant/Sources/App/main.swift"; timed_build "$variant"
  done | median)
  printf '| %s | %.1f s | %.2f s | %.2f s | %.2f s |\n' "$variant" "$first" "$nothing" "$touched" "$edited"
}

echo "swift build -c $configuration of the plugin fixture; medians of $runs builds ($cold_runs for the first build)"
echo "on $(nproc) cores, $(swift --version 2>/dev/null | head -1)"
echo
echo "| variant | first build | nothing changed | animation touched | main.swift edited |"
echo "| --- | --- | --- | --- | --- |"
measure with
measure without
