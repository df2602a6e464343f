'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, screenshot, view, PHONE, TOUCH } = require('./browser.js');

async function click(page, move) {
  const before = (await view(page)).moves.length;
  await page.click(`#quoridor-board [data-move="${move}"]`);
  await page.waitForFunction((n) => ui.view.moves.length > n || !document.querySelector('#error').hidden, before);
}

test('Quoridor: a wall with its hover preview, a pawn jump, and a refused wall', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'quoridor', { size: 5, walls: '' }, ['human', 'human']);
    // Black (c5) places a wall: hovering its slot previews it as legal, clicking places it.
    await page.hover('#quoridor-board [data-move="a3h"]');
    assert.equal(await page.locator('#quoridor-board .preview-ok').count(), 1);
    await screenshot(page, 'quoridor-wall-preview.png');
    await click(page, 'a3h');
    let v = await view(page);
    assert.deepEqual(v.board.walls.map((w) => w.move), ['a3h']);
    assert.equal(v.board.pawns[0].walls_left, v.board.walls_per_player - 1);
    assert.equal(await page.locator('#quoridor-board .wall').count(), 1);
    // A wall crossing it is previewed as illegal, and a click on it sends nothing: the note
    // under the board says why.
    const sent = [];
    page.on('request', (r) => { if (r.url().endsWith('/moves')) sent.push(r.postData()); });
    await page.hover('#quoridor-board [data-move="a3v"]');
    assert.equal(await page.locator('#quoridor-board .preview-bad').count(), 1);
    await page.click('#quoridor-board [data-move="a3v"]');
    assert.match(await page.textContent('#quoridor-board .q-note'), /No wall can go on a3v/);
    assert.deepEqual(sent, [], 'a red wall is not sent');
    assert.equal(await page.isVisible('#error'), false);
    // White c1 -> c2, black c5 -> c4, white c2 -> c3: face to face; black jumps to c2.
    for (const move of ['c2', 'c4', 'c3']) await click(page, move);
    v = await view(page);
    assert.ok(v.legal.includes('c2'), `black may jump: ${v.legal}`);
    await click(page, 'c2');
    v = await view(page);
    assert.equal(v.board.pawns[0].square, 'c2');
    assert.equal(v.board.pawns[1].square, 'c3');
    assert.deepEqual(v.moves, ['a3h', 'c2', 'c4', 'c3', 'c2']);
    await screenshot(page, 'quoridor.png');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('Quoridor for four players: four pawns, each goal side marked, turns go round', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'quoridor', { size: 5, players: 4 }, ['human', 'human', 'human', 'human']);
    let v = await view(page);
    assert.deepEqual(v.board.pawns.map((p) => p.square), ['c5', 'c1', 'a3', 'e3']);
    assert.equal(await page.locator('#quoridor-board circle').count(), 4);
    // Black, then red (seat 2), then white, then green: each steps towards its goal.
    for (const move of ['c4', 'b3', 'c2', 'd3']) await click(page, move);
    v = await view(page);
    assert.deepEqual(v.board.pawns.map((p) => p.square), ['c4', 'c2', 'b3', 'd3']);
    assert.equal(v.to_move, 0);
    await screenshot(page, 'quoridor-4-players.png');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

// The screen point, in CSS pixels, of a point of the board's drawing (its viewBox units).
async function boardPoint(page, x, y) {
  return page.$eval('#quoridor-board svg', (svg, [px, py]) => {
    const point = svg.createSVGPoint();
    point.x = px;
    point.y = py;
    const at = point.matrixTransform(svg.getScreenCTM());
    return { x: at.x, y: at.y };
  }, [x, y]);
}

// Where a 9x9 board's grooves cross, in the drawing's units: the crossing right of column
// `col` and above row `row` (0-based, row 0 at the bottom); view.js's geometry.
const C = 40, G = 16, P = C + G, L = 22, N = 9;
const crossing = (col, row) => ({ x: L + G + col * P + C + G / 2, y: G + (N - 1 - row) * P - G / 2 });

test('Quoridor says how walls are placed, and on a phone a wall takes two taps', async () => {
  const { page, close, consoleErrors } = await openPage(PHONE, null, TOUCH);
  try {
    await startGame(page, 'quoridor', {}, ['human', 'human']);
    const help = await page.textContent('#quoridor-board .q-help');
    assert.match(help, /groove/);
    assert.match(help, /tap twice, or choose Place walls/);
    // The grooves are wide enough to see and aim at on a 390 px phone.
    const groove = await page.$eval('#quoridor-board [data-move="e3h"]', (r) => r.getBoundingClientRect().height);
    assert.ok(groove >= 10, `a groove is ${groove} px wide`);
    // Pawn mode: the first tap on a groove previews its wall and sends nothing.
    const sent = [];
    page.on('request', (r) => { if (r.url().endsWith('/moves')) sent.push(JSON.parse(r.postData()).move); });
    await page.tap('#quoridor-board [data-move="e3h"]');
    assert.equal(await page.getAttribute('#wall-preview', 'data-move'), 'e3h');
    assert.match(await page.getAttribute('#wall-preview', 'class'), /preview-ok/);
    assert.match(await page.textContent('#quoridor-board .q-note'), /Wall e3h: tap it again/);
    assert.deepEqual(sent, []);
    await screenshot(page, 'quoridor-phone-preview.png');
    // The second tap places it.
    await page.tap('#quoridor-board [data-move="e3h"]');
    await page.waitForFunction(() => ui.view.moves.length === 1);
    assert.deepEqual((await view(page)).board.walls.map((w) => w.move), ['e3h']);

    // Wall mode: the whole board picks walls, by the nearest crossing of grooves. A tap a
    // third of a cell left of the crossing right of column c and above row 2, on the
    // horizontal groove, picks the horizontal wall through it, c3h; a tap a third of a cell
    // below it, on the vertical groove, the vertical one, c3v.
    await page.tap('#quoridor-board [data-mode="walls"]');
    assert.equal(await page.getAttribute('#quoridor-board [data-mode="walls"]', 'aria-pressed'), 'true');
    const spot = crossing(2, 1);
    const left = await boardPoint(page, spot.x - P / 3, spot.y);
    await page.touchscreen.tap(left.x, left.y);
    assert.equal(await page.getAttribute('#wall-preview', 'data-move'), 'c3h');
    await page.touchscreen.tap(left.x, left.y);
    await page.waitForFunction(() => ui.view.moves.length === 2);
    // White's turn: the vertical wall through the same crossing crosses c3h: red, and two
    // taps send nothing.
    const below = await boardPoint(page, spot.x, spot.y + P / 3);
    await page.touchscreen.tap(below.x, below.y);
    assert.equal(await page.getAttribute('#wall-preview', 'data-move'), 'c3v');
    assert.match(await page.getAttribute('#wall-preview', 'class'), /preview-bad/);
    await page.touchscreen.tap(below.x, below.y);
    assert.match(await page.textContent('#quoridor-board .q-note'), /No wall can go on c3v/);
    assert.deepEqual(sent, ['e3h', 'c3h']);
    await screenshot(page, 'quoridor-phone-wall-mode.png');
    // A vertical wall elsewhere goes in.
    const free = crossing(5, 5);
    const side = await boardPoint(page, free.x, free.y - P / 3);
    await page.touchscreen.tap(side.x, side.y);
    await page.touchscreen.tap(side.x, side.y);
    await page.waitForFunction(() => ui.view.moves.length === 3);
    assert.deepEqual((await view(page)).board.walls.map((w) => w.move).sort(), ['c3h', 'e3h', 'f7v']);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});
