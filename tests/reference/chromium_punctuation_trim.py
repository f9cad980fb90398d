"""Records how Chromium sets fullwidth CJK punctuation side by side, as the reference
`PunctuationTrimTests` holds sharecard's layout to.

CSS `text-spacing-trim: normal` (Chromium's default since version 123) collapses the blank
half of adjacent fullwidth punctuation with the fonts' `halt` alternates ("」「", "。」",
"（「"). Each string below is laid out by headless Chromium in Noto Sans CJK Bold at
1000 px, so a width in CSS pixels is a width in the font's units, once with the default
and once with `text-spacing-trim: space-all` (no trimming), and written to
Tests/TypesettingTests/Fixtures/punctuation-trim-chromium.json with the browser's version.

    scripts/python-venv tests/browser/requirements.txt   # prints the venv
    VENV/bin/python tests/reference/chromium_punctuation_trim.py
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/TypesettingTests/Fixtures/punctuation-trim-chromium.json"

# (language, family): the JP, SC and TC faces place 、。，． and ：； differently.
FACES = [("ja", "Noto Sans CJK JP"), ("zh-Hans", "Noto Sans CJK SC"), ("zh-Hant", "Noto Sans CJK TC")]

STRINGS = [
    "東「京」大",           # nothing adjacent
    "「東京」「大阪」",      # close, open
    "東京」、大阪",          # close, comma
    "東京。」",             # full stop, close
    "（「東京」）",          # open, open and close, close
    "東・「京」",           # middle dot, open
    "東京」・大",           # close, middle dot
    "東京\u3000「大阪」",    # ideographic space, open
    "東京：「大阪」",        # colon, open
    "東京」：大",           # close, colon
    "東京」；大",           # close, semicolon
    "「『東京』」",          # nested
    "【東京】〈大阪〉",      # other brackets
    "東京」」大",           # close, close
    "東京！「大」",          # exclamation mark (not trimmed), open
    "東京」，大阪．",        # close, fullwidth comma; fullwidth full stop at the end
    "“東京”「大阪」",        # quotation marks beside brackets
    "「“東京”」",
    "東京」 「大阪」",       # a space between: nothing adjacent
    "(「東京」)",            # ASCII parentheses beside brackets
    "[「東京」]",            # ASCII brackets
    "{「東京」}",
    "«「東京」»",            # guillemets (initial and final punctuation)
    "‘「東京」’",            # single quotation marks
    "｢「東京」｣",            # halfwidth corner brackets
    "〝「東京」〞",          # double prime quotation marks
    "東京」.大",             # ASCII full stop after a close
    "東京」)」",             # narrow close between two closes
    "「(東京)」",
    "東京」、」大",          # close, comma, close
    "東京」\u3000大",        # close, ideographic space
    "東京」・「大阪」",      # close, middle dot, open
    "東京」·「大」",        # U+00B7 middle dot
    "東京」‧「大」",        # U+2027 hyphenation point
    "東京」「\ufe00大阪」",   # a variation selector the face has no variant for
]

# Right to left: each string opens with U+200F, so its paragraph reads right to left (the span
# takes its direction from its first strong character, as a title does), and the brackets
# take the paragraph's direction (UAX #9 rule N0).
RIGHT_TO_LEFT = [
    "\u200f「東京」「大阪」",
    "\u200f（「東京」）",
    "\u200f東京」」大",
    "\u200f東・「京」",
    "\u200f東京」・大",
    "\u200f(「東京」)",
    "\u200f東京。」",
    "\u200f東京」、大阪",
    "\u200f東京：「大阪」",
    "\u200f“東京”「大阪」",
    "\u200f東京」「大阪",
]

# Wrapped at a width (px, that is font units): a line that starts with an opening mark sets it
# full, whatever ended the line before; one that ends with a closing mark halves it only when the
# line would not fit otherwise.
WRAPPED = [
    ("東京」「大阪」", 4000),
    ("東京・「大阪」", 4000),
    ("（東京）「大阪」", 4500),
    ("東京」「大阪」", 8000),
    ("「東京」「大阪」「名古屋」", 5000),
    # A closing mark at a line end is set half width where the line would not fit otherwise.
    # (Each wraps only between words, where sharecard, which keeps a word whole where it can,
    # and Chromium, which breaks between any two ideographs, agree.)
    ("東京大阪」", 4500),
    ("東京。", 2600),
    ("東京大阪。", 5000),
    ("東京、大阪。", 3500),
    ("「東京」「大阪」", 3500),
    ("「東京」（大阪）", 3600),
]

PAGE = """<!doctype html><meta charset=utf-8>
<style>
body { margin: 0 }
span { display: inline-block; white-space: nowrap; font-size: 1000px; font-weight: bold;
       line-height: 1; font-kerning: normal }
.all { text-spacing-trim: space-all }
</style><body></body>"""

MEASURE = """
const [items] = arguments;
const out = [];
for (const [lang, family, text] of items) {
  const row = {lang, family, text};
  for (const [key, cls] of [["normal", ""], ["spaceAll", "all"]]) {
    const s = document.createElement("span");
    s.dir = "auto"; s.style.unicodeBidi = "plaintext";
    s.lang = lang; s.className = cls; s.style.fontFamily = `'${family}'`; s.textContent = text;
    document.body.appendChild(s);
    row[key] = s.getBoundingClientRect().width;
    s.remove();
  }
  out.push(row);
}
return out;
"""

MEASURE_LINES = """
const [items] = arguments;
const out = [];
for (const [lang, family, text, width] of items) {
  const d = document.createElement("div");
  d.lang = lang; d.style.cssText = `font: bold 1000px/1 '${family}'; width: ${width}px; white-space: normal`;
  d.textContent = text;
  document.body.appendChild(d);
  const node = d.firstChild, lines = [];
  for (let i = 0; i < text.length; i++) {
    const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
    const box = r.getBoundingClientRect();
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.top - box.top) < 1) { last.text += text[i]; last.right = box.right; }
    else lines.push({top: box.top, left: box.left, right: box.right, text: text[i]});
  }
  out.push({lang, family, text, width, lines: lines.map(l => ({text: l.text, width: l.right - l.left}))});
  d.remove();
}
return out;
"""


def main():
    sys.path.insert(0, str(ROOT / "tests/browser"))
    import harness
    chromium = harness.find_program(None, ["chromium", "chromium-browser", "google-chrome"])
    chromedriver = harness.find_program(None, ["chromedriver"])
    if not chromium or not chromedriver:
        sys.exit("chromium and chromedriver are needed (Debian: chromium chromium-driver)")
    version = subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as profile:
        driver = harness.start_browser(chromium, chromedriver, profile)
        try:
            page = pathlib.Path(profile) / "page.html"
            page.write_text(PAGE, encoding="utf-8")
            driver.get(page.as_uri())
            driver.execute_script("return document.fonts.ready")
            rows = driver.execute_script(MEASURE, [[lang, family, text] for lang, family in FACES for text in STRINGS]
                                         + [[lang, family, text] for lang, family in FACES for text in RIGHT_TO_LEFT])
            wrapped = driver.execute_script(MEASURE_LINES, [[lang, family, text, width] for lang, family in FACES[:1]
                                                            for text, width in WRAPPED])
        finally:
            driver.quit()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"browser": version, "fontSizePx": 1000, "rows": rows, "wrapped": wrapped}, ensure_ascii=False, indent=1) + "\n",
                   encoding="utf-8")
    trimmed = sum(1 for r in rows if r["normal"] != r["spaceAll"])
    print(f"{OUT.relative_to(ROOT)}: {len(rows)} strings, {trimmed} trimmed, {len(wrapped)} wrapped, {version}")


if __name__ == "__main__":
    main()
