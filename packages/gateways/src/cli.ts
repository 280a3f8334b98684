import { formatResults, runContract } from './kit/runContract';

const USAGE = 'usage: pasarela-gateways contract <module>   (an ES module: export default the gateways, export const contract the test inputs)';

export async function main(argv: readonly string[], print: (text: string) => void = console.log): Promise<number> {
  const [command, path] = argv;
  if (command !== 'contract' || !path) {
    print(USAGE);
    return 2;
  }
  const results = await runContract(path);
  print(formatResults(results));
  const broken = results.filter((r) => r.result === 'failed');
  if (broken.length) print(`\nbroken: ${broken.map((r) => r.rule).join('; ')}`);
  return broken.length ? 1 : 0;
}
