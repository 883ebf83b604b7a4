// dlx-sudoku play: drawing the board (an ARIA grid of cells, killer cages, the digit pad) and
// keeping it up to date after every change: digits and pencil marks, the selection and its
// peers, conflicts, the highlights of a hint or a check, the digits left. It reads the
// page's state (app.js); app.js calls draw() for a new board and update() after a move.
"use strict";

let cells = []; // the cell elements of the drawn board
let keys = []; // the digit pad's buttons
let cageText = []; // for each cell, what a screen reader hears of its cage ("" outside one)
let contents = []; // inside each cell, what update() rewrites (a digit or pencil marks)

// --- drawing ------------------------------------------------------------------------------------

// The grid as ARIA wants it (grid > row > gridcell); one cell at a time is in the Tab order.
function draw() {
  const { size: n, cages } = state.board;
  const board = $("board");
  board.style.setProperty("--n", n);
  board.classList.remove("solved");
  board.setAttribute("aria-label", `${n}x${n} sudoku grid`);
  board.setAttribute("aria-rowcount", n);
  board.setAttribute("aria-colcount", n);
  board.replaceChildren();
  const cageOf = new Map();
  (cages || []).forEach((cage, c) => cage.cells.forEach((k) => cageOf.set(k, c)));
  cageText = Array.from({ length: n * n }, (_, k) => {
    const cage = cages && cages[cageOf.get(k)];
    return cage ? `, in a cage of ${cage.cells.length} cells adding up to ${cage.sum}` : "";
  });
  cells = [];
  contents = [];
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "row");
    row.setAttribute("aria-label", `row ${r + 1}`);
    for (let c = 0; c < n; c++) row.append(drawCell(r * n + c, cageOf));
    board.append(row);
  }
  drawKeypad();
  caption();
  update();
}

// The line above the board: what the puzzle is, its level and rating, how it was made.
function caption() {
  const n = state.board.size;
  const info = state.info || {};
  const parts = [state.board.label, `${n}x${n}`];
  const hardest = info.hardest && info.level !== "expert" ? ` (${info.hardest})` : "";
  // SE: the rating on Sudoku Explainer's scale; "+" when it is a floor (past the ladder)
  const se = typeof info.se === "number" ? `, SE ${info.se.toFixed(1)}${info.se_estimated ? "+" : ""}` : "";
  if (info.level) parts.push(`level ${info.level}${se}${hardest}`);
  if (info.seed !== undefined && info.seed !== null) parts.push(`seed ${info.seed}`);
  if (info.clues) parts.push(`${info.clues} clues`);
  if (info.symmetry && info.symmetry !== "none") parts.push(info.symmetry);
  $("about").textContent = parts.join(" · ");
}

function drawCell(k, cageOf) {
  const { size: n, regions, extra, givens } = state.board;
  const r = Math.floor(k / n), c = k % n;
  const cell = document.createElement("div");
  cell.className = "cell";
  cell.setAttribute("role", "gridcell");
  cell.tabIndex = -1;
  cell.dataset.index = k;
  cell.dataset.cell = `r${r + 1}c${c + 1}`;
  if (c === n - 1) cell.classList.add("last-col");
  else if (regions[k] !== regions[k + 1]) cell.classList.add("br");
  if (r === n - 1) cell.classList.add("last-row");
  else if (regions[k] !== regions[k + n]) cell.classList.add("bb");
  if (extra.some((region) => region.includes(k))) cell.classList.add("extra");
  if (givens[k]) {
    cell.classList.add("given");
    cell.setAttribute("aria-readonly", "true");
  }
  cell.addEventListener("pointerdown", () => select(k));
  if (cageOf.has(k)) cell.append(cageOutline(k, cageOf, n));
  const content = document.createElement("div");
  content.className = "content";
  cell.append(content);
  cells.push(cell);
  contents.push(content);
  return cell;
}

function drawKeypad() {
  keys = [...state.board.symbols].map((symbol) => {
    const key = document.createElement("button");
    key.type = "button";
    key.dataset.symbol = symbol;
    const left = document.createElement("span");
    left.className = "left";
    key.append(symbol, left);
    key.addEventListener("click", () => write(symbol));
    return key;
  });
  $("keypad").replaceChildren(...keys);
}

// A killer cage's dashed outline inside cell k: a side is drawn where the cage ends; the
// cage's first cell carries its sum.
function cageOutline(k, cageOf, n) {
  const c = cageOf.get(k);
  const cage = state.board.cages[c];
  const outline = document.createElement("div");
  outline.className = "cage";
  const same = (j, inside) => inside && cageOf.get(j) === c;
  if (!same(k - n, k >= n)) outline.classList.add("t");
  if (!same(k + n, k < n * n - n)) outline.classList.add("b");
  if (!same(k - 1, k % n > 0)) outline.classList.add("l");
  if (!same(k + 1, k % n < n - 1)) outline.classList.add("r");
  if (Math.min(...cage.cells) === k) {
    const sum = document.createElement("span");
    sum.className = "sum";
    sum.textContent = cage.sum;
    outline.append(sum);
  }
  return outline;
}

function update() {
  const { size: n, symbols, units } = state.board;
  const bad = conflicts();
  const k0 = state.selected;
  const selectedDigit = k0 >= 0 ? state.entries[k0] : 0;
  const peers = k0 >= 0 ? peersOf(k0) : new Set();
  const hint = new Set(shown.hint || []);
  const hintUnits = new Set((shown.units || []).flatMap((u) => units[u]));
  const target = new Set(shown.target || []);
  const wrong = new Set(shown.wrong || []);
  const columns = Math.ceil(Math.sqrt(n));
  cells.forEach((cell, k) => {
    const digit = state.entries[k];
    const content = contents[k];
    if (digit) {
      content.textContent = symbols[digit - 1];
    } else if (state.marks[k].length) {
      const marks = document.createElement("div");
      marks.className = "marks";
      marks.style.gridTemplateColumns = `repeat(${columns}, 1fr)`;
      marks.style.gridTemplateRows = `repeat(${Math.ceil(n / columns)}, 1fr)`;
      for (let d = 1; d <= n; d++) {
        const mark = document.createElement("span");
        mark.textContent = state.marks[k].includes(d) ? symbols[d - 1] : "";
        marks.append(mark);
      }
      content.replaceChildren(marks);
    } else {
      content.textContent = "";
    }
    const toggle = (name, on) => cell.classList.toggle(name, on);
    toggle("selected", k === k0);
    toggle("peer", peers.has(k) && k !== k0);
    toggle("same", Boolean(selectedDigit) && digit === selectedDigit && k !== k0);
    toggle("conflict", bad.has(k));
    toggle("hint", hint.has(k));
    toggle("hint-unit", hintUnits.has(k));
    toggle("target", target.has(k));
    toggle("wrong", wrong.has(k));
    cell.setAttribute("aria-selected", k === k0 ? "true" : "false");
    cell.setAttribute("aria-label", describe(k, bad));
    cell.tabIndex = k === Math.max(k0, 0) ? 0 : -1;
  });
  if (cells.includes(document.activeElement)) cells[Math.max(k0, 0)].focus();
  $("pencil").setAttribute("aria-pressed", state.pencil ? "true" : "false");
  updateKeypad();
  showClock();
}

// What a screen reader says of cell k: where it is, what it holds, its pencil marks.
function describe(k, bad) {
  const { size: n, symbols, givens } = state.board;
  const where = `row ${Math.floor(k / n) + 1}, column ${(k % n) + 1}`;
  const digit = state.entries[k];
  const marks = state.marks[k].map((d) => symbols[d - 1]).join(" ");
  let what = "empty";
  if (digit) what = `${givens[k] ? "given" : "entered"} ${symbols[digit - 1]}`;
  else if (marks) what = `empty, pencil marks ${marks}`;
  return `${where}, ${what}${bad.has(k) ? ", in conflict" : ""}${cageText[k]}`;
}

// Each digit's key shows how many are left to place; a digit placed everywhere is greyed.
function updateKeypad() {
  const n = state.board.size;
  const placed = new Array(n + 1).fill(0);
  for (const d of state.entries) placed[d]++;
  keys.forEach((key, i) => {
    const left = Math.max(n - placed[i + 1], 0);
    key.querySelector(".left").textContent = left;
    key.classList.toggle("done", left === 0);
    key.setAttribute("aria-label", `${key.dataset.symbol}, ${left ? `${left} left` : "all placed"}`);
  });
}

function select(k) {
  state.selected = k;
  update();
  save();
}
