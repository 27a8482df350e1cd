#!/usr/bin/env python3
"""alpha_as_rgb.py IN.ktx2 OUT.ktx2: the ETC1S (BasisLZ) texture IN with its alpha slice
presented as its only (RGB) slice, so that `basisu -unpack OUT.ktx2` writes the alpha slice's
exact ETC1 decode (basisu writes an alpha slice only through other formats otherwise). Used by
make_fixtures.sh for the alpha references; the KTX2 layout is the KTX 2.0 specification's."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
head = list(struct.unpack_from("<9I", data, 12))
level_count = max(1, head[7])
dfd_off, dfd_len, kvd_off, kvd_len, sgd_off, sgd_len = struct.unpack_from("<4I2Q", data, 48)
levels = [struct.unpack_from("<3Q", data, 80 + 24 * p) for p in range(level_count)]

# The DFD without its second sample (descriptorBlockSize 40, bytesPlane1 0).
dfd = bytearray(data[dfd_off:dfd_off + dfd_len])
assert len(dfd) == 60, "expected an RGB + AAA ETC1S DFD"
dfd = dfd[:44]
struct.pack_into("<I", dfd, 0, 44)
word1 = struct.unpack_from("<I", dfd, 8)[0]
struct.pack_into("<I", dfd, 8, (word1 & 0xFFFF) | (40 << 16))
dfd[4 + 17] = 0

# Image descriptors: the alpha slice becomes the RGB slice.
sgd = bytearray(data[sgd_off:sgd_off + sgd_len])
for i in range(level_count):
    at = 20 + 20 * i
    flags, ro, rl, ao, al = struct.unpack_from("<5I", sgd, at)
    struct.pack_into("<5I", sgd, at, flags, ao, al, 0, 0)

out = bytearray(80 + 24 * level_count)
out[0:12] = data[0:12]
struct.pack_into("<9I", out, 12, *head)
new_dfd = len(out)
out += dfd
while len(out) % 4:
    out.append(0)
new_kvd = len(out)
out += data[kvd_off:kvd_off + kvd_len]
while len(out) % 8:
    out.append(0)
new_sgd = len(out)
out += sgd
index = []
for off, length, unc in levels:
    index.append((len(out), length, unc))
    out += data[off:off + length]
struct.pack_into("<4I2Q", out, 48, new_dfd, len(dfd), new_kvd if kvd_len else 0, kvd_len,
                 new_sgd, len(sgd))
for p, entry in enumerate(index):
    struct.pack_into("<3Q", out, 80 + 24 * p, *entry)
open(sys.argv[2], "wb").write(out)
