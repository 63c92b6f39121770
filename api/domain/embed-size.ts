/**
 * Embeds that size themselves: the embed page tells the page framing it how tall its
 * content is, and the snippet a club pastes carries the few lines that listen and set
 * the frame's height (the snippet's height stays the fallback where scripts do not run).
 * One message shape for the server's embed pages and the app's snippet.
 */

/** The message's type, namespaced so a host page's other messages are never mistaken for it. */
export const EMBED_HEIGHT_MESSAGE = 'touchline:embed-height';

/**
 * The embed page's script (inline, allowed by its hash in the page's CSP): posts
 * `{ type, id, height }` once rendered and whenever the content's height changes. `id` is
 * the embed's own (the `data-embed` of its html element), for host pages that tell
 * several apart; the snippet's listener needs only the frame the message came from.
 */
export const EMBED_PAGE_SCRIPT =
  '(function(){var id=document.documentElement.getAttribute("data-embed");var last=0;' +
  'function send(){var h=Math.ceil(document.body.getBoundingClientRect().height);' +
  `if(h===last)return;last=h;parent.postMessage({type:"${EMBED_HEIGHT_MESSAGE}",id:id,height:h},"*")}` +
  'send();addEventListener("load",send);' +
  'if(typeof ResizeObserver==="function")new ResizeObserver(send).observe(document.body);' +
  'else addEventListener("resize",send)})();';

/**
 * The host page's listener, for the snippet: only messages from `origin` (the embed's own
 * server) and of the namespaced type move a frame, and only the frame that sent them.
 */
export function hostSizingScript(origin: string): string {
  return (
    '<script>addEventListener("message",function(e){var d=e.data;' +
    `if(e.origin!==${JSON.stringify(origin)}||!d||d.type!=="${EMBED_HEIGHT_MESSAGE}"||typeof d.height!=="number")return;` +
    'var f=document.getElementsByTagName("iframe");' +
    'for(var i=0;i<f.length;i++)if(f[i].contentWindow===e.source)f[i].style.height=d.height+"px"});</script>'
  );
}
