// Times @dice-roller/rpg-dice-roller rolls (parse + roll, as one `new DiceRoll(notation)`) for the third
// column of expressions.tsv, in this one process: warm-up 2000 rolls, then rolls for about 300 ms.
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
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0n;
  while (elapsed < 300_000_000n || n < 100) {
    for (let i = 0; i < 100; i++) sample = new DiceRoll(notation).total;
    n += 100;
    elapsed = process.hrtime.bigint() - start;
  }
  console.log(JSON.stringify({ expr, notation, rolls_per_sec: n / (Number(elapsed) / 1e9), sample }));
}
