// What changed since the renderer last uploaded: byte ranges per Object Model region, the nodes
// whose local transform changed and the world matrices that changed. Written by animation and
// by UI edits, read by the renderer, which uploads only those bytes. Header-only.
//
// A frame: writers mark(); the animation engine recomputes world matrices for movedNodes and
// marks worldMatrices; coalesce() once; the renderer reads the ranges, uploads, then clear().
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "object_model.h"

namespace vitrine::scene {

struct ByteRange {
  uint32_t offset = 0;
  uint32_t size = 0;
  bool operator==(const ByteRange&) const = default;
};

// Byte ranges of one region's packed array. mark() appends (or extends) in O(1); coalesce()
// sorts and merges overlapping or adjacent ranges once per frame. Writers that mark in increasing
// offset order (the animation engine does within each of its runs) make coalesce() one merge pass
// of a few sorted sequences instead of a sort. No allocation once the vectors have grown to a
// frame's size: clear() keeps their capacity.
class DirtyRanges {
 public:
  // A range that starts inside or right after the last one extends it (a material's
  // neighbouring factors become one range); one that starts before it opens a new sorted
  // sequence. Inlined even into the animation engine's per-channel loops.
  [[gnu::always_inline]] void mark(uint32_t offset, uint32_t size) {
    if (!ranges_.empty()) {
      ByteRange& last = ranges_.back();
      if (offset < last.offset) {
        breaks_.push_back(uint32_t(ranges_.size()));
      } else if (uint64_t(offset) <= uint64_t(last.offset) + last.size) {
        const uint64_t end = std::max(uint64_t(last.offset) + last.size, uint64_t(offset) + size);
        last.size = uint32_t(end - last.offset);
        return;
      }
    }
    ranges_.push_back({offset, size});
  }
  // Sorts by offset and merges ranges that overlap or touch: afterwards ranges() is strictly
  // increasing with gaps between ranges, and bytes() counts every byte once. Already sorted:
  // one pass in place; a few sorted sequences (up to kMaxMergedSequences): one k-way merge
  // pass; more: a sort.
  void coalesce() {
    if (breaks_.empty()) {
      mergeSortedInPlace();
      return;
    }
    if (breaks_.size() >= kMaxMergedSequences) {
      std::sort(ranges_.begin(), ranges_.end(),
                [](const ByteRange& a, const ByteRange& b) { return a.offset < b.offset; });
      breaks_.clear();
      mergeSortedInPlace();
      return;
    }
    uint32_t head[kMaxMergedSequences];
    uint32_t end[kMaxMergedSequences];
    const size_t sequences = breaks_.size() + 1;
    for (size_t s = 0; s < sequences; ++s) {
      head[s] = s == 0 ? 0 : breaks_[s - 1];
      end[s] = s + 1 < sequences ? breaks_[s] : uint32_t(ranges_.size());
    }
    scratch_.clear();
    for (;;) {
      size_t best = sequences;
      for (size_t s = 0; s < sequences; ++s) {
        if (head[s] < end[s] &&
            (best == sequences || ranges_[head[s]].offset < ranges_[head[best]].offset)) {
          best = s;
        }
      }
      if (best == sequences) break;
      append(scratch_, ranges_[head[best]++]);
    }
    ranges_.swap(scratch_);
    breaks_.clear();
  }
  void clear() {
    ranges_.clear();
    breaks_.clear();
  }
  bool empty() const { return ranges_.empty(); }
  const std::vector<ByteRange>& ranges() const { return ranges_; }
  // Sum of sizes (after coalesce(): without overlaps, the bytes to upload; before, ranges
  // marked out of order may overlap and count twice).
  uint64_t bytes() const {
    uint64_t sum = 0;
    for (const ByteRange& r : ranges_) sum += r.size;
    return sum;
  }

 private:
  static constexpr size_t kMaxMergedSequences = 8;

  // Appends r to sorted, merged ranges, extending the last one when r overlaps or touches it.
  static void append(std::vector<ByteRange>& out, const ByteRange& r) {
    if (!out.empty()) {
      ByteRange& last = out.back();
      const uint64_t lastEnd = uint64_t(last.offset) + last.size;
      if (r.offset <= lastEnd) {
        const uint64_t end = std::max(lastEnd, uint64_t(r.offset) + r.size);
        last.size = uint32_t(end - last.offset);
        return;
      }
    }
    out.push_back(r);
  }

  void mergeSortedInPlace() {
    if (ranges_.empty()) return;
    size_t out = 0;
    for (size_t i = 1; i < ranges_.size(); ++i) {
      ByteRange& last = ranges_[out];
      const ByteRange& next = ranges_[i];
      const uint64_t lastEnd = uint64_t(last.offset) + last.size;
      if (next.offset <= lastEnd) {
        const uint64_t end = std::max(lastEnd, uint64_t(next.offset) + next.size);
        last.size = uint32_t(end - last.offset);
      } else {
        ranges_[++out] = next;
      }
    }
    ranges_.resize(out + 1);
  }

  std::vector<ByteRange> ranges_;
  std::vector<uint32_t> breaks_;    // indices where an offset is lower than the one before
  std::vector<ByteRange> scratch_;  // coalesce()'s output before the swap
};

// Bytes of one node's world matrix in Scene::world (and in worldMatrices' offsets).
inline constexpr uint32_t kWorldMatrixBytes = sizeof(glm::mat4);

// Extends the current range in registers (when it lives in a loop's function) while marks
// touch or overlap it, and hands it to DirtyRanges::mark() when one does not, or at flush():
// DirtyRanges::mark() alone reads and writes its last range in memory per mark. For writers
// that mostly mark in increasing offset order, like the world-matrix walk.
class RangeMarker {
 public:
  explicit RangeMarker(DirtyRanges& ranges) : ranges_(ranges) {}
  [[gnu::always_inline]] void mark(uint32_t offset, uint32_t size) {
    const uint64_t stop = uint64_t(offset) + size;  // 64 bits: the last range may end at 2^32
    if (end_ != 0 && offset >= start_ && offset <= end_) {
      end_ = std::max(end_, stop);
      return;
    }
    flush();
    start_ = offset;
    end_ = stop;
  }
  void flush() {
    if (end_ != 0) ranges_.mark(start_, uint32_t(end_ - start_));
    end_ = 0;
  }

 private:
  DirtyRanges& ranges_;
  uint32_t start_ = 0;
  uint64_t end_ = 0;  // the open range is [start_, end_); none while end_ is 0
};

struct DirtySet {
  std::array<DirtyRanges, size_t(Region::Count)> regions;
  // Nodes whose translation, rotation or scale changed this frame (each once per writer per
  // frame); their subtrees' world matrices must be recomputed.
  std::vector<uint32_t> movedNodes;
  // World matrices that changed, as byte ranges of Scene::world: node i is the bytes
  // [i * kWorldMatrixBytes, (i + 1) * kWorldMatrixBytes). Filled when the subtrees of
  // movedNodes are recomputed (anim::WorldTransforms, run by Animations::evaluate()); after
  // coalesce() each range is a run of consecutive nodes, offset / kWorldMatrixBytes to
  // (offset + size) / kWorldMatrixBytes, whose NodeData (world and normal matrix) the renderer
  // refreshes.
  DirtyRanges worldMatrices;

  DirtyRanges& operator[](Region r) { return regions[size_t(r)]; }
  const DirtyRanges& operator[](Region r) const { return regions[size_t(r)]; }
  void coalesce() {
    for (DirtyRanges& r : regions) r.coalesce();
    worldMatrices.coalesce();
  }
  void clear() {
    for (DirtyRanges& r : regions) r.clear();
    movedNodes.clear();
    worldMatrices.clear();
  }
  bool empty() const {
    for (const DirtyRanges& r : regions) {
      if (!r.empty()) return false;
    }
    return movedNodes.empty() && worldMatrices.empty();
  }
};

}  // namespace vitrine::scene
