// A page typed against js/types/bridgecodec.d.ts: the app's channels and events as the page's
// authors declare them, and the providers' messages as their schemas say. The test command
// compiles it with `tsc --noEmit --strict` (js/test/types.test.mjs).
import type { BridgeCodecClient, Channel, ProviderChannels, VoltRedirect } from "../js/types/bridgecodec";

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
