#!/bin/sh
# The pre-commit hook's entry (.pre-commit-hooks.yaml, `language: script`): runs inertia-lint as
# built by Scripts/build-tools.sh, building it first if this checkout has not been built yet.
# pre-commit runs this file from its own clone of the repository, so the build lands in that clone
# (.build/tools) and happens once per hook version. Build output goes to standard error.
#
# Kept to one test and an exec: this script is on the path of every hook run.
tools=${0%/*}/../.build/tools
[ -f "$tools/tools-built" ] || "${0%/*}/build-tools.sh" >/dev/null || exit 2
exec "$tools/release/inertia-lint" "$@"
