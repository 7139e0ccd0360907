#!/usr/bin/env python3
"""The peer we measure inertia-convert against: the same conversions done with Python's msgspec.

    peer_msgspec.py [--gc] to-json    IN.inertia OUT.json
    peer_msgspec.py [--gc] to-msgpack IN.json    OUT.inertia

Reads the whole file, decodes it to Python objects, encodes it the other way and writes the result,
as inertia-convert does. JSON output is compact (msgspec has no pretty encoder of its own), so it is
compared with `inertia-convert to-json --compact`.

Python's cyclic garbage collector is switched off first, as a script that cares about speed would do:
decoding builds millions of containers, and with the collector on, msgspec spends most of its time
in collections rather than in decoding (about 5x slower here). `--gc` leaves it on, for comparison.

On standard error it prints `inprocess_seconds=S`: the time from after the imports to after the
output is written, which leaves out interpreter start-up and the import of msgspec.
"""

import gc
import sys
import time

import msgspec


def main():
    arguments = sys.argv[1:]
    keep_gc = arguments[:1] == ["--gc"]
    if keep_gc:
        arguments = arguments[1:]
    if len(arguments) != 3 or arguments[0] not in ("to-json", "to-msgpack"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    direction, source, destination = arguments
    if not keep_gc:
        gc.disable()
    start = time.perf_counter()
    with open(source, "rb") as f:
        data = f.read()
    if direction == "to-json":
        result = msgspec.json.encode(msgspec.msgpack.decode(data))
    else:
        result = msgspec.msgpack.encode(msgspec.json.decode(data))
    with open(destination, "wb") as f:
        f.write(result)
    elapsed = time.perf_counter() - start
    print(f"inprocess_seconds={elapsed:.6f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
