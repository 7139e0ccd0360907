#!/usr/bin/env bash
# Regenerates the MessagePack twin of every JSON file in Corpus/valid/ with the package's own converter:
# valid/NAME.json -> valid/NAME.inertia.
#
#   Corpus/regenerate.sh            rewrite the .inertia files
#   Corpus/regenerate.sh --check    rewrite nothing; exit 1 if any committed .inertia differs
#
# SWIFT_SCRATCH_PATH, when set, is passed to `swift build --scratch-path`. INERTIA_CONVERT, when set,
# names an already built converter and skips the build.
# The broken files are not regenerated here: Corpus/broken/make-broken.sh writes those.
set -euo pipefail

corpus=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$corpus")

check=false
case "${1:-}" in
  --check) check=true ;;
  "") ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

if [[ -n "${INERTIA_CONVERT:-}" ]]; then
  convert=$INERTIA_CONVERT
else
  scratch=${SWIFT_SCRATCH_PATH:-$root/.build}
  swift build -c release --package-path "$root" --scratch-path "$scratch" --product inertia-convert >&2
  convert=$scratch/release/inertia-convert
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

status=0
for json in "$corpus"/valid/*.json; do
  name=$(basename "$json" .json)
  twin=$corpus/valid/$name.inertia
  "$convert" to-msgpack --from json "$json" -o "$tmp/$name.inertia"
  if $check; then
    if ! cmp -s "$tmp/$name.inertia" "$twin"; then
      echo "differs: valid/$name.inertia (run Corpus/regenerate.sh)" >&2
      status=1
    fi
  else
    cp "$tmp/$name.inertia" "$twin"
    echo "valid/$name.inertia ($(wc -c < "$twin" | tr -d ' ') bytes)"
  fi
done
exit $status
