"""What the page client costs the page, in WebKitGTK (the engine iOS's WKWebView is built on), under
Xvfb: a request's round trip through the client against a bare postMessage to the same handler,
answered by WebKit's reply handler at once, in the same page and run, in alternating rounds; and
the client's injection time: its text compiled and run, many times over, against windows of its own.

usage: xvfb-run -a /usr/bin/python3 scripts/bench_webkit.py CLIENT_SCRIPT [REQUESTS_PER_ROUND] [ROUNDS] [LOADS]
Prints one JSON object: per-request microseconds (median over rounds) and the ratio, and the
median injection milliseconds.
"""
import json
import os
import statistics
import sys
import time

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
gi.require_version("JavaScriptCore", "4.1")
from gi.repository import GLib, Gtk, JavaScriptCore, WebKit2  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "js", "test"))
from gtk_main_loop import pump  # noqa: E402

client = open(sys.argv[1], encoding="utf-8").read()
per_round = int(sys.argv[2]) if len(sys.argv) > 2 else 500
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 10
loads = int(sys.argv[4]) if len(sys.argv) > 4 else 20  # x 50 injections
WebKit2.WebContext.get_default().get_website_data_manager().set_network_proxy_settings(
    WebKit2.NetworkProxyMode.CUSTOM, WebKit2.NetworkProxySettings.new("http://127.0.0.1:9", None))




manager = WebKit2.UserContentManager()
# The client's channel as the host registers it: with a reply, answered at once with one value.
manager.register_script_message_handler_with_reply("cart", None)


def on_request(_manager, value, reply):
    reply.return_value(JavaScriptCore.Value.new_from_json(value.get_context(), '{"sku":"A1","price":12.5}'))
    return True


manager.connect("script-message-with-reply-received::cart", on_request)
manager.add_script(WebKit2.UserScript(client, WebKit2.UserContentInjectedFrames.TOP_FRAME, WebKit2.UserScriptInjectionTime.START, None, None))
view = WebKit2.WebView.new_with_user_content_manager(manager)
window = Gtk.Window()
window.add(view)
window.show_all()


def evaluate(script):
    out = []
    view.evaluate_javascript(script, -1, None, None, None, lambda v, r: out.append(v.evaluate_javascript_finish(r).to_json(0)))
    pump(lambda: out)
    return json.loads(out[0])


def load():
    finished = []
    handler = view.connect("load-changed", lambda _v, e: finished.append(True) if e == WebKit2.LoadEvent.FINISHED else None)
    view.load_html("<!doctype html><title>bench</title>", "https://shop.example/")
    pump(lambda: finished)
    view.disconnect(handler)


load()
# One injection is below the page clock's resolution: the client's text is compiled and run
# `loads` x 50 times in a row, each time as a text of its own against a window of its own.
injections = [evaluate("""(function (source, count) {
  var start = performance.now();
  for (var i = 0; i < count; i++) {
    var own = { webkit: window.webkit, addEventListener: function () {} };
    // A text of its own each time, so no compiled code is reused: a page's first injection.
    new Function("window", source + "\\n// " + i)(own);
  }
  return (performance.now() - start) / count;
})(%s, %d)""" % (json.dumps(client), loads * 50)) for _ in range(5)]

# Alternating rounds in one page: the client's request, then a bare postMessage to the same handler.
evaluate("""window.__round = function (viaClient, count) {
  var handler = window.webkit.messageHandlers.cart;
  window.__done = null;
  var start = performance.now();
  var step = function (i) {
    if (i === count) { window.__done = (performance.now() - start) * 1000 / count; return; }
    var next = viaClient ? bridgecodec.request("cart", {sku: "A1"}) : handler.postMessage({sku: "A1"});
    next.then(function () { step(i + 1); });
  };
  step(0);
  return true;
}; true""")
client_us, bare_us = [], []
for _ in range(rounds):
    for via_client, into in ((True, client_us), (False, bare_us)):
        evaluate(f"window.__round({'true' if via_client else 'false'}, {per_round})")
        pump(lambda: evaluate("window.__done !== null"))
        into.append(evaluate("window.__done"))
window.destroy()
client_median, bare_median = statistics.median(client_us), statistics.median(bare_us)
print(json.dumps({
    "requestMicroseconds": round(client_median, 1), "barePostMessageMicroseconds": round(bare_median, 1),
    "ratio": round(client_median / bare_median, 3), "injectionMilliseconds": round(statistics.median(injections), 3),
    "requestsPerRound": per_round, "rounds": rounds, "loads": loads,
}))
