#!/usr/bin/env python3
"""Whole-run CPU of a goods receipt with N items through a pipe: is entering items linear in N?

    Benchmarks/list-scaling.py [-n RUNS] [--binary PATH] [--items 200 400 800]

Each run types Forms/goods-receipt.yaml (a copy with `max_items` raised to 1000, in a temporary
folder) through a pipe in one go: supplier, date, dock, N items (SKU `ABC-n`, quantity 1, lot
`L-n`), the empty SKU that ends the list, no serials, "no", Enter at the review (the in-process
fake accepts). Every item answer runs the item's checks (the group's unique [sku, lot] check
compares with every earlier item) and every Lot answer the visibility of the fields whose
conditions look at it, so the cost per item would grow with N if either were done over the
whole form. It prints per N the median CPU of the child (user + system) over RUNS runs and the
CPU per item line relative to the smallest N (linear: about 1.0x; quadratic: N/N0).
Not a test: absolute times drift on this machine, read the ratios.
"""
import argparse, os, resource, shutil, statistics, subprocess, tempfile

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
parser = argparse.ArgumentParser()
parser.add_argument("-n", type=int, default=5)
parser.add_argument("--binary", default=os.path.join(root, ".build", "debug", "formline"))
parser.add_argument("--items", type=int, nargs="*", default=[200, 400, 800])
args = parser.parse_args()


def cpu_of(form, items, work):
    lines = ["ACME", "2026-11-20", ""]
    for n in range(1, items + 1):
        lines += [f"ABC-{n}", "1", f"L-{n}"]
    lines += ["", "", "no", ""]
    state = os.path.join(work, "state")
    shutil.rmtree(state, ignore_errors=True)
    os.makedirs(state)
    env = {"PATH": os.environ["PATH"], "HOME": work, "XDG_STATE_HOME": state, "LANG": "C.UTF-8", "TERM": "dumb"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([args.binary, "fill", form], input="".join(line + "\n" for line in lines),
                          capture_output=True, text=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if "accepted" not in done.stdout:
        raise SystemExit(f"the run did not end accepted:\n{(done.stdout + done.stderr)[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


work = tempfile.mkdtemp()
try:
    with open(os.path.join(root, "Forms", "goods-receipt.yaml")) as f:
        text = f.read()
    if "max_items: 200" not in text:
        raise SystemExit("Forms/goods-receipt.yaml no longer says max_items: 200; update this script")
    form = os.path.join(work, "goods-receipt.yaml")
    with open(form, "w") as f:
        f.write(text.replace("max_items: 200", "max_items: 1000"))
    rows = []
    for items in args.items:
        cpu = statistics.median(cpu_of(form, items, work) for _ in range(args.n))
        rows.append((items, cpu))
    base_items, base_cpu = rows[0]
    print(f"binary: {args.binary}; {args.n} runs each, medians")
    print(f"| receipt | run CPU | per item line | vs {base_items} items |")
    print("|---|---|---|---|")
    for items, cpu in rows:
        per_item = cpu / items
        print(f"| {items} items | {cpu * 1000:.1f} ms | {per_item * 1e6:.1f} us | {per_item / (base_cpu / base_items):.2f}x |")
finally:
    shutil.rmtree(work, ignore_errors=True)
