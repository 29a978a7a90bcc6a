#!/usr/bin/env bash
# Debian's less, the default pager (less -FRX) that the pager tests run in a pseudo-terminal
# (test/cli/pager.test.ts). Without it those tests skip with a message naming this script.
# Idempotent and non-interactive; never fails the run (see README.md here).
set -u
if command -v less >/dev/null 2>&1; then exit 0; fi
export DEBIAN_FRONTEND=noninteractive
install() {
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends less >/dev/null
}
if ! install; then
  # The package lists may be missing or stale on a fresh machine.
  apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null 2>&1
  if ! install; then
    echo "scripts/system-deps/less.sh: could not install Debian's less; the default-pager test will be skipped" >&2
  fi
fi
exit 0
