"""``cardlab check`` and ``replay`` as hostile input finds them (issue 28): quiz files checked as
quizzes, folder links walked once, file names that cannot fool a terminal, Ctrl-C, an empty path."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cardlab import cli
from cardlab.cli import main

from scenario_texts import durak_text

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
GOOD = durak_text("Good", {"甲": "S8 D8 CQ", "乙": "SQ H7 CK"}, "- 甲 attack S8\n- 乙 defend S8 SQ\n")
UNUSABLE = GOOD.replace("game: durak", "game: poker")
QUIZ = "- question: Which suit is trump?\n  choices: [♥, ♠]\n  answer: ♥\n"
needs_links = pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32",
                                 reason="needs symbolic links")


def cardlab(*args, timeout: float = 60):
    """``python -m cardlab ARGS`` in a fresh interpreter, stopped after ``timeout`` seconds so that
    a walk that never ends fails the test instead of stopping the run."""
    return subprocess.run([sys.executable, "-m", "cardlab", *map(str, args)], cwd=ROOT, capture_output=True,
                          timeout=timeout, env={**os.environ, "PYTHONPATH": str(ROOT)})


# --- quiz files -------------------------------------------------------------------------------

pytest.importorskip("ipywidgets")


def test_check_reads_the_files_of_a_quizzes_folder_as_quizzes(tmp_path, capsys):
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "01.yaml").write_text(QUIZ, encoding="utf-8")
    (tmp_path / "quizzes" / "02.yaml").write_text(QUIZ.replace("answer: ♥", "answer: ♦"), encoding="utf-8")
    (tmp_path / "scenario.yaml").write_text(GOOD, encoding="utf-8")
    assert main(["check", str(tmp_path)]) == 2
    assert capsys.readouterr().out.splitlines() == [
        f"ok  {tmp_path / 'quizzes' / '01.yaml'}",
        f"ERROR  {tmp_path / 'quizzes' / '02.yaml'} (line 3, question 1): the answer '♦' is not one of the "
        "choices (name it by its English text, or by its place as {index: N}, counting from 0)",
        f"ok  {tmp_path / 'scenario.yaml'}"]
    assert main(["check", "--json", str(tmp_path / "quizzes")]) == 2
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["status"], r["step"]) for r in records] == [("ok", None), ("error", None)]
    assert records[1]["message"].startswith(f"{tmp_path / 'quizzes' / '02.yaml'} (line 3, question 1): ")


def test_check_reads_the_files_of_a_try_it_folder_as_a_try_it_tables_instructions(tmp_path, capsys):
    """The lessons keep what to try beside each try-it table in try_it/NN.yaml: checking a lessons
    folder reads them as instructions (a mapping from language tags to texts), not as scenarios."""
    (tmp_path / "try_it").mkdir()
    (tmp_path / "try_it" / "01.yaml").write_text("en: Select 9♠.\nzh-TW: 選9♠。\n", encoding="utf-8")
    (tmp_path / "try_it" / "02.yaml").write_text("zh-TW: 選9♠。\n", encoding="utf-8")
    (tmp_path / "try_it" / "03.yaml").write_text("en: Select 9♠.\nklingon: x\n", encoding="utf-8")
    assert main(["check", str(tmp_path)]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"ok  {tmp_path / 'try_it' / '01.yaml'}"
    assert lines[1].startswith(f"ERROR  {tmp_path / 'try_it' / '02.yaml'}") and "English text (en)" in lines[1]
    assert lines[2].startswith(f"ERROR  {tmp_path / 'try_it' / '03.yaml'}") and "unknown language tag" in lines[2]
    assert len(lines) == 3


def test_a_quiz_outside_a_quizzes_folder_is_a_scenario_that_says_where_quizzes_go(tmp_path, capsys):
    (tmp_path / "quiz.yaml").write_text(QUIZ, encoding="utf-8")
    assert main(["check", str(tmp_path / "quiz.yaml")]) == 2
    assert capsys.readouterr().out == (
        f"ERROR  {tmp_path / 'quiz.yaml'} (line 1): a scenario is a mapping with title, game, rules, players, "
        "deal and steps; this is a list, as a quiz is (cardlab check reads the files of a folder named quizzes "
        "as quizzes)\n")


def test_check_of_the_whole_lessons_folder_is_all_ok_quizzes_included(capsys):
    assert main(["check", "--json", str(LESSONS)]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    quizzes = [r for r in records if Path(r["path"]).parent.name == "quizzes"]
    assert {r["status"] for r in records} == {"ok"}
    assert len(quizzes) == len(list(LESSONS.glob("*/quizzes/*.yaml"))) >= 27


# --- folder links -----------------------------------------------------------------------------

@needs_links
def test_a_chain_of_folders_with_two_links_each_is_walked_once_each(tmp_path):
    # f0 to f23, each holding two links to the next: 2**23 ways down the chain, one folder each.
    for i in range(24):
        (tmp_path / f"f{i}").mkdir()
    for i in range(23):
        os.symlink(f"../f{i + 1}", tmp_path / f"f{i}" / "a")
        os.symlink(f"../f{i + 1}", tmp_path / f"f{i}" / "b")
    (tmp_path / "f23" / "good.yaml").write_text(GOOD, encoding="utf-8")
    done = cardlab("check", tmp_path, timeout=30)
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode() == f"ok  {tmp_path / 'f23' / 'good.yaml'}\n"


@needs_links
def test_a_folder_reached_only_through_links_is_searched_once_under_the_first_link(tmp_path, capsys):
    outside, inside = tmp_path / "outside", tmp_path / "inside"
    outside.mkdir()
    inside.mkdir()
    (outside / "good.yaml").write_text(GOOD, encoding="utf-8")
    (inside / "b_link").symlink_to(outside)
    (inside / "a_link").symlink_to(outside)
    assert main(["check", str(inside)]) == 0
    assert capsys.readouterr().out == f"ok  {inside / 'a_link' / 'good.yaml'}\n"


# --- names a terminal would act on --------------------------------------------------------------

@pytest.mark.skipif(sys.platform == "win32", reason="needs control characters in file names")
def test_file_names_are_shown_escaped_so_no_line_can_pass_for_another(tmp_path, capsys):
    # Escape codes that, printed raw, move up a line, erase it and write "ok  fine.yaml" in its place.
    fooling = tmp_path / "x\x1b[1A\x1b[2K\rok  fine.yaml"
    fooling.write_text(UNUSABLE, encoding="utf-8")
    split = tmp_path / "two\nlines.yaml"
    split.write_text(GOOD, encoding="utf-8")
    assert main(["check", str(tmp_path)]) == 2
    out = capsys.readouterr().out
    assert out.splitlines() == [
        f"ok  $'{tmp_path}/two\\nlines.yaml'",
        f"ERROR  $'{tmp_path}/x\\033[1A\\033[2K\\rok  fine.yaml' (line 2): unknown game 'poker' "
        "(games: daifugo, gandengyan, durak)"]
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f]", out)
    assert main(["replay", str(fooling)]) == 2
    assert capsys.readouterr().out.startswith(f"ERROR  $'{tmp_path}/x\\033[1A\\033[2K\\rok  fine.yaml' (line 2)")
    assert main(["check", "--json", str(split)]) == 0  # JSON escapes them itself
    assert json.loads(capsys.readouterr().out)["path"] == str(split)


@pytest.mark.parametrize("name, shown", [
    ("plain.yaml", "plain.yaml"),
    ("back\\slash.yaml", "back\\slash.yaml"),
    ("tab\there's.yaml", "$'tab\\there\\'s.yaml'"),
    ("bell\a\\.yaml", "$'bell\\007\\\\.yaml'"),
    ("csi\x9b2J.yaml", "$'csi\\u009b2J.yaml'"),
    ("rlo\u202elmy.yaml", "$'rlo\\u202elmy.yaml'"),
])
def test_a_name_is_shown_as_ls_shows_it_on_a_terminal(name, shown):
    assert cli.shown_name(name) == shown


@pytest.mark.skipif(not os.path.exists("/bin/bash"), reason="needs bash to read the quoting back")
def test_a_shown_name_reads_back_in_a_shell_as_the_name():
    name = "a\x1b[31m\nb'c\\d\te.yaml"
    echoed = subprocess.run(["/bin/bash", "-c", f"printf %s {cli.shown_name(name)}"], capture_output=True,
                            timeout=20)
    assert echoed.stdout.decode() == name


# --- Ctrl-C -----------------------------------------------------------------------------------

@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_ctrl_c_during_check_stops_with_one_line_and_exit_130(tmp_path):
    for i in range(4000):  # seconds of work, so Ctrl-C comes long before the end, however busy the machine
        (tmp_path / f"s{i:04}.yaml").write_text(GOOD, encoding="utf-8")
    command = subprocess.Popen([sys.executable, "-m", "cardlab", "check", str(tmp_path)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0,  # read no further than asked
                               env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"})
    try:
        first = command.stdout.readline()  # the walk is over and checking has begun
        command.send_signal(signal.SIGINT)
        out, err = command.communicate(timeout=60)
    finally:
        command.kill()
    assert first.decode() == f"ok  {tmp_path / 's0000.yaml'}\n"
    assert command.returncode == 130
    assert re.fullmatch(r"cardlab check: interrupted after (\d+) of 4000 files\n", err.decode()), err.decode()
    checked = int(re.search(r"after (\d+) of", err.decode()).group(1))
    # A line printed as Ctrl-C came may not be counted yet.
    assert checked < 4000 and len((first + out).decode().splitlines()) in (checked, checked + 1)


def test_ctrl_c_during_replay_stops_with_one_line_and_exit_130(tmp_path, capsys, monkeypatch):
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "run", interrupted)
    try:
        status = main(["replay", str(tmp_path / "good.yaml")])
    except KeyboardInterrupt:  # caught here, as pytest would stop the whole run on it
        pytest.fail("Ctrl-C came out of replay as a KeyboardInterrupt")
    assert status == 130
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", "cardlab replay: interrupted\n")


# --- an empty path ------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [["check", ""], ["check", "", "x.yaml"], ["replay", ""]])
def test_an_empty_path_is_refused_in_one_line(tmp_path, capsys, monkeypatch, args):
    monkeypatch.chdir(tmp_path)  # a scenario here, which an empty path must not stand for
    (tmp_path / "x.yaml").write_text(GOOD, encoding="utf-8")
    assert main(args) == 2
    assert capsys.readouterr().out == ('ERROR  an empty PATH ("") names no file or folder: give a scenario or '
                                       "quiz file, or a folder of them\n")
    assert main([args[0], "--json", *args[1:]]) == 2
    record = json.loads(capsys.readouterr().out)
    assert record.get("status", "error") == "error" and "an empty PATH" in (record.get("message") or record["error"])
