// docs/changelog.md: within a version, new fields, event types and enum values may come. So what the
// server sends (answers and webhook bodies) is described open: no `additionalProperties: false`,
// and each string enum lists the known values while allowing others; what a client sends stays strict.

type Node = unknown;

function openNode(node: Node): Node {
  if (Array.isArray(node)) return node.map(openNode);
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node as Record<string, unknown>).filter(([k, v]) => !(k === 'additionalProperties' && v === false));
  const opened = Object.fromEntries(entries.map(([k, v]) => [k, k === 'enum' ? v : openNode(v)]));
  const type = opened['type'];
  const isString = type === 'string' || (Array.isArray(type) && type.includes('string'));
  if (!Array.isArray(opened['enum']) || !isString) return opened;
  const { description, ...known } = opened;
  return { anyOf: [known, { type: 'string', description: 'A value added later (docs/changelog.md): keep or ignore it' }], ...(description === undefined ? {} : { description }) };
}

/** The schema names the document's own calls take as request bodies (the webhooks' bodies are the server's). */
function requestSchemaNames(paths: Record<string, Record<string, unknown>>): Set<string> {
  const names = new Set<string>();
  for (const operations of Object.values(paths)) {
    for (const op of Object.values(operations)) {
      const content = (op as { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }).requestBody?.content ?? {};
      for (const media of Object.values(content)) {
        const name = media.schema?.$ref?.split('/').at(-1);
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** The document with every schema the server sends opened (see above). */
export function withOpenAnswers<D extends { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } }>(doc: D): D {
  const requests = requestSchemaNames(doc.paths);
  const schemas = Object.fromEntries(Object.entries(doc.components.schemas).map(([name, schema]) => [name, requests.has(name) ? schema : openNode(schema)]));
  return { ...doc, components: { ...doc.components, schemas } };
}
