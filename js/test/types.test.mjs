// The TypeScript declarations (js/types/bridgecodec.d.ts) against what they declare: the file is
// what scripts/generate-types.mjs writes from the schemas now; every valid fixture of a message
// schema has its type, and every invalid one whose fault is its shape (not a format, pattern,
// length or bound, which a type cannot hold) does not; every valid Embedded Checkout Protocol
// fixture (schemas/ucp/fixtures) has its method's message type, and every answer a host's session
// writes (bridgecodec ecp-check) the response type; a typed page compiles, and what its types
// refuse tsc refuses. Compiled with Debian's node-typescript (tsc --noEmit --strict).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repositoryRoot, run } from "./support.mjs";
import { generate, messageSchemas, output } from "../../scripts/generate-types.mjs";

const tscOptions = ["--noEmit", "--strict", "--target", "es2020", "--lib", "es2020,dom", "--moduleResolution", "node"];

function tsc(files) {
  const result = spawnSync("tsc", [...tscOptions, ...files], { encoding: "utf8", timeout: 120_000 });
  assert.ok(!result.error, `tsc is needed for this test (scripts/setup installs node-typescript): ${result.error}`);
  return result;
}

test("the declarations are what scripts/generate-types.mjs writes from the schemas", () => {
  assert.equal(readFileSync(output, "utf8"), generate(), "run scripts/generate-types.mjs");
});

/**
 * Which fixtures of `stem` a type can tell apart: Python's jsonschema on the schema without its
 * formats, patterns, lengths and bounds; text that is not strict JSON (NaN, duplicate keys) is left out.
 */
function shapeVerdicts(stem) {
  const program = `
import json, sys, pathlib, jsonschema
def strip(node):
    if isinstance(node, dict):
        return {k: strip(v) for k, v in node.items() if k not in ("format", "pattern", "maxLength", "minLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")}
    if isinstance(node, list):
        return [strip(v) for v in node]
    return node
def pairs(items):
    keys = [k for k, _ in items]
    if len(keys) != len(set(keys)): raise ValueError("duplicate keys")
    return dict(items)
def refuse(constant): raise ValueError(constant)
root = pathlib.Path(sys.argv[1])
validator = jsonschema.Draft202012Validator(strip(json.loads((root / "schemas" / (sys.argv[2] + ".schema.json")).read_text())))
verdicts = {}
for kind in ("valid", "invalid"):
    for path in sorted((root / "schemas" / "fixtures" / sys.argv[2] / kind).glob("*.json")):
        try:
            value = json.loads(path.read_text(), object_pairs_hook=pairs, parse_constant=refuse)
        except ValueError:
            continue
        verdicts[kind + "/" + path.name] = {"value": value, "shapeValid": validator.is_valid(value)}
print(json.dumps(verdicts))
`;
  const result = spawnSync("python3", ["-c", program, repositoryRoot, stem], { encoding: "utf8" });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout);
}

test("every message fixture has its type exactly when its shape is valid", () => {
  const folder = mkdtempSync(join(tmpdir(), "bridgecodec-types-"));
  const lines = [`import type * as T from ${JSON.stringify(output.replace(/\.d\.ts$/, ""))};`];
  let valid = 0;
  let refused = 0;
  for (const message of messageSchemas()) {
    for (const [fixture, { value, shapeValid }] of Object.entries(shapeVerdicts(message.stem))) {
      // A valid fixture's shape is valid: its faults, if any, are formats and bounds.
      if (fixture.startsWith("valid/")) assert.ok(shapeValid, `${message.stem}/${fixture}`);
      // U+2028 and U+2029 escaped: TypeScript's scanner ends a string literal at them.
      const json = JSON.stringify(value).replaceAll("\u2028", "\\u2028").replaceAll("\u2029", "\\u2029");
      const literal = value === null ? "null" : `${json} as const`;
      // Through a variable, as a page's value reaches a post: members a schema tolerates are no excess.
      const name = `v${valid + refused}`;
      lines.push(`// ${message.stem}/${fixture}`, `const ${name} = ${literal};`);
      if (!shapeValid) lines.push("// @ts-expect-error");
      lines.push(`export const typed${name}: T.${message.name} = ${name};`);
      if (shapeValid) valid += 1;
      else refused += 1;
    }
  }
  const file = join(folder, "fixtures.ts");
  writeFileSync(file, lines.join("\n") + "\n");
  const result = tsc([file]);
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
  assert.ok(valid >= 40 && refused >= 30, `only ${valid} fixtures typed and ${refused} refused`);
});

/** A TypeScript literal of `value`, typed `as const` through a variable, as a page's value reaches a post. */
function literal(value) {
  // U+2028 and U+2029 escaped: TypeScript's scanner ends a string literal at them.
  const json = JSON.stringify(value).replaceAll("\u2028", "\\u2028").replaceAll("\u2029", "\\u2029");
  return value === null ? "null" : `${json} as const`;
}

const ucpFixtures = join(repositoryRoot, "schemas", "ucp", "fixtures");

test("every valid Embedded Checkout Protocol fixture has its method's message type", () => {
  const manifest = JSON.parse(readFileSync(join(ucpFixtures, "manifest.json"), "utf8"));
  const lines = [`import type { EmbeddedCheckout } from ${JSON.stringify(output.replace(/\.d\.ts$/, ""))};`];
  const valid = manifest.fixtures.filter((fixture) => fixture.valid);
  for (const [index, fixture] of valid.entries()) {
    const value = JSON.parse(readFileSync(join(ucpFixtures, fixture.file), "utf8"));
    const type = fixture.role === "request" ? "Request" : "Notification";
    lines.push(
      `// ${fixture.file}`,
      `const m${index} = ${literal(value)};`,
      `export const typed${index}: EmbeddedCheckout.${type}<${JSON.stringify(fixture.method)}> = m${index};`,
      `export const posted${index}: EmbeddedCheckout.PageMessage = m${index};`,
    );
  }
  const file = join(mkdtempSync(join(tmpdir(), "bridgecodec-ecp-types-")), "fixtures.ts");
  writeFileSync(file, lines.join("\n") + "\n");
  const result = tsc([file]);
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
  assert.ok(valid.length >= 24 && new Set(valid.map((fixture) => fixture.method)).size === 15, `only ${valid.length} fixtures typed`);
});

test("every answer a host's session writes has the response type", () => {
  // A session over every valid request fixture, each with an id of its own: answered at once or left to the app.
  const manifest = JSON.parse(readFileSync(join(ucpFixtures, "manifest.json"), "utf8"));
  const requests = manifest.fixtures.filter((fixture) => fixture.role === "request");
  const first = requests.filter((fixture) => fixture.method === "ec.ready" && fixture.valid && !fixture.file.includes("auth"));
  const messages = [...first, ...requests].map((fixture, index) => ({
    ...JSON.parse(readFileSync(join(ucpFixtures, fixture.file), "utf8")),
    id: index % 2 ? `r-${index}` : index,
  }));
  const allowed = "payment.instruments_change,payment.credential,fulfillment.address_change,window.open";
  const checked = run(["ecp-check", "--version", manifest.version, "--allowed", allowed, "-"], messages.map((m) => JSON.stringify(m)).join("\n") + "\n");
  assert.ok(checked.status === 0 || checked.status === 1, checked.stderr);
  const answers = checked.stdout.split("\n").filter((line) => line.startsWith("{\"line\"")).map((line) => JSON.parse(line).answer).filter(Boolean);
  const lines = [`import type { EmbeddedCheckout } from ${JSON.stringify(output.replace(/\.d\.ts$/, ""))};`];
  for (const [index, answer] of answers.entries()) {
    lines.push(`const a${index} = ${literal(answer)};`, `export const answer${index}: EmbeddedCheckout.Response = a${index};`);
  }
  const file = join(mkdtempSync(join(tmpdir(), "bridgecodec-ecp-answers-")), "answers.ts");
  writeFileSync(file, lines.join("\n") + "\n");
  const result = tsc([file]);
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
  assert.ok(answers.some((answer) => "result" in answer) && answers.some((answer) => "error" in answer), JSON.stringify(answers));
});

test("the typed page compiles, and tsc refuses what its types refuse", () => {
  const page = join(repositoryRoot, "examples", "typed-page.ts");
  const result = tsc([page]);
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
  // Each @ts-expect-error line is an error tsc reports: without the directives the page fails on every one.
  const text = readFileSync(page, "utf8");
  const expected = text.split("\n").filter((line) => line.includes("@ts-expect-error")).length;
  const folder = mkdtempSync(join(tmpdir(), "bridgecodec-page-"));
  const bare = join(folder, "page.ts");
  writeFileSync(bare, text.replaceAll("@ts-expect-error", "refused:").replaceAll('"../js/types/bridgecodec"', JSON.stringify(output.replace(/\.d\.ts$/, ""))));
  const errors = tsc([bare]).stdout.split("\n").filter((line) => /error TS\d+/.test(line));
  assert.equal(errors.length, expected, errors.join("\n"));
  assert.ok(readdirSync(join(repositoryRoot, "js", "types")).includes("bridgecodec.d.ts"));
});
