#!/usr/bin/env bash
# Installs Chromium from Debian for the dashboard's browser tests. Browser builds downloaded
# by npm packages (`npx playwright install`) cannot be fetched here; Debian's package can.
# Idempotent: does nothing when a chromium binary is already on PATH.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
  echo "chromium: already installed at $(command -v chromium)"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium: not installed and apt-get is not available; the browser tests will be skipped"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=(sudo)
fi

echo "chromium: not found; running apt-get update"
"${sudo_cmd[@]}" apt-get update
echo "chromium: running apt-get install -y chromium"
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y chromium
echo "chromium: installed at $(command -v chromium)"
