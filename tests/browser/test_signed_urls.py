#!/usr/bin/env python3
"""Signed card URLs built the way web pages build them, in a real browser.

Starts `sharecard serve --signing-key KEY`, and in headless Chromium builds card URLs with
`URLSearchParams` (spaces become `+`, a plus sign `%2B`) and with `encodeURIComponent`
(spaces `%20`), for a title with `+`, spaces and non-ASCII text. Each is signed with
`sharecard sign`, then fetched by the browser and shown in an <img>. Both spellings must
render the same card (same ETag, same bytes), which they do only when `sign` reads the query
exactly as the server does. A URL built by URLSearchParams whose signature is then altered,
or whose title is edited after signing, must be refused with 403.

    python3 tests/browser/test_signed_urls.py --binary .build/debug/sharecard

Exits 0 when every check passes, 1 when one fails, 2 when the environment is missing
something (see test_playground.py).
"""

import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import WAIT_SECONDS, check  # noqa: E402
import harness  # noqa: E402

KEY = "browser-test-signing-key-0123456789"
TITLE = "1+1 = 2: café, Zürich & 東京 🎉"
WATCHDOG_SECONDS = 120

log = harness.logger("signed-urls")

# Builds the two spellings of one card URL in the page, as a web app would.
BUILD_URLS = """
const title = arguments[0];
const form = new URLSearchParams({title: title, color: "user_red"});
return {
  searchParams: "/v1/cards/classic.png?" + form.toString(),
  component: "/v1/cards/classic.png?title=" + encodeURIComponent(title) + "&color=user_red",
};
"""

# Fetches a URL and shows it in an <img>; reports the status, ETag, bytes and image width.
FETCH_AND_SHOW = """
const [url, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  const response = await fetch(url, {cache: "no-store"});
  const bytes = new Uint8Array(await response.arrayBuffer());
  let width = 0;
  if (response.ok) {
    const img = new Image();
    await new Promise((resolve) => { img.onload = img.onerror = resolve; img.src = url; });
    width = img.naturalWidth;
  }
  let sum = 0;
  for (const b of bytes) sum = (sum * 31 + b) >>> 0;
  done({status: response.status, etag: response.headers.get("ETag"), cacheControl: response.headers.get("Cache-Control"),
        length: bytes.length, checksum: sum, width: width});
})().catch((error) => done({error: String(error)}));
"""


def sign(binary, url):
    result = subprocess.run([binary, "sign", url, "--key", KEY, "--expires-in", "600"], capture_output=True,
                            text=True, timeout=WAIT_SECONDS)
    check(result.returncode == 0, f"sharecard sign {url!r} failed: {result.stderr.strip()}")
    return result.stdout.strip()


def run(args):
    scratch = tempfile.mkdtemp(prefix="sharecard-signed-")
    try:
        with harness.served_browser(args, os.path.join(scratch, "profile"), ["--signing-key", KEY], log) as (server, driver):
            log(f"signing server at {server.origin}")
            check_signed_urls(args, server, driver)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def check_signed_urls(args, server, driver):
    driver.get(server.origin + "/openapi.json")  # any page of the server, for fetch's origin
    urls = driver.execute_script(BUILD_URLS, TITLE)
    check("+" in urls["searchParams"] and "%2B" in urls["searchParams"],
          f"URLSearchParams did not write spaces as + and a plus as %2B: {urls['searchParams']}")
    results = {}
    for name, url in urls.items():
        signed = sign(args.binary, url)
        result = driver.execute_async_script(FETCH_AND_SHOW, signed)
        check("error" not in result, f"fetching {signed}: {result.get('error')}")
        check(result["status"] == 200, f"{name} URL {url} signed as {signed} answered {result['status']}")
        check(result["width"] == 1024, f"the {name} card did not load as an image ({result['width']} px wide)")
        results[name] = result
        log(f"{name}: {signed[:80]}… → 200, {result['length']} bytes")
    a, b = results["searchParams"], results["component"]
    check(a["etag"] == b["etag"] and a["checksum"] == b["checksum"] and a["length"] == b["length"],
          "the URLSearchParams spelling rendered a different card than the encodeURIComponent one "
          f"(ETag {a['etag']} vs {b['etag']}): sign and the server read the query differently")
    for result in results.values():
        check("immutable" not in (result["cacheControl"] or ""), f"a signed card is cached as immutable: {result['cacheControl']}")

    signed = sign(args.binary, urls["searchParams"])
    tampered = signed.replace("title=", "title=X", 1)
    sig = signed.rsplit("sig=", 1)[1]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    respelled = signed[: -1] + alphabet[alphabet.index(sig[-1]) ^ 1]
    for what, url in [("an edited title", tampered), ("a respelled signature", respelled)]:
        result = driver.execute_async_script(FETCH_AND_SHOW, url)
        check(result.get("status") == 403, f"{what} answered {result.get('status')}, not 403")


def main():
    return harness.main("test_signed_urls", __doc__.split("\n\n")[0], run, WATCHDOG_SECONDS, log)


if __name__ == "__main__":
    sys.exit(main())
