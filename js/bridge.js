// The page half of the app's own channels: window[config.global].post(handler, body) and
// .request(handler, body[, {timeoutMs}]), a Promise of the app's answer.
//
// WebKit (webkit-object, webkit-string) posts the body to messageHandlers[handler]; a request
// awaits WebKit's own reply (a handler registered with a reply handler). Every other transport
// posts an envelope, {"handler", "body"} and an "id" for a request, as JSON text through
// transport.js: to the Android interface's postMessage, to the web-message listener object
// named after the handler (whose replies arrive as its message events), to React Native or to
// Cordova. Native code answers those with a script that calls settle(id, outcome). Names and
// values are data, never code.
var pending = new Map();
var nextId = 1;
var listening = new Set();

function checkName(handler) {
  if (typeof handler !== "string" || handler.length === 0) {
    throw new TypeError("bridgecodec: a handler name is a non-empty string");
  }
}

function timeoutOf(options) {
  var timeout = options && options.timeoutMs !== undefined ? options.timeoutMs : config.timeoutMs;
  if (typeof timeout !== "number" || !(timeout > 0) || timeout === Infinity) {
    throw new RangeError("bridgecodec: timeoutMs is a positive number of milliseconds");
  }
  return timeout;
}

function isWebKit() {
  return config.transport === "webkit-object" || config.transport === "webkit-string";
}

// The WebKit handler object for `handler`, or an error naming it.
function webKitHandler(handler) {
  var handlers = window.webkit && window.webkit.messageHandlers;
  var found = handlers ? handlers[handler] : undefined;
  if (!found || typeof found.postMessage !== "function") {
    throw new Error("bridgecodec: no handler " + JSON.stringify(handler));
  }
  return found;
}

// Settles request `id` with `outcome`: {"value": …} resolves, {"error": text} rejects. An id
// that is not pending (answered already, timed out, never sent) is ignored.
function settle(id, outcome) {
  var request = pending.get(id);
  if (!request) return false;
  pending.delete(id);
  clearTimeout(request.timer);
  if (outcome && Object.prototype.hasOwnProperty.call(outcome, "error")) {
    request.reject(new Error(String(outcome.error)));
  } else {
    request.resolve(outcome ? outcome.value : undefined);
  }
  return true;
}

// The listener object's replies: JSON text {"id", "value"} or {"id", "error"}.
function listen(handler, target) {
  if (listening.has(handler)) return;
  listening.add(handler);
  target.addEventListener("message", function (event) {
    var reply;
    try {
      reply = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    if (reply && typeof reply.id === "number") settle(reply.id, reply);
  });
}

// Posts the envelope as JSON text over the shared transport; a request over the listener
// object also listens there for its reply.
function send(handler, envelope) {
  if (config.transport === "android-listener" && envelope.id !== undefined) listen(handler, bridgecodecListener(handler));
  bridgecodecPost(config, handler, envelope);
}

function post(handler, body) {
  checkName(handler);
  if (isWebKit()) {
    var sent = webKitHandler(handler).postMessage(bridgecodecWebKitBody(config, body === undefined ? null : body));
    // A handler with a reply handler answers every post; a post does not wait for it.
    if (sent && typeof sent.catch === "function") sent.catch(function () {});
    return;
  }
  send(handler, { handler: handler, body: body === undefined ? null : body });
}

function request(handler, body, options) {
  return new Promise(function (resolve, reject) {
    checkName(handler);
    var timeout = timeoutOf(options);
    var id = nextId++;
    var timer = setTimeout(function () {
      settle(id, { error: "bridgecodec: " + JSON.stringify(handler) + " did not answer within " + timeout + " ms" });
    }, timeout);
    pending.set(id, { resolve: resolve, reject: reject, timer: timer });
    try {
      if (isWebKit()) {
        var answer = webKitHandler(handler).postMessage(bridgecodecWebKitBody(config, body === undefined ? null : body));
        if (!answer || typeof answer.then !== "function") {
          throw new Error("bridgecodec: handler " + JSON.stringify(handler) + " has no reply handler");
        }
        answer.then(
          function (value) { settle(id, { value: value }); },
          function (error) { settle(id, { error: error && error.message !== undefined ? error.message : String(error) }); });
      } else {
        send(handler, { handler: handler, id: id, body: body === undefined ? null : body });
      }
    } catch (error) {
      settle(id, { error: error && error.message !== undefined ? error.message : String(error) });
    }
  });
}

Object.defineProperty(window, config.global, {
  value: Object.freeze({ post: post, request: request, settle: settle }),
  configurable: false,
  writable: false,
  enumerable: false,
});
