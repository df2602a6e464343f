// What a person meets in the first minutes on the page: the game menu draws the chosen
// game's board at once, with its goal, and the Load box's example is that game's; the time
// field says what it changes and changes it; on a phone the board comes first and the
// settings fold away; no menu's label or choice is cut.
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, startGame, screenshot, view, PHONE, TOUCH } = require('./browser.js');

const games = (page) => page.evaluate(() => ui.games.map((g) => ({ name: g.name, title: g.title, goal: g.goal })));

test('choosing a game draws its board at once, with its goal and its own Load example', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    const all = await games(page);
    assert.ok(all.length >= 5, 'every game of the registry is offered');
    for (const game of all) {
      const before = (await view(page)).id;
      await page.selectOption('#game', game.name);
      // No New game click: the board is the chosen game's as soon as the server answers.
      await page.waitForFunction((g) => ui.view && ui.view.game === g && ui.creating === 0, game.name);
      assert.notEqual((await view(page)).id, before);
      assert.equal(await page.locator(`#${game.name}-board`).count(), 1, `${game.name}'s board is drawn`);
      assert.ok(game.goal && game.goal.length > 20, `${game.name} has a goal`);
      assert.equal(await page.textContent('#goal'), game.goal);
      const placeholder = await page.getAttribute('#load-text', 'placeholder');
      assert.ok(placeholder.includes(game.title), `${placeholder} names ${game.title}`);
      assert.ok(placeholder.includes(`[Game "${game.name}"]`), placeholder);
      for (const other of all.filter((g) => g.name !== game.name)) {
        assert.ok(!placeholder.includes(`"${other.name}"`), `${placeholder} names ${other.name}`);
      }
    }
    // A setting draws its board at once too.
    await page.selectOption('#game', 'connect4');
    await page.waitForFunction(() => ui.view.game === 'connect4' && ui.creating === 0);
    await page.selectOption('[data-variant="width"]', '9');
    await page.waitForFunction(() => ui.view.board.width === 9 && ui.creating === 0);
    assert.equal(await page.locator('#connect4-board .column-hit').count(), 9);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('the time field says it caps a level\'s own time, and the engine keeps to it', async () => {
  const { page, close, consoleErrors } = await openPage();
  try {
    const label = await page.textContent('label:has(#time)');
    assert.match(label, /most time per engine move/i);
    const help = await page.textContent('#time-help');
    assert.match(help, /thinks for the time it was rated with; this shortens a longer one/);
    // Connect Four's strongest level thinks a second a move; capped at 200 ms, its search is
    // given 200 ms.
    const level = await page.evaluate(() => ui.games.find((g) => g.name === 'connect4').default_level);
    await page.fill('#time', '200');
    const answered = page.waitForResponse((r) => r.url().endsWith('/engine'), { timeout: 60000 });
    await startGame(page, 'connect4', {}, [level, 'human']);
    const body = await (await answered).json();
    assert.ok(body.engine.budget_ms <= 200, `budget ${body.engine.budget_ms} ms`);
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

test('on a phone the board comes first and the settings fold away', async () => {
  const { page, close, consoleErrors } = await openPage(PHONE, null, TOUCH);
  try {
    const layout = await page.evaluate(() => {
      const top = (id) => document.getElementById(id).getBoundingClientRect().top;
      const board = document.querySelector('#board svg').getBoundingClientRect();
      return {
        play: top('play'), setup: top('setup'), info: top('info'),
        open: document.getElementById('setup-fold').open,
        boardRight: board.right, boardTop: board.top,
        width: document.documentElement.scrollWidth,
      };
    });
    assert.ok(layout.play < layout.setup && layout.setup < layout.info, JSON.stringify(layout));
    assert.equal(layout.open, false, 'the settings are folded');
    assert.ok(layout.boardTop < PHONE.height / 2, `the board starts at ${layout.boardTop} px`);
    assert.ok(layout.boardRight <= PHONE.width && layout.width <= PHONE.width, JSON.stringify(layout));
    assert.equal(await page.isVisible('#game'), false);
    await screenshot(page, 'phone-board-first.png');
    // A tap unfolds them.
    await page.tap('#setup-fold > summary');
    assert.equal(await page.isVisible('#game'), true);
    await screenshot(page, 'phone-settings-open.png');
    assert.deepEqual(consoleErrors, []);
  } finally {
    await close();
  }
});

// Every label of the setup panel and every menu, as drawn: nothing may be cut. A menu is as
// wide as its longest choice when nothing holds it in; one the panel holds narrower cuts
// its text.
async function cutLabels(page) {
  return page.evaluate(() => {
    const cut = [];
    for (const select of document.querySelectorAll('#setup select')) {
      const drawn = select.getBoundingClientRect().width;
      const saved = select.getAttribute('style');
      select.style.maxWidth = 'none';
      select.style.minWidth = 'max-content';
      select.style.flex = 'none';
      const needed = select.getBoundingClientRect().width;
      if (saved === null) select.removeAttribute('style'); else select.setAttribute('style', saved);
      if (needed > drawn + 0.5) cut.push(`${select.id || select.dataset.variant}: needs ${needed} px, drawn ${drawn}`);
    }
    for (const label of document.querySelectorAll('#setup label')) {
      if (label.scrollWidth > label.clientWidth + 0.5) cut.push(`label '${label.textContent.trim()}' overflows`);
    }
    return cut;
  });
}

for (const [name, size, device] of [['desktop', { width: 1200, height: 900 }, {}], ['phone', PHONE, TOUCH]]) {
  test(`no label or menu choice of the setup panel is cut (${name})`, async () => {
    const { page, close, consoleErrors } = await openPage(size, null, device);
    try {
      await page.evaluate(() => { document.getElementById('setup-fold').open = true; });
      for (const game of await games(page)) {
        await page.selectOption('#game', game.name);
        await page.waitForFunction((g) => ui.view.game === g && ui.creating === 0, game.name);
        assert.deepEqual(await cutLabels(page), [], game.name);
      }
      await screenshot(page, `setup-labels-${name}.png`);
      assert.deepEqual(consoleErrors, []);
    } finally {
      await close();
    }
  });
}
