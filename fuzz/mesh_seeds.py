#!/usr/bin/env python3
"""Seeds for draco_fuzz and meshopt_fuzz (their input formats are described at the top of
fuzz/draco_fuzz.cpp and fuzz/meshopt_fuzz.cpp): the compressed streams of real assets, each
behind the header that declares what its glTF accessors declare.
Usage: mesh_seeds.py draco|meshopt|meshopt_khr GLTF OUT_DIR [NAME] (seeds NAME1.bin, ...)
(the .gltf with its buffers as files next to it: the assimp Draco sample, or a gltfpack -cc
output; for meshopt_khr a .glb too, e.g. tests/data/meshopt_khr/*.glb), or
       mesh_seeds.py vectors DIR OUT_DIR (the reference vectors DIR/vectors.txt lists, the
form tests/data/meshopt_khr/make_vectors.mjs writes) for meshopt_khr_fuzz."""
import json
import os
import struct
import sys

ORDER = ["POSITION", "NORMAL", "TEXCOORD_0", "JOINTS_0"]  # draco_fuzz's attribute slots
INDEX_KIND = {5121: 1, 5123: 2, 5125: 3}
MODES = {"ATTRIBUTES": 0, "TRIANGLES": 1, "INDICES": 2}
FILTERS = {"NONE": 0, "OCTAHEDRAL": 1, "QUATERNION": 2, "EXPONENTIAL": 3, "COLOR": 4}
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


def glb(path):
    """The JSON and BIN chunks of a GLB (glTF 2.0 section 4.4)."""
    raw = open(path, "rb").read()
    doc, bin_chunk, at = None, b"", 12
    while at + 8 <= len(raw):
        length, kind = struct.unpack_from("<II", raw, at)
        chunk = raw[at + 8:at + 8 + length]
        if kind == 0x4E4F534A:
            doc = json.loads(chunk)
        elif kind == 0x004E4942:
            bin_chunk = chunk
        at += 8 + length
    return doc, bin_chunk


def vectors(folder, out, name):
    n = 0
    for line in open(os.path.join(folder, "vectors.txt")):
        vec, count, stride, filt = line.split()
        stream = open(os.path.join(folder, "vectors", vec + ".bin"), "rb").read()
        header = bytes([0, FILTERS[filt], int(stride) - 1, 0]) + struct.pack("<I", int(count))
        n += 1
        open(os.path.join(out, "%s_%s.bin" % (name, vec)), "wb").write(header + stream)
    return n


def meshopt(doc, data, out, name, extension="EXT_meshopt_compression"):
    n = 0
    for view in doc.get("bufferViews", []):
        ext = view.get("extensions", {}).get(extension)
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
    os.makedirs(out, exist_ok=True)
    if kind == "vectors":
        print("vectors: %d seeds from %s" % (vectors(path, out, name), path))
        return
    if path.endswith(".glb"):
        doc, bin_chunk = glb(path)
        data = [bin_chunk if i == 0 and "uri" not in b else b""
                for i, b in enumerate(doc.get("buffers", []))]
    else:
        doc = json.load(open(path))
        data = buffers(doc, os.path.dirname(path))
    if kind == "draco":
        n = draco(doc, data, out, name)
    elif kind == "meshopt_khr":
        n = meshopt(doc, data, out, name, "KHR_meshopt_compression")
    else:
        n = meshopt(doc, data, out, name)
    print("%s: %d seeds from %s" % (kind, n, os.path.basename(path)))


if __name__ == "__main__":
    main()
