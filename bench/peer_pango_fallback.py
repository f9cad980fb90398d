#!/usr/bin/env python3
"""PangoCairo fitting a mixed-script title (the one sharecard-bench's fallback stage fits),
with fontconfig choosing the fallback faces, in the same run.

Prints `fit_mixed<TAB>median_ms` and `fitted_size_mixed<TAB>pt`.
"""
import sys

import peer_pango
from peer_timing import median_ms


def main():
    iterations = 200
    if "--iterations" in sys.argv:
        iterations = int(sys.argv[sys.argv.index("--iterations") + 1])
    peer_pango.TITLE = sys.argv[sys.argv.index("--title") + 1]
    print(f"fit_mixed\t{median_ms(peer_pango.fit, iterations):.4f}")
    print(f"fitted_size_mixed\t{peer_pango.fit():.2f}")


if __name__ == "__main__":
    main()
