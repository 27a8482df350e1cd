// The .ply files 3D Gaussian splatting trainers write (the INRIA 3DGS layout: x y z, nx ny nz,
// f_dc_0..2, f_rest_0..(3 (K - 1) - 1), opacity, scale_0..2, rot_0..3 as float properties of
// `vertex`), converted at load as KHR_gaussian_splatting maps them: opacity = sigmoid(logit),
// scale = exp(log scale), rotation (w, x, y, z) normalized and reordered to (x, y, z, w), f_dc the
// degree 0 coefficients, f_rest channel after channel (all red coefficients, then green, then
// blue) the higher degrees: channel c of coefficient k (k = 1 to K - 1, the extension's packing
// l * l + n, which is also 3DGS's order) is f_rest_[c (K - 1) + k - 1].
//
// Positions are kept as they are, with no change of axes: trainers' frames vary (COLMAP's is
// y down, z forward), and a .ply and the glTF that holds the same numbers draw the same.
//
// What is read (PLY 1.0): "ply", then "format ascii 1.0", "format binary_little_endian 1.0" or
// "format binary_big_endian 1.0" (all three), comment and obj_info lines anywhere, elements with
// scalar properties of any PLY type (char/int8 ... double/float64, read as numbers as they are).
// The vertex properties may come in any order; others (nx ny nz, ...) are skipped. Elements
// after vertex are ignored; those before it are skipped when their size is fixed (a list
// property there, or in vertex, is refused). The f_rest count must be 0, 9, 24 or 45 (degree
// 0 to 3); an empty vertex element is refused. Bounded: header lines of 1024 characters, 64
// elements, 256 properties an element. Vertices are numbered from 0 in messages.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "splats.h"

namespace vitrine::splat {

// What the header says, before anything is allocated.
struct PlyHeader {
  uint64_t count = 0;     // vertex elements
  uint32_t degree = 0;    // spherical-harmonic degree the f_rest properties give (0 to 3)
  size_t dataOffset = 0;  // first byte after "end_header\n"
};

// Reads the header of `bytes` and checks that the body can hold `count` vertices (binary: their
// exact bytes; ascii: a character and a separator per value) and that count fits a uint32_t,
// so that a caller may reserve SplatCloud::bytesFor(count, degree) before readPly allocates
// it. "" or a one-line error: "line N: ..." for a malformed line, "missing property f_dc_1",
// "f_rest_* has 10 properties; 3DGS writes 0, 9, 24 or 45", "truncated: 1000 vertices need
// 248000 bytes after the header, 1200 present", ...
[[nodiscard]] std::string readPlyHeader(std::span<const uint8_t> bytes, PlyHeader& header);

// Reads the whole file into `out` (a fresh cloud, colour space srgb_rec709_display as trainers
// on photographs produce; left empty on error): "" or a one-line error (the header's, truncated
// ascii data, "vertex 17: scale_0 is not finite" for a value that is not a finite float,
// "vertex 17: x is not a number ('abc')", "vertex 17: scale_0 is too large (its exp overflows a
// float)"). A rotation of length zero (which 3DGS would turn into NaN) becomes the identity;
// their number goes to `zeroRotations` when given.
[[nodiscard]] std::string readPly(std::span<const uint8_t> bytes, scene::SplatCloud& out,
                                  uint64_t* zeroRotations = nullptr);

}  // namespace vitrine::splat
