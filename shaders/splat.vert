// KHR_gaussian_splatting: one splat of the view (splat/splat_view.h ProjectedSplat, prepared
// and sorted back to front on the CPU) as the bounding box of its 3-sigma ellipse, a triangle
// strip of four vertices per instance, at the depth of its mean (tested against the opaque
// geometry, not written). No culling here: prepareSplats() kept every splat whose footprint
// reaches the framebuffer, whatever its centre.
#version 450

// ProjectedSplat, 48 bytes: (center.xy, depth, opacity), (conic.abc, extentX),
// (color.rgb, extentY).
layout(set = 0, binding = 0, std430) readonly buffer Splats { vec4 splats[]; };

layout(push_constant) uniform Push {
  vec2 framebuffer;  // width, height in pixels
  int channel;       // splat.frag's
  int space;         // splat.frag's
} push;

layout(location = 0) flat out vec2 outCenter;
layout(location = 1) flat out vec3 outConic;
layout(location = 2) flat out vec4 outColor;  // rgb, opacity

void main() {
  const uint at = 3u * uint(gl_InstanceIndex);
  const vec4 a = splats[at];
  const vec4 b = splats[at + 1u];
  const vec4 c = splats[at + 2u];
  // Corners (-1, -1), (1, -1), (-1, 1), (1, 1) of the box.
  const vec2 corner = vec2(float(gl_VertexIndex & 1), float((gl_VertexIndex >> 1) & 1)) * 2.0 - 1.0;
  const vec2 pixel = a.xy + corner * vec2(b.w, c.w);
  // Framebuffer pixels to Vulkan's normalized device coordinates (y down in both).
  gl_Position = vec4(pixel / push.framebuffer * 2.0 - 1.0, a.z, 1.0);
  outCenter = a.xy;
  outConic = b.xyz;
  outColor = vec4(c.rgb, a.w);
}
