// scene/memory.h: where the frame's arrays live.
#include "memory.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "scene.h"

namespace vitrine::scene {
namespace {

uintptr_t address(const void* p) {
  return reinterpret_cast<uintptr_t>(p);
}

TEST(Memory, SmallBlocksStartOnACacheLine) {
  for (size_t bytes : {size_t(1), size_t(64), size_t(1000), kHugePageBytes - 1}) {
    void* block = allocateLines(bytes);
    EXPECT_EQ(address(block) % kCacheLineBytes, 0u) << bytes;
    freeLines(block, bytes);
  }
}

TEST(Memory, LargeBlocksStartOnAHugePage) {
  for (size_t bytes : {kHugePageBytes, 3 * kHugePageBytes + 100}) {
    void* block = allocateLines(bytes);
    EXPECT_EQ(address(block) % kHugePageBytes, 0u) << bytes;
    freeLines(block, bytes);
  }
}

TEST(Memory, SceneArraysUseTheLineAllocator) {
  Scene s;
  s.nodes.resize(3);
  s.materialData.resize(3);
  s.world.resize(3);
  EXPECT_EQ(address(s.nodes.data()) % kCacheLineBytes, 0u);
  EXPECT_EQ(address(s.materialData.data()) % kCacheLineBytes, 0u);
  EXPECT_EQ(address(s.world.data()) % kCacheLineBytes, 0u);
  // Growing past 2 MiB moves the nodes to a huge-page boundary, contents kept.
  s.nodes[2].translation = {1.0f, 2.0f, 3.0f};
  s.nodes.resize(kHugePageBytes / sizeof(Node) + 1);
  EXPECT_EQ(address(s.nodes.data()) % kHugePageBytes, 0u);
  EXPECT_EQ(s.nodes[2].translation, glm::vec3(1.0f, 2.0f, 3.0f));
}

TEST(Memory, LineArrayHoldsItsCount) {
  LineArray<float> values = makeLineArray<float>(kHugePageBytes / sizeof(float) * 2);
  EXPECT_EQ(address(values.get()) % kHugePageBytes, 0u);
  EXPECT_EQ(values.get_deleter().bytes, kHugePageBytes * 2);
  values[kHugePageBytes / sizeof(float) * 2 - 1] = 5.0f;  // the last element is ours
  EXPECT_EQ(values[kHugePageBytes / sizeof(float) * 2 - 1], 5.0f);
}

#if defined(__linux__)
// The VmFlags of the mapping that holds `p`, from /proc/self/smaps ("hg": MADV_HUGEPAGE).
std::string vmFlags(const void* p) {
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    uintptr_t start = 0, end = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> start >> dash >> end && dash == '-') {
      inside = address(p) >= start && address(p) < end;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return line;
    }
  }
  return {};
}

TEST(Memory, LargeBlocksAskForHugePages) {
  std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  if (!std::getline(mode, modes) || modes.find("[never]") != std::string::npos) {
    GTEST_SKIP() << "this kernel offers no transparent huge pages";
  }
  const size_t bytes = 2 * kHugePageBytes;
  void* block = allocateLines(bytes);
  const std::string flags = vmFlags(block);
  if (flags.empty()) {
    freeLines(block, bytes);
    GTEST_SKIP() << "/proc/self/smaps shows no VmFlags here";
  }
  EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;
  freeLines(block, bytes);
  void* small = allocateLines(4096);
  EXPECT_EQ(vmFlags(small).find(" hg"), std::string::npos) << vmFlags(small);
  freeLines(small, 4096);
}
#endif

}  // namespace
}  // namespace vitrine::scene
