#!/usr/bin/env python3
"""Synthesises the game's sounds into assets/sounds/ (mono 16-bit WAV, 22 050 Hz), using only
the standard library: three wooden stone clicks, undo, win, loss, draw and a soft UI click.
Deterministic: running it again gives the same files."""
import math
import pathlib
import random
import struct
import wave

RATE = 22050
OUT = pathlib.Path(__file__).resolve().parent.parent / "assets" / "sounds"


def write(name, samples):
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.85 / peak
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(s * scale * 32767)) for s in samples))


def stone(seed, pitch):
    """A stone on a wooden board: a bright tick, a hollow wooden ring and a low thump."""
    rng = random.Random(seed)
    n = int(RATE * 0.16)
    out = []
    low = 0.0
    for i in range(n):
        t = i / RATE
        noise = rng.uniform(-1, 1)
        low += (noise - low) * 0.35  # a little low-passed noise for the contact
        tick = low * math.exp(-t * 260)
        ring = (math.sin(2 * math.pi * pitch * t) * 0.55
                + math.sin(2 * math.pi * pitch * 2.76 * t) * 0.2) * math.exp(-t * 48)
        thump = math.sin(2 * math.pi * 170 * t) * math.exp(-t * 60) * 0.6
        out.append(tick * 1.2 + ring + thump)
    return out


def tone(freq, t, decay):
    return (math.sin(2 * math.pi * freq * t) + 0.3 * math.sin(4 * math.pi * freq * t)) * math.exp(-t * decay)


def notes(sequence, gap, length, decay, volume=1.0):
    """Bell-like notes starting `gap` seconds apart."""
    n = int(RATE * (gap * (len(sequence) - 1) + length))
    out = [0.0] * n
    for k, freq in enumerate(sequence):
        start = int(RATE * gap * k)
        for i in range(int(RATE * length)):
            t = i / RATE
            attack = min(1.0, t / 0.006)
            if start + i < n:
                out[start + i] += tone(freq, t, decay) * attack * volume
    return out


def undo():
    """A short soft lift: a quick upward glide."""
    n = int(RATE * 0.14)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        freq = 320 + 900 * (t / 0.14) ** 1.5
        phase += 2 * math.pi * freq / RATE
        env = math.sin(math.pi * t / 0.14) ** 2
        out.append(math.sin(phase) * env * 0.6)
    return out


def click():
    """A soft interface tick."""
    n = int(RATE * 0.035)
    return [math.sin(2 * math.pi * 1500 * i / RATE) * math.exp(-i / RATE * 160) * 0.35
            for i in range(n)]


OUT.mkdir(parents=True, exist_ok=True)
for k, pitch in enumerate([1180, 1260, 1330]):
    write(f"stone{k + 1}", stone(k, pitch))
write("undo", undo())
write("win", notes([523.25, 659.25, 783.99, 1046.5], 0.09, 0.55, 6))
write("loss", notes([392.0, 311.13, 261.63], 0.14, 0.6, 5, 0.8))
write("draw", notes([329.63, 392.0], 0.12, 0.45, 7, 0.8))
write("click", click())
for f in sorted(OUT.glob("*.wav")):
    print(f.name, f.stat().st_size)
