// Tempo's page: a board that plays through the JSON API of `tempo serve` (docs/serve.md).
//
// The server is the referee: the page keeps only the game's start (variant, FEN) and its moves in
// PDN, and asks POST /api/v1/position for the position, the status and the legal moves (each with
// its route of squares) whenever the shown position changes. A click, a drag or a typed move is
// matched against those routes, so the page never needs the rules. Tempo's moves come from
// POST /api/v1/analyse, a stream of server-sent events whose lines (depth, score, PV) are shown
// while it thinks.
"use strict";

const api = (path) => `/api/v1${path}`;
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

const state = {
  variants: {},        // name -> {size, squares: [board name of square 1..n], start_fen, first_to_move}
  variant: "english",
  startFen: null,      // null: the variant's start
  moves: [],           // PDN texts of the whole line, also past the shown position (redo)
  cursor: 0,           // how many of `moves` are played in the shown position
  game: null,          // the server's view of the shown position
  selected: [],        // the squares picked so far of the move being made (a route prefix)
  hint: null,          // a move of the shown position to show, or null
  flipped: false,
  tempo: "white",      // the side Tempo plays: "white", "black" or "none"
  level: "medium",
  keyCursor: null,     // the cell {col, row} of the keyboard cursor on the board
  serial: 0,           // bumps on every change; answers to older requests are dropped
  thinking: null,      // the AbortController of Tempo's search, while it runs
  ballots: null,
};

// --- The server ------------------------------------------------------------------------------

// Requests under way: while there are any, <body data-busy="1"> (the browser test waits on it;
// the page shows a busy pointer).
let pending = 0;
function busy(delta) {
  pending += delta;
  document.body.dataset.busy = pending > 0 ? "1" : "0";
}

async function call(path, body, signal) {
  busy(+1);
  try {
    return await fetchJson(path, body, signal);
  } finally {
    busy(-1);
  }
}

async function fetchJson(path, body, signal) {
  const response = await fetch(api(path), {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error ? data.error.message : `HTTP ${response.status}`);
  return data;
}

function gameRequest(upTo = state.cursor) {
  const body = { variant: state.variant, moves: state.moves.slice(0, upTo) };
  if (state.startFen) body.fen = state.startFen;
  return body;
}

// Reads a text/event-stream answer, calling onEvent(name, data) for each event.
async function stream(path, body, signal, onEvent) {
  busy(+1);
  try {
    await readStream(path, body, signal, onEvent);
  } finally {
    busy(-1);
  }
}

async function readStream(path, body, signal, onEvent) {
  const response = await fetch(api(path), {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal,
  });
  if (!response.ok) {
    const data = await response.json();
    throw new Error(data.error ? data.error.message : `HTTP ${response.status}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message", data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) name = line.slice(7);
        else if (line.startsWith("data: ")) data += line.slice(6);
      }
      onEvent(name, JSON.parse(data));
    }
  }
}

// --- The board's geometry ----------------------------------------------------------------------

function size() { return state.variants[state.variant].size; }

// Where square n (1-based) is drawn: its board name ("c3") gives file and rank; rank 1 at the
// bottom unless the board is flipped.
function cell(n) {
  const name = state.variants[state.variant].squares[n - 1];
  const file = name.charCodeAt(0) - 97;
  const rank = parseInt(name.slice(1), 10);
  let col = file, row = size() - rank;
  if (state.flipped) { col = size() - 1 - col; row = size() - 1 - row; }
  return { col, row };
}

function squareAt(col, row) {
  const squares = state.variants[state.variant].squares;
  for (let n = 1; n <= squares.length; n++) {
    const c = cell(n);
    if (c.col === col && c.row === row) return n;
  }
  return null;
}

function pieceOn(n) { return state.game.pieces.find((p) => p.square === n) || null; }

// The piece jumped on the way from square a to square b (one diagonal, any length), or null.
function jumped(a, b) {
  const ca = cell(a), cb = cell(b);
  const dc = Math.sign(cb.col - ca.col), dr = Math.sign(cb.row - ca.row);
  for (let c = ca.col + dc, r = ca.row + dr; c !== cb.col; c += dc, r += dr) {
    const n = squareAt(c, r);
    if (n && pieceOn(n)) return n;
  }
  return null;
}

// --- Moves by click, drag and keyboard ---------------------------------------------------------

function humanToMove() {
  return state.game && !state.game.status.over && state.game.side_to_move !== state.tempo && !state.thinking;
}

function startsWith(path, prefix) { return prefix.every((s, i) => path[i] === s); }

// The legal moves whose route begins with the squares picked so far.
function candidates() {
  return state.game.legal_moves.filter((m) => startsWith(m.path, state.selected));
}

// The next squares the picked piece may go to.
function targets() {
  if (state.selected.length === 0) return [];
  return [...new Set(candidates().filter((m) => m.path.length > state.selected.length).map((m) => m.path[state.selected.length]))];
}

// A square was picked (click, end of a drag, Enter): choose a piece, take a step, or finish a move.
function pick(n) {
  if (!humanToMove() || n === null) return;
  const moves = state.game.legal_moves;
  if (state.selected.length > 0 && n === state.selected[state.selected.length - 1]) {
    // The square the picked piece stands on: keep the pick (a drag goes on from there).
  } else if (state.selected.length > 0 && targets().includes(n)) {
    state.selected.push(n);
    const left = candidates();
    const done = left.filter((m) => m.path.length === state.selected.length);
    if (done.length > 0 && left.every((m) => m.path.length === state.selected.length)) {
      playerMove(done[0].pdn);
      return;
    }
  } else if (moves.some((m) => m.path[0] === n)) {
    state.selected = [n];
  } else {
    state.selected = [];
  }
  draw();
}

// The player's move: the line under the board (a hint, Tempo's last line) is old now.
function playerMove(pdn) {
  $("thinking").textContent = "";
  play(pdn);
}

function play(pdn) {
  state.moves = state.moves.slice(0, state.cursor);
  state.moves.push(pdn);
  state.cursor = state.moves.length;
  update();
}

// --- Showing a position ---------------------------------------------------------------------

// Stops Tempo's search, if one runs (its last line stays shown until the next one).
function stopThinking() {
  if (state.thinking) {
    state.thinking.abort();
    $("thinking").textContent = "";
  }
  state.thinking = null;
}

// Asks the server for the shown position, draws it, then lets Tempo move if it is its turn.
async function update() {
  stopThinking();
  const serial = ++state.serial;
  state.selected = [];
  state.hint = null;
  try {
    const game = await call("/position", gameRequest());
    if (serial !== state.serial) return;
    state.game = game;
  } catch (e) {
    if (serial === state.serial) setStatus(`Error: ${e.message}`);
    return;
  }
  draw();
  maybeTempo();
}

function setStatus(text) { $("status").textContent = text; }

function describe() {
  const g = state.game;
  if (g.status.over) return "Game over";
  const side = g.side_to_move === "white" ? "White" : "Black";
  if (state.thinking) return `${side} to move: Tempo is thinking…`;
  if (g.side_to_move === state.tempo) return `${side} to move (Tempo)`;
  return `${side} to move`;
}

function draw() {
  const g = state.game;
  if (!g) return;
  const n = size();
  const svg = $("board");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.replaceChildren();
  const last = state.cursor > 0 ? g.moves[state.cursor - 1] : null;
  const tgt = targets();
  const hintPath = state.hint ? state.hint.path : [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const rect = document.createElementNS(SVG, "rect");
      rect.setAttribute("x", col); rect.setAttribute("y", row);
      rect.setAttribute("width", 1); rect.setAttribute("height", 1);
      const sq = (row + col) % 2 === 1 ? squareAt(col, row) : null;
      let cls = sq ? "dark" : "light";
      if (sq) {
        if (last && (sq === last.path[0] || sq === last.path[last.path.length - 1])) cls += " last";
        if (hintPath.includes(sq)) cls += " hint";
        if (state.selected.includes(sq)) cls += " from";
        if (tgt.includes(sq)) cls += " target";
        rect.dataset.square = sq;
      }
      rect.setAttribute("class", cls);
      svg.append(rect);
      if (sq) {
        const label = document.createElementNS(SVG, "text");
        label.setAttribute("x", col + 0.05); label.setAttribute("y", row + 0.22);
        label.setAttribute("class", "number");
        label.textContent = sq;
        svg.append(label);
      }
    }
  }
  // The pieces; during a multi-capture the moving piece stands on its last landing square and
  // the pieces it has jumped so far are faded.
  const moving = state.selected.length > 1 ? state.selected[0] : null;
  const taken = new Set();
  for (let i = 1; i < state.selected.length; i++) {
    const j = jumped(state.selected[i - 1], state.selected[i]);
    if (j) taken.add(j);
  }
  for (const p of g.pieces) {
    const at = p.square === moving ? state.selected[state.selected.length - 1] : p.square;
    drawPiece(svg, at, p, taken.has(p.square) ? "taken" : "");
  }
  if (state.keyCursor && document.activeElement === svg) {
    const c = state.keyCursor;
    const r = document.createElementNS(SVG, "rect");
    r.setAttribute("x", c.col + 0.04); r.setAttribute("y", c.row + 0.04);
    r.setAttribute("width", 0.92); r.setAttribute("height", 0.92);
    r.setAttribute("class", "cursor");
    svg.append(r);
  }
  drawMoves();
  const over = g.status.over;
  $("result").hidden = !over;
  if (over) $("result").textContent = `Game over. ${capitalise(g.status.description)}.`;
  setStatus(describe());
  $("undo").disabled = state.cursor === 0;
  $("redo").disabled = state.cursor >= state.moves.length;
  $("hint").disabled = over || !humanToMove();
  $("ballot").disabled = state.variant !== "english";
}

function capitalise(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

function drawPiece(svg, square, p, extra) {
  const c = cell(square);
  const g = document.createElementNS(SVG, "g");
  g.setAttribute("class", `piece-group ${extra}`);
  g.dataset.piece = `${p.color}${p.king ? "-king" : ""}`;
  g.dataset.square = square;
  const circle = document.createElementNS(SVG, "circle");
  circle.setAttribute("cx", c.col + 0.5); circle.setAttribute("cy", c.row + 0.5);
  circle.setAttribute("r", 0.38);
  circle.setAttribute("class", `piece ${p.color}`);
  g.append(circle);
  if (p.king) {
    // A crown: three points on a band.
    const x = c.col + 0.5, y = c.row + 0.5;
    const crown = document.createElementNS(SVG, "path");
    crown.setAttribute("d", `M${x - 0.2} ${y + 0.1} L${x - 0.2} ${y - 0.1} L${x - 0.1} ${y} L${x} ${y - 0.14} L${x + 0.1} ${y} L${x + 0.2} ${y - 0.1} L${x + 0.2} ${y + 0.1} Z`);
    crown.setAttribute("class", `crown ${p.color}`);
    g.append(crown);
  }
  svg.append(g);
}

function drawMoves() {
  const list = $("moves");
  list.replaceChildren();
  // One item per move pair, numbered as PDN numbers them; each move a button to its position.
  const firstBlack = (state.game.start_fen || "B")[0] === "B";
  const texts = state.moves;
  let li = null;
  texts.forEach((text, i) => {
    const sideIsFirst = (i % 2 === 0);
    if (sideIsFirst || !li) {
      li = document.createElement("li");
      list.append(li);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.dataset.ply = i + 1;
    b.title = `${(i % 2 === 0) === firstBlack ? "Black" : "White"}: ${text}`;
    if (i + 1 === state.cursor) b.className = "current";
    b.addEventListener("click", () => { state.cursor = i + 1; update(); });
    li.append(b);
  });
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

// --- Tempo's moves, hints ------------------------------------------------------------------

function scoreText(info) {
  return `depth ${info.depth} · score ${info.score.text} · ${info.pv.pdn.join(" ")}`;
}

async function maybeTempo() {
  const g = state.game;
  if (!g || g.status.over || g.side_to_move !== state.tempo || state.cursor !== state.moves.length) return;
  const serial = state.serial;
  const controller = new AbortController();
  state.thinking = controller;
  let last = null;  // the last line of the search, shown with the move
  setStatus(describe());
  draw();
  try {
    await stream("/analyse", { ...gameRequest(), level: state.level }, controller.signal, (event, data) => {
      if (serial !== state.serial) return;
      if (event === "info") {
        last = data;
        $("thinking").textContent = `Tempo thinks: ${scoreText(data)}`;
      }
      if (event === "bestmove") {
        state.thinking = null;
        $("thinking").textContent = `Tempo played ${data.move.pdn}` + (last ? ` (${scoreText(last)})` : "");
        play(data.move.pdn);
      }
    });
  } catch (e) {
    if (e.name !== "AbortError" && serial === state.serial) setStatus(`Error: ${e.message}`);
  } finally {
    if (state.thinking === controller) state.thinking = null;
  }
}

async function hint() {
  if (!humanToMove()) return;
  const serial = state.serial;
  $("thinking").textContent = "Looking for a hint…";
  try {
    const r = await call("/engine-move", { ...gameRequest(), movetime_ms: 700 });
    if (serial !== state.serial) return;
    state.hint = r.move;
    $("thinking").textContent = `Hint: ${r.move.pdn} (${r.move.name}), score ${r.score.text}`;
    draw();
  } catch (e) {
    $("thinking").textContent = `Hint failed: ${e.message}`;
  }
}

// --- Undo, redo, new games -----------------------------------------------------------------

// The side to move after `ply` moves: the start's side on even plies.
function sideAt(ply) {
  const first = (state.game.start_fen || "B")[0] === "B" ? "black" : "white";
  return ply % 2 === 0 ? first : (first === "black" ? "white" : "black");
}

function undo() {
  if (state.cursor === 0) return;
  state.cursor--;
  // Against Tempo, go back to a position where the player is to move.
  while (state.cursor > 0 && state.tempo !== "none" && sideAt(state.cursor) === state.tempo) state.cursor--;
  update();
}

function redo() {
  if (state.cursor >= state.moves.length) return;
  state.cursor++;
  while (state.cursor < state.moves.length && state.tempo !== "none" && sideAt(state.cursor) === state.tempo) state.cursor++;
  update();
}

function readSettings() {
  state.variant = $("variant").value;
  state.tempo = $("tempo-side").value;
  state.level = $("level").value;
}

function newGame(fen = null, moves = []) {
  readSettings();
  state.startFen = fen;
  state.moves = moves;
  state.cursor = moves.length;
  // Black starts at the top in every game: a player who has Black sees the board turned round.
  state.flipped = state.tempo === "white";
  $("record-message").textContent = "";
  $("thinking").textContent = "";
  update();
}

async function ballot() {
  try {
    if (!state.ballots) state.ballots = (await call("/ballots")).ballots;
    const b = state.ballots[Math.floor(Math.random() * state.ballots.length)];
    $("variant").value = "english";
    newGame(null, b.moves.slice());
    $("record-message").textContent = `Ballot ${b.number}: ${b.moves.join(" ")}`;
  } catch (e) {
    recordError(e.message);
  }
}

// --- PDN and FEN -------------------------------------------------------------------------

function recordError(text) {
  const m = $("record-message");
  m.textContent = text;
  m.className = "error";
}
function recordNote(text) {
  const m = $("record-message");
  m.textContent = text;
  m.className = "";
}

// Loads the text box: a PDN game (tags or move numbers) or a FEN of the chosen game. A refused
// text changes nothing.
async function load(text) {
  text = text.trim();
  if (!text) return recordError("Nothing to load: paste a PDN game or a FEN first.");
  try {
    if (text.startsWith("[") || /^\d+\./.test(text)) {
      const g = await call("/pdn/load", { pdn: text });
      $("variant").value = g.variant;
      readSettings();
      const standard = g.start_fen === state.variants[g.variant].start_fen;
      state.startFen = standard ? null : g.start_fen;
      state.moves = g.moves.map((m) => m.pdn);
      state.cursor = state.moves.length;
      state.tempo = "none";
      $("tempo-side").value = "none";
      recordNote(`Loaded a game of ${g.moves.length} moves (two players; pick a side for Tempo and start a new game to play it).`);
    } else {
      readSettings();
      await call("/position", { variant: state.variant, fen: text });
      state.startFen = text;
      state.moves = [];
      state.cursor = 0;
      recordNote(`Loaded the position (${state.variant}).`);
    }
    update();
  } catch (e) {
    recordError(e.message);
  }
}

async function savePdn() {
  try {
    const tags = { Event: "Tempo in the browser", Date: new Date().toISOString().slice(0, 10).replaceAll("-", ".") };
    const r = await call("/pdn/save", { ...gameRequest(state.moves.length), tags });
    $("record").value = r.pdn;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([r.pdn], { type: "application/x-pdn" }));
    link.download = "tempo-game.pdn";
    document.body.append(link);
    link.click();
    link.remove();
    recordNote("The game is in the box and saved as tempo-game.pdn.");
  } catch (e) {
    recordError(e.message);
  }
}

// --- Keyboard ----------------------------------------------------------------------------

// On the focused board the arrow keys move a cursor over the cells, Enter or Space picks the
// square under it (as a click does), Escape drops the piece picked.
function boardKey(e) {
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const c = state.keyCursor || { col: 0, row: size() - 1 };
  if (e.key in steps) {
    e.preventDefault();
    const [dc, dr] = steps[e.key];
    state.keyCursor = { col: Math.min(size() - 1, Math.max(0, c.col + dc)), row: Math.min(size() - 1, Math.max(0, c.row + dr)) };
    draw();
    return true;
  }
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    state.keyCursor = c;
    pick(squareAt(c.col, c.row));
    draw();
    return true;
  }
  if (e.key === "Escape") { state.selected = []; draw(); return true; }
  return false;
}

function globalKey(e) {
  const tag = e.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || e.altKey || e.metaKey) return;
  if (e.target === $("board") && boardKey(e)) return;
  if (e.ctrlKey) {
    if (e.key === "z") { e.preventDefault(); undo(); }
    if (e.key === "y") { e.preventDefault(); redo(); }
    return;
  }
  const keys = {
    ArrowLeft: () => { if (state.cursor > 0) { state.cursor--; update(); } },
    ArrowRight: () => { if (state.cursor < state.moves.length) { state.cursor++; update(); } },
    Home: () => { state.cursor = 0; update(); },
    End: () => { state.cursor = state.moves.length; update(); },
    f: () => { state.flipped = !state.flipped; draw(); },
    h: hint, u: undo, r: redo, n: () => newGame(),
  };
  if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
}

// --- Pointer: click and drag ----------------------------------------------------------------

function squareOfEvent(e) {
  const svg = $("board");
  const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM().inverse());
  const col = Math.floor(pt.x), row = Math.floor(pt.y);
  if (col < 0 || row < 0 || col >= size() || row >= size()) return null;
  return squareAt(col, row);
}

let drag = null;  // {from, ghost}

function pointerDown(e) {
  if (!state.game) return;
  const n = squareOfEvent(e);
  pick(n);
  if (state.selected.length > 0 && state.selected[state.selected.length - 1] === n) {
    // Start dragging a copy of the piece.
    const svg = $("board");
    svg.setPointerCapture(e.pointerId);
    const p = pieceOn(state.selected[0]);
    const ghost = document.createElementNS(SVG, "circle");
    ghost.setAttribute("r", 0.38);
    ghost.setAttribute("class", `piece ${p.color} ghost`);
    ghost.setAttribute("visibility", "hidden");
    svg.append(ghost);
    drag = { from: n, ghost };
  }
}

function pointerMove(e) {
  if (!drag) return;
  const svg = $("board");
  const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM().inverse());
  drag.ghost.setAttribute("cx", pt.x); drag.ghost.setAttribute("cy", pt.y);
  drag.ghost.setAttribute("visibility", "visible");
}

function pointerUp(e) {
  if (!drag) return;
  const to = squareOfEvent(e);
  const from = drag.from;
  drag.ghost.remove();
  drag = null;
  if (to !== null && to !== from) pick(to);
}

// --- Start --------------------------------------------------------------------------------

async function start() {
  try {
    const v = await call("/variants");
    for (const x of v.variants) state.variants[x.name] = x;
  } catch (e) {
    setStatus(`Cannot reach the server: ${e.message}`);
    return;
  }
  $("new").addEventListener("click", () => newGame());
  $("ballot").addEventListener("click", ballot);
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("flip").addEventListener("click", () => { state.flipped = !state.flipped; draw(); });
  $("level").addEventListener("change", () => { state.level = $("level").value; });
  $("tempo-side").addEventListener("change", () => { state.tempo = $("tempo-side").value; update(); });
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("move-input").value.trim();
    const m = state.game && state.game.legal_moves.find((x) => x.pdn === text || x.name === text);
    if (!m || !humanToMove()) {
      setStatus(m ? "Not your move now." : `Not a legal move here: ${text}`);
      return;
    }
    $("move-input").value = "";
    playerMove(m.pdn);
  });
  $("load").addEventListener("click", () => load($("record").value));
  $("save-pdn").addEventListener("click", savePdn);
  $("show-fen").addEventListener("click", () => {
    $("record").value = state.game.fen;
    recordNote("The FEN of the shown position is in the box.");
  });
  $("file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    const text = await f.text();
    $("record").value = text;
    load(text);
    e.target.value = "";
  });
  const svg = $("board");
  svg.addEventListener("pointerdown", pointerDown);
  svg.addEventListener("pointermove", pointerMove);
  svg.addEventListener("pointerup", pointerUp);
  svg.addEventListener("pointercancel", () => { if (drag) { drag.ghost.remove(); drag = null; } });
  svg.addEventListener("focus", draw);
  svg.addEventListener("blur", draw);
  document.addEventListener("keydown", globalKey);
  newGame();
}

start();
