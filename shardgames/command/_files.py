"""Reading card and deck files: the cattrs converter and its error messages.

The raw tables of a file are structured by cattrs into small entry classes, which checks types, missing
fields and unknown fields and reports every problem at once; the modules that own the entries then build
the frozen values and apply the game's own rules.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any

import cattrs
from cattrs.cols import mapping_structure_factory
from cattrs.errors import IterableValidationError, IterableValidationNote

__all__ = ["make_converter", "require_table", "structure"]


def _strict_int(value: Any, _: type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"must be a whole number, not {value!r}")
    return value


def _strict_str(value: Any, _: type) -> str:
    if not isinstance(value, str):
        raise TypeError(f"must be a string, not {value!r}")
    return value


def _is_list(type_: Any) -> bool:
    return typing.get_origin(type_) is list


def _is_dict(type_: Any) -> bool:
    return typing.get_origin(type_) is dict


def make_converter() -> cattrs.Converter:
    """A converter that reports every problem, refuses unknown fields, and never coerces types.

    A string is never read as a list of letters, a table must be a table, and a list must be a list.
    """
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_structure_hook(int, _strict_int)
    converter.register_structure_hook(str, _strict_str)

    def list_factory(type_: Any) -> Any:
        (item,) = typing.get_args(type_) or (Any,)

        def structure_list(value: Any, _: type) -> Any:
            if not isinstance(value, list):
                raise TypeError(f"must be a list in brackets, e.g. [...], not {value!r}")
            result, errors = [], []
            for index, entry in enumerate(value):
                try:
                    result.append(converter.structure(entry, item))
                except Exception as exc:  # collected, then raised together, as cattrs does
                    note = IterableValidationNote(f"Structuring {type_} @ index {index}", index, item)
                    exc.__notes__ = [*getattr(exc, "__notes__", []), note]
                    errors.append(exc)
            if errors:
                raise IterableValidationError(f"While structuring {type_!r}", errors, type_)
            return result

        return structure_list

    def dict_factory(type_: Any) -> Any:
        # Not `converter.gen_structure_mapping`: it registers its hook for the type, so the next field
        # of the same type would skip the check below.
        base = mapping_structure_factory(type_, converter, dict, detailed_validation=True)

        def structure_dict(value: Any, _: type) -> Any:
            if not isinstance(value, Mapping):
                raise TypeError(f"must be a table of key = value, not {value!r}")
            return base(value, type_)

        return structure_dict

    converter.register_structure_hook_factory(_is_list, list_factory)
    converter.register_structure_hook_factory(_is_dict, dict_factory)
    return converter


def require_table(raw: Any, where: str) -> list[str]:
    """``["where: must be a table ..."]`` when `raw` is not a mapping (before cattrs looks at it)."""
    if isinstance(raw, Mapping):
        return []
    return [f"{where}: must be a table (name = ..., ...), not {raw!r}"]


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
