// Starting anywhere: a link that names a game and a position (the page keeps its own URL
// on the position on the board, so it can be shared), and a position or a game record
// pasted into the Load box or read from a file.
'use strict';

// The page's URL holds the game, its settings and the current position, so a link opens
// that position: #game=connect4&height=5&position=4453 (the position in the game's text
// form, as the view's `text` gives it).
function locationHash(v) {
  const params = new URLSearchParams();
  params.set('game', v.game);
  for (const [key, value] of Object.entries(v.settings || {})) params.set(key, value);
  params.set('position', v.text);
  if (ui.solverView && hasSolverView(v)) params.set('solver', '1');
  return '#' + params.toString();
}

// Keeps the URL on the current position (replacing the history entry: moves are not pages).
function syncLocation() {
  if (!ui.view || typeof history === 'undefined') return;
  const hash = locationHash(ui.view);
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

// The create request a hash asks for, or null when it names no game.
function requestFromHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const game = params.get('game');
  if (!game) return null;
  const request = { game, variant: {} };
  for (const [key, value] of params) {
    if (key === 'position') {
      if (value !== '') request.position = value;
    } else if (key !== 'game' && key !== 'solver') {
      request.variant[key] = value;
    }
  }
  return request;
}

// Starts the game the URL names; true when it did, the error's message when it could not,
// false when the URL names none.
async function startFromLocation() {
  if (typeof location === 'undefined') return false;
  const request = requestFromHash(location.hash);
  if (request) ui.solverView = solverFromHash(location.hash);
  return request ? startFrom(request) : false;
}

// Whether a link asks for the solver view (solver=1 beside the game and position).
function solverFromHash(hash) {
  return new URLSearchParams(hash.replace(/^#/, '')).get('solver') === '1';
}

// Starts a game from a create request (a position or a record), shows its game and settings
// in the menus, and plays on with the seats as they are set. True, or the error's message.
async function startFrom(request) {
  ui.generation++;
  ui.thinking = false;
  ui.selected = null;
  showError('');
  let view;
  try {
    view = await api('POST', '/games', request);
  } catch (e) {
    showError(e.message);
    return e.message;
  }
  showMenusFor(view);
  ui.view = view;
  ui.seats = [...$('seats').querySelectorAll('select')].map((s) => s.value);
  clearEngineInfo();
  clearAnalysis();
  render();
  step();
  return true;
}

// Sets the game and variant menus to a game's (a setting at its default shows the default).
function showMenusFor(v) {
  if ($('game').value !== v.game) {
    $('game').value = v.game;
    fillVariants();
  }
  const info = gameInfo();
  for (const select of document.querySelectorAll('[data-variant]')) {
    const key = select.dataset.variant;
    const given = (v.settings || {})[key];
    const param = info.variants.find((p) => p.key === key);
    let wanted = given !== undefined ? String(given) : '';
    if (given === undefined && param && param.default !== null && hasOption(select, String(param.default))) {
      wanted = String(param.default);
    }
    if (!hasOption(select, wanted)) {
      const option = document.createElement('option');
      option.value = wanted;
      option.textContent = wanted;
      select.append(option);
    }
    select.value = wanted;
  }
  fillSeats();
}

// The text box's contents: a record (it starts with a tag such as [Game "connect4"]; its
// Game tag names the game) or a position of the game and variant the menus show.
async function loadText() {
  const text = $('load-text').value.trim();
  if (!text) {
    showError('paste a position or a game record into the box, or choose a record file');
    return;
  }
  let request;
  if (/^\[[A-Za-z0-9_]/.test(text)) {
    const tag = text.match(/^\s*\[Game\s+"([^"]*)"\]/m);
    request = { game: tag ? tag[1] : $('game').value, record: text };
  } else {
    request = { game: $('game').value, variant: variantRequest(), position: text };
  }
  await startFrom(request);
}

async function loadFile() {
  const file = $('load-file').files[0];
  if (!file) return;
  $('load-text').value = await file.text();
  $('load-file').value = '';
  await loadText();
}

function wireStartControls() {
  $('load').addEventListener('click', loadText);
  $('load-file').addEventListener('change', loadFile);
  window.addEventListener('hashchange', async () => {
    // Our own replaceState fires no hashchange: this is a link pasted or followed.
    const request = requestFromHash(location.hash);
    if (request && !(ui.view && location.hash === locationHash(ui.view))) {
      ui.solverView = solverFromHash(location.hash);
      await startFrom(request);
    }
  });
}
