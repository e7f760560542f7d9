#!/usr/bin/env python3
"""The OpenAPI benchmark (docs/PERFORMANCE.md, "OpenAPI forms"):

    Benchmarks/openapi.py [--binary PATH] [--before PATH] [-n RUNS]

1. Generates a ~5 MB JSON document of 2,000 operations (make-openapi-document.py).
2. First run's load: `formline import DOC OP` with an empty state folder (read, parse, resolve,
   translate the operation, print the form) next to Python's `json.load` of the same file, both
   timed in this run (median of -n; json.load timed inside Python, without its start-up).
3. First prompt (first-prompt.py, pty, TERM=dumb) of `fill --openapi DOC --operation OP` with an
   empty state folder (cold: the first run) and with a warm cache (a copy of a state folder one
   earlier run left), next to `fill FORM.yaml` of the same form (`formline import` output).
4. With --before PATH (a build of main from before issue 21, without the OpenAPI code): `fill
   Forms/signup.yaml` first prompt and `perf stat` CPU and page faults, before and after,
   interleaved. No OpenAPI library is linked (the translator reads the document's tree itself,
   docs/openapi.md): what this measures is whether the FormOpenAPI code, linked but never reached
   by `fill FORM.yaml`, costs the everyday command anything.

--binary defaults to .build/release/formline (Scripts/build-release.sh --product formline).
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
parser = argparse.ArgumentParser()
parser.add_argument("--binary", default=os.path.join(root, ".build/release/formline"))
parser.add_argument("--before")
parser.add_argument("-n", type=int, default=15)
args = parser.parse_args()
binary = os.path.abspath(args.binary)
operation = "createThing1000"

work = tempfile.mkdtemp(prefix="formline-openapi-bench-")
try:
    doc = os.path.join(work, "api.json")
    subprocess.run([sys.executable, os.path.join(here, "make-openapi-document.py"), doc], check=True)
    # Older than 2 s, like any document not being edited: its identity may be remembered.
    past = time.time() - 60
    os.utime(doc, (past, past))
    size = os.path.getsize(doc)
    print(f"document: {size / 1e6:.1f} MB, 2000 operations ({doc})")

    def env(state):
        return {"PATH": os.environ["PATH"], "HOME": work, "XDG_STATE_HOME": state, "LANG": "C.UTF-8", "TERM": "dumb"}

    # 2. First run's load vs json.load, interleaved.
    load, pyload = [], []
    for i in range(args.n):
        state = tempfile.mkdtemp(dir=work)
        start = time.perf_counter()
        r = subprocess.run([binary, "import", doc, operation], env=env(state), capture_output=True)
        load.append((time.perf_counter() - start) * 1000)
        if r.returncode != 0:
            sys.exit(f"formline import failed: {r.stderr.decode()}")
        shutil.rmtree(state)
        out = subprocess.run([sys.executable, "-c",
                              "import json, sys, time\n"
                              "t = time.perf_counter()\n"
                              f"json.load(open({doc!r}))\n"
                              "print((time.perf_counter() - t) * 1000)"], capture_output=True, text=True, check=True)
        pyload.append(float(out.stdout))
    print(f"first run's load (formline import, empty cache): {statistics.median(load):8.1f} ms   (n={args.n})")
    print(f"Python json.load of the same file:              {statistics.median(pyload):8.1f} ms   "
          f"(ratio {statistics.median(load) / statistics.median(pyload):.2f}x)")

    # 3. First prompt: YAML form vs cached vs cold.
    form = os.path.join(work, "thing.yaml")
    with open(form, "wb") as f:
        f.write(subprocess.run([binary, "import", doc, operation], env=env(os.path.join(work, "s0")),
                               capture_output=True, check=True).stdout)
    seed = os.path.join(work, "seed")
    os.makedirs(seed)
    subprocess.run([binary, "fill", "--openapi", doc, "--operation", operation], env=env(seed),
                   stdin=subprocess.DEVNULL, capture_output=True)
    first_prompt = [sys.executable, os.path.join(here, "first-prompt.py"), "-n", str(args.n), "--expect", "Name"]
    print("\nfirst prompt, warm cache (ratios to the YAML form):")
    subprocess.run(first_prompt + ["--state-from", seed, "--", binary, "fill", form,
                                   "--", binary, "fill", "--openapi", doc, "--operation", operation], check=True)
    print("\nfirst prompt, empty cache (the first run; ratios to the YAML form):")
    subprocess.run(first_prompt + ["--", binary, "fill", form,
                                   "--", binary, "fill", "--openapi", doc, "--operation", operation], check=True)

    # 4. fill FORM.yaml before and after the OpenAPI code (FormOpenAPI; no OpenAPI library) was linked in.
    if args.before:
        before = os.path.abspath(args.before)
        print("\nfill Forms/signup.yaml, before (--before) and after (--binary):")
        subprocess.run([sys.executable, os.path.join(here, "first-prompt.py"), "-n", str(args.n), "--",
                        before, "fill", "Forms/signup.yaml", "--", binary, "fill", "Forms/signup.yaml"], check=True, cwd=root)
        for round in range(3):
            for name, b in (("before", before), ("after", binary)):
                state = tempfile.mkdtemp(dir=work)
                r = subprocess.run(["perf", "stat", "-r", str(args.n), "-x", ",", "-e", "task-clock,page-faults",
                                    b, "fill", "Forms/signup.yaml"], env=env(state), cwd=root,
                                   stdin=subprocess.DEVNULL, capture_output=True, text=True)
                numbers = {}
                for line in r.stderr.splitlines():
                    parts = line.split(",")
                    if len(parts) > 2 and parts[2] in ("task-clock", "page-faults"):
                        numbers[parts[2]] = float(parts[0])
                print(f"  round {round + 1} {name:6}: {numbers.get('task-clock', float('nan')):6.2f} ms CPU, "
                      f"{numbers.get('page-faults', float('nan')):5.0f} page faults")
finally:
    shutil.rmtree(work, ignore_errors=True)
