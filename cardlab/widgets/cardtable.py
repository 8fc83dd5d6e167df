"""The card table: a picture of the cards in which the learner touches the cards themselves.

:class:`CardTable` is an `anywidget <https://anywidget.dev>`_ widget. It shows ``svg``, a picture
drawn by :mod:`cardlab.svg` (every face-up card a group with ``data-card="S9"``); the cards whose
codes are in ``selectable`` become toggle buttons (focusable, ``role="button"``, ``aria-pressed``,
named by their card's name, "nine of spades"). A click, a tap or Space toggles a card: it is raised
and framed at once in the page, and ``selected`` (codes, in the order selected) follows in
Python. Enter sends "submit". Tab reaches the cards, ArrowLeft and ArrowRight move between them,
and the focus stays on the same card when a new picture replaces the old one. With nothing
selectable it is a still picture. Set to ``projector``, it makes room on the page for a table at
projector size: JupyterLab's left sidebar, if open, is folded away.

Its front end is ``cardtable.js`` and ``cardtable.css`` beside this file, shipped in the package:
nothing is fetched from elsewhere, so it works offline and in the JupyterLite site.

    >>> from cardlab import card
    >>> from cardlab.svg import card_row, svg_document
    >>> row, _ = card_row([card("S9"), card("H10")], 0, 0, 60)
    >>> table = CardTable(svg=svg_document(100, 100, "two cards", row), selectable=["S9", "H10"])
    >>> table.on_select(lambda codes: print("selected:", codes))
    >>> table.on_submit(lambda: print("submit"))
    >>> table.toggle("H10")          # what a click on 10♥ does
    selected: ['H10']
    >>> table.submit()               # what Enter does
    submit
    >>> table
    <CardTable 2 cards, selectable: S9 H10, selected: H10>
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

import anywidget
import traitlets

_HERE = Path(__file__).parent


class CardTable(anywidget.AnyWidget):
    """A picture whose ``selectable`` cards the learner selects by touching them.

    ``svg`` is the picture; ``selectable`` the codes of the cards that may be selected now;
    ``selected`` the codes selected, in the order selected (always selectable ones: a code that is
    not is dropped, as is every selected card that stops being selectable). :meth:`on_select` and
    :meth:`on_submit` register what to do when the learner changes the selection or presses Enter
    in the page; :meth:`toggle` and :meth:`submit` do the same from Python.

    Python owns everything but the selection: the page may only ask to select (``selected``,
    checked against Python's ``selectable``). Any other value it sends is ignored and Python's own
    sent back, so a page that rewrites ``selectable`` cannot make a card selectable."""

    # What the page may change: the selection, which the learner makes there.
    _FROM_PAGE = frozenset({"selected"})

    _esm = (_HERE / "cardtable.js").read_text(encoding="utf-8")
    _css = (_HERE / "cardtable.css").read_text(encoding="utf-8")

    svg = traitlets.Unicode("").tag(sync=True)
    selectable = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    # Projector size: the page makes room for the table (JupyterLab's left sidebar is folded away).
    projector = traitlets.Bool(False).tag(sync=True)

    def __init__(self, svg: str = "", selectable: Iterable[str] = (), selected: Iterable[str] = (), **kwargs):
        self._select_callbacks: list[Callable[[list[str]], None]] = []
        self._submit_callbacks: list[Callable[[], None]] = []
        super().__init__(svg=svg, selectable=list(selectable), selected=list(selected), **kwargs)
        self.on_msg(self._on_message)

    @traitlets.validate("selected")
    def _only_selectable(self, proposal) -> list[str]:
        allowed = set(self.selectable)
        chosen: list[str] = []
        for code in proposal["value"]:
            if code in allowed and code not in chosen:
                chosen.append(code)
        return chosen

    @traitlets.observe("selectable")
    def _drop_unselectable(self, change) -> None:
        allowed = set(change["new"])
        if any(code not in allowed for code in self.selected):
            self.selected = [code for code in self.selected if code in allowed]

    def on_select(self, callback: Callable[[list[str]], None]) -> None:
        """Call ``callback(codes)`` whenever the learner changes the selection in the page (or
        :meth:`toggle` does); never for a selection set from Python."""
        self._select_callbacks.append(callback)

    def on_submit(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the learner presses Enter on a card (or :meth:`submit` is
        called)."""
        self._submit_callbacks.append(callback)

    def toggle(self, code: str) -> None:
        """What a click on card ``code`` does: select it, or unselect it if it was selected; a card
        that is not selectable is ignored."""
        if code not in self.selectable:
            return
        chosen = [c for c in self.selected if c != code]
        self._learner_selected(chosen if len(chosen) < len(self.selected) else [*chosen, code])

    def submit(self) -> None:
        """What Enter does: call every :meth:`on_submit` callback."""
        for callback in self._submit_callbacks:
            callback()

    def set_state(self, sync_data) -> None:
        """A change made in the page (ipywidgets calls this for every update it receives): the
        selection; anything else the page sends is ignored, and Python's value sent back."""
        ignored = [name for name in sync_data if name not in self._FROM_PAGE and name in self.keys]
        super().set_state({name: value for name, value in sync_data.items() if name in self._FROM_PAGE})
        if ignored:
            self.send_state(ignored)
        if "selected" in sync_data:
            self._selected_by_learner()

    def _learner_selected(self, codes: list[str]) -> None:
        self.selected = codes
        self._selected_by_learner()

    def _selected_by_learner(self) -> None:
        for callback in self._select_callbacks:
            callback(list(self.selected))

    def _on_message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.submit()

    def __repr__(self) -> str:
        cards = self.svg.count(' data-card="')
        selectable = " ".join(self.selectable) or "-"
        selected = " ".join(self.selected) or "-"
        return f"<CardTable {cards} cards, selectable: {selectable}, selected: {selected}>"
