"""The card table's picture as a class sees it in JupyterLab at 1280×720, stepped through one worked
example of each game: a Durak round beaten off, a Daifugo 8-cut, Gan Deng Yan's one-higher chain.
At every step the cards just played are in the picture, on the table or beside it with what the
step cleared (never only in the narration); no seat moves from where it sat at the start; and the
seats framed as the ones to act are those the position awaits. What each step should show comes
from the same example run here in Python. Skipped (with the reason) where /usr/bin/chromium or
Playwright is missing."""

from __future__ import annotations

import json

import nbformat
import pytest
from test_browser import ROOT, TIMEOUT_MS, _open_lesson, browser, lab, show_whole, sync_api  # noqa: F401 (fixtures)

from cardlab.cards import plain
from cardlab.widgets import Stepper

pytestmark = pytest.mark.browser

EXAMPLES = {
    "durak": "scenarios/durak/route_a.yaml",
    "daifugo": "scenarios/daifugo/jdf_eight_cut.yaml",
    "gandengyan": "scenarios/gandengyan/three_player_round.yaml",
}
NOTEBOOK = "picture_steps.ipynb"

# What the picture shows now: the cards in each seat's hand, the codes drawn outside the hands (on
# the table, or swept off it and drawn beside it), the seats framed as to act, and where each seat's
# place is on screen.
DRAWN = """picture => {
  const inHand = {}, seats = {}, turn = [], outside = [];
  const at = picture.getBoundingClientRect();
  for (const hand of picture.querySelectorAll('.cardlab-hand[data-seat]')) {
    inHand[hand.dataset.seat] = hand.querySelectorAll('[data-card]').length;
  }
  for (const g of picture.querySelectorAll('[data-card], [data-swept]')) {
    if (!g.closest('.cardlab-hand')) outside.push(g.dataset.card ?? g.dataset.swept);
  }
  for (const rect of picture.querySelectorAll('rect[data-seat]')) {
    const box = rect.getBoundingClientRect();
    seats[rect.dataset.seat] = [box.x - at.x, box.y - at.y, box.width, box.height].map(Math.round);
    if (rect.dataset.turn === 'yes') turn.push(rect.dataset.seat);
  }
  return {inHand, outside, turn: turn.sort(), seats};
}"""

# True once the picture shows what ``want`` says the step leaves: each hand's size, the cards played
# outside the hands, and the seats to act framed.
SHOWS = """([picture, want]) => {
  const drawn = (%s)(picture);
  return Object.entries(want.inHand).every(([seat, n]) => (drawn.inHand[seat] ?? 0) === n)
    && want.played.every(code => drawn.outside.includes(code))
    && JSON.stringify(drawn.turn) === JSON.stringify(want.turn);
}""" % DRAWN


def _expected(path: str) -> list[dict]:
    """What the picture should show at each step of the example at ``path``."""
    stepper = Stepper(ROOT / "lessons" / path)
    wants = []
    for index in range(stepper.total + 1):
        state = stepper.state
        played = []
        if index:
            # A step's own outcome leads its frame (the checks folded after it follow).
            outcome = stepper._frames[index][0]
            if outcome.refusal is None:
                played = sorted({plain(c).code for c in outcome.step.action.cards})
        wants.append({"inHand": {p: len(state.hands[p]) for p in state.players}, "played": played,
                      "turn": sorted(set() if state.is_over() else set(state.to_act())),
                      "move": outcome.step.text if index else "start"})
        stepper.step()
    return wants


@pytest.fixture(scope="module")
def steppers(browser, lab):  # noqa: F811 (the fixtures imported above)
    """A notebook of the three examples' steppers, in the lab's scratch copy of lessons/, run."""
    _base, _token, work = lab
    cells = [nbformat.v4.new_code_cell("from cardlab.widgets import Stepper")]
    cells += [nbformat.v4.new_code_cell(f"Stepper({path!r})") for path in EXAMPLES.values()]
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, work / "lessons" / NOTEBOOK)
    page = _open_lesson(browser, lab, NOTEBOOK, ".cardlab-stepper")
    sync_api.expect(page.locator(".cardlab-stepper")).to_have_count(len(EXAMPLES))
    try:
        yield page
    finally:
        page.context.close()


@pytest.mark.parametrize("game", list(EXAMPLES))
def test_every_play_is_drawn_the_seats_stay_and_the_turn_is_marked(steppers, game):
    wants = _expected(EXAMPLES[game])
    stepper = steppers.locator(".cardlab-stepper").nth(list(EXAMPLES).index(game))
    show_whole(stepper)
    picture = stepper.locator(".cardlab-picture")
    step = stepper.get_by_role("button", name="Step", exact=True)
    seats = None
    for index, want in enumerate(wants):
        if index:
            step.click()
        sync_api.expect(stepper.locator(".cardlab-counter")).to_contain_text(f"step {index} of {len(wants) - 1}")
        try:
            steppers.wait_for_function(SHOWS, arg=[picture.element_handle(), want], timeout=TIMEOUT_MS)
        except sync_api.TimeoutError:
            drawn = picture.evaluate(DRAWN)
            pytest.fail(f"{game}, step {index} ({want['move']}): the picture shows {json.dumps(drawn)}, "
                        f"not {json.dumps(want)}")
        drawn = picture.evaluate(DRAWN)
        assert set(drawn["seats"]) == set(want["inHand"]), f"{game}, step {index}: a seat without its place"
        assert seats is None or drawn["seats"] == seats, f"{game}, step {index} ({want['move']}): a seat moved"
        seats = drawn["seats"]
