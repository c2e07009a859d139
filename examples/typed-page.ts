// A page typed against js/types/bridgecodec.d.ts: the app's channels and events as the page's
// authors declare them, the providers' messages as their schemas say, and a checkout page's side
// of UCP's Embedded Checkout Protocol as UCP's schemas say. The test command compiles it with
// `tsc --noEmit --strict` (js/test/types.test.mjs).
import type { BridgeCodecClient, Channel, EmbeddedCheckout, ProviderChannels, VoltRedirect } from "../js/types/bridgecodec";

interface CartQuery {
  sku: string;
}
interface CartTotal {
  amount: number;
  currency: string;
}

/** The app's channels: "cart" answers with a total, "log" takes posts only. */
interface ShopChannels extends ProviderChannels {
  cart: Channel<CartQuery, CartTotal>;
  log: Channel<{ event: string }>;
}
/** The app's events. */
interface ShopEvents {
  cartChanged: { items: number };
}

const bridge = window.bridgecodec as BridgeCodecClient<ShopChannels, ShopEvents>;

export async function showTotal(sku: string, signal?: AbortSignal): Promise<string> {
  const total: CartTotal = await bridge.request("cart", { sku }, { timeoutMs: 5_000, signal });
  return `${total.amount} ${total.currency}`;
}

export function watchCart(render: (items: number) => void): () => void {
  bridge.post("log", { event: "watching" });
  return bridge.on("cartChanged", (detail) => render(detail.items));
}

export function redirected(to: string): void {
  const message: VoltRedirect = { type: "merchant_redirect", result: "success", url: to };
  bridge.post("voltRedirect", message);
  bridge.post("sovHandler", { type: "height", value: "420" });
  bridge.post("canceled", null);
}

/** A checkout page's side of the Embedded Checkout Protocol: its handshake, then the checkout it shows. */
export function startCheckout(checkout: EmbeddedCheckout.Checkout): void {
  const ready: EmbeddedCheckout.Request<"ec.ready"> = {
    jsonrpc: "2.0",
    id: 1,
    method: "ec.ready",
    params: { delegate: ["payment.credential", "window.open"] },
  };
  const started: EmbeddedCheckout.PageMessage = { jsonrpc: "2.0", method: "ec.start", params: { checkout } };
  for (const message of [ready, started]) window.EmbeddedCheckoutProtocolConsumer?.postMessage(JSON.stringify(message));
}

/** The host's answers, each an object: a credential, a UCP error response, or a JSON-RPC error. */
export function listenForAnswers(useCredential: (credential: string) => void, fail: (why: string) => void): void {
  window.EmbeddedCheckoutProtocol = {
    postMessage(message) {
      if ("error" in message) return fail(`${message.error.code}: ${message.error.message}`);
      const result = message.result;
      if (result.ucp.status === "error" && "messages" in result) return fail(result.messages.map((note) => note.content).join(" "));
      if ("credential" in result && typeof result.credential === "string") useCredential(result.credential);
    },
  };
}

// What the types refuse: each line below is an error tsc must report.
export function refused(): void {
  // @ts-expect-error "log" takes posts only: it answers no request.
  void bridge.request("log", { event: "x" });
  // @ts-expect-error a cart query's sku is a string.
  bridge.post("cart", { sku: 1 });
  // @ts-expect-error Volt's merchant redirect carries its result.
  bridge.post("voltRedirect", { type: "merchant_redirect", url: "https://shop.example/" });
  // @ts-expect-error no such channel.
  bridge.post("nowhere", 1);
  // @ts-expect-error a request's signal is an AbortSignal.
  void bridge.request("cart", { sku: "A" }, { signal: "stop" });
  // @ts-expect-error an event's detail is what the app declares.
  bridge.on("cartChanged", (detail: { items: string }) => detail);
}

export function refusedCheckoutMessages(checkout: EmbeddedCheckout.Checkout): EmbeddedCheckout.PageMessage[] {
  return [
    // @ts-expect-error ec.start is a notification: it carries no id.
    { jsonrpc: "2.0", id: 2, method: "ec.start", params: { checkout } },
    // @ts-expect-error ec.window.open_request's param is its url.
    { jsonrpc: "2.0", id: 3, method: "ec.window.open_request", params: { uri: "https://shop.example/terms" } },
    // @ts-expect-error ec.ready accepts a list of delegations.
    { jsonrpc: "2.0", id: 4, method: "ec.ready", params: { delegate: "window.open" } },
    // @ts-expect-error a request carries its id.
    { jsonrpc: "2.0", method: "ec.auth", params: {} },
  ];
}
