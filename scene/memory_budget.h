// One memory budget per load (issue 14): every allocation whose size the file decides
// (buffers, decoded accessors and keyframes, decoded images, morph targets, decompressed
// streams) is reserved here *before* it is made, so a few bytes of JSON cannot ask for
// gigabytes in one request or in a million small ones. Thread-safe: decoders running in a pool
// reserve from the same budget.
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

}  // namespace vitrine::scene
