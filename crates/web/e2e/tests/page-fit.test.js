// The page's small defects, each checked where a person meets it: a long agent spec wraps
// inside its panel instead of widening the page, the move list follows the game, and every
// request the page makes, its icon included, is answered.
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, screenshot, clickColumn } = require('./browser.js');

test('a long agent spec wraps: the page stays as wide as a 1,280 px window', async () => {
  const { page, close, consoleErrors } = await openPage({ width: 1280, height: 900 });
  try {
    // 8x7 is analysed by alpha-beta, whose spec is one long word.
    await startGame(page, 'connect4', { width: 8, height: 7 }, ['human', 'human']);
    for (const move of ['4', '5']) await clickColumn(page, move);
    await page.click('#analyse');
    await page.waitForSelector('#analysis-table');
    const note = await page.textContent('#analysis-note');
    assert.match(note, /alphabeta:time=\d+ms,eval=threats,\S{30,}/, 'the long spec is shown');
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      header: document.querySelector('header').getBoundingClientRect().width,
      info: document.querySelector('#info').getBoundingClientRect().right,
    }));
    assert.ok(widths.page <= 1280, `the page is ${widths.page} px wide`);
    assert.equal(widths.header, widths.page, 'the header spans the page');
    assert.ok(widths.info <= 1280, `the right panel ends at ${widths.info} px`);
    await screenshot(page, 'analysis-wraps.png');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('the move list scrolls to follow the latest move', async () => {
  // A short window: the list (at most 30% of its height) holds a few moves only.
  const { page, close } = await openPage({ width: 1280, height: 500 });
  try {
    await startGame(page, 'connect4', {}, ['human', 'human']);
    // Two columns filled in turn: twelve moves, and no four in a row.
    for (const move of ['1', '1', '1', '1', '1', '1', '2', '2', '2', '2', '2', '2']) {
      await clickColumn(page, move);
    }
    const list = await page.evaluate(() => {
      const moves = document.querySelector('#moves');
      const last = moves.lastElementChild.getBoundingClientRect();
      const box = moves.getBoundingClientRect();
      return {
        overflows: moves.scrollHeight > moves.clientHeight,
        lastShown: last.top >= box.top && last.bottom <= box.bottom + 1,
        count: moves.children.length,
      };
    });
    assert.equal(list.count, 12);
    assert.ok(list.overflows, 'the list is longer than its box');
    assert.ok(list.lastShown, 'the latest move is in view');
    // Scrolled back to the start by the reader, the list stays there while nothing moves
    // (the solver view's answers redraw the board), and follows again at the next move.
    await page.evaluate(() => { document.querySelector('#moves').scrollTop = 0; });
    await page.check('#solver-view');
    await page.waitForFunction(() => ui.solver.answer || ui.solver.error, null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => document.querySelector('#moves').scrollTop), 0);
    await clickColumn(page, '3');
    const scrolled = await page.evaluate(() => {
      const moves = document.querySelector('#moves');
      return moves.scrollTop + moves.clientHeight >= moves.scrollHeight - 1;
    });
    assert.ok(scrolled, 'the list follows the new move');
  } finally {
    await close();
  }
});

test('every request of the page is answered, its icon included', async () => {
  const failed = [];
  const { page, close, consoleErrors } = await openPage({ width: 1280, height: 900 }, (p) => {
    p.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  });
  try {
    const icon = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="icon"]');
      const response = await fetch('/favicon.ico');
      return {
        href: link && link.getAttribute('href'),
        status: response.status,
        type: response.headers.get('content-type'),
        body: await response.text(),
      };
    });
    assert.equal(icon.href, '/favicon.ico');
    assert.equal(icon.status, 200);
    assert.equal(icon.type, 'image/svg+xml');
    assert.match(icon.body, /^<svg /);
    assert.deepEqual(failed, []);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});
