#!/usr/bin/env python3
"""CPU per operator line for a goods receipt with many items, through a pipe.

    Benchmarks/list-items.py [-n RUNS] [--binary PATH] [--items N ...]

Each run feeds Forms/goods-receipt.yaml through a pipe (no terminal): the supplier, the date and
dock defaults, N items of three fields (sku, qty, lot), the empty SKU that ends the list (none at max_items, 200), the
empty serial that ends the second list, "no", and Enter at the review (the in-process fake
accepts). The CPU time of the child (user + system) minus the median CPU of a run that ends at
the first prompt (start-up, loading the form) is divided by the lines typed: the CPU each answer
costs, prompt to prompt. The baseline in the same run is the smallest N (10 by default): the
ratio says whether a line costs more when the list is long (a quadratic walk or review would
show here). Not a test: absolute times drift on this machine, read the ratios.
"""
import argparse, os, resource, shutil, statistics, subprocess, tempfile

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
parser = argparse.ArgumentParser()
parser.add_argument("-n", type=int, default=7)
parser.add_argument("--binary", default=os.path.join(root, ".build", "debug", "formline"))
parser.add_argument("--items", type=int, nargs="*", default=[10, 200])
args = parser.parse_args()


def lines_for(items):
    lines = ["ACME", "2026-11-20", ""]
    for n in range(1, items + 1):
        lines += [f"ABC-{n}", "1", ""]
    # At the form's max_items (200) no further item is offered, so no empty SKU ends the list.
    return lines + ([""] if items < 200 else []) + ["", "no", ""]


def cpu_of(lines, work):
    state = os.path.join(work, "state")
    shutil.rmtree(state, ignore_errors=True)
    os.makedirs(state)
    env = {"PATH": os.environ["PATH"], "HOME": work, "XDG_STATE_HOME": state, "LANG": "C.UTF-8", "TERM": "dumb"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    text = "".join(line + "\n" for line in lines)
    done = subprocess.run([args.binary, "fill", os.path.join(root, "Forms", "goods-receipt.yaml")],
                          input=text, capture_output=True, text=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if lines and "accepted" not in done.stdout:
        raise SystemExit(f"the run did not end accepted:\n{done.stdout[-2000:]}\n{done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


work = tempfile.mkdtemp()
try:
    startup, per = [], {n: [] for n in args.items}
    for run in range(args.n):
        startup.append(cpu_of([], work))
        order = list(args.items) if run % 2 == 0 else list(reversed(args.items))
        for n in order:
            per[n].append(cpu_of(lines_for(n), work))
finally:
    shutil.rmtree(work, ignore_errors=True)
base_start = statistics.median(startup)
print(f"start-up (ends at the first prompt): {base_start * 1000:8.2f} ms CPU  (n={len(startup)})")
baseline = None
for n in args.items:
    count = len(lines_for(n))
    total = statistics.median(per[n])
    line_ms = (total - base_start) * 1000 / count
    baseline = baseline or line_ms
    print(f"{n:4d} items, {count:4d} lines: {total * 1000:8.2f} ms CPU, {line_ms:6.3f} ms per line, {line_ms / baseline:5.2f}x the {args.items[0]}-item line")
