// The page's script: plain browser JavaScript, no build step, inlined into the page. It reads its data
// through a `source` — the live API (fetch, server-sent events) or, in an exported file, the data
// embedded in the page — and builds the DOM with textContent only (thread text is never HTML).
// Written without template literals so it can live in this TypeScript string.
export const PAGE_JS = String.raw`
(function () {
  'use strict';
  var COLORS = { 'instructions': '#2457c5', 'developer context': '#7a4fd1', 'user context: AGENTS.md': '#1f8a4c',
    'user context: environment': '#6fbf8e', 'history': '#c77d12', 'tools': '#8a94a3', 'new input': '#d0342c' };
  var embedded = document.getElementById('weft-data');
  var data = embedded ? JSON.parse(embedded.textContent) : null;

  function getJson(path) {
    return fetch(path, { credentials: 'same-origin' }).then(function (r) {
      return r.json().then(function (j) { if (!r.ok) throw new Error(j.error || r.statusText); return j; });
    });
  }
  var source = data ? {
    live: false,
    threads: function () { return Promise.resolve({ threads: data.threads }); },
    thread: function (id) { return Promise.resolve({ thread: data.pages[id] }); },
    request: function (id, i) { return Promise.resolve({ request: data.pages[id].requests[i] }); }
  } : {
    live: true,
    threads: function () { return getJson('/api/threads'); },
    thread: function (id, last) { return getJson('/api/threads/' + encodeURIComponent(id) + '?last_turns=' + last); },
    request: function (id, i) { return getJson('/api/threads/' + encodeURIComponent(id) + '/requests/' + i); },
    fork: function (id, at) {
      return fetch('/api/threads/' + encodeURIComponent(id) + '/fork', { method: 'POST', credentials: 'same-origin',
        headers: { 'content-type': 'application/json' }, body: JSON.stringify({ at: at }) })
        .then(function (r) { return r.json().then(function (j) { if (!r.ok) throw new Error(j.error || r.statusText); return j; }); });
    }
  };

  function h(tag, attrs) {
    var el = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) {
      if (k === 'text') el.textContent = attrs[k];
      else if (k === 'onclick') el.addEventListener('click', attrs[k]);
      else if (k === 'style') el.setAttribute('style', attrs[k]);
      else el.setAttribute(k, attrs[k]);
    });
    for (var i = 2; i < arguments.length; i++) {
      var c = arguments[i];
      if (c === null || c === undefined || c === false) continue;
      (Array.isArray(c) ? c : [c]).forEach(function (x) { if (x !== null && x !== undefined) el.appendChild(typeof x === 'string' ? document.createTextNode(x) : x); });
    }
    return el;
  }
  function pct(part, whole) { return whole > 0 ? (100 * part / whole) : 0; }
  function fmtPct(p) { return p.toFixed(1) + '%'; }
  function fmtInt(n) { return Number(n).toLocaleString('en-US'); }
  function ago(iso) { var d = new Date(iso); return isNaN(d) ? '' : d.toISOString().replace('T', ' ').slice(0, 16); }

  var main = document.getElementById('main');
  var search = document.getElementById('search');
  var current = { id: null, events: null, lastTurns: 20 };
  var allThreads = [];

  function showList() {
    closeEvents();
    current.id = null;
    search.style.display = '';
    return source.threads().then(function (j) { allThreads = j.threads; renderList(); });
  }
  function renderList() {
    var q = search.value.toLowerCase();
    var rows = allThreads.filter(function (t) {
      return !q || [t.id, t.name || '', t.cwd, t.firstPrompt].some(function (s) { return s.toLowerCase().indexOf(q) >= 0; });
    });
    main.replaceChildren(
      h('h2', { text: rows.length + ' thread' + (rows.length === 1 ? '' : 's') }),
      h('table', { 'data-testid': 'thread-list' },
        h('thead', null, h('tr', null, h('th', { text: 'Name / first prompt' }), h('th', { text: 'Directory' }), h('th', { text: 'Turns', class: 'num' }), h('th', { text: 'Updated' }), h('th', { text: 'Engine' }))),
        h('tbody', null, rows.map(function (t) {
          return h('tr', { class: 'thread-row', 'data-testid': 'thread-row', 'data-id': t.id, onclick: function () { location.hash = '#/thread/' + t.id; } },
            h('td', null, t.name ? h('div', { text: t.name, style: 'font-weight:600' }) : null,
              h('div', { class: 'prompt', text: t.firstPrompt, title: t.firstPrompt }),
              t.forkedFromId ? h('div', { class: 'muted mono', text: 'fork of ' + t.forkedFromId }) : null),
            h('td', { class: 'mono', text: t.cwd }),
            h('td', { class: 'num', text: String(t.turns) }),
            h('td', { class: 'mono', text: ago(t.updatedAt) }),
            h('td', { class: 'mono', text: t.generation }));
        }))));
  }

  function closeEvents() { if (current.events) { current.events.close(); current.events = null; } }

  function showThread(id) {
    search.style.display = 'none';
    if (current.id !== id) {
      closeEvents();
      current.id = id;
      current.lastTurns = 20;
      if (source.live && window.EventSource) {
        current.events = new EventSource('/api/threads/' + encodeURIComponent(id) + '/events');
        current.events.addEventListener('changed', function () { if (current.id === id) loadThread(id, true); });
      }
    }
    return loadThread(id, false);
  }

  function loadThread(id, live) {
    return source.thread(id, current.lastTurns).then(function (j) { renderThread(j.thread, live); })
      .catch(function (e) { main.replaceChildren(h('div', { class: 'note', text: 'Cannot show this thread: ' + e.message })); });
  }

  function renderThread(t, live) {
    var open = {};
    if (live) main.querySelectorAll('details[open][data-key]').forEach(function (d) { open[d.getAttribute('data-key')] = true; });
    var scroll = window.scrollY;
    var head = h('div', { class: 'card' },
      h('div', { style: 'font-size:16px;font-weight:600', 'data-testid': 'thread-title', text: t.name || t.firstPrompt || t.id }),
      h('div', { class: 'muted mono', text: t.id + ' · ' + (t.cwd || '') + ' · ' + t.generation + ' · ' + t.requests.length + ' model requests' }),
      t.forkedFromId ? h('div', { class: 'mono' }, 'fork of ', h('a', { href: '#/thread/' + t.forkedFromId, text: t.forkedFromId })) : null,
      t.fromTurn > 1 ? h('div', { class: 'note' }, 'Showing turns ' + t.fromTurn + ' to ' + t.turnCount + ' of ' + t.turnCount + ' (requests ' + (t.requests.length ? t.requests[0].index : 0) + ' to ' + (t.requestCount - 1) + '). ',
        h('button', { 'data-testid': 'earlier-turns', text: 'Show 20 earlier turns', onclick: function () { current.lastTurns += 20; loadThread(t.id, false); } })) : null,
      t.exact ? null : h('div', { class: 'note', text: 'This thread is of another engine generation than this home is configured for: request bodies are rebuilt with weft\'s own texts.' }));
    main.replaceChildren(head, h('div', { class: 'layout' },
      h('section', { 'data-testid': 'turns' }, h('h2', { text: 'Turns and items' }), renderItems(t)),
      h('section', { 'data-testid': 'requests' }, h('h2', { text: 'Model requests' }), t.requests.map(function (r) { return renderRequest(t, r, open); }))));
    if (live) window.scrollTo(0, scroll);
  }

  function renderItems(t) {
    var out = [];
    var turn = -1;
    t.items.forEach(function (it) {
      if (it.turn !== turn) { turn = it.turn; out.push(h('div', { class: 'turn-head', text: 'Turn ' + turn })); }
      var label = it.kind.replace('_', ' ') + (it.title ? ' · ' + it.title : '') + (it.inherited ? ' · from the parent thread' : '');
      var fork = (it.kind === 'user' && source.live) ? h('button', { 'data-testid': 'fork-here', 'data-user-index': String(it.userIndex), onclick: function () { forkAt(t.id, it.userIndex); }, text: 'Fork here', style: 'float:right' }) : null;
      out.push(h('div', { class: 'item ' + it.kind + (it.inherited ? ' inherited' : ''), 'data-testid': 'item-' + it.kind },
        fork, h('div', { class: 'kind', text: label }),
        it.text ? h('pre', { text: it.text + (it.truncated ? '\n… (shortened here; the request body has it whole)' : '') }) : null));
    });
    return out;
  }

  function forkAt(id, at) {
    source.fork(id, at).then(function (j) { location.hash = '#/'; return showList().then(function () {
      var row = main.querySelector('tr[data-id="' + j.id + '"]'); if (row) row.style.background = '#fff8e6'; }); })
      .catch(function (e) { alert('Fork failed: ' + e.message); });
  }

  function renderRequest(t, r, open) {
    var total = r.totalBytes;
    var tokens = r.sections.reduce(function (a, s) { return a + s.tokens; }, 0);
    var stableShare = pct(r.stablePrefixBytes, total);
    var bar = h('div', { class: 'bar', 'data-testid': 'composition-bar' }, r.sections.filter(function (s) { return s.bytes > 0; }).map(function (s) {
      return h('span', { title: s.name + ' ' + fmtPct(pct(s.bytes, total)), style: 'width:' + pct(s.bytes, total) + '%;background:' + COLORS[s.name] });
    }));
    var table = h('table', { class: 'composition', 'data-testid': 'composition-table' },
      h('thead', null, h('tr', null, h('th', { text: 'Section' }), h('th', { class: 'num', text: 'Tokens' }), h('th', { class: 'num', text: 'Bytes' }), h('th', { class: 'num', text: 'Share' }))),
      h('tbody', null, r.sections.map(function (s) {
        return h('tr', { 'data-section': s.name }, h('td', null, h('span', { class: 'swatch', style: 'background:' + COLORS[s.name] }), s.name + (s.name === 'user context: AGENTS.md' && r.agentsMd.length ? ' (' + r.agentsMd.join(', ') + ')' : '')),
          h('td', { class: 'num', text: fmtInt(s.tokens) }), h('td', { class: 'num', text: fmtInt(s.bytes) }), h('td', { class: 'num', text: fmtPct(pct(s.bytes, total)) }));
      })));
    var stable = r.index === 0 ? 'First request: nothing cached before it.' :
      'Cache-stable prefix: ' + fmtPct(stableShare) + ' (' + fmtInt(r.stablePrefixBytes) + ' of ' + fmtInt(total) + ' bytes equal to the previous request)' +
      (r.brokenBy ? ' — broken at piece ' + r.brokenBy.index + ': ' + r.brokenBy.label : ' — nothing changed before the new input');
    var bodyBox = h('pre', { 'data-testid': 'request-body' });
    var diffBox = h('div', { class: 'diff mono' });
    var key = t.id + ':' + r.index;
    var details = h('details', { 'data-key': key + ':body' }, h('summary', { text: 'Request body (exact JSON)' }), bodyBox);
    var diff = r.index > 0 ? h('details', { 'data-key': key + ':diff' }, h('summary', { text: 'Diff against request ' + (r.index - 1) }), diffBox) : null;
    details.addEventListener('toggle', function () { if (details.open && !bodyBox.textContent) body(t.id, r.index).then(function (b) { bodyBox.textContent = JSON.stringify(b, null, 2); }); });
    if (diff) diff.addEventListener('toggle', function () {
      if (diff.open && !diffBox.childNodes.length) Promise.all([body(t.id, r.index - 1), body(t.id, r.index)]).then(function (bs) { renderDiff(diffBox, JSON.stringify(bs[0], null, 2).split('\n'), JSON.stringify(bs[1], null, 2).split('\n')); });
    });
    if (open[key + ':body']) { details.open = true; }
    if (diff && open[key + ':diff']) { diff.open = true; }
    return h('div', { class: 'card', 'data-testid': 'request-card', 'data-index': String(r.index) },
      h('div', null, h('b', { text: 'Request ' + r.index }), h('span', { class: 'muted', text: ' · turn ' + r.turn + ' · ' + r.kind + ' · ' + r.model + ' · ~' + fmtInt(tokens) + ' tokens' })),
      bar, table, h('div', { class: 'stable', 'data-testid': 'stable-prefix', 'data-share': stableShare.toFixed(1), text: stable }),
      r.estimated.length ? h('div', { class: 'muted', style: 'font-size:11px', text: 'Not recorded in the rollout, estimated: ' + r.estimated.join(', ') }) : null,
      details, diff);
  }

  var bodies = {};
  function body(id, i) {
    var k = id + ':' + i;
    if (!bodies[k]) bodies[k] = source.request(id, i).then(function (j) { return j.request.body; });
    return bodies[k];
  }

  // A line diff: common head and tail cut off, the middle by longest common subsequence when small.
  function renderDiff(box, a, b) {
    var s = 0; while (s < a.length && s < b.length && a[s] === b[s]) s++;
    var ea = a.length, eb = b.length; while (ea > s && eb > s && a[ea - 1] === b[eb - 1]) { ea--; eb--; }
    var ops = [];
    var n = ea - s, m = eb - s;
    if (n * m <= 4000000) {
      var dp = []; for (var i = 0; i <= n; i++) { dp.push(new Uint32Array(m + 1)); }
      for (i = n - 1; i >= 0; i--) for (var j = m - 1; j >= 0; j--) dp[i][j] = a[s + i] === b[s + j] ? dp[i + 1][j + 1] + 1 : Math.max(dp[i + 1][j], dp[i][j + 1]);
      i = 0; j = 0;
      while (i < n || j < m) {
        if (i < n && j < m && a[s + i] === b[s + j]) { ops.push([' ', a[s + i]]); i++; j++; }
        else if (j < m && (i >= n || dp[i][j + 1] >= dp[i + 1][j])) { ops.push(['+', b[s + j]]); j++; }
        else { ops.push(['-', a[s + i]]); i++; }
      }
    } else {
      for (i = s; i < ea; i++) ops.push(['-', a[i]]);
      for (j = s; j < eb; j++) ops.push(['+', b[j]]);
    }
    var lines = [];
    if (s > 0) lines.push(h('div', { class: 'gap', text: '… ' + s + ' equal lines' }));
    ops.forEach(function (op) { if (op[0] !== ' ') lines.push(h('div', { class: op[0] === '+' ? 'add' : 'del', text: op[0] + ' ' + op[1] })); });
    if (a.length - ea > 0) lines.push(h('div', { class: 'gap', text: '… ' + (a.length - ea) + ' equal lines' }));
    if (lines.length === 0) lines.push(h('div', { class: 'gap', text: 'identical' }));
    box.replaceChildren.apply(box, lines.slice(0, 2000));
  }

  function route() {
    var m = /^#\/thread\/([0-9a-fA-F-]+)$/.exec(location.hash);
    if (m) return showThread(m[1]);
    if (data && data.pages && Object.keys(data.pages).length === 1 && !location.hash) return showThread(Object.keys(data.pages)[0]);
    return showList();
  }
  search.addEventListener('input', function () { if (!current.id) renderList(); });
  window.addEventListener('hashchange', route);
  route();
})();
`;
