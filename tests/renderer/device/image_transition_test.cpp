// transition() (resources.h), no GPU needed: every layout transition the renderer records
// gets exactly the stage and access masks it was written with by hand before the helper
// existed (textures, environment, environment processing, frame capture, attachments, the
// transmission pass).
#include <gtest/gtest.h>

#include <string>

#include "resources.h"

namespace vitrine::renderer {
namespace {

constexpr VkImageLayout kUndefined = VK_IMAGE_LAYOUT_UNDEFINED;
constexpr VkImageLayout kDst = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
constexpr VkImageLayout kSrc = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
constexpr VkImageLayout kRead = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
constexpr VkImageLayout kGeneral = VK_IMAGE_LAYOUT_GENERAL;
constexpr VkImageLayout kColor = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
constexpr VkImageLayout kDepth = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
constexpr VkImageLayout kPresent = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;

constexpr VkPipelineStageFlags2 kNoStage = VK_PIPELINE_STAGE_2_NONE;
constexpr VkPipelineStageFlags2 kAllTransfer = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
constexpr VkPipelineStageFlags2 kCopy = VK_PIPELINE_STAGE_2_COPY_BIT;
constexpr VkPipelineStageFlags2 kClear = VK_PIPELINE_STAGE_2_CLEAR_BIT;
constexpr VkPipelineStageFlags2 kCompute = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
constexpr VkPipelineStageFlags2 kFragment = VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;
constexpr VkPipelineStageFlags2 kOutput = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
constexpr VkPipelineStageFlags2 kTests =
    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT;
constexpr VkPipelineStageFlags2 kBottom = VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT;

constexpr VkAccessFlags2 kNone = VK_ACCESS_2_NONE;
constexpr VkAccessFlags2 kTransferWrite = VK_ACCESS_2_TRANSFER_WRITE_BIT;
constexpr VkAccessFlags2 kTransferRead = VK_ACCESS_2_TRANSFER_READ_BIT;
constexpr VkAccessFlags2 kSampled = VK_ACCESS_2_SHADER_SAMPLED_READ_BIT;
constexpr VkAccessFlags2 kStorageWrite = VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;
constexpr VkAccessFlags2 kStorageRead = VK_ACCESS_2_SHADER_STORAGE_READ_BIT;
constexpr VkAccessFlags2 kColorWrite = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
constexpr VkAccessFlags2 kColorRead = VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT;
constexpr VkAccessFlags2 kDepthWrite = VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
constexpr VkAccessFlags2 kDepthRead = VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT;

struct Case {
  std::string where;
  ImageUse before, after;
  VkPipelineStageFlags2 srcStage;
  VkAccessFlags2 srcAccess;
  VkPipelineStageFlags2 dstStage;
  VkAccessFlags2 dstAccess;
};

TEST(RenderImageTransition, MasksMatchTheBarriersTheRendererWroteByHand) {
  using U = ImageUser;
  const Case cases[] = {
      {"texture upload: to copy destination",
       {kUndefined, U::None},
       {kDst, U::Transfer},
       kNoStage,
       kNone,
       kAllTransfer,
       kTransferWrite},
      {"mip chain: level to blit source",
       {kDst, U::Transfer},
       {kSrc, U::Transfer},
       kAllTransfer,
       kTransferWrite,
       kAllTransfer,
       kTransferRead},
      {"mip chain: sources to fragment",
       {kSrc, U::Transfer},
       {kRead, U::Fragment},
       kAllTransfer,
       kTransferWrite,
       kFragment,
       kSampled},
      {"mip chain: last level to fragment",
       {kDst, U::Transfer},
       {kRead, U::Fragment},
       kAllTransfer,
       kTransferWrite,
       kFragment,
       kSampled},
      {"black environment: to clear",
       {kUndefined, U::None},
       {kDst, U::Clear},
       kNoStage,
       kNone,
       kClear,
       kTransferWrite},
      {"black environment: cleared to fragment",
       {kDst, U::Clear},
       {kRead, U::Fragment},
       kClear,
       kTransferWrite,
       kFragment,
       kSampled},
      {"processing: to copy destination",
       {kUndefined, U::None},
       {kDst, U::Copy},
       kNoStage,
       kNone,
       kCopy,
       kTransferWrite},
      {"processing: copied to compute read",
       {kDst, U::Copy},
       {kGeneral, U::ComputeRead},
       kCopy,
       kTransferWrite,
       kCompute,
       kStorageRead | kSampled},
      {"processing: to storage write",
       {kUndefined, U::None},
       {kGeneral, U::ComputeWrite},
       kNoStage,
       kNone,
       kCompute,
       kStorageWrite},
      {"processing: written to compute sampled",
       {kGeneral, U::ComputeWrite},
       {kRead, U::ComputeRead},
       kCompute,
       kStorageWrite,
       kCompute,
       kSampled},
      {"processing: copied to fragment",
       {kDst, U::Copy},
       {kRead, U::Fragment},
       kCopy,
       kTransferWrite,
       kFragment,
       kSampled},
      {"processing: written to fragment",
       {kGeneral, U::ComputeWrite},
       {kRead, U::Fragment},
       kCompute,
       kStorageWrite,
       kFragment,
       kSampled},
      {"processing: written to readback copy",
       {kGeneral, U::ComputeWrite},
       {kSrc, U::Copy},
       kCompute,
       kStorageWrite,
       kCopy,
       kTransferRead},
      {"processing: copy source to fragment",
       {kSrc, U::Copy},
       {kRead, U::Fragment},
       kCopy,
       kNone,
       kFragment,
       kSampled},
      {"readback: attachment to copy source",
       {kColor, U::Color},
       {kSrc, U::Copy},
       kOutput,
       kColorWrite,
       kCopy,
       kTransferRead},
      {"capture: presented image to copy source",
       {kPresent, U::Color},
       {kSrc, U::Copy},
       kOutput,
       kColorWrite,
       kCopy,
       kTransferRead},
      {"capture: back to present",
       {kSrc, U::Copy},
       {kPresent, U::Present},
       kCopy,
       kNone,
       kBottom,
       kNone},
      {"final image after the acquire",
       {kUndefined, U::Present},
       {kColor, U::ColorWrite},
       kOutput,
       kNone,
       kOutput,
       kColorWrite},
      {"final image after the readback",
       {kUndefined, U::Copy},
       {kColor, U::ColorWrite},
       kCopy,
       kNone,
       kOutput,
       kColorWrite},
      {"multisampled colour attachment",
       {kUndefined, U::Color},
       {kColor, U::Color},
       kOutput,
       kColorWrite,
       kOutput,
       kColorRead | kColorWrite},
      {"depth attachment",
       {kUndefined, U::Depth},
       {kDepth, U::Depth},
       kTests,
       kDepthWrite,
       kTests,
       kDepthRead | kDepthWrite},
      // The transmission pass (its multisampled image and the depth as above). Its blits, once
      // written by hand with BLIT stages, now take ALL_TRANSFER (a superset) from recordMipChain.
      {"transmission: level 0 drawn after the previous frame sampled it",
       {kUndefined, U::Fragment},
       {kColor, U::ColorWrite},
       kFragment,
       kNone,
       kOutput,
       kColorWrite},
      {"transmission: level 0 drawn, then blitted from",
       {kColor, U::ColorWrite},
       {kSrc, U::Transfer},
       kOutput,
       kColorWrite,
       kAllTransfer,
       kTransferRead},
      {"transmission: levels 1.. discarded after the previous frame sampled them",
       {kUndefined, U::Fragment},
       {kDst, U::Transfer},
       kFragment,
       kNone,
       kAllTransfer,
       kTransferWrite},
      {"transmission: the chain sampled by the main pass",
       {kSrc, U::Transfer},
       {kRead, U::Fragment},
       kAllTransfer,
       kTransferWrite,
       kFragment,
       kSampled},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.where);
    const ImageBarrier b = transition(VK_NULL_HANDLE, c.before, c.after);
    EXPECT_EQ(b.oldLayout, c.before.layout);
    EXPECT_EQ(b.newLayout, c.after.layout);
    EXPECT_EQ(b.srcStage, c.srcStage);
    EXPECT_EQ(b.srcAccess, c.srcAccess);
    EXPECT_EQ(b.dstStage, c.dstStage);
    EXPECT_EQ(b.dstAccess, c.dstAccess);
  }
}

TEST(RenderImageTransition, RangeDefaultsToEveryLevelAndLayerOfTheColourAspect) {
  const ImageUse from{kUndefined, ImageUser::None}, to{kDst, ImageUser::Copy};
  const ImageBarrier all = transition(VK_NULL_HANDLE, from, to);
  EXPECT_EQ(all.aspect, VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT));
  EXPECT_EQ(all.baseMip, 0u);
  EXPECT_EQ(all.mipCount, VK_REMAINING_MIP_LEVELS);
  EXPECT_EQ(all.layerCount, VK_REMAINING_ARRAY_LAYERS);
  const ImageBarrier level = transition(VK_NULL_HANDLE, from, to, {3, 1});
  EXPECT_EQ(level.baseMip, 3u);
  EXPECT_EQ(level.mipCount, 1u);
  const ImageBarrier depth =
      transition(VK_NULL_HANDLE, from, to, {.aspect = VK_IMAGE_ASPECT_DEPTH_BIT});
  EXPECT_EQ(depth.aspect, VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT));
  EXPECT_EQ(depth.mipCount, VK_REMAINING_MIP_LEVELS);
}

}  // namespace
}  // namespace vitrine::renderer
