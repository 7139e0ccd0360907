#!/usr/bin/env python3
"""Deterministic benchmark data for Inertia Tools.

    generate.py large [--animations N] [--seed S] [--out DIR]
        DIR/large.inertia  one big animation file as the Inertia editor writes it: encoded by msgspec, then
                           its numbers written as the editor's encoder writes them (inertia_rule.py:
                           float32s where the runtime reads a CGFloat and the value is one, colours as
                           float32s, zIndex in signed formats), which is what `to-msgpack` writes too
        DIR/large.canonical.inertia  the same, canonical (as msgspec and the C peer write it)
        DIR/large.json     the same document as pretty JSON (2-space indent)

    generate.py repo [--files N] [--seed S] [--out DIR]
        DIR/repo/...       N small .inertia files laid out like an app's resources, written as the editor
                           writes them; about one in eight carries one lint problem, listed in
                           DIR/repo/PROBLEMS.tsv
    generate.py fixrepo [--files N] [--seed S] [--out DIR]
        DIR/fixrepo/...    N small .inertia files laid out the same way, every one with one problem
                           `inertia-lint --fix` repairs (a zero or negative duration, or a repeated
                           keyframe id), for timing batch writes
    generate.py tiny [--seed S] [--out DIR]
        DIR/tiny.inertia   one animation with two keyframes and no shapes (a few hundred bytes), for
                           timing start-up

The same seed always gives the same bytes. Needs msgspec (run.sh installs it in Benchmarks/.venv).
"""

import argparse
import os
import random
import shutil
import sys
import uuid

import msgspec

from inertia_rule import as_the_editor_writes

# --- Realistic content -----------------------------------------------------------------------------

VIEW_WORDS = [
    "card", "title", "subtitle", "hero", "avatar", "badge", "button", "icon", "banner", "header",
    "footer", "toast", "sheet", "chip", "tab", "dot", "logo", "spinner", "thumb", "label",
]
SHAPE_TYPES = ["rectangle", "square", "circle", "oval", "triangle"]
PALETTE = [
    (0.33, 0.35, 0.86), (0.98, 0.45, 0.38), (0.36, 0.82, 0.64), (0.99, 0.78, 0.24),
    (0.07, 0.08, 0.12), (1, 1, 1), (0.82, 0.83, 0.87), (0.55, 0.27, 0.91),
]
DURATIONS = [0.08, 0.1, 0.12, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.75, 0.8, 1, 1.2, 1.5, 2, 3]


class Author:
    """Writes animation objects the way the editor would, from one seeded random source."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def uid(self):
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4)).upper()

    def num(self, x):
        """Whole numbers as ints, fractions to three decimals as floats, as the editor writes them."""
        x = round(x, 3)
        return int(x) if x == int(x) else x

    def pose(self, moving=True):
        r = self.rng
        if not moving or r.random() < 0.3:
            return {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}
        return {
            "scale": self.num(r.choice([1, 1, 1, r.uniform(0.5, 1.3)])),
            "translate": [self.num(r.uniform(-0.8, 0.8)), self.num(r.uniform(-0.8, 0.8))],
            "rotate": self.num(r.choice([0, 0, 0, r.randint(-45, 45), r.uniform(-30, 30)])),
            "rotateCenter": self.num(r.choice([0, 0, 0, 0, r.uniform(-0.5, 0.5)])),
            "opacity": self.num(r.choice([1, 1, 1, 0, r.uniform(0, 1)])),
        }

    def keyframes(self, count):
        frames = []
        for i in range(count):
            duration = 0 if i == 0 else self.num(self.rng.choice(DURATIONS))
            frames.append({"id": self.uid(), "duration": duration, "values": self.pose()})
        return frames

    def colour(self):
        red, green, blue = self.rng.choice(PALETTE)
        alpha = self.rng.choice([1, 1, 1, 0.25, 0.5, 0.85])
        return {"red": red, "green": green, "blue": blue, "alpha": alpha}

    def shape(self, depth):
        r = self.rng
        size = self.num(r.uniform(0.1, 1.2))
        kind = r.choice(SHAPE_TYPES)
        square = kind in ("square", "circle")
        description = {
            "id": self.uid(),
            "type": kind,
            "width": size,
            "height": size if square else self.num(r.uniform(0.1, 1.2)),
        }
        if r.random() < 0.85:
            description["fill"] = self.colour()
        if r.random() < 0.35:
            description["stroke"] = self.colour()
            description["strokeWidth"] = self.num(r.uniform(0.005, 0.04))
        elif r.random() < 0.3:
            description["strokeWidth"] = 0
        node = {"id": self.uid()}
        if r.random() < 0.8:
            node["zIndex"] = r.randint(0, 4)
        if r.random() < 0.6:
            node["position"] = r.choice(["bottom", "bottom", "top"])
        if depth == 0 and r.random() < 0.4:
            node["ownCanvas"] = r.random() < 0.5
        if depth == 0 and r.random() < 0.2:
            node["showsBeforeAnimation"] = False
        if r.random() < 0.7:
            node["transforms"] = self.pose()
        node["shape"] = description
        if depth == 0 and r.random() < 0.15:
            node["ownCanvas"] = True
            node["animation"] = self.animation(f"shapeTrack{r.randint(0, 999)}", with_shapes=False)
        if depth < 2 and r.random() < 0.35:
            node["shapes"] = [self.shape(depth + 1) for _ in range(r.randint(1, 3))]
        return node

    def animation(self, name, with_shapes=True, keyframes=None):
        r = self.rng
        count = keyframes if keyframes is not None else r.randint(2, 12)
        animation = {
            "id": name,
            "invokeType": r.choice(["auto", "trigger", "trigger"]),
            "initialValues": self.pose(),
            "keyframes": self.keyframes(count),
        }
        if with_shapes:
            roll = r.random()
            if roll < 0.45:
                animation["shapes"] = []
            elif roll < 0.85:
                animation["shapes"] = [self.shape(0) for _ in range(r.randint(1, 3))]
            # else: a file written before shapes existed: no shapes key at all
        return animation

    def view_name(self, index):
        return f"{self.rng.choice(VIEW_WORDS)}{index}"


# --- large -----------------------------------------------------------------------------------------

def generate_large(out, animations, seed):
    author = Author(seed)
    document = [author.animation(author.view_name(i)) for i in range(animations)]
    canonical = msgspec.msgpack.encode(document)
    packed = as_the_editor_writes(canonical)
    text = msgspec.json.format(msgspec.json.encode(document), indent=2) + b"\n"
    os.makedirs(out, exist_ok=True)
    write(os.path.join(out, "large.inertia"), packed)
    write(os.path.join(out, "large.canonical.inertia"), canonical)
    write(os.path.join(out, "large.json"), text)
    keyframes = sum(len(a["keyframes"]) for a in document)
    print(f"large: {animations} animations, {keyframes} keyframes; "
          f"large.inertia {len(packed) / 1e6:.1f} MB, large.json {len(text) / 1e6:.1f} MB")


# --- repo ------------------------------------------------------------------------------------------

# Each problem is a function that spoils one document in place, named the way a lint finding might be.
def spoil_zero_duration(author, doc):
    frames = [f for a in doc for f in a["keyframes"][1:]]
    if not frames:
        return False
    author.rng.choice(frames)["duration"] = 0
    return True

def spoil_negative_duration(author, doc):
    frames = [f for a in doc for f in a["keyframes"][1:]]
    if not frames:
        return False
    author.rng.choice(frames)["duration"] = -author.num(author.rng.uniform(0.1, 1))
    return True

def spoil_duplicate_keyframe_id(author, doc):
    for a in doc:
        if len(a["keyframes"]) >= 2:
            a["keyframes"][-1]["id"] = a["keyframes"][0]["id"]
            return True
    return False

def spoil_duplicate_animation_id(author, doc):
    if len(doc) < 2:
        return False
    doc[-1]["id"] = doc[0]["id"]
    return True

def spoil_missing_value(author, doc):
    frames = [f for a in doc for f in a["keyframes"]]
    if not frames:
        return False
    del author.rng.choice(frames)["values"]["opacity"]
    return True

def spoil_translate_one_number(author, doc):
    frames = [f for a in doc for f in a["keyframes"]]
    if not frames:
        return False
    del author.rng.choice(frames)["values"]["translate"][1]
    return True

def spoil_colour_out_of_range(author, doc):
    for a in doc:
        for s in a.get("shapes", []):
            if "fill" in s["shape"]:
                s["shape"]["fill"]["red"] = 255
                return True
    return False

def spoil_unknown_invoke_type(author, doc):
    doc[0]["invokeType"] = "onAppear"
    return True

def spoil_unknown_shape_type(author, doc):
    for a in doc:
        for s in a.get("shapes", []):
            s["shape"]["type"] = "star"
            return True
    return False

PROBLEMS = [
    ("zero-duration", spoil_zero_duration),
    ("negative-duration", spoil_negative_duration),
    ("duplicate-keyframe-id", spoil_duplicate_keyframe_id),
    ("duplicate-animation-id", spoil_duplicate_animation_id),
    ("missing-value", spoil_missing_value),
    ("translate-one-number", spoil_translate_one_number),
    ("colour-out-of-range", spoil_colour_out_of_range),
    ("unknown-invoke-type", spoil_unknown_invoke_type),
    ("unknown-shape-type", spoil_unknown_shape_type),
]

# The problems `inertia-lint --fix` repairs without --unsafe-fixes.
FIXABLE_PROBLEMS = [
    ("zero-duration", spoil_zero_duration),
    ("negative-duration", spoil_negative_duration),
    ("duplicate-keyframe-id", spoil_duplicate_keyframe_id),
]

FEATURES = ["Onboarding", "Checkout", "Profile", "Feed", "Settings", "Search", "Player", "Inbox"]


def generate_repo(out, files, seed, name="repo", every_file_fixable=False):
    author = Author(seed)
    root = os.path.join(out, name)
    if os.path.isdir(root):
        shutil.rmtree(root)
    problems = []
    total = 0
    for i in range(files):
        feature = FEATURES[i % len(FEATURES)]
        folder = os.path.join(root, "App", "Resources", feature, f"Screen{i // 40:03d}")
        os.makedirs(folder, exist_ok=True)
        document = [author.animation(author.view_name(k), keyframes=author.rng.randint(2, 6))
                    for k in range(author.rng.randint(1, 6))]
        if every_file_fixable:
            problem, spoil = FIXABLE_PROBLEMS[i % len(FIXABLE_PROBLEMS)]
            if not spoil(author, document):
                sys.exit(f"generate.py: could not plant {problem} in file {i}")
            problems.append((os.path.relpath(os.path.join(folder, f"container{i}.inertia"), root), problem))
        elif author.rng.random() < 0.125:
            problem, spoil = author.rng.choice(PROBLEMS)
            if spoil(author, document):
                problems.append((os.path.relpath(os.path.join(folder, f"container{i}.inertia"), root), problem))
        path = os.path.join(folder, f"container{i}.inertia")
        packed = as_the_editor_writes(msgspec.msgpack.encode(document))
        write(path, packed)
        total += len(packed)
    with open(os.path.join(root, "PROBLEMS.tsv"), "w") as listing:
        listing.write("file\tproblem\n")
        for path, problem in problems:
            listing.write(f"{path}\t{problem}\n")
    print(f"{name}: {files} files, {total / 1e6:.1f} MB, {len(problems)} with a lint problem (PROBLEMS.tsv)")


# --- tiny ------------------------------------------------------------------------------------------

def generate_tiny(out, seed):
    author = Author(seed)
    packed = as_the_editor_writes(msgspec.msgpack.encode([author.animation("card0", with_shapes=False, keyframes=2)]))
    os.makedirs(out, exist_ok=True)
    write(os.path.join(out, "tiny.inertia"), packed)
    print(f"tiny: tiny.inertia {len(packed)} bytes")


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["large", "repo", "fixrepo", "tiny"])
    parser.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "work"))
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--animations", type=int, default=16000)
    parser.add_argument("--files", type=int, default=10000)
    args = parser.parse_args()
    if args.what == "large":
        generate_large(args.out, args.animations, args.seed)
    elif args.what == "repo":
        generate_repo(args.out, args.files, args.seed)
    elif args.what == "fixrepo":
        generate_repo(args.out, args.files, args.seed, name="fixrepo", every_file_fixable=True)
    else:
        generate_tiny(args.out, args.seed)


if __name__ == "__main__":
    sys.exit(main())
