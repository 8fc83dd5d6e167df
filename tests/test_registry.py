"""The game registry (cardlab.registry): games found through the entry-point group cardlab.games,
cardlab's own subpackages when the entry points name none of them, a third-party game from another
distribution, and games registered while running."""

import importlib.metadata
import textwrap
from importlib.metadata import EntryPoint

import pytest

from cardlab import registry
from cardlab.game import Game
from cardlab.registry import GROUP, UnavailableGame, UnknownGame

BUILT_IN = [EntryPoint(name, f"cardlab.{name}.game:GAME", GROUP) for name in ("daifugo", "gandengyan", "durak")]


@pytest.fixture
def fresh(monkeypatch):
    """A registry that has looked for nothing yet; ``fresh(points)`` makes the entry-point group hold
    ``points``, and counts the scans of cardlab's own subpackages."""
    for name, value in (("_found", None), ("_games", {}), ("_broken", {}), ("_by_class", {})):
        monkeypatch.setattr(registry, name, value)
    scans = []
    own_games = registry._own_games
    monkeypatch.setattr(registry, "_own_games", lambda: scans.append(1) or own_games())

    def entry_points(points):
        monkeypatch.setattr(importlib.metadata, "entry_points",
                            lambda group=None, **_: [p for p in points if p.group == group])
        return scans

    return entry_points


def test_the_installed_entry_points_name_the_three_games(fresh):
    scans = fresh(BUILT_IN)
    assert registry.game_names() == ["daifugo", "gandengyan", "durak"]
    assert [type(g).__name__ for g in registry.all_games()] == ["DaifugoGame", "GanDengYanGame", "DurakGame"]
    assert scans == []  # cardlab's own entry points are there: nothing else is looked for


def test_a_source_tree_never_installed_finds_its_own_game_packages(fresh):
    scans = fresh([])
    assert registry.game_names() == ["daifugo", "gandengyan", "durak"]
    assert registry.find_game("durak").rulesets["perevodnoy"].transfer
    assert scans == [1]


def test_games_load_only_when_asked_for(fresh):
    fresh(BUILT_IN[:1])
    loads = []
    point = BUILT_IN[0]
    registry._known()["daifugo"] = lambda: loads.append(point.name) or point.load()
    assert "daifugo" in registry._known() and loads == []
    assert registry.find_game("daifugo").name == "daifugo" and loads == ["daifugo"]
    registry.find_game("daifugo")
    assert loads == ["daifugo"]


THIRD_PARTY = textwrap.dedent('''
    from cardlab.game import Game

    class HighCard(Game):
        name = "highcard"
        order = 5
        title = {"en": "Higher card wins", "ja": "大きいカードの勝ち"}

    GAME = HighCard()
''')


def test_a_game_of_another_distribution_registers_through_an_entry_point(fresh, tmp_path, monkeypatch):
    (tmp_path / "highcard_game.py").write_text(THIRD_PARTY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    fresh([*BUILT_IN, EntryPoint("highcard", "highcard_game:GAME", GROUP)])
    assert registry.game_names() == ["highcard", "daifugo", "gandengyan", "durak"]  # its order: 5
    game = registry.find_game("highcard")
    assert type(game).__module__ == "highcard_game" and str(game.verb_label("bet")) == "Bet"
    from cardlab.i18n import language, words

    with language("ja"):
        assert str(words(game.title)) == "大きいカードの勝ち"
    assert str(words(game.title)) == "Higher card wins"


def test_a_third_party_game_alone_does_not_hide_cardlab_s_own(fresh, tmp_path, monkeypatch):
    (tmp_path / "highcard_game.py").write_text(THIRD_PARTY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    fresh([EntryPoint("highcard", "highcard_game:GAME", GROUP)])
    assert registry.game_names() == ["highcard", "daifugo", "gandengyan", "durak"]


def test_an_unknown_game_is_a_sentence_listing_the_games(fresh):
    fresh(BUILT_IN)
    with pytest.raises(UnknownGame, match=r"^no game named 'poker' \(games: daifugo, gandengyan, durak\)$"):
        registry.find_game("poker")
    with pytest.raises(ValueError, match="no game named None"):
        registry.find_game(None)


def test_a_game_that_cannot_be_loaded_says_why_and_is_left_out_of_the_list(fresh):
    fresh([*BUILT_IN, EntryPoint("missing", "cardlab_no_such_module.game:GAME", GROUP)])
    with pytest.raises(UnavailableGame, match="'missing' is registered, but cannot be loaded here "
                                              r"\(ModuleNotFoundError: .*cardlab_no_such_module"):
        registry.find_game("missing")
    assert [g.name for g in registry.all_games()] == ["daifugo", "gandengyan", "durak"]
    assert registry.game_names() == ["daifugo", "gandengyan", "durak", "missing"]


def test_an_entry_point_that_gives_another_game_is_refused(fresh):
    fresh([EntryPoint("chess", "cardlab.durak.game:GAME", GROUP), *BUILT_IN])
    with pytest.raises(UnavailableGame, match="not a game named 'chess'"):
        registry.find_game("chess")


def test_register_adds_or_replaces_a_game_and_game_of_finds_it_by_class(fresh):
    fresh(BUILT_IN)

    class Toy(Game):
        name = "toy"

    class ToyState:
        game = "toy"

    toy = registry.register(Toy())
    assert registry.find_game("toy") is toy and registry.game_of(ToyState()) is toy
    again = registry.register(Toy())
    assert registry.find_game("toy") is again and registry.game_of(ToyState()) is again
    with pytest.raises(ValueError, match="a game needs a name without spaces"):
        registry.register(type("Nameless", (Game,), {})())


def test_game_of_a_position_and_of_its_views_is_its_game():
    from cardlab.registry import find_game, game_of

    durak = find_game("durak")
    state = durak.new_game("podkidnoy", seed=2)
    assert game_of(state) is durak and game_of(state.view(state.players[0])) is durak
    assert durak.state_class is type(state) and durak.view_class is type(state.view(state.players[0]))


def test_cardlab_s_own_games_are_found_by_name_without_reading_the_entry_points(fresh, tmp_path, monkeypatch):
    (tmp_path / "highcard_game.py").write_text(THIRD_PARTY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    points = [*BUILT_IN, EntryPoint("highcard", "highcard_game:GAME", GROUP)]
    reads = []
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None, **_: reads.append(group) or [p for p in points if p.group == group])
    durak = registry.find_game("durak")
    state = durak.new_game("podkidnoy", seed=2)
    assert registry.game_of(state) is durak and registry.find_game("daifugo").name == "daifugo"
    assert reads == []  # reading every distribution's metadata is what takes long in Pyodide
    assert registry.find_game("highcard").name == "highcard"  # not cardlab's own: the entry points say
    assert reads == [GROUP]
    assert registry.game_names() == ["highcard", "daifugo", "gandengyan", "durak"]
    assert registry.find_game("durak") is durak and reads == [GROUP]


def test_an_unknown_name_reads_the_entry_points_to_list_the_games(fresh):
    fresh(BUILT_IN)
    for name in ("game", "scenario", "../durak", "durak/game", ""):  # a module, a subpackage, paths
        with pytest.raises(UnknownGame, match=r"\(games: daifugo, gandengyan, durak\)$"):
            registry.find_game(name)
