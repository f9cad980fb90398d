"""The end of a PangoCairo card, shared by the peer scripts that draw one: the canvas filled
with the background, the laid-out title in white, centred vertically in its frame (left
edge at the frame's; Pango centres each line across the layout's width), then PNG bytes
from cairo's write_to_png."""
import io


def finish_card(surface, context, layout, background, frame):
    """`background` is (r, g, b) in 0...1; `frame` is (x, y, width, height) in pixels."""
    from gi.repository import PangoCairo

    context.set_source_rgb(*background)
    context.paint()
    _, logical = layout.get_pixel_extents()
    context.set_source_rgb(1, 1, 1)
    context.move_to(frame[0], frame[1] + (frame[3] - logical.height) / 2)
    PangoCairo.show_layout(context, layout)
    out = io.BytesIO()
    surface.write_to_png(out)
    return out.getvalue()
