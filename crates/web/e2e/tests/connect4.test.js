'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, waitForHumanTurn, screenshot, view } = require('./browser.js');

// Centre first, then outwards: a reasonable plan for the person's clicks.
const PREFERENCE = [3, 2, 4, 1, 5, 0, 6];

test('a whole Connect Four game against the engine, to its result', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await page.fill('#time', '300');
    await startGame(page, 'connect4', {}, ['human', 'alphabeta-4']);
    for (let turn = 0; turn < 30; turn++) {
      await waitForHumanTurn(page);
      const v = await view(page);
      if (v.over) break;
      const col = PREFERENCE.find((c) => v.legal.includes(v.board.column_moves[c]));
      const before = v.moves.length;
      await page.click(`#connect4-board [data-move="${v.board.column_moves[col]}"]`);
      await page.waitForFunction((n) => ui.view.moves.length > n, before);
    }
    await waitForHumanTurn(page);
    const end = await view(page);
    assert.equal(end.over, true, 'the game reached its end');
    const status = await page.textContent('#status');
    assert.match(status, /wins|draw/);
    assert.equal(status.includes(end.result.text), true);
    // The engine's search figures are on the page.
    assert.notEqual(await page.textContent('[data-field="nodes"]'), '–');
    assert.notEqual(await page.textContent('[data-field="pv"]'), '–');
    // The record downloads in the record format: its tags, then the columns played, in order.
    const record = await page.evaluate(async () => (await fetch(document.querySelector('#record').href)).text());
    assert.match(record, /^\[Game "connect4"\]\n/);
    const played = record.split('\n').map((line) => line.match(/^\d+\. (\S+)/)).filter(Boolean).map((m) => m[1]);
    assert.deepEqual(played, end.moves);
    await screenshot(page, 'connect4.png');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('undo takes back the person\'s move and the engine\'s reply', async () => {
  const { page, close } = await openPage();
  try {
    await page.fill('#time', '200');
    await startGame(page, 'connect4', {}, ['human', 'greedy']);
    await page.click('#connect4-board [data-move="4"]');
    await page.waitForFunction(() => ui.view.moves.length === 2 && !ui.thinking);
    await page.click('#undo');
    await page.waitForFunction(() => ui.view.moves.length === 0);
    const v = await view(page);
    assert.equal(v.to_move, 0);
    assert.equal(await page.locator('#moves li').count(), 0);
  } finally {
    await close();
  }
});

test('an illegal move shows the rule it breaks', async () => {
  const { page, close } = await openPage();
  try {
    await startGame(page, 'connect4', { width: 4, height: 4 }, ['human', 'human']);
    for (let i = 0; i < 4; i++) {
      await page.click('#connect4-board [data-move="1"]');
      await page.waitForFunction((n) => ui.view.moves.length === n, i + 1);
    }
    await page.click('#connect4-board [data-move="1"]');
    await page.waitForSelector('#error:not([hidden])');
    const message = await page.textContent('#error');
    assert.match(message, /illegal move '1'/);
    assert.equal((await view(page)).moves.length, 4);
    await screenshot(page, 'connect4-illegal-move.png');
  } finally {
    await close();
  }
});

test('the page fits a phone\'s width', async () => {
  const { page, close } = await openPage({ width: 390, height: 844 });
  try {
    await startGame(page, 'connect4', {}, ['human', 'greedy']);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `page is ${width}px wide`);
    const board = await page.locator('#connect4-board').boundingBox();
    assert.ok(board.width > 300 && board.x + board.width <= 390);
    await screenshot(page, 'connect4-phone.png');
  } finally {
    await close();
  }
});
