// Quoridor's board on ply's page (a module the page loads: see BoardView::SCRIPT): cells to
// step to, the grooves between them where a wall goes (previewed on hover, green when legal,
// red when not), the walls and the pawns. It draws what view.rs sends.

export const css = `
.q-cell { fill: #d9c7a5; }
.q-step { fill: #b7e4c7; cursor: pointer; }
.wall { fill: #f2e8cf; stroke: #3b2410; stroke-width: 1; }
.q-black { fill: #1d1d1d; stroke: #fff; stroke-width: 2; pointer-events: none; }
.q-white { fill: #fafafa; stroke: #000; stroke-width: 2; pointer-events: none; }
.slot { fill: transparent; cursor: pointer; }
.preview-ok { fill: rgba(45, 106, 79, .75); pointer-events: none; }
.preview-bad { fill: rgba(179, 38, 30, .55); pointer-events: none; }
`;

// Geometry: cells of side C separated by grooves of width G; row 0 at the bottom. L is the
// margin on the left and at the bottom for the coordinates.
export function draw(v, page) {
  const el = page.el;
  const b = v.board, n = b.size, C = 40, G = 10, P = C + G, L = 22;
  const letter = (col) => String.fromCharCode(97 + col);
  const px = (col) => L + G + col * P;
  const py = (row) => G + (n - 1 - row) * P;
  const side = G + n * P;
  const svg = el('svg', { viewBox: `0 0 ${L + side} ${side + L}` });
  el('rect', { x: L, y: 0, width: side, height: side, fill: '#8b5e34', rx: 6 }, svg);
  for (let i = 0; i < n; i++) {
    el('text', { x: px(i) + C / 2, y: side + L / 2 + 2, class: 'coord' }, svg).textContent = letter(i);
    el('text', { x: L / 2, y: py(i) + C / 2, class: 'coord' }, svg).textContent = String(i + 1);
  }
  const legal = new Set(v.legal);
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const name = letter(col) + (row + 1);
      const step = page.humanTurn && legal.has(name);
      const rect = el('rect', {
        x: px(col), y: py(row), width: C, height: C, rx: 4,
        class: step ? 'q-step' : 'q-cell', 'data-move': name,
      }, svg);
      if (step) rect.addEventListener('click', () => page.play(name));
    }
  }
  // A wall on slot (c, r) (lower-left cell of its 2x2 block) as a rectangle.
  const wallRect = (c, r, o) => o === 'h'
    ? { x: px(c), y: py(r + 1) + C, width: 2 * C + G, height: G }
    : { x: px(c) + C, y: py(r + 1), width: G, height: 2 * C + G };
  for (const w of b.walls) el('rect', { ...wallRect(w.col, w.row, w.orientation), class: 'wall' }, svg);
  // With 3 or 4 players each goal side gets a strip in its seat's colour (goal_row for
  // black and white, goal_col for red and green), and red and green pawns take their colour.
  const crowded = b.pawns.length > 2;
  for (const pawn of b.pawns) {
    if (!crowded) continue;
    const strip = pawn.goal_col === undefined
      ? { x: px(0), y: py(pawn.goal_row) + (pawn.goal_row === 0 ? C + 2 : -G + 1), width: n * P - G, height: G - 3 }
      : { x: px(pawn.goal_col) + (pawn.goal_col === 0 ? -G + 1 : C + 2), y: py(n - 1), width: G - 3, height: n * P - G };
    el('rect', { ...strip, fill: page.seatColour(pawn.player), opacity: 0.8, 'pointer-events': 'none' }, svg);
  }
  for (const pawn of b.pawns) {
    const attrs = {
      cx: px(pawn.col) + C / 2, cy: py(pawn.row) + C / 2, r: C * 0.36,
      class: pawn.player === 0 ? 'q-black' : 'q-white',
    };
    if (pawn.player > 1) attrs.style = `fill: ${page.seatColour(pawn.player)}`;
    el('circle', attrs, svg);
  }
  // Groove segments: each picks the slot of the wall that starts there (the last column or
  // row uses the slot before it), named as QTP does, by the block's upper-left cell.
  const preview = el('rect', { width: 0, height: 0, class: 'preview-ok' });
  const addSlot = (rect, c, r, o) => {
    const move = letter(c) + (r + 2) + o;
    const hit = el('rect', { ...rect, class: 'slot', 'data-move': move }, svg);
    hit.addEventListener('mouseenter', () => {
      for (const [k, val] of Object.entries(wallRect(c, r, o))) preview.setAttribute(k, val);
      preview.setAttribute('class', legal.has(move) ? 'preview-ok' : 'preview-bad');
    });
    hit.addEventListener('mouseleave', () => {
      preview.setAttribute('width', 0);
      preview.setAttribute('height', 0);
    });
    hit.addEventListener('click', () => page.play(move));
  };
  if (!v.over) {
    for (let r = 0; r < n - 1; r++) {
      for (let c = 0; c < n; c++) {
        addSlot({ x: px(c), y: py(r + 1) + C, width: C, height: G }, Math.min(c, n - 2), r, 'h');
      }
    }
    for (let c = 0; c < n - 1; c++) {
      for (let r = 0; r < n; r++) {
        addSlot({ x: px(c) + C, y: py(r), width: G, height: C }, c, Math.min(r, n - 2), 'v');
      }
    }
  }
  svg.append(preview);
  return svg;
}
