#include "gltf_resources.h"

#include <cctype>
#include <climits>
#include <cstring>
#include <filesystem>

namespace vitrine::scene {
namespace {

// The URI as it is quoted in messages: a JSON string (control characters escaped, invalid
// UTF-8 replaced), cut short when long.
std::string quoted(const std::string& uri) {
  const std::string s = uri.size() > 120 ? uri.substr(0, 117) + "..." : uri;
  return Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
}

// The scheme of an absolute URI, lowercased, or "" for a relative reference. RFC 3986 §3.1:
// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), followed by ':'.
std::string uriScheme(const std::string& uri) {
  const size_t colon = uri.find(':');
  if (colon == std::string::npos || colon == 0) return {};
  if (!std::isalpha(static_cast<unsigned char>(uri[0]))) return {};
  std::string scheme;
  for (size_t i = 0; i < colon; ++i) {
    const unsigned char c = static_cast<unsigned char>(uri[i]);
    if (!std::isalnum(c) && c != '+' && c != '-' && c != '.') return {};
    scheme += char(std::tolower(c));
  }
  return scheme;
}

// Whether `path` lies in `folder` (both absolute and normalised), by components.
bool isInside(const std::filesystem::path& path, const std::filesystem::path& folder) {
  auto f = folder.begin();
  auto p = path.begin();
  for (; f != folder.end(); ++f, ++p) {
    if (f->empty()) continue;  // a trailing separator
    if (p == path.end() || *p != *f) return false;
  }
  return true;  // the folder itself too: reading it then fails as for any folder
}

bool isDataUri(const std::string& uri) {
  return uri.rfind("data:", 0) == 0;
}

// The media type of a data URI, for messages: "data:image/webp;base64,..." -> "image/webp".
std::string mediaType(const std::string& uri) {
  const size_t end = uri.find_first_of(";,", 5);
  return uri.substr(5, end == std::string::npos ? 0 : end - 5);
}

// Bytes a base64 payload decodes to (RFC 4648 §4), without decoding it.
uint64_t base64DecodedSize(const std::string& uri) {
  const size_t comma = uri.find(',');
  if (comma == std::string::npos) return 0;
  size_t n = uri.size() - comma - 1;
  while (n > 0 && uri[comma + n] == '=') --n;
  return uint64_t(n) * 3 / 4;
}

// Offset in the payload of the first character that is not base64, or npos. tinygltf's decoder
// silently stops there, so a buffer would come out short.
size_t firstNonBase64(const std::string& uri) {
  const size_t start = uri.find(',') + 1;
  size_t end = uri.size();
  while (end > start && uri[end - 1] == '=') --end;
  for (size_t i = start; i < end; ++i) {
    const char c = uri[i];
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '/') return i - start;
  }
  return std::string::npos;
}

}  // namespace

std::string percentDecode(const std::string& uri) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && hex(uri[i + 1]) >= 0 && hex(uri[i + 2]) >= 0) {
      out += char(hex(uri[i + 1]) * 16 + hex(uri[i + 2]));
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}

UriTarget resolveUri(const std::string& uri, const std::string& baseDir, bool allowOutsideFolder) {
  namespace fs = std::filesystem;
  UriTarget t;
  // Rules --allow-outside-folder does not lift. A scheme asks for another way to fetch than
  // reading a path: a viewer must not go to the network (http:, https:) because a file it was
  // merely shown says so, file: URIs (RFC 8089) may name another host, and unknown schemes mean
  // nothing here. Drive and UNC paths name files of another system (on this one they would be
  // odd relative names). A trusted asset reaches any local file by a plain path instead.
  const std::string never =
      " are not read (confinement: only data: URIs and files inside the asset's folder)";
  if (uri.size() >= 2 && std::isalpha(static_cast<unsigned char>(uri[0])) && uri[1] == ':') {
    t.refusal = quoted(uri) + ": Windows drive paths" + never;  // "C:\x.bin", "C:/x.bin"
    return t;
  }
  if (const std::string scheme = uriScheme(uri); !scheme.empty()) {
    t.refusal = quoted(uri) + ": " + scheme + " URIs" + never;
    return t;
  }
  if (uri.rfind("\\\\", 0) == 0 || uri.rfind("//", 0) == 0) {
    // "\\host\share\a.bin" (UNC), or an RFC 3986 network-path reference "//host/a.bin".
    t.refusal = quoted(uri) + ": network paths" + never;
    return t;
  }
  const std::string decoded = percentDecode(uri);
  if (decoded.find('\0') != std::string::npos) {  // open() would stop at it
    t.refusal = quoted(uri) + ": URIs with a NUL character (%00)" + never;
    return t;
  }
  const bool absolute = !decoded.empty() && decoded[0] == '/';
  t.shown = absolute || baseDir.empty() ? decoded
            : baseDir.back() == '/'     ? baseDir + decoded
                                        : baseDir + "/" + decoded;
  // The folder and the target as the system resolves them: "..", "." and symlinks (also one
  // met in the middle of the path: "link/../x") followed, so a symlink pointing out is out.
  std::error_code ec;
  fs::path folder = fs::absolute(baseDir.empty() ? fs::path(".") : fs::path(baseDir), ec);
  if (fs::path c = fs::weakly_canonical(folder, ec); !ec) folder = c;
  folder = folder.lexically_normal();
  const fs::path target = absolute ? fs::path(decoded) : folder / decoded;
  fs::path resolved = fs::weakly_canonical(target, ec);
  // Unresolvable (a symlink loop, say): the file cannot be opened either; judged lexically.
  if (ec) resolved = target.lexically_normal();
  t.resolved = resolved.string();
  if (allowOutsideFolder) return t;
  if (absolute) {
    t.refusal = quoted(uri) +
                " is an absolute path, not relative to the asset's folder (use "
                "--allow-outside-folder to read it)";
  } else if (!isInside(resolved, folder)) {
    t.refusal = quoted(uri) +
                " resolves outside the asset's folder (use --allow-outside-folder to read it)";
  }
  return t;
}

std::string ResourceCache::load(const Json& root, const std::string& baseDir, bool isGlb,
                                std::span<const uint8_t> glbBin, std::vector<std::string>& warnings,
                                const std::vector<bool>& skipBuffers) {
  const Json& buffers = array(root, "buffers");
  bufferKeys_.assign(buffers.size(), {});
  imageKeys_.assign(array(root, "images").size(), {});
  for (size_t i = 0; i < buffers.size(); ++i) {
    if (i < skipBuffers.size() && skipBuffers[i]) continue;
    if (std::string err = loadBuffer(buffers[i], i, baseDir, isGlb, glbBin); !err.empty()) {
      return err;
    }
  }
  const Json& images = array(root, "images");
  for (size_t i = 0; i < images.size(); ++i) {
    if (std::string err = loadImage(images[i], i, baseDir, warnings); !err.empty()) return err;
  }
  return {};
}

std::string ResourceCache::loadBuffer(const Json& buffer, size_t i, const std::string& baseDir,
                                      bool isGlb, std::span<const uint8_t> glbBin) {
  const std::string at = jsonPointer("buffers", i);
  const uint64_t byteLength = uint64_t(integer(buffer, "byteLength", 0));
  const Json* uriJson = member(buffer, "uri");
  if (!uriJson) {
    // §4.4.3.3: only the first buffer of a GLB may omit uri, and then refers to BIN. Others
    // without uri (EXT_/KHR_meshopt_compression placeholders) are skipped when nothing reads them,
    // and refused before this when something does (buffer_views.h neededBuffers).
    if (!isGlb || i != 0) return located(at, "buffer has no uri");
    if (glbBin.empty()) return located(at, "refers to the GLB BIN chunk, but the file has none");
    if (byteLength > glbBin.size()) {
      return located(at + "/byteLength", std::to_string(byteLength) +
                                             " exceeds the GLB BIN chunk's " +
                                             std::to_string(glbBin.size()) + " bytes");
    }
    return {};
  }
  const std::string uri = uriJson->get<std::string>();
  if (isDataUri(uri)) {
    if (!tinygltf::IsDataURI(uri)) {
      return located(at + "/uri", "unsupported data URI media type \"" + mediaType(uri) +
                                      "\" (expected base64 application/octet-stream)");
    }
    if (const size_t bad = firstNonBase64(uri); bad != std::string::npos) {
      return located(at + "/uri", "data URI is not valid base64 (character " + std::to_string(bad) +
                                      " of its data)");
    }
    // tinygltf insists on an exact match (§3.6.1.1 only asks for at least byteLength).
    const uint64_t size = base64DecodedSize(uri);
    if (size != byteLength) {
      return located(at + "/uri", "data URI holds " + std::to_string(size) +
                                      " bytes, but byteLength is " + std::to_string(byteLength));
    }
    return {};
  }
  const UriTarget target = resolveUri(uri, baseDir, allowOutsideFolder_);
  if (!target.refusal.empty()) return located(at + "/uri", target.refusal);
  const std::string& path = target.shown;
  // tinygltf asks for files by key alone, so one file can only be served at one length; a
  // file shared by several buffers, under whatever spelling, is read once.
  bufferKeys_[i] = target.resolved;
  if (auto it = entries_.find(target.resolved); it != entries_.end()) {
    if (it->second.byteLength != byteLength) {
      return located(at, "uses file \"" + path +
                             "\" like an earlier buffer but with another byteLength (not "
                             "supported)");
    }
    ++it->second.uses;
    return {};
  }
  Entry e;
  e.path = path;
  // Only byteLength bytes are read: extra bytes are ignored (§3.6.1.1).
  if (std::string err = readRegularFile(target.resolved, e.data, byteLength, true); !err.empty()) {
    return located(at + "/uri", err.insert(err.find(':'), " \"" + e.path + "\""));
  }
  // §3.6.1.1: the resource MUST be at least byteLength long.
  if (e.data.size() < byteLength) {
    return located(at, "file \"" + e.path + "\" has " + std::to_string(e.data.size()) +
                           " bytes, but byteLength is " + std::to_string(byteLength));
  }
  e.byteLength = byteLength;
  entries_[target.resolved] = std::move(e);
  return {};
}

std::string ResourceCache::loadImage(const Json& image, size_t i, const std::string& baseDir,
                                     std::vector<std::string>& warnings) {
  const Json* uriJson = member(image, "uri");
  if (!uriJson) return {};  // a bufferView image, read from a loaded buffer
  const std::string at = jsonPointer("images", i, "uri");
  const std::string uri = uriJson->get<std::string>();
  if (isDataUri(uri)) {
    // tinygltf takes an unknown data URI for a file name, finds no such file in this cache
    // and goes on without the image: a warning, as for any undecodable image.
    // image/webp (EXT_texture_webp) and image/ktx2 (KHR_texture_basisu) are left to
    // load_images.cpp, which decodes the one and explains the other.
    const std::string type = mediaType(uri);
    if (type == "image/webp" || type == "image/ktx2") return {};
    if (!tinygltf::IsDataURI(uri)) {
      warnings.push_back(located(at, "unsupported data URI media type \"" + type + "\""));
    } else if (base64DecodedSize(uri) == 0 || firstNonBase64(uri) == 0) {
      // tinygltf fails the whole load when nothing decodes; it is a broken file. (Invalid
      // characters further on only truncate the image, which then fails to decode.)
      return located(at, "data URI holds no base64 data");
    }
    return {};
  }
  const UriTarget target = resolveUri(uri, baseDir, allowOutsideFolder_);
  if (!target.refusal.empty()) {
    warnings.push_back(located(at, target.refusal));  // the image is dropped
    return {};
  }
  if (auto it = entries_.find(target.resolved); it != entries_.end()) {
    ++it->second.uses;  // already read (for a buffer or another image)
    imageKeys_[i] = target.resolved;
    return {};
  }
  Entry e;
  e.path = target.shown;
  // stb_image takes int lengths (load_images.cpp).
  if (std::string err = readRegularFile(target.resolved, e.data, INT_MAX); !err.empty()) {
    warnings.push_back(located(at, err.insert(err.find(':'), " \"" + e.path + "\"")));
    return {};
  }
  // Absent from the cache, an empty file is a missing image for tinygltf (it would
  // otherwise fail the whole load).
  if (e.data.empty()) {
    warnings.push_back(located(at, "file \"" + e.path + "\" is empty"));
    return {};
  }
  e.byteLength = e.data.size();
  entries_[target.resolved] = std::move(e);
  imageKeys_[i] = target.resolved;
  return {};
}

void ResourceCache::redirect(Json& subset) const {
  // Keys are absolute paths: a relative name is never one. Escaped so that tinygltf's
  // decoding ('%XX', '+' -> ' ') gives the key back.
  auto encode = [](const std::string& key) {
    if (key.empty()) return std::string("vitrine-not-read");
    std::string out;
    for (char c : key) {
      if (c == '%') {
        out += "%25";
      } else if (c == '+') {
        out += "%2B";
      } else {
        out += c;
      }
    }
    return out;
  };
  auto rewrite = [&](const char* name, const std::vector<std::string>& keys) {
    Json* list = subset.contains(name) ? &subset[name] : nullptr;
    if (!list || !list->is_array()) return;
    for (size_t i = 0; i < list->size() && i < keys.size(); ++i) {
      Json& object = (*list)[i];
      const Json* uri = member(object, "uri");
      if (!uri || !uri->is_string() || isDataUri(uri->get<std::string>())) continue;
      object["uri"] = encode(keys[i]);
    }
  };
  rewrite("buffers", bufferKeys_);
  rewrite("images", imageKeys_);
}

tinygltf::FsCallbacks ResourceCache::callbacks() {
  tinygltf::FsCallbacks fs{};
  fs.FileExists = &ResourceCache::fileExists;
  fs.ExpandFilePath = &ResourceCache::expandFilePath;
  fs.ReadWholeFile = &ResourceCache::readFile;
  fs.WriteWholeFile = &ResourceCache::writeFile;
  fs.user_data = this;
  return fs;
}

bool ResourceCache::fileExists(const std::string& path, void* self) {
  return static_cast<ResourceCache*>(self)->entries_.count(path) != 0;
}

std::string ResourceCache::expandFilePath(const std::string& path, void*) {
  return path;
}

bool ResourceCache::readFile(std::vector<unsigned char>* out, std::string* err,
                             const std::string& path, void* self) {
  auto& entries = static_cast<ResourceCache*>(self)->entries_;
  auto it = entries.find(path);
  if (it == entries.end()) {
    if (err) *err += "not in the resource cache: " + path;
    return false;
  }
  Entry& e = it->second;
  if (e.uses == 0) {
    if (err) *err += "file \"" + e.path + "\" requested more often than referenced";
    return false;
  }
  // The last reference takes the bytes (a large .bin is held once), earlier ones copy them:
  // the file is never read twice.
  if (--e.uses == 0) {
    *out = std::move(e.data);
  } else {
    *out = e.data;
  }
  return true;
}

bool ResourceCache::writeFile(std::string* err, const std::string&,
                              const std::vector<unsigned char>&, void*) {
  if (err) *err += "the loader does not write files";
  return false;
}

}  // namespace vitrine::scene
