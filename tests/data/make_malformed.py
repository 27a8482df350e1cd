#!/usr/bin/env python3
"""Writes tests/data/malformed/: small glTF assets that each break one rule of issue 14
(confinement, memory budget, tolerance) or of the loader before it. What vitrine must answer for
each (exit status and message, under --check, --render and --thumbnail) is in
tests/data/malformed/expected.txt, written by hand; this script writes the assets only.

  make_malformed.py [DIR]     write the assets into DIR (default: beside this script)
  make_malformed.py --verify  regenerate into a temporary folder and compare with the committed
                              ones (ctest malformed_assets_are_generated): they never drift

The output is deterministic: JSON with sorted keys, fixed bytes, no time stamps.
"""
import base64
import json
import os
import struct
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
KEEP = {"expected.txt"}  # hand-written, not generated

TRIANGLE_BIN = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)


def data_uri(data):
    return "data:application/octet-stream;base64," + base64.b64encode(data).decode()


def triangle(uri=None):
    """One triangle (POSITION only) in scene 0; its buffer at `uri` (default: a data URI)."""
    return {
        "asset": {"version": "2.0", "generator": "vitrine tests/data/make_malformed.py"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [0, 0, 0], "max": [1, 1, 0]}],
        "bufferViews": [{"buffer": 0, "byteLength": len(TRIANGLE_BIN)}],
        "buffers": [{"byteLength": len(TRIANGLE_BIN),
                     "uri": data_uri(TRIANGLE_BIN) if uri is None else uri}],
    }


def textured(image_uri):
    """The triangle with a baseColorTexture whose image is at `image_uri`."""
    g = triangle()
    g["materials"] = [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}]
    g["meshes"][0]["primitives"][0]["material"] = 0
    g["textures"] = [{"source": 0}]
    g["images"] = [{"uri": image_uri}]
    return g


def gltf(doc):
    return (json.dumps(doc, indent=1, sort_keys=True) + "\n").encode()


def glb(doc, bin_chunk=b"", declared_length=None, bin_declared=None):
    j = json.dumps(doc, sort_keys=True).encode()
    j += b" " * (-len(j) % 4)
    out = struct.pack("<II", len(j), 0x4E4F534A) + j
    if bin_chunk:
        bin_chunk += b"\0" * (-len(bin_chunk) % 4)
        n = len(bin_chunk) if bin_declared is None else bin_declared
        out += struct.pack("<II", n, 0x004E4942) + bin_chunk
    length = 12 + len(out) if declared_length is None else declared_length
    return struct.pack("<III", 0x46546C67, 2, length) + out


class Symlink:
    def __init__(self, target):
        self.target = target


def assets():
    """name -> bytes, or Symlink."""
    a = {}
    # --- confinement: only data: URIs and files inside the asset's folder ---------------------
    a["escape_absolute.gltf"] = gltf(triangle("/nonexistent-vitrine/outside.bin"))
    a["escape_dotdot.gltf"] = gltf(triangle("../outside.bin"))
    a["escape_encoded_dotdot.gltf"] = gltf(triangle("%2e%2e/outside.bin"))
    # A symlink inside the folder to a file outside it (this script).
    a["escape_symlink.gltf"] = gltf(triangle("escape_symlink.bin"))
    a["escape_symlink.bin"] = Symlink("../make_malformed.py")
    a["escape_file_uri.gltf"] = gltf(triangle("file:///etc/hostname"))
    a["escape_http.gltf"] = gltf(triangle("http://example.com/outside.bin"))
    a["escape_https.gltf"] = gltf(triangle("https://example.com/outside.bin"))
    a["escape_drive.gltf"] = gltf(triangle("C:\\outside.bin"))
    a["escape_unc.gltf"] = gltf(triangle("\\\\server\\share\\outside.bin"))
    a["escape_image_dotdot.gltf"] = gltf(textured("../outside.png"))
    # One file under two spellings: read once, loads.
    two = triangle("spelling.bin")
    two["buffers"].append({"byteLength": len(TRIANGLE_BIN), "uri": "./spelling%2Ebin"})
    a["spelling.gltf"] = gltf(two)
    a["spelling.bin"] = TRIANGLE_BIN
    # --- memory budget: a few bytes of JSON asking for gigabytes --------------------------------
    # An accessor without bufferView is zeros (§3.6.2.1 sparse / no bufferView): 4.8 GB of them.
    huge = triangle()
    huge["accessors"][0] = {"componentType": 5126, "count": 400_000_000, "type": "VEC3",
                            "min": [0, 0, 0], "max": [0, 0, 0]}
    a["budget_huge_accessor.gltf"] = gltf(huge)
    # 4 GiB in 1024 requests of 4 MiB (349525 VEC3 floats each), one primitive each.
    many = triangle()
    many["accessors"] = [{"componentType": 5126, "count": 349525, "type": "VEC3",
                          "min": [0, 0, 0], "max": [0, 0, 0]} for _ in range(1024)]
    many["meshes"] = [{"primitives": [{"attributes": {"POSITION": i}} for i in range(1024)]}]
    a["budget_many_requests.gltf"] = gltf(many)
    # Animation data: a sampler of 200 million keyframes.
    anim = triangle()
    anim["accessors"] += [
        {"componentType": 5126, "count": 200_000_000, "type": "SCALAR", "min": [0], "max": [0]},
        {"componentType": 5126, "count": 200_000_000, "type": "VEC3"}]
    anim["animations"] = [{"samplers": [{"input": 1, "output": 2}],
                           "channels": [{"sampler": 0,
                                         "target": {"node": 0, "path": "translation"}}]}]
    a["budget_animation.gltf"] = gltf(anim)
    # --- tolerance: what the spec allows loads; what still makes a picture is clamped --------
    cam = triangle()
    cam["cameras"] = [{"type": "perspective",
                       "perspective": {"yfov": 3.5, "znear": 0.01, "aspectRatio": 1.0}}]
    cam["nodes"].append({"camera": 0, "translation": [0, 0, 3]})
    cam["scenes"][0]["nodes"].append(1)
    a["tolerate_camera_yfov.gltf"] = gltf(cam)
    unused = triangle()
    unused["buffers"].append({"byteLength": 16})  # no uri, and nothing reads it
    a["tolerate_unused_buffer_without_uri.gltf"] = gltf(unused)
    factor = triangle()
    factor["materials"] = [{"pbrMetallicRoughness": {"metallicFactor": 1.5}}]
    factor["meshes"][0]["primitives"][0]["material"] = 0
    a["tolerate_metallic_factor.gltf"] = gltf(factor)
    # --- the loader's older rules --------------------------------------------------------------
    a["invalid_json.gltf"] = b'{"asset": {"version": "2.0"}, "scenes": [\n'
    a["truncated.glb"] = glb(triangle(), declared_length=4096)
    # A BIN chunk declaring 4 GiB - 4 bytes in a file of a few hundred.
    doc = triangle()
    del doc["buffers"][0]["uri"]
    a["glb_chunk_length.glb"] = glb(doc, TRIANGLE_BIN, bin_declared=0xFFFFFFFC)
    a["missing_bin.gltf"] = gltf(triangle("missing_bin.bin"))
    a["short_bin.gltf"] = gltf(triangle("short_bin.bin"))
    a["short_bin.bin"] = TRIANGLE_BIN[:12]
    bad = triangle()
    bad["buffers"][0]["uri"] = data_uri(TRIANGLE_BIN)[:-8] + "!!!!AAAA"
    a["bad_base64.gltf"] = gltf(bad)
    oob = triangle()
    oob["accessors"][0]["count"] = 100
    a["accessor_out_of_bounds.gltf"] = gltf(oob)
    return a


def write(folder):
    os.makedirs(folder, exist_ok=True)
    for name, content in sorted(assets().items()):
        path = os.path.join(folder, name)
        if os.path.lexists(path):
            os.remove(path)
        if isinstance(content, Symlink):
            os.symlink(content.target, path)
        else:
            with open(path, "wb") as f:
                f.write(content)


def snapshot(folder):
    """name -> ("link", target) or ("file", bytes), for the generated names."""
    out = {}
    for name in sorted(os.listdir(folder)):
        if name in KEEP:
            continue
        path = os.path.join(folder, name)
        if os.path.islink(path):
            out[name] = ("link", os.readlink(path))
        else:
            with open(path, "rb") as f:
                out[name] = ("file", f.read())
    return out


def verify():
    committed = os.path.join(HERE, "malformed")
    with tempfile.TemporaryDirectory() as tmp:
        fresh = os.path.join(tmp, "malformed")
        write(fresh)
        want, have = snapshot(fresh), snapshot(committed)
    problems = [f"missing from tests/data/malformed: {n}" for n in want if n not in have]
    problems += [f"not generated by make_malformed.py: {n}" for n in have if n not in want]
    problems += [f"differs from what make_malformed.py writes: {n}"
                 for n in want if n in have and want[n] != have[n]]
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print("run tests/data/make_malformed.py and commit the result", file=sys.stderr)
    return 1 if problems else 0


def main(argv):
    if argv[1:] == ["--verify"]:
        return verify()
    if len(argv) > 2 or (len(argv) == 2 and argv[1].startswith("-")):
        print(__doc__, file=sys.stderr)
        return 2
    write(argv[1] if len(argv) == 2 else os.path.join(HERE, "malformed"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
