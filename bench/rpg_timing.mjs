// Times @dice-roller/rpg-dice-roller rolls (parse + roll, as one `new DiceRoll(notation)`) for the third
// column of expressions.tsv, in this one process: warm-up 2000 rolls, then batches of 100 rolls for about 1 s (the fastest batch counts).
// Prints one JSON object per line: {"expr", "rolls_per_sec", "sample"}.
import { createRequire } from 'module';
import { readFileSync } from 'fs';
const require = createRequire(process.argv[2] + '/');
const { DiceRoll } = require('@dice-roller/rpg-dice-roller');

const lines = readFileSync(0, 'utf8').split('\n');
for (const line of lines) {
  const cols = line.split('\t');
  if (cols.length < 3 || line.startsWith('//')) continue;
  const [expr, , notation] = cols.map((c) => c.trim());
  let sample;
  try {
    for (let i = 0; i < 2000; i++) sample = new DiceRoll(notation).total;
  } catch (e) {
    console.log(JSON.stringify({ expr, error: String(e) }));
    continue;
  }
  // Batches of 100 rolls for about 1 s; the fastest batch counts (the one least disturbed by other processes).
  let best = 0;
  const start = process.hrtime.bigint();
  let rolled = 0;
  while (process.hrtime.bigint() - start < 1_000_000_000n || rolled < 1000) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < 100; i++) sample = new DiceRoll(notation).total;
    rolled += 100;
    best = Math.max(best, 100 / (Number(process.hrtime.bigint() - t) / 1e9));
  }
  const rolls_per_sec = best;
  console.log(JSON.stringify({ expr, notation, rolls_per_sec, sample }));
}
