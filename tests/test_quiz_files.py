"""Quiz files as hostile input (issue 28): read by the same hardened reader as scenario files, every
fault one line naming the file, the line, the question and what is wrong; never a hang, a
traceback or a text that cannot be printed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

pytest.importorskip("ipywidgets")

from cardlab import yamlfile  # noqa: E402
from cardlab.widgets import Quiz, QuizError  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GOOD = "- question: Fine?\n  choices: [yes, no]\n  answer: yes\n"


@pytest.fixture(params=["libyaml", "pure Python"])
def yaml_loader(request, monkeypatch):
    """Each loader PyYAML may have: libyaml's where it was built with it, and its own."""
    if request.param == "libyaml":
        if not hasattr(yaml, "CSafeLoader"):
            pytest.skip("PyYAML was built without libyaml")
        monkeypatch.setattr(yamlfile, "YAML_LOADER", yaml.CSafeLoader)
    else:
        monkeypatch.setattr(yamlfile, "YAML_LOADER", yaml.SafeLoader)


def quiz(tmp_path, text: str, name: str = "quiz.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(path) -> QuizError:
    with pytest.raises(QuizError) as caught:
        Quiz.from_file(path)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400 and message.startswith(str(path)), message
    return caught.value


def load_elsewhere(path, timeout: float = 20):
    """``Quiz.from_file(path)`` in a fresh interpreter of at most 2 GB, stopped after ``timeout``
    seconds, so that a hang or a runaway fails the test instead of stopping the run: ``(seconds,
    message)``, the message of the refusal (or "loaded")."""
    code = ("import resource, sys, time\n"
            "resource.setrlimit(resource.RLIMIT_AS, (2**31, 2**31))\n"
            "from cardlab.widgets import Quiz\n"
            "start = time.perf_counter()\n"
            "try:\n    Quiz.from_file(sys.argv[1]); message = 'loaded'\n"
            "except ValueError as exc:\n    message = str(exc)\n"
            "print(time.perf_counter() - start); print(message)")
    done = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, capture_output=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and done.stderr == b"", done.stderr[-2000:]
    seconds, message = done.stdout.decode().split("\n", 1)
    return float(seconds), message.rstrip("\n")


# --- the reader: aliases, depth, special and huge files ---------------------------------------------

def test_a_quiz_alias_bomb_is_refused_at_once_in_one_short_line(tmp_path):
    # Under 500 bytes that stand for a hundred million values: the question is the last list of lists.
    levels = [f"&a0 [{', '.join(['lol'] * 10)}]"] + [f"&a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 8)]
    path = quiz(tmp_path, f"- choices: [{', '.join(levels)}]\n  question: *a7\n  answer: lol\n")
    assert len(path.read_bytes()) < 500
    seconds, message = load_elsewhere(path)
    assert message == (f"{path} (line 1, question 1): this value, its YAML aliases (*name) written out, holds "
                       "more than 1,000,000 values: far too many for a quiz")
    assert seconds < 1


@pytest.mark.parametrize("nested, line", [
    ("question: " + "[" * 5000 + "]" * 5000, 6),
    ("explanation: " + "{a: " * 5000 + "1" + "}" * 5000, 6),
    ("explanation:\n" + "".join("  " * (i + 2) + "-\n" for i in range(150)), 7 + 98),  # a list a line
])
def test_a_quiz_nested_thousands_deep_is_refused_in_one_line(tmp_path, yaml_loader, nested, line):
    path = quiz(tmp_path, GOOD + "- choices: [a, b]\n  answer: a\n  " + nested + "\n")
    error = refused(path)
    assert error.fault == "values nested more than 100 deep: far deeper than any quiz"
    assert (error.line, error.question) == (line, 2)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_quiz_path_that_is_a_named_pipe_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "quiz.yaml"
    os.mkfifo(fifo)
    seconds, message = load_elsewhere(fifo)
    assert message == f"{fifo}: not a regular file but a named pipe; a quiz is a YAML text file"


def test_a_50_mb_quiz_is_refused_by_its_size(tmp_path):
    path = tmp_path / "big.yaml"
    with open(path, "w", encoding="utf-8") as f:
        for _ in range(50 * 2**20 // len(GOOD) + 1):
            f.write(GOOD)
    seconds, message = load_elsewhere(path)
    assert message == f"{path}: larger than 1 MB, far more than any quiz; is it the right file?"
    assert seconds < 1


def test_a_translated_lessons_quiz_read_from_the_english_file_keeps_the_size_limit(tmp_path, monkeypatch):
    english = tmp_path / "lessons" / "durak" / "quizzes"
    english.mkdir(parents=True)
    (english / "02.yaml").write_text(GOOD * (2**20 // len(GOOD) + 1), encoding="utf-8")
    (tmp_path / "lessons" / "ja" / "durak").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "lessons" / "ja" / "durak")
    assert refused(Path("quizzes/02.yaml")).fault == "larger than 1 MB, far more than any quiz; is it the right file?"


# --- duplicate keys, values that cannot be read, YAML syntax ---------------------------------------

@pytest.mark.parametrize("text, line, fault", [
    ("- question: Which?\n  choices: [a, b]\n  answer: a\n  explanation: A.\n  answer: b\n", 5,
     "the key 'answer' appears twice"),
    ("- question: {en: A, en: B}\n  choices: [a, b]\n  answer: a\n", 1, "the key 'en' appears twice"),
])
def test_a_key_given_twice_is_refused_with_its_line(tmp_path, yaml_loader, text, line, fault):
    error = refused(quiz(tmp_path, GOOD + text))
    assert (error.line, error.question, error.fault) == (line + 3, 2, fault)


@pytest.mark.parametrize("text, line, fault", [
    ("- question: When?\n  choices: [2024-13-45, b]\n  answer: b\n", 2,
     "not valid YAML: '2024-13-45' cannot be read as a date (month must be in 1..12)"),
    ("- question: How much?\n  choices: [!!float abc, b]\n  answer: b\n", 2,
     "not valid YAML: 'abc' cannot be read as a number (could not convert string to float: 'abc')"),
    ("- question: How many?\n  choices: [" + "7" * 5000 + ", b]\n  answer: b\n", 2,
     "this number is too long: 5,000 digits, where a quiz's numbers have at most 4,300"),
    ("- question: Which?\n  choices: [a, b\n  answer: a\n", 3, "not valid YAML: "),
    ("- question: Which?\n  choices: [a, b]\n  answer: a\n explanation: x\n", 4, "not valid YAML: "),
])
def test_a_value_or_syntax_yaml_cannot_read_names_file_line_and_question(tmp_path, yaml_loader, text, line, fault):
    path = quiz(tmp_path, GOOD + text)
    error = refused(path)
    assert str(error).startswith(f"{path} (line {line + 3}, question 2): {fault}")
    assert "<unicode string>" not in str(error) and "Traceback" not in str(error)


# --- which choice the answer names --------------------------------------------------------------

@pytest.mark.parametrize("choices, answer, key", [
    ("[1, 2, 3]", "2", "2"),
    ("[4, 5, 6]", "6", "6"),
    ("[0, 1, 2]", '"0"', "0"),
    ("[1.5, 2.5]", "2.5", "2.5"),
    ("[Yes, No]", "No", "No"),
    ("[a, b, c]", "{index: 1}", "b"),
    ("[1, 2, 3]", "{index: 1}", "2"),
])
def test_an_answer_that_reads_as_a_choice_is_that_choice(tmp_path, choices, answer, key):
    path = quiz(tmp_path, f"- question: Which?\n  choices: {choices}\n  answer: {answer}\n")
    assert Quiz.from_file(path).questions[0]["answer"] == key
    # The same in Python, the choices and the answer as YAML 1.2 reads them.
    written = yamlfile.parse(f"[{choices}, {answer}]", "q.yaml", yaml12_booleans=True)[0]
    assert Quiz([{"question": "Which?", "choices": written[0], "answer": written[1]}]).questions[0]["answer"] == key


@pytest.mark.parametrize("choices, answer, fault", [
    ("[a, b, c]", "1", "the answer '1' is not one of the choices (name it by its English text, or by its "
                       "place as {index: N}, counting from 0)"),
    ("[1, 2, 3]", "{index: 3}", "the answer {index: 3} names no choice: index counts the choices from 0, so "
                                "here it is 0 to 2"),
    ("[a, b]", "{index: true}", "the answer {index: True} names no choice"),
    ("[a, b]", "[a]", "the answer is the English text of the right choice, or its place as {index: N}"),
    ("[a, b]", "{en: a, ja: あ}", "the answer is the English text of the right choice"),
])
def test_an_answer_that_names_no_choice_is_refused_with_its_line(tmp_path, choices, answer, fault):
    path = quiz(tmp_path, f"{GOOD}- question: Which?\n  choices: {choices}\n  answer: {answer}\n")
    error = refused(path)
    assert error.fault.startswith(fault) and (error.line, error.question) == (6, 2)


def test_a_question_without_an_answer_says_how_to_give_one(tmp_path):
    error = refused(quiz(tmp_path, "- question: Which?\n  choices: [a, b]\n"))
    assert error.fault == ("needs an answer: the English text of the right choice, or its place as {index: N} "
                           "(counting from 0)") and error.line == 1


def test_every_lesson_quiz_names_its_answer_by_a_choice_s_text():
    """The lessons' quiz files load, and none needs an index: each answer reads as a choice."""
    files = sorted((ROOT / "lessons").glob("*/quizzes/*.yaml"))
    assert len(files) >= 27
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for question, loaded in zip(data, Quiz.from_file(path).questions):
            assert not isinstance(question["answer"], dict) and str(question["answer"]) == loaded["answer"]


# --- text that cannot be printed ------------------------------------------------------------------

@pytest.mark.parametrize("text, line, fault", [
    ('- question: "\\e[2J Which?"\n  choices: [a, b]\n  answer: a\n', 1,
     "the question holds a control character (#x001b), which cannot be printed"),
    ('- question: Which?\n  choices: [a, "b\\x9b"]\n  answer: a\n', 2,
     "choice 2 holds a control character (#x009b), which cannot be printed"),
    ('- question: Which?\n  choices: [a, b]\n  answer: a\n  explanation: {en: A., ja: "\\ud800"}\n', 4,
     "the explanation in ja holds a lone surrogate (#xd800), which cannot be printed"),
])
def test_quiz_text_that_cannot_be_printed_is_refused(tmp_path, monkeypatch, text, line, fault):
    monkeypatch.setattr(yamlfile, "YAML_LOADER", yaml.SafeLoader)  # libyaml refuses surrogate escapes itself
    error = refused(quiz(tmp_path, GOOD + text))
    assert (error.line, error.question, error.fault) == (line + 3, 2, fault)


def test_a_lone_surrogate_is_refused_by_libyaml_too(tmp_path, yaml_loader):
    error = refused(quiz(tmp_path, GOOD + '- question: Which?\n  choices: [a, "\\ud800"]\n  answer: a\n'))
    assert (error.line, error.question) == (5, 2)
    assert "#xd800" in error.fault or "invalid Unicode character escape" in error.fault


@pytest.mark.parametrize("key, value", [("question", "\ud800 Which?"), ("explanation", "\x1b[2J"),
                                        ("choices", ["a", "\x07b"])])
def test_quiz_text_given_in_python_that_cannot_be_printed_is_refused(key, value):
    question = {"question": "Which?", "choices": ["a", "b"], "answer": "a", key: value}
    with pytest.raises(QuizError, match=r"^question 1: .* holds .*, which cannot be printed$"):
        Quiz([question])
    assert str(Quiz([{**question, key: "fine" if key != "choices" else ["a", "b"]}]).text())
