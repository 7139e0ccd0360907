#!/usr/bin/env python3
"""Writes Tests/FormatFixtures/oracle/verdicts.json: what the decode oracle (the SwiftUI runtime's decoder,
rebuilt by hand outside this repository; see README.md beside this script) makes of every fixture that
OracleAgreementTests holds our `schema` rule to.

    INERTIA_ORACLE=/path/to/release/inertia-oracle \\
    INERTIA_ORACLE_DEBUG=/path/to/debug/inertia-oracle \\
    INERTIA_CONVERT=.build/release/inertia-convert \\
      Tests/FormatFixtures/oracle/make-verdicts.py [--seed OLD-VERDICTS.json]

The fixtures, each named by the SHA-256 of the bytes the oracle decodes:
  - Tests/FormatFixtures/oracle/cases/*.inertia  (targeted cases; NAME.json beside each says what it is)
  - Corpus/**/*.inertia
  - Corpus/**/*.json, as `inertia-convert to-msgpack` writes them (those it refuses have no verdict)
  - Tests/Fuzz/Corpus/** and Tests/Fuzz/Regressions/**

Verdicts already in verdicts.json (or in --seed, a list of {"sha256", "verdict", "error"} objects) are
kept; only bytes without one are decoded, and verdicts no fixture has any more are dropped. The oracle
decodes each file in a worker process, so a decode that crashes (a failed bounds check, an allocation that
cannot be satisfied, a stack overflow) is a `traps` verdict too; the optimised build crashes without a
message, so the debug build (INERTIA_ORACLE_DEBUG) is asked for the Swift runtime's. A test-oracle helper:
the product never needs Python.
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", ".."))
out_path = os.path.join(here, "verdicts.json")
oracle = os.environ.get("INERTIA_ORACLE")
debug_oracle = os.environ.get("INERTIA_ORACLE_DEBUG")
convert = os.environ.get("INERTIA_CONVERT", os.path.join(root, ".build/release/inertia-convert"))
if not oracle:
    sys.exit("make-verdicts.py: set INERTIA_ORACLE to the oracle's release binary (see README.md)")


def files_under(folder):
    for base, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            yield os.path.join(base, name)


def sha256(data):
    return hashlib.sha256(data).hexdigest()


# The bytes to decode, by SHA-256, and a name for each (the first file found with those bytes).
inputs = {}
scratch = tempfile.mkdtemp(prefix="oracle-inputs-")
for path in files_under(os.path.join(here, "cases")):
    if path.endswith(".inertia"):
        inputs.setdefault(sha256(open(path, "rb").read()), path)
for path in files_under(os.path.join(root, "Corpus")):
    if path.endswith(".inertia"):
        inputs.setdefault(sha256(open(path, "rb").read()), path)
    elif path.endswith(".json"):
        target = os.path.join(scratch, f"{len(inputs)}.inertia")
        run = subprocess.run([convert, "to-msgpack", "--from", "json", path, "-o", target], capture_output=True)
        if run.returncode == 0:
            inputs.setdefault(sha256(open(target, "rb").read()), target)
for folder in ("Tests/Fuzz/Corpus", "Tests/Fuzz/Regressions"):
    for path in files_under(os.path.join(root, folder)):
        inputs.setdefault(sha256(open(path, "rb").read()), path)

known = {}
if os.path.exists(out_path):
    previous = json.load(open(out_path, encoding="utf-8"))
    for digest, entry in previous["verdicts"].items():
        known[digest] = (entry[0], previous["errors"][entry[1]] if len(entry) > 1 else None)
if "--seed" in sys.argv:
    for record in json.load(open(sys.argv[sys.argv.index("--seed") + 1], encoding="utf-8")):
        if record.get("sha256") and record.get("verdict"):
            known.setdefault(record["sha256"], (record["verdict"], record.get("error")))

missing = [digest for digest in inputs if digest not in known]
print(f"{len(inputs)} fixtures, {len(inputs) - len(missing)} with a verdict, {len(missing)} to decode")
SIGNALS = {4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 11: "SIGSEGV"}
for start in range(0, len(missing), 1000):
    chunk = missing[start:start + 1000]
    run = subprocess.run([oracle, "decode", "--jsonl"] + [inputs[d] for d in chunk], capture_output=True, text=True)
    by_path = {json.loads(line)["path"]: json.loads(line) for line in run.stdout.splitlines()}
    for digest in chunk:
        result = by_path[inputs[digest]]
        error = result.get("error")
        trap = re.match(r"runtime trap \(signal (\d+)\): (.*)", error or "")
        if trap:
            signal, message = int(trap.group(1)), trap.group(2)
            if message == "process died" and debug_oracle:
                again = subprocess.run([debug_oracle, "decode", "--jsonl", inputs[digest]], capture_output=True, text=True)
                retried = re.match(r"runtime trap \(signal \d+\): (.*)", json.loads(again.stdout.splitlines()[0]).get("error") or "")
                if retried and retried.group(1) != "process died":
                    message = retried.group(1)
                elif signal == 11:
                    message = "stack overflow (the decoder recurses once per nesting level)"
            error = f"runtime trap ({SIGNALS.get(signal, f'signal {signal}')}): {message}"
        known[digest] = (result["verdict"], error)

errors = sorted({error for digest in inputs for _, error in [known[digest]] if error is not None})
index = {error: i for i, error in enumerate(errors)}
lines = []
for digest in sorted(inputs):
    verdict, error = known[digest]
    entry = [verdict] if error is None else [verdict, index[error]]
    lines.append(f"    {json.dumps(digest)}: {json.dumps(entry)}")
about = ("What the SwiftUI runtime's decoder (hpennington/Inertia e310d13, its Codable types re-typed by hand, "
         "decoded with fumoboy007/msgpack-swift 2.0.6 = fe31018, on Linux) makes of each fixture, by the SHA-256 "
         "of the bytes decoded: [\"decodes\"] or [\"traps\", index into errors]. Written by make-verdicts.py; "
         "see README.md.")
with open(out_path, "w", encoding="utf-8") as out:
    out.write("{\n")
    out.write(f"  \"about\": {json.dumps(about)},\n")
    out.write("  \"errors\": [\n" + ",\n".join(f"    {json.dumps(e, ensure_ascii=False)}" for e in errors) + "\n  ],\n")
    out.write("  \"verdicts\": {\n" + ",\n".join(lines) + "\n  }\n}\n")
counts = {}
for digest in inputs:
    counts[known[digest][0]] = counts.get(known[digest][0], 0) + 1
print(f"wrote {os.path.relpath(out_path, root)}: {counts}, {len(errors)} distinct errors")
