#!/usr/bin/env python3
"""Builds assets/fonts/NotoSansSC-Subset.otf: Noto Sans CJK SC cut down to the characters the
interface uses (every text in assets/locales/app.yml and the standard openings' names), ASCII, CJK and full-width punctuation,
and the 3755 most common hanzi (GB2312 level 1) so that player names typed in Chinese show.

Needs the Debian packages fonts-noto-cjk and python3-fonttools (or `pip install fonttools`). Run it again
after adding words to the translation tables; tests/i18n.rs fails when a character is missing.
"""
import pathlib
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
SC_INDEX = 2  # Noto Sans CJK SC inside the collection
OUT = ROOT / "assets" / "fonts" / "NotoSansSC-Subset.otf"

text = (ROOT / "assets" / "locales" / "app.yml").read_text(encoding="utf-8")
# The names of the 26 standard renju openings (寒星 … 彗星), shown by the opening panel.
text += (ROOT / "crates" / "rules" / "src" / "opening" / "catalogue.rs").read_text(encoding="utf-8")
chars = {c for c in text if ord(c) > 0x7F}
for hi in range(0xB0, 0xD8):
    for lo in range(0xA1, 0xFF):
        try:
            chars.add(bytes([hi, lo]).decode("gb2312"))
        except UnicodeDecodeError:
            pass

with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
    f.write("".join(sorted(chars)))
    listing = f.name

subprocess.run(
    [
        "/usr/bin/python3" if pathlib.Path("/usr/bin/python3").exists() else "python3",
        "-m",
        "fontTools.subset",
        SOURCE,
        f"--font-number={SC_INDEX}",
        f"--text-file={listing}",
        "--unicodes=U+0020-007E,U+00B7,U+00D7,U+2010-2027,U+3000-303F,U+FF00-FFEF",
        "--no-hinting",
        f"--output-file={OUT}",
    ],
    check=True,
)
print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size} bytes, {len(chars)} non-ASCII characters")
