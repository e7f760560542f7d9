#!/usr/bin/env bash
# Fails when a module an embedder links (FormCore, FormFiles, FormRunner, FormlineTesting) drags in a heavy backend:
# GNU readline, async-http-client, NIO or swift-crypto. Reads the package graph from
# `swift package describe --type json` and walks every target's dependencies transitively.
# Usage: Scripts/check-embedding.sh [TARGET...]   (default: FormCore FormFiles FormRunner FormlineTesting)
set -euo pipefail
cd "$(dirname "$0")/.."

swift package describe --type json | python3 -c '
import json, sys

package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}

def is_forbidden(name):
    return name == "CReadline" or name == "AsyncHTTPClient" or name.startswith("NIO") or name in ("Crypto", "_CryptoExtras")

def closure(name, seen):
    # Our own targets list "target_dependencies"; products of other packages "product_dependencies".
    target = targets.get(name)
    if target is None or name in seen:
        return
    seen.add(name)
    for dep in target.get("target_dependencies", []):
        closure(dep, seen)
    for product in target.get("product_dependencies", []):
        seen.add(product)

failed = False
for root in sys.argv[1:] or ("FormCore", "FormFiles", "FormRunner", "FormlineTesting"):
    if root not in targets:
        print(f"no target named {root}", file=sys.stderr)
        sys.exit(2)
    seen = set()
    closure(root, seen)
    bad = sorted(n for n in seen if is_forbidden(n))
    if bad:
        failed = True
        named = ", ".join(bad)
        print(f"{root} depends on {named}: an embedder would link them", file=sys.stderr)
    else:
        named = ", ".join(sorted(seen - {root})) or "no dependencies"
        print(f"{root} links: {named}")
sys.exit(1 if failed else 0)
' "$@"
