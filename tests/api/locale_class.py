#!/usr/bin/env python3
"""The hostile-locale class through the HTTP API, beside schemathesis (run_schemathesis.sh
runs it against the same server; alone: tests/api/locale_class.py http://127.0.0.1:PORT).

Locales of every shape that once ended the process inside Foundation's date formatting
(numbering systems, calendars, `-t-` and `-x-` extensions, empty and repeated keys, garbage),
each with a date and an end date, through every way an event reaches the date formatter:
GET of a card image, GET of a share page, POST answered with the card's JSON description
(share text) and POST answered with an image. Every answer must be a card (200 with the
promised type) or a 4xx JSON error in the service's shape (an unsupported locale: 422 naming
`locale`), and the server must still answer /healthz after each locale. Locales the API
documents as accepted (the `locale` parameter's examples in web/openapi.json) must give 200.
OpenAPI cannot list values that must be refused as examples, so this check is separate.
"""
import http.client
import json
import os
import sys
from urllib.parse import quote, urlsplit

# Every kind of tag, valid or not; the documented examples are added from the spec.
HOSTILE = [
    "en-u-nu-latn", "de-u-nu-latn", "ar-u-nu-arab", "hi-u-nu-deva", "th-TH-u-nu-thai",
    "ar-u-nu-latn", "fa-u-nu-arabext", "zh-u-nu-hanidec", "en-u-nu-roman", "en-u-nu-bogus",
    "en-u-nu", "en-u", "en-u-nu-latn-nu-arab", "en-u-ca-buddhist", "en-u-ca-islamic-umalqura",
    "he-u-ca-hebrew", "fa-u-ca-persian", "ja-u-ca-japanese", "en-u-ca-bogus", "en-u-ca",
    "en-u-ca-gregory-ca-buddhist", "th-TH-u-ca-buddhist-nu-thai", "en-u-hc-h23", "de-DE-u-co-phonebk",
    "en-t-it", "en-t-ja-latn", "und-t-en", "en-x-private", "x-private", "en-US-x-twain",
    "en-u-nu-latn-x-foo", "en-t-it-u-nu-arab", "EN_us", "sr-Latn-RS", "ca-ES-valencia",
    "en-US-POSIX", "i-klingon", "iw", "und", "root", "", " ", "-", "en-", "en--US", "-u-nu-latn",
    "en-u-nu-latn-", "123", "en-0", "a" * 64, "en-" + "u-nu-latn-" * 6 + "x", "\U0001F436",
    "en\tUS", "en-US\u00e9", "../../etc/passwd", "en%00", "%", "en;q=1",
]


class Failure(Exception):
    pass


def request(base, method, path, body=None, headers=None):
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type") or "", response.read()
    finally:
        connection.close()


def check(what, status, content_type, body, promised):
    """A card of the promised type, or a 4xx JSON error in the service's shape."""
    if status == 200:
        if not content_type.startswith(promised):
            raise Failure(f"{what}: 200 with {content_type!r}, expected {promised}")
        if promised == "application/json" and "shareText" not in json.loads(body):
            raise Failure(f"{what}: 200 without shareText")
        return "card"
    if not 400 <= status < 500:
        raise Failure(f"{what}: status {status} (expected a card or a 4xx): {body[:200]!r}")
    if content_type != "application/json":
        raise Failure(f"{what}: {status} with {content_type!r}, expected a JSON error")
    error = json.loads(body).get("error")
    if not isinstance(error, dict) or not error.get("code") or not error.get("message"):
        raise Failure(f"{what}: {status} not in the error shape: {body[:200]!r}")
    if status == 422 and error.get("field") not in ("locale", None):
        raise Failure(f"{what}: 422 names {error.get('field')!r}, not locale")
    return f"{status} {error['code']}"


def documented(spec_path):
    with open(spec_path, encoding="utf-8") as f:
        spec = json.load(f)
    examples = spec["components"]["parameters"]["locale"].get("examples", {})
    return [e["value"] for e in examples.values()]


def main():
    if len(sys.argv) != 2:
        print("usage: locale_class.py BASE_URL", file=sys.stderr)
        return 2
    base = sys.argv[1].rstrip("/")
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    accepted = documented(os.path.join(root, "web", "openapi.json"))
    locales = list(dict.fromkeys(accepted + HOSTILE))
    dates = {"date": "2024-06-01T18:30:00+02:00", "endDate": "2024-06-03"}
    failures, tally = [], {}
    for locale in locales:
        query = "&".join(f"{k}={quote(v, safe='')}" for k, v in
                         [("title", "Locale class"), *dates.items(), ("locale", locale)])
        event = json.dumps({"title": "Locale class", "template": "dated", "locale": locale, **dates})
        calls = [
            ("GET card", "GET", f"/v1/cards/dated.png?{query}", None, {}, "image/png"),
            ("GET share page", "GET", f"/v1/share?template=dated&{query}", None, {}, "text/html"),
            ("POST description", "POST", "/v1/cards", event,
             {"Content-Type": "application/json", "Accept": "application/json"}, "application/json"),
            ("POST card", "POST", "/v1/cards", event,
             {"Content-Type": "application/json", "Accept": "image/png"}, "image/png"),
        ]
        outcomes = set()
        for name, method, path, body, headers, promised in calls:
            what = f"{name} with locale {locale!r}"
            try:
                status, content_type, data = request(base, method, path, body, headers)
                outcome = check(what, status, content_type, data, promised)
                outcomes.add(outcome)
                tally[outcome] = tally.get(outcome, 0) + 1
                if locale in accepted and outcome != "card":
                    raise Failure(f"{what}: a documented locale was refused ({outcome})")
            except Failure as e:
                failures.append(str(e))
            except (OSError, http.client.HTTPException, ValueError) as e:
                failures.append(f"{what}: {type(e).__name__}: {e}")
        try:
            if request(base, "GET", "/healthz")[0] != 200:
                failures.append(f"/healthz not 200 after locale {locale!r}")
        except (OSError, http.client.HTTPException) as e:
            failures.append(f"the server stopped answering after locale {locale!r}: {e}")
            break
        if len(outcomes) > 1 and "card" in outcomes:
            failures.append(f"locale {locale!r}: GET and POST disagree: {sorted(outcomes)}")
    summary = ", ".join(f"{n} × {k}" for k, n in sorted(tally.items()))
    print(f"locale class: {len(locales)} locales × 4 requests: {summary}")
    for failure in failures:
        print("FAIL " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
