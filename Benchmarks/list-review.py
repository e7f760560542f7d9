#!/usr/bin/env python3
"""CPU per review of a goods receipt with N items, through a pipe: is the review linear in N?

    Benchmarks/list-review.py [-n RUNS] [--binary PATH] [--items 50 200] [--reviews 100]

Each run types Forms/goods-receipt.yaml's N lines through a pipe (as Benchmarks/list-items.py
does), then at the review edits the supplier and keeps it ("1", Enter) R times: each pair shows
the whole review again. (An answers file would not do: without a terminal it asks nothing and
submits without a review.) The CPU of the child (user + system) for R reviews minus the same run with
none, divided by R, is what one review of N items costs; divided by N, what each item's line costs.
The baseline in the same run is the smallest N: a linear review keeps the per-item cost flat (a
ratio near 1.0); a quadratic one would make it grow with N (4x from 50 to 200). Not a test:
absolute times drift on this machine, read the ratios.
"""
import argparse, os, resource, shutil, statistics, subprocess, tempfile

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
parser = argparse.ArgumentParser()
parser.add_argument("-n", type=int, default=7)
parser.add_argument("--binary", default=os.path.join(root, ".build", "debug", "formline"))
parser.add_argument("--items", type=int, nargs="*", default=[50, 200])
parser.add_argument("--reviews", type=int, default=100)
args = parser.parse_args()


def typed_lines(items):
    lines = ["ACME", "2026-11-20", ""]
    for n in range(1, items + 1):
        lines += [f"ABC-{n}", "1", ""]
    # At the form's max_items (200) no further item is offered, so no empty SKU ends the list.
    return lines + ([""] if items < 200 else []) + ["", "no"]


def cpu_of(items, reviews, work):
    state = os.path.join(work, "state")
    shutil.rmtree(state, ignore_errors=True)
    os.makedirs(state)
    env = {"PATH": os.environ["PATH"], "HOME": work, "XDG_STATE_HOME": state, "LANG": "C.UTF-8", "TERM": "dumb"}
    text = "".join(line + "\n" for line in typed_lines(items)) + "1\n\n" * reviews + "\n"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([args.binary, "fill", os.path.join(root, "Forms", "goods-receipt.yaml")],
                          input=text, capture_output=True, text=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if "accepted" not in done.stdout + done.stderr:
        raise SystemExit(f"the run did not end accepted:\n{(done.stdout + done.stderr)[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


work = tempfile.mkdtemp()
try:
    rows = []
    for items in args.items:
        with_reviews = statistics.median(cpu_of(items, args.reviews, work) for _ in range(args.n))
        without = statistics.median(cpu_of(items, 0, work) for _ in range(args.n))
        per_review = max(with_reviews - without, 0) / args.reviews
        rows.append((items, without, per_review, per_review / items))
    base = rows[0][3]
    print("| receipt | run without reviews | per review | per item line | vs %d items |" % rows[0][0])
    print("|---|---|---|---|---|")
    for items, without, per_review, per_item in rows:
        # A difference lost in the noise (the process's CPU is counted in clock ticks on some
        # kernels) has no ratio: more --reviews make it measurable.
        ratio = f"{per_item / base:.2f}x" if base > 0 else "n/a (raise --reviews)"
        print(f"| {items} items | {without * 1000:.1f} ms | {per_review * 1000:.3f} ms | {per_item * 1e6:.2f} us | {ratio} |")
finally:
    shutil.rmtree(work, ignore_errors=True)
