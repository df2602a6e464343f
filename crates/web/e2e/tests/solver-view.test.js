'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, screenshot, view } = require('./browser.js');

// The labels above the columns once the solver has answered for the position on the board.
async function solverLabels(page) {
  await page.waitForFunction(() => {
    const labels = [...document.querySelectorAll('#connect4-board .solver-label')];
    return labels.length > 0 && labels.every((g) => g.dataset.label !== 'pending');
  }, null, { timeout: 20000 });
  return page.evaluate(() => Object.fromEntries(
    [...document.querySelectorAll('#connect4-board .solver-label')]
      .map((g) => [g.dataset.columnMove, { label: g.dataset.label, value: Number(g.dataset.value), text: g.textContent, kind: g.getAttribute('class') }]),
  ));
}

async function clickColumn(page, move) {
  const before = (await view(page)).moves.length;
  await page.click(`#connect4-board [data-move="${move}"]`);
  await page.waitForFunction((n) => ui.view.moves.length > n, before);
}

test('the solver view scores every column of a late position and follows undo', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'connect4', {}, ['human', 'human']);
    // Off by default, offered for Connect Four.
    assert.equal(await page.isVisible('#solver-toggle'), true);
    assert.equal(await page.isChecked('#solver-view'), false);
    assert.equal(await page.locator('#connect4-board .solver-label').count(), 0);
    await page.check('#solver-view');
    for (const move of ['4', '4', '5', '5', '6', '6']) await clickColumn(page, move);

    // Red has three on the floor: columns 3 and 7 win at once (score 18); every other
    // column wins too, a stone later, since Yellow can block only one end.
    const labels = await solverLabels(page);
    assert.deepEqual(Object.keys(labels).sort(), ['1', '2', '3', '4', '5', '6', '7']);
    for (const move of ['3', '7']) {
      assert.equal(labels[move].label, 'win in 1');
      assert.equal(labels[move].value, 18);
      assert.match(labels[move].text, /win.*in 1.*\+18/);
      assert.match(labels[move].kind, /solver-win/);
    }
    for (const move of ['1', '2', '4', '5', '6']) {
      assert.match(labels[move].label, /^win in [2-9]/);
      assert.ok(labels[move].value < 18);
    }
    assert.match(await page.textContent('#solver-note'), /7 moves scored/);
    // The toggle is in the link, beside the game and position.
    const hash = await page.evaluate(() => location.hash);
    assert.equal(new URLSearchParams(hash.slice(1)).get('solver'), '1');
    await screenshot(page, 'connect4-solver-view.png');

    // Undo: Yellow to move, and whatever Yellow does Red wins with the next stone.
    await page.click('#undo');
    await page.waitForFunction(() => ui.view.moves.length === 5);
    const after = await solverLabels(page);
    for (const move of ['1', '2', '3', '4', '5', '6', '7']) {
      assert.equal(after[move].label, 'loss in 1');
      assert.match(after[move].kind, /solver-loss/);
    }

    // Off again: no labels, no note.
    await page.uncheck('#solver-view');
    assert.equal(await page.locator('#connect4-board .solver-label').count(), 0);
    assert.equal(await page.isVisible('#solver-note'), false);
    assert.equal(new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('solver'), null);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('a full column gets no label, and a link turns the solver view on', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await page.evaluate(() => { location.hash = '#game=connect4&width=5&height=4&position=1111&solver=1'; });
    await page.waitForFunction(() => ui.view && ui.view.board.width === 5);
    assert.equal(await page.isChecked('#solver-view'), true);
    const labels = await solverLabels(page);
    assert.deepEqual(Object.keys(labels).sort(), ['2', '3', '4', '5']);
    for (const { label } of Object.values(labels)) assert.match(label, /^(win|loss) in \d+$|^draw$/);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('games without a solver view do not offer it', async () => {
  const { page, close } = await openPage();
  try {
    await startGame(page, 'tictactoe', {}, ['human', 'human']);
    assert.equal(await page.isVisible('#solver-toggle'), false);
    assert.equal(await page.isVisible('#solver-note'), false);
  } finally {
    await close();
  }
});
