#!/usr/bin/env bash
# Builds appsources-scan (Tests/Benchmarks/AppSources/main.swift) optimized, with the InertiaFormat and
# InertiaLint modules compiled beside it, into .build/appsources (or $1). Prints the binary's path.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
out=${1:-$root/.build/appsources}
mkdir -p "$out"
flags=(-O -wmo -parse-as-library -package-name inertia -I "$out")
stale=false
[ -x "$out/appsources-scan" ] || stale=true
[ -z "$(find "$root/Sources/InertiaFormat" "$root/Sources/InertiaLint" "$root/Tests/Benchmarks/AppSources" \
  -newer "$out/appsources-scan" -name '*.swift' 2>/dev/null)" ] || stale=true
if $stale; then
  for module in InertiaFormat InertiaLint; do
    # shellcheck disable=SC2046
    swiftc "${flags[@]}" -module-name "$module" -emit-module -emit-module-path "$out/$module.swiftmodule" \
      -c -o "$out/$module.o" $(find "$root/Sources/$module" -name '*.swift' | sort)
  done
  swiftc -O -package-name inertia -I "$out" -o "$out/appsources-scan" "$out/InertiaFormat.o" "$out/InertiaLint.o" \
    "$root/Tests/Benchmarks/AppSources/main.swift"
fi
echo "$out/appsources-scan"
