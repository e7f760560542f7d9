#!/usr/bin/env bash
# Installs what the real-server suite (Tests/RealServers) runs on, every version pinned:
# Debian bookworm packages through apt, PyPI packages into .build-realservers/venv.
# Idempotent: when everything is already at its pinned version it only checks (a second or two).
#
# Debian replaces a package in bookworm when a point or security release updates it, and the old
# version then disappears from the archive. So each Debian pin is an exact version plus the
# upstream series it belongs to: the exact version is installed when the archive has it, else the
# archive's candidate if it is in the same series (with a warning that the pin wants refreshing);
# anything else is an error.
#
#   Scripts/install-real-servers.sh            install what is missing (says what first)
#   Scripts/install-real-servers.sh --missing  print the Debian packages it would install (NAME=VERSION
#                                              words, one a line) and install nothing
# Without root, when Debian packages are missing, it prints the exact apt-get line and exits 69.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib/debian-packages.sh

# package  exact-version  series (a prefix of the version)
DEBIAN_PINS=(
    "ruby-rails                2:6.1.7.10+dfsg-1~deb12u3   2:6.1."
    "ruby-webrick              1.8.1-1                     1.8."
    "ruby-sqlite3              1.4.2-4+b3                  1.4."
    "node-express              4.18.2+~4.17.14-1           4."
    "node-ajv                  6.12.6-3                    6."
    "php-cli                   2:8.2+93                    2:8.2"
    "php-symfony-validator     5.4.53+dfsg-0+deb12u1       5.4."
    "php-symfony-serializer    5.4.53+dfsg-0+deb12u1       5.4."
    "php-symfony-property-access 5.4.53+dfsg-0+deb12u1     5.4."
    "python3-venv              3.11.2-1+b1                 3.11."
)
VENV=.build-realservers/venv
REQUIREMENTS=Tests/RealServers/requirements.txt

installed_version() { { dpkg-query -W -f='${Status} ${Version}' "$1" 2>/dev/null || true; } | sed -n 's/^install ok installed //p'; }

missing=()
for pin in "${DEBIAN_PINS[@]}"; do
    read -r pkg exact series <<<"$pin"
    have=$(installed_version "$pkg")
    if [[ "$have" != "$series"* ]]; then missing+=("$pin"); fi
done

# The apt-get word for a pin: the exact version when the archive (as last updated) has it, else
# the archive's candidate of the same series; an error when the archive has neither.
apt_word() {
    local pkg=$1 exact=$2 series=$3 candidate
    if apt-cache madison "$pkg" 2>/dev/null | awk -F'|' '{gsub(/ /,"",$2); print $2}' | grep -qxF "$exact"; then
        echo "$pkg=$exact"
        return
    fi
    candidate=$(apt-cache policy "$pkg" 2>/dev/null | sed -n 's/^ *Candidate: //p')
    if [[ -z "$candidate" || "$candidate" == "(none)" ]]; then
        echo "$pkg=$exact"  # lists not updated yet: the pin as written
    elif [[ "$candidate" != "$series"* ]]; then
        echo "install-real-servers: $pkg: pinned $exact (series $series) but the archive offers \"$candidate\"" >&2
        return 1
    else
        echo "install-real-servers: warning: $pkg $exact is gone from the archive; installing $candidate (same series $series): refresh the pin" >&2
        echo "$pkg=$candidate"
    fi
}

if [[ "${1:-}" == --missing ]]; then
    for pin in "${missing[@]}"; do
        read -r pkg exact series <<<"$pin"
        echo "$pkg=$exact"
    done
    exit 0
fi

if ((${#missing[@]} > 0)); then
    if ((EUID == 0)); then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q
    fi
    args=()
    for pin in "${missing[@]}"; do
        read -r pkg exact series <<<"$pin"
        word=$(apt_word "$pkg" "$exact" "$series")
        args+=("$word")
    done
    need_root_or_print_apt_line install-real-servers \
        "the real-server apps (Rails, Express with ajv, Symfony, Python's venv)" "${args[@]}"
fi

# PyPI: a venv on Debian's python3 (not whatever python3 is first on PATH), rebuilt only when the
# requirements change.
stamp="$VENV/.requirements.sha256"
want=$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)
if [[ ! -x "$VENV/bin/python" || "$(cat "$stamp" 2>/dev/null)" != "$want" ]]; then
    echo "install-real-servers: installing from PyPI into $VENV (pinned in $REQUIREMENTS):" \
        $(grep -v '^#' "$REQUIREMENTS")
    rm -rf "$VENV"
    /usr/bin/python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check --no-input -r "$REQUIREMENTS"
    echo "$want" >"$stamp"
fi
echo "install-real-servers: ready"
