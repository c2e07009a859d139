// How WebKit hands a posted JavaScript value to a WKWebView app (WKScriptMessage.body), written as
// data the Swift tests build the same Foundation graph from (../shared/REFERENCE-BEHAVIOUR.md):
// every number an NSNumber holding a double, a Date an NSDate, arrays and objects NSMutableArray and
// NSMutableDictionary, and one JavaScript object one instance wherever it appears.

/**
 * `value` as WebKit's conversion sees it: `{null}`, `{bool}`, `{number: BITS}` (the double's 64 bits
 * in hex), `{string}`, `{date: MS}` (its time value), `{array: [...], id}`, `{object: [[KEY, ...]], id}`
 * with keys sorted (WebKit's order is its hash order), or `{ref: ID}` for an object met before.
 * Members whose value is `undefined` are left out, as WebKit leaves them; `undefined` in an array is
 * null. `delivered` is false when WebKit delivers nothing (a function, a Symbol or a BigInt inside);
 * `text` is `JSON.stringify`'s text of the value, `null` where it throws (a cycle).
 *
 * Self-contained, so its source runs as it is in node:vm and in WebKit (webkit_runner.py's `describe`).
 */
export function describeGraph(value) {
  const view = new DataView(new ArrayBuffer(8));
  const ids = new Map();
  let delivered = true;
  const walk = (v) => {
    if (v === null || v === undefined) return { null: true };
    switch (typeof v) {
      case "boolean": return { bool: v };
      case "number": view.setFloat64(0, v); return { number: view.getBigUint64(0).toString(16).padStart(16, "0") };
      case "string": return { string: v };
      case "function": case "symbol": case "bigint": delivered = false; return { null: true };
    }
    if (v instanceof Date) return { date: v.getTime() };
    if (ids.has(v)) return { ref: ids.get(v) };
    const id = ids.size;
    ids.set(v, id);
    if (Array.isArray(v)) {
      const elements = [];
      for (let i = 0; i < v.length; i++) elements.push(walk(v[i]));
      return { array: elements, id };
    }
    const members = [];
    for (const key of Object.keys(v).sort()) {
      const member = v[key];
      if (member !== undefined) members.push([key, walk(member)]);
    }
    return { object: members, id };
  };
  const graph = walk(value);
  let text = null;
  try { text = JSON.stringify(value) ?? null; } catch { text = null; }
  return { delivered, graph, text };
}
