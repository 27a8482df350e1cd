// KHR_gaussian_splatting primitives of a glTF document: the extension object and the splat
// attributes read from the JSON (tinygltf 2.7 keeps neither faithfully), checked against the
// extension's tables, dequantized (glTF 2.0 §3.11) into a scene::SplatCloud. Part of the
// loader (load/load_meshes.cpp calls it); a room of its own so that load/ stays one screen.
#pragma once

#include <string>
#include <vector>

#include "gltf_document.h"
#include "json_util.h"
#include "splats.h"

namespace vitrine::scene {

// What to do with a primitive that has the extension.
struct SplatPrimitive {
  // The splats to draw; null when the primitive is drawn as the point cloud the extension
  // prescribes as fallback (a compression extension nested in KHR_gaussian_splatting's
  // `extensions`, which Vitrine does not decode), with the warning saying why.
  SplatCloudPtr cloud;
};

// Whether `prim` (a primitive's JSON) has a KHR_gaussian_splatting member in its extensions
// (of any JSON type: loadSplatPrimitive refuses one that is not an object).
bool hasSplatExtension(const Json& prim);

// Reads the splats of `prim` (validated by validateGltfJson(), hasSplatExtension() true), found
// at `at` ("/meshes/0/primitives/1"). Returns "" or the error that refuses the asset: a
// required attribute missing (POSITION, ROTATION, SCALE, OPACITY, SH_DEGREE_0_COEF_0), an
// accessor type or component type outside the extension's table, a count other than
// POSITION's, a non-finite POSITION, a refusal of the budget ("<at>/attributes/
// KHR_gaussian_splatting:SCALE: ..."). What the picture survives is appended to `warnings` in
// the loader's form, without the file name (the caller prefixes it), saying what is drawn
// instead: unknown or missing kernel/colorSpace/projection/sortingMethod (the defaults), a
// mode other than POINTS and indices (drawn as splats, each once), an incomplete spherical-
// harmonic degree (it and those above ignored), negative scales (absolute values), opacities
// outside [0, 1] (clamped), quaternions far from unit (normalized) or zero (identity),
// non-finite values (the splat kept at opacity 0). The cloud (SplatCloud::bytesFor) is
// reserved from doc.budget before it is allocated and stays reserved; each decoded accessor is
// released once converted.
[[nodiscard]] std::string loadSplatPrimitive(const GltfDocument& doc, const Json& prim,
                                             const std::string& at,
                                             std::vector<std::string>& warnings,
                                             SplatPrimitive& out);

}  // namespace vitrine::scene
