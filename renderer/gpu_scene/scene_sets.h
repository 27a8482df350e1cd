// The descriptor sets of a scene: set 0 per frame slot (FrameData and the scene's storage
// buffers) and set 1 per material (its textures, with placeholders for absent ones).
// Internal to the scene_*.cpp files.
#pragma once

#include <array>

#include <volk.h>

#include "context.h"
#include "frames.h"
#include "pipelines.h"
#include "scene.h"
#include "scene_gpu.h"

namespace vitrine::renderer {

// The scene image a material slot samples, or -1 (no texture, or an image without pixels: not
// decoded, or not yet, LoadOptions::deferImageDecode).
[[nodiscard]] int slotImage(const scene::Scene& scene, const scene::Material& material, int slot);

// Creates gpu.pool and writes gpu.frames[i].set (frameData[i]: slot i's FrameData buffer) and
// gpu.materialSets (one per material, the default last), from gpu's buffers, textures and
// samplers, which must exist.
void createSceneSets(const Context& ctx, const PipelineLayouts& layouts,
                     const std::array<VkBuffer, kFramesInFlight>& frameData,
                     const scene::Scene& scene, SceneGpu& gpu);

// Rewrites every material's set from gpu's textures as they are now: an image streamed in
// since (addSceneImages) replaces its placeholder. No frame in flight may use the sets.
void writeMaterialSets(const Context& ctx, const scene::Scene& scene, SceneGpu& gpu);

}  // namespace vitrine::renderer
