/** The widget's stylesheet with comments and the spaces no rule needs taken out. */
export function minifyCss(css: string): string;
