// Connect Four's board on ply's page (a module the page loads: see BoardView::SCRIPT): the
// columns to drop into, and with the solver view on a strip above them: a caption saying
// how the solver did (its time, or that it is still solving), and one label per column, its
// exact score in words, or while the solver goes on what it has proven (who wins, and in
// how many moves at least and at most). It draws what view.rs sends.

export const showsSolverScores = true;

export const css = `
.column-hit { fill: transparent; cursor: pointer; }
.column-hit:hover { fill: rgba(42, 111, 151, .12); }
.solver-word { font: bold 14px system-ui, sans-serif; text-anchor: middle; }
.solver-rest { font: 12px system-ui, sans-serif; text-anchor: middle; }
.solver-raw { font: 10px ui-monospace, monospace; text-anchor: middle; fill: var(--muted); }
.solver-win .solver-word, .solver-win .solver-rest { fill: #2d6a4f; }
.solver-draw .solver-word, .solver-draw .solver-rest { fill: #555; }
.solver-loss .solver-word, .solver-loss .solver-rest { fill: var(--error); }
.solver-pending .solver-word { fill: #999; font-weight: normal; }
.solver-bounded .solver-word { opacity: .7; }
.solver-caption { font: 11px system-ui, sans-serif; fill: var(--muted); }
.solver-caption.unsolved { fill: var(--error); font-weight: 600; }
.solver-caption.partial { fill: #8a5a00; font-weight: 600; }
`;

export function draw(v, page) {
  const b = v.board;
  const cell = 60;
  // With the solver view on, a strip above the board holds its caption and each column's
  // score.
  const top = page.solver.shown ? STRIP : 0;
  const svg = page.el('svg', { viewBox: `0 0 ${b.width * cell} ${top + b.height * cell}` });
  if (top) drawSolverStrip(svg, v, page, cell);
  page.el('rect', { x: 0, y: top, width: b.width * cell, height: b.height * cell, rx: 10, fill: '#2a6f97' }, svg);
  for (let row = 0; row < b.height; row++) {
    for (let col = 0; col < b.width; col++) {
      const owner = b.rows[row][col];
      page.el('circle', {
        cx: col * cell + cell / 2, cy: top + (b.height - 1 - row) * cell + cell / 2, r: cell * 0.4,
        class: owner === null ? 'hole' : 'p' + owner,
      }, svg);
    }
  }
  for (let col = 0; col < b.width; col++) {
    const hit = page.el('rect', {
      // Below the strip, so a label's tooltip shows on hover.
      x: col * cell, y: top, width: cell, height: b.height * cell,
      class: 'column-hit', 'data-move': b.column_moves[col],
    }, svg);
    hit.addEventListener('click', () => page.play(b.column_moves[col]));
  }
  return svg;
}

// An exact score in Pascal Pons' scale, in words for the player to move: a win with the
// mover's next stone scores (cells + 1 - stones) / 2, one less for each later stone of the
// mover's; a loss to the opponent's very next stone -(cells - stones) / 2, one less in
// magnitude for each later stone of the opponent's; 0 a draw.
function solverText(value, width, height, stones) {
  const cells = width * height;
  if (value > 0) return `win in ${winIn(value, cells, stones)}`;
  if (value < 0) return `loss in ${lossIn(value, cells, stones)}`;
  return 'draw';
}

const winIn = (value, cells, stones) => Math.floor((cells + 1 - stones) / 2) - value + 1;
const lossIn = (value, cells, stones) => Math.floor((cells - stones) / 2) + value + 1;

// What bounds `low` to `high` on a score say, in words: a win or loss with the range of its
// moves (the higher score the sooner win, the lower the sooner loss), a draw, at least or
// at most a draw, or nothing yet ('?').
function boundsText(low, high, width, height, stones) {
  const cells = width * height;
  const span = (a, b) => (a === b ? `${a}` : `${a}–${b}`);
  if (low >= 1) return `win in ${span(winIn(high, cells, stones), winIn(low, cells, stones))}`;
  if (high <= -1) return `loss in ${span(lossIn(low, cells, stones), lossIn(high, cells, stones))}`;
  if (low === 0 && high === 0) return 'draw';
  if (low >= 0) return 'draw or win';
  if (high <= 0) return 'draw or loss';
  return '?';
}

// The strip's height, and where its lines sit: the caption, then each label's word, the
// rest of its words and its raw score.
const STRIP = 62;
const CAPTION_Y = 11;
const WORD_Y = 30;
const REST_Y = 45;
const RAW_Y = 58;

// A time in milliseconds for the caption.
const msText = (ms) => (ms < 1 ? 'under 1 ms' : `${Math.round(ms)} ms`);

// The strip's caption: the answer's time, or why there is none.
function captionText(answer, error) {
  if (error) return { text: `no scores: ${error}`, kind: 'unsolved' };
  if (!answer) return { text: 'solving…', kind: '' };
  if (!answer.complete) {
    return { text: `proven so far in ${msText(answer.spent_ms)}; still solving…`, kind: 'partial' };
  }
  return { text: `exact scores, solved in ${msText(answer.spent_ms)}`, kind: '' };
}

// The strip above the board: a caption, then one label per column, its score in words and
// as a number, "…" while the solver thinks, "?" when it found none in time; nothing over a
// full column.
function drawSolverStrip(svg, v, page, cell) {
  const b = v.board;
  const { answer, error } = page.solver;
  const caption = captionText(answer, error);
  const captionNode = page.el('text', {
    x: b.width * cell / 2, y: CAPTION_Y, 'text-anchor': 'middle',
    class: ('solver-caption ' + caption.kind).trim(),
  }, svg);
  captionNode.textContent = caption.text;
  // The whole reason, where it is longer than the caption (whose cap it was).
  const reason = error || (answer && answer.reason);
  if (reason) page.el('title', {}, captionNode).textContent = reason;
  // Each move's bounds: equal where its score is exact.
  const bounds = new Map(answer ? answer.moves.map((m) => [m.move, m.value !== null && m.value !== undefined ? [m.value, m.value] : [m.low, m.high]]) : []);
  const stones = b.rows.reduce((n, row) => n + row.filter((owner) => owner !== null).length, 0);
  const legal = new Set(v.legal);
  for (let col = 0; col < b.width; col++) {
    const move = b.column_moves[col];
    if (!legal.has(move)) continue;
    const x = col * cell + cell / 2;
    const g = page.el('g', { class: 'solver-label', 'data-column-move': move }, svg);
    const title = page.el('title', {}, g);
    let word, rest = '', raw = '', kind;
    const [low, high] = bounds.get(move) || [null, null];
    if (low !== null && low === high) {
      const value = low;
      const text = solverText(value, b.width, b.height, stones);
      [word, rest] = text.startsWith('draw') ? ['draw', ''] : [text.split(' ')[0], text.slice(text.indexOf(' ') + 1)];
      raw = value > 0 ? '+' + value : String(value);
      kind = 'solver-' + word;
      g.dataset.label = text;
      g.dataset.value = String(value);
      title.textContent = `column ${move}: ${text} (score ${value})`;
    } else if (low !== null && boundsText(low, high, b.width, b.height, stones) !== '?') {
      // Proven in part, while the solver goes on.
      const text = boundsText(low, high, b.width, b.height, stones);
      word = text.split(' ')[0];
      rest = text.slice(word.length + 1);
      raw = `${low}..${high}`;
      kind = `solver-bounded solver-${word}`;
      g.dataset.label = text;
      g.dataset.low = String(low);
      g.dataset.high = String(high);
      title.textContent = `column ${move}: ${text}, so far (score ${low} to ${high}); still solving`;
    } else if (answer || error) {
      word = '?';
      kind = 'solver-pending';
      g.dataset.label = 'unknown';
      title.textContent = `column ${move}: ${error || (answer.complete ? 'no score' : `nothing proven yet (${answer.reason}); still solving`)}`;
    } else {
      word = '…';
      kind = 'solver-pending';
      g.dataset.label = 'pending';
      title.textContent = `column ${move}: the solver is thinking`;
    }
    g.setAttribute('class', 'solver-label ' + kind);
    page.el('text', { x, y: WORD_Y, class: 'solver-word' }, g).textContent = word;
    if (rest) page.el('text', { x, y: REST_Y, class: 'solver-rest' }, g).textContent = rest;
    if (raw) page.el('text', { x, y: RAW_Y, class: 'solver-raw' }, g).textContent = raw;
  }
}
