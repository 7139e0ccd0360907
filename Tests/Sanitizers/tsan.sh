#!/usr/bin/env bash
# Runs the concurrency tests under ThreadSanitizer, and prints what it cost:
#
#   Tests/Sanitizers/tsan.sh            (.ci/run runs it)
#
# The tests: the thread pool (results in order, on the calling thread), parallel lint (-j 1 against
# -j 4), parallel --fix (every file written before any is renamed, the renames on several threads),
# threads writing files atomically at once, the temporary-file table and the mapped-file guard
# a signal handler reads, and mapped inputs truncated or rewritten while they are read. The build has
# its own scratch path (.build/tsan), so the ordinary one is left alone; later runs build only what
# changed. A data race fails the run (halt_on_error).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
tests='ThreadPoolTests|WriteBehindTests|deterministicAcrossJobs|durableBeforeRenamed|concurrentAtomicWrites|guardTable|temporaryFileTable|truncatedWhileMapped|rewrittenWhileMapped'
started=$SECONDS
swift build --build-tests --sanitize=thread --scratch-path .build/tsan 2>&1 | grep -v 'Cannot export local symbol' | tail -1
built=$SECONDS
TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:${TSAN_OPTIONS:-}" \
  swift test --skip-build --disable-xctest --sanitize=thread --scratch-path .build/tsan --filter "$tests" 2>&1 |
  grep -E 'WARNING: ThreadSanitizer|SUMMARY|^ *#[0-9]|✘|Test run'
echo "tsan: build $((built - started)) s, tests $((SECONDS - built)) s"
