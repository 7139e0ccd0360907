#!/usr/bin/env bash
# Writes what plays differently in every .inertia file changed between two commits, as Markdown: to
# $GITHUB_STEP_SUMMARY when it is set (a GitHub Actions job summary), else to standard output.
#
#   Scripts/inertia-diff-summary.sh BASE [HEAD]     (HEAD defaults to HEAD)
#
# Each file is compared with `inertia-convert diff --git --format markdown`, as git's external diff driver
# compares it: added and deleted files against nothing, renamed ones under both names, and a version that
# does not parse said in the summary rather than failing the job. Run it in the repository's work tree,
# with inertia-convert on PATH (or named by INERTIA_CONVERT). Exit status: 0 when the summary was written,
# 2 when git or inertia-convert failed.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
base=$1
head=${2:-HEAD}
convert=${INERTIA_CONVERT:-inertia-convert}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The two versions of one path as files: a blob written out, or /dev/null where the commit has none.
blob() {
  local commit=$1 path=$2 file=$3
  if git cat-file -e "$commit:$path" 2>/dev/null; then
    git cat-file blob "$commit:$path" >"$file"
    echo "$file"
  else
    echo /dev/null
  fi
}

summary() {
  echo "### Animation changes"
  echo
  local count=0 status path new_path old new arguments
  # NUL-separated: status, then one path (two for a rename or copy).
  while IFS= read -r -d '' status; do
    IFS= read -r -d '' path
    new_path=$path
    case $status in R* | C*) IFS= read -r -d '' new_path ;; esac
    count=$((count + 1))
    old=$(blob "$base" "$path" "$work/old")
    new=$(blob "$head" "$new_path" "$work/new")
    arguments=("$path" "$old" 0000000 100644 "$new" 0000000 100644)
    [ "$new_path" = "$path" ] || arguments+=("$new_path" "similarity index ${status#R}%")
    "$convert" diff --git --format markdown "${arguments[@]}" || exit 2
    echo
  done < <(git diff --name-status -z -M "$base" "$head" -- '*.inertia')
  [ "$count" -gt 0 ] || echo "No \`.inertia\` file changed."
}

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then summary >>"$GITHUB_STEP_SUMMARY"; else summary; fi
