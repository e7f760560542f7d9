#!/usr/bin/env bash
# Fills Tests/RealServers/signup.yaml against every running app as a new user would (answers on a
# pipe), once per fixture case, and prints what formline said after "Submitting..." and its exit
# status. The baseline table in README.md is this script's output, summarised.
#
#   Tests/RealServers/start.py all -- Tests/RealServers/try-formline.sh [FORMLINE]
#
# FORMLINE defaults to .build/debug/formline. The corrected resubmission is not typed here: the
# input ends after the first answer, so each run ends at the re-asked field (exit 4, draft kept).
set -uo pipefail
cd "$(dirname "$0")/../.."
formline=${1:-.build/debug/formline}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

declare -A answers=(
    [field_error]='admin\nnew@example.com\ns3cretpass\n\n\n'
    [two_field_errors]='admin\nnew@exa_mple.com\ns3cretpass\n\n\n'
    [coded_non_field_error]='samename1\nnew@example.com\nsamename1\n\n\n'
    [uncoded_non_field_error]='blocked\nnew@example.com\ns3cretpass\n\n\n'
    [accepted]='newuser\nnew@example.com\ns3cretpass\n30\n\n'
)
for app in drf drf_standardized drf_jsonapi fastapi fastapi_problem ninja rails express symfony; do
    var="REALSERVER_${app^^}_PORT"
    port=${!var:-}
    [[ -n "$port" ]] || continue
    for case in field_error two_field_errors coded_non_field_error uncoded_non_field_error accepted; do
        echo "===== $app $case"
        printf "${answers[$case]}" | HOME="$home" XDG_STATE_HOME="$home/state" timeout 30 \
            "$formline" fill Tests/RealServers/signup.yaml --endpoint "http://127.0.0.1:$port" 2>&1 \
            | sed -n '/^Submitting/,$p' | grep -v '^Draft saved'
        echo "exit=${PIPESTATUS[1]}"
        rm -rf "$home/state" "$home/.local"
    done
done
