// Flat normals for triangle primitives without NORMAL. Internal to load/.
#pragma once

#include "scene.h"

namespace vitrine::scene {

// glTF 2.0 §3.7.2.1: "When normals are not specified, client implementations MUST calculate
// flat normals and the provided tangents (if present) MUST be ignored."
// Un-welds `p` (a Triangles primitive with indices filled and no normals) so each triangle
// owns three vertices: every stream (positions, texcoords, colors, skinning influences, morph
// target displacements) is duplicated through the index list, normals get the face normal
// normalize(cross(b - a, c - a)) (counter-clockwise front faces), tangents and the targets'
// normal and tangent displacements are cleared, and indices become 0, 1, ..., 3 * triangles - 1.
// These normals are those of the undeformed mesh: a skinned or morphed primitive without
// NORMAL gets its flat normals from the deformed triangle at render time.
// A degenerate triangle (zero or non-finite area) gets +Z rather than NaN; it covers no pixel.
void generateFlatNormals(Primitive& p);

}  // namespace vitrine::scene
