// The one sort of KHR_gaussian_splatting's "Splat Composition": every splat of the view,
// back to front by its distance to the camera ("Sorting Method": cameraDistance).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace vitrine::splat {

// Reused between sorts so that a frame allocates nothing once warm. Each entry is a key with
// its index, (key << 32 | index): a pass moves one 8-byte value per splat, not two arrays.
struct SortScratch {
  std::vector<uint64_t> keys;
  std::vector<uint64_t> keysOut;
};

// `order` becomes the indices 0 .. keys.size() - 1 ordered by decreasing key (farthest
// first), ties in increasing index (stable). Keys are distances: finite and >= 0 (anything
// else sorts as +0). An LSD radix sort on the floats' bit patterns (for non-negative IEEE
// floats the unsigned bit order is the numeric order).
void sortBackToFront(std::span<const float> keys, std::vector<uint32_t>& order,
                     SortScratch& scratch);

}  // namespace vitrine::splat
