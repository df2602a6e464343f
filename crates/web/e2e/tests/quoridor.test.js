'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, screenshot, view } = require('./browser.js');

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
    // A wall crossing it is previewed as illegal and refused with the rule.
    await page.hover('#quoridor-board [data-move="a3v"]');
    assert.equal(await page.locator('#quoridor-board .preview-bad').count(), 1);
    await page.click('#quoridor-board [data-move="a3v"]');
    await page.waitForSelector('#error:not([hidden])');
    assert.match(await page.textContent('#error'), /illegal move 'a3v'/);
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
