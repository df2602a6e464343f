// The Analyse button on Connect Four: exact on 7x6 (each move marked with the exact score
// it threw away, as `ply analyze` does with the solver), and on other boards a search that
// says it is one, and why.
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, screenshot, clickColumn } = require('./browser.js');

// The analysis table's rows (moves only) as {move, lost, verdict, kind}.
async function analysisRows(page) {
  await page.waitForSelector('#analysis-table', { timeout: 120000 });
  return page.evaluate(() => {
    const head = [...document.querySelectorAll('#analysis-table th')].map((th) => th.textContent);
    return [...document.querySelectorAll('#analysis-table tr')].slice(1).map((tr) => {
      const cells = Object.fromEntries([...tr.children].map((td, i) => [head[i], td.textContent]));
      return { ...cells, kind: tr.className };
    });
  });
}

test('Analyse on 7x6 marks each move with the exact score it threw away', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'connect4', {}, ['human', 'human']);
    // The game of docs/cli.md's `ply analyze` example: from 44335, Red's second 4 turns a
    // win into a loss (18 → 17 first, then 17 → -17).
    await page.evaluate(() => { location.hash = '#game=connect4&position=44335'; });
    await page.waitForFunction(() => ui.view && ui.view.board.rows.flat().filter((o) => o !== null).length === 5);
    for (const move of ['5', '4', '2', '4', '2']) await clickColumn(page, move);
    await page.click('#analyse');
    const rows = await analysisRows(page);
    assert.deepEqual(rows.map((r) => r.move), ['5', '4', '2', '4', '2']);
    assert.deepEqual(rows.map((r) => r.lost), ['0', '1', '0', '34', '0']);
    assert.deepEqual(rows.map((r) => r.verdict), ['best', 'inaccuracy', 'best', 'blunder (win → loss)', 'best']);
    assert.match(rows[3].kind, /verdict-blunder/);
    const note = await page.textContent('#analysis-note');
    assert.match(note, /^5 moves judged exactly by solver:table=22/);
    assert.match(note, /"lost" is the score each move threw away/);
    await screenshot(page, 'analysis-exact.png');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('Analyse on another board says it falls back to a search, and which', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'connect4', { width: 8, height: 7 }, ['human', 'human']);
    for (const move of ['4', '4', '5']) await clickColumn(page, move);
    await page.click('#analyse');
    const rows = await analysisRows(page);
    assert.equal(rows.length, 3);
    assert.equal('lost' in rows[0], false, 'a search\'s values are no exact scores');
    const note = await page.textContent('#analysis-note');
    assert.match(note, /^3 moves judged by alphabeta:\S+, \d+ ms a position: a search, not exact, since the exact solver answers every position within about a second only on 7x6/);
    assert.equal(await page.getAttribute('#analysis-note', 'class'), 'fallback');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});
