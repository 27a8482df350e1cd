#include "memory.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace vitrine::scene {

namespace {

constexpr size_t roundUp(size_t bytes, size_t to) {
  return (bytes + to - 1) / to * to;
}

}  // namespace

// Linux: a huge block is a mapping of its own (mmap, trimmed to a 2 MiB boundary). Taken from
// malloc's heap instead, the huge-page advice would stay on that heap memory after the block is
// freed, and small allocations there could grow into 2 MiB pages.
void* allocateLines(size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= kHugePageBytes) {
    const size_t length = roundUp(bytes, kHugePageBytes);
    void* raw = mmap(nullptr, length + kHugePageBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    const uintptr_t start = reinterpret_cast<uintptr_t>(raw);
    const uintptr_t aligned = roundUp(start, kHugePageBytes);
    const uintptr_t end = aligned + length;
    if (aligned > start) munmap(raw, aligned - start);
    if (start + length + kHugePageBytes > end) {
      munmap(reinterpret_cast<void*>(end), start + length + kHugePageBytes - end);
    }
    // A refusal (no THP in this kernel) changes nothing: ordinary pages.
    (void)madvise(reinterpret_cast<void*>(aligned), length, MADV_HUGEPAGE);
    return reinterpret_cast<void*>(aligned);
  }
#endif
  return ::operator new (bytes, std::align_val_t{lineBlockAlignment(bytes)});
}

void freeLines(void* block, size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= kHugePageBytes) {
    munmap(block, roundUp(bytes, kHugePageBytes));
    return;
  }
#endif
  ::operator delete (block, std::align_val_t{lineBlockAlignment(bytes)});
}

}  // namespace vitrine::scene
