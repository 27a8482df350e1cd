#include "world_transforms.h"

#include <bit>
#include <cstring>
#include <limits>

#include <glm/gtc/quaternion.hpp>

namespace vitrine::anim {

namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

// Node::localMatrix() without its two 4x4 products, written out in floats (glm's vec4 code
// does not vectorize here): T * R * S (glTF 2.0 3.5.3) is the columns of R, scaled by s, then
// t; R as glm::mat3_cast computes it. Equal to localMatrix() element for element (the products
// only add zeros; a zero's sign may differ).
inline void localMatrix(const scene::Node& node, float* m) {
  if (node.hasMatrix) {
    std::memcpy(m, &node.matrix, sizeof node.matrix);
    return;
  }
  const glm::quat& q = node.rotation;
  const glm::vec3& s = node.scale;
  const glm::vec3& t = node.translation;
  const float qxx = q.x * q.x, qyy = q.y * q.y, qzz = q.z * q.z;
  const float qxz = q.x * q.z, qxy = q.x * q.y, qyz = q.y * q.z;
  const float qwx = q.w * q.x, qwy = q.w * q.y, qwz = q.w * q.z;
  m[0] = (1.0f - 2.0f * (qyy + qzz)) * s.x;
  m[1] = (2.0f * (qxy + qwz)) * s.x;
  m[2] = (2.0f * (qxz - qwy)) * s.x;
  m[3] = 0.0f;
  m[4] = (2.0f * (qxy - qwz)) * s.y;
  m[5] = (1.0f - 2.0f * (qxx + qzz)) * s.y;
  m[6] = (2.0f * (qyz + qwx)) * s.y;
  m[7] = 0.0f;
  m[8] = (2.0f * (qxz + qwy)) * s.z;
  m[9] = (2.0f * (qyz - qwx)) * s.z;
  m[10] = (1.0f - 2.0f * (qxx + qyy)) * s.z;
  m[11] = 0.0f;
  m[12] = t.x;
  m[13] = t.y;
  m[14] = t.z;
  m[15] = 1.0f;
}

// Element-wise ==, so +0 == -0 (NaN never equals: such a matrix is always re-marked). A moved
// node's matrix usually differs in its first elements: exit there.
inline bool same(const float* a, const float* b) {
  for (int i = 0; i < 16; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

// Nodes are large (the loader's struct, over 200 bytes) and visited in pre-order: fetch the
// transform of the node this many positions ahead (32: 30% faster than none, 10% than 6, at
// 250k moved nodes on the benchmark machine).
constexpr uint32_t kPrefetchAhead = 32;

}  // namespace

WorldTransforms::WorldTransforms(const scene::Scene& scene) {
  const size_t count = scene.nodes.size();
  position_.assign(count, kNone);
  order_.reserve(count);
  end_.assign(count, 0);
  parent_.reserve(count);
  pending_.assign((count + 63) / 64, 0);
  // Iterative depth-first walk from every root, children in their listed order. A node is
  // entered once (a forest), so the stack holds (node, next child) pairs.
  std::vector<std::pair<uint32_t, uint32_t>> stack;
  for (size_t root = 0; root < count; ++root) {
    if (scene.nodes[root].parent >= 0) continue;
    position_[root] = uint32_t(order_.size());
    order_.push_back(uint32_t(root));
    parent_.push_back(-1);
    stack.push_back({uint32_t(root), 0});
    while (!stack.empty()) {
      auto& [node, next] = stack.back();
      const std::vector<int>& children = scene.nodes[node].children;
      if (next < children.size()) {
        const int child = children[next++];
        if (child < 0 || size_t(child) >= count || position_[size_t(child)] != kNone) continue;
        position_[size_t(child)] = uint32_t(order_.size());
        order_.push_back(uint32_t(child));
        parent_.push_back(int32_t(node));
        stack.push_back({uint32_t(child), 0});
      } else {
        end_[position_[node]] = uint32_t(order_.size());
        stack.pop_back();
      }
    }
  }
}

uint32_t WorldTransforms::update(scene::Scene& scene, std::span<const uint32_t> moved,
                                 scene::DirtyRanges& changed) {
  if (moved.empty()) return 0;
  uint32_t recomputed = 0;
  // Bits are gathered in a register while consecutive moved nodes share a word: an |= into
  // memory per node chains each node's store to the next one's load.
  uint32_t gatheredWord = kNone;
  uint64_t gathered = 0;
  for (const uint32_t node : moved) {
    if (node >= position_.size() || position_[node] == kNone) continue;
    const uint32_t p = position_[node];
    if (p / 64 != gatheredWord) {
      if (gathered != 0) pending_[gatheredWord] |= gathered;
      gatheredWord = p / 64;
      gathered = 0;
    }
    gathered |= uint64_t(1) << (p % 64);
  }
  if (gathered != 0) pending_[gatheredWord] |= gathered;

  // Words in increasing order; a word's bits are consumed in a register (the same reason), and a
  // subtree that ends past its word clears the bits it covers in the words after.
  const uint32_t positions = uint32_t(order_.size());
  const uint32_t words = uint32_t(pending_.size());
  for (uint32_t word = 0; word < words; ++word) {
    uint64_t bits = pending_[word];
    if (bits == 0) continue;
    pending_[word] = 0;
    while (bits != 0) {
      const uint32_t start = word * 64 + uint32_t(std::countr_zero(bits));
      const uint32_t stop = end_[start];
      recomputed += stop - start;
      walk(scene, start, stop, positions, changed);
      if (stop < (word + 1) * 64) {  // the subtree ends inside this word
        bits &= ~uint64_t(0) << (stop % 64);
        continue;
      }
      // Moved nodes inside the walked subtree, in the words up to stop, are done.
      const uint32_t lastWord = (stop - 1) / 64;
      for (uint32_t w = word + 1; w < lastWord; ++w) pending_[w] = 0;
      if (lastWord > word) {
        if (stop % 64 == 0) {
          pending_[lastWord] = 0;
        } else {
          pending_[lastWord] &= ~uint64_t(0) << (stop % 64);
        }
      }
      // Continue with stop's word when bits past stop may remain in it, else the word after.
      word = stop % 64 == 0 ? lastWord : lastWord - 1;
      break;
    }
  }
  return recomputed;
}

// Recomputes positions [start, stop) of one subtree in pre-order, parents before children.
void WorldTransforms::walk(scene::Scene& scene, uint32_t start, uint32_t stop, uint32_t positions,
                           scene::DirtyRanges& changed) const {
  for (uint32_t q = start; q < stop; ++q) {
    if (q + kPrefetchAhead < positions) {  // likely walked soon (moved nodes cluster)
      __builtin_prefetch(&scene.nodes[order_[q + kPrefetchAhead]].translation);
    }
    const uint32_t n = order_[q];
    glm::mat4 world;
    localMatrix(scene.nodes[n], &world[0][0]);
    const int32_t parent = parent_[q];
    if (parent >= 0) world = scene.world[size_t(parent)] * world;
    glm::mat4& stored = scene.world[n];
    if (!same(&stored[0][0], &world[0][0])) {
      stored = world;
      changed.mark(n * scene::kWorldMatrixBytes, scene::kWorldMatrixBytes);
    }
  }
}

}  // namespace vitrine::anim
