export declare const preactAliases: Array<{ find: RegExp; replacement: string }>;
