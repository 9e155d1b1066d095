/*
 * The campaign thermometer for another site. Put where it should show:
 *   <script src="https://<this site>/campaign-embed.js" data-campaign="<slug>" async></script>
 * It puts the thermometer's frame in its own place and sizes the frame's height to what the
 * thermometer says, taking that message only from this site's frame. The frame shows only if the
 * office lists the embedding site's address on the campaign.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.getAttribute('data-campaign')) return;
  var slug = script.getAttribute('data-campaign');
  var origin = new URL(script.src, document.baseURI).origin;
  var frame = document.createElement('iframe');
  frame.src = origin + '/campaign/' + encodeURIComponent(slug) + '/embed';
  frame.title = script.getAttribute('data-title') || 'Campaign thermometer';
  frame.loading = 'lazy';
  frame.setAttribute('scrolling', 'no');
  frame.style.border = '0';
  frame.style.width = '100%';
  frame.style.maxWidth = script.getAttribute('data-width') || '28rem';
  frame.style.height = '16rem';
  frame.style.display = 'block';
  script.parentNode.insertBefore(frame, script);
  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.type !== 'tziyun-campaign-height' || data.slug !== slug) return;
    var height = Number(data.height);
    if (height > 0 && height < 5000) frame.style.height = Math.ceil(height) + 'px';
  });
})();
