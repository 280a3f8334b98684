// Mutates one source file in memory (SPEC_RULE_MUTATION): nothing is written, so npm test's other steps never see it.
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
