// gltf/memory_budget.h and scene/parallel.h: the load's one budget and its one pool.
#include "memory_budget.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "parallel.h"

namespace vitrine::scene {
namespace {

TEST(MemoryBudget, ReservesUpToTheLimitAndRefusesBeyondIt) {
  MemoryBudget budget(1000);
  EXPECT_EQ(budget.reserve(600, "/buffers/0", "buffer"), "");
  EXPECT_EQ(budget.reserve(400, "/buffers/1", "buffer"), "");
  EXPECT_EQ(budget.used(), 1000u);
  EXPECT_EQ(budget.reserve(1, "/accessors/3", "accessor"),
            "/accessors/3: accessor needs 1 bytes, more than the 0 bytes left of the 1000 bytes "
            "memory budget (--max-memory)");
  EXPECT_EQ(budget.used(), 1000u);  // nothing reserved on refusal
  budget.release(600);
  EXPECT_EQ(budget.used(), 400u);
  EXPECT_EQ(budget.peak(), 1000u);
  EXPECT_EQ(budget.reserve(600, "/images/0", "decoded image"), "");
}

TEST(MemoryBudget, RefusalNamesSizesInReadableUnits) {
  MemoryBudget budget(uint64_t(64) << 20);
  EXPECT_EQ(budget.reserve(uint64_t(4) << 30, "/accessors/0", "accessor of 1073741824 floats"),
            "/accessors/0: accessor of 1073741824 floats needs 4.0 GiB, more than the 64.0 MiB "
            "left of the 64.0 MiB memory budget (--max-memory)");
}

TEST(MemoryBudget, HugeRequestsDoNotWrapAround) {
  MemoryBudget budget(1000);
  EXPECT_EQ(budget.reserve(10, "/a", "x"), "");
  EXPECT_NE(budget.reserve(UINT64_MAX - 5, "/a", "x"), "");
  EXPECT_EQ(budget.used(), 10u);
}

TEST(MemoryBudget, ConcurrentReservationsNeverExceedTheLimit) {
  MemoryBudget budget(1000);
  std::atomic<int> granted{0};
  parallelFor(4000, [&](size_t) {
    if (budget.reserve(1, "/x", "x").empty()) ++granted;
  });
  EXPECT_EQ(granted.load(), 1000);
  EXPECT_EQ(budget.used(), 1000u);
}

TEST(MemoryBudget, DefaultIsHalfTheMachineAtLeast256MiB) {
  EXPECT_GE(defaultMemoryBudget(), uint64_t(256) << 20);
  EXPECT_EQ(MemoryBudget().limit(), defaultMemoryBudget());
}

TEST(ParseByteSize, AcceptsBytesAndBinarySuffixes) {
  uint64_t b = 0;
  EXPECT_TRUE(parseByteSize("4096", b));
  EXPECT_EQ(b, 4096u);
  EXPECT_TRUE(parseByteSize("512M", b));
  EXPECT_EQ(b, uint64_t(512) << 20);
  EXPECT_TRUE(parseByteSize("2GiB", b));
  EXPECT_EQ(b, uint64_t(2) << 30);
  EXPECT_TRUE(parseByteSize("64kb", b));
  EXPECT_EQ(b, uint64_t(64) << 10);
  for (const char* bad : {"", "0", "M", "12X", "-5", "1.5G", "99999999999999999999"})
    EXPECT_FALSE(parseByteSize(bad, b)) << bad;
}

TEST(ParallelFor, RunsEveryItemOnce) {
  std::vector<std::atomic<int>> hits(1000);
  parallelFor(hits.size(), [&](size_t i) { ++hits[i]; });
  for (const auto& h : hits) EXPECT_EQ(h.load(), 1);
  parallelFor(0, [](size_t) { FAIL(); });
}

TEST(ParallelFor, RethrowsTheFirstExceptionAfterAllStopped) {
  std::atomic<int> running{0};
  EXPECT_THROW(parallelFor(100,
                           [&](size_t i) {
                             ++running;
                             if (i == 3) throw std::runtime_error("item 3");
                             --running;
                           }),
               std::runtime_error);
  EXPECT_EQ(running.load(), 1);  // only the throwing item is left counted: all others finished
}

}  // namespace
}  // namespace vitrine::scene
