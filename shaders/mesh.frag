// Mesh fragment shader: the glTF metallic-roughness material (Appendix B) with the layers of
// the KHR_materials_* extensions (material_info.glsl gathers them, ext_*.glsl shade them),
// lit by the scene's KHR_lights_punctual lights and the image-based light, plus emission;
// KHR_materials_unlit; alpha modes; tone mapping. No other light: an asset without lights
// and without an environment shows only its emission (and its unlit materials).
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
// The material's layers (kLayer* bits: the KHR_materials_* extension objects it has); 0 reads
// no MaterialExtensionData and shades the core material alone.
layout(constant_id = 7) const uint kLayers = 0u;
// TEXCOORD_2..7 (as mesh.vert's kTexcoordSets; material_textures.glsl): 0 when the material
// samples sets 0 and 1 only.
layout(constant_id = 8) const uint kTexcoordSets = 0u;
// A material channel view (gpu::kChannel*; channels.glsl) in place of the shaded colour;
// kChannelShaded: the finished picture, and none of the channel code.
layout(constant_id = 9) const int kChannel = kChannelShaded;
// Channel views only: bit n set when the primitive has TEXCOORD_n.
layout(constant_id = 10) const uint kPrimitiveTexcoords = 0u;
// The shadows this frame reads (shadows.glsl; renderer pipelines.h kFeature*Shadow): bit 0 the
// directional and spot lights' maps, bit 1 the point light's cube, bit 2 the environment key
// light's map. None compiled in where there is none.
layout(constant_id = 11) const uint kShadows = 0u;

layout(location = 0) in vec3 inWorldPos;
layout(location = 1) in vec3 inNormal;  // zero: points or lines without NORMAL
layout(location = 2) in vec2 inTexcoord0;
layout(location = 3) in vec2 inTexcoord1;
layout(location = 4) in vec4 inColor;
layout(location = 5) in vec4 inTangent;  // zero without TANGENT
layout(location = 6) in vec4 inExtraTexcoords[3];  // sets (2, 3), (4, 5), (6, 7): kTexcoordSets

layout(set = 0, binding = 0) uniform FrameBlock { FrameData frame; };
layout(std430, set = 0, binding = 2) readonly buffer MaterialBlock { MaterialData materials[]; };
layout(std430, set = 0, binding = 3) readonly buffer LightBlock { LightData lights[]; };
layout(std430, set = 0, binding = 8) readonly buffer MaterialExtensionBlock {
  MaterialExtensionData materialExtensions[];
};
layout(push_constant) uniform DrawBlock { DrawConstants draw; };

#include "brdf.glsl"
#include "environment.glsl"
#include "lights.glsl"
#include "material_textures.glsl"
#include "normals.glsl"
#include "tonemap.glsl"
#include "shadows.glsl"
// After the above: the gathered material and its layers.
#include "material_info.glsl"
#include "ext_specular.glsl"
#include "ext_anisotropy.glsl"
#include "ext_clearcoat.glsl"
#include "ext_iridescence.glsl"
#include "ext_sheen.glsl"
#include "ext_volume.glsl"
#include "ext_dispersion.glsl"
#include "ext_diffuse_transmission.glsl"
#include "ext_transmission.glsl"

layout(location = 0) out vec4 outColor;

// Emission: emissiveFactor x KHR_materials_emissive_strength x emissiveTexture.
vec3 emission(uint m) {
  const vec4 emissive = materials[m].emissive;  // xyz factor, w strength
  const TextureRef ref = materials[m].textures[kSlotEmissive];
  return emissive.xyz * emissive.w * sampleSlot(emissiveTexture, ref, kSlotEmissive, vec4(1.0)).rgb;
}

// The image-based light leaving the surface towards v, mixed between the dielectric and the
// metal like the punctual BRDF, the way the Khronos glTF Sample Renderer does (pbr.frag):
// dielectric = Fresnel-weighted specular + (1 - max Fresnel) diffuse (dielectricBrdf), metal =
// F_metal * specular, with the Fresnel terms the directional albedos of iblSpecularAlbedo;
// then the layers. Unscaled by the intensity.
vec3 imageBasedLight(MaterialInfo info) {
  const float rotation = frame.environment.y;
  const float nDotV = clamp(info.nDotV, 0.0, 1.0);
  vec3 diffuse = info.baseColor * environmentIrradiance(info.n, rotation) / kPi;
  const vec3 reflection =
      hasLayer(kLayerAnisotropy) ? anisotropicReflection(info) : reflect(-info.v, info.n);
  const vec3 specular =
      environmentSpecularRadiance(reflection, info.roughness, rotation, frame.environment.z);
  const vec2 scaleBias = environmentBrdf(nDotV, info.roughness);
  vec3 fMetal = iblSpecularAlbedo(info.baseColor, scaleBias, nDotV, info.roughness);
  if (kLayers == 0u) {
    // The core material alone, as before the layers: the grey Fresnel of ior 1.5 makes
    // dielectricBrdf a plain mix.
    const vec3 albedo = iblSpecularAlbedo(vec3(kDielectricF0), scaleBias, nDotV, info.roughness);
    return mix(mix(diffuse, specular, albedo), fMetal * specular, info.metallic);
  }
  vec3 fDielectric = dielectricIblAlbedo(info, scaleBias, nDotV);
  if (hasLayer(kLayerIridescence))
    iridescentFresnel(info, nDotV, scaleBias.x + scaleBias.y, fDielectric, fMetal);
  if (hasLayer(kLayerTransmission) || hasLayer(kLayerDiffuseTransmission))
    diffuse = diffuse * diffuseReflectionWeight(info) + transmittedIbl(info);
  // KHR_materials_pbrSpecularGlossiness: the diffuse light weighed by 1 - the split-sum albedo
  // of its coloured F0, channel by channel (brdf.glsl dielectricBrdfPerChannel).
  const vec3 dielectric = hasLayer(kLayerSpecularGlossiness)
                              ? dielectricBrdfPerChannel(fDielectric, diffuse, specular)
                              : dielectricBrdf(fDielectric, diffuse, specular);
  vec3 color = mix(dielectric, fMetal * specular, info.metallic);
  if (hasLayer(kLayerSheen)) color = sheenIbl(info, color);
  if (hasLayer(kLayerClearcoat)) color = clearcoatIbl(info, color);
  return color;
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

// The radiance towards the eye per unit irradiance from a punctual light in direction l: the
// base material's lobes (Appendix B with the ior, specular, iridescence and anisotropy
// extensions), the light through the surface, then the sheen and clearcoat layers on top.
vec3 punctualRadiance(MaterialInfo info, vec3 l) {
  vec3 color = vec3(0.0);
  const float nDotL = dot(info.n, l);
  if (kLayers == 0u) {
    // The core material alone (the path every test of Appendix B checks).
    if (nDotL <= 0.0) return color;
    const vec3 h = normalize(l + info.v);
    return metallicRoughnessBrdf(info.baseColor, info.metallic, info.alpha2, nDotL, info.nDotV,
                                 dot(info.n, h), dot(info.v, h)) *
           nDotL;
  }
  if (nDotL > 0.0) {
    const vec3 h = normalize(l + info.v);
    const float nDotH = dot(info.n, h);
    const float vDotH = dot(info.v, h);
    vec3 fDielectric = dielectricFresnel(info, vDotH);  // ext_specular.glsl
    vec3 fMetal = info.baseColor + (1.0 - info.baseColor) * fresnelWeight(vDotH);
    if (hasLayer(kLayerIridescence)) iridescentFresnel(info, vDotH, 1.0, fDielectric, fMetal);
    const float specular =
        hasLayer(kLayerAnisotropy)
            ? anisotropicSpecular(info, l, h, nDotL, nDotH)
            : visibilitySmith(nDotL, info.nDotV, info.alpha2) * distributionGgx(nDotH, info.alpha2);
    vec3 diffuse = info.baseColor / kPi;
    if (hasLayer(kLayerTransmission) || hasLayer(kLayerDiffuseTransmission))
      diffuse *= diffuseReflectionWeight(info);
    // KHR_materials_pbrSpecularGlossiness: (1 - F) per channel (dielectricBrdfPerChannel).
    const vec3 dielectric = hasLayer(kLayerSpecularGlossiness)
                                ? dielectricBrdfPerChannel(fDielectric, diffuse, vec3(specular))
                                : dielectricBrdf(fDielectric, diffuse, vec3(specular));
    color = mix(dielectric, fMetal * specular, info.metallic) * nDotL;
  }
  if (hasLayer(kLayerTransmission) || hasLayer(kLayerDiffuseTransmission))
    color += transmittedPunctual(info, l);
  if (hasLayer(kLayerSheen)) color = sheenPunctual(info, l, color);
  if (hasLayer(kLayerClearcoat)) color = clearcoatPunctual(info, l, color);
  return color;
}

// Light leaving a lit (not unlit) material of this base colour towards the eye: reflected,
// plus its emission (under the clear coat, when it has one).
vec3 reflectedLight(uint m, vec3 baseColor, vec3 normal) {
  const vec2 mr = metallicRoughness(m);  // material_info.glsl
  vec3 ng = normalize(normal);
  vec3 n = shadingNormal(ng, materials[m].textures[kSlotNormal], materials[m].params.z);
  // §3.9.5: back faces (double-sided materials only: single-sided ones are culled) are lit
  // with the normal reversed.
  if (!gl_FrontFacing) {
    n = -n;
    ng = -ng;
  }
  // Towards the eye; an orthographic camera's rays are all parallel (FrameData::eye).
  const vec3 v = frame.eye.w > 0.5 ? normalize(frame.eye.xyz - inWorldPos) : frame.eye.xyz;
  const MaterialInfo info = gatherMaterial(m, baseColor, mr.x, mr.y, n, ng, v);

  vec3 color = vec3(0.0);
  const int lightCount = kLights ? int(frame.shading.z + 0.5) : 0;
  for (int i = 0; i < lightCount; ++i) {
    const Incident light = incidentLight(lights[i], inWorldPos);
    // The receiver's offset goes to the light's side of the surface: a light behind it reaches
    // the viewer's side only through it (diffuse transmission), and the surface must not hide
    // that light from itself.
    const bool behind = dot(ng, light.l) < 0.0;
    const vec3 lightSide = behind ? -ng : ng;
    // KHR_materials_diffuse_transmission's thin-walled model: light from behind crosses the
    // surface where it is, so what the map sees of a transmitting object (its own far side, a
    // closed sphere's back lit towards the eye) does not shadow it; any other caster does. That
    // light is looked up in the maps drawn without the transmitting casters (shared_types.h
    // kThroughShadowLayers), as a renderer without shadows (the Khronos sample renderer) shows
    // it. Only this material's transmitted lobe reads them: its reflected lobe, and every other
    // material, keep the maps of every caster.
    const bool through = hasLayer(kLayerDiffuseTransmission) && behind;
    const float shadow =
        (kShadows & 3u) != 0u
            ? shadowFactor(i, inWorldPos, lightSide, light.l, (kShadows & 1u) != 0u,
                           (kShadows & 2u) != 0u, (kShadows & 8u) != 0u, through)
            : 1.0;
    color += punctualRadiance(info, light.l) * (light.irradiance * shadow);
  }
  // Occlusion darkens the indirect (image-based) light only (§3.9.3).
  const float iblIntensity = frame.environment.x;
  // The environment key light's shadow takes the key's share of it away (shadows.glsl).
  if (iblIntensity > 0.0) {
    const float keyShadow = (kShadows & 4u) != 0u ? environmentShadow(inWorldPos, n, ng) : 1.0;
    color += imageBasedLight(info) * (iblIntensity * occlusion(m) * keyShadow);
  }
  // KHR_materials_transmission: the opaque scene behind, as the transmission pass saw it (its
  // light, image-based or not, is in there already).
  if (hasLayer(kLayerTransmission)) {
    // What shows through the base lies under the layers above it too: the sheen's albedo
    // scaling (KHR_materials_sheen "Albedo-scaling technique", at N.V) and the coat's
    // fresnel_coat weight (KHR_materials_clearcoat "Layering").
    vec3 through = transmittedScene(info);
    if (hasLayer(kLayerSheen))
      through *= sheenAlbedoScaling(info.sheenColor, clamp(info.nDotV, 0.0, 1.0),
                                    info.sheenRoughness);
    if (hasLayer(kLayerClearcoat)) through *= 1.0 - clearcoatWeight(info);
    color += through;
  }
  vec3 emitted = emission(m);
  if (hasLayer(kLayerClearcoat)) emitted = clearcoatEmission(info, emitted);
  return color + emitted;
}

// After emission() and occlusion(), which channel views show too.
#include "channels.glsl"

void main() {
  takeTexcoordDerivatives();
  takePositionDerivatives();
  const uint m = draw.material;
  const vec4 alpha = materials[m].alpha;  // mode, cutoff, doubleSided, unlit (kUnlit)
  const int alphaMode = int(alpha.x + 0.5);

  // baseColorFactor x baseColorTexture x COLOR_0 (§3.9.2), or diffuse x COLOR_0
  // (KHR_materials_pbrSpecularGlossiness: "an additional linear multiplier to diffuse").
  vec4 base = baseColorInput(m) * inColor;
  // A channel view shows the surface whole and opaque: no cut-off, no blending.
  if (kChannel != kChannelShaded) {
    outColor = vec4(channelColor(m, base, surfaceNormal()), 1.0);
    return;
  }
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
    color = reflectedLight(m, base.rgb, normal);
  }
  color = toneMapOperator(color, frame.shading.x, kTonemap);

  // BLEND uses premultiplied alpha (blend factors ONE, ONE_MINUS_SRC_ALPHA): "over".
  outColor = alphaMode == kAlphaBlend ? vec4(color * base.a, base.a) : vec4(color, 1.0);
}
