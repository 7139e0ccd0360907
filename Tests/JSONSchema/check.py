#!/usr/bin/env python3
"""Checks schema/inertia.schema.json (and schema/inertia-lint.schema.json) with a validator that shares no
code with ours: Python's jsonschema.

- The schema is itself valid against the draft 2020-12 metaschema.
- Every JSON file in Corpus/valid/ and Corpus/lint/clean/ follows it, read as draft 2020-12 and as
  draft 7 (editors that know only draft 7 must accept the same files).
- Corpus/lint/schema.json and Corpus/lint/colour-out-of-range.json do not, in either draft, and the
  failures are the ones the Swift tests expect (JSONSchemaTests.swift checks the same files).

Exit status: 0 when every check passes, or when the module is not installed (it says so and skips);
1 when a check fails. Run from anywhere: Tests/JSONSchema/check.py
"""
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parents[2]

try:
    import jsonschema
except ImportError:
    print("Tests/JSONSchema/check.py: skipped: Python's jsonschema module is not installed "
          "(pip install jsonschema)")
    sys.exit(0)

schema = json.loads((root / "schema/inertia.schema.json").read_text(encoding="utf-8"))
failed = 0


def fail(message):
    global failed
    failed += 1
    print("FAIL", message)


try:
    jsonschema.Draft202012Validator.check_schema(schema)
except jsonschema.SchemaError as error:
    print(f"FAIL schema/inertia.schema.json is not a valid draft 2020-12 schema: {error.message}")
    sys.exit(1)

drafts = {"2020-12": jsonschema.Draft202012Validator(schema), "7": jsonschema.Draft7Validator(schema)}
valid = sorted((root / "Corpus/valid").glob("*.json")) + sorted((root / "Corpus/lint/clean").glob("*.json"))
invalid = {
    "schema.json": {"enum", "type", "required"},
    "colour-out-of-range.json": {"minimum", "maximum"},
}

for path in valid:
    document = json.loads(path.read_text(encoding="utf-8"))
    for name, validator in drafts.items():
        errors = list(validator.iter_errors(document))
        if errors:
            where = "/" + "/".join(map(str, errors[0].absolute_path))
            fail(f"{path.relative_to(root)} (draft {name}): {errors[0].message} at {where}")

def leaves(error):
    """The keywords that failed, looking through anyOf (an optional field also allows null) to the
    alternative that got furthest into the value, as the Swift validator does."""
    if error.validator == "anyOf" and error.context:
        by_alternative = {}
        for sub in error.context:
            by_alternative.setdefault(sub.schema_path[0], []).append(sub)
        deepest = max(by_alternative.values(), key=lambda errors: max(len(e.absolute_path) for e in errors))
        return set().union(*(leaves(sub) for sub in deepest))
    return {error.validator}


checked = len(valid) + len(invalid)
for file_name, keywords in invalid.items():
    document = json.loads((root / "Corpus/lint" / file_name).read_text(encoding="utf-8"))
    for name, validator in drafts.items():
        found = set().union(*(leaves(error) for error in validator.iter_errors(document)))
        if found != keywords:
            fail(f"Corpus/lint/{file_name} (draft {name}): failed {sorted(found)}, expected {sorted(keywords)}")

# The configuration's schema: valid, and every configuration the documentation (README.md and the pages
# under docs/) shows follows it.
lint_schema = json.loads((root / "schema/inertia-lint.schema.json").read_text(encoding="utf-8"))
try:
    jsonschema.Draft202012Validator.check_schema(lint_schema)
except jsonschema.SchemaError as error:
    fail(f"schema/inertia-lint.schema.json is not a valid draft 2020-12 schema: {error.message}")
else:
    pages = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
    configurations = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        blocks = [block.split("\n```")[0] for block in text.split("```json\n")[1:]]
        name = page.relative_to(root)
        configurations += [(name, json.loads(b)) for b in blocks if '"ignore"' in b or '"rules": {' in b]
    if len(configurations) < 2:
        fail("README.md and docs/: fewer than two configuration examples found")
    lint_validator = jsonschema.Draft202012Validator(lint_schema)
    for name, configuration in configurations:
        for error in lint_validator.iter_errors(configuration):
            fail(f"{name} configuration example: {error.message}")
    checked += len(configurations)

if failed:
    print(f"Tests/JSONSchema/check.py: {failed} failed")
    sys.exit(1)
print(f"Tests/JSONSchema/check.py: schemas valid; {checked} files and configurations checked")
