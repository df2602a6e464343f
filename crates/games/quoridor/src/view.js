// Quoridor's board on ply's page (a module the page loads: see BoardView::SCRIPT): cells to
// step to, the grooves between them where a wall goes, the walls and the pawns, with a line
// saying how to play and a switch between moving the pawn and placing walls. It draws what
// view.rs sends.
//
// A wall is previewed before it is placed: green where it may go, red where it may not (a
// red wall is never sent). With a mouse, pointing at a groove previews and a click places.
// On a touch screen, where nothing hovers, a tap previews and a second tap on the same
// wall places it. In wall mode the whole board picks walls: a touch anywhere chooses the
// nearest crossing of grooves, and the groove nearer to the touch its direction, so every
// wall has a target as large as a cell even on a phone.

export const css = `
.q-help { margin: 0 0 .3em; font-size: .9em; }
.q-modes { display: flex; gap: .4em; margin-bottom: .3em; flex-wrap: wrap; align-items: center; }
.q-modes button { background: #fff; color: var(--accent); }
.q-modes button[aria-pressed="true"] { background: var(--accent); color: #fff; }
.q-note { margin: .3em 0 0; font-size: .9em; min-height: 1.3em; }
.q-note.bad { color: var(--error); }
.q-cell { fill: #d9c7a5; }
.q-step { fill: #b7e4c7; cursor: pointer; }
.wall { fill: #f2e8cf; stroke: #3b2410; stroke-width: 1; }
.q-black { fill: #1d1d1d; stroke: #fff; stroke-width: 2; pointer-events: none; }
.q-white { fill: #fafafa; stroke: #000; stroke-width: 2; pointer-events: none; }
.slot { fill: transparent; cursor: pointer; }
.wall-pad { fill: transparent; cursor: crosshair; touch-action: none; }
.preview-ok { fill: rgba(45, 106, 79, .75); pointer-events: none; }
.preview-bad { fill: rgba(179, 38, 30, .55); pointer-events: none; }
`;

// What the board remembers between drawings (the page draws it again after every change):
// the mode, the wall previewed and waiting for a second tap, and the note under the board,
// each for the position it was made in.
const state = { walls: false, pending: null, note: null, position: null };

// Geometry: cells of side C separated by grooves of width G; row 0 at the bottom. L is the
// margin on the left and at the bottom for the coordinates.
const C = 40, G = 16, P = C + G, L = 22;

export function draw(v, page) {
  // A new position clears the preview and the note (the mode stays).
  const position = `${v.id}:${v.version}`;
  if (state.position !== position) {
    state.position = position;
    state.pending = null;
    state.note = null;
  }
  const el = page.el;
  const b = v.board, n = b.size;
  const letter = (col) => String.fromCharCode(97 + col);
  const px = (col) => L + G + col * P;
  const py = (row) => G + (n - 1 - row) * P;
  const side = G + n * P;
  const legal = new Set(v.legal);
  const mover = v.over ? null : b.pawns[v.to_move];
  const canWall = page.humanTurn && mover && mover.walls_left > 0;
  const walling = state.walls && canWall;

  const wrap = document.createElement('div');
  wrap.className = 'q-wrap';
  const help = document.createElement('p');
  help.className = 'q-help';
  help.textContent = 'Click a green cell to move your pawn. A wall fills two cells\' length of a '
    + 'groove between cells: point at a groove to see it (green: allowed, red: not) and click to '
    + 'place it. On a touch screen tap twice, or choose Place walls and tap anywhere.';
  const modes = document.createElement('div');
  modes.className = 'q-modes';
  const button = (text, on, walls) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.setAttribute('aria-pressed', String(on));
    b.dataset.mode = walls ? 'walls' : 'pawn';
    b.disabled = walls && !canWall;
    b.addEventListener('click', () => {
      state.walls = walls;
      state.pending = null;
      state.note = null;
      page.select(null);
    });
    return b;
  };
  modes.append(button('Move pawn', !walling, false), button('Place walls', walling, true));
  const note = document.createElement('p');
  note.className = 'q-note' + (state.note && state.note.bad ? ' bad' : '');
  note.setAttribute('aria-live', 'polite');
  note.textContent = state.note ? state.note.text : '';
  if (!canWall && mover && page.humanTurn) note.textContent ||= 'No walls left: move your pawn.';

  const svg = el('svg', { viewBox: `0 0 ${L + side} ${side + L}` });
  el('rect', { x: L, y: 0, width: side, height: side, fill: '#8b5e34', rx: 6 }, svg);
  for (let i = 0; i < n; i++) {
    el('text', { x: px(i) + C / 2, y: side + L / 2 + 2, class: 'coord' }, svg).textContent = letter(i);
    el('text', { x: L / 2, y: py(i) + C / 2, class: 'coord' }, svg).textContent = String(i + 1);
  }
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const name = letter(col) + (row + 1);
      const step = page.humanTurn && !walling && legal.has(name);
      const rect = el('rect', {
        x: px(col), y: py(row), width: C, height: C, rx: 4,
        class: step ? 'q-step' : 'q-cell', 'data-move': name,
      }, svg);
      if (step) rect.addEventListener('click', () => page.play(name));
    }
  }
  // A wall on slot (c, r) (lower-left cell of its 2x2 block) as a rectangle, and its name
  // as QTP writes it, by the block's upper-left cell.
  const wallRect = (c, r, o) => o === 'h'
    ? { x: px(c), y: py(r + 1) + C, width: 2 * C + G, height: G }
    : { x: px(c) + C, y: py(r + 1), width: G, height: 2 * C + G };
  const wallName = (c, r, o) => letter(c) + (r + 2) + o;
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

  const preview = el('rect', { width: 0, height: 0, class: 'preview-ok', id: 'wall-preview' });
  const show = (slot) => {
    if (!slot) {
      preview.setAttribute('width', 0);
      preview.setAttribute('height', 0);
      delete preview.dataset.move;
      return;
    }
    for (const [k, val] of Object.entries(wallRect(slot.c, slot.r, slot.o))) preview.setAttribute(k, val);
    preview.setAttribute('class', legal.has(slot.move) ? 'preview-ok' : 'preview-bad');
    preview.dataset.move = slot.move;
  };
  const slotOf = (c, r, o) => ({ c, r, o, move: wallName(c, r, o) });
  // A click or tap on the wall `slot`: a mouse places a wall it may (it was just previewed
  // by pointing at it); a touch previews first, and places on a second tap of the same.
  const choose = (slot, pointer) => {
    if (!page.humanTurn || !canWall) return;
    const ok = legal.has(slot.move);
    if (pointer !== 'mouse' && state.pending !== slot.move) {
      state.pending = slot.move;
      state.note = ok
        ? { text: `Wall ${slot.move}: tap it again to place it.`, bad: false }
        : { text: refusal(slot.move), bad: true };
      show(slot);
      note.textContent = state.note.text;
      note.className = 'q-note' + (ok ? '' : ' bad');
      return;
    }
    if (!ok) {
      // Red: the rules refuse it, so it is not sent.
      state.note = { text: refusal(slot.move), bad: true };
      note.textContent = state.note.text;
      note.className = 'q-note bad';
      return;
    }
    state.pending = null;
    state.note = null;
    page.play(slot.move);
  };
  const refusal = (move) => `No wall can go on ${move}: it would cross or overlap a wall, `
    + 'stick out of the board or shut a pawn in.';
  // The kind of pointer behind a click (a touch, a pen or a mouse), from its pointerdown.
  let pointer = 'mouse';
  const watch = (node) => node.addEventListener('pointerdown', (e) => { pointer = e.pointerType || 'mouse'; });

  if (canWall && !walling) {
    // Groove segments: each picks the slot of the wall that starts there (the last column
    // or row uses the slot before it).
    const addSlot = (rect, slot) => {
      const hit = el('rect', { ...rect, class: 'slot', 'data-move': slot.move }, svg);
      watch(hit);
      hit.addEventListener('mouseenter', () => show(slot));
      hit.addEventListener('mouseleave', () => show(state.pending === slot.move ? slot : null));
      hit.addEventListener('click', () => choose(slot, pointer));
    };
    for (let r = 0; r < n - 1; r++) {
      for (let c = 0; c < n; c++) {
        addSlot({ x: px(c), y: py(r + 1) + C, width: C, height: G }, slotOf(Math.min(c, n - 2), r, 'h'));
      }
    }
    for (let c = 0; c < n - 1; c++) {
      for (let r = 0; r < n; r++) {
        addSlot({ x: px(c) + C, y: py(r), width: G, height: C }, slotOf(c, Math.min(r, n - 2), 'v'));
      }
    }
  }
  if (walling) {
    // The whole board picks walls: the crossing of grooves nearest the point, and the
    // groove nearer to it (horizontal or vertical) for the direction.
    const pad = el('rect', { x: L, y: 0, width: side, height: side, class: 'wall-pad', 'data-pad': 'walls' }, svg);
    const slotAt = (event) => {
      const point = svg.createSVGPoint();
      point.x = event.clientX;
      point.y = event.clientY;
      const at = point.matrixTransform(svg.getScreenCTM().inverse());
      // Groove k (between columns k and k + 1) runs at x = px(k) + C + G / 2.
      const clamp = (k) => Math.max(0, Math.min(n - 2, k));
      const gx = clamp(Math.round((at.x - px(0) - C - G / 2) / P));
      const gyDown = clamp(Math.round((py(0) - G / 2 - at.y) / P));
      const dx = Math.abs(at.x - (px(gx) + C + G / 2));
      const dy = Math.abs(at.y - (py(gyDown + 1) + C + G / 2));
      return slotOf(gx, gyDown, dy < dx ? 'h' : 'v');
    };
    watch(pad);
    pad.addEventListener('pointermove', (e) => { if (e.pointerType === 'mouse') show(slotAt(e)); });
    pad.addEventListener('pointerleave', () => { if (!state.pending) show(null); });
    pad.addEventListener('click', (e) => choose(slotAt(e), pointer));
  }
  svg.append(preview);
  if (state.pending) {
    const [, col, row, o] = state.pending.match(/^([a-z])(\d+)([hv])$/) || [];
    if (col) show(slotOf(col.charCodeAt(0) - 97, Number(row) - 2, o));
  }
  wrap.append(help, modes, svg, note);
  return wrap;
}
