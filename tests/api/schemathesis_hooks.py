"""Schemathesis hooks for sharecard (loaded through SCHEMATHESIS_HOOKS).

OpenAPI 3.0 has no way to say that one parameter depends on another, and an event has one
such rule: `endDate` needs `date` and must not be before it (the spec states it in words,
with the 400 or 422 that follows). A second: `quality` does not go with an explicit
`format=png` (a PNG has no quality). This hook drops the generated requests meant to be
valid that break it, so that `positive_data_acceptance` judges only requests that the
spec really calls valid. Negative requests are left alone.
"""
import re

import schemathesis
from urllib.parse import quote

_DATE = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})"
    r"(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:([Zz])|([+-])(\d{2}):(\d{2}))?)?$"
)


def _days_from_civil(y: int, m: int, d: int) -> int:
    """Days since 1970-01-01 in the proleptic Gregorian calendar."""
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _instant(text):
    """Seconds since the epoch of an ISO 8601 date as the server reads it (no offset: UTC)."""
    match = _DATE.match(text) if isinstance(text, str) else None
    if match is None:
        return None
    y, mo, d, h, mi, s, _, sign, oh, om = match.groups()
    seconds = _days_from_civil(int(y), int(mo), int(d)) * 86400
    seconds += int(h or 0) * 3600 + int(mi or 0) * 60 + int(s or 0)
    if sign:
        offset = int(oh) * 3600 + int(om) * 60
        seconds -= offset if sign == "+" else -offset
    return seconds


def _breaks_date_range(fields) -> bool:
    if not isinstance(fields, dict) or fields.get("endDate") is None:
        return False
    start, end = _instant(fields.get("date")), _instant(fields.get("endDate"))
    return start is None or end is None or end < start


_PRESETS = {"card": (1024, 576), "og": (1200, 630), "square": (1080, 1080), "story": (1080, 1920), "banner": (1500, 500)}
_SIZE = re.compile(r"^(\d{3,4})[xX](\d{3,4})$")
# The server refuses a render needing more than --max-pixels device pixels (50 million by
# default) with a documented 422. What a render needs depends on the template (its canvas,
# plus filtered groups, snapshots and images), which the schema cannot say; generated
# requests meant to be valid keep their canvas under a third of the limit.
_CANVAS_PIXEL_BUDGET = 50_000_000 // 3


def _canvas_pixels(size, scale) -> float:
    width, height = _PRESETS.get(size, (0, 0)) if isinstance(size, str) else (0, 0)
    match = _SIZE.match(size) if isinstance(size, str) else None
    if match:
        width, height = int(match.group(1)), int(match.group(2))
    if size is None:
        width, height = _PRESETS["card"]
    try:
        factor = float(scale) if scale is not None else 1.0
    except (TypeError, ValueError):
        return 0
    return width * height * factor * factor


def _over_pixel_budget(fields) -> bool:
    return isinstance(fields, dict) and _canvas_pixels(fields.get("size"), fields.get("scale")) > _CANVAS_PIXEL_BUDGET


@schemathesis.hook
def filter_case(context, case):
    meta = case.meta
    if meta is None:
        return True
    if not meta.generation.mode.is_positive:
        # A target over the server's 16 KiB limit is answered 414 before any parameter is
        # read (documented on every route), which the negative checks do not expect.
        query = case.query if isinstance(case.query, dict) else {}
        return sum(len(quote(str(k))) + len(quote(str(v))) + 2 for k, v in query.items()) < 15000
    query = case.query if isinstance(case.query, dict) else {}
    if query.get("format") == "png" and query.get("quality") is not None:
        return False
    if case.operation.method.upper() in ("GET", "HEAD") and (case.operation.path.startswith("/v1/cards/{template}.") or case.operation.path == "/v1/share"):
        return not _breaks_date_range(case.query) and not _over_pixel_budget(case.query)
    if case.operation.method.upper() == "POST" and case.operation.path == "/v1/cards":
        # A photo is refused (422 invalid_photo) by a template that shows none; the schema
        # cannot say which templates do.
        if isinstance(case.body, dict) and "event" in case.body and "photo" in case.body:
            event = case.body.get("event")
            template = event.get("template") if isinstance(event, dict) else None
            if case.body.get("photo") is not None and template not in ("photo", "portrait"):
                return False
            return not _breaks_date_range(event) and not _over_pixel_budget(event) and not _over_pixel_budget(query)
        return not _breaks_date_range(case.body) and not _over_pixel_budget(case.body) and not _over_pixel_budget(query)
    return True


@schemathesis.hook
def before_call(context, case, kwargs):
    """An upload names a template that shows a photo: the schema cannot say which templates
    do, and any other is refused (422 invalid_photo), so generated uploads use `photo`."""
    meta = case.meta
    # Generated cases go through filter_case; the examples phase's, built from each
    # property's example (`template` is "classic"), are adjusted here.
    phase = getattr(getattr(meta, "phase", None), "name", None)
    if meta is None or not meta.generation.mode.is_positive or str(phase).lower() != "examples":
        return
    if case.operation.method.upper() == "POST" and case.operation.path == "/v1/cards":
        body = case.body
        if isinstance(body, dict) and isinstance(body.get("event"), dict) and body.get("photo") is not None:
            body["event"]["template"] = "photo"
