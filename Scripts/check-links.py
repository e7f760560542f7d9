#!/usr/bin/env python3
"""Checks that every relative link in README.md and docs/*.md resolves.

    Scripts/check-links.py [ROOT]

A link `[text](path)` or `[text](path#anchor)` must name a file or folder of the repository,
relative to the page; an anchor must be a heading of the target page, turned into an anchor the
way GitHub does (lower case, punctuation but `-` and `_` dropped, spaces as `-`). Links with a
scheme (https:, mailto:) are not followed: formline's checks never leave the machine. Prints one
line per broken link (PAGE:LINE: target: why) and exits 1 if there is any, else 0.
"""
import os, re, sys

LINK = re.compile(r'(?<!\!)\[[^\]]*\]\(([^)\s]+)\)')
FENCE = re.compile(r'^\s*(```|~~~)')


def anchors(path, cache={}):
    if path not in cache:
        found, counts, fenced = set(), {}, False
        with open(path, encoding='utf-8') as f:
            for line in f:
                if FENCE.match(line):
                    fenced = not fenced
                    continue
                m = None if fenced else re.match(r'^#{1,6}\s+(.*?)\s*#*\s*$', line)
                if m:
                    slug = re.sub(r'[^\w\- ]', '', m.group(1).strip().lower()).replace(' ', '-')
                    n = counts.get(slug, 0)
                    counts[slug] = n + 1
                    found.add(slug if n == 0 else f'{slug}-{n}')
        cache[path] = found
    return cache[path]


def links(page):
    fenced = False
    with open(page, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if fenced:
                continue
            # Inline code spans are text, not links.
            for target in LINK.findall(re.sub(r'`[^`]*`', '', line)):
                yield number, target


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..'))
    pages = ['README.md'] + sorted('docs/' + n for n in os.listdir(os.path.join(root, 'docs')) if n.endswith('.md'))
    broken = 0
    for page in pages:
        for number, target in links(os.path.join(root, page)):
            if re.match(r'^[a-z][a-z0-9+.-]*:', target):
                continue
            path, _, anchor = target.partition('#')
            full = os.path.normpath(os.path.join(root, os.path.dirname(page), path)) if path else os.path.join(root, page)
            why = None
            if not full.startswith(root + os.sep) and full != root:
                why = 'outside the repository'
            elif not os.path.exists(full):
                why = 'no such file'
            elif anchor and full.endswith('.md') and anchor not in anchors(full):
                why = f'no heading for #{anchor}'
            if why:
                print(f'{page}:{number}: {target}: {why}')
                broken += 1
    return 1 if broken else 0


if __name__ == '__main__':
    sys.exit(main())
