// Tells the page how the Plaid Hosted Link session ended: a CustomEvent on window whose detail is
// {status: "completed", callbackUrl} | {status: "canceled"} | {status: "error", message}.
window.dispatchEvent(new CustomEvent(config.event, { detail: config.detail }));
