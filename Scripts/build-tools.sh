#!/bin/sh
# Builds inertia-convert and inertia-lint for use: a release build that starts as fast as the platform
# allows, in a build folder of its own so that it never disturbs `swift build` and `swift test`.
#
#   Scripts/build-tools.sh [--scratch-path DIR] [--install PREFIX]
#
# On Linux the tools are linked fully statically (`--static-swift-stdlib -Xswiftc -static-executable`):
# no shared library is loaded or relocated at start-up, which takes a run on a small file from 4-5 ms
# to 1.1-1.8 ms (Tests/Benchmarks/README.md, "Start-up and the binaries users get"). Where the toolchain or the C library
# cannot link that way (no static libc, for example), it falls back to `--static-swift-stdlib`, then to
# a plain release build, and says so. On macOS the Swift runtime is part of the system and a plain
# release build is already the fast one.
#
# The flags are given here, on the command line, and not in Package.swift: SwiftPM refuses a package
# with unsafe flags as a versioned dependency.
#
#   --scratch-path DIR   the build folder (default: .build/tools in the package)
#   --install PREFIX     then copy both tools into PREFIX/bin (for example ~/.local or /usr/local)
#
# Prints the folder holding the built tools as its last line. Writes DIR/tools-built when it is done,
# which Scripts/pre-commit-inertia-lint.sh waits for.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$root/.build/tools
prefix=""
while [ $# -gt 0 ]; do
  case $1 in
    --scratch-path) scratch=$2; shift 2 ;;
    --install) prefix=$2; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-tools.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

# Only the two products: the test targets and their support code (which imports Testing, a module the
# toolchain has no static build of) are none of the installed tools' business.
# -disable-concrete-type-metadata-mangled-name-accessors: the compiler reaches a generic type's metadata
# through a call rather than its mangled name, which the runtime would decode on first use, looking
# through every protocol conformance in the binary for each requirement; a third of what a run on a small
# file executes (Tests/Benchmarks/README.md, "Where start-up time goes").
#
# -gnone: no debug information. SwiftPM's release builds carry DWARF, which costs an eighth of this build's
# CPU time (93 s to 81 s, docs/development.md#build-times) and 7.7 MB of each binary, and changes nothing
# a run does (the same CPU time on start-up and on a 55 MB file); a crash's backtrace names functions
# without their lines. `swift build -c release` keeps it.
#
# Linking statically, the linker warns that glibc's user and group look-ups (getpwuid_r, getpwnam_r,
# getgrgid_r, getgrnam_r) and dlopen need, at run time, the shared libraries of the glibc they were linked
# against, and that mktemp is dangerous. Those calls are in the toolchain's static Foundation and Swift
# runtime (home folders, file owners' names, Data's atomic writes, a prespecialisation library), not in the
# tools, which call none of them: Sources/ uses neither FileManager, ProcessInfo nor Data's writing. The
# filter below leaves those warnings out and says so in one line; every other line of the build is shown.
build() {
  echo "build-tools.sh: a release build optimises each library whole, one after another: about 80 s of CPU" \
    "the first time, about as long on two idle cores and longer on busy ones; the second tool only links" >&2
  for product in inertia-convert inertia-lint; do
    echo "build-tools.sh: building $product" >&2
    mkdir -p "$scratch"
    { swift build -c release --package-path "$root" --scratch-path "$scratch" --product "$product" \
        -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xswiftc -gnone \
        "$@" 2>&1
      echo $? > "$scratch/build-status"
    } | awk '
      /requires at runtime the shared libraries from the glibc version used for linking/ { left++; next }
      /the use of `mktemp. is dangerous/ { left++; next }
      { print; fflush() }
      END {
        if (left > 0)
          printf "build-tools.sh: left out the static linker'"'"'s %d warnings about glibc look-ups, dlopen and mktemp in the toolchain'"'"'s static libraries, which the tools never call (see this script'"'"'s comment)\n", left
      }' >&2
    [ "$(cat "$scratch/build-status")" = 0 ] || return 1
  done
}

rm -f "$scratch/tools-built"
if [ "$(uname -s)" = Linux ]; then
  if build --static-swift-stdlib -Xswiftc -static-executable; then
    how="fully static (--static-swift-stdlib -Xswiftc -static-executable)"
  elif build --static-swift-stdlib; then
    how="Swift runtime static, C libraries shared (--static-swift-stdlib): starts about 2x slower"
    echo "build-tools.sh: could not link fully statically; built with --static-swift-stdlib" >&2
  else
    build
    how="plain release build: starts about 3x slower"
    echo "build-tools.sh: could not link the Swift runtime statically; built a plain release build" >&2
  fi
else
  build
  how="release build"
fi
bin=$(swift build -c release --package-path "$root" --scratch-path "$scratch" --show-bin-path)
echo "$how" > "$scratch/tools-built"
echo "build-tools.sh: built inertia-convert and inertia-lint, $how" >&2

if [ -n "$prefix" ]; then
  mkdir -p "$prefix/bin"
  for tool in inertia-convert inertia-lint; do
    # A copy beside the target, then a rename: a tool running from PREFIX/bin keeps its old file.
    cp "$bin/$tool" "$prefix/bin/.$tool.new"
    mv -f "$prefix/bin/.$tool.new" "$prefix/bin/$tool"
  done
  echo "build-tools.sh: installed into $prefix/bin" >&2
fi
echo "$bin"
