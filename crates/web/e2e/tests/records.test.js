// Starting anywhere and judging a game: a link that opens a position, a record pasted or
// uploaded into the Load box, and the Analyse button's verdicts.
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, screenshot, view } = require('./browser.js');

const URL = process.env.PLY_URL || 'http://127.0.0.1:8080/';

const RECORD = [
  '[Game "tictactoe"]',
  '[Result "*"]',
  '',
  '1. b2',
  '2. a1',
  '3. c3 {value=0 time=0.010s}',
  '4. a3',
  '*',
].join('\n');

test('a link opens the game, the settings and the position it names', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    // A fresh page load of a link: the game starts at the position, in the variant named.
    await page.goto('about:blank');
    await page.goto(URL + '#game=connect4&height=5&position=4453');
    await page.waitForFunction(() => typeof ui !== 'undefined' && ui.view && ui.view.game === 'connect4');
    const v = await view(page);
    assert.equal(v.variant, '7x5, 4 in a row');
    assert.deepEqual(v.settings, { height: '5' });
    assert.equal(v.to_move, 0);
    assert.equal(v.board.rows.flat().filter((cell) => cell !== null).length, 4);
    assert.equal(await page.inputValue('#game'), 'connect4');
    assert.equal(await page.inputValue('[data-variant="height"]'), '5');
    // The URL follows the game: its hash is the current position, so it can be shared.
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, /game=connect4/);
    assert.match(hash, /height=5/);
    assert.equal(new URLSearchParams(hash.slice(1)).get('position'), v.text);

    // A link followed within the page (the hash changed) starts its game too.
    await page.evaluate(() => { location.hash = '#game=tictactoe&position=x...o....'; });
    await page.waitForFunction(() => ui.view.game === 'tictactoe');
    assert.equal((await view(page)).text, 'x...o....');

    // A link to a position no game reaches says why, and a fresh game takes its place.
    await page.goto('about:blank');
    await page.goto(URL + '#game=tictactoe&position=xx.......');
    await page.waitForSelector('#error:not([hidden])');
    assert.match(await page.textContent('#error'), /'position'/);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('a record pasted or uploaded starts the game there, and undo takes its moves back', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'connect4', {}, ['human', 'human']);
    await page.fill('#load-text', RECORD);
    await page.click('#load');
    await page.waitForFunction(() => ui.view.game === 'tictactoe' && ui.view.moves.length === 4);
    assert.deepEqual((await view(page)).moves, ['b2', 'a1', 'c3', 'a3']);
    assert.equal(await page.inputValue('#game'), 'tictactoe');
    await screenshot(page, 'load-record.png');
    // The seats are people: undo takes back one move.
    await page.selectOption('#seat-0', 'human');
    await page.selectOption('#seat-1', 'human');
    await page.evaluate(() => { ui.seats = ['human', 'human']; });
    await page.click('#undo');
    await page.waitForFunction(() => ui.view.moves.length === 3);

    // A broken record is refused with the rule, the game on the board stays.
    const before = (await view(page)).id;
    await page.fill('#load-text', '[Game "tictactoe"]\n\n1. b2\n2. b2\n');
    await page.click('#load');
    await page.waitForSelector('#error:not([hidden])');
    assert.match(await page.textContent('#error'), /move 2 of the record/);
    assert.equal((await view(page)).id, before);

    // The same record from a file.
    await page.setInputFiles('#load-file', {
      name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(RECORD),
    });
    await page.waitForFunction((old) => ui.view.id !== old && ui.view.moves.length === 4, before);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('Analyse judges every move and highlights the blunder', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    await startGame(page, 'tictactoe', {}, ['human', 'human']);
    // O answers the centre on an edge: X forces a win from there.
    for (const [i, move] of ['b2', 'a2'].entries()) {
      await page.click(`#tictactoe-board [data-move="${move}"]`);
      await page.waitForFunction((n) => ui.view.moves.length === n, i + 1);
    }
    await page.click('#analyse');
    await page.waitForSelector('#analysis-table');
    const rows = await page.locator('#analysis-table tr').count();
    assert.equal(rows, 3, 'a header and one row a move');
    const blunder = page.locator('#analysis-table tr.verdict-blunder');
    assert.equal(await blunder.count(), 1);
    assert.match(await blunder.textContent(), /a2.*blunder/);
    // One blunder, in the singular; none of the other verdicts, in the plural.
    assert.match(await page.textContent('#analysis'), /O: 0 best, 0 inaccuracies, 0 mistakes, 1 blunder$/);
    await screenshot(page, 'analysis.png');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});
