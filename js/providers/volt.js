// Volt Checkout calls window.voltRedirectCallback(data) with
// {type: "bank_redirect", url} or {type: "merchant_redirect", result, url}; forward it to native code.
window.voltRedirectCallback = function (data) {
  bridgecodecPost(config, config.handler, data);
};
