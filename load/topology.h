// Primitive modes to list topologies (glTF 2.0 §3.7.2.1, "Topology types"): strips, loops and
// fans become plain lists, so the renderer needs one pipeline per Topology. Internal to load/.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "scene.h"

namespace vitrine::scene {

// The list topology a glTF mode (0-6) becomes.
Topology listTopology(int mode);

// Converts the vertex index sequence of a primitive of glTF `mode` into a list of
// listTopology(mode), following the spec's equations:
//   line strip  p_i = {v_i, v_i+1};  line loop: the strip plus {v_n-1, v_0};
//   triangle strip p_i = {v_i, v_i+(1+i%2), v_i+(2-i%2)}, so odd triangles swap their last two
//   vertices and every triangle keeps the strip's winding;  triangle fan p_i = {v_i+1, v_i+2, v_0}.
// Returns how many input indices belong to no complete element (e.g. 7 indices of TRIANGLES
// leave 1, a 2-index strip leaves 2); they are ignored and the caller warns.
size_t toListIndices(int mode, std::span<const uint32_t> in, std::vector<uint32_t>& out);

}  // namespace vitrine::scene
