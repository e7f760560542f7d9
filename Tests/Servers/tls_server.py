#!/usr/bin/env python3
"""An HTTPS server for formline's TLS tests, on 127.0.0.1 only.

tls_server.py CERT KEY [CLIENT_CA]: serves POST /anything with 201 {"id":7,"client":CN-or-null};
with CLIENT_CA a client certificate signed by it is required. Prints the port, then serves until
killed.
"""
import http.server
import json
import ssl
import sys


class Handler(http.server.BaseHTTPRequestHandler):
    # A client that never finishes its handshake or request must not hold the server.
    timeout = 10

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        peer = self.connection.getpeercert()
        client = None
        if peer:
            for rdn in peer.get("subject", ()):
                for key, value in rdn:
                    if key == "commonName":
                        client = value
        body = json.dumps({"id": 7, "client": client}).encode()
        self.send_response(201)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
    if len(sys.argv) > 3:
        context.verify_mode = ssl.CERT_REQUIRED
        context.load_verify_locations(sys.argv[3])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    # The handshake runs in each connection's thread (on its first read), never in the accept loop.
    server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    print(server.server_address[1], flush=True)
    server.serve_forever()


main()
