// The analysis as a graph: the value of every position of the game, from the analysis the
// Analyse button asked for (analysis.js), as `ply analyze --plot` draws it in a file. With two
// seats one line, the first seat's value (up is good for it); with more, each seat's value at
// its own moves, one line a seat in its colour. Mistakes and blunders are marked on the
// position they led to; a click on a point goes to that position (the moves after it are
// taken back, and played again by a click further on), with the engines paused.
'use strict';

const GRAPH = { width: 320, height: 150, left: 30, right: 8, top: 10, bottom: 20 };

// The analysed game: its id, its moves (as the analysis wrote them, which the server reads
// back) and the analysis, while the graph shows it.
ui.analysed = null;

// A value of the mover turned to the other seat of two, in the analysis' scale.
function turnedRound(value, scale) {
  return scale === 'reward' ? 1 - value : -value;
}

// Proven results (a search's ±(1000000 − plies)) are drawn at the graph's edge, above every
// estimate; the other values as they are.
const PROVEN = 990000;

// The points of the graph: for each seat drawn, [{ply, value}], the position after `ply`
// moves; a position without a value (not judged in time) is left out.
function graphSeries(a) {
  const two = a.summary.length === 2;
  const series = new Map();
  const add = (seat, ply, value) => {
    if (value === null || value === undefined || !Number.isFinite(value)) return;
    if (!series.has(seat)) series.set(seat, []);
    series.get(seat).push({ ply, value });
  };
  // Two seats: every value turned to the first seat's; more: each mover's own.
  const put = (mover, ply, value) => {
    if (!two) add(mover, ply, value);
    else if (value !== null && value !== undefined) add(0, ply, mover === 0 ? value : turnedRound(value, a.scale));
  };
  a.moves.forEach((m, i) => put(m.seat, i, m.before));
  const last = a.moves.at(-1);
  if (last) put(last.seat, a.moves.length, last.after);
  return series;
}

// Draws the graph of analysis `a` of game `id` into #analysis-graph.
function drawGraph(a, id) {
  ui.analysed = { id, moves: a.moves.map((m) => m.move), analysis: a };
  const box = $('analysis-graph');
  box.replaceChildren();
  if (a.moves.length === 0) return;
  const series = graphSeries(a);
  const values = [...series.values()].flat().map((p) => p.value);
  if (values.length === 0) return;
  const G = GRAPH, plies = a.moves.length;
  const estimates = values.filter((v) => Math.abs(v) < PROVEN);
  const reach = Math.max(1, ...estimates.map(Math.abs)) * 1.2;
  const shown = (v) => (Math.abs(v) >= PROVEN ? Math.sign(v) * reach : v);
  let low = Math.min(...values.map(shown)), high = Math.max(...values.map(shown));
  if (a.scale !== 'reward') { low = Math.min(low, 0); high = Math.max(high, 0); }
  if (high === low) { high += 1; low -= 1; }
  const x = (ply) => G.left + (ply / Math.max(plies, 1)) * (G.width - G.left - G.right);
  const y = (v) => G.top + ((high - shown(v)) / (high - low)) * (G.height - G.top - G.bottom);
  const svg = el('svg', { viewBox: `0 0 ${G.width} ${G.height}`, id: 'graph', role: 'img' });
  const names = Object.fromEntries(a.summary.map((s) => [s.seat, s.seat_name]));
  const two = a.summary.length === 2;
  el('title', {}, svg).textContent = two
    ? `value for ${names[0]} over the game (up is good for ${names[0]})`
    : 'each seat\'s value at its own moves';
  // The axes: the even value (0, or ½ for rewards) and the plies.
  const even = a.scale === 'reward' ? 0.5 : 0;
  el('line', { x1: G.left, x2: G.width - G.right, y1: y(even), y2: y(even), class: 'graph-axis' }, svg);
  el('line', { x1: G.left, x2: G.left, y1: G.top, y2: G.height - G.bottom, class: 'graph-axis' }, svg);
  const label = (text, attrs) => { el('text', { class: 'graph-label', ...attrs }, svg).textContent = text; };
  label('ply', { x: (G.left + G.width - G.right) / 2, y: G.height - 4, 'text-anchor': 'middle' });
  label(String(plies), { x: x(plies), y: G.height - 4, 'text-anchor': 'middle' });
  label('0', { x: x(0), y: G.height - 4, 'text-anchor': 'middle' });
  label(two ? names[0] : 'value', { x: 2, y: G.top + 8 });
  // The position on the board, when it is one of the analysed game's.
  el('line', { id: 'graph-now', class: 'graph-now', y1: G.top, y2: G.height - G.bottom, x1: -10, x2: -10 }, svg);
  const verdicts = new Map(a.moves.map((m, i) => [i + 1, m]));
  for (const [seat, points] of series) {
    const colour = two ? null : seatColour(ui.view.game, seat);
    const line = el('polyline', {
      class: 'graph-line', points: points.map((p) => `${x(p.ply)},${y(p.value)}`).join(' '),
    }, svg);
    if (colour) line.style.stroke = colour;
    for (const p of points) {
      const m = verdicts.get(p.ply);
      const marked = m && (m.verdict === 'blunder' || m.verdict === 'mistake') ? m.verdict : '';
      const dot = el('circle', {
        cx: x(p.ply), cy: y(p.value), r: marked ? 5 : 3.5,
        class: `graph-point ${marked}`.trim(), 'data-ply': p.ply,
      }, svg);
      if (colour && !marked) dot.style.fill = colour;
      const after = m ? `after ${m.ply}. ${m.seat_name} ${m.move}` : 'the start';
      const verdict = m && m.verdict !== 'best' && m.verdict !== '-' ? ` — ${m.verdict}` : '';
      el('title', {}, dot).textContent = `${after}: ${graphValueText(p.value, a.scale)}${verdict}`;
      dot.addEventListener('click', () => goToPly(p.ply));
    }
  }
  box.append(svg);
  markGraphPosition();
}

// A value as the graph's tooltip says it.
function graphValueText(value, scale) {
  if (scale === 'negamax' && Math.abs(value) >= PROVEN) return value > 0 ? 'a proven win' : 'a proven loss';
  return String(Math.round(value * 1000) / 1000);
}

// How many of the analysed game's moves the game on the board shares with it from the start.
function sharedPlies() {
  const a = ui.analysed, v = ui.view;
  if (!a || !v || a.id !== v.id) return -1;
  let n = 0;
  while (n < v.moves.length && n < a.moves.length && v.moves[n] === a.moves[n]) n++;
  return n;
}

// Moves the graph's line to the position on the board, if it is one of the analysed game's.
function markGraphPosition() {
  const now = document.getElementById('graph-now');
  if (!now || !ui.analysed) return;
  const shared = sharedPlies();
  const onLine = shared >= 0 && shared === ui.view.moves.length;
  const G = GRAPH, plies = Math.max(ui.analysed.moves.length, 1);
  const at = onLine ? G.left + (shared / plies) * (G.width - G.left - G.right) : -10;
  now.setAttribute('x1', at);
  now.setAttribute('x2', at);
  now.dataset.ply = onLine ? String(shared) : '';
}

// Shows the position after `ply` moves of the analysed game: takes back moves to where the
// game on the board and the analysed one part, then plays the analysed moves up to it. The
// engines are paused, so the position stays on the board to be looked at.
async function goToPly(ply) {
  const a = ui.analysed;
  if (!a || !ui.view || a.id !== ui.view.id) return;
  ui.paused = true;
  ui.generation++;
  ui.thinking = true;
  ui.selected = null;
  showError('');
  try {
    const keep = Math.min(sharedPlies(), ply);
    const back = ui.view.moves.length - keep;
    if (back > 0) ui.view = await api('POST', `/games/${ui.view.id}/undo`, { count: back });
    for (const move of a.moves.slice(keep, ply)) {
      ui.view = await api('POST', `/games/${ui.view.id}/moves`, { move });
    }
  } catch (e) {
    showError(e.message);
  }
  ui.thinking = false;
  render();
}
