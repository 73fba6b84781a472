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
  // a second click or tap within SEND_GAP ms of an action sent is ignored (a double
  // tap acts once); leaving asks again: a second press of "Really leave?" between LEAVE_GAP ms
  // and LEAVE_ARMED ms after the first
  const SEND_GAP = 600, LEAVE_GAP = 600, LEAVE_ARMED = 5000;
  let sentAt = 0, leaveArmedAt = 0, leaveTimer = null, sitOutAsked = false;
  const HAND_PHASES = ["waiting", "awaiting_deal", "session_over"];
  let token = params.has("watch") ? null : localStorage.getItem(`tp-token-${tableId}`);
  const MAX_LOG = 200;

  // a card's text ("Tc") as the page writes it ("10♣"); a printed joker (V8) is "Joker"
  function cardText(text) {
    if (/^X\d$/.test(text)) return "Joker";
    const rank = text.slice(0, -1), suit = text.slice(-1);
    return (rank === "T" ? "10" : rank) + (SUITS[suit] || suit);
  }

  function card(text, hidden) {
    const el = document.createElement("span");
    el.className = "card";
    if (hidden) { el.classList.add("back"); el.textContent = "?"; el.setAttribute("aria-label", "face-down card"); return el; }
    const suit = text.slice(-1);
    el.textContent = cardText(text);
    if (el.textContent.length > 2) el.classList.add("wide");
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
      const pending = index === me && (!seat.in_session || !seat.name);  // taken mid-hand (S3)
      who.textContent = pending ? "you" : (seat.name || "empty chair") + (index === me ? " (you)" : "");
      const chips = document.createElement("div");
      const playing = !HAND_PHASES.includes(view.phase);
      const state = pending ? "dealt in next hand" : !seat.in_session ? (seat.name ? "left" : "free") :
        seat.leaving ? "leaving" : seat.sitting_out ? "sitting out" :
        !seat.in_hand ? (playing ? "packed" : "") : seat.all_in ? "all-in" : seat.seen ? "seen" : "blind";
      // an empty chair is just "free"; the chips in the pot only during the hand
      chips.textContent = pending || (!seat.in_session && !seat.name) ? "" :
        `${seat.stack} chips` + (playing && seat.in_hand ? ` · in pot ${seat.contributed}` : "") + " ";
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = (index === view.dealer ? "dealer " : "") + state;
      chips.appendChild(tag);
      el.append(who, chips, cardsOf(seat, view));
      felt.appendChild(el);
    });
  }

  function verb(action, view, index) {
    switch (action.type) {
      case "Look": return "Look (L)";
      case "Pack": return "Pack (P)";
      case "AllIn": return "All in";
      case "Show": return "Show (S)";
      case "AcceptSideShow": return "Accept sideshow (A)";
      case "RefuseSideShow": return "Refuse sideshow (X)";
      case "Draw": {  // V20: draw_price chips per card discarded
        const price = rules && rules.draw_price ? rules.draw_price * action.cards.length : null;
        return `Draw: discard ${action.cards.map(cardText).join(" ")}` + (price === null ? "" : ` · pay ${price}`);
      }
      case "SideShow": return `Sideshow ${action.amount}`;
      case "Leave": return leaveArmed() ? "Really leave? (Shift+Q)" : "Leave the table (Shift+Q)";
      case "SitOut": return "Sit out (O)";
      case "SitIn": return "Sit in (I)";
      case "AddChips": return `Add ${action.amount} chips`;
      case "Bet": {  // the keys C and R take the first and second bet listed
        const hint = index === 0 ? " (C)" : index === 1 ? " (R)" : "";
        return `${action.amount <= chaal(view) ? "Chaal" : "Raise"} ${action.amount}${hint}`;
      }
      default: return action.type;
    }
  }

  function chaal(view) {
    const seat = view.seats[me];
    return seat && seat.seen ? 2 * view.stake : view.stake;
  }

  // ``unguarded``: the chair's keys (O, I) and a confirmed leave, never ignored; a turn's
  // action, by click, tap or key, within SEND_GAP ms of the last one sent is
  function send(action, unguarded) {
    if (!last || !socket) return;
    const now = Date.now();
    if (!unguarded && now - sentAt < SEND_GAP) return;  // a double tap: the second press does nothing
    sentAt = now;
    if (action.type === "SitOut") sitOutAsked = true;
    setNotice("", "");
    socket.send(JSON.stringify({ type: "act", turn: last.turn, action, id: nextId++ }));
  }

  // the chair is no longer this browser's (S4): the lobby must not offer it back
  function forgetToken() {
    localStorage.removeItem(`tp-token-${tableId}`);
    localStorage.removeItem(`tp-seat-${tableId}`);
    token = null;
  }

  function setNotice(text, kind) {
    const notice = $("notice");
    notice.textContent = text;
    notice.dataset.kind = kind;
  }

  function leaveArmed() { return leaveArmedAt !== 0 && Date.now() - leaveArmedAt < LEAVE_ARMED; }

  // Leave (S4) takes two presses: the first arms "Really leave?", a second one (not a
  // double tap: after LEAVE_GAP ms) within LEAVE_ARMED ms leaves; Escape or "Stay" cancels
  function pressLeave(action) {
    const now = Date.now();
    if (leaveArmed()) {
      if (now - leaveArmedAt < LEAVE_GAP) return;
      disarmLeave();
      send(action, true);
      return;
    }
    leaveArmedAt = now;
    clearTimeout(leaveTimer);
    leaveTimer = setTimeout(disarmLeave, LEAVE_ARMED);
    if (last) drawSeatActions(last);
  }

  function disarmLeave() {
    clearTimeout(leaveTimer);
    leaveArmedAt = 0;
    if (last) drawSeatActions(last);
  }

  // the key of an action's button: the same action keeps its focus across redraws
  function keyOf(action) {
    return [action.type, action.amount === undefined ? "" : action.amount, (action.cards || []).join(" ")].join(":");
  }

  // rebuild a box of buttons, then give the focus back to the button with the same key
  function rebuild(box, build) {
    const focused = document.activeElement;
    const key = focused && box.contains(focused) && focused.dataset ? focused.dataset.key : null;
    box.textContent = "";
    build();
    if (key) {
      const again = Array.from(box.querySelectorAll("[data-key]")).find((el) => el.dataset.key === key);
      if (again) again.focus();
    }
  }

  function makeButton(box, label, action, cls, onClick) {
    const b = document.createElement("button");
    b.textContent = label; b.dataset.type = action.type; b.dataset.key = keyOf(action);
    if (cls) b.className = cls;
    b.addEventListener("click", onClick || (() => send(action)));
    box.appendChild(b);
    return b;
  }

  const SEAT_TYPES = ["Leave", "SitOut", "SitIn", "AddChips"];

  // the chair's own actions (S4, S5, S7), in the header, apart from the turn's
  function drawSeatActions(message) {
    const mine = me === null ? null : message.view.seats[me];
    const legal = (message.legal || []).filter((a) => SEAT_TYPES.includes(a.type))
      .filter((a) => !((a.type === "SitOut" || a.type === "SitIn") && mine && mine.leaving));  // leaving already (S4)
    rebuild($("seat-actions"), () => {
      const box = $("seat-actions");
      legal.filter((a) => a.type !== "Leave").forEach((a) => makeButton(box, verb(a, message.view), a, "quiet"));
      const leave = legal.find((a) => a.type === "Leave");
      if (leave) {
        makeButton(box, verb(leave, message.view), leave, leaveArmed() ? "danger" : "quiet", () => pressLeave(leave));
        if (leaveArmed()) makeButton(box, "Stay (Esc)", { type: "Stay" }, "quiet", disarmLeave);
      }
    });
  }

  function drawActions(message) {
    const box = $("actions");
    const legal = (message.legal || []).filter((a) => !SEAT_TYPES.includes(a.type));
    const bets = legal.filter((a) => a.type === "Bet");
    const others = legal.filter((a) => a.type !== "Bet");
    const view = message.view;
    const sizing = rules ? rules.bet_sizing : null;
    // the amount chosen stays across redraws (as typed, while the box has the focus)
    const old = box.querySelector("input[type=number]");
    const typing = old !== null && document.activeElement === old;
    const kept = old ? Number(old.value) : null;
    rebuild(box, () => {
      others.filter((a) => a.type === "Look").forEach((a) => makeButton(box, verb(a, view), a, "quiet"));
      bets.slice(0, 2).forEach((a, index) => makeButton(box, verb(a, view, index), a));
      if (bets.length && (sizing === "range" || sizing === "no_limit")) {
        // a range or no-limit table (V3): any amount between the smallest and the
        // largest bet listed; the server refuses an amount the rules do not allow
        const amounts = bets.map((a) => a.amount).sort((x, y) => x - y);
        const low = amounts[0], high = amounts[amounts.length - 1];
        const step = stepOf(view, amounts);
        const start = typing ? old.value : kept !== null && kept >= low && kept <= high ? snapAmount(kept, amounts, step) : low;
        const wrap = document.createElement("span");
        wrap.className = "amount";
        const range = document.createElement("input");
        range.type = "range"; range.min = low; range.max = high; range.step = step; range.value = Number(start) || low;
        range.dataset.key = "amount-range";
        range.setAttribute("aria-label", "bet amount");
        const number = document.createElement("input");
        number.type = "number"; number.min = low; number.max = high; number.step = step; number.value = start;
        number.dataset.key = "amount-number";
        number.setAttribute("aria-label", "bet amount in chips");
        const go = document.createElement("button");
        go.dataset.type = "Bet"; go.dataset.key = "amount-bet"; go.className = "bet-amount";
        const label = () => { go.textContent = `Bet ${number.value}`; };
        range.addEventListener("input", () => { number.value = range.value; label(); });
        number.addEventListener("input", () => { range.value = number.value; label(); });
        // a typed amount goes as the nearest legal one (shown before it is sent)
        const snapped = () => {
          if (number.value === "") return;  // emptied to type anew: nothing to snap yet
          number.value = snapAmount(Number(number.value), amounts, step); range.value = number.value; label(); };
        number.addEventListener("change", snapped);
        go.addEventListener("click", () => { snapped(); send({ type: "Bet", amount: Number(number.value) }); });
        number.addEventListener("keydown", (event) => { if (event.key === "Enter") go.click(); });
        label();
        wrap.append(range, number, go);
        box.appendChild(wrap);
      } else {
        bets.slice(2).forEach((a, index) => makeButton(box, verb(a, view, index + 2), a));
      }
      others.filter((a) => a.type !== "Look").forEach((a) =>
        makeButton(box, verb(a, view), a, a.type === "Pack" || a.type === "RefuseSideShow" ? "quiet" : ""));
    });
    drawSeatActions(message);
  }

  // V3: a seen player's bets are even amounts (twice a blind amount, R24), but for the
  // whole stack, listed as the largest bet; read from the bets listed (``amounts``,
  // ascending): step 2 when the player is seen and the smallest listed bet is even
  function stepOf(view, amounts) {
    const seat = me === null ? null : view.seats[me];
    return seat && seat.seen && amounts[0] % 2 === 0 ? 2 : 1;
  }

  // the legal amount nearest ``aim`` (the lower one on a tie): a listed bet, or an
  // amount of the grid from the smallest listed bet by ``step`` up to the largest
  function snapAmount(aim, amounts, step) {
    const low = amounts[0], high = amounts[amounts.length - 1];
    if (!Number.isFinite(aim)) return low;
    const within = Math.min(high, Math.max(low, Math.round(aim)));
    const down = low + Math.floor((within - low) / step) * step;
    const candidates = amounts.concat([down, Math.min(down + step, high)]);
    const onGrid = (a) => amounts.includes(a) || (a - low) % step === 0;
    return candidates.filter(onGrid).reduce((best, a) =>
      Math.abs(a - aim) < Math.abs(best - aim) || (Math.abs(a - aim) === Math.abs(best - aim) && a < best) ? a : best);
  }

  function resultLine(view) {
    const result = view.result;
    if (!result || result.hand_number !== view.hand_number) return "";  // gone at the next deal
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

  // the turn line is a live region: written only when it changes (a new turn), so a
  // screen reader announces the turn, not the countdown; the seconds are beside it
  function setTurnLine(text) {
    const line = $("turn-line");
    if (line.textContent !== text) line.textContent = text;
  }

  function tickClock(message) {
    clearInterval(clockTimer);
    const view = message.view;
    const whose = view.actor !== null && view.seats[view.actor] ? view.seats[view.actor].name : "";
    const clock = $("clock");
    clock.textContent = "";
    if (view.phase === "waiting") { setTurnLine("waiting for players (S2)"); return; }
    if (view.phase === "awaiting_deal") { setTurnLine(view.hand_number ? "next hand soon" : "dealing…"); return; }
    if (view.phase === "session_over") { setTurnLine("session over"); return; }
    setTurnLine(whose ? `${view.actor === me ? "You" : whose} to act` : "");
    if (!message.clock) return;
    const ends = Date.now() + message.clock.left_ms;
    const paint = () => { clock.textContent = `${Math.max(0, Math.ceil((ends - Date.now()) / 1000))}s`; };
    paint();
    clockTimer = setInterval(paint, 500);
  }

  // the indicator (W5) of a joker or hukam table (V8), and which cards it makes wild
  function drawIndicator(view) {
    const box = $("indicator");
    const wild = rules ? rules.wild : null;
    if (!view.indicator) { box.hidden = true; box.textContent = ""; return; }
    box.hidden = false;
    box.textContent = "Indicator ";
    box.appendChild(card(view.indicator, false));
    const rank = cardText(view.indicator).slice(0, -1), suit = view.indicator.slice(-1);
    const line = document.createElement("div");
    line.className = "wild-line";
    line.textContent = wild === "hukam" ? `every other ${SUITS[suit] || suit} card is wild (hukam)` :
      `every other ${rank} is wild (joker)`;
    box.appendChild(line);
  }

  // what the player should know about its own chair (S3–S6, R23)
  function myStatus(message) {
    const view = message.view;
    if (me === null) return token ? "" : "You are watching.";
    const seat = view.seats[me];
    if (!seat) return "";
    if (!seat.in_session || !seat.name) return "You have a chair: you are dealt in from the next hand (S3).";
    if (seat.leaving) return "You leave the table at the end of this hand (S4).";
    if (seat.sitting_out) return "You are sitting out: Sit in (I) to be dealt in from the next hand (S5).";
    const limit = rules ? rules.max_blind_bets : null;
    const legal = message.legal || [];
    if (view.actor === me && seat.in_hand && !seat.seen && limit !== null && limit !== undefined &&
        seat.blind_bets >= limit && !legal.some((a) => a.type === "Bet")) {
      return "Blind-bet limit reached: look at your cards to bet (R23).";
    }
    return "";
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
    const before = last;
    last = message;
    window.teenpattiView = message.view;  // what the page shows, for tests and curious people
    const view = message.view;
    // a refusal is about the turn it was sent in: gone at the next turn (S9)
    if (before && before.turn !== message.turn && $("notice").dataset.kind === "refused") setNotice("", "");
    const was = before && me !== null ? before.view.seats[me] : null, now = me !== null ? view.seats[me] : null;
    if (was && now && !was.sitting_out && now.sitting_out) {
      // S6: sat out by the table after timeouts in a row, not by asking
      const count = rules && rules.timeouts_to_sit_out ? rules.timeouts_to_sit_out : 2;  // S6's default
      if (!sitOutAsked) setNotice(`You were sat out after ${count} timeouts in a row (S6): Sit in (I) to play again.`, "timeouts");
      sitOutAsked = false;
    }
    if (now && !now.sitting_out && $("notice").dataset.kind === "timeouts") setNotice("", "");
    // this player was in the session and is no longer (left, S4, or out of chips, R7):
    // its token opens nothing now
    if (was && now && was.in_session && was.name && !now.in_session) forgetToken();
    const playing = !HAND_PHASES.includes(view.phase);
    $("pot").textContent = view.pot;
    $("stake").textContent = playing ? view.stake : "–";
    $("hand").textContent = `Hand ${view.hand_number}`;
    drawSeats(view);
    const mine = $("my-cards");
    mine.textContent = "";
    if (me !== null) cardsOf(view.seats[me], view).childNodes.forEach((c) => mine.appendChild(c.cloneNode(true)));
    drawActions(message);
    tickClock(message);
    drawIndicator(view);
    $("my-status").textContent = myStatus(message);
    $("result").textContent = resultLine(view);
  }

  function waiting(message) {
    $("title").textContent = message.name;
    const taken = message.chairs.filter((c) => c).length;
    $("turn-line").textContent = `waiting for players: ${taken} of ${message.chairs.length} seated`;
    $("actions").textContent = "";
    $("seat-actions").textContent = "";
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
        const seat = last && me !== null ? last.view.seats[me] : null;
        forgetToken(); me = null;
        if (last) last = Object.assign({}, last, { legal: [] });  // no key acts for the chair now
        // R7: a player with no chips left is out of the session; else it left (S4)
        setNotice(seat && seat.stack === 0 && !seat.leaving ? "You are out of chips (R7); you are watching." :
          "You left the table; you are watching.", "left");
        $("seat-actions").textContent = "";
        $("my-status").textContent = "";
      }
      else if (message.type === "waiting") waiting(message);
      else if (message.type === "refused" || message.type === "error") setNotice(message.message, "refused");
    });
    socket.addEventListener("close", (event) => {
      $("conn").textContent = "reconnecting…";
      if (event.code === 4401 && token) {
        // this token opens no seat (the chair was given up, S4): forget it and go back
        // to the lobby, which offers "Sit" again
        forgetToken();
        sessionStorage.setItem("tp-note", "That chair is no longer yours (you left it): sit again or watch.");
        location.replace("/");
        return;
      }
      if (event.code >= 4400 && event.code < 4500) { $("conn").textContent = "not admitted"; return; }
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && leaveArmed()) { event.preventDefault(); disarmLeave(); return; }
    if (!last || event.target.tagName === "INPUT" || event.ctrlKey || event.metaKey || event.altKey) return;
    // the turn's actions, and sitting out and in (S5); leaving (S4) takes Shift+Q, twice
    // (the second time confirms), so that a stray key never gives up the chair
    const keys = { l: "Look", p: "Pack", s: "Show", a: "AcceptSideShow", x: "RefuseSideShow",
      o: "SitOut", i: "SitIn" };
    const legal = last.legal || [];
    let action = null;
    const key = event.key.toLowerCase();
    if (keys[key]) action = legal.find((a) => a.type === keys[key]);
    if (key === "c") action = legal.find((a) => a.type === "Bet");
    if (key === "r") action = legal.filter((a) => a.type === "Bet")[1];
    if (key === "q") action = event.shiftKey ? legal.find((a) => a.type === "Leave") : null;
    const chair = action && (action.type === "SitOut" || action.type === "SitIn");
    if (chair && me !== null && last.view.seats[me] && last.view.seats[me].leaving) action = null;
    if (!action) return;
    event.preventDefault();
    if (event.repeat) return;  // a held key acts once (a held Shift+Q never confirms a leave)
    if (action.type === "Leave") pressLeave(action);
    // a turn's key is guarded as a click is (two presses within SEND_GAP ms act once);
    // the chair's keys O and I are not (sitting out then in again at once is meant)
    else send(action, chair);
  });

  $("title").textContent = `Table ${tableId}`;
  connect();
})();
