// The seat menus across game changes, without a browser: the page's own scripts and the
// server's game list, loaded into a small stand-in for the DOM (only what the setup panel
// uses: selects and their options). Runs with the other tests (run.sh), or alone against a
// server: PLY_URL=http://127.0.0.1:PORT/ node --test crates/web/e2e/tests/seat-levels.test.js
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const vm = require('node:vm');

const URL = process.env.PLY_URL || 'http://127.0.0.1:8080/';

// An element: children, an id, a dataset; a select's value is its selected option's, and
// setting a value no option has leaves it blank, as in a browser.
class Node {
  constructor(tag, registry) {
    this.tag = tag;
    this.registry = registry;
    this.children = [];
    this.dataset = {};
    this.textContent = '';
    this.selectedIndex = null;
    this.style = {};
  }
  set id(v) { this._id = v; this.registry[v] = this; }
  get id() { return this._id; }
  append(...nodes) { this.children.push(...nodes); }
  replaceChildren(...nodes) { this.children = nodes; }
  addEventListener() {}
  setAttribute() {}
  // Text appended as a string is a text node: it has no children to search.
  descendants() { return this.children.filter((c) => c instanceof Node).flatMap((c) => [c, ...c.descendants()]); }
  querySelectorAll(selector) {
    if (selector === 'select') return this.descendants().filter((n) => n.tag === 'select');
    if (selector === '[data-variant]') return this.descendants().filter((n) => n.dataset.variant !== undefined);
    return [];
  }
  get options() { return this.children.filter((n) => n.tag === 'option'); }
  get value() {
    if (this.tag !== 'select') return this._value;
    const options = this.options;
    if (this.selectedIndex === -1) return '';
    const chosen = this.selectedIndex === null
      ? options.find((o) => o.selected) || options[0]
      : options[this.selectedIndex];
    return chosen ? chosen._value : '';
  }
  set value(v) {
    if (this.tag === 'select') this.selectedIndex = this.options.findIndex((o) => o._value === v);
    else this._value = v;
  }
}

// The page's scripts, in the order index.html loads them.
async function pageScripts() {
  const html = await fetch(URL).then((r) => r.text());
  const sources = [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]);
  return Promise.all(sources.map((src) => fetch(new globalThis.URL(src, URL)).then((r) => r.text())));
}

async function loadPage() {
  const [scripts, info] = await Promise.all([
    pageScripts(),
    fetch(new globalThis.URL('api/games', URL)).then((r) => r.json()),
  ]);
  const registry = {};
  const make = (tag) => new Node(tag, registry);
  for (const id of ['game', 'goal', 'variants', 'seats', 'time', 'error', 'board', 'moves', 'undo', 'pause', 'record', 'status', 'new-game', 'load-text']) {
    make(id === 'game' ? 'select' : 'div').id = id;
  }
  const document = {
    getElementById: (id) => registry[id],
    createElement: make,
    createElementNS: (_, tag) => make(tag),
    querySelector: (selector) => {
      const key = selector.match(/^\[data-variant="(.*)"\]$/);
      return key ? registry.variants.descendants().find((n) => n.dataset.variant === key[1]) || null : null;
    },
    querySelectorAll: (selector) => registry.variants.querySelectorAll(selector),
    // The page's start() waits for the document to be loaded, which never comes here: the
    // test drives the panel itself.
    addEventListener() {},
  };
  const context = vm.createContext({ document, setTimeout, console });
  for (const script of scripts) vm.runInContext(script, context);
  context.GAMES = info.games;
  vm.runInContext(`
    ui.games = GAMES;
    for (const g of GAMES) { const o = document.createElement('option'); o.value = g.name; $('game').append(o); }
  `, context);
  return {
    run: (code) => vm.runInContext(code, context),
    // A value of the page's, copied out of its realm so assert compares it as plain data.
    value: (expression) => JSON.parse(vm.runInContext(`JSON.stringify(${expression})`, context)),
    games: info.games,
  };
}

const SETUP = `
  var seats = () => [...$('seats').querySelectorAll('select')].map((s) => s.value);
  var pick = (game) => { $('game').value = game; fillVariants(); };
`;

test('a seat whose level the new game lacks falls back to its default level', async () => {
  const page = await loadPage();
  const defaults = Object.fromEntries(page.games.map((g) => [g.name, g.default_level]));
  page.run(SETUP);
  page.run(`pick('connect4'); $('seat-1').value = 'perfect-100ms';`);
  assert.deepEqual(page.value('seats()'), ['human', 'perfect-100ms']);
  // Quoridor has no 'perfect-100ms': the engine seat gets quoridor's default, not a blank menu.
  page.run(`pick('quoridor');`);
  assert.deepEqual(page.value('seats()'), ['human', defaults.quoridor]);
  // Halma for three, every seat an engine, then tic-tac-toe (which has no halma level).
  page.run(`
    pick('halma');
    document.querySelector('[data-variant="players"]').value = '3';
    fillSeats();
    for (const s of $('seats').querySelectorAll('select')) s.value = 'halma-ab-50ms';
  `);
  assert.deepEqual(page.value('seats()'), ['halma-ab-50ms', 'halma-ab-50ms', 'halma-ab-50ms']);
  page.run(`pick('tictactoe');`);
  assert.deepEqual(page.value('seats()'), [defaults.tictactoe, defaults.tictactoe]);
});

test('a person, or a level the new game also has, stays in its seat', async () => {
  const page = await loadPage();
  page.run(SETUP);
  page.run(`pick('tictactoe'); $('seat-0').value = 'random'; $('seat-1').value = 'human';`);
  page.run(`pick('connect4');`);
  assert.deepEqual(page.value('seats()'), ['random', 'human']);
});
