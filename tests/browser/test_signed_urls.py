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

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_playground as playground  # noqa: E402  (shares the server and browser set-up)
from test_playground import CheckFailed, check  # noqa: E402

KEY = "browser-test-signing-key-0123456789"
TITLE = "1+1 = 2: café, Zürich & 東京 🎉"
WATCHDOG_SECONDS = 120


def log(message):
    print(f"[signed-urls] {message}", flush=True)

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
                            text=True, timeout=playground.WAIT_SECONDS)
    check(result.returncode == 0, f"sharecard sign {url!r} failed: {result.stderr.strip()}")
    return result.stdout.strip()


def run(args):
    server = playground.Server(os.path.abspath(args.binary), ["--signing-key", KEY])
    driver = None
    scratch = tempfile.mkdtemp(prefix="sharecard-signed-")
    try:
        log(f"signing server at {server.origin}")
        driver = playground.start_browser(args.chromium, args.chromedriver, os.path.join(scratch, "profile"))
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
    except CheckFailed as failure:
        raise CheckFailed(f"{failure}\n--- server log (last lines) ---\n{server.log_tail()}") from None
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception as error:
                log(f"could not quit the browser: {error}")
        server.stop()
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the sharecard executable")
    parser.add_argument("--chromium", help="the browser (default: chromium on PATH)")
    parser.add_argument("--chromedriver", help="the driver (default: chromedriver on PATH)")
    args = parser.parse_args()
    args.chromium = playground.find_program(args.chromium, ["chromium", "chromium-browser", "google-chrome"])
    args.chromedriver = playground.find_program(args.chromedriver, ["chromedriver"])
    missing = [what for what, value in [("chromium", args.chromium), ("chromedriver", args.chromedriver)] if not value]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium (pip install selenium)")
    if not os.access(args.binary, os.X_OK):
        missing.append(f"an executable sharecard at {args.binary}")
    if missing:
        print("test_signed_urls: missing " + ", ".join(missing), file=sys.stderr)
        return 2

    def watchdog(signum, frame):
        raise CheckFailed(f"the whole run took over {WATCHDOG_SECONDS} s")
    signal.signal(signal.SIGALRM, watchdog)
    signal.alarm(WATCHDOG_SECONDS)
    started = time.monotonic()
    try:
        run(args)
    except CheckFailed as failure:
        print(f"test_signed_urls: FAIL: {failure}", file=sys.stderr)
        return 1
    except Exception as error:
        print(f"test_signed_urls: FAIL: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
    log(f"signed URLs PASS in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
