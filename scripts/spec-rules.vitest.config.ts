// The repository's vitest config with one source file read mutated, in memory: the rule mutation
// run (scripts/spec-rules.mjs) names the file, the text to find and its replacement in
// SPEC_RULE_MUTATION. Nothing is written to the tree, so npm test's other steps, which read the
// same sources at the same time, never see the change.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { mergeConfig, type Plugin } from 'vitest/config';
import base from '../vitest.config';

interface Mutation { file: string; find: string; replace: string }

function mutatedSource(mutation: Mutation): Plugin {
  const file = resolve(mutation.file);
  return {
    name: 'spec-rule-mutation',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== file) return null;
      const text = readFileSync(file, 'utf8');
      if (text.split(mutation.find).length !== 2) throw new Error(`${mutation.file}: the text to mutate is not there exactly once`);
      return text.replace(mutation.find, () => mutation.replace);
    },
  };
}

const mutation = JSON.parse(process.env['SPEC_RULE_MUTATION'] || 'null') as Mutation | null;
export default mutation ? mergeConfig(base, { plugins: [mutatedSource(mutation)] }) : base;
