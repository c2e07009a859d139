#!/usr/bin/env python3
"""Every malformed variant from `bridgecodec fuzz` gets the same verdict from the decoder and from an oracle.

The oracle is the handler's JSON Schema (schemas/), applied to the body read as strictly as the decoder
reads it: UTF-8 only, no BOM, no duplicate keys, no NaN/Infinity, no lone surrogates, no number that
overflows a double or underflows to zero, and the decoder's default limits (1 MiB, depth 64, strings of
256 KiB, 1,024 members). Plus the one rule JSON Schema cannot say: a Sovendus numeric-string height must be
finite. URLs are read by node's URL class, as a browser reads them (browser_urls.py). Any disagreement, or a rejection without a reason, fails the check.

The Embedded Checkout Protocol's consumer (EmbeddedCheckoutProtocolConsumer) has no schema here: its
variants (3 × COUNT, spread over the 15 methods) are JSON-RPC texts, and their oracle is UCP's vendored
schemas (check-ucp-schemas.py's `schema_errors`) under the JSON-RPC rules a host reads each message
with, and the decoder's differences the fixture manifest documents (ucp_oracle.py); it also says the
JSON-RPC error code a refusal must carry.
usage: check-fuzz-variants.py BRIDGECODEC [COUNT]
"""
import base64
import json
import math
import pathlib
import re
import subprocess
import sys
import tempfile

from jsonschema import Draft202012Validator

from browser_urls import format_checker
from strict_json import Rejected, check_tree, reject_constant, strict_float, strict_int, strict_pairs
import ucp_oracle

cli = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
root = pathlib.Path(__file__).resolve().parent.parent
schemas = {}
schema_files = {}
for path in (root / "schemas").glob("*.schema.json"):
    schema = json.loads(path.read_text(encoding="utf-8"))
    if "x-bridgecodec-handler" in schema:  # the message schemas; the document models have no handler
        schemas[schema["x-bridgecodec-handler"]] = Draft202012Validator(schema, format_checker=format_checker())
        schema_files[schema["x-bridgecodec-handler"]] = path

# The handlers as the providers declare them, from the CLI's own list.
fuzz_help = subprocess.run([cli, "fuzz", "--help"], check=True, capture_output=True).stdout.decode("utf-8")
handlers = re.search(r"^\s*Handlers: (.*)\.$", fuzz_help, re.MULTILINE).group(1).split(", ")


def oracle(handler, body: bytes) -> bool:
    try:
        if len(body) > 1 << 20:
            return False
        text = body.decode("utf-8")
        if text.startswith("\ufeff"):
            return False
        document = json.loads(text, object_pairs_hook=strict_pairs, parse_float=strict_float, parse_int=strict_int,
                              parse_constant=reject_constant)
        check_tree(document)
    except (Rejected, ValueError, RecursionError, UnicodeDecodeError):
        return False
    if not schemas[handler].is_valid(document):
        return False
    if schema_files[handler].name == "sovendus-message.schema.json" and isinstance(document, dict) and document.get("type") == "height":
        value = document.get("value")
        if isinstance(value, str):
            number = float(value)
            if math.isinf(number) or (number == 0 and re.search(r"[1-9]", value.split("e")[0].split("E")[0])):
                return False
    return True


passed = failed = 0
for handler in sorted(handlers):
    if handler == ucp_oracle.HANDLER:
        ecp_passed, ecp_failed = ucp_oracle.check(cli, count)
        passed += ecp_passed
        failed += ecp_failed
        continue
    if handler not in schemas:
        print(f"FAIL {handler}: no schema in schemas/ names it as x-bridgecodec-handler")
        failed += 1
        continue
    generated = subprocess.run([cli, "fuzz", "--handler", handler, "--count", str(count), "--seed", "7"],
                               check=True, capture_output=True).stdout.decode("utf-8").split("\n")
    # Split on LF only: str.splitlines would also split at U+2028, U+0085 and others inside the JSON strings.
    generated = [line for line in generated if line]
    if len(set(generated)) != count:
        print(f"FAIL {handler}: {len(set(generated))} distinct variants, not {count}")
        failed += 1
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as file:
        file.write("\n".join(generated) + "\n")
    # The schemas describe the default URL policy, plus the fixtures' app scheme (branchapp) where a
    # schema's URL format takes it (Plaid's callbackUrl, branch-link-complete.schema.json); the CLI is
    # configured the same way.
    app_scheme = ["--app-scheme", "branchapp"] if "x-branchapp-url" in schema_files[handler].read_text(encoding="utf-8") else []
    decoded = subprocess.run([cli, "decode", "--jsonl", file.name, *app_scheme], capture_output=True)
    if decoded.returncode not in (0, 1):
        print(f"FAIL {handler}: decode exited {decoded.returncode}: {decoded.stderr[:500]!r}")
        failed += 1
        continue
    results = {}
    for line in decoded.stdout.decode("utf-8").split("\n"):
        if line:
            result = json.loads(line)
            results[result["line"]] = result
    for number, line in enumerate(generated, start=1):
        variant = json.loads(line)
        if variant["transport"] == "object":
            body = json.dumps(variant["body"], ensure_ascii=False).encode("utf-8")
        elif "bodyBase64" in variant:
            body = base64.b64decode(variant["bodyBase64"])
        else:
            body = variant["body"].encode("utf-8", "surrogatepass")
        expected = oracle(handler, body)
        result = results.get(number, {})
        accepted = "kind" in result
        if accepted != expected or (not accepted and not result.get("error")):
            failed += 1
            if failed <= 20:
                print(f"FAIL {handler} line {number} [{variant['label'][:80]}]: decoder "
                      f"{'accepted' if accepted else 'rejected: ' + str(result.get('error'))[:120]}, oracle "
                      f"{'accepts' if expected else 'rejects'}")
        else:
            passed += 1

print(f"fuzz variants: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
