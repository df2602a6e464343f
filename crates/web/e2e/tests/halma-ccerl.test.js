'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, waitForHumanTurn, screenshot, view } = require('./browser.js');

const cell = (p) => `#halma-board circle[data-x="${p[0]}"][data-y="${p[1]}"]`;

// Axial distance from the centre: at most 4 on the hexagon, 5 to 8 on the six points.
const ring = (c) => Math.max(Math.abs(c.x), Math.abs(c.y), Math.abs(c.x + c.y));

test('halma under the ccerl rules: the 121-hole star, a move by clicks, the engine answers', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'halma', { rules: 'ccerl' }, ['human', 'champion-50ms']);
    let v = await view(page);
    assert.match(v.variant, /ccerl/);
    // The star121 board: the hexagon's 61 holes and six points of 10, the four side points
    // empty and drawn as holes.
    assert.equal(v.board.cells.length, 121);
    assert.equal(await page.locator('#halma-board circle.hole').count(), 101);
    assert.equal(v.board.cells.filter((c) => ring(c) > 4).length, 60);
    assert.equal(v.board.cells.filter((c) => ring(c) > 4 && c.owner === null).length, 40);
    assert.equal(v.legal.length, 14);
    assert.ok(v.legal.every((m) => /^\d+-\d+$/.test(m.move)), 'moves are cell-id paths');

    // The first step the list offers, by clicks; then the engine's answer.
    const mv = v.legal[0];
    await page.click(cell(mv.path[0]));
    await page.waitForSelector('#halma-board .target');
    await page.click(cell(mv.path.at(-1)));
    // The human's move reaches the view before the engine starts, so the human's turn alone
    // is no sign that the engine answered: wait for its move.
    await page.waitForFunction(() => ui.view.moves.length >= 2 && !ui.thinking, null, { timeout: 30000 });
    await waitForHumanTurn(page);
    v = await view(page);
    assert.equal(v.moves[0], mv.move);
    assert.equal(v.moves.length, 2, 'the engine answered');
    assert.match(v.moves[1], /^\d+(-\d+)+$/);
    assert.equal(v.to_move, 0);
    await screenshot(page, 'halma-ccerl.png');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});
