// The page half of the app's own channels, on window[config.global]:
//   post(handler, body)                              sends a message and waits for nothing;
//   request(handler, body[, {timeoutMs, signal}])    a Promise of the app's answer;
//   on(name, callback)                               the app's events named `name`; returns the
//                                                    function that unsubscribes.
//
// A request settles once, with what comes first: the app's value (its JSON null is null), the
// app's error text, its timeout, or its AbortSignal's abort (rejected with the signal's reason, a
// DOMException named "AbortError" unless the page gave another, as fetch rejects; an aborted
// signal posts nothing). What arrives after that is dropped: a late answer, a settle call for the
// id (false). Over WebKit a handler registered without a reply resolves postMessage's Promise
// with undefined, which no answer of the app is, so such a request rejects and says so.
//
// The channels are the app's (config.channels, each with whether it answers requests). Over
// WebKit (webkit-object, webkit-string) the body goes to messageHandlers[handler] and a request
// awaits WebKit's own reply. Every other transport posts an envelope as JSON text,
// {"version", "handler", "body"} and an "id" for a request: to the Android interface, to the
// web-message listener object named after the handler (whose reply proxy answers as its message
// events), to React Native or to Cordova. The app answers those, and sends its events, with
// scripts that call settle or emit with config.secret.
//
// What no later script may reach is taken now, while only the app's scripts have run: the
// platform's objects and their postMessage, and every built-in the client calls. The secret
// lives in this closure alone and is compared, never passed on, so a page script can neither
// settle a request, deliver an event, nor see an envelope by wrapping what the client calls.
var VERSION = 1;
var apply = Reflect.apply;
var stringify = bridgecodecStringify;
var parse = bridgecodecParse;
var hasOwn = Object.prototype.hasOwnProperty;
var create = Object.create;
var freeze = Object.freeze;
var defineProperty = Object.defineProperty;
var PromiseType = Promise;
var then = Promise.prototype.then;
var setTimer = setTimeout;
var clearTimer = clearTimeout;
var ErrorType = Error;
var TypeErrorType = TypeError;
var RangeErrorType = RangeError;
var StringType = String;
// A signal is told by AbortSignal's own getter, which throws for anything else; DOMException is
// what fetch rejects with. Either may be missing in an older engine.
var AbortSignalType = typeof AbortSignal === "function" ? AbortSignal : undefined;
var signalAborted = getterOf(AbortSignalType, "aborted");
var signalReason = getterOf(AbortSignalType, "reason");
var addListener = AbortSignalType && AbortSignalType.prototype.addEventListener;
var removeListener = AbortSignalType && AbortSignalType.prototype.removeEventListener;
var DOMExceptionType = typeof DOMException === "function" ? DOMException : undefined;
var secret = config.secret;

var channels = create(null);
for (var c = 0; c < config.channels.length; c++) channels[config.channels[c].name] = config.channels[c].answers === true;

var pending = create(null);
var nextId = 1;
var subscribers = create(null);
var kept = list();

// Lists on objects without a prototype: no setter or method a page script puts on
// Array.prototype or Object.prototype sees what they hold.
function list() {
  var items = create(null);
  items.length = 0;
  return items;
}

function push(items, value) {
  items[items.length] = value;
  items.length += 1;
}

function remove(items, index) {
  for (var i = index + 1; i < items.length; i++) items[i - 1] = items[i];
  items.length -= 1;
  delete items[items.length];
}

function getterOf(type, name) {
  var descriptor = type && Object.getOwnPropertyDescriptor(type.prototype, name);
  return descriptor && typeof descriptor.get === "function" ? descriptor.get : undefined;
}

function copy(items) {
  var result = list();
  for (var i = 0; i < items.length; i++) push(result, items[i]);
  return result;
}

function fail(message) {
  return new ErrorType("bridgecodec: " + message);
}

function quoted(name) {
  return stringify(name);
}

function isWebKit() {
  return config.transport === "webkit-object" || config.transport === "webkit-string";
}

// A sender: the object and its postMessage as they are now, called as they are now later.
function sender(target, method) {
  if (!target || (typeof target !== "object" && typeof target !== "function")) return null;
  var post = target[method];
  return typeof post === "function" ? { target: target, post: post } : null;
}

function webKitHandler(name) {
  var handlers = window.webkit && window.webkit.messageHandlers;
  return handlers ? sender(handlers[name], "postMessage") : null;
}

function listenerObject(name) {
  try {
    return sender(bridgecodecListener(name), "postMessage");
  } catch (error) {
    return null;
  }
}

// What each channel posts through, taken once: its own WebKit handler or listener object, or
// the one object every envelope goes to. React Native on iOS posts String(data) to its own
// WebKit handler from a function that looks window.webkit up at each call; that handler is
// taken directly, as its function would reach it.
var senders = create(null);
for (var name in channels) {
  switch (config.transport) {
    case "webkit-object":
    case "webkit-string":
      senders[name] = webKitHandler(name);
      break;
    case "android-listener":
      senders[name] = listenerObject(name);
      if (senders[name]) listen(senders[name].target);
      break;
    case "android":
      senders[name] = sender(window[config.androidInterface], "postMessage");
      break;
    case "react-native":
      senders[name] = webKitHandler("ReactNativeWebView") || sender(window.ReactNativeWebView, "postMessage");
      break;
    case "cordova":
      senders[name] = webKitHandler("cordova_iab");
      break;
    default:
      throw fail("unknown transport " + quoted(config.transport));
  }
}

function senderFor(handler) {
  var found = senders[handler];
  if (!found) throw fail("no handler " + quoted(handler));
  return found;
}

function checkChannel(handler, requesting) {
  if (typeof handler !== "string" || handler.length === 0) {
    throw new TypeErrorType("bridgecodec: a handler name is a non-empty string");
  }
  if (!apply(hasOwn, channels, [handler])) throw fail("no channel " + quoted(handler) + " is registered");
  if (requesting && !channels[handler]) throw fail(quoted(handler) + " takes posts only");
}

function timeoutOf(options) {
  var timeout = options && options.timeoutMs !== undefined ? options.timeoutMs : config.timeoutMs;
  if (typeof timeout !== "number" || !(timeout > 0) || timeout === Infinity) {
    throw new RangeErrorType("bridgecodec: timeoutMs is a positive number of milliseconds");
  }
  return timeout;
}

// The request's AbortSignal: none for undefined or null, as fetch reads it; anything else that is
// not an AbortSignal is a TypeError.
function signalOf(options) {
  var signal = options ? options.signal : undefined;
  if (signal === undefined || signal === null) return undefined;
  var isSignal = false;
  if (signalAborted && typeof signal === "object") {
    try {
      apply(signalAborted, signal, []);
      isSignal = true;
    } catch (error) {
      isSignal = false;
    }
  }
  if (!isSignal) throw new TypeErrorType("bridgecodec: signal is an AbortSignal");
  return signal;
}

// What an aborted request rejects with: the signal's reason, or an AbortError where the engine
// gives none.
function abortError(signal, handler) {
  var reason = signalReason ? apply(signalReason, signal, []) : undefined;
  if (reason !== undefined) return reason;
  var message = "bridgecodec: the request to " + quoted(handler) + " was aborted";
  if (DOMExceptionType) return new DOMExceptionType(message, "AbortError");
  var error = new ErrorType(message);
  defineProperty(error, "name", { value: "AbortError", writable: true, enumerable: false, configurable: true });
  return error;
}

function messageOf(error) {
  return error && error.message !== undefined ? StringType(error.message) : StringType(error);
}

function noReplyHandler(handler) {
  return "bridgecodec: " + quoted(handler) + " has no reply handler: register it with a reply";
}

// Takes request `id` out of the pending ones, its timer cleared and its abort listener removed;
// undefined when it is not pending (settled already, or never sent).
function take(id) {
  var request = pending[id];
  if (!request) return undefined;
  delete pending[id];
  clearTimer(request.timer);
  if (request.signal) apply(removeListener, request.signal, ["abort", request.onAbort]);
  return request;
}

// Ends request `id` with `outcome`: {"value": …} resolves, {"error": text} rejects. An id that
// is not pending (answered already, timed out, aborted, never sent) is ignored.
function finish(id, outcome) {
  var request = take(id);
  if (!request) return false;
  if (outcome && typeof outcome === "object" && apply(hasOwn, outcome, ["error"])) {
    request.reject(new ErrorType(StringType(outcome.error)));
  } else {
    request.resolve(outcome && typeof outcome === "object" ? outcome.value : undefined);
  }
  return true;
}

// The reply proxy's answers, JSON text {"id", "value"} or {"id", "error"}: only native code
// fires the listener object's message events.
function listen(target) {
  var addListener = target.addEventListener;
  if (typeof addListener !== "function") return;
  apply(addListener, target, ["message", function (event) {
    var reply;
    try {
      reply = parse(event.data);
    } catch (error) {
      return;
    }
    if (reply && typeof reply.id === "number") finish(reply.id, reply);
  }]);
}

function send(handler, body, id) {
  var found = senderFor(handler);
  if (isWebKit()) {
    return apply(found.post, found.target, [bridgecodecWebKitBody(config, body)]);
  }
  var value = body === undefined ? null : body;
  var envelope = id === undefined ? { version: VERSION, handler: handler, body: value } : { version: VERSION, handler: handler, id: id, body: value };
  apply(found.post, found.target, [bridgecodecJSON(envelope)]);
  return undefined;
}

function post(handler, body) {
  checkChannel(handler, false);
  var sent = send(handler, body, undefined);
  // A handler with a reply handler answers every post; a post does not wait for it.
  if (sent && typeof sent === "object") apply(then, sent, [undefined, function () {}]);
}

function request(handler, body, options) {
  return new PromiseType(function (resolve, reject) {
    checkChannel(handler, true);
    var timeout = timeoutOf(options);
    var signal = signalOf(options);
    if (signal && apply(signalAborted, signal, [])) {
      reject(abortError(signal, handler));
      return;
    }
    var id = nextId++;
    var timer = setTimer(function () {
      finish(id, { error: "bridgecodec: " + quoted(handler) + " did not answer within " + timeout + " ms" });
    }, timeout);
    var onAbort = signal ? function () {
      var aborted = take(id);
      if (aborted) aborted.reject(abortError(signal, handler));
    } : undefined;
    pending[id] = { resolve: resolve, reject: reject, timer: timer, signal: signal, onAbort: onAbort };
    if (signal) apply(addListener, signal, ["abort", onAbort]);
    try {
      var answer = send(handler, body, id);
      if (isWebKit()) {
        if (!answer || typeof answer !== "object") throw new ErrorType(noReplyHandler(handler));
        apply(then, answer, [
          function (value) { finish(id, value === undefined ? { error: noReplyHandler(handler) } : { value: value }); },
          function (error) { finish(id, { error: messageOf(error) }); },
        ]);
      }
    } catch (error) {
      finish(id, { error: messageOf(error) });
    }
  });
}

// The app's answer to request `id`, from a script the app evaluates in the page.
function settle(key, id, outcome) {
  return key === secret && typeof id === "number" ? finish(id, outcome) : false;
}

// Calls `callback` with its own copy of the event's detail; a callback that throws does not
// keep the event from the others, and its error is reported as any uncaught error is.
function call(callback, text) {
  try {
    callback(parse(text));
  } catch (error) {
    setTimer(function () { throw error; }, 0);
  }
}

// Delivers the events kept for `name` to its subscribers, oldest first.
function flush(name) {
  var i = 0;
  while (i < kept.length && subscribers[name] && subscribers[name].length > 0) {
    if (kept[i].name === name) {
      var text = kept[i].text;
      remove(kept, i);
      deliver(name, text);
    } else {
      i++;
    }
  }
}

// Calls the subscribers of `name`, or keeps the event for the first of them, dropping the
// oldest kept event beyond config.keptEvents.
function deliver(name, text) {
  var current = subscribers[name];
  if (!current || current.length === 0) {
    if (config.keptEvents === 0) return;
    if (kept.length === config.keptEvents) remove(kept, 0);
    push(kept, { name: name, text: text });
    return;
  }
  var now = copy(current);
  for (var i = 0; i < now.length; i++) call(now[i], text);
}

// The app's event `name`, its detail as JSON text, from a script the app evaluates in the page.
function emit(key, name, text) {
  if (key !== secret || typeof name !== "string" || typeof text !== "string") return false;
  deliver(name, text);
  return true;
}

function on(name, callback) {
  if (typeof name !== "string" || name.length === 0) throw new TypeErrorType("bridgecodec: an event name is a non-empty string");
  if (typeof callback !== "function") throw new TypeErrorType("bridgecodec: a callback is a function");
  var current = subscribers[name] || (subscribers[name] = list());
  push(current, callback);
  // Events kept for the name reach the first subscriber before `on` returns, oldest first, as
  // a replaying subscription delivers what it holds.
  if (current.length === 1) flush(name);
  var subscribed = true;
  return function unsubscribe() {
    if (!subscribed) return;
    subscribed = false;
    var items = subscribers[name];
    for (var i = 0; i < items.length; i++) {
      if (items[i] === callback) {
        remove(items, i);
        return;
      }
    }
  };
}

defineProperty(window, config.global, {
  value: freeze({ post: post, request: request, on: on, settle: settle, emit: emit }),
  configurable: false,
  writable: false,
  enumerable: false,
});

// Where the app's host installs the client (BridgeHost), it learns which page is showing from
// the client itself: the client posts its secret to the host's own handler when it is installed
// and whenever the page is shown, a page restored from the back/forward cache (where no user
// script runs again) included. It posts through the postMessage taken now, so only native code
// reads the secret; a page script that posts to that handler cannot name a secret it never saw.
if (config.documentHandler && isWebKit()) {
  var documentSender = webKitHandler(config.documentHandler);
  var listenOnWindow = window.addEventListener;
  if (documentSender) {
    var announce = function () {
      apply(documentSender.post, documentSender.target, [bridgecodecWebKitBody(config, { secret: secret })]);
    };
    announce();
    if (typeof listenOnWindow === "function") apply(listenOnWindow, window, ["pageshow", announce]);
  }
}
