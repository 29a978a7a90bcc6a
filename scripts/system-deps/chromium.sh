#!/usr/bin/env bash
# Debian's chromium, for the status page tests driven by playwright-core (test/browser/). Those
# tests launch /usr/bin/chromium; without it they skip with a message naming this script.
# Idempotent and non-interactive; never fails the run (see README.md here).
set -u
if command -v chromium >/dev/null 2>&1; then exit 0; fi
export DEBIAN_FRONTEND=noninteractive
install() {
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
}
if ! install; then
  # The package lists may be missing or stale on a fresh machine.
  apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null 2>&1
  if ! install; then
    echo "scripts/system-deps/chromium.sh: could not install Debian's chromium; the browser tests will be skipped" >&2
  fi
fi
exit 0
