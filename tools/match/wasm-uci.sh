#!/bin/sh
# The browser build as a UCI engine, for fastchess and tools/match/match.sh:
# the very matador.worker.js and matador.wasm a page loads, run by Node in a
# worker thread dressed as a Web Worker (web/test/node-worker.cjs), so a
# match measures what the page plays, at the page's times (st=1 is its
# default "1 s a move"). Build the module first:
#
#   make wasm WASMDIR=$HOME/matador-work/wasm
#   WASMDIR=$HOME/matador-work/wasm tools/match/match.sh NAME tools/match/wasm-uci.sh LINK_TO_IT ...
#
# fastchess names an engine by its file, so a match of the module against
# itself (Use NNUE on and off) gives the second side a symbolic link to
# this script under another name.
# WASMDIR defaults to build/wasm of the checkout the script lives in.
repo=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
exec node "$repo/web/test/node-worker.cjs" "${WASMDIR:-$repo/build/wasm}/matador.worker.js"
