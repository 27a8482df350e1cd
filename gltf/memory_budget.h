// One memory budget per load (issue 14): every allocation whose size the file decides
// (buffers, decoded accessors and keyframes, decoded images, morph targets, decompressed
// streams) is reserved here *before* it is made, so a few bytes of JSON cannot ask for
// gigabytes in one request or in a million small ones. Thread-safe: decoders running in a pool
// reserve from the same budget.
//
// Release semantics (one rule, so the total stays meaningful):
// - What the load hands on (the Scene's mesh streams, morph targets, images, skins and variant
//   mappings; the animations' keyframes) stays reserved for the life of the document: the
//   budget bounds everything one load made the process hold, not a momentary figure.
// - A temporary the loader frees before the load ends (a decoded accessor converted into a
//   stream, stb_image's buffer, the index list before strips become lists) is released when it
//   is freed (ScopedRelease).
// - Buffers and encoded image bytes are reserved when read and released by
//   releaseCopiedResources() (loader.cpp) when it frees them; a buffer animations still read
//   stays reserved.
// - Approximations err on the side of counting: a stream replaced by a larger one (flat
//   normals un-welding vertices) keeps its old reservation, and container overheads are not
//   counted. Memory the renderer allocates from the Scene is not the loader's and not counted.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace vitrine::scene {

// The default limit: half of the machine's physical memory, at least 256 MiB (and 4 GiB when
// the size cannot be read).
uint64_t defaultMemoryBudget();

// "12345 bytes", "3.5 MiB", "2.0 GiB": sizes for messages.
std::string formatBytes(uint64_t bytes);

// Parses a --max-memory value: a whole number of bytes, or with a K, M, G or T suffix
// (binary: 1K = 1024; "KiB"/"MB" spellings accepted, case-insensitive). False when malformed
// or zero.
bool parseByteSize(std::string_view text, uint64_t& bytes);

class MemoryBudget {
 public:
  explicit MemoryBudget(uint64_t limit = defaultMemoryBudget()) : limit_(limit) {}
  MemoryBudget(const MemoryBudget&) = delete;
  MemoryBudget& operator=(const MemoryBudget&) = delete;

  // Reserves `bytes` for `what` at JSON pointer `pointer`. Returns "" or the refusal,
  // "<pointer>: <what> needs <n>, more than the <m> left of the <limit> memory budget
  // (--max-memory)". Nothing is reserved on refusal.
  [[nodiscard]] std::string reserve(uint64_t bytes, std::string_view pointer,
                                    std::string_view what);
  // Gives back what was reserved and has been freed.
  void release(uint64_t bytes) noexcept;

  uint64_t limit() const { return limit_; }
  uint64_t used() const { return used_.load(std::memory_order_relaxed); }
  // The most that was reserved at once.
  uint64_t peak() const { return peak_.load(std::memory_order_relaxed); }

 private:
  const uint64_t limit_;
  std::atomic<uint64_t> used_{0};
  std::atomic<uint64_t> peak_{0};
};

// Releases `bytes` of `budget` when it goes out of scope: for temporaries reserved before
// they were allocated and freed in the same scope.
class ScopedRelease {
 public:
  ScopedRelease(MemoryBudget& budget, uint64_t bytes) : budget_(budget), bytes_(bytes) {}
  ~ScopedRelease() { budget_.release(bytes_); }
  ScopedRelease(const ScopedRelease&) = delete;
  ScopedRelease& operator=(const ScopedRelease&) = delete;

 private:
  MemoryBudget& budget_;
  const uint64_t bytes_;
};

}  // namespace vitrine::scene
