// Tone mapping, shared by every shader that writes the scene colour: exposure, then the
// operator FrameData::shading.y selects. Placeholder: exposure and clamp only.
#ifndef VITRINE_TONEMAP_GLSL
#define VITRINE_TONEMAP_GLSL

// Linear scene radiance to the linear display value the sRGB attachment encodes.
// shading = FrameData::shading (x exposure scale, y kTonemap*).
vec3 toneMap(vec3 color, vec4 shading) {
  return clamp(color * shading.x, 0.0, 1.0);
}

#endif
