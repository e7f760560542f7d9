#!/usr/bin/env bash
# Tries the Debian package the way an operator would (docs/packaging.md), then takes it away:
#
#   Scripts/test-deb.sh [DEB]        (default: .build/deb/formline_VERSION_ARCH.deb)
#
# As root: `apt-get install ./DEB`; then, with only /usr/bin and /bin on PATH (no Swift toolchain)
# and no LD_LIBRARY_PATH: formline --version, man -w for each program, the shipped signup example
# filled through a pipe to acceptance, formline-demo-server --port 0 answering a fill, ldd showing
# no Swift library; then `apt-get purge formline` must leave none of its files. A formline
# package installed before the test is replaced and removed too (said first). On failure the
# package is purged all the same, so a rerun starts from the same state.
# Not root: the package is unpacked into a temporary folder and tried from there (installing
# needs root), which is said; everything but apt-get and man -w is checked.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib/version.sh

version=$(formline_version)
deb=${1:-.build/deb/formline_${version}_$(dpkg --print-architecture).deb}
if [[ ! -f "$deb" ]]; then
    echo "test-deb: $deb is missing: run Scripts/package-deb.sh first" >&2
    exit 1
fi
deb=$(realpath "$deb")

work=$(mktemp -d)
demo_pid=
cleanup() {
    if [[ -n "$demo_pid" ]]; then kill "$demo_pid" 2>/dev/null || true; fi
    if ((EUID == 0)) && dpkg-query -W -f='${Status}' formline 2>/dev/null | grep -q 'installed$'; then
        DEBIAN_FRONTEND=noninteractive apt-get purge -y -q formline >/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "test-deb: FAILED: $*" >&2; exit 1; }

if ((EUID == 0)); then
    prefix=
    if dpkg-query -W -f='${Status}' formline 2>/dev/null | grep -q 'installed$'; then
        echo "test-deb: formline $(dpkg-query -W -f='${Version}' formline) is installed: this test replaces it and removes it at the end"
    fi
    echo "test-deb: apt-get install $deb"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; fail "apt-get install"; }
else
    prefix="$work/root"
    echo "test-deb: not root, so the package is unpacked into $prefix and tried there (apt-get install needs root)"
    dpkg-deb -x "$deb" "$prefix"
fi

# What an operator's shell has: the system's folders only, a fresh HOME, no LD_LIBRARY_PATH.
mkdir -p "$work/home" "$work/cwd"
run() {
    (cd "$work/cwd" && exec env -i PATH="$prefix/usr/bin:/usr/bin:/bin" HOME="$work/home" \
        XDG_STATE_HOME="$work/home/state" LANG=C.UTF-8 TERM=dumb "$@")
}
if run sh -c 'command -v swift' >/dev/null; then fail "a Swift toolchain is on the operator PATH"; fi
[[ "$(run sh -c 'command -v formline')" == "$prefix/usr/bin/formline" ]] || fail "formline is not $prefix/usr/bin/formline"

said=$(run formline --version) || fail "formline --version exited $?"
[[ "$said" == "$version" ]] || fail "formline --version says \"$said\", the package is $version"
said=$(run formline-demo-server --version) || fail "formline-demo-server --version exited $?"
[[ "$said" == "$version" ]] || fail "formline-demo-server --version says \"$said\", the package is $version"

if ((EUID == 0)); then
    for page in formline formline.fill formline-demo-server; do
        where=$(run man -w "$page") || fail "man -w $page found no page"
        [[ "$where" == "/usr/share/man/man1/$page.1.gz" ]] || fail "man -w $page: $where"
    done
fi
zcat "$prefix/usr/share/man/man1/formline.1.gz" | grep -q "version $version" || fail "formline.1 does not name version $version"

ldd_out=$(ldd "$prefix/usr/bin/formline")
if grep -qi 'swift\|not found' <<<"$ldd_out"; then fail "ldd formline: $ldd_out"; fi

# The shipped example, through a pipe, to the in-process fake server.
answers=$'ada\nada@example.com\nsecret123\n30\n\n\n'
out=$(run formline fill "$prefix/usr/share/doc/formline/examples/signup.yaml" <<<"$answers") || fail "fill exited $?: $out"
[[ "$out" == *$'\nSubmitting... accepted (201) id=1' ]] || fail "fill did not end accepted: $out"

# The demo server on a free port, and the same answers submitted to it over HTTP.
# Started here, not through `run`: a function called with `&` runs in a subshell of its own, so
# `$!` would be that subshell, and killing it would leave the server running. This `( ... exec )`
# becomes the server itself.
(cd "$work/cwd" && exec env -i PATH="$prefix/usr/bin:/usr/bin:/bin" HOME="$work/home" \
    XDG_STATE_HOME="$work/home/state" LANG=C.UTF-8 TERM=dumb formline-demo-server --port 0) >"$work/demo.log" 2>&1 &
demo_pid=$!
for _ in $(seq 100); do
    grep -q '^listening on' "$work/demo.log" && break
    sleep 0.1
done
url=$(sed -n "s|^listening on \(http://127.0.0.1:[0-9]*\) (formline $version)$|\1|p" "$work/demo.log")
[[ -n "$url" ]] || fail "formline-demo-server --port 0 did not say where it listens: $(cat "$work/demo.log")"
out=$(run formline fill "$prefix/usr/share/doc/formline/examples/signup.yaml" --endpoint "$url/drf" <<<"$answers") ||
    fail "fill --endpoint $url/drf exited $?: $out"
[[ "$out" == *$'\nSubmitting... accepted (201)'* ]] || fail "the demo server did not accept: $out"
kill "$demo_pid"
wait "$demo_pid" 2>/dev/null || true
demo_pid=

if ((EUID == 0)); then
    mapfile -t owned < <(dpkg -L formline)
    echo "test-deb: apt-get purge formline"
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -q formline >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; fail "apt-get purge"; }
    status=$(dpkg-query -W -f='${Status}' formline 2>/dev/null || true)
    [[ -z "$status" || "$status" == "unknown ok not-installed" ]] || fail "after purge dpkg says: $status"
    for path in "${owned[@]}"; do
        # Shared folders (/usr/bin, /usr/share/man/man1, ...) stay; anything of formline's must go.
        if [[ -e "$path" && ( ! -d "$path" || "$path" == *formline* ) ]]; then fail "left behind: $path"; fi
    done
fi
echo "test-deb: passed ($(basename "$deb"))"
