// Othello through the grid renderer: placements are clicks on cells, and a pass, a legal
// move with no cell, is a button under the board that the page offers only when it is the
// move to play.
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, screenshot, view, waitForHumanTurn } = require('./browser.js');

async function play(page, move) {
  const before = (await view(page)).moves.length;
  await page.click(`#othello-board [data-move="${move}"]`);
  await page.waitForFunction((n) => ui.view.moves.length > n, before);
}

test('othello: cells are clicked, and a pass is a button the page plays', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'othello', {}, ['human', 'human']);
    assert.equal(await page.locator('#othello-board .grid-cell').count(), 64);
    // Black's four first moves, and no button: Black can place a disc.
    const playable = await page.$$eval('#othello-board .grid-cell.playable', (n) => n.map((c) => c.dataset.move));
    assert.deepEqual(playable.sort(), ['c4', 'd3', 'e6', 'f5']);
    assert.equal(await page.locator('#othello-board .grid-button').count(), 0);
    assert.match(await page.textContent('#status'), /discs: Black 2, White 2/);
    // After these eight plies Black cannot place a disc: its one move is the pass.
    for (const move of ['d3', 'c3', 'b3', 'b2', 'f5', 'a3', 'a1', 'c1']) await play(page, move);
    let v = await view(page);
    assert.deepEqual(v.legal, [{ move: 'pass', from: null, to: null }]);
    assert.equal(await page.locator('#othello-board .grid-cell.playable').count(), 0);
    const button = page.locator('#othello-board .grid-button');
    assert.equal(await button.count(), 1);
    assert.equal(await button.textContent(), 'pass');
    await screenshot(page, 'othello-pass.png');
    await play(page, 'pass');
    v = await view(page);
    assert.equal(v.moves[v.moves.length - 1], 'pass');
    assert.equal(v.players[v.to_move], 'White');
    assert.equal(await page.locator('#othello-board .grid-button').count(), 0);
    const after = await page.$$eval('#othello-board .grid-cell.playable', (n) => n.map((c) => c.dataset.move));
    assert.deepEqual(after.sort(), ['e3', 'f6']);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('othello: the pass button answers the keyboard, and an engine passes too', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'othello', {}, ['human', 'human']);
    for (const move of ['d3', 'c3', 'b3', 'b2', 'f5', 'a3', 'a1', 'c1']) await play(page, move);
    await page.focus('#othello-board .grid-button');
    const before = (await view(page)).moves.length;
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => ui.view.moves.length > n, before);
    assert.equal((await view(page)).moves.at(-1), 'pass');
    // The same position loaded with an engine in Black's seat: the engine passes, and
    // White, a person, is to move.
    await page.selectOption('#seat-0', 'random');
    await page.fill('#load-text', 'X-O------O------OOXX-------XX------XXX-------------------------- X');
    await page.click('#load');
    // White was to move before the load as well: wait for the loaded game, whose only move
    // is the engine's pass, not merely for a person's turn.
    await page.waitForFunction(() => ui.view.moves.length === 1 && ui.view.moves[0] === 'pass');
    await waitForHumanTurn(page);
    const v = await view(page);
    assert.deepEqual(v.moves, ['pass']);
    assert.equal(v.players[v.to_move], 'White');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});
