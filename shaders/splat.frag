// KHR_gaussian_splatting "Splat Composition": the projected Gaussian evaluated at the pixel
// centre, alpha_i = opacity * G(x), written premultiplied for back-to-front blending into the
// splat layer (splat colour += c_i alpha_i, transmittance *= 1 - alpha_i). Where the text is
// silent, the 3DGS rasterizer's forward pass: alpha capped at 0.99, dropped below 1/255.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(push_constant) uniform Push {
  vec2 framebuffer;
  // gpu::kChannelShaded, kChannelBaseColor (the splat's colour) or kChannelAlpha (its
  // opacity): the channel views that mean something for a splat. Others never draw here.
  int channel;
  int space;  // 0 srgb_rec709_display, 1 lin_rec709_display: the layer's space
} push;

layout(location = 0) flat in vec2 inCenter;
layout(location = 1) flat in vec3 inConic;
layout(location = 2) flat in vec4 inColor;

layout(location = 0) out vec4 outColor;

void main() {
  // gl_FragCoord.xy is the pixel centre (i + 0.5, j + 0.5), in the centre's coordinates.
  const vec2 d = gl_FragCoord.xy - inCenter;
  // The squared Mahalanobis distance d^T Sigma'^-1 d (conic = Sigma'^-1).
  const float mahalanobis =
      inConic.x * d.x * d.x + 2.0 * inConic.y * d.x * d.y + inConic.z * d.y * d.y;
  // "This kernel assumes a 3 sigma cut-off (Mahalanobis distance of 3 units)".
  if (mahalanobis > 9.0) discard;
  const float alpha = min(0.99, inColor.a * exp(-0.5 * mahalanobis));
  if (alpha < 1.0 / 255.0) discard;
  vec3 color = inColor.rgb;  // the shaded view and the base colour channel: the splat's colour
  if (push.channel != kChannelShaded && push.channel != kChannelBaseColor) {
    // The opacity as a scalar channel (stored as round(255 v)), elsewhere channels.glsl's
    // neutral 8-pixel checker of "not in this material" (0.3 and 0.5): as stored bytes, which
    // the composite keeps in the encoded space and encodes from the linear one.
    const ivec2 cell = ivec2(gl_FragCoord.xy) / 8;
    const float v = push.channel == kChannelAlpha ? inColor.a
                                                  : (((cell.x + cell.y) & 1) == 0 ? 0.3 : 0.5);
    color = vec3(push.space == 1 ? (v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)) : v);
  }
  outColor = vec4(color * alpha, alpha);
}
