#!/usr/bin/env bash
# Runs the whole test suite on lavapipe under a private Xvfb display.
set -euo pipefail
build=${1:-build}
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
chmod 700 "$XDG_RUNTIME_DIR"
# Pin lavapipe, so a machine with a GPU runs the same tests CI runs.
export VK_ICD_FILENAMES=${VK_ICD_FILENAMES:-/usr/share/vulkan/icd.d/lvp_icd.x86_64.json}
cd "$build"
exec xvfb-run -a -s "-screen 0 1920x1080x24" ctest --output-on-failure -j 2 --timeout 600
