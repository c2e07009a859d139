// Every escaped string, evaluated by a real JavaScript engine, gives back exactly the original.
import { test } from "node:test";
import assert from "node:assert/strict";
import vm from "node:vm";
import { run, naughtyStrings, randomStrings, escapeAll } from "./support.mjs";

const corpus = [
  ...naughtyStrings(),
  ...randomStrings(3000, 0xe5ca9e),
  "</script><script>alert(1)</script>", "<!--<script>", "\u2028\u2029", "`${alert(1)}`", "\u0000\u0085\u009f\u007f",
];

for (const context of ["js", "script-json"]) {
  test(`${context}: every literal evaluates to the original`, () => {
    const escaped = escapeAll(context, corpus);
    escaped.forEach((literal, index) => {
      assert.equal(vm.runInNewContext(literal), corpus[index], literal);
      assert.equal(JSON.parse(literal), corpus[index], literal);
      // Nothing that ends a string, a <script> block or an attribute.
      assert.doesNotMatch(literal.slice(1, -1), /["'`<>&\u2028\u2029\u0000-\u001f\u007f-\u009f]/u, literal);
    });
  });
}

test("js: a literal inside <script> and inside an expression stays one string", () => {
  escapeAll("js", corpus).forEach((literal, index) => {
    const script = `var captured = ${literal}; captured`;
    assert.equal(vm.runInNewContext(script), corpus[index]);
  });
});

test("url: every component decodes to the original", () => {
  escapeAll("url", corpus).forEach((component, index) => {
    assert.equal(decodeURIComponent(component), corpus[index]);
    assert.match(component, /^[A-Za-z0-9\-._~%]*$/);
  });
});

test("escape: invalid UTF-8 is rejected", () => {
  const result = run(["escape", "--context", "js"], Buffer.from([0x61, 0xff]));
  assert.equal(result.status, 1);
});
