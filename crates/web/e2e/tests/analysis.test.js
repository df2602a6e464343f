// The Analyse button on Connect Four: exact on 7x6 (each move marked with the exact score
// it threw away, as `ply analyze` does with the solver), and on other boards a search that
// says it is one, and why.
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, screenshot, clickColumn, view, playMoves } = require('./browser.js');

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

// The game of docs/cli.md's `ply analyze` example, played and analysed: from 44335, Red's
// second 4 turns a win into a loss (18 → 17 first, then 17 → -17).
async function analyseTheBlunderGame(page) {
  await startGame(page, 'connect4', {}, ['human', 'human']);
  await page.evaluate(() => { location.hash = '#game=connect4&position=44335'; });
  await page.waitForFunction(() => ui.view && ui.view.board.rows.flat().filter((o) => o !== null).length === 5);
  for (const move of ['5', '4', '2', '4', '2']) await clickColumn(page, move);
  await page.click('#analyse');
}

test('Analyse on 7x6 marks each move with the exact score it threw away', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await analyseTheBlunderGame(page);
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

// The graph's points as {ply, kind}, once it is drawn.
async function graphPoints(page) {
  await page.waitForSelector('#graph', { timeout: 120000 });
  return page.$$eval('#graph .graph-point', (dots) => dots.map((d) => ({
    ply: Number(d.dataset.ply), kind: d.getAttribute('class'), title: d.querySelector('title').textContent,
  })));
}

test('Analyse draws the value over the game, marks the blunder, and a click goes there', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await analyseTheBlunderGame(page);
    const points = await graphPoints(page);
    // The start and the position after each of the five moves, Red's blunder at ply 4.
    assert.deepEqual(points.map((p) => p.ply), [0, 1, 2, 3, 4, 5]);
    assert.match(points[4].kind, /blunder/);
    assert.match(points[4].title, /after 4\. Red 4: .* blunder/);
    assert.equal(points.filter((p) => /blunder|mistake/.test(p.kind)).length, 1);
    assert.equal(await page.getAttribute('#graph-now', 'data-ply'), '5');
    await screenshot(page, 'analysis-graph.png');
    // A click on ply 2 shows the position after two moves, the engines paused.
    await page.click('#graph .graph-point[data-ply="2"]');
    await page.waitForFunction(() => ui.view.moves.length === 2 && !ui.thinking);
    assert.deepEqual((await view(page)).moves, ['5', '4']);
    assert.equal(await page.getAttribute('#graph-now', 'data-ply'), '2');
    assert.equal(await page.textContent('#pause'), 'Resume');
    // The graph stays, and a click on its last point plays the game on to its end again.
    await page.click('#graph .graph-point[data-ply="5"]');
    await page.waitForFunction(() => ui.view.moves.length === 5 && !ui.thinking);
    assert.deepEqual((await view(page)).moves, ['5', '4', '2', '4', '2']);
    // So does a row of the table.
    await page.click('#analysis-table tr.verdict-blunder');
    await page.waitForFunction(() => ui.view.moves.length === 4 && !ui.thinking);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

// Every game of the menu, a few moves into a game: the graph is drawn, one line for two
// seats and one a seat for more, and its first point goes back to the start. Small boards
// where a game has them, so the analysis is quick; halma with three players.
const SMALL = {
  connect4: { width: 5, height: 4 },
  quoridor: { size: 5 },
  halma: { board: 'star', players: 3 },
  breakthrough: { rows: 5, columns: 5 },
};

test('Analyse draws a graph for every game', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    const names = await page.evaluate(() => ui.games.map((g) => g.name));
    for (const game of names) {
      await page.evaluate(() => { document.getElementById('setup-fold').open = true; });
      await page.selectOption('#game', game);
      for (const [key, value] of Object.entries(SMALL[game] || {})) {
        await page.selectOption(`[data-variant="${key}"]`, String(value));
      }
      const seats = await page.locator('#seats select').count();
      for (let seat = 0; seat < seats; seat++) await page.selectOption(`#seat-${seat}`, 'human');
      await page.waitForFunction(() => ui.creating === 0);
      const before = (await view(page)).id;
      await page.click('#new-game');
      await page.waitForFunction((old) => ui.view.id !== old && ui.creating === 0, before);
      for (let i = 0; i < 4; i++) {
        const v = await view(page);
        const first = v.legal[0];
        await playMoves(page, [typeof first === 'string' ? first : first.move]);
      }
      await page.click('#analyse');
      const points = await graphPoints(page);
      assert.ok(points.length >= 4, `${game}: ${points.length} points`);
      const lines = await page.locator('#graph .graph-line').count();
      const players = (await view(page)).players.length;
      assert.equal(lines, players === 2 ? 1 : players, `${game}: lines`);
      // Moves as a person types them, never JSON.
      const moves = await page.$$eval('#analysis-table td:nth-child(3)', (tds) => tds.map((td) => td.textContent));
      assert.ok(moves.every((m) => !m.startsWith('[')), `${game}: ${moves}`);
      await screenshot(page, `analysis-graph-${game}.png`);
      await page.click('#graph .graph-point[data-ply="0"]');
      await page.waitForFunction(() => ui.view.moves.length === 0 && !ui.thinking);
      await page.click('#pause');
    }
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});
