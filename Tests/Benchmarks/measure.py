#!/usr/bin/env python3
"""Timing, memory, checking and reporting for Benchmarks/run.sh.

    measure.py add --spec FILE --tool T --direction D --input IN [--output OUT] [--stdout FILE]
                   [--ok-codes 0,1] [--prepare SHELL] [--no-warm-up] [--repeat K] [--ratio-to TOOL]...
                   -- CMD...
        Appends one command to a group of commands to be timed together (a JSON line in FILE).
        --prepare runs (untimed, through /bin/sh) before each timed run, for example to restore a
        tree a command changes; --repeat runs this command K times a round instead of the group's
        count; --ratio-to names another tool of the group to divide by.
    measure.py rounds --spec FILE --results FILE --group G [--rounds N] [--repeat K]
        Times the commands of a group interleaved: one warm-up run of each, then N rounds, each
        running every command K times in a row (the order rotating from round to round), so that
        whatever else the machine does falls on all of them alike. A command's figure for a round is
        the median of its K runs; each ratio is taken round by round, between runs minutes apart
        at most. Appends one JSON line per command to the results.
    measure.py verify-json --source large.inertia OUT.json...
        Each OUT.json, read with Python's json module, must equal msgspec's decoding of the source:
        same values, same kinds (int is not float), same key order.
    measure.py verify-bytes --expected large.inertia OUT.inertia...
        Each OUT.inertia must equal the expected file byte for byte.
    measure.py report --results FILE
        Prints the table.
    measure.py against --results FILE [--limit 1.10]
        Prints a group timed by run.sh --against side by side: each benchmark's median with the build
        compared against and with this one, and the median [min-max] of the rounds' ratios (this one
        over that one), against the limit.

Sizes and rates use MB = 10^6 bytes.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def spread(values):
    """(median, min, max) of a list of numbers."""
    return statistics.median(values), min(values), max(values)


# --- rounds ----------------------------------------------------------------------------------------

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


def spawn_once(command, ok_codes, stdout_path, prepare):
    """Runs prepare (untimed, through /bin/sh), then command, its standard output into stdout_path if
    given; returns (wall seconds, peak RSS bytes from wait4, stderr text). posix_spawn keeps this
    process's own work out of the figure as far as it can."""
    if prepare:
        subprocess.run(["/bin/sh", "-c", prepare], check=True)
    with tempfile.TemporaryFile() as errors, open(stdout_path or os.devnull, "wb") as out, \
            open(os.devnull, "rb") as stdin:
        actions = [(os.POSIX_SPAWN_DUP2, stdin.fileno(), 0), (os.POSIX_SPAWN_DUP2, out.fileno(), 1),
                   (os.POSIX_SPAWN_DUP2, errors.fileno(), 2)]
        start = time.perf_counter()
        pid = os.posix_spawnp(command[0], command, os.environ, file_actions=actions)
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        text = errors.read().decode("utf-8", "replace")
    if code not in ok_codes:
        sys.exit(f"measure.py: {' '.join(command)} exited {code}:\n{text[-2000:]}")
    rss = usage.ru_maxrss if sys.platform == "darwin" else usage.ru_maxrss * 1024
    return wall, rss, text


def command_add(args):
    entry = {
        "tool": args.tool, "direction": args.direction, "input": args.input, "output": args.output,
        "stdout": args.stdout, "ok_codes": args.ok_codes, "prepare": args.prepare,
        "warm_up": not args.no_warm_up, "ratio_to": args.ratio_to or [], "command": args.command,
        "repeat": args.repeat,
    }
    with open(args.spec, "a") as f:
        f.write(json.dumps(entry) + "\n")


def command_rounds(args):
    with open(args.spec) as f:
        entries = [json.loads(line) for line in f if line.strip()]
    codes = [tuple(int(c) for c in e["ok_codes"].split(",")) for e in entries]
    for e, ok in zip(entries, codes):
        if e["warm_up"]:
            spawn_once(e["command"], ok, e["stdout"], e["prepare"])
    per_round = [[] for _ in entries]   # the median of each round's K runs
    every = [[] for _ in entries]
    rsses = [[] for _ in entries]
    inside = [[] for _ in entries]
    for r in range(args.rounds):
        order = [(r + i) % len(entries) for i in range(len(entries))]
        for i in order:
            walls = []
            for _ in range(entries[i].get("repeat") or args.repeat):
                wall, rss, text = spawn_once(entries[i]["command"], codes[i], entries[i]["stdout"],
                                             entries[i]["prepare"])
                walls.append(wall)
                rsses[i].append(rss)
                seconds = inprocess_seconds(text)
                if seconds is not None:
                    inside[i].append(seconds)
            every[i].extend(walls)
            per_round[i].append(statistics.median(walls))
    with open(args.results, "a") as f:
        for i, e in enumerate(entries):
            record = {
                "tool": e["tool"], "direction": e["direction"], "group": args.group, "command": e["command"],
                "input_bytes": size(e["input"]), "output_bytes": size(e["output"]) if e["output"] else 0,
                "wall": per_round[i], "every_wall": every[i], "repeat": e.get("repeat") or args.repeat,
                "rss": rsses[i],
                "inprocess": inside[i] or None, "ratio_to": e["ratio_to"],
                # A child's peak includes the memory of this process until the child's exec.
                "harness_rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
            }
            f.write(json.dumps(record) + "\n")
    width = max(len(e["tool"]) for e in entries)
    for i, e in enumerate(entries):
        median, low, high = spread(per_round[i])
        print(f"  {e['tool']:<{width}}  median {median * 1000:9.2f} ms  [{low * 1000:.2f}-{high * 1000:.2f}]"
              f"  over {args.rounds} rounds of {args.repeat}")


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
        elif a != b and not (path.rsplit("/", 1)[-1] in COLOUR_KEYS and isinstance(b, float) and float32(b) == a):
            return f"{path or '/'}: {a!r:.40} vs {b!r:.40}"
    return None


# A colour component stored as a float32 is printed by `to-json` as the shortest text that reads back to it
# (0.33 for the float32 0.3300000131...), which is that float32 once rounded to one.
COLOUR_KEYS = {"red", "green", "blue", "alpha"}


def float32(x):
    import struct
    try:
        return struct.unpack(">f", struct.pack(">f", x))[0]
    except OverflowError:
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

# The goals the figures are held to (issue 13 and the promises of docs/guarantees.md#memory-and-speed),
# as time ratios within one group: (group, tool, divided by tool, at most, what it means).
GOALS = [
    ("start-up", "inertia-convert to-json (build-tools.sh)", "msgpack2json", 1.2,
     "inertia-convert start-up no slower than msgpack2json (x1.2)"),
    ("start-up", "inertia-lint (build-tools.sh)", "msgpack2json", 1.2,
     "inertia-lint start-up no slower than msgpack2json (x1.2)"),
    ("start-up", "inertia-lint (pre-commit entry)", "msgpack2json", 1.2,
     "the pre-commit entry no slower than msgpack2json (x1.2)"),
    ("to-json compact", "inertia-convert compact", "msgpack2json", 1 / 1.5, "to-json compact >= 1.5x msgpack2json"),
    ("to-json pretty", "inertia-convert pretty", "msgpack2json-p2", 1 / 1.5, "to-json pretty >= 1.5x msgpack2json -p"),
    ("to-msgpack", "inertia-convert", "json2msgpack", 1 / 2.5, "to-msgpack >= 2.5x json2msgpack"),
    ("to-json compact", "inertia-convert compact", "msgspec", 1 / 4, "to-json compact >= 4x msgspec"),
    ("to-msgpack", "inertia-convert", "msgspec", 1 / 4, "to-msgpack >= 4x msgspec"),
    ("lint, 10,000 files", "inertia-lint", "grep -rc", 1.5, "lint of 10,000 files within 1.5x grep -rc"),
    ("lint, 10,000 files", "inertia-lint (build-tools.sh)", "grep -rc", 1.5,
     "lint of 10,000 files within 1.5x grep -rc, as installed (build-tools.sh)"),
    ("batch writes, 10,000 files", "inertia-lint --fix", "inertia-lint (no fix)", 2.0,
     "--fix of 10,000 files within 2x linting them"),
    ("batch writes, 10,000 files", "inertia-convert --out-dir", "inertia-lint (no fix)", 2.0,
     "to-json --out-dir of 10,000 files within 2x linting them"),
    ("batch writes, 10,000 files, tmpfs", "inertia-lint --fix", "inertia-lint (no fix)", 2.0,
     "--fix of 10,000 files within 2x linting them, on tmpfs"),
    ("batch writes, 10,000 files, tmpfs", "inertia-convert --out-dir", "inertia-lint (no fix)", 2.0,
     "to-json --out-dir of 10,000 files within 2x linting them, on tmpfs"),
]

# Not goals but the limit: how far each batch write is from the system calls it cannot avoid (printed
# beside the goals, so that the distance to the limit is read in the same run).
FLOORS = [
    ("batch writes, 10,000 files", "inertia-lint --fix", "--fix I/O floor"),
    ("batch writes, 10,000 files", "inertia-convert --out-dir", "--out-dir I/O floor"),
    ("batch writes, 10,000 files", "--fix I/O floor", "inertia-lint (no fix)"),
    ("batch writes, 10,000 files, tmpfs", "inertia-lint --fix", "--fix I/O floor"),
    ("batch writes, 10,000 files, tmpfs", "inertia-convert --out-dir", "--out-dir I/O floor"),
    ("batch writes, 10,000 files, tmpfs", "--fix I/O floor", "inertia-lint (no fix)"),
]


def round_ratios(numerator, denominator):
    """The ratio of two commands' times, round by round (both ran in every round of their group)."""
    return [a / b for a, b in zip(numerator["wall"], denominator["wall"])]


def command_report(args):
    with open(args.results) as f:
        records = [json.loads(line) for line in f if line.strip()]
    mb = 1e6
    for r in records:
        r.setdefault("group", r["direction"])
        r.setdefault("ratio_to", [])
    by_group = {}
    for r in records:
        by_group.setdefault(r["group"], {})[r["tool"]] = r

    def ms(seconds):
        return f"{seconds * 1000:.2f}" if seconds < 0.1 else f"{seconds * 1000:.0f}"

    width = max(24, max(len(r["tool"]) for r in records))
    header = (f"{'tool':<{width}} {'median ms':>10} {'min-max ms':>15} {'MB/s':>8} {'in-proc ms':>10} "
              f"{'peak RSS MB':>11} {'RSS/(in+out)':>12}")
    for group, tools in by_group.items():
        first = next(iter(tools.values()))
        repeat = first.get("repeat", 1)
        print(f"{group}: {len(first['wall'])} rounds" + (f", median of {repeat} runs a round" if repeat > 1 else ""))
        print(header)
        print("-" * len(header))
        for r in tools.values():
            median, low, high = spread(r["wall"])
            inside = statistics.median(r["inprocess"]) if r["inprocess"] else None
            peak = max(r["rss"])
            rate = r["input_bytes"] / mb / median
            # Below the harness's own size the figure is the harness's, not the command's.
            if peak <= r.get("harness_rss", 0) * 1.05:
                peak_text, per_byte = f"<{peak / mb:.0f}", "-"
            else:
                peak_text, per_byte = f"{peak / mb:.1f}", f"{peak / (r['input_bytes'] + r['output_bytes']):.2f}"
            print(f"{r['tool']:<{width}} {ms(median):>10} {ms(low) + '-' + ms(high):>15} {rate:>8.1f} "
                  f"{(ms(inside) if inside else '-'):>10} {peak_text:>11} {per_byte:>12}")
        lines = []
        for r in tools.values():
            for other in r["ratio_to"]:
                if other not in tools:
                    continue
                median, low, high = spread(round_ratios(r, tools[other]))
                lines.append(f"  {r['tool']} / {other}: {median:.2f} [{low:.2f}-{high:.2f}]")
        if lines:
            print("time ratios, median [min-max] of the rounds' ratios:")
            print("\n".join(lines))
        print()

    print("Goals (time ratios within one group; median of the rounds' ratios):")
    for group, tool, other, limit, meaning in GOALS:
        tools = by_group.get(group, {})
        if tool not in tools or other not in tools:
            continue
        median, low, high = spread(round_ratios(tools[tool], tools[other]))
        verdict = "met" if median <= limit else "not met"
        print(f"  {meaning}: {tool} / {other} = {median:.2f} [{low:.2f}-{high:.2f}], "
              f"at most {limit:.2f}: {verdict}")
    print()
    lines = []
    for group, tool, other in FLOORS:
        tools = by_group.get(group, {})
        if tool in tools and other in tools:
            median, low, high = spread(round_ratios(tools[tool], tools[other]))
            lines.append(f"  {group}: {tool} / {other} = {median:.2f} [{low:.2f}-{high:.2f}]")
    if lines:
        print("Distance to the batch writes' I/O floor (the same system calls, nothing parsed):")
        print("\n".join(lines))
        print()

    lint_repo = by_group.get("lint, 10,000 files", {}).get("inertia-lint")
    if lint_repo:
        files = sum(name.endswith(".inertia") for _, _, names in os.walk(lint_repo["command"][-1]) for name in names)
        median = statistics.median(lint_repo["wall"])
        print(f"lint of a repository of {files} files: {median:.3f} s wall "
              f"(target < 1 s: {'met' if median < 1 else 'not met'})")
    compact = by_group.get("to-json compact", {})
    if "inertia-lint" in compact and "inertia-convert compact" in compact:
        ratio = statistics.median(round_ratios(compact["inertia-convert compact"], compact["inertia-lint"]))
        print(f"lint of the large file / to-json --compact throughput: {ratio:.2f} "
              f"(target >= 0.5: {'met' if ratio >= 0.5 else 'not met'})")
    print()
    # The documented memory bounds (docs/guarantees.md#memory-and-speed): converting needs at most the
    # input plus the output plus 32 MB; linting one file at most ten times the input plus 32 MB.
    slack = 32 * mb
    for r in records:
        peak = max(r["rss"])
        if os.path.isdir(r["command"][-1]) or r["direction"] in ("batch", "start-up"):
            continue
        if r["direction"] in ("to-svg", "timeline"):
            # A preview holds the whole document, its typed model and the SVG: reported, not bounded.
            print(f"memory {r['tool']:<24} {r['direction']:<11}: peak {peak / mb:7.1f} MB (input "
                  f"{r['input_bytes'] / mb:.1f} MB, output {r['output_bytes'] / mb:.1f} MB)")
            continue
        if r["tool"].startswith("inertia-convert"):
            bound, rule = r["input_bytes"] + r["output_bytes"] + slack, "input + output + 32 MB"
        elif r["tool"].startswith("inertia-lint"):
            bound, rule = 10 * r["input_bytes"] + slack, "10 x input + 32 MB"
        else:
            continue
        verdict = "within" if peak <= bound else "OVER"
        print(f"memory {r['tool'] + ', ' + r['group']:<52}: peak {peak / mb:7.1f} MB, bound {bound / mb:7.1f} MB "
              f"({rule}): {verdict}")
    print()
    print("MB/s is input size / median wall time of the whole process, start-up included.")
    print("in-proc is msgspec's own time after start-up and imports (read, convert, write).")
    print("Conversions write the output file (ours and msgpack-tools through standard output, msgspec with")
    print("open().write()), none flushing it to disk; the '-o' rows add our atomic write (temporary file,")
    print("fsync, rename). The I/O floor reads the input and writes as many bytes, converting nothing.")


def command_against(args):
    """The rows of run.sh --against: tools named "NAME (against)" and "NAME (this build)", one pair each."""
    with open(args.results) as f:
        records = {r["tool"]: r for r in (json.loads(line) for line in f if line.strip())}
    names = [tool[: -len(" (this build)")] for tool in records if tool.endswith(" (this build)")]
    width = max(len(name) for name in names)
    header = (f"{'benchmark':<{width}} {'against ms':>11} {'this ms':>9} {'this/against':>12} {'[min-max]':>13}"
              f"    {'peak RSS MB against, this':>25}")
    print(header)
    print("-" * len(header))
    worst = 0
    for name in names:
        old, new = records[name + " (against)"], records[name + " (this build)"]
        median, low, high = spread(round_ratios(new, old))
        worst = max(worst, median)
        print(f"{name:<{width}} {statistics.median(old['wall']) * 1000:>11.2f} "
              f"{statistics.median(new['wall']) * 1000:>9.2f} {median:>12.3f} {f'[{low:.2f}-{high:.2f}]':>13}"
              f"  {'ok' if median <= args.limit else 'SLOWER':<6} {max(old['rss']) / 1e6:>9.1f} {max(new['rss']) / 1e6:>8.1f}")
    print(f"\nEach figure a median of {len(old['wall'])} rounds, the two builds back to back in each (start-up: "
          f"the median of {records[names[-1] + ' (this build)']['repeat']} runs a round); the ratios, round by "
          f"round. Worst ratio {worst:.3f}, limit {args.limit:.2f}: {'within' if worst <= args.limit else 'NOT within'}.")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    vj = sub.add_parser("verify-json")
    vj.add_argument("--source", required=True)
    vj.add_argument("outputs", nargs="+")
    vb = sub.add_parser("verify-bytes")
    vb.add_argument("--expected", required=True)
    vb.add_argument("outputs", nargs="+")
    a = sub.add_parser("add")
    a.add_argument("--spec", required=True)
    a.add_argument("--tool", required=True)
    a.add_argument("--direction", required=True)
    a.add_argument("--input", required=True)
    a.add_argument("--output")
    a.add_argument("--stdout")
    a.add_argument("--ok-codes", default="0")
    a.add_argument("--prepare")
    a.add_argument("--no-warm-up", action="store_true")
    a.add_argument("--repeat", type=int)
    a.add_argument("--ratio-to", action="append")
    a.add_argument("command", nargs=argparse.REMAINDER)
    ro = sub.add_parser("rounds")
    ro.add_argument("--spec", required=True)
    ro.add_argument("--results", required=True)
    ro.add_argument("--group", required=True)
    ro.add_argument("--rounds", type=int, default=7)
    ro.add_argument("--repeat", type=int, default=1)
    r = sub.add_parser("report")
    r.add_argument("--results", required=True)
    ag = sub.add_parser("against")
    ag.add_argument("--results", required=True)
    ag.add_argument("--limit", type=float, default=1.10)
    args = parser.parse_args()
    if args.what == "add":
        if args.command[:1] == ["--"]:
            args.command = args.command[1:]
        if not args.command:
            parser.error("add needs a command after --")
        return command_add(args)
    if args.what == "rounds":
        if args.rounds < 1 or args.repeat < 1:
            parser.error("rounds needs --rounds >= 1 and --repeat >= 1")
        return command_rounds(args)
    if args.what == "verify-json":
        return command_verify_json(args)
    if args.what == "verify-bytes":
        return command_verify_bytes(args)
    if args.what == "against":
        return command_against(args)
    return command_report(args)


if __name__ == "__main__":
    sys.exit(main())
