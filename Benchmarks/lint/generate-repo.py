#!/usr/bin/env python3
"""Generates a repository of realistic .inertia files (MessagePack) for timing inertia-lint.

Usage: generate-repo.py COUNT OUTDIR [--large SECONDS_OF_KEYFRAMES]

Each file holds 1-6 animation objects with 2-12 keyframes and, for a third of them, shapes (some
nested), as the editor writes them: UUID ids, a leading duration of 0, canonical MessagePack. The files
are spread over nested folders, with a .git folder and a node_modules folder that the linter must skip.
With --large N, also writes large.inertia: one file of N animations of 200 keyframes each.
"""
import os
import random
import struct
import sys
import uuid


def pack(value, out):
    if value is None:
        out.append(0xC0)
    elif value is True:
        out.append(0xC3)
    elif value is False:
        out.append(0xC2)
    elif isinstance(value, int):
        if 0 <= value < 128:
            out.append(value)
        elif -32 <= value < 0:
            out.append(value & 0xFF)
        elif 0 <= value < 256:
            out += bytes([0xCC, value])
        elif 0 <= value < 65536:
            out += b"\xcd" + struct.pack(">H", value)
        else:
            out += b"\xd3" + struct.pack(">q", value)
    elif isinstance(value, float):
        out += b"\xcb" + struct.pack(">d", value)
    elif isinstance(value, str):
        data = value.encode()
        if len(data) < 32:
            out.append(0xA0 | len(data))
        elif len(data) < 256:
            out += bytes([0xD9, len(data)])
        else:
            out += b"\xda" + struct.pack(">H", len(data))
        out += data
    elif isinstance(value, list):
        if len(value) < 16:
            out.append(0x90 | len(value))
        elif len(value) < 65536:
            out += b"\xdc" + struct.pack(">H", len(value))
        else:
            out += b"\xdd" + struct.pack(">I", len(value))
        for element in value:
            pack(element, out)
    elif isinstance(value, dict):
        if len(value) < 16:
            out.append(0x80 | len(value))
        else:
            out += b"\xde" + struct.pack(">H", len(value))
        for key, element in value.items():
            pack(key, out)
            pack(element, out)
    else:
        raise TypeError(type(value))


def uid(rng):
    return str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()


def pose(rng):
    return {
        "scale": round(rng.uniform(0.5, 1.5), 3),
        "translate": [round(rng.uniform(-1, 1), 3), round(rng.uniform(-1, 1), 3)],
        "rotate": rng.choice([0, 0, 15.0, -30.0, 90]),
        "rotateCenter": 0,
        "opacity": rng.choice([1, 1, 0.5, 0.0]),
    }


def colour(rng):
    return {k: round(rng.random(), 3) for k in ("red", "green", "blue")} | {"alpha": 1}


def shape(rng, depth):
    description = {
        "id": uid(rng),
        "type": rng.choice(["rectangle", "square", "circle", "oval", "triangle"]),
        "width": round(rng.uniform(0.2, 1), 3),
        "height": round(rng.uniform(0.2, 1), 3),
        "fill": colour(rng),
        "strokeWidth": 0,
    }
    result = {
        "id": uid(rng),
        "zIndex": rng.randrange(3),
        "position": rng.choice(["bottom", "top"]),
        "ownCanvas": False,
        "transforms": pose(rng),
        "shape": description,
    }
    if depth == 0 and rng.random() < 0.3:
        result["shapes"] = [shape(rng, depth + 1) for _ in range(rng.randrange(1, 3))]
    return result


def animation(rng, index, keyframe_count=None):
    count = keyframe_count or rng.randrange(2, 13)
    durations = [0] + [rng.choice([0.25, 0.5, 0.3, 0.2]) for _ in range(count - 1)]
    result = {
        "id": f"view{index}",
        "invokeType": "trigger",
        "initialValues": pose(rng),
        "keyframes": [{"id": uid(rng), "duration": d, "values": pose(rng)} for d in durations],
    }
    if rng.random() < 0.33:
        result["shapes"] = [shape(rng, 0) for _ in range(rng.randrange(1, 4))]
    return result


def main():
    count = int(sys.argv[1])
    root = sys.argv[2]
    rng = random.Random(1234)
    for folder in (".git/objects", "node_modules/pkg"):
        os.makedirs(os.path.join(root, folder), exist_ok=True)
        with open(os.path.join(root, folder, "skipped.inertia"), "wb") as f:
            f.write(b"not an animation file")
    for i in range(count):
        folder = os.path.join(root, f"Feature{i % 40}", f"Screen{i % 7}")
        os.makedirs(folder, exist_ok=True)
        document = [animation(rng, k) for k in range(rng.randrange(1, 7))]
        out = bytearray()
        pack(document, out)
        with open(os.path.join(folder, f"animation{i}.inertia"), "wb") as f:
            f.write(out)
    if "--large" in sys.argv:
        n = int(sys.argv[sys.argv.index("--large") + 1])
        document = [animation(rng, k, keyframe_count=200) for k in range(n)]
        out = bytearray()
        pack(document, out)
        with open(os.path.join(root, "large.inertia"), "wb") as f:
            f.write(out)


if __name__ == "__main__":
    main()
