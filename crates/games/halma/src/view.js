// Halma's board on ply's page (a module the page loads: see BoardView::SCRIPT): the holes
// of the hexagonal board, each seat's home tinted, and a move by two clicks, the peg and
// then its landing, with the hop path drawn on hover and the last move's path kept. It
// draws what view.rs sends; axial [x, y] with y growing up and to the right.

export const css = `
.path { fill: none; stroke: #2d6a4f; stroke-width: 3; stroke-dasharray: 6 4; pointer-events: none; }
`;

export function draw(v, page) {
  const el = page.el;
  const D = 34;
  const px = (x, y) => (x + y / 2) * D;
  const py = (x, y) => -y * D * Math.sqrt(3) / 2;
  const cells = v.board.cells;
  const xs = cells.map((c) => px(c.x, c.y)), ys = cells.map((c) => py(c.x, c.y));
  const minX = Math.min(...xs) - D, minY = Math.min(...ys) - D;
  const w = Math.max(...xs) - minX + D, h = Math.max(...ys) - minY + D;
  const svg = el('svg', { viewBox: `${minX} ${minY} ${w} ${h}` });
  const key = (p) => p[0] + ',' + p[1];
  const homeOf = new Map();
  v.board.seats.forEach((seat, i) => seat.home.forEach((p) => homeOf.set(key(p), i)));
  const mover = v.over ? null : v.to_move;
  const moves = v.over ? [] : v.legal;
  const humanTurn = page.humanTurn;
  const movablePegs = new Set(moves.map((m) => key(m.path[0])));
  const selected = page.selected ? key(page.selected) : null;
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
      node.addEventListener('click', () => page.play(target.move));
    } else if (c.owner === mover && movablePegs.has(k)) {
      node.addEventListener('click', () => page.select(k === selected ? null : [c.x, c.y]));
    }
  }
  svg.append(pathLine);
  // The last move's path, so hops stay visible after they are played: the move list writes
  // a move as its cells x,y, separated by spaces (under the ccerl rules, cell ids: no path).
  const last = v.moves.at(-1);
  if (last && last.includes(',')) {
    const path = last.split(' ').map((c) => c.split(',').map(Number));
    el('polyline', {
      class: 'path', stroke: '#555', opacity: 0.6,
      points: path.map((p) => `${px(p[0], p[1])},${py(p[0], p[1])}`).join(' '),
    }, svg);
  }
  return svg;
}
