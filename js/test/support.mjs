// Shared by the node tests: the CLI under test and the vendored test data (Tests/TestData).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const repositoryRoot = join(here, "..", "..");

/** The bridgecodec binary: BRIDGECODEC_BIN, or the debug build. */
export const bridgecodec = process.env.BRIDGECODEC_BIN ?? join(repositoryRoot, ".build", "debug", "bridgecodec");

/** Runs the CLI; returns { status, stdout, stderr } as strings. */
export function run(args, input = "") {
  const result = spawnSync(bridgecodec, args, { input, encoding: "utf8", maxBuffer: 256 << 20 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The big list of naughty strings. */
export function naughtyStrings() {
  return JSON.parse(readFileSync(join(repositoryRoot, "Tests", "TestData", "naughty-strings", "blns.json"), "utf8"));
}

/** Seeded strings of random code points from every plane, surrogates excluded (UTF-8 cannot carry them). */
export function randomStrings(count, seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const strings = [];
  for (let i = 0; i < count; i++) {
    let text = "";
    const length = Math.floor(next() * 40);
    for (let j = 0; j < length; j++) {
      const codePoint = next() < 0.5 ? Math.floor(next() * 0x2100) : Math.floor(next() * 0x110000);
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      text += String.fromCodePoint(codePoint);
    }
    strings.push(text);
  }
  return strings;
}

// ScriptJSONEncoder's corpus, shared by the node and Chromium tests.
/** A value from the sandbox's realm as a value of this one (prototypes differ across realms). */
export const inThisRealm = (value) => JSON.parse(JSON.stringify(value));

export const strings = [...naughtyStrings(), ...randomStrings(1000, 0x5c71), "</script><script>alert(1)</script>", "\u2028\u2029", "'&<>"];

/** One value per string: the string as a key and as a value, beside numbers and nesting. */
export const scriptValues = strings.map((text, index) => ({
  [text]: text,
  list: [text, index, -(index + 1) / 7, 1e21, null, true, false, { [text]: [] }],
  nested: { empty: {}, none: [], text },
}));

/** The encoder's text for each value. */
export function encodeAll(items) {
  const result = run(["escape", "--json-values"], items.map((value) => JSON.stringify(value)).join("\n") + "\n");
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout.split("\n").filter((line) => line.length > 0);
  assert.equal(lines.length, items.length);
  return lines.map((line) => JSON.parse(line));
}

