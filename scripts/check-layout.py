#!/usr/bin/env python3
"""Checks the house rules of the source tree (issue 31); exits 1 with one line per breach.

Run it from anywhere: `python3 scripts/check-layout.py` (ctest runs it as Layout).

A room is a folder whose CMakeLists.txt defines a library (or the executable of app/). What a
room may include is read off its CMake target: its own folder, then the folders of the rooms
its target_link_libraries names, and theirs, transitively. For every quoted #include of every
.h/.cpp of a room it checks that:
  - the header resolves to exactly one file among the folders the room may see (no basename
    shared by two visible rooms, so a flat include names one file);
  - a header that exists in a room the target cannot see is reported as an arrow that points
    where CMake does not allow ("not linked"), whether or not the build would find it;
and for the tree that:
  - target_link_libraries lists exactly the rooms a room includes directly: no room linked but
    unused, none used through another room's link alone;
  - codecs/ includes no header of scene/, nlohmann-json or tinygltf, and no room of renderer/
    includes a header of the loader (gltf/, load/);
  - there is no include cycle between files, and the rooms' links form no cycle (so no
    header of a lower room includes a higher one);
  - no folder (tests, bench and fuzz included) holds more than 35 source units, and no source
    file has more than 600 lines.
"""
import os
import re
import sys
from collections import defaultdict

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
MAX_UNITS = 35
MAX_LINES = 600
SOURCE_EXT = (".h", ".cpp")
# Folders whose files are checked for size and unit count (rooms are found from CMake).
TREES = ["codecs", "scene", "splat", "gltf", "load", "anim", "interact", "renderer", "app", "shaders", "tests",
         "bench", "fuzz", "scripts"]
LINE_CHECKED = (".h", ".cpp", ".glsl", ".vert", ".frag", ".comp", ".py", ".sh")
# Quoted includes that are not ours: compiled SPIR-V (shaders/CMakeLists.txt) and the ImGui
# backend compiled through app/panels/imgui_backend_layout.cpp.
FOREIGN = re.compile(r"(\.inc$)|^imgui_impl_vulkan\.cpp$")
LOADER_ROOMS = {"gltf", "load"}

errors = []


def rel(path):
    return os.path.relpath(path, ROOT)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def cmake_rooms():
    """{folder: (target, [linked targets])} for every CMakeLists.txt under the rooms' trees."""
    rooms = {}
    for top in ["codecs", "scene", "splat", "gltf", "load", "anim", "interact", "renderer", "app", "shaders"]:
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            if "CMakeLists.txt" not in files:
                continue
            text = re.sub(r"#[^\n]*", "", read(os.path.join(dirpath, "CMakeLists.txt")))
            for m in re.finditer(r"add_(?:library|executable)\(\s*(\w+)", text):
                name = m.group(1)
                links = re.search(r"target_link_libraries\(\s*" + name + r"\b([^)]*)\)", text)
                # vitrine_shaders is the compiled SPIR-V (*.inc), not a folder of sources.
                if name in ("vitrine_shaders", "vitrine_sheen_albedo_lut", "imgui_backends",
                            "volk"):
                    continue
                linked = re.findall(r"\bvitrine_\w+", links.group(1)) if links else []
                folder = rel(dirpath)
                if folder in rooms:  # a folder's one library (and app's executable): merge
                    t, l = rooms[folder]
                    rooms[folder] = (t, l + linked)
                else:
                    rooms[folder] = (name, linked)
    return rooms


def includes(path):
    out = []
    for n, line in enumerate(read(path).split("\n"), 1):
        m = re.match(r'\s*#\s*include\s*([<"])([^>"]+)[>"]', line)
        if m:
            out.append((n, m.group(1), m.group(2)))
    return out


def sources(folder):
    d = os.path.join(ROOT, folder)
    return sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(SOURCE_EXT))


def main():
    rooms = cmake_rooms()
    target_room = {t: f for f, (t, _) in rooms.items()}
    direct = {f: sorted({target_room[t] for t in links if t in target_room and
                         target_room[t] != f}) for f, (_, links) in rooms.items()}

    def visible(folder):
        seen, stack = {folder}, [folder]
        while stack:
            for d in direct[stack.pop()]:
                if d not in seen:
                    seen.add(d)
                    stack.append(d)
        return seen

    # Where each basename lives, over every room.
    where = defaultdict(list)
    for folder in rooms:
        for path in sources(folder):
            where[os.path.basename(path)].append(folder)

    graph = defaultdict(set)  # file -> files it includes (ours)
    used = defaultdict(set)   # room -> rooms it includes directly
    for folder in sorted(rooms):
        can_see = visible(folder)
        for path in sources(folder):
            for line, kind, name in includes(path):
                at = f"{rel(path)}:{line}"
                if kind == "<":
                    if folder == "codecs" and (name.startswith("nlohmann") or
                                               name.startswith("tiny_gltf")):
                        errors.append(f"{at}: codecs/ includes <{name}>")
                    continue
                if FOREIGN.search(name):
                    continue
                here = os.path.join(os.path.dirname(path), name)
                if os.path.exists(here):
                    target = os.path.normpath(here)
                else:
                    base = os.path.basename(name)
                    homes = [f for f in where.get(base, []) if f in can_see]
                    if len(homes) > 1:
                        errors.append(f"{at}: \"{name}\" is ambiguous: {', '.join(homes)}")
                        continue
                    if not homes:
                        others = where.get(base, [])
                        if others:
                            errors.append(f"{at}: \"{name}\" is in {', '.join(others)}, which "
                                          f"{rooms[folder][0]} does not link")
                        else:
                            errors.append(f"{at}: \"{name}\" is no file of the tree")
                        continue
                    target = os.path.join(ROOT, homes[0], base)
                graph[path].add(target)
                home = rel(os.path.dirname(target))
                if home != folder:
                    used[folder].add(home)
                if folder == "codecs" and home != "codecs":
                    errors.append(f"{at}: codecs/ includes {rel(target)}")
                if folder.startswith("renderer") and home in LOADER_ROOMS:
                    errors.append(f"{at}: the renderer includes the loader's {rel(target)}")

    # target_link_libraries lists exactly the rooms used.
    for folder in sorted(rooms):
        listed = set(direct[folder])
        for extra in sorted(listed - used[folder]):
            errors.append(f"{folder}/CMakeLists.txt: {rooms[folder][0]} links "
                          f"{rooms[extra][0]} ({extra}/) but includes none of its headers")
        for missing in sorted(used[folder] - listed):
            errors.append(f"{folder}/CMakeLists.txt: {rooms[folder][0]} includes {missing}/ "
                          f"but does not link {rooms[missing][0]}")

    # Cycles between files, and between rooms.
    def cycles(nodes, edges):
        index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]

        def visit(v):
            index[v] = low[v] = counter[0]
            counter[0] += 1
            stack.append(v)
            on.add(v)
            for w in edges.get(v, ()):
                if w not in index:
                    visit(w)
                    low[v] = min(low[v], low[w])
                elif w in on:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1 or v in edges.get(v, ()):
                    out.append(sorted(comp))

        sys.setrecursionlimit(10000)
        for v in sorted(nodes):
            if v not in index:
                visit(v)
        return out

    files = set(graph) | {t for ts in graph.values() for t in ts}
    for comp in cycles(files, graph):
        errors.append("include cycle between files: " + " -> ".join(rel(p) for p in comp))
    for comp in cycles(set(rooms), {f: set(d) for f, d in direct.items()}):
        errors.append("rooms link each other in a cycle: " + " -> ".join(comp))

    # Sizes.
    for top in TREES:
        for dirpath, dirnames, names in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = [d for d in dirnames if d not in ("golden", "data")]
            units = {os.path.splitext(n)[0] for n in names if n.endswith(SOURCE_EXT)}
            if len(units) > MAX_UNITS:
                errors.append(f"{rel(dirpath)}/: {len(units)} source units (at most {MAX_UNITS})")
            for n in names:
                if n.endswith(LINE_CHECKED):
                    count = read(os.path.join(dirpath, n)).count("\n")
                    if count > MAX_LINES:
                        errors.append(f"{rel(os.path.join(dirpath, n))}: {count} lines "
                                      f"(at most {MAX_LINES})")

    for e in errors:
        print(e)
    if errors:
        return 1
    print(f"layout: {len(rooms)} rooms, {len(files)} files, no arrow out of place, no cycle, "
          f"no folder over {MAX_UNITS} units, no file over {MAX_LINES} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
