// ply's page: pick a game, a variant and who sits in each seat (a person or an engine
// level), then play by clicking the board. Everything goes through the JSON API under /api.
//
// This file holds the page's state, the setup panel, the game's flow and the drawing of the
// board, which it leaves to the game's own drawing file or, for a grid, to grid.js. The
// other concerns have a file each (index.html loads them all before start() runs):
// solver.js (the solver view), links.js (links, positions and records to start from),
// analysis.js (the Analyse button), grid.js (the generic grid renderer).
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
  creating: 0,        // new games asked for and not yet answered
  drawings: new Map(), // game name -> its drawing module (see loadDrawings)
  selected: null,     // [x, y] of the piece picked first, in games whose moves go from→to
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
    // A new setting is a new board at once (seats keep their choices).
    select.addEventListener('change', () => {
      fillSeats();
      newGame();
    });
    label.append(select);
    box.append(label);
  }
  fillSeats();
  showGameInfo();
}

// What the chosen game is about: its goal under the menu, and in the Load box a position of
// its own as the example (the view's text once its board is drawn).
function showGameInfo() {
  const info = gameInfo();
  $('goal').textContent = info.goal || '';
  const v = ui.view && ui.view.game === info.name ? ui.view : null;
  const position = v ? `, such as ${shorten(v.text, 60)}` : '';
  $('load-text').placeholder =
    `a ${info.title} position${position}, or a game record ([Game "${info.name}"] …)`;
}

const shorten = (text, n) => (text.length > n ? text.slice(0, n - 1) + '…' : text);

// A new game of the game the menu now shows, its board drawn at once.
function chooseGame() {
  fillVariants();
  newGame();
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
  const generation = ++ui.generation;
  ui.thinking = false;
  ui.selected = null;
  ui.creating++;
  showError('');
  let view;
  try {
    view = await api('POST', '/games', { game: $('game').value, variant: variantRequest() });
  } catch (e) {
    if (generation === ui.generation) showError(e.message);
    return;
  } finally {
    ui.creating--;
  }
  // A later choice (another game, another setting) has asked for its own board.
  if (generation !== ui.generation) return;
  ui.view = view;
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
  ui.selected = null;
  render();
  step();
}

// Takes back moves until a person is to move again (or the start is reached).
async function undo() {
  if (!ui.view) return;
  ui.generation++;
  ui.selected = null;
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
  // A proven result in words (Yellow wins by force in 12 moves), else the number.
  const number = Number.isFinite(engine.value) ? String(Math.round(engine.value * 1000) / 1000) : '–';
  field('value', engine.proven || number);
  field('depth', String(engine.depth));
  field('nodes', engine.nodes.toLocaleString('en'));
  field('time', engine.time_ms + ' ms');
  field('pv', joinMoves(engine.pv));
}

// Moves in one line: by spaces, or by '; ' when a move holds a space (halma's 1,-4 1,-2),
// as the terminal joins them.
function joinMoves(moves) {
  return moves.join(moves.some((m) => m.includes(' ')) ? '; ' : ' ');
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
  renderMoves(v ? v.moves : []);
  $('undo').disabled = !v || v.moves.length === 0;
  $('pause').textContent = ui.paused ? 'Resume' : 'Pause';
  if (!v) return;
  $('record').href = `/api/games/${v.id}/record`;
  const who = v.over ? v.result.text
    : `${v.players[v.to_move]} to move` + (ui.thinking ? ' — engine thinking…' : '');
  // A game may add a line of its own to the status (Quoridor: the walls left).
  const extra = v.board.status ? ' · ' + v.board.status : '';
  $('status').textContent = `${v.game} ${v.variant} · ${who}${extra}`;
  if ($('load-text').dataset.game !== v.game) {
    $('load-text').dataset.game = v.game;
    showGameInfo();
  }
  board.append(drawBoard(v));
  renderSolverNote(v);
  askSolver(v);
  markGraphPosition();
  syncLocation();
}

// The move list, scrolled to the latest move whenever the list changed (a move played or
// taken back), so it follows the game; a render that changed nothing leaves the scroll
// where the reader put it.
function renderMoves(moves) {
  const list = $('moves');
  const shown = JSON.stringify(moves);
  if (list.dataset.shown === shown) return;
  list.dataset.shown = shown;
  list.replaceChildren(...moves.map((m) => {
    const li = document.createElement('li');
    li.textContent = m;
    return li;
  }));
  list.scrollTop = list.scrollHeight;
}

// The drawing of view `v`'s board: its game's drawing module when it has one, else the
// page's own renderer for the board's kind (a grid); null when there is neither.
function drawingFor(v) {
  return ui.drawings.get(v.game) || (v.board.kind === 'grid' ? { draw: drawGrid } : null);
}

// The board as an SVG element with the id `GAME-board`, or a line saying why it cannot be
// drawn (a drawing module that failed to load, or failed on this view), so the rest of the
// page goes on working.
function drawBoard(v) {
  const note = (text) => {
    const p = document.createElement('p');
    p.textContent = text;
    return p;
  };
  const drawing = drawingFor(v);
  if (!drawing) return note(`the page has no drawing for ${v.game}'s board (kind '${v.board.kind}')`);
  try {
    const svg = drawing.draw(v, pageFor(v));
    svg.setAttribute('id', v.game + '-board');
    return svg;
  } catch (e) {
    // Reported as the page's error too (after this render), where a developer looks.
    setTimeout(() => { throw e; });
    return note(`the drawing of ${v.game} failed: ${e.message}`);
  }
}

// What a drawing is given beside the view: all it may use of the page, so a game's drawing
// file depends on nothing else here.
function pageFor(v) {
  return {
    el,                                      // el(name, attrs, parent): an SVG element
    play: playMove,                          // play(move): plays a move, in its notation
    humanTurn: !v.over && !isEngineTurn(),   // whether a click may play now
    selected: ui.selected,                   // [x, y] of the piece picked first, or null
    select: (cell) => {                      // picks a piece ([x, y]; null: none)
      ui.selected = cell;
      render();
    },
    seatColour: (seat) => seatColour(v.game, seat),
    // The solver view for this position: whether it is on, its answer, its error.
    solver: { shown: solverShown(v), answer: solverAnswer(v), error: solverError(v) },
  };
}

// A seat's colour, from the game's descriptor.
function seatColour(game, seat) {
  const info = ui.games.find((g) => g.name === game);
  return (info && info.seats[seat] && info.seats[seat].colour) || '#888';
}

// Loads the drawing module of every game that has one (GET /api/games names it, `script`):
// a game's own file, from its folder (crates/games/NAME/src/view.js), served by the server
// for every registered game, so no list of games or drawings is kept on the page. A module
// exports draw(view, page), returning the board's SVG element, and may export `css` (its
// styles) and `showsSolverScores` (it shows the solver view's scores on the board itself).
// A game without one sends a grid, drawn by grid.js.
async function loadDrawings(games) {
  await Promise.all(games.filter((g) => g.script).map(async (g) => {
    try {
      const drawing = await import(g.script);
      if (drawing.css) {
        const style = document.createElement('style');
        style.textContent = drawing.css;
        document.head.append(style);
      }
      ui.drawings.set(g.name, drawing);
    } catch (e) {
      showError(`cannot load the drawing of ${g.name}: ${e.message}`);
    }
  }));
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
  await loadDrawings(ui.games);
  for (const g of ui.games) {
    const option = document.createElement('option');
    option.value = g.name;
    option.textContent = g.title || g.name;
    $('game').append(option);
  }
  $('game').addEventListener('change', chooseGame);
  $('new-game').addEventListener('click', newGame);
  $('undo').addEventListener('click', undo);
  $('pause').addEventListener('click', () => {
    ui.paused = !ui.paused;
    render();
    step();
  });
  wireSolverView();
  wireStartControls();
  wireAnalysis();
  foldSetupOnPhones();
  fillVariants();
  const linked = await startFromLocation();
  if (linked !== true) {
    await newGame();
    // A link whose game cannot start says why, above the fresh game that replaced it.
    if (linked) showError('the link\'s game cannot start: ' + linked);
  }
}

// On a narrow screen the board comes first (style.css) and the settings start folded away
// under their heading, a tap from opening.
function foldSetupOnPhones() {
  if (window.matchMedia(PHONE).matches) $('setup-fold').open = false;
}

// The width below which the page is laid out for a phone (as style.css's @media rule).
const PHONE = '(max-width: 600px)';

// Once every file of the page has run (they share this scope).
document.addEventListener('DOMContentLoaded', start);
