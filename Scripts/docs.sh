#!/usr/bin/env bash
# Builds the libraries' documentation with the toolchain's own DocC (no package plugin, so the package
# keeps no dependencies) and fails on any warning: a broken symbol link, an undocumented parameter.
#   Scripts/docs.sh [OUTDIR]     # default .build/docs; open OUTDIR/InertiaFormat.doccarchive etc.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/docs}
docc=$(command -v docc || true)
[ -n "$docc" ] || docc=$(dirname "$(command -v swift)")/docc
if [ ! -x "$docc" ]; then echo "docs: skipped: docc is not in this toolchain"; exit 0; fi
mkdir -p "$out"
# SwiftPM's own extraction, from the built modules, every time. (Emitting graphs as a side effect of
# compiling, -emit-symbol-graph, writes none when the build is already up to date, and DocC then warns
# about every symbol link.)
swift package dump-symbol-graph >/dev/null
graphs=$(swift build --show-bin-path)/../symbolgraph
[ -f "$graphs/InertiaLint.symbols.json" ] || { echo "docs: no symbol graphs in $graphs" >&2; exit 1; }
status=0
for module in InertiaFormat InertiaLint; do
  rm -rf "${graphs:?}/$module" && mkdir -p "$graphs/$module"
  cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$graphs/$module/" 2>/dev/null || true
  log=$("$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "inertia.tools.$module" \
    --output-path "$out/$module.doccarchive" --analyze 2>&1 || echo "docc failed")
  warnings=$(grep -cE 'warning|error|docc failed' <<<"$log" || true)
  echo "docs: $module: $warnings warnings"
  if [ "$warnings" != 0 ]; then grep -E -A3 'warning|error|docc failed' <<<"$log"; status=1; fi
done
exit $status
