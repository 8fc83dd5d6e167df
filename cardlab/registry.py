"""The games cardlab knows, found by name: every shared module (the scenario files, the command
line, the widgets, the pictures, the simulations, the bots) asks here and never names a game.

A game is a package with a ``game`` module whose ``GAME`` is its spec (a
:class:`cardlab.game.Game`). It is found through the entry-point group ``cardlab.games`` (in
``pyproject.toml``: ``durak = "cardlab.durak.game:GAME"``), so a game may live in another
distribution, and loaded only when it is first asked for. Run from a source tree that was never
installed, cardlab's own entry points are not there; then its own subpackages that hold a
``game`` module are found instead. A game can also be added while running, with
:func:`register`.

Reading the entry points means reading every installed distribution's metadata (in the offline
site's Pyodide, most of a second), so cardlab's own games, asked for by name, are found in their
subpackages without it: the entry points are read when a name is not one of them, or when every
game is listed (:func:`all_games`, :func:`game_names`).

    >>> from cardlab.registry import find_game
    >>> find_game("gandengyan").player_counts["jj"]
    (3, 3)
    >>> find_game("poker")                                              # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlab.registry.UnknownGame: no game named 'poker' (games: daifugo, gandengyan, durak...)
"""

from __future__ import annotations

import importlib
import os
import reprlib
from importlib.machinery import PathFinder
from typing import Any, Callable

GROUP = "cardlab.games"
# Where a game without an order of its own comes in the lists: after cardlab's own.
DEFAULT_ORDER = 100
_HERE = os.path.dirname(os.path.abspath(__file__))  # where cardlab's own game subpackages are

# name -> how to load the game (an entry point's load), until it is loaded; None: not looked for yet.
_found: dict[str, Callable[[], Any]] | None = None
_games: dict[str, Any] = {}  # name -> the loaded or registered game
_broken: dict[str, str] = {}  # name -> why its entry point does not load
_by_class: dict[type, Any] = {}  # a state's or view's class -> its game (game_of)


class UnknownGame(ValueError):
    """No game of that name is registered; the message is one sentence that lists the games."""


class UnavailableGame(UnknownGame):
    """A game that is registered, but whose module cannot be loaded here (not installed, or
    broken); the message says which and why."""


def _entry_points() -> dict[str, Callable[[], Any]]:
    """The games of the entry-point group, by name; cardlab's own subpackages with a ``game``
    module when no entry point names one of them (a source tree that was never installed)."""
    import importlib.metadata  # here: finding cardlab's own games by name needs none of it

    found: dict[str, Callable[[], Any]] = {}
    own = False
    for point in importlib.metadata.entry_points(group=GROUP):
        found.setdefault(point.name, point.load)
        own = own or point.value.split(":")[0].split(".")[0] == __package__
    if not own:
        for name, load in _own_games().items():
            found.setdefault(name, load)
    return found


def _own_games() -> dict[str, Callable[[], Any]]:
    """cardlab's subpackages that hold a ``game`` module, by name, found without importing any."""
    import pkgutil

    games = {}
    for module in pkgutil.iter_modules([_HERE]):
        load = _own_game(module.name) if module.ispkg else None
        if load is not None:
            games[module.name] = load
    return games


def _own_game(name: str) -> Callable[[], Any] | None:
    """How to load cardlab's own game ``name`` (its subpackage's ``game`` module), found without
    importing it; None when no subpackage of that name holds one."""
    if not name.isidentifier() or PathFinder.find_spec("game", [os.path.join(_HERE, name)]) is None:
        return None
    path = f"{__package__}.{name}.game"
    return lambda: importlib.import_module(path).GAME


def _known() -> dict[str, Callable[[], Any]]:
    global _found
    if _found is None:
        _found = _entry_points()
    return _found


def _loader(name: str) -> Callable[[], Any] | None:
    """How to load the game ``name``: cardlab's own, from its subpackage while the entry points are
    not read yet, else the entry points'; None when no game has that name."""
    load = _own_game(name) if _found is None else None
    return load if load is not None else _known().get(name)


def _load(name: str) -> Any:
    """The game ``name``, loaded now if need be. Raises :class:`UnavailableGame` when its module
    cannot be loaded, and ``KeyError`` when no game has that name."""
    game = _games.get(name)
    if game is not None:
        return game
    load = _loader(name)
    if load is None:
        raise KeyError(name)
    try:
        game = load()
    except (ImportError, AttributeError) as exc:
        _broken[name] = f"{type(exc).__name__}: {exc}"
        raise UnavailableGame(f"the game {name!r} is registered, but cannot be loaded here "
                              f"({_broken[name]})") from exc
    if getattr(game, "name", None) != name:
        raise UnavailableGame(f"the entry point {name!r} of {GROUP} gives {reprlib.repr(game)}, not a game "
                              f"named {name!r}")
    _broken.pop(name, None)
    _games[name] = game
    return game


def register(game) -> Any:
    """Add ``game`` (a :class:`cardlab.game.Game`) under its ``name``, in place of any game of that
    name; return it. A test's game, or one made while running, is found from then on like the
    games of the entry points."""
    name = getattr(game, "name", None)
    if not isinstance(name, str) or not name or any(ch.isspace() for ch in name):
        raise ValueError(f"a game needs a name without spaces, not {reprlib.repr(name)}")
    _games[name] = game
    _broken.pop(name, None)
    _by_class.clear()
    return game


def find_game(name: str) -> Any:
    """The game named ``name``. Raises :class:`UnknownGame` (a ``ValueError``) saying which games
    there are, or :class:`UnavailableGame` for a registered game that cannot be loaded."""
    if isinstance(name, str) and (name in _games or _loader(name) is not None):
        return _load(name)
    raise UnknownGame(f"no game named {reprlib.repr(name)} (games: {', '.join(game_names())})")


def _order(name: str) -> tuple:
    game = _games.get(name)
    return (getattr(game, "order", DEFAULT_ORDER) if game is not None else DEFAULT_ORDER, name)


def all_games() -> list:
    """Every game that loads, in display order: by each game's ``order``, then by name. A
    registered game that cannot be loaded here is left out (:func:`find_game` says why)."""
    games = []
    for name in sorted({*_known(), *_games}):
        try:
            games.append(_load(name))
        except UnavailableGame:
            continue
    return sorted(games, key=lambda game: _order(game.name))


def game_names() -> list[str]:
    """The names of every registered game, in display order (one that cannot be loaded here too,
    where a game without an order of its own comes)."""
    all_games()
    return sorted({*_known(), *_games}, key=_order)


def game_of(thing) -> Any:
    """The game of a position or a view (its class's ``game``, a name), found once per class."""
    cls = type(thing)
    game = _by_class.get(cls)
    if game is None:
        game = _by_class[cls] = find_game(getattr(thing, "game", None))
    return game
