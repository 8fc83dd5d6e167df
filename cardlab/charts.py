"""Simple bar charts drawn by cardlab (SVG, no matplotlib), for where matplotlib is missing.

The lessons draw their figures with matplotlib when it can be imported. In the offline website
(JupyterLite, Python under Pyodide) there is no matplotlib, numpy or pandas, so
:func:`show_bars` draws the same bars as a small SVG picture made with :mod:`cardlab.svg`.
A chart is deterministic XML with a text alternative (``role="img"``, ``aria-label`` and
``<title>``) that names every bar and its value.

Both drawings follow the same rules. Given ``counts`` (how many games, or hands, each bar stands
on), every bar says it under its label ("n = 300"), and a bar that stands on fewer than
:data:`MIN_COUNT` is left out, the chart saying which: one game measures nothing. A long label is
wrapped onto several lines, and each bar is made as wide as its label, so labels never overlap;
the label of the value axis is wrapped to the axis' height.

Every word of a chart is in the language current when it is drawn (:mod:`cardlab.i18n`): its own
words ("n = 300 games", the note on bars left out, the text alternative), and the title, axis
labels, bar labels and count unit it is given. Those may be messages; a string given is looked up
in the catalogs as it is (an English text the catalogs do not hold, such as a rule set's name, stays
as it is), so the simulation lab's words (:data:`LAB_WORDS`) are translated without the lesson
doing anything.

    >>> svg = bar_chart(["a", "b"], [0.5, 0.25], title="rates", value_format="{:.0%}")
    >>> 'aria-label="rates: a 50%, b 25%"' in svg
    True
"""

from __future__ import annotations

import importlib
import math
import sys
from typing import Sequence

from .i18n import N_, Message, _, commas, current_language
from .svg import INK, num, svg_document, svg_img, svg_text, text_width

NOTE = N_("(The full install draws these figures with matplotlib.)")  # printed as _(NOTE)
# The words the simulation lab gives its charts (titles, axis labels, bar labels, count units),
# marked for the catalogs: a chart looks every string it is given up in them as it draws.
# Each game's own words are its spec's (lab_words, cardlab.game.Game).
LAB_WORDS = (
    N_("seat (1 acts first)"), N_("average place"), N_("chance of losing"),
    # TRANSLATORS: what a bar of a chart stands on, as in "n = 300 games" (singular and plural).
    N_("game"), N_("games"), N_("hand"), N_("hands"), N_("deal"), N_("deals"),
)
MIN_COUNT = 2  # a bar stands on at least this many games (or hands ...): one measures nothing
LABEL_WIDTH = 90.0  # a category label is wrapped onto lines about this wide (in SVG units, size 11)
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


def chart_text(text) -> str:
    """``text`` as a chart shows it now: a message read in the current language; a string looked
    up in the catalogs (as it is when they do not hold it); anything else (a number) as ``str()``.

    >>> chart_text("average place"), chart_text(3)
    ('average place', '3')
    """
    if isinstance(text, Message):
        return str(text)
    if isinstance(text, str):
        return str(_(text)) if text else ""
    return str(text)


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


def wrap_label(text: str, size: float = 11, width: float = LABEL_WIDTH) -> list[str]:
    """``text`` on lines about ``width`` wide at font ``size``: one line when it fits, else cut
    after each comma and, where a part is still too wide, at spaces (a word wider than that keeps
    a line of its own).

    >>> wrap_label("yeeqia, no exchange")
    ['yeeqia,', 'no exchange']
    >>> wrap_label("seat 1")
    ['seat 1']
    """
    text = " ".join(str(text).split())
    if text_width(text, size) <= width:
        return [text]
    lines: list[str] = []
    for part in text.replace(", ", ",\n").split("\n"):
        start = len(lines)
        for word in part.split():
            if len(lines) > start and text_width(f"{lines[-1]} {word}", size) <= width:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
    return lines


def count_text(count: int, unit: str = "") -> str:
    """What a bar says it stands on: ``n = 300``, or ``n = 300 games`` with a ``unit`` (``n = 1
    game`` for one), in the current language (:func:`chart_text`)."""
    if count == 1 and isinstance(unit, str) and unit.endswith("s"):
        unit = unit[:-1]
    if not unit:
        return f"n = {count:,}"
    # TRANSLATORS: what a bar of a chart stands on: "n = 300 games"; {unit} is "games", "hands" ...
    return str(_("n = {number} {unit}", number=f"{count:,}", unit=chart_text(unit)))


def _kept(labels, values, errors, colour, counts, unit):
    """The bars to draw (labels, values, errors, colours, count texts) and the sentence saying which
    were left out for standing on fewer than :data:`MIN_COUNT` (or ``""``)."""
    labels = [chart_text(x) for x in labels]
    values = [float(v) for v in values]
    if len(labels) != len(values) or any(x is not None and len(x) != len(values) for x in (errors, counts)):
        raise ValueError("labels, values, errors and counts must have the same length")
    colours = [colour] * len(values) if isinstance(colour, str) else list(colour)
    if len(colours) != len(values):
        raise ValueError("give one colour, or one colour per bar")
    errs = [float(e) for e in errors] if errors is not None else [0.0] * len(values)
    if counts is None:
        return labels, values, errs, colours, [None] * len(values), ""
    counts = [int(n) for n in counts]
    keep = [n >= MIN_COUNT for n in counts]
    out = [[x for x, k in zip(column, keep) if k] for column in (labels, values, errs, colours, counts)]
    out[4] = [count_text(n, unit) for n in out[4]]
    # TRANSLATORS: a bar of a chart, and what it stands on: "5 (n = 1 hand)".
    dropped = [_("{label} ({count})", label=x, count=count_text(n, unit)) for x, n, k in zip(labels, counts, keep)
               if not k]
    if not dropped:
        note = ""
    elif unit:
        note = str(_("Left out, standing on fewer than {number} {unit}: {bars}", number=MIN_COUNT,
                     unit=chart_text(unit), bars=commas(dropped)))
    else:
        note = str(_("Left out, standing on fewer than {number}: {bars}", number=MIN_COUNT, bars=commas(dropped)))
    return (*out, note)


def bar_chart(labels: Sequence, values: Sequence[float], *, title: str = "", value_format: str = "{:.2f}",
              errors: Sequence[float] | None = None, reference: float | None = None,
              ylim: tuple[float, float] | None = None, xlabel: str = "", ylabel: str = "",
              colour: str | Sequence[str] = "#5b8bd0", counts: Sequence[int] | None = None,
              count_unit: str = "") -> str:
    """A vertical bar chart as an SVG string: one bar per label, its value written above it,
    optional error bars (``errors``, the half-width) and a dashed ``reference`` line. ``colour``
    is one colour or one per bar. ``counts`` says how many games (or ``count_unit``) each bar
    stands on: written under its label, and a bar on fewer than :data:`MIN_COUNT` is left out, a
    line under the chart saying so. Labels are wrapped (:func:`wrap_label`) and each bar is as
    wide as its label, so that no two labels overlap. Every word is drawn in the current language
    (:func:`chart_text`)."""
    title, xlabel, ylabel = chart_text(title), chart_text(xlabel), chart_text(ylabel)
    labels, values, errs, colours, counted, note = _kept(labels, values, errors, colour, counts, count_unit)
    low, high = ylim if ylim else (0.0, max([v + e for v, e in zip(values, errs)] + [reference or 0.0, 1e-9]))
    span = (high - low) or 1.0
    ticks = nice_ticks(low, high)
    tick_labels = [value_format.format(t) if "%" in value_format else f"{t:g}" for t in ticks]
    tick_w = max(text_width(t, 10) for t in tick_labels)
    lines = [wrap_label(x) for x in labels]
    gap, top, plot_h, line_h = 18.0, 40.0, 150.0, 14.0
    ylines = wrap_label(ylabel, 11, plot_h) if ylabel else []  # turned on its side: as long as the axis
    left = tick_w + 12.0 + 16.0 * len(ylines)
    bar_w = max([56.0] + [text_width(t, 11) + 6 for t in (*(t for x in lines for t in x), *filter(None, counted))]
                + [text_width(value_format.format(v), 11) + 6 for v in values])
    label_rows = max([len(x) for x in lines] + [0]) + (1 if counts is not None else 0)
    below = top + plot_h + 4 + label_rows * line_h  # the foot of the category labels
    width = max(left + len(values) * (bar_w + gap) + gap, text_width(title, 13) + 20,
                text_width(note, 10) + 20, 200.0)
    height = below + (20 if xlabel else 0) + (18 if note else 0) + 10

    def y(v: float) -> float:
        return top + plot_h - (min(max(v, low), high) - low) / span * plot_h

    parts = [svg_text(width / 2, 20, title, 13, weight="bold")] if title else []
    parts.append(f'<line x1="{num(left)}" y1="{num(top + plot_h)}" x2="{num(width - 4)}" '
                 f'y2="{num(top + plot_h)}" stroke="{INK}" stroke-width="1"/>')
    for tick, text in zip(ticks, tick_labels):
        parts.append(svg_text(left - 6, y(tick) + 4, text, 10, anchor="end"))
    for i, (label, v, e, fill, n) in enumerate(zip(lines, values, errs, colours, counted)):
        x = left + gap + i * (bar_w + gap)
        parts.append(f'<rect x="{num(x)}" y="{num(y(v))}" width="{num(bar_w)}" '
                     f'height="{num(y(low) - y(v))}" fill="{fill}"/>')
        if e:
            cx = x + bar_w / 2
            parts.append(f'<line x1="{num(cx)}" y1="{num(y(v - e))}" x2="{num(cx)}" y2="{num(y(v + e))}" '
                         f'stroke="{INK}" stroke-width="1.5"/>')
        parts.append(svg_text(x + bar_w / 2, min(y(v), y(v + e)) - 4, value_format.format(v), 11))
        for row, text in enumerate(label):
            parts.append(svg_text(x + bar_w / 2, top + plot_h + 16 + row * line_h, text, 11))
        if n:
            parts.append(svg_text(x + bar_w / 2, top + plot_h + 16 + len(label) * line_h, n, 10, colour="#555555"))
    if reference is not None:
        parts.append(f'<line x1="{num(left)}" y1="{num(y(reference))}" x2="{num(width - 4)}" '
                     f'y2="{num(y(reference))}" stroke="grey" stroke-width="1" stroke-dasharray="4 3"/>')
    if xlabel:
        parts.append(svg_text(left + (width - left) / 2, below + 14, xlabel, 11))
    if note:
        parts.append(svg_text(10, height - 10, note, 10, anchor="start"))
    for i, line in enumerate(ylines):
        x = 12.0 + 16.0 * i
        parts.append(svg_text(x, top + plot_h / 2, line, 11,
                              extra=f' transform="rotate(-90 {num(x)} {num(top + plot_h / 2)})"'))
    # TRANSLATORS: a bar of a chart in its text alternative: its label and value ("seat 1 1.42"),
    # and what it stands on ("(n = 300 games)").
    alt = commas((_("{label} {value} ({count})", label=x, value=value_format.format(v), count=n) if n
                      else _("{label} {value}", label=x, value=value_format.format(v)))
                     for x, v, n in zip(labels, values, counted))
    label = _("{label}: {what}", label=title, what=alt) if title else alt
    # TRANSLATORS: a chart's text alternative: the chart, then the note on the bars left out.
    return svg_document(width, height, _("{chart}. {note}", chart=label, note=note) if note else label,
                        "".join(parts))


def bar_figure(labels: Sequence, values: Sequence[float], *, title: str = "", xlabel: str = "",
               ylabel: str = "", ylim: tuple[float, float] | None = None, errors: Sequence[float] | None = None,
               reference: float | None = None, colour: str | Sequence[str] = "#5b8bd0",
               value_format: str = "{:.2f}", counts: Sequence[int] | None = None, count_unit: str = ""):
    """The same chart as :func:`bar_chart`, drawn with matplotlib: a ``Figure``. Each category
    label is wrapped and has its count ("n = 300") on a line of its own, each bar has its value
    over it, and the figure is wide enough for the longest line."""
    import matplotlib.pyplot as plt

    with plt.rc_context({"font.family": font_families()}):
        return _bar_figure(plt, labels, values, title, xlabel, ylabel, ylim, errors, reference, colour, value_format,
                           counts, count_unit)


def font_families() -> list[str]:
    """matplotlib's fonts for a chart in the current language: DejaVu Sans (Latin letters, digits,
    ♠♥♦♣), then the fonts of the language's ``fonts`` (:data:`cardlab.languages.LANGUAGES`) this
    machine has: for a chart in 繁體中文 or 日本語 the CJK fonts (``apt-get install fonts-noto-cjk``;
    without one its words are drawn as boxes)."""
    from matplotlib import font_manager

    have = {font.name for font in font_manager.fontManager.ttflist}
    return ["DejaVu Sans", *(name for name in current_language().fonts if name in have)]


def _bar_figure(plt, labels, values, title, xlabel, ylabel, ylim, errors, reference, colour, value_format, counts,
                count_unit):
    title, xlabel, ylabel = chart_text(title), chart_text(xlabel), chart_text(ylabel)
    labels, values, errs, colours, counted, note = _kept(labels, values, errors, colour, counts, count_unit)
    ticks = ["\n".join(wrap_label(x) + ([n] if n else [])) for x, n in zip(labels, counted)]
    widest = max([text_width(t, 11) for x in ticks for t in x.split("\n")] + [56.0])
    slot = max(1.1, (widest + 18) / 62)  # inches a bar takes: its widest label line, and a gap
    rows = max([t.count("\n") for t in ticks] + [0])  # label lines under the axis, beyond the first
    fig, ax = plt.subplots(figsize=(max(3.5, slot * len(values) + 1.5), 3 + 0.2 * rows + (0.2 if note else 0)),
                           dpi=80)
    bars = ax.bar(range(len(values)), values, yerr=errs if errors is not None else None, color=colours,
                  capsize=4 if errors is not None else 0)
    ax.bar_label(bars, labels=[value_format.format(v) for v in values], padding=2, fontsize=9)
    ax.set_xticks(range(len(values)), ticks)
    if reference is not None:
        ax.axhline(reference, color="grey", lw=1, ls="--")
    ax.set(title=title, xlabel=xlabel + (f"\n{note}" if note else ""),
           ylabel="\n".join(wrap_label(ylabel, 11, 150.0)) if ylabel else "")
    if ylim:
        ax.set_ylim(*ylim)
    else:
        ax.set_ylim(0, max([v + e for v, e in zip(values, errs)] + [reference or 0.0, 1e-9]) * 1.15)
    fig.tight_layout()
    return fig


def show_bars(labels: Sequence, values: Sequence[float], *, title: str = "", xlabel: str = "",
              ylabel: str = "", ylim: tuple[float, float] | None = None, errors: Sequence[float] | None = None,
              reference: float | None = None, colour: str | Sequence[str] = "#5b8bd0", value_format: str = "{:.2f}",
              counts: Sequence[int] | None = None, count_unit: str = "") -> None:
    """Show a bar chart: with matplotlib when it can be imported (:func:`bar_figure`), else as a
    cardlab SVG chart (:func:`bar_chart`, and, the first time, one line saying that the full install
    draws it with matplotlib). ``counts``: how many games (or ``count_unit``) each bar stands on."""
    options = dict(title=title, xlabel=xlabel, ylabel=ylabel, ylim=ylim, errors=errors, reference=reference,
                   colour=colour, value_format=value_format, counts=counts, count_unit=count_unit)
    if available("matplotlib"):
        import matplotlib.pyplot as plt

        bar_figure(labels, values, **options)
        plt.show()
        return
    global _noted
    from IPython.display import display

    if not _noted:
        print(_(NOTE))
        _noted = True
    display(SVGChart(bar_chart(labels, values, **options)))


class SVGChart:
    """A chart from :func:`bar_chart` for display: an HTML ``<img>`` whose ``alt`` is the chart's
    text (JupyterLab shows a bare ``image/svg+xml`` as an ``<img>`` with no alt, which hides the
    SVG's own ``aria-label`` from screen readers), the SVG itself, and its text as plain text."""

    def __init__(self, data: str):
        import html
        import re

        self.data = data
        found = re.search(r'aria-label="([^"]*)"', data)
        self.alt = html.unescape(found.group(1)) if found else ""

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/html": svg_img(self.data, self.alt), "image/svg+xml": self.data,
                "text/plain": f"[chart] {self.alt}"}
