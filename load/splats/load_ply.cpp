#include "load_ply.h"

#include <cmath>
#include <filesystem>
#include <memory>
#include <utility>

#include <glm/gtc/quaternion.hpp>

#include "ply_reader.h"

namespace vitrine::scene {

std::string loadPlyScene(std::span<const uint8_t> bytes, const std::string& path,
                         MemoryBudget& budget, Scene& scene, std::vector<std::string>* warnings) {
  auto fail = [&](const std::string& what) { return path + ": " + what; };
  splat::PlyHeader header;
  if (std::string err = splat::readPlyHeader(bytes, header); !err.empty()) return fail(err);
  // Kept for as long as the scene holds the splats, as the loader keeps its mesh streams.
  const uint64_t reserved = SplatCloud::bytesFor(header.count, header.degree);
  if (std::string err = budget.reserve(
          reserved, "", "the splat cloud of " + std::to_string(header.count) + " vertices");
      !err.empty())
    return fail(err);
  auto cloud = std::make_shared<SplatCloud>();
  uint64_t zeroRotations = 0;
  if (std::string err = splat::readPly(bytes, *cloud, &zeroRotations); !err.empty()) {
    budget.release(reserved);  // readPly freed what it had allocated
    return fail(err);
  }
  if (zeroRotations != 0 && warnings)
    warnings->push_back(fail(std::to_string(zeroRotations) +
                             " splats have a rotation of length zero, drawn unrotated"));

  const std::string name = std::filesystem::path(path).stem().string();
  scene = Scene{};
  scene.path = path;
  Primitive primitive;
  primitive.topology = Topology::Points;  // the extension's mode, POINTS
  primitive.sourceVertexCount = cloud->count;
  primitive.bounds = splatBounds(*cloud);
  primitive.splats = std::move(cloud);
  Mesh mesh;
  mesh.name = name;
  mesh.primitives.push_back(std::move(primitive));
  scene.meshes.push_back(std::move(mesh));
  Node node;
  node.name = name;
  node.mesh = 0;
  scene.nodes.push_back(std::move(node));
  scene.scenes.push_back({name, {0}});
  // No materials: the spec's default material alone, last, as the loader leaves it.
  scene.materialData.push_back(defaultMaterialData());
  scene.materialExtensionData.push_back(defaultMaterialExtensionData());
  updateWorldTransforms(scene);
  return {};
}

}  // namespace vitrine::scene
