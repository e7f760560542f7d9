#!/usr/bin/env python3
"""Debian changelog text from CHANGELOG.md (Keep a Changelog), for the package's changelog.gz.

    Scripts/deb/changelog.py CHANGELOG.md MAINTAINER   > changelog

Each "## [X.Y.Z] - YYYY-MM-DD" release becomes one entry, its "### Kind" bullets "* Kind: text"
wrapped at 78 columns; the entry is dated noon UTC of the release day. An [Unreleased] section
is left out: a package is built from a release. Exits 1 when there is no release.
"""
import datetime, re, sys, textwrap

path, maintainer = sys.argv[1], sys.argv[2]
releases = []  # (version, date, [(kind, text)])
kind = None
with open(path, encoding="utf-8") as f:
    for line in f:
        line = line.rstrip("\n")
        heading = re.match(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", line)
        if heading:
            releases.append((heading.group(1), heading.group(2), []))
            kind = None
        elif line.startswith("## "):
            kind = "skip"  # [Unreleased] or anything not a release
        elif line.startswith("### ") and releases and kind != "skip":
            kind = line[4:].strip()
        elif line.startswith("- ") and releases and kind not in (None, "skip"):
            releases[-1][2].append([kind, line[2:].strip()])
        elif line.startswith("  ") and releases and kind not in (None, "skip") and releases[-1][2]:
            releases[-1][2][-1][1] += " " + line.strip()  # a bullet's continuation line
if not releases:
    sys.exit(f"{path}: no \"## [X.Y.Z] - YYYY-MM-DD\" release heading")
entries = []
for version, date, items in releases:
    day = datetime.datetime.strptime(date, "%Y-%m-%d").replace(hour=12, tzinfo=datetime.timezone.utc)
    lines = [f"formline ({version}) unstable; urgency=medium", ""]
    for item_kind, text in items or [["Changed", "See CHANGELOG.md."]]:
        lines += textwrap.wrap(f"{item_kind}: {text}", width=78, initial_indent="  * ", subsequent_indent="    ",
                               break_on_hyphens=False)
    lines += ["", f" -- {maintainer}  {day.strftime('%a, %d %b %Y %H:%M:%S +0000')}"]
    entries.append("\n".join(lines) + "\n")
sys.stdout.write("\n".join(entries))
