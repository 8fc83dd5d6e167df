"""How cardlab's modules may depend on each other: no import cycle, a game's rules never on its
presentation, the core never on pictures, and the shared modules never on a game by name (they ask
cardlab.registry); and no module over 800 lines. Read from the source with ast and tokenize, every
import counted, those inside functions too."""

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

import pytest

from cardlab.i18n import words
from cardlab.registry import all_games

PACKAGE = Path(__file__).resolve().parent.parent / "cardlab"
GAMES = sorted(p.parent.name for p in PACKAGE.glob("*/state.py"))  # a game package keeps its position there
# A game named in any case ("Durak: chance of losing" too), or by its title ("Gan Deng Yan").
GAME_NAME = re.compile("|".join([*GAMES, *(re.escape(words(game.title).text_in("en")) for game in all_games())]),
                       re.IGNORECASE)
PRESENTATION = {"cardlab.svg", "cardlab.display", "cardlab.widgets", "cardlab.game", "cardlab.charts"}
# A game's modules that draw, ask, advise or play on: its rules may import none of them.
GAME_PRESENTATION = ("picture", "checklist", "bot", "game", "match", "widgets")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it, by its full name (``from . import x`` counts
    as the package and as its module ``x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[:len(base) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def rules_modules(game: str) -> list[Path]:
    """The game's position and every module of its own package that the position imports, however
    deeply: what its rules stand on."""
    todo, seen = [PACKAGE / game / "state.py"], set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in imports(path):
            if name.startswith(f"cardlab.{game}."):
                own = PACKAGE / game / (name.split(".")[2] + ".py")
                if own.exists():
                    todo.append(own)
    return sorted(seen)


def test_there_are_games_to_check():
    assert {"daifugo", "durak", "gandengyan"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_s_rules_import_none_of_its_presentation(game):
    forbidden = PRESENTATION | {f"cardlab.{game}.{name}" for name in GAME_PRESENTATION}
    for path in rules_modules(game):
        assert imports(path) & forbidden == set(), path.name


def test_the_core_imports_no_presentation():
    for name in ("cards.py", "engine.py", "registry.py", "i18n.py", "languages.py"):
        assert imports(PACKAGE / name) & PRESENTATION == set(), name
    assert {m for m in imports(PACKAGE / "registry.py") if m.startswith("cardlab")} == set()


def shared_modules() -> list[Path]:
    """The modules of cardlab that are no game's."""
    return [p for p in sorted(PACKAGE.rglob("*.py"))
            if p.relative_to(PACKAGE).parts[0] not in GAMES]


def docstring_lines(tree: ast.AST) -> set[int]:
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                lines |= set(range(first.lineno, first.end_lineno + 1))
    return lines



def test_shared_modules_name_no_game_but_in_docstrings():
    found = []
    for path in shared_modules():
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        allowed = docstring_lines(tree)
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT) and GAME_NAME.search(token.string) \
                    and token.start[0] not in allowed:
                found.append(f"{path.relative_to(PACKAGE)}:{token.start[0]}: {token.string[:60]}")
    assert found == []


def widget_modules() -> list[Path]:
    """The widgets' modules: cardlab.widgets and each game's own widgets."""
    return sorted(PACKAGE.glob("widgets/*.py")) + sorted(PACKAGE.glob("*/widgets.py"))


def private(name: str) -> bool:
    """A name its module keeps to itself: ``_flag``, not ``_`` (gettext's) nor ``__future__``."""
    return name.startswith("_") and name != "_" and not name.startswith("__")


def borrowed_private_names(path: Path) -> list[str]:
    """The underscore names ``path`` takes from another of cardlab's modules: imported by name
    (``from .base import _flag``), or read off a module it imports (``base._flag``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found, modules = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[:len(base) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            if module.split(".")[0] != "cardlab":
                continue
            for alias in node.names:
                if private(alias.name):
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {alias.name} from {module}")
                if not node.module or (PACKAGE.parent / module.replace(".", "/") / f"{alias.name}.py").exists():
                    modules.add(alias.asname or alias.name)  # a module: its attributes are checked below
        elif isinstance(node, ast.Import):
            modules |= {alias.asname for alias in node.names if alias.asname and alias.name.startswith("cardlab")}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules \
                and private(node.attr):
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_there_are_widget_modules_to_check():
    names = {p.relative_to(PACKAGE).as_posix() for p in widget_modules()}
    assert {"widgets/base.py", "widgets/tryit.py", "widgets/play.py", "daifugo/widgets.py"} <= names


def test_no_widget_module_takes_another_modules_private_names():
    found = [fault for path in widget_modules() for fault in borrowed_private_names(path)]
    assert found == []


def test_the_check_finds_a_private_name_taken_by_import_or_off_a_module(tmp_path, monkeypatch):
    widgets = tmp_path / "cardlab" / "widgets"
    widgets.mkdir(parents=True)
    (widgets / "base.py").write_text("_flag = 1\n", encoding="utf-8")
    (widgets / "mine.py").write_text("from . import base\nfrom .base import _flag, WidgetError as _Error\n"
                                     "from ..i18n import _\nx = base._flag + base.public\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path / "cardlab")
    assert [fault.split(": ", 1)[1] for fault in borrowed_private_names(widgets / "mine.py")] == [
        "_flag from cardlab.widgets.base", "base._flag"]


def test_no_widget_module_is_over_800_lines():
    long = {p.relative_to(PACKAGE).as_posix(): n for p in widget_modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 800}
    assert long == {}


def cardlab_modules() -> dict[str, Path]:
    """Every module of cardlab by its full name (a package by its own name, for its __init__)."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules of ``modules`` it imports, anywhere in it (inside functions too).
    ``from . import x`` imports the module ``x`` where there is one, else the package; importing
    a module runs its packages' ``__init__`` too, except those the importer sits in (already
    running)."""
    graph = {}
    for name, path in modules.items():
        own = set(ancestors(name)) | ({name} if path.name == "__init__.py" else set())
        found = set()
        for target in imports(path):
            if target not in modules:
                continue
            if path.name != "__init__.py" and target == name.rpartition(".")[0]:
                continue  # `from . import x` names the package beside its module x: counted as x
            found |= {target, *(a for a in ancestors(target) if a in modules)} - own
        graph[name] = found - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``graph``: its strongly connected components of more than one module
    (Tarjan's algorithm), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_among_cardlab_s_modules():
    assert cycles(import_graph(cardlab_modules())) == []


def test_the_cycle_check_finds_a_lazy_cycle_and_one_through_a_package(tmp_path, monkeypatch):
    package = tmp_path / "cardlab"
    (package / "game1").mkdir(parents=True)
    files = {"__init__.py": "", "cards.py": "def html():\n    from .display import draw\n",
             "display.py": "from .cards import html\n", "engine.py": "from . import cards\n",
             "game1/__init__.py": "from .state import State\n", "game1/state.py": "from ..picture import x\n",
             "picture.py": "from .game1 import rules\n", "game1/rules.py": "X = 1\n"}
    for name, text in files.items():
        (package / name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", package)
    assert cycles(import_graph(cardlab_modules())) == [
        ["cardlab.cards", "cardlab.display"], ["cardlab.game1", "cardlab.game1.state", "cardlab.picture"]]


def test_no_module_is_over_800_lines():
    long = {p.relative_to(PACKAGE).as_posix(): n for p in sorted(PACKAGE.rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 800}
    assert long == {}
