#!/usr/bin/env python3
"""Writes the source PNGs of the KTX2 fixtures (README.md says how they are encoded).

Deterministic (a fixed linear congruential generator), pure Python (zlib only)."""
import math
import struct
import zlib


def write_png(path, width, height, rows, channels):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    color_type = {3: 2, 4: 6}[channels]
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9))
    png += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


class Lcg:
    def __init__(self, seed):
        self.state = seed

    def next(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


def colour(width, height, alpha, seed):
    """Gradients, hard edges, a few noisy blocks and (with alpha) an alpha ramp with holes:
    enough variety that the encoder picks many UASTC modes."""
    rng = Lcg(seed)
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            r = (x * 255) // max(1, width - 1)
            g = (y * 255) // max(1, height - 1)
            b = 255 if (x // 4 + y // 4) % 2 else 40
            if (x // 4) % 3 == 2 and (y // 4) % 2 == 1:  # noisy blocks
                r, g, b = rng.next(256), rng.next(256), rng.next(256)
            if x > width // 2 and y < height // 3:  # a flat block area
                r, g, b = 200, 30, 90
            px = [r, g, b]
            if alpha:
                a = (x * 255) // max(1, width - 1)
                if (x + y) % 7 == 0:
                    a = 0
                if y >= height * 3 // 4:
                    a = 255 - (y * 16) % 256
                px.append(a)
            row += px
        rows.append(row)
    return rows


def normal_map(size):
    """A tangent-space normal map of a bumpy surface (linear data)."""
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            nx = 0.5 * math.sin(x * 0.6)
            ny = 0.5 * math.cos(y * 0.45)
            nz = math.sqrt(max(0.0, 1.0 - nx * nx - ny * ny))
            row += [int(round((c * 0.5 + 0.5) * 255)) for c in (nx, ny, nz)]
        rows.append(row)
    return rows


def modes(size, seed):
    """4x4 blocks of random kinds and colours that lead the UASTC encoder to many of its
    modes: two- and three-colour partitions, RGB and RGBA ramps, grey with alpha (the LA
    modes), independent channel ramps (dual plane), flat blocks, noise."""
    rng = Lcg(seed)
    n = size // 4
    kinds = [[(rng.next(9), [rng.next(256) for _ in range(12)], rng.next(4)) for _ in range(n)]
             for _ in range(n)]
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            kind, c, split = kinds[y // 4][x // 4]
            bx, by = x % 4, y % 4
            t = (bx + by) / 6.0
            if kind == 0:  # three flat colours
                k = 0 if bx + by < 2 + split % 2 else (1 if bx > by else 2)
                px = c[4 * k:4 * k + 3] + [255]
            elif kind == 1:  # two ramps, split
                k = 0 if (bx if split < 2 else by) < 2 else 1
                px = [int(c[3 * k + i] * (1 - t) + c[6 + i] * t) for i in range(3)] + [255]
            elif kind == 2:  # grey ramp, alpha
                v = int(c[0] * (1 - t) + c[1] * t)
                px = [v, v, v, int(c[2] * (1 - bx / 3) + c[3] * bx / 3)]
            elif kind == 3:  # grey, two alpha regions
                v = int(c[0] * (1 - t) + c[1] * t)
                k = 0 if bx < 2 else 1
                px = [v, v, v, c[2 + k]] if split else [v, v, v, 255]
            elif kind == 4:  # independent channel ramps
                px = [int(c[0] * bx / 3), int(c[1] * by / 3), 255 - int(c[2] * bx / 3),
                      int(c[3] * (1 - by / 3) + 255 * by / 3)]
            elif kind == 5:  # flat
                px = c[0:3] + [255 if split < 3 else c[3]]
            elif kind == 6:  # noise
                px = [rng.next(256) for _ in range(3)] + [255 if split < 2 else rng.next(256)]
            elif kind == 7:  # smooth RGB ramp
                px = [int(c[i] * (1 - t) + c[3 + i] * t) for i in range(3)] + [255]
            else:  # RGBA ramp
                px = [int(c[i] * (1 - t) + c[4 + i] * t) for i in range(4)]
            row += px
        rows.append(row)
    return rows


write_png("src_13x9.png", 13, 9, colour(13, 9, False, 1), 3)
write_png("src_16x16_alpha.png", 16, 16, colour(16, 16, True, 2), 4)
write_png("src_32x32_alpha.png", 32, 32, colour(32, 32, True, 3), 4)
write_png("src_normal_32x32.png", 32, 32, normal_map(32), 3)
write_png("src_modes_64x64.png", 64, 64, modes(64, 4), 4)
