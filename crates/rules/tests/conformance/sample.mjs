// Samples @dice-roller/rpg-dice-roller for the conformance suite (crates/rules/tests/conformance.rs).
// Usage: node sample.mjs NODE_MODULES ROLLS SEED < expressions (one per line)
// Prints one JSON object per line: {"expr", "error"} when rpg-dice-roller refuses the notation, else
// {"expr", "counts": {"<total>": n, ...}} over ROLLS rolls, its generator a Mersenne Twister seeded with SEED
// (each expression reseeded, so a line's sample does not depend on the lines before it).
import { createRequire } from 'module';
import { readFileSync } from 'fs';
const [modules, rolls, seed] = process.argv.slice(2);
const require = createRequire(modules + '/');
const { DiceRoll, NumberGenerator } = require('@dice-roller/rpg-dice-roller');

for (const expr of readFileSync(0, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean)) {
  NumberGenerator.generator.engine = NumberGenerator.engines.MersenneTwister19937.seed(Number(seed));
  let first;
  try {
    first = new DiceRoll(expr);
  } catch (e) {
    console.log(JSON.stringify({ expr, error: String(e.message || e) }));
    continue;
  }
  const counts = {};
  counts[first.total] = 1;
  for (let i = 1; i < Number(rolls); i++) {
    const t = new DiceRoll(expr).total;
    counts[t] = (counts[t] || 0) + 1;
  }
  console.log(JSON.stringify({ expr, counts }));
}
