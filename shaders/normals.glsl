// The shading normal: the interpolated normal, perturbed by the normal texture (glTF 2.0
// §3.9.3 "normal") in the tangent frame of the TANGENT attribute or, without one, of the
// pixel's position and uv derivatives. Include after material_textures.glsl, in a fragment
// shader that declares inWorldPos, inTangent and the kTriangles specialization constant, and
// calls takePositionDerivatives() at the top of main() (uniform control flow, see
// takeTexcoordDerivatives).
#ifndef VITRINE_NORMALS_GLSL
#define VITRINE_NORMALS_GLSL

vec3 dPositiondx, dPositiondy;

void takePositionDerivatives() {
  dPositiondx = dFdx(inWorldPos);
  dPositiondy = dFdy(inWorldPos);
}

// The unit tangent t (towards +u) and bitangent b (towards -v, i.e. up in the image: the
// normal texture's +Y) around the unit normal ng, both orthogonal to ng. False when there is
// no usable frame: points and lines without TANGENT (glTF 2.0 §3.9.7 asks to ignore the
// normal texture there), or a degenerate uv mapping.
bool tangentFrame(vec3 ng, TextureRef ref, out vec3 t, out vec3 b) {
  t = vec3(0.0);
  b = vec3(0.0);
  if (dot(inTangent.xyz, inTangent.xyz) > 0.0) {
    // TANGENT: xyz the tangent, w the handedness; bitangent = cross(normal, tangent) * w
    // (glTF 2.0 §3.7.2.1). The vertex shader folded a mirroring world matrix into w.
    t = inTangent.xyz - ng * dot(ng, inTangent.xyz);  // re-orthogonalized after interpolation
    if (!(dot(t, t) > 1e-30)) return false;
    t = normalize(t);
    b = cross(ng, t) * (inTangent.w < 0.0 ? -1.0 : 1.0);
    // KHR_texture_transform's rotation turns the texture's axes in uv space (slotUv: u' = c u +
    // s v, v' = -s u + c v), so its tangent is dp/du' = c dp/du + s dp/dv and its image-up
    // -dp/dv' = s dp/du - c dp/dv, with dp/du along t and dp/dv along -b. (The derivative frame
    // below gets this from slotUv's gradients.)
    if (ref.info.x != 0.0) {
      const float c = cos(ref.info.x), s = sin(ref.info.x);
      const vec3 rotated = c * t - s * b;
      b = s * t + c * b;
      t = rotated;
    }
    return true;
  }
  if (!kTriangles) return false;
  // Per-pixel frame: solve the 2x2 system of the uv gradients for dp/du and dp/dv. Only
  // directions matter, so the division by the determinant keeps just its sign. Unlike a
  // bitangent taken as cross(n, t), dp/dv gives the handedness of mirrored uv layouts.
  const SlotUv uv = slotUv(ref);
  const float det = uv.dx.x * uv.dy.y - uv.dy.x * uv.dx.y;
  if (det == 0.0) return false;
  const float s = sign(det);
  const vec3 dpdu = (dPositiondx * uv.dy.y - dPositiondy * uv.dx.y) * s;
  const vec3 dpdv = (dPositiondy * uv.dx.x - dPositiondx * uv.dy.x) * s;
  t = dpdu - ng * dot(ng, dpdu);
  if (!(dot(t, t) > 1e-30)) return false;
  t = normalize(t);
  b = cross(ng, t);
  if (dot(b, dpdv) > 0.0) b = -b;
  return true;
}

// The tangent-space normal of a normal texture (slot `slot`, its TextureRef and `scale`), §3.9.3:
// texel * 2 - 1, x and y scaled by `scale`, normalized after scaling.
vec3 tangentSpaceNormal(sampler2D tex, TextureRef ref, int slot, float scale) {
  vec3 texel = sampleSlot(tex, ref, slot, vec4(0.5, 0.5, 1.0, 1.0)).xyz;
  texel = texel * 2.0 - 1.0;
  texel.xy *= scale;
  return normalize(texel);
}

// The unit normal ng perturbed by the tangent-space normal texture `tex` of slot `slot`
// (kSlotNormal, kSlotClearcoatNormal) with its TextureRef and `scale`; ng itself when the slot
// is empty or has no usable tangent frame.
vec3 perturbedNormal(vec3 ng, sampler2D tex, TextureRef ref, int slot, float scale) {
  if (!slotPresent(slot)) return ng;
  vec3 t, b;
  if (!tangentFrame(ng, ref, t, b)) return ng;
  return normalize(mat3(t, b, ng) * tangentSpaceNormal(tex, ref, slot, scale));
}

// The unit shading normal on the front side of the surface. ng: the unit interpolated
// normal; ref and scale: the material's normalTexture and its `scale`.
vec3 shadingNormal(vec3 ng, TextureRef ref, float scale) {
  return perturbedNormal(ng, normalTexture, ref, kSlotNormal, scale);
}

#endif
