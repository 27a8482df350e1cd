#!/usr/bin/env bash
# Installs the Debian packages Vitrine needs to build, run and test.
# As root it installs them with apt-get; otherwise it prints the one sudo line and fails.
set -euo pipefail
packages=(
  build-essential cmake pkg-config glslc
  libvulkan-dev libvulkan-volk-dev mesa-vulkan-drivers vulkan-validationlayers
  libglfw3-dev libglm-dev libtinygltf-dev nlohmann-json3-dev libimgui-dev libstb-dev
  libgtest-dev libbenchmark-dev
  libdraco-dev  # KHR_draco_mesh_compression (gltf/draco_decode.cpp)
  libwebp-dev  # EXT_texture_webp decoding
  libzstd-dev  # KHR_texture_basisu: Zstandard-supercompressed KTX2 levels (codecs/ktx2.cpp)
  webp  # cwebp: the tests convert sample textures to WebP
  libmeshoptimizer-dev  # EXT_meshopt_compression decoding (gltf/meshopt_decode.cpp)
  gltfpack              # tests pack the sample models with meshopt compression and quantization
  xvfb xauth assimp-testmodels clang-format
  desktop-file-utils libxml2-utils shared-mime-info
  python3  # tests/data/make_malformed.py and its ctest
  fonts-dejavu-core  # the UI font (theme.cpp; ImGui's built-in font when absent)
  clang libclang-rt-14-dev  # the sanitizer and fuzz build (libclang_rt.fuzzer of clang 14)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Vitrine needs these Debian packages. Install them with:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
