#!/usr/bin/env bash
# CI stage: the CPU-side libraries (codecs, scene, gltf, load, anim) and their tests built
# with AddressSanitizer and UndefinedBehaviorSanitizer, run with ctest; then the renderer, the vitrine binary and
# issue 14's tests that need them (batch faults, confinement, the malformed corpus, renderer
# faults, swapchain retirement, window faults) and issue 16's window tests (a document arriving
# a chunk a frame, images decoded on worker threads) on lavapipe under Xvfb. Any report fails the
# stage: UBSan does not recover, ASan stops at the first error (in a test, or in the vitrine
# process a test runs: its exit status changes) and LeakSanitizer fails the test at exit.
# LeakSanitizer runs in the first part only: in the second, lavapipe's own allocations are
# reported from modules the Vulkan loader has already unloaded (no name to suppress them by).
# Usage: ci-sanitize.sh [BUILD_DIR]   (default build-sanitize)
set -euo pipefail
build=${1:-build-sanitize}
cd "$(dirname "$0")/.."
root=$(pwd)
jobs=${JOBS:-$(nproc)}
./scripts/sanitize-build.sh "$build"
# The tests that need no Vulkan: one label per test executable (tests/CMakeLists.txt).
labels='^(codecs_tests|scene_tests|splat_tests|gltf_tests|load_tests|anim_tests|interact_tests)$'
cmake --build "$build" -j "$jobs" --target codecs_tests scene_tests splat_tests gltf_tests load_tests anim_tests interact_tests
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$build"
ctest -L "$labels" --output-on-failure -j "$jobs" --timeout 600

# Issue 14's tests that need Vulkan or the vitrine binary (test names as ctest lists them), and
# issue 16's window tests, whose images decode on worker threads while the window draws.
cd "$root"
cmake --build "$build" -j "$jobs" --target vitrine app_batch_tests app_window_tests \
  renderer_fault_tests
export ASAN_OPTIONS=${VULKAN_ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0:strict_string_checks=1}
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
chmod 700 "$XDG_RUNTIME_DIR"
export VK_ICD_FILENAMES=${VK_ICD_FILENAMES:-/usr/share/vulkan/icd.d/lvp_icd.x86_64.json}
issue14='(^|/)(BatchDeviceFailure|CliConfinement|Malformed|FaultTest|FaultMirror|FaultDescriptors|SwapchainRetirement|FilesWindow|Window|ReloadWindow|StreamWindow)\.'
cd "$build"
xvfb-run -a -s "-screen 0 1920x1080x24" \
  ctest -R "$issue14" --output-on-failure -j "$jobs" --timeout 900
