#!/usr/bin/env python3
"""A forward proxy for formline's proxy tests, on 127.0.0.1 only.

forward_proxy.py LOG: tunnels CONNECT and forwards absolute-form http:// requests, to loopback
targets only (anything else gets 403: the tests must never leave the machine). Appends one line
per request to LOG ("CONNECT 127.0.0.1:PORT auth=no"). Prints the port, then serves until killed.
"""
import socket
import sys
import threading
import urllib.parse

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
log_path = sys.argv[1]
log_lock = threading.Lock()


def log(line):
    with log_lock:
        with open(log_path, "a") as f:
            f.write(line + "\n")


def read_head(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            return None, b""
        data += chunk
        if len(data) > 65536:
            return None, b""
    head, rest = data.split(b"\r\n\r\n", 1)
    return head.decode("latin-1"), rest


def pipe(src, dst):
    try:
        while True:
            chunk = src.recv(65536)
            if not chunk:
                break
            dst.sendall(chunk)
    except OSError:
        pass
    finally:
        try:
            dst.shutdown(socket.SHUT_WR)
        except OSError:
            pass


def handle(client):
    try:
        head, rest = read_head(client)
        if head is None:
            return
        lines = head.split("\r\n")
        method, target, version = lines[0].split(" ", 2)
        headers = lines[1:]
        auth = any(h.lower().startswith("proxy-authorization:") for h in headers)
        log(f"{method} {target} auth={'yes' if auth else 'no'}")
        if method == "CONNECT":
            host, _, port = target.rpartition(":")
            if host.strip("[]") not in LOOPBACK:
                client.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
                return
            upstream = socket.create_connection((host.strip("[]"), int(port)))
            client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            if rest:
                upstream.sendall(rest)
            t = threading.Thread(target=pipe, args=(upstream, client), daemon=True)
            t.start()
            pipe(client, upstream)
            t.join()
            return
        url = urllib.parse.urlsplit(target)
        if url.scheme != "http" or url.hostname not in LOOPBACK:
            client.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
            return
        length = 0
        kept = []
        for h in headers:
            name = h.split(":", 1)[0].strip().lower()
            if name == "content-length":
                length = int(h.split(":", 1)[1])
            if name in ("proxy-authorization", "proxy-connection", "connection"):
                continue
            kept.append(h)
        body = rest
        while len(body) < length:
            chunk = client.recv(65536)
            if not chunk:
                break
            body += chunk
        path = url.path or "/"
        if url.query:
            path += "?" + url.query
        upstream = socket.create_connection((url.hostname, url.port or 80))
        request = f"{method} {path} {version}\r\n" + "\r\n".join(kept + ["Connection: close"]) + "\r\n\r\n"
        upstream.sendall(request.encode("latin-1") + body)
        pipe(upstream, client)
    except Exception as error:  # a test helper: report and drop the connection
        log(f"error {error!r}")
    finally:
        client.close()


def main():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    print(server.getsockname()[1], flush=True)
    while True:
        client, _ = server.accept()
        threading.Thread(target=handle, args=(client,), daemon=True).start()


main()
