"""Widgets particular to Gan Deng Yan: :class:`BombCompare`, two plays side by side: may one go on
the other, may the other go on the one, and so which of them wins.

Built like the shared widgets of :mod:`cardlab.widgets`: a plain Python object first, with a method
for every control that returns the text the learner reads, so a lesson prints it for nbval and a
test drives it without a browser; the ipywidgets view is built on first use of ``.widget``.

Every word the learner reads is read in the current language when it is shown. Every verdict is
the engine's own rule and words, :func:`cardlab.gandengyan.combos.ruling` (and
:func:`~cardlab.gandengyan.combos.readings` for what the cards make): the widget never restates
which play beats which.

    >>> compare = BombCompare()
    >>> answer = compare.pick("S8 H8", "S5 H5 D5").splitlines()
    >>> print(answer[0])
    Three 5s (5♠ 5♥ 5♦) on pair of 8s (8♠ 8♥): beats it: a bomb beats any ordinary play.
    >>> print(answer[-1])
    Winner: three 5s (5♠ 5♥ 5♦).
"""

from __future__ import annotations

from html import escape
from typing import Iterable

from ..cards import CardError, StandIn, deck_set, parse_cards, plain
from ..engine import REASON_TITLES, rules_word
from ..i18n import N_, Capital, Lines, Message, _, ors, p_, semicolons
from ..svg import LABEL, MUTED, PAD, placed, stand_in_symbol, svg_document, svg_text, text_width
from ..widgets import ACCEPTED, INFO, REFUSED, VERDICT_COLOURS, Widget, lines_html, still_html
from .combos import Play, readings, ruling, show
from .rules import RULESETS, GanDengYanRules

# The plays the lists offer: the rows of the article's bomb table (section 四), a bomb made with a
# joker (4-4-joker), and ordinary plays to set against them, the 2s included. Each has one reading.
PLAYS = ("S8 H8", "S5 H5 D5", "SK HK DK", "SA HA DA", "S3 H3 D3 C3", "S2 H2 D2 C2", "BJ RJ",
         "S4 H4 BJ", "D8", "C9", "H10", "HA", "C2", "C2 D2", "S6 S7 S8", "H7 H8 H9")

# The article's bomb table, row by row: (the play on the table, the play put on it). In each row the
# play put on it wins.
ARTICLE_ROWS = (("S8 H8", "S5 H5 D5"), ("S5 H5 D5", "SK HK DK"), ("SA HA DA", "S3 H3 D3 C3"),
                ("S2 H2 D2 C2", "BJ RJ"))

# The two sides, and an empty choice (marked for the catalogs: read as _(TABLE) ...).
TABLE, PLAYED = N_("on the table"), N_("played on it")
NOTHING = N_("(choose)")


def _same(play: Play):
    """What makes two plays the same combination, whatever order their cards were written in."""
    return play.kind, play.place, frozenset(play.cards)


class BombCompare(Widget):
    """Two plays compared as Gan Deng Yan compares them: the play on the table and the play put on
    it. Choose each from the list (:meth:`set_table`, :meth:`set_played`, or both at once with
    :meth:`pick`), or type any two (:meth:`judge`); :meth:`swap` exchanges them. The answer says
    whether the play put on it beats the play on the table and why, then the other way round, then
    the winner (or neither: a bigger play that is not exactly one rank higher, a 2 or a bomb beats
    nothing). :meth:`article` judges the rows of the article's bomb table.

    Plays are combinations, not hands: the two may share cards. A joker with several readings
    (``8♠ 9♥ BJ``) must be written out (``BJ=10``). ``rules`` is a rule set or its name
    (``"yiqi"``; under ``"jj"`` there is no joker bomb and the wild cards are ``W1``-``W6``).
    Raises ``ValueError`` for a listed play that is not exactly one combination."""

    def __init__(self, plays: Iterable[str] = PLAYS, rules: GanDengYanRules | str = "yiqi"):
        if isinstance(rules, str):
            if rules not in RULESETS:
                raise ValueError(f"gandengyan has no rule set {rules!r} ({', '.join(RULESETS)})")
            rules = RULESETS[rules]
        self.rules = rules
        self.plays: list[Play] = []
        for text in plays:
            play, why = self.read(text)
            if play is None:
                raise ValueError(f"{text!r}: {why}")
            self.plays.append(play)
        if not self.plays:
            raise ValueError("a comparison needs at least one play to choose from")
        self.table: Play | None = None
        self.played: Play | None = None
        self._message = ""
        self._verdict = INFO

    # The rule, asked of the engine.

    def read(self, text: str) -> tuple[Play | None, Message | str]:
        """The one combination ``text`` makes (cards as ``S8 H8`` or ``8♠ 8♥``), or ``None`` and why
        not, in the engine's words where it gives them."""
        try:
            tokens = parse_cards(text)
        except CardError as exc:
            return None, str(exc)
        named = [plain(t) for t in tokens]
        for c in named:
            if named.count(c) > 1:
                return None, _("{card} is named twice; there is only one {card}", card=c.symbol)
            if c not in deck_set(self.rules.deck_name):
                return None, _("{card} is not a card of the {rules} deck", card=c.symbol, rules=rules_word(self.rules))
        plays, refusal = readings(tokens, self.rules)
        if refusal is not None:
            return None, _("refused: {title}. {why}", title=refusal.title, why=refusal.explanation)
        if len(plays) > 1:
            options = ors(show(p.cards) for p in plays)
            return None, _("the {wilds} could stand for different ranks; write which with '=': {options}",
                           wilds=self.rules.wild_words, options=options)
        return plays[0], ""

    @staticmethod
    def beats(played: Play, table: Play) -> bool:
        """Whether ``played`` may go on ``table`` (the engine's :func:`ruling`)."""
        return ruling(played, table)[0] is None

    def line(self, played: Play, table: Play) -> Message:
        """``played`` put on ``table``, in one line: beats it and why, or refused with the reason's
        title and the engine's explanation (its code is for teachers: a scenario's ``reject``)."""
        code, why = ruling(played, table)
        if code is None:
            return _("{played} on {table}: beats it: {why}.", played=played, table=table, why=why)
        return _("{played} on {table}: refused: {title}. {why}", played=played, table=table,
                 title=REASON_TITLES[code], why=why)

    def explain(self, table: Play, played: Play) -> Message:
        """The answer the learner reads for ``played`` put on ``table``: that way round, the other
        way round, and the winner."""
        lines = [Capital(self.line(played, table)),
                 _("The other way round, {line}", line=self.line(table, played))]
        if self.beats(played, table):
            lines.append(_("Winner: {play}.", play=played))
        elif self.beats(table, played):
            lines.append(_("Winner: {play}.", play=table))
        else:
            lines.append(_("Winner: neither; each is refused on the other."))
        return Lines(lines)

    # The controls.

    @property
    def message(self) -> Message | str:
        """What the widget says now."""
        return self._message

    def _say(self, text: Message | str, verdict: str) -> Message | str:
        self._message, self._verdict = text, verdict
        self._refresh()
        return text

    def _listed(self, choice: int | str) -> Play:
        if isinstance(choice, str):
            play, _why = self.read(choice)
            index = self._index(play)
            if index is None:
                listed = "; ".join(show(p.cards) for p in self.plays)
                raise ValueError(f"{choice!r} is not one of the listed plays ({listed})")
            return self.plays[index]
        if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < len(self.plays):
            raise ValueError(f"there is no play {choice!r}: the plays are numbered 0 to {len(self.plays) - 1}")
        return self.plays[choice]

    def _index(self, play: Play | None) -> int | None:
        """The number of ``play`` in the lists, or ``None`` when it is not listed."""
        if play is not None:
            for i, listed in enumerate(self.plays):
                if _same(listed) == _same(play):
                    return i
        return None

    def _show(self) -> str:
        if self.table is None or self.played is None:
            return self._say(_("Now choose the play on the table.") if self.table is None
                             else _("Now choose the play to put on it."), INFO)
        return self._say(self.explain(self.table, self.played),
                         ACCEPTED if self.beats(self.played, self.table) else REFUSED)

    def set_table(self, choice: int | str) -> Message:
        """The list "on the table": choose play ``choice`` (its number from 0, or its cards such as
        ``"S8 H8"``). Returns the answer, or a line asking for the other play. Raises
        ``ValueError`` for a play the list does not have."""
        self.table = self._listed(choice)
        return self._show()

    def set_played(self, choice: int | str) -> Message:
        """The list "played on it", as :meth:`set_table`."""
        self.played = self._listed(choice)
        return self._show()

    def pick(self, table: int | str, played: int | str) -> Message:
        """Both lists at once: ``played`` put on ``table``."""
        self.table, self.played = self._listed(table), self._listed(played)
        return self._show()

    def swap(self) -> Message:
        """Exchange the two plays: the one on the table is now put on the other."""
        self.table, self.played = self.played, self.table
        return self._show()

    def judge(self, table: str, played: str) -> Message:
        """Any two plays typed in the card notation (``"S8 H8"``, ``"8♠ 8♥"``, ``"S4 H4 BJ=4"``):
        ``played`` put on ``table``. A play that is no single combination gets the engine's reason,
        and nothing else changes."""
        found = []
        for side, text in ((TABLE, table), (PLAYED, played)):
            play, why = self.read(text)
            if play is None:
                return self._say(_("The play on the table: {why}", why=why) if side == TABLE
                                 else _("The play played on it: {why}", why=why), REFUSED)
            found.append(play)
        self.table, self.played = found
        return self._show()

    def article(self) -> Message:
        """The rows of the article's bomb table (section 四), each judged by the engine."""
        rows = [Capital(self.line(self.read(played)[0], self.read(table)[0]))
                for table, played in ARTICLE_ROWS]
        return self._say(Lines([_("The article's bomb table, judged by the engine:"), *rows]), INFO)

    def reset(self) -> None:
        """Forget both plays and the answer."""
        self.table = self.played = None
        self._say("", INFO)

    # Display.

    def picture(self) -> str:
        """The two plays side by side, each under its label (a stand-in with "as 4" under it);
        ``""`` before any play is chosen."""
        if self.table is None and self.played is None:
            return ""
        width, step = 44, 44 * 1.08
        x, parts, names, height = PAD, [], [], 0.0
        for side, play in ((TABLE, self.table), (PLAYED, self.played)):
            label = _(side)
            caption = str(_("{side}: {play}", side=label, play=play.name()) if play
                          else _("{side}: {play}", side=label, play=_(NOTHING)))
            parts.append(svg_text(x, PAD + LABEL, caption, LABEL, anchor="start", weight="bold"))
            top = PAD + LABEL + 8
            tokens = play.cards if play else ()
            for i, token in enumerate(tokens):
                left = x + i * step
                parts.append(placed(plain(token), left, top, width))
                if isinstance(token, StandIn):
                    parts.append(svg_text(left + width / 2, top + width * 1.4 + 14,
                                          str(_("as {card}", card=stand_in_symbol(token))), 12, MUTED))
            names.append(_("{side}: {play}", side=label, play=play) if play
                         else _("{side}: nothing", side=label))
            height = max(height, top + width * 1.4 + 22)
            x += max(len(tokens) * step, text_width(caption, LABEL)) + 3 * PAD
        return svg_document(x - 2 * PAD, height + PAD, str(semicolons(names)), "".join(parts))

    def __repr__(self) -> str:
        table = show(self.table.cards) if self.table else "nothing"
        played = show(self.played.cards) if self.played else "nothing"
        return (f"<BombCompare {self.rules.name}: {len(self.plays)} plays; {TABLE}: {table}, "
                f"{PLAYED}: {played}>")

    def static_html(self) -> str:
        left = ' style="text-align:left"'
        # The columns in the order of the lists and the picture: the play on the table, then the play
        # put on it (the lesson's copy of the article's table reads the same way).
        rows = "".join(f"<tr><td{left}>{escape(str(self.read(table)[0]))}</td>"
                       f"<td{left}>{escape(str(self.read(played)[0]))}</td></tr>"
                       for table, played in ARTICLE_ROWS)
        intro = _("The article's bomb table: each play on the right beats the play on the left.")
        heads = "".join(f"<th{left}>{escape(str(_(side)), quote=False)}</th>" for side in (TABLE, PLAYED))
        return still_html(str(_("Which play beats which")),
                          f"<p>{escape(str(intro), quote=False)}</p><table><tr>{heads}</tr>{rows}</table>")

    # The view.

    def _build(self, ipw):
        self._menus = {}
        for side in (TABLE, PLAYED):
            menu = ipw.Dropdown(options=self._options(), value=None, style={"description_width": "initial"},
                                layout=ipw.Layout(width="auto"))
            menu.observe(lambda change, side=side: self._on_menu(side, change["new"]), names="value")
            self._menus[side] = menu
        self._swap = ipw.Button(layout=ipw.Layout(width="auto"))
        self._swap.on_click(lambda _b: self.swap())
        self._typed = {side: ipw.Text(placeholder="8♠ 8♥" if side == TABLE else "5♠ 5♥ 5♦",
                                      style={"description_width": "initial"}, layout=ipw.Layout(width="17em"))
                       for side in (TABLE, PLAYED)}
        self._compare = ipw.Button(layout=ipw.Layout(width="auto"))
        self._compare.on_click(lambda _b: self.judge(self._typed[TABLE].value, self._typed[PLAYED].value))
        self._article = ipw.Button(layout=ipw.Layout(width="auto"))
        self._article.on_click(lambda _b: self.article())
        self._picture = ipw.HTML()
        self._picture.add_class("cardlab-picture")
        self._verdict_html = ipw.HTML()
        self._verdict_html.add_class("cardlab-verdict")
        self._heading, self._or_type = ipw.HTML(), ipw.HTML()
        row = ipw.Layout(flex_flow="row wrap", align_items="center")
        box = ipw.VBox([self._heading,
                        ipw.HBox([self._menus[TABLE], self._menus[PLAYED], self._swap], layout=row),
                        ipw.HBox([self._or_type, self._typed[TABLE], self._typed[PLAYED], self._compare,
                                  self._article], layout=row),
                        self._picture, self._verdict_html])
        box.add_class("cardlab-bomb-compare")
        return box

    def _options(self) -> list[tuple[str, int | None]]:
        """The lists' entries as they read now: "(choose)", then every play."""
        return [(str(_(NOTHING)), None)] + [(str(p), i) for i, p in enumerate(self.plays)]

    def _label_view(self) -> None:
        """Every label of the view, in the current language (read again at each redrawing)."""
        options = self._options()
        for side in (TABLE, PLAYED):
            self._menus[side].description = self._typed[side].description = str(Capital(_(side)))
            if list(self._menus[side].options) != options:
                self._menus[side].options = options  # after a change of language; the value is set again
        self._swap.description = str(p_("button", "Swap"))
        self._swap.tooltip = str(_("put the play on the table on the other one"))
        self._compare.description = str(p_("button", "Compare"))
        self._compare.tooltip = str(_("compare the two plays typed"))
        self._article.description = str(p_("button", "The article's table"))
        self._article.tooltip = str(_("the rows of the article's bomb table"))
        heading = _("Which play beats which: choose a play on the table and a play put on it, or type them")
        self._heading.value = f"<b>{escape(str(heading), quote=False)}</b>"
        or_type = _("Or type:")
        self._or_type.value = f"{escape(str(or_type), quote=False)}&nbsp;"

    _syncing = False

    def _on_menu(self, side: str, index) -> None:
        if self._syncing or index is None:
            return
        if self._index(self.table if side == TABLE else self.played) != index:
            (self.set_table if side == TABLE else self.set_played)(index)

    def _update_view(self) -> None:
        self._syncing = True  # the lists follow the Python state; their observers must not echo
        self._label_view()
        for side, play in ((TABLE, self.table), (PLAYED, self.played)):
            self._menus[side].value = self._index(play)
        self._syncing = False
        self._picture.value = self.picture()
        self._verdict_html.value = (lines_html(str(self._message), "cardlab-verdict-text",
                                               VERDICT_COLOURS[self._verdict]) if self._message else "")
