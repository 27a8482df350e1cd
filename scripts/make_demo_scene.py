#!/usr/bin/env python3
"""Generates assets/demo.gltf, the scene Vitrine opens when no file is given.

Run from the repository root: python3 scripts/make_demo_scene.py
Deterministic: the same script writes the same file.
"""
import base64
import json
import math
import struct

buf = bytearray()
views, accessors = [], []


def add_view(data, target):
    while len(buf) % 4:
        buf.append(0)
    views.append({"buffer": 0, "byteOffset": len(buf), "byteLength": len(data), "target": target})
    buf.extend(data)
    return len(views) - 1


def add_floats(rows, kind, target=34962, with_bounds=False):
    n = len(rows[0])
    data = b"".join(struct.pack("<%df" % n, *r) for r in rows)
    acc = {"bufferView": add_view(data, target), "componentType": 5126, "count": len(rows), "type": kind}
    if with_bounds:
        acc["min"] = [min(r[i] for r in rows) for i in range(n)]
        acc["max"] = [max(r[i] for r in rows) for i in range(n)]
    accessors.append(acc)
    return len(accessors) - 1


def add_times_values(times, values, kind):
    t = add_floats([[x] for x in times], "SCALAR", target=None, with_bounds=True)
    v = add_floats(values, kind, target=None)
    for i in (t, v):
        views[accessors[i]["bufferView"]].pop("target")
    return t, v


def add_indices(idx):
    data = struct.pack("<%dH" % len(idx), *idx)
    accessors.append({"bufferView": add_view(data, 34963), "componentType": 5123, "count": len(idx), "type": "SCALAR"})
    return len(accessors) - 1


def mesh_from(pos, nrm, uv, idx, material):
    return {"primitives": [{"attributes": {"POSITION": add_floats(pos, "VEC3", with_bounds=True),
                                           "NORMAL": add_floats(nrm, "VEC3"),
                                           "TEXCOORD_0": add_floats(uv, "VEC2")},
                            "indices": add_indices(idx), "material": material}]}


def box(sx, sy, sz):
    pos, nrm, uv, idx = [], [], [], []
    for axis in range(3):
        for sign in (1, -1):
            n = [0, 0, 0]
            n[axis] = sign
            u = [0, 0, 0]
            u[(axis + 1) % 3] = 1
            v = [0, 0, 0]
            v[(axis + 2) % 3] = 1
            if sign < 0:
                u, v = v, u
            base = len(pos)
            for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                p = [n[i] + a * u[i] + b * v[i] for i in range(3)]
                pos.append([p[0] * sx / 2, p[1] * sy / 2, p[2] * sz / 2])
                nrm.append(n)
                uv.append([(a + 1) / 2, (1 - b) / 2])
            idx += [base, base + 1, base + 2, base, base + 2, base + 3]
    return pos, nrm, uv, idx


def sphere(r, rings=24, segments=48):
    pos, nrm, uv, idx = [], [], [], []
    for i in range(rings + 1):
        th = math.pi * i / rings
        for j in range(segments + 1):
            ph = 2 * math.pi * j / segments
            n = [math.sin(th) * math.sin(ph), math.cos(th), math.sin(th) * math.cos(ph)]
            pos.append([r * c for c in n])
            nrm.append(n)
            uv.append([j / segments, i / rings])
    for i in range(rings):
        for j in range(segments):
            a, b = i * (segments + 1) + j, (i + 1) * (segments + 1) + j
            idx += [a, b, a + 1, a + 1, b, b + 1]
    return pos, nrm, uv, idx


def torus(R, r, rings=48, sides=24):
    pos, nrm, uv, idx = [], [], [], []
    for i in range(rings + 1):
        u = 2 * math.pi * i / rings
        for j in range(sides + 1):
            v = 2 * math.pi * j / sides
            n = [math.cos(v) * math.cos(u), math.sin(v), math.cos(v) * math.sin(u)]
            pos.append([(R + r * math.cos(v)) * math.cos(u), r * math.sin(v), (R + r * math.cos(v)) * math.sin(u)])
            nrm.append(n)
            uv.append([i / rings, j / sides])
    for i in range(rings):
        for j in range(sides):
            a, b = i * (sides + 1) + j, (i + 1) * (sides + 1) + j
            idx += [a, a + 1, b, b, a + 1, b + 1]
    return pos, nrm, uv, idx


materials = [
    {"name": "Floor", "pbrMetallicRoughness": {"baseColorFactor": [0.55, 0.55, 0.58, 1], "metallicFactor": 0, "roughnessFactor": 0.8}},
    {"name": "Red plastic", "pbrMetallicRoughness": {"baseColorFactor": [0.8, 0.05, 0.04, 1], "metallicFactor": 0, "roughnessFactor": 0.35}},
    {"name": "Gold", "pbrMetallicRoughness": {"baseColorFactor": [1.0, 0.77, 0.34, 1], "metallicFactor": 1, "roughnessFactor": 0.25}},
    {"name": "Teal", "pbrMetallicRoughness": {"baseColorFactor": [0.05, 0.45, 0.5, 1], "metallicFactor": 0, "roughnessFactor": 0.5}},
]
meshes = [
    mesh_from(*box(6, 0.2, 4), 0),
    mesh_from(*box(0.8, 0.8, 0.8), 1),
    mesh_from(*sphere(0.5), 3),
    mesh_from(*torus(0.5, 0.16), 2),
]
nodes = [
    {"name": "Floor", "mesh": 0, "translation": [0, -0.1, 0]},
    {"name": "Box", "mesh": 1, "translation": [-1.6, 0.4, 0], "rotation": [0, 0.2588190, 0, 0.9659258]},
    {"name": "Ball", "mesh": 2, "translation": [0, 0.5, 0.2]},
    {"name": "Ring", "mesh": 3, "translation": [1.6, 0.66, 0], "rotation": [0.3826834, 0, 0, 0.9238795]},
    {"name": "Camera", "camera": 0, "translation": [0, 2.2, 5.2], "rotation": [-0.1990482, 0, 0, 0.9799247]},
]

# The ring spins about Y, the ball bounces (LINEAR, CUBICSPLINE), and the red box pulses its
# colour through KHR_animation_pointer: one asset to try every kind of channel on.
# q = rotY(a) * rotX(45 degrees), written out so the script needs no quaternion library.
cx, sx = math.cos(math.pi / 8), math.sin(math.pi / 8)
spin_values = [[math.cos(a / 2) * sx, math.sin(a / 2) * cx, -math.sin(a / 2) * sx, math.cos(a / 2) * cx]
               for a in [k * math.pi / 2 for k in range(5)]]
spin_t, spin_v = add_times_values([0, 1, 2, 3, 4], spin_values, "VEC4")
bounce_t, bounce_v = add_times_values(
    [0, 1, 2],
    [[0, 0, 0], [0, 0.5, 0.2], [0, 0, 0], [0, 0, 0], [0, 1.4, 0.2], [0, 0, 0], [0, 0, 0], [0, 0.5, 0.2], [0, 0, 0]],
    "VEC3")
colour_t, colour_v = add_times_values(
    [0, 1, 2], [[0.8, 0.05, 0.04, 1], [0.95, 0.55, 0.1, 1], [0.8, 0.05, 0.04, 1]], "VEC4")

animations = [
    {"name": "Ring spin", "samplers": [{"input": spin_t, "output": spin_v, "interpolation": "LINEAR"}],
     "channels": [{"sampler": 0, "target": {"node": 3, "path": "rotation"}}]},
    {"name": "Ball bounce", "samplers": [{"input": bounce_t, "output": bounce_v, "interpolation": "CUBICSPLINE"}],
     "channels": [{"sampler": 0, "target": {"node": 2, "path": "translation"}}]},
    {"name": "Box colour", "samplers": [{"input": colour_t, "output": colour_v, "interpolation": "LINEAR"}],
     "channels": [{"sampler": 0, "target": {"path": "pointer", "extensions": {"KHR_animation_pointer": {
         "pointer": "/materials/1/pbrMetallicRoughness/baseColorFactor"}}}}]},
]

doc = {
    "asset": {"version": "2.0", "generator": "Vitrine scripts/make_demo_scene.py"},
    "extensionsUsed": ["KHR_animation_pointer"],
    "scene": 0,
    "scenes": [{"name": "Demo", "nodes": list(range(len(nodes)))}],
    "nodes": nodes,
    "cameras": [{"name": "Front", "type": "perspective", "perspective": {"yfov": 0.7, "znear": 0.05}}],
    "meshes": meshes,
    "materials": materials,
    "animations": animations,
    "accessors": accessors,
    "bufferViews": views,
    "buffers": [{"byteLength": len(buf), "uri": "data:application/octet-stream;base64," + base64.b64encode(bytes(buf)).decode()}],
}
with open("assets/demo.gltf", "w") as f:
    json.dump(doc, f, indent=1)
    f.write("\n")
