#version 450
// block_upload_bench: the texture under test, sampled trilinearly once per pixel; with
// `sampled` 0 the same pass without the texture read (the baseline the sampling adds to).
layout(set = 0, binding = 0) uniform sampler2D image;
layout(push_constant) uniform Push {
  uint sampled;
} push;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
  color = push.sampled != 0u ? texture(image, uv) : vec4(uv, 0.5, 1.0);
}
