#!/usr/bin/env python3
"""Regenerates the OpenAPI documents of the generators formline is tried against beyond the
real-server apps (docs/openapi.md, "Generators tried"): each NAME/app.py is a small app written
the way its framework's docs show, and its framework writes NAME/openapi.json (indented, keys in
the generator's own order, so a regeneration diff shows what a new version changed). Nothing is
served and nothing is fetched: each app is imported and asked for its document.

    Tests/OpenAPIGenerators/generate.py [NAME... | all]           rewrite the documents
    Tests/OpenAPIGenerators/generate.py --check [NAME... | all]   compare with the kept ones

The generators run from a venv with the pinned requirements.txt beside this script:

    /usr/bin/python3 -m venv .build-openapi-gen/venv
    .build-openapi-gen/venv/bin/pip install -r Tests/OpenAPIGenerators/requirements.txt
    .build-openapi-gen/venv/bin/python Tests/OpenAPIGenerators/generate.py

The documents are kept in git, so the Swift tests need none of this.
"""
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# name -> what generates it (for the listing)
GENERATORS = {
    "litestar": "Litestar (msgspec Structs), OpenAPI 3.1",
    "apiflask": "APIFlask (apispec + marshmallow), OpenAPI 3.0.3",
    "spectree": "SpecTree on Flask (Pydantic), OpenAPI 3.1",
}


def document(name):
    folder = os.path.join(HERE, name)
    sys.path.insert(0, folder)
    try:
        spec = importlib.util.spec_from_file_location(f"generator_{name}", os.path.join(folder, "app.py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # frameworks look their handlers' module up by name
        spec.loader.exec_module(module)
        return module.document()
    finally:
        sys.path.remove(folder)


def text(doc):
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def main(argv):
    check = bool(argv) and argv[0] == "--check"
    if check:
        argv = argv[1:]
    names = list(GENERATORS) if argv in ([], ["all"]) else argv
    unknown = [n for n in names if n not in GENERATORS]
    if unknown:
        print(f"generate.py: unknown {', '.join(unknown)}; known: {' '.join(GENERATORS)}", file=sys.stderr)
        return 2
    failed = 0
    for name in names:
        live = text(document(name))
        path = os.path.join(HERE, name, "openapi.json")
        if check:
            with open(path, encoding="utf-8") as f:
                same = f.read() == live
            failed += not same
            print(("ok   " if same else "FAIL ") + f"{name} openapi.json" + ("" if same else " differs (run generate.py " + name + ")"))
            continue
        with open(path, "w", encoding="utf-8") as f:
            f.write(live)
        print(f"{name:10} {path}  ({GENERATORS[name]})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
