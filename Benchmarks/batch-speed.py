#!/usr/bin/env python3
"""How fast `formline batch` goes, and what the same job costs written by hand.

Usage (from the repository root, after `Scripts/build-release.sh`):

    python3 Benchmarks/batch-speed.py [--records 200000] [--http-records 50000] [--rss-records 1000000]
                                      [--bin .build/release] [--skip-http] [--skip-rss] [--wrk-seconds 10]

It generates signup-sized NDJSON records (.build-bench/batch/, ~110 bytes each) and measures:

1. `formline batch Forms/signup.yaml FILE --dry-run --jobs 1` pinned to one core (taskset -c 0):
   records/s by wall clock and by CPU seconds (user+sys of the child, from wait4).
2. The demo server (`formline-demo-server --port 0`, route POST /api/signup) under `wrk`
   (Debian's, 8 connections, 2 threads, a small signup body): requests/s and the server's CPU
   seconds over the run (/proc/PID/stat), so requests per CPU-second can be read on a busy machine.
3. `formline batch ... --endpoint http://127.0.0.1:PORT --jobs 8 --no-checks` against that server
   (one POST a record), side by side in the same run with a Python `httpx` thread-pool loop (8
   threads, a client per thread, the same records and an Idempotency-Key each): records/s of both
   and the ratio; then `--jobs 8` with the form's username check (a GET before each POST) on other
   records.
4. Peak RSS (ru_maxrss) of the dry run over `--rss-records` records.

httpx comes from PyPI into a venv: `python3 -m venv .build-bench/venv &&
.build-bench/venv/bin/pip install httpx`, then run this script with .build-bench/venv/bin/python
(without httpx the Python side is skipped and says so). The load average at the start is printed:
the numbers are only comparable on a quiet machine. docs/PERFORMANCE.md ("Batch") has the results.
"""
import argparse
import concurrent.futures
import json
import os
import resource
import shutil
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def record(n):
    return {"username": "user%d" % n, "email": "user%d@example.net" % n, "password": "correct horse %d" % n,
            "age": 20 + n % 60, "country": "Norway"}


def write_records(path, count, first=1):
    if os.path.exists(path) and os.path.getsize(path) > 0:
        with open(path, "rb") as f:
            if sum(1 for _ in f) == count:
                return
    with open(path, "w") as f:
        for n in range(first, first + count):
            f.write(json.dumps(record(n), separators=(",", ":")) + "\n")


def run_timed(argv, pin=None):
    """Runs argv; returns (wall seconds, cpu seconds, peak RSS in KiB, exit code)."""
    if pin is not None and shutil.which("taskset"):
        argv = ["taskset", "-c", str(pin)] + argv
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        print("  (exit %d) %s" % (code, err.strip()[-300:]))
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, code


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(binary):
    proc = subprocess.Popen([binary, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()
    port = int(line.split("http://127.0.0.1:")[1].split()[0])
    return proc, port


def wrk_run(port, seconds, server_pid):
    if not shutil.which("wrk"):
        print("wrk: not installed (apt-get install wrk); skipped")
        return
    script = os.path.join(ROOT, ".build-bench", "batch", "post-signup.lua")
    with open(script, "w") as f:
        f.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                'wrk.body = \'{"country":"Norway","email":"a@example.net","password":"correct horse","username":"alice"}\'\n')
    before = cpu_seconds(server_pid)
    out = subprocess.run(["wrk", "-t2", "-c8", "-d%ds" % seconds, "-s", script, "http://127.0.0.1:%d/api/signup" % port],
                         capture_output=True, text=True).stdout
    used = cpu_seconds(server_pid) - before
    rate = next((float(l.split()[1]) for l in out.splitlines() if l.startswith("Requests/sec:")), 0.0)
    print("wrk -t2 -c8 -d%ds POST /api/signup: %.0f requests/s; server CPU %.1f s over %d s = %.0f requests per CPU-second"
          % (seconds, rate, used, seconds, rate * seconds / used if used else 0))


def python_loop(port, path, count):
    try:
        import httpx
    except ImportError:
        print("python httpx loop: httpx missing (python3 -m venv .build-bench/venv && .build-bench/venv/bin/pip install httpx); skipped")
        return None
    local = threading.local()
    url = "http://127.0.0.1:%d/api/signup" % port

    def post(line_and_n):
        line, n = line_and_n
        client = getattr(local, "client", None)
        if client is None:
            client = local.client = httpx.Client()
        r = client.post(url, content=line, headers={"Content-Type": "application/json", "Idempotency-Key": "py-%d" % n})
        return r.status_code == 201

    with open(path, "rb") as f:
        lines = [(l.rstrip(b"\n"), n) for n, l in enumerate(f, 1)][:count]
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        accepted = sum(pool.map(post, lines, chunksize=64))
    wall = time.monotonic() - start
    print("python httpx, 8 threads: %d records in %.2f s = %.0f records/s (%d accepted)" % (count, wall, count / wall, accepted))
    return count / wall


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=200000)
    ap.add_argument("--http-records", type=int, default=50000)
    ap.add_argument("--rss-records", type=int, default=1000000)
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    ap.add_argument("--skip-http", action="store_true")
    ap.add_argument("--skip-rss", action="store_true")
    ap.add_argument("--wrk-seconds", type=int, default=10)
    args = ap.parse_args()
    formline = os.path.join(args.bin, "formline")
    form = os.path.join(ROOT, "Forms", "signup.yaml")
    folder = os.path.join(ROOT, ".build-bench", "batch")
    os.makedirs(folder, exist_ok=True)
    print("load average at start: %.2f %.2f %.2f on %d CPUs" % (os.getloadavg() + (os.cpu_count(),)))

    dry = os.path.join(folder, "signup-%d.ndjson" % args.records)
    write_records(dry, args.records)
    wall, cpu, rss, _ = run_timed([formline, "batch", form, dry, "--dry-run", "--jobs", "1"], pin=0)
    print("dry run, --jobs 1, one core: %d records in %.2f s = %.0f records/s (CPU %.2f s = %.0f records per CPU-second; peak RSS %.1f MiB)"
          % (args.records, wall, args.records / wall, cpu, args.records / cpu if cpu else 0, rss / 1024))

    if not args.skip_http:
        server, port = start_server(os.path.join(args.bin, "formline-demo-server"))
        try:
            wrk_run(port, args.wrk_seconds, server.pid)
            posted = os.path.join(folder, "signup-%d.ndjson" % args.http_records)
            write_records(posted, args.http_records)
            # Other records (other usernames, other Idempotency-Keys) for the run with checks, so
            # neither run is answered from what the server stored for the other.
            checked_file = os.path.join(folder, "signup-%d-from-%d.ndjson" % (args.http_records, 1_000_001))
            write_records(checked_file, args.http_records, first=1_000_001)
            rates = {}
            # `--no-checks`: one POST a record, the work the Python loop does. Then with the
            # form's username check, a GET before each POST, as a typed form makes it.
            for label, argv, records in [("--jobs 8 --no-checks", ["--no-checks"], posted), ("--jobs 8 (with the username check)", [], checked_file)]:
                before = cpu_seconds(server.pid)
                wall, cpu, rss, _ = run_timed([formline, "batch", form, records, "--endpoint", "http://127.0.0.1:%d" % port, "--jobs", "8"] + argv)
                rates[label] = args.http_records / wall
                print("formline batch %s: %d records in %.2f s = %.0f records/s (client CPU %.2f s, server CPU %.2f s, peak RSS %.1f MiB)"
                      % (label, args.http_records, wall, rates[label], cpu, cpu_seconds(server.pid) - before, rss / 1024))
            theirs = python_loop(port, posted, args.http_records)
            if theirs:
                print("ratio formline --no-checks / python httpx (the same requests): %.1fx" % (rates["--jobs 8 --no-checks"] / theirs))
        finally:
            server.terminate()
            server.wait()

    if not args.skip_rss:
        big = os.path.join(folder, "signup-%d.ndjson" % args.rss_records)
        write_records(big, args.rss_records)
        # The child's own peak, from GNU time: wait4's ru_maxrss can report the forked copy of
        # this (large, after the HTTP runs) Python process before exec replaced it.
        wall, cpu, _, _ = run_timed([formline, "batch", form, big, "--dry-run", "--jobs", "1"], pin=0)
        timed = subprocess.run(["/usr/bin/time", "-f", "%M", formline, "batch", form, big, "--dry-run", "--jobs", "1"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        rss = int(timed.stderr.strip().splitlines()[-1])
        print("dry run of %d records: %.2f s, CPU %.2f s, peak RSS %.1f MiB (GNU time)" % (args.rss_records, wall, cpu, rss / 1024))


if __name__ == "__main__":
    main()
