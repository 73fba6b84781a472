"""JSON Schemas generated from the records: shipped up to date, every document of random
sessions valid, the hostile documents the loaders refuse refused (same corpus)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from message_corpus import documents, hostile
from teenpatti_rules.events import Looked
from teenpatti_rules.io.messages import event_to_json
from teenpatti_rules.io.schema import SCHEMA_KINDS, fresh_text, schema, shipped_text

jsonschema = pytest.importorskip("jsonschema")


@pytest.mark.parametrize("kind", SCHEMA_KINDS)
def test_shipped_schema_equals_a_fresh_generation(kind: str) -> None:
    # Regenerate with: python -c "from teenpatti_rules.io.schema import write_schemas; write_schemas()"
    assert shipped_text(kind) == fresh_text(kind)


@pytest.mark.parametrize("kind", SCHEMA_KINDS)
def test_schemas_are_valid_draft_2020_12(kind: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema(kind))


def remembering_validator(document_schema: dict[str, Any]) -> Any:
    """A draft 2020-12 validator of ``document_schema`` whose ``oneOf`` remembers the
    instances it found valid: the same event sits in every later view, state and
    stream message of its hand, and its 28 branches are tried once, not each time.

    Validation is a pure function of (subschema, instance) here: the schemas have one
    ``$id`` (their root), no ``$dynamicRef`` and no ``unevaluated*`` keyword, so a
    remembered verdict is the verdict. Only valid verdicts are remembered; an invalid
    instance is checked again and reported in full.

    A ``oneOf`` whose branches are records told apart by their ``type`` (a required
    ``const``, :func:`_branch_type`) tries only the branches of the object's ``type``:
    every other branch fails on that ``const`` (or on its ``required``), so it could
    not change the count of valid branches, and the verdict is the plain ``oneOf``'s.
    """
    base = jsonschema.Draft202012Validator
    one_of = base.VALIDATORS["oneOf"]
    valid: set[tuple[int, str]] = set()
    defs = document_schema.get("$defs", {})

    def remembered_one_of(
        validator: Any, branches: list[Any], instance: Any, subschema: Any
    ) -> Iterator[Any]:
        key = (id(branches), json.dumps(instance, sort_keys=True))
        if key in valid:
            return
        tried = branches
        types = [_branch_type(branch, defs) for branch in branches]
        if isinstance(instance, dict) and None not in types:
            tried = [b for b, t in zip(branches, types, strict=True) if t == instance.get("type")]
        errors = list(one_of(validator, tried or branches, instance, subschema))
        if not errors:
            valid.add(key)
        yield from errors

    text = json.dumps(document_schema)
    assert "unevaluated" not in text and "$dynamicRef" not in text and text.count("$id") == 1
    return jsonschema.validators.extend(base, {"oneOf": remembered_one_of})(document_schema)


def _branch_type(branch: Any, defs: dict[str, Any]) -> object:
    """The ``type`` const a ``oneOf`` branch requires (a ``$ref`` to a record of the
    schema's ``$defs`` with ``"type"`` required and ``{"const": ...}``), or None when the
    branch is not such a record."""
    ref = branch.get("$ref", "") if isinstance(branch, dict) and len(branch) == 1 else ""
    record = defs.get(ref.removeprefix("#/$defs/")) if ref.startswith("#/$defs/") else None
    if not isinstance(record, dict) or "type" not in record.get("required", ()):
        return None
    const = record.get("properties", {}).get("type", {})
    return const.get("const") if isinstance(const, dict) and set(const) == {"const"} else None


def test_the_remembering_validator_still_refuses() -> None:
    """The remembered ``oneOf`` gives the plain validator's verdicts, valid and invalid,
    also for an instance it has seen valid before (in another document)."""
    event = schema("event")
    plain, remembering = jsonschema.Draft202012Validator(event), remembering_validator(event)
    looked = json.loads(event_to_json(Looked(1)))
    for document in (looked, {**looked, "seat": "1"}, looked, {**looked, "extra": 1}, looked):
        assert remembering.is_valid(document) == plain.is_valid(document), document
    assert [remembering.is_valid(d) for d in (looked, {**looked, "seat": "1"})] == [True, False]
    # the branches tried by ``type``: another record's type, an unknown one, none, not
    # an object
    untyped = {k: v for k, v in looked.items() if k != "type"}
    for document in ({**looked, "type": "Packed"}, {**looked, "type": "Nope"}, untyped, [looked]):
        assert remembering.is_valid(document) == plain.is_valid(document), document
    for kind in ("action", "event", "view", "events"):  # and the hostile documents
        plain, remembering = (
            jsonschema.Draft202012Validator(schema(kind)),
            remembering_validator(schema(kind)),
        )
        for text in hostile()[kind]:
            document = json.loads(text)
            assert remembering.is_valid(document) == plain.is_valid(document), text


@pytest.mark.soak
def test_thousands_of_documents_from_random_sessions_validate() -> None:
    count = 0
    for kind, texts in documents().items():
        validator = remembering_validator(schema(kind))
        for text in texts:
            errors = list(validator.iter_errors(json.loads(text)))
            assert not errors, (kind, errors[0].message, list(errors[0].absolute_path))
            count += 1
    assert count > 1000  # distinct documents (message_corpus.documents)


# JSON Schema counts 4.0 as an integer (draft 2020-12, "integer": a number with a zero
# fractional part); the library's readers refuse it. The one documented difference.
_NUMBER_WITH_ZERO_FRACTION = '"amount": 4.0'


@pytest.mark.parametrize("kind", ["action", "event", "view", "events"])
def test_schemas_refuse_the_hostile_documents_the_loaders_refuse(kind: str) -> None:
    validator = jsonschema.Draft202012Validator(schema(kind))
    for text in hostile()[kind]:
        if _NUMBER_WITH_ZERO_FRACTION in text:
            continue
        assert not validator.is_valid(json.loads(text)), text


def test_unknown_kind() -> None:
    with pytest.raises(ValueError, match="no schema kind"):
        schema("card")


def test_command_prints_the_schema() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "teenpatti_rules", "schema", "event"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout) == schema("event")
