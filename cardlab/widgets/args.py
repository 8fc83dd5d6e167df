"""Checking a widget's arguments: each check returns the value, or raises :class:`WidgetError`, one
sentence naming the argument and echoing (shortened) what it was given."""

from __future__ import annotations

from ..i18n import shown


class WidgetError(ValueError):
    """An argument a widget cannot work with (:class:`~cardlab.widgets.TryIt`,
    :class:`~cardlab.widgets.Table`, :class:`~cardlab.widgets.Compare`,
    :class:`~cardlab.widgets.Stepper`); the message is one sentence naming the argument."""


def whole_number(value, name: str) -> int:
    """``value``, which must be a whole number (``True`` is not one)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise WidgetError(f"{name} must be a whole number, not {shown(value)}")
    return value


def flag(value, name: str) -> bool:
    """``value``, which must be ``True`` or ``False`` (``"no"`` would count as true)."""
    if not isinstance(value, bool):
        raise WidgetError(f"{name} must be True or False, not {shown(value)}")
    return value


def seconds(value, name: str, most: float) -> float:
    """``value``, a number of seconds from 0 to ``most``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= most:
        raise WidgetError(f"{name} must be a number of seconds from 0 to {most:g}, not {shown(value)}")
    return float(value)
