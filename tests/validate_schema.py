"""Validates canvas-lua's JSON output against docs/canvas-output.schema.json.

usage: python3 tests/validate_schema.py CANVAS_LUA SCRIPT...
Every script's output must validate; a planted violation must not, so the
check itself is known to bite.
"""
import json
import pathlib
import subprocess
import sys

import jsonschema

root = pathlib.Path(__file__).resolve().parent.parent
schema = json.loads((root / "docs" / "canvas-output.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

canvas_lua, scripts = sys.argv[1], sys.argv[2:]
failures = 0
for script in scripts:
    output = subprocess.run([canvas_lua, script], capture_output=True, text=True, check=True).stdout
    document = json.loads(output)
    errors = list(validator.iter_errors(document))
    for error in errors[:3]:
        print(f"FAIL: {script}: {error.message} at {list(error.absolute_path)}")
    failures += bool(errors)
    planted = dict(document, items=[dict(document["items"][0], width="wide")] if document["items"] else [{}])
    if validator.is_valid(planted):
        print(f"FAIL: {script}: a planted violation validated")
        failures += 1
    if document.get("links"):  # a link's route must be pairs of numbers, its style one of three
        for bad in (dict(document["links"][0], style="wavy"), dict(document["links"][0], points=[[1, 2, 3]])):
            if validator.is_valid(dict(document, links=[bad])):
                print(f"FAIL: {script}: a planted link violation validated")
                failures += 1
print(f"schema: {len(scripts) - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
