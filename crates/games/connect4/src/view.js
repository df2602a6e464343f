// Connect Four's board on ply's page (a module the page loads: see BoardView::SCRIPT): the
// columns to drop into, and with the solver view on a strip of labels above them, one per
// column, its exact score in words. It draws what view.rs sends.

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
`;

export function draw(v, page) {
  const b = v.board;
  const cell = 60;
  // With the solver view on, a strip above the board holds each column's score.
  const top = page.solver.shown ? 46 : 0;
  const svg = page.el('svg', { viewBox: `0 0 ${b.width * cell} ${top + b.height * cell}` });
  if (top) drawSolverStrip(svg, v, page, cell, top);
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
  if (value > 0) return `win in ${Math.floor((cells + 1 - stones) / 2) - value + 1}`;
  if (value < 0) return `loss in ${Math.floor((cells - stones) / 2) + value + 1}`;
  return 'draw';
}

// The strip of labels above the board, one per column: its score in words and as a number,
// "…" while the solver thinks, "?" when it found none in time; nothing over a full column.
function drawSolverStrip(svg, v, page, cell, top) {
  const b = v.board;
  const { answer, error } = page.solver;
  const values = new Map(answer && answer.complete ? answer.moves.map((m) => [m.move, m.value]) : []);
  const stones = b.rows.reduce((n, row) => n + row.filter((owner) => owner !== null).length, 0);
  const legal = new Set(v.legal);
  for (let col = 0; col < b.width; col++) {
    const move = b.column_moves[col];
    if (!legal.has(move)) continue;
    const x = col * cell + cell / 2;
    const g = page.el('g', { class: 'solver-label', 'data-column-move': move }, svg);
    const title = page.el('title', {}, g);
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
    page.el('text', { x, y: 14, class: 'solver-word' }, g).textContent = word;
    if (rest) page.el('text', { x, y: 29, class: 'solver-rest' }, g).textContent = rest;
    if (raw) page.el('text', { x, y: top - 4, class: 'solver-raw' }, g).textContent = raw;
  }
}
