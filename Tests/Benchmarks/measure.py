#!/usr/bin/env python3
"""Timing, memory, checking and reporting for Benchmarks/run.sh.

    measure.py time --results FILE --tool T --direction D --input IN [--output OUT] [--runs N]
                    [--ok-codes 0,1] -- CMD...
        Runs CMD once to warm the file cache, then N times (default 7). Appends one JSON line to FILE:
        every run's wall time and peak resident set size (from wait4, per child), and the in-process
        time when CMD prints `inprocess_seconds=S` on standard error. IN may be a directory (its
        files' sizes are added up).
    measure.py verify-json --source large.inertia OUT.json...
        Each OUT.json, read with Python's json module, must equal msgspec's decoding of the source:
        same values, same kinds (int is not float), same key order.
    measure.py verify-bytes --expected large.inertia OUT.inertia...
        Each OUT.inertia must equal the expected file byte for byte.
    measure.py report --results FILE
        Prints the table.

Sizes and rates use MB = 10^6 bytes.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


# --- time ------------------------------------------------------------------------------------------

def run_once(command, ok_codes=(0,), stdout_path=None):
    """Runs command (its standard output into stdout_path, if given); returns (wall seconds, peak RSS
    bytes, stderr text)."""
    with tempfile.TemporaryFile() as errors, open(stdout_path or os.devnull, "wb") as out:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        text = errors.read().decode("utf-8", "replace")
    if process.returncode not in ok_codes:
        sys.exit(f"measure.py: {' '.join(command)} exited {process.returncode}:\n{text}")
    # ru_maxrss is in kilobytes on Linux and in bytes on macOS.
    rss = usage.ru_maxrss if sys.platform == "darwin" else usage.ru_maxrss * 1024
    return wall, rss, text


def size(path):
    """The size of a file, or of all the files under a directory."""
    if not os.path.isdir(path):
        return os.path.getsize(path)
    return sum(os.path.getsize(os.path.join(folder, name)) for folder, _, names in os.walk(path) for name in names)


def inprocess_seconds(text):
    for line in text.splitlines():
        if line.startswith("inprocess_seconds="):
            return float(line.split("=", 1)[1])
    return None


def command_time(args):
    ok_codes = tuple(int(code) for code in args.ok_codes.split(","))
    run_once(args.command, ok_codes, args.stdout)  # warm-up: file cache, page cache of the binary
    walls, rsses, inside = [], [], []
    for _ in range(args.runs):
        wall, rss, text = run_once(args.command, ok_codes, args.stdout)
        walls.append(wall)
        rsses.append(rss)
        seconds = inprocess_seconds(text)
        if seconds is not None:
            inside.append(seconds)
    record = {
        "tool": args.tool,
        "direction": args.direction,
        "command": args.command,
        "input_bytes": size(args.input),
        "output_bytes": size(args.output) if args.output else 0,
        "wall": walls,
        "rss": rsses,
        "inprocess": inside or None,
    }
    with open(args.results, "a") as f:
        f.write(json.dumps(record) + "\n")
    print(f"  {args.tool:<24} {args.direction:<11} median {statistics.median(walls):.3f} s over {args.runs} runs")


# --- verify ----------------------------------------------------------------------------------------

def difference(expected, actual):
    """The JSON Pointer of the first place the two differ, kinds and key order included, or None."""
    stack = [("", expected, actual)]
    while stack:
        path, a, b = stack.pop()
        if type(a) is not type(b):
            return f"{path or '/'}: {type(a).__name__} {a!r:.40} vs {type(b).__name__} {b!r:.40}"
        if isinstance(a, dict):
            if list(a) != list(b):
                return f"{path or '/'}: keys {list(a)!r:.80} vs {list(b)!r:.80}"
            stack.extend((f"{path}/{k}", a[k], b[k]) for k in a)
        elif isinstance(a, list):
            if len(a) != len(b):
                return f"{path or '/'}: {len(a)} elements vs {len(b)}"
            stack.extend((f"{path}/{i}", x, y) for i, (x, y) in enumerate(zip(a, b)))
        elif a != b:
            return f"{path or '/'}: {a!r:.40} vs {b!r:.40}"
    return None


def command_verify_json(args):
    import msgspec

    with open(args.source, "rb") as f:
        expected = msgspec.msgpack.decode(f.read())
    failed = False
    for path in args.outputs:
        with open(path, "rb") as f:
            actual = json.loads(f.read())
        problem = difference(expected, actual)
        failed |= problem is not None
        verdict = "PASS" if problem is None else f"FAIL ({problem})"
        print(f"  {verdict}: {os.path.basename(path)} read by Python's json equals msgspec's decoding of "
              f"{os.path.basename(args.source)}")
    return 1 if failed else 0


def command_verify_bytes(args):
    with open(args.expected, "rb") as f:
        expected = f.read()
    failed = False
    for path in args.outputs:
        with open(path, "rb") as f:
            actual = f.read()
        if actual == expected:
            print(f"  PASS: {os.path.basename(path)} equals {os.path.basename(args.expected)} byte for byte")
            continue
        failed = True
        first = next((i for i, (x, y) in enumerate(zip(expected, actual)) if x != y), min(len(expected), len(actual)))
        print(f"  FAIL: {os.path.basename(path)} differs from {os.path.basename(args.expected)} at byte {first} "
              f"({len(actual)} bytes vs {len(expected)})")
    return 1 if failed else 0


# --- report ----------------------------------------------------------------------------------------

def command_report(args):
    with open(args.results) as f:
        records = [json.loads(line) for line in f if line.strip()]
    mb = 1e6
    header = (f"{'tool':<24} {'direction':<11} {'median s':>9} {'MB/s':>8} {'in-proc s':>9} {'in-proc MB/s':>12} "
              f"{'peak RSS MB':>11} {'RSS/(in+out)':>12}")
    print(header)
    print("-" * len(header))
    by_key = {}
    for r in records:
        median = statistics.median(r["wall"])
        inside = statistics.median(r["inprocess"]) if r["inprocess"] else None
        peak = max(r["rss"])
        by_key[(r["tool"], r["direction"])] = (r, median, inside)
        inside_text = f"{inside:.3f}" if inside else "-"
        inside_rate = f"{r['input_bytes'] / mb / inside:.1f}" if inside else "-"
        print(f"{r['tool']:<24} {r['direction']:<11} {median:>9.3f} {r['input_bytes'] / mb / median:>8.1f} "
              f"{inside_text:>9} {inside_rate:>12} "
              f"{peak / mb:>11.1f} {peak / (r['input_bytes'] + r['output_bytes']):>12.2f}")
    print()
    lint_repo = by_key.get(("inertia-lint", "lint"))
    if lint_repo:
        files = sum(len(names) for _, _, names in os.walk(lint_repo[0]["command"][-1]))
        print(f"lint of a repository of {files} files: {lint_repo[1]:.3f} s wall "
              f"(target < 1 s: {'met' if lint_repo[1] < 1 else 'not met'})")
    lint_large = by_key.get(("inertia-lint", "lint-large"))
    for convert_tool in ("inertia-convert compact", "inertia-convert pretty"):
        convert = by_key.get((convert_tool, "to-json"))
        if lint_large and convert:
            ratio = convert[1] / lint_large[1]
            print(f"lint of the large file / {convert_tool} to-json throughput: {ratio:.2f} "
                  f"(target >= 0.5: {'met' if ratio >= 0.5 else 'not met'})")
    print()
    # The documented memory bounds (README.md, "Guarantees"): converting needs at most the input plus
    # the output plus 32 MB; linting one file at most six times the input plus 32 MB.
    slack = 32 * mb
    for r in records:
        peak = max(r["rss"])
        if r["direction"] in ("to-svg", "timeline"):
            # A preview holds the whole document, its typed model and the SVG: reported, not bounded.
            print(f"memory {r['tool']:<24} {r['direction']:<11}: peak {peak / mb:7.1f} MB (input "
                  f"{r['input_bytes'] / mb:.1f} MB, output {r['output_bytes'] / mb:.1f} MB)")
            continue
        if r["tool"].startswith("inertia-convert"):
            bound, rule = r["input_bytes"] + r["output_bytes"] + slack, "input + output + 32 MB"
        elif r["tool"].startswith("inertia-lint") and not os.path.isdir(r["command"][-1]):
            bound, rule = 6 * r["input_bytes"] + slack, "6 x input + 32 MB"
        else:
            continue
        verdict = "within" if peak <= bound else "OVER"
        print(f"memory {r['tool']:<24} {r['direction']:<11}: peak {peak / mb:7.1f} MB, bound {bound / mb:7.1f} MB "
              f"({rule}): {verdict}")
    print()
    print("Throughput is input size / median wall time of the whole process, start-up included.")
    print("in-proc is msgspec's own time after start-up and imports (read, convert, write).")
    print()
    print("Ratios compare the same work: read the input, convert, write the output file (ours through")
    print("standard output, msgspec with open().write(), neither flushing to disk). The '-o' rows add our")
    print("atomic write: a temporary file, fsync, rename.")
    print()
    for direction, ours_tool in (("to-json", "inertia-convert compact"), ("to-json", "inertia-convert pretty"),
                                 ("to-msgpack", "inertia-convert")):
        ours = by_key.get((ours_tool, direction))
        if not ours:
            continue
        for peer_tool in ("msgspec", "msgspec (gc on)"):
            peer = by_key.get((peer_tool, direction))
            if not peer:
                continue
            whole = peer[1] / ours[1]
            line = f"throughput {ours_tool:<24}/ {peer_tool:<15} {direction:<10}: {whole:5.2f}x whole process"
            if peer[2]:
                line += f", {peer[2] / ours[1]:5.2f}x against its in-process time"
            line += f"  (target >= 4x: {'met' if whole >= 4 else 'not met'})"
            print(line)

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    t = sub.add_parser("time")
    t.add_argument("--results", required=True)
    t.add_argument("--tool", required=True)
    t.add_argument("--direction", required=True)
    t.add_argument("--input", required=True)
    t.add_argument("--output", help="the file written, if any")
    t.add_argument("--stdout", help="a file to send the command's standard output to")
    t.add_argument("--ok-codes", default="0", help="exit codes that count as success, comma-separated")
    t.add_argument("--runs", type=int, default=7)
    t.add_argument("command", nargs=argparse.REMAINDER)
    vj = sub.add_parser("verify-json")
    vj.add_argument("--source", required=True)
    vj.add_argument("outputs", nargs="+")
    vb = sub.add_parser("verify-bytes")
    vb.add_argument("--expected", required=True)
    vb.add_argument("outputs", nargs="+")
    r = sub.add_parser("report")
    r.add_argument("--results", required=True)
    args = parser.parse_args()
    if args.what == "time":
        if args.command[:1] == ["--"]:
            args.command = args.command[1:]
        if args.runs < 1 or not args.command:
            parser.error("time needs --runs >= 1 and a command after --")
        return command_time(args)
    if args.what == "verify-json":
        return command_verify_json(args)
    if args.what == "verify-bytes":
        return command_verify_bytes(args)
    return command_report(args)


if __name__ == "__main__":
    sys.exit(main())
