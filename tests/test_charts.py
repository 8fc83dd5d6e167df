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
    # Shown as an <img> whose alt is the chart's text (JupyterLab gives a bare SVG no alt).
    bundle = shown[0]._repr_mimebundle_()
    assert bundle["text/html"].startswith('<img alt="t: x 1.00, y 2.00" src="data:image/svg+xml;base64,')
    assert bundle["image/svg+xml"] == shown[0].data and bundle["text/plain"] == "[chart] t: x 1.00, y 2.00"


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


# --- every bar says what it stands on; labels never overlap (issue 21) -----------------------------

EXCHANGE = ["jdf, exchange", "jdf, no exchange", "yeeqia, exchange", "yeeqia, no exchange"]


def _texts(svg):
    return [(float(t.get("x")), float(t.get("y")), float(t.get("font-size")), t.get("text-anchor"), t.text)
            for t in ET.fromstring(svg).iter(SVG_NS + "text") if t.get("transform") is None]


def _extent(x, size, anchor, text):
    width = charts.text_width(text, size)
    left = {"middle": x - width / 2, "start": x, "end": x - width}[anchor]
    return left, left + width


def test_every_bar_says_how_many_games_it_stands_on():
    svg = bar_chart(["seat 1", "seat 2"], [1.42, 1.58], errors=[0.05, 0.05], counts=[300, 300], count_unit="games")
    texts = [t[4] for t in _texts(svg)]
    assert texts.count("n = 300 games") == 2
    assert ET.fromstring(svg).get("aria-label") == "seat 1 1.42 (n = 300 games), seat 2 1.58 (n = 300 games)"
    assert charts.count_text(1, "hands") == "n = 1 hand" and charts.count_text(1234) == "n = 1,234"


def test_a_bar_on_fewer_than_two_games_is_left_out_and_the_chart_says_so():
    svg = bar_chart([3, 4, 5], [0.26, 0.19, 0.0], counts=[127, 21, 1], count_unit="hands", value_format="{:.0%}")
    root = ET.fromstring(svg)
    assert len(root.findall(SVG_NS + "rect")) == 2
    texts = [t[4] for t in _texts(svg)]
    assert "5" not in texts and "n = 1 hand" not in texts
    note = "Left out, standing on fewer than 2 hands: 5 (n = 1 hand)"
    assert note in texts and root.get("aria-label").endswith(note)
    # without counts nothing is left out
    assert len(ET.fromstring(bar_chart([3, 4, 5], [0.26, 0.19, 0.0])).findall(SVG_NS + "rect")) == 3


@pytest.mark.parametrize("labels", [
    EXCHANGE,
    ["a very long category label that goes on and on", "another long one, with a comma", "x"],
    ["Durak podkidnoy", "Daifugo jdf", "Gan Deng Yan yiqi", "Gan Deng Yan jj (three players, six wild cards)"],
    ["大貧民 with the exchange", "大貧民 without the exchange"],
])
def test_long_labels_are_wrapped_and_never_overlap(labels):
    svg = bar_chart(labels, [2.2] * len(labels), errors=[0.2] * len(labels), counts=[80] * len(labels),
                    count_unit="deals", title="t", xlabel="what", ylabel="average place")
    root = ET.fromstring(svg)
    width = float(root.get("width"))
    rows = {}
    for x, y, size, anchor, text in _texts(svg):
        rows.setdefault(y, []).append(_extent(x, size, anchor, text))
    for y, extents in rows.items():
        extents.sort()
        assert all(a[1] <= b[0] for a, b in zip(extents, extents[1:])), f"texts overlap at y={y}"
        assert extents[0][0] >= 0 and extents[-1][1] <= width, f"a text leaves the picture at y={y}"
    bars = sorted((float(r.get("x")), float(r.get("x")) + float(r.get("width"))) for r in root.iter(SVG_NS + "rect"))
    assert all(a[1] < b[0] for a, b in zip(bars, bars[1:]))
    # every line of a wrapped label is no wider than its bar
    for label in labels:
        assert all(charts.text_width(line, 11) <= max(charts.LABEL_WIDTH, charts.text_width(word, 11))
                   for line in charts.wrap_label(label) for word in line.split())


def test_a_long_value_axis_label_is_wrapped_to_the_axis_height():
    ylabel = "the previous daihinmin's average place in the second game"
    svg = bar_chart(["a"], [2.2], ylabel=ylabel)
    side = [t for t in ET.fromstring(svg).iter(SVG_NS + "text") if t.get("transform")]
    assert " ".join(t.text for t in side) == ylabel and len(side) > 1
    assert all(charts.text_width(t.text, 11) <= 150 for t in side)  # the axis is 150 high
    assert len({t.get("x") for t in side}) == len(side)  # side by side, not on top of each other
    ticks = [float(t.get("x")) for t in ET.fromstring(svg).iter(SVG_NS + "text") if t.text == "0"]
    assert max(float(t.get("x")) for t in side) < ticks[0] - charts.text_width("0", 10)


def test_wrapping_keeps_short_labels_whole_and_cuts_long_ones_after_commas():
    assert charts.wrap_label("seat 1") == ["seat 1"]
    assert charts.wrap_label("yeeqia, no exchange") == ["yeeqia,", "no exchange"]
    assert charts.wrap_label("supercalifragilisticexpialidocious") == ["supercalifragilisticexpialidocious"]


def test_the_matplotlib_chart_says_n_under_each_bar_and_its_labels_do_not_overlap():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.container import BarContainer

    labels = EXCHANGE + ["a very long category label that goes on and on"]
    fig = charts.bar_figure(labels, [2.21, 2.21, 2.86, 2.01, 2.5], errors=[0.2] * 5, counts=[80, 80, 80, 80, 1],
                            count_unit="deals", colour="#9bbb59", title="Daifugo: the exchange",
                            ylabel="average place", ylim=(1, 4))
    try:
        ax = fig.axes[0]
        ticks = [t.get_text() for t in ax.get_xticklabels()]
        assert ticks == ["jdf, exchange\nn = 80 deals", "jdf,\nno exchange\nn = 80 deals",
                         "yeeqia,\nexchange\nn = 80 deals", "yeeqia,\nno exchange\nn = 80 deals"]
        assert "Left out, standing on fewer than 2 deals: a very long" in ax.get_xlabel()
        bars = next(c for c in ax.containers if isinstance(c, BarContainer))
        assert len(bars) == 4 and len(bars.errorbar.lines[2][0].get_segments()) == 4  # an error bar each
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        boxes = sorted((b.x0, b.x1) for b in (t.get_window_extent(renderer) for t in ax.get_xticklabels()))
        assert all(a[1] < b[0] for a, b in zip(boxes, boxes[1:])), boxes
        figure = fig.bbox
        assert all(figure.x0 <= a and b <= figure.x1 for a, b in boxes)
    finally:
        plt.close(fig)
