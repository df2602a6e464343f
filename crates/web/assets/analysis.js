// The Analyse button: the server judges every move of the game so far, and the page shows
// each verdict and a summary per seat.
'use strict';

function clearAnalysis() {
  $('analysis').replaceChildren();
}

// Asks the server to judge every move from the game's start to now and shows the verdicts.
async function analyse() {
  if (!ui.view) return;
  const box = $('analysis');
  box.textContent = 'analysing…';
  $('analyse').disabled = true;
  try {
    showAnalysis(await api('POST', `/games/${ui.view.id}/analysis`, {}));
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

function showAnalysis(a) {
  const note = document.createElement('p');
  note.textContent = `${a.moves.length} moves judged by ${a.agent}, ${a.time_per_position_ms} ms a position`;
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
  table.append(row(['ply', 'seat', 'move', 'best', 'verdict'], 'th'));
  for (const m of a.moves) {
    const tr = row([String(m.ply), m.seat_name, m.move, m.best ?? '-', verdictText(m)], 'td');
    tr.className = 'verdict-' + m.verdict;
    table.append(tr);
  }
  const summary = document.createElement('ul');
  summary.className = 'analysis-summary';
  for (const s of a.summary) {
    const li = document.createElement('li');
    li.textContent = `${s.seat_name}: ${s.best} best, ${s.inaccuracies} inaccuracies, ${s.mistakes} mistakes, ${s.blunders} blunders`;
    summary.append(li);
  }
  $('analysis').replaceChildren(note, table, summary);
}

function wireAnalysis() {
  $('analyse').addEventListener('click', analyse);
}
