/** Each source file of `dir` (absolute) with the source files of `dir` it imports. */
export function importGraph(dir: string): Map<string, string[]>;
/** The strongly connected groups of more than one file, as paths relative to `dir`. */
export function importCircles(dir: string): string[][];
