#!/usr/bin/env python3
"""Keystrokes and bytes written per record: 40 switch ports, one `fill` each against one
`fill --repeat` run (issue 20, docs/records.md).

    Benchmarks/record-run.py [--binary PATH] [--records 40] [--term dumb|xterm-256color]

Drives the real binary through a pseudo-terminal with Forms/port-entry.yaml and the in-process
fake server. Before: one run per record, every field typed (the mode is Enter: the form's default).
After: one run, the first record typed in full, then only each record's description (switch, VLAN
and mode carry over, the port counts on). Keystrokes are the bytes sent; bytes written are what
formline (and readline's echo) wrote to the terminal, counted from a record's first prompt to the
next record's (start-up, title and the final summary are shown apart). Counts, not times: the
result does not drift with the machine's load.

Targets after the first record: keystrokes = the description's characters + one Enter per field
and one for the review; at most 300 bytes written per record.

What makes the keystroke count mean something: the script sends only those keystrokes, so it
checks that they were enough. Every carried prompt must show its expected default
(`Switch [sw-core-01.example.net]`, `Port [Gi1/0/n]`, `VLAN (1-4094) [120]`, `Mode [access]`),
every record's request (read back from the run's `--record` transcript) must carry the right
switch, port n, VLAN, mode and description, and the run must exit 0. A run that needed one more
keystroke (a default missing, a port not counted on) fails these checks, not the count.
"""
import argparse, json, os, pty, re, select, shutil, signal, statistics, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
parser = argparse.ArgumentParser()
parser.add_argument("--binary", default=os.path.join(root, ".build", "debug", "formline"))
parser.add_argument("--records", type=int, default=40)
parser.add_argument("--term", default="xterm-256color")
args = parser.parse_args()
FORM = os.path.join(root, "Forms", "port-entry.yaml")
FIELDS = 5


def description(n):
    return f"desk {n} room 4.{n % 7}"


class Pty:
    """One formline process at a pseudo-terminal: sends keystrokes, counts both directions."""

    def __init__(self, argv, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(argv[0], argv, env)
        self.out = b""
        self.sent = 0
        self.pos = 0  # where the next expect starts looking

    def expect(self, pattern, timeout=10):
        regex = re.compile(pattern.encode())
        deadline = time.time() + timeout
        while True:
            match = regex.search(self.out, self.pos)
            if match:
                self.pos = match.end()
                return match
            left = deadline - time.time()
            if left <= 0:
                raise SystemExit(f"timed out waiting for {pattern!r}; got {self.out[-400:]!r}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise SystemExit(f"formline ended waiting for {pattern!r}; got {self.out[-400:]!r}")
                self.out += chunk

    def send(self, text):
        data = text.encode()
        self.sent += len(data)
        os.write(self.fd, data)

    def finish(self):
        deadline = time.time() + 10
        while time.time() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    break
                self.out += chunk
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


def environment(state):
    return {"PATH": "/usr/bin:/bin", "HOME": state, "XDG_STATE_HOME": state, "INPUTRC": "/dev/null",
            "LANG": "C.UTF-8", "TERM": args.term}


def answer(p, prompt, text):
    p.expect(prompt)
    p.send(text + "\r")


def before(state):
    """One run per record, every field typed."""
    records = []
    for n in range(1, args.records + 1):
        p = Pty([args.binary, "fill", FORM], environment(state))
        p.expect("Switch: ")
        start_out, start_sent = len(p.out), p.sent
        p.send("sw-core-01.example.net\r")
        answer(p, "Port: ", f"Gi1/0/{n}")
        answer(p, r"VLAN \(1-4094\): ", "120")
        answer(p, r"Mode \[access\]: ", "")
        answer(p, "Description: ", description(n))
        answer(p, r"Submit\? ", "")
        p.expect(r"accepted \(201\) id=\d+\r\n")
        code = p.finish()
        assert code == 0, code
        # The whole run is the record's: start-up output (title) included.
        records.append((p.sent, len(p.out), p.sent - start_sent, len(p.out) - start_out))
    return records


CARRIED = [r"Switch \[sw-core-01\.example\.net\]: ", None, r"VLAN \(1-4094\) \[120\]: ", r"Mode \[access\]: "]


def carried_prompts_shown(segment, n):
    """Whether record n's output shows each carried prompt with its default, in order."""
    expected = list(CARRIED)
    expected[1] = re.escape(f"Port [Gi1/0/{n}]: ")
    pattern = ".*?".join(expected) + ".*?Description: "
    return re.search(pattern.encode(), segment, re.S) is not None


def payloads(recording):
    """The JSON bodies of the `=>` lines of a transcript, in order."""
    with open(recording) as f:
        return [json.loads(line.split(" ", 3)[3]) for line in f if line.startswith("=> ")]


def expected_payload(n):
    return {"switch": "sw-core-01.example.net", "port": f"Gi1/0/{n}", "vlan": 120, "mode": "access",
            "description": description(n)}


def after(state):
    """One --repeat run: the first record typed in full, then only the descriptions."""
    recording = os.path.join(state, "run.session")
    p = Pty([args.binary, "fill", FORM, "--repeat", "--record", recording], environment(state))
    p.expect("Switch: ")
    marks = [(len(p.out), p.sent)]
    starts = {}
    p.send("sw-core-01.example.net\r")
    answer(p, "Port: ", "Gi1/0/1")
    answer(p, r"VLAN \(1-4094\): ", "120")
    answer(p, r"Mode \[access\]: ", "")
    answer(p, "Description: ", description(1))
    answer(p, r"Submit\? ", "")
    for n in range(2, args.records + 1):
        # Where record n's output starts, its first prompt included (the marks come after it).
        starts[n] = p.expect(r"Switch \[sw-core-01.example.net\]: ").start()
        marks.append((len(p.out), p.sent))
        p.send("\r")
        answer(p, re.escape(f"Port [Gi1/0/{n}]: "), "")
        answer(p, r"VLAN \(1-4094\) \[120\]: ", "")
        answer(p, r"Mode \[access\]: ", "")
        answer(p, "Description: ", description(n))
        answer(p, r"Submit\? ", "")
    p.expect(re.escape(f"Switch [sw-core-01.example.net]: "))
    marks.append((len(p.out), p.sent))
    p.send("\x04")
    code = p.finish()
    summary = p.out[marks[-1][0]:]
    startup = marks[0][0]
    per = [(marks[i + 1][1] - marks[i][1], marks[i + 1][0] - marks[i][0]) for i in range(len(marks) - 1)]
    checks = {
        "exit 0": code == 0,
        "every carried prompt shows its default": all(
            carried_prompts_shown(p.out[starts[n]:marks[n][0]], n) for n in range(2, args.records + 1)),
        "every record's request is right": payloads(recording) == [expected_payload(n) for n in range(1, args.records + 1)],
        f"the summary names {args.records} accepted records": f"Records: {args.records} accepted, 0 rejected".encode() in summary,
    }
    return startup, per, len(summary), p.out, checks


state = tempfile.mkdtemp()
try:
    b = before(state)
    shutil.rmtree(state)
    os.makedirs(state)
    startup, a, summary_bytes, transcript, checks = after(state)
finally:
    shutil.rmtree(state, ignore_errors=True)

# What a record after the first needs: its description and one Enter per field and the review.
needed = [len(description(n)) + FIELDS + 1 for n in range(2, args.records + 1)]
print(f"{args.records} records of Forms/port-entry.yaml, TERM={args.term}, {args.binary}")
print()
print("before: one `formline fill` per record, every field typed")
print(f"  keystrokes per record  median {statistics.median(r[0] for r in b):.0f}  (min {min(r[0] for r in b)}, max {max(r[0] for r in b)})")
print(f"  bytes written per run  median {statistics.median(r[1] for r in b):.0f}  (min {min(r[1] for r in b)}, max {max(r[1] for r in b)})"
      f"; from the first prompt on: median {statistics.median(r[3] for r in b):.0f}")
print(f"  total: {sum(r[0] for r in b)} keystrokes, {sum(r[1] for r in b)} bytes")
print()
print("after: one `formline fill --repeat` run")
print(f"  start-up (title, before the first prompt): {startup} bytes; summary at the end: {summary_bytes} bytes")
print(f"  record 1: {a[0][0]} keystrokes, {a[0][1]} bytes")
rest = a[1:]
print(f"  records 2-{args.records}: keystrokes median {statistics.median(r[0] for r in rest):.0f}"
      f" (min {min(r[0] for r in rest)}, max {max(r[0] for r in rest)}; needed: the description"
      f" + {FIELDS + 1} Enters = {min(needed)}-{max(needed)}),"
      f" bytes median {statistics.median(r[1] for r in rest):.0f} (min {min(r[1] for r in rest)}, max {max(r[1] for r in rest)})")
print(f"  total: {sum(r[0] for r in a)} keystrokes, {startup + sum(r[1] for r in a) + summary_bytes} bytes")
print()
for name, passed in checks.items():
    print(f"  check: {name}: {'yes' if passed else 'NO'}")
ok = all(checks.values()) and [r[0] for r in rest] == needed and max(r[1] for r in rest) <= 300
print()
print("target (after the first record: only the needed keystrokes, and they were enough; <= 300 bytes a record):",
      "met" if ok else "NOT met")
if os.environ.get("SHOW_RECORD"):
    # SHOW_RECORD=N: the bytes record N wrote, as Python sees them.
    i = int(os.environ["SHOW_RECORD"])
    offset = startup + sum(r[1] for r in a[:i - 1])
    print(repr(transcript[offset:offset + a[i - 1][1]]))
sys.exit(0 if ok else 1)
