/// Rects `e0`…`eN` in scene JSON, each anchored on the one before with aspect 0.001 or 1000,
/// so each step grows the frames about 2,000 times: twelve steps pass ±1,000,000 points, and
/// about a hundred reach infinity and NaN (a template of 96 once took a server down).
public enum FrameChain {
    public static func elements(_ steps: Int) -> [String] {
        var elements = [##"{"id": "e0", "type": "rect", "frame": [0, 0, 10, 10], "fill": "#0000"}"##]
        for i in 1...steps {
            elements.append(i.isMultiple(of: 2)
                ? ##"{"id": "e\##(i)", "type": "rect", "frame": {"top": {"to": "e\##(i - 1).top"}, "centerY": {"to": "e\##(i - 1).bottom"}, "left": 0, "aspect": 1000}, "fill": "#0000"}"##
                : ##"{"id": "e\##(i)", "type": "rect", "frame": {"left": {"to": "e\##(i - 1).left"}, "centerX": {"to": "e\##(i - 1).right"}, "top": 0, "aspect": 0.001}, "fill": "#0000"}"##)
        }
        return elements
    }
}
