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
set -euo pipefail
cd "$(dirname "$0")/.."

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

if ((${#missing[@]} > 0)); then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    args=()
    for pin in "${missing[@]}"; do
        read -r pkg exact series <<<"$pin"
        if apt-cache madison "$pkg" | awk -F'|' '{gsub(/ /,"",$2); print $2}' | grep -qxF "$exact"; then
            args+=("$pkg=$exact")
        else
            candidate=$(apt-cache policy "$pkg" | sed -n 's/^ *Candidate: //p')
            if [[ "$candidate" != "$series"* ]]; then
                echo "install-real-servers: $pkg: pinned $exact (series $series) but the archive offers \"$candidate\"" >&2
                exit 1
            fi
            echo "install-real-servers: warning: $pkg $exact is gone from the archive; installing $candidate (same series $series): refresh the pin" >&2
            args+=("$pkg=$candidate")
        fi
    done
    apt-get install -y -q --no-install-recommends "${args[@]}"
fi

# PyPI: a venv on Debian's python3 (not whatever python3 is first on PATH), rebuilt only when the
# requirements change.
stamp="$VENV/.requirements.sha256"
want=$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)
if [[ ! -x "$VENV/bin/python" || "$(cat "$stamp" 2>/dev/null)" != "$want" ]]; then
    rm -rf "$VENV"
    /usr/bin/python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check --no-input -r "$REQUIREMENTS"
    echo "$want" >"$stamp"
fi
echo "install-real-servers: ready"
