"""A card table a learner acts at: what the try-it table (:class:`~cardlab.widgets.TryIt`) and the
game table (:class:`~cardlab.widgets.Table`) share.

:class:`ActingTable` holds a position and the seat the learner acts for: the cards selected by
clicking them in the picture (the card table front end, :class:`~cardlab.widgets.cardtable.CardTable`),
the readings of jokers and wild cards, a button for each verb, Enter on the cards, a move typed in
the notation, and the verdict. Each table adds its own: who may act, what a verdict says and where,
and the controls around them.

A refused action's verdict keeps the engine's :class:`~cardlab.engine.Refusal` (:class:`RefusalLine`),
so that the reason code is drawn from it, in small print with a tooltip for teachers."""

from __future__ import annotations

import string
from html import escape

from ..cards import Card, StandIn, format_cards, parse_token, plain
from ..engine import REFUSAL_TEXT, Action, NotationError, Refusal, State
from ..i18n import N_, Lines, Message, _, p_, shown
from ..registry import game_of
from ..svg import state_svg
from .args import WidgetError, flag, whole_number
from .base import (ACCEPTED, INFO, SIZES, VERDICT_COLOURS, SizedWidget, chosen_size, large_buttons, lay_out,
                   markup_lines, moved_cards, position_text, table_size)

# In English; shown as _(SELECT_FIRST), in the language current then.
SELECT_FIRST = N_("Select a card first.")


def takes_cards(state: State, verb: str) -> bool:
    """Whether ``verb`` of ``state``'s game names cards (attack, defend, play, give; not take or
    pass)."""
    want = state.VERBS.get(verb, 0)
    return (want if isinstance(want, int) else want[1]) > 0


class RefusalLine(Message):
    """A refused action's verdict line, as the learner reads it (:meth:`Refusal.text
    <cardlab.engine.Refusal.text>`), keeping the refusal itself for the verdict's picture
    (:func:`verdict_html`)."""

    __slots__ = ("refusal",)

    def __init__(self, refusal: Refusal):
        super().__init__("")
        self.refusal = refusal

    def __str__(self) -> str:
        return str(self.refusal.text())

    def __reduce__(self):
        return (RefusalLine, (self.refusal,))


def _fill(template: str, **markup: str) -> str:
    """``template`` (a message's text, its placeholders unfilled) as HTML: its own words escaped,
    each ``{name}`` filled with ``markup[name]``."""
    return "".join(escape(words) + ("" if name is None else markup[name])
                   for words, name, _spec, _conversion in string.Formatter().parse(template))


def _refusal_html(refusal: Refusal, learner) -> str:
    """The refusal's line as HTML: its reason, then its code in small print with a tooltip for
    teachers."""
    tip = escape(str(_("the reason code of the scenario contract")), quote=True)
    code = (f'<small class="cardlab-code" style="color:#666666" title="{tip}">'
            f'{escape(learner(str(refusal.code_note())))}</small>')
    return _fill(str(_(REFUSAL_TEXT)), reason=escape(learner(str(refusal.reason()))), code=code)


def _holds_refusal(text) -> bool:
    return isinstance(text, RefusalLine) or (isinstance(text, Lines) and any(map(_holds_refusal, text.parts)))


def said_html(text, learner=str) -> str:
    """``text`` (a string or a message, read now) as HTML, its lines kept, cards and seats as
    ``learner`` writes them (a position's ``learner_text``; a :class:`~cardlab.scenario.Lines`
    with a position writes its own so); each :class:`RefusalLine` in it with its reason code in
    small print."""
    if isinstance(text, RefusalLine):
        return _refusal_html(text.refusal, learner)
    if not _holds_refusal(text):
        return escape(learner(str(text)))
    if getattr(text, "state", None) is not None:
        learner = text.state.learner_text
    parts = (said_html(part, learner) for part in text.parts)
    return escape(text.sep).join(part for part in parts if part)


def verdict_html(text, verdict: str, learner=str) -> str:
    """A verdict (:func:`said_html`) as HTML, in its colour, the first line in bold."""
    return markup_lines(said_html(text, learner), "cardlab-verdict-text", VERDICT_COLOURS[verdict])


class ActingTable(SizedWidget):
    """A position the learner acts at as seat :attr:`_player`: the selection, the readings of
    jokers and wild cards, the verbs, Enter on the cards and typed moves, the verdict, and the view
    of it all. A subclass says who acts and what the verdict says (:meth:`press`,
    :meth:`type_move`, :meth:`picture`, :meth:`_verdict_markup`) and adds its own controls."""

    def __init__(self, state: State, player: str, four_colour: bool = False, size: str | None = None):
        self.four_colour = flag(four_colour, "four_colour")
        self.size = chosen_size(size)
        self._state = state
        self._player = player
        self.verbs = state.verbs()
        self._selected: list[Card | StandIn] = []
        self._reading: Action | None = None
        self._last_verb: str | None = None
        self._moved: frozenset[Card] = frozenset()
        self._verdict = INFO
        self._pictures: dict = {}

    @property
    def state(self) -> State:
        """The position played (the whole position, every hand in it)."""
        return self._state

    @property
    def selected(self) -> tuple:
        """The selected cards, in the order selected (stand-ins as written to :meth:`select`)."""
        return tuple(self._selected)

    def selectable(self) -> list[Card]:
        """The cards that can be selected now: the seat's hand, then any table cards an action
        may name."""
        spec = game_of(self._state)
        return spec.hand_order(self._state, self._state.hands[self._player]) + list(spec.table_cards(self._state))

    def select(self, *cards: Card | StandIn | str) -> None:
        """Make ``cards`` (cards, stand-ins, or their notation such as ``"D5"`` or ``"BJ=5"``) the
        selection, in this order; no argument clears it. Raises ``CardError`` for bad notation or
        anything that is not a card."""
        chosen = [c if isinstance(c, (Card, StandIn)) else parse_token(c) for c in cards]
        if chosen != self._selected:
            self._new_selection()
        self._selected = chosen
        self._reading = None
        self._refresh()

    def _new_selection(self) -> None:
        """The learner changed the selection: a new move begins (a subclass clears the verdict
        of the last one)."""

    def _select_codes(self, codes: list[str]) -> None:
        """The selection made in the picture (card codes, in the order selected); a stand-in
        already written for a card that stays selected is kept. The page only asks: a code that is
        not one of :meth:`selectable`'s is ignored."""
        offered = {c.code: c for c in self.selectable()}
        written = {plain(t).code: t for t in self._selected}
        chosen = [written.get(code) or offered[code] for code in codes if code in offered]
        if chosen != self._selected:
            self._new_selection()
            self._selected = chosen
            self._reading = None
            self._refresh()

    def readings(self) -> list[Action]:
        """The legal actions of the seat that use exactly the selected cards, with every joker or
        wild card's stand-in written out: more than one when the selection can be read several
        ways."""
        chosen = sorted(plain(t) for t in self._selected)
        if not chosen:
            return []
        return [a for a in self._state.legal_actions()
                if a.player == self._player and sorted(plain(t) for t in a.cards) == chosen]

    def reading_labels(self) -> list[str]:
        """:meth:`readings` in words, as the learner chooses between them: ``"as a run 3-4-5"``,
        ``"as three 3s"`` (the game's :meth:`~cardlab.game.Game.play_words`),
        each followed by its cards where two readings would read the same."""
        options = self.readings()
        # TRANSLATORS: a reading of jokers or wild cards in a selection: "as three 5s", "as a run 3-4-5".
        play_words = game_of(self._state).play_words
        labels = [str(p_("reading", "as {play}", play=play_words(self._state, a))) for a in options]
        # TRANSLATORS: a reading, and its cards where two readings would read the same.
        return [str(_("{reading} ({cards})", reading=label, cards=self._state.learner_text(format_cards(a.cards))))
                if labels.count(label) > 1 else label for label, a in zip(labels, options)]

    def choose_reading(self, index: int) -> str:
        """Use reading ``index`` of :meth:`readings` for the next verb pressed; returns it in words
        (:meth:`reading_labels`)."""
        options = self.readings()
        if not 0 <= whole_number(index, "the reading") < len(options):
            raise ValueError(f"there are {len(options)} readings of the selection, numbered from 0")
        label = self.reading_labels()[index]
        self._reading = options[index]
        self._refresh()
        return label

    def _arguments(self, verb: str) -> list:
        if not takes_cards(self._state, verb):
            return []
        if self._reading is not None and self._reading.verb == verb:
            return list(self._reading.cards)
        needs_reading = any(isinstance(t, Card) and t.is_wild for t in self._selected)
        if needs_reading:
            fitting = [a for a in self.readings() if a.verb == verb]
            if len(fitting) == 1:
                return list(fitting[0].cards)
        return self._state.arrange(verb, self._selected)

    def _move(self, player: str, verb: str) -> str:
        """The action of ``player`` doing ``verb`` with the selected cards, written in the notation."""
        verb = verb.lower()
        return " ".join([player, verb, *(str(c) for c in self._arguments(verb))])

    @property
    def enter_verb(self) -> str | None:
        """The verb that Enter on the cards plays: the verb that takes cards pressed last, while the
        seat being played may still use it; else the first verb that takes cards (in the order of
        the buttons) the seat has a legal action with; else the first verb that takes cards.
        ``None`` when no verb of the position takes cards, and once the game is over."""
        verbs = [v for v in self._state.verbs() if takes_cards(self._state, v)]
        if not verbs or self._state.is_over():
            return None
        usable = {a.verb for a in self._state.legal_actions() if a.player == self._player}
        if self._last_verb in verbs and self._last_verb in usable:
            return self._last_verb
        return next((v for v in verbs if v in usable), verbs[0])

    def _pressed(self, verb: str) -> bool:
        """Note that ``verb`` was pressed (:attr:`enter_verb`); ``True`` when it takes cards and
        none is selected, so that the learner is told :data:`SELECT_FIRST` instead."""
        verb = verb.lower()
        if not takes_cards(self._state, verb):
            return False
        self._last_verb = verb
        return not self._selected

    def _check_verb(self, verb) -> None:
        """A :class:`WidgetError` for a verb that is not text (a verb the game lacks is the
        engine's to refuse)."""
        if not isinstance(verb, str):
            example = shown(self._state.verbs()[0])
            raise WidgetError(f"the verb must be text, such as {example}, not {shown(verb)}")

    def _typed(self, text: str) -> str:
        """``text`` with the seat being played put first when it starts with a verb."""
        if not isinstance(text, str):
            raise WidgetError(f"a typed move must be text, such as {shown(self.typing_example() or 'A take')}, "
                              f"not {shown(text)}")
        words = text.split()
        if words and words[0].lower() in self._state.VERBS:
            return f"{self._player} {text}"
        return text

    def typing_example(self) -> str:
        """An example for the text box, written as a learner types it (``"A attack S8"``): the seat
        being played, a verb it may use now, and the first card of its hand, so that the example
        shows how a move is written without giving away which move to make."""
        actions = [a for a in self._state.legal_actions() if a.player == self._player]
        if not actions:
            return ""
        verb = next((a.verb for a in actions if a.cards), actions[0].verb)
        hand = game_of(self._state).hand_order(self._state, self._state.hands[self._player])
        cards = [str(hand[0])] if hand and takes_cards(self._state, verb) else []
        return " ".join([self._state.seat_letter(self._player), verb, *cards])

    def _parse(self, text: str) -> tuple[Action | None, Message | None]:
        """The action written ``text``, or why it is not one."""
        try:
            return self._state.parse_action(text), None
        except NotationError as exc:
            return None, _("Not an action: {reason}", reason=exc.reason)

    def _played(self, events) -> None:
        """After the seat's accepted action: the selection cleared, the cards it moved highlighted."""
        self._selected = []
        self._reading = None
        self._moved = moved_cards(events)

    def _choose_hint(self, verb: str) -> list[str]:
        """After a refusal: a line asking to choose a reading, when the selection has several."""
        if len([a for a in self.readings() if a.verb == verb]) > 1:
            return [str(_("Choose what they stand for in the list '{menu}'.", menu=self._jokers_as()))]
        return []

    @staticmethod
    def _jokers_as():
        # TRANSLATORS: the label of the list of readings of the jokers or wild cards selected.
        return p_("label", "Jokers as")

    def position(self) -> str:
        """The current position as text, as the learner reads it (cards as 9♠, seat letters)."""
        return position_text(self._state)

    def _draw(self, **view) -> str:
        """The position seen from the seat played, the cards of the last accepted move highlighted
        (the selection is marked by the card table in the page)."""
        return state_svg(self._state, bottom=self._player, highlight=self._moved, four_colour=self.four_colour,
                         width=SIZES[self.size], **view)

    # The view: the card table on the left; beside it the subclass's controls above
    # (:meth:`_controls_above`), the readings, the verbs and the subclass's buttons after them
    # (:meth:`_own_buttons`), the move box, the verdict, and the subclass's controls below.

    def _build(self, ipw):
        from .cardtable import CardTable

        self._ipw = ipw
        self._picture = CardTable()
        self._picture.add_class("cardlab-picture")
        self._picture.on_select(self._select_codes)
        self._picture.on_submit(self._on_enter)
        self._reading_menu = ipw.Dropdown(layout=ipw.Layout(width="auto"))
        self._label(self._reading_menu, "description", self._jokers_as())
        self._reading_menu.observe(self._on_reading, names="index")
        self._row_buttons = self._own_buttons(ipw)
        self._verb_row = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self._verb_buttons()
        # As wide as the column allows, up to 22 characters' room: never wider than the column.
        self._move_box = ipw.Text(layout=ipw.Layout(width="auto", max_width="22em"))
        self._move_box.add_class("cardlab-move")
        self._move_box.on_msg(self._on_move_box)
        self._verdict_html = ipw.HTML()
        self._verdict_html.add_class("cardlab-verdict")
        self._size_button = self._size_toggle(ipw)
        self._controls = ipw.VBox([self._size_button, *self._controls_above(ipw), self._reading_menu,
                                   self._verb_row, self._move_box, self._verdict_html, *self._controls_below(ipw)])
        self._row = ipw.HBox([self._picture, self._controls],
                             layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start"))
        box = ipw.VBox([self._row])
        self._arrange()
        return box

    def _own_buttons(self, ipw) -> list:
        """The buttons the subclass puts after the verbs."""
        return []

    def _controls_above(self, ipw) -> list:
        """The subclass's controls between the size toggle and the verbs."""
        return []

    def _controls_below(self, ipw) -> list:
        """The subclass's controls under the verdict."""
        return []

    def _verb_buttons(self) -> None:
        """A button for each verb the position has now (a phase may change them: Daifugo's
        exchange has only give), then the subclass's own buttons."""
        ipw = self._ipw
        self.verbs = self._state.verbs()
        self._forget_labels(getattr(self, "_verb_button", {}).values())
        self._verb_button = {}
        for verb in self.verbs:
            # TRANSLATORS: a verb button's tooltip; {verb} is the verb as a move is typed (attack, play).
            what = (_("{verb} with the selected cards", verb=verb) if takes_cards(self._state, verb)
                    else _("{verb} (no cards)", verb=verb))
            button = ipw.Button(layout=ipw.Layout(width="auto"))
            # The game's label (a learner who types a move uses the verb itself, as the tooltip shows).
            self._label(button, "description", game_of(self._state).verb_label(verb))
            self._label(button, "tooltip", what)
            button.on_click(lambda _button, verb=verb: self._on_verb(verb))
            self._verb_button[verb] = button
        self._verb_row.children = (*self._verb_button.values(), *self._row_buttons)
        large_buttons(self._verb_button.values(), self.size)

    def _arrange(self) -> None:
        """The table on the left, its size fixed by the widget's size; beside it, as high as the
        table, the controls, the verdict last, scrolling when it is longer than there is room for.
        Where the notebook is too narrow, the controls go under the table."""
        width, height = table_size(self.size)
        lay_out(self._picture, width=f"{width}px", height=f"{height}px", flex="0 0 auto")
        lay_out(self._controls, flex="1 1 270px", min_width="270px", margin="0 0 0 10px",
                **self._controls_height(height))
        # The verdict takes the room left and scrolls; the controls above it never shrink.
        for part in self._controls.children:
            lay_out(part, flex="0 0 auto")
        lay_out(self._verdict_html, flex=self._verdict_flex, min_height="0", overflow="auto")
        lay_out(self._size_button, align_self="flex-start")
        self._picture.projector = self.size == "large"
        large_buttons([*self._verb_button.values(), *self._row_buttons, self._size_button], self.size)

    _verdict_flex = "1 1 0"  # the verdict fills the column's room left

    @staticmethod
    def _controls_height(height: int) -> dict[str, str]:
        """The controls' column is exactly as high as the table."""
        return {"height": f"{height}px"}

    def _on_verb(self, verb: str) -> None:
        """A verb button pressed."""
        self.press(verb)

    def _on_enter(self) -> None:
        """Enter pressed on the cards: :attr:`enter_verb`, as if its button were pressed."""
        verb = self.enter_verb
        if verb is not None:
            self._on_verb(verb)

    def _on_typed(self, text: str) -> None:
        """A move typed in the text box."""
        self.type_move(text)

    def _on_move_box(self, _widget, content, _buffers) -> None:
        """Enter in the text box: its move is played, and the box emptied once it is accepted."""
        if isinstance(content, dict) and content.get("event") == "submit" and self._move_box.value.strip():
            self._on_typed(self._move_box.value)
            if self._verdict == ACCEPTED:
                self._move_box.value = ""

    def _on_reading(self, change) -> None:
        index = change["new"]
        if index is not None and index > 0:
            self.choose_reading(index - 1)

    def _update_view(self) -> None:
        if self._state.verbs() != self.verbs:
            self._verb_buttons()
        with self._picture.hold_sync():
            self._picture.svg = self.picture()
            self._picture.selectable = [c.code for c in self.selectable()]
            self._picture.selected = [plain(t).code for t in self._selected]
        enter = self.enter_verb
        for verb, button in self._verb_button.items():
            button.button_style = "primary" if verb == enter else ""
        options = self.readings() if any(isinstance(t, Card) and t.is_wild for t in self._selected) else []
        if len(options) > 1:
            labels = [str(_("(choose)")), *self.reading_labels()]
            if list(self._reading_menu.options) != labels:
                self._reading_menu.options = labels
            picked = options.index(self._reading) + 1 if self._reading in options else 0
            self._reading_menu.index = picked
            self._reading_menu.layout.display = None
        else:
            self._reading_menu.layout.display = "none"
        example = self.typing_example()
        self._move_box.placeholder = str(_("or type a move, e.g. {example}", example=example) if example
                                         else _("or type a move"))
        self._verdict_html.value = self._verdict_markup()

    def press(self, verb: str) -> str:
        raise NotImplementedError

    def type_move(self, text: str) -> str:
        raise NotImplementedError

    def picture(self) -> str:
        raise NotImplementedError

    def _verdict_markup(self) -> str:
        """The verdict as HTML, as the view shows it."""
        raise NotImplementedError
