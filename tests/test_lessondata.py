"""The lessons' data files where they are not on disk (cardlab/lessondata.py): as in the offline
website's kernel without a service worker, a lesson's relative paths are read from the
cardlab_lessons package (here a copy of lessons/ made into one), keyed by their place under
lessons/; on disk, nothing changes."""

from __future__ import annotations

import importlib
import shutil
import sys
import tracemalloc
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
    with pytest.raises(ValueError, match="quizzes/99.yaml: cannot read: No such file"):
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


@pytest.mark.parametrize("folder", ["lessons", "cardlab-copy"])
@pytest.mark.parametrize("edition", lessondata.EDITIONS)
def test_a_translated_lesson_reads_the_data_files_of_its_english_original(edition, folder, tmp_path, monkeypatch):
    """lessons/zh-TW/durak/ (and lessons/ja/...) hold notebooks only: the same relative paths read
    the English tree's files, on disk, and in the offline site from the package; also in a copy of
    the lessons folder a teacher gave another name."""
    lessons = tmp_path / folder
    shutil.copytree(LESSONS, lessons, ignore=shutil.ignore_patterns("*.ipynb", *lessondata.EDITIONS))
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


@pytest.fixture(params=lessondata.EDITIONS)
def edition_with_a_huge_file(request, tmp_path, monkeypatch):
    """The kernel in lessons/<edition>/durak, whose ../scenarios/durak is the English folder; a
    function making a file of that folder 3 GB large (sparse: nothing is written)."""
    folder = tmp_path / "lessons" / "scenarios" / "durak"
    shutil.copytree(LESSONS / "scenarios" / "durak", folder)
    cwd = tmp_path / "lessons" / request.param / "durak"
    cwd.mkdir(parents=True)
    monkeypatch.chdir(cwd)

    def huge(name):
        with open(folder / name, "ab") as f:
            f.truncate(3 * 10**9)

    return huge


def peak_memory(read) -> tuple[int, Exception]:
    """The most memory ``read()`` took at once (in bytes), and the exception it raised."""
    tracemalloc.start()
    try:
        with pytest.raises(Exception) as caught:
            read()
        return tracemalloc.get_traced_memory()[1], caught.value
    finally:
        tracemalloc.stop()


def test_a_translated_lessons_fallback_keeps_the_size_limit(edition_with_a_huge_file):
    """Read through a translated edition's fallback to the English file on disk, a 3 GB file is
    refused as it is when read from its own place, without being read."""
    edition_with_a_huge_file("huge.yaml")
    peak, error = peak_memory(lambda: load("../scenarios/durak/huge.yaml"))
    assert peak < 2**24
    assert isinstance(error, ScenarioError) and "huge.yaml: larger than 1 MB" in str(error)
    assert lessondata.read_bytes("../scenarios/durak/huge.yaml", 11) == bytes(11)


def test_a_huge_order_file_read_through_the_fallback_is_refused_unread(edition_with_a_huge_file):
    edition_with_a_huge_file("order.txt")
    peak, error = peak_memory(lambda: Referee("../scenarios/durak"))
    assert peak < 2**24
    assert isinstance(error, ValueError) and str(error) == (
        "../scenarios/durak/order.txt: larger than 1 MB, far more than a list of file names; is it the right file?")
