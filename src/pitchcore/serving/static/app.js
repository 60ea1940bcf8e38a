// The page of `pitchcore serve`: a lobby to start, join or watch a table, and a card table
// for one seat (or a spectator). Plain JavaScript, no build step, nothing fetched but the
// server's own API (docs/server-api.md). Everything the server sends is shown as text
// (textContent), never parsed as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = {C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660"};
const SUIT_NAMES = {C: "clubs", D: "diamonds", H: "hearts", S: "spades"};
const RANK_NAMES = {T: "10", J: "jack", Q: "queen", K: "king", A: "ace"};
const MAX_LOG = 300;
const MAX_MOVE_BUTTONS = 40; // more legal discards than this: the player picks cards instead
const STORE = "pitchcore.seats"; // {table id: {table, credential, seat}}
const NAME_STORE = "pitchcore.name";
const VERBS = {
  // a seat's verb as the server writes it ("seat 1: passes"), and as said of "you"
  passes: "pass", bids: "bid", plays: "play", names: "name", deals: "deal", discards: "discard",
  calls: "call", wins: "win", takes: "take", keeps: "keep", begs: "beg", stands: "stand", runs: "run",
  refuses: "refuse", throws: "throw", leads: "lead", gives: "give", draws: "draw", folds: "fold",
  has: "have", is: "are", goes: "go", makes: "make", shoots: "shoot", redeals: "redeal", sits: "sit",
  joins: "join", leaves: "leave", forfeits: "forfeit", chooses: "choose", turns: "turn", holds: "hold", scores: "score",
};

const page = {
  tableId: null, credential: null, seat: null, spectator: false, restoredLog: false,
  ws: null, reconnectTimer: null, lobbyTimer: null, reconnectDelay: 500, snapshotSeen: false,
  summary: null, public: null, private: null, handResults: [], moveNumber: null,
  deadline: null, deadlineAt: 0,
  legal: new Set(), selected: new Set(), pickDiscards: false, sending: false,
  shownTrick: null, // a trick just completed, left in the middle until the next move
  trickCards: new Set(), // the cards in the middle at the last drawing (new ones slide in)
};

// -- small helpers ---------------------------------------------------------------------------

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = String(value);
    else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "tabindex") {
      node.setAttribute(key, String(value));
    } else node[key] = value;
  }
  for (const child of children) { // strings become text nodes: nothing is parsed as HTML
    if (child === null || child === undefined || child === false) continue;
    node.append(child);
  }
  return node;
}

function capitalized(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

function plural(count, one, many = one + "s") {
  return `${count} ${count === 1 ? one : many}`;
}

function storedSeats() {
  try {
    const data = JSON.parse(localStorage.getItem(STORE) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch (error) {
    return {};
  }
}

function storedSeat(tableId) {
  const record = storedSeats()[tableId];
  return record && typeof record.credential === "string" ? record : null;
}

function remember(tableId, credential, seat) {
  const seats = storedSeats();
  seats[tableId] = {table: tableId, credential, seat};
  localStorage.setItem(STORE, JSON.stringify(seats));
}

function forget(tableId) {
  const seats = storedSeats();
  delete seats[tableId];
  localStorage.setItem(STORE, JSON.stringify(seats));
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = null;
  }
  if (!response.ok) {
    const message = (data && typeof data.error === "string") ? data.error : `the server answered ${response.status}`;
    const problems = data && Array.isArray(data.problems) ? data.problems.map(String) : [];
    throw Object.assign(new Error(message), {status: response.status, problems});
  }
  return data;
}

// -- names: "you" for this seat, the others by their names -----------------------------------

function seatInfo(seat) {
  return page.summary && Array.isArray(page.summary.seats) ? page.summary.seats[seat] : undefined;
}

function seatName(seat) {
  const info = seatInfo(seat);
  if (info && info.name) return String(info.name);
  if (info && info.kind !== "human") return `${capitalized(String(info.kind))} ${seat}`;
  return `Player ${seat}`;
}

function who(seat) {
  return seat === page.seat ? "you" : seatName(seat);
}

function sideSeats(side) {
  const sideOf = page.public ? page.public.side_of : [];
  const seats = [];
  sideOf.forEach((s, seat) => { if (s === side) seats.push(seat); });
  if (seats.includes(page.seat)) seats.sort((a, b) => (a === page.seat ? -1 : b === page.seat ? 1 : a - b));
  return seats;
}

function sideName(side) {
  const seats = sideSeats(side);
  return seats.length ? seats.map(who).join(" & ") : `side ${side}`;
}

function sideIsPlural(side) {
  const seats = sideSeats(side);
  return seats.length !== 1 || seats[0] === page.seat;
}

function cardWords(text) {
  if (text === "HJ") return "high joker";
  if (text === "LJ") return "low joker";
  const rank = text[0];
  return `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[text[1]] || text[1]}`;
}

function cardShort(text) {
  if (text === "HJ") return "high joker";
  if (text === "LJ") return "low joker";
  return (text[0] === "T" ? "10" : text[0]) + (SUITS[text[1]] || text[1]);
}

// An event's line (its describe() text) in the player's words: seats by name, "you" for this
// seat (with the verb to match), sides by who is in them, cards with their suit symbols. One
// pass over the server's text, so a name is never read again as a seat or a card.
const EVENT_WORDS = new RegExp([
  /\bside (\d+)(?: (\w+))?/.source, // 1 side, 2 the word after
  /\bseat (\d+)(?:('s)\b|:? (\w+)( its\b)?)?/.source, // 3 seat, 4 's, 5 the word after, 6 " its"
  /\btrump (is )?([CDHS])\b/.source, // 7, 8
  /\b(HJ|LJ|[2-9TJQKA][CDHS])\b/.source, // 9
].join("|"), "g");

function humanize(text) {
  const line = String(text).replace(EVENT_WORDS, (all, side, sideWord, seat, owner, word, its, is, suit, card) => {
    if (side !== undefined) {
      const name = sideName(Number(side));
      if (sideWord === undefined) return name;
      return `${name} ${VERBS[sideWord] && sideIsPlural(Number(side)) ? VERBS[sideWord] : sideWord}`;
    }
    if (seat !== undefined) {
      const name = who(Number(seat));
      if (owner) return name === "you" ? "your" : `${name}'s`;
      if (word === undefined) return name;
      const mine = name === "you";
      const shown = /^(HJ|LJ|[2-9TJQKA][CDHS])$/.test(word) ? cardShort(word) : mine && VERBS[word] ? VERBS[word] : word;
      return `${name} ${shown}${its ? (mine ? " your" : " its") : ""}`;
    }
    if (suit !== undefined) return `trump ${is || ""}${SUITS[suit]}`;
    return cardShort(card);
  });
  return capitalized(line);
}

// -- cards ------------------------------------------------------------------------------------

function cardNode(text, options = {}) {
  const card = String(text);
  const joker = card === "HJ" || card === "LJ";
  const suit = joker ? "" : card[1];
  const rank = joker ? (card === "HJ" ? "HI" : "LO") : (card[0] === "T" ? "10" : card[0]);
  const colour = joker ? (card === "HJ" ? "joker red" : "joker black")
    : (suit === "H" || suit === "D" ? "red" : "black");
  const symbol = joker ? "\u2605" : (SUITS[suit] || suit);
  const node = el("div", {
    class: `card ${colour}${options.small ? " small" : ""}`, "data-card": card, title: cardWords(card),
    "aria-label": cardWords(card), role: "img",
  },
  el("span", {class: "corner top"}, el("span", {class: "rank", text: rank}), el("span", {class: "suit", text: symbol})),
  el("span", {class: "pip", text: joker ? "\u2605" : symbol}),
  joker ? el("span", {class: "joker-word", text: "JOKER"}) : null,
  el("span", {class: "corner bottom"}, el("span", {class: "rank", text: rank}), el("span", {class: "suit", text: symbol})));
  if (options.seat !== undefined && options.seat !== null) node.setAttribute("data-seat", String(options.seat));
  return node;
}

function cardWithLabel(text, seat, taker) {
  const node = cardNode(text, {small: true, seat});
  const wrap = el("figure", {class: "labelled" + (seat === taker ? " won" : ""), "data-seat": seat},
    node, el("figcaption", {text: who(seat)}));
  return wrap;
}

function cardBack(small = true) {
  return el("span", {class: "card-back" + (small ? " small" : ""), "aria-hidden": "true"});
}

// Text with card codes and suit letters drawn as symbols (a move's label).
function moveLabel(move) {
  const words = String(move).split(" ");
  const verb = words[0];
  const rest = words.slice(1);
  const parts = [];
  const names = {
    pass: "Pass", bid: "Bid", trump: "Trump", play: "Play", discard: "Discard", call: "Call", deal: "Deal",
    partner: "Partner", redeal: "Redeal", stand: "Stand", beg: "Beg", give: "Give a point", run: "Run the cards",
  };
  parts.push(names[verb] || capitalized(verb));
  if (verb === "discard" && !rest.length) parts.push(" nothing");
  for (const word of rest) {
    parts.push(" ");
    if (/^(HJ|LJ|[2-9TJQKA][CDHS])$/.test(word)) {
      parts.push(el("span", {class: /[HD]$/.test(word) || word === "HJ" ? "red-text" : "", text: cardShort(word)}));
    } else if (verb === "trump" && SUITS[word]) {
      parts.push(el("span", {class: word === "H" || word === "D" ? "red-text" : "", text: SUITS[word]}));
    } else if (verb === "deal" && /^\d+$/.test(word)) {
      parts.push(`${word} cards`);
    } else parts.push(word);
  }
  return parts;
}

// -- connection status, log, errors -----------------------------------------------------------

function setConnection(state, text) {
  const node = $("connection");
  node.dataset.state = state;
  node.textContent = text;
}

// The log is kept for the tab's session (sessionStorage), so a reload shows it again.
function logKey() {
  return `pitchcore.log.${page.spectator ? "watch" : "seat"}.${page.tableId}`;
}

function addLog(text, type, keep = true) {
  const log = $("log");
  log.append(el("li", {"data-type": type, text}));
  while (log.children.length > MAX_LOG) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
  if (keep && page.tableId) {
    try {
      const lines = [...log.children].map((item) => [item.dataset.type, item.textContent]);
      sessionStorage.setItem(logKey(), JSON.stringify(lines));
    } catch (error) { /* (storage full or refused: the log is only on the page) */ }
  }
}

function restoreLog() {
  let lines = [];
  try {
    lines = JSON.parse(sessionStorage.getItem(logKey()) || "[]");
  } catch (error) {
    lines = [];
  }
  if (!Array.isArray(lines)) return 0;
  for (const line of lines.slice(-MAX_LOG)) {
    if (Array.isArray(line) && line.length === 2) addLog(String(line[1]), String(line[0]), false);
  }
  return $("log").children.length;
}

function showError(message, reason) {
  const node = $("error");
  node.textContent = message || "";
  node.dataset.reason = reason || "";
}

function lobbyError(text) {
  const node = $("lobby-error");
  node.textContent = text;
  node.hidden = !text;
}

// -- the lobby --------------------------------------------------------------------------------

let lobbyLoading = null;
let defaultBot = null;

async function loadLobby() {
  const data = await api("/api/variants");
  const variants = $("variant");
  variants.replaceChildren(...data.variants.map((name) => el("option", {value: String(name), text: String(name)})));
  variants.value = data.variants.includes("auction-pitch") ? "auction-pitch" : data.variants[0];
  $("bot").replaceChildren(...data.bots.map((name) => el("option", {value: String(name), text: String(name)})));
  defaultBot = data.default_bot;
  $("bot").value = data.default_bot;
  const name = localStorage.getItem(NAME_STORE);
  if (name) $("player-name").value = name;
  document.body.dataset.ready = "true";
}

function playerName() {
  const name = $("player-name").value.trim() || "You";
  localStorage.setItem(NAME_STORE, name);
  return name;
}

async function refreshTables() {
  const data = await api("/api/tables");
  const list = $("tables");
  const mine = storedSeats();
  list.replaceChildren();
  for (const table of data.tables) {
    const id = String(table.id);
    const state = table.over ? "over" : table.started ? `${table.phase}, ${plural(table.hands, "hand")} played`
      : "waiting for players";
    const seats = table.seats.map((seat) => {
      const kind = seat.kind === "human" ? (seat.taken ? (seat.name || "a person") : "free seat") : `${seat.kind} bot`;
      return `${seat.seat}: ${kind}`;
    }).join(", ");
    const item = el("li", {"data-table": id, class: "table-entry"},
      el("strong", {text: String(table.variant)}), ` (table ${id}): ${state}; scores ${table.scores.join(" ")}`,
      el("div", {class: "note", text: seats}));
    const actions = el("div", {class: "actions"});
    if (mine[id]) {
      actions.append(el("a", {class: "resume", href: `#table=${encodeURIComponent(id)}`, text: "back to your seat"}));
    }
    for (const seat of table.seats) {
      if (seat.kind !== "human" || seat.taken || table.over) continue;
      actions.append(el("button", {
        type: "button", class: "join", "data-table": id, "data-seat": seat.seat,
        text: `sit at seat ${seat.seat}`, onclick: () => joinSeat(id, seat.seat).catch(showLobbyFailure),
      }));
    }
    actions.append(el("a", {class: "watch", href: `#watch=${encodeURIComponent(id)}`, "data-table": id, text: "watch"}));
    item.append(actions);
    list.append(item);
  }
  if (!data.tables.length) list.append(el("li", {class: "note", text: "No tables yet: create one."}));
}

function showLobbyFailure(error) {
  const message = String(error && error.message ? error.message : error);
  const problems = (error && error.problems ? error.problems : []).filter((line) => !message.includes(line));
  lobbyError([message, ...problems].join("\n")); // (each problem once: the message may list them already)
}

function seatKinds() {
  const text = $("seat-kinds").value.trim();
  return text ? text.split(/[,\s]+/).filter(Boolean) : null;
}

async function createTable() {
  lobbyError("");
  const body = {};
  const rules = $("house-rules").value;
  if (rules.trim()) body.yaml = rules;
  else body.variant = $("variant").value;
  const players = Number($("players").value);
  if (players) body.players = players;
  const kinds = seatKinds();
  const bot = $("bot").value;
  if (kinds) body.seats = kinds;
  else if (bot && bot !== defaultBot) {
    // you at seat 0 and the chosen bot at the others: as many seats as the table has
    body.seats = ["human", ...Array((players || 4) - 1).fill(bot)];
  }
  let created;
  try {
    created = await api("/api/tables", body);
  } catch (error) {
    // (without a number of players the page guessed four: the server says how many)
    const count = !kinds && body.seats && !players && /played here by (\d+) seats/.exec(error.message);
    if (!count) throw error;
    body.seats = ["human", ...Array(Number(count[1]) - 1).fill(bot)];
    created = await api("/api/tables", body);
  }
  return sitAtFirstFree(created.table);
}

async function sitAtFirstFree(table) {
  const seat = table.seats.find((s) => s.kind === "human" && !s.taken);
  if (seat) return joinSeat(String(table.id), seat.seat);
  go(`watch=${encodeURIComponent(String(table.id))}`); // a table of bots only plays by itself: watch it
  return undefined;
}

async function joinSeat(tableId, seat) {
  lobbyError("");
  const data = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, {seat, name: playerName()});
  remember(tableId, data.credential, data.seat);
  go(`table=${encodeURIComponent(tableId)}`);
}

// -- where the page is: the hash says ------------------------------------------------------

function go(hash) {
  if (location.hash.slice(1) === hash) route();
  else location.hash = hash; // (hashchange routes)
}

function route() {
  const wanted = new URLSearchParams(location.hash.slice(1));
  if (wanted.get("table")) {
    const tableId = wanted.get("table");
    const record = storedSeat(tableId);
    if (record) openTable(tableId, record);
    else {
      openTable(tableId, null);
      addLog("This browser holds no seat at this table: you are watching it.", "note", false);
    }
  } else if (wanted.get("watch")) {
    openTable(wanted.get("watch"), null);
  } else {
    showLobby();
  }
}

function showLobby() {
  disconnect();
  page.tableId = null;
  $("table").hidden = true;
  $("lobby").hidden = false;
  $("to-lobby").hidden = true;
  $("leave-table").hidden = true;
  $("download-history").hidden = true;
  document.title = "Pitch";
  setConnection("offline", "not at a table");
  const seats = Object.keys(storedSeats());
  const resume = $("resume");
  resume.replaceChildren();
  resume.hidden = !seats.length;
  if (seats.length) {
    resume.append("You have a seat at ");
    seats.slice(-5).forEach((id, i) => {
      if (i) resume.append(", ");
      resume.append(el("a", {class: "resume", href: `#table=${encodeURIComponent(id)}`, text: `table ${id}`}));
    });
    resume.append(".");
  }
  clearInterval(page.lobbyTimer);
  page.lobbyTimer = setInterval(() => {
    if (!$("lobby").hidden && !document.hidden) refreshTables().catch(() => {});
  }, 5000);
  if (!lobbyLoading) lobbyLoading = loadLobby().catch((error) => { lobbyLoading = null; throw error; });
  lobbyLoading.then(refreshTables).catch((error) => lobbyError(`The server cannot be reached: ${error.message || error}`));
}

// -- a table ----------------------------------------------------------------------------------

function openTable(tableId, record) {
  const spectator = record === null;
  clearInterval(page.lobbyTimer);
  if (page.tableId === tableId && page.spectator === spectator && page.ws) return;
  disconnect();
  Object.assign(page, {
    tableId, credential: spectator ? null : record.credential, seat: spectator ? null : record.seat, spectator,
    summary: null, public: null, private: null, handResults: [], moveNumber: null, deadline: null,
    legal: new Set(), selected: new Set(), pickDiscards: false, sending: false, shownTrick: null,
    trickCards: new Set(), reconnectDelay: 500, snapshotSeen: false,
  });
  $("log").replaceChildren();
  page.restoredLog = restoreLog() > 0;
  showError("", "");
  for (const id of ["hand", "moves", "trick", "seats", "scores", "bids", "last-trick", "trick-note"]) $(id).replaceChildren();
  $("hand-result").dataset.count = "0";
  $("hand-result").replaceChildren(el("p", {class: "note", text: "No hand finished yet."}));
  $("game-over").hidden = true;
  const section = $("table");
  Object.assign(section.dataset, {
    table: tableId, seat: spectator ? "" : String(record.seat), spectator: String(spectator), moveNumber: "",
    phase: "", toMove: "", hands: "0", over: "false", started: "false",
  });
  section.classList.toggle("spectating", spectator);
  $("my-area").hidden = spectator;
  $("lobby").hidden = true;
  section.hidden = false;
  $("to-lobby").hidden = false;
  $("to-lobby").textContent = spectator ? "Stop watching" : "Lobby";
  $("leave-table").hidden = spectator;
  $("download-history").hidden = spectator;
  document.title = `Pitch: table ${tableId}`;
  connect();
}

function connect() {
  clearTimeout(page.reconnectTimer);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(page.tableId)}`);
  page.ws = ws;
  setConnection("connecting", "connecting\u2026");
  ws.onopen = () => {
    if (page.ws !== ws) return;
    ws.send(JSON.stringify(page.credential ? {type: "hello", credential: page.credential} : {type: "hello"}));
  };
  ws.onmessage = (event) => {
    if (page.ws !== ws) return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    handle(message);
  };
  ws.onclose = (event) => {
    if (page.ws !== ws) return;
    page.ws = null;
    page.sending = false;
    if (event.code === 4001) { // a bad hello: the credential is no good (the error said why)
      setConnection("closed", "the server refused this seat");
      return;
    }
    setConnection("closed", "connection lost: reconnecting\u2026");
    page.reconnectTimer = setTimeout(() => { if (page.tableId && !page.ws) connect(); }, page.reconnectDelay);
    page.reconnectDelay = Math.min(page.reconnectDelay * 2, 8000);
  };
}

function disconnect() {
  clearTimeout(page.reconnectTimer);
  if (page.ws) {
    const ws = page.ws;
    page.ws = null;
    ws.close(1000);
  }
}

async function downloadHistory() {
  if (!page.credential) return;
  try {
    const data = await api(`/api/tables/${encodeURIComponent(page.tableId)}/history`, {credential: page.credential});
    const blob = new Blob([String(data.history)], {type: "text/plain;charset=utf-8"});
    const link = el("a", {href: URL.createObjectURL(blob), download: `pitch-${page.tableId}.txt`});
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  } catch (error) {
    showError(`The history could not be fetched: ${error.message}`, "history");
  }
}

async function leaveTable() {
  const tableId = page.tableId;
  const credential = page.credential;
  sessionStorage.removeItem(logKey());
  disconnect();
  forget(tableId);
  if (credential) {
    try {
      await api(`/api/tables/${encodeURIComponent(tableId)}/leave`, {credential});
    } catch (error) {
      lobbyError(`Leaving table ${tableId}: ${error.message}`);
    }
  }
  go("");
}

function sendMove(text) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
    showError("Not connected: the move was not sent.", "offline");
    return;
  }
  showError("", "");
  page.sending = true; // one move per turn: until the server answers
  enableMoves(false);
  page.ws.send(JSON.stringify({type: "move", move: text}));
}

function enableMoves(on) {
  for (const button of $("moves").querySelectorAll("button")) button.disabled = !on;
  $("discard-selected").disabled = !on || !page.legal.has(discardChoice());
  $("hand").classList.toggle("waiting", !on);
}

// -- messages from the server -----------------------------------------------------------------

function handle(message) {
  switch (message.type) {
    case "snapshot": return onSnapshot(message);
    case "update": return onUpdate(message);
    case "table": return onTable(message);
    case "error": return onError(message);
    default: return undefined; // pong, or a kind this page does not know
  }
}

function onSnapshot(message) {
  const first = !page.snapshotSeen;
  page.snapshotSeen = true;
  page.reconnectDelay = 500;
  page.summary = message.table;
  page.seat = message.seat === undefined ? page.seat : message.seat;
  page.moveNumber = message.move_number;
  page.public = message.public;
  page.private = message.private;
  page.handResults = Array.isArray(message.hand_results) ? message.hand_results : [];
  setDeadline(message.deadline);
  page.sending = false;
  page.shownTrick = null;
  if (page.seat !== null && page.seat !== undefined && !page.spectator) remember(page.tableId, page.credential, page.seat);
  setConnection("open", page.spectator ? `watching table ${page.tableId}` : `table ${page.tableId}, seat ${page.seat}`);
  const where = `${message.table.variant}, table ${page.tableId}`;
  if (first && page.restoredLog) {
    addLog(page.spectator ? "Watching again." : "Back at the table.", "snapshot");
  } else if (first) {
    addLog(page.spectator ? `Watching ${where}.` : `You sit down at ${where}.`, "snapshot");
  } else {
    addLog("Reconnected.", "snapshot");
  }
  render();
}

function onUpdate(message) {
  if (!page.public) return; // (before the snapshot: cannot happen)
  const before = page.public;
  page.public = message.public;
  page.private = message.private;
  page.moveNumber = message.move_number;
  setDeadline(message.deadline);
  if (message.hand_result) page.handResults.push(message.hand_result);
  // A trick just completed stays in the middle (taker marked) until the next card is played.
  page.shownTrick = null;
  if (!page.public.trick.length) {
    if (message.hand_result && message.hand_result.tricks.length) {
      page.shownTrick = message.hand_result.tricks[message.hand_result.tricks.length - 1];
    } else if (page.public.tricks.length > before.tricks.length) {
      const [leader, cards, taker] = page.public.tricks[page.public.tricks.length - 1];
      const seats = page.public.trick_seats[page.public.trick_seats.length - 1] || [];
      page.shownTrick = {leader, cards, taker, seats};
    }
  }
  for (const event of message.events) {
    addLog(humanize(event.text), String(event.type));
    if (event.type === "Forfeited" && event.fields && typeof event.fields.seat === "number") {
      page.summary = {...page.summary, over: true, forfeited_by: event.fields.seat};
    }
  }
  page.sending = false;
  render();
}

function onTable(message) {
  const before = page.summary;
  page.summary = message.table;
  if (message.table && "deadline" in message.table) setDeadline(message.table.deadline); // (play may just have started)
  if (before && Array.isArray(before.seats)) {
    for (const seat of message.table.seats) {
      const old = before.seats[seat.seat];
      if (!old || seat.seat === page.seat || seat.kind !== "human") continue;
      if (!old.taken && seat.taken) addLog(`${seatName(seat.seat)} sits down at seat ${seat.seat}.`, "joined");
      else if (old.taken && !seat.taken) addLog(`${old.name || seatName(seat.seat)} leaves seat ${seat.seat}.`, "left");
      else if (old.connected && !seat.connected) addLog(`${seatName(seat.seat)} is disconnected.`, "disconnected");
      else if (!old.connected && seat.connected) addLog(`${seatName(seat.seat)} is connected.`, "connected");
    }
  }
  render();
}

function onError(message) {
  const text = String(message.message || message.reason || "error");
  if (message.reason === "bad-credential" || message.reason === "no-table") {
    // this seat cannot be had (left, or the table is gone): back to the lobby
    const tableId = page.tableId;
    forget(tableId);
    disconnect();
    go("");
    lobbyError(`Table ${tableId}: ${text}`);
    return;
  }
  showError(text, String(message.reason || ""));
  addLog(`Not accepted: ${text}`, "error");
  if (page.spectator) $("status").textContent = text; // (a spectator has no move area to show it in)
  page.sending = false;
  enableMoves(true);
}

// -- drawing the table --------------------------------------------------------------------------

function setDeadline(deadline) {
  page.deadline = deadline && typeof deadline.seconds === "number" ? deadline : null;
  page.deadlineAt = performance.now();
}

function secondsLeft() {
  if (!page.deadline) return null;
  return Math.max(0, page.deadline.seconds - (performance.now() - page.deadlineAt) / 1000);
}

function tickDeadline() {
  const left = secondsLeft();
  for (const node of document.querySelectorAll(".seat-deadline")) {
    node.textContent = left === null ? "" : `${Math.ceil(left)} s`;
    node.classList.toggle("urgent", left !== null && left < 10);
  }
}

function render() {
  if (!page.public || !page.summary) return;
  const view = page.public;
  const section = $("table");
  const over = gameOver();
  Object.assign(section.dataset, {
    moveNumber: String(page.moveNumber), phase: String(view.phase),
    toMove: view.to_move === null ? "" : String(view.to_move), hands: String(page.handResults.length),
    over: String(over), started: String(Boolean(page.summary.started)),
    seat: page.spectator || page.seat === null ? "" : String(page.seat),
  });
  renderBar(view);
  renderStatus(view);
  renderWaiting();
  renderSeats(view);
  renderTrick(view);
  if (!page.spectator) {
    renderHand();
    renderMoves(view);
  }
  renderScores(view);
  renderBids(view);
  renderLastTrick(view);
  renderHandResult();
  renderGameOver(view);
  tickDeadline();
}

function gameOver() {
  return Boolean(page.public && (page.public.phase === "game over" || (page.summary && page.summary.over)));
}

function myTurn() {
  return !page.spectator && page.public && page.public.to_move === page.seat && page.public.to_move !== null
    && !gameOver();
}

function renderBar(view) {
  $("variant-name").textContent = String(view.variant);
  const trump = $("trump");
  trump.dataset.trump = view.trump || "";
  trump.className = view.trump === "H" || view.trump === "D" ? "red-text" : "";
  trump.textContent = view.trump ? `${SUITS[view.trump]} ${SUIT_NAMES[view.trump]}` : "not yet";
  const mark = $("trump-mark");
  mark.textContent = view.trump ? SUITS[view.trump] : "";
  mark.className = view.trump === "H" || view.trump === "D" ? "red" : "";
  $("contract").textContent = contractText(view);
  const call = $("call");
  call.hidden = !view.call;
  call.textContent = view.call ? `Call: ${view.call}` : "";
  const upcards = $("upcards");
  upcards.hidden = !view.upcards.length;
  upcards.replaceChildren(...(view.upcards.length ? ["Face up: ", ...view.upcards.map((c) => cardNode(c, {small: true}))] : []));
  const stock = $("stock");
  stock.hidden = !view.stock_size;
  stock.textContent = `Stock: ${plural(view.stock_size, "card")}`;
}

function contractText(view) {
  let text = "";
  if (view.bidder !== null && view.bidder !== undefined) {
    text = view.phase === "bidding"
      ? `High bid: ${who(view.bidder)}, ${view.bid}`
      : `${capitalized(who(view.bidder))} ${view.bidder === page.seat ? "are" : "is"} the bidder at ${view.bid}`;
  } else if (view.phase === "bidding") {
    text = "No bid yet";
  }
  if (view.called) text += `${text ? "; " : ""}called card ${cardShort(view.called)}`;
  const partner = page.private ? page.private.partner : null;
  if (partner !== null && partner !== undefined) text += `; partner: ${who(partner)}`;
  return text;
}

const PHASE_PROMPTS = {
  "bidding": "your bid", "naming trump": "name trump", "discarding": "your discard",
  "calling": "call high or low", "playing": "play a card", "dealing": "your deal",
};

function renderStatus(view) {
  const status = $("status");
  let text;
  if (!page.summary.started) text = "Waiting for every seat to be taken before play starts.";
  else if (gameOver()) text = `Game over: ${winnersText(view)}.`;
  else if (view.to_move === null) text = String(view.phase);
  else if (myTurn()) text = `Your turn: ${PHASE_PROMPTS[view.phase] || view.phase}.`;
  else text = `${seatName(view.to_move)} to move (${view.phase}).`;
  status.textContent = text;
  const mine = Boolean(myTurn()) && Boolean(page.summary.started);
  status.dataset.mine = String(mine);
  if (page.deadline && page.deadline.seat === view.to_move && !gameOver()) {
    status.append(" ", el("span", {class: "seat-deadline", title: "time left for this move"}));
  }
  document.title = `${mine ? "\u25b6 Your turn \u00b7 " : ""}Pitch: table ${page.tableId}`;
}

function winnersText(view) {
  const forfeit = page.summary ? page.summary.forfeited_by : null;
  if (forfeit !== null && forfeit !== undefined) {
    const side = view.side_of[forfeit];
    const time = forfeit === page.seat ? "your time ran out" : `${seatName(forfeit)}'s time ran out`;
    return `${time}: ${sideName(side)} ${sideIsPlural(side) ? "forfeit" : "forfeits"} the game`;
  }
  const winners = Array.isArray(view.winners) ? view.winners : (view.winner === null ? [] : [view.winner]);
  if (!winners.length) return "nobody wins";
  const names = winners.map(sideName);
  const plural = winners.length > 1 || sideIsPlural(winners[0]);
  return `${names.join(" and ")} ${plural ? "win" : "wins"}`;
}

function renderWaiting() {
  const node = $("waiting");
  const free = page.summary.seats.filter((seat) => seat.kind === "human" && !seat.taken);
  node.hidden = Boolean(page.summary.started) || !free.length;
  if (node.hidden) return;
  node.replaceChildren(
    el("p", {text: `Play starts once every seat for a person is taken: ${free.length === 1 ? "seat" : "seats"} `
      + `${free.map((seat) => seat.seat).join(", ")} ${free.length === 1 ? "is" : "are"} free.`}),
    el("p", {class: "note", text: `Others sit down from the lobby (${location.origin}/), where table ${page.tableId} is listed.`}));
}

// Where seat `seat` sits: this seat at the bottom, the others clockwise (left, top, right).
function seatAngle(seat, players) {
  const bottom = page.seat === null || page.seat === undefined ? 0 : page.seat;
  const k = ((seat - bottom) % players + players) % players;
  return Math.PI / 2 + (2 * Math.PI * k) / players;
}

function positionName(angle) {
  const x = Math.cos(angle);
  const y = Math.sin(angle);
  const vertical = y > 0.5 ? "bottom" : y < -0.5 ? "top" : "";
  const horizontal = x > 0.5 ? "right" : x < -0.5 ? "left" : "";
  return [vertical, horizontal].filter(Boolean).join("-") || "bottom";
}

function renderSeats(view) {
  const players = view.players;
  const seatsNode = $("seats");
  const nodes = [];
  for (let seat = 0; seat < players; seat += 1) {
    const info = seatInfo(seat) || {kind: "human", name: null, taken: false, connected: false};
    const angle = seatAngle(seat, players);
    const mine = seat === page.seat && !page.spectator;
    const turn = view.to_move === seat && !gameOver() && Boolean(page.summary.started);
    const node = el("div", {
      class: "seat" + (mine ? " mine" : "") + (turn ? " turn" : ""),
      "data-seat": seat, "data-turn": String(turn), "data-position": positionName(angle),
      "data-kind": String(info.kind), "data-mine": String(mine),
    });
    node.style.left = `${50 + 41 * Math.cos(angle)}%`;
    node.style.top = `${50 + 41 * Math.sin(angle)}%`;
    const head = el("div", {class: "seat-head"});
    if (view.dealer === seat) head.append(el("span", {class: "chip dealer", title: "dealer", text: "D"}));
    head.append(el("span", {class: "seat-name", text: seatName(seat)}));
    if (mine) head.append(el("span", {class: "seat-you", text: "(you)"}));
    node.append(head);
    let kind;
    if (info.kind === "human") {
      kind = info.taken ? (info.connected ? "person \u00b7 online" : "person \u00b7 away") : "free seat";
    } else kind = `bot \u00b7 ${info.kind}`;
    node.append(el("div", {class: "seat-kind", "data-connected": String(Boolean(info.connected)), text: kind}));
    const count = view.hand_sizes[seat];
    const backs = el("div", {class: "seat-cards", "data-count": count, title: plural(count, "card")});
    if (!mine) for (let i = 0; i < Math.min(count, 13); i += 1) backs.append(cardBack());
    backs.append(el("span", {class: "seat-count", text: plural(count, "card")}));
    node.append(backs);
    const facts = el("div", {class: "seat-facts"});
    const bids = view.bids.filter(([s]) => s === seat);
    if (bids.length) {
      const last = bids[bids.length - 1][1];
      facts.append(el("span", {class: "seat-bid", "data-bid": last === null ? "pass" : String(last),
        text: last === null ? "pass" : `bid ${last}`}));
    }
    if (view.bidder === seat && view.phase !== "bidding") facts.append(el("span", {class: "chip bidder", text: "bidder"}));
    const sides = new Set(view.side_of);
    if (sides.size < players) facts.append(el("span", {class: "seat-side", text: `side ${view.side_of[seat]}`}));
    if (view.discard_counts[seat]) facts.append(el("span", {class: "seat-discards", text: `${view.discard_counts[seat]} discarded`}));
    node.append(facts);
    const shown = view.shown && view.shown[seat] ? view.shown[seat] : [];
    if (shown.length) node.append(el("div", {class: "seat-shown mini-cards"}, ...shown.map((c) => cardNode(c, {small: true}))));
    if (turn) {
      node.append(el("div", {class: "seat-turn"}, el("span", {class: "turn-arrow", text: mine ? "\u25b6 your turn" : "\u25b6 to move"}),
        page.deadline && page.deadline.seat === seat ? el("span", {class: "seat-deadline"}) : null));
    }
    nodes.push(node);
  }
  seatsNode.replaceChildren(...nodes);
}

function renderTrick(view) {
  const node = $("trick");
  const live = view.trick.length > 0;
  const shown = live ? null : page.shownTrick;
  const plays = live ? view.trick.map(([seat, card]) => ({seat, card}))
    : shown ? shown.cards.map((card, i) => ({seat: shown.seats[i], card})) : [];
  const cards = new Set();
  const nodes = plays.map(({seat, card}, order) => {
    const angle = seatAngle(seat, view.players);
    const card_ = cardNode(card, {seat});
    card_.style.left = `${50 + 14 * Math.cos(angle)}%`;
    card_.style.top = `${50 + 19 * Math.sin(angle)}%`;
    card_.style.zIndex = String(10 + order);
    card_.style.setProperty("--from-x", `${Math.round(220 * Math.cos(angle))}px`);
    card_.style.setProperty("--from-y", `${Math.round(160 * Math.sin(angle))}px`);
    if (!page.trickCards.has(card)) card_.classList.add("fresh");
    if (shown && seat === shown.taker) card_.classList.add("won");
    cards.add(card);
    return card_;
  });
  page.trickCards = cards;
  node.replaceChildren(...nodes);
  node.dataset.count = String(live ? view.trick.length : 0);
  node.dataset.complete = String(Boolean(shown));
  let note = "";
  if (shown) note = `${capitalized(who(shown.taker))} ${shown.taker === page.seat ? "take" : "takes"} the trick`;
  else if (live && view.call) note = `Called: ${view.call}`;
  else if (!live && !view.tricks.length && page.handResults.length && !gameOver()) {
    const result = page.handResults[page.handResults.length - 1]; // between hands: how the last one went
    const made = result.made === null ? "" : result.made ? " and made it" : " and went set";
    note = (result.bidder === null ? "" : `${capitalized(who(result.bidder))} bid ${result.bid}${made}. `)
      + result.awards.map(([name, side]) => `${capitalized(String(name))}: ${side === null ? "nobody" : sideName(side)}`).join(", ");
  }
  $("trick-note").textContent = note;
}

function renderHand() {
  const priv = page.private;
  const hand = priv ? priv.hand : [];
  const legal = priv ? priv.legal_moves : [];
  page.legal = new Set(page.summary.started && !gameOver() ? legal : []);
  page.pickDiscards = legal.length > MAX_MOVE_BUTTONS && legal.every((move) => move === "discard" || move.startsWith("discard "));
  page.selected = new Set([...page.selected].filter((card) => hand.includes(card)));
  if (!page.pickDiscards) page.selected.clear();
  const playing = [...page.legal].some((move) => move.startsWith("play "));
  const handNode = $("hand");
  handNode.dataset.count = String(hand.length);
  handNode.classList.toggle("my-turn", myTurn());
  handNode.replaceChildren(...hand.map((card) => {
    const node = cardNode(card);
    const move = `play ${card}`;
    const playable = page.legal.has(move);
    node.setAttribute("data-playable", String(playable));
    node.setAttribute("role", "button");
    if (playable) {
      node.classList.add("playable");
      node.tabIndex = 0;
      node.title = `play the ${cardWords(card)}`;
      node.onclick = () => { if (!page.sending) sendMove(move); };
      node.onkeydown = (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); node.click(); }
      };
    } else if (page.pickDiscards) {
      node.classList.add("selectable");
      node.tabIndex = 0;
      node.classList.toggle("selected", page.selected.has(card));
      node.setAttribute("data-selected", String(page.selected.has(card)));
      node.onclick = () => {
        if (page.selected.has(card)) page.selected.delete(card);
        else page.selected.add(card);
        node.classList.toggle("selected", page.selected.has(card));
        node.setAttribute("data-selected", String(page.selected.has(card)));
        updateDiscardChoice();
      };
      node.onkeydown = (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); node.click(); }
      };
    } else {
      node.setAttribute("aria-disabled", "true");
      if (playing) node.classList.add("dimmed");
    }
    return node;
  }));
  const notes = [];
  if (priv && priv.discards.length) notes.push(`You discarded ${priv.discards.map(cardShort).join(" ")}.`);
  if (priv && priv.gift.length) notes.push(`You were given ${priv.gift.map(cardShort).join(" ")}.`);
  $("discards").textContent = notes.join(" ");
}

function discardChoice() {
  const hand = page.private ? page.private.hand : [];
  const cards = hand.filter((card) => page.selected.has(card)); // in hand order, as the move's text is
  return ["discard", ...cards].join(" ");
}

function updateDiscardChoice() {
  const choice = discardChoice();
  const legal = page.legal.has(choice);
  $("discard-selected").disabled = !legal || page.sending;
  $("discard-choice").textContent = legal ? `(${choice})` : "(not a discard you may make)";
}

function renderMoves(view) {
  const moves = $("moves");
  moves.replaceChildren();
  const hand = new Set(page.private ? page.private.hand : []);
  $("discard-picker").hidden = !page.pickDiscards;
  if (page.pickDiscards) updateDiscardChoice();
  else {
    for (const move of page.legal) {
      if (move.startsWith("play ") && hand.has(move.slice(5))) continue; // (click the card)
      moves.append(el("button", {
        type: "button", class: "move", "data-move": move, onclick: () => sendMove(move), disabled: page.sending,
      }, ...moveLabel(move)));
    }
  }
  if (!page.legal.size) {
    const text = gameOver() ? "The game is over."
      : !page.summary.started ? "Play starts once every seat is taken."
        : view.to_move === null ? "" : `Waiting for ${seatName(view.to_move)}.`;
    moves.append(el("span", {class: "note", text}));
  } else if ([...page.legal].some((move) => move.startsWith("play ")) && !moves.querySelector("button")) {
    moves.append(el("span", {class: "note", text: "Click a highlighted card to play it."}));
  }
  $("move-text").disabled = false;
}

function renderScores(view) {
  const sides = view.scores.map((score, side) => {
    const mine = page.seat !== null && view.side_of[page.seat] === side;
    return el("tr", {"data-side": side, class: mine ? "mine" : ""},
      el("th", {text: capitalized(sideName(side))}), el("td", {class: "score", text: String(score)}));
  });
  $("scores").replaceChildren(...sides);
}

function renderBids(view) {
  const bids = view.bids.map(([seat, bid]) => el("li", {
    "data-seat": seat, "data-bid": bid === null ? "pass" : String(bid),
    text: `${capitalized(who(seat))}: ${bid === null ? "pass" : "bid " + bid}`,
  }));
  if (!bids.length) {
    bids.push(el("li", {class: "note", text: view.phase === "bidding" ? "No bid yet." : "No auction this hand."}));
  }
  $("bids").replaceChildren(...bids);
}

function renderLastTrick(view) {
  // the last completed trick: of this hand, or (a new hand not played to yet) the last hand's
  let last = null;
  if (view.tricks.length) {
    const [leader, cards, taker] = view.tricks[view.tricks.length - 1];
    last = {leader, cards, taker, seats: view.trick_seats[view.trick_seats.length - 1] || []};
  } else if (page.handResults.length) {
    const tricks = page.handResults[page.handResults.length - 1].tricks;
    if (tricks.length) last = tricks[tricks.length - 1];
  }
  const node = $("last-trick");
  node.dataset.taker = last ? String(last.taker) : "";
  node.replaceChildren();
  if (!last) {
    node.append(el("span", {class: "note", text: "No trick taken yet."}));
    return;
  }
  last.cards.forEach((card, i) => node.append(cardWithLabel(card, last.seats[i], last.taker)));
  node.append(el("p", {class: "note taker", text: `${capitalized(who(last.taker))} took it.`}));
}

function renderHandResult() {
  const node = $("hand-result");
  const count = page.handResults.length;
  if (String(count) === node.dataset.count) return;
  node.dataset.count = String(count);
  if (!count) {
    node.replaceChildren(el("p", {class: "note", text: "No hand finished yet."}));
    return;
  }
  const result = page.handResults[count - 1];
  const made = result.made === null ? "" : result.made ? " and made it" : " and went set";
  let contract = result.bidder === null ? "No auction."
    : `${capitalized(who(result.bidder))} bid ${result.bid}${made}.`;
  if (result.partner !== null && result.partner !== undefined) contract += ` Partner: ${who(result.partner)}.`;
  const awards = el("ul", {id: "hand-result-awards"}, ...result.awards.map(([name, side]) => {
    const decided = result.decided_by ? result.decided_by[name] : null;
    const item = el("li", {"data-award": name, "data-side": side === null ? "" : side},
      el("span", {class: "award-name", text: capitalized(String(name))}), ": ",
      el("span", {class: "award-side", text: side === null ? "nobody" : sideName(side)}));
    if (decided && decided.card) {
      item.append(" (", el("span", {class: `award-card ${/[HD]$/.test(decided.card) || decided.card === "HJ" ? "red-text" : ""}`,
        "data-card": decided.card, text: cardShort(decided.card)}), ` from ${who(decided.seat)}`
        + (decided.taker !== null && decided.taker !== undefined && decided.taker !== decided.seat
          ? `, taken by ${who(decided.taker)})` : ")"));
    }
    return item;
  }));
  const tricks = el("ol", {id: "hand-result-tricks"}, ...result.tricks.map((trick) =>
    el("li", {"data-leader": trick.leader, "data-taker": trick.taker,
      text: trick.cards.map((card, i) => `${who(trick.seats[i])} ${cardShort(card)}`).join(", ")
        + `: ${who(trick.taker)} took it`})));
  const changes = result.delta.map((change, side) => `${sideName(side)} ${change >= 0 ? "+" : ""}${change}`).join(", ");
  node.replaceChildren(
    el("p", {id: "hand-result-contract", text: `Hand ${count}, dealt by ${who(result.dealer)}. ${contract}`}),
    awards,
    el("p", {id: "hand-result-delta", text: `Score changes: ${changes}`}),
    el("details", {}, el("summary", {text: `Tricks (${result.tricks.length})`}), tricks),
  );
}

function renderGameOver(view) {
  const node = $("game-over");
  node.hidden = !gameOver();
  if (node.hidden) return;
  const winners = Array.isArray(view.winners) ? view.winners : [];
  const mine = page.seat !== null && winners.includes(view.side_of[page.seat]);
  node.replaceChildren(el("h3", {text: "Game over"}),
    el("p", {id: "winner", "data-winner": view.winner === null ? "" : view.winner,
      text: capitalized(winnersText(view)) + (mine ? "!" : ".")}));
}

// -- start --------------------------------------------------------------------------------------

$("create-table").onclick = () => createTable().catch(showLobbyFailure);
$("refresh-tables").onclick = () => refreshTables().catch(showLobbyFailure);
$("leave-table").onclick = () => leaveTable();
$("to-lobby").onclick = () => go("");
$("download-history").onclick = () => downloadHistory();
$("discard-selected").onclick = () => {
  const choice = discardChoice();
  if (!page.legal.has(choice)) return;
  page.selected.clear();
  sendMove(choice);
};
$("move-form").onsubmit = (event) => {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (text) {
    sendMove(text);
    $("move-text").value = "";
  }
};
window.addEventListener("hashchange", route);
setInterval(tickDeadline, 250);
setInterval(() => { if (page.ws && page.ws.readyState === WebSocket.OPEN) page.ws.send('{"type":"ping"}'); }, 25000);

route(); // the table in the address (#table=ID: this browser's seat there; #watch=ID), else the lobby
