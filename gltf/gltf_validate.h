// Structural validation of the glTF JSON, run before tinygltf sees the document: tinygltf
// trusts indices, fills defaults for absent properties and reads some integers lossily, so
// everything it would trust is checked here first. Internal to the loader (gltf/, load/).
#pragma once

#include <string>

#include "json_util.h"

namespace vitrine::scene {

class JsonChecker;

// Checks textureInfo `key` of object `o` (at pointer `at`) when present: its texture index in
// range, texCoord, the number `extra` ("scale", "strength") when not null, and its
// KHR_texture_transform. Throws JsonCheckFailure.
void checkTextureInfo(const JsonChecker& c, const Json& o, const std::string& at, const char* key,
                      const char* extra);

// Checks the whole document against the parts of the glTF 2.0 schema the loader relies on:
// property types, required properties, enum values, every index in range (accessors,
// bufferViews, buffers, meshes, materials, textures, images, samplers, nodes, cameras,
// skins, scenes, animation samplers), bufferViews within their buffer's byteLength,
// sparse and camera constraints and the asset version. It does not read buffer data
// (accessor bounds are checked by the accessor reader) nor the node hierarchy's shape
// (checked when the nodes are loaded).
// Returns "" when the document passes, else "<JSON pointer>: <what>".
[[nodiscard]] std::string validateGltfJson(const Json& root);

}  // namespace vitrine::scene
