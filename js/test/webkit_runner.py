"""Loads pages in WebKitGTK, the engine iOS's WKWebView is built on, and reports what their
scripts post through window.webkit.messageHandlers, as WebKit itself delivers it.

usage: xvfb-run -a /usr/bin/python3 webkit_runner.py SPEC.json   (Debian's python3, which has PyGObject)

SPEC: {"pages": [{"name", "html", "baseURI", "userScript", "handlers": [NAME, …], "steps": [JS, …],
"posts": N, "describe": JS, "replyHandlers": {NAME: {"answers": [ANSWER, …], "reverse": BOOL}}}]}. A reply handler is
registered as WKScriptMessageHandlerWithReply is (postMessage returns a Promise); once it has received
as many messages as it has answers, it answers the i-th message with the i-th ANSWER, last first when
"reverse": {"value": JSON} resolves it, {"error": TEXT} rejects it, null leaves it unanswered. The user script is injected at document start into every frame, as WKUserScript
injects the package's snippets; each step is evaluated in order once the page has loaded; the page
is done when it has posted N messages, or after a deadline. No request leaves the machine. Prints {"pages": [{"name", "posts":
[{"handler", "body"}], "errors": […]}]}, each body the posted value as WebKit serializes it to
JSON (None for undefined). With "describe" (a function's source), each body is instead that function's
JSON result, called on the native side's own copy of the posted value: what WebKit delivered, shared
objects and cycles included, before anything turns it into JSON.
"""
import json
import sys
import time

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
gi.require_version("JavaScriptCore", "4.1")
from gi.repository import GLib, Gtk, JavaScriptCore, WebKit2  # noqa: E402
from gtk_main_loop import pump  # noqa: E402

# No request leaves the machine: every load but the page's own HTML goes to a proxy that refuses it.
WebKit2.WebContext.get_default().get_website_data_manager().set_network_proxy_settings(
    WebKit2.NetworkProxyMode.CUSTOM, WebKit2.NetworkProxySettings.new("http://127.0.0.1:9", None))




def run_page(page):
    manager = WebKit2.UserContentManager()
    posts, errors = [], []
    describe = page.get("describe")

    def body_of(value):
        if describe is None:
            return value.to_json(0)
        function = value.get_context().evaluate("(" + describe + ")", -1)
        return function.function_call([value]).to_json(0)

    for name in page["handlers"]:
        manager.register_script_message_handler(name)
        manager.connect(
            "script-message-received::" + name,
            lambda _manager, result, name=name: posts.append({"handler": name, "body": body_of(result.get_js_value())}))
    unanswered = []  # the replies left unanswered stay alive until the page ends
    for name, plan in page.get("replyHandlers", {}).items():
        manager.register_script_message_handler_with_reply(name, None)
        received = []

        def on_request(_manager, value, reply, name=name, plan=plan, received=received):
            posts.append({"handler": name, "body": value.to_json(0)})
            received.append((value, reply))
            answers = plan["answers"]
            if len(received) == len(answers):
                order = range(len(answers) - 1, -1, -1) if plan.get("reverse") else range(len(answers))
                for index in order:
                    answer, (request, handle) = answers[index], received[index]
                    if answer is None:
                        unanswered.append(handle)
                    elif "error" in answer:
                        handle.return_error_message(answer["error"])
                    else:
                        handle.return_value(JavaScriptCore.Value.new_from_json(request.get_context(), answer["value"]))
            return True

        manager.connect("script-message-with-reply-received::" + name, on_request)
    if page.get("userScript"):
        manager.add_script(WebKit2.UserScript(
            page["userScript"], WebKit2.UserContentInjectedFrames.ALL_FRAMES, WebKit2.UserScriptInjectionTime.START, None, None))
    view = WebKit2.WebView.new_with_user_content_manager(manager)
    window = Gtk.Window()
    window.add(view)
    window.show_all()
    loaded = []
    view.connect("load-changed", lambda _view, event: loaded.append(True) if event == WebKit2.LoadEvent.FINISHED else None)
    view.load_html(page["html"], page.get("baseURI"))
    if not pump(lambda: loaded):
        errors.append("the page did not load")
    for step in page.get("steps", []):
        finished = []

        def done(view, result, finished=finished):
            try:
                view.evaluate_javascript_finish(result)
            except GLib.Error as error:
                errors.append(f"{step[:80]}: {error.message}")
            finished.append(True)

        view.evaluate_javascript(step, -1, None, None, None, done)
        if not pump(lambda: finished):
            errors.append(f"{step[:80]}: did not finish")
    if not pump(lambda: len(posts) >= page.get("posts", 0)):
        errors.append(f"posted {len(posts)} messages, not {page.get('posts', 0)}")
    window.destroy()
    return {"name": page["name"], "posts": [{"handler": p["handler"], "body": p["body"]} for p in posts], "errors": errors}


spec = json.load(open(sys.argv[1], encoding="utf-8"))
results = [run_page(page) for page in spec["pages"]]
print(json.dumps({"pages": results}))
