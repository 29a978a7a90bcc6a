#!/usr/bin/env bash
# The credential-store tests (test/cli/keyring.test.ts, test/package.test.ts) run a private D-Bus
# session bus with an unlocked gnome-keyring-daemon, the Secret Service that Linux desktops
# have, and look the stored key up with secret-tool (gdbus waits for the daemon on the bus). Idempotent, non-interactive; never fails
# the run: the tests that need these skip, naming this script, when they are missing.
set -u

needed=(dbus-daemon:dbus-daemon dbus-send:dbus-bin gdbus:libglib2.0-bin gnome-keyring-daemon:gnome-keyring secret-tool:libsecret-tools)
missing=()
for pair in "${needed[@]}"; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

# dbus-send is in dbus-bin on newer Debian, in dbus itself on older releases.
packages=(dbus gnome-keyring libsecret-tools libglib2.0-bin)
apt_install() {
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "$@"
}
if ! apt_install "${packages[@]}" dbus-bin >/dev/null 2>&1 && ! apt_install "${packages[@]}" >/dev/null 2>&1; then
  apt-get -o DPkg::Lock::Timeout=600 update -q >/dev/null 2>&1
  apt_install "${packages[@]}" dbus-bin >/dev/null 2>&1 || apt_install "${packages[@]}" >/dev/null 2>&1 || {
    echo "scripts/system-deps/keyring.sh: could not install ${packages[*]}; the credential-store tests will skip" >&2
    exit 1
  }
fi
