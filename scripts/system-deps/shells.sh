#!/usr/bin/env bash
# Debian's zsh and fish, whose completion systems the completion tests drive for real
# (test/cli/completion.test.ts; bash is already there). Without them those tests skip with a
# message naming this script. Idempotent and non-interactive; never fails the run (see README.md
# here).
set -u
missing=()
for shell in zsh fish; do
  command -v "$shell" >/dev/null 2>&1 || missing+=("$shell")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
export DEBIAN_FRONTEND=noninteractive
install() {
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
if ! install; then
  # The package lists may be missing or stale on a fresh machine.
  apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null 2>&1
  if ! install; then
    echo "scripts/system-deps/shells.sh: could not install ${missing[*]}; their completion tests will be skipped" >&2
  fi
fi
exit 0
