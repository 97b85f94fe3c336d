"""Checks a Bot API request against the official schema (`bot_api_schema.json`, the methods the
bot calls and every type they reach, copied from the Bot API 10.1 `api.json`).

A request arrives as form fields: strings, with objects and arrays JSON-encoded, and uploads as
file parts. `problems` lists what is wrong, one line each; an empty list means well formed.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

SCHEMA_FILE = Path(__file__).with_name("bot_api_schema.json")


@cache
def schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SCHEMA_FILE.read_text())
    return data


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def problems(method: str, fields: dict[str, str], uploads: set[str]) -> list[str]:
    """What is wrong with calling `method` with these form `fields` and file parts `uploads`."""
    spec = schema()["methods"].get(method)
    if spec is None:
        return [f"{method}: not a Bot API method the schema knows"]
    found: list[str] = []
    declared = {f["name"]: f for f in spec.get("fields", [])}
    for name in fields.keys() - declared.keys():
        found.append(f"{method}: unknown parameter {name!r}")
    for name, field in declared.items():
        if name not in fields:
            if field["required"]:
                found.append(f"{method}: missing required parameter {name!r}")
            continue
        value = _decode(fields[name], field["types"])
        found += _check(value, field["types"], f"{method}.{name}", uploads)
    return found


def _decode(raw: str, types: list[str]) -> Any:
    """A form field as the value it stands for: JSON for objects, arrays, numbers, booleans."""
    if types == ["String"]:
        return raw
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def _check(value: Any, types: list[str], where: str, uploads: set[str]) -> list[str]:
    """Problems of `value` against any one of `types` (none if one of them fits)."""
    best: list[str] | None = None
    for kind in types:
        found = _check_one(value, kind, where, uploads)
        if not found:
            return []
        if best is None or len(found) < len(best):
            best = found
    return best or [f"{where}: no type to check against"]


def _check_one(value: Any, kind: str, where: str, uploads: set[str]) -> list[str]:
    if kind.startswith("Array of "):
        if not isinstance(value, list):
            return [f"{where}: expected an array, got {value!r:.60}"]
        inner = kind[len("Array of ") :]
        return [
            p
            for i, item in enumerate(value)
            for p in _check(item, [inner], f"{where}[{i}]", uploads)
        ]
    if kind == "String":
        return [] if isinstance(value, str) else [f"{where}: expected a string"]
    if kind == "Integer":
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{where}: expected an integer, got {value!r:.60}"]
    if kind == "Float":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{where}: expected a number"]
    if kind == "Boolean":
        return [] if isinstance(value, bool) else [f"{where}: expected a boolean"]
    if kind == "InputFile":
        return _check_file(value, where, uploads)
    return _check_object(value, kind, where, uploads)


def _check_file(value: Any, where: str, uploads: set[str]) -> list[str]:
    if isinstance(value, str) and value.startswith("attach://"):
        name = value[len("attach://") :]
        return [] if name in uploads else [f"{where}: attach://{name} has no file part"]
    if value == "<upload>" or isinstance(value, str):
        return []  # an uploaded part, a file_id or a URL
    return [f"{where}: expected a file"]


def _check_object(value: Any, kind: str, where: str, uploads: set[str]) -> list[str]:
    spec = schema()["types"].get(kind)
    if spec is None:
        return [f"{where}: type {kind} is not in the schema copy"]
    if not isinstance(value, dict):
        return [f"{where}: expected a {kind} object, got {value!r:.60}"]
    if "subtypes" in spec:
        candidates = _subtypes_of(value, kind, spec["subtypes"])
        if not candidates:
            return [f"{where}: {kind} of unknown type {value.get('type')!r}"]
        return _check(value, candidates, where, uploads)
    found = []
    declared = {f["name"]: f for f in spec.get("fields", [])}
    for name in value.keys() - declared.keys():
        found.append(f"{where}: {kind} has no field {name!r}")
    for name, field in declared.items():
        if name in value:
            media = field["types"] == ["String"] and name == "media"
            types = ["InputFile"] if media else field["types"]
            found += _check(value[name], types, f"{where}.{name}", uploads)
        elif field["required"]:
            found.append(f"{where}: {kind} misses required field {name!r}")
    return found


def _subtypes_of(value: dict[str, Any], kind: str, subtypes: list[str]) -> list[str]:
    """The subtypes of `kind` that `value` may be. Its `type` names them (InputMediaPhoto is
    "photo"; InlineQueryResultCachedPhoto is "photo" too, told from InlineQueryResultPhoto by
    its fields); kinds without a `type` field (InputMessageContent) are told by fields alone."""
    if "type" not in value:
        return subtypes
    return [
        sub
        for sub in subtypes
        if _snake(sub.removeprefix(kind)).removeprefix("cached_") == value["type"]
    ]
