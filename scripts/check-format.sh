#!/usr/bin/env bash
# Fails when any of our C++ sources differs from what clang-format (the repo's .clang-format)
# would write; lists the files. Run `make format` to fix them.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find codecs scene gltf load anim renderer app shaders tests bench fuzz -name '*.cpp' -o -name '*.h' | sort)
bad=()
for f in "${files[@]}"; do
  clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -ne 0 ]; then
  echo "not clang-formatted (run make format): ${bad[*]}" >&2
  exit 1
fi
echo "${#files[@]} files formatted"
