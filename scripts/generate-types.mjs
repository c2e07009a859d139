#!/usr/bin/env node
// Writes js/types/bridgecodec.d.ts: TypeScript declarations for the page-side client
// (js/bridge.js), for every provider message, each generated from its JSON Schema
// (schemas/*.schema.json with "x-bridgecodec-handler"), and for UCP's Embedded Checkout Protocol,
// generated from UCP's vendored schemas (schemas/ucp/2026-04-08: the OpenRPC document's ec.*
// methods and the schemas they reach). Run it after editing a schema; js/test/types.test.mjs
// fails when the file and the schemas drift apart, and compiles every valid fixture and a typed
// page against it with tsc.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const output = join(root, "js", "types", "bridgecodec.d.ts");

/** The handler schemas, in file order: { name, handler, title, schema }. */
export function messageSchemas() {
  return readdirSync(join(root, "schemas")).filter((file) => file.endsWith(".schema.json")).sort().flatMap((file) => {
    const schema = JSON.parse(readFileSync(join(root, "schemas", file), "utf8"));
    if (!schema["x-bridgecodec-handler"]) return [];
    return [{ stem: file.replace(".schema.json", ""), name: typeName(file.replace(".schema.json", "")), handler: schema["x-bridgecodec-handler"], title: schema.title, schema }];
  });
}

/** `volt-redirect` is `VoltRedirect`, `swedbankpay-completed` `SwedbankPayCompleted`. */
function typeName(stem) {
  return stem.split("-").map((word) => (word === "swedbankpay" ? "SwedbankPay" : word[0].toUpperCase() + word.slice(1))).join("");
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (name) => (identifier.test(name) ? name : JSON.stringify(name));

/**
 * How a schema's types are written: a provider message's (`JSONValue` for any value, mutable arrays,
 * no references), or UCP's (`EmbeddedCheckout.ucpContext`: read-only arrays, named types for references).
 */
const providerContext = { any: "JSONValue", array: (type) => `${wrap(type)}[]`, ref: null };

/** The TypeScript type of `schema`; formats, patterns, lengths and bounds are the schema's alone. */
function typeOf(schema, context = providerContext) {
  if (schema === true || schema === undefined) return context.any;
  if (schema.$ref && context.ref) {
    const others = Object.keys(schema).filter((keyword) => typeKeywords.has(keyword) && keyword !== "$ref");
    const named = context.ref(schema.$ref);
    if (others.length === 0) return named;
    const { $ref, ...rest } = schema;
    return intersection([named, typeOf(rest, context)], context);
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (context.ref && schema.allOf) {
    const { allOf, ...rest } = schema;
    const own = Object.keys(rest).some((keyword) => typeKeywords.has(keyword)) ? [typeOf(rest, context)] : [];
    return intersection([...own, ...allOf.filter((part) => Object.keys(part).some((keyword) => typeKeywords.has(keyword))).map((part) => typeOf(part, context))], context);
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives && (context.ref || alternatives.some((alternative) => alternative.type || alternative.enum || alternative.const !== undefined))) {
    const { oneOf, anyOf, ...rest } = schema;
    const choice = union(alternatives.map((alternative) => typeOf(alternative, context)));
    if (!context.ref || !Object.keys(rest).some((keyword) => typeKeywords.has(keyword))) return choice;
    return intersection([typeOf(rest, context), choice], context);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : context.ref && schema.items ? ["array"]
    : context.ref && (schema.properties || typeof schema.additionalProperties === "object") ? ["object"] : [];
  if (types.length === 0) return context.any;
  return union(types.map((type) => {
    switch (type) {
      case "string": return "string";
      case "number": case "integer": return "number";
      case "boolean": return "boolean";
      case "null": return "null";
      case "array": return context.array(schema.items ? typeOf(schema.items, context) : context.any);
      case "object": return objectType(schema, context);
      default: throw new Error(`no TypeScript type for ${type}`);
    }
  }));
}

/** The keywords that say what a value is; the others (descriptions, bounds, conditions) no type holds. */
const typeKeywords = new Set(["$ref", "type", "const", "enum", "properties", "required", "additionalProperties", "items", "allOf", "oneOf", "anyOf"]);

const union = (types) => [...new Set(types)].join(" | ");
/** An object of any members. */
const openObject = (context) => `{ readonly [key: string]: ${context.any} }`;
const wrap = (type) => (type.includes("|") || type.includes("&") ? `(${type})` : type);
/** `A & B`, without the parts that say nothing (any value, or any object). */
function intersection(types, context) {
  const parts = [...new Set(types.filter((type) => type !== context.any && type !== openObject(context)))];
  if (parts.length === 0) return context.any;
  return parts.map((type) => (parts.length > 1 ? wrap(type) : type)).join(" & ");
}

/** The conditions on a discriminator: the schema's own if/then/else, and each in allOf. */
function conditions(schema) {
  return [schema, ...(schema.allOf ?? [])].filter((part) => part.if);
}

/** An object schema: one member list, or a union with one per value of the member its conditions test. */
function objectType(schema, context) {
  const parts = conditions(schema);
  const tested = parts.map((part) => Object.keys(part.if.properties ?? {})).flat();
  const discriminator = tested.find((name) => schema.properties?.[name]?.enum);
  if (!discriminator) {
    const values = schema.additionalProperties;
    // A map (UCP's registries keyed by name): its values' type; an open object without members: any members.
    if (context.ref && !schema.properties && typeof values === "object") return `{ [key: string]: ${typeOf(values, context)} }`;
    if (context.ref && !schema.properties && values !== false) return openObject(context);
    return members(schema.properties ?? {}, schema.required ?? [], context);
  }
  return schema.properties[discriminator].enum.map((value) => {
    let properties = { ...schema.properties, [discriminator]: { const: value } };
    let required = [...(schema.required ?? [])];
    for (const part of parts) {
      const branch = part.if.properties[discriminator]?.const === value ? part.then : part.else;
      if (!branch) continue;
      properties = { ...properties, ...(branch.properties ?? {}) };
      required = [...required, ...(branch.required ?? [])];
    }
    return members(properties, required, context);
  }).join(" | ");
}

function members(properties, required, context = providerContext) {
  const list = Object.entries(properties).map(([name, property]) => `${key(name)}${required.includes(name) ? "" : "?"}: ${typeOf(property, context)}`);
  return `{ ${list.join("; ")} }`;
}

/** UCP's vendored release: its schemas by `$id`, and its OpenRPC document, which has none, where its refs place it. */
const ucpFolder = join(root, "schemas", "ucp", "2026-04-08");
const ucpBase = "https://ucp.dev/";
const openRPCURI = `${ucpBase}services/shopping/embedded.openrpc.json`;

function ucpDocuments() {
  const documents = new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(join(ucpFolder, folder), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".json")) documents.set(ucpBase + path.split("\\").join("/"), JSON.parse(readFileSync(join(ucpFolder, path), "utf8")));
    }
  };
  walk("schemas");
  documents.set(openRPCURI, JSON.parse(readFileSync(join(ucpFolder, "services", "shopping", "embedded.openrpc.json"), "utf8")));
  return documents;
}

/** `ucp metadata` is `UcpMetadata`, `line_item` `LineItem`, `UCP Service` `UCPService`. */
const pascal = (text) => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map((word) => word[0].toUpperCase() + word.slice(1)).join("");

/**
 * UCP's Embedded Checkout Protocol, `namespace EmbeddedCheckout`: every schema its `ec.*` methods reach, each
 * a named type (a file by its title, a `$defs` entry by its file's and its own name); each method's params and
 * result; the JSON-RPC messages a checkout page posts, and the response the host hands the page.
 */
export function embeddedCheckoutDeclarations() {
  const documents = ucpDocuments();
  const openRPC = documents.get(openRPCURI);
  const names = new Map(); // "uri#pointer" -> name
  const taken = new Map(); // name -> "uri#pointer"
  const pending = [];
  const lookup = (uri, pointer) => {
    let node = documents.get(uri);
    if (node === undefined) throw new Error(`${uri} is not vendored`);
    for (const segment of pointer.split("/").slice(1)) node = node[decodeURIComponent(segment).replaceAll("~1", "/").replaceAll("~0", "~")];
    if (node === undefined) throw new Error(`${uri}#${pointer} does not resolve`);
    return node;
  };
  const nameOf = (uri, pointer) => {
    const place = `${uri}#${pointer}`;
    if (names.has(place)) return names.get(place);
    const document = documents.get(uri);
    const segments = pointer.split("/").slice(1).map(decodeURIComponent);
    const file = pascal(document.title ?? uri.split("/").pop().replace(".json", ""));
    const name =
      uri === openRPCURI && segments[0] === "components" ? pascal(segments[2])
      : segments.length === 0 ? file
      : file + segments.filter((segment) => segment !== "$defs").map(pascal).join("");
    if (taken.has(name)) throw new Error(`two schemas would be named ${name}: ${taken.get(name)} and ${place}`);
    names.set(place, name);
    taken.set(name, place);
    pending.push({ name, uri, pointer });
    return name;
  };
  const contextAt = (uri) => ({
    any: "AnyJSON",
    array: (type) => `readonly ${wrap(type)}[]`,
    ref: (reference) => {
      const target = new URL(reference, uri);
      const pointer = target.hash.slice(1);
      target.hash = "";
      return nameOf(target.href, pointer);
    },
  });
  // The ec.* methods, a method given by reference (fulfillment.json's) read where it stands.
  const methods = openRPC.methods.flatMap((entry, index) => {
    let uri = openRPCURI;
    let method = entry;
    if (entry.$ref) {
      const target = new URL(entry.$ref, openRPCURI);
      const pointer = target.hash.slice(1);
      target.hash = "";
      uri = target.href;
      method = lookup(uri, pointer);
    }
    if (!method.name.startsWith("ec.")) return [];
    const params = (method.params ?? []).map((param) => (param.$ref ? lookup(uri, new URL(param.$ref, uri).hash.slice(1)) : param));
    const context = contextAt(uri);
    return [{
      name: method.name,
      summary: method.summary,
      request: method.result !== undefined,
      params: `{ ${params.map((param) => `${key(param.name)}${param.required ? "" : "?"}: ${typeOf(param.schema, context)}`).join("; ")} }`,
      result: method.result ? typeOf(method.result.schema, context) : null,
    }];
  });
  const declarations = [];
  while (pending.length > 0) {
    const { name, uri, pointer } = pending.shift();
    const schema = lookup(uri, pointer);
    const title = schema.title ?? (pointer ? pointer.split("/").pop() : name);
    const where = uri === openRPCURI ? `embedded.openrpc.json#${pointer}` : `${uri.slice(ucpBase.length)}${pointer ? `#${pointer}` : ""}`;
    declarations.push(`  /** ${title} (${where}). */`, `  type ${name} = ${typeOf(schema, contextAt(uri))};`);
  }
  const requests = methods.filter((method) => method.request).map((method) => JSON.stringify(method.name));
  const notifications = methods.filter((method) => !method.request).map((method) => JSON.stringify(method.name));
  return [
    "/**",
    ` * UCP's Embedded Checkout Protocol (release ${openRPC.info?.version ?? "2026-04-08"}), generated from UCP's vendored schemas`,
    " * (schemas/ucp/2026-04-08): what a checkout page posts to `window.EmbeddedCheckoutProtocolConsumer.postMessage`",
    " * as JSON text, and the response the host hands `window.EmbeddedCheckoutProtocol.postMessage`. Arrays are",
    " * read-only: a page's own values, mutable or not, fit them.",
    " */",
    "export declare namespace EmbeddedCheckout {",
    "  /** Any JSON value, as a schema leaves it open. */",
    "  type AnyJSON = null | boolean | number | string | readonly AnyJSON[] | { readonly [key: string]: AnyJSON };",
    "",
    ...declarations,
    "",
    "  /** Each method's params (its OpenRPC params, by name). */",
    "  interface Params {",
    ...methods.map((method) => `    /** ${method.summary.replace(/\.$/, "")}. */\n    ${JSON.stringify(method.name)}: ${method.params};`),
    "  }",
    "  /** What each request's answer carries as its `result`: the method's success, or a UCP error response. */",
    "  interface Results {",
    ...methods.filter((method) => method.request).map((method) => `    ${JSON.stringify(method.name)}: ${method.result};`),
    "  }",
    "  /** The methods the page sends with an `id`, and waits for the host's answer to. */",
    `  type RequestMethod = ${requests.join(" | ")};`,
    "  /** The methods the page sends without an `id`: nothing answers them. */",
    `  type NotificationMethod = ${notifications.join(" | ")};`,
    "  /** Every method of the release. */",
    "  type Method = RequestMethod | NotificationMethod;",
    "  /** A request the page posts: a JSON-RPC 2.0 request of method `M`. */",
    "  type Request<M extends RequestMethod = RequestMethod> = { [K in M]: { jsonrpc: \"2.0\"; id: string | number; method: K; params: Params[K] } }[M];",
    "  /** A notification the page posts: a JSON-RPC 2.0 notification of method `M`, with no `id`. */",
    "  type Notification<M extends NotificationMethod = NotificationMethod> = { [K in M]: { jsonrpc: \"2.0\"; id?: never; method: K; params: Params[K] } }[M];",
    "  /** Every message a checkout page posts (as `JSON.stringify(message)`). */",
    "  type PageMessage = Request | Notification;",
    "  /** A JSON-RPC 2.0 error: a message that is no valid request (-32700, -32600, -32601, -32602), or a server error. */",
    "  type RPCError = { code: number; message: string; data?: AnyJSON };",
    "  /**",
    "   * The host's answer to a request of method `M`, handed to `window.EmbeddedCheckoutProtocol.postMessage` as an",
    "   * object: its `result`, or a JSON-RPC `error` (the id `null` where the message had none that could be read).",
    "   */",
    "  type Response<M extends RequestMethod = RequestMethod> =",
    "    | { [K in M]: { jsonrpc: \"2.0\"; id: string | number; result: Results[K] } }[M]",
    "    | { jsonrpc: \"2.0\"; id: string | number | null; error: RPCError };",
    "}",
    "",
  ];
}

/** The declarations file. */
export function generate() {
  const messages = messageSchemas();
  const lines = [
    "// Generated by scripts/generate-types.mjs from schemas/*.schema.json and schemas/ucp/2026-04-08; do not edit. js/test/types.test.mjs",
    "// fails when this file and the schemas drift apart.",
    "",
    "/** Any value JSON holds: what crosses the bridge. */",
    "export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };",
    "",
    "/** One of the app's channels: the body the page sends, and what a request resolves with (`never`: it takes posts only). */",
    "export interface Channel<Body = JSONValue, Answer = never> {",
    "  body: Body;",
    "  answer: Answer;",
    "}",
    "",
    "/** What the page sends to handler `H` of the channels `C`. */",
    "export type BodyOf<C, H extends keyof C> = C[H] extends Channel<infer Body, any> ? Body : never;",
    "/** What a request to handler `H` of the channels `C` resolves with. */",
    "export type AnswerOf<C, H extends keyof C> = C[H] extends Channel<any, infer Answer> ? Answer : never;",
    "/** The handlers of the channels `C` that answer requests. */",
    "export type RequestHandler<C> = { [H in keyof C & string]: [AnswerOf<C, H>] extends [never] ? never : H }[keyof C & string];",
    "",
    "export interface RequestOptions {",
    "  /** How long the request waits for its answer; the app's default (10 s) unless given. */",
    "  timeoutMs?: number;",
    "  /**",
    "   * Ends the request when it aborts, as `fetch` does: one aborted already sends nothing; one that aborts while the",
    "   * request waits rejects it at once, and the app's answer after that is dropped. The rejection is the signal's",
    "   * `reason` (a DOMException named \"AbortError\" unless the page gave another). `null` is no signal.",
    "   */",
    "  signal?: AbortSignal | null;",
    "}",
    "",
    "/**",
    " * The page half of the app's channels, `window.bridgecodec` (BridgeClient.script(for:)). A request to a",
    " * channel the app does not register, or to one that takes posts only, rejects at once; one the app does not",
    " * answer rejects after its timeout.",
    " * `C` maps handler names to `Channel`s, `E` event names to their details.",
    " */",
    "export interface BridgeCodecClient<C = ProviderChannels, E = { [name: string]: JSONValue }> {",
    "  /** Sends `body` to `handler` and waits for nothing. */",
    "  post<H extends keyof C & string>(handler: H, body: BodyOf<C, H>): void;",
    "  /**",
    "   * The app's answer (its JSON null is `null`), settled once, by what comes first. Rejects with an `Error` of the",
    "   * app's error text; of `bridgecodec: \"H\" did not answer within N ms` after the timeout; of `bridgecodec: \"H\" has",
    "   * no reply handler: register it with a reply` over WebKit when the handler was registered without one; with the",
    "   * signal's reason when it aborts; with a `TypeError` for a handler name that is not a string or a `signal` that is",
    "   * not an `AbortSignal`, and a `RangeError` for a `timeoutMs` that is not a positive number.",
    "   */",
    "  request<H extends RequestHandler<C>>(handler: H, body: BodyOf<C, H>, options?: RequestOptions): Promise<AnswerOf<C, H>>;",
    "  /** The app's events named `name`, one sent before the first subscription included; returns the function that unsubscribes. */",
    "  on<N extends keyof E & string>(name: N, callback: (detail: E[N]) => void): () => void;",
    "}",
    "",
  ];
  for (const message of messages) {
    lines.push(`/** ${message.title}: what the page posts to \`${message.handler}\` (schemas/${message.stem}.schema.json). */`);
    lines.push(`export type ${message.name} = ${typeOf(message.schema)};`);
    lines.push("");
  }
  lines.push("/** Every provider's channel under its default handler name; they take posts only. */");
  lines.push("export interface ProviderChannels {");
  for (const message of messages) lines.push(`  ${key(message.handler)}: Channel<${message.name}>;`);
  lines.push("}");
  lines.push("");
  lines.push(...embeddedCheckoutDeclarations());
  lines.push("declare global {");
  lines.push("  interface Window {");
  lines.push("    /** The client, for the channels and events a page names: `window.bridgecodec as BridgeCodecClient<MyChannels, MyEvents>`. */");
  lines.push("    readonly bridgecodec: BridgeCodecClient<any, any>;");
  lines.push("    /** The Embedded Checkout Protocol's consumer the host defines (its consumer snippet): it takes a message's JSON text. */");
  lines.push("    readonly EmbeddedCheckoutProtocolConsumer?: { postMessage(message: string): void };");
  lines.push("    /** The checkout page's own object, which the host hands each answer to, as an object. */");
  lines.push("    EmbeddedCheckoutProtocol?: { postMessage(message: EmbeddedCheckout.Response): void };");
  lines.push("  }");
  lines.push("}");
  lines.push("");
  return lines.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(output, generate());
  console.log(`wrote ${output}`);
}
