// The background: one triangle covering the screen at the far plane (depth 1), drawn after
// the opaque geometry with depth test LESS_OR_EQUAL, so only uncovered pixels shade it.
#version 450

layout(location = 0) out vec2 outNdc;

void main() {
  // (-1, -1), (3, -1), (-1, 3): the triangle's inside covers clip space [-1, 1]^2.
  const vec2 ndc = vec2(float((gl_VertexIndex & 1) << 2) - 1.0,
                        float((gl_VertexIndex & 2) << 1) - 1.0);
  outNdc = ndc;
  gl_Position = vec4(ndc, 1.0, 1.0);
}
