#!/usr/bin/env bash
# The README's test command: every test, from a bare Debian 12 with Swift 6.3, as root (as CI runs
# it: .ci/run is this script). First, before any long build, it says what it installs and installs
# what is missing:
#   - Debian: libreadline-dev libpcre2-dev pkg-config (the build), python3-venv (the Python venvs),
#     dpkg-dev lintian man-db (building, checking and installing the Debian package), valgrind
#     (the first prompt's instruction budget, IntegrationTests/FirstPromptBudgetTests), libxml2-utils
#     (xmllint: replay --junit reports checked against Tests/JUnit/junit.xsd, JUnitSchemaTests),
#     parallel (GNU parallel running `formline batch --shard K/N` shards, BatchTests);
#   - the real-server apps (Scripts/install-real-servers.sh: pinned Debian packages for Rails,
#     Express, Symfony, and a PyPI venv for the Python apps: Django REST, FastAPI, django-ninja,
#     flask-smorest, APIFlask, Litestar);
#   - the OpenAPI generators' PyPI venv (Tests/OpenAPIGenerators/requirements.txt).
# Without root, when Debian packages are missing, it prints the one apt-get line to run and exits
# 69. FORMLINE_SKIP_REAL_SERVERS=1 leaves out the real-server apps and their tests, nothing else.
# Then: the embedding check, the kept server answers and documents, the debug build and every
# test, the install build (Scripts/build-release.sh) and the end-to-end tests against it, the
# Debian package (Scripts/package-deb.sh) and its install test (Scripts/test-deb.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib/debian-packages.sh

skip_real=0
[[ "${FORMLINE_SKIP_REAL_SERVERS:-}" == 1 ]] && skip_real=1
if ! command -v swift >/dev/null; then
    echo "test: no swift on PATH: formline builds with Swift 6.3 (install it from swift.org, then run this again)" >&2
    exit 69
fi

# 1. Install (or name) everything a bare machine lacks, before anything long runs.
DEBIAN_PACKAGES=(libreadline-dev libpcre2-dev pkg-config python3-venv dpkg-dev lintian man-db valgrind libxml2-utils parallel)
mapfile -t missing < <(missing_debian_packages "${DEBIAN_PACKAGES[@]}")
if ((skip_real == 0)); then
    mapfile -t real_missing < <(Scripts/install-real-servers.sh --missing)
    missing+=("${real_missing[@]}")
fi
if ((EUID != 0)); then
    # One line with everything, rather than one command at a time.
    need_root_or_print_apt_line test "every test (the build, the package, the real-server apps)" "${missing[@]}"
fi
need_debian_packages test "for the build, the Python venvs, the Debian package, the start-up budget and the JUnit schema check" "${DEBIAN_PACKAGES[@]}"
if ((skip_real == 0)); then
    # The stock framework apps the real-server tests submit to (Tests/RealServers): pinned
    # versions, quick when already installed.
    Scripts/install-real-servers.sh
else
    echo "test: FORMLINE_SKIP_REAL_SERVERS=1: the real-server apps and their tests are left out"
fi
# The further generators formline's OpenAPI import is tried against (Litestar, APIFlask, SpecTree:
# Tests/OpenAPIGenerators), in their own pinned venv (about 15 s to make).
GEN_VENV=.build-openapi-gen/venv
GEN_REQUIREMENTS=Tests/OpenAPIGenerators/requirements.txt
GEN_WANT=$(sha256sum "$GEN_REQUIREMENTS" | cut -d' ' -f1)
if [[ ! -x "$GEN_VENV/bin/python" || "$(cat "$GEN_VENV/.requirements.sha256" 2>/dev/null)" != "$GEN_WANT" ]]; then
    echo "test: installing from PyPI into $GEN_VENV (pinned in $GEN_REQUIREMENTS):" $(grep -v '^#' "$GEN_REQUIREMENTS")
    rm -rf "$GEN_VENV"
    /usr/bin/python3 -m venv "$GEN_VENV"
    "$GEN_VENV/bin/pip" install -q --disable-pip-version-check --no-input -r "$GEN_REQUIREMENTS"
    echo "$GEN_WANT" >"$GEN_VENV/.requirements.sha256"
fi

# Runs CMD with the real-server apps up on free 127.0.0.1 ports (or alone when they are skipped).
with_real_servers() {
    if ((skip_real == 0)); then python3 Tests/RealServers/start.py all -- "$@"; else "$@"; fi
}

# 2. The modules an embedder links must not drag in readline, the HTTP client, NIO or crypto.
Scripts/check-embedding.sh

# 3. The apps' live answers and the OpenAPI documents they publish (drf-spectacular, FastAPI,
# django-ninja) must still equal the kept ones; so must the further generators' documents.
if ((skip_real == 0)); then
    python3 Tests/RealServers/capture.py --check
    python3 Tests/RealServers/openapi.py --check
fi
"$GEN_VENV/bin/python" Tests/OpenAPIGenerators/generate.py --check all

# 4. The debug build and every test.
swift build --build-tests
with_real_servers swift test --skip-build

# 5. The install build (README "Installing") is what operators run: build it the documented way
# and run the end-to-end tests (pipes, a pty, signals, a local HTTP server) against it too.
Scripts/build-release.sh
FORMLINE_TEST_BINARY="$PWD/.build/release/formline" with_real_servers \
    swift test --skip-build --filter 'IntegrationTests|RecordFlagTests|RealServerTests'

# 6. The Debian package made from that build, checked by lintian, installed, used and removed the
# way an operator would.
Scripts/package-deb.sh
Scripts/test-deb.sh
