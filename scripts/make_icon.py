#!/usr/bin/env python3
"""Draws the game's icon (assets/icons/gomoku.png, 256x256): a corner of a wooden board with
its grid and a black and a white stone, antialiased, with the standard library only."""
import math
import struct
import sys
import zlib

SIZE = 256
SAMPLES = 3  # per axis, for antialiasing


def wood(x, y):
    grain = 0.5 + 0.5 * math.sin(y * 0.11 + 3.0 * math.sin(x * 0.013) + 0.8 * math.sin(y * 0.031))
    return (222 - 18 * grain, 176 - 16 * grain, 104 - 14 * grain)


def inside_rounded(x, y, margin, radius):
    lo, hi = margin, SIZE - margin
    cx = min(max(x, lo + radius), hi - radius)
    cy = min(max(y, lo + radius), hi - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius and lo <= x <= hi and lo <= y <= hi


def stone(x, y, cx, cy, r, black):
    """Colour of a shaded stone at (x, y), or None outside it."""
    d = math.hypot(x - cx, y - cy)
    if d > r:
        return None
    # Light from the upper left.
    lx, ly = cx - r * 0.35, cy - r * 0.4
    shine = max(0.0, 1.0 - math.hypot(x - lx, y - ly) / (r * 1.25))
    if black:
        v = 24 + 70 * shine ** 2
        return (v, v, v + 4)
    v = 206 + 46 * shine
    return (v, v, v - 6)


def shadow(x, y, cx, cy, r):
    d = math.hypot(x - cx - r * 0.12, y - cy - r * 0.16)
    return max(0.0, min(1.0, (r * 1.08 - d) / (r * 0.25))) * 0.35


def pixel(x, y):
    if not inside_rounded(x, y, 8, 30):
        return None
    r, g, b = wood(x, y)
    # Grid: lines every 48 px, thicker at the board's edge (top and left).
    if x >= 54 and y >= 54:
        for line in (104, 152, 200, 248):
            if abs(x - line) < 1.6 or abs(y - line) < 1.6:
                r, g, b = r * 0.45, g * 0.40, b * 0.35
    for edge in (56,):
        if (abs(x - edge) < 3.0 and y >= 53) or (abs(y - edge) < 3.0 and x >= 53):
            r, g, b = 60, 40, 22
    # Star point.
    if math.hypot(x - 152, y - 152) < 6:
        r, g, b = 60, 40, 22
    for cx, cy, black in ((104, 104, True), (152, 104, False), (104, 152, False), (152, 152, True)):
        s = shadow(x, y, cx, cy, 22)
        r, g, b = r * (1 - s), g * (1 - s), b * (1 - s)
    for cx, cy, black in ((104, 104, True), (152, 104, False), (104, 152, False), (152, 152, True)):
        c = stone(x, y, cx, cy, 22, black)
        if c:
            r, g, b = c
    return (r, g, b)


def render():
    rows = []
    for y in range(SIZE):
        row = bytearray([0])  # filter: none
        for x in range(SIZE):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    p = pixel(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES)
                    if p:
                        acc[0] += p[0]
                        acc[1] += p[1]
                        acc[2] += p[2]
                        acc[3] += 1
            n = SAMPLES * SAMPLES
            if acc[3]:
                row += bytes(int(min(255, c / acc[3])) for c in acc[:3])
                row.append(int(255 * acc[3] / n))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return b"".join(rows)


def png(width, height, raw):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "assets/icons/gomoku.png"
    with open(out, "wb") as f:
        f.write(png(SIZE, SIZE, render()))
    print(out)
