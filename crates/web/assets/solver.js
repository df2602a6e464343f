// The solver view: with the toggle on, a game that has an exact analyst (GET /api/games:
// has_solver_view) shows every legal move's score for the player to move. The line under
// the board says what the solver is doing; the scores are listed there too, unless the
// game's drawing shows them on the board (its module's `showsSolverScores`: Connect Four's
// strip above the columns).
//
// A position the solver does not finish within the server's cap is never given up: each
// answer shows what is proven so far (each move's bounds: who wins, first), and the page
// asks again at once, the server's solver going on from the table it kept, until the scores
// are whole or the board moves on.
'use strict';

// Whether the game of view `v` has a solver view (GET /api/games says).
function hasSolverView(v) {
  const info = ui.games.find((g) => g.name === v.game);
  return Boolean(info && info.has_solver_view);
}

// Whether the solver's scores are to be shown for view `v` now.
function solverShown(v) {
  return ui.solverView && hasSolverView(v) && !v.over;
}

const solverKey = (v) => `${v.id}:${v.version}`;

// Asks the server to score the moves of the position on the board, unless it has them (or
// an error); with a request out, the position is asked for when that one comes back. A
// partial answer is asked after again.
function askSolver(v) {
  if (!solverShown(v) || ui.solverAsking) return;
  const key = solverKey(v);
  const same = ui.solver.key === key;
  if (same && (ui.solver.error || (ui.solver.answer && ui.solver.answer.complete))) return;
  if (!same) ui.solver = { key, answer: null, error: null, spent: 0 };
  ui.solverAsking = true;
  api('POST', `/games/${v.id}/solver`, {})
    .then((answer) => {
      // An answer to a position the page has left is dropped (the key moved on), and so
      // is one the server made for another version of the game.
      if (ui.solver.key !== key) return;
      if (answer.version !== v.version) {
        ui.solver.error = 'the position changed while the solver thought';
        return;
      }
      ui.solver.spent += answer.time_ms;
      ui.solver.answer = { ...answer, spent_ms: ui.solver.spent };
    })
    .catch((e) => {
      if (ui.solver.key !== key) return;
      // Every search slot busy: the same position is asked for again a little later.
      if (e.kind === 'busy') setTimeout(() => { if (ui.view) render(); }, 500);
      else ui.solver.error = e.message;
    })
    .finally(() => {
      ui.solverAsking = false;
      if (ui.view) render();
    });
}

// What is proven of a move's score, from a solver answer's entry: its exact value, or its
// bounds while the solver goes on.
function solverBounds(m) {
  if (m.value !== null && m.value !== undefined) return { low: m.value, high: m.value };
  return { low: m.low, high: m.high };
}

// The solver's answer for view `v`, or null while it is not in.
function solverAnswer(v) {
  return ui.solver.key === solverKey(v) ? ui.solver.answer : null;
}

// Why the solver has no answer for view `v`, or null.
function solverError(v) {
  return ui.solver.key === solverKey(v) ? ui.solver.error : null;
}

// The line under the board: what the solver view is doing.
function renderSolverNote(v) {
  const toggle = $('solver-toggle');
  const note = $('solver-note');
  toggle.hidden = !hasSolverView(v);
  $('solver-view').checked = ui.solverView;
  note.hidden = !(ui.solverView && hasSolverView(v));
  if (note.hidden) return;
  const answer = solverAnswer(v);
  const error = solverError(v);
  if (v.over) {
    note.textContent = 'solver: the game is over';
  } else if (error) {
    note.textContent = 'solver: ' + error;
  } else if (!answer) {
    note.textContent = 'solver: thinking…';
  } else if (!answer.complete) {
    const exact = answer.moves.filter((m) => m.value !== null).length;
    note.textContent = `solver: still solving (${Math.round(answer.spent_ms)} ms so far; ${answer.reason}): `
      + `${exact} of ${answer.moves.length} moves exact so far`;
    const drawing = drawingFor(v);
    if (!(drawing && drawing.showsSolverScores)) {
      note.textContent += ': ' + answer.moves.map((m) => {
        const b = solverBounds(m);
        return b.low === b.high ? `${m.move} ${b.low}` : `${m.move} ${b.low}..${b.high}`;
      }).join(', ');
    }
  } else {
    const scored = answer.moves.length;
    let text = `solver: ${scored} move${scored === 1 ? '' : 's'} scored in ${Math.round(answer.spent_ms)} ms (${answer.agent})`;
    const drawing = drawingFor(v);
    if (!(drawing && drawing.showsSolverScores)) {
      text += ': ' + answer.moves.map((m) => `${m.move} ${m.value}`).join(', ');
    }
    note.textContent = text;
  }
}

function wireSolverView() {
  $('solver-view').addEventListener('change', () => {
    ui.solverView = $('solver-view').checked;
    if (ui.view) render();
  });
}
