// The Analyse button: the server judges every move of the game so far, and the page shows
// each verdict and a summary per seat. With the game's exact analyst (Connect Four's solver
// on 7x6) each move shows the exact score it threw away; where a search stands in, the note
// says which and why.
'use strict';

function clearAnalysis() {
  $('analysis').replaceChildren();
  $('analysis-graph').replaceChildren();
  ui.analysed = null;
}

// Asks the server to judge every move from the game's start to now and shows the verdicts.
async function analyse() {
  if (!ui.view) return;
  const id = ui.view.id;
  const box = $('analysis');
  box.textContent = 'analysing…';
  $('analyse').disabled = true;
  try {
    const a = await api('POST', `/games/${id}/analysis`, {});
    // A new game since the button was pressed makes the answer moot.
    if (!ui.view || ui.view.id !== id) return;
    showAnalysis(a);
    drawGraph(a, id);
  } catch (e) {
    box.textContent = '';
    showError(e.message);
  } finally {
    $('analyse').disabled = false;
  }
}

// A verdict in words: a changed outcome says from what to what.
function verdictText(m) {
  const changed = m.outcome_before && m.outcome_after && m.outcome_before !== m.outcome_after;
  return changed ? `${m.verdict} (${m.outcome_before} → ${m.outcome_after})` : m.verdict;
}

// What judged the analysis, in a sentence: exactly (each move's loss is the exact score it
// threw away), or a search, and why when it stands in for the game's exact analyst.
function analysisNote(a) {
  const judged = `${counted(a.moves.length, 'move', 'moves')} judged`;
  const limit = `up to ${a.time_per_position_ms} ms a position`;
  if (a.scale === 'exact') {
    const unjudged = a.moves.filter((m) => m.verdict === '-').length;
    const missed = unjudged ? ` (${unjudged} not judged: no exact score in time)` : '';
    return `${judged} exactly by ${a.agent}, ${limit}${missed}; "lost" is the score each move threw away`;
  }
  const search = `${judged} by ${a.agent}, ${a.time_per_position_ms} ms a position`;
  return a.fallback ? `${search}: a search, not exact, since ${a.fallback}` : search;
}

// `n` and its noun, singular for one: 1 blunder, 2 blunders.
const counted = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// A score in the table: '–' for none.
const scoreText = (v) => (v === null || v === undefined ? '–' : String(Math.round(v * 1000) / 1000));

function showAnalysis(a) {
  const note = document.createElement('p');
  note.id = 'analysis-note';
  note.textContent = analysisNote(a);
  if (a.fallback) note.className = 'fallback';
  const exact = a.scale === 'exact';
  const table = document.createElement('table');
  table.id = 'analysis-table';
  const row = (cells, tag) => {
    const tr = document.createElement('tr');
    for (const text of cells) {
      const cell = document.createElement(tag);
      cell.textContent = text;
      tr.append(cell);
    }
    return tr;
  };
  table.append(row(['ply', 'seat', 'move', 'best', ...(exact ? ['lost'] : []), 'verdict'], 'th'));
  for (const m of a.moves) {
    const lost = exact ? [scoreText(m.loss)] : [];
    const tr = row([String(m.ply), m.seat_name, m.move, m.best ?? '-', ...lost, verdictText(m)], 'td');
    tr.className = 'verdict-' + m.verdict;
    // A row, like the graph's point, goes to the position its move led to.
    tr.addEventListener('click', () => goToPly(m.ply));
    if (exact) tr.title = `score before ${scoreText(m.before)}, after ${scoreText(m.after)}`;
    table.append(tr);
  }
  const summary = document.createElement('ul');
  summary.className = 'analysis-summary';
  for (const s of a.summary) {
    const li = document.createElement('li');
    li.textContent = `${s.seat_name}: ${s.best} best, ${counted(s.inaccuracies, 'inaccuracy', 'inaccuracies')}, `
      + `${counted(s.mistakes, 'mistake', 'mistakes')}, ${counted(s.blunders, 'blunder', 'blunders')}`;
    summary.append(li);
  }
  $('analysis').replaceChildren(note, table, summary);
}

function wireAnalysis() {
  $('analyse').addEventListener('click', analyse);
}
