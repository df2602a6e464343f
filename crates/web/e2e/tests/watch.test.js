'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, screenshot, view } = require('./browser.js');

test('watching two engines: perfect tic-tac-toe play ends in a draw', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await page.fill('#time', '500');
    await startGame(page, 'tictactoe', {}, ['strongest', 'strongest']);
    await page.waitForFunction(() => ui.view.over, null, { timeout: 30000 });
    const v = await view(page);
    assert.equal(v.moves.length, 9);
    assert.equal(v.result.text, 'draw');
    assert.match(await page.textContent('#status'), /draw/);
    await screenshot(page, 'tictactoe-engines.png');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});
