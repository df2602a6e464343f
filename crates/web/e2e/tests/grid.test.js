// The page's generic grid renderer (grid.js): a game whose view sends a grid is drawn and
// played with no drawing code of its own. Tic-tac-toe is one (place moves: click a cell);
// from→to moves (click a piece, then its target) are shown on a board of a made-up game the
// test hands the page, the server's answer to the move stubbed by the test.
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, screenshot, view } = require('./browser.js');

async function clickCell(page, move) {
  const before = (await view(page)).moves.length;
  await page.click(`#tictactoe-board [data-move="${move}"]`);
  await page.waitForFunction((n) => ui.view.moves.length > n, before);
}

test('tic-tac-toe through the grid renderer: cells clicked, marks drawn, a win', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'tictactoe', {}, ['human', 'human']);
    // Drawn by the page itself: the game has no drawing module.
    assert.equal(await page.evaluate(() => ui.drawings.has('tictactoe')), false);
    assert.equal(await page.locator('#tictactoe-board .grid-cell').count(), 9);
    assert.equal(await page.locator('#tictactoe-board .grid-cell.playable').count(), 9);
    // X takes the a-file while O answers on the b-file.
    for (const move of ['a1', 'b1', 'a2', 'b2']) await clickCell(page, move);
    // A marked cell is no longer offered; the marks are the seats' names, in their colours.
    assert.equal(await page.locator('#tictactoe-board [data-move="a1"]').count(), 0);
    assert.equal(await page.locator('#tictactoe-board .grid-cell.playable').count(), 5);
    const marks = await page.$$eval('#tictactoe-board .grid-glyph', (nodes) => nodes.map((n) => [n.textContent, n.getAttribute('fill')]));
    const colours = await page.evaluate(() => ui.games.find((g) => g.name === 'tictactoe').seats.map((s) => s.colour));
    assert.deepEqual(marks.map(([text]) => text).sort(), ['O', 'O', 'X', 'X']);
    for (const [text, fill] of marks) assert.equal(fill, colours[text === 'X' ? 0 : 1]);
    // The labels follow the notation: columns a–c, rows 3 to 1 from the top.
    const labels = await page.$$eval('#tictactoe-board .coord', (nodes) => nodes.map((n) => n.textContent));
    assert.deepEqual(labels, ['a', 'b', 'c', '3', '2', '1']);
    await screenshot(page, 'tictactoe-grid.png');
    await clickCell(page, 'a3');
    const v = await view(page);
    assert.equal(v.result.text, 'X wins');
    assert.deepEqual(v.moves, ['a1', 'b1', 'a2', 'b2', 'a3']);
    // A game over offers no cell.
    assert.equal(await page.locator('#tictactoe-board .grid-cell.playable').count(), 0);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('a larger m,n,k board is the same renderer, sized by the view', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'tictactoe', { width: 7, height: 6, k: 4 }, ['human', 'human']);
    assert.equal(await page.locator('#tictactoe-board .grid-cell').count(), 42);
    await clickCell(page, 'g6');
    assert.equal((await view(page)).board.cells[6].glyph, 'X');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

// A made-up 4x4 game: Black's two pieces on the bottom row move up, straight or diagonally;
// the rows are labelled, the board checkered, each seat's home row shaded.
const FIXTURE = {
  id: 'fixture', version: 0, game: 'fixture', variant: '4x4', players: ['Black', 'White'],
  to_move: 0, over: false, result: null, end: null, moves: [], text: 'fixture',
  board: {
    kind: 'grid', width: 4, height: 4, checkered: true,
    cells: [
      null, { seat: 1 }, null, null,
      null, null, null, null,
      null, null, null, null,
      { seat: 0 }, null, { seat: 0 }, null,
    ],
    shade: [1, 1, 1, 1, null, null, null, null, null, null, null, null, 0, 0, 0, 0],
    columns: ['a', 'b', 'c', 'd'], rows: ['4', '3', '2', '1'],
  },
  legal: [
    { move: 'a1-a2', from: [0, 3], to: [0, 2] },
    { move: 'a1-b2', from: [0, 3], to: [1, 2] },
    { move: 'c1-b2', from: [2, 3], to: [1, 2] },
    { move: 'c1-c2', from: [2, 3], to: [2, 2] },
    { move: 'c1-d2', from: [2, 3], to: [3, 2] },
  ],
};

test('a from→to move: the piece, then its target, plays the notation the view listed', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    // The server's side of the made-up game: the test answers the move request itself.
    const sent = [];
    const after = structuredClone(FIXTURE);
    after.board.cells[12] = null;
    after.board.cells[9] = { seat: 0 };
    Object.assign(after, { version: 1, to_move: 1, moves: ['a1-b2'], legal: [] });
    await page.route('**/api/games/fixture/moves', (route) => {
      sent.push(JSON.parse(route.request().postData()));
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(after) });
    });
    await page.evaluate((fixture) => {
      ui.games.push({ name: 'fixture', seats: [{ name: 'Black', colour: '#1d1d1d' }, { name: 'White', colour: '#fafafa' }] });
      ui.seats = ['human', 'human'];
      ui.view = fixture;
      render();
    }, FIXTURE);
    const cell = (x, y) => `#fixture-board .grid-cell[data-x="${x}"][data-y="${y}"]`;
    assert.equal(await page.locator('#fixture-board .grid-cell').count(), 16);
    assert.equal(await page.locator('#fixture-board .grid-cell.dark').count(), 8);
    assert.equal(await page.locator('#fixture-board .grid-shade').count(), 8);
    assert.equal(await page.locator('#fixture-board .grid-disc').count(), 3);
    // Both of Black's pieces can move; nothing is a target until one is picked.
    assert.equal(await page.locator('#fixture-board .grid-cell.movable').count(), 2);
    assert.equal(await page.locator('#fixture-board .grid-cell.target').count(), 0);
    await page.click(cell(2, 3));
    assert.deepEqual(await page.$$eval('#fixture-board .target', (n) => n.map((c) => c.dataset.move)), ['c1-b2', 'c1-c2', 'c1-d2']);
    // A click on the picked piece drops it; the other piece is picked instead.
    await page.click(cell(2, 3));
    assert.equal(await page.locator('#fixture-board .grid-cell.target').count(), 0);
    await page.click(cell(0, 3));
    assert.equal(await page.locator(cell(0, 3) + '.selected').count(), 1);
    assert.deepEqual(await page.$$eval('#fixture-board .target', (n) => n.map((c) => c.dataset.move)), ['a1-a2', 'a1-b2']);
    await screenshot(page, 'grid-from-to.png');
    // b2 is a target of both pieces: the picked one's move is played.
    await page.click(cell(1, 2));
    await page.waitForFunction(() => ui.view.version === 1);
    assert.deepEqual(sent, [{ move: 'a1-b2' }]);
    // The piece is drawn where the server's answer puts it: cells of 80, labels' margin 26.
    const discs = await page.$$eval('#fixture-board .grid-disc', (n) => n.map((c) => `${c.getAttribute('cx')},${c.getAttribute('cy')}`));
    assert.deepEqual(discs.sort(), ['146,200', '146,40', '226,280']);
    assert.equal(await page.locator('#fixture-board .grid-cell.movable').count(), 0, 'no move for White listed');
    assert.equal(await page.evaluate(() => ui.selected), null);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('a board the page cannot draw is named in its place, and the page works on', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await page.evaluate((fixture) => {
      ui.games.push({ name: 'fixture', seats: [] });
      ui.seats = ['human', 'human'];
      ui.view = { ...fixture, board: { kind: 'hexes' } };
      render();
    }, FIXTURE);
    assert.match(await page.textContent('#board'), /no drawing for fixture's board \(kind 'hexes'\)/);
    assert.match(await page.textContent('#status'), /Black to move/);
    // A drawing that fails says so in the board's place, and its error reaches the console.
    await page.evaluate(() => {
      ui.drawings.set('fixture', { draw: () => { throw new Error('a bug in the drawing'); } });
      render();
    });
    assert.match(await page.textContent('#board'), /the drawing of fixture failed: a bug in the drawing/);
    // A new game replaces it as usual.
    await startGame(page, 'tictactoe', {}, ['human', 'human']);
    assert.equal(await page.locator('#tictactoe-board .grid-cell').count(), 9);
    assert.ok(consoleErrors.length > 0 && consoleErrors.every((e) => /a bug in the drawing/.test(e)), consoleErrors);
  } finally {
    await close();
  }
});
