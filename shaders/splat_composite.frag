// The splats over the rest of the picture (renderer/passes/pass_splats.h): the layer holds
// C = sum c_i alpha_i T_i (premultiplied, in the splats' colour space, unclamped) and the
// transmittance T = prod (1 - alpha_i) left for what lies behind; the scene holds the finished
// picture (opaque and blended geometry, background, overlays) as linear values. Out: linear,
// the target's sRGB format encodes it.
//  - srgb_rec709_display: the splats blend the encoded values, so the scene is encoded, blended
//    as C + T * encoded, and decoded for the target (which encodes it back: written as it is);
//  - lin_rec709_display: C + T * scene in linear, and the sRGB transfer at the end (the target).
// C above 1 is clamped only here, once blended ("This value MUST be either clamped or
// tonemapped"), by the unsigned normalized target.
#version 450

layout(set = 0, binding = 0) uniform sampler2D sceneColor;
layout(set = 0, binding = 1) uniform sampler2D layer;

layout(push_constant) uniform Push {
  vec2 framebuffer;
  int channel;
  int space;  // 0 srgb_rec709_display, 1 lin_rec709_display (scene::SplatColorSpace)
} push;

layout(location = 0) out vec4 outColor;

float encode(float c) {  // the sRGB transfer function (IEC 61966-2-1)
  c = clamp(c, 0.0, 1.0);
  return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

float decode(float c) {
  c = clamp(c, 0.0, 1.0);
  return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

void main() {
  const ivec2 at = ivec2(gl_FragCoord.xy);
  const vec4 scene = texelFetch(sceneColor, at, 0);
  const vec4 splats = texelFetch(layer, at, 0);
  const float t = splats.a;
  vec3 color;
  if (push.space == 0) {
    const vec3 encoded = vec3(encode(scene.r), encode(scene.g), encode(scene.b));
    const vec3 blended = splats.rgb + t * encoded;
    color = vec3(decode(blended.r), decode(blended.g), decode(blended.b));
  } else {
    color = splats.rgb + t * scene.rgb;
  }
  outColor = vec4(color, 1.0 - t * (1.0 - scene.a));
}
