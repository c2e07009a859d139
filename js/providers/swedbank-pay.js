// Swedbank Pay: the completeUrl and cancelUrl pages call these hooks
// (iOS: the completed / canceled handlers; Android: callbacks.completed(status) / callbacks.canceled()).
window.swedbankPayCompleted = function (status) {
  bridgecodecPost(config, config.completedHandler, status === undefined ? undefined : String(status));
};
window.swedbankPayCanceled = function () {
  bridgecodecPost(config, config.canceledHandler, undefined);
};
