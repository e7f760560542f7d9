#!/usr/bin/env python3
"""Sessions per second of `formline replay`, at --jobs 1 and --jobs 2, beside the same session
driven through a pty by pexpect (what a test author would otherwise write), in one run.

    Benchmarks/replay-speed.py [--binary PATH] [--copies 2000] [--rounds 3] [--pexpect-sessions 20]
    Benchmarks/replay-speed.py --binary .build-release/release/formline
    Benchmarks/replay-speed.py --binary NEW --baseline OLD   # both in one run, rounds interleaved

Replay: COPIES copies of Tests/Sessions/signup.session in a scratch folder under the repository
(.build-bench/replay-copies, so their `#! form: ../../Forms/signup.yaml` names the repository's
form), replayed by one `formline replay --jobs J FOLDER` process; the whole process is timed, wall
clock and CPU (user + system of the child), best of ROUNDS. The run must print
"COPIES passed, 0 failed".

pexpect: `formline fill Forms/signup.yaml --plain` in a pseudo-terminal (TERM=dumb, an empty
INPUTRC and state folder per session), waiting for each prompt of the transcript and typing its
operator line, to "accepted (201) id=1" and exit 0: one process per session, as a pexpect test
suite runs one. Best of ROUNDS runs of PEXPECT_SESSIONS sessions each.

Needs pexpect: `python3 -c 'import pexpect'`, else `python3 -m venv .build-bench/venv &&
.build-bench/venv/bin/pip install pexpect` and run this script with `.build-bench/venv/bin/python`
(the Debian/Ubuntu package is python3-pexpect). Wall times depend on the machine's load: the CPU
columns are what one core spends, read them when the host is busy.
"""
import argparse, os, re, resource, shutil, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
parser = argparse.ArgumentParser()
parser.add_argument("--binary", default=os.path.join(root, ".build-release", "release", "formline"))
parser.add_argument("--baseline", help="a second formline binary (e.g. a copy of the one before a change), "
                    "measured in the same run with rounds interleaved, each row also as a ratio against it")
parser.add_argument("--copies", type=int, default=2000)
parser.add_argument("--rounds", type=int, default=3)
parser.add_argument("--jobs", type=int, nargs="*", default=[1, 2])
parser.add_argument("--pexpect-sessions", type=int, default=20)
parser.add_argument("--pexpect-delay", type=float, default=0.05,
                    help="pexpect's delaybeforesend, seconds before each line is sent (pexpect's default: 0.05)")
parser.add_argument("--session", default=os.path.join(root, "Tests", "Sessions", "signup.session"))
args = parser.parse_args()
try:
    import pexpect
except ImportError:
    sys.exit("pexpect is missing: python3 -m venv .build-bench/venv && .build-bench/venv/bin/pip install pexpect, "
             "then run this script with .build-bench/venv/bin/python")
binary = os.path.abspath(args.binary)
if not os.access(binary, os.X_OK):
    sys.exit(f"no binary at {binary}: build it with Scripts/build-release.sh --scratch-path .build-release --product formline")
baseline = os.path.abspath(args.baseline) if args.baseline else None
if baseline and not os.access(baseline, os.X_OK):
    sys.exit(f"no baseline binary at {baseline}")


def copies_folder():
    folder = os.path.join(root, ".build-bench", "replay-copies")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    with open(args.session) as f:
        text = f.read()
    if "#! form: ../../Forms/" not in text:
        sys.exit(f"{args.session}: its #! form: must be ../../Forms/... (the copies sit two folders below the root)")
    for n in range(args.copies):
        with open(os.path.join(folder, f"signup-{n:05d}.session"), "w") as f:
            f.write(text)
    return os.path.relpath(folder, root)


def replay_run(folder, jobs, program=None):
    """(wall seconds, CPU seconds) of one whole `formline replay` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([program or binary, "replay", "--jobs", str(jobs), folder], cwd=root, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    last = done.stdout.strip().splitlines()[-1:] or [""]
    if done.returncode != 0 or last[0] != f"{args.copies} passed, 0 failed":
        sys.exit(f"replay --jobs {jobs} did not pass every copy (exit {done.returncode}): {last[0]}\n{done.stderr[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def transcript_steps():
    """(prompt, line) for each operator line: the output line before it, and what to type."""
    steps, previous = [], None
    with open(args.session) as f:
        for line in f.read().splitlines():
            if line == ">" or line.startswith("> "):
                steps.append((previous, line[2:]))
            elif line.startswith(">* "):
                steps.append((previous, "Replay-Secret-42"))
            elif not line.startswith(("#", "=>", "<=")):
                previous = line
    return steps


def pexpect_run(steps, sessions, work):
    """(wall, CPU): the CPU of the formline processes and of this script's pexpect work."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    for _ in range(sessions):
        state = os.path.join(work, "state")
        shutil.rmtree(state, ignore_errors=True)
        os.makedirs(state)
        env = {"PATH": os.environ["PATH"], "HOME": work, "XDG_STATE_HOME": state, "INPUTRC": "/dev/null",
               "LANG": "C.UTF-8", "TERM": "dumb"}
        child = pexpect.spawn(binary, ["fill", "Forms/signup.yaml", "--plain"], cwd=root, env=env,
                              encoding="utf-8", timeout=30)
        child.delaybeforesend = args.pexpect_delay
        for prompt, typed in steps:
            # At the start of a line: readline redraws the line being typed ("\rEmail: adm"),
            # and a match there would type the next line into this one.
            child.expect("\n" + re.escape(prompt))
            # Ctrl-U first: at a terminal a refused answer is offered again for editing, and the
            # transcript holds the whole line that was submitted.
            child.sendline("\x15" + typed)
        child.expect(re.escape("Submitting... accepted (201) id=1"))
        child.expect(pexpect.EOF)
        child.close()
        if child.exitstatus != 0:
            sys.exit(f"the pexpect session ended {child.exitstatus}, not 0")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    own_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu + (own_after.ru_utime - own.ru_utime) + (own_after.ru_stime - own.ru_stime)


folder = copies_folder()
work = tempfile.mkdtemp()
try:
    programs = [("formline", binary)] + ([("baseline", baseline)] if baseline else [])
    runs = {(label, jobs): [] for label, _ in programs for jobs in args.jobs}
    # Rounds interleaved (new, baseline, new, ...): the host's load drifts between them alike.
    for _ in range(args.rounds):
        for jobs in args.jobs:
            for label, program in programs:
                runs[(label, jobs)].append(replay_run(folder, jobs, program))
    rows = []
    for label, _ in programs:
        for jobs in args.jobs:
            done = runs[(label, jobs)]
            rows.append((f"{label} replay --jobs {jobs}", label, jobs, args.copies,
                         min(w for w, _ in done), min(c for _, c in done)))
    steps = transcript_steps()
    done = [pexpect_run(steps, args.pexpect_sessions, work) for _ in range(args.rounds)]
    anchor = ("pexpect, fill through a pty", None, None, args.pexpect_sessions, min(w for w, _ in done), min(c for _, c in done))
    load = os.getloadavg()[0]
    print(f"{os.path.relpath(args.session, root)}, best of {args.rounds}, {binary}"
          + (f" (baseline {baseline})" if baseline else "")
          + f", load average {load:.1f}, pexpect {pexpect.__version__} with delaybeforesend {args.pexpect_delay} s")
    print("| run | sessions | wall | sessions/s (wall) | CPU | sessions/s per core (CPU) "
          "| vs --jobs 1 (wall) | vs pexpect (wall / CPU) |" + (" vs baseline (wall / CPU) |" if baseline else ""))
    print("|---|---|---|---|---|---|---|---|" + ("---|" if baseline else ""))
    rate = {(label, jobs): (count / wall, count / cpu) for _, label, jobs, count, wall, cpu in rows}
    pexpect_wall, pexpect_cpu = anchor[3] / anchor[4], anchor[3] / anchor[5]
    for name, label, jobs, count, wall, cpu in rows + [anchor]:
        line = f"| {name} | {count} | {wall:.3f} s | {count / wall:,.0f} | {cpu:.3f} s | {count / cpu:,.0f} | "
        one = rate.get((label, args.jobs[0]))
        line += f"{count / wall / one[0]:.2f}x | " if one else "- | "
        line += f"{count / wall / pexpect_wall:,.0f}x / {count / cpu / pexpect_cpu:,.0f}x |"
        if baseline:
            old = rate.get(("baseline", jobs))
            line += f" {count / wall / old[0]:.2f}x / {count / cpu / old[1]:.2f}x |" if old else " - |"
        print(line)
finally:
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(os.path.join(root, folder), ignore_errors=True)
