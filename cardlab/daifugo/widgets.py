"""Widgets particular to Daifugo: :class:`FinishGrid`, the forbidden-finish table (反則上がり) of the
jdf rules as a grid to explore.

Built like the shared widgets of :mod:`cardlab.widgets`: a plain Python object first, with a method
for every control that returns the text the learner reads, so a lesson prints it for nbval and a
test drives it without a browser; the ipywidgets view is built on first use of ``.widget``.

Every verdict comes from the engine's own rule, :func:`cardlab.daifugo.combos.forbidden_finish`,
and its words: the widget never restates which plays are forbidden.

    >>> grid = FinishGrid()
    >>> print(grid.pick("C8 D8", revolution=False))
    Last play: pair of 8s (8♣ 8♦), no revolution in force before it.
    Forbidden finish (反則上がり): it cuts with 8 (8切).
    With a revolution in force: forbidden finish (反則上がり): it cuts with 8 (8切).
"""

from __future__ import annotations

from html import escape
from typing import Iterable

from ..cards import CardError, parse_cards, plain, to_symbols
from ..engine import rules_word
from ..i18n import Later, Lines, Message, _, ors, p_, semicolons
from ..svg import HIGHLIGHT, jokers_equal
from ..widgets import ACCEPTED, INFO, REFUSED, VERDICT_COLOURS, lines_html, still_html, Widget
from .combos import Play, eight_cut, forbidden_finish, readings, starts_revolution
from .picture import daifugo_top_svg
from .rules import RULESETS, DaifugoRules
from .words import symbols

# The last plays the grid offers, in the order of the article's table: jokers, 2s, 3s, 8s, and a
# plain pair for contrast. Each has exactly one reading.
PLAYS = ("BJ", "S9 BJ", "S2", "HK HA H2", "S2 RJ", "S3", "H3", "S3 H3", "S3 H3 D3 C3",
         "H3 H4 H5", "D8", "C8 D8", "H7 H8 H9", "S9 H9")

COLUMNS = {False: p_("column", "no revolution"), True: p_("column", "revolution")}
LAST_PLAY = p_("column", "last play")
# What a cell holds (the verdict, or "?" while hidden), and the word a learner reads for it.
CLEAN, FORBIDDEN, UNSEEN = "clean", "forbidden", "?"
CELL_WORDS = {CLEAN: p_("finish", "clean"), FORBIDDEN: p_("finish", "forbidden"), UNSEEN: UNSEEN}

class FinishGrid(Widget):
    """The forbidden-finish table as a grid: one row per last play (``plays``, each in the card
    notation, by default :data:`PLAYS`), one column for "no revolution in force" and one for "a
    revolution in force", both meaning the state before the last play. Picking a cell
    (:meth:`pick`) reveals it and says whether that play, as a player's last, is a clean finish or
    a forbidden one (反則上がり) and why, with the engine's reasons; the toggle
    (:meth:`set_revolution`) switches the state; :meth:`judge` takes any last play typed in;
    :meth:`reveal` shows every cell and :meth:`reset` hides them again.

    ``rules`` is a rule set or its name (``"jdf"``). Raises ``ValueError`` for a play that is no
    combination, names a card twice or can be read in more than one way."""

    def __init__(self, plays: Iterable[str] = PLAYS, rules: DaifugoRules | str = "jdf"):
        if isinstance(rules, str):
            if rules not in RULESETS:
                raise ValueError(f"daifugo has no rule set {rules!r} ({', '.join(RULESETS)})")
            rules = RULESETS[rules]
        self.rules = rules
        self.rows: list[Play] = []
        for text in plays:
            play, why = self._read(text)
            if play is None:
                raise ValueError(f"{text!r}: {why}")
            self.rows.append(play)
        if not self.rows:
            raise ValueError("a grid needs at least one last play")
        self.revealed: set[tuple[int, bool]] = set()
        self.row: int | None = None
        self.play: Play | None = None
        self.revolution = False
        self._message = ""
        self._verdict = INFO

    # The rule, asked of the engine.

    def _read(self, text: str) -> tuple[Play | None, str | Message]:
        """The one combination ``text`` makes, or ``None`` and why not (the engine's reason where it
        gives one)."""
        try:
            tokens = parse_cards(text)
        except CardError as exc:
            return None, Later(str, exc)  # read in the language of the moment
        named = [plain(t) for t in tokens]
        twice = sorted({c for c in named if named.count(c) > 1})
        if twice:
            return None, _("{card} is named twice; there is only one {card}", card=twice[0])
        plays, why = readings(tokens, self.rules)
        if not plays:
            return None, why
        if len(plays) > 1:
            options = ors(" ".join(str(c) for c in p.cards) for p in plays)
            return None, _("the jokers could stand for different cards; write which with '=': {options}",
                           options=options)
        return plays[0], ""

    def reasons(self, play: Play, revolution: bool) -> list[Message]:
        """Why ``play`` may not be a last play with ``revolution`` in force before it (the
        engine's reasons); empty for a clean finish."""
        return forbidden_finish(play, self.rules, revolution, eight_cut(play, self.rules))

    def cell(self, row: int, revolution: bool) -> str:
        """``"clean"`` or ``"forbidden"``: the verdict of grid row ``row`` in that column."""
        return FORBIDDEN if self.reasons(self._row(row), revolution) else CLEAN

    def _verdict_line(self, play: Play, revolution: bool, first: bool = False) -> Message:
        """The verdict in a few words; ``first``: as the first words of a line (capitalised)."""
        reasons = self.reasons(play, revolution)
        if reasons:
            if first:
                return _("Forbidden finish (反則上がり): {reasons}.", reasons=semicolons(reasons))
            return _("forbidden finish (反則上がり): {reasons}.", reasons=semicolons(reasons))
        if not self.rules.forbidden_finishes:
            if first:
                return _("Clean finish: {rules} has no forbidden finishes.", rules=rules_word(self.rules))
            return _("clean finish: {rules} has no forbidden finishes.", rules=rules_word(self.rules))
        if first:
            return _("Clean finish: no forbidden-finish rule applies to it.")
        return _("clean finish: no forbidden-finish rule applies to it.")

    def explain(self, play: Play, revolution: bool) -> Message:
        """The verdict on ``play`` as a last play, as the learner reads it: the play and the state
        before it, the verdict and the engine's reasons, the same play in the other state, and
        whether the play itself starts or ends a revolution."""
        other = self._verdict_line(play, not revolution)
        if revolution:
            said = [_("Last play: {play}, a revolution in force before it.", play=play),
                    self._verdict_line(play, revolution, first=True),
                    _("With no revolution in force: {verdict}", verdict=other)]
        else:
            said = [_("Last play: {play}, no revolution in force before it.", play=play),
                    self._verdict_line(play, revolution, first=True),
                    _("With a revolution in force: {verdict}", verdict=other)]
        if starts_revolution(play, self.rules):
            said.append(_("The play ends the revolution itself, but a last play is judged by the state before it.")
                        if revolution else
                        _("The play starts a revolution itself, but a last play is judged by the state before it."))
        return symbols(Lines(said))

    # The controls.

    @property
    def message(self) -> str | Message:
        """What the grid says now: the last verdict, or what :meth:`reveal` said."""
        return self._message

    def _row(self, row: int | str) -> Play:
        return self.rows[self._index(row)]

    def _index(self, row: int | str) -> int:
        if isinstance(row, str):
            play, why = self._read(row)
            if play is None or play not in self.rows:
                known = "; ".join(" ".join(str(c) for c in p.cards) for p in self.rows)
                raise ValueError(f"{row!r} is not a row of the grid ({known})")
            return self.rows.index(play)
        if isinstance(row, bool) or not isinstance(row, int) or not 0 <= row < len(self.rows):
            raise ValueError(f"there is no row {row!r}: rows are numbered 0 to {len(self.rows) - 1}")
        return row

    def _say(self, text: str | Message, verdict: str) -> str | Message:
        self._message, self._verdict = text, verdict
        self._refresh()
        return text

    def _show(self) -> str:
        if self.row is not None:
            self.revealed.add((self.row, self.revolution))
        forbidden = bool(self.reasons(self.play, self.revolution))
        return self._say(self.explain(self.play, self.revolution), REFUSED if forbidden else ACCEPTED)

    def pick(self, row: int | str, revolution: bool | None = None) -> Message:
        """Pick a cell: grid row ``row`` (its number from 0, or its cards such as ``"C8 D8"``) in
        the column of ``revolution`` (``None``: the column picked now). Reveals the cell and
        returns the verdict. Raises ``ValueError`` for a row the grid does not have."""
        self.row = self._index(row)
        self.play = self.rows[self.row]
        if revolution is not None:
            self.revolution = bool(revolution)
        return self._show()

    def set_revolution(self, on: bool) -> Message:
        """The toggle: the state before the last play, a revolution in force or not. Returns the
        verdict on the play picked now in that state (revealing its cell), or a line asking to
        pick one."""
        self.revolution = bool(on)
        if self.play is None:
            return self._say(_("Now judging with a revolution in force before the last play: pick one.")
                             if self.revolution else
                             _("Now judging with no revolution in force before the last play: pick one."), INFO)
        return self._show()

    def judge(self, cards: str, revolution: bool | None = None) -> Message:
        """Judge any last play typed in the card notation (``"S8 H8"``, ``"S9 BJ=9"``; ``"8♠"`` is
        read too), in the state of ``revolution`` (``None``: the one picked now). A play that is
        no combination gets the engine's reason, and nothing else changes."""
        play, why = self._read(cards)
        if play is None:
            return self._say(symbols(_("Not a combination: {why}", why=why)), REFUSED)
        self.play = play
        self.row = self.rows.index(play) if play in self.rows else None
        if revolution is not None:
            self.revolution = bool(revolution)
        return self._show()

    def reveal(self) -> Message:
        """Reveal every cell; returns how many are forbidden (:meth:`table` has the whole grid as
        text)."""
        self.revealed = {(i, r) for i in range(len(self.rows)) for r in (False, True)}
        forbidden = sum(self.cell(i, r) == FORBIDDEN for i, r in self.revealed)
        return self._say(_("Every cell is shown: {forbidden} of {cells} are forbidden finishes. Click one to see "
                           "why.", forbidden=forbidden, cells=len(self.revealed)), INFO)

    def reset(self) -> None:
        """Hide every cell again and forget the pick."""
        self.revealed.clear()
        self.row, self.play, self.revolution = None, None, False
        self._say("", INFO)

    def table(self) -> Message:
        """The whole grid as text, every cell shown: one row per last play (read in the current
        language)."""
        return Later(self._table)

    def _table(self) -> str:
        labels = [to_symbols(str(p)) for p in self.rows]
        words = {verdict: str(word) for verdict, word in CELL_WORDS.items()}
        first, second = str(LAST_PLAY), str(COLUMNS[False])
        width = max(len(label) for label in labels + [first])
        middle = max(len(word) for word in (second, *words.values()))
        head = f"{first:<{width}} | {second:<{middle}} | {COLUMNS[True]}"
        rows = [head, "-" * len(head)]
        for i, label in enumerate(labels):
            rows.append(f"{label:<{width}} | {words[self.cell(i, False)]:<{middle}} | {words[self.cell(i, True)]}")
        return "\n".join(rows)

    def picture(self) -> str:
        """The SVG of the last play picked (jokers with what they stand for); ``""`` before any
        pick. The jokers are drawn as the rules rank them (:func:`~cardlab.svg.jokers_equal`)."""
        if self.play is None:
            return ""
        with jokers_equal(self.rules.jokers_equal):
            return daifugo_top_svg(self.play.cards, None, width=48)

    def __repr__(self) -> str:
        picked = to_symbols(" ".join(str(c) for c in self.play.cards)) if self.play else "nothing"
        state = "a revolution in force" if self.revolution else "no revolution in force"  # for programmers
        return (f"<FinishGrid {self.rules.name}: {len(self.rows)} last plays, {len(self.revealed)} of "
                f"{2 * len(self.rows)} cells shown; picked {picked}, {state}>")

    def static_html(self) -> str:
        left = ' style="text-align:left"'
        words = {verdict: escape(str(word)) for verdict, word in CELL_WORDS.items()}
        rows = "".join(f"<tr><td{left}>{escape(to_symbols(str(p)))}</td><td{left}>{words[self.cell(i, False)]}</td>"
                       f"<td{left}>{words[self.cell(i, True)]}</td></tr>" for i, p in enumerate(self.rows))
        return still_html(str(_("Forbidden finishes (反則上がり)")),
                          f"<table><tr><th{left}>{escape(str(LAST_PLAY))}</th><th{left}>{escape(str(COLUMNS[False]))}</th>"
                          f"<th{left}>{escape(str(COLUMNS[True]))}</th></tr>{rows}</table>")

    # The view.

    def _build(self, ipw):
        # The words are read as the view is built, in the language of that moment.
        self._toggle = ipw.ToggleButtons(options=[(str(p_("button", "No revolution")), False),
                                                  (str(p_("button", "Revolution in force")), True)],
                                         value=self.revolution, style={"button_width": "auto"})
        self._toggle.observe(lambda change: self._on_toggle(change["new"]), names="value")
        cells = [ipw.HTML(f"<b>{escape(str(LAST_PLAY))}</b>"), ipw.HTML(f"<b>{escape(str(COLUMNS[False]))}</b>"),
                 ipw.HTML(f"<b>{escape(str(COLUMNS[True]))}</b>")]
        self._cells: dict[tuple[int, bool], object] = {}
        for i, play in enumerate(self.rows):
            label = to_symbols(str(play))
            cells.append(ipw.HTML(escape(label)))
            for revolution in (False, True):
                tooltip = (_("{play} as a last play, a revolution in force before it", play=label) if revolution
                           else _("{play} as a last play, no revolution in force before it", play=label))
                button = ipw.Button(tooltip=str(tooltip), layout=ipw.Layout(width="8.5em"))
                button.on_click(lambda _b, i=i, revolution=revolution: self.pick(i, revolution))
                self._cells[(i, revolution)] = button
                cells.append(button)
        grid = ipw.GridBox(cells, layout=ipw.Layout(grid_template_columns="max-content 8.5em 8.5em",
                                                    grid_gap="2px 12px", align_items="center"))
        # Judged on Enter (or leaving the box), as well as by the button.
        self._own = ipw.Text(placeholder="S8 H8, 9♠ BJ=9 ...", description=str(p_("label", "Your play")),
                             continuous_update=False, layout=ipw.Layout(width="22em"))
        judge = ipw.Button(description=str(p_("button", "Judge")),
                           tooltip=str(_("judge the cards typed as a last play")), layout=ipw.Layout(width="auto"))
        judge.on_click(lambda _b: self.judge(self._own.value))
        self._own.observe(lambda change: self.judge(change["new"]) if change["new"].strip() else None,
                          names="value")
        reveal = ipw.Button(description=str(p_("button", "Reveal all")), layout=ipw.Layout(width="auto"))
        reveal.on_click(lambda _b: self.reveal())
        hide = ipw.Button(description=str(p_("button", "Hide all")), layout=ipw.Layout(width="auto"))
        hide.on_click(lambda _b: self.reset())
        self._picture = ipw.HTML()
        self._picture.add_class("cardlab-picture")
        self._verdict_html = ipw.HTML()
        self._verdict_html.add_class("cardlab-verdict")
        # The verdict beside the grid, so that it is on screen with the cell just clicked.
        verdict = ipw.VBox([self._picture, self._verdict_html],
                           layout=ipw.Layout(flex="1 1 16em", min_width="16em", margin="0 0 0 16px"))
        heading = _("Forbidden finishes (反則上がり): pick a last play and the state before it")
        box = ipw.VBox([ipw.HTML(f"<b>{escape(str(heading))}</b>"),
                        ipw.HBox([ipw.HTML(escape(str(_("Before the last play:"))) + "&nbsp;"), self._toggle],
                                 layout=ipw.Layout(align_items="center")),
                        ipw.HBox([self._own, judge, reveal, hide], layout=ipw.Layout(flex_flow="row wrap")),
                        ipw.HBox([grid, verdict], layout=ipw.Layout(align_items="flex-start"))])
        box.add_class("cardlab-finish-grid")
        return box

    _syncing = False

    def _on_toggle(self, value: bool) -> None:
        if not self._syncing and value != self.revolution:
            self.set_revolution(value)

    def _update_view(self) -> None:
        self._syncing = True  # the toggle follows the Python state; its observer must not echo
        self._toggle.value = self.revolution
        self._syncing = False
        for (i, revolution), button in self._cells.items():
            shown = (i, revolution) in self.revealed
            verdict = self.cell(i, revolution) if shown else UNSEEN
            button.description = str(CELL_WORDS[verdict])
            button.button_style = "" if not shown else "danger" if verdict == FORBIDDEN else "success"
            picked = self.row == i and self.revolution == revolution and self.play is not None
            button.layout.border = f"3px solid {HIGHLIGHT}" if picked else ""
        self._picture.value = self.picture()
        self._verdict_html.value = (lines_html(str(self._message), "cardlab-verdict-text",
                                                VERDICT_COLOURS[self._verdict]) if self._message else "")
