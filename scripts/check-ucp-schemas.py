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
    manifest's.

Other scripts and tests can use `validate(method, role, instance)`, `validate_message(message,
method, role)` and `METHODS` (load this file with importlib: its name has hyphens). Formats
(`uri`, `date-time`, ...) are annotations, as draft 2020-12 makes them by default, unless a
`format_checker` is passed.
"""
import json
import pathlib
import sys
from urllib.parse import urljoin, urldefrag

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = pathlib.Path(__file__).resolve().parent.parent / "schemas" / "ucp"
VENDORED = ROOT / "2026-04-08"
EXAMPLES = ROOT / "examples"
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


class NotStrictJSON(ValueError):
    pass


def _strict_pairs(pairs):
    keys = [key for key, _ in pairs]
    if len(keys) != len(set(keys)):
        raise NotStrictJSON("duplicate key")
    return dict(pairs)


def _reject_constant(name):
    raise NotStrictJSON(f"{name} is not JSON")


def load_strict(path):
    return json.loads(pathlib.Path(path).read_text(encoding="utf-8"), object_pairs_hook=_strict_pairs,
                      parse_constant=_reject_constant)


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
        contents = load_strict(path)
        if contents.get("$id") != uri:
            raise SystemExit(f"FAIL {path.relative_to(ROOT)}: $id {contents.get('$id')!r} is not {uri}")
        documents[uri] = contents
        resources.append((uri, Resource.from_contents(contents, default_specification=DRAFT202012)))
    openrpc = load_strict(VENDORED / OPENRPC_PATH)
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


def validate(method, role, instance, format_checker=None):
    """Error strings for `instance` as the payload of `method` in `role` (empty: valid).

    role: "request" or "notification" (instance is the `params` object), "result" (instance is
    the `result` of a request method's success or error_response), "jsonrpc_error" (instance is
    the JSON-RPC `error` object; method is not consulted).
    """
    if role not in ROLES:
        raise ValueError(f"role must be one of {ROLES}")
    if role == "jsonrpc_error":
        return _errors(JSONRPC_ERROR, instance, format_checker)
    if method not in METHODS:
        return [f"{method!r} is not a method of embedded.openrpc.json"]
    if not method.startswith(CHECKOUT_PREFIX):
        return [f"{method!r} is a cart method; cart.json is not vendored"]
    spec = METHODS[method]
    if role == "result":
        if spec["kind"] != "request":
            return [f"{method} is a notification: it has no result"]
        return _errors(spec["result_schema"], instance, format_checker)
    if spec["kind"] != role:
        return [f"{method} is a {spec['kind']}, not a {role}"]
    return _errors(spec["params_schema"], instance, format_checker)


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
    manifest = load_strict(EXAMPLES / "manifest.json")
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
            message = load_strict(EXAMPLES / entry["file"])
        except (OSError, ValueError) as error:
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

    for line in failures:
        print(f"FAIL {line}")
    requests = sum(1 for s in checkout.values() if s["kind"] == "request")
    print(f"ucp schemas: {schema_count} schemas + {embedded_count} embedded schemas valid, {ref_count} $refs resolve, "
          f"{len(vendored)} vendored schema files, closure {'matches' if vendored == closure else 'differs'}; {len(checkout)} ec.* methods ({requests} requests, "
          f"{len(checkout) - requests} notifications), {len(delegations)} delegations; examples: "
          f"{len(manifest['examples'])} blocks, {parsed} parsed, {checked} checked ({valid_count} valid, "
          f"{invalid_count} invalid, as the manifest says); "
          f"{sum(1 for line in failures if not line.startswith(' '))} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
