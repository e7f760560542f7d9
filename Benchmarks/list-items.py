#!/usr/bin/env python3
"""Time from each answer to the next prompt, for a goods receipt with many items, through a pipe.

    Benchmarks/list-items.py [-n RUNS] [--binary PATH] [--items N ...] [--reviews R] [--by-kind] [--rejected]

Each run types Forms/goods-receipt.yaml through a pipe (no terminal), one line at a time, and
waits for the next prompt before typing the next line: the supplier, the date, the dock default,
N items of three fields (SKU `ABC-n`, a quantity, a non-empty lot `L-n`: the group's unique
[sku, lot] check compares whole keys at every answer), the empty SKU that ends the list (none
at max_items, 200), 50 unique serial numbers (the unique list check, up to its max_items), "no",
then at the review R times "1" and Enter (edit the supplier, keep it: each shows the whole review
again), then Enter to submit (the in-process fake accepts). With `--rejected` the middle item's
quantity is 999, which the form's in-process fake refuses: the first submit is rejected (the run
passes `--keep-asking`, so a pipe is asked for the correction instead of stopping), the wizard
asks that quantity again, "5" brings the review back, and Enter submits again (accepted).

For every answer it measures, from writing the line to reading the next prompt (output ending in
": "): the wall time, and the CPU the process used meanwhile (the sum of its threads'
/proc/PID/task/*/schedstat run time, in nanoseconds; a busy machine delays the wall time, not
this). It prints per item count the median, 99th percentile and maximum over every answer of
every run, the answer that shows the first review, and the review shown again after an edit.
The target (issue 11, item 9) is each prompt within 1 ms of the previous answer. `--by-kind`
also prints each kind of answer apart (plain fields, item fields, list items, the first review,
reviews shown again, with `--rejected` the rejected submit and the corrected answer, and the
Enter that submits, measured to the end of the process): median, 99th percentile and maximum
CPU.
"""
import argparse, os, select, shutil, statistics, subprocess, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
parser = argparse.ArgumentParser()
parser.add_argument("-n", type=int, default=5)
parser.add_argument("--binary", default=os.path.join(root, ".build", "debug", "formline"))
parser.add_argument("--items", type=int, nargs="*", default=[10, 200])
parser.add_argument("--reviews", type=int, default=5)
parser.add_argument("--by-kind", action="store_true",
                    help="also print, per kind of answer, the median, 99th percentile and maximum CPU")
parser.add_argument("--rejected", action="store_true",
                    help="one quantity the fake refuses: measure the rejected submit and the correction")
args = parser.parse_args()


def cpu_ns(pid):
    """Run time of every thread of `pid` so far, in nanoseconds."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total


def answers(items):
    lines = [("field", "ACME"), ("field", "2026-11-20"), ("field", "")]
    for n in range(1, items + 1):
        refused = args.rejected and n == (items + 1) // 2
        lines += [("item", f"ABC-{n}"), ("item", "999" if refused else str(n % 20 + 1)), ("item", f"L-{n}")]
    if items < 200:
        lines.append(("field", ""))
    lines += [("serial", f"S{n}") for n in range(1, 51)]
    lines.append(("review", "no"))
    for _ in range(args.reviews):
        lines += [("field", "1"), ("again", "")]
    if args.rejected:
        lines += [("rejected", ""), ("corrected", "5")]
    return lines


def run_once(items, work):
    state = os.path.join(work, "state")
    shutil.rmtree(state, ignore_errors=True)
    os.makedirs(state)
    env = {"PATH": os.environ["PATH"], "HOME": work, "XDG_STATE_HOME": state, "LANG": "C.UTF-8", "TERM": "dumb"}
    options = ["--keep-asking"] if args.rejected else []
    child = subprocess.Popen([args.binary, "fill", *options, os.path.join(root, "Forms", "goods-receipt.yaml")],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    out = child.stdout.fileno()
    seen = b""

    def wait_prompt():
        nonlocal seen
        buffer = b""
        deadline = time.monotonic() + 30
        while not buffer.endswith(b": "):
            ready, _, _ = select.select([out], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise SystemExit(f"no prompt after: {(seen + buffer)[-600:].decode(errors='replace')}")
            chunk = os.read(out, 65536)
            if not chunk:
                raise SystemExit(f"formline ended early: {(seen + buffer)[-600:].decode(errors='replace')}")
            buffer += chunk
        seen = (seen + buffer)[-4096:]
        return buffer

    wait_prompt()
    timings = []
    for kind, line in answers(items):
        cpu_before = cpu_ns(child.pid)
        start = time.perf_counter_ns()
        child.stdin.write((line + "\n").encode())
        child.stdin.flush()
        shown = wait_prompt()
        wall = time.perf_counter_ns() - start
        cpu = cpu_ns(child.pid) - cpu_before
        if b"  ! " in shown and kind != "rejected":
            raise SystemExit(f"an answer was refused: {shown.decode(errors='replace')[-600:]}")
        timings.append((kind, wall, cpu))
    # The Enter that submits: from it to the process's end (the fake transport accepts, the run
    # prints "accepted" and exits). The CPU is the child's total at its end (wait4) minus what
    # it had used before the line.
    cpu_before = cpu_ns(child.pid)
    start = time.perf_counter_ns()
    child.stdin.write(b"\n")
    child.stdin.close()
    rest = child.stdout.read()
    _, _, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter_ns() - start
    child.returncode = 0
    total = int((usage.ru_utime + usage.ru_stime) * 1e9)
    timings.append(("submit", wall, max(total - cpu_before, 0)))
    if b"accepted" not in rest:
        raise SystemExit(f"the run did not end accepted: {rest[-600:].decode(errors='replace')}")
    return timings


def p99(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


work = tempfile.mkdtemp()
try:
    print(f"binary: {args.binary}; {args.n} runs each; times in ms (wall | CPU)")
    print("| receipt | answers | median | p99 | max | first review | review again (max) |")
    print("|---|---|---|---|---|---|---|")
    for items in args.items:
        every = []
        for _ in range(args.n):
            every += run_once(items, work)
        # The table is about prompts: the submit (which ends the run) is shown by --by-kind.
        prompts = [t for t in every if t[0] != "submit"]
        walls = [w / 1e6 for _, w, _ in prompts]
        cpus = [c / 1e6 for _, _, c in prompts]
        first = [(w / 1e6, c / 1e6) for k, w, c in every if k == "review"]
        again = [(w / 1e6, c / 1e6) for k, w, c in every if k == "again"]
        count = len(prompts) // args.n

        def pair(a, b):
            return f"{a:.3f} \\| {b:.3f}"

        print(f"| {items} items | {count} | {pair(statistics.median(walls), statistics.median(cpus))} "
              f"| {pair(p99(walls), p99(cpus))} | {pair(max(walls), max(cpus))} "
              f"| {pair(statistics.median(w for w, _ in first), statistics.median(c for _, c in first))} "
              f"| {pair(max(w for w, _ in again), max(c for _, c in again))} |")
        if args.by_kind:
            names = {"field": "plain field", "item": "item field", "serial": "list item", "review": "first review",
                     "again": "review again", "rejected": "submit rejected, field asked",
                     "corrected": "corrected, review again", "submit": "submit, to the end of the run"}
            for kind, name in names.items():
                of_kind = [c / 1e6 for k, _, c in every if k == kind]
                if not of_kind:
                    continue
                print(f"|   {name} | {len(of_kind) // args.n} | CPU median {statistics.median(of_kind):.3f} "
                      f"| p99 {p99(of_kind):.3f} | max {max(of_kind):.3f} | | |")
finally:
    shutil.rmtree(work, ignore_errors=True)
