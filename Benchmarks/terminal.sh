#!/usr/bin/env bash
# Start-up and bytes of a whole signup session through a real pty: formline against the bash
# readline baseline ($TOOLS/bench/bash_signup.sh), interleaved, N rounds, for
# TERM=xterm-256color and TERM=dumb. Not a test: absolute times drift on a shared machine, so
# read the ratios (both programs measured in the same run).
#
#   Benchmarks/terminal.sh            # 15 rounds
#   ROUNDS=31 Benchmarks/terminal.sh
#   SKIP_BUILD=1 Benchmarks/terminal.sh
#
# Targets: first prompt within 1.2x of bash; with TERM=dumb at most 1.3x bash's bytes and zero
# escape sequences.
#
# TOOLS (default Benchmarks/tools) holds the pty driver (ptydrive.py) and the bash baseline
# (bench/bash_signup.sh, bench/signup_session.json); they are not in the repository yet
# (docs/PERFORMANCE.md, "How to measure").
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-15}
TOOLS=${TOOLS:-Benchmarks/tools}
[ -f "$TOOLS/ptydrive.py" ] || { echo "no $TOOLS/ptydrive.py: set TOOLS to the folder holding ptydrive.py and bench/ (docs/PERFORMANCE.md, \"How to measure\")" >&2; exit 2; }
SESSION=$TOOLS/bench/signup_session.json
BIN=.build-release/release/formline

if [ -z "${SKIP_BUILD:-}" ]; then
  # The documented install build (readline stays shared), in its own scratch folder.
  Scripts/build-release.sh --scratch-path .build-release --product formline >&2
fi
[ -x "$BIN" ] || { echo "no $BIN: build it first" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() { # term program outfile
  local state="$work/state"
  rm -rf "$state" && mkdir -p "$state"
  case $2 in
    bash) cmd=(bash "$TOOLS/bench/bash_signup.sh") ;;
    formline) cmd=("$BIN" fill Forms/signup.yaml) ;;
  esac
  env -i PATH="$PATH" HOME="$work" XDG_STATE_HOME="$state" INPUTRC=/dev/null LANG=C.UTF-8 TERM="$1" \
    python3 "$TOOLS/ptydrive.py" "$SESSION" -- "${cmd[@]}" >> "$3"
}

for term in xterm-256color dumb; do
  for i in $(seq "$ROUNDS"); do
    # Alternate who goes first so neither always gets the warmer cache.
    if [ $((i % 2)) -eq 0 ]; then order="bash formline"; else order="formline bash"; fi
    for prog in $order; do run "$term" "$prog" "$work/$term-$prog.jsonl"; done
  done
done

python3 - "$work" "$ROUNDS" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], sys.argv[2]
print(f"rounds: {rounds} per program and TERM (medians)")
print(f"{'TERM':16} {'program':9} {'first ms':>9} {'bytes':>6} {'esc':>4} {'ok':>5} {'sane':>5} {'leak':>5}")
for term in ("xterm-256color", "dumb"):
    med = {}
    for prog in ("bash", "formline"):
        runs = [json.loads(l) for l in open(f"{work}/{term}-{prog}.jsonl")]
        first = [r["first_prompt_ms"] for r in runs if r["first_prompt_ms"] is not None]
        m = {
            "first": statistics.median(first) if first else float("nan"),
            "bytes": statistics.median(r["bytes_out"] for r in runs),
            "esc": statistics.median(r["esc_count"] for r in runs),
        }
        med[prog] = m
        ok = sum(1 for r in runs if r["ok"] and r["exit_code"] == 0)
        sane = sum(1 for r in runs if r["terminal_sane_after"])
        leak = sum(1 for r in runs if r["forbidden_seen"])
        print(f"{term:16} {prog:9} {m['first']:9.2f} {m['bytes']:6.0f} {m['esc']:4.0f} {ok:>2}/{len(runs):<2} {sane:>2}/{len(runs):<2} {leak:>5}")
    b, f = med["bash"], med["formline"]
    ratio = lambda a, c: a / c if c else float("nan")
    print(f"{term:16} {'ratio':9} {ratio(f['first'], b['first']):9.2f} {ratio(f['bytes'], b['bytes']):6.2f}   formline/bash")
PY
