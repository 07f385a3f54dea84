#!/bin/sh
# Prints the bin folder of the Node.js release in .nvmrc (Node 24 LTS), unpacked from the npm
# registry's official Linux binaries (the `node-linux-<arch>` package) into
# ~/.cache/loan-node/<version> the first time; later calls only print it. Needs npm (any Node).
#   export PATH="$(sh scripts/node24.sh):$PATH"
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(tr -d ' \n' < "$root/.nvmrc")
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "node24.sh: no Node.js package for $(uname -m)" >&2; exit 1 ;;
esac
dir="${LOAN_NODE_CACHE:-$HOME/.cache/loan-node}/$version"
if [ ! -x "$dir/package/bin/node" ]; then
  mkdir -p "$dir"
  tmp=$(mktemp -d "$dir/unpack.XXXXXX")
  (cd "$tmp" && npm pack "node-linux-$arch@$version" --silent >/dev/null && tar xzf node-linux-*.tgz)
  rm -rf "$dir/package"
  mv "$tmp/package" "$dir/package"
  rm -rf "$tmp"
fi
"$dir/package/bin/node" --version >/dev/null
echo "$dir/package/bin"
