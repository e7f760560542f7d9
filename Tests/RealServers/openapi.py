#!/usr/bin/env python3
"""Regenerates the OpenAPI documents the stock apps publish, kept as fixtures for formline's
`fill --openapi` tests: starts the apps (start.py), fetches each one's document from the URL
its framework serves it at, and writes it to NAME/openapi.json (indented, keys in the
framework's own order, so a regeneration diff shows what a new framework version changed).

    openapi.py [NAME... | all]            rewrite the documents
    openapi.py --check [NAME... | all]    compare the live documents with the fixtures (CI):
                                          one line per app, then "N passed, N failed"

The generators are the framework versions pinned in requirements.txt: FastAPI (app.openapi()),
django-ninja (NinjaAPI's schema view) and Django REST framework with drf-spectacular; the same
FastAPI with fastapi-problem-details (whose document still says 422 is HTTPValidationError while
the app answers problem+json) and DRF with drf-standardized-errors' AutoSchema. More generators,
without live apps: Tests/OpenAPIGenerators/generate.py.
"""
import http.client
import json
import os
import sys

import start

# app -> the path its framework serves the document at
DOCUMENTS = {
    "fastapi": "/openapi.json",
    "ninja": "/api/openapi.json",
    "drf": "/api/schema/?format=json",
    "fastapi_problem": "/openapi.json",
    "drf_standardized": "/api/schema/?format=json",
}


def fetch(port, path):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Accept": "application/json"})
    response = conn.getresponse()
    raw = response.read()
    conn.close()
    if response.status != 200:
        raise RuntimeError(f"GET {path}: {response.status}")
    return json.loads(raw)


def text(document):
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def main(argv):
    check = bool(argv) and argv[0] == "--check"
    if check:
        argv = argv[1:]
    names = list(DOCUMENTS) if argv in ([], ["all"]) else argv
    unknown = [n for n in names if n not in DOCUMENTS]
    if unknown:
        print(f"openapi.py: no OpenAPI document for {', '.join(unknown)}; known: {' '.join(DOCUMENTS)}", file=sys.stderr)
        return 2
    passed = failed = 0
    with start.running(names) as ports:
        for app in names:
            live = text(fetch(ports[app], DOCUMENTS[app]))
            path = os.path.join(start.HERE, start.APPS[app][0], "openapi.json")
            if check:
                with open(path, encoding="utf-8") as f:
                    kept = f.read()
                if kept == live:
                    passed += 1
                    print(f"ok   {app} openapi.json")
                else:
                    failed += 1
                    print(f"FAIL {app} openapi.json differs from what the app publishes now (run Tests/RealServers/openapi.py {app})")
                continue
            with open(path, "w", encoding="utf-8") as f:
                f.write(live)
            print(f"{app:10} {path}")
    if check:
        print(f"OpenAPI documents: {passed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
