// Light through the surface: KHR_materials_transmission (the specular BTDF, and the opaque
// scene seen through the surface from the transmission pass), composed with the layers below
// it: KHR_materials_volume (ext_volume.glsl), KHR_materials_dispersion (ext_dispersion.glsl)
// and KHR_materials_diffuse_transmission (ext_diffuse_transmission.glsl). Include after those,
// material_info.glsl, lights.glsl and environment.glsl, in mesh.frag (which declares `frame`,
// `draw` and inWorldPos).
//
// The base layer these extensions define (KHR_materials_diffuse_transmission "Combining
// Diffuse Transmission with other Extensions", which includes KHR_materials_transmission's
// "Transmission BTDF"):
//   dielectric_brdf = fresnel_mix(ior, base = mix(diffuse_bsdf,
//                                                 specular_btdf(alpha) * baseColor, transmission),
//                                 layer = specular_brdf(alpha))
//   diffuse_bsdf = mix(diffuse_brdf(baseColor), diffuse_btdf(diffuseTransmissionColor),
//                      diffuseTransmission)
// so the diffuse reflection keeps (1 - transmission) (1 - diffuseTransmission) of the base,
// the Lambertian BTDF (1 - transmission) diffuseTransmission, the specular BTDF transmission.
#ifndef VITRINE_EXT_TRANSMISSION_GLSL
#define VITRINE_EXT_TRANSMISSION_GLSL

#ifdef VITRINE_TRANSMISSION
// The transmission pass: the opaque scene's linear radiance, mip-mapped (pass_transmission.h).
layout(set = 3, binding = 0) uniform sampler2D transmissionScene;
#endif

// The share of the diffuse lobe that is still reflected diffusely (the rest is transmitted).
float diffuseReflectionWeight(MaterialInfo info) {
  return (1.0 - info.transmission) * (1.0 - info.diffuseTransmission);
}

// KHR_materials_transmission "Transmission BTDF": the thin surface's microfacet prisms blur the
// transmitted light, "modulated by the material's index of refraction". As the Khronos sample
// renderer's applyIorToRoughness: roughness x clamp(2 ior - 2, 0, 1), no blur at ior 1 and
// the roughness itself at the default ior 1.5.
float iorScaledRoughness(float roughness, float ior) {
  return roughness * clamp(ior * 2.0 - 2.0, 0.0, 1.0);
}

// fresnel_mix's weight of the base (Appendix B with KHR_materials_specular's RGB form, as
// brdf.glsl dielectricBrdf): 1 - max(specularWeight mix(f0, 1, (1 - |V.H|)^5)), times the
// dielectric's share (1 - metallic): metals transmit nothing (KHR_materials_transmission
// "Transparent Metals").
float transmittedShare(MaterialInfo info, float vDotH) {
  const vec3 f = dielectricFresnel(info, vDotH);
  return (1.0 - info.metallic) * (1.0 - max(f.r, max(f.g, f.b)));
}

#ifdef VITRINE_TRANSMISSION
// The blur of the Khronos sample renderer's getTransmissionSample, whose transmission buffer is
// always 1024 pixels wide: level log2(1024) x r, a texel 2^(10 r) / 1024 of the view's width.
const float kTransmissionReferenceLevels = 10.0;  // log2(1024)

// The transmission pass's radiance where the world point `exit` lands on screen, blurred for
// the roughness r = iorScaledRoughness over the same share of the view whatever the size of
// the picture (issue 22): a texel of 2^(10 r) / 1024 of the width, the level log2(width) -
// 10 (1 - r) of a texture of the view's size (negative: level 0, a picture under 1024 pixels
// wide shows a small blur sharp). A rough surface (r = 1) reads the 1x1 average at any size.
// (log2(width) x r, as before, blurred a 96-pixel thumbnail about 8 times more of the picture
// than a 960-pixel window.)
vec3 transmissionSample(vec3 exit, float roughness, float ior) {
  const vec4 clip = frame.proj * frame.view * vec4(exit, 1.0);
  // Vulkan NDC: y down, as the texture's rows. An exit point behind the eye (a thick volume
  // right in front of the camera) is clamped to the near side rather than mirrored.
  const vec2 uv = clip.xy / max(clip.w, 1e-6) * 0.5 + 0.5;
  const float width = float(textureSize(transmissionScene, 0).x);
  const float lod = log2(width) -
                    kTransmissionReferenceLevels * (1.0 - iorScaledRoughness(roughness, ior));
  return textureLod(transmissionScene, uv, max(lod, 0.0)).rgb;
}
#endif

// The opaque scene seen through the surface (KHR_materials_transmission's specular BTDF under
// the scene's light, which the transmission pass captured): at the point where the refracted
// path leaves the volume (this point for thin walls), attenuated along it, tinted by the base
// colour ("Tinting") and weighted by transmission and by fresnel_mix's base weight at the
// microfacet that refracts the view ray straight through, H = N (exact for a smooth surface;
// the sample renderer's getIBLVolumeRefraction takes the split-sum albedo instead, which needs
// an environment this light does not come from). With KHR_materials_dispersion each colour
// channel is refracted with its own ior (ext_dispersion.glsl).
// Not scaled by the environment intensity nor by occlusion: the pass holds all of that light.
vec3 transmittedScene(MaterialInfo info) {
#ifdef VITRINE_TRANSMISSION
  vec3 light;
  // Dispersion spreads a refraction through a volume; a thin wall refracts nothing.
  if (hasLayer(kLayerDispersion) && hasLayer(kLayerVolume) && info.dispersion > 0.0 &&
      info.thickness > 0.0) {
    const vec3 iors = dispersedIors(info);
    for (int c = 0; c < 3; ++c) {
      const vec3 ray = volumeRay(info, iors[c]);
      light[c] = transmissionSample(inWorldPos + ray, info.roughness, iors[c])[c] *
                 volumeTransmittance(info, length(ray))[c];
    }
  } else {
    const vec3 ray = volumeRay(info, info.ior);
    light = transmissionSample(inWorldPos + ray, info.roughness, info.ior) *
            volumeTransmittance(info, length(ray));
  }
  const float share = transmittedShare(info, clamp(info.nDotV, 0.0, 1.0));
  return share * info.transmission * info.baseColor * light;
#else
  return vec3(0.0);
#endif
}

// Radiance towards the eye of a punctual light in direction l that passes through the
// surface (per unit irradiance); the base lobes' share of it is already weighted. Only a
// light behind the surface (n.l < 0) passes: a BTDF joins opposite hemispheres
// (KHR_materials_diffuse_transmission's diffuse_btdf, "view and light on opposite
// hemispheres"). Both BTDFs are weighted by fresnel_mix at the transmission half vector
// H_T = normalize(V + L - 2 (N.L) N) (KHR_materials_transmission "Implementation Notes"), and
// by |N.L| (the rendering equation's cosine, on the light's side).
vec3 transmittedPunctual(MaterialInfo info, vec3 l) {
  const float nDotL = dot(info.n, l);
  if (nDotL >= 0.0) return vec3(0.0);
  const vec3 mirrored = l - 2.0 * nDotL * info.n;  // L mirrored to the eye's side
  const vec3 h = normalize(info.v + mirrored);
  vec3 btdf = vec3(0.0);
  if (hasLayer(kLayerTransmission)) {
    // specular_btdf(alpha) = V_T D_T (KHR_materials_transmission "Implementation Notes"): the
    // GGX distribution and the separable Smith visibility with H_T, alpha from
    // iorScaledRoughness applied to alpha (as the sample renderer's
    // getPunctualRadianceTransmission), tinted by the base colour.
    const float alpha = iorScaledRoughness(info.roughness * info.roughness, info.ior);
    const float alpha2 = max(alpha * alpha, 1e-6);
    const float specular = visibilitySmith(nDotL, info.nDotV, alpha2) *
                           distributionGgx(dot(info.n, h), alpha2);
#ifdef VITRINE_TRANSMISSION
    const float distance = length(volumeRay(info, info.ior));
#else
    const float distance = 0.0;
#endif
    btdf += info.transmission * info.baseColor * specular * volumeTransmittance(info, distance);
  }
  if (hasLayer(kLayerDiffuseTransmission)) btdf += diffuseBtdf(info);
  return transmittedShare(info, dot(info.v, h)) * btdf * -nDotL;
}

#endif
