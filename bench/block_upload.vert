#version 450
// block_upload_bench: one triangle that covers the target; uv spans [0, 1] over the target.
layout(location = 0) out vec2 uv;

void main() {
  const vec2 p = vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2);
  uv = p;
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
