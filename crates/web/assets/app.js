// ply's page: pick a game, a variant and who sits in each seat (a person or an engine
// level), then play by clicking the board. Everything goes through the JSON API under /api.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

const ui = {
  games: [],          // from GET /api/games
  maxTime: 5000,
  view: null,         // the current game's view
  seats: [],          // per seat: 'human' or a level name
  paused: false,
  thinking: false,
  generation: 0,      // bumped by new game / undo so stale engine answers are dropped
  selectedPeg: null,  // halma: [x, y] of the peg picked first
  solverView: false,  // the "Solver view" toggle
  // The solver view's answer: for which position (key: game id and version), the answer
  // or the error, and whether a request is out (one at a time: the latest position is
  // asked for when it comes back).
  solver: { key: null, answer: null, error: null },
  solverAsking: false,
};

// ---------- API ----------

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch('/api' + path, options);
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = new Error(data && data.error ? data.error.message : response.statusText);
    error.kind = data && data.error ? data.error.kind : 'http';
    throw error;
  }
  return data;
}

function showError(message) {
  const box = $('error');
  box.textContent = message || '';
  box.hidden = !message;
}

// ---------- setup panel ----------

function gameInfo() {
  return ui.games.find((g) => g.name === $('game').value);
}

// A game with a "players" setting seats that many; otherwise every seat it describes.
function seatCount() {
  const players = document.querySelector('[data-variant="players"]');
  return players ? Number(players.value) : gameInfo().seats.length;
}

function fillVariants() {
  const box = $('variants');
  box.replaceChildren();
  for (const v of gameInfo().variants) {
    const label = document.createElement('label');
    label.textContent = v.label + ' ';
    const select = document.createElement('select');
    select.dataset.variant = v.key;
    for (const choice of v.choices) {
      const option = document.createElement('option');
      option.value = choice === null ? '' : String(choice);
      option.textContent = choice === null ? 'default' : String(choice);
      if (choice === v.default) option.selected = true;
      select.append(option);
    }
    select.addEventListener('change', fillSeats);
    label.append(select);
    box.append(label);
  }
  fillSeats();
}

function fillSeats() {
  const box = $('seats');
  const previous = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren();
  const info = gameInfo();
  for (let seat = 0; seat < seatCount(); seat++) {
    const label = document.createElement('label');
    const name = document.createElement('span');
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.background = info.seats[seat].colour;
    name.append(swatch, info.seats[seat].name + ' ');
    label.append(name);
    const select = document.createElement('select');
    select.id = 'seat-' + seat;
    const human = document.createElement('option');
    human.value = 'human';
    human.textContent = 'you';
    select.append(human);
    for (const level of info.levels) {
      const option = document.createElement('option');
      option.value = level.name;
      option.textContent = 'engine: ' + level.name;
      select.append(option);
    }
    // Keep the seat's choice when the new game has it (a person, or a level of the same
    // name); otherwise the game's default level: a level the new game lacks would leave the
    // menu blank and the engine seat without a level, so it would never move.
    const kept = previous[seat];
    const fallback = seat === 0 && kept === undefined ? 'human' : defaultLevel(info);
    select.value = kept !== undefined && hasOption(select, kept) ? kept : fallback;
    label.append(select);
    box.append(label);
  }
}

// The level a new engine seat gets: the game's default, else its first level.
function defaultLevel(info) {
  const names = info.levels.map((level) => level.name);
  return names.includes(info.default_level) ? info.default_level : (names[0] || 'human');
}

function hasOption(select, value) {
  return [...select.options].some((option) => option.value === value);
}

function variantRequest() {
  const variant = {};
  for (const select of document.querySelectorAll('[data-variant]')) {
    if (select.value === '') continue;
    const number = Number(select.value);
    variant[select.dataset.variant] = Number.isNaN(number) ? select.value : number;
  }
  return variant;
}

// ---------- game flow ----------

async function newGame() {
  ui.generation++;
  ui.thinking = false;
  ui.selectedPeg = null;
  showError('');
  try {
    ui.view = await api('POST', '/games', { game: $('game').value, variant: variantRequest() });
  } catch (e) {
    showError(e.message);
    return;
  }
  ui.seats = [...$('seats').querySelectorAll('select')].map((s) => s.value);
  clearEngineInfo();
  clearAnalysis();
  render();
  step();
}

function isEngineTurn() {
  const v = ui.view;
  return v && !v.over && ui.seats[v.to_move] && ui.seats[v.to_move] !== 'human';
}

// Lets the engine move whenever the seat to move is an engine's.
async function step() {
  if (!isEngineTurn() || ui.paused || ui.thinking) return;
  ui.thinking = true;
  const generation = ui.generation;
  render();
  const level = ui.seats[ui.view.to_move];
  try {
    const timeMs = Math.max(1, Number($('time').value) || 1000);
    const answer = await api('POST', `/games/${ui.view.id}/engine`, { level, time_ms: timeMs });
    if (generation === ui.generation) {
      ui.view = answer.state;
      showEngineInfo(answer.engine);
    }
  } catch (e) {
    // After an undo the old search may still be finishing: 'engine_busy' clears on its own
    // and the step below asks again.
    const transient = e.kind === 'position_changed' || e.kind === 'engine_busy';
    if (generation === ui.generation && !transient) showError(e.message);
  } finally {
    // An answer to an older game or position leaves the current one's state alone.
    if (generation === ui.generation) ui.thinking = false;
  }
  if (generation !== ui.generation) return;
  render();
  setTimeout(step, 60);
}

async function playMove(move) {
  if (!ui.view || ui.view.over || ui.thinking || isEngineTurn()) return;
  showError('');
  try {
    ui.view = await api('POST', `/games/${ui.view.id}/moves`, { move });
  } catch (e) {
    showError(e.message);
  }
  ui.selectedPeg = null;
  render();
  step();
}

// Takes back moves until a person is to move again (or the start is reached).
async function undo() {
  if (!ui.view) return;
  ui.generation++;
  ui.selectedPeg = null;
  showError('');
  // Holds off a step already scheduled: between two undos the engine may be to move, and
  // it must not play there.
  ui.thinking = true;
  try {
    do {
      ui.view = await api('POST', `/games/${ui.view.id}/undo`, { count: 1 });
    } while (ui.view.moves.length > 0 && isEngineTurn());
  } catch (e) {
    showError(e.message);
  }
  ui.thinking = false;
  render();
  step();
}

function clearEngineInfo() {
  for (const dd of document.querySelectorAll('#engine-info dd')) dd.textContent = '–';
}

function showEngineInfo(engine) {
  const field = (name, text) => {
    document.querySelector(`#engine-info [data-field="${name}"]`).textContent = text;
  };
  field('agent', engine.agent);
  field('value', Number.isFinite(engine.value) ? String(Math.round(engine.value * 1000) / 1000) : '–');
  field('depth', String(engine.depth));
  field('nodes', engine.nodes.toLocaleString('en'));
  field('time', engine.time_ms + ' ms');
  field('pv', engine.pv.join(' '));
}

// ---------- drawing ----------

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.append(node);
  return node;
}

function render() {
  const v = ui.view;
  const board = $('board');
  board.replaceChildren();
  $('moves').replaceChildren(...(v ? v.moves : []).map((m) => {
    const li = document.createElement('li');
    li.textContent = m;
    return li;
  }));
  $('undo').disabled = !v || v.moves.length === 0;
  $('pause').textContent = ui.paused ? 'Resume' : 'Pause';
  if (!v) return;
  $('record').href = `/api/games/${v.id}/record`;
  const who = v.over ? v.result.text
    : `${v.players[v.to_move]} to move` + (ui.thinking ? ' — engine thinking…' : '');
  // A game may add a line of its own to the status (Quoridor: the walls left).
  const extra = v.board.status ? ' · ' + v.board.status : '';
  $('status').textContent = `${v.game} ${v.variant} · ${who}${extra}`;
  const draw = { connect4: drawConnect4, quoridor: drawQuoridor, halma: drawHalma, tictactoe: drawTicTacToe };
  board.append(draw[v.board.kind](v));
  renderSolverNote(v);
  askSolver(v);
  syncLocation();
}

// ---------- solver view ----------

// Whether the game of view `v` has a solver view (GET /api/games says).
function hasSolverView(v) {
  const info = ui.games.find((g) => g.name === v.game);
  return Boolean(info && info.has_solver_view);
}

// Whether the solver's scores are to be shown for view `v` now.
function solverShown(v) {
  return ui.solverView && hasSolverView(v) && !v.over;
}

const solverKey = (v) => `${v.id}:${v.version}`;

// Asks the server to score the moves of the position on the board, unless it was asked
// already; with a request out, the position is asked for when that one comes back.
function askSolver(v) {
  if (!solverShown(v) || ui.solverAsking || ui.solver.key === solverKey(v)) return;
  const key = solverKey(v);
  ui.solver = { key, answer: null, error: null };
  ui.solverAsking = true;
  api('POST', `/games/${v.id}/solver`, {})
    .then((answer) => {
      // An answer to a position the page has left is dropped (the key moved on), and so
      // is one the server made for another version of the game.
      if (ui.solver.key !== key) return;
      if (answer.version === v.version) ui.solver.answer = answer;
      else ui.solver.error = 'the position changed while the solver thought';
    })
    .catch((e) => {
      if (ui.solver.key === key) ui.solver.error = e.message;
    })
    .finally(() => {
      ui.solverAsking = false;
      if (ui.view) render();
    });
}

// The solver's answer for view `v`, or null while it is not in.
function solverAnswer(v) {
  return ui.solver.key === solverKey(v) ? ui.solver.answer : null;
}

// An exact score in Pascal Pons' scale, in words for the player to move: a win with the
// mover's next stone scores (cells + 1 - stones) / 2, one less for each later stone of the
// mover's; a loss to the opponent's very next stone -(cells - stones) / 2, one less in
// magnitude for each later stone of the opponent's; 0 a draw.
function solverText(value, width, height, stones) {
  const cells = width * height;
  if (value > 0) return `win in ${Math.floor((cells + 1 - stones) / 2) - value + 1}`;
  if (value < 0) return `loss in ${Math.floor((cells - stones) / 2) + value + 1}`;
  return 'draw';
}

// The line under the board: what the solver view is doing.
function renderSolverNote(v) {
  const toggle = $('solver-toggle');
  const note = $('solver-note');
  toggle.hidden = !hasSolverView(v);
  $('solver-view').checked = ui.solverView;
  note.hidden = !(ui.solverView && hasSolverView(v));
  if (note.hidden) return;
  const answer = solverAnswer(v);
  const error = ui.solver.key === solverKey(v) ? ui.solver.error : null;
  if (v.over) {
    note.textContent = 'solver: the game is over';
  } else if (error) {
    note.textContent = 'solver: ' + error;
  } else if (!answer) {
    note.textContent = 'solver: thinking…';
  } else if (!answer.complete) {
    note.textContent = `solver: ${answer.reason}`;
  } else {
    const scored = answer.moves.length;
    let text = `solver: ${scored} move${scored === 1 ? '' : 's'} scored in ${answer.time_ms} ms (${answer.agent})`;
    // A game drawn without a strip of labels lists its moves' values here.
    if (v.board.kind !== 'connect4') text += ': ' + answer.moves.map((m) => `${m.move} ${m.value}`).join(', ');
    note.textContent = text;
  }
}

// The strip of labels above a Connect Four board, one per column: its score in words and
// as a number, "…" while the solver thinks, "?" when it found none in time; nothing over a
// full column.
function drawSolverStrip(svg, v, cell, top) {
  const b = v.board;
  const answer = solverAnswer(v);
  const error = ui.solver.key === solverKey(v) ? ui.solver.error : null;
  const values = new Map(answer && answer.complete ? answer.moves.map((m) => [m.move, m.value]) : []);
  const stones = b.rows.reduce((n, row) => n + row.filter((owner) => owner !== null).length, 0);
  const legal = new Set(v.legal);
  for (let col = 0; col < b.width; col++) {
    const move = b.column_moves[col];
    if (!legal.has(move)) continue;
    const x = col * cell + cell / 2;
    const g = el('g', { class: 'solver-label', 'data-column-move': move }, svg);
    const title = el('title', {}, g);
    let word, rest = '', raw = '', kind;
    if (values.has(move)) {
      const value = values.get(move);
      const text = solverText(value, b.width, b.height, stones);
      [word, rest] = text.startsWith('draw') ? ['draw', ''] : [text.split(' ')[0], text.slice(text.indexOf(' ') + 1)];
      raw = value > 0 ? '+' + value : String(value);
      kind = 'solver-' + word;
      g.dataset.label = text;
      g.dataset.value = String(value);
      title.textContent = `column ${move}: ${text} (score ${value})`;
    } else if (answer || error) {
      word = '?';
      kind = 'solver-pending';
      g.dataset.label = 'unknown';
      title.textContent = `column ${move}: ${error || answer.reason || 'no score'}`;
    } else {
      word = '…';
      kind = 'solver-pending';
      g.dataset.label = 'pending';
      title.textContent = `column ${move}: the solver is thinking`;
    }
    g.setAttribute('class', 'solver-label ' + kind);
    el('text', { x, y: 14, class: 'solver-word' }, g).textContent = word;
    if (rest) el('text', { x, y: 29, class: 'solver-rest' }, g).textContent = rest;
    if (raw) el('text', { x, y: top - 4, class: 'solver-raw' }, g).textContent = raw;
  }
}

function drawConnect4(v) {
  const b = v.board;
  const cell = 60;
  // With the solver view on, a strip above the board holds each column's score.
  const top = solverShown(v) ? 46 : 0;
  const svg = el('svg', { viewBox: `0 0 ${b.width * cell} ${top + b.height * cell}`, id: 'connect4-board' });
  if (top) drawSolverStrip(svg, v, cell, top);
  el('rect', { x: 0, y: top, width: b.width * cell, height: b.height * cell, rx: 10, fill: '#2a6f97' }, svg);
  for (let row = 0; row < b.height; row++) {
    for (let col = 0; col < b.width; col++) {
      const owner = b.rows[row][col];
      el('circle', {
        cx: col * cell + cell / 2, cy: top + (b.height - 1 - row) * cell + cell / 2, r: cell * 0.4,
        class: owner === null ? 'hole' : 'p' + owner,
      }, svg);
    }
  }
  for (let col = 0; col < b.width; col++) {
    const hit = el('rect', {
      // Below the strip, so a label's tooltip shows on hover.
      x: col * cell, y: top, width: cell, height: b.height * cell,
      class: 'column-hit', 'data-move': b.column_moves[col],
    }, svg);
    hit.addEventListener('click', () => playMove(b.column_moves[col]));
  }
  return svg;
}

function drawTicTacToe(v) {
  // The m,n,k-game: board.width x board.height cells (3x3 when the server sends no shape),
  // listed row by row from the top-left. The cell size is fixed; the svg scales to fit.
  const cell = 80;
  const width = v.board.width || 3, height = v.board.height || 3;
  const svg = el('svg', { viewBox: `0 0 ${width * cell} ${height * cell}`, id: 'tictactoe-board' });
  v.board.cells.forEach((c, i) => {
    const x = (i % width) * cell, y = Math.floor(i / width) * cell;
    const rect = el('rect', { x, y, width: cell, height: cell, class: 'ttt-cell', 'data-move': c.move }, svg);
    rect.addEventListener('click', () => playMove(c.move));
    if (c.owner !== null) {
      const mark = el('text', { x: x + cell / 2, y: y + cell / 2, class: 'ttt-mark p' + c.owner }, svg);
      mark.textContent = c.owner === 0 ? 'X' : 'O';
    }
  });
  return svg;
}

// Quoridor geometry: cells of side C separated by grooves of width G; row 0 at the bottom.
// L is the margin on the left and at the bottom for the coordinates.
function drawQuoridor(v) {
  const b = v.board, n = b.size, C = 40, G = 10, P = C + G, L = 22;
  const letter = (col) => String.fromCharCode(97 + col);
  const px = (col) => L + G + col * P;
  const py = (row) => G + (n - 1 - row) * P;
  const side = G + n * P;
  const svg = el('svg', { viewBox: `0 0 ${L + side} ${side + L}`, id: 'quoridor-board' });
  el('rect', { x: L, y: 0, width: side, height: side, fill: '#8b5e34', rx: 6 }, svg);
  for (let i = 0; i < n; i++) {
    el('text', { x: px(i) + C / 2, y: side + L / 2 + 2, class: 'coord' }, svg).textContent = letter(i);
    el('text', { x: L / 2, y: py(i) + C / 2, class: 'coord' }, svg).textContent = String(i + 1);
  }
  const legal = new Set(v.legal);
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const name = letter(col) + (row + 1);
      const step = !v.over && legal.has(name) && !isEngineTurn();
      const rect = el('rect', {
        x: px(col), y: py(row), width: C, height: C, rx: 4,
        class: step ? 'q-step' : 'q-cell', 'data-move': name,
      }, svg);
      if (step) rect.addEventListener('click', () => playMove(name));
    }
  }
  // A wall on slot (c, r) (lower-left cell of its 2x2 block) as a rectangle.
  const wallRect = (c, r, o) => o === 'h'
    ? { x: px(c), y: py(r + 1) + C, width: 2 * C + G, height: G }
    : { x: px(c) + C, y: py(r + 1), width: G, height: 2 * C + G };
  for (const w of b.walls) el('rect', { ...wallRect(w.col, w.row, w.orientation), class: 'wall' }, svg);
  // With 3 or 4 players each goal side gets a strip in its seat's colour (goal_row for
  // black and white, goal_col for red and green), and red and green pawns take their colour.
  const colour = (p) => gameInfo()?.seats?.[p]?.colour || ['#1d1d1d', '#fafafa', '#c62828', '#2e7d32'][p];
  const crowded = b.pawns.length > 2;
  for (const pawn of b.pawns) {
    if (!crowded) continue;
    const strip = pawn.goal_col === undefined
      ? { x: px(0), y: py(pawn.goal_row) + (pawn.goal_row === 0 ? C + 2 : -G + 1), width: n * P - G, height: G - 3 }
      : { x: px(pawn.goal_col) + (pawn.goal_col === 0 ? -G + 1 : C + 2), y: py(n - 1), width: G - 3, height: n * P - G };
    el('rect', { ...strip, fill: colour(pawn.player), opacity: 0.8, 'pointer-events': 'none' }, svg);
  }
  for (const pawn of b.pawns) {
    const attrs = {
      cx: px(pawn.col) + C / 2, cy: py(pawn.row) + C / 2, r: C * 0.36,
      class: pawn.player === 0 ? 'q-black' : 'q-white',
    };
    if (pawn.player > 1) attrs.style = `fill: ${colour(pawn.player)}`;
    el('circle', attrs, svg);
  }
  // Groove segments: each picks the slot of the wall that starts there (the last column or
  // row uses the slot before it), named as QTP does, by the block's upper-left cell.
  const preview = el('rect', { width: 0, height: 0, class: 'preview-ok' });
  if (!v.over) {
    for (let r = 0; r < n - 1; r++) {
      for (let c = 0; c < n; c++) {
        const sc = Math.min(c, n - 2);
        addSlot(svg, preview, { x: px(c), y: py(r + 1) + C, width: C, height: G }, sc, r, 'h');
      }
    }
    for (let c = 0; c < n - 1; c++) {
      for (let r = 0; r < n; r++) {
        const sr = Math.min(r, n - 2);
        addSlot(svg, preview, { x: px(c) + C, y: py(r), width: G, height: C }, c, sr, 'v');
      }
    }
  }
  svg.append(preview);

  function addSlot(svgNode, previewNode, rect, c, r, o) {
    const move = letter(c) + (r + 2) + o;
    const hit = el('rect', { ...rect, class: 'slot', 'data-move': move }, svgNode);
    hit.addEventListener('mouseenter', () => {
      for (const [k, val] of Object.entries(wallRect(c, r, o))) previewNode.setAttribute(k, val);
      previewNode.setAttribute('class', legal.has(move) ? 'preview-ok' : 'preview-bad');
    });
    hit.addEventListener('mouseleave', () => {
      previewNode.setAttribute('width', 0);
      previewNode.setAttribute('height', 0);
    });
    hit.addEventListener('click', () => playMove(move));
  }
  return svg;
}

// Halma: axial [x, y] with y growing up and to the right.
function drawHalma(v) {
  const D = 34;
  const px = (x, y) => (x + y / 2) * D;
  const py = (x, y) => -y * D * Math.sqrt(3) / 2;
  const cells = v.board.cells;
  const xs = cells.map((c) => px(c.x, c.y)), ys = cells.map((c) => py(c.x, c.y));
  const minX = Math.min(...xs) - D, minY = Math.min(...ys) - D;
  const w = Math.max(...xs) - minX + D, h = Math.max(...ys) - minY + D;
  const svg = el('svg', { viewBox: `${minX} ${minY} ${w} ${h}`, id: 'halma-board' });
  const key = (p) => p[0] + ',' + p[1];
  const homeOf = new Map();
  v.board.seats.forEach((seat, i) => seat.home.forEach((p) => homeOf.set(key(p), i)));
  const mover = v.over ? null : v.to_move;
  const moves = v.over ? [] : v.legal;
  const humanTurn = !v.over && !isEngineTurn();
  const movablePegs = new Set(moves.map((m) => key(m.path[0])));
  const selected = ui.selectedPeg ? key(ui.selectedPeg) : null;
  const targets = new Map();
  if (selected) for (const m of moves) if (key(m.path[0]) === selected) targets.set(key(m.path.at(-1)), m);
  const pathLine = el('polyline', { class: 'path', points: '' });

  for (const c of cells) {
    const k = key([c.x, c.y]);
    const cx = px(c.x, c.y), cy = py(c.x, c.y);
    const home = homeOf.get(k);
    if (home !== undefined) {
      el('circle', { cx, cy, r: D * 0.47, class: 'p' + home, opacity: 0.18 }, svg);
    }
    const target = targets.get(k);
    const attrs = { cx, cy, r: D * 0.33, 'data-x': c.x, 'data-y': c.y };
    if (c.owner !== null) {
      attrs.class = 'p' + c.owner;
      if (humanTurn && c.owner === mover && movablePegs.has(k)) attrs.class += ' movable';
      if (k === selected) attrs.class += ' selected';
    } else {
      attrs.class = 'hole';
    }
    if (target) attrs.class = (c.owner === null ? '' : 'p' + c.owner + ' ') + 'target';
    const node = el('circle', attrs, svg);
    if (!humanTurn) continue;
    if (target) {
      node.addEventListener('mouseenter', () => {
        pathLine.setAttribute('points', target.path.map((p) => `${px(p[0], p[1])},${py(p[0], p[1])}`).join(' '));
      });
      node.addEventListener('mouseleave', () => pathLine.setAttribute('points', ''));
      node.addEventListener('click', () => playMove(target.move));
    } else if (c.owner === mover && movablePegs.has(k)) {
      node.addEventListener('click', () => {
        ui.selectedPeg = k === selected ? null : [c.x, c.y];
        render();
      });
    }
  }
  svg.append(pathLine);
  // The last move's path, so hops stay visible after they are played.
  const last = v.moves.at(-1);
  if (last && last.startsWith('[')) {
    const path = JSON.parse(last);
    el('polyline', {
      class: 'path', stroke: '#555', opacity: 0.6,
      points: path.map((p) => `${px(p[0], p[1])},${py(p[0], p[1])}`).join(' '),
    }, svg);
  }
  return svg;
}

// ---------- starting anywhere: links, positions, records ----------

// The page's URL holds the game, its settings and the current position, so a link opens
// that position: #game=connect4&height=5&position=4453 (the position in the game's text
// form, as the view's `text` gives it).
function locationHash(v) {
  const params = new URLSearchParams();
  params.set('game', v.game);
  for (const [key, value] of Object.entries(v.settings || {})) params.set(key, value);
  params.set('position', v.text);
  if (ui.solverView && hasSolverView(v)) params.set('solver', '1');
  return '#' + params.toString();
}

// Keeps the URL on the current position (replacing the history entry: moves are not pages).
function syncLocation() {
  if (!ui.view || typeof history === 'undefined') return;
  const hash = locationHash(ui.view);
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

// The create request a hash asks for, or null when it names no game.
function requestFromHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const game = params.get('game');
  if (!game) return null;
  const request = { game, variant: {} };
  for (const [key, value] of params) {
    if (key === 'position') {
      if (value !== '') request.position = value;
    } else if (key !== 'game' && key !== 'solver') {
      request.variant[key] = value;
    }
  }
  return request;
}

// Starts the game the URL names; true when it did, the error's message when it could not,
// false when the URL names none.
async function startFromLocation() {
  if (typeof location === 'undefined') return false;
  const request = requestFromHash(location.hash);
  if (request) ui.solverView = solverFromHash(location.hash);
  return request ? startFrom(request) : false;
}

// Whether a link asks for the solver view (solver=1 beside the game and position).
function solverFromHash(hash) {
  return new URLSearchParams(hash.replace(/^#/, '')).get('solver') === '1';
}

// Starts a game from a create request (a position or a record), shows its game and settings
// in the menus, and plays on with the seats as they are set. True, or the error's message.
async function startFrom(request) {
  ui.generation++;
  ui.thinking = false;
  ui.selectedPeg = null;
  showError('');
  let view;
  try {
    view = await api('POST', '/games', request);
  } catch (e) {
    showError(e.message);
    return e.message;
  }
  showMenusFor(view);
  ui.view = view;
  ui.seats = [...$('seats').querySelectorAll('select')].map((s) => s.value);
  clearEngineInfo();
  clearAnalysis();
  render();
  step();
  return true;
}

// Sets the game and variant menus to a game's (a setting at its default shows the default).
function showMenusFor(v) {
  if ($('game').value !== v.game) {
    $('game').value = v.game;
    fillVariants();
  }
  const info = gameInfo();
  for (const select of document.querySelectorAll('[data-variant]')) {
    const key = select.dataset.variant;
    const given = (v.settings || {})[key];
    const param = info.variants.find((p) => p.key === key);
    let wanted = given !== undefined ? String(given) : '';
    if (given === undefined && param && param.default !== null && hasOption(select, String(param.default))) {
      wanted = String(param.default);
    }
    if (!hasOption(select, wanted)) {
      const option = document.createElement('option');
      option.value = wanted;
      option.textContent = wanted;
      select.append(option);
    }
    select.value = wanted;
  }
  fillSeats();
}

// The text box's contents: a record (it starts with a tag such as [Game "connect4"]; its
// Game tag names the game) or a position of the game and variant the menus show.
async function loadText() {
  const text = $('load-text').value.trim();
  if (!text) {
    showError('paste a position or a game record into the box, or choose a record file');
    return;
  }
  let request;
  if (/^\[[A-Za-z0-9_]/.test(text)) {
    const tag = text.match(/^\s*\[Game\s+"([^"]*)"\]/m);
    request = { game: tag ? tag[1] : $('game').value, record: text };
  } else {
    request = { game: $('game').value, variant: variantRequest(), position: text };
  }
  await startFrom(request);
}

async function loadFile() {
  const file = $('load-file').files[0];
  if (!file) return;
  $('load-text').value = await file.text();
  $('load-file').value = '';
  await loadText();
}

// ---------- analysis ----------

function clearAnalysis() {
  $('analysis').replaceChildren();
}

// Asks the server to judge every move from the game's start to now and shows the verdicts.
async function analyse() {
  if (!ui.view) return;
  const box = $('analysis');
  box.textContent = 'analysing…';
  $('analyse').disabled = true;
  try {
    showAnalysis(await api('POST', `/games/${ui.view.id}/analysis`, {}));
  } catch (e) {
    box.textContent = '';
    showError(e.message);
  } finally {
    $('analyse').disabled = false;
  }
}

// A verdict in words: a changed outcome says from what to what.
function verdictText(m) {
  const changed = m.outcome_before && m.outcome_after && m.outcome_before !== m.outcome_after;
  return changed ? `${m.verdict} (${m.outcome_before} → ${m.outcome_after})` : m.verdict;
}

function showAnalysis(a) {
  const note = document.createElement('p');
  note.textContent = `${a.moves.length} moves judged by ${a.agent}, ${a.time_per_position_ms} ms a position`;
  const table = document.createElement('table');
  table.id = 'analysis-table';
  const row = (cells, tag) => {
    const tr = document.createElement('tr');
    for (const text of cells) {
      const cell = document.createElement(tag);
      cell.textContent = text;
      tr.append(cell);
    }
    return tr;
  };
  table.append(row(['ply', 'seat', 'move', 'best', 'verdict'], 'th'));
  for (const m of a.moves) {
    const tr = row([String(m.ply), m.seat_name, m.move, m.best ?? '-', verdictText(m)], 'td');
    tr.className = 'verdict-' + m.verdict;
    table.append(tr);
  }
  const summary = document.createElement('ul');
  summary.className = 'analysis-summary';
  for (const s of a.summary) {
    const li = document.createElement('li');
    li.textContent = `${s.seat_name}: ${s.best} best, ${s.inaccuracies} inaccuracies, ${s.mistakes} mistakes, ${s.blunders} blunders`;
    summary.append(li);
  }
  $('analysis').replaceChildren(note, table, summary);
}

function wireStartControls() {
  $('load').addEventListener('click', loadText);
  $('load-file').addEventListener('change', loadFile);
  $('analyse').addEventListener('click', analyse);
  $('solver-view').addEventListener('change', () => {
    ui.solverView = $('solver-view').checked;
    if (ui.view) render();
  });
  window.addEventListener('hashchange', async () => {
    // Our own replaceState fires no hashchange: this is a link pasted or followed.
    const request = requestFromHash(location.hash);
    if (request && !(ui.view && location.hash === locationHash(ui.view))) {
      ui.solverView = solverFromHash(location.hash);
      await startFrom(request);
    }
  });
}

// ---------- start ----------

async function start() {
  try {
    const info = await api('GET', '/games');
    ui.games = info.games;
    ui.maxTime = info.max_move_time_ms;
    $('time').max = ui.maxTime;
    $('time').value = Math.min(1000, ui.maxTime);
  } catch (e) {
    showError('cannot reach the server: ' + e.message);
    return;
  }
  for (const g of ui.games) {
    const option = document.createElement('option');
    option.value = g.name;
    option.textContent = g.title || g.name;
    $('game').append(option);
  }
  $('game').addEventListener('change', fillVariants);
  $('new-game').addEventListener('click', newGame);
  $('undo').addEventListener('click', undo);
  $('pause').addEventListener('click', () => {
    ui.paused = !ui.paused;
    render();
    step();
  });
  wireStartControls();
  fillVariants();
  const linked = await startFromLocation();
  if (linked !== true) {
    await newGame();
    // A link whose game cannot start says why, above the fresh game that replaced it.
    if (linked) showError('the link\'s game cannot start: ' + linked);
  }
}

start();
