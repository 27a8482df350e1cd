// The statistics overlay, in the top-right corner of the 3D view: CPU and GPU frame time,
// triangles and draw calls of the last frame, animated channels (bound channels of the
// enabled clips), and what the last frame uploaded.
#pragma once

#include <cstdint>
#include <vector>

#include "animation.h"
#include "layout.h"
#include "renderer.h"

namespace vitrine::app {

// Bound channels per clip (ChannelInfo::bound), counted once per document.
std::vector<uint32_t> boundChannelCounts(const std::vector<anim::ClipInfo>& clips);
// The channels that play: the bound channels of the enabled clips.
uint64_t animatedChannels(const std::vector<uint32_t>& boundPerClip,
                          const std::vector<bool>& enabled);

// Draws the overlay inside `view` (Layout::view). cpuMilliseconds: the last frame's wall time.
void drawStatsOverlay(const PanelRect& view, float cpuMilliseconds,
                      const renderer::Renderer& renderer, uint64_t channels);

}  // namespace vitrine::app
