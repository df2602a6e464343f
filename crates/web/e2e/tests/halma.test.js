'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, screenshot, view } = require('./browser.js');

const cell = (p) => `#halma-board circle[data-x="${p[0]}"][data-y="${p[1]}"]`;

// Clicks the peg, then (after hovering, which draws the path) the target.
async function playByClicks(page, move, shotName) {
  const before = (await view(page)).moves.length;
  await page.click(cell(move.path[0]));
  await page.waitForSelector('#halma-board .target');
  await page.hover(cell(move.path.at(-1)));
  const points = await page.getAttribute('#halma-board polyline.path', 'points');
  assert.equal(points.trim().split(' ').length, move.path.length, 'the hop path is drawn');
  if (shotName) await screenshot(page, shotName);
  await page.click(cell(move.path.at(-1)));
  await page.waitForFunction((n) => ui.view.moves.length > n, before);
}

test('3-player halma: a hop chain chosen by clicks, drawn, and played', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'halma', { board: 'star', players: 3 }, ['human', 'human', 'human']);
    let v = await view(page);
    assert.deepEqual(v.players, ['A', 'B', 'C']);
    // Each turn the mover plays its longest move; soon a chain of two or more hops appears.
    let chain = null;
    for (let ply = 0; ply < 60 && !chain; ply++) {
      v = await view(page);
      const longest = v.legal.reduce((a, b) => (b.path.length > a.path.length ? b : a));
      if (longest.path.length >= 3) chain = longest;
      else await playByClicks(page, longest);
    }
    assert.ok(chain, 'a hop chain appeared');
    const mover = v.to_move;
    await playByClicks(page, chain, 'halma-hop-chain.png');
    v = await view(page);
    assert.equal(v.moves.at(-1), chain.move);
    const end = chain.path.at(-1);
    const landed = v.board.cells.find((c) => c.x === end[0] && c.y === end[1]);
    assert.equal(landed.owner, mover);
    assert.equal(v.to_move, (mover + 1) % 3);
    await screenshot(page, 'halma.png');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('halma moves read as typed on the page: the move list and the engine line, never JSON', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    const level = await page.evaluate(() => ui.games.find((g) => g.name === 'halma').levels[0].name);
    await startGame(page, 'halma', { board: 'rhombus' }, ['human', level]);
    const v = await view(page);
    await playByClicks(page, v.legal[0]);
    await page.waitForFunction(() => ui.view.moves.length === 2 && !ui.thinking, null, { timeout: 60000 });
    const typed = /^-?\d+,-?\d+( -?\d+,-?\d+)+$/;
    const moves = await page.$$eval('#moves li', (lis) => lis.map((li) => li.textContent));
    assert.equal(moves.length, 2);
    for (const m of moves) assert.match(m, typed);
    assert.equal(moves[0], v.legal[0].move);
    // The engine's line: its moves as typed, joined by '; ' (each holds a space).
    const pv = await page.textContent('#engine-info [data-field="pv"]');
    assert.ok(!pv.includes('['), pv);
    for (const m of pv.split('; ')) assert.match(m, typed);
    assert.equal(pv.split('; ')[0], moves[1]);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});
