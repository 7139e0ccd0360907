#!/usr/bin/env bash
# Headless Chromium for the preview tests (Tests/PreviewTests/BrowserTests.swift), from Debian's
# chromium-headless-shell package, installed with apt-get when it is missing.
#
#   Tests/Browser/chromium.sh --check       install if missing; exit 0 when the browser runs
#   Tests/Browser/chromium.sh PAGE.html     print PAGE's DOM after its scripts ran (--dump-dom)
#
# Exit 77 when no browser can be had (not installed, and apt-get missing or not root): the tests then
# skip and say so. INERTIA_BROWSER_INSTALL=0 never installs; INERTIA_CHROMIUM names another Chromium or
# Chrome binary to use instead (headless, as on macOS: the path to Google Chrome or chrome-headless-shell).
set -euo pipefail

find_browser() { command -v "${INERTIA_CHROMIUM:-chromium-headless-shell}" || true; }

browser=$(find_browser)
if [ -z "$browser" ] && [ "${INERTIA_BROWSER_INSTALL:-1}" = 1 ] && command -v apt-get >/dev/null \
    && [ "$(id -u)" = 0 ]; then
  echo "chromium.sh: installing Debian's chromium-headless-shell..." >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      chromium-headless-shell; } >&2 || echo "chromium.sh: apt-get could not install it" >&2
  browser=$(find_browser)
fi
if [ -z "$browser" ]; then
  echo "chromium.sh: chromium-headless-shell is not installed and could not be installed" \
    "(it needs apt-get, as root)" >&2
  exit 77
fi

if [ "${1:-}" = --check ]; then
  "$browser" --version >&2
  exit 0
fi
page=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
# As root Chromium runs only without its sandbox. The virtual time budget lets the page's image loads
# and scripts finish before the DOM is printed.
exec "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=10000 --dump-dom \
  "file://$page" 2>/dev/null
