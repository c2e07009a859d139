"""JSON read as strictly as the package's parser reads it, for the checks written in Python.

UTF-8 only, no BOM, no duplicate keys, no NaN/Infinity, no lone surrogates, no number that
overflows a double or underflows to zero, and the default limits (depth 64, strings of 256 KiB,
1,024 members). Each helper raises `Rejected` for what the parser refuses.
"""
import json
import math
import pathlib
import re


class Rejected(Exception):
    pass


def strict_pairs(pairs):
    if len(pairs) > 1024:
        raise Rejected("too many members")
    return _keys_once(pairs)


def strict_float(text):
    value = float(text)
    if math.isinf(value) or (value == 0 and re.search(r"[1-9]", text.split("e")[0].split("E")[0])):
        raise Rejected("number out of range")
    return value


def strict_int(text):
    if math.isinf(float(text)):
        raise Rejected("number out of range")
    return int(text)


def reject_constant(name):
    raise Rejected(name)


def check_tree(value, depth=0):
    if isinstance(value, (dict, list)):
        if depth + 1 > 64:
            raise Rejected("too deep")
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, element in items:
            if isinstance(key, str):
                check_string(key)
            check_tree(element, depth + 1)
    elif isinstance(value, str):
        check_string(value)


def check_string(text):
    if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        raise Rejected("lone surrogate")
    if len(text.encode("utf-8")) > 256 * 1024:
        raise Rejected("string too long")


def read(text):
    """The value of `text` (a str), or Rejected where the parser refuses it (1 MiB of UTF-8 at most)."""
    if len(text.encode("utf-8", "surrogatepass")) > 1 << 20:
        raise Rejected("too large")
    if text.startswith("\ufeff"):
        raise Rejected("byte order mark")
    try:
        value = json.loads(text, object_pairs_hook=strict_pairs, parse_float=strict_float, parse_int=strict_int,
                           parse_constant=reject_constant)
    except (ValueError, RecursionError) as error:
        raise Rejected(f"not JSON: {error}") from None
    check_tree(value)
    return value


def load_file(path):
    """The value of the JSON file at `path`, with no duplicate key and no NaN or Infinity, and no
    limit: how the checks read the schemas and fixtures they hold."""
    return json.loads(pathlib.Path(path).read_text(encoding="utf-8"), object_pairs_hook=_keys_once, parse_constant=reject_constant)


def _keys_once(pairs):
    keys = [key for key, _ in pairs]
    if len(keys) != len(set(keys)):
        raise Rejected("duplicate key")
    return dict(pairs)

