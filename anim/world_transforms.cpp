#include "world_transforms.h"

#include <bit>
#include <limits>

#include <glm/gtc/quaternion.hpp>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

namespace vitrine::anim {

namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

// Node::localMatrix() without its two 4x4 products, written out in floats (glm's vec4 code
// does not vectorize here): T * R * S (glTF 2.0 3.5.3) is the columns of R, scaled by s, then
// t; R as glm::mat3_cast computes it. Equal to localMatrix() element for element (the products
// only add zeros; a zero's sign may differ). Returned by value, so it stays in registers.
struct Basis {
  float x0, x1, x2;  // column 0: R's first column times s.x
  float y0, y1, y2;  // column 1, times s.y
  float z0, z1, z2;  // column 2, times s.z
};

inline Basis rotationScale(const scene::Node& node) {
  const glm::quat& q = node.rotation;
  const glm::vec3& s = node.scale;
  const float qxx = q.x * q.x, qyy = q.y * q.y, qzz = q.z * q.z;
  const float qxz = q.x * q.z, qxy = q.x * q.y, qyz = q.y * q.z;
  const float qwx = q.w * q.x, qwy = q.w * q.y, qwz = q.w * q.z;
  return {(1.0f - 2.0f * (qyy + qzz)) * s.x, (2.0f * (qxy + qwz)) * s.x,
          (2.0f * (qxz - qwy)) * s.x,        (2.0f * (qxy - qwz)) * s.y,
          (1.0f - 2.0f * (qxx + qzz)) * s.y, (2.0f * (qyz + qwx)) * s.y,
          (2.0f * (qxz + qwy)) * s.z,        (2.0f * (qyz - qwx)) * s.z,
          (1.0f - 2.0f * (qxx + qyy)) * s.z};
}

#if defined(__SSE2__)
// world = parent * local (glm's mat4 product, its order of operations: the same floats), then
// compared element-wise with the stored matrix (==, so +0 == -0 and a NaN never equals: such
// a matrix is always re-marked) and stored when it differs. All in registers: the matrix the
// earlier version built on the stack in floats was read back in vectors, a store-forwarding
// stall that perf showed as the step's hottest instruction. Returns whether the stored matrix
// changed.
inline bool updateWorld(const scene::Node& node, const glm::mat4* parent, glm::mat4& stored) {
  __m128 column[4];
  if (node.hasMatrix) {
    for (int i = 0; i < 4; ++i) column[i] = _mm_loadu_ps(&node.matrix[i][0]);
  } else {
    const Basis b = rotationScale(node);
    const glm::vec3& t = node.translation;
    column[0] = _mm_setr_ps(b.x0, b.x1, b.x2, 0.0f);
    column[1] = _mm_setr_ps(b.y0, b.y1, b.y2, 0.0f);
    column[2] = _mm_setr_ps(b.z0, b.z1, b.z2, 0.0f);
    column[3] = _mm_setr_ps(t.x, t.y, t.z, 1.0f);
  }
  if (parent != nullptr) {
    const __m128 p0 = _mm_loadu_ps(&(*parent)[0][0]), p1 = _mm_loadu_ps(&(*parent)[1][0]),
                 p2 = _mm_loadu_ps(&(*parent)[2][0]), p3 = _mm_loadu_ps(&(*parent)[3][0]);
    for (__m128& c : column) {
      c = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(p0, _mm_shuffle_ps(c, c, 0x00)),
                                           _mm_mul_ps(p1, _mm_shuffle_ps(c, c, 0x55))),
                                _mm_mul_ps(p2, _mm_shuffle_ps(c, c, 0xaa))),
                     _mm_mul_ps(p3, _mm_shuffle_ps(c, c, 0xff)));
    }
  }
  float* out = &stored[0][0];
  __m128 equal = _mm_cmpeq_ps(column[0], _mm_loadu_ps(out));
  for (int i = 1; i < 4; ++i)
    equal = _mm_and_ps(equal, _mm_cmpeq_ps(column[i], _mm_loadu_ps(out + 4 * i)));
  if (_mm_movemask_ps(equal) == 0xf) return false;
  for (int i = 0; i < 4; ++i) _mm_storeu_ps(out + 4 * i, column[i]);
  return true;
}
#else
inline bool updateWorld(const scene::Node& node, const glm::mat4* parent, glm::mat4& stored) {
  glm::mat4 world;
  if (node.hasMatrix) {
    world = node.matrix;
  } else {
    const Basis b = rotationScale(node);
    world = glm::mat4(b.x0, b.x1, b.x2, 0.0f, b.y0, b.y1, b.y2, 0.0f, b.z0, b.z1, b.z2, 0.0f,
                      node.translation.x, node.translation.y, node.translation.z, 1.0f);
  }
  if (parent != nullptr) world = *parent * world;
  bool same = true;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) same = same && stored[i][j] == world[i][j];
  }
  if (same) return false;
  stored = world;
  return true;
}
#endif

// Nodes are large (the loader's struct, 256 bytes) and visited in pre-order: fetch the
// transform of the node this many positions ahead (32: 30% faster than none, 10% than 6, at
// 250k moved nodes on the benchmark machine), and the line of its world matrix, which the
// compare reads and the store writes.
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

// Recomputes positions [start, stop) of one subtree in pre-order, parents before children.
// Inlined into update(): most moved subtrees are one node (animated leaves, or the benchmark's
// roots), and a call paid its prologue and epilogue per node.
[[gnu::always_inline]] inline void WorldTransforms::walk(scene::Scene& scene, uint32_t start,
                                                         uint32_t stop, uint32_t positions,
                                                         scene::RangeMarker& changed) const {
  for (uint32_t q = start; q < stop; ++q) {
    if (q + kPrefetchAhead < positions) {  // likely walked soon (moved nodes cluster)
      const uint32_t ahead = order_[q + kPrefetchAhead];
      __builtin_prefetch(&scene.nodes[ahead].translation);
      __builtin_prefetch(&scene.world[ahead], 1);
    }
    const uint32_t n = order_[q];
    const int32_t parent = parent_[q];
    if (updateWorld(scene.nodes[n], parent >= 0 ? &scene.world[size_t(parent)] : nullptr,
                    scene.world[n])) {
      changed.mark(n * scene::kWorldMatrixBytes, scene::kWorldMatrixBytes);
    }
  }
}

uint32_t WorldTransforms::update(scene::Scene& scene, std::span<const uint32_t> moved,
                                 scene::DirtyRanges& changed) {
  if (moved.empty()) return 0;
  uint32_t recomputed = 0;
  const uint32_t positions = uint32_t(order_.size());
  scene::RangeMarker marker(changed);  // nodes of consecutive positions extend one range

  // The common frame: the moved nodes listed in pre-order (the engine lists a run's nodes in
  // index order, and exporters mostly number nodes in pre-order). Each subtree is walked straight
  // from the list, and a node inside the subtree walked last is already done: no bit set, about
  // a sixth of the step at 25k moved roots. Checked first, so that a list out of order (a node
  // before the subtree walked last) takes the bit set and no node is recomputed twice.
  auto preOrder = [&](auto&& visit) {
    uint32_t walkedStart = 0, walkedEnd = 0;  // the subtree walked last: [start, end)
    for (const uint32_t node : moved) {
      if (node >= position_.size() || position_[node] == kNone) continue;
      const uint32_t p = position_[node];
      if (p < walkedStart) return false;
      if (p < walkedEnd) continue;  // inside it: done
      walkedStart = p;
      walkedEnd = end_[p];
      visit(walkedStart, walkedEnd);
    }
    return true;
  };
  if (preOrder([](uint32_t, uint32_t) {})) {
    preOrder([&](uint32_t start, uint32_t stop) {
      recomputed += stop - start;
      walk(scene, start, stop, positions, marker);
    });
    marker.flush();
    return recomputed;
  }

  // Any order: bits are gathered in a register while consecutive moved nodes share a word: an |=
  // into memory per node chains each node's store to the next one's load.
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
  const uint32_t words = uint32_t(pending_.size());
  for (uint32_t word = 0; word < words; ++word) {
    uint64_t bits = pending_[word];
    if (bits == 0) continue;
    pending_[word] = 0;
    while (bits != 0) {
      const uint32_t start = word * 64 + uint32_t(std::countr_zero(bits));
      const uint32_t stop = end_[start];
      recomputed += stop - start;
      walk(scene, start, stop, positions, marker);
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
  marker.flush();
  return recomputed;
}

}  // namespace vitrine::anim
