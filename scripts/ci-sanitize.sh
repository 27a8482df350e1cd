#!/usr/bin/env bash
# CI stage: the CPU-side libraries (scene, anim) and their tests built with AddressSanitizer
# and UndefinedBehaviorSanitizer, run with ctest. Any report fails the stage: UBSan does not
# recover, ASan stops at the first error and LeakSanitizer fails the test at exit.
# Usage: ci-sanitize.sh [BUILD_DIR]   (default build-sanitize)
set -euo pipefail
build=${1:-build-sanitize}
cd "$(dirname "$0")/.."
jobs=${JOBS:-$(nproc)}
./scripts/sanitize-build.sh "$build"
# The tests that need no Vulkan: one label per test executable (tests/CMakeLists.txt).
labels='^(scene_tests|anim_tests)$'
cmake --build "$build" -j "$jobs" --target scene_tests anim_tests
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$build"
ctest -L "$labels" --output-on-failure -j "$jobs" --timeout 600
