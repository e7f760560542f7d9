#!/usr/bin/env bash
# Builds the Debian package operators install (docs/packaging.md):
#
#   Scripts/package-deb.sh [swift build arguments for the install build, e.g. --scratch-path DIR]
#     -> .build/deb/formline_VERSION_ARCH.deb, then lintian on it (fails on an error)
#
# From the install build (Scripts/build-release.sh, both programs): /usr/bin/formline and
# /usr/bin/formline-demo-server; man pages for every command and subcommand, made from the
# programs' help by swift-argument-parser's generate-manual plugin; bash, zsh and fish completions
# made by the programs; README, copyright, changelog (from CHANGELOG.md) and the third-party
# licences under /usr/share/doc/formline, the shipped forms under its examples/. The version is
# FormlineVersion.current; Depends comes from the binaries (dpkg-shlibdeps).
# Needs dpkg-dev and lintian (installed after saying so when root; else the apt-get line, exit 69).
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/lib/debian-packages.sh
. Scripts/lib/version.sh

MAINTAINER="formline maintainers <formline@example.org>"
need_debian_packages package-deb "building and checking the Debian package" dpkg-dev lintian

version=$(formline_version)
release_date=$(sed -n "s/^## \[$version\] - \([0-9-]*\)$/\1/p" CHANGELOG.md)
if [[ -z "$release_date" ]]; then
    echo "package-deb: CHANGELOG.md has no \"## [$version] - YYYY-MM-DD\" release for version $version" >&2
    exit 1
fi
# Every date in the package (files, man pages) is the release day: the same sources make the same .deb.
export SOURCE_DATE_EPOCH=$(date -u -d "$release_date 12:00" +%s)
arch=$(dpkg --print-architecture)

# The install build of both programs (quick when already built).
Scripts/build-release.sh "$@"
bin=$(Scripts/build-release.sh "$@" --show-bin-path)
for program in formline formline-demo-server; do
    said=$("$bin/$program" --version)
    if [[ "$said" != "$version" ]]; then
        echo "package-deb: $bin/$program --version says \"$said\", FormlineVersion.swift \"$version\": rebuild" >&2
        exit 1
    fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/formline"
doc="$root/usr/share/doc/formline"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$doc/examples" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d"

# Programs, without symbols (the Swift metadata the runtime reads is in loaded sections, kept).
for program in formline formline-demo-server; do
    install -m 0755 "$bin/$program" "$root/usr/bin/$program"
    strip --remove-section=.comment --remove-section=.note "$root/usr/bin/$program"
done

# Man pages: generate-manual runs each program with --experimental-dump-help (the same help as
# --help). The plugin builds the package itself, in debug: the test command's debug build
# already did that.
manual_log="$work/manual.log"
swift package plugin generate-manual --configuration debug --multi-page \
    --date "$release_date" >"$manual_log" 2>&1 || { cat "$manual_log" >&2; exit 1; }
mapfile -t manual_dirs < <(sed -n "s|^Generated manual in '\(file://\)\{0,1\}\(.*\)'$|\2|p" "$manual_log")
if ((${#manual_dirs[@]} != 2)); then
    cat "$manual_log" >&2
    echo "package-deb: expected manual pages for 2 programs, the plugin made ${#manual_dirs[@]}" >&2
    exit 1
fi
for dir in "${manual_dirs[@]}"; do
    for page in "$dir"/*.1; do
        # generate-manual keeps a discussion's blank lines, which mdoc warns about: a blank line
        # there is a paragraph break, written as mdoc's paragraph macro (the page reads the same).
        sed 's/^$/.Pp/' "$page" | gzip -9n >"$root/usr/share/man/man1/$(basename "$page").gz"
    done
done

# Shell completions, as the programs print them.
for program in formline formline-demo-server; do
    # bash sources a completion file, never runs it: the generated "#!/bin/bash" line goes.
    "$bin/$program" --generate-completion-script bash | sed '1{/^#!/d}' >"$root/usr/share/bash-completion/completions/$program"
    "$bin/$program" --generate-completion-script zsh >"$root/usr/share/zsh/vendor-completions/_$program"
    "$bin/$program" --generate-completion-script fish >"$root/usr/share/fish/vendor_completions.d/$program.fish"
done

# Documentation: README, copyright (DEP-5), the changelog Debian wants, examples, and the licences
# of the Swift packages linked into the programs.
install -m 0644 README.md "$doc/README.md"
install -m 0644 Forms/*.yaml "$doc/examples/"
Scripts/deb/changelog.py CHANGELOG.md "$MAINTAINER" | gzip -9n >"$doc/changelog.gz"
cat >"$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: formline
Comment: formline links GNU readline, so the whole is distributed under the GPL,
 version 3 or later. The programs also contain, linked statically, the Swift
 standard library and Foundation (Apache-2.0 with the Runtime Library
 Exception) and these Swift packages, whose licence texts and notices are in
 /usr/share/doc/formline/THIRD-PARTY-LICENSES.gz:
$(ls .build/checkouts | sed 's/^/ /')

Files: *
Copyright: 2026 the formline authors
License: GPL-3.0-or-later

License: GPL-3.0-or-later
 This program is free software: you can redistribute it and/or modify it under
 the terms of the GNU General Public License as published by the Free Software
 Foundation, either version 3 of the License, or (at your option) any later
 version.
 .
 This program is distributed in the hope that it will be useful, but WITHOUT
 ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS
 FOR A PARTICULAR PURPOSE. See the GNU General Public License for more details.
 .
 On Debian systems, the complete text of the GNU General Public License version
 3 can be found in "/usr/share/common-licenses/GPL-3".
COPYRIGHT
for package in .build/checkouts/*; do
    for file in "$package"/LICENSE* "$package"/NOTICE*; do
        [[ -f "$file" ]] || continue
        printf '==== %s: %s ====\n\n' "$(basename "$package")" "$(basename "$file")"
        cat "$file"
        printf '\n'
    done
done | gzip -9n >"$doc/THIRD-PARTY-LICENSES.gz"

# Two C libraries are inside formline because the Swift packages that use them carry their own
# copy, linked statically like every Swift package: lintian calls that an error; the overrides say
# why it stays (docs/packaging.md, "What lintian says").
install -d "$root/usr/share/lintian/overrides"
cat >"$root/usr/share/lintian/overrides/formline" <<'OVERRIDES'
# Yams carries libyaml (its CYaml module) and swift-nio-extras carries zlib (CNIOExtrasZlib, for
# async-http-client's compression); Swift packages are linked statically (docs/packaging.md).
formline: embedded-library libyaml [usr/bin/formline]
formline: embedded-library zlib [usr/bin/formline]
OVERRIDES

# Depends, from the libraries the binaries load (a debian/control is what dpkg-shlibdeps reads).
install -d "$work/debian"
printf 'Source: formline\n\nPackage: formline\nArchitecture: any\n' >"$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O formline/usr/bin/formline formline/usr/bin/formline-demo-server |
    sed -n 's/^shlibs:Depends=//p')
if [[ -z "$depends" ]]; then
    echo "package-deb: dpkg-shlibdeps found no dependencies" >&2
    exit 1
fi
rm -rf "$work/debian"

find "$root" -type d -exec chmod 0755 {} +
find "$root/usr/share" -type f -exec chmod 0644 {} +
cat >"$root/DEBIAN/control" <<CONTROL
Package: formline
Version: $version
Architecture: $arch
Maintainer: $MAINTAINER
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: utils
Priority: optional
Description: plain-text, line-mode form wizard for the terminal
 formline fills forms described in YAML files one field at a time on GNU
 readline: each answer is checked when Enter is pressed, a review comes before
 the form is submitted to an HTTP server, and the errors the server sends back
 (Django REST, Laravel, Rails, problem+json, JSON:API, FastAPI, ASP.NET and
 more) land on their fields, which alone are asked again. It works the same
 over a pipe or a serial console and keeps unfinished work as a draft.
 .
 The package holds formline and formline-demo-server, a local server that
 answers in every common error dialect, and example forms.
CONTROL
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p .build/deb
deb=".build/deb/formline_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "package-deb: built $deb"

# lintian: no error may remain; its warnings are each explained in docs/packaging.md.
lintian --fail-on error "$deb"
