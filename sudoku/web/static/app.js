// dlx-sudoku play: the page. Plain JavaScript, no build step, no request leaves this machine
// (every fetch goes to the local server that served the page). This file holds the game and
// its moves, the keys and the actions; board.js draws the board and keeps it up to date.
//
// state: the board the server described (size, symbols, givens, regions, units, spec), the
// player's entries and pencil marks, the undo and redo histories, the selected cell, the time
// played. It is saved to localStorage after every change, so a reload finds the game as it
// was; the player's settings are kept apart, for every game.
"use strict";

const STORE = "dlx-sudoku-play/v1";
const SETTINGS = "dlx-sudoku-play/settings";
const $ = (id) => document.getElementById(id);

let options = null;
let state = null; // {board, entries, marks, history, future, selected, pencil, info,
//                    elapsed, solvedIn, revealed}
let settings = { tidy: true }; // tidy: a placed digit leaves its peers' pencil marks
let running = null; // Date.now() when the clock last started; null while it stands still
let shown = {}; // highlights from the last hint or check: {hint, units, target, wrong}
let latest = 0; // the newest request for a new board: an older answer arriving late is dropped
let hinted = null; // the last hint's placement: {entries, k, digit}, while the grid is as it was

// --- talking to the server -----------------------------------------------------------------

async function call(name, body) {
  const response = await fetch(`/api/${name}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body || {}),
  });
  if (name === "sheet" && response.ok) return response.blob();
  const data = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
  if (!response.ok) throw Object.assign(new Error(data.error || "request failed"), { data });
  return data;
}

function say(text, kind = "") {
  const box = $("message");
  box.textContent = text;
  box.className = `message ${kind}`;
}

async function busy(button, work) {
  button.disabled = true;
  try {
    await work();
  } catch (error) {
    say(error.message, "bad");
  } finally {
    button.disabled = false;
  }
}

// --- state ------------------------------------------------------------------------------------

function save() {
  localStorage.setItem(STORE, JSON.stringify({ ...state, elapsed: played() }));
}

function start(board, info) {
  const n = board.size;
  state = {
    board,
    entries: board.givens.slice(),
    marks: Array.from({ length: n * n }, () => []),
    history: [],
    future: [],
    selected: board.givens.indexOf(0),
    pencil: state ? state.pencil : false,
    info,
    elapsed: 0,
    solvedIn: null,
    revealed: false,
  };
  running = null;
  startClock();
  shown = {};
  hinted = null;
  draw();
  save();
}

// A saved game from before the clock and redo came gets their starting values.
function resume(saved) {
  state = { future: [], elapsed: 0, solvedIn: null, revealed: false, ...saved };
  running = null;
  startClock();
  draw();
  if (state.solvedIn !== null) $("board").classList.add("solved");
}

// --- the clock: it runs while the game is open, unsolved and in sight ----------------------

function played() {
  return state.elapsed + (running === null ? 0 : Date.now() - running);
}

function startClock() {
  if (running === null && state.solvedIn === null && !document.hidden) running = Date.now();
  showClock();
}

function stopClock() {
  state.elapsed = played();
  running = null;
  showClock();
}

function mmss(ms) {
  const seconds = Math.floor(ms / 1000);
  const two = (x) => String(x).padStart(2, "0");
  const hours = Math.floor(seconds / 3600);
  const rest = `${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  return hours ? `${hours}:${rest}` : rest;
}

function showClock() {
  if (state) $("timer").textContent = mmss(played());
}

function onVisibility() {
  if (!state) return;
  if (document.hidden) {
    stopClock();
    save();
  } else startClock();
}

// --- moves ------------------------------------------------------------------------------------

// Sets each [cell, value, marks] of a move; returns the move that sets them back.
function restore(move) {
  const inverse = move.map(([k]) => [k, state.entries[k], state.marks[k].slice()]);
  for (const [k, value, marks] of move) {
    state.entries[k] = value;
    state.marks[k] = marks;
  }
  return inverse;
}

// One undoable move: a list of [cell, value, marks] to set. A new move forgets the redos.
function apply(changes, message) {
  state.history.push(restore(changes));
  state.future = [];
  changed(message);
}

function undo() {
  step(state.history, state.future, "Nothing to undo.");
}

function redo() {
  step(state.future, state.history, "Nothing to redo.");
}

function step(from, to, nothing) {
  const move = from.pop();
  if (!move) return say(nothing);
  to.push(restore(move));
  changed();
}

function changed(message) {
  shown = {};
  hinted = null;
  update();
  save();
  if (message) say(message);
  finished();
}

// The cells that share a unit or a cage with cell k (k among them).
function peersOf(k) {
  const { units, cages } = state.board;
  const groups = [...units, ...(cages || []).map((cage) => cage.cells)];
  return new Set(groups.filter((group) => group.includes(k)).flat());
}

function write(symbol) {
  const k = state.selected;
  const digit = state.board.symbols.indexOf(symbol) + 1;
  if (k < 0 || state.board.givens[k] || digit < 1) return;
  if (state.pencil) {
    if (state.entries[k]) return;
    const marks = state.marks[k].includes(digit)
      ? state.marks[k].filter((d) => d !== digit)
      : [...state.marks[k], digit].sort((a, b) => a - b);
    apply([[k, 0, marks]]);
  } else if (state.entries[k] !== digit) {
    apply([[k, digit, []], ...(settings.tidy ? tidied(k, digit) : [])]);
  }
}

// The changes that take digit out of the pencil marks of cell k's peers.
function tidied(k, digit) {
  return [...peersOf(k)]
    .filter((j) => j !== k && state.marks[j].includes(digit))
    .map((j) => [j, state.entries[j], state.marks[j].filter((d) => d !== digit)]);
}

// Back to the givens with the clock at zero, as one move: Undo brings the entries back.
function restart() {
  const givens = state.board.givens;
  const changes = [];
  state.entries.forEach((d, k) => {
    if (d !== givens[k] || state.marks[k].length) changes.push([k, givens[k], []]);
  });
  Object.assign(state, { elapsed: 0, solvedIn: null, revealed: false });
  running = null;
  startClock();
  const message = "Restarted: the givens alone, the clock at 00:00 (Undo brings your entries back).";
  if (changes.length) apply(changes, message);
  else changed(message);
}

function erase() {
  const k = state.selected;
  if (k < 0 || state.board.givens[k] || (!state.entries[k] && !state.marks[k].length)) return;
  apply([[k, 0, []]]);
}

function conflicts() {
  const bad = new Set();
  for (const unit of state.board.units) {
    const seen = new Map();
    for (const k of unit) {
      const d = state.entries[k];
      if (!d) continue;
      if (seen.has(d)) {
        bad.add(k);
        bad.add(seen.get(d));
      } else seen.set(d, k);
    }
  }
  return bad;
}

// After each move: a grid complete without conflicts is checked, and a solved one stops the
// clock; a grid no longer complete starts it again.
async function finished() {
  if (state.entries.includes(0) || conflicts().size) {
    $("board").classList.remove("solved");
    state.solvedIn = null;
    return startClock();
  }
  const board = state.board;
  const at = played();
  const result = await call("check", { ...board.spec, entries: state.entries });
  if (state.board !== board) return;
  if (result.solved) {
    solved(at);
  } else {
    shown = { wrong: result.wrong };
    update();
    say(`Not yet: ${result.wrong.length} cell(s) differ from the solution.`, "bad");
  }
}

// --- keyboard ---------------------------------------------------------------------------------

const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function onKey(event) {
  if (!state || event.target.closest("input, textarea, select")) return;
  const n = state.board.size;
  const key = event.key;
  const command = event.ctrlKey || event.metaKey;
  if (key === " " && event.target.closest("button")) return; // Space presses the button
  if (command && (key === "y" || key === "Y" || (event.shiftKey && key.toLowerCase() === "z"))) {
    redo();
  } else if (command && key.toLowerCase() === "z") {
    undo();
  } else if (event.ctrlKey || event.metaKey || event.altKey) {
    return;
  } else if (MOVES[key]) {
    const k = Math.max(state.selected, 0);
    const r = (Math.floor(k / n) + MOVES[key][0] + n) % n;
    const c = ((k % n) + MOVES[key][1] + n) % n;
    select(r * n + c);
  } else if (state.board.symbols.includes(key.toUpperCase()) && key !== " ") {
    write(key.toUpperCase());
  } else if (["Backspace", "Delete", "0", "."].includes(key)) {
    erase();
  } else if (key === "p" || key === "P" || key === " ") {
    togglePencil();
  } else if (key === "u" || key === "U") {
    undo();
  } else if (key === "r" || key === "R") {
    redo();
  } else if (key === "h" || key === "H") {
    $("hint").click();
  } else {
    return;
  }
  event.preventDefault();
}

function togglePencil() {
  state.pencil = !state.pencil;
  update();
  save();
}

// --- actions ----------------------------------------------------------------------------------

// The hint's cell while the grid is as the hint found it: a second hint reveals it.
function hintedCell() {
  return hinted && hinted.entries === state.entries.join() ? hinted : null;
}

async function hint() {
  if (hintedCell()) return reveal();
  const board = state.board;
  const entries = state.entries.join();
  const answer = await call("hint", { ...board.spec, entries: state.entries });
  if (state.board !== board) return;
  const [placement] = answer.placements || [];
  hinted = placement && state.entries.join() === entries ? { entries, k: placement[0], digit: placement[1] } : null;
  if (answer.kind === "step") {
    const targets = [...answer.placements, ...answer.eliminations].map(([k]) => k);
    shown = { hint: answer.cells, units: answer.units, target: targets };
    if (answer.placements.length) state.selected = answer.placements[0][0];
    say(`Hint, ${answer.level} (SE ${answer.se.toFixed(1)}): ${answer.message}`);
  } else if (answer.kind === "mistake") {
    shown = { wrong: answer.cells };
    say(answer.message, "bad");
  } else {
    shown = { target: answer.cells || [] };
    say(answer.message, answer.kind === "done" ? "good" : "");
  }
  update();
}

// The digit the last hint places, written for the player (one undoable move).
function reveal() {
  const cell = hintedCell();
  if (!cell) return say("Ask for a hint first: Reveal writes the digit it places.");
  const { k, digit } = cell;
  const n = state.board.size;
  state.revealed = true;
  state.selected = k;
  const where = `r${Math.floor(k / n) + 1}c${(k % n) + 1}`;
  apply(
    [[k, digit, []], ...(settings.tidy ? tidied(k, digit) : [])],
    `Revealed ${state.board.symbols[digit - 1]} at ${where} (Undo takes it back).`,
  );
}

async function check() {
  const board = state.board;
  const result = await call("check", { ...board.spec, entries: state.entries });
  if (state.board !== board) return;
  shown = { wrong: result.fix }; // the player's cells: never a given an entry clashes with
  update();
  if (result.solved) {
    solved(played());
  } else if (result.status === "none") {
    say("This puzzle has no solution.", "bad");
  } else if (result.fix.length) {
    say(`${result.fix.length} cell(s) to fix: they break a rule or differ from the solution.`, "bad");
  } else {
    const left = state.entries.filter((d) => !d).length;
    const several = result.status === "several" ? " (this puzzle has more than one solution)" : "";
    say(`No mistakes so far; ${left} cell(s) to go${several}.`, "good");
  }
}

// The grid is complete and right: the clock stops at the time of the last move.
function solved(at) {
  if (state.solvedIn === null) {
    state.solvedIn = at;
    state.elapsed = at;
    running = null;
    save();
  }
  showClock();
  $("board").classList.add("solved");
  const by = state.revealed ? "Solved with the engine's help" : `Solved in ${mmss(state.solvedIn)}`;
  say(`${by}! Every row, column and region holds each digit once.`, "good");
}

async function solve() {
  const board = state.board;
  const result = await call("solve", board.spec);
  if (state.board !== board) return;
  if (!result.solutions.length) return say("This puzzle has no solution.", "bad");
  // a solve record: the solution in line form, one symbol a cell
  const digits = [...result.solutions[0]].map((symbol) => board.symbols.indexOf(symbol) + 1);
  const changes = [];
  digits.forEach((d, k) => {
    if (state.entries[k] !== d) changes.push([k, d, []]);
  });
  const note = result.status === "several" ? " One of several solutions." : "";
  state.revealed = true;
  if (changes.length) apply(changes, `Solved by the engine (Undo takes it back).${note}`);
}

async function printSheet() {
  const blob = await call("sheet", { ...state.board.spec, caption: $("about").textContent });
  const image = document.createElement("img");
  image.alt = "printable sheet";
  image.src = URL.createObjectURL(blob);
  $("sheet").replaceChildren(image);
  await image.decode();
  window.print();
}

async function generate(event) {
  if (event) event.preventDefault();
  const seedText = $("seed").value.trim();
  if (seedText && !/^\d+$/.test(seedText)) return say("The seed is a whole number (or empty for a random one).", "bad");
  say("Generating...");
  const ticket = ++latest;
  const caged = !options.variants[$("variant").value].digs;
  const made = await call("generate", {
    size: Number($("size").value),
    variant: $("variant").value,
    level: caged ? null : $("level").value || null,
    symmetry: caged ? "none" : $("symmetry").value,
    seed: seedText ? Number(seedText) : null,
  });
  if (ticket !== latest) return;
  const { seed, level, hardest, se, clues, symmetry } = made;
  start(made.board, { seed, level, hardest, se, clues, symmetry });
  const dug = made.minimal === false ? " (time ran out before it was dug down to minimal)" : "";
  const what = level ? `${level} ${made.board.label}` : made.board.label;
  say(`A new ${what} puzzle${dug}: seed ${seed} makes it again.`);
  if (se === undefined) rateShown(); // not awaited: the board is playable meanwhile
}

// The rating on Sudoku Explainer's scale of the board shown, when it is not known yet (a
// pasted puzzle, or a generated one whose rating without chains was a floor): asked of the
// server, shown when it comes, kept with the game. A puzzle without one solution, or one
// the server gives up on, keeps what it had.
async function rateShown() {
  const board = state.board;
  let rated;
  try {
    rated = await call("rate", { ...board.spec });
  } catch {
    return;
  }
  if (state.board !== board) return;
  const { level, hardest, se, se_estimated } = rated;
  state.info = { ...state.info, level, hardest, se, se_estimated };
  caption();
  save();
}

// The new-puzzle form offers the sizes a variant is made at; a killer, made from its cages,
// has no level or symmetry to choose.
function offerSizes() {
  const variant = options.variants[$("variant").value];
  const size = $("size");
  const chosen = Number(size.value) || 9;
  const sizes = options.sizes.filter((n) => n <= variant.largest);
  size.replaceChildren();
  fill(size, sizes.map(String), sizes.map((n) => `${n}x${n}`), String(sizes.includes(chosen) ? chosen : Math.max(...sizes.filter((n) => n <= 9))));
  $("level").disabled = $("symmetry").disabled = !variant.digs;
}

async function paste(event) {
  event.preventDefault();
  $("paste-error").textContent = "";
  try {
    const variant = $("paste-variant").value;
    const body = { puzzle: $("paste-text").value, variant };
    const field = options.variants[variant].map;
    if (field) body[field] = $("paste-map").value;
    const ticket = ++latest;
    const read = await call("read", body);
    if (ticket !== latest) return;
    start(read.board, {});
    say("Puzzle loaded.");
    rateShown();
  } catch (error) {
    $("paste-error").textContent = error.message;
  }
}

// --- setting up -------------------------------------------------------------------------------

function fill(select, values, labels = values, chosen = undefined) {
  for (let i = 0; i < values.length; i++) {
    const option = new Option(labels[i], values[i]);
    select.append(option);
  }
  if (chosen !== undefined) select.value = chosen;
}

async function main() {
  options = await call("options");
  const names = Object.keys(options.variants);
  const labels = names.map((v) => options.variants[v].label);
  fill($("paste-variant"), names, labels, "classic");
  const showMap = () => {
    const field = options.variants[$("paste-variant").value].map;
    $("paste-map").hidden = !field;
    $("paste-map").placeholder = field ? options.variants[$("paste-variant").value].map_help : "";
  };
  $("paste-variant").addEventListener("change", showMap);
  showMap();
  fill($("variant"), names, labels, "classic");
  $("variant").addEventListener("change", offerSizes);
  offerSizes();
  // each level is a band of Sudoku Explainer's scale: "medium (SE 2.6-3.4)"
  const band = (level) => {
    const [low, high] = options.bands[level];
    return `${level} (SE ${low.toFixed(1)}${high === null ? "+" : `-${high.toFixed(1)}`})`;
  };
  fill($("level"), options.levels, options.levels.map(band));
  fill($("symmetry"), options.symmetries, options.symmetries, "rot180");

  settings = { ...settings, ...JSON.parse(localStorage.getItem(SETTINGS) || "{}") };
  $("tidy").checked = settings.tidy;
  $("tidy").addEventListener("change", () => {
    settings.tidy = $("tidy").checked;
    localStorage.setItem(SETTINGS, JSON.stringify(settings));
  });
  document.addEventListener("keydown", onKey);
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("pagehide", () => state && save());
  setInterval(showClock, 250);
  $("pencil").addEventListener("click", togglePencil);
  $("erase").addEventListener("click", erase);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("hint").addEventListener("click", (e) => busy(e.currentTarget, hint));
  $("reveal").addEventListener("click", reveal);
  $("check").addEventListener("click", (e) => busy(e.currentTarget, check));
  $("solve").addEventListener("click", (e) => busy(e.currentTarget, solve));
  $("print").addEventListener("click", (e) => busy(e.currentTarget, printSheet));
  $("new").addEventListener("submit", (e) => busy($("generate"), () => generate(e)));
  $("paste").addEventListener("submit", (e) => busy($("load"), () => paste(e)));

  const saved = JSON.parse(localStorage.getItem(STORE) || "null");
  if (saved && saved.board && saved.entries) {
    resume(saved);
    say("Welcome back: your game is as you left it.");
  } else {
    await busy($("generate"), generate);
  }
  document.body.dataset.ready = "true";
}

main().catch((error) => say(`The page could not start: ${error.message}`, "bad"));
