// The draws of a scene and their material state.
#include "scene_draws.h"

namespace vitrine::renderer {
namespace {

// The features of a draw that come from its node and primitive, not its material: a material
// variant switch keeps them.
constexpr uint32_t kPrimitiveFeatures = (uint32_t(gpu::kMorphAll) << kFeatureMorphShift) |
                                        kFeatureSkin | kFeatureFlatNormals | kFeatureInstanced;

// Whether material `material` samples a texCoord set beyond 1 in any slot.
bool samplesExtraTexcoords(const scene::Scene& scene, uint32_t material) {
  const auto beyondOne = [](const gpu::TextureRef& t) { return t.info.y > 1.5f; };
  if (material < scene.materialData.size())
    for (const gpu::TextureRef& t : scene.materialData[material].textures)
      if (beyondOne(t)) return true;
  if (material < scene.materialExtensionData.size())
    for (const gpu::TextureRef& t : scene.materialExtensionData[material].textures)
      if (beyondOne(t)) return true;
  return false;
}

// What mesh.frag is specialized for when it draws `p` with material `material`: read from
// the packed MaterialData, as the shader reads it (the extension and texture presence never
// change after load; animations change values only).
uint32_t shaderFeatures(const scene::Scene& scene, const scene::Primitive& p, uint32_t material) {
  const gpu::MaterialData m = material < scene.materialData.size() ? scene.materialData[material]
                                                                   : scene::defaultMaterialData();
  uint32_t features = 0;
  for (int slot = 0; slot < gpu::kTextureSlotCount; ++slot)
    if (m.textures[slot].info.y >= 0.0f) features |= 1u << slot;
  if (m.alpha.w > 0.5f) features |= kFeatureUnlit;
  if (p.normals.size() != p.positions.size()) features |= kFeatureNoNormals;
  return features;
}

// The extension texture slots and layers mesh.frag is specialized for with `material`
// (Draw::extensionSlots, Draw::layers). An unlit material has no layer.
void materialLayers(const scene::Scene& scene, uint32_t material, Draw& d) {
  d.extensionSlots = 0;
  d.layers = 0;
  if (material >= scene.materials.size() || material >= scene.materialExtensionData.size()) return;
  if (scene.materials[material].unlit) return;
  d.layers = scene::materialLayers(scene.materials[material]);
  const gpu::MaterialExtensionData& e = scene.materialExtensionData[material];
  for (int i = 0; i < gpu::kExtensionTextureCount; ++i)
    if (e.textures[i].info.y >= 0.0f) d.extensionSlots |= 1u << i;
}

// Draws `p` with `material` (an index into scene.materials; others: the default material).
void setDrawMaterial(const scene::Scene& scene, const scene::Primitive& p, int material, Draw& d) {
  const uint32_t defaultMaterial = scene.defaultMaterialIndex();
  d.material = material >= 0 && material < int(scene.materials.size()) ? uint32_t(material)
                                                                       : defaultMaterial;
  d.blend = false;
  d.doubleSided = false;
  if (d.material != defaultMaterial) {
    const scene::Material& mat = scene.materials[d.material];
    d.blend = mat.alphaMode == scene::AlphaMode::Blend;
    d.doubleSided = mat.doubleSided;
  }
  d.features = (d.features & kPrimitiveFeatures) | shaderFeatures(scene, p, d.material);
  if (samplesExtraTexcoords(scene, d.material))
    d.features |= kFeatureExtraTexcoords | (d.texcoordSets << kFeatureTexcoordShift);
  materialLayers(scene, d.material, d);
}

}  // namespace

void buildDraws(const scene::Scene& scene, int sceneIndex, const StagingLayout& s, SceneGpu& gpu) {
  for (const int n : scene::sceneNodesInOrder(scene, sceneIndex)) {
    const scene::Node& node = scene.nodes[n];
    if (node.mesh >= 0 && node.mesh < int(scene.meshes.size())) {
      const scene::Mesh& mesh = scene.meshes[node.mesh];
      for (size_t pi = 0; pi < mesh.primitives.size(); ++pi) {
        const scene::Primitive& p = mesh.primitives[pi];
        const PrimitiveRange& r = s.ranges[node.mesh][pi];
        if (p.splats && p.splats->count > 0) {
          gpu.splats.push_back({uint32_t(n), p.splats});
          continue;
        }
        if (r.indexCount == 0) continue;
        Draw d;
        d.firstIndex = r.firstIndex;
        d.indexCount = r.indexCount;
        d.vertexOffset = r.vertexOffset;
        d.node = uint32_t(n);
        d.primitive = uint32_t(pi);
        d.topology = p.topology;
        d.texcoordSets = r.texcoordSets;
        d.texcoordOffset = r.texcoordOffset;
        // Sets 2..7 as uploaded (none when they did not fit).
        d.texcoordPresence = uint32_t(p.hasTexcoordSet(0)) | uint32_t(p.hasTexcoordSet(1)) << 1 |
                             r.texcoordSets << 2;
        setDrawMaterial(scene, p, p.material, d);
        d.center = p.bounds.empty() ? glm::vec3(0.0f) : 0.5f * (p.bounds.min + p.bounds.max);
        deformDraw(scene, uint32_t(n), p, s.deform.primitives[node.mesh][pi], gpu, d);
        if (node.instancing < 0 || size_t(node.instancing) >= scene.instancing.size()) {
          gpu.draws.push_back(d);
          continue;
        }
        // EXT_mesh_gpu_instancing: the instances that keep the winding in one instanced draw,
        // those that mirror it in another (one pipeline state each).
        const scene::MeshInstances& m = scene.instancing[size_t(node.instancing)];
        const uint32_t first = s.firstInstance[size_t(node.instancing)];
        const uint32_t count = uint32_t(m.transforms.size());
        d.features |= kFeatureInstanced;
        for (const bool mirror : {false, true}) {
          const uint32_t from = mirror ? m.mirroredFrom : 0, to = mirror ? count : m.mirroredFrom;
          if (from >= to) continue;
          d.firstInstance = first + from;
          d.instanceCount = to - from;
          d.instancesMirror = mirror;
          gpu.draws.push_back(d);
        }
      }
    }
  }
}

void applyMaterialVariant(const scene::Scene& scene, int variant, SceneGpu& gpu) {
  for (Draw& d : gpu.draws) {
    const int mesh = d.node < scene.nodes.size() ? scene.nodes[d.node].mesh : -1;
    if (mesh < 0 || size_t(mesh) >= scene.meshes.size() ||
        d.primitive >= scene.meshes[size_t(mesh)].primitives.size())
      continue;  // not the scene gpu was created from
    const scene::Primitive& p = scene.meshes[size_t(mesh)].primitives[d.primitive];
    setDrawMaterial(scene, p, p.materialFor(variant), d);
  }
}

}  // namespace vitrine::renderer
