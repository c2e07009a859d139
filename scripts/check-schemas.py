#!/usr/bin/env python3
"""Validates every fixture in schemas/fixtures against its schema in schemas/.

A fixture under valid/ must validate and one under invalid/ must not. Fixtures are
read as strict JSON, as the Swift decoder reads them: duplicate keys, NaN and
Infinity make a document invalid before the schema is consulted. URL formats are read by node's URL class
(browser_urls.py).
"""
import json
import pathlib
import sys

from jsonschema import Draft202012Validator

from browser_urls import format_checker
from strict_json import Rejected, load_file

root = pathlib.Path(__file__).resolve().parent.parent / "schemas"




passed = failed = 0
for schema_path in sorted(root.glob("*.schema.json")):
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema, format_checker=format_checker())
    name = schema_path.name.removesuffix(".schema.json")
    fixtures = sorted((root / "fixtures" / name).glob("*/*.json"))
    if not fixtures:
        print(f"FAIL {name}: no fixtures")
        failed += 1
    for fixture in fixtures:
        expected_valid = fixture.parent.name == "valid"
        try:
            document = load_file(fixture)
            valid = validator.is_valid(document)
        except (ValueError, Rejected):
            valid = False
        if valid == expected_valid:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {fixture.relative_to(root)}: schema says {'valid' if valid else 'invalid'}")

print(f"schemas: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
