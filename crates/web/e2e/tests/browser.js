// Shared helpers: a fresh headless Chromium per test file, the page at PLY_URL, screenshots.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');

const URL = process.env.PLY_URL || 'http://127.0.0.1:8080/';
const SCREENSHOTS = path.join(__dirname, '..', 'screenshots');

// How many times a browser that dies while starting is started again. On a loaded machine
// Chromium now and then exits during its launch ("Target page, context or browser has been
// closed") before any page exists; that says nothing about ply, so the launch is retried.
const LAUNCH_ATTEMPTS = 3;

async function launch(viewport, device) {
  for (let attempt = 1; ; attempt += 1) {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ply-e2e-'));
    try {
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
        headless: true,
        viewport,
        ...device,
        args: [
          '--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run',
          '--disable-background-networking', '--disable-component-update', '--disable-sync',
        ],
      });
      return { context, profile };
    } catch (error) {
      fs.rmSync(profile, { recursive: true, force: true });
      if (attempt >= LAUNCH_ATTEMPTS) throw error;
      const reason = error.message.split('\n')[0];
      console.error(`browser launch ${attempt} of ${LAUNCH_ATTEMPTS} failed, retrying: ${reason}`);
    }
  }
}

// `beforeLoad(page)`, if given, runs before the page is opened (to watch its requests);
// `device` adds the browser context's options of a device (a phone: `PHONE`).
async function openPage(viewport = { width: 1200, height: 900 }, beforeLoad = null, device = {}) {
  const { context, profile } = await launch(viewport, device);
  const page = context.pages()[0] || (await context.newPage());
  const consoleErrors = [];
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  if (beforeLoad) beforeLoad(page);
  await page.goto(URL);
  await page.waitForFunction(() => typeof ui !== 'undefined' && ui.view !== null);
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { page, close, consoleErrors };
}

// A phone: 390 by 844 CSS pixels, touch, no hover.
const PHONE = { width: 390, height: 844 };
const TOUCH = { hasTouch: true, isMobile: true, deviceScaleFactor: 3 };

// Picks a game, its variant settings and the seats ('human' or a level), then starts it.
// (Choosing a game or a setting starts one at once; the seats take effect with New game.)
async function startGame(page, game, variant, seats) {
  await page.evaluate(() => { document.getElementById('setup-fold').open = true; });
  await page.selectOption('#game', game);
  for (const [key, value] of Object.entries(variant)) {
    await page.selectOption(`[data-variant="${key}"]`, String(value));
  }
  for (const [seat, who] of seats.entries()) {
    await page.selectOption(`#seat-${seat}`, who);
  }
  await page.waitForFunction(() => ui.creating === 0);
  const before = await page.evaluate(() => ui.view && ui.view.id);
  await page.click('#new-game');
  await page.waitForFunction((old) => ui.view && ui.view.id !== old && ui.creating === 0, before);
}

// Waits until a person is to move (or the game is over) and no engine is thinking.
async function waitForHumanTurn(page) {
  await page.waitForFunction(
    () => ui.view && !ui.thinking && (ui.view.over || ui.seats[ui.view.to_move] === 'human'),
    null,
    { timeout: 30000 },
  );
}

async function screenshot(page, name) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
}

const view = (page) => page.evaluate(() => ui.view);

// Connect Four: drops a stone into the column whose move is `move`, and waits for the view.
async function clickColumn(page, move) {
  const before = (await view(page)).moves.length;
  await page.click(`#connect4-board [data-move="${move}"]`);
  await page.waitForFunction((n) => ui.view.moves.length > n, before);
}

// Plays `moves` (as the view lists them) through the API, as clicks would, and shows the
// result on the page.
async function playMoves(page, moves) {
  await page.evaluate(async (list) => {
    for (const move of list) {
      const response = await fetch(`/api/games/${ui.view.id}/moves`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move }),
      });
      if (!response.ok) throw new Error(`${move}: ${await response.text()}`);
      ui.view = await response.json();
    }
    render();
  }, moves);
}

module.exports = {
  openPage, startGame, waitForHumanTurn, screenshot, view, clickColumn, playMoves, PHONE, TOUCH,
};
