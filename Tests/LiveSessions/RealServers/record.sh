#!/usr/bin/env bash
# Records the live transcripts of the stock apps (Tests/RealServers) with the real binary:
# for each running app, APP/signup.session (username "admin" is taken, then "newuser" accepted)
# and APP/receipt.session (line 2's sku XYZ-9 is unknown, then ABC-2 accepted), each with
# `formline fill FORM --keep-asking --endpoint URL --record FILE`, answers on a pipe; and for the
# apps that serve the server checks (fastapi, express), APP/checks.session with
# Tests/RealServers/checks.yaml (username "admin" refused on Enter, then bea_92; Bergen's docks;
# SKU XYZ-9 unknown, then ABC-1 looked up with its price as the default).
#
#   Tests/RealServers/start.py all -- Tests/LiveSessions/RealServers/record.sh [FORMLINE]
#
# FORMLINE defaults to .build/debug/formline. The apps' ids count from 1 per run, so the id of
# an accepted answer is made `[..]` afterwards (docs/sessions.md, "Live replay": `"[..]"` alone
# matches any number): in the `<= 201` line and in "accepted (201) id=N". Any other value that
# changes from run to run must be made `[..]` by hand (none does today; check with two runs).
set -euo pipefail
cd "$(dirname "$0")/../../.."
formline=${1:-.build/debug/formline}
here=Tests/LiveSessions/RealServers
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

form() { # APP KIND: the app's own form if it has one, else the suite's
    if [[ -f "Tests/RealServers/$1/$2.yaml" ]]; then echo "Tests/RealServers/$1/$2.yaml"; else echo "Tests/RealServers/$2.yaml"; fi
}

for app in $(Tests/RealServers/start.py --list); do
    var="REALSERVER_${app^^}_PORT"
    port=${!var:-}
    [[ -n "$port" ]] || continue
    mkdir -p "$here/$app"
    kinds="signup receipt"
    [[ " fastapi express " == *" $app "* ]] && kinds+=" checks"
    for kind in $kinds; do
        case $kind in
            signup) answers='admin\nnew@example.com\ns3cretpass\n30\n\nnewuser\n\n' ;;
            receipt) answers='ABC-1\n3\nXYZ-9\n5\n\n\nABC-2\n\n' ;;
            checks) answers='admin\nbea_92\nBergen\n2\nXYZ-9\nABC-1\n3\n\n\n' ;;
        esac
        file="$here/$app/$kind.session"
        printf "$answers" | HOME="$home" XDG_STATE_HOME="$home/state" timeout 30 \
            "$formline" fill "$(form "$app" "$kind")" --keep-asking --endpoint "http://127.0.0.1:$port" --record "$file" >/dev/null
        sed -E -i \
            -e '/^<= 201 /s/"id":("[0-9]+"|[0-9]+)/"id":"[..]"/' \
            -e 's/^(Submitting\.\.\. accepted \(201\) id=)[0-9]+$/\1[..]/' \
            "$file"
        echo "$file"
        rm -rf "$home/state" "$home/.local"
    done
done
