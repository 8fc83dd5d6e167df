"""The lessons' data files where they are not on disk (cardlab/lessondata.py): as in the offline
website's kernel without a service worker, a lesson's relative paths are read from the
cardlab_lessons package (here a copy of lessons/ made into one), keyed by their place under
lessons/; on disk, nothing changes."""

from __future__ import annotations

import importlib
import shutil
import sys
from pathlib import Path

import pytest

from cardlab import lessondata
from cardlab.scenario import ScenarioError, check_paths, load
from cardlab.widgets import Quiz, Referee, Stepper

LESSONS = Path(__file__).resolve().parent.parent / "lessons"


@pytest.fixture
def packaged(tmp_path, monkeypatch):
    """The data package on sys.path, and the kernel in an empty /drive/lessons/durak."""
    package = tmp_path / "site-packages" / lessondata.PACKAGE
    shutil.copytree(LESSONS, package / "data", ignore=shutil.ignore_patterns("*.ipynb"))
    (package / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path / "site-packages"))
    importlib.invalidate_caches()
    cwd = tmp_path / "drive" / "lessons" / "durak"
    cwd.mkdir(parents=True)
    monkeypatch.chdir(cwd)
    yield cwd
    sys.modules.pop(lessondata.PACKAGE, None)


def test_lesson_key():
    assert lessondata.lesson_key("/drive/lessons/durak/../scenarios/durak/a.yaml") == ("scenarios", "durak", "a.yaml")
    assert lessondata.lesson_key("/home/pyodide/a.yaml") is None


def test_a_lessons_files_come_from_the_package(packaged):
    assert Stepper("../scenarios/durak/route_a.yaml").counter.startswith("step 0 of")
    assert Quiz.from_file("quizzes/02.yaml").questions
    referee = Referee("../scenarios/durak")
    assert referee.files == Referee(LESSONS / "scenarios" / "durak").files
    assert [p.name for p in check_paths(["../scenarios/durak"])] == sorted(
        p.name for p in (LESSONS / "scenarios" / "durak").glob("*.yaml"))


def test_what_is_in_neither_still_fails(packaged):
    with pytest.raises(ScenarioError, match="cannot read: No such file"):
        load("../scenarios/durak/no_such_file.yaml")
    with pytest.raises(ValueError, match="cannot read the quiz"):
        Quiz.from_file("quizzes/99.yaml")
    with pytest.raises(ValueError, match="no scenario files"):
        Referee("../scenarios/no_such_game")


def test_a_file_on_disk_comes_first(packaged):
    (packaged / "quizzes").mkdir()
    (packaged / "quizzes" / "02.yaml").write_text(
        "- {question: On disk, choices: [a, b], answer: a}\n", encoding="utf-8")
    assert [q["question"] for q in Quiz.from_file("quizzes/02.yaml").questions] == ["On disk"]


def test_without_the_package_nothing_is_looked_up(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert lessondata.packaged("lessons/scenarios/durak/route_a.yaml") is None
    with pytest.raises(ScenarioError, match="cannot read"):
        load("lessons/scenarios/durak/route_a.yaml")


@pytest.mark.parametrize("edition", lessondata.EDITIONS)
def test_a_translated_lesson_reads_the_data_files_of_its_english_original(edition, tmp_path, monkeypatch):
    """lessons/zh-TW/durak/ (and lessons/ja/...) hold notebooks only: the same relative paths read
    the English tree's files, on disk, and in the offline site from the package."""
    lessons = tmp_path / "lessons"
    shutil.copytree(LESSONS, lessons, ignore=shutil.ignore_patterns("*.ipynb", "zh-TW", "ja"))
    cwd = lessons / edition / "durak"
    cwd.mkdir(parents=True)
    monkeypatch.chdir(cwd)
    assert Stepper("../scenarios/durak/route_a.yaml").counter.startswith("step 0 of")
    assert Quiz.from_file("quizzes/02.yaml").questions == Quiz.from_file(lessons / "durak" / "quizzes" / "02.yaml").questions
    assert Referee("../scenarios/durak").files == Referee(LESSONS / "scenarios" / "durak").files
    with pytest.raises(ScenarioError, match="cannot read: No such file"):
        load("../scenarios/durak/no_such_file.yaml")
    # A file of the edition's own comes first.
    (cwd / "quizzes").mkdir()
    (cwd / "quizzes" / "02.yaml").write_text("- {question: Own, choices: [a, b], answer: a}\n", encoding="utf-8")
    assert [q["question"] for q in Quiz.from_file("quizzes/02.yaml").questions] == ["Own"]


def test_a_translated_lesson_in_the_site_reads_the_package(packaged, monkeypatch):
    edition = packaged.parent / "zh-TW" / "durak"
    edition.mkdir(parents=True)
    monkeypatch.chdir(edition)
    assert Stepper("../scenarios/durak/route_a.yaml").counter.startswith("step 0 of")
    assert Quiz.from_file("quizzes/02.yaml").questions
