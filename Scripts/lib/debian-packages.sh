# Sourced by Scripts/*.sh: makes sure Debian packages are installed, saying what and why first.
#
#   missing_debian_packages PKG...        prints the ones not installed (one a line)
#   need_debian_packages WHO WHY PKG...   installs the missing ones as root, after saying which and
#                                         why; without root prints the exact apt-get line and exits 69
#   need_root_or_print_apt_line WHO WHY WORD...
#                                         the same for words already known to be missing (NAME or
#                                         NAME=VERSION); installs them as root
#
# Exit status 69 (EX_UNAVAILABLE from sysexits.h) means "packages are missing and this is not
# root": the message above it is the command to run.

missing_debian_packages() {
    local pkg
    for pkg in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q '^install ok installed$'; then
            echo "$pkg"
        fi
    done
}

need_root_or_print_apt_line() {
    local who=$1 why=$2
    shift 2
    (($# > 0)) || return 0
    if ((EUID != 0)); then
        {
            echo "$who: $why needs these Debian packages, and installing them needs root:"
            echo "    apt-get update && apt-get install -y --no-install-recommends $*"
            echo "$who: run that as root (or run this command as root), then run this command again."
        } >&2
        exit 69
    fi
    echo "$who: installing from Debian (apt-get), $why: $*"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q --no-install-recommends "$@"
}

need_debian_packages() {
    local who=$1 why=$2
    shift 2
    local missing
    mapfile -t missing < <(missing_debian_packages "$@")
    need_root_or_print_apt_line "$who" "$why" "${missing[@]}"
}
