"""Durak scenario files for tests, written out from their parts, so that tests of the loader, the
replay, the command line and the widgets share one layout (the one SCENARIOS.md shows)."""

from __future__ import annotations

import textwrap

from cardlab import durak

# The deal most tests start from, and its first two steps.
HANDS = {"甲": "S8 D8 CQ D6 C10 SK", "乙": "SQ H7 CK D7 C6 DA"}
STEPS = """\
- 甲 attack S8
- 乙 defend S8 SQ
"""


def durak_text(title: str = "Base", hands: dict[str, str] = HANDS, steps: str = STEPS, *,
               rules: str = "podkidnoy", trump: str = "H", attacker: str | None = None) -> str:
    """The text of a Durak scenario file: ``hands`` gives each player's cards (in seat order, the
    first attacking unless ``attacker`` says otherwise), ``steps`` the items of its step list,
    one a line (indented here).

    >>> print(durak_text("Two", {"甲": "S8", "乙": "SQ"}, "- 甲 attack S8"), end="")
    title: Two
    game: durak
    rules: podkidnoy
    players: [甲, 乙]
    deal:
      trump: H
      attacker: 甲
      hands:
        甲: [S8]
        乙: [SQ]
    steps:
      - 甲 attack S8
    """
    lines = [f"title: {title}", "game: durak", f"rules: {rules}", f"players: [{', '.join(hands)}]", "deal:",
             f"  trump: {trump}", f"  attacker: {attacker or next(iter(hands))}", "  hands:"]
    lines += [f"    {player}: [{', '.join(cards.split())}]" for player, cards in hands.items()]
    lines += ["steps:"] + [f"  {line}" for line in textwrap.dedent(steps).splitlines()]
    return "\n".join(lines) + "\n"


# Player A attacks with S8 and B, holding H8 with hearts trumps, may pass it on (perevodnoy).
TRANSFER_HANDS = {"A": "S8 D9", "B": "H8 C7 D6", "C": "S6 S7 SA HA"}
TRANSFER = durak_text("transfer", TRANSFER_HANDS, "- A attack S8\n- B transfer H8", rules="perevodnoy")


def transfer_position():
    """The deal of :data:`TRANSFER` under podkidnoy, after A attacks with S8."""
    state = durak.from_deal("podkidnoy", list(TRANSFER_HANDS), hands={p: cards.split() for p, cards in
                            TRANSFER_HANDS.items()}, trump="H", attacker="A")
    state.act("A attack S8")
    return state
