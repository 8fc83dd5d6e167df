"""The ``cardlab`` command: check and replay, exit status 0/1/2, never a traceback."""

import json

import pytest

from cardlab.cli import main

from scenario_texts import durak_text

GOOD = durak_text("Good", {"甲": "S8 D8 CQ", "乙": "SQ H7 CK"}, """\
    - 甲 attack S8
    - do: 甲 attack CQ
      reject: rank_not_on_table
      note: Only an 8 may be added.
    - 乙 defend S8 SQ
    - expect: {table: [S8, SQ]}
    """)
FAILING = GOOD.replace("reject: rank_not_on_table", "reject: attack_limit")
REFUSED = GOOD.replace("  - 乙 defend S8 SQ\n", "  - 乙 defend S8 H7\n  - 乙 defend S8 SQ\n").replace(
    "  - 甲 attack S8\n", "  - 甲 attack S8\n  - 乙 defend S8 CK\n")
UNUSABLE = GOOD.replace("game: durak", "game: poker")


@pytest.fixture
def files(tmp_path):
    paths = {}
    for name, text in [("good", GOOD), ("failing", FAILING), ("refused", REFUSED), ("unusable", UNUSABLE)]:
        p = tmp_path / name / f"{name}.yaml"
        p.parent.mkdir()
        p.write_text(text, encoding="utf-8")
        paths[name] = p
    return paths


def test_check_ok(files, capsys):
    assert main(["check", str(files["good"])]) == 0
    assert capsys.readouterr().out == f"ok  {files['good']}\n"


def test_check_failed_expectation(files, capsys):
    assert main(["check", str(files["failing"])]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"FAIL  {files['failing']}: step 2: ")
    assert "refused with rank_not_on_table" in out and "expected attack_limit" in out
    assert out.count("\n") == 1


def test_check_refused_step_string_is_exit_1(files, capsys):
    assert main(["check", str(files["refused"])]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"FAIL  {files['refused']}: step 2: 乙 defend S8 CK was refused: cannot_beat")


def test_check_unusable_file_is_exit_2(files, capsys):
    assert main(["check", str(files["unusable"])]) == 2
    out = capsys.readouterr().out
    assert str(files["unusable"]) in out and "line 2" in out and "unknown game 'poker'" in out
    assert "Traceback" not in out


def test_check_folders_and_worst_status(files, capsys):
    root = files["good"].parent.parent
    assert main(["check", str(files["good"].parent), str(files["failing"].parent)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"ok  {files['good']}", lines[1]] and lines[1].startswith(f"FAIL  {files['failing']}")
    assert main(["check", str(root)]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    assert sum(line.startswith("ok  ") for line in lines) == 1
    assert sum(line.startswith("FAIL  ") for line in lines) == 2


def test_check_missing_file(tmp_path, capsys):
    missing = tmp_path / "nope.yaml"
    assert main(["check", str(missing)]) == 2
    captured = capsys.readouterr()
    assert "nope.yaml" in captured.out and "cannot read" in captured.out
    assert "Traceback" not in captured.out + captured.err


def test_check_folder_without_scenarios(tmp_path, capsys):
    (tmp_path / "readme.txt").write_text("no scenarios here")
    assert main(["check", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert "no scenario files" in captured.out
    assert "Traceback" not in captured.out + captured.err


def test_check_bad_yaml(tmp_path, capsys):
    f = tmp_path / "bad.yaml"
    f.write_text("title: [unclosed\n", encoding="utf-8")
    assert main(["check", str(f)]) == 2
    out = capsys.readouterr().out
    assert "bad.yaml" in out and "not valid YAML" in out and "line" in out


def test_replay_text(files, capsys):
    assert main(["replay", str(files["good"])]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Good  [durak, podkidnoy]")
    assert "step 1: 甲 attack S8  -> ok" in out
    assert "step 2: 甲 attack CQ  -> refused" in out and "rank_not_on_table" in out
    assert "note: Only an 8 may be added." in out
    assert "step 4: (check)  -> checked" in out


def test_replay_failing_is_exit_1(files, capsys):
    assert main(["replay", str(files["failing"])]) == 1
    assert "FAIL:" in capsys.readouterr().out


def test_replay_json_one_object_per_line(files, capsys):
    assert main(["replay", str(files["good"]), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    records = [json.loads(line) for line in lines]
    assert all(isinstance(r, dict) for r in records)
    assert records[0]["title"] == "Good" and records[0]["players"] == ["甲", "乙"]
    assert [r["step"] for r in records[1:]] == [1, 2, 3, 4]
    assert records[1]["action"] == "甲 attack S8" and records[1]["events"][0]["kind"] == "attack"
    assert records[2]["outcome"] == "refused" and records[2]["code"] == "rank_not_on_table"
    assert records[2]["explanation"] and records[2]["note"] == "Only an 8 may be added."
    assert "failure" not in records[3]


def test_replay_json_failure_and_error(files, capsys):
    assert main(["replay", str(files["failing"]), "--json"]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert records[-1]["step"] == 2 and "expected attack_limit" in records[-1]["failure"]
    assert main(["replay", str(files["unusable"]), "--json"]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and "unknown game" in json.loads(lines[0])["error"]


def test_replay_missing_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.yaml")]) == 2
    captured = capsys.readouterr()
    assert "nope.yaml" in captured.out and "Traceback" not in captured.out + captured.err


def test_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        main([])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["check"])
    assert info.value.code == 2


def test_python_dash_m_cardlab_is_the_same_command(tmp_path):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "cardlab", "check", str(tmp_path / "missing.yaml")],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "missing.yaml" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


# --- check --json (issue 19) ------------------------------------------------------------------------

def json_lines(out):
    records = [json.loads(line) for line in out.splitlines()]
    assert all(set(r) == {"path", "status", "step", "message"} for r in records), records
    return records


def test_check_json_one_object_per_file(files, capsys):
    paths = [str(files[name]) for name in ("good", "failing", "refused")]
    assert main(["check", "--json", *paths]) == 1
    ok, failing, refused = json_lines(capsys.readouterr().out)
    assert ok == {"path": paths[0], "status": "ok", "step": None, "message": None}
    assert failing["path"] == paths[1] and failing["status"] == "fail" and failing["step"] == 2
    assert "refused with rank_not_on_table" in failing["message"] and "expected attack_limit" in failing["message"]
    assert refused["status"] == "fail" and refused["step"] == 2
    assert refused["message"].startswith("乙 defend S8 CK was refused: cannot_beat")


def test_check_json_unusable_file_and_exit_codes(files, capsys):
    assert main(["check", str(files["good"]), "--json"]) == 0
    assert json_lines(capsys.readouterr().out)[0]["status"] == "ok"
    assert main(["check", "--json", str(files["unusable"]), str(files["good"])]) == 2
    error, ok = json_lines(capsys.readouterr().out)
    assert error["path"] == str(files["unusable"]) and error["status"] == "error" and error["step"] is None
    assert "line 2" in error["message"] and "unknown game 'poker'" in error["message"]
    assert ok["status"] == "ok"


def test_check_json_error_inside_a_step_names_it(tmp_path, capsys):
    f = tmp_path / "dup.yaml"
    f.write_text(GOOD + "  - expect: {table: [S8, SQ, S8]}\n", encoding="utf-8")
    assert main(["check", "--json", str(f)]) == 2
    (error,) = json_lines(capsys.readouterr().out)
    assert error["status"] == "error" and error["step"] == 5 and "S8 is listed twice" in error["message"]


def test_check_json_folder_without_scenarios_is_one_error(tmp_path, capsys):
    (tmp_path / "readme.txt").write_text("no scenarios here")
    assert main(["check", "--json", str(tmp_path)]) == 2
    (error,) = json_lines(capsys.readouterr().out)
    assert error["status"] == "error" and error["path"] == str(tmp_path) and error["step"] is None
    assert "no scenario files" in error["message"]


def test_check_json_in_the_help(capsys):
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    assert "--json" in capsys.readouterr().out


def test_check_json_over_the_lesson_scenarios_is_all_ok(capsys):
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "lessons" / "scenarios"
    assert main(["check", "--json", str(folder)]) == 0
    records = json_lines(capsys.readouterr().out)
    assert records and all(r["status"] == "ok" for r in records)


# --- exit codes of the issue 19 cases, through the command ------------------------------------------

@pytest.mark.parametrize("steps, status, words", [
    ("  - expect: {table: [S8, SQ, S8]}\n", 2, "S8 is listed twice"),
    ("  - expect: {table: [S8, SQ, S5]}\n", 2, "S5 is not in the podkidnoy deck"),
    ("  - 甲 play D8\n", 1, "not_allowed: Durak has no play"),
    ("  - do: 甲 play D8\n    reject: not_allowed\n", 0, ""),
    ("  - 甲 jump D8\n", 2, "no verb 'jump'"),
])
def test_check_exit_codes_of_issue_19(tmp_path, capsys, steps, status, words):
    f = tmp_path / "s.yaml"
    f.write_text(GOOD + steps, encoding="utf-8")
    assert main(["check", str(f)]) == status
    assert words in capsys.readouterr().out


# --- title and note in several languages -------------------------------------------------------------

MANY = GOOD.replace("title: Good", "title: {en: Good, zh-TW: 好, ja: 良い}").replace(
    "    note: Only an 8 may be added.\n",
    "    note:\n      en: Only an 8 may be added.\n      ja: 足せるのは 8 だけ。\n") + (
    "  - expect: {over: false}\n    note: {en: The game goes on., zh-TW: 遊戲繼續。}\n")


def test_check_a_file_with_language_mappings_is_ok(tmp_path, capsys):
    f = tmp_path / "many.yaml"
    f.write_text(MANY, encoding="utf-8")
    assert main(["check", str(f)]) == 0
    assert capsys.readouterr().out == f"ok  {f}\n"
    assert main(["check", "--json", str(f)]) == 0
    assert json_lines(capsys.readouterr().out) == [{"path": str(f), "status": "ok", "step": None, "message": None}]


def test_replay_of_a_file_with_language_mappings_shows_english(tmp_path, capsys):
    f = tmp_path / "many.yaml"
    f.write_text(MANY, encoding="utf-8")
    assert main(["replay", str(f)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Good  [durak, podkidnoy]")
    assert "note: Only an 8 may be added." in out and "note: The game goes on." in out
    assert not any(word in out for word in ("好", "良い", "だけ", "繼續"))
    assert main(["replay", str(f), "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert records[0]["title"] == "Good" and records[2]["note"] == "Only an 8 may be added."


@pytest.mark.parametrize("old, new, where, words", [
    ("title: Good", "title: {ja: 良い}", "(line 1)", "title has no en text"),
    ("title: Good", "title:\n  en: Good\n  ko: 좋은", "(line 3)", "title: unknown language tag 'ko'"),
    ("title: Good", "title: {en: Good, ja: [良い]}", "(line 1)", "title in ja must be one line of text, not a list"),
    ("title: Good", "title: {}", "(line 1)", "title is an empty mapping"),
    ("    note: Only an 8 may be added.\n", "    note: {ja: 8 だけ}\n", "(line 15, step 2)", "note has no en text"),
    ("    note: Only an 8 may be added.\n", "    note: {en: Only 8., fr: '8'}\n", "(line 15, step 2)",
     "note: unknown language tag 'fr'"),
    ("    note: Only an 8 may be added.\n", "    note:\n      en: Only 8.\n      ja: 8\n", "(line 17, step 2)",
     "note in ja must be text, not the number 8"),
    ("    note: Only an 8 may be added.\n", "    note: {}\n", "(line 15, step 2)", "note is an empty mapping"),
])
def test_check_a_bad_language_mapping_is_exit_2(tmp_path, capsys, old, new, where, words):
    f = tmp_path / "bad.yaml"
    f.write_text(GOOD.replace(old, new), encoding="utf-8")
    assert main(["check", str(f)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"ERROR  {f} {where}: ") and words in out, out
    assert out.count("\n") == 1 and "Traceback" not in out


def test_games_lists_every_registered_game_with_its_rule_sets_and_players(capsys, monkeypatch):
    from cardlab import registry
    from cardlab.game import Game

    class HighCard(Game):
        name = "highcard"
        order = 40
        title = {"en": "Higher card wins", "ja": "大きいカードの勝ち"}
        rulesets = {"plain": type("Rules", (), {"name": "plain", "description": "one card each"})()}
        player_counts = {"plain": (2, 4)}

    monkeypatch.setattr(registry, "_games", dict(registry._games))
    registry.register(HighCard())
    assert main(["games"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line for line in out if not line.startswith(" ")] == [
        "daifugo: Daifugo", "gandengyan: Gan Deng Yan", "durak: Durak", "highcard: Higher card wins"]
    assert "  jj                3 players    JJ's three-player version: 58 cards with 6 wild cards, play when " \
           "able (有出必出)" in out
    assert "  perevodnoy     2-6 players  the same as podkidnoy, plus transferring an attack" in out
    assert out[-1] == "  plain  2-4 players  one card each"


def test_help_names_the_games_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "cardlab games" in " ".join(capsys.readouterr().out.split())
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "one of daifugo, gandengyan, durak" in " ".join(capsys.readouterr().out.split())
