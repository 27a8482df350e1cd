#!/usr/bin/env bash
# Generates the seed corpora of the fuzz targets into OUT_DIR/<target>/ (nothing is committed):
# the small cases corpus_gen writes, plus the assimp-testmodels glTF samples that fit — every
# .glb and self-contained .gltf, each other .gltf with its buffers and images embedded as data:
# URIs (the targets read no files), and the small PNG and JPEG images. The behaviour-graph
# targets' seeds are corpus_gen's alone: valid KHR_interactivity graphs as JSON text
# (interact_graph/), byte strings (interact_run/, any bytes make a valid graph) and typed
# values (interact_value_text/). 3DGS .ply files (ply/) are corpus_gen's too: two splats of
# each degree, binary of both byte orders and ascii, shuffled properties, extra elements.
# KHR_gaussian_splatting primitives (splat_attributes/): corpus_gen's byte strings, each
# choosing a document (fuzz/splat_attributes_fuzz.cpp).
# Usage: make_corpus.sh CORPUS_GEN OUT_DIR
set -euo pipefail
gen=${1:?path of corpus_gen}
out=${2:?output folder}
models=${VITRINE_MODELS_DIR:-/usr/share/assimp/models/glTF2}
max_bytes=$((128 * 1024))  # larger seeds slow every execution down
rm -rf "$out"
"$gen" "$out"
if [ -d "$models" ]; then
  n=0
  while IFS= read -r -d '' f; do
    n=$((n + 1))
    dest="$out/loader/sample$n.${f##*.}"
    case "$f" in
      *.glb) cp "$f" "$dest" ;;
      *.gltf) "$gen" --embed "$f" "$dest" || rm -f "$dest" ;;
    esac
    # Over the limit after embedding: dropped.
    if [ -f "$dest" ] && [ "$(stat -c %s "$dest")" -gt "$max_bytes" ]; then rm -f "$dest"; fi
  done < <(find "$models" -type f \( -name '*.glb' -o -name '*.gltf' \) -print0 | sort -z)
  n=0
  while IFS= read -r -d '' f; do
    n=$((n + 1))
    cp "$f" "$out/image/sample$n.${f##*.}"
  done < <(find "$models" -type f \( -name '*.png' -o -name '*.jpg' -o -name '*.jpeg' \) \
             -size -64k -print0 | sort -z)
  # The mesh decoders: the Draco sample's streams, and meshopt streams of two samples packed
  # by gltfpack (a test dependency) here and now.
  here=$(dirname "$0")
  if [ -f "$models/draco/2CylinderEngine.gltf" ]; then
    python3 "$here/mesh_seeds.py" draco "$models/draco/2CylinderEngine.gltf" "$out/draco"
  fi
  if command -v gltfpack >/dev/null; then
    packed=$(mktemp -d)
    for m in BoxTextured-glTF/BoxTextured.gltf 2CylinderEngine-glTF-Binary/2CylinderEngine.glb \
             glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf; do
      [ -f "$models/$m" ] || continue
      name=$(basename "${m%.*}")
      gltfpack -i "$models/$m" -o "$packed/$name.gltf" -cc >/dev/null 2>&1 || continue
      python3 "$here/mesh_seeds.py" meshopt "$packed/$name.gltf" "$out/meshopt" "$name"
    done
    rm -rf "$packed"
  fi
fi
# KHR_texture_basisu: the committed KTX2 fixtures (every mode: UASTC raw and Zstandard, ETC1S).
mkdir -p "$out/ktx2"
cp "$(dirname "$0")/../tests/data/ktx2/"*.ktx2 "$out/ktx2/"
# Radiance HDR (--env): a flat 4x2 image and a run-length encoded 8x2 one (each scanline: 2 2 0 8,
# then per channel one run of 8).
mkdir -p "$out/hdr"
hdr_header='#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 2 +X %s\n'
{ printf "$hdr_header" 4; for i in 1 2 3 4 5 6 7 8; do printf '\x80\x40\x20\x81'; done; } \
  >"$out/hdr/flat.hdr"
{ printf "$hdr_header" 8; for j in 1 2; do
    printf '\x02\x02\x00\x08\x88\x80\x88\x40\x88\x20\x88\x81'; done; } >"$out/hdr/rle.hdr"
# KHR_meshopt_compression: the committed gltfpack 1.3.0 fixtures and meshoptimizer's reference
# vectors (tests/data/meshopt_khr/README.md), so no newer gltfpack is needed here.
khr_data="$(dirname "$0")/../tests/data/meshopt_khr"
if [ -d "$khr_data" ]; then
  for f in "$khr_data"/*.glb; do
    python3 "$(dirname "$0")/mesh_seeds.py" meshopt_khr "$f" "$out/meshopt_khr" \
      "$(basename "${f%.glb}")" >/dev/null
  done
  python3 "$(dirname "$0")/mesh_seeds.py" vectors "$khr_data" "$out/meshopt_khr" vector >/dev/null
fi
for d in "$out"/*/; do echo "$(basename "$d"): $(ls "$d" | wc -l) seeds"; done
