#!/usr/bin/env python3
"""Seeds for draco_fuzz and meshopt_fuzz (their input formats are described at the top of
fuzz/draco_fuzz.cpp and fuzz/meshopt_fuzz.cpp): the compressed streams of real assets, each
behind the header that declares what its glTF accessors declare.
Usage: mesh_seeds.py draco|meshopt GLTF OUT_DIR [NAME] (seeds NAME1.bin, NAME2.bin, ...)
(the .gltf with its buffers as files next to it: the assimp Draco sample, or a gltfpack -cc
output)."""
import json
import os
import struct
import sys

ORDER = ["POSITION", "NORMAL", "TEXCOORD_0", "JOINTS_0"]  # draco_fuzz's attribute slots
INDEX_KIND = {5121: 1, 5123: 2, 5125: 3}
MODES = {"ATTRIBUTES": 0, "TRIANGLES": 1, "INDICES": 2}
FILTERS = {"NONE": 0, "OCTAHEDRAL": 1, "QUATERNION": 2, "EXPONENTIAL": 3}
MAX_SEED = 128 * 1024


def buffers(doc, folder):
    return [open(os.path.join(folder, b["uri"]), "rb").read() if "uri" in b else b""
            for b in doc.get("buffers", [])]


def draco(doc, data, out, name):
    n = 0
    for mesh in doc.get("meshes", []):
        for prim in mesh["primitives"]:
            ext = prim.get("extensions", {}).get("KHR_draco_mesh_compression")
            if not ext:
                continue
            # draco_fuzz fills its slots in order: the leading run of them the stream has.
            names = []
            for a in ORDER:
                if a not in ext["attributes"]:
                    break
                names.append(a)
            if not names:
                continue
            view = doc["bufferViews"][ext["bufferView"]]
            stream = data[view["buffer"]][view.get("byteOffset", 0):
                                          view.get("byteOffset", 0) + view["byteLength"]]
            vertices = doc["accessors"][prim["attributes"]["POSITION"]]["count"]
            kind, count = 0, 0
            if "indices" in prim:
                acc = doc["accessors"][prim["indices"]]
                kind, count = INDEX_KIND[acc["componentType"]], acc["count"]
            ids = [ext["attributes"][a] for a in names] + [0] * (4 - len(names))
            header = bytes([len(names) - 1, kind]) + struct.pack("<II", vertices, count) + \
                bytes(i & 0xFF for i in ids)
            if len(header) + len(stream) <= MAX_SEED:
                n += 1
                open(os.path.join(out, "%s%d.bin" % (name, n)), "wb").write(header + stream)
    return n


def meshopt(doc, data, out, name):
    n = 0
    for view in doc.get("bufferViews", []):
        ext = view.get("extensions", {}).get("EXT_meshopt_compression")
        if not ext:
            continue
        stream = data[ext["buffer"]][ext.get("byteOffset", 0):
                                     ext.get("byteOffset", 0) + ext["byteLength"]]
        header = bytes([MODES[ext["mode"]], FILTERS[ext.get("filter", "NONE")],
                        ext["byteStride"] - 1, 0]) + struct.pack("<I", ext["count"])
        if len(header) + len(stream) <= MAX_SEED:
            n += 1
            open(os.path.join(out, "%s%d.bin" % (name, n)), "wb").write(header + stream)
    return n


def main():
    kind, path, out = sys.argv[1:4]
    name = sys.argv[4] if len(sys.argv) > 4 else kind
    doc = json.load(open(path))
    data = buffers(doc, os.path.dirname(path))
    os.makedirs(out, exist_ok=True)
    n = (draco if kind == "draco" else meshopt)(doc, data, out, name)
    print("%s: %d seeds from %s" % (kind, n, os.path.basename(path)))


if __name__ == "__main__":
    main()
