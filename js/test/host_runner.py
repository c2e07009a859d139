"""Plays the WebKit adapter's part (Sources/BridgeCodecWebKit) in WebKitGTK, the engine iOS's
WKWebView is built on, for a BridgeHost run by the driver (Sources/BridgeCodecHostDriver): the
host's handlers registered with WebKit (with a reply where a channel answers), its scripts
injected at document start and replaced when it decides a navigation, each commit told, and its
events run with callAsyncJavaScript's WebKitGTK twin, their values as arguments.

usage: xvfb-run -a /usr/bin/python3 host_runner.py DRIVER SPEC.json

SPEC: {"pages": {URL: HTML}, "steps": [STEP, ...], "driverArguments": [...]}. Pages are served from memory at their https
URLs by a proxy in this process, which ends TLS with a certificate made for the run (WebKit is
told to ignore its errors): loads, reloads and the back/forward cache are WebKit's own, and no
request leaves the machine. Steps, in order: {"load": URL}, {"navigate": URL} (the page sets
location.href), {"reload": true}, {"back": true}, {"eval": JS} (its JSON result recorded),
{"until": JS} (waits until it is true), {"navigate": URL, "refused": true} (one the host refuses: nothing loads), {"event": {"name", "detail" (JSON text), "channel"}},
{"hold": true} (the next request is held, not answered), {"release": true} (the held requests
answered now). Prints {"log": [...]}: every host decision, message, reply, event and result, in order.

WebKitGTK's script messages carry no frame: each message is reported from the main frame at the
web view's URL, so frame checks are proven in Chromium (host-chromium.mjs).
"""
import json
import os
import re
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from urllib.parse import urlsplit

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
gi.require_version("JavaScriptCore", "4.1")
from gi.repository import GLib, Gtk, JavaScriptCore, WebKit2  # noqa: E402
from gtk_main_loop import pump  # noqa: E402

spec = json.load(open(sys.argv[2], encoding="utf-8"))
driver = subprocess.Popen([sys.argv[1], *spec.get("driverArguments", [])], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
pages = spec["pages"]
log = []

# The proxy: CONNECT host:443, then TLS with this run's certificate, then one request answered
# from `pages` (404 for any other URL). Plain-HTTP requests are refused.
folder = tempfile.mkdtemp(prefix="bridgecodec-host-")
certificate, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
                "-subj", "/CN=bridgecodec-test"], check=True, capture_output=True)
tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
tls.load_cert_chain(certificate, key)
listener = socket.create_server(("127.0.0.1", 0))


def read_head(stream):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = stream.recv(4096)
        if not chunk:
            break
        data += chunk
    return data.split(b"\r\n\r\n", 1)[0].decode("latin-1")


def serve(connection):
    try:
        head = read_head(connection)
        method, target = head.split(" ")[:2]
        if method != "CONNECT":
            connection.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        host = target.split(":")[0]
        connection.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
        secure = tls.wrap_socket(connection, server_side=True)
        request = read_head(secure)
        path = request.split(" ")[1] if " " in request else "/"
        html = pages.get(f"https://{host}{path}")
        body = (html or "not found").encode("utf-8")
        status = "200 OK" if html is not None else "404 Not Found"
        secure.sendall(f"HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {len(body)}\r\n"
                       f"Connection: close\r\n\r\n".encode("latin-1") + body)
        secure.close()
    except (OSError, ValueError, IndexError):
        pass
    finally:
        connection.close()


def accept():
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection,), daemon=True).start()


threading.Thread(target=accept, daemon=True).start()
data_manager = WebKit2.WebContext.get_default().get_website_data_manager()
data_manager.set_network_proxy_settings(
    WebKit2.NetworkProxyMode.CUSTOM, WebKit2.NetworkProxySettings.new(f"http://127.0.0.1:{listener.getsockname()[1]}", None))
data_manager.set_tls_errors_policy(WebKit2.TLSErrorsPolicy.IGNORE)


def ask(command):
    driver.stdin.write(json.dumps(command) + "\n")
    driver.stdin.flush()
    return json.loads(driver.stdout.readline())




def origin_of(url):
    parts = urlsplit(url or "")
    if not parts.scheme or not parts.hostname:
        return "null"
    return f"{parts.scheme}://{parts.hostname}" + (f":{parts.port}" if parts.port else "")


manager = WebKit2.UserContentManager()
view = WebKit2.WebView.new_with_user_content_manager(manager)
window = Gtk.Window()
window.add(view)
window.show_all()
held = []  # (ticket, reply) of requests the host holds
hold_next = [False]


def install(scripts):
    manager.remove_all_scripts()
    for script in scripts:
        frames = WebKit2.UserContentInjectedFrames.TOP_FRAME if script["mainFrameOnly"] else WebKit2.UserContentInjectedFrames.ALL_FRAMES
        manager.add_script(WebKit2.UserScript(script["source"], frames, WebKit2.UserScriptInjectionTime.START, None, None))


def message_command(name, value):
    body = None if value.is_undefined() else value.to_json(0)
    return {"op": "message", "name": name, "body": body, "origin": origin_of(view.get_uri()), "isMainFrame": True}


def deliver(events):
    for event in events:
        run_event(event)


def run_event(event):
    arguments = GLib.Variant("a{sv}", {key: GLib.Variant("s", value) for key, value in event["arguments"].items()})
    finished = []

    def done(view, result):
        try:
            finished.append(view.call_async_javascript_function_finish(result).to_boolean())
        except GLib.Error as error:
            finished.append(False)
            log.append({"eventError": error.message})

    view.call_async_javascript_function(event["functionBody"], -1, arguments, None, None, None, done)
    pump(lambda: finished)
    taken = bool(finished and finished[0])
    log.append({"delivered": event["arguments"]["name"], "taken": taken})
    if not taken:
        ask({"op": "notTaken", "id": event["id"]})


setup = ask({"op": "setup"})
install(setup["scripts"])
for handler in setup["handlers"]:
    name = handler["name"]
    if handler["replies"]:
        manager.register_script_message_handler_with_reply(name, None)

        def on_request(_manager, value, reply, name=name):
            command = message_command(name, value)
            command["hold"] = hold_next[0]
            hold_next[0] = False
            answer = ask(command)
            log.append({"message": name, "received": answer.get("received"), "held": "held" in answer})
            if "held" in answer:
                held.append((answer["held"], reply, value.get_context()))
            else:
                answer_request(reply, answer["reply"], value.get_context())
            return True

        manager.connect("script-message-with-reply-received::" + name, on_request)
    else:
        manager.register_script_message_handler(name)

        def on_post(_manager, result, name=name):
            command = message_command(name, result.get_js_value())
            command["hold"] = hold_next[0]
            hold_next[0] = False
            answer = ask(command)
            if "held" in answer:
                held.append((answer["held"], None, None))
            if name != "bridgecodecDocument" or answer.get("deliver"):
                log.append({"message": name, "received": answer.get("received"), "refused": (answer.get("reply") or {}).get("error"),
                            "answer": answer.get("answer")})
            deliver(answer.get("deliver", []))

        manager.connect("script-message-received::" + name, on_post)


def answer_request(reply, outcome, js_context):
    if outcome["error"] is not None:
        reply.return_error_message(outcome["error"])
    else:
        reply.return_value(JavaScriptCore.Value.new_from_json(js_context, outcome["value"]))


def on_decide(_view, decision, kind):
    if kind not in (WebKit2.PolicyDecisionType.NAVIGATION_ACTION, WebKit2.PolicyDecisionType.NEW_WINDOW_ACTION):
        decision.use()
        return True
    url = decision.get_navigation_action().get_request().get_uri()
    answer = ask({"op": "decide", "url": url, "isMainFrame": True})
    secret = re.search(r'"secret":"([A-Za-z0-9_-]+)"', answer["scripts"][0]["source"]).group(1)
    log.append({"decide": url, "decision": answer["decision"], "outside": answer.get("url"), "secret": secret})
    if answer["decision"] == "allow":
        install(answer["scripts"])
        decision.use()
    else:
        decision.ignore()
    return True


view.connect("decide-policy", on_decide)
loads = []
view.connect("load-changed", lambda _view, event: (ask({"op": "commit"}), log.append({"commit": view.get_uri()}))
             if event == WebKit2.LoadEvent.COMMITTED else loads.append(True) if event == WebKit2.LoadEvent.FINISHED else None)


def evaluate(script):
    out = []

    def done(view, result):
        try:
            value = view.evaluate_javascript_finish(result)
            out.append(json.loads(value.to_json(0) or "null"))
        except GLib.Error as error:
            out.append({"error": error.message})

    view.evaluate_javascript(script, -1, None, None, None, done)
    pump(lambda: out)
    return out[0] if out else {"error": "did not finish"}


def wait_for_load(start):
    loads.clear()
    start()
    if not pump(lambda: loads):
        log.append({"error": "the page did not load"})
    pump(lambda: False, 0.2)  # the client's announcement and its events


for step in spec["steps"]:
    if "load" in step:
        wait_for_load(lambda: view.load_uri(step["load"]))
    elif "navigate" in step and step.get("refused"):
        evaluate(f"location.href = {json.dumps(step['navigate'])}; true")
        pump(lambda: False, 0.3)
    elif "navigate" in step:
        wait_for_load(lambda: evaluate(f"location.href = {json.dumps(step['navigate'])}; true"))
    elif "reload" in step:
        wait_for_load(view.reload)
    elif "back" in step:
        wait_for_load(view.go_back)
    elif "eval" in step:
        log.append({"eval": step["eval"][:60], "result": evaluate(step["eval"])})
    elif "until" in step:
        ok = pump(lambda: evaluate(step["until"]) is True)
        log.append({"until": step["until"][:60], "ok": ok})
    elif "event" in step:
        answer = ask(dict(op="event", **step["event"]))
        log.append({"event": step["event"]["name"], "outcome": answer["outcome"]})
        if answer["outcome"] == "deliver":
            run_event(answer["event"])
    elif "hold" in step:
        hold_next[0] = True
    elif "release" in step:
        for ticket, reply, js_context in held:
            answer = ask({"op": "answer", "ticket": ticket})
            if reply is None:  # a post's answer, which the host sends as an event, or drops
                log.append({"released": ticket, "answer": answer.get("answer"), "delivered": len(answer.get("deliver", []))})
                deliver(answer.get("deliver", []))
                continue
            outcome = answer["reply"]
            log.append({"released": ticket, "error": outcome["error"]})
            answer_request(reply, outcome, js_context)
        held.clear()

window.destroy()
driver.stdin.close()
print(json.dumps({"log": log}))
