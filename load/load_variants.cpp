// KHR_materials_variants (KhronosGroup/glTF extensions/2.0/Khronos/KHR_materials_variants):
// the root extension's `variants` (each with a `name`), and per mesh primitive a `mappings`
// array, each mapping a `material` and the `variants` (indices into the root array) that use
// it. A primitive whose mappings do not name the active variant keeps its own `material`.
//
// Wrong JSON types are errors, like every other schema check of the loader. A viewer can still
// show an asset whose mapping names a variant or a material that does not exist: that mapping
// is skipped with a warning, as is a second mapping of a variant the primitive already maps
// (the README: "a given variant may be referenced at most once per primitive" is what exporters
// promise; the first one wins here).
#include <algorithm>
#include <charconv>
#include <cmath>

#include "json_checker.h"
#include "load_steps.h"

namespace vitrine::scene {
namespace {

constexpr const char* kName = "KHR_materials_variants";

// The extension object under `o` (at `at`), or null.
const Json* extensionOf(const JsonChecker& c, const Json& o, const std::string& at) {
  const Json* ext = c.object(o, at, "extensions", false);
  return ext ? c.object(*ext, at + "/extensions", kName, false) : nullptr;
}

void readVariantNames(const JsonChecker& c, const LoadContext& ctx) {
  const Json* root = extensionOf(c, ctx.doc.json, "");
  if (!root) return;
  const std::string at = std::string("/extensions/") + kName;
  const Json& variants = *c.objectArray(*root, at, "variants", true, 1);
  uint64_t bytes = variants.size() * sizeof(std::string);
  for (const Json& v : variants)
    if (const Json* name = member(v, "name"); name && name->is_string())
      bytes += name->get_ref<const std::string&>().size();
  const std::string err = ctx.doc.budget->reserve(
      bytes, at + "/variants", std::to_string(variants.size()) + " material variant names");
  if (!err.empty()) throw JsonCheckFailure{err};
  ctx.scene.variants.reserve(variants.size());
  for (size_t i = 0; i < variants.size(); ++i) {
    const std::string vat = at + jsonPointer("variants", i);
    std::optional<std::string> name = c.string(variants[i], vat, "name", false);
    if (!name) {
      // The schema requires a name; without one the variant is still usable by index.
      name = "variant " + std::to_string(i);
      ctx.warnings.push_back(located(vat, "variant without a name; called \"" + *name + "\""));
    }
    ctx.scene.variants.push_back(*name);
  }
}

// A variant index of a mapping: a non-negative integer (integral floats accepted, as for
// every glTF index).
uint64_t variantIndex(const Json& v, const std::string& at) {
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (d >= 0.0 && d < double(kMaxSafeInteger) && std::floor(d) == d) return uint64_t(d);
  }
  JsonChecker::fail(at, "expected a variant index, got " + describeJson(v));
}

// The mappings of one primitive into p.variantMaterials (p null: a primitive the loader
// skipped, checked all the same).
void readMappings(const JsonChecker& c, const LoadContext& ctx, const Json& ext,
                  const std::string& at, Primitive* p) {
  const Json& mappings = *c.objectArray(ext, at, "mappings", true, 1);
  const size_t variantCount = ctx.scene.variants.size();
  const size_t materialCount = array(ctx.doc.json, "materials").size();
  // Sparse (variant, material) pairs: as many as the mappings list, never one per variant.
  std::vector<VariantMaterial> pairs;
  std::vector<std::pair<size_t, size_t>> mappedAt;  // (mapping, position in its variants)
  for (size_t i = 0; i < mappings.size(); ++i) {
    const std::string mat = at + jsonPointer("mappings", i);
    const Json& m = mappings[i];
    c.string(m, mat, "name", false);
    const uint64_t material = *c.integer(m, mat, "material", true);
    c.numbers(m, mat, "variants", 0);
    const Json* list = member(m, "variants");
    if (!list) JsonChecker::fail(mat + "/variants", "required property is missing");
    if (list->empty()) JsonChecker::fail(mat + "/variants", "must hold at least one variant");
    std::vector<uint64_t> indices;
    for (size_t k = 0; k < list->size(); ++k)
      indices.push_back(variantIndex((*list)[k], mat + jsonPointer("variants", k)));
    if (material >= materialCount) {
      ctx.warnings.push_back(located(
          mat + "/material", "material " + std::to_string(material) + " does not exist (" +
                                 std::to_string(materialCount) + " materials); mapping ignored"));
      continue;
    }
    bool usable = true;
    for (size_t k = 0; k < indices.size() && usable; ++k) {
      if (indices[k] >= variantCount) {
        ctx.warnings.push_back(located(mat + jsonPointer("variants", k),
                                       "variant " + std::to_string(indices[k]) +
                                           " does not exist (" + std::to_string(variantCount) +
                                           " variants); mapping ignored"));
        usable = false;
      }
    }
    if (!usable) continue;
    const std::string err = ctx.doc.budget->reserve(
        indices.size() * sizeof(VariantMaterial), mat + "/variants",
        "material variant mapping of " + std::to_string(indices.size()) + " variants");
    if (!err.empty()) throw JsonCheckFailure{err};
    for (size_t k = 0; k < indices.size(); ++k)
      pairs.push_back({uint32_t(indices[k]), int(material)});
    mappedAt.resize(pairs.size(), {i, 0});
    for (size_t k = 0; k < indices.size(); ++k)
      mappedAt[pairs.size() - indices.size() + k] = {i, k};
  }
  // Each variant once: the first mapping naming it wins (a stable sort keeps their order).
  std::vector<size_t> order(pairs.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return pairs[a].variant < pairs[b].variant; });
  std::vector<VariantMaterial> unique;
  std::vector<std::pair<size_t, size_t>> duplicates;  // (mapping, position) of ignored ones
  for (size_t k : order) {
    if (!unique.empty() && unique.back().variant == pairs[k].variant) {
      duplicates.push_back(mappedAt[k]);
      continue;
    }
    unique.push_back(pairs[k]);
  }
  // Warnings in file order, as the mappings list them.
  std::sort(duplicates.begin(), duplicates.end());
  for (const auto& [i, k] : duplicates) {
    const uint64_t v = variantIndex(mappings[i]["variants"][k], "");
    ctx.warnings.push_back(located(
        at + jsonPointer("mappings", i, "variants", k),
        "variant " + std::to_string(v) + " is already mapped by an earlier mapping; ignored"));
  }
  if (p) p->variantMaterials = std::move(unique);
}

}  // namespace

std::string loadVariants(const LoadContext& ctx) {
  try {
    const JsonChecker c(ctx.doc.json);
    readVariantNames(c, ctx);
    const Json& meshes = array(ctx.doc.json, "meshes");
    for (size_t m = 0; m < meshes.size() && m < ctx.scene.meshes.size(); ++m) {
      const Json& primitives = array(meshes[m], "primitives");
      // The scene keeps only the primitives that were not skipped: find each by its source.
      std::vector<Primitive*> byIndex(primitives.size(), nullptr);
      for (Primitive& p : ctx.scene.meshes[m].primitives)
        if (p.sourceIndex < byIndex.size()) byIndex[p.sourceIndex] = &p;
      for (size_t i = 0; i < primitives.size(); ++i) {
        const std::string at = jsonPointer("meshes", m, "primitives", i);
        if (const Json* ext = extensionOf(c, primitives[i], at))
          readMappings(c, ctx, *ext, at + "/extensions/" + kName, byIndex[i]);
      }
    }
  } catch (const JsonCheckFailure& f) {
    return f.message;
  }
  return {};
}

int findMaterialVariant(const Scene& scene, const std::string& text) {
  size_t index = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), index);
  if (ec == std::errc() && end == text.data() + text.size() && index < scene.variants.size())
    return int(index);
  for (size_t i = 0; i < scene.variants.size(); ++i)
    if (!text.empty() && scene.variants[i] == text) return int(i);
  return -1;
}

}  // namespace vitrine::scene
