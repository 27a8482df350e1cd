// Memory for the arrays a frame walks: nodes, world matrices, materials, keyframes and the
// engine's per-channel tables. Every block starts on a 64-byte cache line; a block of 2 MiB or
// more starts on a 2 MiB boundary and asks the kernel for transparent huge pages (Linux
// madvise(MADV_HUGEPAGE); Debian's default THP mode, "madvise", grants them only on request).
// Why: the animation frame touches one value in each of thousands of 4 KiB pages (a 256-byte
// node, a 224-byte material), and the page walks were about 20 % of the 100k-channel frame
// (bench/RESULTS.md, issue 3). Elsewhere, or when the kernel declines, ordinary pages.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace vitrine::scene {

inline constexpr size_t kCacheLineBytes = 64;
inline constexpr size_t kHugePageBytes = size_t(2) << 20;

// The alignment allocateLines() uses for a block of `bytes`.
constexpr size_t lineBlockAlignment(size_t bytes) {
  return bytes >= kHugePageBytes ? kHugePageBytes : kCacheLineBytes;
}

// Throws std::bad_alloc. freeLines() needs the same byte count. On Linux a huge block is an
// anonymous mapping of its own, so it reads as zeros until written.
void* allocateLines(size_t bytes);
void freeLines(void* block, size_t bytes) noexcept;

// std::allocator on allocateLines().
template <class T>
struct LineAlignedAllocator {
  using value_type = T;
  LineAlignedAllocator() = default;
  template <class U>
  LineAlignedAllocator(const LineAlignedAllocator<U>&) {}
  T* allocate(size_t n) { return static_cast<T*>(allocateLines(n * sizeof(T))); }
  void deallocate(T* p, size_t n) noexcept { freeLines(p, n * sizeof(T)); }
  template <class U>
  bool operator==(const LineAlignedAllocator<U>&) const {
    return true;
  }
};

template <class T>
using LineVector = std::vector<T, LineAlignedAllocator<T>>;

// A fixed array on allocateLines(), left uninitialized (trivial types only): the engine fills
// gigabytes of keyframes once and must not pay for zeroing them first.
struct LineArrayDeleter {
  size_t bytes = 0;
  void operator()(void* block) const noexcept { freeLines(block, bytes); }
};

template <class T>
using LineArray = std::unique_ptr<T[], LineArrayDeleter>;

template <class T>
LineArray<T> makeLineArray(size_t count) {
  static_assert(std::is_trivially_default_constructible_v<T> &&
                std::is_trivially_destructible_v<T>);
  const size_t bytes = count * sizeof(T);
  return LineArray<T>(static_cast<T*>(allocateLines(bytes)), LineArrayDeleter{bytes});
}

}  // namespace vitrine::scene
