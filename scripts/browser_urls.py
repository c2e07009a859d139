"""The URL formats the JSON Schemas use, checked by a browser's URL reading (node's URL class).

`x-https-url` and `x-branchapp-url`: a URL a browser reads, under that scheme, as the package's URL
policy takes it: no user info in an https URL, and not the documented refusal of a host holding a
character Foundation's URL cannot hold (`"` `{` `}` or the backtick). A Unicode host is read as the
browser reads it (UTS #46), in its xn-- form.
"""
import json
import pathlib
import re
import subprocess

from jsonschema import FormatChecker

_oracle = None
_answers = {}
_HOST = re.compile(r"^(\[[0-9a-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]*)$")


def read(text):
    """node's reading of `text`, or None where a browser refuses it."""
    global _oracle
    if text not in _answers:
        if _oracle is None:
            script = pathlib.Path(__file__).resolve().parent / "url-oracle.mjs"
            _oracle = subprocess.Popen(["node", str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                       encoding="utf-8", errors="surrogatepass")
        _oracle.stdin.write(json.dumps(text) + "\n")
        _oracle.stdin.flush()
        _answers[text] = json.loads(_oracle.stdout.readline())
    return _answers[text]


def _accepts(text, protocol):
    if not isinstance(text, str):
        return True  # the schema's "type" says what else is wrong
    if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        return False
    url = read(text)
    if url is None or url["protocol"] != protocol or not _HOST.match(url["hostname"]):
        return False
    return protocol != "https:" or (url["username"] == "" and url["password"] == "")


def format_checker():
    checker = FormatChecker()
    checker.checks("x-https-url")(lambda text: _accepts(text, "https:"))
    checker.checks("x-branchapp-url")(lambda text: _accepts(text, "branchapp:"))
    return checker
