// Writes the reference vectors of tests/scene/meshopt_khr_test.cpp: KHR_meshopt_compression
// version 1 attribute streams made by meshoptimizer's own encoder (npm "meshoptimizer"), each
// with the bytes meshoptimizer's own decoder gets from it. Run from this folder:
//   cd /tmp && npm install meshoptimizer@1.3.0
//   NODE_PATH=/tmp/node_modules node make_vectors.mjs
// Output: vectors/<name>.bin (the stream), vectors/<name>.raw (the decoded view, filter
// applied), and vectors.txt (one line per vector: name count byteStride filter).
import { createRequire } from "module";
import fs from "fs";
const require = createRequire(import.meta.url);
const { MeshoptEncoder, MeshoptDecoder } = require("meshoptimizer");
await MeshoptEncoder.ready;
await MeshoptDecoder.ready;

// A reproducible pseudo-random sequence (xorshift32).
let seed = 2463534242;
const rand = () => {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed;
};

const lines = [];
fs.mkdirSync("vectors", { recursive: true });
function emit(name, source, count, stride, filter, level = 3) {
  const encoded = MeshoptEncoder.encodeVertexBufferLevel(source, count, stride, level, 1);
  if (encoded[0] !== 0xa1) throw new Error(name + ": not a version 1 stream");
  const decoded = new Uint8Array(count * stride);
  MeshoptDecoder.decodeGltfBuffer(decoded, count, stride, encoded, "ATTRIBUTES", filter);
  fs.writeFileSync(`vectors/${name}.bin`, encoded);
  fs.writeFileSync(`vectors/${name}.raw`, decoded);
  lines.push(`${name} ${count} ${stride} ${filter}`);
}

// 300 elements of 16 bytes (two attribute blocks of 256 and 44): a smooth float (XOR deltas
// pay), two 16-bit ramps with large steps (2-byte deltas), noise (literal bytes), a constant
// (all-zero deltas).
{
  const count = 300, stride = 16;
  const buf = new ArrayBuffer(count * stride);
  const f = new Float32Array(buf), u16 = new Uint16Array(buf), u8 = new Uint8Array(buf);
  for (let i = 0; i < count; ++i) {
    f[i * 4] = Math.sin(i * 0.05) * 100;
    u16[i * 8 + 2] = (i * 977) & 0xffff;
    u16[i * 8 + 3] = (60000 - i * 131) & 0xffff;
    for (let j = 8; j < 12; ++j) u8[i * 16 + j] = rand() & 0xff;
    u8.set([1, 2, 3, 4], i * 16 + 12);
  }
  emit("mixed", u8, count, stride, "NONE");
  emit("mixed_level0", u8, count, stride, "NONE", 0);
  // One element: a block of a single partial group.
  emit("single", u8.subarray(0, 16), 1, 16, "NONE");
}
// Floats whose bits flip in place rather than count (sign and exponent changes, a few
// mantissa bits): XOR deltas, rotated.
{
  const count = 200, stride = 8;
  const buf = new ArrayBuffer(count * stride);
  const u32 = new Uint32Array(buf);
  for (let i = 0; i < count; ++i) {
    u32[i * 2] = ((rand() & 1) << 31) | ((124 + (rand() % 4)) << 23) | ((rand() & 7) << 20);
    u32[i * 2 + 1] = (0x3f800000 ^ ((rand() & 3) << 9)) >>> 0;
  }
  emit("xor", new Uint8Array(buf), count, stride, "NONE");
}
// Small deltas in every byte: the 1- and 2-bit sentinel groups.
{
  const count = 70, stride = 4;
  const u8 = new Uint8Array(count * stride);
  for (let i = 0; i < count; ++i)
    for (let j = 0; j < 4; ++j) u8[i * 4 + j] = (i * (j + 1) + (rand() % 3)) & 0xff;
  emit("small_deltas", u8, count, stride, "NONE");
}
// COLOR filter, 8-bit (byteStride 4) and 16-bit (byteStride 8) components.
for (const [stride, bits] of [[4, 8], [4, 6], [8, 12]]) {
  const count = 37;
  const rgba = new Float32Array(count * 4);
  for (let i = 0; i < count * 4; ++i) rgba[i] = (rand() % 1001) / 1000;
  const filtered = MeshoptEncoder.encodeFilterColor(rgba, count, stride, bits);
  emit(`color_s${stride}_k${bits}`, new Uint8Array(filtered.buffer, filtered.byteOffset, count * stride), count, stride, "COLOR");
}
fs.writeFileSync("vectors.txt", lines.join("\n") + "\n");
console.log(lines.join("\n"));
