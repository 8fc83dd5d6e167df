"""Simple bar charts drawn by cardlab (SVG, no matplotlib), for where matplotlib is missing.

The lessons draw their figures with matplotlib when it can be imported. In the offline website
(JupyterLite, Python under Pyodide) there is no matplotlib, numpy or pandas, so
:func:`show_bars` draws the same bars as a small SVG picture made with :mod:`cardlab.svg`.
A chart is deterministic XML with a text alternative (``role="img"``, ``aria-label`` and
``<title>``) that names every bar and its value.

    >>> svg = bar_chart(["a", "b"], [0.5, 0.25], title="rates", value_format="{:.0%}")
    >>> 'aria-label="rates: a 50%, b 25%"' in svg
    True
"""

from __future__ import annotations

import importlib
import math
import sys
from typing import Sequence

from .svg import INK, num, svg_document, svg_text, text_width

NOTE = "(The full install draws these figures with matplotlib.)"
_noted = False


def available(module: str) -> bool:
    """Whether ``module`` can be imported here (never true for matplotlib under Pyodide)."""
    if module == "matplotlib" and sys.platform == "emscripten":
        return False
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def nice_ticks(low: float, high: float, most: int = 5) -> list[float]:
    """Round tick values from ``low`` to ``high``: steps of 1, 2, 2.5 or 5 times a power of ten,
    at most ``most`` ticks.

    >>> nice_ticks(0, 1.63)
    [0.0, 0.5, 1.0, 1.5]
    >>> nice_ticks(0, 1)
    [0.0, 0.25, 0.5, 0.75, 1.0]
    """
    span = (high - low) or 1.0
    power = 10.0 ** math.floor(math.log10(span))
    step = next(power * m for m in (0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5) if span / (power * m) <= most - 1 + 1e-9)
    first = math.ceil(low / step - 1e-9)
    return [round((first + i) * step, 12) for i in range(int((high - first * step) / step + 1e-9) + 1)]


def bar_chart(labels: Sequence, values: Sequence[float], *, title: str = "", value_format: str = "{:.2f}",
              errors: Sequence[float] | None = None, reference: float | None = None,
              ylim: tuple[float, float] | None = None, xlabel: str = "", ylabel: str = "",
              colour: str | Sequence[str] = "#5b8bd0") -> str:
    """A vertical bar chart as an SVG string: one bar per label, its value written above it,
    optional error bars (``errors``, the half-width) and a dashed ``reference`` line. ``colour``
    is one colour or one per bar."""
    labels = [str(x) for x in labels]
    values = [float(v) for v in values]
    if len(labels) != len(values) or (errors is not None and len(errors) != len(values)):
        raise ValueError("labels, values and errors must have the same length")
    colours = [colour] * len(values) if isinstance(colour, str) else list(colour)
    errs = [float(e) for e in errors] if errors is not None else [0.0] * len(values)
    low, high = ylim if ylim else (0.0, max([v + e for v, e in zip(values, errs)] + [reference or 0.0, 1e-9]))
    span = (high - low) or 1.0
    ticks = nice_ticks(low, high)
    tick_labels = [value_format.format(t) if "%" in value_format else f"{t:g}" for t in ticks]
    tick_w = max(text_width(t, 10) for t in tick_labels)
    bar_w, gap, top, plot_h = 56.0, 18.0, 40.0, 150.0
    left = tick_w + (28.0 if ylabel else 12.0)
    label_w = max([text_width(x, 11) for x in labels] + [0.0])
    bar_w = max(bar_w, label_w + 6)
    width = max(left + len(values) * (bar_w + gap) + gap, text_width(title, 13) + 20, 200.0)
    height = top + plot_h + 44

    def y(v: float) -> float:
        return top + plot_h - (min(max(v, low), high) - low) / span * plot_h

    parts = [svg_text(width / 2, 20, title, 13, weight="bold")] if title else []
    parts.append(f'<line x1="{num(left)}" y1="{num(top + plot_h)}" x2="{num(width - 4)}" '
                 f'y2="{num(top + plot_h)}" stroke="{INK}" stroke-width="1"/>')
    for tick, text in zip(ticks, tick_labels):
        parts.append(svg_text(left - 6, y(tick) + 4, text, 10, anchor="end"))
    for i, (label, v, e, fill) in enumerate(zip(labels, values, errs, colours)):
        x = left + gap + i * (bar_w + gap)
        parts.append(f'<rect x="{num(x)}" y="{num(y(v))}" width="{num(bar_w)}" '
                     f'height="{num(y(low) - y(v))}" fill="{fill}"/>')
        if e:
            cx = x + bar_w / 2
            parts.append(f'<line x1="{num(cx)}" y1="{num(y(v - e))}" x2="{num(cx)}" y2="{num(y(v + e))}" '
                         f'stroke="{INK}" stroke-width="1.5"/>')
        parts.append(svg_text(x + bar_w / 2, min(y(v), y(v + e)) - 4, value_format.format(v), 11))
        parts.append(svg_text(x + bar_w / 2, top + plot_h + 16, label, 11))
    if reference is not None:
        parts.append(f'<line x1="{num(left)}" y1="{num(y(reference))}" x2="{num(width - 4)}" '
                     f'y2="{num(y(reference))}" stroke="grey" stroke-width="1" stroke-dasharray="4 3"/>')
    if xlabel:
        parts.append(svg_text(left + (width - left) / 2, height - 8, xlabel, 11))
    if ylabel:
        parts.append(svg_text(12, top + plot_h / 2, ylabel, 11,
                              extra=f' transform="rotate(-90 12 {num(top + plot_h / 2)})"'))
    alt = ", ".join(f"{x} {value_format.format(v)}" for x, v in zip(labels, values))
    label = f"{title}: {alt}" if title else alt
    return svg_document(width, height, label, "".join(parts))


def show_bars(labels: Sequence, values: Sequence[float], *, title: str = "", xlabel: str = "",
              ylabel: str = "", ylim: tuple[float, float] | None = None, errors: Sequence[float] | None = None,
              reference: float | None = None, colour: str | Sequence[str] = "#5b8bd0", value_format: str = "{:.2f}") -> None:
    """Show a bar chart: with matplotlib when it can be imported, else as a cardlab SVG chart
    (and, the first time, one line saying that the full install draws it with matplotlib)."""
    if available("matplotlib"):
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(max(3.5, 1.1 * len(values) + 1.5), 3), dpi=80)
        ax.bar([str(x) for x in labels], values, yerr=errors, color=colour if isinstance(colour, str) else list(colour), capsize=4 if errors else 0)
        if reference is not None:
            ax.axhline(reference, color="grey", lw=1, ls="--")
        ax.set(title=title, xlabel=xlabel, ylabel=ylabel)
        if ylim:
            ax.set_ylim(*ylim)
        fig.tight_layout()
        plt.show()
        return
    global _noted
    from IPython.display import SVG, display

    if not _noted:
        print(NOTE)
        _noted = True
    display(SVG(bar_chart(labels, values, title=title, value_format=value_format, errors=errors,
                          reference=reference, ylim=ylim, xlabel=xlabel, ylabel=ylabel, colour=colour)))
