// The material channel views (issue 22) by name, as the command line (--channel) and the
// window's View > Channel menu offer them, and which of them a material has. The values are
// gpu::kChannel* (shared_types.h), mesh.frag's kChannel specialization; channels.glsl defines
// what each shows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "scene.h"

namespace vitrine::renderer {

// How a channel's value is written to the 8-bit sRGB output (shared_types.h kChannel*).
enum class ChannelEncoding : uint8_t { Shaded, Color, Scalar, Vector, Texcoord, Checker };

struct ChannelInfo {
  int channel;            // gpu::kChannel*
  std::string_view name;  // "base-color", "uv3": the --channel name
  ChannelEncoding encoding;
};

// Every channel, gpu::kChannel* order (index == value), the shaded view first ("shaded").
const ChannelInfo& channelInfo(int channel);
// The channel named `name` (exact, lower case), or nullopt.
std::optional<int> channelByName(std::string_view name);
// The names of the channels, in order, comma-separated ("shaded, base-color, ..."): what an
// unknown name is answered with.
std::string channelNameList();

// Whether material `material` of `scene` (an index into scene.materials; others: the default
// material) has the input channel `channel` shows: false where the view shows the "not in
// this material" checker for every pixel of it (an extension's channel without the
// extension object, occlusion or normal-texture without the texture). Channels that depend on
// the primitive (uv sets, tangents) or always exist (base colour, metallic...) answer true.
bool channelInMaterial(const scene::Scene& scene, int material, int channel);

}  // namespace vitrine::renderer
