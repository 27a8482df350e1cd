#include "memory.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace vitrine::scene {

void* allocateLines(size_t bytes) {
  const size_t alignment = lineBlockAlignment(bytes);
  void* block = ::operator new (bytes, std::align_val_t{alignment});
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (alignment == kHugePageBytes) {
    // The whole huge pages inside the block; a refusal (no THP in this kernel) changes nothing.
    (void)madvise(block, bytes / kHugePageBytes * kHugePageBytes, MADV_HUGEPAGE);
  }
#endif
  return block;
}

void freeLines(void* block, size_t bytes) noexcept {
  ::operator delete (block, std::align_val_t{lineBlockAlignment(bytes)});
}

}  // namespace vitrine::scene
