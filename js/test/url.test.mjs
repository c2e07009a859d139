// `bridgecodec url parse` against node's URL class, which implements the WHATWG URL Standard
// as browsers do: a URL the package accepts must read the same in both, part by part; one the
// Standard refuses, the package refuses too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { run } from "./support.mjs";

/** Seeded URLs built from the pieces browsers read in surprising ways. */
function generatedURLs(count, seed) {
  let state = seed >>> 0;
  const next = (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  const pick = (list) => list[next(list.length)];
  const schemes = ["https", "HTTPS", "http", "HtTp", "javascript", "ftp"];
  const userInfo = ["", "", "", "user@", "user:pass@", "a%40b@"];
  const hosts = [
    "example.com", "EXAMPLE.com", "a.b.example", "xn--nxasmq6b.example", "127.0.0.1", "127.1", "0x7f.0.0.1", "1.2.3.04",
    "[::1]", "[0:0::1]", "[::FFFF]", "example.com.", "a..b", "-a.example", "0x7g.example", "999.1.1.1", "",
  ];
  const ports = ["", "", ":443", ":80", ":8443", ":0443", ":65535", ":65536", ":", ":x"];
  const segments = ["a", "B", ".", "..", "%2e", "%2E%2e", ".%2e", "a%20b", "%41", "~x", "a'b", "", "a;b=c"];
  const separators = ["/", "/", "/", "\\", "\t/", "/\n"];
  const queries = ["", "", "?", "?a=1", "?a='b'", "?a=%27", "?x=y&x=z"];
  const fragments = ["", "", "#", "#f", "#a'b", "#%20"];
  const urls = [];
  for (let index = 0; index < count; index += 1) {
    let path = "";
    for (let depth = next(4); depth > 0; depth -= 1) path += pick(separators) + pick(segments);
    urls.push(`${pick(schemes)}://${pick(userInfo)}${pick(hosts)}${pick(ports)}${path}${pick(queries)}${pick(fragments)}`);
  }
  return urls;
}

test("every URL the package reads, node's URL reads the same way", () => {
  let accepted = 0;
  for (const input of generatedURLs(400, 0x5eed)) {
    const result = run(["url", "parse", input]);
    if (result.status !== 0) {
      assert.equal(result.status, 1, `${JSON.stringify(input)}: ${result.stderr}`);
      continue;
    }
    accepted += 1;
    const ours = JSON.parse(result.stdout);
    let theirs;
    assert.doesNotThrow(() => { theirs = new URL(input); }, `accepted what node refuses: ${JSON.stringify(input)}`);
    assert.equal(ours.href, theirs.href, JSON.stringify(input));
    assert.equal(`${ours.scheme}:`, theirs.protocol, JSON.stringify(input));
    assert.equal(ours.host, theirs.hostname, JSON.stringify(input));
    assert.equal(ours.port === null ? "" : String(ours.port), theirs.port, JSON.stringify(input));
    assert.equal(ours.path, theirs.pathname, JSON.stringify(input));
    assert.equal(ours.query ? `?${ours.query}` : "", theirs.search, JSON.stringify(input));
    assert.equal(ours.fragment ? `#${ours.fragment}` : "", theirs.hash, JSON.stringify(input));
  }
  assert.ok(accepted > 50, `only ${accepted} accepted`);
});
