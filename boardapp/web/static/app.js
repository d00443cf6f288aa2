// The players' public board: draws what the host's web view sends (the map once, then the public
// picture on every change), counts the turn clock down, and reconnects by itself.
// Plain modern JavaScript, no library, no build step. Everything shown comes from the server's
// "setup" and "state" messages; the page sends nothing back.
"use strict";

(() => {
  const SVGNS = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const svg = $("map");

  let setup = null;          // {map, teams, title, rules, game}
  let state = null;          // {board, news, clock, host, seq}
  let teams = new Map();     // id -> {id, name, colour, symbol}
  let places = new Map();    // id -> place
  let full = null;           // the whole map's box {x, y, w, h}
  let view = null;           // the box shown now
  let selected = null;       // {kind: "place"|"piece", id}
  let clockBase = null;      // {clock, at: performance.now()}
  let spacing = Infinity;    // typical distance between neighbouring places, map units
  const layers = {};

  // --- the connection ------------------------------------------------------------------------
  let ws = null;
  let retry = 0;
  let retryTimer = null;

  function connect() {
    clearTimeout(retryTimer);
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${proto}//${location.host}/live`);
    setStatus("connecting", "Connecting…");
    ws.onopen = () => { retry = 0; };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "setup") onSetup(msg);
      else if (msg.type === "state") onState(msg);
    };
    ws.onclose = () => {
      ws = null;
      setStatus("offline", "Offline — reconnecting…");
      const delay = Math.min(10000, 400 * 2 ** retry) * (0.5 + Math.random() / 2);
      retry += 1;
      retryTimer = setTimeout(connect, delay);
    };
    ws.onerror = () => { if (ws) ws.close(); };
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && ws === null) connect();  // a phone woken up
  });

  function setStatus(kind, text) {
    const el = $("status");
    el.dataset.state = kind;
    el.textContent = text;
  }

  // --- helpers -------------------------------------------------------------------------------
  function el(name, attrs = {}, text = null) {
    const node = document.createElementNS(SVGNS, name);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
    if (text !== null) node.textContent = text;
    return node;
  }
  function html(name, attrs = {}, text = null) {
    const node = document.createElement(name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== null) node.textContent = text;
    return node;
  }
  function luminance(hex) {
    const m = /^#?([0-9a-f]{6})$/i.exec(hex || "");
    if (!m) return 0.5;
    const n = parseInt(m[1], 16);
    const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  }
  // Black or white text, whichever contrasts more with the background colour (WCAG's formula).
  function inkOn(hex) { return (luminance(hex) + 0.05) / 0.05 >= 1.05 / (luminance(hex) + 0.05) ? "#000" : "#fff"; }
  function team(id) {
    return teams.get(id) || { id, name: id || "neutral", colour: "#9a9a9a", symbol: (id || "?").slice(0, 3).toUpperCase() };
  }
  // A data key as a column heading in words: "pr" -> "PR", "cards_max" -> "Max cards",
  // "cruise_missiles" -> "Cruise missiles" (a two-letter key is an abbreviation; "_max" reads as "Max ...").
  function words(key) {
    let k = String(key);
    const max = /_max$/.test(k);
    if (max) k = k.slice(0, -4);
    const parts = k.split("_").filter(Boolean).map((w) => (w.length <= 2 && !/^(of|in|at|by|on|to)$/.test(w) ? w.toUpperCase() : w));
    let text = parts.join(" ");
    if (max) text = `max ${text}`;
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  function tally(key) { return String(key).replace(/_/g, " "); }
  function cell(v) {
    if (v === true) return "yes";
    if (v === false || v === null || v === undefined) return "";
    if (Array.isArray(v)) return v.join(", ");
    return String(v);
  }
  function swatch(t) {
    const s = html("span", { class: "swatch" }, t.symbol);
    s.style.background = t.colour;
    s.style.color = inkOn(t.colour);
    return s;
  }

  // --- the map (once per game) ---------------------------------------------------------------
  function onSetup(msg) {
    setup = msg;
    teams = new Map(msg.teams.map((t) => [t.id, t]));
    places = new Map(msg.map.places.map((p) => [p.id, p]));
    $("title").textContent = msg.title;
    document.title = `${msg.title} — public board`;
    const hasMap = msg.map.places.length > 0 || msg.map.regions.length > 0;
    document.querySelector("main").classList.toggle("no-map", !hasMap);
    selected = null;
    closeDetails();
    drawMap();
  }

  function pathOf(points) {
    return points.map((p, i) => `${i ? "L" : "M"}${p[0]} ${p[1]}`).join("") + "Z";
  }

  function drawMap() {
    svg.replaceChildren();
    const [w, h] = setup.map.size || [1000, 1000];
    full = { x: 0, y: 0, w, h };
    for (const name of ["regions", "roads", "labels", "places", "names"]) {
      layers[name] = el("g", { class: `layer-${name}` });
      svg.appendChild(layers[name]);
    }
    for (const r of setup.map.regions) {
      const d = pathOf(r.polygon) + (r.holes || []).map(pathOf).join("");
      const path = el("path", { d, class: "region", fill: r.colour || (r.kind === "sea" ? "#b9d4e6" : "#efe8d6"),
        "fill-rule": "evenodd" });
      path.appendChild(el("title", {}, r.name));
      layers.regions.appendChild(path);
      const at = r.label_at || centre(r.polygon);
      const label = el("text", { x: at[0], y: at[1], class: "region-label" }, r.name);
      const xs = r.polygon.map((p) => p[0]);
      label.dataset.width = String(Math.max(...xs) - Math.min(...xs));  // room for the name, map units
      layers.labels.appendChild(label);
    }
    for (const road of setup.map.roads) {
      if (road.kind === "adjacency") continue;  // neighbouring provinces, not a road to draw
      const a = places.get(road.between[0]);
      const b = places.get(road.between[1]);
      if (!a || !b) continue;
      const pts = [a.at, ...(road.via || []), b.at];
      layers.roads.appendChild(el("polyline", { points: pts.map((p) => p.join(",")).join(" "),
        class: `road ${road.kind || "road"}` }));
    }
    for (const lb of setup.map.labels) {
      const t = el("text", { x: lb.at[0], y: lb.at[1], class: "free-label",
        transform: lb.angle ? `rotate(${lb.angle} ${lb.at[0]} ${lb.at[1]})` : null }, lb.text);
      t.style.fontSize = `${lb.size}px`;
      layers.labels.appendChild(t);
    }
    spacing = typicalSpacing(setup.map.places);
    fitArea();
    view = { ...full };
    applyView();
    if (state) drawPicture();
  }

  // The median distance from a place to its nearest neighbour, in map units: when it shrinks below
  // a few dozen pixels on screen the map is drawn simpler (no counters, just who holds what).
  function typicalSpacing(list) {
    const pts = list.slice(0, 400).map((p) => p.at);
    if (pts.length < 2) return Infinity;
    const nearest = pts.map((a, i) => {
      let best = Infinity;
      pts.forEach((b, j) => { if (i !== j) best = Math.min(best, Math.hypot(a[0] - b[0], a[1] - b[1])); });
      return best;
    }).sort((x, y) => x - y);
    return nearest[Math.floor(nearest.length / 2)];
  }

  function centre(poly) {
    let x = 0; let y = 0;
    for (const p of poly) { x += p[0]; y += p[1]; }
    return [x / poly.length, y / poly.length];
  }

  // --- the public picture (every change) -----------------------------------------------------
  function onState(msg) {
    state = msg;
    if (msg.host === "live") setStatus("live", "Live");
    else setStatus("stale", "Host unreachable — last known board");
    if (msg.clock) clockBase = { clock: msg.clock, at: performance.now() };
    else clockBase = null;
    tickClock();
    if (!msg.board) return;
    $("turn").textContent = msg.board.turn_label;
    if (setup) drawPicture();
    drawTracks(msg.board.tracks);
    drawTallies(msg.board.tallies);
    drawSections(msg.board.sections);
    drawNews(msg.news || []);
    if (selected) showDetails();
  }

  function drawPicture() {
    const board = state && state.board;
    if (!board || !layers.places) return;
    const at = new Map();
    for (const p of board.pieces) {
      if (!p.place || !places.has(p.place)) continue;
      if (!at.has(p.place)) at.set(p.place, []);
      at.get(p.place).push(p);
    }
    const tokensAt = new Map();
    for (const t of board.tokens) {
      if (!tokensAt.has(t.place)) tokensAt.set(t.place, []);
      tokensAt.get(t.place).push(t);
    }
    const frag = document.createDocumentFragment();
    const names = document.createDocumentFragment();
    for (const place of setup.map.places) {
      frag.appendChild(drawPlace(place, board.control[place.id], at.get(place.id) || [], tokensAt.get(place.id) || []));
      const r = place.kind === "city" || place.kind === "capital" ? 7 : 5.5;
      const name = el("text", { class: `marker name${place.kind === "city" ? "" : " minor"}`, x: r + 3, y: -r - 2 }, place.name);
      name.style.transform = `translate(${place.at[0]}px, ${place.at[1]}px) scale(var(--u))`;
      names.appendChild(name);
    }
    layers.places.replaceChildren(frag);
    layers.names.replaceChildren(names);
    for (const name of layers.names.children) name.dataset.len = String(name.getComputedTextLength() || 0);
    placeNames();
  }

  // --- names clear of every marker -------------------------------------------------------------
  // Markers and names are drawn in their own px, scaled by --u (map units per px), so what a place
  // draws around itself is a fixed set of boxes in its own px: its dot, its holder's badge, its tokens
  // and counters (or, far out, the one stack badge). A name takes the first of a few spots around its
  // dot that covers no marker and no name placed before it (cities first); with none free it is not
  // drawn, and a tap on the map zooms there.
  function ownBoxes(place, pieces, tokens, far) {
    const r = place.kind === "city" || place.kind === "capital" ? 7 : 5.5;
    const out = [[-r - 1, -r - 1, r + 1, r + 1]];
    const holder = state && state.board ? state.board.control[place.id] : null;
    if (holder && !far) { const wdt = 8 + 7 * team(holder).symbol.length; out.push([-r - 3 - wdt, -8, -r - 3, 8]); }
    if (far) {
      if (pieces) { const wdt = 8 + 6.4 * (team(pieces.team).symbol.length + 3); out.push([-wdt / 2, r + 2, wdt / 2, r + 16]); }
      return out;
    }
    tokens.forEach((t, i) => {
      const text = `${t.label || t.kind}${t.count > 1 ? ` ×${t.count}` : ""}`;
      out.push([r + 3, 2 + i * 15, r + 3 + 8 + 6.2 * text.length, 16 + i * 15]);
    });
    if (pieces && pieces.n) {
      const cols = Math.min(4, pieces.n); const rows = Math.ceil(pieces.n / 4);
      const top = r + 4 + tokens.length * 15;
      out.push([-(cols * 40) / 2, top, (cols * 40) / 2, top + rows * 28]);
    }
    return out;
  }
  let markerBoxes = [];
  function placeNames() {
    if (!layers.names || !state || !state.board || !view) { cullLabels(); return; }
    const u = unitsPerPixel() * ((parseFloat(getComputedStyle(document.documentElement).fontSize) || 16) / 16);
    const far = svg.classList.contains("far");
    const count = new Map(); const tokensAt = new Map();
    for (const p of state.board.pieces) {
      if (!p.place) continue;
      const c = count.get(p.place) || { n: 0, team: p.team };
      c.n += 1; count.set(p.place, c);
    }
    for (const t of state.board.tokens) { if (!tokensAt.has(t.place)) tokensAt.set(t.place, []); tokensAt.get(t.place).push(t); }
    const boxes = [];
    const badges = [];  // what a region's name must not lie under: all but the places' dots
    const toMapBox = (at, b) => [at[0] + b[0] * u, at[1] + b[1] * u, at[0] + b[2] * u, at[1] + b[3] * u];
    for (const place of setup.map.places) {
      ownBoxes(place, count.get(place.id), tokensAt.get(place.id) || [], far).forEach((b, k) => {
        boxes.push(toMapBox(place.at, b));
        if (k > 0) badges.push(toMapBox(place.at, b));
      });
    }
    const meets = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
    const shown = [view.x, view.y, view.x + view.w, view.y + view.h];  // the box on screen now
    const names = [...layers.names.children];
    const order = names.map((n, i) => i).sort((i, j) => {
      const a = setup.map.places[i]; const b = setup.map.places[j];
      return (a.kind === "city" ? 0 : 1) - (b.kind === "city" ? 0 : 1) || i - j;
    });
    markerBoxes = badges;
    const placed = [];
    for (const i of order) {
      const place = setup.map.places[i]; const name = names[i];
      const len = Number(name.dataset.len) || 7.5 * place.name.length;
      const r = place.kind === "city" || place.kind === "capital" ? 7 : 5.5;
      const own = ownBoxes(place, count.get(place.id), tokensAt.get(place.id) || [], far);
      const bottom = Math.max(...own.map((b) => b[3]));
      const right = Math.max(...own.map((b) => b[2]));
      const left = Math.min(...own.map((b) => b[0]));
      const spots = [[r + 3, -r - 2], [-r - 3 - len, -r - 2], [-len / 2, -r - 4], [r + 3, r + 12],
        [-len / 2, bottom + 12], [-r - 3 - len, r + 12], [right + 3, 4], [left - 3 - len, 4],
        [r + 3, -r - 15], [-r - 3 - len, -r - 15], [-len / 2, -r - 17], [right + 3, -r - 2],
        [left - 3 - len, -r - 2], [-len / 2, bottom + 25]];
      let chosen = null;
      for (const [x, y] of spots) {  // inside the view (a name at its edge would be cut), clear of the rest
        const box = toMapBox(place.at, [x - 1, y - 11, x + len + 1, y + 3]);
        if (!(box[0] >= shown[0] && box[1] >= shown[1] && box[2] <= shown[2] && box[3] <= shown[3])) continue;
        if (boxes.some((b) => meets(box, b)) || placed.some((b) => meets(box, b))) continue;
        chosen = [x, y, box];
        break;
      }
      name.classList.toggle("crowded", !chosen);
      if (chosen) {
        name.setAttribute("x", String(chosen[0]));
        name.setAttribute("y", String(chosen[1]));
        placed.push(chosen[2]);
      }
    }
    cullLabels();  // region names too keep off the markers
  }

  function drawPlace(place, holder, pieces, tokens) {
    const g = el("g", { class: "marker place", "data-place": place.id, tabindex: "0", role: "button" });
    g.style.transform = `translate(${place.at[0]}px, ${place.at[1]}px) scale(var(--u))`;
    if (selected && selected.kind === "place" && selected.id === place.id) g.classList.add("selected");
    const owner = holder ? team(holder) : null;
    g.setAttribute("aria-label", `${place.name}${owner ? `, held by ${owner.name}` : ""}` +
      `${pieces.length ? `, ${pieces.length} counter${pieces.length > 1 ? "s" : ""}` : ""}`);
    const r = place.kind === "city" || place.kind === "capital" ? 7 : 5.5;
    g.appendChild(el("circle", { class: "dot", r, fill: owner ? owner.colour : "#ffffff" }));
    if (owner) {  // the holder's letters beside the dot: colour is never the only cue
      const badge = el("g", { class: "holder" });
      const wdt = 8 + 7 * owner.symbol.length;
      badge.appendChild(el("rect", { x: -r - 3 - wdt, y: -8, width: wdt, height: 16, rx: 3, fill: owner.colour }));
      badge.appendChild(el("text", { x: -r - 3 - wdt / 2, y: 0, fill: inkOn(owner.colour) }, owner.symbol));
      g.appendChild(badge);
    }
    if (pieces.length) {  // shown only when zoomed far out, instead of the counters: whose, how many
      const first = team(pieces[0].team);
      const text = `${first.symbol} ${pieces.length}`;
      const wdt = 8 + 6.4 * text.length;
      const stack = el("g", { class: "stack" });
      stack.appendChild(el("rect", { x: -wdt / 2, y: r + 2, width: wdt, height: 14, rx: 2, fill: first.colour }));
      stack.appendChild(el("text", { x: 0, y: r + 9, fill: inkOn(first.colour) }, text));
      g.appendChild(stack);
    }
    tokens.forEach((t, i) => {
      const tg = el("g", { class: "token" });
      const colour = t.team ? team(t.team).colour : "#f0f0f0";
      const text = `${t.label || t.kind}${t.count > 1 ? ` ×${t.count}` : ""}`;
      const wdt = 8 + 6.2 * text.length;
      tg.appendChild(el("rect", { x: r + 3, y: 2 + i * 15, width: wdt, height: 14, rx: 7, fill: colour }));
      tg.appendChild(el("text", { x: r + 3 + wdt / 2, y: 9 + i * 15, fill: inkOn(colour) }, text));
      g.appendChild(tg);
    });
    const per = 4; const cw = 38; const ch = 26;
    const top = r + 4 + (tokens.length ? tokens.length * 15 : 0);
    const cols = Math.min(per, pieces.length);
    pieces.forEach((p, i) => {
      const t = team(p.team);
      const x = -((cols * (cw + 2)) / 2) + (i % per) * (cw + 2);
      const y = top + Math.floor(i / per) * (ch + 2);
      const cg = el("g", { class: "counter", "data-piece": p.id, tabindex: "0", role: "button",
        "aria-label": `${t.name} ${p.label}${p.value ? ` ${p.value}` : ""}` });
      if (selected && selected.kind === "piece" && selected.id === p.id) cg.classList.add("selected");
      const ink = inkOn(t.colour);
      cg.appendChild(el("rect", { x, y, width: cw, height: ch, rx: 3, fill: t.colour }));
      cg.appendChild(el("text", { x: x + cw / 2, y: y + 7.5, fill: ink }, t.symbol));
      cg.appendChild(el("text", { x: x + cw / 2, y: y + 18.5, fill: ink }, `${p.label}${p.value ? ` ${p.value}` : ""}`));
      for (let k = 0; k < Math.min(p.damage || 0, 4); k += 1) {
        cg.appendChild(el("circle", { class: "pip", cx: x + cw - 4 - k * 6, cy: y + 4, r: 2.6 }));
      }
      g.appendChild(cg);
    });
    return g;
  }

  // --- panels --------------------------------------------------------------------------------
  function drawTracks(tracks) {
    const panel = $("tracks-panel");
    panel.hidden = !tracks.length;
    if (!tracks.length) return;
    const skip = new Set(["team", "name", "on_map"]);
    const keys = [];
    for (const tr of tracks) for (const k of Object.keys(tr)) if (!skip.has(k) && !keys.includes(k)) keys.push(k);
    const table = $("tracks");
    const head = html("tr");
    head.appendChild(html("th", { scope: "col" }, "Team"));
    for (const k of keys) head.appendChild(html("th", { scope: "col" }, words(k)));
    const rows = [html("thead"), html("tbody")];
    rows[0].appendChild(head);
    for (const tr of tracks) {
      const row = html("tr");
      const t = team(tr.team);
      const th = html("th", { scope: "row" });
      th.append(swatch(t), tr.name || t.name);
      row.appendChild(th);
      for (const k of keys) {
        const v = tr[k];
        row.appendChild(html("td", typeof v === "number" ? { class: "num" } : {}, cell(v)));
      }
      rows[1].appendChild(row);
    }
    table.replaceChildren(...rows);
  }

  function drawTallies(tallies) {
    const entries = Object.entries(tallies || {});
    $("tallies-panel").hidden = !entries.length;
    const dl = $("tallies");
    dl.replaceChildren();
    for (const [k, v] of entries) dl.append(html("dt", {}, tally(k)), html("dd", {}, cell(v)));
  }

  function drawSections(sections) {
    const box = $("sections");
    box.replaceChildren();
    for (const s of sections) {
      const sec = html("section", { "data-section": s.id });
      sec.appendChild(html("h2", {}, s.title));
      if (!s.rows.length) {
        sec.appendChild(html("p", { class: "empty" }, "—"));
        box.appendChild(sec);
        continue;
      }
      const wrap = html("div", { class: "scroll" });
      const table = html("table");
      if (s.columns.some((c) => c)) {
        const thead = html("thead");
        const tr = html("tr");
        for (const c of s.columns) tr.appendChild(html("th", { scope: "col" }, c));
        thead.appendChild(tr);
        table.appendChild(thead);
      }
      const tbody = html("tbody");
      for (const r of s.rows) {
        const tr = html("tr");
        r.forEach((c, i) => tr.appendChild(html(i === 0 ? "th" : "td", i === 0 ? { scope: "row" } : {}, cell(c))));
        tbody.appendChild(tr);
      }
      table.appendChild(tbody);
      wrap.appendChild(table);
      sec.appendChild(wrap);
      box.appendChild(sec);
    }
  }

  function drawNews(news) {
    const ol = $("news");
    if (!news.length) { ol.replaceChildren(html("li", { class: "empty" }, "No news yet.")); return; }
    ol.replaceChildren(...news.map((n) => html("li", n.kind === "notice" ? { class: "notice" } : {}, n.text)));
  }

  // --- the turn clock ------------------------------------------------------------------------
  function mmss(s) {
    s = Math.max(0, Math.ceil(s - 1e-9));
    const h = Math.floor(s / 3600); const m = Math.floor((s % 3600) / 60); const sec = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
  }
  function tickClock() {
    const box = $("clock");
    if (!clockBase) { box.hidden = true; return; }
    box.hidden = false;
    const c = clockBase.clock;
    const passed = c.running ? (performance.now() - clockBase.at) / 1000 : 0;
    const left = c.remaining - c.overrun - passed;
    let kind = "running";
    let words_ = "running";
    if (left <= 0) { kind = "expired"; words_ = `time up +${mmss(-left)}`; }
    else if (!c.running) { kind = "paused"; words_ = c.started ? "paused" : "not started"; }
    else if (left <= 60) { kind = "warning1"; words_ = "last minute"; }
    else if (left <= 300) { kind = "warning5"; words_ = "5 minutes left"; }
    box.dataset.state = kind;
    // the game's own turn label is the heading ("Fall 1935", "Week 2"); the clock adds no "Week N" of its own
    const label = state && state.board ? state.board.turn_label : "";
    $("clock-week").textContent = label ? "" : `Turn ${c.week}`;
    $("clock-week").hidden = Boolean(label);
    $("clock-digits").textContent = left > 0 ? mmss(left) : "TIME UP";
    $("clock-state").textContent = words_;
  }
  setInterval(tickClock, 250);

  // --- details of a place or a counter -------------------------------------------------------
  function select(kind, id) {
    selected = { kind, id };
    showDetails();
    drawPicture();
  }
  function closeDetails() {
    $("details").hidden = true;
    if (selected) { selected = null; drawPicture(); }
  }
  function showDetails() {
    const body = $("details-body");
    const board = state && state.board;
    if (!board || !selected) return;
    body.replaceChildren();
    let placeId = selected.id;
    if (selected.kind === "piece") {
      const p = board.pieces.find((x) => x.id === selected.id);
      if (!p) { closeDetails(); return; }
      const t = team(p.team);
      const h = html("h2");
      h.append(swatch(t), `${t.name}: ${p.label}${p.value ? ` ${p.value}` : ""}`);
      body.appendChild(h);
      const where = p.place && places.get(p.place) ? places.get(p.place).name : "off the map";
      body.appendChild(html("p", {}, `At ${where}.` + (p.damage ? ` Losses: ${p.damage}.` : "")));
      placeId = null;
    }
    if (placeId) {
      const place = places.get(placeId);
      if (!place) { closeDetails(); return; }
      body.appendChild(html("h2", {}, place.name));
      const facts = [tally(place.kind || "place")];
      if (place.community) facts.push(place.community);
      if (place.value !== null && place.value !== undefined) facts.push(`worth ${place.value}`);
      body.appendChild(html("p", {}, facts.join(" · ")));
      const holder = board.control[placeId];
      const hp = html("p");
      if (holder) hp.append("Held by ", swatch(team(holder)), team(holder).name);
      else hp.append("Held by no one");
      body.appendChild(hp);
      const here = board.pieces.filter((p) => p.place === placeId);
      if (here.length) {
        const ul = html("ul", { "aria-label": "Counters here" });
        for (const p of here) {
          const li = html("li");
          li.append(swatch(team(p.team)), `${team(p.team).name} ${p.label}${p.value ? ` ${p.value}` : ""}` +
            (p.damage ? ` (losses ${p.damage})` : ""));
          ul.appendChild(li);
        }
        body.appendChild(ul);
      }
      for (const t of board.tokens.filter((x) => x.place === placeId)) {
        body.appendChild(html("p", {}, `${t.label || t.kind}: ${t.count}${t.team ? ` (${team(t.team).name})` : ""}`));
      }
    }
    $("details").hidden = false;
  }
  $("details-close").addEventListener("click", closeDetails);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeDetails(); });

  // --- zoom and pan --------------------------------------------------------------------------
  function unitsPerPixel() {
    const box = svg.getBoundingClientRect();
    const w = box.width || 1; const h = box.height || 1;
    return Math.max(view.w / w, view.h / h);
  }
  function applyView() {
    if (!view) return;
    svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    svg.style.setProperty("--u", String(unitsPerPixel() * (rem / 16)));
    svg.dataset.zoom = (full.w / view.w).toFixed(3);
    const apart = spacing / (unitsPerPixel() * (rem / 16));  // neighbouring places' distance on screen
    svg.classList.toggle("far", apart < 64);
    svg.classList.toggle("farther", apart < 40);
    // a region's name only where the region is wide enough on screen for it (small provinces of a
    // crowded continent otherwise write over each other)
    const perPx = unitsPerPixel();
    for (const label of layers.labels ? layers.labels.querySelectorAll(".region-label") : []) {
      const room = Number(label.dataset.width) / perPx;
      label.classList.toggle("cramped", room < label.textContent.length * 7.5 * (rem / 16));
    }
    clearTimeout(cullTimer);
    cullTimer = setTimeout(placeNames, 120);  // once the zoom settles
  }

  // Region names that would still write over one another: the widest region's name wins.
  let cullTimer = null;
  function cullLabels() {
    if (!layers.labels) return;
    const labels = [...layers.labels.querySelectorAll(".region-label")]
      .sort((a, b) => Number(b.dataset.width) - Number(a.dataset.width));
    for (const label of labels) label.classList.remove("overlapped");
    const shown = [];
    for (const label of labels) {
      if (label.classList.contains("cramped")) continue;
      const b = label.getBBox();
      const box = [b.x, b.y, b.x + b.width, b.y + b.height];
      if (markerBoxes.some((m) => box[0] < m[2] && m[0] < box[2] && box[1] < m[3] && m[1] < box[3])) {
        label.classList.add("overlapped");  // never under a marker, a counter or a badge
        continue;
      }
      if (shown.some((o) => b.x < o.x + o.width && o.x < b.x + b.width && b.y < o.y + o.height && o.y < b.y + b.height)) {
        label.classList.add("overlapped");
      } else shown.push(b);
    }
  }
  function toMap(clientX, clientY) {
    const m = svg.getScreenCTM();
    if (!m) return { x: view.x + view.w / 2, y: view.y + view.h / 2 };
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }
  function zoomAt(factor, cx, cy) {
    if (!view) return;
    const minW = full.w / 40; const maxW = full.w * 1.5;
    const w = Math.min(maxW, Math.max(minW, view.w / factor));
    const k = w / view.w;
    view = { x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k, w, h: view.h * k };
    applyView();
  }
  // Whether a place near map point p (within 48 px on screen) has its name left out for want of room.
  function crowdedNear(p) {
    if (!layers.names || !setup) return false;
    const reach = 48 * unitsPerPixel();
    const names = layers.names.children;
    return setup.map.places.some((pl, i) => names[i] && names[i].classList.contains("crowded")
      && Math.hypot(pl.at[0] - p.x, pl.at[1] - p.y) <= reach);
  }
  function nameHidden(placeId) {
    if (!layers.names || !setup) return false;
    const i = setup.map.places.findIndex((pl) => pl.id === placeId);
    const name = layers.names.children[i];
    return Boolean(name) && (name.classList.contains("crowded") || getComputedStyle(name).display === "none");
  }
  function zoomable() { return view && view.w > full.w / 40 + 1e-6; }
  function zoomCentre(factor) { zoomAt(factor, view.x + view.w / 2, view.y + view.h / 2); }
  $("zoom-in").addEventListener("click", () => zoomCentre(1.6));
  $("zoom-out").addEventListener("click", () => zoomCentre(1 / 1.6));
  $("zoom-all").addEventListener("click", () => { view = { ...full }; applyView(); });
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const p = toMap(e.clientX, e.clientY);
    zoomAt(Math.exp(-e.deltaY * 0.0015), p.x, p.y);
  }, { passive: false });
  svg.addEventListener("keydown", (e) => {
    const step = 0.15;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (e.key === "+" || e.key === "=") zoomCentre(1.4);
    else if (e.key === "-") zoomCentre(1 / 1.4);
    else if (moves[e.key] && e.target === svg) {
      view.x += moves[e.key][0] * view.w; view.y += moves[e.key][1] * view.h; applyView();
    } else if ((e.key === "Enter" || e.key === " ") && e.target !== svg) {
      e.preventDefault();
      pick(e.target);
      return;
    } else return;
    e.preventDefault();
  });
  window.addEventListener("resize", () => { fitArea(); applyView(); });

  // On a phone (map above the panels) the map's box takes the map's shape, between 40 % and 70 %
  // of the screen's height, so the panels start right under it.
  function fitArea() {
    const area = $("board-area");
    if (!full || innerWidth > 760) { area.style.height = ""; return; }
    const wanted = innerWidth * (full.h / full.w) + 8 + $("zoom").offsetHeight;  // the buttons sit under the map
    area.style.height = `${Math.round(Math.min(0.7 * innerHeight, Math.max(0.4 * innerHeight, wanted)))}px`;
  }

  const pointers = new Map();
  let gesture = null;  // {moved, startView, startDist, startMid}
  svg.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    try { svg.setPointerCapture(e.pointerId); } catch { /* a pointer already gone */ }
    gesture = { moved: false, view: { ...view }, pts: new Map([...pointers].map(([k, v]) => [k, { ...v }])),
      target: e.target };
  });
  svg.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId) || !gesture) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const ids = [...pointers.keys()];
    const k = unitsPerPixel();
    if (ids.length === 1) {
      const s = gesture.pts.get(ids[0]);
      if (!s) return;
      const dx = e.clientX - s.x; const dy = e.clientY - s.y;
      if (Math.hypot(dx, dy) > 6) gesture.moved = true;
      if (!gesture.moved) return;
      svg.classList.add("dragging");
      view = { ...gesture.view, x: gesture.view.x - dx * k, y: gesture.view.y - dy * k };
      applyView();
    } else if (ids.length === 2) {  // pinch: scale by the change of distance, about the fingers' middle
      const [a, b] = ids.map((id) => pointers.get(id));
      const [a0, b0] = ids.map((id) => gesture.pts.get(id) || pointers.get(id));
      const d0 = Math.hypot(a0.x - b0.x, a0.y - b0.y) || 1;
      const d1 = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      gesture.moved = true;
      view = { ...gesture.view };
      applyView();
      const mid = toMap((a.x + b.x) / 2, (a.y + b.y) / 2);
      zoomAt(d1 / d0, mid.x, mid.y);
    }
  });
  function endPointer(e) {
    if (!pointers.has(e.pointerId)) return;
    pointers.delete(e.pointerId);
    svg.classList.remove("dragging");
    if (gesture && !gesture.moved && pointers.size === 0 && e.type === "pointerup") {
      // on a map too crowded to name every place (a dense map on a phone) a tap zooms in there
      // a dense map (a phone): a tap on a place whose name is not drawn for want of room, or on the
      // map beside one, zooms in there; once its name is drawn, a tap shows its details
      const p = toMap(e.clientX, e.clientY);
      const node = gesture.target && gesture.target.closest ? gesture.target.closest("[data-place]") : null;
      if (zoomable() && (node ? nameHidden(node.dataset.place) : crowdedNear(p))) zoomAt(2.5, p.x, p.y);
      else pick(gesture.target);
    }
    if (pointers.size === 0) gesture = null;
    else gesture = { moved: true, view: { ...view }, pts: new Map([...pointers].map(([k, v]) => [k, { ...v }])) };
  }
  svg.addEventListener("pointerup", endPointer);
  svg.addEventListener("pointercancel", endPointer);

  function pick(target) {
    const node = target && target.closest ? target.closest("[data-piece],[data-place]") : null;
    if (!node) { closeDetails(); return; }
    if (node.dataset.piece) select("piece", node.dataset.piece);
    else select("place", node.dataset.place);
  }

  // For tests and for the curious: what the page holds now (read-only copies).
  window.boardapp = {
    get setup() { return setup; },
    get state() { return state; },
    get view() { return view && { ...view }; },
    zoom: (factor) => zoomCentre(factor),
  };

  connect();
})();
