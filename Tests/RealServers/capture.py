#!/usr/bin/env python3
"""Regenerates every app's fixtures: starts the apps (start.py), sends each case, and writes the raw
answer (status, content type, body exactly as sent) to NAME/fixtures/CASE.json.

    capture.py [NAME... | all]            rewrite the fixtures
    capture.py --check [NAME... | all]    compare the live answers with the fixtures instead (CI):
                                          one line per case, then "N passed, N failed"; exit 1 on
                                          any difference

The signup cases go to NAME/fixtures/CASE.json, the receipt cases (a list of line items, issue 11)
to NAME/fixtures/lines/CASE.json.

The cases are the suite's contract with formline's dialect work; each fixture also records the
request that produced it and `expect`: where formline, filling signup.yaml with `errors: auto`,
should put the answer's errors (the fields re-asked, in order, and how many messages go to the
banner only). The apps are freshly started, so an accepted submission gets id 1 and a
second capture produces the same files.
"""
import http.client
import json
import os
import sys

import start

VALID = {"email": "new@example.com", "password": "s3cretpass"}

# case -> (what it shows, the signup fields sent); EXPECT[case] is where formline should put it
CASES = {
    "field_error": ("one field error: the username is taken",
                    {"username": "admin", **VALID}),
    # Both values pass formline's own checks (a form cannot know a name is taken, and its email
    # type accepts an underscore in the domain), so formline itself can send this request.
    "two_field_errors": ("two field errors at once: username taken, email's domain has an underscore",
                         {"username": "admin", "email": "new@exa_mple.com", "password": "s3cretpass"}),
    "coded_non_field_error": ("the coded non-field error: password equals username",
                              {"username": "samename1", "email": "new@example.com", "password": "samename1"}),
    "uncoded_non_field_error": ("the non-field error without a code: sign-ups closed for this account",
                                {"username": "blocked", **VALID}),
    "accepted": ("the accepted submission",
                 {"username": "newuser", **VALID, "age": 30}),
}

EXPECT = {
    "field_error": {"outcome": "rejected", "fields": ["username"], "banner_messages": 0},
    "two_field_errors": {"outcome": "rejected", "fields": ["username", "email"], "banner_messages": 0},
    # Routed by signup.yaml's `server_codes: [password_matches_username]` on password (see
    # EXPECT_OVERRIDES for the renderings that drop the code).
    "coded_non_field_error": {"outcome": "rejected", "fields": ["password"], "banner_messages": 0},
    "uncoded_non_field_error": {"outcome": "rejected", "fields": [], "banner_messages": 1},
    "accepted": {"outcome": "accepted", "id": 1},
}

# Renderings that drop the code: with signup.yaml as it is (no message pattern), the banner.
_NO_CODE = {"outcome": "rejected", "fields": [], "banner_messages": 1,
            "why": "this rendering carries no code; only a message pattern in the form could route it"}
EXPECT_OVERRIDES = {("drf", "coded_non_field_error"): _NO_CODE, ("rails", "coded_non_field_error"): _NO_CODE,
                    # marshmallow (flask-smorest, APIFlask) and Litestar's rendering have no codes.
                    ("flask_smorest", "coded_non_field_error"): _NO_CODE, ("apiflask", "coded_non_field_error"): _NO_CODE,
                    ("litestar", "coded_non_field_error"): _NO_CODE}

JSON_API_APPS = {"drf_jsonapi"}


def request_for(app, fields):
    """The request body and headers the app's own docs have a client send."""
    if app in JSON_API_APPS:
        body = {"data": {"type": "signups", "attributes": fields}}
        media = "application/vnd.api+json"
    else:
        body, media = fields, "application/json"
    return json.dumps(body), {"Content-Type": media, "Accept": media}


# The receipt endpoint (issue 11): `POST /api/receipt` taking a list of line items
# `{"lines": [{"sku", "qty"}]}` (Rails: `lines_attributes`, what accepts_nested_attributes_for takes;
# JSON:API: the list as an attribute of a `receipts` document). Rules: at least 2 lines; sku one of
# ABC-1, ABC-2, BULK-10; qty an integer 1-100; a BULK- sku's qty a multiple of ten (an error on the
# line itself). Fixtures in NAME/fixtures/lines/, `expect` in the receipt form's concrete names
# (`lines.2.qty`: item numbers are 1-based, the wire's indexes 0-based).
RECEIPT_CASES = {
    "item_field_error": ("the second line's qty is 0",
                         [{"sku": "ABC-1", "qty": 2}, {"sku": "ABC-2", "qty": 0}]),
    "two_item_errors": ("the first line's sku is unknown, the third's qty is 500; the second line is fine",
                        [{"sku": "XYZ-9", "qty": 1}, {"sku": "ABC-1", "qty": 1}, {"sku": "ABC-2", "qty": 500}]),
    "item_non_field_error": ("the second line as a whole: a BULK- sku with qty 7",
                             [{"sku": "ABC-1", "qty": 1}, {"sku": "BULK-10", "qty": 7}]),
    "whole_list_error": ("the list as a whole: one line where two are needed",
                         [{"sku": "ABC-1", "qty": 1}]),
    "accepted": ("the accepted receipt",
                 [{"sku": "ABC-1", "qty": 1}, {"sku": "BULK-10", "qty": 20}]),
}

# Where formline should put each receipt case's errors: the fields with a message, the fields
# asked again without one (`also_asked`), and how many messages go to the banner only.
RECEIPT_EXPECT = {
    "item_field_error": {"outcome": "rejected", "fields": ["lines.2.qty"], "also_asked": [], "banner_messages": 0},
    "two_item_errors": {"outcome": "rejected", "fields": ["lines.1.sku", "lines.3.qty"], "also_asked": [], "banner_messages": 0},
    # The line as a whole: its fields are asked again, the message on the first.
    "item_non_field_error": {"outcome": "rejected", "fields": ["lines.2.sku"], "also_asked": ["lines.2.qty"], "banner_messages": 0},
    # The list as a whole: no one field fixes it; a banner line above the review.
    "whole_list_error": {"outcome": "rejected", "fields": [], "also_asked": [], "banner_messages": 1},
    "accepted": {"outcome": "accepted", "id": 1},
}
RECEIPT_EXPECT_OVERRIDES = {}

# Rails without `index_errors: true` (POST /api/receipt_unindexed): the errors do not say which line.
RAILS_UNINDEXED_CASES = ("item_field_error", "two_item_errors", "item_non_field_error")
# The item cannot be known: an item's field goes to that field of every line (the message on the
# first line's), an item's own `base` (`lines.base`) to the banner.
RAILS_UNINDEXED_EXPECT = {
    "item_field_error": {"outcome": "rejected", "fields": ["lines.1.qty"], "also_asked": ["lines.2.qty"],
                         "banner_messages": 0},
    "two_item_errors": {"outcome": "rejected", "fields": ["lines.1.sku", "lines.1.qty"],
                        "also_asked": ["lines.2.sku", "lines.2.qty", "lines.3.sku", "lines.3.qty"], "banner_messages": 0},
    "item_non_field_error": {"outcome": "rejected", "fields": [], "also_asked": [], "banner_messages": 1},
}


def receipt_request_for(app, lines):
    """The receipt request as the app's own docs have a client send it."""
    if app in JSON_API_APPS:
        body = {"data": {"type": "receipts", "attributes": {"lines": lines}}}
        media = "application/vnd.api+json"
    elif app == "rails":
        body, media = {"lines_attributes": lines}, "application/json"
    else:
        body, media = {"lines": lines}, "application/json"
    return json.dumps(body), {"Content-Type": media, "Accept": media}


def cases_for(app):
    """(folder, case, about, path, body, headers, expect or None) for every case of the app."""
    out = []
    cases = dict(CASES)
    if app in JSON_API_APPS:
        # What a client that speaks plain JSON gets (the refusal formline met before it sent JSON:API).
        cases["plain_json_request"] = ("a plain JSON body with Accept: application/json, not a JSON:API document",
                                       {"username": "newuser", **VALID})
    for case, (about, fields) in cases.items():
        if case == "plain_json_request":
            body, headers = json.dumps(fields), {"Content-Type": "application/json", "Accept": "application/json"}
        else:
            body, headers = request_for(app, fields)
        expect = EXPECT_OVERRIDES.get((app, case), EXPECT.get(case))
        out.append(("fixtures", case, about, "/api/signup", body, headers, expect))
    for case, (about, lines) in RECEIPT_CASES.items():
        body, headers = receipt_request_for(app, lines)
        expect = renamed(app, RECEIPT_EXPECT_OVERRIDES.get((app, case), RECEIPT_EXPECT[case]))
        out.append(("fixtures/lines", case, about, "/api/receipt", body, headers, expect))
    if app == "rails":
        for case in RAILS_UNINDEXED_CASES:
            about, lines = RECEIPT_CASES[case]
            body, headers = receipt_request_for(app, lines)
            expect = renamed(app, RAILS_UNINDEXED_EXPECT[case])
            out.append(("fixtures/lines", "unindexed_" + case, about + " (without index_errors)",
                        "/api/receipt_unindexed", body, headers, expect))
    return out


def renamed(app, expect):
    """Rails' form names its group after what it sends: `lines_attributes`."""
    if app != "rails" or expect is None:
        return expect
    def name(field):
        return "lines_attributes" + field[len("lines"):] if field.startswith("lines.") else field
    return {key: [name(f) for f in value] if key in ("fields", "also_asked") else value for key, value in expect.items()}


def send(port, body, headers, path="/api/signup"):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("POST", path, body=body.encode(), headers=headers)
    response = conn.getresponse()
    raw = response.read()
    conn.close()
    return response.status, response.getheader("Content-Type", ""), raw.decode("utf-8")


def capture(app, port, check=False):
    """Writes the app's fixtures, or with check=True compares; returns (passed, failed)."""
    passed = failed = 0
    for subfolder, case, about, request_path, body, headers, expect in cases_for(app):
        folder = os.path.join(start.HERE, start.APPS[app][0], subfolder)
        os.makedirs(folder, exist_ok=True)
        status, content_type, text = send(port, body, headers, request_path)
        fixture = {
            "app": app,
            "case": case,
            "about": about,
            "request": {"method": "POST", "path": request_path, "headers": headers, "body": body},
            "status": status,
            "content_type": content_type,
            "body": text,
        }
        if expect is not None:
            fixture["expect"] = expect
        path = os.path.join(folder, case + ".json")
        label = case if subfolder == "fixtures" else "lines/" + case
        if check:
            with open(path, encoding="utf-8") as f:
                kept = json.load(f)
            differs = [key for key in ("status", "content_type", "body") if kept.get(key) != fixture[key]]
            if differs:
                failed += 1
                print(f"FAIL {app} {label}: {', '.join(differs)} differ")
                for key in differs:
                    print(f"  fixture: {kept.get(key)!r}\n  live:    {fixture[key]!r}")
            else:
                passed += 1
                print(f"ok   {app} {label}")
            continue
        with open(path, "w", encoding="utf-8") as f:
            json.dump(fixture, f, indent=2, ensure_ascii=False)
            f.write("\n")
        print(f"{app:18} {label:30} {status} {content_type}")
    return passed, failed


def main(argv):
    check = bool(argv) and argv[0] == "--check"
    if check:
        argv = argv[1:]
    names = list(start.APPS) if argv in ([], ["all"]) else argv
    unknown = [n for n in names if n not in start.APPS]
    if unknown:
        print(f"capture.py: unknown app {', '.join(unknown)}", file=sys.stderr)
        return 2
    passed = failed = 0
    with start.running(names) as ports:
        for app in names:
            p, f = capture(app, ports[app], check)
            passed, failed = passed + p, failed + f
    if check:
        print(f"RealServers: {passed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
