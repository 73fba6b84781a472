"use strict";
// The table: one websocket. A seat says hello with its token (kept by the lobby in
// localStorage); anyone else watches. The first update is a whole view (R43); after
// it, "events" messages bring the library's per-seat event stream, applied here to
// the last view as the library's stream.apply_events does, with the legal actions,
// the turn number (sent back with each action, S9), the clock and the new lines of
// the narration. The page reads no acknowledgement (the update shows what happened), so
// it asks for them inside the updates ("acks": "inline"): one frame fewer per action.
(function () {
  const $ = (id) => document.getElementById(id);
  const tableId = location.pathname.split("/").filter(Boolean).pop();
  const params = new URLSearchParams(location.search);
  const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
  let socket = null, last = null, me = null, rules = null, clockTimer = null, retry = 500, nextId = 1;
  let token = params.has("watch") ? null : localStorage.getItem(`tp-token-${tableId}`);
  const MAX_LOG = 200;

  function card(text, hidden) {
    const el = document.createElement("span");
    el.className = "card";
    if (hidden) { el.classList.add("back"); el.textContent = "?"; el.setAttribute("aria-label", "face-down card"); return el; }
    const rank = text.slice(0, -1), suit = text.slice(-1);
    el.textContent = (rank === "T" ? "10" : rank) + (SUITS[suit] || suit);
    if (suit === "h" || suit === "d") el.classList.add("red");
    el.setAttribute("aria-label", text);
    return el;
  }

  function cardsOf(seat, view) {
    const box = document.createElement("div");
    box.className = "cards";
    if (seat.cards.length) seat.cards.forEach((c) => box.appendChild(card(c, false)));
    else if (seat.in_hand) for (let i = 0; i < (rules ? rules.hand_size || 3 : 3); i++) box.appendChild(card("", true));
    return box;
  }

  function drawSeats(view) {
    const felt = $("felt");
    felt.querySelectorAll(".seat").forEach((el) => el.remove());
    const n = view.seats.length;
    const start = me === null ? 0 : me;
    view.seats.forEach((seat, index) => {
      const k = (index - start + n) % n;
      const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
      const el = document.createElement("div");
      el.className = "seat";
      el.id = `seat-${index}`;
      if (index === view.actor && (view.phase === "betting" || view.phase === "sideshow")) el.classList.add("actor");
      if (index === me) el.classList.add("me");
      if (!seat.in_hand) el.classList.add("out");
      el.style.left = `${50 + 42 * Math.cos(angle)}%`;
      el.style.top = `${50 + 40 * Math.sin(angle)}%`;
      const who = document.createElement("div");
      who.className = "who";
      if (seat.name === null || seat.name === undefined) el.classList.add("empty");
      who.textContent = (seat.name || "empty chair") + (index === me ? " (you)" : "");
      const chips = document.createElement("div");
      const state = !seat.in_session ? (seat.name ? "left" : "free") : seat.sitting_out ? "sitting out" : !seat.in_hand ? (view.phase === "betting" ? "packed" : "") :
        seat.all_in ? "all-in" : seat.seen ? "seen" : "blind";
      chips.textContent = `${seat.stack} chips · in pot ${seat.contributed} `;
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = (index === view.dealer ? "dealer " : "") + state;
      chips.appendChild(tag);
      el.append(who, chips, cardsOf(seat, view));
      felt.appendChild(el);
    });
  }

  function verb(action, view) {
    switch (action.type) {
      case "Look": return "Look (L)";
      case "Pack": return "Pack (P)";
      case "AllIn": return "All in";
      case "Show": return "Show (S)";
      case "AcceptSideShow": return "Accept sideshow (A)";
      case "RefuseSideShow": return "Refuse sideshow (X)";
      case "Draw": return `Draw: discard ${action.cards.join(" ")}`;
      case "SideShow": return `Sideshow ${action.amount}`;
      case "Leave": return "Leave the table (Shift+Q)";
      case "SitOut": return "Sit out (O)";
      case "SitIn": return "Sit in (I)";
      case "AddChips": return `Add ${action.amount} chips`;
      case "Bet": return `${action.amount <= chaal(view) ? "Chaal" : "Raise"} ${action.amount}`;
      default: return action.type;
    }
  }

  function chaal(view) {
    const seat = view.seats[me];
    return seat && seat.seen ? 2 * view.stake : view.stake;
  }

  function send(action) {
    if (!last || !socket) return;
    $("notice").textContent = "";
    socket.send(JSON.stringify({ type: "act", turn: last.turn, action, id: nextId++ }));
  }

  function drawActions(message) {
    const box = $("actions");
    box.textContent = "";
    const legal = message.legal || [];
    const bets = legal.filter((a) => a.type === "Bet");
    const others = legal.filter((a) => a.type !== "Bet");
    const button = (label, action, cls) => {
      const b = document.createElement("button");
      b.textContent = label; b.dataset.type = action.type;
      if (cls) b.className = cls;
      b.addEventListener("click", () => send(action));
      box.appendChild(b);
      return b;
    };
    others.filter((a) => a.type === "Look").forEach((a) => button(verb(a, message.view), a, "quiet"));
    if (bets.length > 4) {
      // a range or no-limit table: a slider and a number box between the low and high sizes (V3)
      const amounts = bets.map((a) => a.amount).sort((x, y) => x - y);
      const wrap = document.createElement("span");
      wrap.className = "amount";
      const range = document.createElement("input");
      range.type = "range"; range.min = amounts[0]; range.max = amounts[amounts.length - 1]; range.value = amounts[0];
      range.setAttribute("aria-label", "bet amount");
      const number = document.createElement("input");
      number.type = "number"; number.min = range.min; number.max = range.max; number.value = range.value;
      number.setAttribute("aria-label", "bet amount in chips");
      range.addEventListener("input", () => { number.value = range.value; });
      number.addEventListener("input", () => { range.value = number.value; });
      const go = document.createElement("button");
      go.textContent = "Bet"; go.dataset.type = "Bet";
      go.addEventListener("click", () => send({ type: "Bet", amount: Number(number.value) }));
      wrap.append(range, number, go);
      box.appendChild(wrap);
    } else {
      bets.forEach((a) => button(verb(a, message.view), a));
    }
    others.filter((a) => a.type !== "Look").forEach((a) =>
      button(verb(a, message.view), a, a.type === "Pack" || a.type === "RefuseSideShow" ? "quiet" : ""));
  }

  function resultLine(view) {
    const result = view.result;
    if (!result) return "";
    const names = view.seats.map((s) => s.name);
    const won = Object.entries(result.winnings).map(([seat, chips]) => {
      const hand = result.shown && result.shown[seat] ? ` with ${describeRank(result.shown[seat])}` : "";
      return `${names[Number(seat)]} wins ${chips}${hand}`;
    });
    return `Hand ${result.hand_number}: ${won.join(", ")} (pot ${result.pot}).`;
  }

  function describeRank(rank) {
    return rank && rank.category ? String(rank.category).toLowerCase().replace(/_/g, " ") : "a hand";
  }

  function tickClock(message) {
    clearInterval(clockTimer);
    const view = message.view;
    const whose = view.actor !== null && view.seats[view.actor] ? view.seats[view.actor].name : "";
    const line = $("turn-line");
    if (view.phase === "waiting") { line.textContent = "waiting for players (S2)"; return; }
    if (view.phase === "awaiting_deal") { line.textContent = view.hand_number ? "next hand soon" : "dealing…"; return; }
    if (view.phase === "session_over") { line.textContent = "session over"; return; }
    if (!message.clock) { line.textContent = whose ? `${whose} to act` : ""; return; }
    const ends = Date.now() + message.clock.left_ms;
    const paint = () => {
      const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
      line.textContent = `${whose} to act · `;
      const clock = document.createElement("span");
      clock.className = "clock";
      clock.textContent = `${left}s`;
      line.appendChild(clock);
    };
    paint();
    clockTimer = setInterval(paint, 500);
  }

  // The library's view JSON leaves out every field equal to its default: fill them.
  const VIEW_DEFAULTS = { sideshow: null, result: null, session_winners: [], events: [], placings: [],
    departed: [], undealt: [], deck_left: 0, indicator: null, turn: 0, chips_brought: 0, chips_taken: 0,
    seat: null, actor: null, pot: 0, stake: 0, hand_number: 0 };
  const SEAT_DEFAULTS = { in_session: true, in_hand: false, seen: false, all_in: false, blind_bets: 0,
    contributed: 0, cards: [], sitting_out: false, leaving: false, timeouts: 0, missed_boot: 0, sat_out: 0, stack: 0 };
  function withDefaults(message) {
    const view = Object.assign({}, VIEW_DEFAULTS, message.view);
    view.seats = (view.seats || []).map((seat) => Object.assign({}, SEAT_DEFAULTS, seat));
    return Object.assign({}, message, { view });
  }

  // The library's TableStatus: every public field of the view but the log (R43);
  // left-out fields are their defaults, "seats" holds only the seats that changed.
  const STATUS_DEFAULTS = { sideshow: null, result: null, session_winners: [], placings: [],
    departed: [], deck_left: 0, indicator: null, turn: 0, chips_brought: 0, chips_taken: 0 };
  const STATUS_FIELDS = ["phase", "hand_number", "dealer", "pot", "stake", "actor", "seats"]
    .concat(Object.keys(STATUS_DEFAULTS));

  // stream.apply_events: the log extended (started again at HandStarted), cards from
  // CardsSeen and Showdown, hidden again when another seat draws (V17, V20) or a new
  // player takes the chair (S3); every other field from the last TableStatus.
  function applyEvents(view, stream) {
    let cards = view.seats.map((seat) => seat.cards);
    let log = view.events.slice();
    let status = null;
    for (const event of stream.events) {
      if (event.type === "TableStatus") status = event;
      else if (event.type === "CardsSeen") cards[event.seat] = event.cards;
      else {
        if (event.type === "HandStarted") { log = []; cards = cards.map(() => []); }
        log.push(event);
        if (event.type === "Showdown") event.hands.forEach((hand) => { cards[hand.seat] = hand.cards; });
        else if (event.type === "Drew" && event.seat !== view.seat) cards[event.seat] = [];
        else if (event.type === "PlayerJoined") cards[event.seat] = [];
      }
    }
    const next = Object.assign({}, view, { events: log });
    const seats = view.seats.slice();
    if (status) {
      STATUS_FIELDS.forEach((name) => {
        if (name !== "seats") next[name] = name in status ? status[name] : STATUS_DEFAULTS[name];
      });
      if (status.result_kept) next.result = view.result;
      Object.entries(status.seats).forEach(([index, seat]) => { seats[Number(index)] = Object.assign({}, SEAT_DEFAULTS, seat); });
    }
    next.seats = seats.map((seat, index) => Object.assign({}, seat, { cards: cards[index] }));
    return next;
  }

  function narrate(lines, replace) {
    const log = $("log");
    if (replace) log.textContent = "";
    (lines || []).forEach((line) => { const li = document.createElement("li"); li.textContent = line; log.appendChild(li); });
    while (log.childNodes.length > MAX_LOG) log.removeChild(log.firstChild);
    log.scrollTop = log.scrollHeight;
  }

  function render(message) {
    last = message;
    window.teenpattiView = message.view;  // what the page shows, for tests and curious people
    const view = message.view;
    $("pot").textContent = view.pot;
    $("stake").textContent = view.stake;
    $("hand").textContent = `Hand ${view.hand_number}`;
    drawSeats(view);
    const mine = $("my-cards");
    mine.textContent = "";
    if (me !== null) cardsOf(view.seats[me], view).childNodes.forEach((c) => mine.appendChild(c.cloneNode(true)));
    drawActions(message);
    tickClock(message);
    $("result").textContent = resultLine(view);
  }

  function waiting(message) {
    $("title").textContent = message.name;
    const taken = message.chairs.filter((c) => c).length;
    $("turn-line").textContent = `waiting for players: ${taken} of ${message.chairs.length} seated`;
    $("actions").textContent = "";
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
    socket.addEventListener("open", () => {
      retry = 500;
      $("conn").textContent = token ? "connected" : "watching";
      socket.send(JSON.stringify(token ? { type: "hello", token, narrate: true, acks: "inline" } : { type: "watch", narrate: true }));
      last = null;
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "welcome") {
        me = message.seat; rules = message.rules;
        $("title").textContent = message.table_name;
        document.title = `Teen Patti — ${message.table_name}`;
      }
      else if (message.type === "state") { render(withDefaults(message)); narrate(message.log, true); }
      else if (message.type === "events") {
        if (!last) { socket.send(JSON.stringify({ type: "sync" })); return; }
        render(Object.assign({}, message, { view: applyEvents(last.view, message.stream) }));
        document.body.dataset.events = String(Number(document.body.dataset.events || 0) + 1);
        narrate(message.log, false);
      }
      else if (message.type === "left") {
        // the chair is free now (S4): this browser's token opens nothing; watch instead
        localStorage.removeItem(`tp-token-${tableId}`);
        token = null; me = null;
        $("notice").textContent = "You left the table; you are watching.";
      }
      else if (message.type === "waiting") waiting(message);
      else if (message.type === "refused" || message.type === "error") $("notice").textContent = message.message;
    });
    socket.addEventListener("close", (event) => {
      $("conn").textContent = "reconnecting…";
      if (event.code >= 4400 && event.code < 4500) { $("conn").textContent = "not admitted"; return; }
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  document.addEventListener("keydown", (event) => {
    if (!last || event.target.tagName === "INPUT" || event.ctrlKey || event.metaKey || event.altKey) return;
    // the turn's actions, and sitting out and in (S5); leaving (S4) takes Shift+Q, so
    // that a stray key never gives up the chair
    const keys = { l: "Look", p: "Pack", s: "Show", a: "AcceptSideShow", x: "RefuseSideShow",
      o: "SitOut", i: "SitIn" };
    const legal = last.legal || [];
    let action = null;
    const key = event.key.toLowerCase();
    if (keys[key]) action = legal.find((a) => a.type === keys[key]);
    if (key === "c") action = legal.find((a) => a.type === "Bet");
    if (key === "r") action = legal.filter((a) => a.type === "Bet")[1];
    if (key === "q") action = event.shiftKey ? legal.find((a) => a.type === "Leave") : null;
    if (action) { event.preventDefault(); send(action); }
  });

  $("title").textContent = `Table ${tableId}`;
  connect();
})();
