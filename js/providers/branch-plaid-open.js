// Branch onboarding: the page calls window.branchPlaidOpenHostedLink(url) to ask the app to open
// Plaid Hosted Link (iOS: the branchPlaidLink handler; Android: BranchAndroidBridge.openHostedLink(url)).
window.branchPlaidOpenHostedLink = function (hostedLinkUrl) {
  bridgecodecPost(config, config.handler, String(hostedLinkUrl));
};
