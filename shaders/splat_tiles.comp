// KHR_gaussian_splatting "Splat Composition", one workgroup per screen tile, one invocation
// per pixel: the tile's splats (splat/splat_tiles.h binned them, front to back, from the view's
// sort over every splat of the scene), each projected Gaussian evaluated at the pixel centre,
// alpha_i = opacity * G(x), accumulated front to back:
//   C += c_i alpha_i T,  T *= 1 - alpha_i   (T starts at 1),
// which is the back-to-front "over" of the text's composition in the same order. Where the text
// is silent, the 3DGS rasterizer's forward pass: alpha capped at 0.99, dropped below 1/255, and
// a pixel stops once T < 1e-4. 3DGS stops before blending the splat that would take T below
// that, which can drop a splat of weight up to 0.01; we blend it and stop after, so what is
// left out weighs under 1e-4 (below an 8-bit step). Each splat is depth tested at its mean
// against the opaque geometry's depth (LESS_OR_EQUAL, as the scene's pipelines) and never
// writes it. Writes every pixel of the layer: rgb = C, a = T (shaders/splat_composite.frag).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(local_size_x = kSplatTileSize, local_size_y = kSplatTileSize) in;

// Texel buffers, which llvmpipe fetches for all invocations at once (storage buffers it loads
// one invocation at a time). ProjectedSplat, three texels: (center.xy, depth, opacity),
// (conic.abc, extentX), (color.rgb, extentY).
layout(set = 0, binding = 0) uniform samplerBuffer splats;
// SplatTiles::words: per tile (first entry, count), then the entries (splat indices).
layout(set = 0, binding = 1) uniform usamplerBuffer words;
layout(set = 0, binding = 2) uniform sampler2D sceneDepth;
layout(set = 0, binding = 3, rgba32f) uniform writeonly image2D layer;

layout(push_constant) uniform Push {
  uvec2 framebuffer;  // width, height in pixels
  uint tilesX;
  // gpu::kChannelShaded, kChannelBaseColor (the splat's colour) or kChannelAlpha (its
  // opacity): the channel views that mean something for a splat; others the neutral checker.
  int channel;
  int space;  // 0 srgb_rec709_display, 1 lin_rec709_display: the layer's space
}
push;

void main() {
  const uvec2 pixel = gl_GlobalInvocationID.xy;
  if (pixel.x >= push.framebuffer.x || pixel.y >= push.framebuffer.y) return;
  const uint tile = gl_WorkGroupID.y * push.tilesX + gl_WorkGroupID.x;
  const uint first = texelFetch(words, int(2u * tile)).r;
  const uint end = first + texelFetch(words, int(2u * tile + 1u)).r;
  // The pixel centre (i + 0.5, j + 0.5), in the splats' framebuffer coordinates.
  const vec2 centre = vec2(pixel) + 0.5;
  const float opaque = texelFetch(sceneDepth, ivec2(pixel), 0).r;

  // The colour the channel views show in place of a splat's (splat's opacity for the alpha
  // channel, per splat, below): channels.glsl's neutral 8-pixel checker of "not in this
  // material" (0.3 and 0.5), as stored bytes, which the composite keeps in the encoded space and
  // encodes from the linear one.
  const bool ownColor = push.channel == kChannelShaded || push.channel == kChannelBaseColor;
  const ivec2 cell = ivec2(pixel) / 8;
  const float checker = ((cell.x + cell.y) & 1) == 0 ? 0.3 : 0.5;

  vec3 color = vec3(0.0);
  float t = 1.0;
  for (uint at = first; at < end && t >= 1e-4; ++at) {
    const int i = 3 * int(texelFetch(words, int(at)).r);
    const vec4 a = texelFetch(splats, i);
    if (a.z > opaque) continue;  // behind the opaque geometry
    const vec3 conic = texelFetch(splats, i + 1).xyz;
    const vec2 d = centre - a.xy;
    // The squared Mahalanobis distance d^T Sigma'^-1 d (conic = Sigma'^-1).
    const float mahalanobis = conic.x * d.x * d.x + 2.0 * conic.y * d.x * d.y + conic.z * d.y * d.y;
    // "This kernel assumes a 3 sigma cut-off (Mahalanobis distance of 3 units)".
    if (mahalanobis > 9.0) continue;
    const float alpha = min(0.99, a.w * exp(-0.5 * mahalanobis));
    if (alpha < 1.0 / 255.0) continue;
    vec3 c = texelFetch(splats, i + 2).rgb;
    if (!ownColor) {
      const float v = push.channel == kChannelAlpha ? a.w : checker;
      c = vec3(push.space == 1 ? (v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)) : v);
    }
    color += c * (alpha * t);
    t *= 1.0 - alpha;
  }
  imageStore(layer, ivec2(pixel), vec4(color, t));
}
