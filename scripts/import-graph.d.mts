/** Each source file of `dir` (absolute) with the source files of `dir` it imports. */
export function importGraph(dir: string): Map<string, string[]>;
/** The strongly connected groups of more than one file, as paths relative to `dir`. */
export function importCircles(dir: string): string[][];
/**
 * What breaks `order` (the rooms of `dir`, top to bottom): each import into a room at or above the
 * importer's, each room the order leaves out, each name in it that is no room.
 */
export function layerOrderBreaks(dir: string, order: readonly string[]): string[];
/** The rooms of `dir` in an order their imports allow, top first; the rooms in an import circle under `circle`. */
export function derivedLayerOrder(dir: string, named?: readonly string[]): { order: string[]; circle: string[] };
