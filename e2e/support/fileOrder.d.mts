import { BaseSequencer, type TestSpecification } from 'vitest/node';

export declare const E2E_FILE_SECONDS: Readonly<Record<string, number>>;

export declare class LongestBrowserFilesFirst extends BaseSequencer {
  sort(files: TestSpecification[]): Promise<TestSpecification[]>;
}
