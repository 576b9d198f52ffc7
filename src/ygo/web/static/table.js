// The ygo duel table: a plain ES module, no build step.
// Everything shown comes from the server's messages for this seat (ygo.web.protocol).

const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
};

const S = {
  info: null,
  room: null,
  token: null,
  seat: null, // 0/1, or null for a spectator
  watching: false,
  lang: localStorage.getItem("ygo-lang") || "en",
  ws: null,
  leaving: false,
  state: null,
  cards: {},
  answered: -1,
  clockLeft: null,
  clockAt: 0,
};

// ---------------------------------------------------------------- lobby
async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch(path, opts);
  let data = {};
  try { data = await r.json(); } catch (e) { data = { error: `server error (${r.status})` }; }
  if (!r.ok) throw new Error(data.error || `server error (${r.status})`);
  return data;
}

function lobbyError(text) {
  const p = $("#lobby-error");
  p.textContent = text || "";
  p.hidden = !text;
  if (text) p.focus?.();
}

function fillSelect(sel, items) {
  sel.replaceChildren(...items.map(([value, label]) => el("option", { value, text: label })));
}

async function loadInfo() {
  S.info = await api("/api/info");
  const decks = S.info.decks.map((d) => [d.id, d.label]);
  fillSelect($("#deck-shipped"), decks);
  fillSelect($("#opp-deck"), decks);
  $("#opp-deck").value = "starter:kaiba";
  fillSelect($("#ruleset"), S.info.rulesets.map((r) => [r, r]));
  fillSelect($("#opponent"), [["person", "a person (send them the invite link)"],
    ...S.info.agents.map((a) => [a.name, `agent: ${a.name}`])]);
  $("#opponent").value = S.info.agents.length ? S.info.agents[0].name : "person";
  aboutOpponent();
}

function aboutOpponent() {
  const v = $("#opponent").value;
  const agent = S.info?.agents.find((a) => a.name === v);
  $("#opp-about").textContent = agent ? agent.about : "The room link lets a second person join.";
  $("#opp-deck-label").hidden = !agent;
}

async function deckSpec() {
  const kind = document.querySelector("input[name=deck-kind]:checked").value;
  if (kind === "ydke") {
    const url = $("#deck-ydke").value.trim();
    if (!url) throw new Error("paste a ydke:// URL, or choose another kind of deck");
    return { ydke: url };
  }
  if (kind === "ydk") {
    const f = $("#deck-file").files[0];
    if (!f) throw new Error("choose a .ydk file, or another kind of deck");
    if (f.size > 262144) throw new Error("this .ydk file is too large");
    return { ydk: await f.text(), name: f.name };
  }
  return $("#deck-shipped").value;
}

async function createRoom(ev) {
  ev.preventDefault();
  lobbyError("");
  try {
    const body = {
      deck: await deckSpec(),
      ruleset: $("#ruleset").value,
      opponent: $("#opponent").value,
      opponent_deck: $("#opp-deck").value,
      timer: $("#timer").value ? Number($("#timer").value) : null,
      name: $("#name").value,
      insight: $("#insight").checked && $("#opponent").value !== "person",
    };
    const r = await api("/api/rooms", body);
    enterRoom(r.room, r.token);
  } catch (e) { lobbyError(e.message); }
}

async function joinRoom() {
  lobbyError("");
  try {
    const r = await api(`/api/rooms/${encodeURIComponent(S.joinRoom)}/join`, {
      deck: await deckSpec(), name: $("#name").value,
    });
    enterRoom(r.room, r.token);
  } catch (e) { lobbyError(e.message); }
}

function showCreateForm() {
  S.joinRoom = null;
  $("#create-title").textContent = "Create a room";
  $("#room-options").hidden = false;
  $("#opp-about").hidden = false;
  $("#create-btn").hidden = false;
  $("#join-btn").hidden = true;
  $("#name").placeholder = "Player 1";
}

function showJoinForm(room) {
  S.joinRoom = room;
  $("#create-title").textContent = `Join room ${room}`;
  $("#room-options").hidden = true;
  $("#opp-about").hidden = true;
  $("#create-btn").hidden = true;
  $("#join-btn").hidden = false;
  $("#name").placeholder = "Player 2";
  $("#deck-shipped").value = "starter:kaiba";
}

async function listRooms() {
  try {
    const { rooms } = await api("/api/rooms");
    const items = rooms.filter((r) => !r.over).map((r) => {
      const who = r.seats.map((s) => s.name).join(" vs ");
      const li = el("li", {}, el("span", { text: `${r.room} · ${r.ruleset} · ${who}${r.started ? "" : " (waiting)"}` }));
      if (r.open) li.append(el("button", { type: "button", text: "Join", onclick: () => { location.hash = `join=${r.room}`; } }));
      li.append(el("button", { type: "button", text: "Watch", onclick: () => { location.hash = `watch=${r.room}`; } }));
      return li;
    });
    $("#rooms").replaceChildren(...(items.length ? items : [el("li", { text: "No rooms yet." })]));
  } catch (e) { lobbyError(e.message); }
}

function enterRoom(room, token) {
  sessionStorage.setItem(`ygo-token-${room}`, token);
  location.hash = `room=${room}&token=${token}`;
}

// ---------------------------------------------------------------- routing
function route() {
  const h = new URLSearchParams(location.hash.slice(1));
  closeSocket();
  if (h.get("room")) {
    S.room = h.get("room"); S.token = h.get("token") || sessionStorage.getItem(`ygo-token-${S.room}`);
    S.watching = false;
    openTable();
  } else if (h.get("watch")) {
    S.room = h.get("watch"); S.token = null; S.watching = true;
    openTable();
  } else {
    $("#table").hidden = true; $("#lobby").hidden = false; $("#roombar").hidden = true;
    if (h.get("join")) showJoinForm(h.get("join"));
    else showCreateForm();
    listRooms();
  }
}

// ---------------------------------------------------------------- connection
function closeSocket() {
  if (S.ws) { S.leaving = true; S.ws.close(); S.ws = null; }
}

function openTable() {
  $("#lobby").hidden = true; $("#table").hidden = false; $("#roombar").hidden = false;
  $("#room-label").textContent = `Room ${S.room}${S.watching ? " (watching)" : ""}`;
  $("#copy-join").hidden = S.watching;
  S.state = null; S.cards = {}; S.answered = -1;
  $("#log").replaceChildren();
  $("#result").hidden = true;
  connect();
}

function connect() {
  S.leaving = false;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws`);
  S.ws = ws;
  setConn("connecting…");
  ws.onopen = () => {
    setConn("connected");
    $("#log").replaceChildren();
    S.cards = {};
    const msg = S.watching ? { type: "watch", room: S.room, lang: S.lang }
      : { type: "join", room: S.room, token: S.token || "", lang: S.lang };
    ws.send(JSON.stringify(msg));
  };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = () => {
    if (S.ws !== ws || S.leaving) return;
    setConn("connection lost: reconnecting…");
    setTimeout(() => { if (S.ws === ws) connect(); }, 1500);
  };
}

function setConn(text) { $("#conn-status").textContent = text; }

function send(msg) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(msg));
}

function onMessage(m) {
  if (m.type === "welcome") { S.seat = m.seat; return; }
  if (m.type === "error") {
    if (["no-room", "bad-token"].includes(m.code)) {
      S.leaving = true;
      $("#prompt").textContent = m.error;
      setConn(m.error);
    } else {
      showWhy(`⚠ ${m.error}`);
    }
    return;
  }
  if (m.type === "why") { showWhy(m.text); return; }
  if (m.type === "insight") {
    $("#insight-box").hidden = false;
    $("#insight-text").textContent = m.lines.join("\n");
    return;
  }
  if (m.type === "state") {
    Object.assign(S.cards, m.cards || {});
    S.state = m;
    window.ygoState = m; // for tests and the curious: exactly what this seat was sent
    for (const line of m.log || []) addLog(line);
    render();
  }
}

// ---------------------------------------------------------------- drawing cards
function cardName(info) {
  if (!info) return "";
  return S.lang === "zh" ? info.zh || info.name : info.name;
}

function drawCard(c, { where = "", big = false } = {}) {
  const info = c && c.code ? S.cards[c.code] : null;
  const d = S.state?.decision;
  const opts = d && c && c.h ? d.options.filter((o) => o.h === c.h) : [];
  const attrs = {
    type: "button",
    class: "card",
    "data-h": c.h,
    "data-uid": c.uid,
    "data-code": c.code,
  };
  let label;
  if (!info) {
    attrs.class += " back";
    label = `face-down card${c.h ? ` ${c.h}` : ""}${where ? `, ${where}` : ""}`;
  } else {
    attrs.class += ` frame-${info.frame}`;
    if (info.pendulum) attrs.class += " frame-pend";
    if (!c.up && ["mzone", "szone", "fzone", "banished"].includes(c.loc)) attrs.class += " facedown-known";
    label = `${cardName(info)}${c.h ? ` (${c.h})` : ""}`;
  }
  if (c.def_pos && c.loc === "mzone") attrs.class += " defpos";
  if (c.destroyed) attrs.class += " destroyed";
  if (opts.length && !S.answeredCurrent) attrs.class += " can";
  const att = S.state?.view?.attacker;
  if (att && c.uid !== undefined && att.uid === c.uid && c.loc === "mzone") attrs.class += " attacking";
  if (opts.length) label += `: ${opts.length} option${opts.length > 1 ? "s" : ""}`;
  attrs["aria-label"] = label;
  const b = el("button", attrs);
  if (info) {
    b.append(el("span", { class: "cname", text: cardName(info) }));
    if (info.level !== undefined && info.frame !== "link") {
      b.append(el("span", { class: "stars", text: (info.rank ? "☆" : "★").repeat(Math.min(info.level, 12)) || " " }));
    }
    if (info.attr) b.append(el("span", { class: "attr", text: info.attr }));
    if (info.atk !== undefined) {
      const atk = c.atk ?? info.atk ?? "?";
      const df = info.frame === "link" ? "" : `/${c.def ?? info.defense ?? "?"}`;
      b.append(el("span", { class: "stats", text: `${atk}${df}` }));
    } else {
      b.append(el("span", { class: "kind", text: info.kind }));
    }
    if (c.materials && c.materials.length) b.append(el("span", { class: "mats", text: `◆${c.materials.length}` }));
  }
  b.addEventListener("mouseenter", () => showDetail(c));
  b.addEventListener("focus", () => showDetail(c));
  b.addEventListener("click", (ev) => { ev.stopPropagation(); openMenu(c, b); });
  b.addEventListener("keydown", (ev) => {
    if (ev.key === "?") { ev.preventDefault(); askWhy(c); }
  });
  return b;
}

function showDetail(c) {
  const info = c && c.code ? S.cards[c.code] : null;
  const box = $("#detail");
  if (!info) {
    box.replaceChildren(el("div", { class: "dname", text: "Face-down card" }),
      el("div", { class: "hint", text: c?.h ? `handle ${c.h}` : "" }));
    return;
  }
  const other = S.lang === "zh" ? info.name : info.zh;
  const kids = [el("div", { class: "dname", text: cardName(info) })];
  if (other && other !== cardName(info)) kids.push(el("div", { class: "dzh", text: other }));
  kids.push(el("div", { text: info.stats ? `${info.kind} · ${info.stats}` : info.kind }));
  if (c.loc === "mzone" && c.atk !== undefined) kids.push(el("div", { text: `now ATK ${c.atk} / DEF ${c.def}` }));
  if (c.h) kids.push(el("div", { class: "hint", text: `handle ${c.h} · passcode ${info.code}` }));
  kids.push(el("div", { class: "dsum", text: info.summary || "(no description in the pool)" }));
  box.replaceChildren(...kids);
}

// ---------------------------------------------------------------- the card menu
function openMenu(c, anchor) {
  const d = S.state?.decision;
  const opts = d && c.h && !S.answeredCurrent ? d.options.filter((o) => o.h === c.h) : [];
  const menu = $("#menu");
  const items = [el("div", { class: "mhead", text: c.code ? cardName(S.cards[c.code]) : "face-down card" })];
  for (const o of opts) {
    items.push(el("button", { type: "button", role: "menuitem", text: `${o.i + 1}. ${o.text}`, onclick: () => { closeMenu(); choose(o.i); } }));
  }
  if (S.seat !== null && c.uid !== undefined && c.ctrl === S.seat) {
    items.push(el("button", { type: "button", role: "menuitem", text: "Why? (what it can do now)", onclick: () => { closeMenu(); askWhy(c); } }));
  }
  if (items.length === 1) {
    showDetail(c);
    if (!c.code) return;
    items.push(el("div", { class: "mhead", text: "no option for this card now" }));
  }
  items.push(el("button", { type: "button", role: "menuitem", text: "Close", onclick: () => closeMenu(true) }));
  menu.replaceChildren(...items);
  const r = anchor.getBoundingClientRect();
  menu.style.left = `${Math.min(window.scrollX + r.left, window.scrollX + window.innerWidth - 260)}px`;
  menu.style.top = `${window.scrollY + r.bottom + 4}px`;
  menu.hidden = false;
  menu._anchor = anchor;
  menu.querySelector("button")?.focus();
}

function closeMenu(refocus = false) {
  const menu = $("#menu");
  if (menu.hidden) return;
  menu.hidden = true;
  if (refocus && menu._anchor && document.body.contains(menu._anchor)) menu._anchor.focus();
}

function askWhy(c) {
  if (S.seat === null || c.uid === undefined) return;
  send({ type: "why", room: S.room, uid: c.uid });
}

function showWhy(text) {
  $("#why-box").hidden = false;
  $("#why-text").textContent = text;
}

function choose(i) {
  const d = S.state?.decision;
  if (!d || S.answered === d.id || i < 0 || i >= d.options.length) return;
  S.answered = d.id;
  S.answeredCurrent = true;
  send({ type: "decide", room: S.room, decision: d.id, option: i });
  renderDecision();
}

// ---------------------------------------------------------------- the table
function zone(c, label, where) {
  const z = el("div", { class: "zone" }, el("span", { class: "zlabel", text: label }));
  if (c) z.append(drawCard(c, { where }));
  return z;
}

function pileButton(title, list, p, kind) {
  return el("button", {
    type: "button",
    "aria-label": `${sideName(p)}: ${title}, ${list.length} cards (browse)`,
    onclick: () => openPile(title, p, kind),
  }, `${title} `, el("span", { class: "count", text: String(list.length) }));
}

function openPile(title, p, kind) {
  const side = S.state.view.players[p];
  const dlg = $("#pile");
  $("#pile-title").textContent = `${sideName(p)}: ${title}`;
  const list = side[kind];
  const cards = list.map((c) => drawCard(c, { where: title }));
  $("#pile-cards").replaceChildren(...(cards.length ? cards : [el("p", { text: "(empty)" })]));
  dlg._p = p; dlg._kind = kind; dlg._title = title;
  if (!dlg.open) dlg.showModal();
}

function refreshPile() {
  const dlg = $("#pile");
  if (dlg.open && S.state?.view) openPile(dlg._title, dlg._p, dlg._kind);
}

function sideName(p) {
  const st = S.state.status.seats[p];
  if (S.seat === p) return `${st.name} (you)`;
  return st.name;
}

function drawSide(p, bottom) {
  const v = S.state.view;
  const side = v.players[p];
  const st = S.state.status.seats[p];
  const me = S.seat === p;
  const o = me || S.seat === null ? "" : "o";
  const prefix = S.seat === null ? `P${p + 1} ` : o;
  const info = el("div", { class: "info" },
    el("div", { class: "pname", text: sideName(p) + (st.kind === "person" && st.connected === false ? ` · away ${st.away ?? 0}s` : "") }),
    el("div", { class: `lp${side.lp <= 1000 ? " low" : ""}`, "aria-label": `${sideName(p)} life points ${side.lp}`, text: `LP ${side.lp}` }),
    v.turn_player === p ? el("div", { class: "turnmark", text: "▶ this turn" }) : null,
    el("div", { class: "piles" },
      el("span", { text: "Deck " }, el("span", { class: "count", text: String(side.deck) })),
      el("span", { text: `Hand ${side.hand.length}` }),
      pileButton("GY", side.grave, p, "grave"),
      pileButton("Banished", side.banished, p, "banished"),
      pileButton("Extra", side.extra, p, "extra"),
    ),
  );
  const mons = el("div", { class: "zones" },
    zone(side.field, `${prefix}f`, "Field Zone"),
    ...side.monsters.map((c, i) => zone(c, `${prefix}m${i + 1}`, `Monster Zone ${i + 1}`)),
    el("div", { class: "zone blank" }));
  const pz = side.pendulum || [];
  const spells = el("div", { class: "zones" },
    pz.length ? zone(pz[0], `${prefix}p1`, "Pendulum Zone 1") : el("div", { class: "zone blank" }),
    ...side.spells.map((c, i) => zone(c, `${prefix}s${i + 1}`, `Spell & Trap Zone ${i + 1}`)),
    pz.length > 1 ? zone(pz[1], `${prefix}p2`, "Pendulum Zone 2") : el("div", { class: "zone blank" }));
  const hand = el("div", { class: "hand", "aria-label": `${sideName(p)}'s hand` },
    ...side.hand.map((c) => drawCard(c, { where: "hand" })));
  const box = $(`#side-${bottom ? 0 : 1}`);
  box.setAttribute("aria-label", `${sideName(p)}'s side`);
  if (bottom) box.replaceChildren(info, mons, spells, hand);
  else box.replaceChildren(info, hand, spells, mons);
}

function render() {
  // keep the keyboard's place: the same card (by handle) after the redraw, else the
  // first option when the focus was on the table
  const focused = document.activeElement;
  const onTable = focused && $("#table").contains(focused) && focused !== document.body;
  const keepH = onTable ? focused.getAttribute("data-h") : null;
  draw();
  if (!onTable || document.activeElement !== document.body) return;
  const again = keepH && document.querySelector(`#board .card[data-h="${CSS.escape(keepH)}"]`);
  const target = again || $("#options button") || $("#board .card");
  if (target) target.focus({ preventScroll: true });
}

function draw() {
  const m = S.state;
  const st = m.status;
  renderStatus(st);
  // What this seat's own deck lacks: its cards with an effect and no behaviour.
  $("#notice").textContent = m.notice || "";
  $("#notice").hidden = !m.notice;
  if (!m.view) {
    $("#side-0").replaceChildren(); $("#side-1").replaceChildren();
    $("#phase").textContent = "Waiting for the opponent…";
    $("#prompt").textContent = S.seat === 0 && st.seats[1].kind === "person" && !st.seats[1].ready
      ? "Waiting for an opponent: send them the invite link (button at the top)."
      : "Waiting for the duel to start.";
    $("#options").replaceChildren();
    return;
  }
  const v = m.view;
  const mine = S.seat ?? 0;
  S.answeredCurrent = !!m.decision && S.answered === m.decision.id;
  drawSide(mine, true);
  drawSide(1 - mine, false);
  const tp = st.seats[v.turn_player].name;
  $("#phase").textContent = `Turn ${v.turn} · ${S.seat === v.turn_player ? "your turn" : `${tp}'s turn`} · ${v.phase}`;
  const chain = v.chain.map((l) => el("span", { class: `link${l.negated ? " negated" : ""}` },
    `CL${l.n}: ${l.card.code ? cardName(S.cards[l.card.code]) : "a card"}`
    + (l.targets.length ? ` → ${l.targets.map((t) => (t.code ? cardName(S.cards[t.code]) : "a face-down card")).join(", ")}` : "")));
  $("#chain").replaceChildren(...(chain.length ? [el("span", { class: "hint", text: "Chain:" }), ...chain] : []));
  renderDecision();
  refreshPile();
  renderResult(st.result);
}

function renderStatus(st) {
  const other = S.seat === null ? null : st.seats[1 - S.seat];
  let text = S.ws && S.ws.readyState === WebSocket.OPEN ? "connected" : "offline";
  S.awayAt = performance.now();
  if (other && other.kind === "person" && st.started && other.connected === false && !st.result) {
    S.awayLeft = st.grace - (other.away ?? 0);
    S.awayName = other.name;
  } else {
    S.awayLeft = null;
  }
  if (S.awayLeft !== null) text += ` · ${S.awayName} left: seat kept ${Math.max(0, Math.round(S.awayLeft))} s more`;
  if (st.spectators) text += ` · ${st.spectators} watching`;
  setConn(text);
  if (st.clock) { S.clockLeft = st.clock.left; S.clockAt = performance.now(); S.clockPlayer = st.clock.player; }
  else S.clockLeft = null;
  tickClock();
}

function tickClock() {
  if (S.awayLeft !== null && S.awayLeft !== undefined) {
    const left = Math.max(0, Math.round(S.awayLeft - (performance.now() - S.awayAt) / 1000));
    setConn(`connected · ${S.awayName} left: seat kept ${left} s more`);
  }
  const c = $("#clock");
  if (S.clockLeft === null || S.state?.status.result) { c.hidden = true; return; }
  const left = Math.max(0, S.clockLeft - (performance.now() - S.clockAt) / 1000);
  c.hidden = false;
  const who = S.clockPlayer === S.seat ? "You have" : `${S.state.status.seats[S.clockPlayer].name} has`;
  c.textContent = `Timer: ${who} ${Math.ceil(left)} s to decide`;
}
setInterval(tickClock, 500);

function renderDecision() {
  const d = S.state?.decision;
  const box = $("#decision");
  S.answeredCurrent = !!d && S.answered === d.id;
  if (!d || S.answeredCurrent) {
    box.classList.add("idle");
    const v = S.state?.view;
    if (S.seat === null) $("#prompt").textContent = "Watching.";
    else if (S.state?.status.result) $("#prompt").textContent = "The duel is over.";
    else $("#prompt").textContent = d ? "Sent…" : "Waiting for the opponent…";
    $("#options").replaceChildren();
    document.querySelectorAll(".card.can").forEach((e) => e.classList.remove("can"));
    return v;
  }
  box.classList.remove("idle");
  $("#prompt").textContent = d.prompt;
  $("#options").replaceChildren(...d.options.map((o) => el("li", {},
    el("button", { type: "button", "data-option": o.i, onclick: () => choose(o.i), onmouseenter: () => highlight(o.h, true), onmouseleave: () => highlight(o.h, false) },
      el("span", { class: "num", text: String(o.i + 1) }), el("span", { text: o.text })))));
  return null;
}

function highlight(h, on) {
  if (!h) return;
  document.querySelectorAll(`.card[data-h="${CSS.escape(h)}"]`).forEach((e) => e.classList.toggle("targeted", on));
}

function renderResult(r) {
  const box = $("#result");
  if (!r) { box.hidden = true; return; }
  let head;
  if (r.winner === null) head = "Draw";
  else if (S.seat === null) head = `${S.state.status.seats[r.winner].name} wins`;
  else head = r.winner === S.seat ? "You win!" : "You lose";
  if (S.resultSeen === S.room) return; // dismissed: the table stays in view
  box.replaceChildren(el("div", { text: head }), el("div", { class: "why", text: r.reason }),
    el("button", { type: "button", text: "Back to the lobby", onclick: () => { location.hash = ""; } }),
    " ",
    el("button", { type: "button", text: "Look at the table", onclick: () => { S.resultSeen = S.room; box.hidden = true; } }));
  box.hidden = false;
}

function addLog(line) {
  const li = el("li", { class: [line.chain ? "chain" : "", line.major ? "major" : ""].join(" ").trim() || null, text: line.text });
  const log = $("#log");
  log.append(li);
  while (log.children.length > 400) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

// ---------------------------------------------------------------- keys and wiring
document.addEventListener("keydown", (ev) => {
  const tag = (ev.target.tagName || "").toLowerCase();
  if (["input", "textarea", "select"].includes(tag)) return;
  if (ev.key === "Escape") { closeMenu(true); return; }
  if (/^[1-9]$/.test(ev.key) && !$("#table").hidden && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
    ev.preventDefault();
    closeMenu();
    choose(Number(ev.key) - 1);
  }
});
document.addEventListener("click", (ev) => {
  if (!$("#menu").contains(ev.target)) closeMenu();
});

function copy(text) {
  navigator.clipboard?.writeText(text).catch(() => {});
  showWhy(`Link: ${text}`);
}

function init() {
  $("#lang").value = S.lang;
  $("#lang").addEventListener("change", () => {
    S.lang = $("#lang").value;
    localStorage.setItem("ygo-lang", S.lang);
    if (!$("#table").hidden) { closeSocket(); openTable(); }
  });
  $("#create-form").addEventListener("submit", createRoom);
  $("#join-btn").addEventListener("click", joinRoom);
  $("#opponent").addEventListener("change", aboutOpponent);
  $("#refresh-rooms").addEventListener("click", listRooms);
  $("#goto-join").addEventListener("click", () => { const r = $("#goto-room").value.trim(); if (r) location.hash = `join=${r}`; });
  $("#goto-watch").addEventListener("click", () => { const r = $("#goto-room").value.trim(); if (r) location.hash = `watch=${r}`; });
  $("#copy-join").addEventListener("click", () => copy(`${location.origin}/#join=${S.room}`));
  $("#copy-watch").addEventListener("click", () => copy(`${location.origin}/#watch=${S.room}`));
  for (const id of ["deck-ydke", "deck-file"]) {
    $(`#${id}`).addEventListener("input", () => {
      document.querySelector(`input[name=deck-kind][value=${id === "deck-ydke" ? "ydke" : "ydk"}]`).checked = true;
    });
  }
  window.addEventListener("hashchange", route);
  setInterval(() => { if (!$("#lobby").hidden) listRooms(); }, 5000);
  loadInfo().then(route).catch((e) => lobbyError(e.message));
}

init();
