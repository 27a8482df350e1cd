// Gather, then shade: every input of a lit material at this pixel (factor x texture, with each
// slot's KHR_texture_transform) read once into a MaterialInfo, which the lobes of brdf.glsl and
// the layers of the ext_*.glsl includes then shade from. Include after material_textures.glsl
// and normals.glsl, in a fragment shader that declares `materials[]` (MaterialData),
// `materialExtensions[]` (MaterialExtensionData) and the specialization constant kLayers
// (gpu::kLayer* bits): a layer whose bit is clear is never read, and its fields keep the
// defaults below, which make it vanish (the extension's own defaults).
#ifndef VITRINE_MATERIAL_INFO_GLSL
#define VITRINE_MATERIAL_INFO_GLSL

struct MaterialInfo {
  // glTF 2.0 core (§3.9.2): base colour (with alpha applied elsewhere), metalness, perceptual
  // roughness and GGX alpha^2 (brdf.glsl ggxAlpha2).
  vec3 baseColor;
  float metallic;
  float roughness;
  float alpha2;
  vec3 n;       // unit shading normal, on the side facing the eye
  vec3 ng;      // unit interpolated (geometric) normal, on the same side
  vec3 v;       // unit direction towards the eye
  float nDotV;  // dot(n, v), may be negative at silhouettes
  // KHR_materials_ior and KHR_materials_specular: the dielectric's Fresnel reflectance at
  // normal incidence, min(((ior - 1) / (ior + 1))^2 * specularColor, 1), and the weight that
  // scales the whole dielectric specular lobe (F0 and F90 alike); 0.04 and 1 without them.
  float ior;
  vec3 f0Dielectric;
  float specularWeight;
  // specularColorFactor x specularColorTexture.rgb, before it scales f0 (channel views).
  vec3 specularColor;
  // KHR_materials_clearcoat: factor (R of its texture), perceptual roughness (G) and the coat's
  // own unit normal (its normal texture, else the interpolated normal: never the base's map).
  float clearcoat;
  float clearcoatRoughness;
  vec3 clearcoatNormal;
  // KHR_materials_sheen: colour (linear) and perceptual roughness.
  vec3 sheenColor;
  float sheenRoughness;
  // KHR_materials_iridescence: factor, thin-film ior and thickness in nanometres.
  float iridescence;
  float iridescenceIor;
  float iridescenceThickness;
  // KHR_materials_anisotropy: strength and the unit direction of the anisotropy in the
  // tangent plane, in world space, with the bitangent completing it (cross(n, t)).
  float anisotropyStrength;
  // anisotropyStrength x texture.b as the material gives it, also where no tangent frame left
  // the surface isotropic (anisotropyStrength 0): what the channel view shows.
  float anisotropyInput;
  vec3 anisotropyT;
  vec3 anisotropyB;
  // KHR_materials_transmission, KHR_materials_volume, KHR_materials_dispersion.
  float transmission;
  float thickness;  // in the node's space (scaled to world by the shading)
  vec3 attenuationColor;
  float attenuationDistance;  // +infinity: no attenuation
  float dispersion;
  // KHR_materials_diffuse_transmission.
  float diffuseTransmission;
  vec3 diffuseTransmissionColor;
};

bool hasLayer(int layer) {
  return (kLayers & uint(layer)) != 0u;
}

// The TextureRef of extension slot `slot` (kSlotSpecular ... kSlotSpecularGlossiness).
TextureRef extensionRef(uint m, int slot) {
  return materialExtensions[m].textures[slot - kTextureSlotCount];
}

// The texel of extension slot `slot`, or `absent` when the material has no texture there.
vec4 sampleExtension(sampler2D tex, uint m, int slot, vec4 absent) {
  return sampleSlot(tex, extensionRef(m, slot), slot, absent);
}

// The base colour before COLOR_0: baseColorFactor x baseColorTexture (glTF 2.0 §3.9.2), or for
// KHR_materials_pbrSpecularGlossiness diffuseFactor x diffuseTexture (alpha included: "the
// fourth component (A) is the opacity"). The metallic-roughness values of a material that has
// both are not drawn (the extension's "Best practices").
vec4 baseColorInput(uint m) {
  if (hasLayer(kLayerSpecularGlossiness)) {
    return materialExtensions[m].diffuse *
           sampleExtension(diffuseTexture, m, kSlotDiffuse, vec4(1.0));
  }
  return materials[m].baseColorFactor *
         sampleSlot(baseColorTexture, materials[m].textures[kSlotBaseColor], kSlotBaseColor,
                    vec4(1.0));
}

// The core metalness and perceptual roughness: the factors times metallicRoughnessTexture's B
// and G (glTF 2.0 §3.9.2), clamped to 0..1.
vec2 metallicRoughness(uint m) {
  // The specular-glossiness model has no metal; gatherMaterial() sets its roughness.
  if (hasLayer(kLayerSpecularGlossiness)) return vec2(0.0, 1.0);
  const vec4 params = materials[m].params;  // metallic, roughness, normal scale, occlusion
  const vec4 mr =
      sampleSlot(metallicRoughnessTexture, materials[m].textures[kSlotMetallicRoughness],
                 kSlotMetallicRoughness, vec4(1.0));
  return vec2(clamp(params.x * mr.b, 0.0, 1.0), clamp(params.y * mr.g, 0.0, 1.0));
}

// Every input, the layers the pipeline is specialized for included. base: the base colour
// (factor x texture x COLOR_0); metallic, roughness: from the core factors and texture; n,
// ng: shading and interpolated normals on the eye's side; v: towards the eye.
MaterialInfo gatherMaterial(uint m, vec3 base, float metallic, float roughness, vec3 n, vec3 ng,
                            vec3 v) {
  MaterialInfo info;
  info.baseColor = base;
  info.metallic = metallic;
  info.roughness = roughness;
  info.alpha2 = ggxAlpha2(roughness);
  info.n = n;
  info.ng = ng;
  info.v = v;
  info.nDotV = dot(n, v);
  info.ior = 1.5;
  info.f0Dielectric = vec3(kDielectricF0);
  info.specularWeight = 1.0;
  info.specularColor = vec3(1.0);
  info.clearcoat = 0.0;
  info.clearcoatRoughness = 0.0;
  info.clearcoatNormal = ng;
  info.sheenColor = vec3(0.0);
  info.sheenRoughness = 0.0;
  info.iridescence = 0.0;
  info.iridescenceIor = 1.3;
  info.iridescenceThickness = 400.0;
  info.anisotropyStrength = 0.0;
  info.anisotropyInput = 0.0;
  info.anisotropyT = vec3(0.0);
  info.anisotropyB = vec3(0.0);
  info.transmission = 0.0;
  info.thickness = 0.0;
  info.attenuationColor = vec3(1.0);
  info.attenuationDistance = 1.0 / 0.0;
  info.dispersion = 0.0;
  info.diffuseTransmission = 0.0;
  info.diffuseTransmissionColor = vec3(1.0);
  if (kLayers == 0u) return info;

  const MaterialExtensionData e = materialExtensions[m];
  // KHR_materials_ior "Implementation": f0 = ((ior - outside_ior) / (ior + outside_ior))^2,
  // outside_ior = 1 (an ior of 0 gives 1: the specular-glossiness conversion).
  if (hasLayer(kLayerIor)) {
    info.ior = e.refraction.x;
    const float r = (info.ior - 1.0) / (info.ior + 1.0);
    info.f0Dielectric = vec3(r * r);
  }
  // KHR_materials_specular "Implementation": dielectric_f0 = min(f0 * specularColor, 1) *
  // specular, dielectric_f90 = specular, with specular = specularFactor * specularTexture.a
  // and specularColor = specularColorFactor * specularColorTexture.rgb.
  if (hasLayer(kLayerSpecular)) {
    info.specularWeight =
        e.specular.w * sampleExtension(specularTexture, m, kSlotSpecular, vec4(1.0)).a;
    info.specularColor = e.specular.rgb *
                         sampleExtension(specularColorTexture, m, kSlotSpecularColor, vec4(1.0)).rgb;
    info.f0Dielectric = min(info.f0Dielectric * info.specularColor, vec3(1.0));
  }
  // KHR_materials_clearcoat "Clearcoat": clearcoat = clearcoatFactor * clearcoatTexture.r,
  // clearcoatRoughness = clearcoatRoughnessFactor * clearcoatRoughnessTexture.g; the coat's
  // normal from clearcoatNormalTexture (with its scale), else the interpolated normal.
  if (hasLayer(kLayerClearcoat)) {
    info.clearcoat =
        e.clearcoat.x * sampleExtension(clearcoatTexture, m, kSlotClearcoat, vec4(1.0)).r;
    info.clearcoatRoughness = clamp(
        e.clearcoat.y *
            sampleExtension(clearcoatRoughnessTexture, m, kSlotClearcoatRoughness, vec4(1.0)).g,
        0.0, 1.0);
    info.clearcoatNormal =
        perturbedNormal(ng, clearcoatNormalTexture, extensionRef(m, kSlotClearcoatNormal),
                        kSlotClearcoatNormal, e.clearcoat.z);
  }
  // KHR_materials_sheen "Sheen": sheenColor = sheenColorFactor * sheenColorTexture.rgb,
  // sheenRoughness = sheenRoughnessFactor * sheenRoughnessTexture.a.
  if (hasLayer(kLayerSheen)) {
    info.sheenColor =
        e.sheen.rgb * sampleExtension(sheenColorTexture, m, kSlotSheenColor, vec4(1.0)).rgb;
    info.sheenRoughness = clamp(
        e.sheen.w * sampleExtension(sheenRoughnessTexture, m, kSlotSheenRoughness, vec4(1.0)).a,
        0.0, 1.0);
  }
  // KHR_materials_iridescence "Properties": iridescence = iridescenceFactor *
  // iridescenceTexture.r; thickness = mix(minimum, maximum, iridescenceThicknessTexture.g),
  // the maximum when there is no thickness texture.
  if (hasLayer(kLayerIridescence)) {
    info.iridescence =
        e.iridescence.x * sampleExtension(iridescenceTexture, m, kSlotIridescence, vec4(1.0)).r;
    info.iridescenceIor = e.iridescence.y;
    info.iridescenceThickness = mix(
        e.iridescence.z, e.iridescence.w,
        sampleExtension(iridescenceThicknessTexture, m, kSlotIridescenceThickness, vec4(1.0)).g);
  }
  // KHR_materials_anisotropy "Anisotropy": the direction (cos, sin)(anisotropyRotation), or
  // anisotropyTexture.rg * 2 - 1 rotated by it, in the tangent frame of the mesh (TANGENT,
  // else the uv derivatives of the anisotropy texture's set and transform, or without one of
  // the normal texture's, whose texture coordinates glTF 2.0 §3.7.2.1 generates tangents
  // from; the loader warns); strength = anisotropyStrength x texture.b. "Implementation":
  // the bitangent is cross(normal_geometric, T).
  if (hasLayer(kLayerAnisotropy)) {
    const float c = cos(e.anisotropy.y), s = sin(e.anisotropy.y);
    vec2 direction = vec2(1.0, 0.0);
    info.anisotropyStrength = e.anisotropy.x;
    if (slotPresent(kSlotAnisotropy)) {
      const vec3 texel =
          sampleExtension(anisotropyTexture, m, kSlotAnisotropy, vec4(1.0, 0.5, 1.0, 1.0)).rgb;
      direction = texel.rg * 2.0 - 1.0;
      info.anisotropyStrength *= texel.b;
    }
    info.anisotropyInput = info.anisotropyStrength;
    direction = mat2(c, s, -s, c) * direction;
    vec3 t, b;
    TextureRef frameRef = materials[m].textures[kSlotNormal];
    if (slotPresent(kSlotAnisotropy)) frameRef = extensionRef(m, kSlotAnisotropy);
    if (tangentFrame(ng, frameRef, t, b) && dot(direction, direction) > 0.0) {
      info.anisotropyT = normalize(t * direction.x + b * direction.y);
      info.anisotropyB = cross(ng, info.anisotropyT);
    } else {
      info.anisotropyStrength = 0.0;  // no tangent frame: isotropic
    }
  }
  // KHR_materials_transmission: transmission = transmissionFactor * transmissionTexture.r.
  if (hasLayer(kLayerTransmission)) {
    info.transmission =
        e.refraction.y * sampleExtension(transmissionTexture, m, kSlotTransmission, vec4(1.0)).r;
  }
  // KHR_materials_volume: thickness = thicknessFactor * thicknessTexture.g.
  if (hasLayer(kLayerVolume)) {
    info.thickness =
        e.refraction.z * sampleExtension(thicknessTexture, m, kSlotThickness, vec4(1.0)).g;
    info.attenuationColor = e.attenuation.rgb;
    info.attenuationDistance = e.attenuation.w;
  }
  if (hasLayer(kLayerDispersion)) info.dispersion = e.refraction.w;
  // KHR_materials_pbrSpecularGlossiness "Specular - Glossiness": c_diff = diffuse.rgb * (1 -
  // max(specular.r, specular.g, specular.b)), F0 = specular, alpha = (1 - glossiness)^2, with
  // specular = specularFactor x specularGlossinessTexture.rgb and glossiness =
  // glossinessFactor x its A. No metal: the dielectric lobe pair with F0 = specular and F90 = 1
  // (its F0 replaces KHR_materials_ior's; base arrives as diffuse x COLOR_0), the diffuse lobe
  // weighed by 1 - F per channel (mesh.frag, brdf.glsl dielectricBrdfPerChannel).
  if (hasLayer(kLayerSpecularGlossiness)) {
    const vec4 texel =
        sampleExtension(specularGlossinessTexture, m, kSlotSpecularGlossiness, vec4(1.0));
    const vec3 specular = clamp(e.specularGlossiness.rgb * texel.rgb, 0.0, 1.0);
    info.roughness = clamp(1.0 - e.specularGlossiness.w * texel.a, 0.0, 1.0);
    info.alpha2 = ggxAlpha2(info.roughness);
    info.metallic = 0.0;
    info.f0Dielectric = specular;
    info.specularWeight = 1.0;
    info.specularColor = specular;
    info.baseColor = base * (1.0 - max(specular.r, max(specular.g, specular.b)));
  }
  // KHR_materials_diffuse_transmission: factor x texture.a, colour factor x texture.rgb.
  if (hasLayer(kLayerDiffuseTransmission)) {
    info.diffuseTransmission =
        e.diffuseTransmission.w *
        sampleExtension(diffuseTransmissionTexture, m, kSlotDiffuseTransmission, vec4(1.0)).a;
    info.diffuseTransmissionColor =
        e.diffuseTransmission.rgb * sampleExtension(diffuseTransmissionColorTexture, m,
                                                    kSlotDiffuseTransmissionColor, vec4(1.0))
                                        .rgb;
  }
  // Out-of-range values (an out-of-spec file, an animation overshooting its keys) stay
  // physical: layer weights in [0, 1], a positive attenuation distance, a film ior of at
  // least 1 (below it the thin film's Snell's law divides by zero).
  info.clearcoat = clamp(info.clearcoat, 0.0, 1.0);
  info.transmission = clamp(info.transmission, 0.0, 1.0);
  info.diffuseTransmission = clamp(info.diffuseTransmission, 0.0, 1.0);
  info.iridescence = clamp(info.iridescence, 0.0, 1.0);
  info.iridescenceIor = max(info.iridescenceIor, 1.0);
  info.attenuationDistance = max(info.attenuationDistance, 1e-6);
  return info;
}

#endif
