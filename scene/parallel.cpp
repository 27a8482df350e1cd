#include "parallel.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace vitrine::scene {

size_t loaderThreads() {
  if (const char* env = std::getenv("VITRINE_THREADS")) {
    const long n = std::strtol(env, nullptr, 10);
    if (n >= 1) return size_t(n);
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

void parallelFor(size_t count, const std::function<void(size_t)>& fn) {
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr first;
  std::mutex mutex;
  auto work = [&] {
    for (;;) {
      const size_t i = next.fetch_add(1, std::memory_order_relaxed);
      if (i >= count || failed.load(std::memory_order_relaxed)) return;
      try {
        fn(i);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!first) first = std::current_exception();
        failed = true;
      }
    }
  };
  const size_t threads = std::min(loaderThreads(), count);
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) {
    try {
      pool.emplace_back(work);
    } catch (const std::system_error&) {
      break;  // no more threads to be had: the others (and this one) do the work
    }
  }
  work();
  for (std::thread& t : pool) t.join();
  if (first) std::rethrow_exception(first);
}

}  // namespace vitrine::scene
