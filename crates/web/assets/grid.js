// The page's own board: a grid of square cells, for every game whose view sends one
// (ply_view::grid in Rust, where the JSON is described), so such a game needs no drawing
// file. Pieces take their seats' colours; the legal moves, each {move, from, to}, are played
// by clicks: a cell for a move with no `from` (a mark placed), the piece on `from` and then
// a target for a from→to move (a cell holding a piece that can move picks it rather than
// playing a move placed there). A legal move with no cell (`to` null: Othello's pass) is a
// button under the board, labelled with its notation, so every legal move can be played.
// The page never writes a move: it plays the notation the view listed for the click, the
// first one listed when several share it.
'use strict';

const GRID_CELL = 80;
// The strip under the board that holds the buttons of the moves with no cell.
const GRID_BUTTON = { height: 56, gap: 14, width: 150, font: 26 };

function drawGrid(v, page) {
  const b = v.board, C = GRID_CELL;
  // A margin on the left and at the bottom for the labels, when the view sends them.
  const L = b.columns && b.rows ? 26 : 0;
  // A little room around the board, so its outer lines and the picked piece's are whole.
  const pad = 3;
  const offered = page.humanTurn ? v.legal.filter((m) => m && typeof m === 'object') : [];
  const buttons = offered.filter((m) => !m.to);
  const strip = buttons.length ? GRID_BUTTON.gap + GRID_BUTTON.height : 0;
  const svg = page.el('svg', {
    viewBox: `${-pad} ${-pad} ${L + b.width * C + 2 * pad} ${b.height * C + L + strip + 2 * pad}`,
  });
  const key = (cell) => cell[0] + ',' + cell[1];
  const moves = offered.filter((m) => m.to);
  const first = (map, k, m) => { if (!map.has(k)) map.set(k, m); };
  const places = new Map(), sources = new Set();
  for (const m of moves) {
    if (m.from) sources.add(key(m.from));
    else first(places, key(m.to), m);
  }
  // The piece picked first, while it still has a move; its moves by target cell.
  const selected = page.selected && sources.has(key(page.selected)) ? key(page.selected) : null;
  const targets = new Map();
  for (const m of moves) if (m.from && key(m.from) === selected) first(targets, key(m.to), m);

  for (let y = 0; y < b.height; y++) {
    for (let x = 0; x < b.width; x++) {
      const k = key([x, y]), i = y * b.width + x, px = L + x * C, py = y * C;
      const target = targets.get(k), place = places.get(k);
      const classes = ['grid-cell'];
      if (b.checkered && (x + y) % 2 === 1) classes.push('dark');
      const attrs = { x: px, y: py, width: C, height: C, 'data-x': x, 'data-y': y };
      let click = null;
      if (target) {
        classes.push('target');
        attrs['data-move'] = target.move;
        click = () => page.play(target.move);
      } else if (sources.has(k)) {
        classes.push(k === selected ? 'selected' : 'movable');
        click = () => page.select(k === selected ? null : [x, y]);
      } else if (place) {
        classes.push('playable');
        attrs['data-move'] = place.move;
        click = () => page.play(place.move);
      }
      attrs.class = classes.join(' ');
      const cell = page.el('rect', attrs, svg);
      if (click) cell.addEventListener('click', click);
      const shade = b.shade ? b.shade[i] : null;
      if (shade !== null && shade !== undefined) {
        page.el('rect', { x: px, y: py, width: C, height: C, class: 'grid-shade', fill: page.seatColour(shade) }, svg);
      }
      const piece = b.cells[i];
      if (!piece) continue;
      const colour = page.seatColour(piece.seat);
      if (piece.glyph) {
        const glyph = page.el('text', { x: px + C / 2, y: py + C / 2, class: 'grid-glyph', fill: colour }, svg);
        glyph.textContent = piece.glyph;
      } else {
        page.el('circle', { cx: px + C / 2, cy: py + C / 2, r: C * 0.36, class: 'grid-disc', fill: colour }, svg);
      }
    }
  }
  // The picked piece's outline goes on top, so the cells drawn after it do not hide it.
  if (selected) {
    const [x, y] = page.selected;
    page.el('rect', { x: L + x * C, y: y * C, width: C, height: C, class: 'grid-selection' }, svg);
  }
  if (L) {
    b.columns.forEach((label, x) => {
      page.el('text', { x: L + x * C + C / 2, y: b.height * C + L / 2, class: 'coord' }, svg).textContent = label;
    });
    b.rows.forEach((label, y) => {
      page.el('text', { x: L / 2, y: y * C + C / 2, class: 'coord' }, svg).textContent = label;
    });
  }
  drawButtons(buttons, L, b.height * C + L + GRID_BUTTON.gap, svg, page);
  return svg;
}

// The moves with no cell as buttons in a row from the board's left edge at height `top`: a
// click, or Enter or Space once it has the focus, plays the move.
function drawButtons(buttons, left, top, svg, page) {
  const B = GRID_BUTTON;
  buttons.forEach((m, i) => {
    const x = left + i * (B.width + B.gap);
    const button = page.el('g', {
      class: 'grid-button', 'data-move': m.move, role: 'button', tabindex: 0,
      'aria-label': 'play ' + m.move, style: 'cursor: pointer',
    }, svg);
    page.el('rect', {
      x, y: top, width: B.width, height: B.height, rx: 10,
      fill: '#e3f1e8', stroke: '#2d6a4f', 'stroke-width': 2,
    }, button);
    const label = page.el('text', {
      x: x + B.width / 2, y: top + B.height / 2, 'text-anchor': 'middle',
      'dominant-baseline': 'central', 'font-size': B.font, 'font-family': 'system-ui, sans-serif',
    }, button);
    label.textContent = m.move;
    button.addEventListener('click', () => page.play(m.move));
    button.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      page.play(m.move);
    });
  });
}
