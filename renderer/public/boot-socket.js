// Web mode: opens the bridge socket while the console's JavaScript is still downloading,
// so the WebSocket handshake overlaps the load instead of following it. The bridge
// (src/bridge/websocket-bridge.ts) adopts this socket and sends the token as its first
// message. Moves the token from the address bar to this tab's sessionStorage exactly as
// src/bridge/token.ts does, keeping the route it follows (`#/logs?src=…&token=…`); without
// one there, the tab's own or the console's (localStorage: the one its server last accepted,
// which a new tab or a bookmark signs in with) is used. Nothing here in Electron, nor without
// any token (the console then shows its sign-in screen).
(function () {
  'use strict';
  if (window.gpuConsole) return;
  var KEY = 'gpc.token';
  var match = /(?:^#|[?&])token=([A-Za-z0-9_-]{16,256})(?:&|$)/.exec(location.hash);
  var token = null;
  try {
    token = match ? match[1] : sessionStorage.getItem(KEY) || localStorage.getItem(KEY);
    if (match) {
      sessionStorage.setItem(KEY, token);
      var rest = /^#\//.test(location.hash)
        ? location.hash.replace(/([?&])token=[A-Za-z0-9_-]{16,256}(&|$)/, function (_, sep, next) {
            return next ? sep : '';
          })
        : '#/';
      history.replaceState(null, '', location.pathname + location.search + rest);
    }
  } catch (e) {
    return;
  }
  if (!token) return;
  var scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  var url = scheme + '//' + location.host + '/bridge';
  window.__gpcEarlySocket = { url: url, socket: new WebSocket(url) };
})();
