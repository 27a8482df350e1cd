// The host a graph runs on in Vitrine (host.h): the loaded scene's Object Model slots (through
// load/pointer_resolve.h, once per pointer at load), its animations, its picking, the
// selectability and hoverability flags, and the active camera the app sets. Writes go through
// the slots and mark the same dirty ranges an animation does, so the renderer uploads only
// what changed.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "animation.h"
#include "dirty.h"
#include "host.h"
#include "object_model.h"
#include "world_transforms.h"

namespace vitrine::scene {
struct GltfDocument;
struct Scene;
}  // namespace vitrine::scene

namespace vitrine::interact {

// The camera the graph's "active camera" pointers report (NaN where unavailable).
struct ActiveCamera {
  bool available = false;
  glm::dvec3 position{0.0};
  glm::dquat rotation{1.0, 0.0, 0.0, 0.0};  // w, x, y, z; identity looks down -Z
  bool perspective = true;
  double aspectRatio = 1, yfov = 0.8, xmag = 1, ymag = 1, znear = 0.01;
  double zfar = kInf;
};

class SceneHost final : public ObjectModelHost {
 public:
  // `scene`, `document` and `animations` must outlive the host; writes mark dirty().
  SceneHost(scene::Scene& scene, const scene::GltfDocument& document, anim::Animations& animations);
  ~SceneHost() override;

  Property resolve(std::string_view pointer) override;
  uint32_t arrayLength(std::string_view pointer) override;
  void get(int32_t id, Value& out) override;
  void set(int32_t id, const Value& value) override;
  uint32_t animationCount() override;
  void animationRange(uint32_t animation, double* minTime, double* maxTime) override;
  void sampleAnimations(std::span<const double> times, std::span<const uint8_t> playing) override;
  bool pick(const double origin[3], const double direction[3], bool hover, Hit* hit) override;
  int32_t parentOf(uint32_t node) override;

  void setActiveCamera(const ActiveCamera& camera) { camera_ = camera; }
  // After a tick: the world matrices of the nodes the graph moved, so that the next tick's
  // picking and globalMatrix see them. Then the dirty ranges are coalesced for the renderer.
  void finishTick();
  // What the graph and the animations it runs changed since the caller last cleared it.
  scene::DirtySet& dirty() { return dirty_; }

  // Reset (issue 34): keeps the scene's mutable values (every Object Model region, and the
  // selectability and hoverability flags) as they are now; restore() writes them back, marking
  // every region dirty and every node moved, and forgets writtenSlots(). The host keeps one
  // restore point, taken when it is made.
  void saveRestorePoint();
  void restore();
  // The slots a pointer/set or pointer/interpolate wrote since the restore point, each once,
  // in the order first written: what the inspector tints as driven by the graph.
  const std::vector<scene::Slot>& writtenSlots() const { return writtenSlots_; }

 private:
  struct Prop;
  scene::Scene& scene_;
  const scene::GltfDocument& document_;
  anim::Animations& animations_;
  scene::DirtySet dirty_;
  anim::WorldTransforms world_;
  std::vector<Prop> props_;
  std::unordered_map<std::string, int32_t> byPointer_;
  std::vector<uint8_t> selectable_, hoverable_;  // the nodes' own flags
  std::vector<float> clipSeconds_;
  std::vector<bool> clipEnabled_;
  ActiveCamera camera_;
  struct RestorePoint;
  std::unique_ptr<RestorePoint> restorePoint_;
  std::vector<uint8_t> written_;  // per property id
  std::vector<scene::Slot> writtenSlots_;
};

}  // namespace vitrine::interact
