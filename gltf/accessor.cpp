#include "accessor.h"

#include <algorithm>
#include <cstring>
#include <span>

#include "buffer_views.h"
#include "gltf_enums.h"

namespace vitrine::scene {
namespace {

// Where an element's components sit. §3.6.2.4: each matrix column starts 4-byte aligned, so
// MAT2/MAT3 of 1-byte and MAT3 of 2-byte components have padding after each column.
struct ElementLayout {
  uint32_t columns = 1;  // 2-4 for matrices, else 1
  uint32_t rows = 1;     // components per column
  uint32_t componentSize = 0;
  uint32_t columnStride = 0;  // bytes between column starts

  uint32_t size() const { return columns * columnStride; }  // with padding, the tight stride
  // Bytes the last element needs: trailing column padding may be omitted (§3.6.2.4).
  uint32_t extent() const { return (columns - 1) * columnStride + rows * componentSize; }
};

ElementLayout layoutOf(const AccessorFormat& f) {
  ElementLayout l;
  l.componentSize = gltf::componentSize(f.componentType);
  if (f.type.rfind("MAT", 0) == 0) {
    l.columns = l.rows = uint32_t(f.type[3] - '0');
    l.columnStride = (l.rows * l.componentSize + 3) & ~3u;
  } else {
    l.rows = f.components;
    l.columnStride = l.rows * l.componentSize;
  }
  return l;
}

// A bufferView's bytes: decoded when compressed, else inside its buffer (buffer_views.h).
std::span<const uint8_t> viewBytes(const GltfDocument& doc, uint64_t view) {
  return bufferViewBytes(doc, view);
}

template <class T>
T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);  // unaligned-safe; glTF data is little endian like the host
  return v;
}

// formulas.md "Normalized integers".
template <class T>
float toFloat(const uint8_t* p, bool normalized) {
  const T c = load<T>(p);
  if constexpr (std::is_same_v<T, float>) {
    return c;
  } else {
    if (!normalized) return float(c);
    if constexpr (std::is_same_v<T, int8_t>) return std::max(float(c) / 127.0f, -1.0f);
    if constexpr (std::is_same_v<T, uint8_t>) return float(c) / 255.0f;
    if constexpr (std::is_same_v<T, int16_t>) return std::max(float(c) / 32767.0f, -1.0f);
    if constexpr (std::is_same_v<T, uint16_t>) return float(c) / 65535.0f;
    return float(c);  // UNSIGNED_INT is never normalized (accessor.normalized schema)
  }
}

template <class T, class Out>
void decodeAs(const uint8_t* base, uint64_t stride, uint32_t count, const ElementLayout& l,
              bool normalized, Out* out) {
  for (uint32_t e = 0; e < count; ++e) {
    const uint8_t* element = base + e * stride;
    for (uint32_t c = 0; c < l.columns; ++c) {
      const uint8_t* column = element + c * l.columnStride;
      for (uint32_t r = 0; r < l.rows; ++r) {
        if constexpr (std::is_same_v<Out, float>) {
          *out++ = toFloat<T>(column + r * sizeof(T), normalized);
        } else {
          *out++ = uint32_t(load<T>(column + r * sizeof(T)));
        }
      }
    }
  }
}

// Decodes `count` elements starting at `base`, `stride` bytes apart.
template <class Out>
void decode(int componentType, const uint8_t* base, uint64_t stride, uint32_t count,
            const ElementLayout& l, bool normalized, Out* out) {
  switch (componentType) {
    case gltf::kByte:
      return decodeAs<int8_t>(base, stride, count, l, normalized, out);
    case gltf::kUnsignedByte:
      return decodeAs<uint8_t>(base, stride, count, l, normalized, out);
    case gltf::kShort:
      return decodeAs<int16_t>(base, stride, count, l, normalized, out);
    case gltf::kUnsignedShort:
      return decodeAs<uint16_t>(base, stride, count, l, normalized, out);
    case gltf::kUnsignedInt:
      return decodeAs<uint32_t>(base, stride, count, l, normalized, out);
    default:
      return decodeAs<float>(base, stride, count, l, normalized, out);
  }
}

std::string str(uint64_t v) {
  return std::to_string(v);
}

// Checks every range the accessor reads (dense part, then sparse indices and values), then
// allocates `out` and decodes into it.
template <class Out>
std::string readInto(const GltfDocument& doc, uint32_t index, const AccessorFormat& f,
                     std::vector<Out>& out, const AccessorUse& use) {
  const Json& a = array(doc.json, "accessors")[index];
  const std::string at = jsonPointer("accessors", index);
  const ElementLayout l = layoutOf(f);
  if (uint64_t(f.count) * f.components > kMaxAccessorValues) {
    return located(at, "count " + str(f.count) + " x " + str(f.components) +
                           " components exceeds the loader's limit of " + str(kMaxAccessorValues) +
                           " values");
  }

  // Dense part (§3.6.2.4 "Data Alignment" gives the bound checked here).
  std::span<const uint8_t> view;
  uint64_t offset = 0, stride = l.size();
  const Json* viewIndex = member(a, "bufferView");
  // KHR_draco_mesh_compression, "Conformance": the accessor's bufferView and byteOffset are
  // ignored for the decoded data (tight, count elements: draco_decode.h).
  const auto decoded = doc.decodedAccessors.find(index);
  if (decoded != doc.decodedAccessors.end()) {
    view = decoded->second;
    viewIndex = nullptr;
  } else if (viewIndex) {
    const uint64_t v = uint64_t(integer(a, "bufferView", 0));
    view = viewBytes(doc, v);
    offset = uint64_t(integer(a, "byteOffset", 0));
    if (const uint64_t s = bufferViewStride(doc.json, v); s != 0) {
      stride = s;
      if (stride < l.size()) {
        return located(at, "bufferView " + str(v) + " byteStride " + str(stride) +
                               " is smaller than the element size " + str(l.size()));
      }
    }
    const uint64_t end = offset + stride * (f.count - 1) + l.extent();
    if (end > view.size()) {
      return located(at, "byteOffset " + str(offset) + " + byteStride " + str(stride) +
                             " x (count " + str(f.count) + " - 1) + element " + str(l.extent()) +
                             " bytes = " + str(end) + " exceeds bufferView " + str(v) +
                             " byteLength " + str(view.size()));
    }
  }

  // Sparse part (§3.6.2.3): indices and values tightly packed in their bufferViews.
  const Json* sparse = decoded == doc.decodedAccessors.end() ? member(a, "sparse") : nullptr;
  std::vector<uint32_t> sparseIndices;
  std::span<const uint8_t> values;
  uint64_t valuesOffset = 0;
  if (sparse) {
    const uint32_t n = uint32_t(integer(*sparse, "count", 0));
    const Json& ij = (*sparse)["indices"];
    const int indexType = int(integer(ij, "componentType", 0));
    const uint64_t iv = uint64_t(integer(ij, "bufferView", 0));
    const std::span<const uint8_t> indices = viewBytes(doc, iv);
    const uint64_t io = uint64_t(integer(ij, "byteOffset", 0));
    const uint64_t isz = gltf::componentSize(indexType);
    if (io + n * isz > indices.size()) {
      return located(at + "/sparse/indices",
                     "byteOffset " + str(io) + " + count " + str(n) + " x " + str(isz) +
                         " bytes = " + str(io + n * isz) + " exceeds bufferView " + str(iv) +
                         " byteLength " + str(indices.size()));
    }
    const Json& vj = (*sparse)["values"];
    const uint64_t vv = uint64_t(integer(vj, "bufferView", 0));
    values = viewBytes(doc, vv);
    valuesOffset = uint64_t(integer(vj, "byteOffset", 0));
    const uint64_t vend = valuesOffset + uint64_t(l.size()) * (n - 1) + l.extent();
    if (vend > values.size()) {
      return located(at + "/sparse/values", "byteOffset " + str(valuesOffset) + " + count " +
                                                str(n) + " x " + str(l.size()) +
                                                " bytes = " + str(vend) + " exceeds bufferView " +
                                                str(vv) + " byteLength " + str(values.size()));
    }
    sparseIndices.resize(n);
    ElementLayout scalar;
    scalar.componentSize = scalar.columnStride = uint32_t(isz);
    decode(indexType, indices.data() + io, isz, n, scalar, false, sparseIndices.data());
    for (uint32_t k = 0; k < n; ++k) {
      if (sparseIndices[k] >= f.count) {
        return located(at + "/sparse/indices", "index " + str(sparseIndices[k]) + " (element " +
                                                   str(k) + ") is out of range (count " +
                                                   str(f.count) + ")");
      }
    }
  }

  // Every range is checked: reserve, allocate and decode.
  const std::string described = describeDecoded(f, std::is_same_v<Out, float>);
  if (std::string err = reserveMemory(
          doc, uint64_t(f.count) * f.components * sizeof(Out), use.at.empty() ? at : use.at,
          use.purpose.empty() ? described : use.purpose + " (" + described + ")");
      !err.empty()) {
    return err;
  }
  out.assign(size_t(f.count) * f.components, Out(0));
  if (!view.empty()) {
    decode(f.componentType, view.data() + offset, stride, f.count, l, f.normalized, out.data());
  }
  for (uint32_t k = 0; k < sparseIndices.size(); ++k) {
    decode(f.componentType, values.data() + valuesOffset + uint64_t(k) * l.size(), l.size(), 1, l,
           f.normalized, out.data() + size_t(sparseIndices[k]) * f.components);
  }
  return {};
}

}  // namespace

std::string reserveMemory(const GltfDocument& doc, uint64_t bytes, std::string_view at,
                          std::string_view what) {
  return doc.budget->reserve(bytes, at, what);
}

std::string describeDecoded(const AccessorFormat& f, bool floats) {
  return "accessor of " + str(f.count) + " " + f.type + (floats ? " floats" : " unsigned integers");
}

AccessorFormat accessorFormat(const GltfDocument& doc, uint32_t index) {
  const Json& a = array(doc.json, "accessors")[index];
  AccessorFormat f;
  f.componentType = int(integer(a, "componentType", 0));
  f.type = string(a, "type");
  f.components = gltf::componentCount(f.type);
  f.normalized = boolean(a, "normalized", false);
  f.count = uint32_t(integer(a, "count", 0));
  return f;
}

std::string readAccessor(const GltfDocument& doc, uint32_t index, std::vector<float>& out,
                         const AccessorUse& use) {
  out.clear();
  const std::string err = readInto(doc, index, accessorFormat(doc, index), out, use);
  if (!err.empty()) out.clear();
  return err;
}

std::string readAccessor(const GltfDocument& doc, uint32_t index, std::vector<uint32_t>& out,
                         const AccessorUse& use) {
  out.clear();
  const AccessorFormat f = accessorFormat(doc, index);
  if (f.componentType != gltf::kUnsignedByte && f.componentType != gltf::kUnsignedShort &&
      f.componentType != gltf::kUnsignedInt) {
    return located(jsonPointer("accessors", index), "componentType " +
                                                        gltf::componentTypeName(f.componentType) +
                                                        " cannot be read as unsigned integers");
  }
  const std::string err = readInto(doc, index, f, out, use);
  if (!err.empty()) out.clear();
  return err;
}

}  // namespace vitrine::scene
