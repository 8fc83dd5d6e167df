"""Fuzzing the scenario loader: whatever the text, loads() gives a Scenario or a ScenarioError, and
``cardlab check`` answers 0, 1 or 2 without raising."""

import copy
import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.cli import main
from cardlab.scenario import Scenario, ScenarioError, loads, run

VALID = {
    "title": "Fuzz base",
    "source": "004_a1f64e43aefd17c9.txt, section 3",
    "game": "durak",
    "rules": "podkidnoy",
    "players": ["甲", "乙"],
    "deal": {
        "trump": "H",
        "attacker": "甲",
        "seed": 3,
        "hands": {"甲": ["S8", "D8", "CQ", "D6", "C10", "SK"], "乙": ["SQ", "H7", "CK", "D7", "C6", "DA"]},
    },
    "steps": [
        "甲 attack S8",
        {"do": "乙 defend S8 SQ", "note": "A higher spade."},
        {"do": "甲 attack D6", "reject": "rank_not_on_table",
         "note": {"en": "Only an 8 or a Q.", "zh-TW": "只能加 8 或 Q。", "ja": "足せるのは 8 か Q。"}},
        {"expect": {"legal": ["甲 attack D8"], "illegal": {"甲 attack SK": "rank_not_on_table"},
                    "hand_sizes": {"甲": 5}, "table": ["S8", "SQ"], "over": False, "loser": None}},
        "甲 done",
    ],
}

YAML_BITS = [":", "-", " ", "\n", "  ", "[", "]", "{", "}", ",", "'", '"', "!", "&a", "*a", "#", "|", ">",
             "? ", "%", "@", "`", "~", "null", "true", "1", "1.5", "title", "game", "durak", "steps",
             "deal", "hands", "甲", "S8", "attack", "!!python/object", "<<", "\t", ".inf", "0x1F"]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["durak", "podkidnoy", "perevodnoy", "gandengyan", "yiqi", "daifugo", "jdf", "甲", "乙",
                     "丙", "H", "S", "♥", "S8", "HT", "RJ", "RJ=H10", "甲 attack S8", "乙 take",
                     "甲 swap", "乙 defend S8 SQ", "rank_not_on_table", "game_over", "hands", "stock",
                     "trump", "expect", "do", "reject", "note", "attacker", "seed", "title", "en", "ja",
                     "zh-TW"]),
)
values = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.dictionaries(st.one_of(st.text(max_size=8), st.integers(), st.booleans(), st.none(),
                                  st.sampled_from(list(VALID) + ["do", "expect", "hands", "trump",
                                                                 "en", "ja", "zh-TW"])),
                        children, max_size=5),
    ),
    max_leaves=20,
)


def must_load_or_refuse(text):
    try:
        scenario = loads(text, "fuzz.yaml")
    except ScenarioError as exc:
        assert str(exc).startswith("fuzz.yaml")
        return None
    assert isinstance(scenario, Scenario)
    run(scenario)  # a scenario that loads must also replay without an exception
    return scenario


def dump(doc):
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


def test_the_valid_base_loads_and_holds():
    scenario = must_load_or_refuse(dump(VALID))
    assert scenario is not None and run(scenario).ok


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text(text):
    must_load_or_refuse(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(YAML_BITS), max_size=60).map("".join))
def test_yaml_like_text(text):
    must_load_or_refuse(text)


@settings(max_examples=200, deadline=None)
@given(values)
def test_any_yaml_document(doc):
    must_load_or_refuse(dump(doc))


def _paths(node, prefix=()):
    """Every place in a document: mapping keys and list indexes."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


PATHS = list(_paths(VALID))


@st.composite
def near_valid(draw):
    """The valid scenario with one place changed: a new value, a renamed key, or the key dropped."""
    doc = copy.deepcopy(VALID)
    path = draw(st.sampled_from(PATHS))
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    last = path[-1]
    how = draw(st.sampled_from(["value", "rename", "drop"]))
    if how == "value" or isinstance(parent, list):
        if how == "drop" and isinstance(parent, list):
            del parent[last]
        else:
            parent[last] = draw(values)
    elif how == "rename":
        parent[draw(st.one_of(st.text(max_size=8), st.integers(), st.sampled_from(list(VALID))))] = parent.pop(last)
    else:
        del parent[last]
    return doc


@settings(max_examples=400, deadline=None)
@given(near_valid())
def test_near_valid_documents(doc):
    must_load_or_refuse(dump(doc))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.one_of(near_valid(), values), raw=st.booleans(), text=st.text(max_size=80))
def test_check_command_exit_codes(tmp_path, doc, raw, text):
    f = Path(tmp_path) / "fuzz.yaml"
    f.write_text(text if raw else dump(doc), encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["check", str(f)])
    assert status in (0, 1, 2)
    printed = out.getvalue()
    assert "internal error" not in printed and "Traceback" not in printed
    assert printed.startswith({0: "ok  ", 1: "FAIL  ", 2: "ERROR  "}[status])


def _marks(loader, text):
    """Where every node of ``text`` starts, in the order the nodes are written."""
    todo, marks = [loader(text).get_single_node()], []
    while todo:
        node = todo.pop()
        if node is None:
            continue
        marks.append((node.start_mark.line, node.start_mark.column))
        if isinstance(node, yaml.MappingNode):
            todo += [n for pair in reversed(node.value) for n in reversed(pair)]
        elif isinstance(node, yaml.SequenceNode):
            todo += reversed(node.value)
    return marks


LESSONS = sorted((Path(__file__).resolve().parent.parent / "lessons" / "scenarios").glob("*/*.yaml"))


@pytest.mark.skipif(not hasattr(yaml, "CSafeLoader"), reason="PyYAML was built without libyaml")
@settings(max_examples=200, deadline=None)
@given(text=st.one_of(st.one_of(near_valid(), values).map(dump),
                      st.sampled_from(LESSONS).map(lambda p: p.read_text(encoding="utf-8"))))
def test_libyaml_places_every_node_where_the_pure_python_loader_does(text):
    """Messages name lines from the node tree: both loaders must build the same marks."""
    assert _marks(yaml.CSafeLoader, text) == _marks(yaml.SafeLoader, text)
