#!/usr/bin/env bash
# The README's first command: fill Forms/signup.yaml from source, submitted to the in-process fake
# server (nothing leaves the machine). On a bare Debian 12 with Swift 6.3 it first installs the
# Debian packages the build links (GNU readline, PCRE2) and finds them with (pkg-config), saying
# so; without root it prints the apt-get line to run and exits 69.
#
#   Scripts/fill.sh                          fill Forms/signup.yaml
#   Scripts/fill.sh FORM [fill options]      any other form (the arguments replace Forms/signup.yaml)
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib/debian-packages.sh

if ! command -v swift >/dev/null; then
    echo "fill: no swift on PATH: formline builds with Swift 6.3 (install it from swift.org, then run this again)" >&2
    exit 69
fi
need_debian_packages fill "building formline (GNU readline, PCRE2, pkg-config)" libreadline-dev libpcre2-dev pkg-config
exec swift run formline fill "${@:-Forms/signup.yaml}"
