#!/usr/bin/env python3
"""Starts the real-server suite's apps on free 127.0.0.1 ports and stops them cleanly.

    start.py [NAME... | all]               start, print "NAME PORT" lines, run until SIGINT/SIGTERM
    start.py [NAME... | all] -- CMD ARG..  start, run CMD with the ports in its environment, stop,
                                           exit with CMD's status
    start.py --list                        the app names

CMD sees REALSERVER_<NAME>_PORT (NAME upper-cased) for each app and REALSERVER_PORTS="name=port ...".
Each app's output goes to .build-realservers/logs/NAME.log. Needs Scripts/install-real-servers.sh
to have run. Importable: `with running(["drf"]) as ports: ...` (capture.py does that).
"""
import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
VENV_BIN = os.path.join(ROOT, ".build-realservers", "venv", "bin")
LOG_DIR = os.path.join(ROOT, ".build-realservers", "logs")
START_TIMEOUT = 60.0  # seconds for one app to answer (two cores, several apps starting at once)

# name -> (folder, command); "{port}" is replaced by the app's port, "{venv}" by the venv's bin.
APPS = {
    "drf": ("drf", ["{venv}/python", "app.py", "{port}"]),
    "drf_standardized": ("drf_standardized", ["{venv}/python", "app.py", "{port}"]),
    "drf_jsonapi": ("drf_jsonapi", ["{venv}/python", "app.py", "{port}"]),
    "fastapi": ("fastapi", ["{venv}/uvicorn", "app:app", "--host", "127.0.0.1", "--port", "{port}", "--no-access-log"]),
    "fastapi_problem": ("fastapi_problem", ["{venv}/uvicorn", "app:app", "--host", "127.0.0.1", "--port", "{port}", "--no-access-log"]),
    "ninja": ("ninja", ["{venv}/python", "app.py", "{port}"]),
    "rails": ("rails", ["ruby", "app.rb", "{port}"]),
    "express": ("express", ["node", "app.js", "{port}"]),
    "symfony": ("symfony", ["php", "-S", "127.0.0.1:{port}", "index.php"]),
    # Apps no formline code or preset was written for (issue 28): read by structure alone.
    "flask_smorest": ("flask_smorest", ["{venv}/python", "app.py", "{port}"]),
    "apiflask": ("apiflask", ["{venv}/python", "app.py", "{port}"]),
    "litestar": ("litestar", ["{venv}/uvicorn", "app:app", "--host", "127.0.0.1", "--port", "{port}", "--no-access-log"]),
}


def free_port():
    """A port the kernel just handed out on 127.0.0.1 (closed again for the app to bind)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(port):
    """True once an HTTP server answers on the port (any status: the app is up)."""
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        conn.request("GET", "/api/signup")
        conn.getresponse().read()
        conn.close()
        return True
    except OSError:
        return False


def stop(procs):
    """SIGTERM each app's process group, then SIGKILL whatever is left after 5 s."""
    for proc in procs:
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
    deadline = time.monotonic() + 5
    for proc in procs:
        try:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@contextlib.contextmanager
def running(names):
    """Starts the named apps at once, waits until each answers; yields {name: port}; stops them."""
    os.makedirs(LOG_DIR, exist_ok=True)
    procs, ports, logs = {}, {}, {}
    with tempfile.TemporaryDirectory(prefix="formline-realservers-") as tmp:
        env = dict(os.environ, NODE_PATH="/usr/share/nodejs", TMPDIR=tmp, PYTHONDONTWRITEBYTECODE="1")
        try:
            for name in names:
                folder, command = APPS[name]
                port = free_port()
                argv = [a.format(port=port, venv=VENV_BIN) for a in command]
                logs[name] = os.path.join(LOG_DIR, name + ".log")
                with open(logs[name], "wb") as log:
                    try:
                        procs[name] = subprocess.Popen(
                            argv, cwd=os.path.join(HERE, folder), env=env, stdin=subprocess.DEVNULL,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
                    except FileNotFoundError:
                        raise RuntimeError(f"{name}: cannot run {argv[0]}: run Scripts/install-real-servers.sh first") from None
                ports[name] = port
            deadline = time.monotonic() + START_TIMEOUT
            waiting = list(names)
            while waiting:
                for name in list(waiting):
                    if procs[name].poll() is not None:
                        raise RuntimeError(f"{name} exited with {procs[name].returncode} before answering:\n"
                                           + tail(logs[name]))
                    if answers(ports[name]):
                        waiting.remove(name)
                if waiting and time.monotonic() > deadline:
                    raise RuntimeError(f"{', '.join(waiting)} did not answer within {START_TIMEOUT:.0f} s:\n"
                                       + "\n".join(tail(logs[n]) for n in waiting))
                if waiting:
                    time.sleep(0.1)
            yield ports
        finally:
            stop(list(procs.values()))


def tail(path, lines=20):
    with open(path, "rb") as f:
        return "\n".join(f.read().decode("utf-8", "replace").splitlines()[-lines:])


def main(argv):
    if argv == ["--list"]:
        print("\n".join(APPS))
        return 0
    command = []
    if "--" in argv:
        i = argv.index("--")
        argv, command = argv[:i], argv[i + 1:]
    names = list(APPS) if argv in ([], ["all"]) else argv
    unknown = [n for n in names if n not in APPS]
    if unknown:
        print(f"start.py: unknown app {', '.join(repr(n) for n in unknown)}; known: {' '.join(APPS)}", file=sys.stderr)
        return 2

    def on_signal(signum, _frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    started = time.monotonic()
    try:
        with running(names) as ports:
            print(f"# {len(ports)} app(s) answering after {time.monotonic() - started:.1f} s", file=sys.stderr)
            for name, port in ports.items():
                print(name, port, flush=True)
            if command:
                env = dict(os.environ, REALSERVER_PORTS=" ".join(f"{n}={p}" for n, p in ports.items()))
                env.update({f"REALSERVER_{n.upper()}_PORT": str(p) for n, p in ports.items()})
                return subprocess.call(command, env=env)
            while True:
                signal.pause()
    except KeyboardInterrupt:
        return 0
    except RuntimeError as error:
        print(f"start.py: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
