#!/usr/bin/env bash
# Writes the KHR_meshopt_compression fixtures of this folder with gltfpack 1.3.0 (npm), from
# the assimp sample models and colored_grid.gltf (make_colored_grid.py). See README.md.
#   cd /tmp && npm install gltfpack@1.3.0
#   GLTFPACK="node /tmp/node_modules/gltfpack/cli.js" ./make_fixtures.sh
set -euo pipefail
cd "$(dirname "$0")"
gltfpack=${GLTFPACK:-"node /tmp/node_modules/gltfpack/cli.js"}
models=${VITRINE_MODELS_DIR:-/usr/share/assimp/models/glTF2}
for src in "$models/BoxTextured-glTF/BoxTextured.gltf" \
           "$models/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf" \
           "$models/simple_skin/simple_skin.gltf" colored_grid.gltf; do
  name=$(basename "${src%.*}")
  $gltfpack -i "$src" -o "$name-khr.glb" -cc -ce khr
  $gltfpack -i "$src" -o "$name-khr-noq.glb" -cc -ce khr -noq
done
# The animated ones uncompressed and unquantized: gltfpack resamples animations (30 Hz), so the
# keyframes to compare the compressed ones with are its own.
for src in "$models/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf" \
           "$models/simple_skin/simple_skin.gltf"; do
  $gltfpack -i "$src" -o "$(basename "${src%.*}")-plain.glb" -noq
done
# Floating-point positions (EXPONENTIAL filter) and 12-bit colours (16-bit COLOR filter).
$gltfpack -i colored_grid.gltf -o colored_grid-khr-vpf.glb -cc -ce khr -vpf -vc 12
