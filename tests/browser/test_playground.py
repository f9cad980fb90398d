#!/usr/bin/env python3
"""The web playground (GET /) in a real browser: headless Chromium through Selenium.

Starts `sharecard serve` on a free loopback port, opens the page, and checks that:

- the template and palette pickers and the colour swatches come from the API, and the
  swatches are buttons named after their colours, reachable with the keyboard;
- typing a title and picking a swatch updates the preview: the <img> src carries the new
  title, emoji and colour, and the image has loaded (naturalWidth == 1024);
- that URL serves a valid PNG (signature, chunk CRCs, IHDR 1024x576, 8-bit RGB) whose
  top-left pixel is the chosen colour's background from /v1/palettes/default;
- an invalid title shows the API's error message inline and keeps the previous card;
- an Arabic title reads right to left in its field, a Latin one left to right;
- a link naming a template, palette or colour that is not there says what is shown instead;
- nothing was logged to the console as an error and every request stayed on the server
  (the page works offline).

It saves a screenshot (docs/playground.png by default) and stops the server. Every wait is
bounded (20 s at most), and a watchdog ends the run if anything still hangs.

    python3 tests/browser/test_playground.py --binary .build/debug/sharecard

Needs chromium and chromedriver (Debian: apt-get install chromium chromium-driver) and the
selenium package (pip install selenium). Exits 0 when every check passes, 1 when one fails,
2 when the environment is missing something.
"""

import json
import os
import re
import shutil
import struct
import sys
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import REPO, check, http_get, wait_for  # noqa: E402
import harness  # noqa: E402

WATCHDOG_SECONDS = 180
TITLE = "Biscuit's first birthday: cake & 100% tail wags"
EMOJI = "\U0001F436"  # dog face: outside the BMP, so it is set by script (chromedriver types BMP only)
COLOR = "user_green"
TOO_LONG_TITLE = "a" * 501
RECOVERED_TITLE = "Q&A #2: 50/50? Yes."

log = harness.logger("playground")


# MARK: PNG

def inspect_png(data):
    """Checks the structure of a PNG (RGB, RGBA or indexed) and returns (width, height, colour type, top-left RGB)."""
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG: bad signature")
    offset, chunks = 8, []
    while offset < len(data):
        check(offset + 12 <= len(data), "PNG truncated inside a chunk header")
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        check(len(body) == length, f"PNG chunk {kind!r} truncated")
        (crc,) = struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])
        check(zlib.crc32(kind + body) & 0xFFFFFFFF == crc, f"PNG chunk {kind!r} has a bad CRC")
        chunks.append((kind, body))
        offset += 12 + length
        if kind == b"IEND":
            break
    check(chunks and chunks[0][0] == b"IHDR", "PNG does not start with IHDR")
    check(chunks[-1][0] == b"IEND", "PNG does not end with IEND")
    width, height, depth, colour_type, compression, filtering, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    check(compression == 0 and filtering == 0 and interlace == 0,
          f"unexpected IHDR: compression {compression}, filter {filtering}, interlace {interlace}")
    pixels = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    if colour_type == 3:
        # Indexed (a card with at most 256 colours): 1, 2, 4 or 8 bits per pixel, a PLTE of RGB.
        check(depth in (1, 2, 4, 8), f"unexpected indexed depth {depth}")
        palette = next((body for kind, body in chunks if kind == b"PLTE"), b"")
        check(len(palette) % 3 == 0 and palette, "indexed PNG without a valid PLTE")
        check(len(pixels) == height * (1 + (width * depth + 7) // 8), "IDAT does not hold width x height pixels")
        check(pixels[0] == 0, f"indexed rows are written unfiltered, got filter {pixels[0]}")
        index = pixels[1] >> (8 - depth)
        return width, height, colour_type, tuple(palette[3 * index:3 * index + 3])
    check(depth == 8, f"unexpected depth {depth}")
    channels = {2: 3, 6: 4}.get(colour_type, 0)
    check(channels, f"unexpected colour type {colour_type}")
    check(len(pixels) == height * (1 + width * channels), "IDAT does not hold width x height pixels")
    check(pixels[0] <= 4, f"unknown row filter {pixels[0]}")
    # The first pixel of the first row is stored as is under every filter type
    # (its left, up and upper-left neighbours are all zero).
    return width, height, colour_type, tuple(pixels[1:4])


def hex_rgb(text):
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


# MARK: The page

PREVIEW_STATE = """
const img = document.getElementById('card');
if (!img.getAttribute('src') || !img.complete || img.naturalWidth === 0) return null;
const url = new URL(img.src);
return {src: img.src, path: url.pathname, params: Object.fromEntries(url.searchParams),
        naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight};
"""


def preview_matching(driver, title, color=None, emoji=None):
    def condition(d):
        state = d.execute_script(PREVIEW_STATE)
        if not state or state["params"].get("title") != title or state["naturalWidth"] != 1024:
            return False
        if color is not None and state["params"].get("color") != color:
            return False
        if emoji is not None and state["params"].get("emoji") != emoji:
            return False
        return state
    return wait_for(driver, condition, f"the preview of {title!r}" + (f" in {color}" if color else ""))


def console_errors(driver, allow=()):
    """SEVERE console entries, except network errors matching one of `allow`."""
    errors = []
    for entry in driver.get_log("browser"):
        if entry.get("level") != "SEVERE":
            continue
        message = entry.get("message", "")
        if any(re.search(pattern, message) for pattern in allow):
            continue
        errors.append(message)
    return errors


def foreign_requests(driver, origin):
    """Every URL the page asked for that is not on the server (data: and blob: are local).
    Requests of other documents (the browser's own new-tab page) are not the page's."""
    foreign = []
    for entry in driver.get_log("performance"):
        try:
            message = json.loads(entry["message"])["message"]
        except (KeyError, ValueError):
            continue
        if message.get("method") != "Network.requestWillBeSent":
            continue
        params = message.get("params", {})
        if not params.get("documentURL", "").startswith(origin + "/"):
            continue
        url = params.get("request", {}).get("url", "")
        if not (url.startswith(origin + "/") or url.startswith("data:") or url.startswith("blob:")):
            foreign.append(url)
    return foreign


def set_field(driver, element_id, value):
    """Sets an input by script and fires `input`, as typing would (for text chromedriver cannot type)."""
    driver.execute_script(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
        "e.dispatchEvent(new Event('input', {bubbles: true}));", element_id, value)


# MARK: The checks

# Stands in for the Web Share API (headless Chromium on Linux has none): records what the
# page shares, so the Share path can be checked as well as the download fallback.
SHARE_STUB = """
Object.defineProperty(Navigator.prototype, 'canShare', {configurable: true, value(data) {
  return !!(data && Array.isArray(data.files) && data.files.every((f) => f instanceof File));
}});
Object.defineProperty(Navigator.prototype, 'share', {configurable: true, async value(data) {
  const files = await Promise.all(data.files.map(async (f) => ({name: f.name, type: f.type, size: f.size,
    head: Array.from(new Uint8Array(await f.slice(0, 8).arrayBuffer()))})));
  window.__shared = {text: data.text, title: data.title, files};
}});
"""

PNG_SIGNATURE = list(b"\x89PNG\r\n\x1a\n")


def run(args):
    scratch = tempfile.mkdtemp(prefix="sharecard-playground-")
    try:
        with harness.served_browser(args, os.path.join(scratch, "profile"), log=log) as (server, driver):
            log(f"server at {server.origin}")
            Checks(driver, server.origin, scratch).run(args.screenshot)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


class Checks:
    def __init__(self, driver, origin, scratch):
        self.driver = driver
        self.origin = origin
        self.scratch = scratch

    def find(self, css):
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css):
        from selenium.webdriver.common.by import By
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def run(self, screenshot):
        status, _, body = http_get(self.origin + "/v1/palettes/default")
        check(status == 200, f"GET /v1/palettes/default answered {status}")
        self.palette = json.loads(body)
        self.names = [c["name"] for c in self.palette["colors"]]
        check(COLOR in self.names, f"{COLOR} is not in the default palette")

        self.driver.get(self.origin + "/")
        self.pickers()
        self.labels()
        self.keyboard()
        card = self.type_and_pick()
        png = self.card_png(card["src"])
        self.clean_console_and_network()
        if screenshot:
            take_screenshot(self.driver, screenshot)
            log(f"screenshot: {screenshot}")
        self.download(png)
        self.copy_link(card["src"])
        self.inline_error(card["src"])
        self.share_sheet()
        self.right_to_left_title()
        self.clean_console_and_network(allow=[r"status of 4\d\d"])  # the 4xx of the error step
        self.address_fallbacks()

    def address_fallbacks(self):
        """A link naming a template, palette or colour that is not there says what is shown instead."""
        self.driver.get("about:blank")
        self.driver.get(self.origin + "/#title=Hello&template=gone&palette=old&color=user_teal_2019")
        expected = ["template “gone” is not here; showing Classic", "palette “old” is not here; showing Default",
                    "colour “user_teal_2019” is not in Default; showing"]
        wait_for(self.driver, lambda d: all(e in self.find("#toast").get_attribute("textContent") for e in expected),
                 "a notice naming what the link asked for")
        preview_matching(self.driver, "Hello")
        self.driver.get("about:blank")
        self.driver.get(self.origin + "/#title=Hello&template=classic&palette=default")
        preview_matching(self.driver, "Hello")
        notice = self.find("#toast").get_attribute("textContent")
        check(notice == "", f"a link naming what is there got a notice: {notice!r}")

    def right_to_left_title(self):
        """An Arabic title reads right to left in its field (dir=auto), as on the card; a Latin one left to right."""
        title = self.find("#title")
        for text, rtl in (("عيد ميلاد سعيد", True), ("Launch party", False)):
            title.clear()
            title.send_keys(text)
            direction = self.driver.execute_script("return document.getElementById('title').matches(':dir(rtl)')")
            check(direction == rtl, f"the title field reads {text!r} {'right to left' if direction else 'left to right'}")
            preview_matching(self.driver, text)

    def pickers(self):
        """Template and palette pickers and the swatches come from the API."""
        wait_for(self.driver, lambda d: len(self.find_all("#swatches button.swatch")) == len(self.names), "the colour swatches")
        labels = [s.get_attribute("aria-label") for s in self.find_all("#swatches button.swatch")]
        check(labels == self.names, f"swatches are not labelled with the palette's colour names in order: {labels}")
        templates = [o.get_attribute("value") for o in self.find_all("#template option")]
        check("classic" in templates and self.find("#template").get_attribute("value") == "classic", f"template picker: {templates}")
        check(self.find("#palette").get_attribute("value") == "default", "the palette picker is not on default")
        first = preview_matching(self.driver, self.find("#title").get_attribute("value"))
        log(f"first card: {first['src']}")

    def labels(self):
        """Every form control has a label and every button a name."""
        unlabelled = self.driver.execute_script("""
            const bad = [];
            for (const e of document.querySelectorAll('input, select')) {
              if (!(e.labels && e.labels.length) && !e.getAttribute('aria-label')) bad.push(e.id || e.outerHTML);
            }
            for (const b of document.querySelectorAll('button')) {
              if (!(b.getAttribute('aria-label') || b.textContent.trim())) bad.push(b.id || b.outerHTML);
            }
            return bad;""")
        check(not unlabelled, f"controls without a label or name: {unlabelled}")

    def keyboard(self):
        """One tab stop on the selected swatch; arrows move the focus, Space selects."""
        from selenium.webdriver.common.keys import Keys
        selected = self.find('#swatches button[aria-pressed="true"]')
        check(selected.get_attribute("tabindex") == "0", "the selected swatch is not the row's tab stop")
        expected = self.names[(self.names.index(selected.get_attribute("aria-label")) + 1) % len(self.names)]
        selected.send_keys(Keys.ARROW_RIGHT)
        focused = self.driver.switch_to.active_element
        check(focused.get_attribute("aria-label") == expected,
              f"ArrowRight moved the focus to {focused.get_attribute('aria-label')}, not {expected}")
        focused.send_keys(Keys.SPACE)
        wait_for(self.driver, lambda d: self.find('#swatches button[aria-pressed="true"]').get_attribute("aria-label") == expected,
                 "Space to select the focused swatch")

    def type_and_pick(self):
        """Type a title, set an emoji, click a swatch: the preview follows."""
        title = self.find("#title")
        title.clear()
        title.send_keys(TITLE)
        set_field(self.driver, "emoji", EMOJI)
        self.find(f'#swatches button[aria-label="{COLOR}"]').click()
        card = preview_matching(self.driver, TITLE, COLOR, EMOJI)
        log(f"preview: {card['src']}")
        check(card["path"] == "/v1/cards/classic.png", f"the preview's path is {card['path']}")
        check(card["naturalHeight"] == 576, f"the preview is {card['naturalWidth']}x{card['naturalHeight']}")
        pressed = [s.get_attribute("aria-label") for s in self.find_all('#swatches button[aria-pressed="true"]')]
        check(pressed == [COLOR], f"pressed swatches: {pressed}")
        self.share_text = self.find("#share-text").text
        check(TITLE in self.share_text and EMOJI in self.share_text, f"the share text is {self.share_text!r}")
        check(self.find("#share").is_enabled(), "the share button is disabled")
        return card

    def card_png(self, url):
        """The preview's URL, fetched outside the browser, is a valid PNG of that card."""
        status, headers, png = http_get(url)
        check(status == 200, f"GET {url} answered {status}")
        check(headers.get("Content-Type") == "image/png", f"Content-Type is {headers.get('Content-Type')}")
        width, height, colour_type, top_left = inspect_png(png)
        check((width, height) == (1024, 576), f"the PNG is {width}x{height}")
        check(colour_type in (2, 3), f"the PNG's colour type is {colour_type}, not 2 (RGB) or 3 (indexed, opaque)")
        background = next(c for c in self.palette["colors"] if c["name"] == COLOR)["background"][0]
        check(top_left == hex_rgb(background), f"the top-left pixel is {top_left}, not {COLOR}'s background {background}")
        log(f"PNG ok: {len(png)} bytes, top-left {background}")
        return png

    def clean_console_and_network(self, allow=()):
        errors = console_errors(self.driver, allow)
        check(not errors, "console errors:\n" + "\n".join(errors))
        foreign = foreign_requests(self.driver, self.origin)
        check(not foreign, "requests outside the server: " + ", ".join(foreign))

    def download(self, png):
        """Without the Web Share API the main button downloads the PNG through an <a download>."""
        has_share = self.driver.execute_script("return typeof navigator.share === 'function' && typeof navigator.canShare === 'function'")
        label = self.find("#share-label").text
        if has_share:
            log(f"this browser has the Web Share API (button: {label!r}); download fallback not checked")
            return
        check(label == "Download PNG", f"without the Web Share API the button says {label!r}")
        folder = os.path.join(self.scratch, "downloads")
        os.makedirs(folder)
        self.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
        self.find("#share").click()

        def downloaded(_):
            names = [n for n in os.listdir(folder) if n.endswith(".png")]
            return names[0] if names else False
        name = wait_for(self.driver, downloaded, "the downloaded PNG")
        check(name == "biscuits-first-birthday-cake-100-tail-wags.png", f"downloaded as {name!r}")
        with open(os.path.join(folder, name), "rb") as f:
            check(f.read() == png, "the downloaded file differs from the card's PNG")
        log(f"download ok: {name}")

    def copy_link(self, url):
        """Copy link puts the card's absolute URL on the clipboard, or shows it selected when it cannot."""
        self.driver.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": self.origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        self.find("#copy").click()
        toast = wait_for(self.driver, lambda d: self.find("#toast").text in ("Link copied",) or
                         (self.find("#link-box").is_displayed() and "shown"), "the copy-link confirmation")
        if toast == "Link copied":
            copied = self.driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "navigator.clipboard.readText().then(done, (e) => done('error: ' + e.message));")
            check(copied == url, f"the clipboard holds {copied!r}, not {url!r}")
            log("copy link ok: clipboard")
        else:
            value = self.find("#link").get_attribute("value")
            check(value == url, f"the link box shows {value!r}, not {url!r}")
            log("copy link ok: no clipboard here, the link is shown selected")

    def inline_error(self, src):
        """An invalid title: the API's message beside the field, the previous card kept, sharing off."""
        set_field(self.driver, "title", TOO_LONG_TITLE)
        message = wait_for(self.driver, lambda d: self.find("#title-error").is_displayed() and self.find("#title-error").text,
                           "the inline error for a 501-character title")
        check("500" in message, f"the inline error does not give the limit: {message!r}")
        check(self.find("#title").get_attribute("aria-invalid") == "true", "the title is not marked invalid")
        check(self.driver.execute_script(PREVIEW_STATE)["src"] == src, "the previous card was not kept")
        check(not self.find("#share").is_enabled(), "sharing stays enabled on an error")
        log(f"inline error: {message}")
        # Back to a valid title with characters that need encoding (& # ? /).
        set_field(self.driver, "title", RECOVERED_TITLE)
        preview_matching(self.driver, RECOVERED_TITLE, COLOR, EMOJI)
        wait_for(self.driver, lambda d: not self.find("#title-error").is_displayed(), "the error to clear")

    def share_sheet(self):
        """With the Web Share API: the PNG file and the share text go to navigator.share. The
        reload also checks that the page restores its state from the address."""
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SHARE_STUB})
        self.driver.refresh()
        card = preview_matching(self.driver, RECOVERED_TITLE, COLOR, EMOJI)
        check(self.find("#share-label").text == "Share", f"with the Web Share API the button says {self.find('#share-label').text!r}")
        share_text = self.find("#share-text").text
        self.find("#share").click()
        shared = wait_for(self.driver, lambda d: d.execute_script("return window.__shared || null"), "navigator.share to be called")
        check(shared["text"] == share_text and RECOVERED_TITLE in shared["text"], f"shared text {shared['text']!r}")
        files = shared["files"]
        check(len(files) == 1 and files[0]["type"] == "image/png" and files[0]["name"].endswith(".png"), f"shared files {files}")
        check(files[0]["head"] == PNG_SIGNATURE, "the shared file is not a PNG")
        status, _, png = http_get(card["src"])
        check(status == 200 and files[0]["size"] == len(png), f"the shared file has {files[0]['size']} bytes, the card {len(png)}")
        log(f"share ok: {files[0]['name']} with {shared['text']!r}")


def take_screenshot(driver, path):
    """The whole page at 1280 px wide, light appearance, no focus ring, hover or toast."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.TAG_NAME, "h1"), 0, 0).perform()
    height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": max(600, min(height, 2400)), "deviceScaleFactor": 1, "mobile": False})
    time.sleep(0.3)  # let transitions settle
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    check(driver.save_screenshot(path), f"could not save {path}")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def main():
    def screenshot_argument(parser):
        parser.add_argument("--screenshot", default=os.path.join(REPO, "docs", "playground.png"),
                            help="where to save the screenshot (default: docs/playground.png; empty to skip)")
    return harness.main("test_playground", __doc__.split("\n\n")[0], run, WATCHDOG_SECONDS, log, screenshot_argument)


if __name__ == "__main__":
    sys.exit(main())
