#include "png_writer.h"

#include <algorithm>
#include <string>

namespace vitrine::test {
namespace {

void appendBE32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 3; i >= 0; --i) out.push_back(uint8_t(v >> (8 * i)));
}

uint32_t crc32(const uint8_t* p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  return ~c;
}

void appendChunk(std::vector<uint8_t>& out, const char* type, const std::vector<uint8_t>& data) {
  appendBE32(out, uint32_t(data.size()));
  std::vector<uint8_t> body(type, type + 4);
  body.insert(body.end(), data.begin(), data.end());
  out.insert(out.end(), body.begin(), body.end());
  appendBE32(out, crc32(body.data(), body.size()));
}

// zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 §3.2.4).
std::vector<uint8_t> zlibStored(const std::vector<uint8_t>& raw) {
  std::vector<uint8_t> out{0x78, 0x01};
  size_t pos = 0;
  do {
    const size_t n = std::min<size_t>(65535, raw.size() - pos);
    const bool last = pos + n == raw.size();
    out.push_back(last ? 1 : 0);
    out.push_back(uint8_t(n));
    out.push_back(uint8_t(n >> 8));
    out.push_back(uint8_t(~n));
    out.push_back(uint8_t(~n >> 8));
    out.insert(out.end(), raw.begin() + long(pos), raw.begin() + long(pos + n));
    pos += n;
  } while (pos < raw.size());
  uint32_t a = 1, b = 0;  // Adler-32
  for (uint8_t byte : raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  appendBE32(out, (b << 16) | a);
  return out;
}

}  // namespace

std::vector<uint8_t> encodePng(uint32_t width, uint32_t height, uint32_t channels,
                               uint32_t bitDepth, const std::vector<uint16_t>& samples) {
  static const uint8_t kColorType[] = {0, 0, 4, 2, 6};  // by channel count
  std::vector<uint8_t> out{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<uint8_t> header;
  appendBE32(header, width);
  appendBE32(header, height);
  header.insert(header.end(), {uint8_t(bitDepth), kColorType[channels], 0, 0, 0});
  appendChunk(out, "IHDR", header);
  std::vector<uint8_t> raw;
  size_t i = 0;
  for (uint32_t y = 0; y < height; ++y) {
    raw.push_back(0);  // filter: none
    for (uint32_t x = 0; x < width * channels; ++x, ++i) {
      if (bitDepth == 16) raw.push_back(uint8_t(samples[i] >> 8));  // big endian
      raw.push_back(uint8_t(samples[i]));
    }
  }
  appendChunk(out, "IDAT", zlibStored(raw));
  appendChunk(out, "IEND", {});
  return out;
}

}  // namespace vitrine::test
