// The only script of a status page, inline (the page loads nothing else). It shows times in the
// visitor's time zone, and keeps the page current: when the page's event stream says an incident
// changed, it fetches the page again and swaps its <main> in, so nothing flickers or scrolls.
// Without JavaScript the page reloads itself every minute instead (a <noscript> refresh).
import { createHash } from 'node:crypto';

export const CLIENT_SCRIPT = `(function () {
  var body = document.body;
  function localTimes(scope) {
    var format = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
    scope.querySelectorAll('time[datetime]').forEach(function (node) {
      var date = new Date(node.getAttribute('datetime'));
      if (!isNaN(date.getTime())) node.textContent = format.format(date);
    });
  }
  localTimes(document);
  var live = document.getElementById('live');
  var url = body.getAttribute('data-events');
  if (!url || !window.EventSource || !window.fetch || !window.DOMParser) return;
  var loading = null;
  var again = false;
  function refresh() {
    if (loading) { again = true; return; }
    loading = fetch(location.href, { headers: { accept: 'text/html' }, cache: 'no-store', credentials: 'same-origin' })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (text) {
        if (!text) return;
        var next = new DOMParser().parseFromString(text, 'text/html');
        var main = next.querySelector('main');
        if (!main) return;
        localTimes(main);
        document.querySelector('main').replaceWith(document.importNode(main, true));
        document.title = next.title;
        body.setAttribute('data-version', String(Number(body.getAttribute('data-version') || '0') + 1));
      })
      .catch(function () {})
      .then(function () {
        loading = null;
        if (again) { again = false; refresh(); }
      });
  }
  var source = new EventSource(url);
  var opened = false;
  source.addEventListener('open', function () {
    body.setAttribute('data-live', 'on');
    if (live) live.textContent = 'Live';
    // After a reconnect, an event may have been missed while the stream was down.
    if (opened) refresh();
    opened = true;
  });
  source.addEventListener('error', function () {
    body.setAttribute('data-live', 'off');
    if (live) live.textContent = 'Reconnecting';
  });
  // A v2 page hears of its incidents; a V3 page of its incidents, its components and itself; both of their maintenances.
  ['incident', 'component', 'page', 'maintenance'].forEach(function (name) { source.addEventListener(name, refresh); });
})();`;

/** For the Content-Security-Policy: this script runs, no other. */
export const CLIENT_SCRIPT_HASH = `sha256-${createHash('sha256').update(CLIENT_SCRIPT, 'utf8').digest('base64')}`;
