#!/usr/bin/env bash
# Configures the sanitizer build shared by scripts/ci-sanitize.sh and scripts/ci-fuzz.sh:
# clang, AddressSanitizer + UndefinedBehaviorSanitizer (no recovery), libFuzzer coverage in the
# libraries (VITRINE_FUZZ). One configuration for both, so the fuzz targets reuse the objects
# the sanitizer tests compiled. Usage: sanitize-build.sh BUILD_DIR
set -euo pipefail
build=${1:?build directory}
cd "$(dirname "$0")/.."
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ "${launcher[@]}" \
  -DVITRINE_FUZZ=ON -DVITRINE_BUILD_BENCH=OFF >/dev/null
