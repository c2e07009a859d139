"""The verdict a strict host owes one Embedded Checkout Protocol message read alone, for check-fuzz-variants.py.

A message is the JSON-RPC text a checkout page posts to EmbeddedCheckoutProtocolConsumer. The oracle reads
it by JSON-RPC 2.0's rules and its params by UCP's schemas (schemas/ucp/2026-04-08, through
check-ucp-schemas.py's `schema_errors`), and says whether a host reads it and, where it does not, the
JSON-RPC error code it answers with (None where it answers nothing: a notification, a request without an
id). Where the package's decoder takes another verdict than UCP's schemas, on purpose or not, the rule
below says so and cites the fixture manifest (schemas/ucp/fixtures/manifest.json, decoderDiffers) that
documents it; a difference no rule names fails the check.
"""
import decimal
import importlib.util
import json
import pathlib
import re
import subprocess
import tempfile

import browser_urls
import strict_json

HANDLER = "EmbeddedCheckoutProtocolConsumer"

_spec = importlib.util.spec_from_file_location("check_ucp_schemas", pathlib.Path(__file__).with_name("check-ucp-schemas.py"))
ucp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ucp)

METHODS = {name: spec for name, spec in ucp.METHODS.items() if name.startswith(ucp.CHECKOUT_PREFIX)}
# The consumer's body is a string the dispatcher reads within its default limits: 256 KiB of UTF-8.
LONGEST_TEXT = 256 << 10
LONGEST_ID = 128  # EmbeddedCheckout.Limits.default.longestID
INT64 = range(-(1 << 63), 1 << 63)


class Verdict:
    def __init__(self, accepted, code=None, why=""):
        self.accepted, self.code, self.why = accepted, code, why

    def __repr__(self):
        return "accepted" if self.accepted else f"refused ({self.code}): {self.why}"


def _exact(text_value):
    """A number read from its digits (json with Decimal), as JSONNumber.exactInteger reads it."""
    return isinstance(text_value, decimal.Decimal) and text_value == text_value.to_integral_value() and int(text_value) in INT64


def verdict(text):
    """The Verdict for the JSON-RPC text `text` (a str)."""
    if len(text.encode("utf-8", "surrogatepass")) > LONGEST_TEXT:
        return Verdict(False, None, "the body is longer than the dispatcher's longest string")
    try:
        message = strict_json.read(text)
    except strict_json.Rejected as error:
        return Verdict(False, -32700, f"not JSON: {error}")
    if not isinstance(message, dict):
        return Verdict(False, -32600, "not one JSON-RPC object")
    # The same text with every number as its digits, for the reads that take a number's exact value.
    digits = json.loads(text, parse_float=decimal.Decimal, parse_int=decimal.Decimal)
    if "id" in message:
        identifier = digits["id"]
        readable = (isinstance(identifier, str) and len(identifier.encode("utf-8")) <= LONGEST_ID) or _exact(identifier)
        if not readable:
            return Verdict(False, -32600, "an id that is no string of at most 128 bytes or integer")
    if set(message) - {"jsonrpc", "id", "method", "params"}:
        return Verdict(False, -32600, "a member JSON-RPC 2.0 does not have")
    if message.get("jsonrpc") != "2.0":
        return Verdict(False, -32600, "jsonrpc is not 2.0")
    method = message.get("method")
    if not isinstance(method, str) or method == "":
        return Verdict(False, -32600, "no method")
    params = message.get("params", {})  # JSON-RPC 2.0: params may be omitted
    if not isinstance(params, dict):
        return Verdict(False, -32600, "params is no object")
    has_id = "id" in message
    if method not in METHODS:
        return Verdict(False, -32601 if has_id else None, "no method of the release")
    role = METHODS[method]["kind"]
    if role == "request" and not has_id:
        return Verdict(False, None, "a request without an id")
    if role == "notification" and has_id:
        return Verdict(False, -32600, "a notification with an id")
    invalid = -32602 if has_id else None
    errors = [error for error in ucp.schema_errors(method, role, params) if not tolerated(error)]
    if errors:
        error = errors[0]
        return Verdict(False, invalid, f"{error.json_path}: {error.message[:160]}")
    refusal = decoder_refusal(method, params, digits.get("params", {}))
    if refusal:
        return Verdict(False, invalid, refusal)
    return Verdict(True)


# Where the decoder reads a member as a Swift Int: an exact integer of 64 bits, read from its digits.
INTEGERS = [r"\.checkout\.line_items\[\d+\]\.item\.price", r"\.checkout\.line_items\[\d+\]\.quantity",
            r"\.checkout\.line_items\[\d+\]\.totals\[\d+\]\.amount", r"\.checkout\.totals\[\d+\]\.amount"]
# Where it reads a URL (BridgeURL): as a browser reads one without a base, its host one Foundation's URL holds.
URLS = [r"\.checkout\.continue_url", r"\.checkout\.links\[\d+\]\.url", r"\.checkout\.line_items\[\d+\]\.item\.image_url",
        r"\.checkout\.order\.permalink_url", r"\.error\.continue_url"]
# The members it reads with decodeIfPresent, where null reads as absent.
OPTIONAL = [r"\.type", r"\.checkout\.(buyer|payment|fulfillment|messages|continue_url|order)",
            r"\.checkout\.buyer\.(first_name|last_name|email|phone_number)", r"\.checkout\.payment\.instruments",
            r"\.checkout\.payment\.instruments\[\d+\]\.(selected|display)", r"\.checkout\.line_items\[\d+\]\.item\.image_url",
            r"\.checkout\.totals\[\d+\]\.display_text", r"\.checkout\.line_items\[\d+\]\.totals\[\d+\]\.display_text", r"\.auth\.type",
            r"\.checkout\.links\[\d+\]\.title", r"\.checkout\.order\.label", r"\.(checkout|error)\.messages\[\d+\]\.(code|severity)",
            r"\.error\.continue_url"]


def _path(error):
    """The error's instance path, `.checkout.totals[0].amount` (no `$`)."""
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in error.absolute_path)


def _matches(patterns, path):
    return any(re.fullmatch(pattern, path) for pattern in patterns)


def _note_reads(note):
    """Checkout.Note: type and content strings, code and severity strings where present and not null."""
    return (isinstance(note, dict) and isinstance(note.get("type"), str) and isinstance(note.get("content"), str)
            and all(note.get(member) is None or isinstance(note.get(member), str) for member in ("code", "severity")))


def tolerated(error):
    """Whether the package's decoder takes params despite this schema error. Each rule is a difference the
    fixture manifest (schemas/ucp/fixtures/manifest.json, decoderDiffers) documents, named here by fixture."""
    path, validator = _path(error), error.validator
    ucp = re.fullmatch(r"\.(checkout|error)\.ucp(.*)", path)
    if ucp:
        # ec.start/invalid-checkout-missing-payment-handlers, ec.error/invalid-status-success: of ucp the
        # decoder reads version alone, a string.
        if ucp.group(2) == "":
            return validator == "required" and "'version'" not in error.message
        return not (ucp.group(2) == ".version" and validator == "type")
    if path == ".checkout.status" and validator == "enum":
        return True  # ec.start/invalid-checkout-unknown-status: Checkout.Status is open
    if _matches(INTEGERS, path) and validator in ("minimum", "exclusiveMaximum", "maximum", "exclusiveMinimum"):
        return True  # ec.line_items.change/invalid-quantity-zero, invalid-price-negative: an Int, no range
    if re.fullmatch(r"\.checkout\.totals|\.checkout\.line_items\[\d+\]\.totals", path) and validator in (
            "contains", "minContains", "maxContains"):
        return True  # ec.totals.change/invalid-no-total: the totals are a list, the subtotal and the total not counted
    if re.fullmatch(r"(\.checkout\.totals|\.checkout\.line_items\[\d+\]\.totals)\[\d+\]", path) and validator == "required" and (
            "'display_text'" in error.message):
        return True  # like ec.totals.change/invalid-no-total: a total's type is any string, its display_text optional
    if re.fullmatch(r"\.(checkout|error)\.messages\[\d+\]", path) and validator in ("oneOf", "anyOf"):
        # ec.messages.change/invalid-error-without-severity: Checkout.Note does not tell the three message schemas apart.
        return _note_reads(error.instance)
    if validator == "type" and error.instance is None and _matches(OPTIONAL, path):
        return True  # ec.auth/invalid-type-null: an optional member that is null reads as absent
    if re.fullmatch(r"\.checkout\.payment\.instruments\[\d+\]\.display(\..*|\[.*)?|\.checkout\.fulfillment(\..*|\[.*)?", path):
        return True  # like ec.error/invalid-extra-member: kept as sent (JSONValue), its shape another schema's
    if validator in ("additionalProperties", "unevaluatedProperties"):
        return True  # ec.error/invalid-extra-member: members the decoder does not name are ignored
    return False


def _at(value, path):
    """The values at `path` (a regex over `_path`-style paths) in `value`."""
    found = []

    def walk(node, here):
        if re.fullmatch(path, here):
            found.append(node)
        if isinstance(node, dict):
            for key, inner in node.items():
                walk(inner, f"{here}.{key}")
        elif isinstance(node, list):
            for index, inner in enumerate(node):
                walk(inner, f"{here}[{index}]")

    walk(value, "")
    return found


def _url_reads(text, foundation):
    """A browser reads `text` without a base (node's URL), and so does WebURL, which refuses file: URLs
    (WebURL.ParseError.fileURL); a BridgeURL's host is one Foundation's URL holds too (browser_urls._HOST)."""
    url = browser_urls.read(text)
    if url is None or url["protocol"] == "file:":
        return False
    return not foundation or bool(browser_urls._HOST.match(url["hostname"]))


def decoder_refusal(method, params, digits):
    """What the package's decoder refuses in schema-valid params, or None."""
    for pattern in INTEGERS:
        for number in _at(digits, pattern):
            if isinstance(number, decimal.Decimal) and not _exact(number):
                return f"{number} is no Int"  # JSON Schema's integer is any number without a fraction
    # ec.error/valid-continue-url-relative, ec.fulfillment.address_change_request/valid-link-url-relative:
    # a URL that does not read without a base is refused, and the message with it.
    for pattern in URLS:
        for text in _at(params, pattern):
            if isinstance(text, str) and not _url_reads(text, foundation=True):
                return f"{text!r} is no URL"
    if method == "ec.window.open_request" and isinstance(params.get("url"), str) and not _url_reads(params["url"], False):
        return f"{params['url']!r} is no URL"  # read alone, as a browser reads it; a session's policy comes after
    return None


def check_manifest():
    """The oracle's verdict on every fixture of schemas/ucp/fixtures is the decoder's the manifest states: its
    schema verdict, or the other where decoderDiffers says so. Returns the failures' lines."""
    failures = []
    manifest = ucp.load_file(ucp.FIXTURES / "manifest.json")
    for entry in manifest["fixtures"]:
        admits = entry["valid"] if "decoderDiffers" not in entry else entry["decoderDiffers"]["decoder"] == "admits"
        found = verdict((ucp.FIXTURES / entry["file"]).read_text(encoding="utf-8"))
        if found.accepted != admits:
            failures.append(f"fixtures/{entry['file']}: the oracle says {found!r}, the manifest that the decoder "
                            f"{'admits' if admits else 'refuses'} it")
    return failures


def check(cli, count, seed=7):
    """Holds the oracle to the fixture manifest, then generates 3 × COUNT variants (a fifth of COUNT for each of
    the 15 methods' messages: its envelope's breakages, then its params'), decodes them, and holds each verdict,
    and each refusal's JSON-RPC code, to the oracle's. Returns (passed, failed)."""
    failures = check_manifest()
    for line in failures:
        print(f"FAIL {HANDLER} oracle: {line}")
    total = 3 * count
    generated = subprocess.run([cli, "fuzz", "--handler", HANDLER, "--count", str(total), "--seed", str(seed)],
                               check=True, capture_output=True).stdout.decode("utf-8").split("\n")
    generated = [line for line in generated if line]
    failed, passed = len(failures), 0
    if len(set(generated)) != total:
        print(f"FAIL {HANDLER}: {len(set(generated))} distinct variants, not {total}")
        failed += 1
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as file:
        file.write("\n".join(generated) + "\n")
    decoded = subprocess.run([cli, "decode", "--jsonl", file.name], capture_output=True)
    if decoded.returncode not in (0, 1):
        print(f"FAIL {HANDLER}: decode exited {decoded.returncode}: {decoded.stderr[:500]!r}")
        return passed, failed + 1
    results = {}
    for line in decoded.stdout.decode("utf-8").split("\n"):
        if line:
            result = json.loads(line)
            results[result["line"]] = result
    methods, refused = set(), 0
    for number, line in enumerate(generated, start=1):
        variant = json.loads(line)
        methods.add(variant["label"].split(":")[0])
        expected = verdict(variant["body"])
        result = results.get(number, {})
        accepted = "kind" in result
        code = result.get("code")
        wrong = accepted != expected.accepted or (not accepted and (not result.get("error") or code != expected.code))
        if wrong:
            failed += 1
            if failed <= 20:
                print(f"FAIL {HANDLER} line {number} [{variant['label'][:100]}]: decoder "
                      f"{'accepted' if accepted else 'refused (' + str(code) + '): ' + str(result.get('error'))[:140]}, "
                      f"oracle {expected!r}")
        else:
            passed += 1
            refused += not accepted
    if methods != set(METHODS):
        print(f"FAIL {HANDLER}: variants of {sorted(methods)}, not of every method")
        failed += 1
    print(f"{HANDLER}: {total} variants of {len(methods)} methods, {refused} refused with the code the oracle gives")
    return passed, failed
