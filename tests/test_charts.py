"""cardlab.charts: SVG bar charts for where matplotlib is missing (the offline website)."""

import xml.etree.ElementTree as ET

import pytest

from cardlab import charts
from cardlab.charts import bar_chart

SVG_NS = "{http://www.w3.org/2000/svg}"


def test_bar_chart_is_valid_xml_with_a_text_alternative():
    svg = bar_chart(["seat 1", "seat 2"], [1.42, 1.58], title="durak podkidnoy", errors=[0.05, 0.05],
                    reference=1.5, xlabel="seat (1 acts first)", ylabel="average place")
    root = ET.fromstring(svg)
    assert root.tag == SVG_NS + "svg"
    assert root.get("role") == "img"
    label = "durak podkidnoy: seat 1 1.42, seat 2 1.58"
    assert root.get("aria-label") == label
    assert root.find(SVG_NS + "title").text == label
    assert len(root.findall(SVG_NS + "rect")) == 2
    texts = [t.text for t in root.iter(SVG_NS + "text")]
    assert "1.42" in texts and "1.58" in texts and "seat 1" in texts


def test_bar_chart_is_deterministic_and_formats_values():
    args = ([0, 1, 2], [0.55, 0.44, 0.3])
    svg = bar_chart(*args, value_format="{:.0%}", ylim=(0, 1), colour="#c0504d")
    assert svg == bar_chart(*args, value_format="{:.0%}", ylim=(0, 1), colour="#c0504d")
    assert 'aria-label="0 55%, 1 44%, 2 30%"' in svg
    ET.fromstring(svg)


def test_bar_chart_escapes_labels_and_takes_one_colour_per_bar():
    svg = bar_chart(["a<b", "大貧民 & co"], [1, 2], title='"quoted"', colour=["#9bbb59", "#c0504d"])
    root = ET.fromstring(svg)
    assert root.get("aria-label") == '"quoted": a<b 1.00, 大貧民 & co 2.00'
    assert [r.get("fill") for r in root.iter(SVG_NS + "rect")] == ["#9bbb59", "#c0504d"]


def test_bar_chart_rejects_mismatched_lengths():
    with pytest.raises(ValueError):
        bar_chart(["a"], [1, 2])


def test_show_bars_without_matplotlib_draws_svg_and_says_so(monkeypatch, capsys):
    shown = []
    monkeypatch.setattr(charts, "available", lambda module: False)
    monkeypatch.setattr(charts, "_noted", False)
    monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
    charts.show_bars(["x", "y"], [1, 2], title="t")
    charts.show_bars(["x"], [3], title="u")
    assert capsys.readouterr().out == charts.NOTE + "\n"
    assert len(shown) == 2 and 'aria-label="t: x 1.00, y 2.00"' in shown[0].data


def test_available():
    assert charts.available("json")
    assert not charts.available("no_such_module_for_cardlab")


@pytest.mark.parametrize("low, high, ticks", [
    (0, 1.62915, [0.0, 0.5, 1.0, 1.5]),
    (0, 2.79407, [0.0, 1.0, 2.0]),
    (0, 1, [0.0, 0.25, 0.5, 0.75, 1.0]),
    (0.2, 0.71, [0.2, 0.4, 0.6]),
    (0, 45, [0.0, 20.0, 40.0]),
])
def test_nice_ticks_are_round_and_inside_the_range(low, high, ticks):
    assert charts.nice_ticks(low, high) == ticks


def test_axis_ticks_are_round_numbers_and_percentages_when_values_are():
    texts = [t.text for t in ET.fromstring(bar_chart(["a"], [1.62915], ylabel="average place")).iter(SVG_NS + "text")]
    assert texts[:4] == ["0", "0.5", "1", "1.5"]
    texts = [t.text for t in ET.fromstring(bar_chart(["a"], [0.4], value_format="{:.0%}", ylim=(0, 1))).iter(SVG_NS + "text")]
    assert texts[:5] == ["0%", "25%", "50%", "75%", "100%"]
