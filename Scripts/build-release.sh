#!/usr/bin/env bash
# Builds the install binary: `Scripts/build-release.sh` then `install .build/release/formline
# /usr/local/bin/`. Extra arguments go to `swift build` (e.g. `--scratch-path DIR`, `--product
# formline`; a relative --scratch-path is taken from the repository root, where this script
# runs). Every flag here is there for start-up time; docs/PERFORMANCE.md has the numbers.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(
  -c release
  # Swift and Foundation linked in: no shared Swift libraries to find, load and bind.
  --static-swift-stdlib
  # Position-dependent: the loader applies no relocations to the large static binary.
  -Xlinker -no-pie
  # The Swift driver exports every symbol of a static-stdlib executable; the Swift runtime's
  # dladdr() calls at start-up then walk all ~32,000 of them. Nothing loads symbols from us.
  -Xlinker --no-export-dynamic
  # Type metadata through direct accessor calls rather than mangled names: a mangled name is
  # demangled at run time and each generic requirement is looked up by scanning every protocol
  # conformance record in the binary.
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
)
exec swift build "${flags[@]}" "$@"
