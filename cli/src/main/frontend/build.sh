#!/usr/bin/env bash
# Rebuilds the playground's editor bundle (remo serve, docs/playground.md) from editor.js with the
# pinned CodeMirror 6 packages of package-lock.json, and collects their licences beside it. The
# bundle and the licence file are committed: a Maven build needs neither npm nor the network.
set -euo pipefail
cd "$(dirname "$0")"
out=../resources/remo/playground/assets
npm ci --no-audit --no-fund --ignore-scripts
node node_modules/esbuild/bin/esbuild editor.js --bundle --format=iife --global-name=RemoEditor --minify \
  --target=es2019 --legal-comments=none --outfile="$out/codemirror.js"
{
  echo "The file codemirror.js is a bundle of the following packages (npm registry), each under the MIT licence"
  echo "reproduced below with its copyright notice. Built by cli/src/main/frontend/build.sh from editor.js."
  for dir in node_modules/@codemirror/* node_modules/@lezer/* node_modules/@marijn/* node_modules/crelt \
             node_modules/style-mod node_modules/w3c-keyname; do
    [ -d "$dir" ] || continue
    name=$(node -p "require('./$dir/package.json').name + ' ' + require('./$dir/package.json').version")
    echo
    echo "==== $name"
    cat "$dir"/LICENSE* 2>/dev/null || echo "(licence: $(node -p "require('./$dir/package.json').license"))"
  done
} > "$out/codemirror-LICENSES.txt"
echo "wrote $out/codemirror.js ($(wc -c < "$out/codemirror.js") bytes) and codemirror-LICENSES.txt"
