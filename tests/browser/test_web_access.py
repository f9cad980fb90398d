#!/usr/bin/env python3
"""The API called from web pages on another origin, and the playground's address bar.

1. CORS: `sharecard serve --cors-origin http://127.0.0.1:A` and two static pages on
   loopback, one on port A (allowed) and one on port B (not listed): second and third
   origins, as a web app on its own host would be. From the allowed page, headless Chromium
   POSTs an event as JSON (a preflighted request), fetches the card and reads its ETag (an
   exposed header), its ordinary error JSON and the server layer's own (a 414); from the
   refused page the same calls fail as CORS failures, in the browser itself.
2. The playground after many fast edits: 250 edits of the title in quick succession, then a
   reload must show the last title and its card (the address bar is updated once the typing
   pauses, not on every keystroke, which Chromium throttles after about 200 updates).

    python3 tests/browser/test_web_access.py --binary .build/debug/sharecard

Exits 0 when every check passes, 1 when one fails, 2 when the environment is missing
something (see test_playground.py).
"""
import functools
import http.server
import os
import shutil
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import check  # noqa: E402
import test_playground as playground  # noqa: E402  (the playground page's helpers)

WATCHDOG_SECONDS = 240
EDITS = 250

log = harness.logger("web-access")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class StaticOrigin:
    """A loopback HTTP server for one empty page: an origin other than sharecard's."""

    def __init__(self, folder):
        handler = functools.partial(QuietHandler, directory=folder)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


# Runs in the page: a preflighted POST (JSON), the card it describes (reading its ETag), and
# an error answer. Reports what the page could see, or the error fetch threw.
CALL_API = """
const [api, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  const out = {};
  try {
    const posted = await fetch(api + "/v1/cards", {method: "POST",
      headers: {"Content-Type": "application/json", "Accept": "application/json"},
      body: JSON.stringify({title: "From another origin", color: "#1e88e5"})});
    out.postStatus = posted.status;
    const description = await posted.json();
    out.imageURL = description.imageURL;
    out.contrast = description.contrast;
    const card = await fetch(new URL(description.imageURL, api));
    out.cardStatus = card.status;
    out.etag = card.headers.get("ETag");
    out.cacheControl = card.headers.get("Cache-Control");
    out.bytes = (await card.arrayBuffer()).byteLength;
    const bad = await fetch(api + "/v1/cards/classic.png?title=x&scale=9");
    out.errorStatus = bad.status;
    out.errorField = (await bad.json()).error.field;
    const tooLong = await fetch(api + "/v1/cards/classic.png?title=" + "a".repeat(17000));
    out.serverLayerStatus = tooLong.status;
    out.serverLayerCode = (await tooLong.json()).error.code;
  } catch (error) {
    out.error = String(error);
  }
  done(out);
})();
"""


def cross_origin(args, scratch):
    folder = os.path.join(scratch, "site")
    os.makedirs(folder)
    with open(os.path.join(folder, "index.html"), "w") as page:
        page.write("<!doctype html><title>a web app</title><p>another origin</p>\n")
    allowed, refused = StaticOrigin(folder), StaticOrigin(folder)
    try:
        with harness.served_browser(args, os.path.join(scratch, "profile-cors"), ["--cors-origin", allowed.origin, "--quiet"],
                                    log) as (server, driver):
            log(f"sharecard at {server.origin}, allowed page at {allowed.origin}, refused page at {refused.origin}")
            driver.get(allowed.origin + "/")
            seen = driver.execute_async_script(CALL_API, server.origin)
            check("error" not in seen, f"the allowed origin's calls failed: {seen.get('error')}")
            check(seen["postStatus"] == 200, f"POST from the allowed origin answered {seen['postStatus']}")
            check(seen["imageURL"].endswith("v=" + seen["imageURL"].rsplit("v=", 1)[1]) and "&v=" in seen["imageURL"],
                  f"imageURL is not versioned: {seen['imageURL']}")
            check(seen["cardStatus"] == 200 and seen["bytes"] > 1000, f"the card did not load: {seen}")
            check(seen["etag"] and seen["etag"].startswith('"'), f"the page could not read the ETag: {seen['etag']!r}")
            check(seen["cacheControl"] and "immutable" in seen["cacheControl"], f"the versioned card is not immutable: {seen['cacheControl']!r}")
            check(seen["errorStatus"] == 400 and seen["errorField"] == "scale", f"the page could not read an error answer: {seen}")
            check(seen["serverLayerStatus"] == 414 and seen["serverLayerCode"] == "url_too_long",
                  f"the page could not read the server layer's own error: {seen}")
            log(f"allowed origin: POST 200, card {seen['bytes']} bytes, ETag {seen['etag']} readable, errors readable (the server layer's too)")

            driver.get(refused.origin + "/")
            blocked = driver.execute_async_script(CALL_API, server.origin)
            check("error" in blocked and "TypeError" in blocked["error"] and "postStatus" not in blocked,
                  f"a page on an origin not listed could call the API: {blocked}")
            log(f"refused origin: {blocked['error']}")
    finally:
        allowed.stop()
        refused.stop()


# Types `count` titles in quick succession, each a separate input event, as fast typing does.
FAST_EDITS = """
const [count, prefix] = arguments;
const field = document.getElementById("title");
for (let i = 1; i <= count; i++) {
  field.value = prefix + " " + i;
  field.dispatchEvent(new Event("input", {bubbles: true}));
}
return field.value;
"""


def fast_edits(args, scratch):
    with harness.served_browser(args, os.path.join(scratch, "profile-edits"), ["--quiet"], log) as (server, driver):
        driver.get(server.origin + "/")
        harness.wait_for(driver, lambda d: d.execute_script(playground.PREVIEW_STATE), "the first preview")
        final = driver.execute_script(FAST_EDITS, EDITS, "Edit number")
        check(final == f"Edit number {EDITS}", f"the title field holds {final!r}")
        playground.preview_matching(driver, final)
        time.sleep(1)  # the address bar catches up once typing pauses
        driver.refresh()
        field = harness.wait_for(driver, lambda d: d.execute_script("return document.getElementById('title').value") or None,
                                    "the title after reloading")
        check(field == final, f"after {EDITS} fast edits and a reload the title is {field!r}, not {final!r}")
        state = playground.preview_matching(driver, final)
        log(f"{EDITS} fast edits, reload: title and card show {final!r} ({state['path']})")


def run(args):
    scratch = tempfile.mkdtemp(prefix="sharecard-web-access-")
    try:
        cross_origin(args, scratch)
        fast_edits(args, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    return harness.main("test_web_access", __doc__.split("\n\n")[0], run, WATCHDOG_SECONDS, log)


if __name__ == "__main__":
    sys.exit(main())
