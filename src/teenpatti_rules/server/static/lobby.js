"use strict";
// The lobby: open a table, list the tables, take a seat (the token stays in this
// browser's localStorage), or watch. No build step, no external code.
(function () {
  const $ = (id) => document.getElementById(id);
  const nameBox = $("my-name");
  nameBox.value = localStorage.getItem("tp-name") || "";
  nameBox.addEventListener("change", () => localStorage.setItem("tp-name", nameBox.value.trim()));

  async function call(method, url, body) {
    const response = await fetch(url, {
      method, headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error((data.error && data.error.message) || response.statusText);
    return data;
  }

  async function loadPresets() {
    const { presets } = await call("GET", "/api/presets");
    const select = $("t-preset");
    for (const preset of presets) {
      const option = document.createElement("option");
      option.value = preset.name;
      option.textContent = preset.name;
      option.title = preset.summary;
      select.appendChild(option);
    }
  }

  async function sit(id) {
    const name = nameBox.value.trim();
    if (!name) { $("sit-status").textContent = "Type your name first."; nameBox.focus(); return; }
    localStorage.setItem("tp-name", name);
    try {
      // the chips to bring (S3): empty is the starting stack; the server checks the rest
      const chips = $("my-stack").value.trim();
      const request = chips === "" ? { name } : { name, stack: Number(chips) };
      const { seat, token } = await call("POST", `/api/tables/${id}/seats`, request);
      localStorage.setItem(`tp-token-${id}`, token);
      localStorage.setItem(`tp-seat-${id}`, String(seat));
      location.href = `/table/${id}`;
    } catch (error) { $("sit-status").textContent = error.message; }
  }

  let shown = null;

  // the list is drawn again only when it changed (every 3 s it is asked for), and the
  // link or button that had the focus gets it back
  function render(tables) {
    const list = $("tables");
    const text = JSON.stringify(tables.map((t) => [t, Boolean(localStorage.getItem(`tp-token-${t.id}`))]));
    if (text === shown) return;
    shown = text;
    const focused = document.activeElement;
    const key = focused && list.contains(focused) ? focused.dataset.key : null;
    list.textContent = "";
    if (!tables.length) { list.innerHTML = "<li>No table yet: open one.</li>"; return; }
    for (const table of tables) {
      const item = document.createElement("li");
      const taken = table.chairs.filter((c) => c).length;
      const mine = localStorage.getItem(`tp-token-${table.id}`);
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = table.name;
      const about = document.createElement("span");
      about.textContent = `${table.preset} · ${taken}/${table.chairs.length} seated · ${table.status}` +
        (table.hand_number ? ` · hand ${table.hand_number}` : "");
      item.append(name, about);
      if (mine) {
        const back = document.createElement("a");
        back.href = `/table/${table.id}`; back.textContent = "Back to my seat"; back.dataset.key = `back-${table.id}`;
        item.append(back);
      } else if (taken < table.chairs.length && table.status !== "over") {
        // a free chair: at once between hands, else dealt in from the next hand (S3)
        const button = document.createElement("button");
        button.textContent = "Sit"; button.dataset.table = table.id; button.dataset.key = `sit-${table.id}`;
        button.addEventListener("click", () => sit(table.id));
        item.append(button);
      }
      const watch = document.createElement("a");
      watch.href = `/table/${table.id}?watch=1`; watch.textContent = "Watch"; watch.dataset.key = `watch-${table.id}`;
      item.append(watch);
      list.appendChild(item);
    }
    const again = key ? Array.from(list.querySelectorAll("[data-key]")).find((el) => el.dataset.key === key) : null;
    if (again) again.focus();
  }

  // a kept token is asked about once per visit: a chair given up (S4) opens nothing,
  // and its token is forgotten, so the table offers "Sit" again, not "Back to my seat"
  const checked = new Set();
  function forget(id) {
    localStorage.removeItem(`tp-token-${id}`);
    localStorage.removeItem(`tp-seat-${id}`);
  }
  async function check(tables) {
    await Promise.all(tables.map(async (table) => {
      const token = localStorage.getItem(`tp-token-${table.id}`);
      if (!token || checked.has(table.id)) return;
      try {
        const { seat } = await call("POST", `/api/tables/${table.id}/mine`, { token });
        checked.add(table.id);
        if (seat === null) forget(table.id);
      } catch (error) { /* asked again at the next refresh */ }
    }));
  }

  async function refresh() {
    try {
      const { tables } = await call("GET", "/api/tables");
      await check(tables);
      render(tables);
    } catch (error) { /* retry later */ }
  }

  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const request = {
      name: $("t-name").value, preset: $("t-preset").value,
      players: Number($("t-players").value), bots: Number($("t-bots").value),
      bot_kind: $("t-kind").value,
    };
    try {
      const table = await call("POST", "/api/tables", request);
      $("create-status").textContent = `Opened ${table.name}.`;
      await refresh();
      if (request.bots < request.players && nameBox.value.trim()) await sit(table.id);
    } catch (error) { $("create-status").textContent = error.message; }
  });

  // a note from a table page that sent this browser back (its token opened no seat)
  const note = sessionStorage.getItem("tp-note");
  if (note) { sessionStorage.removeItem("tp-note"); $("sit-status").textContent = note; }
  loadPresets().catch(() => {});
  refresh();
  setInterval(refresh, 3000);
})();
