// The wireframe overlay (issue 22, renderer/passes/pass_overlays.h): every edge of the drawn
// primitives, as mesh.vert places them (skinned and morphed), in one colour that reads on dark
// and light surfaces alike: a saturated orange, far from black, white and any grey.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(location = 0) out vec4 outColor;

void main() {
  outColor = vec4(kWireframeColor, 1.0);
}
