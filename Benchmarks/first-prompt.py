#!/usr/bin/env python3
"""Time to first prompt through a real pty, for several commands interleaved (A/B/...).

    Benchmarks/first-prompt.py [-n RUNS] [--term TERM] [--expect REGEX] -- CMD1 -- CMD2 ...
    Benchmarks/first-prompt.py -- bash "$TOOLS/bench/bash_signup.sh" \
        -- .build-release/release/formline fill Forms/signup.yaml

Each run: fresh empty XDG_STATE_HOME (or a copy of --state-from DIR), INPUTRC=/dev/null, $TOOLS/ptydrive.py waits for
REGEX (default "Username"), answers Ctrl-D and lets the program end. Prints medians and each
command's ratio to the first. Not a test: read the ratios, absolute times drift here.

TOOLS (default Benchmarks/tools) holds the pty driver (ptydrive.py) and the bash baseline (bench/).
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
ptydrive = os.path.join(os.environ.get("TOOLS", os.path.join(here, "tools")), "ptydrive.py")
if not os.path.isfile(ptydrive):
    sys.exit(f"no {ptydrive}: set TOOLS to the folder holding ptydrive.py and bench/ (docs/PERFORMANCE.md, \"How to measure\")")
parser = argparse.ArgumentParser()
parser.add_argument("-n", type=int, default=30)
parser.add_argument("--term", default="dumb")
parser.add_argument("--expect", default="Username")
parser.add_argument("--state-from", help="start each run with a copy of this XDG_STATE_HOME (a warm cache) instead of an empty one")
if "--" not in sys.argv:
    parser.parse_args()  # -h / --help
    parser.error("name the commands after -- (a command cannot itself contain --)")
args = parser.parse_args(sys.argv[1:sys.argv.index("--")])
commands, current = [], []
for word in sys.argv[sys.argv.index("--") + 1:]:
    if word == "--":
        commands.append(current); current = []
    else:
        current.append(word)
commands.append(current)
work = tempfile.mkdtemp()
script = os.path.join(work, "first.json")
with open(script, "w") as f:
    json.dump({"steps": [[args.expect, "\u0004"]], "done": "$", "forbid": []}, f)
times = [[] for _ in commands]
try:
    for run in range(args.n):
        order = list(range(len(commands)))
        if run % 2:
            order.reverse()  # neither always gets the warmer cache
        for i in order:
            state = os.path.join(work, "state")
            shutil.rmtree(state, ignore_errors=True)
            if args.state_from:
                shutil.copytree(args.state_from, state, symlinks=True)
            else:
                os.makedirs(state)
            env = {"PATH": os.environ["PATH"], "HOME": work, "XDG_STATE_HOME": state,
                   "INPUTRC": "/dev/null", "LANG": "C.UTF-8", "TERM": args.term}
            out = subprocess.run(["python3", ptydrive, script, "--"] + commands[i],
                                 env=env, capture_output=True, text=True).stdout
            try:
                first = json.loads(out)["first_prompt_ms"]
            except (ValueError, KeyError):
                first = None  # ptydrive itself failed: the run counts as failed (n shrinks)
            if first is not None:
                times[i].append(first)
finally:
    shutil.rmtree(work, ignore_errors=True)
base = statistics.median(times[0]) if times[0] else float("nan")
for command, t in zip(commands, times):
    m = statistics.median(t) if t else float("nan")
    print(f"{m:7.2f} ms  {m / base:5.2f}x  (n={len(t)})  {' '.join(command)}")
