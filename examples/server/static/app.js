// pitchcore's reference page: a lobby to start or join a table, and one seat at a table.
// Plain JavaScript, no build step. Everything shown at the table comes from the messages
// the server sends this seat: its view (view_to_json) and the events it may see.
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = {C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660"};
const MAX_LOG = 400;
const MAX_MOVE_BUTTONS = 40; // more legal moves than this (discarding: every choice of cards): pick cards instead

const page = {
  ws: null, table: null, seat: null, seats: [], view: null,
  legal: new Set(), selected: new Set(), pickDiscards: false,
};

// -- small helpers ---------------------------------------------------------------------

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("data-")) node.setAttribute(key, String(value));
    else node[key] = value;
  }
  node.append(...children); // strings become text nodes: nothing from the server is parsed as HTML
  return node;
}

function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function seatName(seat) {
  if (seat === page.seat) return "you";
  const kind = page.seats[seat];
  return kind && kind !== "human" ? `seat ${seat} (${kind})` : `seat ${seat}`;
}

function cardNode(text, seat) {
  const node = el("span", {class: "card", "data-card": text, title: text});
  if (text === "HJ" || text === "LJ") {
    node.classList.add("joker");
    node.append(text === "HJ" ? "High joker" : "Low joker");
  } else {
    const suit = text[1];
    if (suit === "H" || suit === "D") node.classList.add("red");
    node.append((text[0] === "T" ? "10" : text[0]) + (SUITS[suit] || suit));
  }
  if (seat !== undefined && seat !== null) {
    node.setAttribute("data-seat", String(seat));
    node.prepend(el("span", {class: "seat", text: seatName(seat)}));
  }
  return node;
}

function setConnection(state, text) {
  const node = $("connection");
  node.dataset.state = state;
  node.textContent = text;
}

function addLog(text, type) {
  const log = $("log");
  log.append(el("li", {"data-type": type, text}));
  while (log.children.length > MAX_LOG) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

// -- the lobby ---------------------------------------------------------------------------

async function loadLobby() {
  const data = await (await fetch("/api/variants")).json();
  const variants = $("variant");
  for (const name of data.variants) variants.append(el("option", {value: name, text: name}));
  variants.value = data.variants.includes("auction-pitch") ? "auction-pitch" : data.variants[0];
  const bots = $("bot");
  for (const name of data.bots) bots.append(el("option", {value: name, text: name}));
  bots.value = data.default_bot;
  document.body.dataset.ready = "true";
  await refreshTables();
}

async function refreshTables() {
  const data = await (await fetch("/api/tables")).json();
  const list = $("tables");
  list.replaceChildren();
  for (const table of data.tables) {
    const item = el("li", {"data-table": table.id},
      `${table.variant} (table ${table.id}): ${table.over ? "over" : table.phase}, ` +
      `${table.hands} hands, scores ${table.scores.join(" ")} `);
    for (const seat of table.seats) {
      if (seat.kind !== "human" || seat.taken || table.over) continue;
      item.append(el("button", {
        type: "button", class: "join", "data-table": table.id, "data-seat": seat.seat,
        text: `sit at seat ${seat.seat}`, onclick: () => join(table.id, seat.seat),
      }), " ");
    }
    for (const name of table.records) item.append(" ", el("a", {href: `/records/${encodeURIComponent(name)}`, text: name}));
    list.append(item);
  }
  if (!data.tables.length) list.append(el("li", {class: "note", text: "No tables yet."}));
}

function lobbyError(text) {
  const node = $("lobby-error");
  node.textContent = text;
  node.hidden = !text;
}

async function createTable() {
  lobbyError("");
  const body = {bot: $("bot").value};
  const rules = $("house-rules").value;
  if (rules.trim()) body.yaml = rules;
  else body.variant = $("variant").value;
  const seats = $("seats").value.trim();
  if (seats) body.seats = seats.split(",").map((kind) => kind.trim());
  const response = await fetch("/api/tables", {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    lobbyError(data.error || `the server answered ${response.status}`);
    return;
  }
  const seat = data.table.seats.find((s) => s.kind === "human");
  if (seat) join(data.table.id, seat.seat);
  else {
    lobbyError("A table of bots only plays by itself: its record is listed below once it ends.");
    await refreshTables();
  }
}

// -- a seat at a table -----------------------------------------------------------------

function join(tableId, seat) {
  disconnect();
  Object.assign(page, {table: tableId, seat, seats: [], view: null, selected: new Set()});
  $("log").replaceChildren();
  $("error").textContent = "";
  $("hand-result").dataset.count = "0";
  const section = $("table");
  Object.assign(section.dataset, {table: tableId, seat: String(seat), moveNumber: "", over: "false"});
  $("lobby").hidden = true;
  section.hidden = false;
  history.replaceState(null, "", `#table=${encodeURIComponent(tableId)}&seat=${seat}`);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}/${seat}`);
  page.ws = ws;
  setConnection("connecting", "connecting...");
  ws.onopen = () => setConnection("open", `table ${tableId}, seat ${seat}`);
  ws.onclose = () => { if (page.ws === ws) setConnection("closed", "disconnected: reload the page to sit down again"); };
  ws.onmessage = (event) => handle(JSON.parse(event.data));
}

function disconnect() {
  if (page.ws) {
    const ws = page.ws;
    page.ws = null;
    ws.close();
  }
}

function leaveTable() {
  disconnect();
  $("table").hidden = true;
  $("lobby").hidden = false;
  history.replaceState(null, "", location.pathname);
  setConnection("offline", "not at a table");
  refreshTables();
}

function handle(message) {
  if (message.type === "welcome") {
    page.seats = message.table.seats.map((seat) => seat.kind);
    addLog(`You sit at seat ${message.seat}: ${message.table.variant}, ${message.table.description}`, "welcome");
  } else if (message.type === "update") {
    for (const event of message.events) addLog(event.text, event.type);
    render(message);
  } else if (message.type === "error") {
    if (message.reason === "seat") { // this seat cannot be had: back to the lobby
      leaveTable();
      lobbyError(message.message);
      return;
    }
    const node = $("error");
    node.textContent = message.message;
    node.dataset.reason = message.reason;
    addLog(`not accepted: ${message.message}`, "error");
    enableMoves(true);
  }
}

function sendMove(text) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) return;
  $("error").textContent = "";
  $("error").dataset.reason = "";
  enableMoves(false); // until the server answers: one move per turn
  page.ws.send(JSON.stringify({type: "move", move: text}));
}

function enableMoves(on) {
  for (const button of $("moves").querySelectorAll("button")) button.disabled = !on;
}

// -- drawing the view --------------------------------------------------------------------

function render(message) {
  const view = message.view;
  page.view = view;
  const section = $("table");
  Object.assign(section.dataset, {
    moveNumber: String(message.move_number), phase: view.phase,
    toMove: view.to_move === null ? "" : String(view.to_move),
    hands: String(view.hand_results.length), over: String(view.phase === "game over"),
  });
  const turn = view.to_move === null ? "" : view.to_move === view.seat ? ": your move" : `: ${seatName(view.to_move)} to move`;
  $("status").textContent = `${view.variant}, you are seat ${view.seat} (side ${view.side_of[view.seat]}); ` +
    `${seatName(view.dealer)} dealt; ${view.phase}${turn}`;
  const waiting = $("waiting");
  waiting.hidden = !message.waiting_for.length;
  waiting.textContent = `Waiting for seat(s) ${message.waiting_for.join(", ")} to be taken before play starts.`;
  renderScores(view);
  renderAuction(view);
  renderTricks(view);
  renderHand(view);
  renderMoves(view, message.waiting_for.length > 0);
  renderHandResult(view);
  renderGameOver(view, message.records);
}

function renderScores(view) {
  const rows = view.scores.map((score, side) => {
    const seats = view.side_of.map((s, seat) => (s === side ? seat : null)).filter((seat) => seat !== null);
    const mine = view.side_of[view.seat] === side;
    return el("tr", {"data-side": side, class: mine ? "mine" : ""},
      el("th", {text: `side ${side} (${seats.map(seatName).join(", ")})`}), el("td", {text: String(score)}));
  });
  $("scores").replaceChildren(...rows);
}

function renderAuction(view) {
  $("bids").replaceChildren(...view.bids.map(([seat, bid]) =>
    el("li", {"data-seat": seat, "data-bid": bid === null ? "pass" : bid,
              text: `${seatName(seat)}: ${bid === null ? "pass" : "bid " + bid}`})));
  // bidder/bid hold the high bid while the auction runs and the winning bid once it is over.
  let contract = view.bidder === null ? "" : view.phase === "bidding"
    ? `High bid so far: ${seatName(view.bidder)}, ${view.bid}.`
    : `${capitalized(seatName(view.bidder))} won the auction at ${view.bid}.`;
  if (view.called !== null) contract += ` Called card: ${view.called}.`;
  if (view.partner !== null) contract += ` Partner: ${seatName(view.partner)}.`;
  $("contract").textContent = contract;
  const trump = $("trump");
  trump.dataset.trump = view.trump || "";
  trump.textContent = view.trump ? `${SUITS[view.trump] || ""} ${view.trump}` : "not yet";
}

function renderTricks(view) {
  $("trick").replaceChildren(...view.trick.map(([seat, card]) => cardNode(card, seat)));
  // The last completed trick: of this hand, or (a new hand not yet played to) the last hand's.
  let last = null;
  if (view.tricks.length) {
    const [leader, cards, taker] = view.tricks[view.tricks.length - 1];
    last = {leader, cards, taker, seats: view.trick_seats[view.trick_seats.length - 1] || []};
  } else if (view.hand_results.length) {
    const tricks = view.hand_results[view.hand_results.length - 1].tricks;
    if (tricks.length) last = tricks[tricks.length - 1];
  }
  const node = $("last-trick");
  node.dataset.taker = last ? String(last.taker) : "";
  node.replaceChildren();
  if (!last) return;
  last.cards.forEach((card, i) => {
    const shown = cardNode(card, last.seats[i]);
    if (last.seats[i] === last.taker) shown.classList.add("won");
    node.append(shown);
  });
  node.append(el("span", {class: "note", text: `${capitalized(seatName(last.taker))} took it`}));
}

function renderHand(view) {
  page.pickDiscards = view.legal_moves.length > MAX_MOVE_BUTTONS &&
    view.legal_moves.every((move) => move === "discard" || move.startsWith("discard "));
  page.selected = new Set([...page.selected].filter((card) => view.hand.includes(card)));
  if (!page.pickDiscards) page.selected.clear();
  $("hand").replaceChildren(...view.hand.map((card) => {
    const node = cardNode(card);
    if (page.pickDiscards) {
      node.classList.add("selectable");
      node.classList.toggle("selected", page.selected.has(card));
      node.onclick = () => {
        if (page.selected.has(card)) page.selected.delete(card);
        else page.selected.add(card);
        node.classList.toggle("selected", page.selected.has(card));
        updateDiscardChoice();
      };
    }
    return node;
  }));
  const notes = [];
  if (view.discards.length) notes.push(`You discarded ${view.discards.join(" ")}.`);
  if (view.gift.length) notes.push(`You were given ${view.gift.join(" ")}.`);
  $("discards").textContent = notes.join(" ");
}

function discardChoice() {
  const cards = page.view.hand.filter((card) => page.selected.has(card)); // in hand order, as the move's text is
  return ["discard", ...cards].join(" ");
}

function updateDiscardChoice() {
  const choice = discardChoice();
  const legal = page.legal.has(choice);
  $("discard-selected").disabled = !legal;
  $("discard-choice").textContent = legal ? `(${choice})` : "(not a discard you may make)";
}

function renderMoves(view, waiting) {
  page.legal = new Set(waiting ? [] : view.legal_moves);
  const moves = $("moves");
  moves.replaceChildren();
  if (waiting) page.pickDiscards = false;
  $("discard-picker").hidden = !page.pickDiscards;
  if (page.pickDiscards) {
    updateDiscardChoice();
    return;
  }
  for (const move of page.legal) {
    moves.append(el("button", {type: "button", class: "move", "data-move": move, text: move, onclick: () => sendMove(move)}));
  }
  if (!page.legal.size) {
    const text = view.phase === "game over" ? "The game is over." : waiting ? "Play starts once every seat is taken."
      : "Not your turn.";
    moves.append(el("span", {class: "note", text}));
  }
}

function renderHandResult(view) {
  const node = $("hand-result");
  const count = view.hand_results.length;
  if (String(count) === node.dataset.count) return;
  node.dataset.count = String(count);
  const result = view.hand_results[count - 1];
  const made = result.made === null ? "" : result.made ? " and made it" : " and went set";
  const contract = result.bidder === null ? "No auction." :
    `${capitalized(seatName(result.bidder))} bid ${result.bid}${made}.` +
    (result.partner === null ? "" : ` Partner: ${seatName(result.partner)}.`);
  const awards = el("ul", {id: "hand-result-awards"}, ...result.awards.map(([name, side]) => {
    const decided = result.decided_by[name];
    let text = `${name}: ${side === null ? "nobody" : "side " + side}`;
    if (decided) {
      text += ` (${decided.card} from ${seatName(decided.seat)}` +
        (decided.taker !== null && decided.taker !== decided.seat ? `, taken by ${seatName(decided.taker)})` : ")");
    }
    return el("li", {"data-award": name, "data-side": side === null ? "" : side, text});
  }));
  const tricks = el("ol", {id: "hand-result-tricks"}, ...result.tricks.map((trick) =>
    el("li", {"data-leader": trick.leader, "data-taker": trick.taker,
              text: trick.cards.map((card, i) => `${seatName(trick.seats[i])} ${card}`).join(", ") +
                `: ${seatName(trick.taker)} took it`})));
  node.replaceChildren(
    el("p", {text: `Hand ${count}, dealt by ${seatName(result.dealer)}. ${contract}`}),
    awards,
    el("p", {id: "hand-result-delta", text: "Score changes: " +
      result.delta.map((change, side) => `side ${side} ${change >= 0 ? "+" : ""}${change}`).join(", ")}),
    el("details", {open: true}, el("summary", {text: `Tricks (${result.tricks.length})`}), tricks),
  );
}

function renderGameOver(view, records) {
  const node = $("game-over");
  node.hidden = view.phase !== "game over";
  if (node.hidden) return;
  const winners = view.winners ?? (view.winner === null ? [] : [view.winner]);  // several: sides won together
  const mine = winners.includes(view.side_of[view.seat]);
  const who = winners.length === 0 ? "nobody wins"
    : `${winners.length === 1 ? "side" : "sides"} ${winners.join(" and ")} win${winners.length === 1 ? "s" : ""}`
      + (mine ? ": you win!" : "");
  node.replaceChildren(el("h3", {text: "Game over"}), el("p", {id: "winner", "data-winner": view.winner ?? "", text: who}));
  if (records.length) {
    node.append(el("p", {text: "Stored: "}, ...records.map((name) =>
      el("a", {class: "record", "data-record": name, href: `/records/${encodeURIComponent(name)}`, text: name + " "}))));
  }
}

// -- start -----------------------------------------------------------------------------------

$("create-table").onclick = () => createTable().catch((error) => lobbyError(String(error)));
$("refresh-tables").onclick = () => refreshTables();
$("leave-table").onclick = () => leaveTable();
$("discard-selected").onclick = () => { const choice = discardChoice(); page.selected.clear(); sendMove(choice); };
$("move-form").onsubmit = (event) => {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (text) sendMove(text);
};

loadLobby().catch((error) => lobbyError(`The server cannot be reached: ${error}`));
const wanted = new URLSearchParams(location.hash.slice(1));
if (wanted.has("table") && wanted.has("seat")) join(wanted.get("table"), Number(wanted.get("seat")));
