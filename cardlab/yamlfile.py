"""Reading a YAML file a user points at (a scenario, a quiz), whatever the file holds.

:func:`read_text` reads a regular file of at most :data:`MAX_BYTES` as UTF-8, refusing a named
pipe or a device without waiting on it; :func:`parse` reads YAML text with a safe loader and
refuses what would take minutes or memory to read or walk: alias bombs, values nested more than
:data:`MAX_DEPTH` deep, numbers of more than :data:`MAX_DIGITS` digits. It also refuses a key
given twice in a mapping. Every fault is a :class:`YAMLFileError` whose ``str()`` is one line
naming the file, the line and the fault; ``kind`` (``"scenario"``, ``"quiz"``) names what the file
should be in those messages. :func:`unprintable` says what in a text a terminal could not print.

Nothing here knows scenarios, quizzes, games or widgets: their loaders build on it.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import yaml

from . import lessondata
from .engine import shorten

# Hundreds of times the largest lesson scenario or quiz (a few kB), and small enough that the
# densest file allowed is checked in seconds, even by the pure-Python YAML parser.
MAX_BYTES = 2**20
# Values a document may hold with its YAML aliases written out: twice what a file of MAX_BYTES can
# hold without aliases (about two bytes a value at the least), a second's work to walk.
MAX_VALUES = 1_000_000
# How deep values may nest: far more than any scenario or quiz needs (about six), and few enough
# that whatever walks a value by recursion stays far from Python's recursion limit.
MAX_DEPTH = 100
# Digits of the longest whole number a file may write: what Python reads by default
# (sys.get_int_max_str_digits), the same whatever the Python, so a file checks the same everywhere.
MAX_DIGITS = 4300
INT_TAG = "tag:yaml.org,2002:int"
BOOL_TAG = "tag:yaml.org,2002:bool"
# Text a terminal would act on or cannot print, which YAML escapes such as "\e", "\x9b" or "\ud800"
# put into a string: control characters but tab and line break, and lone surrogates.
UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")

# libyaml's loader where PyYAML was built with it: the same safe constructors and the same marks
# (line numbers), and many times faster than the pure-Python one on a large file.
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# What a value of a YAML type is called in a message about one that cannot be read.
_TYPE_WORDS = {"timestamp": "a date", "float": "a number", "int": "a whole number", "binary": "base64 data"}


class YAMLFileError(ValueError):
    """A file that cannot be read as YAML of the kind wanted. ``str()`` is the one-line message:
    ``PATH (line N): FAULT``, or ``PATH: FAULT`` where no line is known."""

    def __init__(self, path: str, fault: str, line: int | None = None):
        self.path, self.fault, self.line = path, fault, line
        super().__init__(f"{path} (line {line}): {fault}" if line is not None else f"{path}: {fault}")


def unprintable(text: str) -> str | None:
    """What in ``text`` cannot be printed (:data:`UNPRINTABLE`), in words: ``"a control character
    (#x001b)"``, ``"a lone surrogate (#xd800)"``; ``None`` when all of it can."""
    bad = UNPRINTABLE.search(text)
    if bad is None:
        return None
    kind = "a lone surrogate" if "\ud800" <= bad.group() <= "\udfff" else "a control character"
    return f"{kind} (#x{ord(bad.group()):04x})"


def read_text(path: str | Path, kind: str = "scenario") -> str:
    """The text of the regular file ``path`` of at most :data:`MAX_BYTES`, in UTF-8. A lesson's
    file that is not on disk is read where :func:`cardlab.lessondata.packaged` finds it, under
    the same limits. Raises :class:`YAMLFileError`."""
    path_s = str(path)
    try:
        data = _read_bytes(path, path_s, kind)
    except FileNotFoundError as exc:
        found = lessondata.packaged(path)  # a translated lesson's English file, or the offline website's
        if found is None or not found.is_file():
            raise YAMLFileError(path_s, f"cannot read: {exc.strerror or exc}") from None
        try:
            if isinstance(found, Path):
                data = _read_bytes(found, path_s, kind)
            else:
                data = lessondata.read_packaged(found, MAX_BYTES + 1)
        except OSError as exc:
            raise YAMLFileError(path_s, f"cannot read: {exc.strerror or exc}") from None
    except OSError as exc:
        raise YAMLFileError(path_s, f"cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise YAMLFileError(path_s, f"larger than {MAX_BYTES // 2**20} MB, far more than any {kind}; "
                            "is it the right file?")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YAMLFileError(path_s, "not a UTF-8 text file", data.count(b"\n", 0, exc.start) + 1) from None


def _read_bytes(path: str | Path, path_s: str, kind: str) -> bytes:
    """At most :data:`MAX_BYTES` + 1 bytes of ``path``, refused unless it is a regular file."""
    # Non-blocking, so that a named pipe is refused at once instead of waiting for a writer.
    with open(path, "rb", opener=lambda p, flags: os.open(p, flags | getattr(os, "O_NONBLOCK", 0))) as f:
        mode = os.fstat(f.fileno()).st_mode
        if not stat.S_ISREG(mode):
            what = "a named pipe" if stat.S_ISFIFO(mode) else "a device or other special file"
            raise YAMLFileError(path_s, f"not a regular file but {what}; a {kind} is a YAML text file")
        return f.read(MAX_BYTES + 1)


def parse(text: str, path: str, kind: str = "scenario", yaml12_booleans: bool = False):
    """``(data, node)``: the document in ``text`` and its node tree (for the lines of its values),
    or ``(None, None)`` for an empty document. With ``yaml12_booleans``, only ``true`` and
    ``false`` are booleans (YAML 1.2), so that ``Yes`` and ``No`` stay text. ``path`` names the
    text in messages. Raises :class:`YAMLFileError`."""
    try:
        # The pure-Python reader refuses control characters at once.
        loader = _loader_class(YAML_LOADER, yaml12_booleans)(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return None, None
            _check_nodes(node, path, kind)
            try:
                return loader.construct_document(node), node
            except (ValueError, OverflowError, TypeError):
                bad = _unconstructible(node)
                if bad is None:
                    raise
                raise bad from None
        finally:
            loader.dispose()
    except YAMLFileError:
        raise
    except _TooDeep as exc:
        raise YAMLFileError(path, _too_deep(kind), exc.mark.line + 1) from None
    except _BadValue as exc:
        raise YAMLFileError(path, exc.fault(), exc.node.start_mark.line + 1) from None
    except yaml.reader.ReaderError as exc:
        # Its position counts characters in one loader and UTF-8 bytes in the other: find the
        # character itself instead.
        at = text.find(chr(exc.character)) if isinstance(exc.character, int) else -1
        raise YAMLFileError(path, f"not valid YAML: {exc.reason} (character #x{exc.character:04x})",
                            text.count("\n", 0, at) + 1 if at >= 0 else None) from None
    except UnicodeEncodeError as exc:  # libyaml reads UTF-8, which has no lone surrogates
        raise YAMLFileError(path, f"not valid Unicode text: {exc.reason} (character "
                            f"#x{ord(text[exc.start]):04x})", text.count("\n", 0, exc.start) + 1) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "bad YAML"
        fault = _too_deep(kind) if "nesting depth" in problem else f"not valid YAML: {_one_line(problem)}"
        raise YAMLFileError(path, fault, mark.line + 1 if mark else None) from None
    except yaml.YAMLError as exc:
        raise YAMLFileError(path, f"not valid YAML: {_one_line(str(exc))}") from None
    except (ValueError, OverflowError, TypeError, RecursionError) as exc:
        raise YAMLFileError(path, f"not valid YAML: {_one_line(str(exc))}") from None


def line_of(node, *keys) -> int | None:
    """Line (1-based) of the node reached from ``node`` by following mapping keys and sequence
    indexes; ``None`` where there is no such node."""
    for k in keys:
        if isinstance(node, yaml.MappingNode):
            node = next((v for kn, v in node.value if isinstance(kn, yaml.ScalarNode) and kn.value == str(k)), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(k, int) and k < len(node.value):
            node = node.value[k]
        else:
            node = None
        if node is None:
            return None
    return node.start_mark.line + 1


def top_item_at(text: str, line: int) -> int | None:
    """The index of the item of ``text``'s top-level list that ``line`` (1-based) lies in: of the
    last item that starts on or before it. ``None`` when the document is not a list, or ``line``
    comes before its first item. Reads only as far as ``line``, and stops quietly at a fault."""
    loader = YAML_LOADER(text)
    depth, item, is_list = 0, None, False
    try:
        while loader.check_event():
            event = loader.get_event()
            if event.start_mark.line + 1 > line:
                break
            starts = isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.SequenceStartEvent,
                                        yaml.MappingStartEvent))
            if starts and depth == 1 and is_list:
                item = 0 if item is None else item + 1
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                if depth == 0:
                    is_list = isinstance(event, yaml.SequenceStartEvent)
                depth += 1
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except (yaml.YAMLError, ValueError, UnicodeError):
        pass
    finally:
        loader.dispose()
    return item if is_list else None


def _too_deep(kind: str) -> str:
    return f"values nested more than {MAX_DEPTH} deep: far deeper than any {kind}"


def _one_line(text: str) -> str:
    return shorten(" ".join(text.split()), 120)


class _TooDeep(Exception):
    """A value nested too deep, met while composing (the pure-Python loader)."""

    def __init__(self, mark):
        self.mark = mark


class _BadValue(Exception):
    """A value its constructor could not make (an impossible date, ``!!float abc``)."""

    def __init__(self, node, error: Exception):
        self.node, self.error = node, error

    def fault(self) -> str:
        tag = self.node.tag.rsplit(":", 1)[-1]
        what = _TYPE_WORDS.get(tag, f"!!{tag}")
        value = self.node.value if isinstance(self.node.value, str) else None
        written = f"{shorten(value)!r} " if value is not None else "this value "
        return f"not valid YAML: {written}cannot be read as {what} ({_one_line(str(self.error))})"


def _unconstructible(root) -> _BadValue | None:
    """The first value of the document ``root`` (in the order written) that its constructor cannot
    make, such as the date 2024-13-45, as a :class:`_BadValue`; ``None`` if each can be made."""
    constructor = yaml.constructor.SafeConstructor()
    todo = [root]
    while todo:
        node = todo.pop()
        if isinstance(node, yaml.ScalarNode):
            try:
                constructor.construct_object(node, deep=True)
            except (ValueError, OverflowError, TypeError) as exc:
                return _BadValue(node, exc)
        else:
            todo += reversed(_children(node))
    return None


class _Limited:
    """What a safe loader gains here: in the pure-Python loader, whose composer recurses, values
    nested more than :data:`MAX_DEPTH` deep are refused before the recursion gets deep. (libyaml's
    composer, in C, never calls :meth:`compose_node`: it stops at 1,000 levels itself, and
    :func:`_check_nodes` at :data:`MAX_DEPTH`.)"""

    _depth = 0

    def compose_node(self, parent, index):
        if self._depth >= MAX_DEPTH:
            raise _TooDeep(self.peek_event().start_mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


_LOADERS: dict = {}


def _loader_class(base, yaml12_booleans: bool):
    """``base`` (a safe loader class) with :class:`_Limited`'s depth limit and, with
    ``yaml12_booleans``, YAML 1.2's booleans; made once for each."""
    key = (base, yaml12_booleans)
    if key not in _LOADERS:
        attrs = {}
        if yaml12_booleans:
            attrs["yaml_implicit_resolvers"] = {
                first: [(tag, regexp) for tag, regexp in resolvers if tag != BOOL_TAG]
                for first, resolvers in base.yaml_implicit_resolvers.items()}
        cls = type(f"Limited{base.__name__}", (_Limited, base), attrs)
        if yaml12_booleans:
            cls.add_implicit_resolver(BOOL_TAG, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
        _LOADERS[key] = cls
    return _LOADERS[key]


def _check_nodes(root, path: str, kind: str) -> None:
    """Refuse a key given twice in a mapping, a number of more than :data:`MAX_DIGITS` digits,
    values nested more than :data:`MAX_DEPTH` deep, and a document that, its aliases written out,
    would hold more than :data:`MAX_VALUES` values or never end (an alias inside the value it
    names).

    An alias (``*name``) repeats a value without writing it again, so the node tree shares nodes:
    ten short lines of aliases of aliases stand for billions of values, and whatever walks the
    document would take minutes. Each node is visited once, in the order it is written, without
    recursion, and its written-out size and height are worked out from those of its children."""
    done: dict[int, tuple[int, int]] = {}  # node id -> (values, levels) in it, aliases written out
    open_: set[int] = set()  # nodes whose children are still being sized
    todo = [(root, False, 1)]  # (node, its children are sized, its depth)
    while todo:
        node, sized, depth = todo.pop()
        if sized:
            open_.discard(id(node))
            values, levels = 1, 0
            for child in _children(node):
                child_values, child_levels = done[id(child)]
                values += child_values
                levels = max(levels, child_levels)
            done[id(node)] = values, levels + 1
            if values > MAX_VALUES:
                raise YAMLFileError(path, f"this value, its YAML aliases (*name) written out, holds more than "
                                    f"{MAX_VALUES:,} values: far too many for a {kind}", node.start_mark.line + 1)
            if levels + 1 > MAX_DEPTH:
                raise YAMLFileError(path, _too_deep(kind), node.start_mark.line + 1)
        elif id(node) in open_:
            raise YAMLFileError(path, "a YAML alias (*name) inside the value it names makes it endless",
                                node.start_mark.line + 1)
        elif id(node) not in done:
            if depth > MAX_DEPTH:
                raise YAMLFileError(path, _too_deep(kind), node.start_mark.line + 1)
            if isinstance(node, yaml.ScalarNode):
                if node.tag == INT_TAG and isinstance(node.value, str):
                    digits = sum(ch.isdigit() for ch in node.value)
                    if digits > MAX_DIGITS:
                        raise YAMLFileError(path, f"this number is too long: {digits:,} digits, where a {kind}'s "
                                            f"numbers have at most {MAX_DIGITS:,}", node.start_mark.line + 1)
                done[id(node)] = 1, 1
                continue
            if isinstance(node, yaml.MappingNode):
                _no_duplicate_keys(node, path)
            open_.add(id(node))
            todo.append((node, True, depth))
            todo += [(child, False, depth + 1) for child in reversed(_children(node))]


def _children(node) -> list:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return node.value if isinstance(node, yaml.SequenceNode) else []


def _no_duplicate_keys(node: yaml.MappingNode, path: str) -> None:
    keys = set()
    for key, _value in node.value:
        if isinstance(key, yaml.ScalarNode):
            if key.value in keys:
                raise YAMLFileError(path, f"the key {shorten(key.value)!r} appears twice", key.start_mark.line + 1)
            keys.add(key.value)
