/**
 * The sandbox proxy page (MCP Apps' "sandbox proxy"), served on the sandbox origin. It tells the frame that holds it
 * `ui/notifications/sandbox-proxy-ready`, takes the view's HTML from that frame's `ui/notifications/sandbox-resource-ready`,
 * draws it in an inner frame (`srcdoc`, so it lives under this page's CSP header), and passes every other message
 * between the two: the host's to the view, the view's to the host. Only the parent may send it a view, and it
 * answers only the origin that did; the sandbox's own messages are never passed on.
 */
export function sandboxPage(allow: string): string {
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<meta name="color-scheme" content="light dark">
<title>View</title>
<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{display:block;border:0;width:100%;height:100%}</style>
</head>
<body data-allow="${escapeAttribute(allow)}">
<script>
(function () {
  var host = window.parent;
  if (host === window) {
    document.body.textContent = 'This page draws an MCP App view inside the frame of a chat; opened alone it shows nothing.';
    return;
  }
  var hostOrigin = null;
  var inner = null;
  var SANDBOX = 'ui/notifications/sandbox-';
  function isSandboxMessage(data) {
    return data && typeof data.method === 'string' && data.method.indexOf(SANDBOX) === 0;
  }
  function draw(params) {
    if (inner || !params || typeof params.html !== 'string') return;
    inner = document.createElement('iframe');
    inner.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    var allow = document.body.getAttribute('data-allow');
    if (allow) inner.setAttribute('allow', allow);
    inner.srcdoc = params.html;
    document.body.appendChild(inner);
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source === host) {
      if (hostOrigin === null) hostOrigin = event.origin;
      if (event.origin !== hostOrigin) return;
      if (isSandboxMessage(data)) {
        if (data.method === SANDBOX + 'resource-ready') draw(data.params);
        return;
      }
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(data, location.origin);
      return;
    }
    if (inner && event.source === inner.contentWindow && event.origin === location.origin && hostOrigin !== null) {
      if (!isSandboxMessage(data)) host.postMessage(data, hostOrigin);
    }
  });
  host.postMessage({ jsonrpc: '2.0', method: SANDBOX + 'proxy-ready', params: {} }, '*');
})();
</script>
</body>
</html>
`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
