"""Reading card and deck files: the cattrs converter and its error messages.

The raw tables of a file are structured by cattrs into small entry classes, which checks types, missing
fields and unknown fields and reports every problem at once; the modules that own the entries then build
the frozen values and apply the game's own rules.
"""

from __future__ import annotations

from typing import Any

import cattrs

__all__ = ["make_converter", "structure"]


def _strict_int(value: Any, _: type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"must be a whole number, not {value!r}")
    return value


def _strict_str(value: Any, _: type) -> str:
    if not isinstance(value, str):
        raise TypeError(f"must be a string, not {value!r}")
    return value


def make_converter() -> cattrs.Converter:
    """A converter that reports every problem, refuses unknown fields, and never coerces types."""
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_structure_hook(int, _strict_int)
    converter.register_structure_hook(str, _strict_str)
    return converter


def _format_error(exc: BaseException, _type: type | None) -> str:
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        fields = sorted(exc.extra_fields)
        return f"unknown field{'s' if len(fields) > 1 else ''} {', '.join(fields)}"
    if isinstance(exc, (TypeError, ValueError)) and exc.args:
        return str(exc.args[0])
    return str(exc)


def structure(converter: cattrs.Converter, raw: Any, cls: type, where: str) -> tuple[Any, list[str]]:
    """Structure `raw` into `cls`; on failure, ``(None, ["where.field: message", ...])``."""
    try:
        return converter.structure(raw, cls), []
    except (cattrs.BaseValidationError, TypeError, ValueError, KeyError) as exc:
        lines = cattrs.transform_error(exc, path=where, format_exception=_format_error)
        problems = []
        for line in lines:
            message, _, path = line.rpartition(" @ ")
            problems.append(f"{path}: {message}")
        return None, problems
