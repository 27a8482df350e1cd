// Mesh fragment shader: the glTF metallic-roughness material (Appendix B) lit by the scene's
// KHR_lights_punctual lights and the image-based light, plus emission; KHR_materials_unlit;
// alpha modes; tone mapping. No other light: an asset without lights and without an
// environment shows only its emission (and its unlit materials).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

// Specialization (pipelines.cpp, PipelineKey::features): lavapipe runs both sides of every
// branch, so what a material or primitive lacks is removed at pipeline compile time rather
// than skipped at run time.
// False in the pipelines of points and lines: they have no per-pixel tangent frame.
layout(constant_id = 0) const bool kTriangles = true;
// Bit kSlot* set: the material has a texture in that slot (material_textures.glsl).
layout(constant_id = 1) const uint kTextureSlots = 0x1f;
// KHR_materials_unlit.
layout(constant_id = 2) const bool kUnlit = false;
// False for points and lines without NORMAL.
layout(constant_id = 3) const bool kNormals = true;
// False when the scene has no punctual light (FrameData::shading.z is 0).
layout(constant_id = 4) const bool kLights = true;
// The view's tone mapping operator (kTonemap*, as FrameData::shading.y).
layout(constant_id = 5) const int kTonemap = kTonemapNeutral;
// A skinned or morphed triangle primitive without NORMAL: its flat normals (glTF 2.0 §3.7.2.1,
// "for each morph target" §3.7.2.2) are those of the deformed triangle, taken per pixel.
layout(constant_id = 6) const bool kFlatNormals = false;

layout(location = 0) in vec3 inWorldPos;
layout(location = 1) in vec3 inNormal;  // zero: points or lines without NORMAL
layout(location = 2) in vec2 inTexcoord0;
layout(location = 3) in vec2 inTexcoord1;
layout(location = 4) in vec4 inColor;
layout(location = 5) in vec4 inTangent;  // zero without TANGENT

layout(set = 0, binding = 0) uniform FrameBlock { FrameData frame; };
layout(std430, set = 0, binding = 2) readonly buffer MaterialBlock { MaterialData materials[]; };
layout(std430, set = 0, binding = 3) readonly buffer LightBlock { LightData lights[]; };
layout(push_constant) uniform DrawBlock { DrawConstants draw; };

#include "brdf.glsl"
#include "environment.glsl"
#include "lights.glsl"
#include "material_textures.glsl"
#include "normals.glsl"
#include "tonemap.glsl"

layout(location = 0) out vec4 outColor;

// Emission: emissiveFactor x KHR_materials_emissive_strength x emissiveTexture.
vec3 emission(uint m) {
  const vec4 emissive = materials[m].emissive;  // xyz factor, w strength
  const TextureRef ref = materials[m].textures[kSlotEmissive];
  return emissive.xyz * emissive.w * sampleSlot(emissiveTexture, ref, kSlotEmissive, vec4(1.0)).rgb;
}

// The image-based light leaving the surface towards v, mixed between the dielectric and the
// metal like the punctual BRDF, the way the Khronos glTF Sample Renderer does (pbr.frag):
// dielectric = mix(diffuse, specular, F_dielectric), metal = F_metal * specular, with the
// Fresnel terms the directional albedos of iblSpecularAlbedo. Unscaled by the intensity.
vec3 imageBasedLight(vec3 n, vec3 v, vec3 baseColor, float metallic, float roughness) {
  const float rotation = frame.environment.y;
  const float nDotV = clamp(dot(n, v), 0.0, 1.0);
  const vec3 diffuse = baseColor * environmentIrradiance(n, rotation) / kPi;
  const vec3 specular =
      environmentSpecularRadiance(reflect(-v, n), roughness, rotation, frame.environment.z);
  const vec2 scaleBias = environmentBrdf(nDotV, roughness);
  const vec3 metal = iblSpecularAlbedo(baseColor, scaleBias, nDotV, roughness) * specular;
  const vec3 dielectric =
      mix(diffuse, specular, iblSpecularAlbedo(vec3(kDielectricF0), scaleBias, nDotV, roughness));
  return mix(dielectric, metal, metallic);
}

// Occlusion with its strength: 1 + strength * (texel.r - 1) (glTF 2.0 §3.9.3 "occlusion").
float occlusion(uint m) {
  const TextureRef ref = materials[m].textures[kSlotOcclusion];
  if (!slotPresent(kSlotOcclusion)) return 1.0;
  const float texel = sampleSlot(occlusionTexture, ref, kSlotOcclusion, vec4(1.0)).r;
  return 1.0 + materials[m].params.w * (texel - 1.0);
}

// The normal interpolated from the vertices, or the deformed triangle's face normal: the
// cross product of the position derivatives faces the eye, so the face normal is that on
// front faces and its opposite on back faces (which reflectedLight() turns back).
vec3 surfaceNormal() {
  if (!kFlatNormals) return inNormal;
  vec3 n = cross(dPositiondx, dPositiondy);
  // Towards the eye: the direction to its position, or an orthographic camera's axis.
  const vec3 toEye = frame.eye.w > 0.5 ? frame.eye.xyz - inWorldPos : frame.eye.xyz;
  if (dot(n, toEye) < 0.0) n = -n;
  return gl_FrontFacing ? n : -n;
}

// Light reflected towards the eye by a lit (not unlit) material of this base colour.
vec3 reflectedLight(uint m, vec3 baseColor, vec3 normal) {
  const vec4 params = materials[m].params;  // metallic, roughness, normal scale, occlusion
  // metallicRoughnessTexture: B = metalness, G = roughness (§3.9.2).
  const vec4 mr = sampleSlot(metallicRoughnessTexture,
                             materials[m].textures[kSlotMetallicRoughness],
                             kSlotMetallicRoughness, vec4(1.0));
  const float metallic = clamp(params.x * mr.b, 0.0, 1.0);
  const float roughness = clamp(params.y * mr.g, 0.0, 1.0);
  const float alpha2 = ggxAlpha2(roughness);

  vec3 n = shadingNormal(normalize(normal), materials[m].textures[kSlotNormal], params.z);
  // §3.9.5: back faces (double-sided materials only: single-sided ones are culled) are lit
  // with the normal reversed.
  if (!gl_FrontFacing) n = -n;
  // Towards the eye; an orthographic camera's rays are all parallel (FrameData::eye).
  const vec3 v = frame.eye.w > 0.5 ? normalize(frame.eye.xyz - inWorldPos) : frame.eye.xyz;
  const float nDotV = dot(n, v);

  vec3 color = vec3(0.0);
  const int lightCount = kLights ? int(frame.shading.z + 0.5) : 0;
  for (int i = 0; i < lightCount; ++i) {
    const Incident light = incidentLight(lights[i], inWorldPos);
    const float nDotL = dot(n, light.l);
    if (nDotL <= 0.0) continue;
    const vec3 h = normalize(light.l + v);
    color += metallicRoughnessBrdf(baseColor, metallic, alpha2, nDotL, nDotV, dot(n, h),
                                   dot(v, h)) *
             light.irradiance * nDotL;
  }
  // Occlusion darkens the indirect (image-based) light only (§3.9.3).
  const float iblIntensity = frame.environment.x;
  if (iblIntensity > 0.0)
    color += imageBasedLight(n, v, baseColor, metallic, roughness) * (iblIntensity * occlusion(m));
  return color;
}

void main() {
  takeTexcoordDerivatives();
  takePositionDerivatives();
  const uint m = draw.material;
  const vec4 alpha = materials[m].alpha;  // mode, cutoff, doubleSided, unlit (kUnlit)
  const int alphaMode = int(alpha.x + 0.5);

  // baseColorFactor x baseColorTexture x COLOR_0 (§3.9.2).
  const TextureRef baseRef = materials[m].textures[kSlotBaseColor];
  vec4 base = materials[m].baseColorFactor * inColor *
              sampleSlot(baseColorTexture, baseRef, kSlotBaseColor, vec4(1.0));
  // §3.9.4: MASK is opaque where alpha >= alphaCutoff, else not drawn. Discarding before the
  // lighting saves its cost; the derivatives were taken above, so nothing needs this pixel.
  if (alphaMode == kAlphaMask) {
    if (base.a < alpha.y) discard;
    base.a = 1.0;
  } else if (alphaMode == kAlphaOpaque) {
    base.a = 1.0;
  }

  vec3 color;
  const vec3 normal = surfaceNormal();
  if (kUnlit) {
    color = base.rgb;  // KHR_materials_unlit: the base colour is the output
  } else if (!kNormals || dot(normal, normal) <= 1e-20) {
    // §3.9.7: points and lines without NORMAL show base colour + emission, unlit.
    color = base.rgb + emission(m);
  } else {
    color = reflectedLight(m, base.rgb, normal) + emission(m);
  }
  color = toneMapOperator(color, frame.shading.x, kTonemap);

  // BLEND uses premultiplied alpha (blend factors ONE, ONE_MINUS_SRC_ALPHA): "over".
  outColor = alphaMode == kAlphaBlend ? vec4(color * base.a, base.a) : vec4(color, 1.0);
}
