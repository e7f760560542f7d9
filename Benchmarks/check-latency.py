#!/usr/bin/env python3
"""From Enter to the next prompt, with a server check on every field and without (docs/checks.md).

    Benchmarks/check-latency.py [-n FIELDS] [--runs R] [--formline BIN] [--server BIN]

Starts `formline-demo-server --port 0` on 127.0.0.1, writes two forms of FIELDS text fields each
(one whose every field has `server_check: {path: /api/usernames/{value}}`, one without), and
drives `formline fill FORM --endpoint URL` through a real pty: for each field it waits for the
prompt, types a fresh free username and Enter, and times until the next prompt has been written.
Runs alternate between the two forms (R runs each) so both see the same machine. Prints the median,
p90 and p99 of every Enter-to-prompt interval, per form, and the difference.

Not a test: this 2-core host is noisy; read the medians side by side. Use the release build
(Scripts/build-release.sh): the defaults are .build/release/formline and formline-demo-server.
"""
import argparse, os, pty, re, select, signal, statistics, subprocess, sys, tempfile, time

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("-n", "--fields", type=int, default=200)
parser.add_argument("--runs", type=int, default=3)
parser.add_argument("--formline", default=".build/release/formline")
parser.add_argument("--server", default=".build/release/formline-demo-server")
args = parser.parse_args()


def form(checked):
    lines = ["id: check-latency", "title: Check latency", "fields:"]
    for i in range(args.fields):
        lines += [f"  - name: f{i}", f"    label: Field {i}"]
        if checked:
            lines += ["    server_check:", "      path: /api/usernames/{value}"]
    lines += ["submit:", "  method: POST", "  path: /signup"]
    return "\n".join(lines) + "\n"


def read_until(fd, needle, deadline=10.0):
    """Reads the pty until `needle` (bytes) has been written; returns the time it was seen."""
    buffer = b""
    end = time.monotonic() + deadline
    while needle not in buffer:
        remaining = end - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(f"waited for {needle!r}; last output: {buffer[-200:]!r}")
        ready, _, _ = select.select([fd], [], [], remaining)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                raise TimeoutError(f"the program ended before {needle!r}: {buffer[-200:]!r}")
            if not chunk:
                raise TimeoutError(f"the program ended before {needle!r}")
            buffer += chunk
    return time.perf_counter()


def one_run(form_path, endpoint, work, run):
    """One session: returns the Enter-to-next-prompt intervals in milliseconds."""
    state = tempfile.mkdtemp(dir=work)
    env = {"PATH": os.environ["PATH"], "HOME": work, "XDG_STATE_HOME": state, "INPUTRC": "/dev/null",
           "LANG": "C.UTF-8", "TERM": "dumb"}
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(args.formline, [args.formline, "fill", form_path, "--endpoint", endpoint], env)
    intervals = []
    try:
        read_until(fd, b"Field 0: ")
        for i in range(args.fields):
            os.write(fd, f"user{run}x{i}\r".encode())
            start = time.perf_counter()
            needle = f"Field {i + 1}: ".encode() if i + 1 < args.fields else b"?"
            seen = read_until(fd, needle)
            intervals.append((seen - start) * 1000)
    finally:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
        os.close(fd)
    return intervals


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


work = tempfile.mkdtemp()
paths = {}
for checked in (True, False):
    paths[checked] = os.path.join(work, f"{'checked' if checked else 'plain'}.yaml")
    with open(paths[checked], "w") as f:
        f.write(form(checked))
server = subprocess.Popen([args.server, "--port", "0"], stdout=subprocess.PIPE, text=True)
try:
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)", line)
    if not match:
        sys.exit(f"the demo server did not say its port: {line!r}")
    endpoint = f"http://127.0.0.1:{match.group(1)}"
    results = {True: [], False: []}
    for run in range(args.runs):
        for checked in ((True, False) if run % 2 == 0 else (False, True)):
            results[checked] += one_run(paths[checked], endpoint, work, run)
finally:
    server.terminate()
    server.wait()

print(f"{args.fields} fields x {args.runs} runs, Enter to the next prompt (ms), {args.formline}")
print(f"{'':18} {'min':>8} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}")
for checked, name in ((False, "without a check"), (True, "with a check")):
    values = results[checked]
    print(f"{name:18} {min(values):8.2f} {statistics.median(values):8.2f} {quantile(values, 0.9):8.2f} "
          f"{quantile(values, 0.99):8.2f} {max(values):8.2f}")
difference = statistics.median(results[True]) - statistics.median(results[False])
print(f"the check adds {difference:.2f} ms at the median")
