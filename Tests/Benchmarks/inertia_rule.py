#!/usr/bin/env python3
"""Writes an animation file's numbers as the Inertia editor writes them, for the benchmark's checks and
its editor-written input. A model of `to-msgpack`'s rule for an Inertia document's numbers written apart
from the converter (a test oracle, not product code):

    inertia_rule.py IN.inertia OUT.inertia

IN is a canonical MessagePack animation file (as msgspec writes generate.py's documents); generate.py writes
the benchmark's MessagePack files through it, as an app's repository holds them.
OUT holds the same document with, at the fields the runtime reads as a CGFloat or Double, every float a
float32 when its value is exactly one (else a float64); at a colour component (a Float), every float the
float32 nearest it; zIndex (an Int) in msgpack-swift's signed formats; every other value, and every value
outside those fields, as it was. Key order and container heads are kept.
"""
import struct
import sys

VALUES = {"scale": "double", "rotate": "double", "rotateCenter": "double", "opacity": "double",
          "translate": ("array", "double")}
COLOUR = {"red": "float", "green": "float", "blue": "float", "alpha": "float"}
DESCRIPTION = {"width": "double", "height": "double", "strokeWidth": "double", "fill": COLOUR, "stroke": COLOUR}
VERTEX = {"position": {"x": "double", "y": "double"}, "color": COLOUR}
KEYFRAME = {"duration": "double", "values": VALUES}
SHAPE = {}
ANIMATION = {"initialValues": VALUES, "keyframes": ("array", KEYFRAME), "shapes": ("array", SHAPE),
             "loopDuration": "double"}
SHAPE.update({"zIndex": "int", "transforms": VALUES, "shape": DESCRIPTION, "vertices": ("array", VERTEX),
              "animation": ANIMATION, "shapes": ("array", SHAPE)})
FILE = ("array", ANIMATION)

INTEGERS = {0xcc: ">B", 0xcd: ">H", 0xce: ">I", 0xcf: ">Q", 0xd0: ">b", 0xd1: ">h", 0xd2: ">i", 0xd3: ">q"}


def signed(value):
    """msgpack-swift's format for a Swift Int: a fixint, else the smallest signed format."""
    if -32 <= value <= 127:
        return struct.pack(">b", value)
    for tag, fmt in ((0xd0, ">b"), (0xd1, ">h"), (0xd2, ">i"), (0xd3, ">q")):
        try:
            return bytes([tag]) + struct.pack(fmt, value)
        except struct.error:
            pass
    raise ValueError(value)


def rewrite(data, i, field, out):
    """Copies the value at data[i] to out, rewritten for its field; returns the offset after it."""
    t = data[i]
    if t == 0xcb:
        value = struct.unpack(">d", data[i + 1:i + 9])[0]
        single = struct.unpack(">f", struct.pack(">f", value))[0] if abs(value) < 3.5e38 else None
        if field == "float" or (field == "double" and single == value):
            out += b"\xca" + struct.pack(">f", value)
        else:
            out += data[i:i + 9]
        return i + 9
    if t in INTEGERS:
        size = struct.calcsize(INTEGERS[t])
        value = struct.unpack(INTEGERS[t], data[i + 1:i + 1 + size])[0]
        out += signed(value) if field == "int" else data[i:i + 1 + size]
        return i + 1 + size
    if t <= 0x7f or t >= 0xe0 or t in (0xc0, 0xc2, 0xc3):
        out.append(t)
        return i + 1
    if t == 0xca:
        out += data[i:i + 5]
        return i + 5
    if 0xa0 <= t <= 0xbf or t in (0xd9, 0xda, 0xdb):
        width = {0xd9: 1, 0xda: 2, 0xdb: 4}.get(t, 0)
        length = t & 0x1f if width == 0 else int.from_bytes(data[i + 1:i + 1 + width], "big")
        end = i + 1 + width + length
        out += data[i:end]
        return end
    if 0x90 <= t <= 0x9f or t in (0xdc, 0xdd):
        width = {0xdc: 2, 0xdd: 4}.get(t, 0)
        count = t & 0x0f if width == 0 else int.from_bytes(data[i + 1:i + 1 + width], "big")
        out += data[i:i + 1 + width]
        i += 1 + width
        element = field[1] if isinstance(field, tuple) else None
        for _ in range(count):
            i = rewrite(data, i, element, out)
        return i
    if 0x80 <= t <= 0x8f or t in (0xde, 0xdf):
        width = {0xde: 2, 0xdf: 4}.get(t, 0)
        count = t & 0x0f if width == 0 else int.from_bytes(data[i + 1:i + 1 + width], "big")
        out += data[i:i + 1 + width]
        i += 1 + width
        for _ in range(count):
            key_start = i
            i = rewrite(data, i, None, out)
            key = data[key_start + 1:i].decode("utf-8", "replace") if 0xa0 <= data[key_start] <= 0xbf else None
            i = rewrite(data, i, field.get(key) if isinstance(field, dict) else None, out)
        return i
    raise ValueError(f"format byte {t:#x} at {i}: not in a generated animation file")


def as_the_editor_writes(data):
    """The animation file `data` (bytes) with its numbers as the editor writes them."""
    out = bytearray()
    end = rewrite(data, 0, FILE, out)
    if end != len(data):
        raise ValueError("bytes after the document")
    return bytes(out)


def main():
    data = open(sys.argv[1], "rb").read()
    open(sys.argv[2], "wb").write(as_the_editor_writes(data))


if __name__ == "__main__":
    main()
