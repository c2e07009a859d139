#!/usr/bin/env python3
"""Checks the vendored UCP Embedded Checkout Protocol schemas and the spec's examples.

schemas/ucp/2026-04-08/ holds UCP's `embedded.openrpc.json` and the `$ref` closure of its checkout
(`ec.*`) methods, unmodified; schemas/ucp/examples/ holds the spec's JSON examples and a manifest
stating, for each, the method, the role and whether it validates. This script:

(a) checks that every vendored JSON Schema, and every schema embedded in the OpenRPC file and in
    fulfillment.json's `embedded` member, is a valid draft 2020-12 schema; that every `$ref` in
    the vendored files resolves; and that the vendored files are exactly the closure;
(b) builds, for each `ec.*` method, the params schema (an object of the method's `params` by
    name, `required` per `required: true`) and the result schema, and checks that every
    `x-delegations` id names a request method `ec.<id>_request`;
(c) validates every parsed example per the manifest and fails where the verdict differs from the
    manifest's;
(d) validates the package's own fixtures (schemas/ucp/fixtures/, one JSON-RPC message per file, at
    least one valid and one invalid for each of the 15 methods) per their manifest: the envelope,
    the params against the method's schema, and for an invalid fixture the JSON path its error names;
(e) runs `bridgecodec ecp-check` over a session built from the fixtures (ec.ready accepting three
    delegations, the notifications, the requests the app answers, then those the session answers
    itself: a delegation not accepted, a javascript: window.open, invalid params, a repeated
    ec.ready, a request after ec.error), checks each line's verdict, and validates each answer: a
    `result` against the method's result schema, with `ucp.version` the session's, and a JSON-RPC
    `error` against JSON-RPC 2.0's error shape. The binary is the first argument or
    $BRIDGECODEC_BIN (`$(swift build --show-bin-path)/bridgecodec`); without one, (e) is skipped
    and says so.

Other scripts and tests can use `validate(method, role, instance)`, `validate_message(message,
method, role)`, `schema_errors(method, role, instance)` (the errors as jsonschema's objects) and
`METHODS` (load this file with importlib: its name has hyphens). Formats
(`uri`, `date-time`, ...) are annotations, as draft 2020-12 makes them by default, unless a
`format_checker` is passed.
"""
import json
import os
import pathlib
import subprocess
import sys
from urllib.parse import urljoin, urldefrag

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from strict_json import Rejected, load_file

ROOT = pathlib.Path(__file__).resolve().parent.parent / "schemas" / "ucp"
VENDORED = ROOT / "2026-04-08"
EXAMPLES = ROOT / "examples"
FIXTURES = ROOT / "fixtures"
# The vendored directory is served at this base: the schemas' own `$id`s are
# https://ucp.dev/schemas/..., so the OpenRPC file (which has no `$id`) sits at
# https://ucp.dev/services/shopping/embedded.openrpc.json and its ../../schemas/... refs reach them.
BASE_URI = "https://ucp.dev/"
OPENRPC_PATH = "services/shopping/embedded.openrpc.json"
OPENRPC_URI = BASE_URI + OPENRPC_PATH
CHECKOUT_PREFIX = "ec."  # the cart binding (ep.cart.*) needs cart.json, which is not vendored

ROLES = ("request", "notification", "result", "jsonrpc_error")

# JSON-RPC 2.0 (https://www.jsonrpc.org/specification), which the OpenRPC file does not describe.
JSONRPC_ERROR = {
    "type": "object",
    "required": ["code", "message"],
    "properties": {"code": {"type": "integer"}, "message": {"type": "string"}, "data": True},
    "additionalProperties": False,
}
_ID = {"type": ["string", "number"]}
ENVELOPES = {
    "request": {"required": ["jsonrpc", "id", "method", "params"], "properties": {"id": _ID}},
    "notification": {"required": ["jsonrpc", "method", "params"], "properties": {}},
    "result": {"required": ["jsonrpc", "id", "result"], "properties": {"id": {"type": ["string", "number", "null"]}}},
    "jsonrpc_error": {"required": ["jsonrpc", "id", "error"], "properties": {"id": {"type": ["string", "number", "null"]}}},
}
for _role, _schema in ENVELOPES.items():
    _schema["type"] = "object"
    _schema["properties"] = {"jsonrpc": {"const": "2.0"}, **_schema["properties"]}
    if _role in ("request", "notification"):
        _schema["properties"].update(method={"type": "string"}, params={"type": "object"})
    else:
        _schema["properties"][_schema["required"][-1]] = True
    _schema["additionalProperties"] = False




def _refs(node, pointer=""):
    """(JSON pointer, $ref value) of every `$ref` string in a document, wherever it stands."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield pointer, value
            else:
                yield from _refs(value, f"{pointer}/{key.replace('~', '~0').replace('/', '~1')}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _refs(value, f"{pointer}/{index}")


def _load():
    documents = {}  # uri -> contents, for every vendored JSON file
    resources = []
    for path in sorted((VENDORED / "schemas").rglob("*.json")):
        uri = BASE_URI + path.relative_to(VENDORED).as_posix()
        contents = load_file(path)
        if contents.get("$id") != uri:
            raise SystemExit(f"FAIL {path.relative_to(ROOT)}: $id {contents.get('$id')!r} is not {uri}")
        documents[uri] = contents
        resources.append((uri, Resource.from_contents(contents, default_specification=DRAFT202012)))
    openrpc = load_file(VENDORED / OPENRPC_PATH)
    documents[OPENRPC_URI] = openrpc
    resources.append((OPENRPC_URI, DRAFT202012.create_resource(openrpc)))
    return openrpc, documents, Registry().with_resources(resources).crawl()


OPENRPC, DOCUMENTS, REGISTRY = _load()


def _lookup(uri):
    return REGISTRY.resolver().lookup(uri).contents


def _build_methods():
    """name -> {kind, location, params, params_schema, result_schema}, for every method in the OpenRPC file.

    A method given as a `$ref` (ec.fulfillment.*, kept in fulfillment.json's `embedded` member) is
    followed; its schemas are then referred to where they stand, so their relative refs resolve
    against fulfillment.json's `$id`.
    """
    methods = {}
    for index, entry in enumerate(OPENRPC["methods"]):
        location = f"{OPENRPC_URI}#/methods/{index}"
        if "$ref" in entry:
            location = urljoin(OPENRPC_URI, entry["$ref"])
            entry = _lookup(location)
        properties, required = {}, []
        for number, param in enumerate(entry.get("params", [])):
            param_location = f"{location}/params/{number}"
            if "$ref" in param:  # an OpenRPC content descriptor given by reference
                param_location = urljoin(param_location, param["$ref"])
                param = _lookup(param_location)
            properties[param["name"]] = {"$ref": f"{param_location}/schema"}
            if param.get("required") is True:
                required.append(param["name"])
        params_schema = {"type": "object", "properties": properties, "required": required}
        result_schema = {"$ref": f"{location}/result/schema"} if "result" in entry else None
        methods[entry["name"]] = {
            "kind": "request" if result_schema else "notification",
            "location": location,
            "params": [p for p in properties],
            "required": required,
            "params_schema": params_schema,
            "result_schema": result_schema,
        }
    return methods


METHODS = _build_methods()
_validators = {}


def _validator(schema, format_checker):
    key = (json.dumps(schema, sort_keys=True), id(format_checker))
    if key not in _validators:
        _validators[key] = Draft202012Validator(schema, registry=REGISTRY, format_checker=format_checker)
    return _validators[key]


def _describe(error, prefix=""):
    lines = [f"{prefix}{error.json_path}: {error.message}"]
    for sub in sorted(error.context or [], key=lambda e: (list(e.schema_path)[:1], e.json_path)):
        branch = next(iter(sub.relative_schema_path), "?")
        lines.extend(_describe(sub, prefix=f"{prefix}  [{error.validator} {branch}] "))
    return lines


def _errors(schema, instance, format_checker):
    found = sorted(_validator(schema, format_checker).iter_errors(instance), key=lambda e: (e.json_path, e.message))
    return [line for error in found for line in _describe(error)]


def _schema(method, role):
    """The schema of `method`'s payload in `role`, or the error string that says why there is none."""
    if role not in ROLES:
        raise ValueError(f"role must be one of {ROLES}")
    if role == "jsonrpc_error":
        return JSONRPC_ERROR, None
    if method not in METHODS:
        return None, f"{method!r} is not a method of embedded.openrpc.json"
    if not method.startswith(CHECKOUT_PREFIX):
        return None, f"{method!r} is a cart method; cart.json is not vendored"
    spec = METHODS[method]
    if role == "result":
        if spec["kind"] != "request":
            return None, f"{method} is a notification: it has no result"
        return spec["result_schema"], None
    if spec["kind"] != role:
        return None, f"{method} is a {spec['kind']}, not a {role}"
    return spec["params_schema"], None


def validate(method, role, instance, format_checker=None):
    """Error strings for `instance` as the payload of `method` in `role` (empty: valid).

    role: "request" or "notification" (instance is the `params` object), "result" (instance is
    the `result` of a request method's success or error_response), "jsonrpc_error" (instance is
    the JSON-RPC `error` object; method is not consulted).
    """
    schema, why = _schema(method, role)
    if schema is None:
        return [why]
    return _errors(schema, instance, format_checker)


def schema_errors(method, role, instance, format_checker=None):
    """`validate`'s errors as jsonschema's ValidationError objects (their paths, validators and
    instances), for a checker that weighs each; raises ValueError where `method` has no schema in `role`."""
    schema, why = _schema(method, role)
    if schema is None:
        raise ValueError(why)
    return list(_validator(schema, format_checker).iter_errors(instance))


def envelope_errors(message, method, role):
    """Error strings for the JSON-RPC 2.0 envelope of a whole message in `role`."""
    if role not in ROLES:
        raise ValueError(f"role must be one of {ROLES}")
    errors = _errors(ENVELOPES[role], message, None)
    if role in ("request", "notification") and isinstance(message, dict) and message.get("method") != method:
        errors.append(f"$.method: {message.get('method')!r} is not {method!r}")
    return errors


def payload(message, role):
    return message.get({"request": "params", "notification": "params", "result": "result",
                        "jsonrpc_error": "error"}[role]) if isinstance(message, dict) else None


def validate_message(message, method, role, format_checker=None):
    """Envelope errors (prefixed "envelope ") and then the payload's errors, for a whole message."""
    return ([f"envelope {e}" for e in envelope_errors(message, method, role)]
            + validate(method, role, payload(message, role), format_checker))


# ---------------------------------------------------------------------------------------------


def _closure():
    """Vendored URIs the checkout methods reach, following every $ref of every file reached."""
    files, seen, todo = set(), set(), []
    for entry in OPENRPC["methods"]:
        if "$ref" in entry or entry["name"].startswith(CHECKOUT_PREFIX):
            todo += [(OPENRPC_URI, ref) for _, ref in _refs(entry)]
    while todo:
        base, ref = todo.pop()
        uri, fragment = urldefrag(urljoin(base, ref))
        if uri == OPENRPC_URI:
            if fragment not in seen:  # a component of the OpenRPC file: follow its refs only
                seen.add(fragment)
                todo += [(OPENRPC_URI, r) for _, r in _refs(_lookup(f"{uri}#{fragment}"))]
        elif uri not in files:
            files.add(uri)
            if uri in DOCUMENTS:
                todo += [(uri, r) for _, r in _refs(DOCUMENTS[uri])]
    return files


def _embedded_schemas():
    """(where, schema) of the schemas kept in the OpenRPC file and in `embedded` members."""
    for index, entry in enumerate(OPENRPC["methods"]):
        if "$ref" in entry:
            location = urljoin(OPENRPC_URI, entry["$ref"])
            entry = _lookup(location)
        else:
            location = f"{OPENRPC_URI}#/methods/{index}"
        for number, param in enumerate(entry.get("params", [])):
            if "schema" in param:
                yield f"{location}/params/{number}/schema", param["schema"]
        if "result" in entry:
            yield f"{location}/result/schema", entry["result"]["schema"]
    for name, schema in OPENRPC.get("components", {}).get("schemas", {}).items():
        yield f"{OPENRPC_URI}#/components/schemas/{name}", schema


def _fixture_entries():
    manifest = load_file(FIXTURES / "manifest.json")
    return manifest, manifest["fixtures"]


def check_fixtures(failures):
    """(d): every fixture's envelope and params verdict against the manifest. Returns (valid, invalid) counts."""
    _, entries = _fixture_entries()
    listed = [entry["file"] for entry in entries]
    present = {path.relative_to(FIXTURES).as_posix() for path in FIXTURES.rglob("*.json") if path.name != "manifest.json"}
    for name in sorted(present - set(listed)):
        failures.append(f"fixtures/{name}: not in manifest.json")
    for name in sorted(set(listed) - present):
        failures.append(f"fixtures/{name}: in manifest.json but missing")
    for name in sorted({name for name in listed if listed.count(name) > 1}):
        failures.append(f"fixtures/{name}: listed more than once in manifest.json")
    checkout = {name: spec for name, spec in METHODS.items() if name.startswith(CHECKOUT_PREFIX)}
    verdicts = {name: set() for name in checkout}
    valid_count = invalid_count = 0
    for entry in entries:
        label = f"fixtures/{entry['file']}"
        method, role = entry["method"], entry["role"]
        if method not in checkout:
            failures.append(f"{label}: {method!r} is no ec.* method of embedded.openrpc.json")
            continue
        if role != checkout[method]["kind"]:
            failures.append(f"{label}: role {role!r}, but {method} is a {checkout[method]['kind']}")
            continue
        if not entry["file"].startswith(f"{method}/"):
            failures.append(f"{label}: not in the folder of its method {method}")
        differs = entry.get("decoderDiffers")
        if differs is not None and differs.get("decoder") != ("refuses" if entry["valid"] else "admits"):
            failures.append(f"{label}: decoderDiffers.decoder must be {'refuses' if entry['valid'] else 'admits'}, "
                            f"the verdict the schema does not take")
        if "host" in entry and (role != "request" or not entry["valid"]):
            failures.append(f"{label}: a host refusal is for a schema-valid request")
        try:
            message = load_file(FIXTURES / entry["file"])
        except (OSError, ValueError, Rejected) as error:
            failures.append(f"{label}: does not read as strict JSON ({error})")
            continue
        envelope = envelope_errors(message, method, role)
        if envelope:
            failures.append(f"{label}: the JSON-RPC envelope is invalid: {envelope}")
        errors = validate(method, role, payload(message, role))
        verdicts[method].add(not errors)
        if (not errors) != entry["valid"]:
            failures.append(f"{label}: {method} {role} params are {'valid' if not errors else 'invalid'}, "
                            f"manifest says {'valid' if entry['valid'] else 'invalid'}")
            failures += [f"    {line}" for line in errors]
            continue
        breaks = entry.get("breaks")
        if entry["valid"] and breaks is not None:
            failures.append(f"{label}: a valid fixture names no broken path")
        elif not entry["valid"]:
            if breaks is None:
                failures.append(f"{label}: an invalid fixture names the JSON path it breaks (breaks)")
            elif not any(line.lstrip().startswith(f"{breaks}: ") or f"] {breaks}: " in line for line in errors):
                failures.append(f"{label}: no schema error at {breaks}")
                failures += [f"    {line}" for line in errors]
        if errors:
            invalid_count += 1
        else:
            valid_count += 1
    for name, seen in sorted(verdicts.items()):
        if seen != {True, False}:
            failures.append(f"fixtures: {name} lacks {'a valid' if True not in seen else 'an invalid'} fixture")
    return valid_count, invalid_count


ALL_DELEGATIONS = ["payment.instruments_change", "payment.credential", "fulfillment.address_change", "window.open"]
# The requests of the ecp-check session, after its ec.ready and notifications: (fixture, verdict,
# answer). An answer is None (the app answers, or nothing is sent), "success", a UCP error code (a
# result error_response) or a JSON-RPC error code.
SESSION_READY = "ec.ready/valid-some-delegations.json"  # accepts all but payment.credential
SESSION_REQUESTS = [
    ("ec.auth/valid-type.json", "accepted", None),
    ("ec.payment.instruments_change_request/valid-checkout.json", "accepted", None),
    ("ec.payment.credential_request/valid-selected-instrument.json", "delegation_not_accepted", "not_supported_error"),
    ("ec.fulfillment.address_change_request/valid-shipping.json", "accepted", None),
    ("ec.window.open_request/valid-https.json", "accepted", None),
    ("ec.window.open_request/valid-javascript-url.json", "url_refused", "window_open_rejected_error"),
]
SESSION_END = [
    ("ec.ready/valid-no-delegations.json", "repeated_ready", "invalid_state_error"),
    ("ec.ready/valid-auth.json", "repeated_ready", "invalid_state_error"),
    ("ec.error/valid-nested.json", "accepted", None),
    ("ec.auth/valid-without-type.json", "after_error", "invalid_state_error"),
]


def _decoder_admits(entry):
    differs = entry.get("decoderDiffers")
    return entry["valid"] if differs is None else differs["decoder"] == "admits"


def answer_session():
    """The capture's lines: (message, fixture entry, verdict, expected answer)."""
    _, entries = _fixture_entries()
    by_file = {entry["file"]: entry for entry in entries}
    plan = [(SESSION_READY, "answered", "success")]
    for entry in entries:  # every notification but ec.error, which ends the session
        if entry["role"] == "notification" and entry["method"] != "ec.error":
            plan.append((entry["file"], "accepted" if _decoder_admits(entry) else "invalid_params", None))
    plan += SESSION_REQUESTS
    for entry in entries:  # every request whose params the decoder refuses: -32602
        if entry["role"] == "request" and not _decoder_admits(entry):
            plan.append((entry["file"], "invalid_params", -32602))
    plan += SESSION_END
    lines, used = [], set()
    for file, verdict, answer in plan:
        entry = by_file.get(file)
        if entry is None:
            raise ValueError(f"the ecp-check session needs fixtures/{file}, which manifest.json does not list")
        message = load_file(FIXTURES / file)
        if "id" in message:
            while message["id"] in used:  # ids are unique in one document: a repeated one is not answered
                message["id"] = f"{message['id']}-{len(lines) + 1}"
            used.add(message["id"])
        lines.append((message, entry, verdict, answer))
    return lines


def check_answers(binary, failures):
    """(e): the answers `bridgecodec ecp-check` writes for the session, against UCP's result schemas. Returns counts."""
    version = _fixture_entries()[0]["version"]
    try:
        lines = answer_session()
    except (OSError, ValueError, Rejected) as error:
        failures.append(f"ecp-check session: {error}")
        return 0, 0
    capture = "".join(json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n" for message, *_ in lines)
    command = [binary, "ecp-check", "--version", version, "--allowed", ",".join(ALL_DELEGATIONS), "-"]
    try:
        run = subprocess.run(command, input=capture, capture_output=True, text=True, timeout=120)
    except OSError as error:
        failures.append(f"ecp-check: {binary} does not run ({error})")
        return 0, 0
    if run.returncode not in (0, 1):
        failures.append(f"ecp-check exited {run.returncode}: {run.stderr.strip()}")
        return 0, 0
    records = [json.loads(text) for text in run.stdout.splitlines() if text.strip()]
    if len(records) != len(lines) + 1 or "summary" not in records[-1]:
        failures.append(f"ecp-check: {len(records)} lines for {len(lines)} messages and a summary")
        return 0, 0
    results = errors = 0
    for number, ((message, entry, verdict, expected), record) in enumerate(zip(lines, records), start=1):
        label = f"ecp-check line {number} ({entry['file']})"
        method = entry["method"]
        if record.get("line") != number or record.get("method") != method:
            failures.append(f"{label}: the record is for line {record.get('line')} {record.get('method')!r}")
        if record.get("verdict") != verdict:
            failures.append(f"{label}: verdict {record.get('verdict')!r}, expected {verdict!r}")
        answer = record.get("answer")
        if expected is None:
            if answer is not None:
                failures.append(f"{label}: answered {json.dumps(answer)}, expected no answer")
            continue
        if not isinstance(answer, dict):
            failures.append(f"{label}: no answer, expected {expected}")
            continue
        if answer.get("id") != message.get("id"):
            failures.append(f"{label}: the answer's id {answer.get('id')!r} is not the request's {message.get('id')!r}")
        if "error" in answer:
            errors += 1
            problems = envelope_errors(answer, method, "jsonrpc_error") + validate(method, "jsonrpc_error", answer["error"])
            failures += [f"{label}: JSON-RPC error answer: {line}" for line in problems]
            if answer["error"].get("code") != expected:
                failures.append(f"{label}: JSON-RPC error {answer['error'].get('code')}, expected {expected}")
            continue
        results += 1
        problems = envelope_errors(answer, method, "result") + validate(method, "result", answer.get("result"))
        failures += [f"{label}: result answer: {line}" for line in problems]
        ucp = answer.get("result", {}).get("ucp", {}) if isinstance(answer.get("result"), dict) else {}
        if ucp.get("version") != version:
            failures.append(f"{label}: result.ucp.version {ucp.get('version')!r} is not the session's {version}")
        status = "success" if expected == "success" else "error"
        if ucp.get("status") != status:
            failures.append(f"{label}: result.ucp.status {ucp.get('status')!r}, expected {status!r}")
        if status == "error":
            codes = [m.get("code") for m in answer["result"].get("messages", []) if isinstance(m, dict)]
            if codes[:1] != [expected]:
                failures.append(f"{label}: the error response's codes are {codes}, expected {expected}")
    accepted = load_file(FIXTURES / SESSION_READY)["params"]["delegate"]
    if records[-1]["summary"].get("accepted") != accepted:
        failures.append(f"ecp-check summary: accepted {records[-1]['summary'].get('accepted')}, expected {accepted}")
    return results, errors


def main():
    failures = []

    # (a) schemas, refs, closure
    schema_count = 0
    for uri, contents in DOCUMENTS.items():
        if uri == OPENRPC_URI:
            continue
        try:
            Draft202012Validator.check_schema(contents)
            schema_count += 1
        except Exception as error:  # SchemaError
            failures.append(f"{uri}: not a draft 2020-12 schema: {error.message}")
    embedded_count = 0
    for where, schema in _embedded_schemas():
        try:
            Draft202012Validator.check_schema(schema)
            embedded_count += 1
        except Exception as error:
            failures.append(f"{where}: not a draft 2020-12 schema: {error.message}")
    ref_count = 0
    cart = {f"/methods/{i}/" for i, m in enumerate(OPENRPC["methods"])
            if "$ref" not in m and not m["name"].startswith(CHECKOUT_PREFIX)}
    for uri, contents in DOCUMENTS.items():
        for pointer, ref in _refs(contents):
            if uri == OPENRPC_URI and any(pointer.startswith(prefix) for prefix in cart):
                continue  # a cart method's ref: cart.json is not vendored
            try:
                REGISTRY.resolver().lookup(urljoin(uri, ref))
                ref_count += 1
            except Exception as error:
                failures.append(f"{uri}#{pointer}: $ref {ref!r} does not resolve ({type(error).__name__})")
    closure = _closure()
    vendored = set(DOCUMENTS) - {OPENRPC_URI}
    for uri in sorted(vendored - closure):
        failures.append(f"{uri}: vendored but outside the checkout methods' $ref closure")
    for uri in sorted(closure - vendored):
        failures.append(f"{uri}: in the closure but not vendored")

    # (b) methods and delegations
    checkout = {name: spec for name, spec in METHODS.items() if name.startswith(CHECKOUT_PREFIX)}
    for name, spec in checkout.items():
        refs = [p["$ref"] for p in spec["params_schema"]["properties"].values()]
        refs += [spec["result_schema"]["$ref"]] if spec["result_schema"] else []
        for ref in refs:
            try:
                Draft202012Validator.check_schema(_lookup(ref))
            except Exception as error:
                failures.append(f"{name}: {ref} does not resolve to a schema ({type(error).__name__}: {error})")
    delegations = OPENRPC.get("x-delegations", [])
    for delegation in delegations:
        method = f"ec.{delegation}_request"
        if checkout.get(method, {}).get("kind") != "request":
            failures.append(f"x-delegations {delegation!r}: no request method {method}")
    for name, spec in checkout.items():
        if name.endswith("_request") and name[3:-len("_request")] not in delegations:
            failures.append(f"{name}: its delegation {name[3:-len('_request')]!r} is not in x-delegations")
    fulfillment = DOCUMENTS.get(BASE_URI + "schemas/shopping/fulfillment.json", {})
    for delegation in fulfillment.get("embedded", {}).get("delegations", []):
        if delegation not in delegations:
            failures.append(f"fulfillment.json embedded delegation {delegation!r} is not in x-delegations")

    # (c) examples
    manifest = load_file(EXAMPLES / "manifest.json")
    listed = {e["file"] for e in manifest["examples"] if e["file"]}
    present = {p.name for p in EXAMPLES.glob("*.json") if p.name != "manifest.json"}
    for name in sorted(present - listed):
        failures.append(f"examples/{name}: not in manifest.json")
    for name in sorted(listed - present):
        failures.append(f"examples/{name}: in manifest.json but missing")
    parsed = checked = valid_count = invalid_count = 0
    for entry in manifest["examples"]:
        label = f"example {entry['number']:02d}"
        if not entry["parsed"]:
            if entry["file"] is not None:
                failures.append(f"{label}: not parsed yet has a file")
            continue
        try:
            message = load_file(EXAMPLES / entry["file"])
        except (OSError, ValueError, Rejected) as error:
            failures.append(f"{label}: {entry['file']} does not read as strict JSON ({error})")
            continue
        parsed += 1
        if entry["role"] is None:
            if entry.get("valid") is not None:
                failures.append(f"{label}: no role, yet a verdict")
            continue
        checked += 1
        envelope = envelope_errors(message, entry["method"], entry["role"])
        if (not envelope) != entry["envelope_valid"]:
            failures.append(f"{label} {entry['file']}: envelope is {'valid' if not envelope else 'invalid'}, "
                            f"manifest says {'valid' if entry['envelope_valid'] else 'invalid'}: {envelope}")
        errors = validate(entry["method"], entry["role"], payload(message, entry["role"]))
        if (not errors) != entry["valid"]:
            failures.append(f"{label} {entry['file']}: {entry['method']} {entry['role']} is "
                            f"{'valid' if not errors else 'invalid'}, manifest says "
                            f"{'valid' if entry['valid'] else 'invalid'}")
            failures += [f"    {line}" for line in errors]
        elif errors:
            invalid_count += 1
        else:
            valid_count += 1

    # (d) the package's fixtures
    fixture_valid, fixture_invalid = check_fixtures(failures)

    # (e) the package's answers
    binary = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("BRIDGECODEC_BIN")
    answers = None
    if binary:
        answers = check_answers(binary, failures)

    for line in failures:
        print(f"FAIL {line}")
    if not binary:
        print("SKIP ecp-check answers: no bridgecodec binary given (pass its path as the first argument or in "
              "BRIDGECODEC_BIN, e.g. $(swift build --show-bin-path)/bridgecodec)")
    requests = sum(1 for s in checkout.values() if s["kind"] == "request")
    print(f"ucp schemas: {schema_count} schemas + {embedded_count} embedded schemas valid, {ref_count} $refs resolve, "
          f"{len(vendored)} vendored schema files, closure {'matches' if vendored == closure else 'differs'}; {len(checkout)} ec.* methods ({requests} requests, "
          f"{len(checkout) - requests} notifications), {len(delegations)} delegations; examples: "
          f"{len(manifest['examples'])} blocks, {parsed} parsed, {checked} checked ({valid_count} valid, "
          f"{invalid_count} invalid, as the manifest says); fixtures: {fixture_valid} valid, {fixture_invalid} invalid; "
          + (f"ecp-check answers: {answers[0]} results and {answers[1]} JSON-RPC errors checked; " if answers else "")
          + f"{sum(1 for line in failures if not line.startswith(' '))} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
