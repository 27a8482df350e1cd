// The ground under the asset (issue 24; renderer View::Ground): placed once per asset, at the
// lowest point its active scene reaches over the whole range of every animation (so that a jump
// is seen leaving it), centred under it and wider than it.
#pragma once

#include "animation.h"
#include "cli.h"
#include "renderer.h"
#include "scene.h"

namespace vitrine::app {

// Samples between two keyframe times of a clip for placeGround (and the clip's two ends).
inline constexpr int kGroundSamplesPerClip = 33;
// The contact shadow's reach above the ground, as a share of the ground's radius.
inline constexpr float kContactHeightShare = 0.2f;

// The ground for `scene` with its bound `animations`: height the lowest y of the active scene's
// bounds at rest and at kGroundSamplesPerClip times of each clip (each clip alone, from its
// start to its end), centre the middle of those bounds in x and z, radius their diagonal (twice
// their bounding sphere's: the disc reaches well beyond the asset, and fades over its outer
// half), contact height kContactHeightShare of the radius. `enabled` false (the caller decides).
// Every value the sampling writes (node transforms, world matrices, morph weights, materials,
// cameras, lights, extras) is put back as it was: the scene is left in the pose it came in. An
// empty scene: a unit ground at the origin.
renderer::View::Ground placeGround(scene::Scene& scene, anim::Animations& animations);

// Whether the ground is drawn in a mode where it is off by default (--render, --frames,
// --turntable): --ground when given, else `byDefault`. (The window and thumbnails read
// CliOptions::ground, on unless --ground off.)
bool groundWanted(const CliOptions& options, bool byDefault);

}  // namespace vitrine::app
