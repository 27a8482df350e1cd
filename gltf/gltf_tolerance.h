// Tolerance: a viewer shows what it can (issue 14; the decisions are listed in TOLERANCE.md).
// Internal to the loader (gltf/, load/) (used by gltf_document.cpp).
#pragma once

#include <string>
#include <vector>

#include "json_util.h"

namespace vitrine::scene {

// Repairs in place, before validation, what the specification forbids or discourages but still
// allows a picture: camera values out of range (clamped or dropped), material factors out of
// [0, 1] (clamped), unknown sampler enums (removed: the default is used), non-unit node
// rotations (normalized), a node with both a matrix and TRS (one is dropped), `scene` out of
// range (removed). Only values of the right type are touched, so the validator still reports
// wrong types. Appends one warning "<JSON pointer>: <what>; <what is done>" per repair.
void tolerateGltfJson(Json& root, std::vector<std::string>& warnings);

// validateGltfJson(), except that a problem in an object nothing renders or plays (an accessor,
// bufferView, sampler, texture, material, mesh, skin or camera no node, mesh, material,
// texture, skin or animation references) is a warning: the object is replaced in `root` by a
// minimal valid one (so indices stay), "<message> (<noun> <i> is not used: ignored)" is
// appended to `warnings`, and validation runs again (at most kMaxIgnoredObjects times).
// Returns "" or the first error in an object that is used.
[[nodiscard]] std::string validateTolerantly(Json& root, std::vector<std::string>& warnings);

inline constexpr size_t kMaxIgnoredObjects = 256;

// The accessors something renders or plays (a used mesh's primitives, a used skin, every
// animation, a node extension's attributes), by the same generous rule as validateTolerantly.
std::vector<bool> usedAccessors(const Json& root);

// Values used by the repairs (TOLERANCE.md says why).
inline constexpr double kMinYfov = 0.01;  // radians, ~0.6 degrees
inline constexpr double kMaxYfov = 3.13;  // radians, ~179.3 degrees: tan(yfov/2) stays finite
inline constexpr double kMinPerspectiveZnear = 0.001;
inline constexpr double kOrthographicDepth = 1000.0;  // zfar = znear + this when zfar <= znear
// A node rotation whose length differs from 1 by more than this is normalized with a warning
// (exporters writing 6 significant digits stay far below it).
inline constexpr double kUnitQuaternionTolerance = 1e-3;

}  // namespace vitrine::scene
