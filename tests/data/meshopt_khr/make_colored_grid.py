#!/usr/bin/env python3
"""Writes colored_grid.gltf: a 9x9-vertex grid (128 triangles) with float POSITION and a
float RGBA COLOR_0 that varies smoothly, its buffer embedded as a data: URI. It is the source of
colored_grid-khr*.glb (README.md): gltfpack stores its colours with KHR_meshopt_compression's
COLOR filter. Usage: python3 make_colored_grid.py"""
import base64
import json
import math
import struct

N = 9
positions, colors, indices = [], [], []
for y in range(N):
    for x in range(N):
        positions += [x / (N - 1), y / (N - 1), 0.1 * math.sin(x + y)]
        colors += [x / (N - 1), y / (N - 1), 0.5 + 0.5 * math.sin(x * y), 0.25 + 0.75 * (x / (N - 1))]
for y in range(N - 1):
    for x in range(N - 1):
        a = y * N + x
        indices += [a, a + 1, a + N, a + 1, a + N + 1, a + N]
pos = struct.pack("<%df" % len(positions), *positions)
col = struct.pack("<%df" % len(colors), *colors)
idx = struct.pack("<%dH" % len(indices), *indices)
data = pos + col + idx
count = N * N
doc = {
    "asset": {"version": "2.0", "generator": "make_colored_grid.py"},
    "scene": 0,
    "scenes": [{"nodes": [0]}],
    "nodes": [{"mesh": 0, "name": "grid"}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "COLOR_0": 1}, "indices": 2}]}],
    "accessors": [
        {"bufferView": 0, "componentType": 5126, "count": count, "type": "VEC3",
         "min": [min(positions[i::3]) for i in range(3)],
         "max": [max(positions[i::3]) for i in range(3)]},
        {"bufferView": 1, "componentType": 5126, "count": count, "type": "VEC4"},
        {"bufferView": 2, "componentType": 5123, "count": len(indices), "type": "SCALAR"},
    ],
    "bufferViews": [
        {"buffer": 0, "byteOffset": 0, "byteLength": len(pos), "target": 34962},
        {"buffer": 0, "byteOffset": len(pos), "byteLength": len(col), "target": 34962},
        {"buffer": 0, "byteOffset": len(pos) + len(col), "byteLength": len(idx), "target": 34963},
    ],
    "buffers": [{"byteLength": len(data),
                 "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()}],
}
with open("colored_grid.gltf", "w") as f:
    json.dump(doc, f, indent=1)
