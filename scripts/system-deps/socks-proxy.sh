#!/usr/bin/env bash
# microsocks: a small SOCKS5 server (with user and password authentication), for the tests
# that send requests through a SOCKS5 proxy (test/cli/socks-proxy.test.ts).
# Idempotent and non-interactive; never fails the run: the tests skip, naming this script, when
# the server could not be installed.
set -u
command -v microsocks >/dev/null 2>&1 && exit 0
export DEBIAN_FRONTEND=noninteractive
install() { apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends microsocks >/dev/null; }
if ! install; then
  apt-get -o DPkg::Lock::Timeout=600 update >/dev/null && install
fi
command -v microsocks >/dev/null 2>&1 || echo "socks-proxy.sh: microsocks could not be installed; the SOCKS5 proxy tests will skip" >&2
exit 0
