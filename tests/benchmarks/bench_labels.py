"""1,000 thermal labels (100x150 mm), each with its DataMatrix and two Code 128, in one PDF.

Timed: `render_labels` of 1,000 different labels (object codes, CEPs, numbers: the
read-back tests' `labels`) into one
PDF, median of 5 runs; target under 3 s. Measured on the 2-core build machine, one core:

- reportlab's own pure-Python DataMatrix: about 100 ms a symbol, 100 s the lot;
- zxing-cpp's grid drawn as one ``re`` per dark run, in points: 1.5 s, 15 MB;
- the same runs in whole modules under one ``cm`` scaling: 1.1 s, 7.4 MB;
- with ``pageCompression=1`` on top: 1.4 s, 2.7 MB (the zlib pass costs 0.3 s; the
  labels stay uncompressed, `postalgui.documents.reports.labels.render`).

The file's size is printed beside the time, and the CPU time: on a shared machine the
wall time also counts the neighbours.
"""

from __future__ import annotations

import statistics
import sys
import time

from postalgui.documents.reports.labels import Layout, render_labels
from tests.unit.test_labels_render import labels

COUNT = 1_000
RUNS = 5
TARGET_S = 3.0


def main() -> int:
    batch = labels(COUNT)
    times, cpu, size = [], [], 0
    for _run in range(RUNS):
        start, start_cpu = time.perf_counter(), time.process_time()
        size = len(render_labels(batch, Layout.THERMAL_100x150))
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    median, median_cpu = statistics.median(times), statistics.median(cpu)
    verdict = "ok" if median < TARGET_S else "SLOW"
    print(f"{COUNT} labels 100x150: median {median:.2f} s over {RUNS} runs (CPU {median_cpu:.2f} s; "
          f"target < {TARGET_S:.0f} s), {size / 1e6:.1f} MB: {verdict}")  # fmt: skip
    return 0 if median < TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
