"""What every widget shares: sizes, the still picture, the replay of a scenario up to a step, and
the display plumbing (:class:`Widget`, :class:`SizedWidget`).

Languages: every text a widget shows is read in the language current when the widget draws or
updates it (:mod:`cardlab.i18n`). The narration, verdicts, counters and pictures are made anew at
every update; the labels of buttons and boxes are set when the view is built, and set again at its
next update after :func:`cardlab.set_language` (:meth:`Widget._label`), unless something else has
changed them since (a subclass's own label stays)."""

from __future__ import annotations

import os
import re
from html import escape
from pathlib import Path
from typing import Iterable

from ..cards import Card, plain
from ..engine import Event, State
from ..i18n import N_, Message, _, get_language, p_, shown
from ..scenario import Scenario, Step, load
from ..svg import NORMAL_CARD, TABLE_H, TABLE_W, svg_img
from .args import WidgetError, whole_number

ACCEPTED, REFUSED, INFO = "accepted", "refused", "info"
VERDICT_COLOURS = {ACCEPTED: "#1a7f37", REFUSED: "#b3261e", INFO: "#333333"}
# The line over every widget's still picture. All cells: a widget cell alone stops at a NameError,
# since its imports and the objects it shows are made in the cells above it.
RUN_ME = N_("Run all cells (Run → Run All Cells) to use the buttons; until then this is only a picture.")

# The width in pixels of a card in the hand along the bottom of the table, for each size; "large"
# is for a projector: every length of the picture 1.32 times the normal one.
SIZES = {"normal": NORMAL_CARD, "large": 74}
TEXT_SIZES = {"normal": 15, "large": 20}  # the narration's and the verdicts' text, in pixels
# What JupyterLab's menu bar, tabs, notebook toolbar and status bar take of the window's height,
# with room to spare: a widget that grows beside its table stays this much shorter than the window.
WINDOW_MARGIN = 160
_default_size = ["normal"]
# The style every widget's view carries (projector size, the narration's height, scroll bars).
STYLE = (Path(__file__).parent / "widgets.css").read_text(encoding="utf-8")


def presentation(on: bool = True) -> None:
    """Make every widget created from now on large (projector size), or normal again. A widget
    without a Projector size toggle (a quiz, the referee, a comparison) is large when it is first
    drawn after this."""
    _default_size[0] = "large" if on else "normal"


def chosen_size(size: str | None) -> str:
    """``size``, one of :data:`SIZES`; ``None``: the size :func:`presentation` chose."""
    size = _default_size[0] if size is None else size
    if not isinstance(size, str) or size not in SIZES:
        raise WidgetError(f"size must be one of {', '.join(SIZES)}, not {shown(size)}")
    return size


def table_size(size: str) -> tuple[int, int]:
    """The width and height in pixels of the card table at ``size`` (the same for every position)."""
    scale = SIZES[size] / NORMAL_CARD
    return round(TABLE_W * scale), round(TABLE_H * scale)


def text_size(size: str) -> int:
    """The size in pixels of the text beside the table at ``size``."""
    return TEXT_SIZES[size]


def card_width(size: str, normal: float) -> float:
    """The width of a hand card in a widget's smaller pictures (a quiz's, the referee's, a
    comparison's): ``normal`` at normal size; at projector size the card table's, so that every
    word in them is at least 18 px."""
    return SIZES["large"] if size == "large" else normal


def column_heights(size: str) -> dict[str, str]:
    """The layout of a column beside the table that grows with what it holds: at least as high
    as the table at ``size``, at most as high as the window leaves room for
    (:data:`WINDOW_MARGIN`), and never less than the table."""
    height = table_size(size)[1]
    return {"height": "auto", "min_height": f"{height}px",
            "max_height": f"max({height}px, calc(100vh - {WINDOW_MARGIN}px))"}


def lay_out(widget, **properties: str) -> None:
    """Set ``properties`` on ``widget``'s layout in place (the page follows a change of a layout's
    properties, not always the replacement of the layout itself)."""
    for name, value in properties.items():
        setattr(widget.layout, name, value)


def large_buttons(buttons, size: str) -> None:
    """Buttons with the text size of ``size``, as high as their text needs (at normal size, as
    ipywidgets draws them)."""
    large = size == "large"
    for button in buttons:
        button.style.font_size = f"{text_size(size)}px" if large else ""
        button.layout.height = "auto" if large else None


def _ipywidgets():
    """ipywidgets, imported on first use so that the rest of cardlab never needs it."""
    import ipywidgets

    return ipywidgets


def scenario_of(source: Scenario | str | Path) -> Scenario:
    """``source``, a scenario or a scenario file's path, as a scenario."""
    if isinstance(source, Scenario):
        return source
    # A number would be read as an open file descriptor (0: the notebook's input, which waits).
    if not isinstance(source, (str, os.PathLike)):
        raise WidgetError(f"the source must be a scenario, a scenario file's path or a position (State), "
                          f"not {shown(source)}")
    return load(source)


def fold_checks(items: Iterable, is_action) -> list[list]:
    """``items`` (a scenario's steps, or their outcomes) grouped as every widget counts steps, the
    way the :class:`~cardlab.widgets.Stepper` presses through them: group 0 is the start, with any
    step that only checks (``expect:`` alone) before the first action; group N is the file's Nth
    action, performed or refused, with the check-only steps right after it."""
    groups: list[list] = [[]]
    for item in items:
        if is_action(item):
            groups.append([item])
        else:
            groups[-1].append(item)
    return groups


def stepper_steps(scenario: Scenario) -> list[list[Step]]:
    """The steps of ``scenario`` numbered as the Stepper numbers them (:func:`fold_checks`): item N
    is step N, the file's steps it covers."""
    return fold_checks(scenario.steps, lambda step: step.action is not None)


def _check_at_step(scenario: Scenario, at_step: int | None) -> int:
    at = whole_number(0 if at_step is None else at_step, "at_step")
    last = len(stepper_steps(scenario)) - 1
    if not 0 <= at <= last:
        raise WidgetError(f"at_step must be a step number from 0 (the start) to {last}, as the Stepper "
                          f"counts them (a step that only checks is not one), not {shown(at_step)}")
    return at


def replay(scenario: Scenario, rules, at_step: int | None) -> tuple[State, Message | None]:
    """The position after step ``at_step`` of ``scenario``, numbered as the Stepper numbers its
    steps (:func:`stepper_steps`), played under ``rules``, and ``None``; or, when those rules
    refuse one of the scenario's actions, the position before it and a sentence saying so. Every
    widget that takes a step number finds its position here. Steps the scenario expects refused
    are skipped, as they change nothing."""
    state = scenario.spec.from_deal(rules, scenario.players, **scenario.deal)
    played = stepper_steps(scenario)[1:_check_at_step(scenario, at_step) + 1]
    for number, (step, *_checks) in enumerate(played, 1):
        if step.reject is not None:
            continue
        refusal = state.check(step.action)
        if refusal is not None:
            return state, _("Under {rules}, step {number} ({move}) is refused ({code}): {explanation} Shown: the "
                            "position before it.", rules=rules.name, number=number, move=step.text,
                            code=refusal.code, explanation=refusal.explanation)
        state.apply(step.action)
    return state, None


def moved_cards(events: Iterable[Event]) -> frozenset[Card]:
    """The cards that ``events`` moved, as a picture highlights them."""
    return frozenset(plain(c) for e in events for c in e.cards)


def lines_html(text: str, css_class: str, colour: str = "#222222", heading: bool = True) -> str:
    """Plain text (or a message, read now) as HTML in a div of ``css_class``, one line per line;
    with ``heading``, the first line in bold."""
    return markup_lines(escape(str(text)), css_class, colour, heading)


def markup_lines(markup: str, css_class: str, colour: str = "#222222", heading: bool = True) -> str:
    """:func:`lines_html` of text that is HTML already (escaped, its lines still apart)."""
    lines = markup.splitlines()
    if lines and heading:
        lines[0] = f"<b>{lines[0]}</b>"
    return f'<div class="{css_class}" style="color:{colour};line-height:1.45">{"<br>".join(lines)}</div>'


def position_text(state: State) -> str:
    """The position as text, as the learner reads it (cards as 9♠, seat letters)."""
    return state.learner_text(str(state.describe()))


def still_html(title: str, body: str) -> str:
    """The still version of a widget, in the current language; its pictures as ``<img>`` (see
    :func:`cardlab.svg.svg_img`), since a notebook nobody has run yet is not trusted with inline
    SVG."""
    alt = str(_("the position"))
    body = re.sub(r"<svg .*?</svg>", lambda m: svg_img(m.group(0), alt), body, flags=re.S)
    return (f'<div class="cardlab-static"><b>{escape(str(title))}</b>'
            f'<p style="color:#a04000"><i>{escape(str(_(RUN_ME)))}</i></p>{body}</div>')


class Widget:
    """The display plumbing every widget shares: ``.widget`` is built on first use, then kept in
    step with the Python state by ``_refresh``."""

    _view = None
    _labels = None  # {(id(control), trait): [control, trait, message, the text set]} (:meth:`_label`)
    # "normal" or "large" (projector size); None: the size :func:`presentation` chose, taken when
    # the widget is first drawn (a widget with a size of its own sets it when it is made).
    size: str | None = None

    @property
    def widget(self):
        """The ipywidgets container of this widget (built on first use)."""
        if self._view is None:
            if self.size is None:
                self.size = chosen_size(None)
            ipw = _ipywidgets()
            view = self._build(ipw)
            # Last, so that the view's own parts keep their places among its children.
            self._style = ipw.HTML(f"<style>{STYLE}</style>", layout=ipw.Layout(display="none"))
            view.children = (*view.children, self._style)
            view.add_class("cardlab-widget")
            self._view = view
            self._mark_size()
            self._update_view()
        return self._view

    def _mark_size(self) -> None:
        """The view's outer box marked with its size (the class ``cardlab-large`` at projector
        size, which makes every text in it at least 18 px)."""
        if self.size == "large":
            self._view.add_class("cardlab-large")
        else:
            self._view.remove_class("cardlab-large")

    def _refresh(self) -> None:
        if self._view is not None:
            self._relabel()
            self._update_view()

    def _label(self, control, trait: str, message):
        """Set ``control``'s ``trait`` (``description``, ``tooltip``, ``placeholder`` ...) to
        ``message`` read in the current language, and again in the language current at each later
        update (:meth:`_relabel`). Returns ``control``."""
        if self._labels is None:
            self._labels = {}
        text = str(message)
        setattr(control, trait, text)
        self._labels[id(control), trait] = [control, trait, message, text]
        return control

    def _forget_labels(self, controls) -> None:
        """Stop relabelling ``controls`` (controls taken out of the view)."""
        gone = {id(c) for c in controls}
        if self._labels:
            self._labels = {key: item for key, item in self._labels.items() if key[0] not in gone}

    def _relabel(self) -> None:
        """Every label set with :meth:`_label` in the current language, unless something else
        changed it since (a subclass that gives a button a label of its own keeps it)."""
        if not self._labels or getattr(self, "_labelled_in", None) == get_language():
            return
        self._labelled_in = get_language()
        for item in self._labels.values():
            control, trait, message, shown = item
            if getattr(control, trait) != shown:
                continue
            text = str(message)
            if text != shown:
                setattr(control, trait, text)
                item[3] = text

    def _build(self, ipw):
        raise NotImplementedError

    def _update_view(self) -> None:
        raise NotImplementedError

    def static_html(self) -> str:
        """What a notebook saved without widget state shows for this widget: its picture or text,
        and a line saying to run all cells (:data:`RUN_ME`)."""
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs):
        bundle = dict(self.widget._repr_mimebundle_(**kwargs))
        bundle["text/html"] = self.static_html()
        bundle["text/plain"] = repr(self)
        return bundle


class SizedWidget(Widget):
    """A widget with a normal and a projector size, and a toggle between them."""

    size = "normal"

    def set_size(self, size: str) -> None:
        """``"normal"`` or ``"large"`` (projector size)."""
        self.size = chosen_size(size)
        self._pictures = {}
        if self._view is not None:
            self._mark_size()
            self._arrange()
            self._relabel()
            self._update_view()

    def _size_toggle(self, ipw):
        toggle = ipw.ToggleButton(value=self.size == "large", layout=ipw.Layout(width="auto"))
        self._label(toggle, "description", p_("button", "Projector size"))
        self._label(toggle, "tooltip", _("larger cards, narration beside the table (fits 1280×720)"))
        toggle.observe(lambda change: self.set_size("large" if change["new"] else "normal"), names="value")
        return toggle

    def _arrange(self) -> None:
        raise NotImplementedError
