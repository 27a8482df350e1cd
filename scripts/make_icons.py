#!/usr/bin/env python3
"""Writes Vitrine's icon: assets/icons/vitrine.svg and the hicolor PNG sizes
assets/icons/vitrine-<N>.png, from one description (a cube seen from a three-quarter view
inside a rounded glass case), so the SVG and the PNGs cannot drift apart. Python standard
library only (zlib for PNG); run it again after changing the shapes below."""
import math
import os
import struct
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets", "icons")
SIZES = [16, 24, 32, 48, 64, 128, 256]

# Shapes on a 256 x 256 canvas, drawn in order: (points, RGBA).
CX, CY, R = 128.0, 134.0, 78.0
def hexpoint(k, r=R):  # corners of the cube's outline, flat-top hexagon turned 30 degrees
    a = math.radians(90 + 60 * k)
    return (CX + r * math.cos(a), CY - r * math.sin(a))
TOP = [hexpoint(0), hexpoint(1), (CX, CY), hexpoint(5)]
LEFT = [hexpoint(1), hexpoint(2), hexpoint(3), (CX, CY)]
RIGHT = [(CX, CY), hexpoint(3), hexpoint(4), hexpoint(5)]
CASE = (16.0, 16.0, 240.0, 240.0, 40.0)  # rounded rectangle x0, y0, x1, y1, corner radius
CASE_COLOR = (0x24, 0x2B, 0x38, 255)
SHAPES = [(TOP, (0xF2, 0xB6, 0x4C, 255)), (LEFT, (0xD9, 0x6C, 0x3B, 255)),
          (RIGHT, (0x9C, 0x3D, 0x2E, 255))]


def inside_polygon(x, y, pts):
    c = False
    for i in range(len(pts)):
        (x0, y0), (x1, y1) = pts[i], pts[i - 1]
        if (y0 > y) != (y1 > y) and x < (x1 - x0) * (y - y0) / (y1 - y0) + x0:
            c = not c
    return c


def inside_case(x, y):
    x0, y0, x1, y1, r = CASE
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    dx = max(x0 + r - x, 0, x - (x1 - r))
    dy = max(y0 + r - y, 0, y - (y1 - r))
    return dx * dx + dy * dy <= r * r


def render(size, samples=4):
    scale = 256.0 / size
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(samples):
                for sx in range(samples):
                    x = (px + (sx + 0.5) / samples) * scale
                    y = (py + (sy + 0.5) / samples) * scale
                    color = None
                    if inside_case(x, y):
                        color = CASE_COLOR
                        for pts, c in SHAPES:
                            if inside_polygon(x, y, pts):
                                color = c
                    if color:  # premultiplied accumulation
                        a = color[3] / 255.0
                        for i in range(3):
                            acc[i] += color[i] * a
                        acc[3] += a
            n = samples * samples
            a = acc[3] / n
            if a > 0:
                row += bytes(round(acc[i] / n / a) for i in range(3)) + bytes([round(a * 255)])
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return rows


def write_png(path, size, rows):
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(
            ">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + r for r in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def svg():
    def poly(pts, c):
        p = " ".join(f"{x:.2f},{y:.2f}" for x, y in pts)
        return f'  <polygon points="{p}" fill="#{c[0]:02x}{c[1]:02x}{c[2]:02x}"/>\n'
    x0, y0, x1, y1, r = CASE
    c = CASE_COLOR
    out = ('<?xml version="1.0" encoding="UTF-8"?>\n'
           '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" '
           'viewBox="0 0 256 256">\n'
           '  <title>Vitrine</title>\n'
           f'  <rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="{r}" ry="{r}" '
           f'fill="#{c[0]:02x}{c[1]:02x}{c[2]:02x}"/>\n')
    for pts, col in SHAPES:
        out += poly(pts, col)
    return out + "</svg>\n"


os.makedirs(OUT, exist_ok=True)
with open(os.path.join(OUT, "vitrine.svg"), "w") as f:
    f.write(svg())
for s in SIZES:
    write_png(os.path.join(OUT, f"vitrine-{s}.png"), s, render(s))
