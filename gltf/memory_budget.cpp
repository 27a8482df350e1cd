#include "memory_budget.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include <unistd.h>

#include "json_util.h"

namespace vitrine::scene {

uint64_t defaultMemoryBudget() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long pageSize = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0) return uint64_t(4) << 30;
  const uint64_t half = uint64_t(pages) * uint64_t(pageSize) / 2;
  return std::max<uint64_t>(half, uint64_t(256) << 20);
}

std::string formatBytes(uint64_t bytes) {
  if (bytes < (uint64_t(1) << 20)) return std::to_string(bytes) + " bytes";
  char text[32];
  if (bytes < (uint64_t(1) << 30)) {
    std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / double(1 << 20));
  } else {
    std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(1 << 30));
  }
  return text;
}

bool parseByteSize(std::string_view text, uint64_t& bytes) {
  size_t i = 0;
  uint64_t value = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    if (value > (uint64_t(1) << 50)) return false;
    value = value * 10 + uint64_t(text[i] - '0');
    ++i;
  }
  if (i == 0) return false;
  std::string suffix;
  for (; i < text.size(); ++i) suffix += char(std::tolower(static_cast<unsigned char>(text[i])));
  int shift = -1;
  if (suffix.empty() || suffix == "b") shift = 0;
  for (const auto& [letter, s] : {std::pair{'k', 10}, {'m', 20}, {'g', 30}, {'t', 40}}) {
    if (suffix == std::string(1, letter) || suffix == std::string(1, letter) + "b" ||
        suffix == std::string(1, letter) + "ib") {
      shift = s;
    }
  }
  if (shift < 0 || value == 0 || value > (uint64_t(1) << (62 - shift))) return false;
  bytes = value << shift;
  return true;
}

std::string MemoryBudget::reserve(uint64_t bytes, std::string_view pointer, std::string_view what) {
  uint64_t used = used_.load(std::memory_order_relaxed);
  for (;;) {
    if (bytes > limit_ - std::min(used, limit_)) {
      return located(std::string(pointer),
                     std::string(what) + " needs " + formatBytes(bytes) + ", more than the " +
                         formatBytes(limit_ - std::min(used, limit_)) + " left of the " +
                         formatBytes(limit_) + " memory budget (--max-memory)");
    }
    if (used_.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed)) break;
  }
  uint64_t peak = peak_.load(std::memory_order_relaxed);
  while (used + bytes > peak &&
         !peak_.compare_exchange_weak(peak, used + bytes, std::memory_order_relaxed)) {
  }
  return {};
}

void MemoryBudget::release(uint64_t bytes) noexcept {
  uint64_t used = used_.load(std::memory_order_relaxed);
  while (
      !used_.compare_exchange_weak(used, used - std::min(used, bytes), std::memory_order_relaxed)) {
  }
}

}  // namespace vitrine::scene
